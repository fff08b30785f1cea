/* Unit tests: text the PDF layout must never lose. A word longer than the line breaks after a
 * hyphen inside it, and no line starts with a dash (pdf_wrap), a contents entry longer than its line wraps whole with the page
 * number on its last line, and the running header holds the whole title (smaller when wide,
 * cut with an ellipsis only below the smallest size). Read back with pdftotext when installed. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "doc_fixture.h"
#include "doc_pdf_internal.h"
#include "ps_parser.h"
#include "test_util.h"

static void release(void)
{
    ps_chart_release_caches();
}

/* 1 when poppler's pdftotext is installed. */
static int have_pdftotext(void)
{
    char *out = test_run_cmd("command -v pdftotext");
    int found = *out != 0;
    free(out);
    return found;
}

static void free_lines(char **l, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(l[i]);
    free(l);
}

Test(doc_pdf_text, long_word_breaks_after_a_hyphen, .fini = release)
{
    pdf_ctx c = {0};
    ps_error err = {0};
    cr_assert_eq(pdf_fonts_open(&c, &err), 0, "%s", err.msg);
    const char *word = "3.750-Postfach-Resilienz-Exchange";
    /* room for "3.750-Postfach-Resilienz-Ex" but not for the whole word */
    double width = pdf_width(&c, PDF_BOLD, 26, "3.750-Postfach-Resilienz-Ex");
    char **l = NULL;
    size_t n = pdf_wrap(&c, PDF_BOLD, 26, word, width, &l);
    cr_assert_eq(n, 2, "%zu lines", n);
    cr_assert_str_eq(l[0], "3.750-Postfach-Resilienz-");
    cr_assert_str_eq(l[1], "Exchange");
    free_lines(l, n);
    /* no hyphen: the word still breaks where the line is full (nothing lost) */
    n = pdf_wrap(&c, PDF_BOLD, 26, "Speicherloesungsbeschreibung", pdf_width(&c, PDF_BOLD, 26, "Speicher"), &l);
    cr_assert_gt(n, 1);
    ps_buf joined = {0};
    for (size_t i = 0; i < n; i++) {
        ps_buf_puts(&joined, l[i]);
        free(l[i]);
    }
    free(l);
    cr_assert_str_eq(joined.data, "Speicherloesungsbeschreibung");
    ps_buf_fini(&joined);
    /* no line starts with a dash: "ESRP – Storage" stays together when "Architektur ESRP" would fit */
    n = pdf_wrap(&c, PDF_REGULAR, 10, "Architektur ESRP \u2013 Storage",
                 pdf_width(&c, PDF_REGULAR, 10, "Architektur ESRP ") + 0.5, &l);
    cr_assert_eq(n, 2, "%zu lines", n);
    cr_assert_str_eq(l[0], "Architektur");
    cr_assert_str_eq(l[1], "ESRP \u2013 Storage");
    free_lines(l, n);
    pdf_fonts_fini(&c);
}

/* The fixture's document with vendor and product from the arguments and, when add is not NULL,
 * the blocks add appends; rendered to PS_BINARY_DIR/name. title receives d->title. Returns the
 * renderer's code (err: its message). */
static int render(const char *product, void (*add)(ps_doc *), const char *name, char **title, ps_error *err)
{
    ps_js_run *run = doc_fixture_run(NULL, 40);
    char ini[1024];
    snprintf(ini, sizeof ini, "[document]\nvendor = Contoso\nproduct = %s\nauthor = Contoso Labs\n", product);
    ps_solution *sol = NULL;
    cr_assert_eq(ps_solution_parse(ini, strlen(ini), "sol.ini", &sol, err), 0, "%s", err->msg);
    ps_doc_options opt = {.esrp = 4, .date = ps_time_from_fields(2026, 11, 30, 0, 0, 0, 0)};
    ps_doc *d = NULL;
    ps_warnings w = {0};
    cr_assert_eq(ps_doc_build(run, sol, &opt, &d, &w, err), 0, "%s", err->msg);
    if (add)
        add(d);
    *title = ps_xstrdup(d->title);
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", PS_BINARY_DIR, name);
    FILE *fp = fopen(path, "wb");
    cr_assert_not_null(fp);
    int rc = ps_doc_render_pdf(d, fp, &w, err);
    fclose(fp);
    ps_doc_free(d);
    ps_solution_free(sol);
    ps_warnings_fini(&w);
    ps_js_run_free(run);
    return rc;
}

/* pdftotext -layout of page p with every run of white space made one space. */
static char *page_text(const char *name, int p)
{
    char cmd[1400];
    snprintf(cmd, sizeof cmd, "pdftotext -layout -f %d -l %d %s/%s - | tr -s ' \\n' '  '", p, p, PS_BINARY_DIR, name);
    return test_run_cmd(cmd);
}

static void long_heading(ps_doc *d)
{
    doc_heading(d, 1, 0,
                "Zusammenfassung der Ergebnisse mit einer Überschrift, die länger als eine Zeile des "
                "Inhaltsverzeichnisses ist und trotzdem ganz darin steht, bis zum Schlusswort");
}

