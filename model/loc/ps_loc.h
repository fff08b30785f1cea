/* ps_loc.h - where a number was read: a line of a text file, or a page and line of a PDF.
 *
 * Claims and findings keep their location in one `long line` (ps_claim.line, ps_finding.line,
 * table, report and cell lines). A text file's location is its 1-based line, as before. A PDF's
 * location is packed: PS_LOC_PAGED | page << PS_LOC_PAGE_SHIFT | line-on-page, so sorting by the
 * number still sorts by page, then line, and text files are unchanged. A text paper is capped at
 * 256 MiB (PS_PAPER_MAX_BYTES), so its line numbers stay below PS_LOC_PAGED. */
#ifndef PS_LOC_H
#define PS_LOC_H

#include <stddef.h>

#define PS_LOC_PAGED (1L << 30)
#define PS_LOC_PAGE_SHIFT 16
#define PS_LOC_MAX_PAGES 16383L /* pages of a PDF that can be located */
#define PS_LOC_MAX_LINE 65535L /* lines of one page that can be located */

/* The packed location of line `line` (1..PS_LOC_MAX_LINE) on page `page`
 * (1..PS_LOC_MAX_PAGES); values out of range are clamped. Never fails. */
long ps_loc_paged(long page, long line);
/* The page of a location (1-based), or 0 for a plain line number. */
long ps_loc_page(long loc);
/* The line of a location: on its page for a PDF, in the file otherwise. */
long ps_loc_line(long loc);
/* Print a location into buf[0..n): "12" for a text line, "p3:L7" for a PDF page and line,
 * "" when loc <= 0. Returns buf. */
char *ps_loc_format(char *buf, size_t n, long loc);

#endif
