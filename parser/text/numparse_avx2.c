/* numparse_avx2.c - ps_num_parse_cells for AVX2 processors with FMA (and no AVX-512): the method
 * of numparse_avx512.c with 256-bit registers.
 *
 * Per 8 cells: (1) each cell's 32-byte window (ending at the cell's end) gives digit, separator
 * and '-' masks; (2) the checks, the sign, the separator's position and the digit counts of the
 * 8 cells run in the 32-bit lanes of one register (the separator's position from the exponent
 * of its bit converted to float, since AVX2 has no lane bit scan); (3) per cell the integer
 * digits move one byte up over the separator (a blend with the window shifted by one), what
 * precedes the number is cleared and pmaddubsw/pmaddwd make three 8-digit groups; (4) the
 * values, 4 per register, as double-double products rounded once, with the same midpoint check
 * as the AVX-512 form. Cells it refuses or cannot decide go to ps_num_parse.
 */
#include "numparse.h"

#include <limits.h>
#include <string.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

#define AVX2_TARGET __attribute__((target("avx2,fma")))

/* Step 4 for cells j .. j + 3: groups g1, g2, g3, fraction count and sign in w (UINT_MAX:
 * refused). Returns the 4-bit mask of the cells not decided. */
AVX2_TARGET static inline unsigned values4(const uint32_t *g1, const uint32_t *g2, const uint32_t *g3,
                                           const unsigned *w, double *out)
{
    const __m256d e8 = _mm256_set1_pd(1e8), zero = _mm256_setzero_pd();
    const __m256i expo = _mm256_set1_epi64x(0x7FF0000000000000LL), frac = _mm256_set1_epi64x(0x000FFFFFFFFFFFFFLL);
    __m128i wi = _mm_loadu_si128((const __m128i *)w);
    __m128i f = _mm_and_si128(wi, _mm_set1_epi32(0xFF));
    __m256d a = _mm256_cvtepi32_pd(_mm_loadu_si128((const __m128i *)g1));
    __m256d b = _mm256_cvtepi32_pd(_mm_loadu_si128((const __m128i *)g2));
    __m256d c = _mm256_cvtepi32_pd(_mm_loadu_si128((const __m128i *)g3));
    /* refused cells (w above 0x1FF), more than 23 fraction digits, 20 digits or more */
    __m128i badi = _mm_or_si128(_mm_cmpgt_epi32(_mm_srli_epi32(wi, 9), _mm_setzero_si128()),
                                _mm_cmpgt_epi32(f, _mm_set1_epi32(23)));
    __m256d bad = _mm256_or_pd(_mm256_castsi256_pd(_mm256_cvtepi32_epi64(badi)),
                               _mm256_cmp_pd(a, _mm256_set1_pd(999), _CMP_GT_OQ));
    f = _mm_and_si128(f, _mm_set1_epi32(31));
    __m256d hi = _mm256_fmadd_pd(a, e8, b);
    __m256d mh = _mm256_fmadd_pd(hi, e8, c);
    __m256d ml = _mm256_add_pd(_mm256_fmsub_pd(hi, e8, mh), c);
    __m256d ph = _mm256_i32gather_pd(ps_num_pow10_hi, f, 8), pl = _mm256_i32gather_pd(ps_num_pow10_lo, f, 8);
    __m256d p = _mm256_mul_pd(mh, ph);
    __m256d e = _mm256_fmsub_pd(mh, ph, p); /* exact: mh * ph = p + e */
    e = _mm256_fmadd_pd(mh, pl, e);
    e = _mm256_fmadd_pd(ml, ph, e);
    __m256d r = _mm256_add_pd(p, e);
    __m256d res = _mm256_sub_pd(e, _mm256_sub_pd(r, p)); /* exact: p + e = r + res */
    __m256i rb = _mm256_castpd_si256(r);
    __m256d thr = _mm256_mul_pd(_mm256_castsi256_pd(_mm256_and_si256(rb, expo)), _mm256_set1_pd(0x1p-53 - 0x1p-100));
    __m256d down =
        _mm256_and_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(_mm256_and_si256(rb, frac), _mm256_setzero_si256())),
                      _mm256_cmp_pd(res, zero, _CMP_LT_OQ));
    thr = _mm256_blendv_pd(thr, _mm256_mul_pd(thr, _mm256_set1_pd(0.5)), down);
    __m256d ares = _mm256_andnot_pd(_mm256_set1_pd(-0.0), res);
    __m256d near = _mm256_and_pd(_mm256_cmp_pd(ares, thr, _CMP_GE_OQ), _mm256_cmp_pd(mh, zero, _CMP_NEQ_OQ));
    __m256i sign = _mm256_slli_epi64(_mm256_cvtepi32_epi64(_mm_and_si128(wi, _mm_set1_epi32(0x100))), 55);
    _mm256_storeu_pd(out, _mm256_castsi256_pd(_mm256_or_si256(rb, sign)));
    return (unsigned)_mm256_movemask_pd(_mm256_or_pd(bad, near));
}

