/* numparse_avx512.c - ps_num_parse_cells for processors with AVX-512 (F, DQ, VL, BW, VBMI, VBMI2):
 * the digits of two cells per 64-byte register, the values of eight cells per register.
 *
 * Digits: each cell's 32-byte window ends at the cell's end (as in numparse.c). Byte masks of
 * digits and of the separator come straight out of the compares and are checked for both cells
 * at once; a byte compress packs the digits of both, a byte expand spreads them over the top
 * bytes of each half (right-aligned, zeros before), pmaddubsw/pmaddwd make 8-digit groups.
 *
 * Values: instead of Eisel-Lemire per cell, each value m * 10^-f (m < 10^19, f <= 23) is a
 * double-double product (m exactly as mh + ml, 10^-f as ph + pl to 106 bits, fused
 * multiply-adds), rounded once: r = RN(p + e). The exact value differs from p + e by less than
 * 2^-103 of it, so r is the correctly rounded result unless p + e lies within that distance of
 * a midpoint between two doubles (|residual| close to half an ulp, or to a quarter of one just
 * below a power of two). Such cells (exact ties; random values about once in 2^46) and every
 * cell the digit step refuses go to ps_num_parse, which decides them exactly.
 */
#include "numparse.h"
#include "ps_cpu.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* 10^-f = hi + lo for f = 0..23, hi = RN(10^-f), lo = RN(10^-f - hi) (exact fractions, made
 * with Python's fractions module: float(F(1, 10**f)) and float(F(1, 10**f) - F(hi))). */

#if PS_NUM_HAVE_AVX512
#include <immintrin.h>

#define AVX512_TARGET \
    __attribute__((   \
        target("avx512f,avx512dq,avx512vl,avx512bw,avx512vbmi,avx512vbmi2,avx512vpopcntdq,fma,bmi,bmi2,popcnt")))

/* One of the 32-entry tables at the indexes f (0..31) of the 8 lanes. */
AVX512_TARGET static inline __m512d table8(const double *t, __m512i f)
{
    __m512d a = _mm512_permutex2var_pd(_mm512_loadu_pd(t), f, _mm512_loadu_pd(t + 8));
    __m512d b = _mm512_permutex2var_pd(_mm512_loadu_pd(t + 16), f, _mm512_loadu_pd(t + 24));
    return _mm512_mask_blend_pd(_mm512_cmpge_epu64_mask(f, _mm512_set1_epi64(16)), a, b);
}

