/* Unit tests: the document's language tag and watermark in both back ends (HTML <html lang>,
 * the PDF catalog's /Lang, the draft mark on every PDF page, under the content and out of the text
 * layer, with the draft line, and in the HTML). The PDF is read
 * back with qpdf --qdf and pdftotext when installed (else skipped). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "doc_fixture.h"
#include "doc_pdf_style_internal.h"
#include "ps_parser.h"
#include "ps_render.h"
#include "test_util.h"

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

/* Render the fixture run with lang and watermark into PS_BINARY_DIR/name with fn. */
static void render(const char *lang, const char *watermark, const char *name, ps_doc_render_fn fn)
{
    ps_js_run *run = doc_fixture_run(NULL, 40);
    ps_doc_options opt = {
        .esrp = 4, .date = ps_time_from_fields(2026, 11, 30, 0, 0, 0, 0), .lang = lang ? ps_lang_find(lang) : NULL};
    cr_assert(!lang || opt.lang, "no language %s", lang);
    ps_doc *d = NULL;
    ps_warnings w = {0};
    ps_error err = {0};
    cr_assert_eq(ps_doc_build(run, NULL, &opt, &d, &w, &err), 0, "%s", err.msg);
    ps_doc_set_watermark(d, watermark);
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", PS_BINARY_DIR, name);
    FILE *fp = fopen(path, "wb");
    cr_assert_not_null(fp);
    cr_assert_eq(fn(d, fp, &w, &err), 0, "%s", err.msg);
    fclose(fp);
    ps_doc_free(d);
    ps_warnings_fini(&w);
    ps_js_run_free(run);
}

static char *slurp(const char *name)
{
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "cat %s/%s", PS_BINARY_DIR, name);
    return test_run_cmd(cmd);
}

Test(doc_lang, html_lang_and_watermark, .fini = release)
{
    render("zh-TW", "DRAFT", "doc_lang.html", ps_doc_render_html);
    char *h = slurp("doc_lang.html");
    cr_assert(strstr(h, "<html lang=\"zh-Hant\">"), "no zh-Hant document tag");
    cr_assert(!strstr(h, "lang=\"en\""), "an English tag left");
    cr_assert(strstr(h, "<div class=\"watermark\" aria-hidden=\"true\" data-mark=\"DRAFT\"></div>"),
              "no watermark element (its word as an attribute, never text)");
    char line[512];
    snprintf(line, sizeof line, "<p class=\"draftline\" role=\"note\">%s</p>",
             ps_msg(ps_lang_find("zh-TW"), PS_MSG_DRAFT_NOTE));
    cr_assert(strstr(h, line), "no draft line in zh-TW");
    cr_assert(!strstr(h, ">DRAFT<"), "the mark's word as text");
    free(h);
    render(NULL, NULL, "doc_nolang.html", ps_doc_render_html);
    h = slurp("doc_nolang.html");
    cr_assert(strstr(h, "<html lang=\"en\">"));
    cr_assert(!strstr(h, "class=\"watermark\""), "a watermark without one asked");
    cr_assert(!strstr(h, "class=\"draftline\""), "a draft line without a watermark");
    free(h);
}

