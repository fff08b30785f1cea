/* numparse.c - fast decimal number parser for counter logs.
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
 */
#include "numparse_internal.h"
#include "ps_cpu.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ps_model.h"

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

/* 128-bit approximations of 5^q, q = -27..27, normalised so that bit 127 is set (q < 0:
 * floor(2^b / 5^-q) + 1), generated with Python's exact integers as in fast_float. */
static const uint64_t pow5_128[55][2] = {
    {UINT64_C(0x9E74D1B791E07E48), UINT64_C(0x775EA264CF55347E)}, /* -27 */
    {UINT64_C(0xC612062576589DDA), UINT64_C(0x95364AFE032A819E)}, /* -26 */
    {UINT64_C(0xF79687AED3EEC551), UINT64_C(0x3A83DDBD83F52205)}, /* -25 */
    {UINT64_C(0x9ABE14CD44753B52), UINT64_C(0xC4926A9672793543)}, /* -24 */
    {UINT64_C(0xC16D9A0095928A27), UINT64_C(0x75B7053C0F178294)}, /* -23 */
    {UINT64_C(0xF1C90080BAF72CB1), UINT64_C(0x5324C68B12DD6339)}, /* -22 */
    {UINT64_C(0x971DA05074DA7BEE), UINT64_C(0xD3F6FC16EBCA5E04)}, /* -21 */
    {UINT64_C(0xBCE5086492111AEA), UINT64_C(0x88F4BB1CA6BCF585)}, /* -20 */
    {UINT64_C(0xEC1E4A7DB69561A5), UINT64_C(0x2B31E9E3D06C32E6)}, /* -19 */
    {UINT64_C(0x9392EE8E921D5D07), UINT64_C(0x3AFF322E62439FD0)}, /* -18 */
    {UINT64_C(0xB877AA3236A4B449), UINT64_C(0x09BEFEB9FAD487C3)}, /* -17 */
    {UINT64_C(0xE69594BEC44DE15B), UINT64_C(0x4C2EBE687989A9B4)}, /* -16 */
    {UINT64_C(0x901D7CF73AB0ACD9), UINT64_C(0x0F9D37014BF60A11)}, /* -15 */
    {UINT64_C(0xB424DC35095CD80F), UINT64_C(0x538484C19EF38C95)}, /* -14 */
    {UINT64_C(0xE12E13424BB40E13), UINT64_C(0x2865A5F206B06FBA)}, /* -13 */
    {UINT64_C(0x8CBCCC096F5088CB), UINT64_C(0xF93F87B7442E45D4)}, /* -12 */
    {UINT64_C(0xAFEBFF0BCB24AAFE), UINT64_C(0xF78F69A51539D749)}, /* -11 */
    {UINT64_C(0xDBE6FECEBDEDD5BE), UINT64_C(0xB573440E5A884D1C)}, /* -10 */
    {UINT64_C(0x89705F4136B4A597), UINT64_C(0x31680A88F8953031)}, /* -9 */
    {UINT64_C(0xABCC77118461CEFC), UINT64_C(0xFDC20D2B36BA7C3E)}, /* -8 */
    {UINT64_C(0xD6BF94D5E57A42BC), UINT64_C(0x3D32907604691B4D)}, /* -7 */
    {UINT64_C(0x8637BD05AF6C69B5), UINT64_C(0xA63F9A49C2C1B110)}, /* -6 */
    {UINT64_C(0xA7C5AC471B478423), UINT64_C(0x0FCF80DC33721D54)}, /* -5 */
    {UINT64_C(0xD1B71758E219652B), UINT64_C(0xD3C36113404EA4A9)}, /* -4 */
    {UINT64_C(0x83126E978D4FDF3B), UINT64_C(0x645A1CAC083126EA)}, /* -3 */
    {UINT64_C(0xA3D70A3D70A3D70A), UINT64_C(0x3D70A3D70A3D70A4)}, /* -2 */
    {UINT64_C(0xCCCCCCCCCCCCCCCC), UINT64_C(0xCCCCCCCCCCCCCCCD)}, /* -1 */
    {UINT64_C(0x8000000000000000), UINT64_C(0x0000000000000000)}, /* 0 */
    {UINT64_C(0xA000000000000000), UINT64_C(0x0000000000000000)}, /* 1 */
    {UINT64_C(0xC800000000000000), UINT64_C(0x0000000000000000)}, /* 2 */
    {UINT64_C(0xFA00000000000000), UINT64_C(0x0000000000000000)}, /* 3 */
    {UINT64_C(0x9C40000000000000), UINT64_C(0x0000000000000000)}, /* 4 */
    {UINT64_C(0xC350000000000000), UINT64_C(0x0000000000000000)}, /* 5 */
    {UINT64_C(0xF424000000000000), UINT64_C(0x0000000000000000)}, /* 6 */
    {UINT64_C(0x9896800000000000), UINT64_C(0x0000000000000000)}, /* 7 */
    {UINT64_C(0xBEBC200000000000), UINT64_C(0x0000000000000000)}, /* 8 */
    {UINT64_C(0xEE6B280000000000), UINT64_C(0x0000000000000000)}, /* 9 */
    {UINT64_C(0x9502F90000000000), UINT64_C(0x0000000000000000)}, /* 10 */
    {UINT64_C(0xBA43B74000000000), UINT64_C(0x0000000000000000)}, /* 11 */
    {UINT64_C(0xE8D4A51000000000), UINT64_C(0x0000000000000000)}, /* 12 */
    {UINT64_C(0x9184E72A00000000), UINT64_C(0x0000000000000000)}, /* 13 */
    {UINT64_C(0xB5E620F480000000), UINT64_C(0x0000000000000000)}, /* 14 */
    {UINT64_C(0xE35FA931A0000000), UINT64_C(0x0000000000000000)}, /* 15 */
    {UINT64_C(0x8E1BC9BF04000000), UINT64_C(0x0000000000000000)}, /* 16 */
    {UINT64_C(0xB1A2BC2EC5000000), UINT64_C(0x0000000000000000)}, /* 17 */
    {UINT64_C(0xDE0B6B3A76400000), UINT64_C(0x0000000000000000)}, /* 18 */
    {UINT64_C(0x8AC7230489E80000), UINT64_C(0x0000000000000000)}, /* 19 */
    {UINT64_C(0xAD78EBC5AC620000), UINT64_C(0x0000000000000000)}, /* 20 */
    {UINT64_C(0xD8D726B7177A8000), UINT64_C(0x0000000000000000)}, /* 21 */
    {UINT64_C(0x878678326EAC9000), UINT64_C(0x0000000000000000)}, /* 22 */
    {UINT64_C(0xA968163F0A57B400), UINT64_C(0x0000000000000000)}, /* 23 */
    {UINT64_C(0xD3C21BCECCEDA100), UINT64_C(0x0000000000000000)}, /* 24 */
    {UINT64_C(0x84595161401484A0), UINT64_C(0x0000000000000000)}, /* 25 */
    {UINT64_C(0xA56FA5B99019A5C8), UINT64_C(0x0000000000000000)}, /* 26 */
    {UINT64_C(0xCECB8F27F4200F3A), UINT64_C(0x0000000000000000)}, /* 27 */
};

