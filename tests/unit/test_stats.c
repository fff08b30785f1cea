/* Unit tests: model/stats/stats.c and model/stats/summary.c - statistics computed by hand. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ps_model.h"
#include "stats_internal.h"

#define S 1000 /* one second in ps_time units */

Test(stats, small_series_by_hand)
{
    /* 2, 4, 4, 4, 5, 5, 7, 9 (+ one missing): mean 5, sum of squares of deviations 32,
     * sample variance 32/7, stddev sqrt(32/7) = 2.1380899352993950 */
    double v[] = {2, 4, NAN, 4, 4, 5, 5, 7, 9};
    ps_acc a;
    ps_acc_init(&a);
    for (int i = 0; i < 9; i++)
        ps_acc_add(&a, 1000000 + i * 15 * S, v[i]);
    ps_stats st;
    ps_acc_finish(&a, &st);
    cr_assert_eq(st.count, 8);
    cr_assert_eq(st.missing, 1);
    cr_assert_eq(st.min, 2);
    cr_assert_eq(st.max, 9);
    cr_assert_float_eq(st.mean, 5.0, 1e-15);
    cr_assert_float_eq(st.stddev, 2.1380899352993950, 1e-14);
    /* p50: rank floor(0.5*7)=3 -> 4; p95, p99: rank 6 -> 7 (within 1 %) */
    cr_assert(fabs(st.p50 - 4) <= 0.04);
    cr_assert(fabs(st.p95 - 7) <= 0.07);
    cr_assert(fabs(st.p99 - 7) <= 0.07);
    cr_assert_eq(st.first, 1000000);
    cr_assert_eq(st.last, 1000000 + 8 * 15 * S);
    /* the missing sample makes one interval 30 s instead of 15 s -> uneven:
     * held values: 2*15 + 4*30 + 4*15 + 4*15 + 5*15 + 5*15 + 7*15 = 525, span 120 s -> 4.375 */
    cr_assert_float_eq(st.time_weighted_mean, 4.375, 1e-12);
    ps_acc_fini(&a);
}

Test(stats, even_intervals_no_time_weighted_mean)
{
    ps_acc a;
    ps_acc_init(&a);
    for (int i = 0; i < 10; i++)
        ps_acc_add(&a, i * 15 * S, i);
    ps_stats st;
    ps_acc_finish(&a, &st);
    cr_assert(isnan(st.time_weighted_mean));
    cr_assert_float_eq(st.mean, 4.5, 1e-15);
    /* variance of 0..9 = 82.5/9 = 9.1666..., stddev 3.0276503540974917 */
    cr_assert_float_eq(st.stddev, 3.0276503540974917, 1e-14);
    ps_acc_fini(&a);
}

Test(stats, uneven_intervals)
{
    /* 10 for 10 s, 20 for 30 s, 40 last (no weight): (100 + 600) / 40 = 17.5; plain mean 23.33 */
    ps_acc a;
    ps_acc_init(&a);
    ps_acc_add(&a, 0, 10);
    ps_acc_add(&a, 10 * S, 20);
    ps_acc_add(&a, 40 * S, 40);
    ps_stats st;
    ps_acc_finish(&a, &st);
    cr_assert_float_eq(st.time_weighted_mean, 17.5, 1e-12);
    cr_assert_float_eq(st.mean, 70.0 / 3, 1e-12);
    ps_acc_fini(&a);
}

Test(stats, empty_and_single)
{
    ps_acc a;
    ps_acc_init(&a);
    ps_acc_add(&a, 0, NAN);
    ps_stats st;
    ps_acc_finish(&a, &st);
    cr_assert_eq(st.count, 0);
    cr_assert_eq(st.missing, 1);
    cr_assert(isnan(st.min) && isnan(st.max) && isnan(st.mean) && isnan(st.stddev));
    cr_assert(isnan(st.p50) && isnan(st.p99));
    cr_assert_eq(st.first, PS_TIME_NONE);
    ps_acc_add(&a, 5, 3.5);
    ps_acc_finish(&a, &st);
    cr_assert_eq(st.mean, 3.5);
    cr_assert(isnan(st.stddev)); /* n - 1 = 0 */
    cr_assert_eq(st.p50, 3.5);
    ps_acc_fini(&a);
}

