/* doc_build.h - private to the ESRP document renderers (render/doc_*.c).
 *
 * The document is a plain tree built once (doc_model.c) from a const ps_js_run and a solution
 * description, then rendered by any number of back ends (doc_html.c, doc_pdf*.c). Every string
 * in the tree is plain UTF-8 text, never markup: each back end escapes it itself. Vendor text
 * (CommonMark, doc_markdown.c) arrives as styled runs (doc_run) beside the plain text.
 */
#ifndef PS_DOC_BUILD_H
#define PS_DOC_BUILD_H

#include "ps_render.h"

/* ---------------------------------------------------------------- tables */
enum doc_row_kind { DOC_ROW_BODY = 0, DOC_ROW_HEAD, DOC_ROW_GROUP, DOC_ROW_TOTAL };

typedef struct doc_table {
    char *caption;
    int number; /* N of "Table N: caption" (listed after the contents); 0 = unnumbered */
    size_t ncols, nrows;
    char **cells; /* nrows * ncols, row major; NULL = empty; '\n' = line break */
    unsigned char *row_kind; /* enum doc_row_kind per row; HEAD rows repeat on page breaks */
    unsigned char *flag; /* per cell: 1 = recomputed differs from the report (highlight) */
    unsigned char *right; /* per column: 1 = right aligned (numbers) */
    double *width; /* per column: relative width */
} doc_table;

/* ---------------------------------------------------------------- charts */
enum doc_chart_kind {
    DOC_CHART_TIME = 0,
    DOC_CHART_BARS,
    DOC_CHART_SPEC /* a ready chart-engine spec (trend documents) */
};

typedef struct doc_span {
    ps_time t0, t1;
} doc_span;

typedef struct doc_chart {
    enum doc_chart_kind kind;
    char *id; /* stable name for --dump-layout, e.g. "SERVER1.performance.iops" */
    char *title, *ylabel;
    double threshold; /* horizontal line (NaN = none) */
    char *threshold_label;
    /* DOC_CHART_TIME: borrowed series (owned by the run) */
    const ps_series *series;
    size_t nseries;
    doc_span *shade;
    size_t nshade; /* non-collection periods, same clock as the series */
    int has_local; /* 1: to_local is known and the x axis shows the logs' local time */
    ps_time to_local; /* add to a series time (UTC) to get the logs' local time */
    /* DOC_CHART_BARS: ngroups x nbars values (row major), NaN = absent */
    char **groups;
    size_t ngroups;
    char **bars;
    size_t nbars;
    double *values;
    /* DOC_CHART_SPEC: borrowed spec (must outlive the document); its size is the chart size */
    const ps_chart_spec *spec;
    const ps_lang *lang; /* texts of the axis and the legend (NULL: English) */
    /* DOC_CHART_TIME with envelope = 1 (DOC_ENVELOPE_MIN_SERIES series or more): one min-max band
     * of every series and only the worst one drawn as a line: the highest mean when worst_high
     * (latency), else the lowest (I/O rates); legend texts PS_MSG_CHART_BAND / _WORST_* */
    int envelope, worst_high;
    /* DOC_CHART_BARS: per bar (nbars) its own limit, NaN = none, and the limit's label */
    double *bar_limit;
    char **bar_limit_label;
} doc_chart;
#define DOC_ENVELOPE_MIN_SERIES 4

/* ---------------------------------------------------------------- blocks */
enum doc_kind {
    DOC_HEADING = 0, /* level 1..3; level-1 and 2 headings go into the TOC and outline */
    DOC_PARA, /* paragraph of text */
    DOC_NOTE, /* small print note (e.g. under a table) */
    DOC_TABLE,
    DOC_CHART,
    DOC_LOG, /* preformatted lines (test log) */
    DOC_LIST, /* bullet list: lines */
    DOC_ITEM, /* one list item of vendor text: level = nesting (1..), number = 0 bullet, else N */
    DOC_QUOTE, /* paragraph inside a block quote: level = quote depth */
    DOC_FIGURE /* image with "Figure N: text" below it (number = N) */
};

/* ---------------------------------------------------------------- rich text and images */
enum { DOC_EM = 1, DOC_STRONG = 2, DOC_CODE = 4, DOC_LINK = 8 };

/* A run of text in one style: runs never hold markup, '\n' is a hard line break. */
typedef struct doc_run {
    char *text;
    unsigned style; /* DOC_EM | DOC_STRONG | DOC_CODE | DOC_LINK */
    char *url; /* DOC_LINK: the destination (shown after the text in PDF) */
} doc_run;

enum doc_image_type { DOC_IMAGE_PNG = 1, DOC_IMAGE_JPEG };

/* An image file read and checked by doc_image_load: bytes as in the file. */
typedef struct doc_image {
    enum doc_image_type type;
    unsigned width, height; /* pixels, from the file's header */
    unsigned char *data;
    size_t len;
    char *path; /* as named (relative to the solution file) */
} doc_image;

