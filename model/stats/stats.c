/* stats.c - streaming per-counter statistics (ps_acc) and their finished form (ps_stats).
 *
 * Definitions (also in docs/readme/summary.md):
 *   count      present (non-NaN) values; missing: NaN values (blank cells, bad status).
 *   mean       arithmetic mean of the present values (each sample weighs the same).
 *   stddev     sample standard deviation (divisor n - 1), NaN for n < 2. Welford's update per
 *              value (ps_acc_add); ps_acc_add_many takes a batch two-pass (mean, then squared
 *              deviations) and folds it in with Chan et al.'s pairwise formula, as merges do.
 *   p50/95/99  from the quantile sketch (sketch.c): value of rank floor(q (n-1)), within 1 %.
 *   first/last timestamps of the first and last present value (the earliest and latest if
 *              the timestamps are not in order; then no time-weighted mean is given).
 *   time-weighted mean: every present value is held until the next present value
 *              (left-value hold; missing samples in between do not end the hold):
 *              sum(v_i * (t_{i+1} - t_i)) / (t_last - t_first). The last value has no interval
 *              and weighs nothing. Reported only when the intervals between present values
 *              are uneven (one differs from the first interval by more than 1 %); when they are
 *              even it equals the mean up to the last sample and is NaN.
 *   Several files: accumulators are merged; no interval is bridged across files.
 *
 * Values near the double range (overflow-safe form): the running sums overflow when values
 * pass about 2^500 (v * dt, (v - mean)^2, two values of 1e308 added), so a counter whose
 * minimum or maximum lies beyond +-PS_ACC_WIDE (2^400) is "wide" and keeps its mean, m2, held
 * value and time-weighted sum multiplied by PS_ACC_DOWN (2^-600, exact: a power of two) and
 * is fed value by value (ps_acc_add's Welford update in those units); ps_acc_finish scales
 * back. A counter becomes wide when such a value arrives (its sums are rescaled then), and
 * whether it is wide follows from its min and max alone, so no state is added. Below 2^400
 * nothing changes (the same operations, bit for bit): |v - mean|^2 <= 2^802 and n < 2^64 keep
 * m2 finite; in the wide form scaled values stay below 2^424 and m2 below 2^914. The cost is
 * that values under 2^-422 in a wide counter lose precision (below its big values' ulp anyway).
 * A standard deviation above DBL_MAX (values of both signs near it) cannot be represented: inf.
 */
#include "ps_model.h"
#include "stats_internal.h"

#include <math.h>
#include <stdlib.h>

#define UP 0x1p600 /* 1 / PS_ACC_DOWN */

int ps_acc_wide(const ps_acc *a)
{
    return a->min < -PS_ACC_WIDE || a->max > PS_ACC_WIDE;
}

/* The sums of an accumulator in the units of one that is wide when w (see above). */
typedef struct acc_sums {
    double mean, m2, tw_sum, prev_v;
} acc_sums;

static acc_sums sums_in(const ps_acc *a, int w)
{
    acc_sums s = {a->mean, a->m2, a->tw_sum, a->prev_v};
    if (w && !ps_acc_wide(a)) {
        s.mean *= PS_ACC_DOWN;
        s.m2 = s.m2 * PS_ACC_DOWN * PS_ACC_DOWN; /* 2^-1200 is no double: two steps */
        s.tw_sum *= PS_ACC_DOWN;
        s.prev_v *= PS_ACC_DOWN;
    }
    return s;
}

/* a, not wide yet, about to become wide: its sums in scaled units (before min/max change). */
static void widen(ps_acc *a)
{
    acc_sums s = sums_in(a, 1);
    a->mean = s.mean;
    a->m2 = s.m2;
    a->tw_sum = s.tw_sum;
    a->prev_v = s.prev_v;
}

void ps_acc_init(ps_acc *a)
{
    a->count = a->missing = 0;
    a->min = INFINITY;
    a->max = -INFINITY;
    a->mean = a->m2 = 0;
    a->first = a->last = a->prev_t = PS_TIME_NONE;
    a->prev_v = NAN;
    a->tw_sum = a->tw_span = 0;
    a->uneven = 0;
    a->first_interval = NAN;
    a->dt_lo = INFINITY;
    a->dt_hi = -INFINITY;
    a->sketch = ps_sketch_new();
}

