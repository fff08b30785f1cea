/* Unit tests: relative-time series of a run, trend chart specs and layouts, HTML section. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ps_parser.h"
#include "ps_render.h"

#define DATA PS_SOURCE_DIR "/tests/data/trend/"

/* Server with ninst instances; instance i has sample k at t0 + 15 s * k + i ms with IOPS
 * 10 * (i + 1) + k. */
static void fake_server(ps_js_server *s, const char *name, size_t ninst, size_t n, ps_time t0)
{
    s->machine = ps_xstrdup(name);
    s->test_type = PS_TEST_PERFORMANCE;
    ps_js_summary_clear(&s->summary);
    s->nseries = ninst;
    s->series_iops = ps_xcalloc(ninst, sizeof *s->series_iops);
    s->series_read_lat = ps_xcalloc(ninst, sizeof *s->series_read_lat);
    for (size_t i = 0; i < ninst; i++)
        for (size_t k = 0; k < n; k++)
            ps_series_push(&s->series_iops[i], t0 + 15000 * (ps_time)k + (ps_time)i,
                           10.0 * (double)(i + 1) + (double)k);
}

Test(trend_series, relative_time_and_sums)
{
    ps_js_run *run = ps_xcalloc(1, sizeof *run);
    run->nservers = 2;
    run->servers = ps_xcalloc(2, sizeof *run->servers);
    fake_server(&run->servers[0], "A", 2, 5, 1700000000000LL); /* 10+k, 20+k  -> 30 + 2k */
    fake_server(&run->servers[1], "B", 3, 4, 1700000123456LL); /* 10+k..30+k -> 60 + 3k */
    ps_trend t = {0};
    size_t l = ps_trend_add_label(&t, "run");
    ps_trend_series_from_run(&t, l, run);
    const ps_series *s = &t.iops_series[l];
    cr_assert_eq(s->n, 4); /* the shorter server */
    cr_assert_str_eq(s->label, "run");
    for (size_t k = 0; k < 4; k++) {
        cr_assert_eq(s->t[k], 15000 * (ps_time)k, "t[%zu] = %lld", k, (long long)s->t[k]);
        cr_assert_float_eq(s->v[k], 90.0 + 5.0 * (double)k, 1e-12);
    }
    /* again: replaced, not appended */
    ps_trend_series_from_run(&t, l, run);
    cr_assert_eq(t.iops_series[l].n, 4);
    /* a run without series leaves it empty */
    ps_js_run empty = {0};
    size_t l2 = ps_trend_add_label(&t, "paper");
    ps_trend_series_from_run(&t, l2, &empty);
    cr_assert_eq(t.iops_series[l2].n, 0);
    ps_trend_fini(&t);
    ps_js_run_free(run);
}

static void load_table(ps_trend *t)
{
    ps_error err;
    cr_assert_eq(ps_trend_table_read(DATA "generations.csv", t, &err), PS_OK, "%s", err.msg);
}

Test(trend_chart, bars_with_latency_lines)
{
    ps_trend t = {0};
    load_table(&t);
    ps_trend_chart c;
    ps_error err = {0};
    cr_assert_eq(ps_trend_chart_build(&t, PS_TREND_CHART_BARS, NULL, &c, &err), PS_OK, "%s", err.msg);
    cr_assert_eq(c.spec.kind, PS_CHART_BARS_LINE);
    cr_assert_eq(c.spec.ncategories, 3);
    cr_assert_str_eq(c.spec.categories[2], "Gen 2 RAID 6");
    cr_assert_eq(c.spec.nseries, 3); /* Total IOPS bars; DB read and log write latency lines */
    cr_assert_str_eq(c.spec.series[0].label, "Total IOPS");
    cr_assert_eq(c.spec.series[0].on_y2, 0);
    cr_assert_eq(c.spec.series[1].on_y2, 1);
    cr_assert_eq(c.spec.series[2].on_y2, 1);
    cr_assert_float_eq(c.spec.series[0].v[1], 1500.0, 1e-12);
    cr_assert(isnan(c.spec.series[2].v[2])); /* absent log write latency of Gen 2 RAID 6 */
    cr_assert_str_eq(c.spec.y2.unit, "ms");
    ps_chart_layout l;
    cr_assert_eq(ps_chart_layout_compute(&c.spec, &l, &err), PS_OK, "%s", err.msg);
    cr_assert_eq(l.nbars, 3);
    cr_assert_float_eq(l.bars[2].value, 1350.0, 1e-12);
    cr_assert_eq(l.y2.present, 1);
    ps_chart_layout_fini(&l);
    ps_trend_chart_fini(&c);
    ps_trend_fini(&t);
}