typedef struct doc_block {
    enum doc_kind kind;
    int level; /* headings */
    int page_break; /* start on a new page (appendices) */
    int keep_next; /* PARA/NOTE: on the page of the next block's opening (PDF), e.g. the
                                 * lines introducing a chart */
    char *text;
    char *anchor; /* headings: "s12" (unique) */
    doc_table *table;
    doc_chart *chart;
    char **lines;
    size_t nlines;
    doc_run *runs;
    size_t nruns; /* rich text of PARA, NOTE, ITEM, QUOTE, FIGURE (text = plain copy) */
    int number; /* DOC_ITEM: 0 bullet, else N; DOC_FIGURE: N */
    doc_image *image; /* DOC_FIGURE */
} doc_block;

struct ps_doc {
    int esrp; /* 2, 3 or 4 */
    char *title; /* "<Vendor> <Product> <N> Mailbox Exchange <ver> Storage Solution" */
    char *subtitle; /* "Tested with: ESRP – Storage Version 4.0" */
    char *date_text; /* "November 30, 2026" */
    char *author, *vendor;
    char *template_dir; /* NULL = embedded templates */
    int paper_letter; /* 1 = US Letter, 0 = A4 */
    ps_time date; /* document date (UTC), for the PDF creation date */
    doc_image *logo; /* [document] logo: title page and running header; NULL = none */
    int nfigures, ntables; /* numbered figures and tables */
    const ps_lang *lang; /* language of the stock texts, never NULL (ps_msg(d->lang, id));
                                 * lang->doc_tag is the HTML lang / PDF /Lang of the document */
    char *watermark; /* drawn across every page (e.g. ps_msg(lang, PS_MSG_DRAFT)); NULL = none */
    char **cover_notes; /* small print at the foot of the title page: copyright, trademarks, */
    size_t ncover_notes; /* document number (never a page of their own) */
    doc_block *blocks;
    size_t nblocks, cap;
};