static int differs(double a, double b)
{
    return fabs(a - b) > 0.01 * fabs(b);
}

/* a->uneven values */
#define EVEN 0
#define UNEVEN 1
#define UNORDERED 2 /* a timestamp went backwards: no time-weighted mean */

/* Time bookkeeping state, copied out of a ps_acc into a local for a batch so that it stays in
 * registers (stores through a->... could alias the value array and force reloads). */
typedef struct timetrack {
    ps_time first, last, prev_t;
    double prev_v, tw_sum, tw_span, first_interval, dt_lo, dt_hi;
    int uneven;
} timetrack;

static inline timetrack tt_load(const ps_acc *a)
{
    timetrack k = {a->first,   a->last,           a->prev_t, a->prev_v, a->tw_sum,
                   a->tw_span, a->first_interval, a->dt_lo,  a->dt_hi,  a->uneven};
    return k;
}

static inline void tt_store(ps_acc *a, const timetrack *k)
{
    a->first = k->first;
    a->last = k->last;
    a->prev_t = k->prev_t;
    a->prev_v = k->prev_v;
    a->tw_sum = k->tw_sum;
    a->tw_span = k->tw_span;
    a->first_interval = k->first_interval;
    a->dt_lo = k->dt_lo;
    a->dt_hi = k->dt_hi;
    a->uneven = k->uneven;
}

/* Time bookkeeping for one present value v at t: left-value hold, evenness, first/last. */
static inline void track_time(timetrack *a, ps_time t, double v)
{
    if (t == PS_TIME_NONE)
        return;
    if (a->prev_t != PS_TIME_NONE) {
        double dt = (double)(t - a->prev_t);
        if (dt < 0)
            a->uneven = UNORDERED;
        a->tw_sum += a->prev_v * dt;
        a->tw_span += dt;
        a->dt_lo = dt < a->dt_lo ? dt : a->dt_lo;
        a->dt_hi = dt > a->dt_hi ? dt : a->dt_hi;
        if (isnan(a->first_interval))
            a->first_interval = dt;
        else if (a->uneven == EVEN && differs(dt, a->first_interval))
            a->uneven = UNEVEN;
    }
    if (a->first == PS_TIME_NONE || t < a->first)
        a->first = t;
    if (a->last == PS_TIME_NONE || t > a->last)
        a->last = t;
    a->prev_t = t;
    a->prev_v = v;
}

static void track(ps_acc *a, ps_time t, double v)
{
    timetrack k = tt_load(a);
    track_time(&k, t, v);
    tt_store(a, &k);
}

/* ps_acc_add of a present value to a counter that is or becomes wide: Welford in scaled units. */
static void add_wide(ps_acc *a, ps_time t, double v)
{
    if (!ps_acc_wide(a))
        widen(a);
    a->count++;
    if (v < a->min)
        a->min = v;
    if (v > a->max)
        a->max = v;
    double x = v * PS_ACC_DOWN;
    double d = x - a->mean;
    a->mean += d / (double)a->count;
    a->m2 += d * (x - a->mean);
    ps_sketch_add(a->sketch, v);
    track(a, t, x);
}

void ps_acc_add(ps_acc *a, ps_time t, double v)
{
    if (isnan(v)) {
        a->missing++;
        return;
    }
    if (fabs(v) > PS_ACC_WIDE || ps_acc_wide(a)) {
        add_wide(a, t, v);
        return;
    }
    a->count++;
    if (v < a->min)
        a->min = v;
    if (v > a->max)
        a->max = v;
    double d = v - a->mean;
    a->mean += d / (double)a->count;
    a->m2 += d * (v - a->mean);
    ps_sketch_add(a->sketch, v);
    track(a, t, v);
}

/* Chan et al.: fold a group of n values with mean m and sum of squared deviations m2 into a. */
static void fold(ps_acc *a, uint64_t n, double m, double m2)
{
    if (n == 0)
        return;
    if (a->count == 0) {
        a->mean = m;
        a->m2 = m2;
    } else {
        double na = (double)a->count, nb = (double)n, nt = na + nb;
        double d = m - a->mean;
        a->mean += d * nb / nt;
        a->m2 += m2 + d * d * na * nb / nt;
    }
    a->count += n;
}

