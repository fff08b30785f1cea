/* acc4_avx2.c - ps_acc_add4: the lane form of the batch statistics (see acc8_avx512.c) for
 * processors with AVX2 but without AVX-512: four columns per 256-bit register, called twice per
 * cache line of eight columns.
 *
 * AVX2 has no masked operations, no int64-to-double conversion and no unsigned compare, so:
 * every masked update is an update followed by a blend on the lane's "not NaN" mask (the same
 * value as the masked form); integers below 2^51 in magnitude become doubles exactly by adding
 * them to the bits of 1.5 * 2^52 and subtracting 1.5 * 2^52 (the run declines, before doing
 * anything, when a time difference could be larger); the bucket index is computed in doubles,
 * where it is an exact small integer; unsigned compares flip the sign bit first.
 */
#include "stats_internal.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

#define AVX2_TARGET __attribute__((target("avx2")))

#define POS_LO_BITS 0x0170000000000001LL /* as in sketch.c */
#define POS_SPAN (0x7FEFFFFFFFFFFFFFLL - POS_LO_BITS + 1)
#define MAGIC 0x4338000000000000LL /* the bits of 1.5 * 2^52 */
#define LIMIT ((long long)1 << 50) /* time differences kept below 2^51 with room */

/* Exact (double)x for |x| < 2^51. */
AVX2_TARGET static inline __m256d i64_to_pd(__m256i x)
{
    return _mm256_sub_pd(_mm256_castsi256_pd(_mm256_add_epi64(x, _mm256_set1_epi64x(MAGIC))), _mm256_set1_pd(0x1.8p52));
}

/* x < y as unsigned 64-bit numbers. */
AVX2_TARGET static inline __m256i lt_u64(__m256i x, __m256i y)
{
    const __m256i flip = _mm256_set1_epi64x((long long)0x8000000000000000ULL);
    return _mm256_cmpgt_epi64(_mm256_xor_si256(y, flip), _mm256_xor_si256(x, flip));
}

AVX2_TARGET static void pass1(const ps_time *t, const double *v, size_t stride, size_t n, double *tile, ps_lanes *b)
{
    __m256d lo = _mm256_loadu_pd(b->lo), hi = _mm256_loadu_pd(b->hi), pv = _mm256_loadu_pd(b->pv);
    __m256d tw = _mm256_loadu_pd(b->tw), sum = _mm256_setzero_pd();
    __m256d dlo = _mm256_set1_pd(INFINITY), dhi = _mm256_set1_pd(-INFINITY);
    __m256i pt = _mm256_loadu_si256((const __m256i *)b->pt), cnt = _mm256_setzero_si256();
    for (size_t i = 0; i < n; i++) {
        const double *row = v + i * stride;
        _mm_prefetch((const char *)(row + 8), _MM_HINT_T0); /* the next cache line of columns */
        __m256d x = _mm256_load_pd(row);
        _mm256_store_pd(tile + 4 * i, x);
        __m256d m = _mm256_cmp_pd(x, x, _CMP_ORD_Q);
        __m256i ti = _mm256_set1_epi64x(t[i]);
        __m256d dt = i64_to_pd(_mm256_sub_epi64(ti, pt));
        cnt = _mm256_sub_epi64(cnt, _mm256_castpd_si256(m)); /* -1 where present */
        sum = _mm256_blendv_pd(sum, _mm256_add_pd(sum, x), m);
        lo = _mm256_blendv_pd(lo, _mm256_min_pd(x, lo), m);
        hi = _mm256_blendv_pd(hi, _mm256_max_pd(x, hi), m);
        tw = _mm256_blendv_pd(tw, _mm256_add_pd(tw, _mm256_mul_pd(pv, dt)), m);
        dlo = _mm256_blendv_pd(dlo, _mm256_min_pd(dt, dlo), m);
        dhi = _mm256_blendv_pd(dhi, _mm256_max_pd(dt, dhi), m);
        pt = _mm256_castpd_si256(_mm256_blendv_pd(_mm256_castsi256_pd(pt), _mm256_castsi256_pd(ti), m));
        pv = _mm256_blendv_pd(pv, x, m);
    }
    _mm256_storeu_si256((__m256i *)b->cnt, cnt);
    _mm256_storeu_pd(b->sum, sum);
    _mm256_storeu_pd(b->lo, lo);
    _mm256_storeu_pd(b->hi, hi);
    _mm256_storeu_pd(b->pv, pv);
    _mm256_storeu_pd(b->tw, tw);
    _mm256_storeu_pd(b->dlo, dlo);
    _mm256_storeu_pd(b->dhi, dhi);
    _mm256_storeu_si256((__m256i *)b->pt, pt);
}

