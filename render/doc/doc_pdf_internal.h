/* doc_pdf_internal.h - private to the PDF back end (doc_pdf.c, doc_pdf_table.c, doc_pdf_font.c).
 *
 * Layout runs twice over the same document: pass 0 only measures (records the page of every
 * heading and the page count), pass 1 draws with the page numbers known (TOC, "page X of Y").
 * Coordinates inside the back end are top-down (y grows downwards from the page top). */
#ifndef PS_DOC_PDF_INTERNAL_H
#define PS_DOC_PDF_INTERNAL_H

#include "doc_build.h"
#include "doc_pdf_style_internal.h"
#include "ps_font.h"

#include <cairo.h>
#include <hpdf.h>

enum { PDF_REGULAR = 0, PDF_BOLD = 1 };

#define PDF_MIN_LINES 2 /* lines of a paragraph at least on each page it spans */
#define PDF_TABLE_MIN_ROWS 3 /* rows under the header on the page where a table starts */
#define PDF_TABLE_MIN_LAST 2 /* rows at least on a table's last page */

/* One font face of the document: its file, the codepoints drawn with it, its libharu font
 * (a subset, made after the measuring pass). */
typedef struct pdf_face {
    ps_sfnt *sf;
    ps_font_file file;
    unsigned char *used; /* 65536-bit map of the BMP codepoints drawn with this face */
    HPDF_Font font;
    cairo_font_face_t *outline; /* the same face for cairo's glyph outlines (pdf_show_outlines); NULL until used */
} pdf_face;

typedef struct pdf_link {
    HPDF_Page page;
    double y0, y1;
    size_t block;
} pdf_link;

/* An image loaded into the document once (the logo is drawn on every page). */
typedef struct pdf_image {
    const doc_image *im;
    HPDF_Image h;
} pdf_image;

typedef struct pdf_ctx {
    const ps_doc *d;
    ps_warnings *w;
    HPDF_Doc pdf;
    pdf_face *faces;
    size_t nfaces;
    int main[2]; /* face of the main family, regular and bold */
    unsigned char *face_of[2]; /* per style, 65536 entries: 0 unknown, k + 1 = faces[k], 255 none */
    ps_error font_error; /* first character no installed font has (names the package) */
    int late; /* the drawing pass met a codepoint the subsets lack */
    char **warned;
    size_t nwarned; /* strings already warned about */
    double pw, ph; /* page size */
    double ml, mr, mt, mb; /* margins (body area) */
    double y; /* current position, top-down */
    int render; /* 0 measure pass, 1 drawing pass */
    int page, npages; /* current page (1 = title page), total from pass 0 */
    HPDF_Page cur; /* drawing pass: current page */
    int *heading_page; /* per block: page of the heading (pass 0) */
    HPDF_Outline last_h1;
    HPDF_Destination *dest; /* per block: destination of a level 1-2 heading (drawing pass) */
    pdf_link *links;
    size_t nlinks; /* TOC entries */
    ps_error chart_error; /* first chart engine error */
    /* first libharu error, recorded by the error handler */
    HPDF_STATUS hpdf_error, hpdf_detail;
    double skew; /* text slant of the next pdf_show (emphasis); 0 upright */
    pdf_image *images;
    size_t nimages;
    size_t cur_block; /* block being laid out; SIZE_MAX: page furniture, title, contents */
    int *first_page, *last_page; /* per block: pages its content spans (measuring pass; NULL = not kept) */
    int *figure_no; /* per block: N of "Figure N" (charts and images), 0 = none */
    int nfigures;
    ps_error image_error; /* an image libharu refused (after doc_image_check let it pass) */
} pdf_ctx;

/* doc_pdf_font.c: faces, text runs, subsets. */
/* Find the main faces (fontconfig). PS_EIO naming the Debian package when missing. */
int pdf_fonts_open(pdf_ctx *c, ps_error *err);
/* Copy of s as the fonts can draw it: invalid UTF-8, codepoints beyond the BMP and characters
 * no installed font has become '?' (the latter set c->font_error when a Debian package
 * provides them, else warn once per word in the drawing pass). Caller frees. */