Test(stats, numerically_stable)
{
    /* 1e9 + {4, 7, 13, 16}: naive sum-of-squares loses everything; variance is 30 */
    ps_acc a;
    ps_acc_init(&a);
    double d[] = {4, 7, 13, 16};
    for (int k = 0; k < 1000; k++)
        for (int i = 0; i < 4; i++)
            ps_acc_add(&a, (k * 4 + i) * S, 1e9 + d[i]);
    ps_stats st;
    ps_acc_finish(&a, &st);
    /* population variance 22.5, sample variance 22.5 * 4000/3999 */
    cr_assert_float_eq(st.stddev, sqrt(22.5 * 4000.0 / 3999.0), 1e-6);
    cr_assert_float_eq(st.mean, 1e9 + 10, 1e-4);
    ps_acc_fini(&a);
}

Test(stats, merge_matches_single_pass)
{
    ps_acc a, b, all;
    ps_acc_init(&a);
    ps_acc_init(&b);
    ps_acc_init(&all);
    for (int i = 0; i < 100; i++) {
        double v = (i * 37 % 101) * 0.5 - 10;
        ps_acc *half = i < 40 ? &a : &b;
        ps_acc_add(half, i * S, v);
        ps_acc_add(&all, i * S, v);
    }
    ps_acc_add(&b, 200 * S, NAN);
    ps_acc_merge(&a, &b);
    ps_stats m, s;
    ps_acc_finish(&a, &m);
    ps_acc_finish(&all, &s);
    cr_assert_eq(m.count, 100);
    cr_assert_eq(m.missing, 1);
    cr_assert_eq(m.min, s.min);
    cr_assert_eq(m.max, s.max);
    cr_assert_float_eq(m.mean, s.mean, 1e-12);
    cr_assert_float_eq(m.stddev, s.stddev, 1e-12);
    cr_assert_eq(m.p50, s.p50);
    cr_assert_eq(m.p99, s.p99);
    cr_assert_eq(m.first, 0);
    cr_assert_eq(m.last, 99 * S);
    ps_acc_fini(&a);
    ps_acc_fini(&b);
    ps_acc_fini(&all);
}

Test(summary, merges_files_by_path_case_insensitive)
{
    ps_counter_path p1[2] = {{.full = "\\\\A\\Memory\\Available MBytes", .index = -1},
                             {.full = "\\\\A\\Processor(_Total)\\% Processor Time", .index = -1}};
    ps_counter_path p2[1] = {{.full = "\\\\a\\memory\\available mbytes", .index = -1}};
    ps_log_info i1 = {.path = "one.csv",
                      .format = "csv",
                      .ncounters = 2,
                      .counters = p1,
                      .has_bias = 1,
                      .bias_minutes = 480,
                      .timezone = "Pacific Standard Time"};
    ps_log_info i2 = {.path = "two.csv", .format = "csv", .ncounters = 1, .counters = p2};
    ps_summary s;
    ps_summary_init(&s);
    ps_summary_begin_file(&s, &i1);
    double r1[] = {100, NAN}, r2[] = {200, 50};
    ps_row row = {.local = 0, .utc = 480 * 60 * S, .values = r1, .nvalues = 2};
    ps_summary_add_row(&s, &row);
    row.local += 15 * S;
    row.utc += 15 * S;
    row.values = r2;
    ps_summary_add_row(&s, &row);
    ps_summary_end_file(&s, 0);
    ps_summary_begin_file(&s, &i2);
    double r3[] = {600};
    ps_row row2 = {.local = 3600 * S, .utc = 3600 * S, .values = r3, .nvalues = 1};
    ps_summary_add_row(&s, &row2);
    ps_summary_end_file(&s, 3);
    ps_summary_finish(&s);
    cr_assert_eq(s.nfiles, 2);
    cr_assert_eq(s.ncounters, 2);
    cr_assert_str_eq(s.counters[0].path.full, "\\\\A\\Memory\\Available MBytes");
    cr_assert_eq(s.counters[0].stats.count, 3);
    cr_assert_float_eq(s.counters[0].stats.mean, 300.0, 1e-12);
    cr_assert_eq(s.counters[0].stats.first, 3600 * S); /* file 2 is earlier in utc */
    cr_assert_eq(s.counters[0].stats.last, 480 * 60 * S + 15 * S);
    cr_assert_eq(s.counters[1].stats.count, 1);
    cr_assert_eq(s.counters[1].stats.missing, 1);
    cr_assert_eq(s.files[0].samples, 2);
    cr_assert_eq(s.files[1].samples, 1);
    cr_assert_eq(s.files[1].bad_rows, 3);
    cr_assert_eq(s.files[0].first_local, 0);
    cr_assert_eq(s.files[0].last, 480 * 60 * S + 15 * S);
    ps_summary_fini(&s);
}

