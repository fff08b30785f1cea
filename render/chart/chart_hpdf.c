/* chart_hpdf.c - libharu drawing backend: vector paths and text inside a box of a PDF page.
 * Layout coordinates (origin top left, y down) are mapped to the box (PDF: origin bottom
 * left, y up): X = box_x + x, Y = box_y + box_h - y. */
#include "chart_internal.h"

#include <hpdf.h>
#include <math.h>
#include <stdlib.h>

typedef struct hctx {
    HPDF_Page page;
    HPDF_Font font, bold; /* ps_chart_draw_hpdf: the fonts of the default text */
    ps_chart_hpdf_text_fn text;
    void *text_ctx;
    double bx, by, bh;
    HPDF_STATUS st; /* first error */
    /* the current path: libharu wants line width, colour and dash set before a path is
     * begun, so move_to / line_to collect points and stroke emits them */
    double *pts; /* x y pairs; a NAN x marks a move_to */
    size_t npts, cap;
} hctx;

#define X(c, x) ((HPDF_REAL)((c)->bx + (x)))
#define Y(c, y) ((HPDF_REAL)((c)->by + (c)->bh - (y)))

static void chk(hctx *c, HPDF_STATUS st)
{
    if (st != HPDF_OK && c->st == HPDF_OK)
        c->st = st;
}

static void fill_color(hctx *c, uint32_t rgb)
{
    chk(c, HPDF_Page_SetRGBFill(c->page, ((rgb >> 16) & 0xff) / 255.0f, ((rgb >> 8) & 0xff) / 255.0f,
                                (rgb & 0xff) / 255.0f));
}

static void h_save(void *ctx)
{
    hctx *c = ctx;
    chk(c, HPDF_Page_GSave(c->page));
}
static void h_restore(void *ctx)
{
    hctx *c = ctx;
    chk(c, HPDF_Page_GRestore(c->page));
}

static void h_clip(void *ctx, double x, double y, double w, double h)
{
    hctx *c = ctx;
    chk(c, HPDF_Page_Rectangle(c->page, X(c, x), Y(c, y + h), (HPDF_REAL)w, (HPDF_REAL)h));
    chk(c, HPDF_Page_Clip(c->page));
    chk(c, HPDF_Page_EndPath(c->page));
}

static void h_fill_rect(void *ctx, double x, double y, double w, double h, uint32_t rgb)
{
    hctx *c = ctx;
    fill_color(c, rgb);
    chk(c, HPDF_Page_Rectangle(c->page, X(c, x), Y(c, y + h), (HPDF_REAL)w, (HPDF_REAL)h));
    chk(c, HPDF_Page_Fill(c->page));
}

static void path_add(hctx *c, double x, double y, int move)
{
    if (c->npts + 3 > c->cap) {
        c->cap = c->cap ? 2 * c->cap : 64;
        c->pts = ps_xrealloc(c->pts, c->cap * sizeof *c->pts);
    }
    if (move)
        c->pts[c->npts++] = NAN;
    c->pts[c->npts++] = x;
    c->pts[c->npts++] = y;
}

/* The collected path as PDF path operators (then empty). */
static void emit_path(hctx *c)
{
    for (size_t i = 0; i < c->npts;) {
        int move = isnan(c->pts[i]);
        i += move;
        if (move)
            chk(c, HPDF_Page_MoveTo(c->page, X(c, c->pts[i]), Y(c, c->pts[i + 1])));
        else
            chk(c, HPDF_Page_LineTo(c->page, X(c, c->pts[i]), Y(c, c->pts[i + 1])));
        i += 2;
    }
    c->npts = 0;
}

static void h_move_to(void *ctx, double x, double y)
{
    path_add(ctx, x, y, 1);
}
static void h_line_to(void *ctx, double x, double y)
{
    path_add(ctx, x, y, 0);
}

static void h_stroke(void *ctx, double width, uint32_t rgb, const double *dash, size_t ndash)
{
    hctx *c = ctx;
    HPDF_UINT16 pat[8];
    size_t n = ndash > 8 ? 8 : ndash;
    for (size_t i = 0; i < n; i++) /* libharu 2.3 takes whole points */
        pat[i] = (HPDF_UINT16)(dash[i] < 1 ? 1 : lround(dash[i]));
    chk(c, HPDF_Page_SetLineWidth(c->page, (HPDF_REAL)width));
    chk(c, HPDF_Page_SetRGBStroke(c->page, ((rgb >> 16) & 0xff) / 255.0f, ((rgb >> 8) & 0xff) / 255.0f,
                                  (rgb & 0xff) / 255.0f));
    chk(c, HPDF_Page_SetLineJoin(c->page, HPDF_ROUND_JOIN));
    chk(c, HPDF_Page_SetLineCap(c->page, n ? HPDF_BUTT_END : HPDF_ROUND_END));
    chk(c, HPDF_Page_SetDash(c->page, n ? pat : NULL, (HPDF_UINT)n, 0));
    emit_path(c);
    chk(c, HPDF_Page_Stroke(c->page));
}

