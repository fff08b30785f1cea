/* doc_pdf_page.c - what the PDF back end puts on pages besides the body: the document's language
 * in the catalog (/Lang), the watermark across every page (a run that does not qualify), and
 * link and outline destinations that keep the reader's zoom. */
#include "doc_pdf_internal.h"

#include <math.h>
#include <stdlib.h>

#define WATERMARK_RGB 0xbe1e1e
#define WATERMARK_ALPHA 0.16
#define WATERMARK_ANGLE 35.0   /* degrees, counter-clockwise */
#define WATERMARK_MAX_SIZE 130.0

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

void pdf_watermark_page(pdf_ctx *c)
{
    if (!c->d->watermark)
        return;
    char *t = pdf_text(c, c->d->watermark);
    if (!c->render) {
        pdf_record(c, PDF_BOLD, t);
        free(t);
        return;
    }
    double a = WATERMARK_ANGLE * M_PI / 180.0, ca = cos(a), sa = sin(a);
    double w1 = pdf_width(c, PDF_BOLD, 1, t), diag = sqrt(c->pw * c->pw + c->ph * c->ph);
    double size = w1 > 0 ? 0.6 * diag / w1 : WATERMARK_MAX_SIZE;
    if (size > WATERMARK_MAX_SIZE)
        size = WATERMARK_MAX_SIZE;
    double half = w1 * size / 2, rise = size * 0.36;   /* centre of the capitals on the page centre */
    double x = c->pw / 2 - half * ca + rise * sa, y = c->ph / 2 - half * sa - rise * ca;
    HPDF_Page p = c->cur;
    HPDF_Page_GSave(p);
    HPDF_ExtGState gs = HPDF_CreateExtGState(c->pdf);
    if (gs) {
        HPDF_ExtGState_SetAlphaFill(gs, (HPDF_REAL)WATERMARK_ALPHA);
        HPDF_Page_SetExtGState(p, gs);
    }
    HPDF_Page_SetRGBFill(p, (HPDF_REAL)((WATERMARK_RGB >> 16) & 255) / 255.0f,
                         (HPDF_REAL)((WATERMARK_RGB >> 8) & 255) / 255.0f, (HPDF_REAL)(WATERMARK_RGB & 255) / 255.0f);
    pdf_show(c, p, PDF_BOLD, size, x, y, ca, sa, t);
    HPDF_Page_GRestore(p);
    free(t);
}