/* Eisel-Lemire: the correctly rounded double nearest to m * 10^q for m != 0 and q in
 * [-27, 27] (results are positive normal doubles in that range). Returns -1.0 in the rare
 * cases the product cannot decide the rounding. */
static inline double eisel_lemire(uint64_t m, int q)
{
    const uint64_t *t = pow5_128[q + 27];
    int lz = __builtin_clzll(m);
    m <<= lz;
    __uint128_t p = (__uint128_t)m * t[0];
    uint64_t hi = (uint64_t)(p >> 64), lo = (uint64_t)p;
    if ((hi & 0x1FF) == 0x1FF) {   /* the low 64 bits of 5^q may carry into the kept bits */
        uint64_t h2 = (uint64_t)(((__uint128_t)m * t[1]) >> 64);
        lo += h2;
        if (h2 > lo)
            hi++;
        if ((hi & 0x1FF) == 0x1FF && lo == UINT64_MAX)
            return -1.0;
    }
    int upper = (int)(hi >> 63), shift = upper + 9;
    uint64_t mant = hi >> shift;
    int power2 = ((217706 * q) >> 16) + 63 + upper - lz + 1023;
    /* exactly halfway: round to even instead of up (only possible when 5^q is exact) */
    if (lo <= 1 && q >= -4 && q <= 23 && (mant & 3) == 1 && (mant << shift) == hi)
        mant &= ~UINT64_C(1);
    mant += mant & 1;
    mant >>= 1;
    if (mant >= UINT64_C(2) << 52) {
        mant = UINT64_C(1) << 52;
        power2++;
    }
    if (power2 <= 0 || power2 >= 2047)
        return -1.0;
    uint64_t bits = (mant & ~(UINT64_C(1) << 52)) | (uint64_t)power2 << 52;
    double d;
    memcpy(&d, &bits, 8);
    return d;
}

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
static const uint64_t pow10_u64_19[20] = {
    UINT64_C(1), UINT64_C(10), UINT64_C(100), UINT64_C(1000), UINT64_C(10000), UINT64_C(100000),
    UINT64_C(1000000), UINT64_C(10000000), UINT64_C(100000000), UINT64_C(1000000000),
    UINT64_C(10000000000), UINT64_C(100000000000), UINT64_C(1000000000000),
    UINT64_C(10000000000000), UINT64_C(100000000000000), UINT64_C(1000000000000000),
    UINT64_C(10000000000000000), UINT64_C(100000000000000000), UINT64_C(1000000000000000000),
    UINT64_C(10000000000000000000),
};

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
    double v = -1.0;
    if (m == 0) {
        v = 0.0;
    } else if (e10 >= -27 && e10 <= 27) {
        v = eisel_lemire(m, (int)e10);
        if (dropped && v >= 0 && eisel_lemire(m + 1, (int)e10) != v)
            v = -1.0;   /* the dropped digits could change the rounding */
    }
    if (v < 0) {   /* rare: undecided, huge exponent */
        if (slow_parse(s, (size_t)(p - s), dec, &v) == 0) {
            v = fabs(v);   /* the sign is applied below */
#if HAVE_LD64
        } else if (e10 >= -27 && e10 <= 27) {   /* text too long for the strtod copy */
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

static inline uint64_t load8(const char *p)
{
    uint64_t w;
    memcpy(&w, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = __builtin_bswap64(w);
#endif
    return w;
}

/* The first n (0..8) digits of w as an 8-digit word for parse8v: moved to the top, '0' in
 * front. Without branches (masks instead of a shift by 64). */
static inline uint64_t digits_word(uint64_t w, unsigned n)
{
    uint64_t hi = (w << ((8 * (8 - n)) & 63)) & -(uint64_t)(n != 0);
    uint64_t pad = (UINT64_C(0x3030303030303030) >> ((8 * n) & 63)) & -(uint64_t)(n < 8);
    return hi | pad;
}

#if defined(__SSE2__)
#include <emmintrin.h>

/* SSE2 form of ps_num_parse_cell for s[0..len) without sign, 1 <= len <= 28, with the 32 bytes
 * before s + len readable (the window ends at the cell's end). Returns -1 when the text is not
 * "I[.F]" with at least one integer digit, at most 24 digits and at most 19 significant ones. The window is right-aligned on the cell: digits are checked
 * and the separator found with byte compares, the integer digits moved one byte up over the
 * separator (a select between the window and the window shifted by one), the bytes before the
 * number zeroed, and the 32 digit bytes summed in 8-digit groups with pmaddwd. */
static inline int cell_sse2(const char *s, unsigned len, char dec, uint64_t *mant, unsigned *nfrac)
{
    const char *w = s + len - 32;
    const __m128i lo = _mm_loadu_si128((const __m128i *)w), hi = _mm_loadu_si128((const __m128i *)(w + 16));
    const __m128i zero = _mm_setzero_si128(), c0 = _mm_set1_epi8('0'), c9 = _mm_set1_epi8(9);
    const __m128i dl = _mm_sub_epi8(lo, c0), dh = _mm_sub_epi8(hi, c0);
    uint32_t dig = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(dl, c9), c9)) |
                   (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(dh, c9), c9)) << 16;
    const __m128i cd = _mm_set1_epi8(dec);
    uint32_t dots = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(lo, cd)) |
                    (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(hi, cd)) << 16;
    uint32_t text = UINT32_MAX << (32 - len);
    dots &= text;
    if ((dots & (dots - 1)) | (~(dig | dots) & text))
        return -1;   /* two separators, or a byte that is neither digit nor separator */
    int dk = dots ? __builtin_ctz(dots) : -1;   /* window position of the separator */
    unsigned ni = dots ? (unsigned)dk - (32 - len) : len, nf = dots ? 31 - (unsigned)dk : 0;
    unsigned nd = ni + nf;
    if (ni == 0 || nd > 24)   /* groups 8-31 hold at most 24 digits */
        return -1;
    /* integer digits one byte up (over the separator): the window shifted by one, where k <= dk */
    __m128i sl = _mm_slli_si128(dl, 1), sh = _mm_or_si128(_mm_slli_si128(dh, 1), _mm_srli_si128(dl, 15));
    const __m128i iota_l = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m128i iota_h = _mm_add_epi8(iota_l, _mm_set1_epi8(16));
    __m128i kd = _mm_set1_epi8((char)(dk + 1));
    __m128i ml = _mm_cmpgt_epi8(kd, iota_l), mh = _mm_cmpgt_epi8(kd, iota_h);
    __m128i rl = _mm_or_si128(_mm_and_si128(ml, sl), _mm_andnot_si128(ml, dl));
    __m128i rh = _mm_or_si128(_mm_and_si128(mh, sh), _mm_andnot_si128(mh, dh));
    /* the nd digits now end at byte 31; zero everything before them */
    __m128i ks = _mm_set1_epi8((char)(32 - nd));
    rl = _mm_andnot_si128(_mm_cmpgt_epi8(ks, iota_l), rl);
    rh = _mm_andnot_si128(_mm_cmpgt_epi8(ks, iota_h), rh);
    /* 32 digits -> 8-digit groups */
    const __m128i m10 = _mm_set1_epi32(0x0001000A), m100 = _mm_set1_epi32(0x00010064), m1e4 = _mm_set1_epi32(0x00012710);
    __m128i p0 = _mm_madd_epi16(_mm_unpacklo_epi8(rl, zero), m10), p1 = _mm_madd_epi16(_mm_unpackhi_epi8(rl, zero), m10);
    __m128i p2 = _mm_madd_epi16(_mm_unpacklo_epi8(rh, zero), m10), p3 = _mm_madd_epi16(_mm_unpackhi_epi8(rh, zero), m10);
    __m128i q0 = _mm_madd_epi16(_mm_packs_epi32(p0, p1), m100), q1 = _mm_madd_epi16(_mm_packs_epi32(p2, p3), m100);
    __m128i g = _mm_madd_epi16(_mm_packs_epi32(q0, q1), m1e4);   /* groups: digits 0-7, 8-15, 16-23, 24-31 */
    uint64_t g1 = (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(g, 4));
    uint64_t g2 = (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(g, 8));
    uint64_t g3 = (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(g, 12));
    if (g1 >= 1000)
        return -1;   /* more than 19 significant digits: the mantissa could pass 2^64 */
    *mant = (g1 * 100000000 + g2) * 100000000 + g3;
    *nfrac = nf;
    return 0;
}
#endif

