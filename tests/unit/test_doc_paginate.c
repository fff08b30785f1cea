/* Unit tests: page breaks of the PDF layout computed as data. pdf_paginate on hand-made runs
 * (rows of 10 points, pages of 100), then the rules on a whole document (pdf_block_pages): a
 * heading on the page of what follows it, a note with the table it annotates, a chart with
 * its heading, a table's caption with its header and first rows, paragraphs marked keep_next
 * with the chart they introduce. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "doc_pdf_internal.h"

static void release(void)
{
    ps_chart_release_caches();
}

/* Breaks of n rows of 10 points with avail_first points left on a page of 100. */
static size_t breaks(size_t n, double head, double avail_first, double tail, const unsigned char *keep, size_t *starts)
{
    double h[64];
    for (size_t i = 0; i < n; i++)
        h[i] = 10;
    pdf_run_spec r = {.h = h,
                      .keep = keep,
                      .n = n,
                      .head = head,
                      .tail = tail,
                      .avail_first = avail_first,
                      .avail_page = 100,
                      .min_first = 3,
                      .min_last = 2};
    return pdf_paginate(&r, starts);
}

Test(paginate, fits_without_break)
{
    size_t s[64];
    cr_assert_eq(breaks(5, 10, 60, 0, NULL, s), 0); /* 10 + 5 * 10 = 60 */
}

Test(paginate, header_and_three_rows_or_a_new_page)
{
    size_t s[64];
    /* 35 points left: the header (10) and 3 rows (30) do not fit: the table starts on a new page */
    size_t n = breaks(20, 10, 35, 0, NULL, s);
    cr_assert_geq(n, 1);
    cr_assert_eq(s[0], 0);
    /* 45 points left: header + 3 rows fit (40), the fourth row too (50 > 45: no) */
    n = breaks(20, 10, 45, 0, NULL, s);
    cr_assert_eq(s[0], 3, "first break after 3 rows, got %zu", s[0]);
    /* then 9 rows under a repeated header per page: rows 3..11, 12..19 */
    cr_assert_eq(n, 2);
    cr_assert_eq(s[1], 12);
}

Test(paginate, no_single_row_on_the_last_page)
{
    size_t s[64];
    /* at the top of a page: header + 9 rows per page; 10 rows would leave row 9 alone */
    size_t n = breaks(10, 10, 100, 0, NULL, s);
    cr_assert_eq(n, 1);
    cr_assert_eq(s[0], 8, "two rows carried, got a break before row %zu", s[0]);
}

Test(paginate, tail_stays_with_the_last_rows)
{
    size_t s[64];
    /* 8 rows + header = 90 fit, but a 15-point note under the table does not: 2 rows go along */
    size_t n = breaks(8, 10, 100, 15, NULL, s);
    cr_assert_eq(n, 1);
    cr_assert_eq(s[0], 6);
}

Test(paginate, group_row_goes_with_its_rows)
{
    size_t s[64];
    unsigned char keep[20] = {0};
    keep[8] = 1; /* row 8 is a group row: the break before row 9 moves before it */
    size_t n = breaks(20, 10, 100, 0, keep, s);
    cr_assert_geq(n, 1);
    cr_assert_eq(s[0], 8);
}

Test(paginate, short_run_is_whole)
{
    size_t s[64];
    /* 4 rows (fewer than 3 + 2): all together, on a new page when they do not fit */
    size_t n = breaks(4, 10, 45, 0, NULL, s);
    cr_assert_eq(n, 1);
    cr_assert_eq(s[0], 0);
}

Test(paginate, paragraph_lines_orphans_and_widows)
{
    double h[10];
    size_t s[12];
    for (int i = 0; i < 10; i++)
        h[i] = 10;
    /* 15 points left: one line would stay alone: the paragraph starts on the next page */
    pdf_run_spec r = {.h = h, .n = 10, .avail_first = 15, .avail_page = 100, .min_first = 2, .min_last = 2};
    cr_assert_eq(pdf_paginate(&r, s), 1);
    cr_assert_eq(s[0], 0);
    /* 90 points left: 9 lines fit, the last would be a widow: 8 then 2 */
    r.avail_first = 90;
    cr_assert_eq(pdf_paginate(&r, s), 1);
    cr_assert_eq(s[0], 8);
}

