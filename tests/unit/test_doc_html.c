/* Unit tests: the ESRP document tree and its HTML rendering, from a hand-built run. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "doc_fixture.h"
#include "ps_parser.h"
#include "ps_render.h"

/* cairo/fontconfig caches freed after each test (LeakSanitizer) */
static void release(void)
{
    ps_chart_release_caches();
}

static char *render(const ps_doc *d, ps_doc_render_fn fn, size_t *len, ps_warnings *w)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *fp = open_memstream(&buf, &n);
    ps_error err = {0};
    int rc = fn(d, fp, w, &err);
    fclose(fp);
    cr_assert_eq(rc, 0, "render failed: %s", err.msg);
    *len = n;
    return buf;
}

static ps_doc *build(ps_js_run *run, const char *sol_text, int esrp, ps_warnings *w)
{
    ps_solution *sol = NULL;
    ps_error err = {0};
    if (sol_text)
        cr_assert_eq(ps_solution_parse(sol_text, strlen(sol_text), "sol.ini", &sol, &err), 0, "%s", err.msg);
    ps_doc_options opt = {.esrp = esrp, .date = ps_time_from_fields(2026, 11, 30, 0, 0, 0, 0)};
    ps_doc *d = NULL;
    cr_assert_eq(ps_doc_build(run, sol, &opt, &d, w, &err), 0, "%s", err.msg);
    ps_solution_free(sol);
    return d;
}

static size_t count(const char *hay, const char *needle)
{
    size_t n = 0;
    for (const char *p = hay; (p = strstr(p, needle)) != NULL; p++)
        n++;
    return n;
}

Test(doc_html, tables_and_values, .fini = release)
{
    ps_js_run *run = doc_fixture_run(NULL, 100);
    ps_warnings w = {0};
    ps_doc *d = build(run, "[document]\nvendor = Contoso\nproduct = Array 9\n", 4, &w);
    size_t n;
    char *html = render(d, ps_doc_render_html, &n, &w);
    cr_assert(strstr(html, "<title>Contoso Array 9 2,000 Mailbox Resiliency Exchange 2013 Storage Solution</title>"));
    cr_assert(strstr(html, "Tested with: ESRP – Storage Version 4.0"));
    cr_assert(strstr(html, "November 30, 2026"));
    /* per-server table SERVER1: transfers 320.000, reads 200, writes 120, read latency 13, log 1.5 */
    cr_assert(strstr(html, "<th scope=\"row\">Database Disks Transfers/sec</th><td class=\"num\">320.000</td>"));
    cr_assert(
        strstr(html, "<th scope=\"row\">Average Database Disk Read Latency (ms)</th><td class=\"num\">13.000</td>"));
    cr_assert(strstr(html, "<th scope=\"row\">Average Log Disk Write Latency (ms)</th><td class=\"num\">1.500</td>"));
    /* aggregate: 740 transfers, read latency 9.5 (mean of server means), weighted 8.8 noted */
    cr_assert(strstr(html, "<th scope=\"row\">Database Disks Transfers/sec</th><td class=\"num\">740.000</td>"));
    cr_assert(
        strstr(html, "<th scope=\"row\">Average Database Disk Read Latency (ms)</th><td class=\"num\">9.500</td>"));
    cr_assert(strstr(html, "IOPS-weighted means: database read 8.800 ms"));
    /* backup 120 per database, 240 per server; replay 0.300 s per log: one column per server */
    cr_assert(strstr(html, "<th scope=\"row\">MB read/sec per database</th><td class=\"num\">120.000</td>"));
    cr_assert(strstr(html, "<th scope=\"row\">MB read/sec total per server</th><td class=\"num\">240.000</td>"));
    cr_assert(
        strstr(html, "<th scope=\"row\">Average time to play one Log file (sec)</th><td class=\"num\">0.300</td>"));
    /* recomputed 10.000 where the report printed 10.300: the recomputed value, highlighted; the
     * verification section counts the difference; no tool words inside Jetstress's tables */
    cr_assert(strstr(html, "<td class=\"num differs\">10.000</td>"));
    cr_assert(strstr(html, "differ from the recomputed ones"));
    cr_assert_null(strstr(html, "report: 10.300"));
    cr_assert_null(strstr(html, "(recomputed"));
    /* charts inline, self-contained */
    cr_assert_geq(count(html, "<svg class=\"chart\""), 4);
    cr_assert_null(strstr(html, "<script"));
    cr_assert_null(strstr(html, "http://"));
    cr_assert_null(strstr(html, "https://"));
    /* every missing field in ONE warning */
    size_t nw = 0;
    for (size_t i = 0; i < w.n; i++)
        if (strstr(w.msgs[i], "not provided"))
            nw++;
    cr_assert_eq(nw, 1);
    cr_assert(strstr(html, "not provided"));
    free(html);
    ps_doc_free(d);
    ps_warnings_fini(&w);
    ps_js_run_free(run);
}

