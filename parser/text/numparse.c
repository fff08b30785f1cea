/* numparse.c - cell parsers for counter logs, and the choice of their form.
 *
 * A cell's length is known before it is parsed (the reader found its closing quote or separator
 * first), so "[-]I[.F]" cells are gathered without looking for their end: the digits of a
 * window that ends at the cell's end become a uint64 mantissa and a fraction digit count, and
 * Eisel-Lemire (numparse_core.h) rounds m * 10^-f. Forms: portable SWAR words (cell_swar), SSE2
 * (cell_sse2), AVX2 one cell at a time (gather_avx2); whole rows of cells go through
 * numparse_avx2.c (AVX2 with FMA) or numparse_avx512.c. The form is chosen once, before main,
 * from ps_cpu_features(). Anything a gatherer refuses goes to ps_num_parse (numparse_scan.c).
 */
#include "numparse_core.h"
#include "numparse.h"
#include "ps_cpu.h"

#include <limits.h>
#include <stdint.h>
#include <string.h>

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
    uint32_t dots =
        (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(lo, cd)) | (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(hi, cd)) << 16;
    uint32_t text = UINT32_MAX << (32 - len);
    dots &= text;
    if ((dots & (dots - 1)) | (~(dig | dots) & text))
        return -1; /* two separators, or a byte that is neither digit nor separator */
    int dk = dots ? __builtin_ctz(dots) : -1; /* window position of the separator */
    unsigned ni = dots ? (unsigned)dk - (32 - len) : len, nf = dots ? 31 - (unsigned)dk : 0;
    unsigned nd = ni + nf;
    if (ni == 0 || nd > 24) /* groups 8-31 hold at most 24 digits */
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
    const __m128i m10 = _mm_set1_epi32(0x0001000A), m100 = _mm_set1_epi32(0x00010064),
                  m1e4 = _mm_set1_epi32(0x00012710);
    __m128i p0 = _mm_madd_epi16(_mm_unpacklo_epi8(rl, zero), m10),
            p1 = _mm_madd_epi16(_mm_unpackhi_epi8(rl, zero), m10);
    __m128i p2 = _mm_madd_epi16(_mm_unpacklo_epi8(rh, zero), m10),
            p3 = _mm_madd_epi16(_mm_unpackhi_epi8(rh, zero), m10);
    __m128i q0 = _mm_madd_epi16(_mm_packs_epi32(p0, p1), m100), q1 = _mm_madd_epi16(_mm_packs_epi32(p2, p3), m100);
    __m128i g = _mm_madd_epi16(_mm_packs_epi32(q0, q1), m1e4); /* groups: digits 0-7, 8-15, 16-23, 24-31 */
    uint64_t g1 = (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(g, 4));
    uint64_t g2 = (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(g, 8));
    uint64_t g3 = (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(g, 12));
    if (g1 >= 1000)
        return -1; /* more than 19 significant digits: the mantissa could pass 2^64 */
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
    if (ni == 0 || (ni < len && s[ni] != dec)) /* also 9 or more integer digits */
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
            return -1; /* every byte of the fraction must be a digit */
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
    0x1.0000000000000p+0,  0x1.999999999999ap-4,  0x1.47ae147ae147bp-7,  0x1.0624dd2f1a9fcp-10, 0x1.a36e2eb1c432dp-14,
    0x1.4f8b588e368f1p-17, 0x1.0c6f7a0b5ed8dp-20, 0x1.ad7f29abcaf48p-24, 0x1.5798ee2308c3ap-27, 0x1.12e0be826d695p-30,
    0x1.b7cdfd9d7bdbbp-34, 0x1.5fd7fe1796495p-37, 0x1.19799812dea11p-40, 0x1.c25c268497682p-44, 0x1.6849b86a12b9bp-47,
    0x1.203af9ee75616p-50, 0x1.cd2b297d889bcp-54, 0x1.70ef54646d497p-57, 0x1.2725dd1d243acp-60, 0x1.d83c94fb6d2acp-64,
    0x1.79ca10c924223p-67, 0x1.2e3b40a0e9b4fp-70, 0x1.e392010175ee6p-74, 0x1.82db34012b251p-77,
};
const double ps_num_pow10_lo[32] = {
    0.0,
    -0x1.999999999999ap-58,
    -0x1.eb851eb851eb8p-63,
    -0x1.89374bc6a7efap-66,
    -0x1.6a161e4f765fep-68,
    -0x1.ee78183f91e64p-71,
    0x1.b5a63f9a49c2cp-75,
    0x1.5e1e99483b023p-78,
    -0x1.03023df2d4c94p-82,
    -0x1.34674bfabb83bp-84,
    -0x1.20a5465df8d2cp-88,
    0x1.7f7bc7b4d28aap-91,
    0x1.97f27f0f6e886p-96,
    -0x1.ecd79a5a0df95p-99,
    0x1.ea70909833de7p-107,
    -0x1.937831647f5a0p-104,
    0x1.5b4c2ebe68799p-109,
    -0x1.db7b2080a3029p-111,
    -0x1.7c628066e8ceep-114,
    0x1.a52b31e9e3d07p-119,
    0x1.75447a5d8e536p-121,
    0x1.f769fb7e0b75ep-124,
    -0x1.a7566d9cba769p-128,
    0x1.13badb829e079p-131,
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
    const __m256i iota = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
                                          22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
    /* the window one byte up: byte k of sh is byte k - 1 of d (0 at k = 0) */
    __m256i sh = _mm256_alignr_epi8(d, _mm256_permute2x128_si256(d, d, 0x08), 15);
    __m256i r = _mm256_blendv_epi8(d, sh, _mm256_cmpgt_epi8(_mm256_set1_epi8((char)(dk + 1)), iota));
    r = _mm256_andnot_si256(_mm256_cmpgt_epi8(_mm256_set1_epi8((char)(32 - nd)), iota), r);
    __m256i p = _mm256_maddubs_epi16(r, _mm256_set1_epi16(0x010A)); /* pairs: 10 a + b */
    __m256i q = _mm256_madd_epi16(p, _mm256_set1_epi32(0x00010064)); /* 4 digits */
    __m256i g = _mm256_madd_epi16(_mm256_packus_epi32(q, q), _mm256_set1_epi32(0x00012710)); /* 8 digits */
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
    return ps_num_have_avx512() ? ps_num_cells_avx512(s, len, idx, k, dec, vals)
                                : cells_impl(s, len, idx, k, dec, vals);
}

