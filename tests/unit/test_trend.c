/* Unit tests: trend matrix, relative values, rounding intervals, table files, text/JSON. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ps_parser.h"
#include "ps_render.h"

#define DATA PS_SOURCE_DIR "/tests/data/trend/"

Test(trend, table_file_and_relative_values)
{
    ps_trend t = {0};
    ps_error err;
    cr_assert_eq(ps_trend_table_read(DATA "generations.csv", &t, &err), PS_OK, "%s", err.msg);
    cr_assert_eq(t.nlabels, 3);
    cr_assert_eq(t.nmetrics, 3);
    cr_assert_str_eq(t.labels[0], "Gen 1, RAID 10");
    cr_assert_str_eq(t.load_name, "Users");
    cr_assert_eq(t.load[1], 6000);
    cr_assert_str_eq(t.metrics[0].key, "total_iops");
    cr_assert_str_eq(t.metrics[0].unit, "IOPS");
    cr_assert_eq(t.metrics[0].decimals, 0);
    cr_assert_eq(t.metrics[1].decimals, 1);
    cr_assert_eq(t.metrics[1].lower_is_better, 1);
    /* 1500 / 1200 = 125 %; 1350 / 1200 = 112.5 % -> 113 (half away from zero) */
    cr_assert_float_eq(ps_trend_relative(&t, 1, 0), 125.0, 1e-12);
    cr_assert_float_eq(ps_trend_relative(&t, 2, 0), 112.5, 1e-12);
    ps_buf b = {0};
    ps_trend_cell(&b, &t, 2, 0);
    cr_assert_str_eq(b.data, "113% [1350 IOPS]");
    ps_buf_reset(&b);
    ps_trend_cell(&b, &t, 2, 1); /* 12.5 / 8.0 = 156.25 % */
    cr_assert_str_eq(b.data, "156% [12.5 ms]");
    ps_buf_reset(&b);
    ps_trend_cell(&b, &t, 2, 2); /* absent */
    cr_assert_str_eq(b.data, "n/a");
    ps_buf_reset(&b);
    t.baseline = 1; /* 1200 / 1500 = 80 % */
    ps_trend_cell(&b, &t, 0, 0);
    cr_assert_str_eq(b.data, "80% [1200 IOPS]");
    ps_buf_fini(&b);
    ps_trend_fini(&t);
}

Test(trend, text_and_json)
{
    ps_trend t = {0};
    ps_error err;
    cr_assert_eq(ps_trend_table_read(DATA "generations.csv", &t, &err), PS_OK);
    ps_buf b = {0};
    ps_trend_render_text(&t, &b);
    cr_assert(strstr(b.data, "Gen 1, RAID 10 (baseline)") != NULL);
    cr_assert(strstr(b.data, "Total IOPS         100% [1200 IOPS]           125% [1500 IOPS]  113% [1350 IOPS]\n") !=
                  NULL,
              "%s", b.data);
    ps_buf_reset(&b);
    ps_trend_render_json(&t, &b);
    cr_assert(strstr(b.data, "\"key\":\"db_read_latency\",\"title\":\"DB read latency\",\"unit\":\"ms\","
                             "\"decimals\":1,\"lower_is_better\":true,\"values\":[8,10,12.5],"
                             "\"relative_percent\":[100,125,156.25],\"cells\":[\"100% [8.0 ms]\",\"125% [10.0 ms]\","
                             "\"156% [12.5 ms]\"]") != NULL,
              "%s", b.data);
    cr_assert(strstr(b.data, "\"values\":[1.2,0.9,null]") != NULL);
    ps_buf_fini(&b);
    ps_trend_fini(&t);
}

Test(trend, pct_interval_examples_of_the_dossier)
{
    /* jetstress-esrp.md 7.7: ratio intervals 8.8/7.3 -> [119.0, 122.1]; 0.9/1.0 -> [81.0, 100.0];
     * 4.0/5.2 -> [75.2, 78.6]; the accepted percentages add half a point of rounding each side. */
    double lo, hi;
#define ps_pct_interval(v, dv, b, db, lo, hi) \
    (ps_pct_consistent(0, 0.5, v, ps_half_unit(dv), b, ps_half_unit(db), lo, hi), isnan(*(lo)) ? -1 : 0)
    cr_assert_eq(ps_pct_interval(8.8, 1, 7.3, 1, &lo, &hi), 0);
    cr_assert(fabs(lo + 0.5 - 119.0) < 0.05 && fabs(hi - 0.5 - 122.1) < 0.05, "%f %f", lo, hi);
    cr_assert_eq(ps_pct_interval(0.9, 1, 1.0, 1, &lo, &hi), 0);
    cr_assert(fabs(lo + 0.5 - 81.0) < 0.05 && fabs(hi - 0.5 - 100.0) < 0.05, "%f %f", lo, hi);
    cr_assert(97 >= lo && 97 <= hi);
    cr_assert_eq(ps_pct_interval(4.0, 1, 5.2, 1, &lo, &hi), 0);
    cr_assert(fabs(lo + 0.5 - 75.2) < 0.05 && fabs(hi - 0.5 - 78.6) < 0.05, "%f %f", lo, hi);
    /* integer IOPS: 1383/1530 -> about +-0.6 points around 90.39 */
    cr_assert_eq(ps_pct_interval(1383, 0, 1530, 0, &lo, &hi), 0);
    cr_assert(lo > 89.8 && lo < 89.9 && hi > 90.9 && hi < 91.0, "%f %f", lo, hi);
    cr_assert_eq(ps_pct_interval(1, 0, 0.4, 0, &lo, &hi), -1);
}