Test(stats, add_many_matches_add)
{
    /* 1000 samples with gaps, NaNs and an uneven step, fed one by one and in batches of 77 */
    static ps_time t[1000];
    static double v[1000];
    for (int i = 0; i < 1000; i++) {
        t[i] = (ps_time)i * 15 * S + (i > 500 ? 7 * S : 0);
        v[i] = i % 13 == 0 ? NAN : 1e6 + ((i * 7919) % 1009) * 0.37;
    }
    ps_acc one, many;
    ps_acc_init(&one);
    ps_acc_init(&many);
    for (int i = 0; i < 1000; i++)
        ps_acc_add(&one, t[i], v[i]);
    for (int i = 0; i < 1000; i += 77)
        ps_acc_add_many(&many, t + i, v + i, i + 77 <= 1000 ? 77 : 1000 - i);
    ps_stats a, b;
    ps_acc_finish(&one, &a);
    ps_acc_finish(&many, &b);
    cr_assert_eq(a.count, b.count);
    cr_assert_eq(a.missing, b.missing);
    cr_assert_eq(a.missing, 77); /* i % 13 == 0 for i in 0..999 */
    cr_assert_eq(a.min, b.min);
    cr_assert_eq(a.max, b.max);
    cr_assert_float_eq(a.mean, b.mean, 1e-12 * fabs(a.mean));
    cr_assert_float_eq(a.stddev, b.stddev, 1e-9 * a.stddev);
    cr_assert_eq(a.p50, b.p50);
    cr_assert_eq(a.p99, b.p99);
    cr_assert(!isnan(a.time_weighted_mean));
    cr_assert_float_eq(a.time_weighted_mean, b.time_weighted_mean, 1e-12 * a.time_weighted_mean);
    cr_assert_eq(a.first, b.first);
    cr_assert_eq(a.last, b.last);
    ps_acc_fini(&one);
    ps_acc_fini(&many);
}

Test(summary, batches_across_many_rows)
{
    /* 3000 rows: the summary buffers rows in batches (1024 for few columns), so this crosses
     * two batch boundaries; the result must equal feeding one accumulator directly. */
    ps_counter_path p[2] = {{.full = "\\\\A\\X\\y", .index = -1}, {.full = "\\\\A\\X\\z", .index = -1}};
    ps_log_info info = {.path = "big.csv", .format = "csv", .ncounters = 2, .counters = p};
    ps_summary s;
    ps_summary_init(&s);
    ps_summary_begin_file(&s, &info);
    ps_acc ref;
    ps_acc_init(&ref);
    for (int i = 0; i < 3000; i++) {
        double v[2] = {i % 17 == 3 ? NAN : (double)((i * 7919) % 3001), 1.5};
        ps_row row = {.local = (ps_time)i * S, .utc = (ps_time)i * S, .values = v, .nvalues = 2};
        ps_summary_add_row(&s, &row);
        ps_acc_add(&ref, row.utc, v[0]);
    }
    ps_summary_end_file(&s, 0);
    ps_summary_finish(&s);
    ps_stats r;
    ps_acc_finish(&ref, &r);
    const ps_stats *st = &s.counters[0].stats;
    cr_assert_eq(st->count, r.count);
    cr_assert_eq(st->missing, 177); /* i % 17 == 3 for i < 3000: 3, 20, ..., 2992 -> 177 */
    cr_assert_eq(st->min, r.min);
    cr_assert_eq(st->max, r.max);
    cr_assert_float_eq(st->mean, r.mean, 1e-12 * r.mean);
    cr_assert_float_eq(st->stddev, r.stddev, 1e-12 * r.stddev);
    cr_assert_eq(st->p50, r.p50);
    cr_assert_eq(st->p95, r.p95);
    cr_assert_float_eq(st->time_weighted_mean, r.time_weighted_mean, 1e-12 * r.mean);
    cr_assert_eq(s.counters[1].stats.count, 3000);
    cr_assert_eq(s.counters[1].stats.stddev, 0);
    cr_assert_eq(s.files[0].samples, 3000);
    ps_summary_fini(&s);
    ps_acc_fini(&ref);
}