char *pdf_text(pdf_ctx *c, const char *s);
/* Note the codepoints of s as drawn in style bold (0/1). */
void pdf_record(pdf_ctx *c, int bold, const char *s);
/* Width of s in points (the fonts' advance widths, as the PDF /W arrays hold them). */
double pdf_width(pdf_ctx *c, int bold, double size, const char *s);
/* Draw s at PDF point (x, y) in direction (ca, sa), one run per face (drawing pass). */
void pdf_show(pdf_ctx *c, HPDF_Page page, int bold, double size, double x, double y, double ca, double sa,
              const char *s);
/* Draw s as pdf_show places it, as filled glyph outlines (paths, no text: nothing of it in the
 * text layer), in the current fill colour (drawing pass). */
void pdf_show_outlines(pdf_ctx *c, HPDF_Page page, int bold, double size, double x, double y, double ca, double sa,
                       const char *s);
/* Embed one subset per face that drew something (after the measuring pass). */
int pdf_fonts_embed(pdf_ctx *c, ps_error *err);
/* Write the ToUnicode CMap of every embedded face (after the drawing pass). */
void pdf_fonts_tounicode(pdf_ctx *c);
void pdf_fonts_fini(pdf_ctx *c);

/* doc_pdf.c */
/* Record the page of block idx (pass 0) and a link destination at the current position. */
void pdf_mark(pdf_ctx *c, size_t idx);
/* The measuring pass alone: per block of d, the first and last page its content lands on
 * (0 = draws nothing), in first/last (d->nblocks entries each). Errors as ps_doc_render_pdf. */
int pdf_block_pages(const ps_doc *d, int *first, int *last, ps_error *err);
/* Draw s (already sanitised) at x, baseline y (top-down). anchor 0 start, 1 middle, 2 end.
 * The measuring pass only records the codepoints. */
void pdf_draw_text(pdf_ctx *c, int bold, double size, double x, double y, const char *s, int anchor, unsigned rgb);
/* Break s (sanitised) into lines of at most width; returns the count, lines (if not NULL)
 * receives malloc'd strings. Honours '\n'. */
size_t pdf_wrap(pdf_ctx *c, int bold, double size, const char *s, double width, char ***lines);
void pdf_new_page(pdf_ctx *c);
/* Start a new page when less than h points are left. */
void pdf_need(pdf_ctx *c, double h);
void pdf_fill_rect(pdf_ctx *c, double x, double y, double w, double h, unsigned rgb);
void pdf_stroke_line(pdf_ctx *c, double x1, double y1, double x2, double y2, unsigned rgb, double width, int dash);

/* doc_pdf_rich.c: the vendor's rich text. pdf_rich: a block's runs (or its text) wrapped at
 * the text width less indent, styles as fonts and colours, links as text, " (URL)" and a link
 * annotation. */
void pdf_rich(pdf_ctx *c, const doc_block *b, double size, double indent, unsigned rgb, double after);
/* Height pdf_rich gives b on one page (lines times the leading, plus after). */
double pdf_rich_height(pdf_ctx *c, const doc_block *b, double size, double indent, double after);
void pdf_item(pdf_ctx *c, const doc_block *b, double size);
void pdf_quote(pdf_ctx *c, const doc_block *b, double size);
/* Figure: the image at the text width (at most half the page high), "Figure N: text" below. */
void pdf_figure(pdf_ctx *c, const doc_block *b, int number);
/* Height of a figure's image in points (keep-with-next of the heading before it). */
double pdf_figure_height(pdf_ctx *c, const doc_block *b);
/* The image as a libharu XObject (loaded once; NULL and c->image_error when refused). Drawing pass only. */
HPDF_Image pdf_image_get(pdf_ctx *c, const doc_image *im);
/* Draw an image with its top-left corner at (x, y) top-down, w x h points. */
void pdf_image_draw(pdf_ctx *c, const doc_image *im, double x, double y, double w, double h);