/* Cells whose length is known (the caller found the closing quote or separator first, so the
 * next cell does not wait for this one): "[-]I[.F]" with 1..8 integer digits and at most 19
 * fraction digits. The digit counts follow from the length and the position of the decimal
 * separator, so the words are converted without data-dependent branches. */
/* Portable form of the cell fast path: s[0..len) without sign, 1 <= len <= 28, at least 33
 * bytes readable from s. Refuses what cell_sse2 refuses, and also 9 or more integer digits. */
static int cell_swar(const char *s, unsigned len, char dec, uint64_t *mant, unsigned *nfrac)
{
    uint64_t w = load8(s);
    unsigned ni = digit_run(w);
    if (ni == 0 || (ni < len && s[ni] != dec))   /* also 9 or more integer digits */
        return -1;
    uint64_t m = parse8v(digits_word(w, ni));
    unsigned nf = 0;
    if (ni < len) {
        nf = len - ni - 1;
        if (nf > 19 || (m != 0 && ni + nf > 19))
            return -1;
        const char *f = s + ni + 1;
        uint64_t a = load8(f), b = load8(f + 8), c = load8(f + 16);
        unsigned na = nf < 8 ? nf : 8;
        unsigned nb = nf < 8 ? 0 : nf - 8 < 8 ? nf - 8 : 8;
        unsigned nc = nf < 16 ? 0 : nf - 16;
        if ((int)(digit_run(a) < na) | (int)(digit_run(b) < nb) | (int)(digit_run(c) < nc))
            return -1;   /* every byte of the fraction must be a digit */
        m = ((m * pow10_u64_19[na] + parse8v(digits_word(a, na))) * pow10_u64[nb] + parse8v(digits_word(b, nb))) *
                pow10_u64[nc] +
            parse8v(digits_word(c, nc));
    }
    *mant = m;
    *nfrac = nf;
    return 0;
}

