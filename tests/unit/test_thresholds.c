/* Unit tests: thresholds (model/jetstress/thresholds.c) and threshold files / PAL import
 * (parser/config/thresholds.c). PAL counts were computed independently with a Python script
 * (xml.etree + re, same rules: enabled analyses, uncommented StaticThreshold calls, child IDs
 * override inherited ones). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "ps_model.h"
#include "ps_parser.h"
#include "words_util.h"

static int parse(const char *text, ps_thr_set *set, ps_error *err)
{
    return ps_thr_parse_text(text, strlen(text), "t.thr", set, err);
}

Test(thresholds, own_format)
{
    ps_thr_set set = {0};
    ps_error err = {0};
    const char *txt =
        "# comment\n"
        "\n"
        "\"\\MSExchange Database ==> Instances(*)\\I/O Database Reads Average Latency\" avg instance > 0.015 s warning\r\n"
        "  \"\\Memory\\Available MBytes\"  min server < 1GB error # trailing comment\n"
        "\"\\MSExchange Database ==> Instances(Instance9.*)\\I/O Log Writes Average Latency\" p95 instance >= 5 ms critical\n"
        "\"\\MSExchange Database ==> Instances(*)\\I/O Database Reads/sec\" avg aggregate <= 700 /s error\n";
    cr_assert_eq(parse(txt, &set, &err), PS_OK, "%s:%ld:%ld %s", err.file, err.line, err.col, err.msg);
    cr_assert_eq(set.n, 4);
    cr_assert_eq(set.rules[0].metric, 0);
    cr_assert_float_eq(set.rules[0].limit, 15.0, 1e-12); /* 0.015 s = 15 ms */
    cr_assert_eq(set.rules[0].severity, PS_THR_WARNING);
    cr_assert_null(set.rules[0].instance);
    cr_assert_eq(set.rules[1].metric, PS_JM_AVAIL_MB);
    cr_assert_float_eq(set.rules[1].limit, 1024.0, 1e-12); /* 1 GB = 1024 MB */
    cr_assert_eq(set.rules[1].op, PS_THR_LT);
    cr_assert_eq(set.rules[1].stat, PS_THR_MIN);
    cr_assert_eq(set.rules[1].scope, PS_THR_SERVER);
    cr_assert_str_eq(set.rules[2].instance, "Instance9.*");
    cr_assert_eq(set.rules[2].severity, PS_THR_ERROR);
    cr_assert_eq(set.rules[2].op, PS_THR_GE);
    cr_assert_eq(set.rules[3].scope, PS_THR_AGGREGATE);
    cr_assert_str_eq(set.rules[3].source, "t.thr:6");
    ps_thr_set_fini(&set);
}

