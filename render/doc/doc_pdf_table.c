/* doc_pdf_table.c - PDF tables (wrapped cells, header shading, rows that break across pages with
 * the header rows repeated) and vector charts (the primitives of doc_chart.c drawn by libharu). */
#include "doc_pdf_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CELL 7.5
#define CELL_LEAD 1.25
#define PADX 3.0
#define PADY 2.5
#define HEAD_BG 0x003a70
#define GROUP_BG 0xdbe5f0
#define ZEBRA_BG 0xf5f7fa
#define FLAG_BG 0xfff1c2
#define RULE 0xb8c4d0

typedef struct row_lines {
    char ***cells;   /* per column: wrapped lines */
    size_t *n;       /* per column: line count */
    double h;
} row_lines;

static int row_font(int kind) { return kind == DOC_ROW_BODY ? PDF_REGULAR : PDF_BOLD; }

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
        double w = (kind == DOC_ROW_GROUP ? total : cw[k]) - 2 * PADX;
        out->n[k] = pdf_wrap(c, row_font(kind), CELL, s, w, &out->cells[k]);
        if (out->n[k] > maxn)
            maxn = out->n[k];
        free(s);
    }
    out->h = (double)maxn * CELL * CELL_LEAD + 2 * PADY;
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

static void row_draw(pdf_ctx *c, const doc_table *t, size_t r, const row_lines *rl, const double *cw, double total, int zebra)
{
    int kind = t->row_kind[r];
    double x = c->ml, y = c->y;
    unsigned bg = kind == DOC_ROW_HEAD ? HEAD_BG : kind == DOC_ROW_GROUP || kind == DOC_ROW_TOTAL ? GROUP_BG
                  : zebra                                                                       ? ZEBRA_BG
                                                                                                : 0xffffff;
    pdf_fill_rect(c, x, y, total, rl->h, bg);
    unsigned fg = kind == DOC_ROW_HEAD ? 0xffffff : 0x1a1a1a;
    for (size_t k = 0; k < t->ncols; k++) {
        double w = kind == DOC_ROW_GROUP ? total : cw[k];
        if (kind == DOC_ROW_BODY && t->flag[r * t->ncols + k])
            pdf_fill_rect(c, x, y, w, rl->h, FLAG_BG);
        for (size_t i = 0; i < rl->n[k]; i++) {
            double by = y + PADY + (double)(i + 1) * CELL * CELL_LEAD - CELL * 0.28;
            int right = t->right[k] && kind != DOC_ROW_HEAD && kind != DOC_ROW_GROUP;
            pdf_draw_text(c, row_font(kind), CELL, right ? x + w - PADX : x + PADX, by, rl->cells[k][i], right ? 2 : 0, fg);
        }
        if (k > 0 && kind != DOC_ROW_GROUP)
            pdf_stroke_line(c, x, y, x, y + rl->h, kind == DOC_ROW_HEAD ? 0x4a6f95 : RULE, 0.4, 0);
        x += w;
        if (kind == DOC_ROW_GROUP)
            break;
    }
    pdf_stroke_line(c, c->ml, y + rl->h, c->ml + total, y + rl->h, RULE, 0.4, 0);
    pdf_stroke_line(c, c->ml, y, c->ml, y + rl->h, RULE, 0.4, 0);
    pdf_stroke_line(c, c->ml + total, y, c->ml + total, y + rl->h, RULE, 0.4, 0);
    c->y += rl->h;
}

