/* Unit tests: render/analyze/an_rule_chart.c - one chart panel per period of the logs (issue 30:
 * logs of several days must not share one time axis, where the gap takes the chart).
 *
 * Hand-made logs: counter \\M1\Obj(x)\A, a sample every 15 s for 30 minutes (first sample at
 * START, last at START + 29:45), value 10 and 95 (over the critical 90) for the minute from
 * START + 10:00. Logs a day or more apart are periods of their own (an_grid.c: farther apart
 * than an hour and than the longer lasts), so:
 *  - two logs, 2026-01-05 09:00 and 2026-01-07 14:00: two panels, each on its own axis: the
 *    layout's x range is its log's 30 minutes (the fine slices' middles lie within 60 s of the
 *    first and last samples), not the 53 hours between them;
 *  - one log: one panel, no subtitle, the single chart's size;
 *  - eight logs on days 1, 2, 4, 7, 11, 16, 22 and 23 of March (gaps 1, 2, 3, 4, 5, 6, 1 days):
 *    PS_AN_MAX_PANELS = 6 panels, split at the five widest gaps (6, 5, 4, 3, 2 days): {1, 2},
 *    {4}, {7}, {11}, {16}, {22, 23}; the first panel's axis spans day 1 09:00 to day 2 09:29:45.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "ps_analyze.h"
#include "ps_render_analyze.h"
#include "ps_rules.h"

#define S 1000
#define MIN (60 * S)
#define LOG_MS (29 * MIN + 45 * S) /* first to last sample */

static const char rules_text[] = "[pack]\n"
                                 "title = panels\n"
                                 "\n"
                                 "[rule high-a]\n"
                                 "title = A high\n"
                                 "counter = \\Obj(*)\\A\n"
                                 "statistic = max\n"
                                 "operator = >\n"
                                 "warning = 50\n"
                                 "critical = 90\n";

static ps_an_ruleset set;
static ps_analysis *an;
static const ps_an_result *res;

static void run(const ps_time *starts, size_t nlogs)
{
    ps_error err = {0};
    memset(&set, 0, sizeof set);
    cr_assert_eq(ps_rules_parse_text(rules_text, strlen(rules_text), "test", &set, &err), PS_OK, "%s", err.msg);
    static ps_counter_path paths[1] = {
        {.full = "\\\\M1\\Obj(x)\\A", .machine = "M1", .object = "Obj", .instance = "x", .index = -1, .counter = "A"}};
    ps_an_options opt = {0};
    an = ps_an_new(&set, &opt);
    for (size_t f = 0; f < nlogs; f++) {
        ps_log_info info = {.path = "synthetic.csv", .format = "csv", .ncounters = 1, .counters = paths};
        ps_an_begin_file(an, &info);
        for (int i = 0; i < 120; i++) {
            ps_time t = starts[f] + (ps_time)i * 15 * S;
            double v[1] = {i >= 40 && i < 44 ? 95 : 10};
            ps_row row = {.local = t, .utc = t, .values = v, .nvalues = 1};
            ps_an_add_row(an, &row);
        }
        ps_an_end_file(an);
    }
    res = ps_an_finish(an);
}

static void teardown(void)
{
    ps_an_free(an);
    ps_an_ruleset_fini(&set);
}

/* The x range of panel i's layout. */
static void x_range(const ps_an_rule_charts *c, size_t i, double *lo, double *hi)
{
    ps_chart_layout l;
    ps_error err = {0};
    cr_assert_eq(ps_chart_layout_compute(ps_an_rule_charts_spec(c, i), &l, &err), PS_OK, "%s", err.msg);
    *lo = l.x.min;
    *hi = l.x.max;
    ps_chart_layout_fini(&l);
}

static void assert_axis(const ps_an_rule_charts *c, size_t i, ps_time first, ps_time last)
{
    double lo, hi;
    x_range(c, i, &lo, &hi);
    cr_expect(lo >= (double)(first - MIN) && lo <= (double)(first + MIN), "panel %zu: axis starts %.0f s from %lld",
              i, (lo - (double)first) / S, (long long)first);
    cr_expect(hi >= (double)(last - MIN) && hi <= (double)(last + MIN), "panel %zu: axis ends %.0f s from %lld", i,
              (hi - (double)last) / S, (long long)last);
}

Test(an_panels, two_days_two_panels, .fini = teardown)
{
    ps_time t[2] = {ps_time_from_fields(2026, 1, 5, 9, 0, 0, 0), ps_time_from_fields(2026, 1, 7, 14, 0, 0, 0)};
    run(t, 2);
    cr_assert_eq(res->nperiods, 2);
    ps_an_rule_charts *c = ps_an_rule_charts_build(res, 0);
    cr_assert_eq(ps_an_rule_charts_count(c), 2);
    for (size_t i = 0; i < 2; i++) {
        assert_axis(c, i, t[i], t[i] + LOG_MS);
        const ps_chart_spec *sp = ps_an_rule_charts_spec(c, i);
        cr_expect_eq(sp->nseries, 1);
        cr_expect_eq(sp->nthresholds, 2); /* warning 50 and critical 90 in every panel */
        cr_expect_eq(sp->height, 250);
        /* the slice min-max band behind the average, named once in the legend */
        cr_expect_eq(sp->nenvelopes, 1);
        cr_expect_str_eq(sp->envelopes[0].label, "slice min-max");
    }
    cr_expect_str_eq(ps_an_rule_charts_spec(c, 0)->title, "A high, period 1 of 2");
    cr_expect_str_eq(ps_an_rule_charts_spec(c, 0)->subtitle, "2026-01-05 09:00:00 to 2026-01-05 09:29:45");
    cr_expect_str_eq(ps_an_rule_charts_spec(c, 1)->title, "A high, period 2 of 2");
    cr_expect_str_eq(ps_an_rule_charts_spec(c, 1)->subtitle, "2026-01-07 14:00:00 to 2026-01-07 14:29:45");
    /* every point is in one panel: the burst (95) is drawn in each log's panel */
    for (size_t i = 0; i < 2; i++) {
        const ps_chart_series *s = &ps_an_rule_charts_spec(c, i)->series[0];
        double mx = 0;
        for (size_t k = 0; k < s->n; k++)
            mx = s->v[k] > mx ? s->v[k] : mx;
        cr_expect_eq(mx, 95, "panel %zu: highest slice average %g", i, mx);
    }
    cr_expect_eq(ps_an_rule_charts_spec(c, 2), NULL);
    ps_an_rule_charts_free(c);
}

