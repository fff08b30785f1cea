/* acc8_avx512.c - ps_acc_add8: the batch statistics of eight adjacent columns at once, one
 * column per lane of an AVX-512 register (a row of the row-major batch holds the eight values
 * side by side), for processors that have it.
 *
 * Every lane runs exactly the operations of the one-column loops (stats.c batch_pass and
 * sketch.c add_run with m2), in the same order, so the results are the same bit for bit: the
 * masked adds, min/max (x < lo ? x : lo, as MINPD) and moves of a lane stand for the scalar
 * loop skipping its NaNs. What the column loop does only now and then stays scalar per lane:
 * the end of the run (ps_acc_end_run), a value outside the sketch's 32-bit positive buckets
 * (ps_sketch_insert1, then that lane's bucket range is read again), and the fold.
 *
 * Two passes over the rows, as in the column form: the first (count, sum, min, max, time)
 * also copies the eight columns into a small tile that the second (squared deviations from the
 * run's mean, sketch buckets) then reads from cache.
 */
#include "stats_internal.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

#define AVX512_TARGET __attribute__((target("avx512f,avx512dq,avx512vl")))

/* Bits of the smallest positive normal the sketch counts and of DBL_MAX (sketch.c). */
#define POS_LO_BITS 0x0170000000000001LL
#define POS_SPAN (0x7FEFFFFFFFFFFFFFLL - POS_LO_BITS + 1)

/* Pass 1 (batch_pass's main loop, all lanes held and with a first interval). */
AVX512_TARGET static void pass1(const ps_time *t, const double *v, size_t stride, size_t n, double *tile, ps_lanes *b)
{
    __m512d lo = _mm512_loadu_pd(b->lo), hi = _mm512_loadu_pd(b->hi), pv = _mm512_loadu_pd(b->pv);
    __m512d tw = _mm512_loadu_pd(b->tw);
    __m512i pt = _mm512_loadu_si512(b->pt), cnt = _mm512_setzero_si512();
    const __m512i one = _mm512_set1_epi64(1);
    __m512d sum = _mm512_setzero_pd(), dlo = _mm512_set1_pd(INFINITY), dhi = _mm512_set1_pd(-INFINITY);
    for (size_t i = 0; i < n; i++) {
        const double *row = v + i * stride;
        _mm_prefetch((const char *)(row + 8), _MM_HINT_T0); /* the next eight columns */
        __m512d x = _mm512_load_pd(row);
        _mm512_store_pd(tile + 8 * i, x);
        __mmask8 m = _mm512_cmp_pd_mask(x, x, _CMP_ORD_Q);
        __m512i ti = _mm512_set1_epi64(t[i]);
        __m512d dt = _mm512_cvtepi64_pd(_mm512_sub_epi64(ti, pt));
        cnt = _mm512_mask_add_epi64(cnt, m, cnt, one);
        sum = _mm512_mask_add_pd(sum, m, sum, x);
        lo = _mm512_mask_min_pd(lo, m, x, lo);
        hi = _mm512_mask_max_pd(hi, m, x, hi);
        tw = _mm512_mask_add_pd(tw, m, tw, _mm512_mul_pd(pv, dt));
        dlo = _mm512_mask_min_pd(dlo, m, dt, dlo);
        dhi = _mm512_mask_max_pd(dhi, m, dt, dhi);
        pt = _mm512_mask_mov_epi64(pt, m, ti);
        pv = _mm512_mask_mov_pd(pv, m, x);
    }
    _mm512_storeu_si512(b->cnt, cnt);
    _mm512_storeu_pd(b->sum, sum);
    _mm512_storeu_pd(b->lo, lo);
    _mm512_storeu_pd(b->hi, hi);
    _mm512_storeu_pd(b->pv, pv);
    _mm512_storeu_pd(b->tw, tw);
    _mm512_storeu_pd(b->dlo, dlo);
    _mm512_storeu_pd(b->dhi, dhi);
    _mm512_storeu_si512(b->pt, pt);
}