/* Evenness after a run of intervals whose smallest is lo and largest hi: every interval of the
 * run lies in [lo, hi], and |dt - fi| is monotone on either side of fi, so one of the run
 * differs from the first interval fi exactly when lo or hi does. A negative interval means the
 * timestamps went backwards. */
static int run_evenness(int uneven, double fi, double lo, double hi)
{
    if (lo < 0)
        return UNORDERED;
    if (uneven == EVEN && !isnan(fi) && (differs(lo, fi) || differs(hi, fi)))
        return UNEVEN;
    return uneven;
}

/* GCC's basic-block vectorizer packs pairs of the loop's running values into one register and
 * lengthens every loop-carried chain by the unpacking; the loop is faster as plain scalar code. */
#if defined(__GNUC__) && !defined(__clang__)
#define NO_SLP __attribute__((optimize("no-tree-slp-vectorize")))
#else
#define NO_SLP
#endif

/* The batch loop of ps_acc_add_strided for timestamps that are all set (the common case):
 * count, sum, min, max and the time bookkeeping in one pass over the values, with the
 * evenness decided once from the run's smallest and largest interval. The first present value
 * (when nothing was held before) and the first interval (when none was seen before) are taken
 * before the main loop, so that it carries no test for them. */
NO_SLP static uint64_t batch_pass(ps_acc *a, const ps_time *t, const double *v, size_t stride, size_t n,
                                  double *sum_out)
{
    uint64_t cnt = 0;
    double sum = 0, lo = a->min, hi = a->max;
    double prev_v = a->prev_v, tw_sum = a->tw_sum, fi = a->first_interval;
    double dlo = INFINITY, dhi = -INFINITY;
    ps_time prev_t = a->prev_t, first = a->first, last = a->last;
    size_t i = 0;
    if (prev_t == PS_TIME_NONE) { /* no present value yet: the first one opens the hold */
        for (; i < n; i++) {
            double x = v[i * stride];
            if (isnan(x))
                continue;
            cnt = 1;
            sum = x;
            lo = x < lo ? x : lo;
            hi = x > hi ? x : hi;
            prev_t = first = last = t[i];
            prev_v = x;
            i++;
            break;
        }
    }
    if (isnan(fi) && prev_t != PS_TIME_NONE) /* no interval yet: the next pair gives the first */
        for (size_t j = i; j < n; j++)
            if (!isnan(v[j * stride])) {
                fi = (double)(t[j] - prev_t);
                break;
            }
    /* the intervals of the main loop telescope: their sum is prev_t at the end minus at the start
     * (exact, like the sum of the integral intervals); and while no interval is negative the
     * times only grow, so first cannot change and last is the last time */
    size_t i0 = i;
    ps_time t0 = prev_t;
    for (; i < n; i++) {
        double x = v[i * stride];
        if (isnan(x))
            continue;
        ps_time ti = t[i];
        double dt = (double)(ti - prev_t);
        cnt++;
        sum += x;
        lo = x < lo ? x : lo;
        hi = x > hi ? x : hi;
        tw_sum += prev_v * dt;
        dlo = dt < dlo ? dt : dlo;
        dhi = dt > dhi ? dt : dhi;
        prev_t = ti;
        prev_v = x;
    }
    ps_run r = {.cnt = cnt,
                .sum = sum,
                .lo = lo,
                .hi = hi,
                .prev_v = prev_v,
                .tw_sum = tw_sum,
                .dlo = dlo,
                .dhi = dhi,
                .fi = fi,
                .prev_t = prev_t,
                .t0 = t0,
                .first = first,
                .last = last,
                .i0 = i0};
    ps_acc_end_run(a, &r, t, v, stride, n);
    *sum_out = sum;
    return cnt;
}

void ps_acc_end_run(ps_acc *a, const ps_run *r, const ps_time *t, const double *v, size_t stride, size_t n)
{
    double tw_span = a->tw_span;
    ps_time first = r->first, last = r->last;
    if (r->prev_t != PS_TIME_NONE) {
        tw_span += (double)(r->prev_t - r->t0);
        if (r->dlo < 0) { /* time went back: the earliest and the latest of the run */
            for (size_t j = r->i0; j < n; j++)
                if (!isnan(v[j * stride])) {
                    first = t[j] < first ? t[j] : first;
                    last = t[j] > last ? t[j] : last;
                }
        } else if (r->prev_t > last) {
            last = r->prev_t;
        }
    }
    if (r->dlo <= r->dhi) {
        a->uneven = run_evenness(a->uneven, r->fi, r->dlo, r->dhi);
        a->dt_lo = r->dlo < a->dt_lo ? r->dlo : a->dt_lo;
        a->dt_hi = r->dhi > a->dt_hi ? r->dhi : a->dt_hi;
    }
    a->prev_v = r->prev_v;
    a->tw_sum = r->tw_sum;
    a->tw_span = tw_span;
    a->first_interval = r->fi;
    a->prev_t = r->prev_t;
    a->first = first;
    a->last = last;
    if (r->cnt) {
        a->min = r->lo;
        a->max = r->hi;
    }
}