/* Each bad line: the error carries FILE:LINE:COL pointing at the offending token. */
Test(thresholds, own_format_errors)
{
    static const struct {
        const char *text;
        long line, col;
        const char *msg;
    } cases[] = {
        {"\n\"\\Memory\\Available MBytes\" mean server < 5 MB error\n", 2, 28, "unknown statistic"},
        {"\"\\Memory\\Available MBytes\" min galaxy < 5 MB error\n", 1, 32, "unknown scope"},
        {"\"\\Memory\\Available MBytes\" min server ~ 5 MB error\n", 1, 39, "unknown operator"},
        {"\"\\Memory\\Available MBytes\" min server < 5 ms error\n", 1, 43, "does not fit"},
        {"\"\\Memory\\Available MBytes\" min server < x MB error\n", 1, 41, "expected a number"},
        {"\"\\Memory\\Available MBytes\" min server < 0x1p1 MB error\n", 1, 41, "hexadecimal is not accepted"},
        {"\"\\Memory\\Available MBytes\" min server < -0X10MB error\n", 1, 41, "hexadecimal is not accepted"},
        {"\"\\Memory\\Available MBytes\" min server < inf MB error\n", 1, 41, "expected a number"},
        {"\"\\Memory\\Available MBytes\" min server < 1e999 MB error\n", 1, 41, "expected a number"},
        {"\"\\Memory\\Available MBytes\" min server < 5 MB fatal\n", 1, 46, "unknown severity"},
        {"\"\\Memory\\Available MBytes\" min server < 5 MB\n", 1, 45, "missing severity"},
        {"\"\\Memory\\Cache Bytes\" min server < 5 MB error\n", 1, 1, "not one the Jetstress pipeline tracks"},
        {"\"\\Memory\\Available MBytes\" max aggregate < 5 MB error\n", 1, 28, "aggregate scope supports avg only"},
        {"\"\\Memory\\Available MBytes min server < 5 MB error\n", 1, 0, "unterminated"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ps_thr_set set = {0};
        ps_error err = {0};
        cr_assert_eq(parse(cases[i].text, &set, &err), PS_EINPUT, "case %zu", i);
        cr_assert_str_eq(err.file, "t.thr");
        cr_assert_eq(err.line, cases[i].line, "case %zu: line %ld", i, err.line);
        if (cases[i].col)
            cr_assert_eq(err.col, cases[i].col, "case %zu: col %ld (%s)", i, err.col, err.msg);
        cr_assert(strstr(err.msg, cases[i].msg), "case %zu: %s", i, err.msg);
        ps_thr_set_fini(&set);
    }
}

static int have_pal(char *path, size_t n, const char *name)
{
    snprintf(path, n, "%s/real-samples/pal-thresholds/%s", PS_SHARED_DIR, name);
    return access(path, R_OK) == 0;
}

static const ps_thr_rule *find_rule(const ps_thr_set *s, int metric, enum ps_thr_severity sev, const char *ctr)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->rules[i].metric == metric && s->rules[i].severity == sev && strstr(s->rules[i].counter, ctr))
            return &s->rules[i];
    return NULL;
}

Test(thresholds, pal_exchange2016)
{
    char p[1024];
    if (!have_pal(p, sizeof p, "Exchange2016.xml"))
        cr_skip_test("no ../shared PAL files");
    ps_thr_set set = {0};
    ps_warnings w = {0};
    ps_error err = {0};
    cr_assert_eq(ps_thr_read(p, &set, &w, &err), PS_OK, "%s", err.msg);
    cr_assert_eq(set.n + set.skipped, 37); /* StaticThreshold rules imported */
    cr_assert_eq(set.n, 8); /* on counters the Jetstress pipeline tracks */
    const ps_thr_rule *wr = find_rule(&set, 7, PS_THR_WARNING, "I/O Log Writes Average Latency");
    const ps_thr_rule *cr = find_rule(&set, 7, PS_THR_ERROR, "I/O Log Writes Average Latency");
    cr_assert(wr && cr);
    cr_assert_float_eq(wr->limit, 10, 0);
    cr_assert_float_eq(cr->limit, 30, 0);
    cr_assert_eq(wr->op, PS_THR_GT);
    cr_assert_str_eq(wr->counter, "\\MSExchange Database ==> Instances(*)\\I/O Log Writes Average Latency");
    /* (Attached) read latency rule maps onto the database read latency: > 20 warning, > 75 critical */
    const ps_thr_rule *ra = find_rule(&set, 0, PS_THR_ERROR, "(Attached)");
    cr_assert(ra);
    cr_assert_float_eq(ra->limit, 75, 0);
    /* SystemOverview.xml is not there: a warning, not an error */
    cr_assert_eq(w.n, 1);
    cr_assert(strstr(w.msgs[0], "SystemOverview.xml not found"), "%s", w.msgs[0]);
    ps_thr_set_fini(&set);
    ps_warnings_fini(&w);
}

Test(thresholds, pal_exchange2010_with_inheritance)
{
    char p[1024];
    if (!have_pal(p, sizeof p, "Exchange2010.xml"))
        cr_skip_test("no ../shared PAL files");
    ps_thr_set set = {0};
    ps_warnings w = {0};
    ps_error err = {0};
    cr_assert_eq(ps_thr_read(p, &set, &w, &err), PS_OK, "%s", err.msg);
    /* 132 = its own rules + QuickSystemOverview.xml's (inherited, IDs not overridden) */
    cr_assert_eq(set.n + set.skipped, 132);
    cr_assert_eq(set.n, 15);
    cr_assert_eq(w.n, 0);
    /* LogicalDisk sec/Read critical > 0.020 s -> 20 ms */
    const ps_thr_rule *ld = find_rule(&set, 0, PS_THR_ERROR, "\\LogicalDisk(*)\\Avg. Disk sec/Read");
    cr_assert(ld);
    cr_assert_float_eq(ld->limit, 20.0, 1e-9);
    ps_thr_set_fini(&set);
    ps_warnings_fini(&w);
}

