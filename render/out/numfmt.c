/* numfmt.c - ps_fmt_g: "%.<d>g" without printf (see ps_numfmt.h).
 *
 * A finite v != 0 is m * 2^e (m < 2^53 an integer). For d <= 17 significant digits and the
 * decimal exponent x of v (10^x <= v < 10^(x+1) after rounding), the digits are the integer
 * nearest to S = v * 10^k with k = d - 1 - x. 10^k is taken as P * 2^q with P a 128-bit
 * integer (top bit set) from two tables: 10^(32j) rounded down to 128 bits and 10^r exact
 * (r < 32), their product again cut to 128 bits, so P * 2^q <= 10^k < P * 2^q * (1 + 2^-126).
 * m * P is exact (192 bits), so the computed S is below the true one by less than
 * S * 2^-126 < 2^-66 (S < 2^60 even before x is corrected). The integer part and the top 64
 * bits of the fraction come out of the product; the rounding to nearest is then certain
 * unless the fraction lies within TIE_MARGIN of 1/2, where printf's exact arithmetic decides
 * (an exact tie, or 2^-51 of arbitrary values). A first guess of x from the binary exponent
 * is at most one too low: an S of d + 1 digits is divided by 10 (its fraction too, exactly but
 * for the last bit) and a rounding up to 10^d moves x once more.
 * bench/bench_numfmt.sh compares the result with snprintf on 100 million+ doubles. */
#include "ps_numfmt.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define FAST_MAX_DIGITS 17
#define TIE_MARGIN ((uint64_t)1 << 12)   /* in units of 2^-64: 2^-52, far above the 2^-66 error */

#ifdef __SIZEOF_INT128__
__extension__ typedef unsigned __int128 u128;

/* 10^(32j), j = -10..10, rounded down to 128 bits: (hi:lo) * 2^q. */
static const struct {
    uint64_t hi, lo;
    int q;
} pow10_big[] = {
    {0xfd00b897478238d0U, 0x8920b098955522b4U, -1191},
    {0x9becce62836ac577U, 0x4ee367f9430aec32U, -1084},
    {0xc0314325637a1939U, 0xfa911155fefb5308U, -978},
    {0xece53cec4a314ebdU, 0xa4f8bf5635246428U, -872},
    {0x91ff83775423cc06U, 0x7b6306a34627ddcfU, -765},
    {0xb3f4e093db73a093U, 0x59ed216765690f56U, -659},
    {0xddd0467c64bce4a0U, 0xac7cb3f6d05ddbdeU, -553},
    {0x88b402f7fd75539bU, 0x11dbcb0218ebb414U, -446},
    {0xa87fea27a539e9a5U, 0x3f2398d747b36224U, -340},
    {0xcfb11ead453994baU, 0x67de18eda5814af2U, -234},
    {0x8000000000000000U, 0x0000000000000000U, -127},
    {0x9dc5ada82b70b59dU, 0xf020000000000000U, -21},
    {0xc2781f49ffcfa6d5U, 0x3cbf6b71c76b25fbU, 85},
    {0xefb3ab16c59b14a2U, 0xc5cfe94ef3ea101eU, 191},
    {0x93ba47c980e98cdfU, 0xc66f336c36b10137U, 298},
    {0xb616a12b7fe617aaU, 0x577b986b314d6009U, 404},
    {0xe070f78d3927556aU, 0x85bbe253f47b1417U, 510},
    {0x8a5296ffe33cc92fU, 0x82bd6b70d99aaa6fU, 617},
    {0xaa7eebfb9df9de8dU, 0xddbb901b98feeab7U, 723},
    {0xd226fc195c6a2f8cU, 0x73832eec6fff3111U, 829},
    {0x81842f29f2cce375U, 0xe6a1158300d46640U, 936},
};
#define BIG_FIRST (-10)

