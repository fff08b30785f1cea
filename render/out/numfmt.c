/* numfmt.c - ps_fmt_g: "%.<d>g" without printf (see ps_numfmt.h).
 *
 * Digits. A finite v != 0 is m * 2^e with m shifted to 2^63 <= m < 2^64 (exact, subnormals
 * too). For d <= 17 significant digits and the decimal exponent x of v (10^x <= v < 10^(x+1)),
 * the digits are the integer nearest to S = v * 10^k, k = d - 1 - x, 10^(d-1) <= S < 10^d.
 * 10^k is P * 2^q with P a 128-bit integer, top bit set, rounded down: for k in NEAR_FIRST..
 * NEAR_LAST (the counter range) one table entry, exact for k >= 0 (5^k < 2^128); else, out of
 * line, 10^(32j) rounded down times the exact 10^r of that table, the product cut to 128 bits.
 * So P * 2^q <= 10^k < P * 2^q * (1 + 2^-125). h = floor(m * P / 2^64) takes two 64x64->128
 * multiplies and is exact; S = h / 2^(64 + sh) with sh = -(e + q) - 128 (S < 2^60 and
 * h >= 2^126 make sh >= 3; outside 1..63 the value falls back): the integer part n is the top
 * word of h shifted right by sh and the top 64 bits of the fraction come from both words.
 * n + frac * 2^-64 is below the true S by less than 2^-65 (P's error, S < 2^60) + 2^-65 (the
 * floor in h) + 2^-64 (the cut fraction) = 2^-63, two units of frac. Rounding to nearest is
 * therefore certain unless frac lies within TIE_MARGIN (2^12 units) of 1/2; there printf's
 * exact arithmetic decides (an exact tie, or about 2^-51 of arbitrary values).
 * Exponent. xx = floor(t * log10 2) for 2^t <= v < 2^(t+1) is x or x - 1. S is computed for xx;
 * when its integer part reaches 10^d, x = xx + 1 and S is computed again for k - 1 (same bound).
 * A true S of exactly 10^d may come out just below it: it then rounds up to 10^d, and a rounding
 * up to 10^d means 10^(d-1) one exponent higher. Any n outside [10^(d-1), 10^d) falls back.
 * Text. The d digits padded with zeros to 17 (n * 10^(17-d)) are 9 + 8 digits, each part from
 * one multiply by ceil(2^57 / 10^8) and "* 100" steps, two digits a step (exact for every value
 * below 10^9, checked exhaustively). %g drops trailing zeros: counted in the last 8-digit half
 * that is not 0 by three divisibility tests (by 10^4, 10^2, 10) without branches. The layouts
 * copy fixed-size blocks of that digit buffer and compute the length: no loop, and no branch
 * but the layout's, depends on the digits.
 * bench/bench_numfmt.sh compares the result with snprintf on 100 million doubles. */
#include "ps_numfmt.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define FAST_MAX_DIGITS 17
#define TIE_MARGIN ((uint64_t)1 << 12) /* in units of 2^-64: 2^-52, far above the 2^-63 error */
#define HALF ((uint64_t)1 << 63)

#ifdef __SIZEOF_INT128__
__extension__ typedef unsigned __int128 u128;

/* A power of ten as (hi:lo) * 2^q, top bit of hi set. */
struct pow10_128 {
    uint64_t hi, lo;
    int q;
};

