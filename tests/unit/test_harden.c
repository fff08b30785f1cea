/* Unit tests: regression tests for the hardening findings (tests/fuzz/FINDINGS.md) whose fix is
 * in a parser that had already landed: UTF-16 reports found by run discovery, result XML with
 * many non-element siblings. Expected values are worked by hand from the inputs written here. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ps_io.h"
#include "ps_parser.h"
#include "ps_render.h"

static char *scratch(const char *name)
{
    char dir[] = "/tmp/ps_harden_XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    size_t n = strlen(dir) + strlen(name) + 2;
    char *p = malloc(n);
    snprintf(p, n, "%s/%s", dir, name);
    return p;
}

static void put(const char *path, const void *data, size_t n)
{
    FILE *fp = fopen(path, "wb");
    cr_assert_not_null(fp);
    cr_assert_eq(fwrite(data, 1, n, fp), n);
    fclose(fp);
}

static void drop(char *path)
{
    unlink(path);
    char *s = strrchr(path, '/');
    *s = 0;
    rmdir(path);
    free(path);
}

/* A minimal 2013 report (machine MBX42) encoded as UTF-16 with a BOM, little or big endian. */
static const char REPORT_HTML[] = "<html><head><title>Performance Test Result Report</title></head><body>\n"
                                  "<div class=\"header\">Microsoft Exchange Jetstress 2013</div>\n"
                                  "<fieldset><legend>Test Summary</legend><table>\n"
                                  "<tr><td>Overall Test Result</td><td>Pass</td></tr>\n"
                                  "<tr><td>Machine Name</td><td>MBX42</td></tr>\n"
                                  "<tr><td>Jetstress Version</td><td>15.00.0995.000</td></tr>\n"
                                  "</table></fieldset>\n"
                                  "<fieldset><legend>Database Sizing and Throughput</legend><table>\n"
                                  "<tr><td>Achieved Transactional I/O per Second</td><td>228.253</td></tr>\n"
                                  "<tr><td>Target Transactional I/O per Second</td><td>200</td></tr>\n"
                                  "</table></fieldset></body></html>\n";

static size_t utf16_report(unsigned char *out, size_t cap, int be)
{
    const char *html = REPORT_HTML;
    size_t n = 0;
    out[n++] = be ? 0xFE : 0xFF;
    out[n++] = be ? 0xFF : 0xFE;
    for (const char *c = html; *c && n + 2 <= cap; c++) {
        out[n + be] = (unsigned char)*c;
        out[n + !be] = 0;
        n += 2;
    }
    return n;
}

/* FINDING F2: run discovery classified a UTF-16 report as "other" (it looked for '<' in the
 * raw bytes), so `perfscribe jetstress report.html` found nothing although the report reader
 * reads UTF-16. */
Test(harden, discover_finds_utf16_reports)
{
    for (int be = 0; be <= 1; be++) {
        unsigned char buf[4096];
        size_t n = utf16_report(buf, sizeof buf, be);
        char *p = scratch("Performance_2026_3_14_10_11_2.html");
        put(p, buf, n);
        ps_js_run *run = NULL;
        ps_error e = {0};
        const char *paths[] = {p};
        cr_assert_eq(ps_js_discover(paths, 1, &run, &e), 0, "%s", e.msg);
        cr_assert_eq(run->nservers, 1, "UTF-16%s report not found", be ? "BE" : "LE");
        cr_assert_str_eq(run->servers[0].machine, "MBX42");
        cr_assert_eq(run->servers[0].test_type, PS_TEST_PERFORMANCE);
        cr_assert_not_null(run->servers[0].report);
        ps_js_run_free(run);
        drop(p);
    }
}

/* FINDING F1: the longest run of same-named siblings in a result XML looked back over every
 * non-element sibling for each child (quadratic: 20000 entity references took 4 s). The
 * single-pass version must keep the same answer: comments, text and entity references between
 * records do not break a run; a different element does. */