/* 10^r exact, r = 0..31. */
static const struct {
    uint64_t hi, lo;
} pow10_small[] = {
    {0x0000000000000000U, 0x0000000000000001U},
    {0x0000000000000000U, 0x000000000000000aU},
    {0x0000000000000000U, 0x0000000000000064U},
    {0x0000000000000000U, 0x00000000000003e8U},
    {0x0000000000000000U, 0x0000000000002710U},
    {0x0000000000000000U, 0x00000000000186a0U},
    {0x0000000000000000U, 0x00000000000f4240U},
    {0x0000000000000000U, 0x0000000000989680U},
    {0x0000000000000000U, 0x0000000005f5e100U},
    {0x0000000000000000U, 0x000000003b9aca00U},
    {0x0000000000000000U, 0x00000002540be400U},
    {0x0000000000000000U, 0x000000174876e800U},
    {0x0000000000000000U, 0x000000e8d4a51000U},
    {0x0000000000000000U, 0x000009184e72a000U},
    {0x0000000000000000U, 0x00005af3107a4000U},
    {0x0000000000000000U, 0x00038d7ea4c68000U},
    {0x0000000000000000U, 0x002386f26fc10000U},
    {0x0000000000000000U, 0x016345785d8a0000U},
    {0x0000000000000000U, 0x0de0b6b3a7640000U},
    {0x0000000000000000U, 0x8ac7230489e80000U},
    {0x0000000000000005U, 0x6bc75e2d63100000U},
    {0x0000000000000036U, 0x35c9adc5dea00000U},
    {0x000000000000021eU, 0x19e0c9bab2400000U},
    {0x000000000000152dU, 0x02c7e14af6800000U},
    {0x000000000000d3c2U, 0x1bcecceda1000000U},
    {0x0000000000084595U, 0x161401484a000000U},
    {0x000000000052b7d2U, 0xdcc80cd2e4000000U},
    {0x00000000033b2e3cU, 0x9fd0803ce8000000U},
    {0x00000000204fce5eU, 0x3e25026110000000U},
    {0x00000001431e0faeU, 0x6d7217caa0000000U},
    {0x0000000c9f2c9cd0U, 0x4674edea40000000U},
    {0x0000007e37be2022U, 0xc0914b2680000000U},
};

/* 10^i, i = 0..19. */
static const uint64_t pow10_u64[] = {1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL,
                                     10000000ULL, 100000000ULL, 1000000000ULL, 10000000000ULL,
                                     100000000000ULL, 1000000000000ULL, 10000000000000ULL,
                                     100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL,
                                     100000000000000000ULL, 1000000000000000000ULL,
                                     10000000000000000000ULL};

/* "00".."99" */
static const char two_digits[] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
                                 "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
                                 "8081828384858687888990919293949596979899";

/* The last n (even, <= 8) digits of v < 10^n into p[0..n), two at a time. */
static void put_digits(char *p, uint32_t v, int n)
{
    for (int i = n - 2; i >= 0; i -= 2) {
        memcpy(p + i, two_digits + 2 * (v % 100), 2);
        v /= 100;
    }
}

