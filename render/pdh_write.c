/* pdh_write.c - relog-compatible PDH-CSV / PDH-TSV writer (see ps_render.h section 4). */
#include "ps_render.h"

#include <math.h>
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

const char *ps_pdh_fmt_value(char *out, size_t n, double v, int digits)
{
    if (!isfinite(v)) {
        snprintf(out, n, " ");
        return out;
    }
    if (v == 0)
        v = 0;   /* -0 -> 0 */
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
