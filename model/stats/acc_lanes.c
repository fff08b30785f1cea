/* acc_lanes.c - the scalar part of the lane forms of the batch statistics (acc8_avx512.c,
 * acc4_avx2.c): what every lane needs before, between and after the two vector passes; which
 * form this processor runs; stubs where neither can be built. */
#include "stats_internal.h"
#include "ps_cpu.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

static int lanes_begin(ps_acc *a, int nl, size_t n, ps_lanes *b)
{
    for (int l = 0; l < nl; l++)
        if (a[l].prev_t == PS_TIME_NONE || isnan(a[l].first_interval) ||
            ps_sketch_pos_count(a[l].sketch) + n >= UINT32_MAX)
            return -1;
    for (int l = 0; l < nl; l++) {
        b->lo[l] = a[l].min;
        b->hi[l] = a[l].max;
        b->pv[l] = a[l].prev_v;
        b->tw[l] = a[l].tw_sum;
        b->pt[l] = a[l].prev_t;
        b->c[l] = ps_sketch_pos_direct(a[l].sketch, &b->off[l], &b->len[l]);
    }
    return 0;
}

static void lanes_mid(ps_acc *a, int nl, ps_lanes *b, const ps_time *t, const double *v, size_t stride, size_t n)
{
    for (int l = 0; l < nl; l++) {
        ps_run r = {.cnt = b->cnt[l],
                    .sum = b->sum[l],
                    .lo = b->lo[l],
                    .hi = b->hi[l],
                    .prev_v = b->pv[l],
                    .tw_sum = b->tw[l],
                    .dlo = b->dlo[l],
                    .dhi = b->dhi[l],
                    .fi = a[l].first_interval,
                    .prev_t = b->pt[l],
                    .t0 = a[l].prev_t,
                    .first = a[l].first,
                    .last = a[l].last,
                    .i0 = 0};
        ps_acc_end_run(&a[l], &r, t, v + l, stride, n);
        a[l].missing += n - r.cnt;
        b->mean[l] = r.cnt ? r.sum / (double)r.cnt : 0.0;
    }
}

void ps_lanes_reload(ps_acc *a, ps_lanes *b, int l)
{
    b->c[l] = ps_sketch_pos_direct(a[l].sketch, &b->off[l], &b->len[l]);
}

static void lanes_end(ps_acc *a, int nl, const ps_lanes *b)
{
    for (int l = 0; l < nl; l++) {
        ps_sketch_pos_added(a[l].sketch, b->added[l]);
        if (b->cnt[l]) {
            ps_sketch_widen(a[l].sketch, a[l].min, a[l].max);
            ps_acc_fold(&a[l], b->cnt[l], b->mean[l], b->sq[l]);
        }
    }
}

int ps_lanes_run(ps_acc *a, int nl, const ps_time *t, const double *v, size_t stride, size_t n, double *tile,
                 ps_lanes_pass1 pass1, ps_lanes_pass2 pass2)
{
    ps_lanes b;
    if (lanes_begin(a, nl, n, &b) != 0)
        return -1;
    pass1(t, v, stride, n, tile, &b);
    for (int l = 0; l < nl; l++) /* a wide lane (stats.c: overflow-safe form) goes value by value */
        if (b.lo[l] < -PS_ACC_WIDE || b.hi[l] > PS_ACC_WIDE)
            return -1;
    lanes_mid(a, nl, &b, t, v, stride, n);
    pass2(a, &b, tile, n);
    lanes_end(a, nl, &b);
    return 0;
}

#if defined(__x86_64__) && defined(__GNUC__)

int ps_acc_add8_available(void)
{
    return (ps_cpu_features() & PS_CPU_AVX512) != 0;
}

int ps_acc_add4_available(void)
{
    return (ps_cpu_features() & PS_CPU_AVX2) != 0;
}

#else

int ps_acc_add8(ps_acc *a, const ps_time *t, const double *v, size_t stride, size_t n, double *tile)
{
    (void)a, (void)t, (void)v, (void)stride, (void)n, (void)tile;
    return -1;
}

int ps_acc_add4(ps_acc *a, const ps_time *t, ps_time tlo, ps_time thi, const double *v, size_t stride, size_t n,
                double *tile)
{
    (void)a, (void)t, (void)tlo, (void)thi, (void)v, (void)stride, (void)n, (void)tile;
    return -1;
}

int ps_acc_add8_available(void)
{
    return 0;
}

int ps_acc_add4_available(void)
{
    return 0;
}

#endif