Test(doc_lang, pdf_lang_and_watermark_on_every_page, .fini = release)
{
    render("ja", "DRAFT", "doc_lang.pdf", ps_doc_render_pdf);
    render(NULL, NULL, "doc_nolang.pdf", ps_doc_render_pdf);
    if (!have("qpdf") || !have("pdftotext") || !have("pdfinfo"))
        cr_skip("qpdf or poppler-utils not installed");
    char cmd[1400];
    snprintf(cmd, sizeof cmd, "qpdf --qdf --object-streams=disable %s/doc_lang.pdf - | grep -a '/Lang'", PS_BINARY_DIR);
    char *lang = test_run_cmd(cmd);
    cr_assert(strstr(lang, "/Lang (ja)"), "catalog /Lang: '%s'", lang);
    free(lang);
    snprintf(cmd, sizeof cmd, "pdfinfo %s/doc_lang.pdf | sed -n 's/^Pages: *//p'", PS_BINARY_DIR);
    char *np = test_run_cmd(cmd);
    int pages = atoi(np);
    free(np);
    cr_assert_gt(pages, 3);
    const char *note = ps_msg(ps_lang_find("ja"), PS_MSG_DRAFT_NOTE);
    for (int p = 1; p <= pages; p++) { /* the mark on every page, the title page included */
        /* the mark is glyph outlines (no text): the text layer holds the draft line once and no "DRAFT" */
        snprintf(
            cmd, sizeof cmd,
            "pdftotext -raw -f %d -l %d %s/doc_lang.pdf - | grep -c DRAFT; pdftotext -raw -f %d -l %d %s/doc_lang.pdf - | grep -c -F '%s'",
            p, p, PS_BINARY_DIR, p, p, PS_BINARY_DIR, note);
        char *n = test_run_cmd(cmd);
        cr_assert_str_eq(n, "0\n1\n", "page %d: DRAFT as text / the draft line: %s", p, n);
        free(n);
    }
    /* per page, the first colour set is the mark's and its fill comes before any text (under the content) */
    snprintf(
        cmd, sizeof cmd,
        "qpdf --qdf --object-streams=disable %s/doc_lang.pdf - | awk '"
        "/^%%%% Contents for page / { if (pg) print pg, r, g, b, fill, bt; pg = $5; r = -1; fill = bt = n = 0; next }"
        " pg { n++ } pg && r < 0 && / rg$/ { r = $1; g = $2; b = $3 }"
        " pg && !fill && /^(f|B|f\\*|B\\*)$/ { fill = n } pg && !bt && /^BT$/ { bt = n }"
        " END { if (pg) print pg, r, g, b, fill, bt }'",
        PS_BINARY_DIR);
    char *order = test_run_cmd(cmd);
    unsigned mark = PDF_STYLE.rgb.watermark;
    double want[3] = {((mark >> 16) & 255) / 255.0, ((mark >> 8) & 255) / 255.0, (mark & 255) / 255.0};
    int seen = 0;
    for (char *line = strtok(order, "\n"); line; line = strtok(NULL, "\n")) {
        int pg, fill, bt;
        double rgb[3];
        cr_assert_eq(sscanf(line, "%d %lf %lf %lf %d %d", &pg, &rgb[0], &rgb[1], &rgb[2], &fill, &bt), 6, "%s", line);
        for (int k = 0; k < 3; k++)
            cr_assert_float_eq(rgb[k], want[k], 1e-3, "page %d: first colour %s, not the mark's", pg, line);
        cr_assert(fill > 0 && bt > fill, "page %d: the mark is not filled before the first text: %s", pg, line);
        seen++;
    }
    cr_assert_eq(seen, pages, "content streams: %d of %d pages", seen, pages);
    free(order);
    snprintf(cmd, sizeof cmd,
             "pdftotext -raw %s/doc_nolang.pdf - | grep -c DRAFT; qpdf --qdf --object-streams=disable "
             "%s/doc_nolang.pdf - | grep -a -c '/Lang (en)'",
             PS_BINARY_DIR, PS_BINARY_DIR);
    char *none = test_run_cmd(cmd);
    cr_assert_str_eq(none, "0\n1\n", "no watermark and lang en expected: %s", none);
    free(none);
}

/* Every outline entry and contents link goes to [page /XYZ 0 top null]: the reader's zoom stays. */
Test(doc_lang, destinations_keep_the_zoom, .fini = release)
{
    render(NULL, NULL, "doc_dest.pdf", ps_doc_render_pdf);
    if (!have("qpdf"))
        cr_skip("qpdf not installed");
    char cmd[1400];
    snprintf(cmd, sizeof cmd,
             "qpdf --qdf --object-streams=disable %s/doc_dest.pdf - | grep -a -A3 '^  /XYZ$' | "
             "awk '/XYZ/{n++} NR%%5==4 && $1!=\"null\"{bad++} END{print n+0, bad+0}'; "
             "qpdf --qdf --object-streams=disable %s/doc_dest.pdf - | grep -a -c '/Fit'",
             PS_BINARY_DIR, PS_BINARY_DIR);
    char *out = test_run_cmd(cmd);
    int n = 0, bad = -1, fit = -1;
    cr_assert_eq(sscanf(out, "%d %d %d", &n, &bad, &fit), 3, "%s", out);
    cr_assert_gt(n, 10, "destinations: %s", out);
    cr_assert_eq(bad, 0, "a destination with a zoom: %s", out);
    cr_assert_eq(fit, 0, "a /Fit destination: %s", out);
    free(out);
}
