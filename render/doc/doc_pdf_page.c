/* doc_pdf_page.c - what the PDF back end puts on pages besides the body: the running header and
 * footer ("Page N of M" in the document's language), the document's language in the catalog (/Lang), the draft
 * mark of a run that does not qualify (a pale word across the page under the content, drawn
 * as glyph outlines so that the text layer holds none of it, and a red line above the running
 * header saying why), and
 * link and outline destinations that keep the reader's zoom. */
#include "doc_pdf_internal.h"

#include <math.h>
#include <stdlib.h>

#define ELLIPSIS "\u2026"

void pdf_set_lang(pdf_ctx *c)
{
    HPDF_String s = HPDF_String_New(c->pdf->mmgr, ps_doc_lang(c->d), NULL);
    if (s)
        HPDF_Dict_Add(c->pdf->catalog, "Lang", s);
}

HPDF_Destination pdf_dest(pdf_ctx *c, double y)
{
    HPDF_Destination dst = HPDF_Page_CreateDestination(c->cur);
    if (!dst)
        return NULL;
    /* [page /XYZ left top zoom]: libharu wants a zoom; null keeps the reader's */
    HPDF_Destination_SetXYZ(dst, 0, (HPDF_REAL)(c->ph - y), 1);
    HPDF_List list = dst->list;
    if (list->count == 5) {
        HPDF_Obj_Free(dst->mmgr, HPDF_List_RemoveByIndex(list, 4));
        HPDF_Array_Add(dst, HPDF_Null_New(dst->mmgr));
    }
    return dst;
}

/* The draft line, centred above the running header (smaller when a translation is wider than the body). */
static void draft_line(pdf_ctx *c)
{
    char *line = pdf_text(c, ps_msg(c->d->lang, PS_MSG_DRAFT_NOTE));
    double room = c->pw - c->ml - c->mr, size = PDF_STYLE.size.running;
    double lw = pdf_width(c, PDF_BOLD, size, line);
    if (lw > room)
        size *= room / lw;
    pdf_draw_text(c, PDF_BOLD, size, c->pw / 2, c->mt - PDF_STYLE.watermark.line_above, line, 1, PDF_STYLE.rgb.draft);
    free(line);
}

void pdf_watermark_page(pdf_ctx *c)
{
    if (!c->d->watermark)
        return;
    if (c->render) { /* outlines, no text: nothing to record for the subsets when measuring */
        char *t = pdf_text(c, c->d->watermark);
        double a = PDF_STYLE.watermark.angle * M_PI / 180.0, ca = cos(a), sa = sin(a); /* counter-clockwise */
        double w1 = pdf_width(c, PDF_BOLD, 1, t), diag = sqrt(c->pw * c->pw + c->ph * c->ph);
        double size = w1 > 0 ? PDF_STYLE.watermark.diagonal * diag / w1 : PDF_STYLE.watermark.max_size;
        if (size > PDF_STYLE.watermark.max_size)
            size = PDF_STYLE.watermark.max_size;
        double half = w1 * size / 2, rise = size * PDF_STYLE.watermark.rise; /* capitals centred on the page */
        double x = c->pw / 2 - half * ca + rise * sa, y = c->ph / 2 - half * sa - rise * ca;
        HPDF_Page p = c->cur;
        HPDF_Page_GSave(p);
        HPDF_Page_SetRGBFill(p, (HPDF_REAL)((PDF_STYLE.rgb.watermark >> 16) & 255) / 255.0f,
                             (HPDF_REAL)((PDF_STYLE.rgb.watermark >> 8) & 255) / 255.0f,
                             (HPDF_REAL)(PDF_STYLE.rgb.watermark & 255) / 255.0f);
        pdf_show_outlines(c, p, PDF_BOLD, size, x, y, ca, sa, t);
        HPDF_Page_GRestore(p);
        free(t);
    }
    draft_line(c);
}

void pdf_header_footer(pdf_ctx *c)
{
    char *title = pdf_text(c, c->d->title), *vendor = pdf_text(c, c->d->vendor);
    char **l = NULL;
    double logo_w = 0;
    if (c->d->logo) { /* right of the running header, run_logo_h points high, above the rule */
        const doc_image *im = c->d->logo;
        double lh = PDF_STYLE.furniture.run_logo_h, lw = lh * im->width / im->height;
        if (lw > PDF_STYLE.furniture.run_logo_max_w) {
            lw = PDF_STYLE.furniture.run_logo_max_w;
            lh = lw * im->height / im->width;
        }
        pdf_image_draw(c, im, c->pw - c->mr - lw, c->mt - PDF_STYLE.furniture.run_logo_above - lh, lw, lh);
        logo_w = lw + PDF_STYLE.furniture.run_logo_gap;
    }
    /* the whole title on one line: smaller down to run_min, then cut with an ellipsis */
    double room = c->pw - c->ml - c->mr - logo_w, size = PDF_STYLE.size.running;
    double tw = pdf_width(c, PDF_REGULAR, size, title);
    if (tw > room)
        size = fmax(PDF_STYLE.furniture.run_min, size * room / tw * 0.999); /* rounding: never just over */
    size_t n = pdf_wrap(c, PDF_REGULAR, size, title, room, NULL) > 1
                   ? pdf_wrap(c, PDF_REGULAR, size, title, room - pdf_width(c, PDF_REGULAR, size, ELLIPSIS), &l)
                   : pdf_wrap(c, PDF_REGULAR, size, title, room, &l);
    ps_buf line = {0};
    ps_buf_printf(&line, "%s%s", n ? l[0] : "", n > 1 ? ELLIPSIS : "");
    pdf_draw_text(c, PDF_REGULAR, size, c->ml, c->mt - PDF_STYLE.furniture.run_title_above, line.data ? line.data : "",
                  0, PDF_STYLE.rgb.muted);
    ps_buf_fini(&line);
    for (size_t i = 0; i < n; i++)
        free(l[i]);
    free(l);
    pdf_stroke_line(c, c->ml, c->mt - PDF_STYLE.furniture.run_rule_above, c->pw - c->mr,
                    c->mt - PDF_STYLE.furniture.run_rule_above, PDF_STYLE.rgb.accent, PDF_STYLE.line.header_rule, 0);
    double fy = c->ph - c->mb + PDF_STYLE.furniture.foot_rule_below;
    pdf_stroke_line(c, c->ml, fy, c->pw - c->mr, fy, PDF_STYLE.rgb.accent, PDF_STYLE.line.footer_rule, 0);
    pdf_draw_text(c, PDF_REGULAR, PDF_STYLE.size.running, c->ml, fy + PDF_STYLE.furniture.foot_text_below, vendor, 0,
                  PDF_STYLE.rgb.muted);
    char pg[128];
    snprintf(pg, sizeof pg, ps_msg(c->d->lang, PS_MSG_PAGE_OF), c->page, c->npages);
    char *t = pdf_text(c, pg);
    pdf_draw_text(c, PDF_REGULAR, PDF_STYLE.size.running, c->pw - c->mr, fy + PDF_STYLE.furniture.foot_text_below, t, 2,
                  PDF_STYLE.rgb.muted);
    free(t);
    free(title);
    free(vendor);
}

void pdf_touch(pdf_ctx *c)
{
    if (c->render || c->cur_block == SIZE_MAX || !c->first_page)
        return;
    if (!c->first_page[c->cur_block])
        c->first_page[c->cur_block] = c->page;
    c->last_page[c->cur_block] = c->page;
}