static ps_js_run *two_server_run(void)
{
    ps_js_run *run = ps_xcalloc(1, sizeof *run);
    run->nservers = 2;
    run->servers = ps_xcalloc(2, sizeof *run->servers);
    const char *names[2] = {"MBX01", "MBX02"};
    const double achieved[2] = {300, 500};
    for (int i = 0; i < 2; i++) {
        ps_js_server *s = &run->servers[i];
        s->machine = ps_xstrdup(names[i]);
        s->test_type = PS_TEST_PERFORMANCE;
        ps_js_summary_clear(&s->summary);
        s->summary.achieved_transactional_iops = achieved[i];
        s->ninstances = 1;
        s->instances = ps_xcalloc(1, sizeof *s->instances);
        s->instances[0].has_computed = 1;
        ps_js_figures_clear(&s->instances[0].computed);
        ps_io12 *tot = &s->instances[0].computed.total;
        tot->db_reads_per_sec = 100 * (i + 1); /* 100, 200 */
        tot->db_writes_per_sec = 50; /* 50, 50 */
        tot->log_reads_per_sec = 5; /* 5, 5 */
        tot->log_writes_per_sec = 40; /* 40, 40 */
    }
    ps_js_summary_clear(&run->aggregate);
    run->aggregate.achieved_transactional_iops = 800;
    run->aggregate.db_read_latency_ms = 12.5;
    return run;
}

Test(trend, metrics_from_run)
{
    ps_js_run *run = two_server_run();
    ps_trend t = {0};
    size_t l = ps_trend_add_label(&t, "base");
    ps_trend_from_run(&t, l, run, 4000, 16);
    /* total = (100+50+5+40) + (200+50+5+40) = 195 + 295 = 490 */
    long m = -1;
    for (size_t i = 0; i < t.nmetrics; i++)
        if (strcmp(t.metrics[i].key, "total_iops") == 0)
            m = (long)i;
    cr_assert(m >= 0);
    cr_assert_float_eq(ps_trend_get(&t, l, (size_t)m), 490.0, 1e-12);
    for (size_t i = 0; i < t.nmetrics; i++) {
        double v = ps_trend_get(&t, l, i);
        if (strcmp(t.metrics[i].key, "iops_per_mailbox") == 0)
            cr_assert_float_eq(v, 0.2, 1e-12); /* 800 / 4000 */
        if (strcmp(t.metrics[i].key, "iops_per_1000_mailboxes") == 0)
            cr_assert_float_eq(v, 200.0, 1e-12);
        if (strcmp(t.metrics[i].key, "iops_per_disk") == 0)
            cr_assert_float_eq(v, 50.0, 1e-12); /* 800 / 16 */
        if (strcmp(t.metrics[i].key, "achieved_iops@MBX02") == 0)
            cr_assert_float_eq(v, 500.0, 1e-12);
        if (strcmp(t.metrics[i].key, "db_read_latency_ms") == 0)
            cr_assert_float_eq(v, 12.5, 1e-12);
    }
    ps_trend_fini(&t);
    ps_js_run_free(run);
}

Test(trend, bad_tables)
{
    char path[] = "/tmp/ps_trend_XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    FILE *fp = fdopen(fd, "w");
    fputs("label, A [IOPS]\nx, 12\ny, 1.2.3\n", fp);
    fclose(fp);
    ps_trend t = {0};
    ps_error err;
    cr_assert_eq(ps_trend_table_read(path, &t, &err), PS_EINPUT);
    cr_assert_eq(err.line, 3);
    cr_assert_eq(err.col, 4);
    cr_assert_str_eq(err.msg, "malformed number '1.2.3'");
    ps_trend_fini(&t);
    fp = fopen(path, "w");
    fputs("label, A [IOPS], B\nx, 12\n", fp);
    fclose(fp);
    cr_assert_eq(ps_trend_table_read(path, &t, &err), PS_EINPUT);
    cr_assert_eq(err.line, 2);
    cr_assert_str_eq(err.msg, "2 fields, the header has 3");
    ps_trend_fini(&t);
    fp = fopen(path, "w");
    fputs("Metric, A\n", fp);
    fclose(fp);
    cr_assert_eq(ps_trend_table_read(path, &t, &err), PS_EINPUT);
    cr_assert_eq(err.line, 1);
    ps_trend_fini(&t);
    unlink(path);
}
