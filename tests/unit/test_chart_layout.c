/* Unit tests: render/chart/chart_layout.c + chart_draw.c (dump) - chart layouts as text.
 * Golden dumps live in tests/data/charts/ (see the README there for the hand checks);
 * regenerate with PS_UPDATE_GOLDEN=1 and review the diff by hand. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart_fixtures.h"
#include "ps_render.h"

#define EPS 0.005 /* dumps and hand values use 2 decimals */

static void check_golden(const ps_chart_spec *spec, const char *name)
{
    ps_chart_layout l;
    ps_error err;
    cr_assert_eq(ps_chart_layout_compute(spec, &l, &err), 0, "%s", err.msg);
    ps_buf b = {0};
    ps_chart_dump_layout(&l, &b);
    ps_chart_layout_fini(&l);
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/data/charts/%s", PS_SOURCE_DIR, name);
    if (getenv("PS_UPDATE_GOLDEN")) {
        FILE *f = fopen(path, "wb");
        cr_assert(f);
        fputs(b.data, f);
        fclose(f);
    }
    char *want = fix_slurp(path);
    cr_assert(want, "missing %s", path);
    /* compare line by line for a readable failure */
    const char *g = b.data, *w = want;
    for (int line = 1; *g || *w; line++) {
        size_t gl = strcspn(g, "\n"), wl = strcspn(w, "\n");
        cr_assert(gl == wl && memcmp(g, w, gl) == 0, "%s:%d:\n got  %.*s\n want %.*s", name, line, (int)gl, g, (int)wl,
                  w);
        g += gl + (g[gl] != 0);
        w += wl + (w[wl] != 0);
    }
    free(want);
    ps_buf_fini(&b);
}

Test(chart_layout, golden_time_series)
{
    ps_chart_spec s = fix_time_spec();
    check_golden(&s, "time_series.txt");
}

Test(chart_layout, golden_grouped_bars)
{
    ps_chart_spec s = fix_bar_spec();
    check_golden(&s, "grouped_bars.txt");
}

Test(chart_layout, golden_bar_line)
{
    ps_chart_spec s = fix_bar_line_spec();
    check_golden(&s, "bar_line.txt");
}

Test(chart_layout, time_series_by_hand)
{
    ps_chart_spec s = fix_time_spec();
    ps_chart_layout l;
    ps_error err;
    cr_assert_eq(ps_chart_layout_compute(&s, &l, &err), 0);
    /* top: 12 pad + 13 * 1.3 title + 9.5 * 1.3 subtitle + 8 = 49.25
     * left: 12 + 9 * 1.4 (y title) + width("10" at 8 pt = 2 * 0.636 * 8 = 10.176) + 4 + 3
     * right: 600 - (width("20:28") / 2 + 2) = 600 - (23.048 / 2 + 2) = 586.476
     * bottom: 340 - 12 - 2 legend rows * 14 - 4 - 9 * 1.4 (x title) - (8 + 4 + 3 + 2) = 266.4 */
    cr_assert_float_eq(l.plot.y, 49.25, 1e-9);
    cr_assert_float_eq(l.plot.x, 41.776, 1e-9);
    cr_assert_float_eq(l.plot.x + l.plot.w, 586.476, 1e-9);
    cr_assert_float_eq(l.plot.y + l.plot.h, 266.4, 1e-9);
    /* y: data 3..22 with 0 and the threshold 20 -> step 5 (step 2 needs 12 ticks), 0..25 */
    cr_assert_eq(l.y.nticks, 6);
    cr_assert_eq(l.y.max, 25);
    /* threshold 20: 266.4 - 20 / 25 * 217.15 = 92.68 */
    cr_assert_eq(l.nthresholds, 1);
    cr_assert_float_eq(l.thresholds[0].y, 92.68, 1e-9);
    /* x: 10:00..12:00; 15 min ticks would be 9, 30 min -> 5 */
    cr_assert_eq(l.x.nticks, 5);
    cr_assert_str_eq(l.x.ticks[1].label.text, "10:30");
    /* shade 10:00..10:30 is a quarter of the width */
    cr_assert_eq(l.nshades, 1);
    cr_assert_float_eq(l.shades[0].r.w, 544.7 / 4, 1e-9);
    /* series 2 has a NaN at 10:30: 3 series -> 4 polylines (9, 2 + 6, 9 points) */
    cr_assert_eq(l.nlines, 4);
    cr_assert_eq(l.lines[1].n, 2);
    cr_assert_eq(l.lines[2].n, 6);
    /* point 10:15 of series 1 (14 ms): x = 41.776 + 544.7 / 8, y = 266.4 - 14 / 25 * 217.15 */
    cr_assert_float_eq(l.lines[0].xy[2], 41.776 + 544.7 / 8, 1e-9);
    cr_assert_float_eq(l.lines[0].xy[3], 266.4 - 14.0 / 25 * 217.15, 1e-9);
    /* legend: averages 134/9, 71/8 (NaN skipped), 56/9 */
    cr_assert_float_eq(l.legend[0].avg, 134.0 / 9, 1e-12);
    cr_assert_float_eq(l.legend[1].avg, 71.0 / 8, 1e-12);
    cr_assert_str_eq(l.legend[1].text.text, "DB write latency (min 7, avg 8.88, max 11)");
    cr_assert_str_eq(l.legend[2].text.text, "Log write latency (min 3, avg 6.22, max 22)");
    ps_chart_layout_fini(&l);
}