/* doc_pdf_paginate.c */
/* A run of items (rows, lines) to lay out down pages. */
typedef struct pdf_run_spec {
    const double *h; /* item heights (points) */
    const unsigned char *keep; /* per item: 1 = stays on the page of the next item; NULL = none */
    size_t n;
    double lead; /* height before the first item, on the first part only (a caption) */
    double head; /* height repeated on top of every part (a table header) */
    double tail; /* height that stays with the last item (a note under the table) */
    double avail_first; /* points left on the page where the run starts */
    double avail_page; /* points of a whole page body */
    size_t min_first; /* items that open the run on its first page (header + 3 rows) */
    size_t min_last; /* items at least on the last page (no widow) */
} pdf_run_spec;
/* The page breaks of r: writes into starts (room for r->n + 1) the index of the item that
 * begins each new page, 0 first when the run must begin on a new page; returns the count.
 * An item higher than a page stands alone on its page. Pure: no drawing, no state. */
size_t pdf_paginate(const pdf_run_spec *r, size_t *starts);

/* doc_pdf_page.c */
/* /Lang of the catalog: the document's language tag. */
void pdf_set_lang(pdf_ctx *c);
/* Destination at top-down y of the current page: /XYZ 0 top null (keeps the reader's zoom). */
HPDF_Destination pdf_dest(pdf_ctx *c, double y);
/* The draft mark of the current page, nothing when the document has no watermark: the
 * watermark across the page in a pale tint as glyph outlines (drawing pass; no text, so the
 * text layer and a reader's search never meet it), and the catalogue's PS_MSG_DRAFT_NOTE as a
 * red bold line above the running header (recorded when measuring). Call first on a new page,
 * so that the content is drawn over it. */
void pdf_watermark_page(pdf_ctx *c);
/* Running header (title, logo) and footer (vendor, "Page N of M" in the document's language). */
void pdf_header_footer(pdf_ctx *c);
/* Note that the current block drew on the current page (measuring pass). */
void pdf_touch(pdf_ctx *c);

/* Block rules (doc_pdf_paginate.c): the height block i needs on the page where it starts
 * with what it keeps with: a heading (or a note that introduces what follows) its section's
 * headings and text up to its first table, chart or figure when all of it fits a page, else
 * the opening of the next block (of a list: its first PDF_MIN_LINES lines); a table its caption, header and first rows (PDF_TABLE_MIN_ROWS,
 * all of a short table) and the note under it when whole; a chart or figure all of it with its
 * caption; a paragraph PDF_MIN_LINES lines (a short one all). */
double pdf_keep_need(pdf_ctx *c, size_t i);
/* Height of the note that annotates block i (the block after it), 0 when none. */
double pdf_tail(pdf_ctx *c, size_t i);
double pdf_heading_size(int level);

/* doc_pdf_table.c */
/* Table t of block idx ("Table N: caption" above a numbered one) with page breaks by
 * pdf_paginate: caption, header and PDF_TABLE_MIN_ROWS rows together, the header repeated on
 * every continuation page, at least PDF_TABLE_MIN_LAST rows on the last page, a group row with
 * the row after it, tail points (the note under it) kept with the last rows. */
void pdf_table(pdf_ctx *c, const doc_table *t, double tail, size_t idx);
/* Height of t's caption, header and opening rows (with tail when the table opens whole). */
double pdf_table_min(pdf_ctx *c, const doc_table *t, double tail);
/* Chart with "Figure N: title" under it (number 0: no caption), on one page. */
void pdf_chart(pdf_ctx *c, const doc_chart *ch, int number);
double pdf_chart_height(pdf_ctx *c, const doc_chart *ch, int number);

#endif