Test(thresholds, pal_quick_system_overview)
{
    char p[1024];
    if (!have_pal(p, sizeof p, "QuickSystemOverview.xml"))
        cr_skip_test("no ../shared PAL files");
    ps_thr_set set = {0};
    ps_warnings w = {0};
    ps_error err = {0};
    cr_assert_eq(ps_thr_import_pal(p, &set, &w, &err), PS_OK, "%s", err.msg);
    cr_assert_eq(set.n + set.skipped, 71);
    cr_assert_eq(set.n, 13); /* Processor(*) rules apply to the tracked Processor(_Total) */
    cr_assert_eq(w.n, 0); /* empty INHERITANCE FILEPATH: nothing to import, no warning */
    /* "-Threshold 1GB": PowerShell multiplier, 1024^3 bytes */
    const ps_thr_rule *pp = find_rule(&set, PS_JM_PAGED, PS_THR_WARNING, "Pool Paged Bytes");
    cr_assert(pp);
    cr_assert_float_eq(pp->limit, 1073741824.0, 0);
    /* LogicalDisk rules judge Jetstress 2007 volumes only, not ESE instances */
    const ps_thr_rule *ld = find_rule(&set, 0, PS_THR_WARNING, "LogicalDisk");
    cr_assert(ld);
    cr_assert_eq(ld->volume, 1);
    cr_assert_float_eq(ld->limit, 15.0, 1e-9);
    ps_thr_set_fini(&set);
    ps_warnings_fini(&w);
}

Test(thresholds, profiles)
{
    cr_assert_str_eq(ps_js_profile_from_version("15.00.0995.000"), "jetstress-2013");
    cr_assert_str_eq(ps_js_profile_from_version("14.01.0225.017"), "jetstress-2010");
    cr_assert_str_eq(ps_js_profile_from_version("08.00.0685.018"), "jetstress-2007");
    cr_assert_null(ps_js_profile_from_version("16.0"));
    cr_assert_str_eq(ps_js_profile_canonical("jetstress-2016"), "jetstress-2013");
    cr_assert_null(ps_js_profile_canonical("jetstress-2003"));
    ps_js_threshold_set s;
    cr_assert_eq(ps_js_profile_set("jetstress-2013", 1, &s), 0);
    cr_assert(s.avg_db_read_ms == 20 && s.max_db_read_ms == 200 && s.avg_log_write_ms == 10 &&
              s.max_log_write_ms == 200);
    cr_assert_eq(ps_js_profile_set("jetstress-2013", 0, &s), 0);
    cr_assert(s.max_db_read_ms == 100 && s.max_log_write_ms == 100);
    cr_assert_eq(ps_js_profile_set("jetstress-2007", 0, &s), 0);
    cr_assert(s.avg_db_read_ms == 20 && s.max_db_read_ms == 50 && s.avg_log_write_ms == 10 && s.max_log_write_ms == 50);
    ps_thr_set r = {0};
    ps_js_profile_rules("jetstress-2013", &s, 6, &r);
    cr_assert_eq(r.n, 5); /* 2 averages, 2 maximum-exceedance counts, page fault stalls */
    ps_thr_set_fini(&r);
    ps_js_profile_rules("jetstress-2010", &s, 6, &r);
    cr_assert_eq(r.n, 4);
    ps_thr_set_fini(&r);
}

/* A hand-built server: instance 1 reads at 22.4 ms average (fail), instance 2 has 7 samples of
 * log writes above 100 ms (> 6 allowed) while its average stays at 7.18 ms, host stalls average
 * (1 + 1 + 1.5 + 1.5) / 4 = 1.25 (> 1). */
