/* numparse_scan.c - fast decimal number scanner for counter logs (ps_num_scan).
 *
 * Fast path (scan_short): "[-]I[.F]" with 1..8 integer and up to 19 fraction digits, no
 * exponent, at least 34 bytes of buffer after the number (inside a line): whole 8-byte words are
 * converted (SWAR), the mantissa stays below 10^19 and Eisel-Lemire rounds it. Anything else,
 * or an undecidable rounding, takes the general path below from the start.
 *
 * General path: digits go into a uint64 mantissa (at most 19 significant digits, gathered 8 at
 * a time; further digits only adjust the exponent) plus a decimal exponent q. Then:
 *   1. Eisel-Lemire exact fast path (|q| <= 27): a 64x128-bit product with a table of powers
 *      of 5 gives the correctly rounded double; with more than 19 digits the result is kept
 *      when mantissa and mantissa + 1 round alike. It refuses the rare undecidable cases.
 *   2. otherwise strtod on a copy (C locale; texts up to 127 characters): exact.
 *   3. longer texts with |q| <= 27: long double (x87, 64-bit mantissa) m * 10^q, one or two
 *      roundings of 2^-64 before the final rounding to double: within 1 ulp.
 * Together these are correctly rounded for everything a counter log holds.
 * The cell parsers and ps_num_parse (numparse.c) use the same digit helpers and Eisel-Lemire
 * step, from numparse_core.h.
 */
#include "numparse_core.h"
#include "numparse.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "ps_model.h"

#if LDBL_MANT_DIG >= 64
#define HAVE_LD64 1
static const long double pow10_ld[28] = {
    1e0L,  1e1L,  1e2L,  1e3L,  1e4L,  1e5L,  1e6L,  1e7L,  1e8L,  1e9L,  1e10L, 1e11L, 1e12L, 1e13L,
    1e14L, 1e15L, 1e16L, 1e17L, 1e18L, 1e19L, 1e20L, 1e21L, 1e22L, 1e23L, 1e24L, 1e25L, 1e26L, 1e27L,
};
/* 10^-k rounded to 64 bits: m * 10^-k has two roundings of 2^-64 relative, far below half an
 * ulp of a double, so the result stays within 1 ulp (a multiplication is much cheaper than a
 * division). */
static const long double pow10_neg_ld[28] = {
    1e-0L,  1e-1L,  1e-2L,  1e-3L,  1e-4L,  1e-5L,  1e-6L,  1e-7L,  1e-8L,  1e-9L,  1e-10L, 1e-11L, 1e-12L, 1e-13L,
    1e-14L, 1e-15L, 1e-16L, 1e-17L, 1e-18L, 1e-19L, 1e-20L, 1e-21L, 1e-22L, 1e-23L, 1e-24L, 1e-25L, 1e-26L, 1e-27L,
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
        if (n < 8) /* move the n digits up and pad the front with '0' */
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

/* Fast path for the shape of nearly every logged value, "[-]I[.F]" with 1..8 integer digits,
 * up to 19 fraction digits and no exponent, when at least 34 bytes of the buffer follow p
 * (the line goes on: whole 8-byte words are loaded without looking for the end first).
 * The digits are gathered in at most four SWAR words; the mantissa must stay below 10^19
 * (exact in a uint64), then Eisel-Lemire rounds it. Returns NULL when the text does not have
 * this shape or the product cannot decide (the general path then takes it from the start). */
static inline __attribute__((always_inline)) const char *scan_short(const char *p, char dec, double *out)
{
    int neg = *p == '-';
    p += neg;
    uint64_t w;
    memcpy(&w, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = __builtin_bswap64(w);
#endif
    unsigned ni = digit_run(w);
    if (ni == 0 || (ni == 8 && (unsigned)(p[8] - '0') < 10))
        return NULL;
    uint64_t m = parse8v(ni == 8 ? w : w << (8 * (8 - ni)) | (UINT64_C(0x3030303030303030) >> (8 * ni)));
    const char *q = p + ni;
    unsigned nf = 0;
    if (*q == dec) {
        const char *f = q + 1;
        uint64_t a, b;
        memcpy(&a, f, 8);
        memcpy(&b, f + 8, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        a = __builtin_bswap64(a);
        b = __builtin_bswap64(b);
#endif
        unsigned na = digit_run(a);
        uint64_t frac;
        if (na < 8) {
            nf = na;
            frac = na ? parse8v(a << (8 * (8 - na)) | (UINT64_C(0x3030303030303030) >> (8 * na))) : 0;
        } else {
            unsigned nb = digit_run(b);
            frac = parse8v(a);
            if (nb < 8) {
                nf = 8 + nb;
                if (nb)
                    frac = frac * pow10_u64[nb] +
                           parse8v(b << (8 * (8 - nb)) | (UINT64_C(0x3030303030303030) >> (8 * nb)));
            } else {
                uint64_t c;
                memcpy(&c, f + 16, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
                c = __builtin_bswap64(c);
#endif
                unsigned nc = digit_run(c);
                if (nc > 3)
                    return NULL;
                nf = 16 + nc;
                frac = frac * 100000000 + parse8v(b);
                if (nc)
                    frac = frac * pow10_u64[nc] +
                           parse8v(c << (8 * (8 - nc)) | (UINT64_C(0x3030303030303030) >> (8 * nc)));
            }
        }
        /* m * 10^nf + frac < 10^19: at most 19 digits in all, or an integer part of zero
         * (then frac alone, below 10^19) */
        if (m != 0 && ni + nf > 19)
            return NULL;
        m = m * pow10_u64_19[nf] + frac;
        q = f + nf;
    }
    if (*q == 'e' || *q == 'E')
        return NULL;
    double v = 0.0;
    if (m != 0) {
        v = eisel_lemire(m, -(int)nf);
        if (v < 0)
            return NULL;
    }
    *out = neg ? -v : v;
    return q;
}

/* The general path (any length, exponents, more than 19 digits, undecided roundings). Kept
 * out of line so that ps_num_scan stays a small function around the fast path. */
static __attribute__((noinline)) const char *scan_general(const char *p, const char *end, char dec, double *out)
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
    while (p < end && *p == '0') /* leading zeros are not significant */
        p++;
    size_t ndigits = (size_t)(p - z) + digits(&p, end, &m, &nsig, &dropped);
    e10 += dropped; /* integer digits beyond 19 scale the value */
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
    double v = -1.0;
    if (m == 0) {
        v = 0.0;
    } else if (e10 >= -27 && e10 <= 27) {
        v = eisel_lemire(m, (int)e10);
        if (dropped && v >= 0 && eisel_lemire(m + 1, (int)e10) != v)
            v = -1.0; /* the dropped digits could change the rounding */
    }
    if (v < 0) { /* rare: undecided, huge exponent */
        if (slow_parse(s, (size_t)(p - s), dec, &v) == 0) {
            v = fabs(v); /* the sign is applied below */
#if HAVE_LD64
        } else if (e10 >= -27 && e10 <= 27) { /* text too long for the strtod copy */
            long double x = (long double)m;
            x = e10 < 0 ? x * pow10_neg_ld[-e10] : x * pow10_ld[e10];
            v = (double)x;
#endif
        } else {
            return NULL;
        }
        if (!isfinite(v))
            return NULL;
    }
    *out = neg ? -v : v;
    return p;
}

const char *ps_num_scan(const char *p, const char *end, char dec, double *out)
{
    if (end - p >= 34) {
        const char *q = scan_short(p, dec, out);
        if (q)
            return q;
    }
    return scan_general(p, end, dec, out);
}
