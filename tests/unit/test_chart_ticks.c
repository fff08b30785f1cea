/* Unit tests: render/chart/chart_ticks.c - nice ticks, SI labels, time axes, text widths.
 * Every expected value is worked out by hand in the comment next to it. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "ps_render.h"

static size_t ticks(double lo, double hi, int zero, double *min, double *max, double *step, double *v)
{
    return ps_chart_nice_ticks(lo, hi, zero, min, max, step, v);
}

static void expect_ticks(double lo, double hi, int zero, const double *want, size_t nwant, double want_step)
{
    double v[PS_CHART_MAX_TICKS], mn, mx, st;
    size_t n = ticks(lo, hi, zero, &mn, &mx, &st, v);
    cr_assert_eq(n, nwant, "[%g, %g]: %zu ticks, want %zu", lo, hi, n, nwant);
    cr_assert_float_eq(st, want_step, 1e-12, "[%g, %g]: step %g", lo, hi, st);
    for (size_t i = 0; i < n; i++)
        cr_assert_float_eq(v[i], want[i], 1e-12 * fmax(1, fabs(want[i])), "[%g, %g] tick %zu: %.17g", lo, hi, i, v[i]);
    cr_assert_eq(mn, want[0]);
    cr_assert_eq(mx, want[nwant - 1]);
}

Test(chart_ticks, nice_0_87)
{
    /* step 10 would need 0..90 = 10 ticks (> 8); step 20: 0..100 (87/20 = 4.35 -> 5) = 6 */
    static const double w[] = {0, 20, 40, 60, 80, 100};
    expect_ticks(0, 87, 0, w, 6, 20);
}

Test(chart_ticks, nice_small)
{
    /* 0.013..0.047: step 0.005 -> 0.010..0.050 = 9 ticks (> 8); step 0.01 -> 5 ticks */
    static const double w[] = {0.01, 0.02, 0.03, 0.04, 0.05};
    expect_ticks(0.013, 0.047, 0, w, 5, 0.01);
    /* the tick values are the doubles nearest to the decimals (0.03, not 0.030000000000000002) */
    double v[PS_CHART_MAX_TICKS], mn, mx, st;
    ticks(0.013, 0.047, 0, &mn, &mx, &st, v);
    cr_assert_eq(v[2], 0.03);
}

Test(chart_ticks, nice_negative_and_crossing)
{
    /* -37..-2: step 5 -> -40..0 = 9 ticks (> 8); step 10 -> -40..0 = 5 */
    static const double w1[] = {-40, -30, -20, -10, 0};
    expect_ticks(-37, -2, 0, w1, 5, 10);
    /* -3.2..7.9: step 1 -> 13 ticks; step 2 -> floor(-1.6) = -2 .. ceil(3.95) = 4: 7 ticks */
    static const double w2[] = {-4, -2, 0, 2, 4, 6, 8};
    expect_ticks(-3.2, 7.9, 0, w2, 7, 2);
    /* reversed arguments are the same range */
    expect_ticks(7.9, -3.2, 0, w2, 7, 2);
}

Test(chart_ticks, nice_single_value_and_nan)
{
    /* 50 alone: widened to 45..55; step 1 -> 11 ticks; step 2 -> 44..56 = 7 ticks */
    static const double w1[] = {44, 46, 48, 50, 52, 54, 56};
    expect_ticks(50, 50, 0, w1, 7, 2);
    /* with zero: 0..50, step 5 -> 11 ticks, step 10 -> 6 ticks */
    static const double w2[] = {0, 10, 20, 30, 40, 50};
    expect_ticks(50, 50, 1, w2, 6, 10);
    /* nothing present (all NaN) and a single 0: 0..1, step 0.1 -> 11, 0.2 -> 6 ticks */
    static const double w3[] = {0, 0.2, 0.4, 0.6, 0.8, 1};
    expect_ticks(NAN, NAN, 0, w3, 6, 0.2);
    expect_ticks(0, 0, 1, w3, 6, 0.2);
    /* one end missing: like a single value */
    expect_ticks(NAN, 50, 0, w1, 7, 2);
}

Test(chart_ticks, nice_offset_and_large)
{
    /* 1234..1267: step 5 -> 1230..1270 = 9 ticks; step 10 -> 5 ticks */
    static const double w1[] = {1230, 1240, 1250, 1260, 1270};
    expect_ticks(1234, 1267, 0, w1, 5, 10);
    /* 0..2 340 000: step 200k -> 0..2.4M = 13 ticks; step 500k -> 0..2.5M = 6 ticks */
    static const double w2[] = {0, 5e5, 1e6, 1.5e6, 2e6, 2.5e6};
    expect_ticks(0, 2340000, 1, w2, 6, 5e5);
    /* 4 ticks is reachable: 0..15000, step 2000 -> 9 ticks; step 5000 -> 0..15000 = 4 */
    static const double w3[] = {0, 5000, 10000, 15000};
    expect_ticks(0, 15000, 0, w3, 4, 5000);
}