Test(chart_layout, bars_by_hand)
{
    ps_chart_spec s = fix_bar_spec();
    ps_chart_layout l;
    ps_error err;
    cr_assert_eq(ps_chart_layout_compute(&s, &l, &err), 0);
    /* y: 0..2250 plus 6 % head room for value labels = 2385 -> step 500, 0..2500 */
    cr_assert_eq(l.y.max, 2500);
    cr_assert_eq(l.y.step, 500);
    /* left = 12 + 12.6 + width("2500") 20.352 + 7 = 51.952; right = 588; top = 12 + 16.9 + 8;
     * bottom = 340 - 12 - 14 - 4 - 17 = 293 */
    cr_assert_float_eq(l.plot.x, 51.952, 1e-9);
    cr_assert_float_eq(l.plot.w, 588 - 51.952, 1e-9);
    cr_assert_float_eq(l.plot.y, 36.9, 1e-9);
    cr_assert_float_eq(l.plot.h, 293 - 36.9, 1e-9);
    /* group width 536.048 / 2 = 268.024; bar slot min(268.024 * 0.72 / 3, 56) = 56;
     * group 0 centre 51.952 + 134.012 = 185.964; first slot 185.964 - 84 = 101.964;
     * bar = slot inset by 6 %: x 105.324, w 49.28; 1500 -> y = 293 - 0.6 * 256.1 */
    cr_assert_eq(l.nbars, 6);
    cr_assert_float_eq(l.bars[0].r.x, 105.324, 1e-9);
    cr_assert_float_eq(l.bars[0].r.w, 49.28, 1e-9);
    cr_assert_float_eq(l.bars[0].r.y, 293 - 0.6 * 256.1, 1e-9);
    cr_assert_float_eq(l.bars[0].r.y + l.bars[0].r.h, 293, 1e-9);
    cr_assert_str_eq(l.bars[0].label.text, "1500");
    /* second group, third series: slot 2 of group 1 */
    cr_assert_eq(l.bars[5].series, 2);
    cr_assert_eq(l.bars[5].category, 1);
    cr_assert_float_eq(l.bars[5].r.x, 51.952 + 268.024 * 1.5 - 84 + 112 + 3.36, 1e-9);
    cr_assert_str_eq(l.x.ticks[1].label.text, "Server B");
    ps_chart_layout_fini(&l);
}