/* 10^-f to 106 bits, for the vector value steps of numparse_avx2.c and numparse_avx512.c (made with
 * exact fractions: hi = RN(10^-f), lo = RN(10^-f - hi)). */
const double ps_num_pow10_hi[32] = {
    0x1.0000000000000p+0,  0x1.999999999999ap-4,  0x1.47ae147ae147bp-7,  0x1.0624dd2f1a9fcp-10,
    0x1.a36e2eb1c432dp-14, 0x1.4f8b588e368f1p-17, 0x1.0c6f7a0b5ed8dp-20, 0x1.ad7f29abcaf48p-24,
    0x1.5798ee2308c3ap-27, 0x1.12e0be826d695p-30, 0x1.b7cdfd9d7bdbbp-34, 0x1.5fd7fe1796495p-37,
    0x1.19799812dea11p-40, 0x1.c25c268497682p-44, 0x1.6849b86a12b9bp-47, 0x1.203af9ee75616p-50,
    0x1.cd2b297d889bcp-54, 0x1.70ef54646d497p-57, 0x1.2725dd1d243acp-60, 0x1.d83c94fb6d2acp-64,
    0x1.79ca10c924223p-67, 0x1.2e3b40a0e9b4fp-70, 0x1.e392010175ee6p-74, 0x1.82db34012b251p-77,
};
const double ps_num_pow10_lo[32] = {
    0.0,                    -0x1.999999999999ap-58, -0x1.eb851eb851eb8p-63, -0x1.89374bc6a7efap-66,
    -0x1.6a161e4f765fep-68, -0x1.ee78183f91e64p-71, 0x1.b5a63f9a49c2cp-75,  0x1.5e1e99483b023p-78,
    -0x1.03023df2d4c94p-82, -0x1.34674bfabb83bp-84, -0x1.20a5465df8d2cp-88, 0x1.7f7bc7b4d28aap-91,
    0x1.97f27f0f6e886p-96,  -0x1.ecd79a5a0df95p-99, 0x1.ea70909833de7p-107, -0x1.937831647f5a0p-104,
    0x1.5b4c2ebe68799p-109, -0x1.db7b2080a3029p-111, -0x1.7c628066e8ceep-114, 0x1.a52b31e9e3d07p-119,
    0x1.75447a5d8e536p-121, 0x1.f769fb7e0b75ep-124, -0x1.a7566d9cba769p-128, 0x1.13badb829e079p-131,
};

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define HAVE_AVX2_PATH 1
#else
#define HAVE_AVX2_PATH 0
#endif
#if HAVE_AVX2_PATH