Test(harden, result_xml_runs_across_comments)
{
    ps_buf b = {0};
    ps_buf_puts(&b, "<?xml version=\"1.0\"?>\n<!DOCTYPE R [ <!ENTITY e \"x\"> ]>\n<R>\n");
    /* run of 3 <A>, then one <B>, then a run of 5000 <A> separated by comments, text and &e; */
    ps_buf_puts(&b, "<A/><A/><A/><B/>");
    for (int i = 0; i < 5000; i++)
        ps_buf_puts(&b, "<A/><!-- c -->text&e;\n");
    ps_buf_puts(&b, "<C>\\\\MBX07\\Memory\\Available MBytes</C></R>\n");
    char *p = scratch("result.xml");
    put(p, b.data, b.len);
    ps_js_result_xml x;
    ps_error e = {0};
    cr_assert_eq(ps_js_result_xml_read(p, &x, NULL, &e), 0, "%s", e.msg);
    cr_assert_str_eq(x.root, "R");
    cr_assert_eq(x.samples, 5000);
    cr_assert_str_eq(x.sample_element, "A");
    cr_assert_str_eq(x.machine, "MBX07");
    ps_js_result_xml_fini(&x);
    ps_buf_fini(&b);
    drop(p);
}

/* FINDING F10: a report cell that is not a number (1e999 overflows a double, "NaN") was taken
 * as absent without a word; now it is still absent (never a number) but warned about once. */
Test(harden, report_unreadable_number_warned)
{
    static const struct {
        const char *cell;
        const char *shown;
    } C[] = {{"1e999", "'1e999'"}, {"NaN", "'NaN'"}};
    for (size_t i = 0; i < 2; i++) {
        ps_buf b = {0};
        const char *at = strstr(REPORT_HTML, "228.253");
        ps_buf_put(&b, REPORT_HTML, (size_t)(at - REPORT_HTML));
        ps_buf_puts(&b, C[i].cell);
        ps_buf_puts(&b, at + strlen("228.253"));
        char *p = scratch("Performance_2026_3_14_10_11_2.html");
        put(p, b.data, b.len);
        ps_js_report *r = NULL;
        ps_warnings w = {0};
        ps_error e = {0};
        cr_assert_eq(ps_js_report_read(p, &r, &w, &e), 0, "%s", e.msg);
        cr_assert(isnan(r->achieved_iops));
        cr_assert_eq(r->target_iops, 200);
        int found = 0;
        for (size_t k = 0; k < w.n; k++)
            found |= strstr(w.msgs[k], "1 number cell could not be read and counts as absent") &&
                     strstr(w.msgs[k], C[i].shown);
        cr_assert(found, "no warning for %s", C[i].cell);
        ps_js_report_free(r);
        ps_warnings_fini(&w);
        ps_buf_fini(&b);
        drop(p);
    }
}

/* FINDING F27: a file a reader read (found inside a RUN folder, not named on the command line)
 * must not be replaced by an output: the readers note it, ps_outfile_open refuses it. */
Test(harden, outputs_never_replace_a_file_read)
{
    char *p = scratch("Performance_2026_3_14_10_11_2.csv");
    static const char log[] = "\"(PDH-CSV 4.0) (UTC)(0)\",\"\\\\M\\A\\x\"\r\n\"01/01/2024 00:00:00.000\",\"1\"\r\n";
    put(p, log, sizeof log - 1);
    char link[600], other[600];
    snprintf(link, sizeof link, "%s.lnk", p);
    snprintf(other, sizeof other, "%s.out", p);
    cr_assert_eq(symlink(p, link), 0);
    ps_outfile *o = NULL;
    ps_error e = {0};
    cr_assert_eq(ps_outfile_open(p, NULL, 0, &o, &e), 0, "not read yet: %s", e.msg);
    ps_outfile_abort(o);
    cr_assert_eq(ps_input_noted(p), 0);
    ps_log *lg = NULL;
    cr_assert_eq(ps_log_open(p, NULL, &lg, &e), 0, "%s", e.msg);
    ps_log_close(lg);
    cr_assert_eq(ps_input_noted(p), 1);
    cr_assert_eq(ps_input_noted(link), 1);
    cr_assert_eq(ps_outfile_open(p, NULL, 0, &o, &e), PS_EUSAGE);
    cr_assert_str_eq(e.msg, "refusing to overwrite an input file");
    cr_assert_eq(ps_outfile_open(link, NULL, 0, &o, &e), PS_EUSAGE);
    cr_assert_eq(ps_outfile_open(other, NULL, 0, &o, &e), 0, "%s", e.msg);
    ps_outfile_abort(o);
    unlink(link);
    unlink(other);
    drop(p);
}