AVX2_TARGET unsigned ps_num_values4_avx2(const uint32_t *g1, const uint32_t *g2, const uint32_t *g3, const unsigned *w,
                                         double *out)
{
    return values4(g1, g2, g3, w, out);
}

/* Four 32-bit masks and four more as the lanes of a register, from registers. */
AVX2_TARGET static inline __m256i lanes8(const uint32_t *m)
{
    return _mm256_setr_epi32((int)m[0], (int)m[1], (int)m[2], (int)m[3], (int)m[4], (int)m[5], (int)m[6], (int)m[7]);
}

AVX2_TARGET int ps_num_cells_avx2x8(const char *const *s, const uint8_t *len, const uint32_t *idx, size_t k, char dec,
                                    double *vals)
{
    uint32_t g1[PS_NUM_CELLS_MAX + 8], g2[PS_NUM_CELLS_MAX + 8], g3[PS_NUM_CELLS_MAX + 8];
    unsigned nf[PS_NUM_CELLS_MAX + 8];
    double out[PS_NUM_CELLS_MAX + 8];
    const __m256i c0 = _mm256_set1_epi8('0'), c9 = _mm256_set1_epi8(9), cd = _mm256_set1_epi8(dec);
    const __m256i cm = _mm256_set1_epi8('-'), one = _mm256_set1_epi32(1), c32 = _mm256_set1_epi32(32);
    const __m256i iota = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
                                          22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
    uint64_t redo = 0;
    for (size_t j = 0; j < k; j += 8) {
        /* 1. windows and masks (cells past k repeat the last one) */
        __m256i d[8];
        uint32_t dig[8], dot[8], minus[8], ln[8];
#pragma GCC unroll 8
        for (int q = 0; q < 8; q++) {
            size_t c = j + (size_t)q < k ? j + (size_t)q : k - 1;
            ln[q] = len[c];
            __m256i x = _mm256_loadu_si256((const __m256i *)(s[c] + len[c] - 32));
            d[q] = _mm256_sub_epi8(x, c0);
            dig[q] = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_max_epu8(d[q], c9), c9));
            dot[q] = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(x, cd));
            minus[q] = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(x, cm));
        }
        /* 2. the 8 cells in 32-bit lanes: sign, text after it, "I[.F]" with 1 to 24 digits */
        __m256i n = lanes8(ln);
        __m256i sg = _mm256_and_si256(_mm256_srlv_epi32(lanes8(minus), _mm256_sub_epi32(c32, n)), one);
        n = _mm256_sub_epi32(n, sg);
        __m256i f = _mm256_sllv_epi32(one, _mm256_sub_epi32(c32, n)),
                text = _mm256_sub_epi32(_mm256_setzero_si256(), f);
        __m256i dg = _mm256_and_si256(lanes8(dig), text), dt = _mm256_and_si256(lanes8(dot), text);
        __m256i has = _mm256_andnot_si256(_mm256_cmpeq_epi32(dt, _mm256_setzero_si256()), _mm256_set1_epi32(-1));
        __m256i nd = _mm256_add_epi32(n, has); /* n - 1 where there is a separator */
        __m256i bad = _mm256_xor_si256(_mm256_cmpeq_epi32(_mm256_or_si256(dg, dt), text), _mm256_set1_epi32(-1));
        bad = _mm256_or_si256(bad,
                              _mm256_andnot_si256(_mm256_cmpeq_epi32(_mm256_and_si256(dt, f), _mm256_setzero_si256()),
                                                  _mm256_set1_epi32(-1)));
        bad =
            _mm256_or_si256(bad, _mm256_andnot_si256(_mm256_cmpeq_epi32(_mm256_and_si256(dt, _mm256_sub_epi32(dt, one)),
                                                                        _mm256_setzero_si256()),
                                                     _mm256_set1_epi32(-1)));
        /* n - 1 > 27 and nd - 1 > 23 as unsigned numbers */
        __m256i n1 = _mm256_sub_epi32(n, one), nd1 = _mm256_sub_epi32(nd, one);
        bad = _mm256_or_si256(bad, _mm256_xor_si256(_mm256_cmpeq_epi32(_mm256_min_epu32(n1, _mm256_set1_epi32(27)), n1),
                                                    _mm256_set1_epi32(-1)));
        bad =
            _mm256_or_si256(bad, _mm256_xor_si256(_mm256_cmpeq_epi32(_mm256_min_epu32(nd1, _mm256_set1_epi32(23)), nd1),
                                                  _mm256_set1_epi32(-1)));
        /* the separator's position: the exponent of its single bit as a float (bit 31 reads as
         * -2^31, the same exponent) */
        __m256i dk =
            _mm256_sub_epi32(_mm256_and_si256(_mm256_srli_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(dt)), 23),
                                              _mm256_set1_epi32(0xFF)),
                             _mm256_set1_epi32(127));
        __m256i fr = _mm256_and_si256(_mm256_sub_epi32(_mm256_set1_epi32(31), dk), has);
        fr = _mm256_or_si256(_mm256_or_si256(fr, _mm256_slli_epi32(sg, 8)), bad); /* bad: UINT_MAX */
        _mm256_storeu_si256((__m256i *)(nf + j), fr);
        /* per cell: bytes below kd take the byte before them; bytes below ks are cleared */
        uint32_t kd[8], ks[8];
        _mm256_storeu_si256((__m256i *)kd, _mm256_and_si256(_mm256_add_epi32(dk, one), has));
        _mm256_storeu_si256((__m256i *)ks, _mm256_blendv_epi8(_mm256_sub_epi32(c32, nd), c32, bad));
        /* 3. digits right-aligned, 8-digit groups */
