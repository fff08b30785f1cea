/* doc_pdf_table.c - PDF tables (wrapped cells, header shading, rows that break across pages with
 * the header rows repeated) and vector charts (the primitives of doc_chart.c drawn by libharu). */
#include "doc_pdf_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct row_lines {
    char ***cells; /* per column: wrapped lines */
    size_t *n; /* per column: line count */
    double h;
} row_lines;

static int row_font(int kind)
{
    return kind == DOC_ROW_BODY ? PDF_REGULAR : PDF_BOLD;
}

static void row_wrap(pdf_ctx *c, const doc_table *t, size_t r, const double *cw, double total, row_lines *out)
{
    int kind = t->row_kind[r];
    out->cells = ps_xcalloc(t->ncols, sizeof *out->cells);
    out->n = ps_xcalloc(t->ncols, sizeof *out->n);
    size_t maxn = 1;
    for (size_t k = 0; k < t->ncols; k++) {
        if (kind == DOC_ROW_GROUP && k > 0)
            break;
        const char *cell = t->cells[r * t->ncols + k];
        char *s = pdf_text(c, cell ? cell : "");
        double w = (kind == DOC_ROW_GROUP ? total : cw[k]) - 2 * PDF_STYLE.block.pad_x;
        out->n[k] = pdf_wrap(c, row_font(kind), PDF_STYLE.size.cell, s, w, &out->cells[k]);
        if (out->n[k] > maxn)
            maxn = out->n[k];
        free(s);
    }
    out->h = (double)maxn * PDF_STYLE.size.cell * PDF_STYLE.font.cell_lead + 2 * PDF_STYLE.block.pad_y;
}

static void row_fini(const doc_table *t, row_lines *rl)
{
    for (size_t k = 0; k < t->ncols; k++) {
        for (size_t i = 0; i < rl->n[k]; i++)
            free(rl->cells[k][i]);
        free(rl->cells[k]);
    }
    free(rl->cells);
    free(rl->n);
}

static void row_draw(pdf_ctx *c, const doc_table *t, size_t r, const row_lines *rl, const double *cw, double total,
                     int zebra)
{
    int kind = t->row_kind[r];
    double x = c->ml, y = c->y;
    unsigned bg = kind == DOC_ROW_HEAD                             ? PDF_STYLE.rgb.head_bg
                  : kind == DOC_ROW_GROUP || kind == DOC_ROW_TOTAL ? PDF_STYLE.rgb.group_bg
                  : zebra                                          ? PDF_STYLE.rgb.zebra_bg
                                                                   : PDF_STYLE.rgb.white;
    pdf_fill_rect(c, x, y, total, rl->h, bg);
    unsigned fg = kind == DOC_ROW_HEAD ? PDF_STYLE.rgb.white : PDF_STYLE.rgb.text;
    for (size_t k = 0; k < t->ncols; k++) {
        double w = kind == DOC_ROW_GROUP ? total : cw[k];
        if (kind == DOC_ROW_BODY && t->flag[r * t->ncols + k])
            pdf_fill_rect(c, x, y, w, rl->h, PDF_STYLE.rgb.flag_bg);
        for (size_t i = 0; i < rl->n[k]; i++) {
            double by = y + PDF_STYLE.block.pad_y + (double)(i + 1) * PDF_STYLE.size.cell * PDF_STYLE.font.cell_lead -
                        PDF_STYLE.size.cell * PDF_STYLE.font.cell_descent;
            int right = t->right[k] && kind != DOC_ROW_HEAD && kind != DOC_ROW_GROUP;
            pdf_draw_text(c, row_font(kind), PDF_STYLE.size.cell,
                          right ? x + w - PDF_STYLE.block.pad_x : x + PDF_STYLE.block.pad_x, by, rl->cells[k][i],
                          right ? 2 : 0, fg);
        }
        if (k > 0 && kind != DOC_ROW_GROUP)
            pdf_stroke_line(c, x, y, x, y + rl->h, kind == DOC_ROW_HEAD ? PDF_STYLE.rgb.head_rule : PDF_STYLE.rgb.rule,
                            PDF_STYLE.line.table_rule, 0);
        x += w;
        if (kind == DOC_ROW_GROUP)
            break;
    }
    pdf_stroke_line(c, c->ml, y + rl->h, c->ml + total, y + rl->h, PDF_STYLE.rgb.rule, PDF_STYLE.line.table_rule, 0);
    pdf_stroke_line(c, c->ml, y, c->ml, y + rl->h, PDF_STYLE.rgb.rule, PDF_STYLE.line.table_rule, 0);
    pdf_stroke_line(c, c->ml + total, y, c->ml + total, y + rl->h, PDF_STYLE.rgb.rule, PDF_STYLE.line.table_rule, 0);
    c->y += rl->h;
}