Test(stats, timestamps_out_of_order)
{
    /* 10 @ 30 s, 20 @ 0 s, 40 @ 60 s: first/last are the earliest/latest, no time-weighted mean
     * (the hold would use a negative interval); count, mean and min/max are unaffected. */
    ps_acc a, b;
    ps_acc_init(&a);
    ps_acc_add(&a, 30 * S, 10);
    ps_acc_add(&a, 0, 20);
    ps_acc_add(&a, 60 * S, 40);
    ps_stats st;
    ps_acc_finish(&a, &st);
    cr_assert_eq(st.first, 0);
    cr_assert_eq(st.last, 60 * S);
    cr_assert(isnan(st.time_weighted_mean));
    cr_assert_float_eq(st.mean, 70.0 / 3, 1e-12);
    /* an uneven accumulator merged with a disordered one stays without time-weighted mean */
    ps_acc_init(&b);
    ps_acc_add(&b, 0, 1);
    ps_acc_add(&b, 10 * S, 1);
    ps_acc_add(&b, 40 * S, 1);
    ps_acc_merge(&b, &a);
    ps_acc_finish(&b, &st);
    cr_assert(isnan(st.time_weighted_mean));
    cr_assert_eq(st.count, 6);
    ps_acc_fini(&a);
    ps_acc_fini(&b);
}

/* One column of a row-major batch (stride 3) through ps_acc_add_strided, with the fast loop
 * (all timestamps set) and the general one, must give what ps_acc_add gives value by value:
 * the evenness decision made once per batch from its smallest and largest interval must match
 * the per-value decision in every case below. */
static void strided_case(const ps_time *t, const double *col, size_t n, size_t batch, int want_uneven)
{
    static double rows[3 * 600];
    for (size_t i = 0; i < n; i++) {
        rows[3 * i] = -1;
        rows[3 * i + 1] = col[i];
        rows[3 * i + 2] = NAN;
    }
    ps_acc one, fast, gen;
    ps_acc_init(&one);
    ps_acc_init(&fast);
    ps_acc_init(&gen);
    for (size_t i = 0; i < n; i++)
        ps_acc_add(&one, t[i], col[i]);
    for (size_t i = 0; i < n; i += batch) {
        size_t k = i + batch <= n ? batch : n - i;
        ps_acc_add_strided(&fast, t + i, 1, rows + 3 * i + 1, 3, k);
        ps_acc_add_strided(&gen, t + i, 0, rows + 3 * i + 1, 3, k);
    }
    ps_stats a, b, c;
    ps_acc_finish(&one, &a);
    ps_acc_finish(&fast, &b);
    ps_acc_finish(&gen, &c);
    const ps_stats *x[2] = {&b, &c};
    for (int k = 0; k < 2; k++) {
        cr_assert_eq(x[k]->count, a.count);
        cr_assert_eq(x[k]->missing, a.missing);
        cr_assert_eq(x[k]->min, a.min);
        cr_assert_eq(x[k]->max, a.max);
        cr_assert_eq(x[k]->first, a.first);
        cr_assert_eq(x[k]->last, a.last);
        cr_assert_eq(x[k]->p50, a.p50);
        cr_assert_float_eq(x[k]->mean, a.mean, 1e-12 * fabs(a.mean));
        cr_assert_eq(isnan(x[k]->time_weighted_mean), isnan(a.time_weighted_mean), "batch %zu", batch);
        if (!isnan(a.time_weighted_mean))
            cr_assert_float_eq(x[k]->time_weighted_mean, a.time_weighted_mean, 1e-12 * fabs(a.time_weighted_mean));
    }
    cr_assert_eq(one.uneven, fast.uneven, "batch %zu: %d vs %d", batch, one.uneven, fast.uneven);
    cr_assert_eq(one.uneven, gen.uneven);
    cr_assert_eq(one.uneven, want_uneven, "batch %zu: %d", batch, one.uneven);
    ps_acc_fini(&one);
    ps_acc_fini(&fast);
    ps_acc_fini(&gen);
}

Test(stats, strided_batches_match_add)
{
    static ps_time t[600];
    static double v[600];
    size_t batches[] = {1, 2, 7, 64, 600};
    for (int shape = 0; shape < 5; shape++) {
        for (int i = 0; i < 600; i++) {
            t[i] = (ps_time)i * 15 * S;
            v[i] = 100 + (i * 37) % 101;
        }
        if (shape == 1) /* NaNs at the start, in the middle, at the end: uneven holds */
            for (int i = 0; i < 600; i++)
                if (i < 5 || i % 50 == 17 || i > 590)
                    v[i] = NAN;
        if (shape == 2) /* one interval 1.2 % longer, late in the run */
            for (int i = 400; i < 600; i++)
                t[i] += 180;
        if (shape == 3) /* time goes back once: unordered */
            t[300] = t[299] - 5 * S;
        if (shape == 4) { /* 15.05 s and 14.95 s in turn, within 1 %: even; a missing first value */
            for (int i = 1; i < 600; i++)
                t[i] += (i % 2) * 50;
            v[0] = NAN;
        }
        for (size_t b = 0; b < sizeof batches / sizeof batches[0]; b++)
            strided_case(t, v, 600, batches[b], (int[]){0, 1, 1, 2, 0}[shape]); /* even, uneven, unordered */
    }
}

