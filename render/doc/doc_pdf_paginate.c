/* doc_pdf_paginate.c - where a run of items (table rows, lines of a paragraph) breaks across
 * pages, computed as data before anything is drawn: an opening part that must share the page
 * where the run starts (else the run starts on a new page), no widow carried alone to the last
 * page, items kept with the next one (a table's group row), a header repeated on every part and
 * a tail (a note) that stays with the last item. */
#include "doc_pdf_internal.h"

#define EPS 0.01

size_t pdf_paginate(const pdf_run_spec *r, size_t *starts)
{
    size_t n = r->n, k = 0;
    if (!n)
        return 0;
    size_t open = r->min_first < n ? r->min_first : n;
    if (n - open < r->min_last) /* the run cannot be split without a widow: it opens whole */
        open = n;
    double open_h = r->head + r->lead;
    for (size_t i = 0; i < open; i++)
        open_h += r->h[i];
    if (open == n)
        open_h += r->tail;
    double avail = r->avail_first;
    if (open_h > avail + EPS && avail < r->avail_page - EPS) { /* not at the top of a page */
        starts[k++] = 0;
        avail = r->avail_page;
    }
    double y = r->head + r->lead;
    size_t start = 0;
    for (size_t i = 0; i < n;) {
        double need = r->h[i] + (i + 1 == n ? r->tail : 0);
        if (y + need <= avail + EPS || i == start) {
            y += r->h[i];
            i++;
            continue;
        }
        size_t b = i;
        if (n - b < r->min_last && n >= r->min_last && n - r->min_last > start)
            b = n - r->min_last; /* widow: carry more items to the last page */
        while (b > start + 1 && r->keep && r->keep[b - 1])
            b--; /* an item kept with the next one goes along */
        starts[k++] = b;
        start = i = b;
        y = r->head;
        avail = r->avail_page;
    }
    return k;
}

/* ------------------------------------------------------------------ block rules */

double pdf_heading_size(int level)
{
    const size_t n = sizeof PDF_STYLE.size.heading / sizeof PDF_STYLE.size.heading[0];
    return PDF_STYLE.size.heading[(size_t)(level < 1 ? 0 : level - 1) % n];
}

/* Whole height of a heading (as heading() in doc_pdf.c advances). */
static double heading_height(pdf_ctx *c, const doc_block *b)
{
    double size = pdf_heading_size(b->level);
    doc_block t = {.kind = DOC_PARA, .text = b->text};
    double h = pdf_rich_height(c, &t, size, 0, b->level == 1 ? PDF_STYLE.text.h1_after : PDF_STYLE.text.h_after) +
               (b->level == 1 ? PDF_STYLE.text.h1_before : PDF_STYLE.text.h_before);
    return b->level == 1 ? h + PDF_STYLE.text.h1_rule_after : h;
}

static int is_body_text(const doc_block *b)
{
    return b->kind == DOC_PARA || b->kind == DOC_NOTE;
}

static int is_float(const doc_block *b)
{
    return b->kind == DOC_TABLE || b->kind == DOC_CHART || b->kind == DOC_FIGURE;
}

/* A note after a table, chart or figure annotates it (it stays with it); other notes introduce
 * what follows them. */
static int annotates_previous(const ps_doc *d, size_t i)
{
    return d->blocks[i].kind == DOC_NOTE && i > 0 && is_float(&d->blocks[i - 1]);
}

double pdf_tail(pdf_ctx *c, size_t i)
{
    const ps_doc *d = c->d;
    if (i + 1 >= d->nblocks || !annotates_previous(d, i + 1))
        return 0;
    return pdf_rich_height(c, &d->blocks[i + 1], PDF_STYLE.size.note, 0, PDF_STYLE.text.para_after);
}

/* Lines of a rich block that must open it on its page: all of a short one, else PDF_MIN_LINES. */
static double text_open(pdf_ctx *c, const doc_block *b, double size)
{
    double line = size * PDF_STYLE.font.lead, h = pdf_rich_height(c, b, size, 0, 0);
    size_t n = (size_t)(h / line + 0.5);
    return n < 2 * PDF_MIN_LINES ? h : PDF_MIN_LINES * line;
}