/* 10^k, k = NEAR_FIRST..NEAR_LAST, rounded down (exact for k >= 0). */
static const struct pow10_128 pow10_near[] = {
    {0x9abe14cd44753b52U, 0xc4926a9672793542U, -207}, {0xc16d9a0095928a27U, 0x75b7053c0f178293U, -204},
    {0xf1c90080baf72cb1U, 0x5324c68b12dd6338U, -201}, {0x971da05074da7beeU, 0xd3f6fc16ebca5e03U, -197},
    {0xbce5086492111aeaU, 0x88f4bb1ca6bcf584U, -194}, {0xec1e4a7db69561a5U, 0x2b31e9e3d06c32e5U, -191},
    {0x9392ee8e921d5d07U, 0x3aff322e62439fcfU, -187}, {0xb877aa3236a4b449U, 0x09befeb9fad487c2U, -184},
    {0xe69594bec44de15bU, 0x4c2ebe687989a9b3U, -181}, {0x901d7cf73ab0acd9U, 0x0f9d37014bf60a10U, -177},
    {0xb424dc35095cd80fU, 0x538484c19ef38c94U, -174}, {0xe12e13424bb40e13U, 0x2865a5f206b06fb9U, -171},
    {0x8cbccc096f5088cbU, 0xf93f87b7442e45d3U, -167}, {0xafebff0bcb24aafeU, 0xf78f69a51539d748U, -164},
    {0xdbe6fecebdedd5beU, 0xb573440e5a884d1bU, -161}, {0x89705f4136b4a597U, 0x31680a88f8953030U, -157},
    {0xabcc77118461cefcU, 0xfdc20d2b36ba7c3dU, -154}, {0xd6bf94d5e57a42bcU, 0x3d32907604691b4cU, -151},
    {0x8637bd05af6c69b5U, 0xa63f9a49c2c1b10fU, -147}, {0xa7c5ac471b478423U, 0x0fcf80dc33721d53U, -144},
    {0xd1b71758e219652bU, 0xd3c36113404ea4a8U, -141}, {0x83126e978d4fdf3bU, 0x645a1cac083126e9U, -137},
    {0xa3d70a3d70a3d70aU, 0x3d70a3d70a3d70a3U, -134}, {0xccccccccccccccccU, 0xccccccccccccccccU, -131},
    {0x8000000000000000U, 0x0000000000000000U, -127}, {0xa000000000000000U, 0x0000000000000000U, -124},
    {0xc800000000000000U, 0x0000000000000000U, -121}, {0xfa00000000000000U, 0x0000000000000000U, -118},
    {0x9c40000000000000U, 0x0000000000000000U, -114}, {0xc350000000000000U, 0x0000000000000000U, -111},
    {0xf424000000000000U, 0x0000000000000000U, -108}, {0x9896800000000000U, 0x0000000000000000U, -104},
    {0xbebc200000000000U, 0x0000000000000000U, -101}, {0xee6b280000000000U, 0x0000000000000000U, -98},
    {0x9502f90000000000U, 0x0000000000000000U, -94},  {0xba43b74000000000U, 0x0000000000000000U, -91},
    {0xe8d4a51000000000U, 0x0000000000000000U, -88},  {0x9184e72a00000000U, 0x0000000000000000U, -84},
    {0xb5e620f480000000U, 0x0000000000000000U, -81},  {0xe35fa931a0000000U, 0x0000000000000000U, -78},
    {0x8e1bc9bf04000000U, 0x0000000000000000U, -74},  {0xb1a2bc2ec5000000U, 0x0000000000000000U, -71},
    {0xde0b6b3a76400000U, 0x0000000000000000U, -68},  {0x8ac7230489e80000U, 0x0000000000000000U, -64},
    {0xad78ebc5ac620000U, 0x0000000000000000U, -61},  {0xd8d726b7177a8000U, 0x0000000000000000U, -58},
    {0x878678326eac9000U, 0x0000000000000000U, -54},  {0xa968163f0a57b400U, 0x0000000000000000U, -51},
    {0xd3c21bcecceda100U, 0x0000000000000000U, -48},  {0x84595161401484a0U, 0x0000000000000000U, -44},
    {0xa56fa5b99019a5c8U, 0x0000000000000000U, -41},  {0xcecb8f27f4200f3aU, 0x0000000000000000U, -38},
    {0x813f3978f8940984U, 0x4000000000000000U, -34},  {0xa18f07d736b90be5U, 0x5000000000000000U, -31},
    {0xc9f2c9cd04674edeU, 0xa400000000000000U, -28},  {0xfc6f7c4045812296U, 0x4d00000000000000U, -25},
    {0x9dc5ada82b70b59dU, 0xf020000000000000U, -21},  {0xc5371912364ce305U, 0x6c28000000000000U, -18},
    {0xf684df56c3e01bc6U, 0xc732000000000000U, -15},  {0x9a130b963a6c115cU, 0x3c7f400000000000U, -11},
    {0xc097ce7bc90715b3U, 0x4b9f100000000000U, -8},   {0xf0bdc21abb48db20U, 0x1e86d40000000000U, -5},
    {0x96769950b50d88f4U, 0x1314448000000000U, -1},   {0xbc143fa4e250eb31U, 0x17d955a000000000U, 2},
};
#define NEAR_FIRST (-24)
#define NEAR_LAST 39

