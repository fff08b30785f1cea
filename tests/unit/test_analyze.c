/* Unit tests: model/analyze - statistics per slice, operators, alerts, derived counters, the
 * slice grid, and the rule file parser. Every expected number is hand arithmetic on a tiny
 * synthetic log: counter A of instance x takes 1, 2, 3, 10 in the first minute and 4, 4, 4, 100
 * in the second (one sample every 15 s), counter B is 1 throughout, and A of _Total is 1000.
 *   slice 1: min 1, avg 16/4 = 4, max 10, p95 = rank floor(0.95 * 3) = 2 of [1 2 3 10] = 3
 *   slice 2: min 4, avg 112/4 = 28, max 100, p95 = rank 2 of [4 4 4 100] = 4
 *   trend: slice averages 4 at 0:00:30 and 28 at 0:01:30: (28 - 4) / 60 s = 1440 per hour
 *   whole series: mean 128/8 = 16; squared deviations 225 196 169 36 144 144 144 7056 = 8114,
 *   sample stddev sqrt(8114 / 7) = 34.04618...
 */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "ps_analyze.h"
#include "ps_rules.h"

#define S 1000

static const char rules_text[] = "# test rules\n"
                                 "[pack]\n"
                                 "title = test\n"
                                 "\n"
                                 "[rule r-min]\n"
                                 "counter = \\Obj(*)\\A\n"
                                 "statistic = min\n"
                                 "operator = <\n"
                                 "warning = 2\n"
                                 "critical = 1.5\n"
                                 "\n"
                                 "[rule r-avg]\n"
                                 "counter = \\Obj(*)\\A\n"
                                 "statistic = avg\n"
                                 "operator = >=\n"
                                 "warning = 4\n"
                                 "critical = 28\n"
                                 "\n"
                                 "[rule r-max]\n"
                                 "counter = \\Obj(*)\\A\n"
                                 "statistic = max\n"
                                 "operator = >\n"
                                 "warning = 50\n"
                                 "critical = 200\n"
                                 "\n"
                                 "[rule r-p95]\n"
                                 "counter = \\Obj(*)\\A\n"
                                 "statistic = p95\n"
                                 "operator = <=\n"
                                 "warning = 3.5\n"
                                 "critical = 3.1\n"
                                 "\n"
                                 "[rule r-trend]\n"
                                 "counter = \\Obj(*)\\A\n"
                                 "statistic = trend\n"
                                 "operator = >\n"
                                 "warning = 1000\n"
                                 "critical = 2000\n"
                                 "\n"
                                 "[rule r-derived]\n"
                                 "object = Obj\n"
                                 "expression = {A} + {B} * 2\n"
                                 "operator = >\n"
                                 "warning = 29\n"
                                 "\n"
                                 "[rule r-total]\n"
                                 "counter = \\Obj(*)\\A\n"
                                 "include = _Total\n"
                                 "statistic = max\n"
                                 "operator = >\n"
                                 "critical = 999\n"
                                 "\n"
                                 "[rule r-absent]\n"
                                 "counter = \\Nothing\\Here\n"
                                 "warning = 1\n";

static ps_an_ruleset set;
static ps_analysis *an;
static const ps_an_result *res;

static void run(const ps_an_options *opt)
{
    ps_error err = {0};
    memset(&set, 0, sizeof set);
    cr_assert_eq(ps_rules_parse_text(rules_text, strlen(rules_text), "test", &set, &err), PS_OK, "%s", err.msg);
    static ps_counter_path paths[3] = {
        {.full = "\\\\M1\\Obj(x)\\A", .machine = "M1", .object = "Obj", .instance = "x", .index = -1, .counter = "A"},
        {.full = "\\\\M1\\Obj(x)\\B", .machine = "M1", .object = "Obj", .instance = "x", .index = -1, .counter = "B"},
        {.full = "\\\\M1\\Obj(_Total)\\A",
         .machine = "M1",
         .object = "Obj",
         .instance = "_Total",
         .index = -1,
         .counter = "A"}};
    ps_log_info info = {.path = "synthetic.csv", .format = "csv", .ncounters = 3, .counters = paths};
    an = ps_an_new(&set, opt);
    ps_an_begin_file(an, &info);
    const double a[] = {1, 2, 3, 10, 4, 4, 4, 100};
    ps_time t0 = ps_time_from_fields(2026, 1, 1, 0, 0, 0, 0);
    for (int i = 0; i < 8; i++) {
        double v[3] = {a[i], 1, 1000};
        ps_row row = {.local = t0 + i * 15 * S, .utc = t0 + i * 15 * S, .values = v, .nvalues = 3};
        ps_an_add_row(an, &row);
    }
    ps_an_end_file(an);
    res = ps_an_finish(an);
}