Test(an_panels, one_log_one_chart, .fini = teardown)
{
    ps_time t[1] = {ps_time_from_fields(2026, 1, 5, 9, 0, 0, 0)};
    run(t, 1);
    ps_an_rule_charts *c = ps_an_rule_charts_build(res, 0);
    cr_assert_eq(ps_an_rule_charts_count(c), 1);
    cr_expect_eq(ps_an_rule_charts_spec(c, 0)->subtitle, NULL);
    cr_expect_str_eq(ps_an_rule_charts_spec(c, 0)->title, "A high");
    cr_expect_eq(ps_an_rule_charts_spec(c, 0)->height, 300);
    assert_axis(c, 0, t[0], t[0] + LOG_MS);
    ps_an_rule_charts_free(c);
}

Test(an_panels, many_periods_share_panels_at_small_gaps, .fini = teardown)
{
    static const int days[8] = {1, 2, 4, 7, 11, 16, 22, 23};
    ps_time t[8];
    for (int i = 0; i < 8; i++)
        t[i] = ps_time_from_fields(2026, 3, days[i], 9, 0, 0, 0);
    run(t, 8);
    cr_assert_eq(res->nperiods, 8);
    ps_an_rule_charts *c = ps_an_rule_charts_build(res, 0);
    cr_assert_eq(ps_an_rule_charts_count(c), PS_AN_MAX_PANELS);
    cr_assert_eq(PS_AN_MAX_PANELS, 6);
    static const int first[6] = {0, 2, 3, 4, 5, 6}, last[6] = {1, 2, 3, 4, 5, 7};
    for (size_t i = 0; i < 6; i++)
        assert_axis(c, i, t[first[i]], t[last[i]] + LOG_MS);
    cr_expect_str_eq(ps_an_rule_charts_spec(c, 0)->title, "A high, periods 1 to 2 of 8");
    cr_expect_str_eq(ps_an_rule_charts_spec(c, 0)->subtitle, "2026-03-01 09:00:00 to 2026-03-02 09:29:45");
    cr_expect_str_eq(ps_an_rule_charts_spec(c, 1)->title, "A high, period 3 of 8");
    cr_expect_str_eq(ps_an_rule_charts_spec(c, 1)->subtitle, "2026-03-04 09:00:00 to 2026-03-04 09:29:45");
    cr_expect_str_eq(ps_an_rule_charts_spec(c, 5)->title, "A high, periods 7 to 8 of 8");
    cr_expect_str_eq(ps_an_rule_charts_spec(c, 5)->subtitle, "2026-03-22 09:00:00 to 2026-03-23 09:29:45");
    ps_an_rule_charts_free(c);
}

Test(an_panels, no_samples_no_chart)
{
    ps_an_result empty = {0};
    cr_expect_eq(ps_an_rule_charts_build(&empty, 0), NULL);
    cr_expect_eq(ps_an_rule_charts_count(NULL), 0);
}

/* perfscribe chart on the same two logs: a chart per period too (its time axis in UTC, the
 * range named in the axis label); overlaid on relative time, one chart. */
Test(an_panels, chart_command_per_period, .fini = teardown)
{
    ps_time t[2] = {ps_time_from_fields(2026, 1, 5, 9, 0, 0, 0), ps_time_from_fields(2026, 1, 7, 14, 0, 0, 0)};
    run(t, 2);
    const ps_an_result *rs[1] = {res};
    ps_an_charts *c = ps_an_charts_build(rs, NULL, 1, 0, NULL);
    cr_assert_eq(ps_an_charts_count(c), 2);
    cr_expect_str_eq(ps_an_charts_spec(c, 0)->title, "A high, period 1 of 2");
    cr_expect_str_eq(ps_an_charts_spec(c, 1)->x_label, "time (UTC), 2026-01-07 14:00:00 to 2026-01-07 14:29:45");
    for (size_t i = 0; i < 2; i++) {
        ps_chart_layout l;
        ps_error err = {0};
        cr_assert_eq(ps_chart_layout_compute(ps_an_charts_spec(c, i), &l, &err), PS_OK, "%s", err.msg);
        cr_expect(l.x.min >= (double)(t[i] - MIN) && l.x.max <= (double)(t[i] + LOG_MS + MIN),
                  "chart %zu: axis %.0f to %.0f", i, l.x.min, l.x.max);
        ps_chart_layout_fini(&l);
    }
    ps_an_charts_free(c);
    c = ps_an_charts_build(rs, NULL, 1, 1, "runs");
    cr_expect_eq(ps_an_charts_count(c), 1);
    ps_an_charts_free(c);
}
