/* numparse_core.h - private to numparse_scan.c and numparse.c: the SWAR digit helpers and the
 * Eisel-Lemire rounding step shared by the scalar scanner and the cell parsers. Static inline
 * (with their tables) so that each of the two files inlines them into its hot path exactly as
 * when they were one file. Include only from those two files. */
#ifndef PS_NUMPARSE_CORE_H
#define PS_NUMPARSE_CORE_H

#include <stdint.h>
#include <string.h>

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
    if ((hi & 0x1FF) == 0x1FF) { /* the low 64 bits of 5^q may carry into the kept bits */
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

/* Value of 8 ASCII digits in v (first digit in the low byte). */
static inline uint64_t parse8v(uint64_t v)
{
    v -= UINT64_C(0x3030303030303030);
    v = v * 10 + (v >> 8);
    v = ((v & UINT64_C(0x000000FF000000FF)) * UINT64_C(0x000F424000000064) +
         ((v >> 16) & UINT64_C(0x000000FF000000FF)) * UINT64_C(0x0000271000000001)) >>
        32;
    return v;
}

static const uint64_t pow10_u64[9] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};
static const uint64_t pow10_u64_19[20] = {
    UINT64_C(1),
    UINT64_C(10),
    UINT64_C(100),
    UINT64_C(1000),
    UINT64_C(10000),
    UINT64_C(100000),
    UINT64_C(1000000),
    UINT64_C(10000000),
    UINT64_C(100000000),
    UINT64_C(1000000000),
    UINT64_C(10000000000),
    UINT64_C(100000000000),
    UINT64_C(1000000000000),
    UINT64_C(10000000000000),
    UINT64_C(100000000000000),
    UINT64_C(1000000000000000),
    UINT64_C(10000000000000000),
    UINT64_C(100000000000000000),
    UINT64_C(1000000000000000000),
    UINT64_C(10000000000000000000),
};

/* Number of leading ASCII digits (0..8) in the 8 bytes v (first byte in the low bits). */
static inline unsigned digit_run(uint64_t v)
{
    uint64_t t = v ^ UINT64_C(0x3030303030303030); /* digits -> 0..9, others >= 10 */
    uint64_t nd =
        (((t & UINT64_C(0x7F7F7F7F7F7F7F7F)) + UINT64_C(0x7676767676767676)) | t) & UINT64_C(0x8080808080808080);
    return nd ? (unsigned)__builtin_ctzll(nd) >> 3 : 8;
}

#endif