static void fixed(void)
{
    ps_an_options o = {.interval_ms = 60 * S};
    run(&o);
}

static void teardown(void)
{
    ps_an_free(an);
    ps_an_ruleset_fini(&set);
}

static size_t rule_index(const char *id)
{
    for (size_t i = 0; i < set.n; i++)
        if (strcmp(set.rules[i].id, id) == 0)
            return i;
    cr_assert_fail("no rule %s", id);
    return 0;
}

static const ps_an_series *series_of(const char *id)
{
    size_t ri = rule_index(id);
    for (size_t i = 0; i < res->nseries; i++)
        if (res->series[i].rule == ri)
            return &res->series[i];
    cr_assert_fail("no series for %s", id);
    return NULL;
}

#define near(x, y, rel) (fabs((double)(x) - (double)(y)) <= (rel)*fabs((double)(y)))

Test(analyze, slice_statistics, .init = fixed, .fini = teardown)
{
    const ps_an_series *s = series_of("r-avg");
    cr_assert_eq(res->nslices, 2);
    cr_assert_eq(res->slice_ms, 60 * S);
    cr_assert_eq(s->slices[0].n, 4);
    cr_assert_eq(s->slices[0].min, 1);
    cr_assert_eq(s->slices[0].avg, 4);
    cr_assert_eq(s->slices[0].max, 10);
    cr_assert_eq(s->slices[1].min, 4);
    cr_assert_eq(s->slices[1].avg, 28);
    cr_assert_eq(s->slices[1].max, 100);
    cr_assert_eq(s->slices[0].trend, 0); /* PAL: the first slice's trend is 0 */
    /* PAL's trend: (28 - 4) per 60 s slice = 1440 per hour */
    cr_assert(near(s->slices[1].trend, 1440, 1e-12), "%g", s->slices[1].trend);
    const ps_an_series *p = series_of("r-p95");
    cr_assert(near(p->slices[0].p95, 3, 0.01), "%g", p->slices[0].p95);
    cr_assert(near(p->slices[1].p95, 4, 0.01), "%g", p->slices[1].p95);
}

Test(analyze, overall_statistics, .init = fixed, .fini = teardown)
{
    const ps_an_series *s = series_of("r-avg");
    cr_assert_eq(s->stats.count, 8);
    cr_assert_eq(s->stats.min, 1);
    cr_assert_eq(s->stats.max, 100);
    cr_assert(near(s->stats.mean, 16, 1e-12));
    cr_assert(near(s->stats.stddev, sqrt(8114.0 / 7.0), 1e-12), "%.17g", s->stats.stddev);
    cr_assert(near(s->trend_per_hour, 1440, 1e-12));
    cr_assert_str_eq(s->machine, "M1");
    cr_assert_str_eq(s->instance, "x");
}