void pdf_table(pdf_ctx *c, const doc_table *t)
{
    double total = c->pw - c->ml - c->mr, sum = 0;
    double *cw = ps_xcalloc(t->ncols, sizeof *cw);
    for (size_t k = 0; k < t->ncols; k++)
        sum += t->width[k];
    for (size_t k = 0; k < t->ncols; k++)
        cw[k] = total * t->width[k] / (sum > 0 ? sum : 1);
    size_t nhead = 0;
    while (nhead < t->nrows && t->row_kind[nhead] == DOC_ROW_HEAD)
        nhead++;
    row_lines *head = ps_xcalloc(nhead + 1, sizeof *head);
    double head_h = 0;
    for (size_t r = 0; r < nhead; r++) {
        row_wrap(c, t, r, cw, total, &head[r]);
        head_h += head[r].h;
    }
    c->y += 2;
    int started = 0;
    size_t zebra = 0;
    for (size_t r = nhead; r < t->nrows || (!started && nhead); r++) {
        row_lines rl = {0};
        double h = 0;
        if (r < t->nrows) {
            row_wrap(c, t, r, cw, total, &rl);
            h = rl.h;
        }
        if (!started || c->y + h > c->ph - c->mb) {
            if (c->y + head_h + h > c->ph - c->mb && c->y > c->mt + 1)
                pdf_new_page(c);
            for (size_t k = 0; k < nhead; k++)
                row_draw(c, t, k, &head[k], cw, total, 0);
            started = 1;
        }
        if (r < t->nrows) {
            zebra = t->row_kind[r] == DOC_ROW_BODY ? zebra + 1 : 0;
            row_draw(c, t, r, &rl, cw, total, zebra % 2 == 0 && t->row_kind[r] == DOC_ROW_BODY);
            row_fini(t, &rl);
        }
    }
    for (size_t r = 0; r < nhead; r++)
        row_fini(t, &head[r]);
    free(head);
    free(cw);
    c->y += 8;
}

/* ------------------------------------------------------------------ charts */

static char *chart_label(void *ctx, const char *s) { return pdf_text(ctx, s ? s : ""); }

/* Measuring pass: the texts a chart draws, recorded through a drawing interface that draws
 * nothing else. */
static void no_op(void *ctx) { (void)ctx; }
static void no_rect(void *ctx, double x, double y, double w, double h) { (void)ctx, (void)x, (void)y, (void)w, (void)h; }
static void no_fill(void *ctx, double x, double y, double w, double h, uint32_t rgb) { no_rect(ctx, x, y, w, h), (void)rgb; }
static void no_point(void *ctx, double x, double y) { (void)ctx, (void)x, (void)y; }
static void no_stroke(void *ctx, double w, uint32_t rgb, const double *d, size_t n) { (void)ctx, (void)w, (void)rgb, (void)d, (void)n; }
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
        ps_chart_gc gc = {c, no_op, no_op, no_rect, no_fill, no_point, no_point, no_stroke, record_text};
        ps_chart_draw(&l, &gc);
    }
    ps_chart_layout_fini(&l);
}

/* Drawing pass: chart texts in the document's faces. */
static void chart_text(void *ctx, void *page, double x, double y, double angle, const char *utf8, double size,
                       int bold, int anchor, uint32_t rgb)
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

void pdf_chart(pdf_ctx *c, const doc_chart *ch)
{
    double w, h;
    doc_chart_size(ch, &w, &h);
    double avail = c->pw - c->ml - c->mr, s = avail / w;
    pdf_need(c, h * s + 8);
    c->y += 4;
    doc_spec sp;
    doc_chart_spec(ch, chart_label, c, &sp);
    if (!c->render) {
        record_chart(c, &sp.spec, avail, h * s);
    } else {
        ps_error err = {0};
        if (ps_chart_draw_hpdf_text(&sp.spec, c->pdf, c->cur, chart_text, c, c->ml, c->ph - c->y - h * s, avail,
                                    h * s, &err) != 0) {
            if (err.code == PS_EIO && !c->chart_error.msg[0])
                c->chart_error = err;   /* libharu failed: the file is broken */
            else   /* a chart the engine refuses: warn, keep the document */
                ps_warn(c->w, "chart %s not drawn: %s", ch->id, err.msg);
        }
    }
    doc_chart_spec_fini(&sp);
    c->y += h * s + 8;
}