/* Pass 2 (add_run with m2): squared deviations from the means, sketch buckets. */
AVX512_TARGET static void pass2(ps_acc *a, ps_lanes *b, const double *tile, size_t n)
{
    const __m512i lo_bits = _mm512_set1_epi64(POS_LO_BITS), span = _mm512_set1_epi64(POS_SPAN);
    const __m512i expo = _mm512_set1_epi64(0x7FF), bias = _mm512_set1_epi64(1023);
    const __m512i frac = _mm512_set1_epi64(0x000FFFFFFFFFFFFFLL), one_bits = _mm512_set1_epi64(0x3FF0000000000000LL);
    const __m512d iw = _mm512_set1_pd(ps_sketch_inv_w()), onef = _mm512_set1_pd(1.0);
    __m512d mu = _mm512_loadu_pd(b->mean), acc = _mm512_setzero_pd();
    __m512i base = _mm512_loadu_si512(b->c), added = _mm512_setzero_si512();
    __m256i off = _mm256_loadu_si256((const __m256i *)b->off), len = _mm256_loadu_si256((const __m256i *)b->len);
    for (size_t i = 0; i < n; i++) {
        __m512d x = _mm512_load_pd(tile + 8 * i);
        __mmask8 m = _mm512_cmp_pd_mask(x, x, _CMP_ORD_Q);
        __m512d d = _mm512_sub_pd(x, mu);
        acc = _mm512_mask_add_pd(acc, m, acc, _mm512_mul_pd(d, d));
        __m512i bits = _mm512_castpd_si512(x);
        __mmask8 pos = _mm512_mask_cmplt_epu64_mask(m, _mm512_sub_epi64(bits, lo_bits), span);
        /* bucket: ifloor((e + (mantissa - 1)) / w) */
        __m512d e = _mm512_cvtepi64_pd(_mm512_sub_epi64(_mm512_and_si512(_mm512_srli_epi64(bits, 52), expo), bias));
        __m512d mm = _mm512_sub_pd(_mm512_castsi512_pd(_mm512_or_si512(_mm512_and_si512(bits, frac), one_bits)), onef);
        __m512d y = _mm512_mul_pd(_mm512_add_pd(e, mm), iw);
        __m256i k = _mm512_cvttpd_epi32(y);
        k = _mm256_mask_sub_epi32(k, _mm512_cmp_pd_mask(y, _mm512_cvtepi32_pd(k), _CMP_LT_OQ), k, _mm256_set1_epi32(1));
        __m256i j = _mm256_sub_epi32(k, off);
        __mmask8 in = pos & _mm256_cmplt_epu32_mask(j, len);
        uint64_t at[8];
        _mm512_storeu_si512(at, _mm512_add_epi64(base, _mm512_slli_epi64(_mm512_cvtepu32_epi64(j), 2)));
        if (in == 0xFF) { /* the common case: every lane in its buckets */
            for (int l = 0; l < 8; l++)
                ++*(uint32_t *)(uintptr_t)at[l];
        } else {
            for (unsigned f = in; f; f &= f - 1)
                ++*(uint32_t *)(uintptr_t)at[__builtin_ctz(f)];
        }
        added = _mm512_mask_add_epi64(added, in, added, _mm512_set1_epi64(1));
        unsigned slow = m & ~in;
        if (slow) {
            double xs[8];
            _mm512_storeu_pd(xs, x);
            for (; slow; slow &= slow - 1) {
                int l = __builtin_ctz(slow);
                ps_sketch_insert1(a[l].sketch, xs[l]);
                ps_lanes_reload(a, b, l);
            }
            base = _mm512_loadu_si512(b->c);
            off = _mm256_loadu_si256((const __m256i *)b->off);
            len = _mm256_loadu_si256((const __m256i *)b->len);
        }
    }
    _mm512_storeu_pd(b->sq, acc);
    _mm512_storeu_si512(b->added, added);
}

AVX512_TARGET int ps_acc_add8(ps_acc *a, const ps_time *t, const double *v, size_t stride, size_t n, double *tile)
{
    if (!ps_acc_add8_available())
        return -1;
    return ps_lanes_run(a, 8, t, v, stride, n, tile, pass1, pass2);
}

#endif