/* AVX2 form of the whole cell parse (same contract and results as cell_sse2 + Eisel-Lemire):
 * one 32-byte register holds the window, the separator is squeezed out with one blend, and
 * pmaddubsw/pmaddwd turn the digits into 8-digit groups. Chosen at run time (cell_impl). */
__attribute__((target("avx2"))) static inline int gather_avx2(const char *s, size_t len, char dec, uint64_t *mant,
                                                            unsigned *nfrac)
{
    int neg = s[0] == '-';
    const char *t = s + neg;
    unsigned n = (unsigned)(len - (size_t)neg);
    if (len - (size_t)neg - 1 >= 28)
        return -1;
    const __m256i x = _mm256_loadu_si256((const __m256i *)(t + n - 32));
    const __m256i d = _mm256_sub_epi8(x, _mm256_set1_epi8('0'));
    const __m256i c9 = _mm256_set1_epi8(9);
    uint32_t dig = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_max_epu8(d, c9), c9));
    uint32_t dots = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(x, _mm256_set1_epi8(dec)));
    uint32_t text = UINT32_MAX << (32 - n);
    dots &= text;
    if ((dots & (dots - 1)) | (~(dig | dots) & text))
        return -1;
    int dk = dots ? __builtin_ctz(dots) : -1;
    unsigned ni = dots ? (unsigned)dk - (32 - n) : n, nf = dots ? 31 - (unsigned)dk : 0;
    unsigned nd = ni + nf;
    if (ni == 0 || nd > 24)
        return -1;
    const __m256i iota = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
                                          21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
    /* the window one byte up: byte k of sh is byte k - 1 of d (0 at k = 0) */
    __m256i sh = _mm256_alignr_epi8(d, _mm256_permute2x128_si256(d, d, 0x08), 15);
    __m256i r = _mm256_blendv_epi8(d, sh, _mm256_cmpgt_epi8(_mm256_set1_epi8((char)(dk + 1)), iota));
    r = _mm256_andnot_si256(_mm256_cmpgt_epi8(_mm256_set1_epi8((char)(32 - nd)), iota), r);
    __m256i p = _mm256_maddubs_epi16(r, _mm256_set1_epi16(0x010A));         /* pairs: 10 a + b */
    __m256i q = _mm256_madd_epi16(p, _mm256_set1_epi32(0x00010064));        /* 4 digits */
    __m256i g = _mm256_madd_epi16(_mm256_packus_epi32(q, q), _mm256_set1_epi32(0x00012710));   /* 8 digits */
    uint64_t g1 = (uint32_t)_mm256_extract_epi32(g, 1);
    uint64_t g2 = (uint32_t)_mm256_extract_epi32(g, 4), g3 = (uint32_t)_mm256_extract_epi32(g, 5);
    if (g1 >= 1000)
        return -1;
    *mant = (g1 * 100000000 + g2) * 100000000 + g3;
    *nfrac = nf | (unsigned)neg << 8;
    return 0;
}

