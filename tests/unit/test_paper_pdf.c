/* Unit tests: papers given as PDF (issue 15 item 1). The PDFs are drawn here with cairo's PDF
 * surface, every word at a known position, so the expected lines are known by construction: one
 * line per baseline, table cells (gaps much wider than a space) separated by one TAB, locations
 * page and line counted from the top of each page. */
#include <cairo-pdf.h>
#include <cairo.h>
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "ps_loc.h"
#include "ps_paper_pdf.h"
#include "ps_parser.h"
#include "ps_render.h"

typedef struct word {
    int page; /* 1-based */
    double x, y; /* baseline start, points from the top left */
    const char *text;
} word;

/* cairo's and fontconfig's font caches freed after each test: leak checkers see a clean exit */
static void release(void)
{
    ps_chart_release_caches();
}

static cairo_status_t to_buf(void *closure, const unsigned char *data, unsigned int length)
{
    ps_buf_put(closure, data, length);
    return CAIRO_STATUS_SUCCESS;
}

/* A4 pages, DejaVu Sans 10 pt (a proportional font, as papers are set); words drawn in the
 * order given, pages up to npages (a page may stay blank). */
static ps_buf make_pdf_turned(const word *w, size_t n, int npages, int turned)
{
    ps_buf b = {0};
    cairo_surface_t *s = cairo_pdf_surface_create_for_stream(to_buf, &b, 595, 842);
    cairo_t *cr = cairo_create(s);
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, 10);
    for (int p = 1; p <= npages; p++) {
        cairo_identity_matrix(cr);
        if (turned) { /* a landscape table set sideways on a portrait page: text reads upwards */
            cairo_translate(cr, 0, 842);
            cairo_rotate(cr, -1.5707963267948966);
        }
        for (size_t i = 0; i < n; i++) {
            if (w[i].page != p)
                continue;
            cairo_move_to(cr, w[i].x, w[i].y);
            cairo_show_text(cr, w[i].text);
        }
        cairo_show_page(cr);
    }
    cairo_destroy(cr);
    cairo_surface_finish(s);
    cr_assert_eq(cairo_surface_status(s), CAIRO_STATUS_SUCCESS);
    cairo_surface_destroy(s);
    return b;
}

static ps_buf make_pdf(const word *w, size_t n, int npages)
{
    return make_pdf_turned(w, n, npages, 0);
}

/* A 3-column table (label, Server 1, Server 2) at x = 72, 300, 420; right-hand cells drawn
 * first (the content order is not the reading order); one cell 1.5 pt below its row's baseline
 * (mixed fonts do that); a title above, and a second page. */
static const word table[] = {
    {1, 72, 100, "Storage Performance Results"},
    {1, 420, 130, "Server 2"},
    {1, 300, 130, "Server 1"},
    {1, 72, 130, "Metric"},
    {1, 420, 145, "182.447"},
    {1, 300, 145, "130.814"},
    {1, 72, 145, "Database Disks Reads/sec"},
    {1, 72, 160, "Average Log Disk Write Latency (ms)"},
    {1, 300, 160, "1.308"},
    {1, 420, 160, "1.165"},
    {1, 72, 175, "Log Disks Writes/sec"},
    {1, 300, 176.5, "50.719"},
    {1, 420, 175, "66.866"},
    {2, 72, 100, "Appendix"},
    {2, 72, 130, "Target IOPS"},
    {2, 300, 130, "800"},
};

static const char table_text[] = "Storage Performance Results\n"
                                 "Metric\tServer 1\tServer 2\n"
                                 "Database Disks Reads/sec\t130.814\t182.447\n"
                                 "Average Log Disk Write Latency (ms)\t1.308\t1.165\n"
                                 "Log Disks Writes/sec\t50.719\t66.866\n"
                                 "Appendix\n"
                                 "Target IOPS\t800\n";

Test(paper_pdf, table_rebuilt_into_lines_and_cells, .fini = release)
{
    ps_buf pdf = make_pdf(table, sizeof table / sizeof table[0], 2);
    ps_pdf_lines l;
    ps_error err;
    ps_error_clear(&err);
    cr_assert_eq(ps_pdf_text_lines("t.pdf", pdf.data, pdf.len, &l, &err), 0, "%s", err.msg);
    cr_assert_str_eq(l.text, table_text);
    cr_assert_eq(l.len, strlen(table_text));
    cr_assert_eq(l.nlines, 7);
    cr_assert_eq(l.npages, 2);
    static const long page[7] = {1, 1, 1, 1, 1, 2, 2}, line[7] = {1, 2, 3, 4, 5, 1, 2};
    for (size_t i = 0; i < 7; i++) {
        cr_assert_eq(ps_loc_page(l.loc[i]), page[i], "line %zu", i);
        cr_assert_eq(ps_loc_line(l.loc[i]), line[i], "line %zu", i);
    }
    cr_assert_eq(l.pdf_messages, 0);
    ps_pdf_lines_fini(&l);
    ps_buf_fini(&pdf);
}

/* The same table set sideways (text reading bottom to top, as landscape appendix pages are):
 * the same lines. */
