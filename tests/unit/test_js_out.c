/* Unit tests: Jetstress outputs (render/out/js_out.c) on a hand-built run. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "ps_model.h"
#include "ps_render.h"

/* One Performance server with two instances (computed 14.075 vs reported 14.100 on one read
 * latency), a failing verdict with characters that need escaping, and a SoftRecovery server. */
static ps_js_run *make_run(void)
{
    ps_js_run *run = ps_xcalloc(1, sizeof *run);
    run->nservers = 2;
    run->servers = ps_xcalloc(2, sizeof *run->servers);
    ps_js_server *s = &run->servers[0];
    s->machine = ps_xstrdup("MBX<1>");
    s->test_type = PS_TEST_PERFORMANCE;
    s->jetstress_version = ps_xstrdup("15.01.0466.031");
    s->window_start = ps_time_from_fields(2026, 3, 14, 10, 11, 17, 0);
    s->window_end = ps_time_from_fields(2026, 3, 14, 12, 11, 3, 0);
    s->window_samples = 480;
    s->nlogs = 1;
    s->logs = ps_xcalloc(1, sizeof *s->logs);
    s->logs[0] = ps_xstrdup("a.csv");
    s->ninstances = 2;
    s->instances = ps_xcalloc(2, sizeof *s->instances);
    for (int i = 0; i < 2; i++) {
        ps_js_instance *in = &s->instances[i];
        in->name = ps_xstrdup(i ? "Instance1.2" : "Instance1.1");
        double m[PS_JM_NINST];
        for (int k = 0; k < PS_JM_NINST; k++)
            m[k] = 10 * (k + 1) + i;
        m[0] = i ? 12.0 : 14.075;
        ps_js_figures_from_means(m, &in->computed);
        in->has_computed = 1;
        in->samples = 480;
        in->reported = in->computed;
        in->has_reported = 1;
    }
    s->instances[0].reported.transactional.db_read_latency_ms = 14.1;
    s->instances[1].reported.transactional.db_read_latency_ms = 12.0004; /* within rounding */
    ps_js_summarize(s, 200, &s->summary);
    s->verdict.result = PS_VERDICT_FAIL;
    s->verdict.source = PS_VSRC_BOTH;
    s->verdict.profile = ps_xstrdup("jetstress-2013/strict");
    ps_verdict_add_text(&s->verdict, "MBX<1> Instance1.1: average \"database\" read latency 22.4 ms > 20 ms & more");
    ps_verdict_add_text(&s->verdict, "second reason");
    ps_js_server *r = &run->servers[1];
    r->machine = ps_xstrdup("MBX2");
    r->test_type = PS_TEST_SOFTRECOVERY;
    r->window_start = r->window_end = PS_TIME_NONE;
    ps_js_summary_clear(&r->summary);
    r->verdict.result = PS_VERDICT_UNKNOWN;
    r->verdict.profile = ps_xstrdup("none");
    ps_js_aggregate(run);
    return run;
}