Test(trend_chart, load_chart_series_per_configuration)
{
    ps_trend t = {0};
    load_table(&t);
    ps_trend_set_config(&t, 0, "Gen 1");
    ps_trend_set_config(&t, 1, "Gen 2");
    ps_trend_set_config(&t, 2, "Gen 2 R6");
    ps_trend_chart c;
    ps_error err = {0};
    cr_assert_eq(ps_trend_chart_build(&t, PS_TREND_CHART_LOAD, NULL, &c, &err), PS_OK, "%s", err.msg);
    cr_assert_eq(c.spec.kind, PS_CHART_BARS);
    cr_assert_eq(c.spec.ncategories, 2); /* 4000 and 6000 users */
    cr_assert_str_eq(c.spec.categories[0], "4000");
    cr_assert_str_eq(c.spec.categories[1], "6000");
    cr_assert_str_eq(c.spec.x_label, "Users");
    cr_assert_eq(c.spec.nseries, 3);
    cr_assert_str_eq(c.spec.series[2].label, "Gen 2 R6");
    cr_assert_float_eq(c.spec.series[0].v[0], 1200.0, 1e-12);
    cr_assert(isnan(c.spec.series[0].v[1]));
    cr_assert_float_eq(c.spec.series[2].v[1], 1350.0, 1e-12);
    ps_trend_chart_fini(&c);
    /* another metric; without configurations: one series named after the metric */
    for (size_t i = 0; i < 3; i++)
        ps_trend_set_config(&t, i, NULL);
    cr_assert_eq(ps_trend_chart_build(&t, PS_TREND_CHART_LOAD, "db_read_latency", &c, &err), PS_OK);
    cr_assert_eq(c.spec.nseries, 1);
    cr_assert_str_eq(c.spec.series[0].label, "DB read latency");
    cr_assert_float_eq(c.spec.series[0].v[1], 12.5, 1e-12); /* the last label at 6000 wins */
    ps_trend_chart_fini(&c);
    cr_assert_eq(ps_trend_chart_build(&t, PS_TREND_CHART_LOAD, "nope", &c, &err), PS_EUSAGE);
    ps_trend_chart_fini(&c);
    ps_trend_fini(&t);
}

Test(trend_chart, dump_layouts_and_overlay_without_series)
{
    ps_trend t = {0};
    load_table(&t);
    ps_buf b = {0};
    ps_trend_dump_layouts(&t, -1, NULL, &b);
    cr_assert(strstr(b.data, "[chart bars]\nchart.kind = bars+line\n") != NULL, "%s", b.data);
    cr_assert(strstr(b.data, "[chart load]\nchart.kind = bars\n") != NULL);
    cr_assert(strstr(b.data, "[chart overlay]\nunavailable = overlay chart: no label has a time series") != NULL);
    cr_assert(strstr(b.data, "axis.x.tick.1.label = ") != NULL);
    ps_buf_fini(&b);
    /* a label with a series: the overlay's x axis starts at relative time 0 */
    ps_series *s = &t.iops_series[1];
    s->label = ps_xstrdup("Gen 2 RAID 10");
    for (int k = 0; k < 5; k++)
        ps_series_push(s, 60000 * k, 100 + k);
    ps_trend_dump_layouts(&t, PS_TREND_CHART_OVERLAY, NULL, &b);
    cr_assert(strstr(b.data, "chart.kind = time\n") != NULL, "%s", b.data);
    cr_assert(strstr(b.data, "axis.x.range = 1970-01-01T00:00:00.000Z 1970-01-01T00:04:00.000Z ") != NULL, "%s",
              b.data);
    cr_assert(strstr(b.data, "line.0 = series 0 role series1 points 5: ") != NULL);
    cr_assert(strstr(b.data, "[chart bars]") == NULL);
    ps_buf_fini(&b);
    ps_trend_fini(&t);
}

Test(trend_chart, names)
{
    cr_assert_eq(ps_trend_chart_parse("bars"), PS_TREND_CHART_BARS);
    cr_assert_eq(ps_trend_chart_parse("overlay"), PS_TREND_CHART_OVERLAY);
    cr_assert_eq(ps_trend_chart_parse("pie"), -1);
    cr_assert_str_eq(ps_trend_chart_name(PS_TREND_CHART_LOAD), "load");
}