Test(doc_pdf_text, long_contents_entry_wraps_whole, .fini = release)
{
    char *title;
    ps_error err = {0};
    cr_assert_eq(render("Array 9", long_heading, "pdf_text_toc.pdf", &title, &err), 0, "%s", err.msg);
    free(title);
    if (!have_pdftotext())
        cr_skip("poppler-utils not installed");
    char *toc = page_text("pdf_text_toc.pdf", 2);
    /* the hanging second line is indented in the layout, which the squeeze made one space */
    cr_assert(strstr(toc, "Zusammenfassung der Ergebnisse mit einer"), "entry opening lost: %s", toc);
    char *end = strstr(toc, "bis zum Schlusswort");
    cr_assert_not_null(end, "the end of the entry lost: %s", toc);
    /* its last line ends with the dot leader and a page number */
    const char *after = end + strlen("bis zum Schlusswort");
    while (*after == ' ' || *after == '.')
        after++;
    cr_assert(*after >= '1' && *after <= '9', "no page number after the entry: '%.20s'", after);
    free(toc);
}

Test(doc_pdf_text, running_header_holds_the_whole_title, .fini = release)
{
    char *title;
    ps_error err = {0};
    cr_assert_eq(render("CS-4000 Unified Array mit einer langen Produktbezeichnung der Baureihe", NULL,
                        "pdf_text_head.pdf", &title, &err),
                 0, "%s", err.msg);
    if (!have_pdftotext()) {
        free(title);
        cr_skip("poppler-utils not installed");
    }
    pdf_ctx c = {0};
    cr_assert_eq(pdf_fonts_open(&c, &err), 0, "%s", err.msg);
    double body = PDF_STYLE.page.a4_w - 2 * PDF_STYLE.page.margin_x;
    cr_assert_gt(pdf_width(&c, PDF_REGULAR, PDF_STYLE.size.running, title), body,
                 "the title is meant to be wider than the header at the running size: %s", title);
    cr_assert_lt(pdf_width(&c, PDF_REGULAR, PDF_STYLE.furniture.run_min, title), body, "and to fit at the smallest");
    pdf_fonts_fini(&c);
    char *p2 = page_text("pdf_text_head.pdf", 2);
    cr_assert(strstr(p2, title), "page 2 header lacks the whole title '%s': %s", title, p2);
    cr_assert(!strstr(p2, "\u2026"), "an ellipsis although the title fits: %s", p2);
    free(p2);
    free(title);
    /* too long for the smallest size: a prefix of it, cut with an ellipsis */
    cr_assert_eq(render("CS-4000 Unified Array mit einer sehr, sehr langen Produktbezeichnung der Baureihe, die kein "
                        "Kopf fasst, auch nicht in der kleinsten Schrift",
                        NULL, "pdf_text_head2.pdf", &title, &err),
                 0, "%s", err.msg);
    p2 = page_text("pdf_text_head2.pdf", 2);
    char *cut = strstr(p2, "\u2026");
    cr_assert_not_null(cut, "no ellipsis: %s", p2);
    size_t k = strlen("Contoso CS-4000 Unified Array mit einer sehr");
    cr_assert(strncmp(title, "Contoso CS-4000 Unified Array mit einer sehr", k) == 0, "title: %s", title);
    cr_assert(strstr(p2, "Contoso CS-4000 Unified Array mit einer sehr"), "the header's opening: %s", p2);
    free(p2);
    free(title);
}

/* Line breaking of running text (CJK kinsoku and dashes): paragraphs whose stop, comma or dash
 * falls on every position around the end of a line; no line of the text layer opens with one. */
static void breaking_paragraphs(ps_doc *d)
{
    for (int k = 30; k <= 70; k++) {
        ps_buf b = {0};
        for (int i = 0; i < k; i++)
            ps_buf_puts(&b, i % 7 == 6 ? "，" : "测");
        ps_buf_puts(&b, "。");
        doc_para(d, "%s", b.data);
        ps_buf_fini(&b);
        for (int i = 0; i < k / 5; i++)
            ps_buf_puts(&b, "storage ");
        ps_buf_puts(&b, "ESRP \u2013 Storage \u2013 ESRP \u2013 Storage.");
        doc_para(d, "%s", b.data);
        ps_buf_fini(&b);
    }
}

Test(doc_pdf_text, no_line_opens_with_a_stop_or_a_dash, .fini = release)
{
    char *title, path[1024];
    ps_error err = {0};
    int rc = render("Array 9", breaking_paragraphs, "pdf_text_breaks.pdf", &title, &err);
    free(title);
    snprintf(path, sizeof path, "%s/pdf_text_breaks.pdf", PS_BINARY_DIR);
    if (rc == PS_EIO && strstr(err.msg, "install"))
        cr_skip("no Chinese font installed: %s", err.msg);
    cr_assert_eq(rc, 0, "%s", err.msg);
    if (!have_pdftotext())
        cr_skip("poppler-utils not installed");
    char cmd[2400];
    snprintf(cmd, sizeof cmd,
             "pdftotext -layout %s - | grep -c '测' ; pdftotext -layout %s - | grep -cE '^ *(，|。|\u2013)'", path,
             path);
    char *out = test_run_cmd(cmd);
    int cjk = 0, bad = -1;
    cr_assert_eq(sscanf(out, "%d %d", &cjk, &bad), 2, "%s", out);
    cr_assert_gt(cjk, 41, "the Chinese paragraphs are not in the text layer: %s", out);
    cr_assert_eq(bad, 0, "%d lines open with a stop, comma or dash", bad);
    free(out);
}