/* ps_num_values_avx512 (contract in numparse.h), inlined into the cells form. */
AVX512_TARGET static inline uint64_t values(const uint32_t *grp, const unsigned *nf, size_t k, double *out)
{
    uint64_t redo = 0;
    const __m512i low = _mm512_set1_epi64(0xFF), sign = _mm512_set1_epi64((long long)1 << 8);
    const __m512i expo = _mm512_set1_epi64(0x7FF0000000000000LL), frac = _mm512_set1_epi64(0x000FFFFFFFFFFFFFLL);
    const __m512d margin = _mm512_set1_pd(0x1p-53 - 0x1p-100), e8 = _mm512_set1_pd(1e8);
    /* dwords 8c+1, 8c+4, 8c+5 of 4 cells from two registers, then g1 and g2 of 8 cells, and g3 */
    const __m512i pick4 = _mm512_setr_epi32(1, 9, 17, 25, 4, 12, 20, 28, 5, 13, 21, 29, 0, 0, 0, 0);
    const __m512i pick12 = _mm512_setr_epi32(0, 1, 2, 3, 16, 17, 18, 19, 4, 5, 6, 7, 20, 21, 22, 23);
    const __m512i pick3 = _mm512_setr_epi32(8, 9, 10, 11, 24, 25, 26, 27, 0, 0, 0, 0, 0, 0, 0, 0);
    for (size_t j = 0; j < k; j += 8) {
        __mmask8 live = (__mmask8)(k - j >= 8 ? 0xFF : (1u << (k - j)) - 1);
        const uint32_t *g = grp + 8 * j;
        __m512i a = _mm512_permutex2var_epi32(_mm512_loadu_si512(g), pick4, _mm512_loadu_si512(g + 16));
        __m512i b = _mm512_permutex2var_epi32(_mm512_loadu_si512(g + 32), pick4, _mm512_loadu_si512(g + 48));
        __m512i g12 = _mm512_permutex2var_epi32(a, pick12, b), g3 = _mm512_permutex2var_epi32(a, pick3, b);
        __m256i g1 = _mm512_castsi512_si256(g12);
        __m512i w = _mm512_cvtepu32_epi64(_mm256_maskz_loadu_epi32(live, nf + j));
        /* digit-step refusals (nf = UINT_MAX), fraction counts past the table, 20 digits */
        __mmask8 bad = _mm512_cmpgt_epu64_mask(w, _mm512_set1_epi64(0x1FF)) |
                       _mm512_cmpgt_epu64_mask(_mm512_and_si512(w, low), _mm512_set1_epi64(23)) |
                       _mm256_cmpgt_epu32_mask(g1, _mm256_set1_epi32(999));
        __m512i f = _mm512_and_si512(w, _mm512_set1_epi64(31));
        /* m = (g1 * 10^8 + g2) * 10^8 + g3 = mh + ml exactly */
        __m512d hi = _mm512_fmadd_pd(_mm512_cvtepu32_pd(g1), e8, _mm512_cvtepu32_pd(_mm512_extracti64x4_epi64(g12, 1)));
        __m512d lo = _mm512_cvtepu32_pd(_mm512_castsi512_si256(g3));
        __m512d mh = _mm512_fmadd_pd(hi, e8, lo);
        __m512d ml = _mm512_add_pd(_mm512_fmsub_pd(hi, e8, mh), lo);
        __m512d ph = table8(ps_num_pow10_hi, f), pl = table8(ps_num_pow10_lo, f);
        __m512d p = _mm512_mul_pd(mh, ph);
        __m512d e = _mm512_fmsub_pd(mh, ph, p); /* exact: mh * ph = p + e */
        e = _mm512_fmadd_pd(mh, pl, e);
        e = _mm512_fmadd_pd(ml, ph, e);
        __m512d r = _mm512_add_pd(p, e);
        __m512d res = _mm512_sub_pd(e, _mm512_sub_pd(r, p)); /* exact: p + e = r + res */
        __m512i rb = _mm512_castpd_si512(r);
        /* half an ulp of r, less the margin; a quarter below a power of two (the ulp under it
         * is half as wide) */
        __m512d thr = _mm512_mul_pd(_mm512_castsi512_pd(_mm512_and_si512(rb, expo)), margin);
        __mmask8 down = _mm512_testn_epi64_mask(rb, frac) & _mm512_cmp_pd_mask(res, _mm512_setzero_pd(), _CMP_LT_OQ);
        thr = _mm512_mask_mul_pd(thr, down, thr, _mm512_set1_pd(0.5));
        __mmask8 near = _mm512_cmp_pd_mask(_mm512_abs_pd(res), thr, _CMP_GE_OQ);
        near &= _mm512_cmp_pd_mask(mh, _mm512_setzero_pd(), _CMP_NEQ_OQ); /* m = 0 is exactly 0 */
        __m512i v = _mm512_or_si512(rb, _mm512_slli_epi64(_mm512_and_si512(w, sign), 55));
        _mm512_mask_storeu_pd(out + j, live, _mm512_castsi512_pd(v));
        redo |= (uint64_t)(uint8_t)((bad | near) & live) << j;
    }
    return redo;
}

AVX512_TARGET uint64_t ps_num_values_avx512(const uint32_t *grp, const unsigned *nf, size_t k, double *out)
{
    return values(grp, nf, k, out);
}

/* Four 64-bit masks as the lanes of a register, built from registers (a vector load of the
 * four stores would wait for them: store forwarding fails on a wider load). */
AVX512_TARGET static inline __m256i masks4(const uint64_t *m)
{
    return _mm256_set_epi64x((long long)m[3], (long long)m[2], (long long)m[1], (long long)m[0]);
}