Test(paginate, item_higher_than_a_page_stands_alone)
{
    double h[3] = {30, 250, 30};
    size_t s[5];
    pdf_run_spec r = {.h = h, .n = 3, .avail_first = 100, .avail_page = 100, .min_first = 1, .min_last = 1};
    size_t n = pdf_paginate(&r, s);
    cr_assert_eq(n, 2);
    cr_assert_eq(s[0], 1);
    cr_assert_eq(s[1], 2);
}

/* ------------------------------------------------------------------ whole documents */

static ps_doc *doc_new(void)
{
    ps_doc *d = ps_xcalloc(1, sizeof *d);
    d->title = ps_xstrdup("Pagination");
    d->vendor = ps_xstrdup("Contoso");
    d->subtitle = ps_xstrdup("");
    d->date_text = ps_xstrdup("");
    d->author = ps_xstrdup("");
    return d;
}

static const char LOREM[] = "Storage performance was measured on every server of the solution over the test window "
                            "and the figures below were recomputed from the counter logs. ";

static void para(ps_doc *d, int sentences)
{
    ps_buf b = {0};
    for (int i = 0; i < sentences; i++)
        ps_buf_puts(&b, LOREM);
    doc_para(d, "%s", b.data);
    ps_buf_fini(&b);
}

static doc_table *table(ps_doc *d, size_t rows, int number)
{
    doc_table *t = doc_table_new(d, "Rows", 3);
    t->number = number;
    size_t r = doc_row(t, DOC_ROW_HEAD);
    doc_cell(t, r, 0, "Instance");
    doc_cell(t, r, 1, "Reads/s");
    doc_cell(t, r, 2, "Latency");
    for (size_t i = 0; i < rows; i++) {
        r = doc_row(t, DOC_ROW_BODY);
        doc_cellf(t, r, 0, "Instance %zu", i + 1);
        doc_cellf(t, r, 1, "%zu", 100 + i);
        doc_cell(t, r, 2, "5.000");
    }
    return t;
}

/* A 480-point-wide time chart of two points, height h, as the next block of d; returns its spec
 * (not owned by d: the caller frees it after ps_doc_free). */
static ps_chart_spec *add_chart(ps_doc *d, const char *title, double h)
{
    static ps_time t[2] = {0, 1000};
    static double v[2] = {1, 2};
    static const ps_chart_series series = {.label = "x", .role = -1, .n = 2, .t = t, .v = v};
    doc_block *b = doc_add(d, DOC_CHART, NULL);
    ps_chart_spec *spec = ps_xcalloc(1, sizeof *spec);
    *spec = (ps_chart_spec){
        .kind = PS_CHART_TIME, .title = title, .series = &series, .nseries = 1, .width = 480, .height = h};
    b->chart = ps_xcalloc(1, sizeof *b->chart);
    b->chart->kind = DOC_CHART_SPEC;
    b->chart->id = ps_xstrdup("x");
    b->chart->spec = spec;
    return spec;
}

/* Pages of the blocks of d (measuring pass). */
static void pages(const ps_doc *d, int **first, int **last)
{
    *first = ps_xcalloc(d->nblocks + 1, sizeof **first);
    *last = ps_xcalloc(d->nblocks + 1, sizeof **last);
    ps_error err = {0};
    cr_assert_eq(pdf_block_pages(d, *first, *last, &err), 0, "%s", err.msg);
}

/* For every filler length (moving the next block down the page), a heading is on the page
 * where the block after it starts, a note on the page where its table ends, a table's rows
 * never start a page alone. */