/* Height block i needs on the page where it starts (without what it keeps with). */
static double block_open(pdf_ctx *c, size_t i)
{
    const doc_block *b = &c->d->blocks[i];
    switch (b->kind) {
    case DOC_HEADING: return heading_height(c, b);
    case DOC_PARA: return text_open(c, b, PDF_STYLE.size.body);
    case DOC_NOTE: return pdf_rich_height(c, b, PDF_STYLE.size.note, 0, 0);
    case DOC_ITEM:
    case DOC_QUOTE: return text_open(c, b, PDF_STYLE.size.body);
    case DOC_TABLE: return pdf_table_min(c, b->table, pdf_tail(c, i));
    case DOC_CHART: return pdf_chart_height(c, b->chart, c->figure_no ? c->figure_no[i] : 0) + pdf_tail(c, i);
    case DOC_FIGURE: return pdf_figure_height(c, b) + PDF_STYLE.block.figure_keep + pdf_tail(c, i);
    case DOC_LOG: return 2 * PDF_STYLE.size.log * PDF_STYLE.font.lead;
    case DOC_LIST: return 2 * PDF_STYLE.size.body * PDF_STYLE.font.lead;
    }
    return 0;
}

/* Whole height of a heading or a text block (what a keep chain holds before its last block). */
static double block_whole(pdf_ctx *c, size_t i)
{
    const doc_block *b = &c->d->blocks[i];
    if (b->kind == DOC_HEADING)
        return heading_height(c, b);
    return pdf_rich_height(c, b, b->kind == DOC_NOTE ? PDF_STYLE.size.note : PDF_STYLE.size.body, 0,
                           PDF_STYLE.text.para_after);
}

double pdf_keep_need(pdf_ctx *c, size_t i)
{
    const ps_doc *d = c->d;
    double body = c->ph - c->mt - c->mb;
    if (d->blocks[i].keep_next && is_body_text(&d->blocks[i]) && i + 1 < d->nblocks) {
        double h = block_whole(c, i) + pdf_keep_need(c, i + 1);
        return h <= body ? h : block_open(c, i); /* a chain longer than a page breaks as usual */
    }
    if (d->blocks[i].kind != DOC_HEADING && !(d->blocks[i].kind == DOC_NOTE && !annotates_previous(d, i)))
        return block_open(c, i);
    /* a heading (or an introducing note): with the headings and text up to the first table,
     * chart or figure of its section and that block's opening, when all of it fits a page */
    double h = 0;
    size_t j = i;
    for (; j < d->nblocks && (d->blocks[j].kind == DOC_HEADING || is_body_text(&d->blocks[j])); j++) {
        if (j > i && d->blocks[j].kind == DOC_HEADING && !(d->blocks[j - 1].kind == DOC_HEADING))
            break; /* the next section */
        h += block_whole(c, j);
    }
    if (j < d->nblocks && j > i && is_float(&d->blocks[j]) && h <= body / 3 && h + block_open(c, j) <= body)
        return h + block_open(c, j);
    /* else the heading with the opening of the next block (a heading after it: recursively) */
    double own = block_whole(c, i);
    if (i + 1 >= d->nblocks)
        return own;
    if (d->blocks[i + 1].kind == DOC_HEADING)
        return own + pdf_keep_need(c, i + 1);
    /* a list opens with PDF_MIN_LINES lines too: a one-line first item brings the next item's opening */
    double open = block_open(c, i + 1);
    if (d->blocks[i + 1].kind == DOC_ITEM && i + 2 < d->nblocks && d->blocks[i + 2].kind == DOC_ITEM &&
        open < PDF_MIN_LINES * PDF_STYLE.size.body * PDF_STYLE.font.lead - EPS)
        open = block_whole(c, i + 1) + block_open(c, i + 2);
    return own + open;
}
