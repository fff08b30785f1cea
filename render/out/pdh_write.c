/* pdh_write.c - relog-compatible PDH-CSV / PDH-TSV writer (see ps_render.h section 4). */
#include "ps_render.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

void ps_pdh_style_init(ps_pdh_style *s, enum ps_format fmt)
{
    s->sep = fmt == PS_FMT_TSV ? '\t' : ',';
    s->tag = fmt == PS_FMT_TSV ? "PDH-TSV 4.0" : "PDH-CSV 4.0";
    s->eol = "\r\n";
    s->digits = 17;
}

static void quoted(ps_buf *b, const char *s)
{
    ps_buf_putc(b, '"');
    for (const char *q; (q = strchr(s, '"')); s = q + 1) {
        ps_buf_put(b, s, (size_t)(q - s + 1));
        ps_buf_putc(b, '"');
    }
    ps_buf_puts(b, s);
    ps_buf_putc(b, '"');
}

void ps_pdh_write_header(ps_buf *b, const ps_pdh_style *s, const char *zone, int has_bias, int bias,
                         const char *const *cells, size_t n)
{
    ps_buf_printf(b, "\"(%s)", s->tag);
    if (zone) {
        ps_buf_printf(b, " (%s)", zone);
        if (has_bias)
            ps_buf_printf(b, "(%d)", bias);
    }
    ps_buf_putc(b, '"');
    for (size_t i = 0; i < n; i++) {
        ps_buf_putc(b, s->sep);
        quoted(b, cells[i] ? cells[i] : "");
    }
    ps_buf_puts(b, s->eol);
}

#if LDBL_MANT_DIG >= 64
/* Fast "%.<d>g" for d <= 17: the d significant digits come from one long-double product
 * v * 10^k (10^k exact for k <= 27; one rounding of relative error 2^-64, so the scaled value is
 * within 2^-8 of the true one). When its fraction is near .5 the rounding is not certain and
 * the caller falls back to snprintf, which is exact. Returns 0 when it cannot decide. */
static const long double p10l[] = {1e0L,  1e1L,  1e2L,  1e3L,  1e4L,  1e5L,  1e6L,  1e7L,  1e8L,  1e9L,
                                   1e10L, 1e11L, 1e12L, 1e13L, 1e14L, 1e15L, 1e16L, 1e17L, 1e18L, 1e19L,
                                   1e20L, 1e21L, 1e22L, 1e23L, 1e24L, 1e25L, 1e26L, 1e27L};

/* 1 when long double arithmetic really carries LDBL_MANT_DIG bits at run time: valgrind (and
 * any emulation computing it as double) gives 1 + LDBL_EPSILON == 1; then snprintf is used (F22). */
static int long_double_exact(void)
{
    static int known = -1;
    if (known < 0) {
        volatile long double one = 1, eps = LDBL_EPSILON;
        long double sum = one + eps;
        known = sum > one;
    }
    return known;
}

static int fast_g(char *out, size_t n, double v, int d)
{
    if (d < 1 || d > 17 || n < 32 || v == 0 || !long_double_exact())
        return 0;
    uint64_t lo = 1, hi;
    for (int i = 1; i < d; i++)
        lo *= 10;
    hi = lo * 10;
    double a = fabs(v);
    int e2;
    frexp(a, &e2);   /* a in [2^(e2-1), 2^e2): first guess of the decimal exponent, maybe 1 low */
    int x = (int)floor((e2 - 1) * 0.30102999566398120), tries = 0;
    uint64_t num = 0;
    for (;;) {
        int k = d - 1 - x;
        if (k > 27 || k < -27 || ++tries > 4)
            return 0;
        long double s = k >= 0 ? (long double)a * p10l[k] : (long double)a / p10l[-k];
        if (s >= 1e19L)
            return 0;
        uint64_t ip = (uint64_t)s;   /* truncation: s > 0 */
        long double fr = s - (long double)ip;
        if (fabsl(fr - 0.5L) < 0.01L)   /* error <= 2^-8 (half an ulp of s < 2^57) */
            return 0;
        num = ip + (fr > 0.5L);
        if (num >= hi)
            x++;
        else if (num < lo)
            x--;
        else
            break;
    }
    char dg[20];
    for (int i = d - 1; i >= 0; i--, num /= 10)
        dg[i] = (char)('0' + num % 10);
    int nd = d;
    while (nd > 1 && dg[nd - 1] == '0')   /* %g drops trailing zeros */
        nd--;
    char *p = out;
    if (v < 0)
        *p++ = '-';
    if (x < -4 || x >= d) {   /* exponent form d.ddde+XX */
        *p++ = dg[0];
        if (nd > 1) {
            *p++ = '.';
            memcpy(p, dg + 1, (size_t)nd - 1);
            p += nd - 1;
        }
        *p++ = 'e';
        *p++ = x < 0 ? '-' : '+';
        int ax = x < 0 ? -x : x;
        if (ax >= 100)
            *p++ = (char)('0' + ax / 100);
        *p++ = (char)('0' + ax / 10 % 10);
        *p++ = (char)('0' + ax % 10);
    } else if (x >= 0) {      /* ddd.ddd */
        int ip = x + 1;
        for (int i = 0; i < ip; i++)
            *p++ = i < nd ? dg[i] : '0';
        if (nd > ip) {
            *p++ = '.';
            memcpy(p, dg + ip, (size_t)(nd - ip));
            p += nd - ip;
        }
    } else {                  /* 0.000ddd */
        *p++ = '0';
        *p++ = '.';
        for (int i = 0; i < -x - 1; i++)
            *p++ = '0';
        memcpy(p, dg, (size_t)nd);
        p += nd;
    }
    *p = 0;
    return 1;
}
#else
static int fast_g(char *out, size_t n, double v, int d)
{
    (void)out, (void)n, (void)v, (void)d;
    return 0;
}
#endif

const char *ps_pdh_fmt_value(char *out, size_t n, double v, int digits)
{
    if (!isfinite(v)) {
        snprintf(out, n, " ");
        return out;
    }
    if (v == 0)
        v = 0;   /* -0 -> 0 */
    if (fast_g(out, n, v, digits))
        return out;
    snprintf(out, n, "%.*g", digits > 0 && digits <= 40 ? digits : 17, v);
    for (char *p = out; *p; p++)   /* a locale's decimal comma, should one be active */
        if (*p == ',')
            *p = '.';
    return out;
}

void ps_pdh_write_row(ps_buf *b, const ps_pdh_style *s, ps_time local, const double *v, size_t n)
{
    char t[40], num[64];
    ps_buf_putc(b, '"');
    ps_buf_puts(b, ps_time_format_pdh(t, sizeof t, local));
    ps_buf_putc(b, '"');
    for (size_t i = 0; i < n; i++) {
        ps_buf_putc(b, s->sep);
        ps_buf_putc(b, '"');
        ps_buf_puts(b, ps_pdh_fmt_value(num, sizeof num, v[i], s->digits));
        ps_buf_putc(b, '"');
    }
    ps_buf_puts(b, s->eol);
}