Test(doc_html, escapes_every_input, .fini = release)
{
    ps_js_run *run = doc_fixture_run("<script>alert(1)</script>", 10);
    /* a hostile instance name reaches tables, chart legends and bar categories */
    ps_js_server *s0 = &run->servers[0];
    free(s0->instances[0].name);
    s0->instances[0].name = ps_xstrdup("<img src=x onerror=alert(2)>");
    free(s0->series_iops[0].label);
    s0->series_iops[0].label = ps_xstrdup("<img src=x onerror=alert(2)>");
    ps_warnings w = {0};
    ps_doc *d = build(run, "[document]\nvendor = A&B \"Storage\"\n[text]\nfeatures = <b>bold</b>\n", 4, &w);
    size_t n;
    char *html = render(d, ps_doc_render_html, &n, &w);
    cr_assert_null(strstr(html, "<script"));
    cr_assert_null(strstr(html, "<b>bold"));
    cr_assert(strstr(html, "&lt;script&gt;alert(1)&lt;/script&gt;"));
    cr_assert(strstr(html, "A&amp;B &quot;Storage&quot;"));
    cr_assert_null(strstr(html, "<img"));
    cr_assert(strstr(html, "&lt;img src=x onerror=alert(2)&gt;"));
    free(html);
    ps_doc_free(d);
    ps_warnings_fini(&w);
    ps_js_run_free(run);
}

Test(doc_html, deterministic_and_esrp_versions, .fini = release)
{
    ps_js_run *run = doc_fixture_run(NULL, 50);
    ps_warnings w = {0};
    ps_doc *d1 = build(run, NULL, 4, &w), *d2 = build(run, NULL, 4, &w);
    size_t n1, n2;
    char *a = render(d1, ps_doc_render_html, &n1, &w), *b = render(d2, ps_doc_render_html, &n2, &w);
    cr_assert_eq(n1, n2);
    cr_assert_eq(memcmp(a, b, n1), 0);
    free(a);
    free(b);
    ps_doc_free(d1);
    ps_doc_free(d2);
    ps_doc *v2 = build(run, NULL, 2, &w);
    a = render(v2, ps_doc_render_html, &n1, &w);
    cr_assert(strstr(a, "Tested with: ESRP – Storage Version 2.1"));
    cr_assert(strstr(a, "Exchange Server 2013 Storage Solution"));
    cr_assert(strstr(a, "<th scope=\"row\">Average Database Disk Transfers/sec</th>"));
    cr_assert(strstr(a, "<th scope=\"row\">Number of storage groups / host</th>"));
    cr_assert_null(strstr(a, "Number of Database Availability Groups"));
    free(a);
    ps_doc_free(v2);
    ps_doc *v3 = build(run, NULL, 3, &w);
    a = render(v3, ps_doc_render_html, &n1, &w);
    cr_assert(strstr(a, "Version 3.0"));
    cr_assert(strstr(a, "<th scope=\"row\">Number of Database Availability Groups (DAGs)</th>"));
    free(a);
    ps_doc_free(v3);
    ps_doc_options bad = {.esrp = 5};
    ps_doc *d = NULL;
    ps_error err = {0};
    cr_assert_eq(ps_doc_build(run, NULL, &bad, &d, &w, &err), PS_EUSAGE);
    ps_warnings_fini(&w);
    ps_js_run_free(run);
}

Test(doc_html, template_dir_overrides, .fini = release)
{
    char dir[] = "/tmp/ps_tplXXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    char path[128];
    snprintf(path, sizeof path, "%s/report.html", dir);
    FILE *fp = fopen(path, "w");
    fputs("<html><title>{{title}}</title><style>{{css}}</style>{{body}}</html>\n", fp);
    fclose(fp);
    ps_js_run *run = doc_fixture_run(NULL, 10);
    ps_warnings w = {0};
    ps_solution *sol = NULL;
    ps_error err = {0};
    ps_doc_options opt = {.esrp = 4, .template_dir = dir};
    ps_doc *d = NULL;
    cr_assert_eq(ps_doc_build(run, sol, &opt, &d, &w, &err), 0);
    size_t n;
    char *html = render(d, ps_doc_render_html, &n, &w);
    /* no vendor or product given: the title names neither (not "not provided not provided ...") */
    cr_assert_eq(strncmp(html, "<html><title>2,000 Mailbox ", 27), 0, "%.80s", html);
    cr_assert(strstr(html, "border-collapse")); /* embedded CSS still used */
    free(html);
    /* an unknown placeholder is an error with the line */
    fp = fopen(path, "w");
    fputs("<html>\n{{nosuch}}\n", fp);
    fclose(fp);
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    cr_assert_eq(ps_doc_render_html(d, mem, &w, &err), PS_EINPUT);
    fclose(mem);
    free(buf);
    cr_assert_eq(err.line, 2);
    remove(path);
    rmdir(dir);
    ps_doc_free(d);
    ps_warnings_fini(&w);
    ps_js_run_free(run);
}