/* 10^(32j), j = -10..10, rounded down. */
static const struct pow10_128 pow10_big[] = {
    {0xfd00b897478238d0U, 0x8920b098955522b4U, -1191}, {0x9becce62836ac577U, 0x4ee367f9430aec32U, -1084},
    {0xc0314325637a1939U, 0xfa911155fefb5308U, -978},  {0xece53cec4a314ebdU, 0xa4f8bf5635246428U, -872},
    {0x91ff83775423cc06U, 0x7b6306a34627ddcfU, -765},  {0xb3f4e093db73a093U, 0x59ed216765690f56U, -659},
    {0xddd0467c64bce4a0U, 0xac7cb3f6d05ddbdeU, -553},  {0x88b402f7fd75539bU, 0x11dbcb0218ebb414U, -446},
    {0xa87fea27a539e9a5U, 0x3f2398d747b36224U, -340},  {0xcfb11ead453994baU, 0x67de18eda5814af2U, -234},
    {0x8000000000000000U, 0x0000000000000000U, -127},  {0x9dc5ada82b70b59dU, 0xf020000000000000U, -21},
    {0xc2781f49ffcfa6d5U, 0x3cbf6b71c76b25fbU, 85},    {0xefb3ab16c59b14a2U, 0xc5cfe94ef3ea101eU, 191},
    {0x93ba47c980e98cdfU, 0xc66f336c36b10137U, 298},   {0xb616a12b7fe617aaU, 0x577b986b314d6009U, 404},
    {0xe070f78d3927556aU, 0x85bbe253f47b1417U, 510},   {0x8a5296ffe33cc92fU, 0x82bd6b70d99aaa6fU, 617},
    {0xaa7eebfb9df9de8dU, 0xddbb901b98feeab7U, 723},   {0xd226fc195c6a2f8cU, 0x73832eec6fff3111U, 829},
    {0x81842f29f2cce375U, 0xe6a1158300d46640U, 936},
};
#define BIG_FIRST (-10)

/* 10^i, i = 0..19. */
static const uint64_t pow10_u64[] = {1ULL,
                                     10ULL,
                                     100ULL,
                                     1000ULL,
                                     10000ULL,
                                     100000ULL,
                                     1000000ULL,
                                     10000000ULL,
                                     100000000ULL,
                                     1000000000ULL,
                                     10000000000ULL,
                                     100000000000ULL,
                                     1000000000000ULL,
                                     10000000000000ULL,
                                     100000000000000ULL,
                                     1000000000000000ULL,
                                     10000000000000000ULL,
                                     100000000000000000ULL,
                                     1000000000000000000ULL,
                                     10000000000000000000ULL};

/* "00".."99" */
static const char two_digits[] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
                                 "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
                                 "8081828384858687888990919293949596979899";

