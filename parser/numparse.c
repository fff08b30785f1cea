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
/* 10^-k rounded to 64 bits: m * 10^-k has two roundings of 2^-64 relative, far below half an
 * ulp of a double, so the result stays within 1 ulp (a multiplication is much cheaper than a
 * division). */
static const long double pow10_neg_ld[28] = {
    1e-0L, 1e-1L, 1e-2L, 1e-3L, 1e-4L, 1e-5L, 1e-6L, 1e-7L, 1e-8L, 1e-9L, 1e-10L, 1e-11L, 1e-12L,
    1e-13L, 1e-14L, 1e-15L, 1e-16L, 1e-17L, 1e-18L, 1e-19L, 1e-20L, 1e-21L, 1e-22L, 1e-23L,
    1e-24L, 1e-25L, 1e-26L, 1e-27L,
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

/* Value of 8 ASCII digits in v (first digit in the low byte). */
static inline uint64_t parse8v(uint64_t v)
{
    v -= UINT64_C(0x3030303030303030);
    v = v * 10 + (v >> 8);
    v = ((v & UINT64_C(0x000000FF000000FF)) * UINT64_C(0x000F424000000064) +
         ((v >> 16) & UINT64_C(0x000000FF000000FF)) * UINT64_C(0x0000271000000001)) >> 32;
    return v;
}

static const uint64_t pow10_u64[9] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};

/* Number of leading ASCII digits (0..8) in the 8 bytes v (first byte in the low bits). */
static inline unsigned digit_run(uint64_t v)
{
    uint64_t t = v ^ UINT64_C(0x3030303030303030);   /* digits -> 0..9, others >= 10 */
    uint64_t nd = (((t & UINT64_C(0x7F7F7F7F7F7F7F7F)) + UINT64_C(0x7676767676767676)) | t) &
                  UINT64_C(0x8080808080808080);
    return nd ? (unsigned)__builtin_ctzll(nd) >> 3 : 8;
}

/* Append digits at *pp to the mantissa: up to 19 significant digits are kept in *m, the
 * rest only counted in *dropped. Returns the number of digits consumed. Up to 8 digits are
 * converted at once (SWAR) while 8 bytes remain before end. */
static inline size_t digits(const char **pp, const char *end, uint64_t *m, int *nsig, int *dropped)
{
    const char *p = *pp, *s = p;
    while (end - p >= 8) {
        uint64_t v;
        memcpy(&v, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        v = __builtin_bswap64(v);
#endif
        unsigned n = digit_run(v);
        if (n == 0 || *nsig + (int)n > 19)
            break;
        if (n < 8)   /* move the n digits up and pad the front with '0' */
            v = v << (8 * (8 - n)) | (UINT64_C(0x3030303030303030) >> (8 * n));
        *m = *m * pow10_u64[n] + parse8v(v);
        *nsig += (int)n;
        p += n;
        if (n < 8) {
            *pp = p;
            return (size_t)(p - s);
        }
    }
    while (p < end && (unsigned)(*p - '0') < 10) {
        if (*nsig < 19) {
            *m = *m * 10 + (unsigned)(*p - '0');
            ++*nsig;
        } else {
            ++*dropped;
        }
        p++;
    }
    *pp = p;
    return (size_t)(p - s);
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
    int nsig = 0, dropped = 0;
    long e10 = 0;
    const char *z = p;
    while (p < end && *p == '0')   /* leading zeros are not significant */
        p++;
    size_t ndigits = (size_t)(p - z) + digits(&p, end, &m, &nsig, &dropped);
    e10 += dropped;   /* integer digits beyond 19 scale the value */
    if (p < end && *p == dec) {
        p++;
        if (nsig == 0) {
            z = p;
            while (p < end && *p == '0')
                p++;
            e10 -= p - z;
            ndigits += (size_t)(p - z);
        }
        int before = nsig;
        ndigits += digits(&p, end, &m, &nsig, &dropped);
        e10 -= nsig - before;
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
        x = e10 < 0 ? x * pow10_neg_ld[-e10] : x * pow10_ld[e10];
        v = (double)x;
#endif
    } else {
        size_t sl = (size_t)(p - s);
        if (slow_parse(s, sl, dec, &v) != 0)
            return NULL;
        v = fabs(v);
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
