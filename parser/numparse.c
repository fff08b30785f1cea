/* numparse.c - fast decimal number parser for counter logs.
 *
 * Digits go into a uint64 mantissa (at most 19 significant digits; further digits only adjust
 * the exponent) plus a decimal exponent. Then:
 *   1. exact (Clinger) fast path: mantissa <= 2^53 and |exponent| <= 22 -> one correctly
 *      rounded double multiplication or division;
 *   2. long double fast path (x87 80-bit, 64-bit mantissa): mantissa and 10^k (k <= 27) are
 *      exact in long double, the product/quotient is rounded once to 64 bits and then to 53:
 *      the result is within 1 ulp (almost always correctly rounded);
 *   3. anything else (huge exponents, very long text) goes to strtod in the C locale.
 */
#include "numparse_internal.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ps_model.h"

static const double pow10_d[23] = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

#if LDBL_MANT_DIG >= 64
#define HAVE_LD64 1
static const long double pow10_ld[28] = {
    1e0L, 1e1L, 1e2L, 1e3L, 1e4L, 1e5L, 1e6L, 1e7L, 1e8L, 1e9L, 1e10L, 1e11L, 1e12L, 1e13L,
    1e14L, 1e15L, 1e16L, 1e17L, 1e18L, 1e19L, 1e20L, 1e21L, 1e22L, 1e23L, 1e24L, 1e25L,
    1e26L, 1e27L,
};
#else
#define HAVE_LD64 0
#endif

/* strtod on a bounded copy (C locale decimal point; the program never calls setlocale for
 * LC_NUMERIC, and dec ',' is mapped to '.'). */
static int slow_parse(const char *s, size_t len, char dec, double *out)
{
    char tmp[128];
    if (len >= sizeof tmp)
        return -1;
    memcpy(tmp, s, len);
    tmp[len] = 0;
    if (dec != '.') {
        char *c = memchr(tmp, dec, len);
        if (c)
            *c = '.';
    }
    return ps_parse_double(tmp, len, out);
}

const char *ps_num_scan(const char *p, const char *end, char dec, double *out)
{
    const char *s = p;
    int neg = 0;
    if (p < end && (*p == '-' || *p == '+')) {
        neg = *p == '-';
        p++;
    }
    uint64_t m = 0;
    int nsig = 0;        /* significant digits stored in m */
    int dropped = 0;     /* significant digits not stored (beyond 19) */
    int ndigits = 0;     /* all mantissa digits seen */
    long e10 = 0;
    while (p < end && (unsigned)(*p - '0') < 10) {
        unsigned d = (unsigned)(*p - '0');
        if (nsig < 19) {
            m = m * 10 + d;
            nsig += (m != 0);
        } else {
            dropped++;
            e10++;
        }
        ndigits++;
        p++;
    }
    if (p < end && *p == dec) {
        p++;
        while (p < end && (unsigned)(*p - '0') < 10) {
            unsigned d = (unsigned)(*p - '0');
            if (nsig < 19) {
                m = m * 10 + d;
                nsig += (m != 0);
                e10--;
            } else {
                dropped++;
            }
            ndigits++;
            p++;
        }
    }
    if (ndigits == 0)
        return NULL;
    if (p < end && (*p == 'e' || *p == 'E')) {
        const char *q = p + 1;
        int eneg = 0;
        if (q < end && (*q == '-' || *q == '+')) {
            eneg = *q == '-';
            q++;
        }
        if (q >= end || (unsigned)(*q - '0') >= 10)
            return NULL;
        long ex = 0;
        while (q < end && (unsigned)(*q - '0') < 10) {
            if (ex < 100000)
                ex = ex * 10 + (*q - '0');
            q++;
        }
        e10 += eneg ? -ex : ex;
        p = q;
    }
    double v;
    if (m == 0) {
        v = 0.0;
    } else if (!dropped && m <= (UINT64_C(1) << 53) && e10 >= -22 && e10 <= 22) {
        v = (double)m;
        v = e10 < 0 ? v / pow10_d[-e10] : v * pow10_d[e10];
#if HAVE_LD64
    } else if (e10 >= -27 && e10 <= 27) {
        long double x = (long double)m;
        x = e10 < 0 ? x / pow10_ld[-e10] : x * pow10_ld[e10];
        v = (double)x;
#endif
    } else {
        if (slow_parse(s + (*s == '-' || *s == '+'), (size_t)(p - s) - (*s == '-' || *s == '+'), dec, &v) != 0)
            return NULL;
    }
    if (!isfinite(v))
        return NULL;
    *out = neg ? -v : v;
    return p;
}

int ps_num_parse(const char *s, size_t len, char dec, double *out)
{
    const char *e = ps_num_scan(s, s + len, dec, out);
    return e && e == s + len ? 0 : -1;
}