static void h_fill(void *ctx, uint32_t rgb)
{
    hctx *c = ctx;
    fill_color(c, rgb);
    emit_path(c);
    chk(c, HPDF_Page_ClosePath(c->page));
    chk(c, HPDF_Page_Fill(c->page));
}

/* ps_chart_draw_hpdf's text: one font for the whole string. */
static void font_text(void *ctx, void *page, double x, double y, double angle, const char *utf8, double size, int bold,
                      int anchor, uint32_t rgb)
{
    hctx *c = ctx;
    HPDF_Font f = bold && c->bold ? c->bold : c->font;
    chk(c, HPDF_Page_SetFontAndSize(page, f, (HPDF_REAL)size));
    double w = HPDF_Page_TextWidth(page, utf8);
    double dx = anchor == PS_ANCHOR_MIDDLE ? -w / 2 : anchor == PS_ANCHOR_END ? -w : 0;
    double a = angle * M_PI / 180.0, ca = cos(a), sa = sin(a);
    fill_color(c, rgb);
    chk(c, HPDF_Page_BeginText(page));
    chk(c, HPDF_Page_SetTextMatrix(page, (HPDF_REAL)ca, (HPDF_REAL)sa, (HPDF_REAL)-sa, (HPDF_REAL)ca,
                                   (HPDF_REAL)(x + dx * ca), (HPDF_REAL)(y + dx * sa)));
    chk(c, HPDF_Page_ShowText(page, utf8));
    chk(c, HPDF_Page_EndText(page));
}

static void h_text(void *ctx, double x, double y, const char *utf8, double size, int bold, int anchor, double rotate,
                   uint32_t rgb)
{
    hctx *c = ctx;
    /* layout rotation is clockwise in a y-down frame = counter-clockwise negated in PDF */
    c->text(c->text_ctx, c->page, c->bx + x, c->by + c->bh - y, -rotate, utf8, size, bold, anchor, rgb);
}

static int draw(const ps_chart_spec *spec, void *doc, hctx *c, double w, double h, ps_error *err)
{
    ps_chart_spec s = *spec;
    s.width = w;
    s.height = h;
    ps_chart_layout l;
    int rc = ps_chart_layout_compute(&s, &l, err);
    if (rc)
        return rc;
    ps_chart_gc gc = {c, h_save, h_restore, h_clip, h_fill_rect, h_move_to, h_line_to, h_stroke, h_text, h_fill};
    ps_chart_draw(&l, &gc);
    ps_chart_layout_fini(&l);
    free(c->pts);
    if (c->st != HPDF_OK || HPDF_GetError(doc) != HPDF_OK)
        return ps_error_set(err, PS_EIO, NULL, 0, 0, "chart: libharu error 0x%04X (detail %u)",
                            (unsigned)(c->st != HPDF_OK ? c->st : HPDF_GetError(doc)),
                            (unsigned)HPDF_GetErrorDetail(doc));
    return PS_OK;
}

int ps_chart_draw_hpdf(const ps_chart_spec *spec, void *doc, void *page, void *font, void *bold, double x, double y,
                       double w, double h, ps_error *err)
{
    if (!doc || !page || !font)
        return ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "chart: no PDF page or font");
    hctx c = {.page = page, .font = font, .bold = bold, .text = font_text, .bx = x, .by = y, .bh = h};
    c.text_ctx = &c;
    return draw(spec, doc, &c, w, h, err);
}

int ps_chart_draw_hpdf_text(const ps_chart_spec *spec, void *doc, void *page, ps_chart_hpdf_text_fn text,
                            void *text_ctx, double x, double y, double w, double h, ps_error *err)
{
    if (!doc || !page || !text)
        return ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "chart: no PDF page or text function");
    hctx c = {.page = page, .text = text, .text_ctx = text_ctx, .bx = x, .by = y, .bh = h};
    return draw(spec, doc, &c, w, h, err);
}