/* The value of a gathered cell (nfrac: fraction digits, bit 8 the sign); -1 when Eisel-Lemire
 * cannot decide (then the text is parsed again by the general path). */
static inline int gathered_value(uint64_t m, unsigned nfrac, double *out)
{
    double v = 0.0;
    if (m != 0 && (v = eisel_lemire(m, -(int)(nfrac & 0xFF))) < 0)
        return -1;
    *out = nfrac >> 8 ? -v : v;
    return 0;
}

__attribute__((target("avx2"))) static int cell_avx2(const char *s, size_t len, char dec, double *out)
{
    uint64_t m;
    unsigned nf;
    return gather_avx2(s, len, dec, &m, &nf) == 0 ? gathered_value(m, nf, out) : -1;
}

/* ps_num_parse_cells with AVX2: all digits gathered first, then all values computed, so that
 * the long dependency chain of one cell does not hold back the next ones. */
__attribute__((target("avx2"))) static int cells_avx2(const char *const *s, const uint8_t *len, const uint32_t *idx,
                                                     size_t k, char dec, double *vals)
{
    uint64_t m[PS_NUM_CELLS_MAX];
    unsigned nf[PS_NUM_CELLS_MAX];
    for (size_t j = 0; j < k; j++)
        if (gather_avx2(s[j], len[j], dec, &m[j], &nf[j]) != 0)
            nf[j] = UINT_MAX;
    for (size_t j = 0; j < k; j++)
        if (nf[j] == UINT_MAX || gathered_value(m[j], nf[j], &vals[idx[j]]) != 0)
            if (ps_num_parse(s[j], len[j], dec, &vals[idx[j]]) != 0)
                return -1;
    return 0;
}

#endif

typedef int (*gather_fn)(const char *s, unsigned len, char dec, uint64_t *mant, unsigned *nfrac);

/* The whole cell parse around one of the digit gatherers (a constant, so inlined): the sign,
 * Eisel-Lemire, and ps_num_parse for everything the gatherer refuses. */
static inline __attribute__((always_inline)) int cell_parse(const char *s, size_t len, char dec, double *out,
                                                            gather_fn gather)
{
    int neg = s[0] == '-';
    size_t n = len - (size_t)neg;
    uint64_t m = 0;
    unsigned nf = 0;
    double v = 0.0;
    if (n - 1 < 28 && gather(s + neg, (unsigned)n, dec, &m, &nf) == 0 &&
        (m == 0 || (v = eisel_lemire(m, -(int)nf)) >= 0)) {
        *out = neg ? -v : v;
        return 0;
    }
    return ps_num_parse(s, len, dec, out);
}