static size_t count(const char *hay, const char *needle)
{
    size_t n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

Test(js_out, json_schema_and_values)
{
    ps_js_run *run = make_run();
    ps_buf b = {0};
    ps_js_render_json(&b, run);
    /* keys of the fixed schema */
    const char *keys[] = {
        "\"servers\":[",
        "\"machine\":\"MBX<1>\"",
        "\"test_type\":\"Performance\"",
        "\"jetstress_version\":\"15.01.0466.031\"",
        "\"window\":{\"start\":\"2026-03-14T10:11:17.000\",\"end\":\"2026-03-14T12:11:03.000\",\"samples\":480}",
        "\"instance\":\"Instance1.1\"",
        "\"transactional\":{\"db_read_latency_ms\":14.075,",
        "\"maintenance\":{\"reads_per_sec\":130,\"read_bytes\":140}",
        "\"replication\":{\"log_reads_per_sec\":90,\"log_read_bytes\":110}",
        "\"total\":{\"db_read_latency_ms\":14.075,\"db_write_latency_ms\":20,\"db_reads_per_sec\":160,",
        "\"reported\":{\"transactional\":{\"db_read_latency_ms\":14.1,",
        "\"verdict\":{\"result\":\"fail\",\"source\":\"both\",\"profile\":\"jetstress-2013/strict\",\"reasons\":[",
        "\\\"database\\\"",
        "\"result\":\"unknown\"",
        "\"aggregate\":{",
        "\"target_transactional_iops\":200",
        "\"db_read_latency_ms_weighted\":"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        cr_assert(strstr(b.data, keys[i]), "missing %s in\n%s", keys[i], b.data);
    /* server: reads 30 + 31 = 61, writes 40 + 41 = 81; plain read latency (14.075 + 12) / 2 = 13.0375 */
    cr_assert(strstr(b.data,
                     "\"server\":{\"db_reads_per_sec\":61,\"db_writes_per_sec\":81,\"db_transfers_per_sec\":142,"
                     "\"achieved_transactional_iops\":142,\"target_transactional_iops\":200,"
                     "\"db_read_latency_ms\":13.0375,"),
              "%s", b.data);
    /* the SoftRecovery server has no figures: NaN -> null */
    cr_assert(strstr(b.data, "\"db_reads_per_sec\":null"));
    cr_assert_eq(count(b.data, "\"instance\":"), 2);
    ps_buf_fini(&b);
    ps_js_run_free(run);
}

Test(js_out, text_reported_beside_recomputed)
{
    ps_js_run *run = make_run();
    ps_buf b = {0};
    ps_js_render_text(&b, run);
    cr_assert(strstr(b.data, "Transactional I/O Performance"));
    cr_assert(strstr(b.data, "Background Database Maintenance I/O Performance"));
    cr_assert(strstr(b.data, "Log Replication I/O Performance"));
    cr_assert(strstr(b.data, "Total I/O Performance"));
    cr_assert(strstr(b.data, "ESRP summary"));
    /* one "reported" row per table with 12 columns (Transactional and Total) for Instance1.1 only:
     * 14.100 beside 14.075, '=' elsewhere; 12.0004 is within rounding of 12 */
    cr_assert_eq(count(b.data, "  reported"), 1, "%s", b.data);
    cr_assert(strstr(b.data, "  reported             14.100          =          ="), "%s", b.data);
    cr_assert(strstr(b.data, "MBX<1> Performance: FAIL (jetstress-2013/strict)\n  MBX<1> Instance1.1: average"));
    cr_assert(strstr(b.data, "Aggregate"));
    ps_buf_fini(&b);
    ps_js_run_free(run);
}

Test(js_out, junit_escaped)
{
    ps_js_run *run = make_run();
    ps_buf b = {0};
    ps_js_render_junit(&b, run);
    cr_assert(
        strstr(b.data, "<testsuite name=\"perfscribe check\" tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"1\">"));
    cr_assert(strstr(b.data, "name=\"MBX&lt;1&gt; Performance\""), "%s", b.data);
    cr_assert(strstr(b.data, "average &quot;database&quot; read latency 22.4 ms &gt; 20 ms &amp; more"), "%s", b.data);
    cr_assert_eq(count(b.data, "<failure "), 1);
    cr_assert_eq(count(b.data, "<testcase "), 2);
    cr_assert_eq(count(b.data, "<skipped "), 1);
    cr_assert_null(strstr(b.data, "MBX<1>"));
    ps_buf_fini(&b);
    ps_buf v = {0};
    ps_js_render_verdicts(&v, run);
    cr_assert(strstr(v.data, "MBX2 SoftRecovery: UNKNOWN (none)\n"));
    cr_assert(strstr(v.data, "2 tests: 0 passed, 1 failed, 1 without criteria\n"));
    ps_buf_fini(&v);
    ps_js_run_free(run);
}