/* Eight columns of a row-major batch through ps_acc_add8 (where the processor has AVX-512), and
 * through two ps_acc_add4 (AVX2), give, field for field and bit for bit, what the column loop ps_acc_add_strided gives: NaN
 * gaps (and columns wholly missing in a batch), zeros, negative values, -0, a range wide
 * enough to collapse sketch buckets, constant values; even, uneven and backward timestamps, and
 * a jump too long for the AVX2 form's exact conversion. */
static uint64_t lane_rs = 0x9E3779B97F4A7C15u;
static double lane_value(int col, size_t i)
{
    lane_rs ^= lane_rs << 13;
    lane_rs ^= lane_rs >> 7;
    lane_rs ^= lane_rs << 17;
    double u = (double)(lane_rs >> 11) / 9007199254740992.0;
    switch (col) {
    case 0: return 50 + 10 * sin((double)i / 30) + u;
    case 1: return (i < 9 || i % 13 == 5 || (i / 100) % 4 == 2) ? NAN : 1e-3 * u;
    case 2: return i % 3 == 0 ? 0.0 : u - 0.5;
    case 3:
        return pow(10, -250 + 370 * u); /* thousands of buckets: the lowest collapse; below 2^400
                                              (above, the counter is wide: test_stats_wide.c) */
    case 4: return (i / 64) % 2 ? NAN : 7.25;
    case 5: return i % 3 == 0 ? 0.0 : i % 3 == 1 ? -0.0 : 0x1p-1030 * u; /* +0, -0, subnormals: zeros */
    case 6: return i == 0 ? NAN : 1e9 * u;
    default: return u < 0.5 ? NAN : 12345.678 * u;
    }
}

static void same_acc(const ps_acc *x, const ps_acc *y, int col, size_t batch)
{
#define SAME(f) cr_assert(memcmp(&x->f, &y->f, sizeof x->f) == 0, "col %d batch %zu: " #f " differs", col, batch)
    SAME(count);
    SAME(missing);
    SAME(min);
    SAME(max);
    SAME(mean);
    SAME(m2);
    SAME(first);
    SAME(last);
    SAME(prev_t);
    SAME(prev_v);
    SAME(tw_sum);
    SAME(tw_span);
    SAME(uneven);
    SAME(first_interval);
    SAME(dt_lo);
    SAME(dt_hi);
#undef SAME
    cr_assert_eq(ps_sketch_count(x->sketch), ps_sketch_count(y->sketch), "col %d", col);
    for (int q = 0; q <= 20; q++) {
        double a = ps_sketch_quantile(x->sketch, q / 20.0), b = ps_sketch_quantile(y->sketch, q / 20.0);
        cr_assert(memcmp(&a, &b, sizeof a) == 0, "col %d batch %zu q %d: %.17g vs %.17g", col, batch, q, a, b);
    }
}

