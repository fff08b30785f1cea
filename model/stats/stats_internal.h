/* stats_internal.h - private to model/stats/ (and its unit tests): the batch forms of the
 * accumulator and the sketch that summary.c feeds. */
#ifndef PS_STATS_INTERNAL_H
#define PS_STATS_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "ps_model.h"

/* Counters whose minimum or maximum lies beyond +-PS_ACC_WIDE keep their mean, m2, held value
 * and time-weighted sum multiplied by PS_ACC_DOWN (see stats.c: overflow-safe form); they are
 * fed value by value. ps_acc_wide(a): whether a is in that form. */
#define PS_ACC_WIDE 0x1p400
#define PS_ACC_DOWN 0x1p-600
int ps_acc_wide(const ps_acc *a);

/* ps_acc_add_many for the values v[0], v[stride], ..., v[(n-1) * stride] (one column of a
 * row-major batch). t_all_set != 0 promises that no t[i] is PS_TIME_NONE (a faster loop); 0 is
 * always correct. Never fails; a->sketch grows as needed (ps_x* allocation). */
void ps_acc_add_strided(ps_acc *a, const ps_time *t, int t_all_set, const double *v, size_t stride, size_t n);
/* The state of a batch loop over one column at its end (see stats.c batch_pass): present
 * values, their sum, min and max, the value and time held, the time-weighted sum, the smallest
 * and largest interval, the first interval, the held time when the main loop started, the
 * first and last timestamps and the index where the main loop started. */
typedef struct ps_run {
    uint64_t cnt;
    double sum, lo, hi, prev_v, tw_sum, dlo, dhi, fi;
    ps_time prev_t, t0, first, last;
    size_t i0;
} ps_run;
/* Write a finished batch loop back into a: the interval bookkeeping, evenness, first/last
 * (rescanning v[i0..n) with t when time went back), min/max. Not count, mean or m2. */
void ps_acc_end_run(ps_acc *a, const ps_run *r, const ps_time *t, const double *v, size_t stride, size_t n);
/* Merge n values of mean `mean` and squared deviations m2 into a's count, mean and m2 (Chan). */
void ps_acc_fold(ps_acc *a, uint64_t n, double mean, double m2);

/* Eight columns at once on AVX-512 processors (acc8_avx512.c): a[0..8) the accumulators of
 * eight adjacent columns, v[i * stride + l] row i of column l (stride a multiple of 8, v 64-byte
 * aligned), n rows whose timestamps t are all set; tile: scratch of 8 * n doubles, 64-byte
 * aligned. The same results, bit for bit, as ps_acc_add_strided(&a[l], t, 1, v + l, stride, n)
 * for each l. Returns 0, or -1 with nothing changed but the sketches' pending values flushed
 * (the caller then goes column by column) when a column holds no value yet or no interval,
 * when a sketch counter could reach 2^32, when a column or its accumulator holds a value
 * beyond +-PS_ACC_WIDE (found by the first pass, before anything is written), or on processors
 * without AVX-512. */
int ps_acc_add8(ps_acc *a, const ps_time *t, const double *v, size_t stride, size_t n, double *tile);
/* 1 when ps_acc_add8 can run here (AVX-512 F, DQ and VL), else 0; decided before main.
 * ps_cpu_use_avx512(0) makes it 0. */
int ps_acc_add8_available(void);
/* ps_acc_add8 for four columns with AVX2 (acc4_avx2.c), for processors without AVX-512: the same
 * contract (tile: 4 * n doubles, 32-byte aligned; v 32-byte aligned), with tlo and thi the
 * smallest and largest of t[0..n) (the caller finds them once for all its columns). It also
 * declines (-1) when a time difference could reach 2^51 ms (its int64-to-double conversion is
 * exact below that). */
int ps_acc_add4(ps_acc *a, const ps_time *t, ps_time tlo, ps_time thi, const double *v, size_t stride, size_t n,
                double *tile);
/* 1 when ps_acc_add4 can run here (AVX2), else 0; decided before main. */
int ps_acc_add4_available(void);

/* The state of up to 8 lanes of those forms (acc_lanes.c does the scalar part): before pass 1
 * the accumulators' min, max, held value and time and weighted sum (ps_lanes_begin, which also
 * declines a lane not held yet, as ps_acc_add8 does); after it the run's count, sum, min, max,
 * held value and time, weighted sum and interval range (written back, with the means
 * computed); after pass 2 the squared deviations and the values counted directly in each lane's
 * 32-bit buckets c[l] (off, len: ps_sketch_pos_direct), folded at the end (ps_lanes_run). */
typedef struct ps_lanes {
    double lo[8], hi[8], pv[8], tw[8], sum[8], dlo[8], dhi[8], mean[8], sq[8];
    long long pt[8];
    uint64_t cnt[8], added[8];
    uint32_t *c[8];
    int32_t off[8];
    uint32_t len[8];
} ps_lanes;
/* Lane l's bucket range read again (after ps_sketch_insert1 into its sketch). */
void ps_lanes_reload(ps_acc *a, ps_lanes *b, int l);
/* A lane form: begin (-1 when a lane declines), pass1 over the rows (also copying them into
 * tile), the scalar middle, pass2 over the tile, the end. Returns 0 or -1 (nothing done). */
typedef void (*ps_lanes_pass1)(const ps_time *t, const double *v, size_t stride, size_t n, double *tile, ps_lanes *b);
typedef void (*ps_lanes_pass2)(ps_acc *a, ps_lanes *b, const double *tile, size_t n);
int ps_lanes_run(ps_acc *a, int nl, const ps_time *t, const double *v, size_t stride, size_t n, double *tile,
                 ps_lanes_pass1 pass1, ps_lanes_pass2 pass2);

/* The sketch's positive store for direct 32-bit increments by ps_acc_add8: pending values
 * flushed, then the counters of buckets *off .. *off + *len - 1, or NULL (and *len 0) when the
 * store is empty or has 64-bit counters. Valid until the next insertion into s. */
uint32_t *ps_sketch_pos_direct(ps_sketch *s, int32_t *off, uint32_t *len);
/* Values counted through ps_sketch_pos_direct: n added to the store's total. */
void ps_sketch_pos_added(ps_sketch *s, uint64_t n);
/* Values in the positive store (its total). */
uint64_t ps_sketch_pos_count(const ps_sketch *s);
/* One non-NaN value the direct path cannot take (min/max of the sketch updated). */
void ps_sketch_insert1(ps_sketch *s, double v);
/* The sketch's min/max widened to lo/hi (the end of ps_sketch_add_run_m2). */
void ps_sketch_widen(ps_sketch *s, double lo, double hi);
/* 1 / w of the bucket mapping: bucket k = floor(L(v) * ps_sketch_inv_w()) (see sketch.c). */
double ps_sketch_inv_w(void);

/* Hint: a and its sketch's buckets will be updated soon (cache prefetch; no effect otherwise). */
void ps_acc_prefetch(const ps_acc *a);
/* Hint: the sketch's positive buckets in use will be updated soon (cache prefetch only). */
void ps_sketch_prefetch(const ps_sketch *s);

/* ps_sketch_add_many (with a stride) for a run whose smallest and largest non-NaN values lo and hi the
 * caller already has, and in the same pass *m2 = the sum of (v - mean)^2 over the non-NaN
 * values, in index order (so exactly the loop the caller would run). Never fails. */
void ps_sketch_add_run_m2(ps_sketch *s, const double *v, size_t stride, size_t n, double lo, double hi, double mean,
                          double *m2);

#endif