#pragma GCC unroll 8
        for (int q = 0; q < 8; q++) {
            __m256i sh = _mm256_alignr_epi8(d[q], _mm256_permute2x128_si256(d[q], d[q], 0x08), 15);
            __m256i r = _mm256_blendv_epi8(d[q], sh, _mm256_cmpgt_epi8(_mm256_set1_epi8((char)kd[q]), iota));
            r = _mm256_andnot_si256(_mm256_cmpgt_epi8(_mm256_set1_epi8((char)ks[q]), iota), r);
            __m256i p = _mm256_maddubs_epi16(r, _mm256_set1_epi16(0x010A));
            __m256i qd = _mm256_madd_epi16(p, _mm256_set1_epi32(0x00010064));
            __m256i g = _mm256_madd_epi16(_mm256_packus_epi32(qd, qd), _mm256_set1_epi32(0x00012710));
            g1[j + q] = (uint32_t)_mm256_extract_epi32(g, 1);
            __m128i h = _mm256_extracti128_si256(g, 1);
            g2[j + q] = (uint32_t)_mm_cvtsi128_si32(h);
            g3[j + q] = (uint32_t)_mm_extract_epi32(h, 1);
        }
        /* 4. values */
        redo |= (uint64_t)values4(g1 + j, g2 + j, g3 + j, nf + j, out + j) << j;
        redo |= (uint64_t)values4(g1 + j + 4, g2 + j + 4, g3 + j + 4, nf + j + 4, out + j + 4) << (j + 4);
    }
    if (k < 64)
        redo &= (UINT64_C(1) << k) - 1;
    for (size_t j = 0; j < k; j++)
        vals[idx[j]] = out[j];
    for (; redo; redo &= redo - 1) {
        size_t j = (size_t)__builtin_ctzll(redo);
        if (ps_num_parse(s[j], len[j], dec, &vals[idx[j]]) != 0)
            return -1;
    }
    return 0;
}

#else

unsigned ps_num_values4_avx2(const uint32_t *g1, const uint32_t *g2, const uint32_t *g3, const unsigned *w, double *out)
{
    (void)g1, (void)g2, (void)g3, (void)w, (void)out;
    return 15;
}

int ps_num_cells_avx2x8(const char *const *s, const uint8_t *len, const uint32_t *idx, size_t k, char dec, double *vals)
{
    for (size_t j = 0; j < k; j++)
        if (ps_num_parse(s[j], len[j], dec, &vals[idx[j]]) != 0)
            return -1;
    return 0;
}

#endif