Test(chart_layout, bar_line_second_axis)
{
    ps_chart_spec s = fix_bar_line_spec();
    ps_chart_layout l;
    ps_error err;
    cr_assert_eq(ps_chart_layout_compute(&s, &l, &err), 0);
    cr_assert(l.y2.present);
    /* y2: 9.5..17.3, the labelled 20 ms threshold and 0; the label asks for 6 % head room
     * on its own axis: 20 + 1.2 = 21.2 -> step 5 (step 2 needs 12 ticks), 0..25 */
    cr_assert_eq(l.y2.max, 25);
    cr_assert_eq(l.y2.step, 5);
    /* y: 3900..4600 bars with value labels: 4600 * 1.06 = 4876 -> step 1000, 0..5000 */
    cr_assert_eq(l.y.max, 5000);
    cr_assert_eq(l.nbars, 4);
    /* the line sits at the group centres on the y2 scale: 11.2 -> bottom - 11.2/25 h */
    cr_assert_eq(l.nlines, 1);
    cr_assert_eq(l.lines[0].n, 4);
    cr_assert_float_eq(l.lines[0].xy[0], l.x.ticks[0].pos, 1e-9);
    cr_assert_float_eq(l.lines[0].xy[1], l.plot.y + l.plot.h - 11.2 / 25 * l.plot.h, 1e-9);
    /* threshold on y2: 20 / 25 of the height */
    cr_assert_float_eq(l.thresholds[0].y, l.plot.y + l.plot.h * 0.2, 1e-9);
    cr_assert(l.legend[1].is_line && !l.legend[0].is_line);
    cr_assert_str_eq(l.legend[1].text.text, "DB read latency (min 9.5, avg 13.2, max 17.3)");
    ps_chart_layout_fini(&l);
}

Test(chart_layout, spec_errors)
{
    ps_chart_layout l;
    ps_error err;
    ps_chart_spec s = fix_bar_spec();
    s.nseries = 0;
    cr_assert_eq(ps_chart_layout_compute(&s, &l, &err), PS_EUSAGE);
    ps_chart_layout_fini(&l);
    s = fix_bar_spec();
    s.ncategories = 3; /* series have 2 values */
    cr_assert_eq(ps_chart_layout_compute(&s, &l, &err), PS_EUSAGE);
    cr_assert(strstr(err.msg, "2 values for 3 categories"), "%s", err.msg);
    s = fix_bar_spec();
    s.width = 100;
    cr_assert_eq(ps_chart_layout_compute(&s, &l, &err), PS_EUSAGE);
    static const ps_time bad_t[3] = {3000, 2000, 4000};
    static const double v3[3] = {1, 2, 3};
    ps_chart_series ser = {"x", -1, 3, v3, bad_t, 0, 0, 0, NULL};
    s = (ps_chart_spec){0};
    s.series = &ser;
    s.nseries = 1;
    cr_assert_eq(ps_chart_layout_compute(&s, &l, &err), PS_EUSAGE);
    cr_assert(strstr(err.msg, "decrease at point 1"), "%s", err.msg);
    static const ps_time none_t[3] = {1000, PS_TIME_NONE, 4000};
    ser.t = none_t;
    cr_assert_eq(ps_chart_layout_compute(&s, &l, &err), PS_EUSAGE);
    cr_assert(strstr(err.msg, "no time at point 1"), "%s", err.msg);
    ser.t = NULL;
    cr_assert_eq(ps_chart_layout_compute(&s, &l, &err), PS_EUSAGE);
    /* a bar + line chart whose only series is the line has no bars */
    s = fix_bar_line_spec();
    s.series = &fix_bl_series[1];
    s.nseries = 1;
    cr_assert_eq(ps_chart_layout_compute(&s, &l, &err), PS_EUSAGE);
}