/* doc_model.c: tree construction helpers (shared by the model builders). */
doc_block *doc_add(ps_doc *d, enum doc_kind kind, const char *text);
doc_block *doc_heading(ps_doc *d, int level, int page_break, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void doc_para(ps_doc *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
doc_table *doc_table_new(ps_doc *d, const char *caption, size_t ncols);
/* Append a row; returns its index. Cells are copied later with doc_cell. */
size_t doc_row(doc_table *t, enum doc_row_kind kind);
void doc_cell(doc_table *t, size_t row, size_t col, const char *text);
void doc_cellf(doc_table *t, size_t row, size_t col, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Number as ESRP tables print it: 3 decimals; NaN -> "n/a". */
const char *doc_num(char *out, size_t n, double v, int decimals);
/* Jetstress-style local time "1/18/2016 9:58:08 AM"; PS_TIME_NONE -> "n/a". */
const char *doc_time(char *out, size_t n, ps_time t);

/* doc_tree.c: N of "Figure N" per block (images and charts numbered together in document
 * order; 0 for other blocks); *count = how many. Caller frees. */
int *doc_figure_numbers(const ps_doc *d, int *count);

/* doc_tree.c: free helpers shared by ps_doc_free. */
void doc_runs_free(doc_run *r, size_t n);
void doc_image_free(doc_image *im);

/* doc_markdown.c: vendor text (CommonMark with GFM tables, cmark-gfm) as blocks. Headings nest
 * under level (a "#" heading becomes level + 1). Images become DOC_FIGURE blocks, read relative
 * to the directory of base (the solution file). Raw HTML stays text. Errors (PS_EINPUT, with
 * base:line:col) only from images; the blocks added before an error stay (freed with d). */
int doc_markdown(ps_doc *d, const char *md, int level, const char *base, long line, ps_error *err);
/* Same as doc_markdown for a one-paragraph value shown as a DOC_NOTE (table footnotes). */
int doc_markdown_note(ps_doc *d, const char *md, const char *base, long line, ps_error *err);
/* Plain text of inline CommonMark (emphasis marks, link syntax removed): table cells, titles.
 * Caller frees. */
char *doc_markdown_plain(const char *md);

/* doc_image.c: read an image named in the solution file (path relative to the directory of
 * base), at most DOC_IMAGE_MAX_BYTES, noted as an input. PNG and JPEG only; the header, the
 * chunk/marker structure and the dimensions (at most DOC_IMAGE_MAX_SIDE pixels a side,
 * DOC_IMAGE_MAX_PIXELS in all) are checked before any decoder sees the bytes. PS_EINPUT
 * (base:line:col: image 'path': reason) or PS_EIO; *out: doc_image_free. */
#define DOC_IMAGE_MAX_BYTES (8u * 1024u * 1024u)
#define DOC_IMAGE_MAX_SIDE 8000u
#define DOC_IMAGE_MAX_PIXELS (24u * 1000u * 1000u)
int doc_image_load(const char *path, const char *base, long line, long col, doc_image **out, ps_error *err);
/* 1 when path is a regular file (or a folder, which its reader refuses itself); else 0 with
 * errno EINVAL for a FIFO, device or terminal (reading one could block forever: /dev/stdin, a
 * FIFO nobody writes) or stat's errno. Images and templates are checked with it before they
 * are opened. */
int doc_input_regular(const char *path);
/* Check bytes already in memory (the same rules; name for messages). */
int doc_image_check(const unsigned char *p, size_t n, enum doc_image_type *type, unsigned *w, unsigned *h,
                    const char **why);

/* doc_appendix.c: one appendix per machine with every test found for it; returns how many
 * appendices (letters) it added. doc_appendix_letter: "A".."Z", then "A1"... for appendix i. */
int doc_build_appendices(ps_doc *d, const ps_js_run *run);
void doc_appendix_letter(int i, char *out, size_t n);
/* doc_failure.c: a heading, each explained failure of the run's verdicts in words and a time
 * chart zoomed on its longest run with the limit drawn; nothing when no failure is explained. */
void doc_failures(ps_doc *d, const ps_js_run *run);

/* doc_chart.c: the charts as chart-engine specs (section 6 of ps_render.h). */
typedef struct doc_spec {
    ps_chart_spec spec;
    ps_chart_series *series;
    ps_chart_threshold threshold;
    ps_chart_shade *shades;
    ps_chart_envelope envelope;
    ps_time *et;
    double *elo, *ehi; /* owned envelope arrays */
    ps_time **t;
    double **v;
    size_t nv; /* owned data arrays (decimated series, bar values) */
    char **labels;
    size_t nlabels; /* owned label copies */
    char **cats; /* category pointers (into labels) */
} doc_spec;
/* Size (points) every back end gives a chart: 480 wide, taller with more legend rows. */
void doc_chart_size(const doc_chart *c, double *w, double *h);
/* Fill *out from c. label (may be NULL: copy) maps every series/category label to the text
 * to draw (the PDF back end replaces characters no installed font has); it returns a malloc'd copy. */
void doc_chart_spec(const doc_chart *c, char *(*label)(void *ctx, const char *s), void *ctx, doc_spec *out);
void doc_chart_spec_fini(doc_spec *s);
/* The chart's title (its spec's for DOC_CHART_SPEC), NULL when it has none. */
const char *doc_chart_title(const doc_chart *c);
/* Append chart c as an inline <svg class="chart"> (nth: unique number for its ids). */
int doc_chart_svg(const doc_chart *c, size_t nth, ps_buf *b, ps_error *err);

/* html_lang.c: element text of the HTML document whose language is doclang (BCP-47), escaped;
 * runs of CJK characters of another language than the document's in a <span lang> (ja, ko,
 * zh-Hant / zh-Hans, or the document's own zh-* tag). */
void doc_html_text(ps_buf *b, const char *doclang, const char *s);
/* The language tag of a CJK text s ("ja", "ko", "zh-Hant", "zh-Hans", "zh"), NULL when s has
 * no CJK character. Han alone is Chinese: Traditional or Simplified when s holds a character
 * only that script has (a table of common ones), doclang's zh-* tag when it is Chinese. */
const char *doc_cjk_lang(const char *doclang, const char *s);

/* html_rich.c: the vendor's rich text in HTML. doc_html_runs: a block's runs (or its text),
 * escaped. Lists: DOC_ITEM blocks open and close nested <ul>/<ol> through a doc_html_lists
 * state; doc_html_lists_close(b, st, 0) before any other block. */
#define DOC_HTML_MAX_LISTS 8
typedef struct doc_html_lists {
    int depth;
    int ordered[DOC_HTML_MAX_LISTS];
} doc_html_lists;
void doc_html_runs(ps_buf *b, const char *lang, const doc_block *k);
void doc_html_item(ps_buf *b, const char *lang, doc_html_lists *st, const doc_block *k);
void doc_html_lists_close(ps_buf *b, doc_html_lists *st, int to);
void doc_html_figure(ps_buf *b, const ps_lang *L, const char *lang, const doc_block *k, int number);
/* <img> with the image as a data URI; alt escaped. */
void doc_html_image(ps_buf *b, const doc_image *im, const char *alt, const char *cls);
/* "List of figures" and "List of tables" (numbered ones), each only when not empty. */
void doc_html_figure_lists(ps_buf *b, const ps_doc *d);

/* doc_template.c: templates embedded by cmake/embed.cmake, overridable by file name from
 * a directory. Returns 0 and the text (caller frees) or PS_EIO / PS_EINPUT ("template larger
 * than 16 MiB": /dev/zero behind a link stops there; "NUL byte: not a text file"). */
#define PS_TEMPLATE_MAX_BYTES (16u * 1024u * 1024u)
int doc_template_load(const char *dir, const char *name, char **text, ps_error *err);
/* A --template-dir must exist and be a folder (PS_EIO "DIR: template directory: REASON");
 * the template files it may hold are noted as inputs (ps_input_note) before any output is
 * opened. dir NULL: nothing to check. */
int doc_template_dir_check(const char *dir, ps_error *err);

#endif
