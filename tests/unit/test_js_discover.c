/* Unit tests: Jetstress run discovery (parser/jetstress/js_discover.c) on the bundled sample run and on a
 * scratch tree with orphans, a tuning log, a machine mismatch and a symbolic-link loop. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ps_parser.h"

static int has_warning(const ps_warnings *w, const char *a, const char *b)
{
    for (size_t i = 0; i < w->n; i++)
        if (strstr(w->msgs[i], a) && (!b || strstr(w->msgs[i], b)))
            return 1;
    return 0;
}

static const char *base(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

Test(js_discover, bundled_sample_run)
{
    const char *paths[] = {PS_SOURCE_DIR "/samples/jetstress", PS_SOURCE_DIR "/samples/jetstress/MBX02"};
    ps_js_run *run = NULL;
    ps_error e = {0};
    cr_assert_eq(ps_js_discover(paths, 2, &run, &e), 0, "%s", e.msg);
    cr_assert_eq(run->nservers, 5);
    static const struct {
        const char *m;
        enum ps_test_type t;
        size_t ninst;
        int result;
        double mbx;
        const char *log;
    } X[] = {
        {"MBX01", PS_TEST_PERFORMANCE, 4, 1, 1000, "Performance_2026_3_14_10_11_2.csv"},
        {"MBX01", PS_TEST_STRESS, 4, 0, 1000, "Stress_2026_3_16_9_30_5.blg"},
        {"MBX01", PS_TEST_SOFTRECOVERY, 0, 1, 1000, NULL},
        {"MBX02", PS_TEST_PERFORMANCE, 5, 0, 1250, "Performance_2026_3_14_10_12_40.csv"},
        {"MBX03", PS_TEST_PERFORMANCE, 6, 1, 1500, "Performance_2026_3_14_22_41_15.csv"},
    };
    for (size_t i = 0; i < 5; i++) {
        const ps_js_server *s = &run->servers[i];
        cr_assert_str_eq(s->machine, X[i].m);
        cr_assert_eq(s->test_type, X[i].t, "server %zu type %d", i, s->test_type);
        cr_assert_not_null(s->report);
        cr_assert_eq(s->report->result, X[i].result);
        cr_assert_eq(s->ninstances, X[i].ninst);
        cr_assert_not_null(s->config);
        cr_assert_eq(s->config->mailbox_count, X[i].mbx);
        cr_assert_str_eq(s->jetstress_version, "15.00.0995.000");
        if (X[i].log) {
            cr_assert_eq(s->nlogs, 1);
            cr_assert_str_eq(base(s->logs[0]), X[i].log);
        } else {
            cr_assert_eq(s->nlogs, 0);
        }
        cr_assert(isnan(s->summary.achieved_transactional_iops));
        cr_assert_eq(s->verdict.result, PS_VERDICT_UNKNOWN);
    }
    /* the copies of one config are separate objects */
    cr_assert(run->servers[0].config != run->servers[2].config);
    /* the Stress run has its own folder and config */
    cr_assert(strstr(run->servers[1].config->source, "/MBX01/Stress/JetstressConfig.xml"));
    cr_assert_eq(run->servers[1].config->test_type, PS_TEST_STRESS);
    cr_assert_str_eq(run->servers[4].report->language, "zh-TW");
    cr_assert_str_eq(run->servers[3].instances[2].name, "Instance5120.3");
    cr_assert(fabs(run->servers[3].instances[2].reported.transactional.db_read_latency_ms - 23.529) < 1e-9);
    /* window from the report, crossing midnight for MBX03 */
    cr_assert_eq(run->servers[4].window_start, ps_time_from_fields(2026, 3, 14, 22, 41, 30, 0));
    cr_assert_eq(run->servers[4].window_end, ps_time_from_fields(2026, 3, 15, 0, 41, 16, 0));
    cr_assert_eq(run->warnings.n, 0, "unexpected warning: %s", run->warnings.n ? run->warnings.msgs[0] : "");
    ps_js_run_free(run);
}

static void put(const char *dir, const char *name, const char *content)
{
    char p[512];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "wb");
    cr_assert_not_null(f, "%s", p);
    fputs(content, f);
    fclose(f);
}

static void copy(const char *from, const char *dir, const char *name)
{
    FILE *f = fopen(from, "rb");
    cr_assert_not_null(f);
    ps_buf b = {0};
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        ps_buf_put(&b, chunk, n);
    fclose(f);
    put(dir, name, b.data);
    ps_buf_fini(&b);
}