/* Column widths and wrapped rows of a table (every row, before the page breaks are chosen). */
typedef struct table_lay {
    double total, *cw;
    size_t nhead;
    row_lines *rows;
    double head_h, *h;
    unsigned char *keep;
} table_lay;

static void table_wrap(pdf_ctx *c, const doc_table *t, table_lay *l)
{
    l->total = c->pw - c->ml - c->mr;
    double sum = 0;
    l->cw = ps_xcalloc(t->ncols, sizeof *l->cw);
    for (size_t k = 0; k < t->ncols; k++)
        sum += t->width[k];
    for (size_t k = 0; k < t->ncols; k++)
        l->cw[k] = l->total * t->width[k] / (sum > 0 ? sum : 1);
    l->nhead = 0;
    while (l->nhead < t->nrows && t->row_kind[l->nhead] == DOC_ROW_HEAD)
        l->nhead++;
    l->rows = ps_xcalloc(t->nrows + 1, sizeof *l->rows);
    l->h = ps_xcalloc(t->nrows + 1, sizeof *l->h);
    l->keep = ps_xcalloc(t->nrows + 1, 1);
    l->head_h = 0;
    for (size_t r = 0; r < t->nrows; r++) {
        row_wrap(c, t, r, l->cw, l->total, &l->rows[r]);
        if (r < l->nhead)
            l->head_h += l->rows[r].h;
        else {
            l->h[r - l->nhead] = l->rows[r].h;
            l->keep[r - l->nhead] = t->row_kind[r] == DOC_ROW_GROUP; /* a group row opens its rows */
        }
    }
}

static void table_lay_fini(const doc_table *t, table_lay *l)
{
    for (size_t r = 0; r < t->nrows; r++)
        row_fini(t, &l->rows[r]);
    free(l->rows);
    free(l->h);
    free(l->keep);
    free(l->cw);
}

/* "Table N: caption" above a numbered table, as a one-run strong paragraph. */
static void caption_block(pdf_ctx *c, const doc_table *t, doc_block *b, doc_run *r, ps_buf *text)
{
    char n[64];
    snprintf(n, sizeof n, ps_msg(c->d->lang, PS_MSG_TABLE_N), t->number);
    ps_buf_printf(text, "%s: %s", n, t->caption ? t->caption : "");
    *r = (doc_run){text->data, DOC_STRONG, NULL};
    *b = (doc_block){.kind = DOC_PARA, .text = text->data, .runs = r, .nruns = 1};
}

static double caption_height(pdf_ctx *c, const doc_table *t)
{
    if (!t->number)
        return PDF_STYLE.block.caption_gap;
    doc_block b;
    doc_run r;
    ps_buf text = {0};
    caption_block(c, t, &b, &r, &text);
    double h = pdf_rich_height(c, &b, PDF_STYLE.size.caption, 0, 0) + PDF_STYLE.block.caption_gap;
    ps_buf_fini(&text);
    return h;
}

static void table_spec(pdf_ctx *c, const doc_table *t, const table_lay *l, double tail, pdf_run_spec *r)
{
    *r = (pdf_run_spec){.h = l->h,
                        .keep = l->keep,
                        .n = t->nrows - l->nhead,
                        .lead = caption_height(c, t),
                        .head = l->head_h,
                        .tail = tail,
                        .avail_first = c->ph - c->mb - c->y,
                        .avail_page = c->ph - c->mb - c->mt,
                        .min_first = PDF_TABLE_MIN_ROWS,
                        .min_last = PDF_TABLE_MIN_LAST};
}