Test(chart_layout, gaps_lone_points_and_empty)
{
    static const ps_time t[5] = {0, 60000, 120000, 180000, 240000};
    static const double v[5] = {NAN, 5, NAN, NAN, 7};
    static const double none[5] = {NAN, NAN, NAN, NAN, NAN};
    /* explicit roles: 5 -> series6; 9 wraps to series2 */
    ps_chart_series ser[2] = {{"a", 5, 5, v, t, 0, 0, 0, NULL}, {"b", 9, 5, none, t, 0, 0, 0, NULL}};
    ps_chart_spec s = {0};
    s.series = ser;
    s.nseries = 2;
    s.legend_stats = 1;
    ps_chart_layout l;
    ps_error err;
    cr_assert_eq(ps_chart_layout_compute(&s, &l, &err), 0, "%s", err.msg);
    /* two lone points, nothing for the all-NaN series */
    cr_assert_eq(l.nlines, 2);
    cr_assert_eq(l.lines[0].n, 1);
    cr_assert_eq(l.lines[1].n, 1);
    cr_assert_str_eq(l.legend[1].text.text, "b (no data)");
    cr_assert_eq(l.lines[0].role, PS_ROLE_SERIES1 + 5);
    cr_assert_eq(l.legend[1].role, PS_ROLE_SERIES1 + 1);
    cr_assert_str_eq(l.legend[0].text.text, "a (min 5, avg 6, max 7)");
    /* y: 5..7 -> step 0.5 -> 5..7 = 5 ticks with 1 decimal */
    cr_assert_eq(l.y.nticks, 5);
    cr_assert_str_eq(l.y.ticks[1].label.text, "5.5");
    /* 4 minutes span -> "HH:MM:SS" */
    cr_assert_str_eq(l.x.time_format, "HH:MM:SS");
    ps_chart_layout_fini(&l);
}

Test(chart_layout, long_series_is_reduced)
{
    /* 100 000 samples of a saw tooth over 100 000 s: at most 4 points per quarter point of
     * width survive, and the extremes are kept (0 and 99 are on the page). */
    size_t n = 100000;
    ps_time *t = malloc(n * sizeof *t);
    double *v = malloc(n * sizeof *v);
    for (size_t i = 0; i < n; i++) {
        t[i] = (ps_time)i * 1000;
        v[i] = (double)(i % 100);
    }
    ps_chart_series ser = {"saw", -1, n, v, t, 0, 0, 0, NULL};
    ps_chart_spec s = {0};
    s.series = &ser;
    s.nseries = 1;
    ps_chart_layout l;
    ps_error err;
    cr_assert_eq(ps_chart_layout_compute(&s, &l, &err), 0);
    cr_assert_eq(l.nlines, 1);
    cr_assert(l.lines[0].n <= (size_t)(4 * 4 * (l.plot.w + 1)), "%zu points", l.lines[0].n);
    cr_assert(l.lines[0].n < n / 10);
    double ymin = INFINITY, ymax = -INFINITY;
    for (size_t k = 0; k < l.lines[0].n; k++) {
        ymin = fmin(ymin, l.lines[0].xy[2 * k + 1]);
        ymax = fmax(ymax, l.lines[0].xy[2 * k + 1]);
    }
    /* y axis 0..100 (step 20): value 99 -> bottom - 0.99 h, value 0 -> bottom */
    cr_assert_float_eq(ymin, l.plot.y + l.plot.h * 0.01, 1e-9);
    cr_assert_float_eq(ymax, l.plot.y + l.plot.h, 1e-9);
    /* first and last samples are kept */
    cr_assert_float_eq(l.lines[0].xy[0], l.plot.x, 1e-9);
    cr_assert_float_eq(l.lines[0].xy[2 * (l.lines[0].n - 1)], l.plot.x + l.plot.w, 1e-9);
    ps_chart_layout_fini(&l);
    free(t);
    free(v);
}