static int cell_portable(const char *s, size_t len, char dec, double *out)
{
    return cell_parse(s, len, dec, out, cell_swar);
}

#if defined(__SSE2__)
static int cell_sse2_full(const char *s, size_t len, char dec, double *out)
{
    return cell_parse(s, len, dec, out, cell_sse2);
}
#define CELL_DEFAULT cell_sse2_full
#else
#define CELL_DEFAULT cell_portable
#endif

#if HAVE_AVX2_PATH
__attribute__((target("avx2"))) static int cell_avx2_full(const char *s, size_t len, char dec, double *out)
{
    return cell_avx2(s, len, dec, out) == 0 ? 0 : ps_num_parse(s, len, dec, out);
}
#endif

static int cells_default(const char *const *s, const uint8_t *len, const uint32_t *idx, size_t k, char dec,
                         double *vals)
{
    for (size_t j = 0; j < k; j++)
        if (CELL_DEFAULT(s[j], len[j], dec, &vals[idx[j]]) != 0)
            return -1;
    return 0;
}

static int (*cells_impl)(const char *const *s, const uint8_t *len, const uint32_t *idx, size_t k, char dec,
                         double *vals) = cells_default;

static int (*cell_impl)(const char *s, size_t len, char dec, double *out) = CELL_DEFAULT;

#if HAVE_AVX2_PATH
/* Before main: the AVX2 forms where the processor has them (never written again). */
__attribute__((constructor)) static void choose_cell_impl(void)
{
    unsigned f = ps_cpu_features();
    if (f & PS_CPU_AVX2) {
        cell_impl = cell_avx2_full;
        cells_impl = (f & PS_CPU_FMA) ? ps_num_cells_avx2x8 : cells_avx2;
    }
}
#endif

int ps_num_parse_cell(const char *s, size_t len, char dec, double *out)
{
    return cell_impl(s, len, dec, out);
}

int ps_num_parse_cells(const char *const *s, const uint8_t *len, const uint32_t *idx, size_t k, char dec, double *vals)
{
    k = k < PS_NUM_CELLS_MAX ? k : PS_NUM_CELLS_MAX;
    return ps_num_have_avx512() ? ps_num_cells_avx512(s, len, idx, k, dec, vals) : cells_impl(s, len, idx, k, dec, vals);
}

int ps_num_parse_cells_with(int impl, const char *const *s, const uint8_t *len, const uint32_t *idx, size_t k, char dec,
                            double *vals)
{
    k = k < PS_NUM_CELLS_MAX ? k : PS_NUM_CELLS_MAX;
    switch (impl) {
    case 0:
        return cells_default(s, len, idx, k, dec, vals);
#if HAVE_AVX2_PATH
    case 1:
        return (ps_cpu_features() & PS_CPU_AVX2) ? cells_avx2(s, len, idx, k, dec, vals) : -2;
    case 2:
        return ps_num_have_avx512() ? ps_num_cells_avx512(s, len, idx, k, dec, vals) : -2;
    case 3:
        return (ps_cpu_features() & (PS_CPU_AVX2 | PS_CPU_FMA)) == (PS_CPU_AVX2 | PS_CPU_FMA)
                   ? ps_num_cells_avx2x8(s, len, idx, k, dec, vals)
                   : -2;
#endif
    default:
        return -2;
    }
}

int ps_num_parse_cell_with(int impl, const char *s, size_t len, char dec, double *out)
{
    switch (impl) {
    case 0:
        return cell_portable(s, len, dec, out);
    case 1:
#if defined(__SSE2__)
        return cell_sse2_full(s, len, dec, out);
#else
        return -2;
#endif
    case 2:
#if HAVE_AVX2_PATH
        return (ps_cpu_features() & PS_CPU_AVX2) ? cell_avx2_full(s, len, dec, out) : -2;
#else
        return -2;
#endif
    default:
        return -2;
    }
}

int ps_num_parse(const char *s, size_t len, char dec, double *out)
{
    const char *e = ps_num_scan(s, s + len, dec, out);
    return e && e == s + len ? 0 : -1;
}