double pdf_table_min(pdf_ctx *c, const doc_table *t, double tail)
{
    table_lay l;
    table_wrap(c, t, &l);
    pdf_run_spec r;
    table_spec(c, t, &l, tail, &r);
    size_t open = r.min_first < r.n ? r.min_first : r.n;
    if (r.n - open < r.min_last)
        open = r.n;
    double h = r.lead + r.head + (open == r.n ? tail : 0);
    for (size_t i = 0; i < open; i++)
        h += l.h[i];
    table_lay_fini(t, &l);
    return h;
}

void pdf_table(pdf_ctx *c, const doc_table *t, double tail, size_t idx)
{
    table_lay l;
    table_wrap(c, t, &l);
    pdf_run_spec spec;
    table_spec(c, t, &l, tail, &spec);
    size_t *starts = ps_xcalloc(spec.n + 2, sizeof *starts);
    size_t nstarts = pdf_paginate(&spec, starts), next = 0;
    if (nstarts && starts[0] == 0) {
        pdf_new_page(c);
        next++;
    }
    pdf_mark(c, idx);
    if (t->number) {
        doc_block b;
        doc_run r;
        ps_buf text = {0};
        caption_block(c, t, &b, &r, &text);
        pdf_rich(c, &b, PDF_STYLE.size.caption, 0, PDF_STYLE.rgb.caption, 0);
        ps_buf_fini(&text);
    }
    c->y += PDF_STYLE.block.caption_gap;
    for (size_t k = 0; k < l.nhead; k++)
        row_draw(c, t, k, &l.rows[k], l.cw, l.total, 0);
    size_t zebra = 0;
    for (size_t i = 0; i < spec.n; i++) {
        size_t r = l.nhead + i;
        if (next < nstarts && starts[next] == i) { /* a new part: the header again */
            pdf_new_page(c);
            next++;
            for (size_t k = 0; k < l.nhead; k++)
                row_draw(c, t, k, &l.rows[k], l.cw, l.total, 0);
        }
        zebra = t->row_kind[r] == DOC_ROW_BODY ? zebra + 1 : 0;
        row_draw(c, t, r, &l.rows[r], l.cw, l.total, zebra % 2 == 0 && t->row_kind[r] == DOC_ROW_BODY);
    }
    free(starts);
    table_lay_fini(t, &l);
    c->y += PDF_STYLE.block.table_after;
}

/* ------------------------------------------------------------------ charts */

static char *chart_label(void *ctx, const char *s)
{
    return pdf_text(ctx, s ? s : "");
}

/* Measuring pass: the texts a chart draws, recorded through a drawing interface that draws
 * nothing else. */
static void no_op(void *ctx)
{
    (void)ctx;
}
static void no_rect(void *ctx, double x, double y, double w, double h)
{
    (void)ctx, (void)x, (void)y, (void)w, (void)h;
}
static void no_fill(void *ctx, double x, double y, double w, double h, uint32_t rgb)
{
    no_rect(ctx, x, y, w, h), (void)rgb;
}
static void no_point(void *ctx, double x, double y)
{
    (void)ctx, (void)x, (void)y;
}
static void no_stroke(void *ctx, double w, uint32_t rgb, const double *d, size_t n)
{
    (void)ctx, (void)w, (void)rgb, (void)d, (void)n;
}
static void record_text(void *ctx, double x, double y, const char *utf8, double size, int bold, int anchor,
                        double rotate, uint32_t rgb)
{
    (void)x, (void)y, (void)size, (void)anchor, (void)rotate, (void)rgb;
    pdf_record(ctx, bold ? PDF_BOLD : PDF_REGULAR, utf8);
}