/* The series cover 100 samples from 10:11:17 UTC, 15 s apart; the collection window (local time
 * = UTC + 1 h) is samples 20..79: 11:16:17 .. 11:31:02 local -> 10:16:17 .. 10:31:02 UTC. The
 * offset search must find -1 h and shade [10:11:17, 10:16:17] and [10:31:02, 10:36:02]. */
Test(doc_html, shades_outside_the_window, .fini = release)
{
    ps_js_run *run = doc_fixture_run(NULL, 100);
    ps_js_server *s = &run->servers[0];
    s->window_start = ps_time_from_fields(2016, 1, 18, 11, 16, 17, 0);
    s->window_end = ps_time_from_fields(2016, 1, 18, 11, 31, 2, 0);
    s->window_samples = 60;
    ps_warnings w = {0};
    ps_doc *d = build(run, NULL, 4, &w);
    ps_buf b = {0};
    ps_doc_dump_layout(d, &b);
    cr_assert(strstr(b.data, "[chart SERVER1.Performance.read_latency]"));
    cr_assert_eq(count(b.data, "\nshade.0 = "), 2, "iops and latency charts of SERVER1 shaded");
    cr_assert_eq(count(b.data, "\nshade.1 = "), 2);
    /* the axis shows the logs' local time: first sample 10:11:17 UTC = 11:11:17 local */
    cr_assert(strstr(b.data, "axis.x.range = 2016-01-18T11:11:17.000Z 2016-01-18T11:36:02.000Z"), "%.600s", b.data);
    cr_assert(strstr(b.data, "shaded: outside the collection window"));
    ps_buf_fini(&b);
    /* window == series: nothing shaded */
    s->window_start = ps_time_from_fields(2016, 1, 18, 10, 11, 17, 0);
    s->window_end = ps_time_from_fields(2016, 1, 18, 10, 36, 2, 0);
    s->window_samples = 100;
    ps_doc_free(d);
    d = build(run, NULL, 4, &w);
    ps_doc_dump_layout(d, &b);
    cr_assert_null(strstr(b.data, "\nshade.0 = "));
    ps_buf_fini(&b);
    ps_doc_free(d);
    ps_warnings_fini(&w);
    ps_js_run_free(run);
}

/* Keys of rows that exist only in another ESRP version are known (no "unknown key" warning),
 * while a misspelt key is reported with FILE:LINE. */
Test(doc_html, unknown_keys_one_warning, .fini = release)
{
    ps_js_run *run = doc_fixture_run(NULL, 10);
    ps_warnings w = {0};
    ps_doc *d = build(run, "[simulated]\nhosts = 1\ndags = 2\n[hardware]\ncontrolers = 2\n", 4, &w);
    size_t unk = 0;
    for (size_t i = 0; i < w.n; i++)
        if (strstr(w.msgs[i], "unknown keys")) {
            unk++;
            cr_assert(strstr(w.msgs[i], "sol.ini:5: [hardware] controlers"), "%s", w.msgs[i]);
            cr_assert_null(strstr(w.msgs[i], "hosts"));
        }
    cr_assert_eq(unk, 1);
    ps_doc_free(d);
    ps_warnings_fini(&w);
    ps_js_run_free(run);
}

/* Series kept but empty (no sample in the window): no time charts, the bar charts remain
 * (2 per Performance server), and nothing is reported as not drawn. */
Test(doc_html, empty_series_no_time_charts, .fini = release)
{
    ps_js_run *run = doc_fixture_run(NULL, 0);
    ps_warnings w = {0};
    ps_doc *d = build(run, NULL, 4, &w);
    size_t n;
    char *html = render(d, ps_doc_render_html, &n, &w);
    cr_assert_eq(count(html, "<svg class=\"chart\""), 4);
    cr_assert_eq(count(html, ">Charts</h3>"), 2);
    cr_assert_null(strstr(html, "Database read latency per instance"));
    for (size_t i = 0; i < w.n; i++)
        cr_assert_null(strstr(w.msgs[i], "not drawn"), "%s", w.msgs[i]);
    free(html);
    ps_doc_free(d);
    ps_warnings_fini(&w);
    ps_js_run_free(run);
}