Test(js_discover, orphans_mismatch_tuning_and_symlink_loop)
{
    char root[] = "/tmp/ps_js_disc_XXXXXX";
    cr_assert_not_null(mkdtemp(root));
    char a[600], b[600], loop[700];
    snprintf(a, sizeof a, "%s/a", root);
    snprintf(b, sizeof b, "%s/b", root);
    cr_assert_eq(mkdir(a, 0700), 0);
    cr_assert_eq(mkdir(b, 0700), 0);
    snprintf(loop, sizeof loop, "%s/loop", a);
    cr_assert_eq(symlink(root, loop), 0);
    copy(PS_SOURCE_DIR "/samples/jetstress/MBX01/JetstressConfig.xml", root, "JetstressConfig.xml");
    copy(PS_SOURCE_DIR "/tests/data/jetstress/en2013-fail.html", a, "report.html");
    put(a, "Performance_2016_1_1_0_11_1.csv",
        "\"(PDH-CSV 4.0) (UTC)(0)\",\"\\\\OTHERHOST\\Processor(_Total)\\% Processor Time\"\r\n"
        "\"01/01/2016 00:11:17.000\",\"1.5\"\r\n");
    put(a, "Tuning_2016_1_1_0_3_3.csv", "\"(PDH-CSV 4.0)\",\"\\\\EXCH-TEST02\\Memory\\Available MBytes\"\n");
    put(b, "orphan.csv", "\"(PDH-CSV 4.0) (UTC)(0)\",\"\\\\LONELY\\Memory\\Available MBytes\"\n");
    put(b, "notjs.html", "<html><body><p>hello</p></body></html>");
    put(b, "readme.txt", "nothing");
    /* a report without Machine Name: machine from its paired counter log */
    put(b, "Stress_2015_7_17_14_9_16.html",
        "<html><body><div>Stress Test Result Report</div><fieldset><legend>Test Summary</legend><table>"
        "<tr><td>Overall Test Result</td><td>Pass</td></tr></table></fieldset></body></html>");
    put(b, "Stress_2015_7_17_14_9_16.tsv", "\"(PDH-TSV 4.0) (UTC)(0)\"\t\"\\\\STRESSBOX\\Memory\\Pool Paged Bytes\"\n");
    put(b, "junk.csv", "a,b,c\n1,2,3\n");

    const char *paths[] = {root};
    ps_js_run *run = NULL;
    ps_error e = {0};
    cr_assert_eq(ps_js_discover(paths, 1, &run, &e), 0, "%s", e.msg);
    cr_assert_eq(run->nservers, 3);
    cr_assert_str_eq(run->servers[2].machine, "STRESSBOX");
    cr_assert_eq(run->servers[2].test_type, PS_TEST_STRESS);
    cr_assert_eq(run->servers[2].nlogs, 1);
    cr_assert_str_eq(base(run->servers[2].logs[0]), "Stress_2015_7_17_14_9_16.tsv");
    cr_assert(has_warning(&run->warnings, "no Machine Name", "STRESSBOX from its counter log"));
    cr_assert_str_eq(run->servers[0].machine, "EXCH-TEST02");
    cr_assert_eq(run->servers[0].report->result, 0);
    cr_assert_eq(run->servers[0].nlogs, 1); /* stem pairing via the report's Performance Log row */
    cr_assert_str_eq(base(run->servers[0].logs[0]), "Performance_2016_1_1_0_11_1.csv");
    cr_assert_str_eq(run->servers[1].machine, "LONELY");
    cr_assert_eq(run->servers[1].test_type, PS_TEST_PERFORMANCE);
    cr_assert_null(run->servers[1].report);
    cr_assert_eq(run->servers[1].nlogs, 1);
    /* nearest config: the one in the common parent folder, one copy each */
    cr_assert_not_null(run->servers[0].config);
    cr_assert_not_null(run->servers[1].config);
    cr_assert_eq(run->servers[1].config->mailbox_count, 1000);
    cr_assert(has_warning(&run->warnings, "OTHERHOST", "EXCH-TEST02"));
    cr_assert(has_warning(&run->warnings, "Tuning_2016_1_1_0_3_3.csv", "tuning"));
    cr_assert(has_warning(&run->warnings, "orphan.csv", "no report"));
    cr_assert(has_warning(&run->warnings, "notjs.html", "ignored"));
    cr_assert(has_warning(&run->warnings, "junk.csv", "not a PerfMon counter log"));
    cr_assert(has_warning(&run->warnings, "LONELY (Performance)", "no Jetstress report"));
    cr_assert(!has_warning(&run->warnings, "readme.txt", NULL));
    ps_js_run_free(run);

    const char *missing[] = {"/nonexistent/jetstress"};
    cr_assert_eq(ps_js_discover(missing, 1, &run, &e), PS_EIO);
    cr_assert_null(run);
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    cr_assert_eq(system(cmd), 0);
}