Test(chart_ticks, nice_extremes_stay_finite)
{
    double v[PS_CHART_MAX_TICKS], mn, mx, st;
    /* a denormal range: too small to tick, treated as nothing -> 0..1 by 0.2 */
    cr_assert_eq(ticks(0, 1e-320, 0, &mn, &mx, &st, v), 6);
    cr_assert_eq(mx, 1);
    /* +-DBL_MAX: clamped to +-1e300 -> step 5e299 gives -1e300..1e300 = 5 ticks */
    size_t n = ticks(-1.7e308, 1.7e308, 0, &mn, &mx, &st, v);
    cr_assert(n >= 4 && n <= 8 && isfinite(mn) && isfinite(mx), "%zu %g %g", n, mn, mx);
    cr_assert_float_eq(st, 5e299, 1e285);
    /* infinities and NaN ends are ignored */
    static const double w[] = {44, 46, 48, 50, 52, 54, 56};
    expect_ticks(INFINITY, 50, 0, w, 7, 2);
}

static void labels(double lo, double hi, int zero, const char *const *want, size_t n)
{
    double v[PS_CHART_MAX_TICKS], mn, mx, st, f;
    int dec;
    cr_assert_eq(ticks(lo, hi, zero, &mn, &mx, &st, v), n);
    const char *p = ps_chart_si_prefix(fmax(fabs(mn), fabs(mx)), st, &f, &dec);
    for (size_t i = 0; i < n; i++) {
        char buf[32];
        ps_chart_tick_label(buf, sizeof buf, v[i], f, dec, p);
        cr_assert_str_eq(buf, want[i], "[%g, %g] tick %zu", lo, hi, i);
    }
}

Test(chart_ticks, si_labels)
{
    static const char *const a[] = {"0", "20", "40", "60", "80", "100"};
    labels(0, 87, 0, a, 6);
    /* max 0.05 < 0.1 -> milli; step 0.01 = 10m -> 0 decimals */
    static const char *const b[] = {"10m", "20m", "30m", "40m", "50m"};
    labels(0.013, 0.047, 0, b, 5);
    /* max 2.5e6 -> mega; step 0.5M -> 1 decimal; 0 stays "0" */
    static const char *const c[] = {"0", "0.5M", "1.0M", "1.5M", "2.0M", "2.5M"};
    labels(0, 2340000, 1, c, 6);
    /* max 15000 >= 10000 -> kilo */
    static const char *const d[] = {"0", "5k", "10k", "15k"};
    labels(0, 15000, 0, d, 4);
    /* 0..0.5 stays plain (max not below 0.1); step 0.1 -> 1 decimal */
    static const char *const e[] = {"0", "0.1", "0.2", "0.3", "0.4", "0.5"};
    labels(0, 0.5, 0, e, 6);
    /* negative values keep their sign */
    static const char *const g[] = {"-40", "-30", "-20", "-10", "0"};
    labels(-37, -2, 0, g, 5);
    /* micro: 0..0.00004 step 0.00001 = 10u */
    static const char *const h[] = {"0", "10u", "20u", "30u", "40u"};
    labels(0, 0.00004, 0, h, 5);
}

Test(chart_ticks, tick_label_direct)
{
    char buf[32];
    cr_assert_str_eq(ps_chart_tick_label(buf, sizeof buf, 1500, 1e3, 1, "k"), "1.5k");
    cr_assert_str_eq(ps_chart_tick_label(buf, sizeof buf, 0.2, 1e-3, 0, "m"), "200m");
    cr_assert_str_eq(ps_chart_tick_label(buf, sizeof buf, 0, 1e3, 1, "k"), "0");
    cr_assert_str_eq(ps_chart_tick_label(buf, sizeof buf, 12.5, 1, 1, ""), "12.5");
    double f;
    int d;
    /* prefix rules: 9999 plain, 10000 kilo, 1e6 mega, 1e9 giga, 0.1 plain, 0.099 milli */
    cr_assert_str_eq(ps_chart_si_prefix(9999, 1000, &f, &d), "");
    cr_assert_str_eq(ps_chart_si_prefix(10000, 2000, &f, &d), "k");
    cr_assert_eq(f, 1e3);
    cr_assert_eq(d, 0);
    cr_assert_str_eq(ps_chart_si_prefix(1e6, 2e5, &f, &d), "M");
    cr_assert_eq(d, 1);
    cr_assert_str_eq(ps_chart_si_prefix(3e9, 5e8, &f, &d), "G");
    cr_assert_str_eq(ps_chart_si_prefix(0.1, 0.02, &f, &d), "");
    cr_assert_eq(d, 2);
    cr_assert_str_eq(ps_chart_si_prefix(0.099, 0.02, &f, &d), "m");
    cr_assert_eq(d, 0);
}

