/* ps_render.h - perfscribe render library: every output format, from a const model.
 *
 * Sections:
 *   1. output files (atomic: temporary file + rename), formats
 *   2. escaping and number helpers for text formats (JSON, CSV, HTML)
 *   3. summary output (text, CSV, JSON)
 *   4. counter log writers (relog-compatible CSV/TSV)
 *   5. Jetstress tables, JSON, JUnit
 *   6. charts: spec -> layout -> drawing backends (cairo PNG/SVG, libharu PDF)
 *   7. documents: ESRP HTML and PDF
 *   8. audit output
 *   9. trend output
 *
 * Renderers never print to stdout/stderr themselves: they write to the FILE* they are given
 * and report errors in a ps_error.
 */
#ifndef PS_RENDER_H
#define PS_RENDER_H

#include "ps_model.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ===================================================================== 1. output files */

enum ps_format {
    PS_FMT_NONE = 0, PS_FMT_TEXT, PS_FMT_CSV, PS_FMT_TSV, PS_FMT_JSON, PS_FMT_HTML,
    PS_FMT_PDF, PS_FMT_SVG, PS_FMT_PNG, PS_FMT_JUNIT
};
/* "text", "csv", "tsv", "json", "html", "pdf", "svg", "png", "junit" -> format; NONE if unknown. */
enum ps_format ps_format_parse(const char *name);
/* Format from a file name's extension (.txt, .csv, .tsv, .json, .html/.htm, .pdf, .svg, .png,
 * .xml -> JUNIT); NONE when there is none or it is unknown. */
enum ps_format ps_format_from_path(const char *path);
const char *ps_format_name(enum ps_format f);

typedef struct ps_outfile ps_outfile;
/* Open an output. path NULL or "-" is standard output. Otherwise a temporary file is created
 * in the same directory and renamed over path by ps_outfile_commit, so nothing is ever
 * half-written. Refuses (PS_EUSAGE) when path names the same file as one of inputs[0..ninputs).
 * Errors: PS_EIO with the path and strerror (EACCES, ENOENT, ...). */
int ps_outfile_open(const char *path, const char *const *inputs, size_t ninputs, ps_outfile **out,
                    ps_error *err);
FILE *ps_outfile_fp(ps_outfile *o);
const char *ps_outfile_path(const ps_outfile *o);  /* final path, "-" for stdout */
/* Flush, check for write errors (ENOSPC, EPIPE, a closed stdout), fsync and rename.
 * Frees o. On error the temporary file is removed and PS_EIO returned. */
int ps_outfile_commit(ps_outfile *o, ps_error *err);
/* Discard: remove the temporary file (stdout: nothing). Frees o. o may be NULL. */
void ps_outfile_abort(ps_outfile *o);

/* ===================================================================== 2. escaping */

/* Append s as a JSON string literal (with quotes); NULL -> null. Invalid UTF-8 bytes become U+FFFD. */
void ps_json_str(ps_buf *b, const char *s);
/* Append a JSON number: NaN/inf -> null; integers without fraction; else shortest %.17g form
 * that round-trips. */
void ps_json_num(ps_buf *b, double v);
/* Append s with & < > " ' escaped for HTML text and attributes; NULL -> nothing. */
void ps_html_escape(ps_buf *b, const char *s);
/* Append s as one CSV field (quoted when it contains sep, quote, CR or LF). */
void ps_csv_field(ps_buf *b, const char *s, char sep);

/* ===================================================================== 3. summary */

/* ===================================================================== 4. log writers */

/* ===================================================================== 5. Jetstress */

/* ===================================================================== 6. charts */

/* ===================================================================== 7. documents */

/* An ESRP document (title page, summary tables, per-server appendices with charts), built once
 * from a judged run and rendered into any number of formats. Opaque; see render/doc_internal.h. */
typedef struct ps_doc ps_doc;

typedef struct ps_doc_options {
    int esrp;                  /* ESRP program version 2, 3 or 4 (0 = 4): titles and row wording */
    ps_time date;              /* document date (UTC); the CLI takes it from SOURCE_DATE_EPOCH */
    const char *template_dir;  /* directory whose files override the embedded templates; NULL */
    int paper_letter;          /* 1 = US Letter PDF pages, 0 = A4 */
} ps_doc_options;

/* Build the document tree from run (servers judged: verdicts filled) and sol (may be NULL).
 * Text only a person can write comes from sol; what is missing is printed "not provided" and
 * listed in ONE warning; unknown solution keys give one warning. run and sol are not kept
 * except the series arrays of run, which must outlive *out. *out: ps_doc_free.
 * Errors: PS_EUSAGE (bad esrp version), PS_EINPUT (run has no server). */
int ps_doc_build(const ps_js_run *run, const struct ps_solution *sol, const ps_doc_options *opt,
                 ps_doc **out, ps_warnings *w, ps_error *err);
void ps_doc_free(ps_doc *d);

/* Renderers: write the whole document to fp. Deterministic for a given document.
 * HTML: one self-contained file (inline CSS and SVG, no scripts, no network references).
 * PDF: libharu with embedded DejaVu fonts; characters the fonts lack become '?' (one warning
 * per string). Errors: PS_EIO (write, font files), PS_EINPUT (template). */
typedef int (*ps_doc_render_fn)(const ps_doc *d, FILE *fp, ps_warnings *w, ps_error *err);
int ps_doc_render_html(const ps_doc *d, FILE *fp, ps_warnings *w, ps_error *err);
int ps_doc_render_pdf(const ps_doc *d, FILE *fp, ps_warnings *w, ps_error *err);
/* The renderer for a format (PS_FMT_HTML, PS_FMT_PDF), NULL when there is none. */
ps_doc_render_fn ps_doc_renderer(enum ps_format f);
/* Chart layouts of the document as "key = value" lines (for --dump-layout). */
void ps_doc_dump_layout(const ps_doc *d, ps_buf *out);

/* ===================================================================== 8. audit */

/* ===================================================================== 9. trend */

#ifdef __cplusplus
}
#endif
#endif /* PS_RENDER_H */