static int floor_div(int a, int b)
{
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

#if defined(__GNUC__)
#define COLD __attribute__((noinline, cold))
#else
#define COLD
#endif

/* 10^k as P * 2^q (see the head comment) for k outside the near table; k in [-320, 351].
 * Kept out of line: the common path then needs fewer registers. */
COLD static struct pow10_128 pow10_far(int k)
{
    int j = floor_div(k, 32), r = k - 32 * j; /* 10^k = 10^(32j) * 10^r, 10^r exact */
    const struct pow10_128 *a = &pow10_big[j - BIG_FIRST], *b = &pow10_near[r - NEAR_FIRST];
    u128 hh = (u128)a->hi * b->hi, hl = (u128)a->hi * b->lo, lh = (u128)a->lo * b->hi;
    u128 mid = ((u128)a->lo * b->lo >> 64) + (uint64_t)hl + (uint64_t)lh;
    u128 hi = hh + (hl >> 64) + (lh >> 64) + (mid >> 64); /* a * b >> 128 */
    int q = a->q + b->q + 128;
    if (!(hi >> 127)) { /* both factors >= 2^127: one shift at most */
        hi = hi << 1 | (uint64_t)mid >> 63;
        q--;
    }
    return (struct pow10_128){(uint64_t)(hi >> 64), (uint64_t)hi, q};
}

/* S = m * 2^e * 10^k (2^63 <= m < 2^64) as its integer part *n and the top 64 bits of its
 * fraction *frac, short of the true S by less than 2^-63. Returns 0 when the shift is out of
 * 1..63 (S far outside 1..2^60, never for the k digits17 asks for). */
static inline int scale(uint64_t m, int e, int k, uint64_t *n, uint64_t *frac)
{
    struct pow10_128 p = k >= NEAR_FIRST && k <= NEAR_LAST ? pow10_near[k - NEAR_FIRST] : pow10_far(k);
    u128 h = (u128)m * p.hi + ((u128)m * p.lo >> 64); /* floor(m * P / 2^64), exact */
    int sh = -(e + p.q) - 128; /* S = h / 2^(64 + sh) */
    if (sh < 1 || sh > 63)
        return 0;
    uint64_t hi = (uint64_t)(h >> 64), lo = (uint64_t)h;
    *n = hi >> sh;
    *frac = lo >> sh | hi << (64 - sh);
    return 1;
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
    int z = __builtin_clzll(m);
    m <<= z; /* v = m * 2^e, 2^63 <= m < 2^64 */
    e -= z;
    /* floor((e + 63) * log10(2)), x or x - 1; the shifted operand is positive */
    int xx = (int)((int64_t)(e + 63 + (1 << 18)) * 78913 >> 18) - 78913;
    uint64_t lo = pow10_u64[d - 1], hi10 = pow10_u64[d], n, frac;
    if (!scale(m, e, d - 1 - xx, &n, &frac))
        return 0;
    if (n >= hi10) { /* x = xx + 1 */
        xx++;
        if (!scale(m, e, d - 1 - xx, &n, &frac))
            return 0;
    }
    if (frac - (HALF - TIE_MARGIN) < 2 * TIE_MARGIN) /* within TIE_MARGIN of 1/2 */
        return 0;
    n += frac > HALF;
    if (n == hi10) { /* rounded up to the next power of ten: 1000... one exponent higher */
        n = lo;
        xx++;
    }
    if (n < lo || n >= hi10)
        return 0;
    *num = n;
    *x = xx;
    return 1;
}

/* The 9 digits of v < 10^9 into p[0..9): f = v * ceil(2^57 / 10^8) holds v / 10^8 above bit 57
 * and the rest as a 57-bit fraction, so each "* 100" brings the next two digits up (checked for
 * every v < 10^9). */
static inline void put9(char *p, uint32_t v)
{
    const uint64_t low57 = ((uint64_t)1 << 57) - 1;
    uint64_t f = (uint64_t)v * 1441151881U;
    p[0] = (char)('0' + (f >> 57));
    f = (f & low57) * 100;
    memcpy(p + 1, two_digits + 2 * (f >> 57), 2);
    f = (f & low57) * 100;
    memcpy(p + 3, two_digits + 2 * (f >> 57), 2);
    f = (f & low57) * 100;
    memcpy(p + 5, two_digits + 2 * (f >> 57), 2);
    f = (f & low57) * 100;
    memcpy(p + 7, two_digits + 2 * (f >> 57), 2);
}

/* c (0 or 1) ? a : b without a branch (the choice follows the digits: a branch would often be
 * mispredicted). */
static inline uint32_t pick(int c, uint32_t a, uint32_t b)
{
    return b ^ ((a ^ b) & ((uint32_t)0 - (uint32_t)c));
}

/* One step of zeros16: y is a multiple of 10^s exactly when y * 5^-s (mod 2^32) rotated right
 * by s is at most (2^32 - 1) / 10^s, and that is then y / 10^s (Granlund and Montgomery). */
static inline int strip(uint32_t *y, uint32_t inv5, uint32_t max, int s)
{
    uint32_t p = *y * inv5, q = p >> s | p << (32 - s);
    int c = q <= max;
    *y = pick(c, q, *y);
    return c * s;
}

/* Trailing zero digits of the 16-digit number hi8 * 10^8 + lo8 (16 when it is 0). */
static inline int zeros16(uint32_t hi8, uint32_t lo8)
{
    int low = lo8 == 0;
    uint32_t y = pick(low, hi8, lo8); /* 0 when both are: 8 + 7 + 1 below */
    int t = 8 * low + (low & (hi8 == 0));
    t += strip(&y, 0x3afb7e91U, 429496U, 4);
    t += strip(&y, 0xc28f5c29U, 42949672U, 2);
    return t + strip(&y, 0xcccccccdU, 429496729U, 1);
}

/* "%g" layout of the d digits num (exponent x), sign neg. Returns the length. */
static int layout(char *out, int neg, uint64_t num, int d, int x)
{
    /* 10^16 <= n17 < 10^17: the 17 digits as 9 + 8 */
    uint64_t n17 = d == FAST_MAX_DIGITS ? num : num * pow10_u64[FAST_MAX_DIGITS - d];
    uint32_t hi9 = (uint32_t)(n17 / 100000000), lo8 = (uint32_t)(n17 % 100000000);
    char dg[40]; /* the 17 digits, then '0's for the fixed-size copies below */
    put9(dg + 8, lo8); /* a leading 0, overwritten by the last digit of hi9 */
    put9(dg, hi9);
    memset(dg + 17, '0', sizeof dg - 17);
    int nd = FAST_MAX_DIGITS - zeros16(hi9 % 100000000, lo8); /* %g drops trailing zeros */
    out[0] = '-';
    char *p = out + neg;
    if (x < -4 || x >= d) { /* d.ddde+XX */
        p[0] = dg[0];
        p[1] = '.';
        memcpy(p + 2, dg + 1, 16);
        p += nd > 1 ? nd + 1 : 1;
        *p++ = 'e';
        *p++ = x < 0 ? '-' : '+';
        int ax = x < 0 ? -x : x;
        if (ax >= 100) {
            *p++ = (char)('0' + ax / 100);
            ax %= 100;
        }
        memcpy(p, two_digits + 2 * ax, 2);
        p += 2;
    } else { /* ddd.ddd (the point after ip = x + 1 digits) or 0.000ddd (after the digits) */
        int small = x<0, ip = x + 1 + small * (FAST_MAX_DIGITS - 1 - x), more = nd> ip;
        memcpy(p, "0.000", 5); /* the digits overwrite it in ddd.ddd */
        p += small * (1 - x);
        memcpy(p, dg, 17);
        p[ip] = '.';
        memcpy(p + ip + 1, dg + ip, 16);
        p += ip + more * (nd + 1 - ip) - small * (ip - nd);
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
    if (bits >= (uint64_t)0x7ff << 52) /* inf, nan */
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
unsigned long long ps_numfmt_fallbacks; /* bench only: results that came from snprintf */
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
    for (char *p = out; *p; p++) /* a locale's decimal comma, should one be active */
        if (*p == ',')
            *p = '.';
    return n;
}