Test(paginate_doc, headings_notes_tables_at_every_offset, .fini = release)
{
    for (int fill = 1; fill <= 40; fill += 3) {
        ps_doc *d = doc_new();
        doc_heading(d, 1, 0, "Section");
        para(d, fill);
        size_t h = d->nblocks;
        doc_heading(d, 2, 0, "Per-instance results");
        size_t tb = d->nblocks;
        table(d, 30, 1);
        size_t note = d->nblocks;
        doc_add(d, DOC_NOTE, "Values recomputed from the counter logs.");
        int *first, *last;
        pages(d, &first, &last);
        cr_assert_gt(first[h], 0);
        cr_assert_eq(first[h], first[tb], "fill %d: heading on page %d, its table on %d", fill, first[h], first[tb]);
        cr_assert_eq(first[note], last[tb], "fill %d: note on page %d, table ends on %d", fill, first[note], last[tb]);
        free(first);
        free(last);
        ps_doc_free(d);
    }
}

/* analyze's shape: a heading, a few paragraphs, a chart: all on one page, whatever came before. */
Test(paginate_doc, chart_with_its_heading_and_text, .fini = release)
{
    for (int fill = 1; fill <= 40; fill += 4) {
        ps_doc *d = doc_new();
        para(d, fill);
        size_t h = d->nblocks;
        doc_heading(d, 2, 0, "Disk latency");
        para(d, 1);
        para(d, 1);
        size_t ch = d->nblocks;
        ps_chart_spec *spec = add_chart(d, "Disk latency", 300);
        int *first, *last;
        pages(d, &first, &last);
        cr_assert_eq(first[h], first[ch], "fill %d: heading on page %d, chart on %d", fill, first[h], first[ch]);
        cr_assert_eq(first[ch], last[ch]);
        free(first);
        free(last);
        ps_doc_free(d);
        free(spec);
    }
}

/* The failure explanations' shape: two paragraphs marked keep_next, then a chart, without a heading:
 * whatever came before, both paragraphs start on the chart's page; unmarked, the first one is left
 * on the previous page for some filler length (so the test can fail). */
Test(paginate_doc, keep_next_paragraphs_with_their_chart, .fini = release)
{
    int split_unmarked = 0;
    for (int keep = 1; keep >= 0; keep--)
        for (int fill = 1; fill <= 40; fill += 2) {
            ps_doc *d = doc_new();
            para(d, fill);
            size_t p = d->nblocks;
            doc_para(d, "MBX02, Performance Test, Instance5120.3:");
            para(d, 1);
            d->blocks[p].keep_next = d->blocks[p + 1].keep_next = keep;
            size_t ch = d->nblocks;
            ps_chart_spec *spec = add_chart(d, "Latency", 250);
            int *first, *last;
            pages(d, &first, &last);
            if (keep)
                cr_assert(first[p] == first[ch] && first[p + 1] == first[ch],
                          "fill %d: paragraphs on pages %d, %d, chart on %d", fill, first[p], first[p + 1], first[ch]);
            else
                split_unmarked |= first[p] != first[ch];
            free(first);
            free(last);
            ps_doc_free(d);
            free(spec);
        }
    cr_assert(split_unmarked, "no filler length separates unmarked paragraphs from the chart");
}

/* A heading over a list of one-line items: the heading and at least PDF_MIN_LINES items share a
 * page, whatever came before (never the heading with a single item at the foot of a page). */
Test(paginate_doc, heading_with_two_lines_of_its_list, .fini = release)
{
    for (int fill = 1; fill <= 60; fill++) {
        ps_doc *d = doc_new();
        para(d, fill);
        size_t h = d->nblocks;
        doc_heading(d, 2, 0, "Configuration steps");
        for (int k = 1; k <= 3; k++) {
            doc_block *b = doc_add(d, DOC_ITEM, "Create the two RAID-10 pools on the array.");
            b->level = 1;
            b->number = k;
        }
        int *first, *last;
        pages(d, &first, &last);
        cr_assert_eq(first[h], first[h + 1], "fill %d: heading on page %d, first item on %d", fill, first[h],
                     first[h + 1]);
        cr_assert_eq(first[h], first[h + 2], "fill %d: heading on page %d, second item on %d", fill, first[h],
                     first[h + 2]);
        free(first);
        free(last);
        ps_doc_free(d);
    }
}