Test(paper_pdf, sideways_page_rebuilt_upright, .fini = release)
{
    ps_buf pdf = make_pdf_turned(table, sizeof table / sizeof table[0], 2, 1);
    ps_pdf_lines l;
    ps_error err;
    ps_error_clear(&err);
    cr_assert_eq(ps_pdf_text_lines("t.pdf", pdf.data, pdf.len, &l, &err), 0, "%s", err.msg);
    cr_assert_str_eq(l.text, table_text);
    cr_assert_eq(l.nlines, 7);
    ps_pdf_lines_fini(&l);
    ps_buf_fini(&pdf);
}

/* Claims read from the PDF carry page and line: the target IOPS is on page 2, line 2; the
 * table's first figure on page 1, line 3. */
Test(paper_pdf, claims_located_by_page_and_line, .fini = release)
{
    ps_buf pdf = make_pdf(table, sizeof table / sizeof table[0], 2);
    ps_paper *p = NULL;
    ps_error err;
    ps_error_clear(&err);
    cr_assert_eq(ps_paper_parse_pdf("t.pdf", pdf.data, pdf.len, &p, NULL, &err), 0, "%s", err.msg);
    const ps_claim *target = NULL, *reads = NULL;
    for (size_t i = 0; i < p->nclaims; i++) {
        if (p->claims[i].metric == PS_M_TARGET_IOPS)
            target = &p->claims[i];
        if (p->claims[i].metric == PS_M_DB_READS && !reads)
            reads = &p->claims[i];
    }
    cr_assert(target && reads);
    cr_assert_float_eq(target->value, 800, 1e-9);
    cr_assert_eq(target->line, ps_loc_paged(2, 2));
    cr_assert_float_eq(reads->value, 130.814, 1e-9);
    cr_assert_eq(reads->decimals, 3);
    cr_assert_eq(reads->line, ps_loc_paged(1, 3));
    ps_paper_free(p);
    ps_buf_fini(&pdf);
}

Test(paper_pdf, location_codec)
{
    char b[48];
    cr_assert_str_eq(ps_loc_format(b, sizeof b, ps_loc_paged(12, 7)), "p12:L7");
    cr_assert_str_eq(ps_loc_format(b, sizeof b, 12), "12");
    cr_assert_str_eq(ps_loc_format(b, sizeof b, 0), "");
    cr_assert_eq(ps_loc_page(12), 0);
    cr_assert_eq(ps_loc_line(12), 12);
    /* sorting by the number sorts by page, then line; every text line sorts before */
    cr_assert_lt(ps_loc_paged(1, 900), ps_loc_paged(2, 1));
    cr_assert_lt(268435456L, ps_loc_paged(1, 1)); /* a 256 MiB text of empty lines */
    cr_assert_eq(ps_loc_page(ps_loc_paged(PS_LOC_MAX_PAGES, PS_LOC_MAX_LINE)), PS_LOC_MAX_PAGES);
    cr_assert_eq(ps_loc_line(ps_loc_paged(PS_LOC_MAX_PAGES, PS_LOC_MAX_LINE)), PS_LOC_MAX_LINE);
    cr_assert_eq(ps_loc_line(ps_loc_paged(3, 70000)), PS_LOC_MAX_LINE); /* clamped */
}

Test(paper_pdf, sniffed_by_content)
{
    cr_assert(ps_paper_is_pdf((const unsigned char *)"%PDF-1.7\n", 9));
    char junk[1100];
    memset(junk, 'x', sizeof junk);
    memcpy(junk + 1000, "%PDF-1.4", 8); /* a header after junk, as readers accept */
    cr_assert(ps_paper_is_pdf((const unsigned char *)junk, sizeof junk));
    memset(junk, 'x', sizeof junk);
    memcpy(junk + 1020, "%PDF-1.4", 8); /* past the first KiB: not a PDF */
    cr_assert_not(ps_paper_is_pdf((const unsigned char *)junk, sizeof junk));
    cr_assert_not(ps_paper_is_pdf((const unsigned char *)"%PDF", 4));
    cr_assert_not(ps_paper_is_pdf((const unsigned char *)"Target IOPS 800\n", 16));
    cr_assert_not(ps_paper_file_is_pdf("/nonexistent/paper.pdf"));
    cr_assert_not(ps_paper_file_is_pdf("/"));
}

static void refused(const void *data, size_t len, const char *want)
{
    ps_pdf_lines l;
    ps_error err;
    ps_error_clear(&err);
    cr_assert_eq(ps_pdf_text_lines("bad.pdf", data, len, &l, &err), PS_EINPUT, "accepted; want '%s'", want);
    cr_assert(strstr(err.msg, want), "'%s' lacks '%s'", err.msg, want);
    cr_assert_str_eq(err.file, "bad.pdf");
    cr_assert_null(l.text);
    cr_assert_null(l.loc);
}

Test(paper_pdf, hostile_refused, .fini = release)
{
    refused("%PDF-1.7\ngarbage\n", 17, "not a readable PDF");
    refused("%PDF-", 5, "not a readable PDF");
    ps_buf pdf = make_pdf(table, sizeof table / sizeof table[0], 2);
    refused(pdf.data, 400, "not a readable PDF"); /* cut before the first page's objects */
    ps_buf_fini(&pdf);
    word none[1] = {{9, 0, 0, ""}};
    ps_buf blank = make_pdf(none, 0, 1); /* a page without text: a scanned paper */
    refused(blank.data, blank.len, "no text in the PDF");
    ps_buf_fini(&blank);
}