void ps_acc_fold(ps_acc *a, uint64_t n, double mean, double m2)
{
    fold(a, n, mean, m2);
}

/* The general batch loop: timestamps may be PS_TIME_NONE (such a value counts but holds no
 * interval), exactly as ps_acc_add does value by value. */
static uint64_t batch_pass_general(ps_acc *a, const ps_time *t, const double *v, size_t stride, size_t n,
                                   double *sum_out)
{
    uint64_t cnt = 0;
    double sum = 0, lo = a->min, hi = a->max;
    timetrack k = tt_load(a);
    for (size_t i = 0; i < n; i++) {
        double x = v[i * stride];
        if (isnan(x))
            continue;
        cnt++;
        sum += x;
        lo = x < lo ? x : lo;
        hi = x > hi ? x : hi;
        track_time(&k, t[i], x);
    }
    tt_store(a, &k);
    if (cnt) {
        a->min = lo;
        a->max = hi;
    }
    *sum_out = sum;
    return cnt;
}

void ps_acc_add_strided(ps_acc *a, const ps_time *t, int t_all_set, const double *v, size_t stride, size_t n)
{
    if (!ps_acc_wide(a)) {
        /* the batch form; its first pass finds min and max, and when the run makes the counter
         * wide (its sums may have overflowed) a is put back as it was (the sketch is not
         * touched before the second pass) and the run goes value by value */
        ps_acc before = *a;
        double sum;
        uint64_t cnt = t_all_set ? batch_pass(a, t, v, stride, n, &sum) : batch_pass_general(a, t, v, stride, n, &sum);
        if (!ps_acc_wide(a)) {
            a->missing += n - cnt;
            if (cnt == 0)
                return;
            double m = sum / (double)cnt, m2 = 0;
            /* the run's own min and max: a->min/max include it, and may only be smaller/larger */
            ps_sketch_add_run_m2(a->sketch, v, stride, n, a->min, a->max, m, &m2);
            fold(a, cnt, m, m2);
            return;
        }
        *a = before;
    }
    for (size_t i = 0; i < n; i++)
        ps_acc_add(a, t[i], v[i * stride]);
}

void ps_acc_prefetch(const ps_acc *a)
{
    __builtin_prefetch(a, 1);
    __builtin_prefetch((const char *)a + 64, 1);
    ps_sketch_prefetch(a->sketch);
}

void ps_acc_add_many(ps_acc *a, const ps_time *t, const double *v, size_t n)
{
    int all_set = 1;
    for (size_t i = 0; i < n && all_set; i++)
        all_set = t[i] != PS_TIME_NONE;
    ps_acc_add_strided(a, t, all_set, v, 1, n);
}

void ps_acc_merge(ps_acc *a, const ps_acc *b)
{
    a->missing += b->missing;
    if (b->count == 0)
        return;
    int w = ps_acc_wide(a) || ps_acc_wide(b);
    if (w && !ps_acc_wide(a))
        widen(a);
    acc_sums bs = sums_in(b, w);
    fold(a, b->count, bs.mean, bs.m2);
    if (b->min < a->min)
        a->min = b->min;
    if (b->max > a->max)
        a->max = b->max;
    ps_sketch_merge(a->sketch, b->sketch);
    if (a->first == PS_TIME_NONE || (b->first != PS_TIME_NONE && b->first < a->first))
        a->first = b->first;
    if (a->last == PS_TIME_NONE || b->last > a->last) {
        a->last = b->last;
        a->prev_t = b->prev_t;
        a->prev_v = bs.prev_v;
    }
    a->tw_sum += bs.tw_sum;
    a->tw_span += b->tw_span;
    if (b->uneven > a->uneven)
        a->uneven = b->uneven;
    if (isnan(a->first_interval))
        a->first_interval = b->first_interval;
    else if (!isnan(b->first_interval) && differs(b->first_interval, a->first_interval) && a->uneven == EVEN)
        a->uneven = UNEVEN;
    a->dt_lo = b->dt_lo < a->dt_lo ? b->dt_lo : a->dt_lo;
    a->dt_hi = b->dt_hi > a->dt_hi ? b->dt_hi : a->dt_hi;
}