static void record_chart(pdf_ctx *c, const ps_chart_spec *spec, double w, double h)
{
    ps_chart_spec s = *spec;
    s.width = w;
    s.height = h;
    ps_chart_layout l;
    ps_error err = {0};
    if (ps_chart_layout_compute(&s, &l, &err) == 0) {
        ps_chart_gc gc = {c, no_op, no_op, no_rect, no_fill, no_point, no_point, no_stroke, record_text, NULL};
        ps_chart_draw(&l, &gc);
    }
    ps_chart_layout_fini(&l);
}

/* Drawing pass: chart texts in the document's faces. */
static void chart_text(void *ctx, void *page, double x, double y, double angle, const char *utf8, double size, int bold,
                       int anchor, uint32_t rgb)
{
    pdf_ctx *c = ctx;
    int f = bold ? PDF_BOLD : PDF_REGULAR;
    double a = angle * M_PI / 180.0, ca = cos(a), sa = sin(a);
    double dx = anchor == PS_ANCHOR_MIDDLE ? -0.5 : anchor == PS_ANCHOR_END ? -1.0 : 0;
    dx *= pdf_width(c, f, size, utf8);
    HPDF_Page_SetRGBFill(page, (HPDF_REAL)((rgb >> 16) & 255) / 255.0f, (HPDF_REAL)((rgb >> 8) & 255) / 255.0f,
                         (HPDF_REAL)(rgb & 255) / 255.0f);
    pdf_show(c, page, f, size, x + dx * ca, y + dx * sa, ca, sa, utf8);
}

/* "Figure N: title" under a chart, as a one-run strong paragraph (number 0: no caption). */
static int chart_caption(pdf_ctx *c, const doc_chart *ch, int number, doc_block *b, doc_run *r, ps_buf *text)
{
    const char *title = doc_chart_title(ch);
    if (!number || !title)
        return 0;
    char n[64];
    snprintf(n, sizeof n, ps_msg(c->d->lang, PS_MSG_FIGURE_N), number);
    ps_buf_printf(text, "%s: %s", n, title);
    *r = (doc_run){text->data, DOC_STRONG, NULL};
    *b = (doc_block){.kind = DOC_PARA, .text = text->data, .runs = r, .nruns = 1};
    return 1;
}

double pdf_chart_height(pdf_ctx *c, const doc_chart *ch, int number)
{
    double w, h;
    doc_chart_size(ch, &w, &h);
    h = h * (c->pw - c->ml - c->mr) / w + PDF_STYLE.block.chart_gap + PDF_STYLE.block.chart_after;
    doc_block b;
    doc_run r;
    ps_buf text = {0};
    if (chart_caption(c, ch, number, &b, &r, &text))
        h += pdf_rich_height(c, &b, PDF_STYLE.size.caption, 0, 0);
    ps_buf_fini(&text);
    return h;
}

void pdf_chart(pdf_ctx *c, const doc_chart *ch, int number)
{
    double w, h;
    doc_chart_size(ch, &w, &h);
    double avail = c->pw - c->ml - c->mr, s = avail / w;
    pdf_need(c, pdf_chart_height(c, ch, number));
    pdf_touch(c);
    c->y += PDF_STYLE.block.chart_gap;
    doc_spec sp;
    doc_chart_spec(ch, chart_label, c, &sp);
    if (!c->render) {
        record_chart(c, &sp.spec, avail, h * s);
    } else {
        ps_error err = {0};
        if (ps_chart_draw_hpdf_text(&sp.spec, c->pdf, c->cur, chart_text, c, c->ml, c->ph - c->y - h * s, avail, h * s,
                                    &err) != 0) {
            if (err.code == PS_EIO && !c->chart_error.msg[0])
                c->chart_error = err; /* libharu failed: the file is broken */
            else /* a chart the engine refuses: warn, keep the document */
                ps_warn(c->w, "chart %s not drawn: %s", ch->id, err.msg);
        }
    }
    doc_chart_spec_fini(&sp);
    c->y += h * s;
    doc_block b;
    doc_run r;
    ps_buf text = {0};
    if (chart_caption(c, ch, number, &b, &r, &text))
        pdf_rich(c, &b, PDF_STYLE.size.caption, 0, PDF_STYLE.rgb.caption, 0);
    ps_buf_fini(&text);
    c->y += PDF_STYLE.block.chart_after;
}