int ps_num_parse_cells_with(int impl, const char *const *s, const uint8_t *len, const uint32_t *idx, size_t k, char dec,
                            double *vals)
{
    k = k < PS_NUM_CELLS_MAX ? k : PS_NUM_CELLS_MAX;
    switch (impl) {
    case 0: return cells_default(s, len, idx, k, dec, vals);
#if HAVE_AVX2_PATH
    case 1: return (ps_cpu_features() & PS_CPU_AVX2) ? cells_avx2(s, len, idx, k, dec, vals) : -2;
    case 2: return ps_num_have_avx512() ? ps_num_cells_avx512(s, len, idx, k, dec, vals) : -2;
    case 3:
        return (ps_cpu_features() & (PS_CPU_AVX2 | PS_CPU_FMA)) == (PS_CPU_AVX2 | PS_CPU_FMA)
                   ? ps_num_cells_avx2x8(s, len, idx, k, dec, vals)
                   : -2;
#endif
    default: return -2;
    }
}

int ps_num_parse_cell_with(int impl, const char *s, size_t len, char dec, double *out)
{
    switch (impl) {
    case 0: return cell_portable(s, len, dec, out);
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
    default: return -2;
    }
}

/* The whole-string form of ps_num_scan (numparse_scan.c). It lives here so that the cell
 * parsers' fallback above inlines it. */
int ps_num_parse(const char *s, size_t len, char dec, double *out)
{
    const char *e = ps_num_scan(s, s + len, dec, out);
    return e && e == s + len ? 0 : -1;
}