void ps_acc_append(ps_acc *a, const ps_acc *b)
{
    uint64_t missing = a->missing + b->missing;
    if (b->count == 0) {
        a->missing = missing;
        return;
    }
    if (a->count == 0) { /* a held no present value: the result is b */
        ps_sketch *sk = a->sketch;
        *a = *b;
        a->sketch = sk;
        a->missing = missing;
        ps_sketch_merge(sk, b->sketch);
        return;
    }
    a->missing = missing;
    int w = ps_acc_wide(a) || ps_acc_wide(b);
    if (w && !ps_acc_wide(a))
        widen(a);
    acc_sums bs = sums_in(b, w);
    fold(a, b->count, bs.mean, bs.m2);
    a->min = b->min < a->min ? b->min : a->min;
    a->max = b->max > a->max ? b->max : a->max;
    ps_sketch_merge(a->sketch, b->sketch);
    /* b->first is b's first present time in order unless b went backwards (then the result
     * is UNORDERED whatever the bridge). The bridge is held exactly as track_time does. */
    if (a->prev_t != PS_TIME_NONE && b->first != PS_TIME_NONE) {
        timetrack k = tt_load(a);
        track_time(&k, b->first, NAN);
        tt_store(a, &k);
    }
    a->tw_sum += bs.tw_sum;
    a->tw_span += b->tw_span;
    if (!isnan(b->first_interval)) { /* b's own intervals all lie in [dt_lo, dt_hi] */
        if (isnan(a->first_interval))
            a->first_interval = b->first_interval;
        if (a->uneven == EVEN && (differs(b->dt_lo, a->first_interval) || differs(b->dt_hi, a->first_interval)))
            a->uneven = UNEVEN;
        a->dt_lo = b->dt_lo < a->dt_lo ? b->dt_lo : a->dt_lo;
        a->dt_hi = b->dt_hi > a->dt_hi ? b->dt_hi : a->dt_hi;
    }
    if (b->uneven == UNORDERED)
        a->uneven = UNORDERED;
    if (b->first != PS_TIME_NONE && (a->first == PS_TIME_NONE || b->first < a->first))
        a->first = b->first;
    if (b->last != PS_TIME_NONE && (a->last == PS_TIME_NONE || b->last > a->last))
        a->last = b->last;
    a->prev_t = b->prev_t;
    a->prev_v = bs.prev_v;
}

void ps_acc_finish(const ps_acc *a, ps_stats *out)
{
    out->count = a->count;
    out->missing = a->missing;
    out->first = a->first;
    out->last = a->last;
    out->time_weighted_mean = NAN;
    if (a->count == 0) {
        out->min = out->max = out->mean = out->stddev = NAN;
        out->p50 = out->p95 = out->p99 = NAN;
        out->first = out->last = PS_TIME_NONE;
        return;
    }
    out->min = a->min;
    out->max = a->max;
    double up = ps_acc_wide(a) ? UP : 1; /* the wide form's sums back to units (exact) */
    double mean = a->mean * up;
    /* keep the mean inside [min, max] against rounding (e.g. n equal values) */
    out->mean = mean < a->min ? a->min : mean > a->max ? a->max : mean;
    out->stddev = a->count > 1 ? sqrt((a->m2 > 0 ? a->m2 : 0) / (double)(a->count - 1)) * up : NAN;
    out->p50 = ps_sketch_quantile(a->sketch, 0.50);
    out->p95 = ps_sketch_quantile(a->sketch, 0.95);
    out->p99 = ps_sketch_quantile(a->sketch, 0.99);
    if (a->uneven == UNEVEN && a->tw_span > 0)
        out->time_weighted_mean = a->tw_sum / a->tw_span * up;
}

void ps_acc_fini(ps_acc *a)
{
    ps_sketch_free(a->sketch);
    a->sketch = NULL;
}