Test(chart_layout, negative_bars_and_threshold_near_top)
{
    static const char *const cats[2] = {"up", "down"};
    static const double v[2] = {30, -20};
    ps_chart_series ser = {"delta", -1, 2, v, NULL, 0, 0, 0, NULL};
    ps_chart_threshold thr = {40, "40", 0};
    ps_chart_spec s = {0};
    s.kind = PS_CHART_BARS;
    s.categories = cats;
    s.ncategories = 2;
    s.series = &ser;
    s.nseries = 1;
    s.thresholds = &thr;
    s.nthresholds = 1;
    s.value_labels = 1;
    s.no_legend = 1;
    ps_chart_layout l;
    ps_error err;
    cr_assert_eq(ps_chart_layout_compute(&s, &l, &err), 0);
    /* -20..40 (+6 % of 60 = 43.6) -> step 10: -20..50 = 8 ticks */
    cr_assert_eq(l.y.min, -20);
    cr_assert_eq(l.y.max, 50);
    cr_assert_eq(l.nlegend, 0);
    double y0 = l.plot.y + l.plot.h * 50 / 70;
    /* the positive bar ends on the zero line, the negative one starts there */
    cr_assert_float_eq(l.bars[0].r.y + l.bars[0].r.h, y0, 1e-9);
    cr_assert_float_eq(l.bars[1].r.y, y0, 1e-9);
    cr_assert_float_eq(l.bars[1].r.h, l.plot.h * 20 / 70, 1e-9);
    /* the negative value label goes below its bar */
    cr_assert(l.bars[1].label.y > l.bars[1].r.y + l.bars[1].r.h);
    /* threshold 40 is 10/70 of the height below the top: label above it */
    cr_assert(l.thresholds[0].label.y < l.thresholds[0].y);
    ps_chart_layout_fini(&l);
    /* near the top of a low chart the label moves below the line: 50 + 6 % of 70 = 54.2 ->
     * -20..60; in a 100 pt high chart the line is 10/80 of a small plot below the top */
    thr.value = 50;
    s.value_labels = 0;
    s.height = 100;
    cr_assert_eq(ps_chart_layout_compute(&s, &l, &err), 0, "%s", err.msg);
    cr_assert_eq(l.y.max, 60);
    cr_assert(l.thresholds[0].y - l.plot.y < 11.5, "%g", l.thresholds[0].y - l.plot.y);
    cr_assert(l.thresholds[0].label.y > l.thresholds[0].y);
    ps_chart_layout_fini(&l);
}

Test(chart_layout, first_date_label_fits)
{
    /* 10 days, no y title, labels "0".."5": left would be 12 + width("5") 5.088 + 7 = 24.088,
     * but the first "YYYY-MM-DD" label (8 digits x 636 + 2 x '-' 361 = 5810 units -> 46.48 pt)
     * is centred on the plot's left edge: left = 46.48 / 2 + 2 = 25.24 */
    static const ps_time t[2] = {0, 10 * 86400000LL};
    static const double v[2] = {1, 5};
    ps_chart_series ser = {"x", -1, 2, v, t, 0, 0, 0, NULL};
    ps_chart_spec s = {0};
    s.series = &ser;
    s.nseries = 1;
    s.y_include_zero = 1;
    ps_chart_layout l;
    ps_error err;
    cr_assert_eq(ps_chart_layout_compute(&s, &l, &err), 0);
    cr_assert_str_eq(l.x.time_format, "YYYY-MM-DD");
    cr_assert_float_eq(l.plot.x, 25.24, 1e-9);
    ps_chart_layout_fini(&l);
}

Test(chart_layout, series_of_model_series)
{
    ps_series m = {0};
    m.label = "db";
    ps_series_push(&m, 1000, 2.5);
    ps_series_push(&m, 2000, NAN);
    ps_chart_series c = ps_chart_series_of(&m, 4);
    cr_assert_str_eq(c.label, "db");
    cr_assert_eq(c.n, 2);
    cr_assert_eq(c.t[1], 2000);
    cr_assert(isnan(c.v[1]));
    cr_assert_eq(c.role, 4);
    cr_assert_eq(c.on_y2, 0);
    m.label = NULL; /* not owned by the test's string literal */
    ps_series_fini(&m);
}
