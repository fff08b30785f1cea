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

typedef struct lanes {
    uint32_t *c[8];
    int32_t off[8];
    uint32_t len[8];
} lanes;

/* Pass 1 (batch_pass's main loop, all lanes held and with a first interval). */
AVX512_TARGET static void pass1(ps_acc *a, const ps_time *t, const double *v, size_t stride, size_t n, double *tile,
                                ps_run *r)
{
    double lo0[8], hi0[8], pv0[8], tw0[8];
    long long pt0[8];
    for (int l = 0; l < 8; l++) {
        lo0[l] = a[l].min;
        hi0[l] = a[l].max;
        pv0[l] = a[l].prev_v;
        tw0[l] = a[l].tw_sum;
        pt0[l] = a[l].prev_t;
    }
    __m512d lo = _mm512_loadu_pd(lo0), hi = _mm512_loadu_pd(hi0), pv = _mm512_loadu_pd(pv0), tw = _mm512_loadu_pd(tw0);
    __m512i pt = _mm512_loadu_si512(pt0), t0 = pt, cnt = _mm512_setzero_si512();
    const __m512i one = _mm512_set1_epi64(1);
    __m512d sum = _mm512_setzero_pd(), dlo = _mm512_set1_pd(INFINITY), dhi = _mm512_set1_pd(-INFINITY);
    for (size_t i = 0; i < n; i++) {
        const double *row = v + i * stride;
        _mm_prefetch((const char *)(row + 8), _MM_HINT_T0);   /* the next eight columns */
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
    uint64_t cn[8];
    double su[8], lo1[8], hi1[8], pv1[8], tw1[8], dl[8], dh[8];
    long long pt1[8], t01[8];
    _mm512_storeu_si512(cn, cnt);
    _mm512_storeu_pd(su, sum);
    _mm512_storeu_pd(lo1, lo);
    _mm512_storeu_pd(hi1, hi);
    _mm512_storeu_pd(pv1, pv);
    _mm512_storeu_pd(tw1, tw);
    _mm512_storeu_pd(dl, dlo);
    _mm512_storeu_pd(dh, dhi);
    _mm512_storeu_si512(pt1, pt);
    _mm512_storeu_si512(t01, t0);
    for (int l = 0; l < 8; l++)
        r[l] = (ps_run){.cnt = cn[l], .sum = su[l], .lo = lo1[l], .hi = hi1[l], .prev_v = pv1[l], .tw_sum = tw1[l],
                        .dlo = dl[l], .dhi = dh[l], .fi = a[l].first_interval, .prev_t = pt1[l], .t0 = t01[l],
                        .first = a[l].first, .last = a[l].last, .i0 = 0};
}

/* Pass 2 (add_run with m2): squared deviations from mean[l] into sq[l], sketch buckets. */
AVX512_TARGET static void pass2(ps_acc *a, lanes *b, const double *tile, size_t n, const double *mean, double *sq)
{
    const __m512i lo_bits = _mm512_set1_epi64(POS_LO_BITS), span = _mm512_set1_epi64(POS_SPAN);
    const __m512i expo = _mm512_set1_epi64(0x7FF), bias = _mm512_set1_epi64(1023);
    const __m512i frac = _mm512_set1_epi64(0x000FFFFFFFFFFFFFLL), one_bits = _mm512_set1_epi64(0x3FF0000000000000LL);
    const __m512d iw = _mm512_set1_pd(ps_sketch_inv_w()), onef = _mm512_set1_pd(1.0);
    __m512d mu = _mm512_loadu_pd(mean), acc = _mm512_setzero_pd();
    __m512i base = _mm512_loadu_si512(b->c);
    __m256i off = _mm256_loadu_si256((const __m256i *)b->off), len = _mm256_loadu_si256((const __m256i *)b->len);
    __m512i added = _mm512_setzero_si512();
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
        if (in == 0xFF) {   /* the common case: every lane in its buckets */
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
                b->c[l] = ps_sketch_pos_direct(a[l].sketch, &b->off[l], &b->len[l]);
            }
            base = _mm512_loadu_si512(b->c);
            off = _mm256_loadu_si256((const __m256i *)b->off);
            len = _mm256_loadu_si256((const __m256i *)b->len);
        }
    }
    uint64_t na[8];
    _mm512_storeu_pd(sq, acc);
    _mm512_storeu_si512(na, added);
    for (int l = 0; l < 8; l++)
        ps_sketch_pos_added(a[l].sketch, na[l]);
}

AVX512_TARGET int ps_acc_add8(ps_acc *a, const ps_time *t, const double *v, size_t stride, size_t n, double *tile)
{
    if (!ps_acc_add8_available())
        return -1;
    lanes b;
    for (int l = 0; l < 8; l++) {
        if (a[l].prev_t == PS_TIME_NONE || isnan(a[l].first_interval) ||
            ps_sketch_pos_count(a[l].sketch) + n >= UINT32_MAX)
            return -1;
        b.c[l] = ps_sketch_pos_direct(a[l].sketch, &b.off[l], &b.len[l]);
    }
    ps_run r[8];
    pass1(a, t, v, stride, n, tile, r);
    double mean[8], sq[8];
    for (int l = 0; l < 8; l++) {
        ps_acc_end_run(&a[l], &r[l], t, v + l, stride, n);
        a[l].missing += n - r[l].cnt;
        mean[l] = r[l].cnt ? r[l].sum / (double)r[l].cnt : 0.0;
    }
    pass2(a, &b, tile, n, mean, sq);
    for (int l = 0; l < 8; l++)
        if (r[l].cnt) {
            ps_sketch_widen(a[l].sketch, a[l].min, a[l].max);
            ps_acc_fold(&a[l], r[l].cnt, mean[l], sq[l]);
        }
    return 0;
}

static int available = -1;

int ps_acc_add8_available(void)
{
    if (available < 0) {
        const char *off = getenv("PERFSCRIBE_NO_AVX512");   /* as in parser/numparse_avx512.c */
        if (off && *off)
            return available = 0;
        __builtin_cpu_init();
        available = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
                    __builtin_cpu_supports("avx512vl");
    }
    return available;
}

__attribute__((constructor)) static void init_available(void)
{
    ps_acc_add8_available();
}

#else

int ps_acc_add8(ps_acc *a, const ps_time *t, const double *v, size_t stride, size_t n, double *tile)
{
    (void)a, (void)t, (void)v, (void)stride, (void)n, (void)tile;
    return -1;
}

int ps_acc_add8_available(void)
{
    return 0;
}

#endif
