/* Unit tests: the ESRP document as PDF (libharu), from a hand-built run. External checks use
 * qpdf and pdftotext when installed (else those assertions are skipped). */
#include <criterion/criterion.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "doc_fixture.h"
#include "ps_font.h"
#include "ps_parser.h"
#include "ps_render.h"
#include "test_util.h"

/* cairo/fontconfig caches freed after each test (LeakSanitizer) */
static void release(void)
{
    ps_chart_release_caches();
}

static int have(const char *tool)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", tool);
    return system(cmd) == 0;
}

/* Render run to PS_BINARY_DIR/name; returns the file size. */
static long render_file(ps_js_run *run, const char *sol_text, const char *name, ps_doc_render_fn fn, ps_warnings *w)
{
    ps_solution *sol = NULL;
    ps_error err = {0};
    if (sol_text)
        cr_assert_eq(ps_solution_parse(sol_text, strlen(sol_text), "sol.ini", &sol, &err), 0, "%s", err.msg);
    ps_doc_options opt = {.esrp = 4, .date = ps_time_from_fields(2026, 11, 30, 0, 0, 0, 0)};
    ps_doc *d = NULL;
    cr_assert_eq(ps_doc_build(run, sol, &opt, &d, w, &err), 0, "%s", err.msg);
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", PS_BINARY_DIR, name);
    FILE *fp = fopen(path, "wb");
    cr_assert_not_null(fp);
    int rc = fn(d, fp, w, &err);
    long size = ftell(fp);
    fclose(fp);
    cr_assert_eq(rc, 0, "render: %s", err.msg);
    ps_doc_free(d);
    ps_solution_free(sol);
    return size;
}

static const char *const SOL = "[document]\nvendor = Contoso\nproduct = Array 9\nauthor = Contoso Labs\n";

/* 1 when w stands in txt as a whole number or phrase: "3.000" is not found inside "13.000" or
 * "3.0001" (the neighbours of a match may not be digits or a decimal point). */
static int has_token(const char *txt, const char *w)
{
    size_t n = strlen(w);
    for (const char *p = strstr(txt, w); p; p = strstr(p + 1, w)) {
        char before = p == txt ? ' ' : p[-1], after = p[n];
        if (!isdigit((unsigned char)before) && before != '.' && !isdigit((unsigned char)after) && after != '.')
            return 1;
    }
    return 0;
}

Test(doc_pdf, valid_with_every_figure, .fini = release)
{
    ps_js_run *run = doc_fixture_run(NULL, 480);
    ps_warnings w = {0};
    long size = render_file(run, SOL, "doc_test.pdf", ps_doc_render_pdf, &w);
    render_file(run, SOL, "doc_test.html", ps_doc_render_html, &w);
    cr_assert_gt(size, 1000);
    if (have("qpdf")) {
        char cmd[1200];
        snprintf(cmd, sizeof cmd, "qpdf --check %s/doc_test.pdf >/dev/null 2>&1", PS_BINARY_DIR);
        cr_assert_eq(system(cmd), 0, "qpdf --check failed");
    }
    if (have("pdftotext")) {
        char cmd[1200];
        snprintf(cmd, sizeof cmd, "pdftotext -layout %s/doc_test.pdf - 2>/dev/null", PS_BINARY_DIR);
        char *txt = test_run_cmd(cmd);
        /* per-server and aggregate figures (fixture arithmetic) */
        static const char *const want[] = {"320.000",
                                           "200.000",
                                           "120.000",
                                           "13.000",
                                           "5.000",
                                           "80.000",
                                           "1.500",
                                           "420.000",
                                           "300.000",
                                           "6.000",
                                           "4.000",
                                           "3.000",
                                           "740.000",
                                           "500.000",
                                           "240.000",
                                           "9.500",
                                           "4.500",
                                           "160.000",
                                           "2.250",
                                           "Database Disks Transfers/sec",
                                           "Contents",
                                           "Page 3 of",
                                           "Contoso Array 9 2,000 Mailbox Resiliency Exchange 2013 Storage Solution",
                                           "Appendix A – SERVER1",
                                           "Verification of the Results"};
        for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
            cr_assert(has_token(txt, want[i]), "pdftotext lacks '%s'", want[i]);
        free(txt);
    }
    ps_warnings_fini(&w);
    ps_js_run_free(run);
}

Test(doc_pdf, byte_identical_runs, .fini = release)
{
    ps_js_run *run = doc_fixture_run(NULL, 100);
    ps_warnings w = {0};
    render_file(run, SOL, "doc_det1.pdf", ps_doc_render_pdf, &w);
    render_file(run, SOL, "doc_det2.pdf", ps_doc_render_pdf, &w);
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "cmp -s %s/doc_det1.pdf %s/doc_det2.pdf", PS_BINARY_DIR, PS_BINARY_DIR);
    cr_assert_eq(system(cmd), 0, "two PDF renderings differ");
    ps_warnings_fini(&w);
    ps_js_run_free(run);
}

/* A Chinese machine name is drawn with a fallback face that fontconfig finds (a CJK TrueType
 * font): no warning, the name is in the text layer, and every font is an embedded subset. */
Test(doc_pdf, cjk_names_embedded, .fini = release)
{
    ps_font_file ff;
    if (ps_font_fallback(0x6E2C, 0, &ff) != 0)
        cr_skip("no CJK TrueType font installed (fonts-wqy-microhei)");
    ps_js_run *run = doc_fixture_run("測試伺服器01", 20);
    ps_warnings w = {0};
    render_file(run, SOL, "doc_cjk.pdf", ps_doc_render_pdf, &w);
    for (size_t i = 0; i < w.n; i++)
        cr_assert(!strstr(w.msgs[i], "font"), "unexpected warning: %s", w.msgs[i]);
    if (!have("pdftotext") || !have("pdffonts"))
        cr_skip("poppler-utils not installed");
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "pdftotext %s/doc_cjk.pdf - 2>&1", PS_BINARY_DIR);
    char *txt = test_run_cmd(cmd);
    cr_assert(strstr(txt, "Appendix A – 測試伺服器01"), "pdftotext lacks the Chinese name");
    cr_assert(!strstr(txt, "Warning") && !strstr(txt, "Error"), "poppler complains");
    free(txt);
    snprintf(cmd, sizeof cmd, "pdffonts %s/doc_cjk.pdf 2>&1 | tail -n +3", PS_BINARY_DIR);
    char *fonts = test_run_cmd(cmd);
    size_t lines = 0;
    for (char *l = fonts; *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : l + strlen(l)) {
        /* "ABCDEF+Name   CID TrueType   Identity-H   yes yes yes   ..." */
        cr_assert(l[6] == '+' && strstr(l, " yes yes yes "), "not an embedded subset with ToUnicode: %.80s", l);
        lines++;
    }
    cr_assert_eq(lines, 3, "DejaVu Sans, DejaVu Sans Bold and one CJK face expected:\n%s", fonts);
    free(fonts);
    ps_warnings_fini(&w);
    ps_js_run_free(run);
}