/* Expected severity per slice for every operator and statistic. */
Test(analyze, operators_and_severities, .init = fixed, .fini = teardown)
{
    static const struct {
        const char *id;
        enum ps_an_sev s0, s1;
    } cases[] = {
        {"r-min", PS_AN_CRITICAL, PS_AN_OK}, /* 1 < 1.5; 4 not < 2 */
        {"r-avg", PS_AN_WARNING, PS_AN_CRITICAL}, /* 4 >= 4; 28 >= 28 */
        {"r-max", PS_AN_OK, PS_AN_WARNING}, /* 10; 100 > 50, not > 200 */
        {"r-p95", PS_AN_CRITICAL, PS_AN_OK}, /* 3 <= 3.1; 4 > 3.5 */
        {"r-trend", PS_AN_OK, PS_AN_OK}, /* 0; 1440 > 1000 but over 2 minutes: not judged */
        {"r-derived", PS_AN_OK, PS_AN_WARNING}, /* 4 + 2 = 6; 28 + 2 = 30 > 29 */
        {"r-total", PS_AN_CRITICAL, PS_AN_CRITICAL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const ps_an_series *s = series_of(cases[i].id);
        cr_assert_eq(s->slices[0].sev, cases[i].s0, "%s slice 1", cases[i].id);
        cr_assert_eq(s->slices[1].sev, cases[i].s1, "%s slice 2", cases[i].id);
    }
    const ps_an_series *d = series_of("r-derived");
    cr_assert_eq(d->slices[0].avg, 6);
    cr_assert_eq(d->slices[1].avg, 30);
}

Test(analyze, alerts_and_verdict, .init = fixed, .fini = teardown)
{
    /* criticals: r-min s1, r-avg s2, r-p95 s1, r-total s1 and s2 = 5; warnings: r-avg s1, r-max s2,
     * r-derived s2 = 3 (r-trend: a trend over two minutes is not judged, and counted as such) */
    cr_assert_eq(res->criticals, 5);
    cr_assert_eq(res->warnings, 3);
    cr_assert_eq(res->nalerts, 8);
    cr_assert_eq(res->short_trends, 1);
    cr_assert_eq(res->alerts[0].sev, PS_AN_CRITICAL);
    cr_assert_eq(res->alerts[7].sev, PS_AN_WARNING);
    for (size_t i = 1; i < res->nalerts; i++)
        cr_assert(res->alerts[i].sev < res->alerts[i - 1].sev || res->alerts[i].start >= res->alerts[i - 1].start);
    const ps_an_alert *a = &res->alerts[0]; /* first critical in time: slice 1 */
    cr_assert_eq(a->start, ps_time_from_fields(2026, 1, 1, 0, 0, 0, 0));
    cr_assert_eq(res->rules_evaluated, 7); /* r-absent has no counter */
    cr_assert_eq(res->rule_series[rule_index("r-absent")], 0);
    cr_assert_eq(res->rule_series[rule_index("r-max")], 1); /* _Total excluded by default */
    cr_assert_eq(ps_an_status(res, PS_AN_CRITICAL), PS_EFAIL);
    cr_assert_str_eq(ps_an_verdict_name(res, PS_AN_CRITICAL), "fail");
}

Test(analyze, no_evidence_is_not_a_pass)
{
    ps_an_ruleset rs = {0};
    ps_error err = {0};
    const char *t = "[rule x]\ncounter = \\Memory\\Available MBytes\noperator = <\nwarning = 10\n";
    cr_assert_eq(ps_rules_parse_text(t, strlen(t), "t", &rs, &err), PS_OK);
    ps_analysis *a = ps_an_new(&rs, NULL);
    const ps_an_result *r = ps_an_finish(a);
    cr_assert_eq(ps_an_status(r, PS_AN_CRITICAL), PS_EFAIL);
    cr_assert_str_eq(ps_an_verdict_name(r, PS_AN_WARNING), "no evidence");
    ps_an_free(a);
    ps_an_ruleset_fini(&rs);
}

/* Auto slices: 1000 samples at 1 s; files given out of time order give the same slices. */
Test(analyze, auto_grid_and_file_order)
{
    ps_an_ruleset rs = {0};
    ps_error err = {0};
    const char *t = "[rule x]\ncounter = \\Memory\\Available MBytes\noperator = <\nwarning = 10\n";
    cr_assert_eq(ps_rules_parse_text(t, strlen(t), "t", &rs, &err), PS_OK);
    ps_counter_path p = {.full = "\\\\M\\Memory\\Available MBytes",
                         .machine = "M",
                         .object = "Memory",
                         .index = -1,
                         .counter = "Available MBytes"};
    ps_log_info info = {.path = "x", .ncounters = 1, .counters = &p};
    ps_time t0 = ps_time_from_fields(2026, 1, 1, 0, 0, 0, 0);
    uint64_t n[2][64] = {{0}};
    size_t ns[2];
    for (int order = 0; order < 2; order++) {
        ps_analysis *a = ps_an_new(&rs, NULL);
        for (int half = 0; half < 2; half++) {
            int h = order ? 1 - half : half;
            ps_an_begin_file(a, &info);
            for (int i = h * 500; i < h * 500 + 500; i++) {
                double v = i;
                ps_row row = {.utc = t0 + i * S, .local = t0 + i * S, .values = &v, .nvalues = 1};
                ps_an_add_row(a, &row);
            }
            ps_an_end_file(a);
        }
        const ps_an_result *r = ps_an_finish(a);
        cr_assert_leq(r->nslices, PS_AN_AUTO_SLICES);
        cr_assert_geq(r->nslices, PS_AN_AUTO_SLICES / 2);
        uint64_t total = 0;
        ns[order] = r->series[0].nslices;
        for (size_t j = 0; j < r->series[0].nslices; j++) {
            total += r->series[0].slices[j].n;
            n[order][j] = r->series[0].slices[j].n;
        }
        cr_assert_eq(total, 1000);
        cr_assert_eq(r->series[0].stats.count, 1000);
        ps_an_free(a);
    }
    cr_assert_eq(ns[0], ns[1]);
    cr_assert_eq(memcmp(n[0], n[1], sizeof n[0]), 0);
    ps_an_ruleset_fini(&rs);
}

Test(analyze, expressions)
{
    ps_an_expr *e;
    ps_error err = {0};
    cr_assert_eq(ps_an_expr_compile("{A} + {B} * 2", &e, &err), PS_OK);
    cr_assert_eq(ps_an_expr_noperands(e), 2);
    cr_assert_eq(ps_an_expr_eval(e, (double[]){3, 4}), 11);
    ps_an_expr_free(e);
    cr_assert_eq(ps_an_expr_compile("-({Disk Reads/sec} - {B}) / 2", &e, &err), PS_OK);
    cr_assert_str_eq(ps_an_expr_operand(e, 0), "Disk Reads/sec");
    cr_assert_eq(ps_an_expr_eval(e, (double[]){5, 1}), -2);
    ps_an_expr_free(e);
    cr_assert_eq(ps_an_expr_compile("{A} / {B} * 1e-3", &e, &err), PS_OK);
    cr_assert(isnan(ps_an_expr_eval(e, (double[]){1, 0})));
    cr_assert(isnan(ps_an_expr_eval(e, (double[]){NAN, 1})));
    cr_assert_eq(ps_an_expr_eval(e, (double[]){3000, 3}), 1);
    ps_an_expr_free(e);
    cr_assert_eq(ps_an_expr_compile("{A} +", &e, &err), PS_EINPUT);
    cr_assert_eq(err.col, 6);
    cr_assert_eq(ps_an_expr_compile("{A} {B}", &e, &err), PS_EINPUT);
    cr_assert_eq(err.col, 5);
    cr_assert_eq(ps_an_expr_compile("3 * 4", &e, &err), PS_EINPUT);
    cr_assert_eq(ps_an_expr_compile("({A}", &e, &err), PS_EINPUT);
}

Test(analyze, rule_file_errors)
{
    static const struct {
        const char *text;
        long line;
        const char *msg;
    } cases[] = {
        {"[rule a]\ncounter = \\X\\Y\nwarning = 1\nspeed = 3\n", 4, "unknown key"},
        {"[rule a]\ncounter = \\X\\Y\nstatistic = median\nwarning = 1\n", 3, "unknown statistic"},
        {"[rule a]\ncounter = \\X\\Y\n", 1, "no 'warning' and no 'critical'"},
        {"[rule a]\ncounter = \\X\\Y\nwarning = 5\ncritical = 2\n", 4, "less severe"}, /* at the key (issue 31) */
        {"[rule a]\nobject = O\nexpression = {A} * \nwarning = 1\n", 3, "expression"},
        {"[rule a]\ncounter = \\X\\Y\nwarning = 1\n[rule a]\ncounter = \\X\\Y\nwarning = 1\n", 4, "twice"},
        {"[rule A b]\n", 1, "expected [pack] or [rule ID]"},
        {"  continued\n", 1, "continuation"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ps_an_ruleset rs = {0};
        ps_error err = {0};
        cr_assert_eq(ps_rules_parse_text(cases[i].text, strlen(cases[i].text), "f.rules", &rs, &err), PS_EINPUT,
                     "case %zu", i);
        cr_assert_eq(err.line, cases[i].line, "case %zu: line %ld (%s)", i, err.line, err.msg);
        cr_assert(strstr(err.msg, cases[i].msg), "case %zu: %s", i, err.msg);
        cr_assert_str_eq(err.file, "f.rules");
        ps_an_ruleset_fini(&rs);
    }
}

Test(analyze, rule_file_fields_and_bands)
{
    const char *t = "[rule disk]\ntitle = Disk\ncounter = \\LogicalDisk(*)\\Avg. Disk sec/Read\nscale = 1000\n"
                    "unit = ms\ndescription = first line\n  second line\nwarning = 15\ncritical = 25\n"
                    "exclude = HarddiskVolume*\n";
    ps_an_ruleset rs = {0};
    ps_error err = {0};
    cr_assert_eq(ps_rules_parse_text(t, strlen(t), "t", &rs, &err), PS_OK, "%s", err.msg);
    const ps_an_rule *r = &rs.rules[0];
    cr_assert_str_eq(r->description, "first line second line");
    cr_assert_eq(r->scale, 1000);
    cr_assert_eq(r->nbands, 2);
    cr_assert_eq(r->bands[0].lo, 15);
    cr_assert_eq(r->bands[0].hi, 25);
    cr_assert_eq(r->bands[1].lo, 25);
    cr_assert(isinf(r->bands[1].hi));
    cr_assert(ps_an_rule_wants_instance(r, "C:"));
    cr_assert(ps_an_rule_wants_instance(r, "_Total")); /* explicit exclude replaces the default */
    cr_assert(!ps_an_rule_wants_instance(r, "HarddiskVolume1"));
    ps_an_ruleset_fini(&rs);
}

Test(analyze, builtin_packs_load)
{
    for (const char *const *p = ps_rules_pack_names(); *p; p++) {
        ps_an_ruleset rs = {0};
        ps_error err = {0};
        cr_assert_eq(ps_rules_load_pack(*p, &rs, &err), PS_OK, "%s: %s:%ld %s", *p, err.file, err.line, err.msg);
        cr_assert_gt(rs.n, 0);
        for (size_t i = 0; i < rs.n; i++)
            cr_assert(rs.rules[i].source && *rs.rules[i].source, "%s: rule %s has no source", *p, rs.rules[i].id);
        ps_an_ruleset_fini(&rs);
    }
}

Test(analyze, localized_names)
{
    cr_assert_str_eq(ps_an_english_object("Prozessor"), "Processor");
    cr_assert_str_eq(ps_an_english_object("procesador"), "Processor");
    cr_assert_str_eq(ps_an_english_counter("Processor", "Prozessorzeit (%)"), "% Processor Time");
    cr_assert_null(ps_an_english_object("Processor"));
}

/* A hand-written PAL pair (tests/data/analyze/pal-child.xml inherits pal-parent.xml):
 * id-1 imported from the child (two critical limits: 0.025 is the level, 0.6 a band; the chart's
 * bands replace the defaults; _Total excluded; PAL's min/avg/max test; DATATYPE round3), id-2 a
 * statistics-only section (a limit from an undefined variable), id-4 disabled, the parent's id-1 skipped (the
 * child overrides), the parent's id-3 imported (every instance). */
Test(analyze, pal_import_inheritance_and_bands)
{
    ps_an_ruleset rs = {0};
    ps_error err = {0};
    ps_warnings w = {0};
    cr_assert_eq(ps_rules_read(PS_SOURCE_DIR "/tests/data/analyze/pal-child.xml", &rs, &w, &err), PS_OK, "%s", err.msg);
    cr_assert_eq(rs.pal_analyses, 4);
    cr_assert_eq(rs.pal_disabled, 1);
    cr_assert_eq(rs.n, 3);
    cr_assert_eq(rs.nrefused, 0);
    const ps_an_rule *m = &rs.rules[1];
    cr_assert_str_eq(m->title, "Available memory");
    cr_assert(m->chart_only && m->pal);
    /* $TenPercentOfRam is neither computed by the code nor a QUESTION: PowerShell would read
     * $null, so the limit is refused and the analysis stays a statistics-only section */
    cr_assert(strstr(m->question, "$TenPercentOfRam is set by neither the code nor a QUESTION"), "%s", m->question);
    const ps_an_rule *d = &rs.rules[0];
    cr_assert_eq(d->stat, PS_AN_STAT_ANY);
    cr_assert_eq(d->digits, 3);
    cr_assert_str_eq(d->title, "Disk latency");
    cr_assert_eq(d->op, PS_AN_GT);
    cr_assert_eq(d->warning, 0.015);
    cr_assert_eq(d->critical, 0.025);
    cr_assert_str_eq(d->description, "Reads take long.");
    cr_assert(!ps_an_rule_wants_instance(d, "_Total"));
    cr_assert(ps_an_rule_wants_instance(d, "C:"));
    /* bands: 0.6..inf critical (second critical limit), 0.015..0.025 warning, 0.025..1 critical */
    cr_assert_eq(d->nbands, 3);
    cr_assert_eq(d->bands[0].lo, 0.6);
    cr_assert_eq(d->bands[1].lo, 0.015);
    cr_assert_eq(d->bands[1].hi, 0.025);
    cr_assert_eq(d->bands[1].sev, PS_AN_WARNING);
    cr_assert_eq(d->bands[2].hi, 1);
    const ps_an_rule *f = &rs.rules[2];
    cr_assert_str_eq(f->title, "Free space");
    cr_assert_eq(f->op, PS_AN_LT);
    cr_assert_eq(f->warning, 10);
    cr_assert(ps_an_rule_wants_instance(f, "_Total"));
    ps_warnings_fini(&w);
    ps_an_ruleset_fini(&rs);
}