Test(thresholds, judge_reasons)
{
    ps_js_run *run = ps_xcalloc(1, sizeof *run);
    run->nservers = 1;
    run->servers = ps_xcalloc(1, sizeof *run->servers);
    ps_js_server *s = &run->servers[0];
    s->machine = ps_xstrdup("MBX03");
    s->test_type = PS_TEST_PERFORMANCE;
    s->jetstress_version = ps_xstrdup("15.01.0466.031");
    s->nlogs = 1; /* the statistics below stand for one counter log of 200 window samples */
    s->window_samples = 200;
    s->logs = ps_xcalloc(1, sizeof *s->logs);
    s->logs[0] = ps_xstrdup("MBX03.csv");
    s->ninstances = 2;
    s->instances = ps_xcalloc(2, sizeof *s->instances);
    s->stats = ps_xcalloc(1, sizeof *s->stats);
    s->stats->ninst = 2;
    s->stats->inst = ps_xcalloc(2, sizeof *s->stats->inst);
    const char *names[] = {"Instance4711.3", "Instance4711.4"};
    for (int i = 0; i < 2; i++) {
        s->instances[i].name = ps_xstrdup(names[i]);
        double v[PS_JM_NINST];
        for (int k = 0; k < PS_JM_NINST; k++)
            v[k] = NAN;
        for (int t = 0; t < 200; t++) { /* log write average (7*150 + 193*2)/200 = 7.18 ms */
            v[0] = i == 0 ? 22.4 : 10.0; /* db read latency */
            v[2] = 100;
            v[7] = (i == 1 && t < 7) ? 150.0 : 2.0; /* log write latency */
            v[9] = 50;
            ps_js_inst_acc_add(&s->stats->inst[i], v);
        }
        for (int t = 0; t < 4; t++)
            ps_js_stat_add(&s->stats->host[PS_JM_STALLS - PS_JM_NINST], t < 2 ? 1.0 : 1.5);
    }
    ps_js_server_finish(s);
    ps_error err = {0};
    cr_assert_eq(ps_js_judge(run, NULL, &err), PS_OK);
    cr_assert_eq(s->verdict.result, PS_VERDICT_FAIL);
    cr_assert_str_eq(s->verdict.profile, "jetstress-2013/strict");
    cr_assert_eq(s->verdict.nreasons, 3);
    cr_assert_str_eq(rw(&s->verdict.reasons[0]), "MBX03 Instance4711.3: average database read latency 22.4 ms > 20 ms");
    cr_assert_str_eq(rw(&s->verdict.reasons[1]),
                     "MBX03 Instance4711.4: 7 samples of log write latency > 100 ms (6 allowed)");
    cr_assert_str_eq(rw(&s->verdict.reasons[2]), "MBX03: average database page fault stalls/sec 1.25/s > 1/s");
    /* lenient (Stress): maximum 200 ms, so the 150 ms samples pass */
    ps_js_judge_options jo = {NULL, 1, NULL};
    cr_assert_eq(ps_js_judge(run, &jo, &err), PS_OK);
    cr_assert_eq(s->verdict.nreasons, 2);
    cr_assert_str_eq(s->verdict.profile, "jetstress-2013/lenient");
    /* 2010 has no stall rule */
    jo.profile = "jetstress-2010";
    jo.lenient = 0;
    cr_assert_eq(ps_js_judge(run, &jo, &err), PS_OK);
    cr_assert_eq(s->verdict.nreasons, 2);
    jo.profile = "nope";
    cr_assert_eq(ps_js_judge(run, &jo, &err), PS_EUSAGE);
    /* an extra warning rule is listed but does not fail a passing server */
    s->instances[0].computed.transactional.db_read_latency_ms = 12;
    ps_js_stat_fini(&s->stats->host[PS_JM_STALLS - PS_JM_NINST]); /* no stall samples any more */
    ps_thr_set extra = {0};
    cr_assert_eq(
        parse(
            "\"\\MSExchange Database ==> Instances(*)\\I/O Database Reads Average Latency\" avg instance > 11 ms warning\n",
            &extra, &err),
        PS_OK);
    ps_js_judge_options j2 = {"jetstress-2013", 1, &extra};
    cr_assert_eq(ps_js_judge(run, &j2, &err), PS_OK);
    /* without the stalls counter the 2013 profile cannot be evaluated in full: not judged */
    cr_assert_eq(s->verdict.result, PS_VERDICT_UNKNOWN);
    cr_assert_eq(s->verdict.source, PS_VSRC_RECOMPUTED);
    cr_assert_eq(s->verdict.nreasons, 2);
    cr_assert_str_eq(rw(&s->verdict.reasons[1]), "MBX03: not judged: 1 threshold check without its counter, and no "
                                                 "printed Jetstress verdict to fall back on");
    ps_js_stat_add(&s->stats->host[PS_JM_STALLS - PS_JM_NINST], 0.0);
    cr_assert_eq(ps_js_judge(run, &j2, &err), PS_OK);
    cr_assert_eq(s->verdict.result, PS_VERDICT_PASS);
    cr_assert_eq(s->verdict.nreasons, 1);
    cr_assert_str_eq(rw(&s->verdict.reasons[0]),
                     "warning: MBX03 Instance4711.3: average database read latency 12 ms > 11 ms");
    ps_thr_set_fini(&extra);
    ps_js_run_free(run);
}