AVX512_TARGET int ps_num_cells_avx512(const char *const *s, const uint8_t *len, const uint32_t *idx, size_t k, char dec,
                                      double *vals)
{
    uint32_t grp[16 * (PS_NUM_CELLS_MAX / 2) + 64] __attribute__((aligned(64)));
    unsigned nf[PS_NUM_CELLS_MAX + 8];
    double out[PS_NUM_CELLS_MAX];
    const __m512i c0 = _mm512_set1_epi8('0'), c9 = _mm512_set1_epi8(9), cd = _mm512_set1_epi8(dec);
    const __m512i cm = _mm512_set1_epi8('-');
    const __m256i one = _mm256_set1_epi32(1), c32 = _mm256_set1_epi32(32), zero = _mm256_setzero_si256();
    size_t j;
    if (k == 0)
        return 0;
    for (j = 0; j < k; j += 8) {
        /* 1. the windows of 8 cells, two per register, and their digit, separator and '-' masks
         * (cells past k repeat the last one) */
        __m512i d[4];
        uint64_t dig[4], dot[4], minus[4];
        uint8_t ln[8];
#pragma GCC unroll 4
        for (int q = 0; q < 4; q++) {
            size_t a = j + 2 * (size_t)q < k ? j + 2 * (size_t)q : k - 1, b = a + 1 < k ? a + 1 : k - 1;
            ln[2 * q] = len[a];
            ln[2 * q + 1] = len[b];
            __m512i x =
                _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)(s[a] + len[a] - 32))),
                                   _mm256_loadu_si256((const __m256i *)(s[b] + len[b] - 32)), 1);
            d[q] = _mm512_sub_epi8(x, c0);
            dig[q] = _mm512_cmple_epu8_mask(d[q], c9);
            dot[q] = _mm512_cmpeq_epi8_mask(x, cd);
            minus[q] = _mm512_cmpeq_epi8_mask(x, cm);
        }
        /* 2. the 8 cells' masks as 32-bit lanes: the sign (the first byte '-'), the text after it,
         * "I[.F]" (only digits and at most one separator, not first; 1 to 24 digits) */
        __m256i n = _mm256_setr_epi32(ln[0], ln[1], ln[2], ln[3], ln[4], ln[5], ln[6], ln[7]);
        __m256i sg = _mm256_and_si256(_mm256_srlv_epi32(masks4(minus), _mm256_sub_epi32(c32, n)), one);
        n = _mm256_sub_epi32(n, sg);
        __m256i f = _mm256_sllv_epi32(one, _mm256_sub_epi32(c32, n)), text = _mm256_sub_epi32(zero, f);
        __m256i dg = _mm256_and_si256(masks4(dig), text);
        __m256i dt = _mm256_and_si256(masks4(dot), text);
        __m256i nd = _mm256_popcnt_epi32(dg);
        __mmask8 bad = _mm256_cmpneq_epi32_mask(_mm256_or_si256(dg, dt), text) | _mm256_test_epi32_mask(dt, f) |
                       _mm256_test_epi32_mask(dt, _mm256_sub_epi32(dt, one)) |
                       _mm256_cmpgt_epu32_mask(_mm256_sub_epi32(n, one), _mm256_set1_epi32(27)) |
                       _mm256_cmpgt_epu32_mask(_mm256_sub_epi32(nd, one), _mm256_set1_epi32(23));
        /* fraction digits (after the separator) and the sign; refused cells to ps_num_parse */
        __m256i fr = _mm256_popcnt_epi32(_mm256_and_si256(dg, _mm256_sub_epi32(zero, _mm256_slli_epi32(dt, 1))));
        fr = _mm256_mask_mov_epi32(_mm256_or_si256(fr, _mm256_slli_epi32(sg, 8)), bad, _mm256_set1_epi32(-1));
        _mm256_storeu_si256((__m256i *)(nf + j), fr);
        /* the digits' bytes, and the top nd bytes of each cell's half where they go */
        uint64_t keep[4], take[4];
        _mm256_storeu_si256((__m256i *)keep,
                            _mm256_maskz_sllv_epi32((__mmask8)~bad, _mm256_set1_epi32(-1), _mm256_sub_epi32(c32, nd)));
        _mm256_storeu_si256((__m256i *)take, _mm256_maskz_mov_epi32((__mmask8)~bad, dg));
        /* 3. digits packed, spread right-aligned over each half, summed into 8-digit groups */
#pragma GCC unroll 4
        for (int q = 0; q < 4; q++) {
            __m512i r = _mm512_maskz_expand_epi8(keep[q], _mm512_maskz_compress_epi8(take[q], d[q]));
            __m512i pr = _mm512_maddubs_epi16(r, _mm512_set1_epi16(0x010A)); /* pairs: 10 a + b */
            __m512i qd = _mm512_madd_epi16(pr, _mm512_set1_epi32(0x00010064)); /* 4 digits */
            __m512i g = _mm512_madd_epi16(_mm512_packus_epi32(qd, qd), _mm512_set1_epi32(0x00012710)); /* 8 digits */
            _mm512_store_si512(grp + 8 * (j + 2 * (size_t)q), g);
        }
    }
    uint64_t redo = values(grp, nf, k, out);
    for (j = 0; j < k; j++)
        vals[idx[j]] = out[j];
    for (; redo; redo &= redo - 1) {
        j = (size_t)__builtin_ctzll(redo);
        if (ps_num_parse(s[j], len[j], dec, &vals[idx[j]]) != 0)
            return -1;
    }
    return 0;
}

int ps_num_have_avx512(void)
{
    return (ps_cpu_features() & PS_CPU_AVX512_TEXT) != 0;
}

#else

uint64_t ps_num_values_avx512(const uint32_t *grp, const unsigned *nf, size_t k, double *out)
{
    (void)grp, (void)nf, (void)out;
    return k >= 64 ? UINT64_MAX : (UINT64_C(1) << k) - 1;
}

int ps_num_cells_avx512(const char *const *s, const uint8_t *len, const uint32_t *idx, size_t k, char dec, double *vals)
{
    for (size_t j = 0; j < k; j++)
        if (ps_num_parse(s[j], len[j], dec, &vals[idx[j]]) != 0)
            return -1;
    return 0;
}

int ps_num_have_avx512(void)
{
    return 0;
}

#endif