Test(stats, eight_lanes_match_columns)
{
    enum { N = 1200, LD = 16 };
    double *rows = ps_xaligned(64, N * LD * sizeof *rows), *tile = ps_xaligned(64, 8 * N * sizeof *tile);
    static ps_time t[N];
    size_t batches[] = {1, 7, 64, 300, N};
    for (int form = 0; form < 2; form++) {
        unsigned long lane_batches = 0;
        for (int shape = 0; shape < 4; shape++)
            for (size_t bi = 0; bi < sizeof batches / sizeof batches[0]; bi++) {
                for (size_t i = 0; i < N; i++) {
                    t[i] = (ps_time)i * 15 * S + (shape == 1 && i > 700 ? 400 : 0); /* uneven */
                    for (int c = 0; c < LD; c++)
                        rows[i * LD + c] = c < 8 ? lane_value(c, i) : -1;
                }
                if (shape == 2)
                    t[500] = t[499] - 20 * S; /* back in time */
                if (shape == 3) /* a jump of 2^52 ms: the AVX2 form's conversion declines */
                    for (size_t i = 900; i < N; i++)
                        t[i] += (ps_time)1 << 52;
                ps_acc lane[8], col[8];
                for (int c = 0; c < 8; c++) {
                    ps_acc_init(&lane[c]);
                    ps_acc_init(&col[c]);
                }
                size_t b = batches[bi];
                for (size_t i = 0; i < N; i += b) {
                    size_t k = i + b <= N ? b : N - i;
                    for (int c = 0; c < 8; c++)
                        ps_acc_add_strided(&col[c], t + i, 1, rows + i * LD + c, LD, k);
                    for (int h = 0; h < 8; h += form ? 4 : 8) { /* form 0: 8 lanes, 1: two halves of 4 */
                        ps_time tlo = t[i], thi = t[i];
                        for (size_t r = i; r < i + k; r++) {
                            tlo = t[r] < tlo ? t[r] : tlo;
                            thi = t[r] > thi ? t[r] : thi;
                        }
                        int rc = form ? ps_acc_add4(lane + h, t + i, tlo, thi, rows + i * LD + h, LD, k, tile)
                                      : ps_acc_add8(lane, t + i, rows + i * LD, LD, k, tile);
                        if (rc == 0)
                            lane_batches++;
                        else
                            for (int c = h; c < h + (form ? 4 : 8); c++)
                                ps_acc_add_strided(&lane[c], t + i, 1, rows + i * LD + c, LD, k);
                    }
                }
                for (int c = 0; c < 8; c++) {
                    same_acc(&lane[c], &col[c], c, b);
                    ps_acc_fini(&lane[c]);
                    ps_acc_fini(&col[c]);
                }
            }
        if (form ? ps_acc_add4_available() : ps_acc_add8_available())
            cr_assert(lane_batches > 100, "form %d: only %lu batches went through the lanes", form, lane_batches);
    }
    free(rows);
    free(tile);
}

/* The lane forms decline a batch with a wide column (or a wide accumulator) before changing
 * anything; the caller's column loop then gives the same as the column form. */
Test(stats, lanes_decline_wide_columns)
{
    enum { N = 64, LD = 8 };
    double *rows = ps_xaligned(64, N * LD * sizeof *rows), *tile = ps_xaligned(64, 8 * N * sizeof *tile);
    ps_time t[N];
    for (int form = 0; form < 2; form++) {
        if (!(form ? ps_acc_add4_available() : ps_acc_add8_available()))
            continue;
        ps_acc lane[8], col[8];
        for (int c = 0; c < 8; c++) {
            ps_acc_init(&lane[c]);
            ps_acc_init(&col[c]);
            ps_acc_add(&lane[c], 0, 1); /* held, with a first interval: the lanes would run */
            ps_acc_add(&lane[c], 1 * S, 2);
            ps_acc_add(&col[c], 0, 1);
            ps_acc_add(&col[c], 1 * S, 2);
        }
        for (int round = 0; round < 2; round++) {
            for (size_t i = 0; i < N; i++) {
                t[i] = (ps_time)(i + 2 + round * N) * S + (i % 5 == 0 ? 300 : 0);
                for (int c = 0; c < LD; c++)
                    rows[i * LD + c] = c == 2 && i == 40 && round == 0 ? -1.5e308 : 10.0 * c + (double)(i % 7);
            }
            /* round 0: column 2 turns wide in the batch; round 1: its accumulator is wide */
            int rc = form ? ps_acc_add4(lane, t, t[0], t[N - 1], rows, LD, N, tile)
                          : ps_acc_add8(lane, t, rows, LD, N, tile);
            cr_assert_eq(rc, -1, "form %d round %d: a wide column went through the lanes", form, round);
            for (int c = 0; c < (form ? 4 : 8); c++)
                ps_acc_add_strided(&lane[c], t, 1, rows + c, LD, N);
            if (form) /* the other half holds no wide column: it runs */
                cr_assert_eq(ps_acc_add4(lane + 4, t, t[0], t[N - 1], rows + 4, LD, N, tile), 0, "round %d", round);
            for (int c = 0; c < 8; c++)
                ps_acc_add_strided(&col[c], t, 1, rows + c, LD, N);
        }
        for (int c = 0; c < 8; c++) {
            same_acc(&lane[c], &col[c], c, N);
            ps_acc_fini(&lane[c]);
            ps_acc_fini(&col[c]);
        }
    }
    free(rows);
    free(tile);
}