#define T(y, mo, d, h, mi, s) ps_time_from_fields(y, mo, d, h, mi, s, 0)

static void expect_time(ps_time t0, ps_time t1, size_t maxt, const char *fmt, ps_time step, const char *const *want,
                        size_t n)
{
    ps_time tk[PS_CHART_MAX_TICKS], st;
    const char *f;
    size_t got = ps_chart_time_ticks(t0, t1, maxt, tk, &st, &f);
    cr_assert_str_eq(f, fmt);
    cr_assert_eq(st, step, "step %lld", (long long)st);
    cr_assert_eq(got, n, "%zu ticks", got);
    for (size_t i = 0; i < n; i++) {
        char buf[32];
        cr_assert_str_eq(ps_chart_time_label(buf, sizeof buf, tk[i], f), want[i]);
    }
}

Test(chart_ticks, time_90s)
{
    /* 10:00:05..10:01:35: 10 s steps give 10:00:10..10:01:30 = 9 ticks; 15 s give 6 */
    static const char *const w[] = {"10:00:15", "10:00:30", "10:00:45", "10:01:00", "10:01:15", "10:01:30"};
    expect_time(T(2016, 11, 26, 10, 0, 5), T(2016, 11, 26, 10, 1, 35), 8, "HH:MM:SS", 15000, w, 6);
}

Test(chart_ticks, time_2h)
{
    /* 09:50..11:50: 10 min steps -> 12 ticks; 15 min -> 10:00..11:45 = 8 ticks */
    static const char *const w[] = {"10:00", "10:15", "10:30", "10:45", "11:00", "11:15", "11:30", "11:45"};
    expect_time(T(2016, 11, 26, 9, 50, 0), T(2016, 11, 26, 11, 50, 0), 8, "HH:MM", 900000, w, 8);
    /* at most 4 ticks: 30 min -> 10:00, 10:30, 11:00, 11:30 */
    static const char *const w4[] = {"10:00", "10:30", "11:00", "11:30"};
    expect_time(T(2016, 11, 26, 9, 50, 0), T(2016, 11, 26, 11, 50, 0), 4, "HH:MM", 1800000, w4, 4);
}

Test(chart_ticks, time_26h)
{
    /* 11/26 22:00..11/28 00:00: 3 h steps -> 11/27 00:00..11/28 00:00 = 9 ticks; 6 h -> 5 */
    static const char *const w[] = {"11/27 00:00", "11/27 06:00", "11/27 12:00", "11/27 18:00", "11/28 00:00"};
    expect_time(T(2016, 11, 26, 22, 0, 0), T(2016, 11, 28, 0, 0, 0), 8, "MM/DD HH:MM", 6 * 3600000LL, w, 5);
}

Test(chart_ticks, time_10_days)
{
    /* 2016-11-20..11-30: daily -> 11 ticks; 2 days counted from 1970-01-01: 2016-11-26 is
     * day 17131 (odd), so even days are 11-21, 11-23, 11-25, 11-27, 11-29 */
    static const char *const w[] = {"2016-11-21", "2016-11-23", "2016-11-25", "2016-11-27", "2016-11-29"};
    expect_time(T(2016, 11, 20, 0, 0, 0), T(2016, 11, 30, 0, 0, 0), 8, "YYYY-MM-DD", 2 * 86400000LL, w, 5);
}

Test(chart_ticks, time_before_1970)
{
    /* negative times: 1969-12-31 23:59:00..1970-01-01 00:01:00, 2 min span -> "HH:MM:SS";
     * 15 s steps -> 9 ticks; 30 s -> 23:59:00 .. 00:01:00 = 5 ticks */
    static const char *const w[] = {"23:59:00", "23:59:30", "00:00:00", "00:00:30", "00:01:00"};
    expect_time(-60000, 60000, 8, "HH:MM:SS", 30000, w, 5);
}

Test(chart_ticks, text_width)
{
    /* A 684 + b 635 + 1 636 = 1955 / 1000 em at 10 pt */
    cr_assert_float_eq(ps_chart_text_width("Ab1", 10, 0), 19.55, 1e-9);
    /* bold: 774 + 716 + 696 = 2186 */
    cr_assert_float_eq(ps_chart_text_width("Ab1", 10, 1), 21.86, 1e-9);
    /* "é" (2 bytes) counts one non-ASCII code point: 620 */
    cr_assert_float_eq(ps_chart_text_width("\xc3\xa9", 10, 0), 6.2, 1e-9);
    cr_assert_float_eq(ps_chart_text_width(NULL, 10, 0), 0, 1e-9);
}