AVX2_TARGET static void pass2(ps_acc *a, ps_lanes *b, const double *tile, size_t n)
{
    const __m256i lo_bits = _mm256_set1_epi64x(POS_LO_BITS), span = _mm256_set1_epi64x(POS_SPAN);
    const __m256i expo = _mm256_set1_epi64x(0x7FF), bias = _mm256_set1_epi64x(1023);
    const __m256i frac = _mm256_set1_epi64x(0x000FFFFFFFFFFFFFLL), one_bits = _mm256_set1_epi64x(0x3FF0000000000000LL);
    const __m256d iw = _mm256_set1_pd(ps_sketch_inv_w()), onef = _mm256_set1_pd(1.0), zero = _mm256_setzero_pd();
    __m256d mu = _mm256_loadu_pd(b->mean), acc = _mm256_setzero_pd();
    __m256i added = _mm256_setzero_si256();
    __m256i base = _mm256_loadu_si256((const __m256i *)b->c);
    __m256d off = _mm256_setr_pd(b->off[0], b->off[1], b->off[2], b->off[3]);
    __m256d len = _mm256_setr_pd(b->len[0], b->len[1], b->len[2], b->len[3]);
    for (size_t i = 0; i < n; i++) {
        __m256d x = _mm256_load_pd(tile + 4 * i);
        __m256d m = _mm256_cmp_pd(x, x, _CMP_ORD_Q);
        __m256d d = _mm256_sub_pd(x, mu);
        acc = _mm256_blendv_pd(acc, _mm256_add_pd(acc, _mm256_mul_pd(d, d)), m);
        __m256i bits = _mm256_castpd_si256(x);
        __m256i pos = _mm256_and_si256(lt_u64(_mm256_sub_epi64(bits, lo_bits), span), _mm256_castpd_si256(m));
        /* bucket: ifloor((e + (mantissa - 1)) / w), as an exact double; its index in the store */
        __m256d e = i64_to_pd(_mm256_sub_epi64(_mm256_and_si256(_mm256_srli_epi64(bits, 52), expo), bias));
        __m256d mm = _mm256_sub_pd(_mm256_castsi256_pd(_mm256_or_si256(_mm256_and_si256(bits, frac), one_bits)), onef);
        __m256d y = _mm256_mul_pd(_mm256_add_pd(e, mm), iw);
        __m256d k = _mm256_cvtepi32_pd(_mm256_cvttpd_epi32(y));
        k = _mm256_sub_pd(k, _mm256_and_pd(_mm256_cmp_pd(y, k, _CMP_LT_OQ), onef));
        __m256d j = _mm256_sub_pd(k, off);
        __m256d ok = _mm256_and_pd(_mm256_cmp_pd(j, zero, _CMP_GE_OQ), _mm256_cmp_pd(j, len, _CMP_LT_OQ));
        unsigned in = (unsigned)_mm256_movemask_pd(_mm256_and_pd(ok, _mm256_castsi256_pd(pos)));
        /* j is an integer in [0, len) where in is set: its bits as an int64 by the same trick */
        __m256i ji = _mm256_sub_epi64(_mm256_castpd_si256(_mm256_add_pd(j, _mm256_set1_pd(0x1.8p52))),
                                      _mm256_set1_epi64x(MAGIC));
        uint64_t at[4];
        _mm256_storeu_si256((__m256i *)at, _mm256_add_epi64(base, _mm256_slli_epi64(ji, 2)));
        for (unsigned f = in; f; f &= f - 1)
            ++*(uint32_t *)(uintptr_t)at[__builtin_ctz(f)];
        const __m256i bitl = _mm256_setr_epi64x(1, 2, 4, 8);
        added = _mm256_sub_epi64(added, _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_set1_epi64x(in), bitl), bitl));
        unsigned slow = (unsigned)_mm256_movemask_pd(m) & ~in;
        if (slow) {
            double xs[4];
            _mm256_storeu_pd(xs, x);
            for (; slow; slow &= slow - 1) {
                int l = __builtin_ctz(slow);
                ps_sketch_insert1(a[l].sketch, xs[l]);
                ps_lanes_reload(a, b, l);
            }
            base = _mm256_loadu_si256((const __m256i *)b->c);
            off = _mm256_setr_pd(b->off[0], b->off[1], b->off[2], b->off[3]);
            len = _mm256_setr_pd(b->len[0], b->len[1], b->len[2], b->len[3]);
        }
    }
    _mm256_storeu_pd(b->sq, acc);
    _mm256_storeu_si256((__m256i *)b->added, added);
}

AVX2_TARGET int ps_acc_add4(ps_acc *a, const ps_time *t, ps_time tlo, ps_time thi, const double *v, size_t stride,
                            size_t n, double *tile)
{
    if (!ps_acc_add4_available() || n == 0)
        return -1;
    for (int l = 0; l < 4; l++) /* every difference t[i] - prev_t, and between the t[i] */
        if (a[l].prev_t != PS_TIME_NONE &&
            (thi - a[l].prev_t >= LIMIT || a[l].prev_t - tlo >= LIMIT || thi - tlo >= LIMIT))
            return -1;
    return ps_lanes_run(a, 4, t, v, stride, n, tile, pass1, pass2);
}

#endif
