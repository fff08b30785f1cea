/* doc_pdf_internal.h - private to the PDF back end (doc_pdf.c, doc_pdf_table.c, doc_pdf_font.c).
 *
 * Layout runs twice over the same document: pass 0 only measures (records the page of every
 * heading and the page count), pass 1 draws with the page numbers known (TOC, "page X of Y").
 * Coordinates inside the back end are top-down (y grows downwards from the page top). */
#ifndef PS_DOC_PDF_INTERNAL_H
#define PS_DOC_PDF_INTERNAL_H

#include "doc_internal.h"

#include <hpdf.h>

typedef struct pdf_link { HPDF_Page page; double y0, y1; size_t block; } pdf_link;

typedef struct pdf_ctx {
    const ps_doc *d;
    ps_warnings *w;
    HPDF_Doc pdf;
    HPDF_Font font, bold;
    unsigned char *cover;       /* 65536-bit map: codepoints both fonts have */
    char **warned; size_t nwarned;   /* strings already warned about */
    double pw, ph;              /* page size */
    double ml, mr, mt, mb;      /* margins (body area) */
    double y;                   /* current position, top-down */
    int render;                 /* 0 measure pass, 1 drawing pass */
    int page, npages;           /* current page (1 = title page), total from pass 0 */
    int toc_pages;
    HPDF_Page cur;              /* drawing pass: current page */
    int *heading_page;          /* per block: page of the heading (pass 0) */
    HPDF_Outline last_h1;
    HPDF_Destination *dest;     /* per block: destination of a level 1-2 heading (drawing pass) */
    pdf_link *links; size_t nlinks;   /* TOC entries */
    ps_error chart_error;       /* first chart engine error */
    /* first libharu error, recorded by the error handler */
    HPDF_STATUS hpdf_error, hpdf_detail;
} pdf_ctx;

/* doc_pdf_font.c: coverage of the embedded fonts. */
/* Load the cmap of a TrueType file into bitmap (65536 bits, bit set = glyph present); when
 * bitmap already holds bits, keeps only codepoints present in both. 0 ok, -1 unreadable. */
int pdf_font_coverage(const char *path, unsigned char *bitmap, int intersect);
/* Copy s replacing codepoints the fonts lack (and invalid UTF-8) by '?'. *replaced = count.
 * Caller frees. */
char *pdf_font_sanitize(const unsigned char *cover, const char *s, size_t *replaced);

/* doc_pdf.c */
/* Text as the fonts can draw it; warns once per string (drawing pass). Caller frees. */
char *pdf_text(pdf_ctx *c, const char *s);
double pdf_width(pdf_ctx *c, HPDF_Font f, double size, const char *s);
/* Draw s (already sanitised) at x, baseline y (top-down). anchor 0 start, 1 middle, 2 end. */
void pdf_draw_text(pdf_ctx *c, HPDF_Font f, double size, double x, double y, const char *s, int anchor, unsigned rgb);
/* Break s (sanitised) into lines of at most width; returns the count, lines (if not NULL)
 * receives malloc'd strings. Honours '\n'. */
size_t pdf_wrap(pdf_ctx *c, HPDF_Font f, double size, const char *s, double width, char ***lines);
void pdf_new_page(pdf_ctx *c);
/* Start a new page when less than h points are left. */
void pdf_need(pdf_ctx *c, double h);
void pdf_fill_rect(pdf_ctx *c, double x, double y, double w, double h, unsigned rgb);
void pdf_stroke_line(pdf_ctx *c, double x1, double y1, double x2, double y2, unsigned rgb, double width, int dash);

/* doc_pdf_table.c */
void pdf_table(pdf_ctx *c, const doc_table *t);
void pdf_chart(pdf_ctx *c, const doc_chart *ch);

#endif
