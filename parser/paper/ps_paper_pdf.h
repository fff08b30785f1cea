/* ps_paper_pdf.h - ESRP papers given as PDF files: the paper-format sniffer and the PDF text
 * reader (paper_pdf.c, poppler-glib) that feeds the paper text pipeline (paper.c). */
#ifndef PS_PAPER_PDF_H
#define PS_PAPER_PDF_H

#include <stddef.h>

#include "ps_model.h"
#include "ps_loc.h"

/* The paper sniffer: 1 when head[0..n) is a PDF ("%PDF-" within its first 1024 bytes, where PDF
 * readers look for it), 0 when it is to be read as text. Content only, never the file name. */
int ps_paper_is_pdf(const unsigned char *head, size_t n);
/* The same for the regular file at path (its first KiB read): 1 PDF, 0 anything else (a folder,
 * a pipe, an unreadable file; the reader that opens it reports why). Never fails. */
int ps_paper_file_is_pdf(const char *path);

/* A PDF's text rebuilt into visual lines: text holds nlines lines, each ended by '\n'; cells of
 * a line that stand apart (a gap wider than about one character height, as between table columns)
 * are separated by one TAB, words by one space. loc[i] is line i's packed location
 * (ps_loc_paged: page, and line on the page counted from the top, blank space not counted). */
typedef struct ps_pdf_lines {
    char *text;
    size_t len;
    long *loc;
    size_t nlines;
    long npages;
    size_t pdf_messages; /* warnings the PDF library raised (damaged file), silenced */
    char first_message[160];
} ps_pdf_lines;

/* Tuning of the line and column rebuilding, in units of the line's glyph height. */
#define PS_PDF_SAME_LINE 0.5 /* glyph centres closer than this share a line */
#define PS_PDF_DISPLAY_TEXT 6.0 /* glyphs taller than this times the median height: a watermark, not text */
#define PS_PDF_SPACE_GAP 0.12 /* a wider gap between glyphs is a word space */
#define PS_PDF_CELL_GAP 0.8 /* a wider gap is a cell boundary (TAB) */
#define PS_PDF_MAX_PAGES PS_LOC_MAX_PAGES

/* paper_pdf_streams.c: PS_EINPUT when the PDF's compressed (FlateDecode) streams, images aside,
 * inflate beyond 64 MiB one stream or 256 MiB all together (docs/limits.md); checked on the
 * file's bytes before poppler reads them. */
int ps_pdf_streams_check(const char *name, const void *data, size_t len, ps_error *err);

/* Read the text of the PDF data[0..len) (name used in messages). Fills *out (free with
 * ps_pdf_lines_fini; zeroed first). Errors, each with name: PS_EINPUT "encrypted PDF (a password
 * is needed)", "not a readable PDF: ...", "PDF without pages", "more than N pages", "no text in
 * the PDF (scanned pages?)"; PS_EIO "reading PDF papers needs libpoppler-glib.so.N (Debian package
 * ...): ..." when poppler-glib cannot be loaded (it is loaded here at the first call, ps_dl.h).
 * The PDF library's own messages never reach stderr: they are counted in out->pdf_messages. */
int ps_pdf_text_lines(const char *name, const void *data, size_t len, ps_pdf_lines *out, ps_error *err);
void ps_pdf_lines_fini(ps_pdf_lines *l);

/* ps_paper_parse for a PDF: its rebuilt lines go through the text pipeline, then every claim,
 * table, report and cell location becomes the packed page and line (ps_loc.h). A damaged file
 * that still gave text is one warning. Errors as ps_pdf_text_lines and ps_paper_parse. */
int ps_paper_parse_pdf(const char *name, const void *data, size_t len, ps_paper **out, ps_warnings *w, ps_error *err);

#endif