/* p95 (nearest rank) and min/max rules per instance from the window statistics: samples 1..100
 * -> p95 = 95, max = 100, min = 1; server scope of a rate = the sum over the instances. */
Test(thresholds, p95_min_max_rules)
{
    ps_js_run *run = ps_xcalloc(1, sizeof *run);
    run->nservers = 1;
    run->servers = ps_xcalloc(1, sizeof *run->servers);
    ps_js_server *s = &run->servers[0];
    s->machine = ps_xstrdup("S1");
    s->test_type = PS_TEST_PERFORMANCE;
    s->ninstances = 2;
    s->instances = ps_xcalloc(2, sizeof *s->instances);
    s->stats = ps_xcalloc(1, sizeof *s->stats);
    s->stats->ninst = 2;
    s->stats->inst = ps_xcalloc(2, sizeof *s->stats->inst);
    for (int i = 0; i < 2; i++) {
        s->instances[i].name = ps_xstrdup(i ? "Instance1.2" : "Instance1.1");
        double v[PS_JM_NINST];
        for (int k = 0; k < PS_JM_NINST; k++)
            v[k] = NAN;
        for (int t = 1; t <= 100; t++) {
            v[7] = i ? 1.0 : t / 20.0; /* instance 1: 0.05 .. 5 ms, p95 = 4.75, mean 2.525 */
            v[9] = 10 + i; /* log writes/s: 10 and 11 -> server 21 */
            ps_js_inst_acc_add(&s->stats->inst[i], v);
        }
    }
    ps_js_server_finish(s);
    ps_thr_set extra = {0};
    ps_error err = {0};
    const char *txt =
        "\"\\MSExchange Database ==> Instances(*)\\I/O Log Writes Average Latency\" p95 instance > 4.5 ms error\n"
        "\"\\MSExchange Database ==> Instances(*)\\I/O Log Writes Average Latency\" max instance >= 5 ms warning\n"
        "\"\\MSExchange Database ==> Instances(*.2)\\I/O Log Writes Average Latency\" min instance < 1 ms error\n"
        "\"\\MSExchange Database ==> Instances(*)\\I/O Log Writes/sec\" avg server > 20 /s warning\n";
    cr_assert_eq(parse(txt, &extra, &err), PS_OK, "%s", err.msg);
    ps_js_judge_options jo = {"jetstress-2010", 0, &extra};
    cr_assert_eq(ps_js_judge(run, &jo, &err), PS_OK);
    const ps_verdict *v = &s->verdict;
    cr_assert_eq(v->result, PS_VERDICT_FAIL);
    cr_assert_eq(v->nreasons, 3, "%zu", v->nreasons);
    cr_assert_str_eq(rw(&v->reasons[0]), "S1 Instance1.1: 95th percentile log write latency 4.75 ms > 4.5 ms");
    cr_assert_str_eq(rw(&v->reasons[1]), "warning: S1 Instance1.1: maximum log write latency 5 ms >= 5 ms");
    /* min of Instance1.2 is 1.0: "< 1 ms" holds not; server log writes 10 + 11 = 21 > 20 */
    cr_assert_str_eq(rw(&v->reasons[2]), "warning: S1: average log writes/sec 21/s > 20/s");
    ps_thr_set_fini(&extra);
    ps_js_run_free(run);
}