Test(trend_html, section_escapes_and_charts)
{
    ps_trend t = {0};
    size_t a = ps_trend_add_label(&t, "<script>x</script>"), b2 = ps_trend_add_label(&t, "B&B");
    size_t m = ps_trend_metric_index(&t, "iops", "IOPS <i>", "IOPS", 0, 0);
    ps_trend_set(&t, a, m, 100);
    ps_trend_set(&t, b2, m, 250);
    ps_buf b = {0};
    ps_trend_render_html_section(&t, &b);
    cr_assert(
        strstr(
            b.data,
            "<th scope=\"col\">&lt;script&gt;x&lt;/script&gt;<br><small>baseline</small></th><th scope=\"col\">B&amp;B</th>") !=
            NULL,
        "%s", b.data);
    cr_assert(strstr(b.data, "<th scope=\"row\">IOPS &lt;i&gt;</th><td>100% [100 IOPS]</td><td>250% [250 IOPS]</td>") !=
              NULL);
    cr_assert(strstr(b.data, "<script") == NULL);
    cr_assert(strstr(b.data, "<figure class=\"chart\" id=\"trend-bars\">") != NULL);
    cr_assert(strstr(b.data, "id=\"trend-load\"") == NULL); /* no load values */
    cr_assert(strstr(b.data, "id=\"trend-overlay\"") == NULL); /* no series */
    ps_buf_reset(&b);
    ps_trend_render_html(&t, &b);
    cr_assert(strncmp(b.data, "<!DOCTYPE html>\n", 16) == 0);
    cr_assert(strstr(b.data, "<title>Trend: &lt;script&gt;x&lt;/script&gt;, B&amp;B</title>") != NULL);
    ps_buf_fini(&b);
    ps_trend_fini(&t);
}

Test(trend_table, config_column)
{
    char path[] = "/tmp/ps_trend_cfg_XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    FILE *fp = fdopen(fd, "w");
    fputs("label, Array [config], Users [load], IOPS [IOPS]\na, PS6100, 1000, 10\nb, , 2000, 20\n", fp);
    fclose(fp);
    ps_trend t = {0};
    ps_error err;
    cr_assert_eq(ps_trend_table_read(path, &t, &err), PS_OK, "%s", err.msg);
    cr_assert_eq(t.nmetrics, 1);
    cr_assert_str_eq(t.config[0], "PS6100");
    cr_assert_null(t.config[1]);
    cr_assert_eq(t.load[1], 2000);
    ps_buf b = {0};
    ps_trend_render_json(&t, &b);
    cr_assert(strstr(b.data, "\"labels\":[{\"label\":\"a\",\"load\":1000,\"config\":\"PS6100\",\"samples\":0},"
                             "{\"label\":\"b\",\"load\":2000,\"config\":null,\"samples\":0}]") != NULL,
              "%s", b.data);
    ps_buf_fini(&b);
    ps_trend_fini(&t);
    fp = fopen(path, "w");
    fputs("label, A [config], B [config]\nx, 1, 2\n", fp);
    fclose(fp);
    cr_assert_eq(ps_trend_table_read(path, &t, &err), PS_EINPUT);
    cr_assert_eq(err.line, 1);
    cr_assert_eq(err.col, 20);
    cr_assert_str_eq(err.msg, "a second [config] column");
    ps_trend_fini(&t);
    unlink(path);
}

Test(trend_table, standard_metric_names)
{
    cr_assert_str_eq(ps_trend_run_metric_key("Achieved transactional IOPS"), "achieved_iops");
    cr_assert_str_eq(ps_trend_run_metric_key("LOG_WRITE_LATENCY_MS"), "log_write_latency_ms");
    cr_assert_null(ps_trend_run_metric_key("IOPS planned"));
}

#include "doc_fixture.h"

Test(trend_doc, appended_to_a_report_document)
{
    ps_js_run *run = doc_fixture_run(NULL, 8);
    ps_doc_options opt = {0};
    ps_doc *doc = NULL;
    ps_warnings w = {0};
    ps_error err = {0};
    cr_assert_eq(ps_doc_build(run, NULL, &opt, &doc, &w, &err), PS_OK, "%s", err.msg);
    ps_trend t = {0};
    load_table(&t);
    ps_trend_charts keep;
    ps_doc_append_trend(doc, &t, &keep);
    ps_buf b = {0};
    ps_doc_dump_layout(doc, &b);
    cr_assert(strstr(b.data, "[chart trend.bars]\nchart.kind = bars+line\n") != NULL);
    cr_assert(strstr(b.data, "[chart trend.load]\nchart.kind = bars\n") != NULL);
    cr_assert(strstr(b.data, "[chart trend.overlay]") == NULL); /* a table has no series */
    ps_buf_fini(&b);
    char *html = NULL, *pdf = NULL;
    size_t nhtml = 0, npdf = 0;
    FILE *fp = open_memstream(&html, &nhtml);
    cr_assert_eq(ps_doc_render_html(doc, fp, &w, &err), PS_OK, "%s", err.msg);
    fclose(fp);
    cr_assert(strstr(html, "Trend across runs") != NULL);
    cr_assert(strstr(html, "156% [12.5 ms]") != NULL);
    fp = open_memstream(&pdf, &npdf);
    cr_assert_eq(ps_doc_render_pdf(doc, fp, &w, &err), PS_OK, "%s", err.msg);
    fclose(fp);
    cr_assert(npdf > 1000 && memcmp(pdf, "%PDF-", 5) == 0);
    free(html);
    free(pdf);
    ps_doc_free(doc);
    ps_trend_charts_fini(&keep);
    ps_trend_fini(&t);
    ps_warnings_fini(&w);
    ps_js_run_free(run);
}