static int floor_div(int a, int b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

static int bitlen128(u128 v)
{
    uint64_t hi = (uint64_t)(v >> 64);
    return hi ? 128 - __builtin_clzll(hi) : v ? 64 - __builtin_clzll((uint64_t)v) : 0;
}

/* 10^k as *p * 2^*q (see the head comment); k in [-320, 351]. */
static void pow10_128(int k, u128 *p, int *q)
{
    int j = floor_div(k, 32), r = k - 32 * j;
    u128 b = (u128)pow10_small[r].hi << 64 | pow10_small[r].lo;
    int bl = bitlen128(b);
    b <<= 128 - bl;   /* exact: b * 2^(bl - 128) */
    if (j == 0) {     /* 10^0..10^31: exact, no product (the common counter range) */
        *p = b;
        *q = bl - 128;
        return;
    }
    u128 a = (u128)pow10_big[j - BIG_FIRST].hi << 64 | pow10_big[j - BIG_FIRST].lo;
    u128 ah = a >> 64, al = (uint64_t)a, bh = b >> 64, bw = (uint64_t)b;
    u128 hh = ah * bh, hl = ah * bw, lh = al * bh, ll = al * bw;
    u128 mid = (ll >> 64) + (uint64_t)hl + (uint64_t)lh;
    u128 hi = hh + (hl >> 64) + (lh >> 64) + (mid >> 64);   /* a * b >> 128 */
    int e = pow10_big[j - BIG_FIRST].q + (bl - 128) + 128;
    if (!(hi >> 127)) {   /* both factors >= 2^127: one shift at most */
        hi = hi << 1 | (uint64_t)mid >> 63;
        e--;
    }
    *p = hi;
    *q = e;
}

/* The d (<= 17) significant digits of v > 0 (bits: its IEEE pattern, finite, not 0) into
 * *num with the decimal exponent *x. Returns 0 when the rounding is not certain. */
static int digits17(uint64_t bits, int d, uint64_t *num, int *x)
{
    int be = (int)(bits >> 52 & 0x7ff);
    uint64_t m = bits & (((uint64_t)1 << 52) - 1);
    int e = be ? be - 1075 : -1074;
    if (be)
        m |= (uint64_t)1 << 52;
    int t = e + 63 - __builtin_clzll(m);              /* 2^t <= v < 2^(t+1) */
    int xx = floor_div(t * 78913, 1 << 18);           /* floor(t * log10(2)): x or x - 1 */
    uint64_t lo = pow10_u64[d - 1], hi10 = pow10_u64[d];
    u128 p;
    int q;
    pow10_128(d - 1 - xx, &p, &q);
    u128 p1 = (u128)m * (uint64_t)(p >> 64), p0 = (u128)m * (uint64_t)p;
    u128 h = p1 + (p0 >> 64);                      /* m * p >> 64 */
    uint64_t w0 = (uint64_t)p0;
    int s1 = -(e + q) - 64;                        /* S = (h:w0) >> (s1 + 64) */
    if (s1 < 1 || s1 > 127 || (h >> s1) >> 63)
        return 0;
    uint64_t n = (uint64_t)(h >> s1);
    uint64_t frac = (uint64_t)((h << (128 - s1)) >> 64);
    if (s1 < 64)
        frac |= w0 >> s1;
    if (n >= hi10) {   /* x was one more than guessed: S / 10, its fraction by long division */
        uint64_t r = n % 10, a = r << 32 | frac >> 32, b = (a % 10) << 32 | (frac & 0xffffffffU);
        n /= 10;
        frac = (a / 10) << 32 | b / 10;
        xx++;
    }
    const uint64_t half = (uint64_t)1 << 63;
    if (frac > half - TIE_MARGIN && frac < half + TIE_MARGIN)
        return 0;
    n += frac > half;
    if (n == hi10) {   /* rounded up to the next power of ten: 1000... one exponent higher */
        n = lo;
        xx++;
    }
    if (n < lo || n >= hi10)
        return 0;
    *num = n;
    *x = xx;
    return 1;
}

/* "%g" layout of the d digits num (exponent x), sign neg. Returns the length. */
static int layout(char *out, int neg, uint64_t num, int d, int x)
{
    char buf[24], *dg = buf + 24 - d;   /* num < 10^17 written as 24 digits, the last d used */
    uint32_t top = (uint32_t)(num / 10000000000000000ULL);
    uint64_t rest = num % 10000000000000000ULL;
    put_digits(buf, top, 8);
    put_digits(buf + 8, (uint32_t)(rest / 100000000), 8);
    put_digits(buf + 16, (uint32_t)(rest % 100000000), 8);
    int nd = d;
    while (nd > 1 && dg[nd - 1] == '0')   /* %g drops trailing zeros */
        nd--;
    char *p = out;
    if (neg)
        *p++ = '-';
    if (x < -4 || x >= d) {   /* d.ddde+XX */
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
    return (int)(p - out);
}

static int fast_g(char *out, double v, int d)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    int neg = (int)(bits >> 63);
    bits &= ~((uint64_t)1 << 63);
    if (bits >= (uint64_t)0x7ff << 52)   /* inf, nan */
        return -1;
    if (bits == 0) {
        memcpy(out, neg ? "-0" : "0", (size_t)neg + 2);
        return neg + 1;
    }
    uint64_t num;
    int x;
    if (!digits17(bits, d, &num, &x))
        return -1;
    return layout(out, neg, num, d, x);
}
#else
static int fast_g(char *out, double v, int d)
{
    (void)out, (void)v, (void)d;
    return -1;
}
#endif

#ifdef PS_NUMFMT_STATS
unsigned long long ps_numfmt_fallbacks;   /* bench only: results that came from snprintf */
#endif

int ps_fmt_g(char *out, double v, int digits)
{
    if (digits < 1 || digits > 40)
        digits = 17;
    int n = digits <= FAST_MAX_DIGITS ? fast_g(out, v, digits) : -1;
    if (n >= 0)
        return n;
#ifdef PS_NUMFMT_STATS
    ps_numfmt_fallbacks++;
#endif
    n = snprintf(out, PS_FMT_G_MAX, "%.*g", digits, v);
    for (char *p = out; *p; p++)   /* a locale's decimal comma, should one be active */
        if (*p == ',')
            *p = '.';
    return n;
}
