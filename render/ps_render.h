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
 * half-written: an unnamed O_TMPFILE file where the system allows it (nothing is left even
 * after SIGKILL), else ".NAME.XXXXXX", removed on error and on SIGINT/SIGTERM/SIGHUP. A
 * symbolic link is written through (the file it points to is replaced, the link stays). The
 * new file gets the mode of the file it replaces, or 0666 less the umask. A device or FIFO is
 * written in place. Refuses (PS_EUSAGE) an empty path and a path naming the same file as one
 * of inputs[0..ninputs) or as any file noted by ps_input_note (every file the process read).
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
/* 1 once a write to standard output failed with EPIPE (its reader closed the pipe): the
 * command's I/O error is then a normal, quiet end (main exits 0). */
int ps_outfile_stdout_closed(void);
/* Discard o after writing it failed with rc. When rc is PS_EIO and o's stream has its error
 * flag set, err is replaced by what ps_outfile_commit says ("PATH: write error: REASON") and
 * PS_EIO returned; otherwise o is aborted and rc returned as is. Frees o; o may be NULL. */
int ps_outfile_fail(ps_outfile *o, int rc, ps_error *err);

/* ===================================================================== 2. escaping */

/* Append s as a JSON string literal (with quotes); NULL -> null. Invalid UTF-8 bytes become U+FFFD. */
void ps_json_str(ps_buf *b, const char *s);
/* Append a JSON number: NaN/inf -> null; integers without fraction; else shortest %.17g form
 * that round-trips. */
void ps_json_num(ps_buf *b, double v);
/* Append s for a terminal line: C0 controls (CR, LF, ESC included), DEL, UTF-8 C1 controls
 * (U+0080..U+009F) and bytes that are not valid UTF-8 become \xNN; the rest is copied. The one
 * escaping of every message, progress label and text header that quotes input (file names,
 * counter paths, cells). NULL -> nothing. */
void ps_term_escape(ps_buf *b, const char *s);
/* Columns a terminal gives UTF-8 text s: one per character (continuation bytes take none), two
 * for East Asian wide characters (CJK ideographs, kana, Hangul, fullwidth forms). Bytes that are
 * not UTF-8 count one each. Never fails. */
int ps_text_width(const char *s);
/* Append s with & < > " ' escaped for HTML text and attributes; NULL -> nothing. */
void ps_html_escape(ps_buf *b, const char *s);
/* Append s as one CSV field (quoted when it contains sep, quote, CR or LF). */
void ps_csv_field(ps_buf *b, const char *s, char sep);

/* ===================================================================== 3. summary */

/* Render a finished summary (ps_summary_finish done) into b:
 *   PS_FMT_TEXT  one line per file, then an aligned table, one row per counter, numbers with
 *                3 significant digits and SI prefixes (ps_fmt_si), "-" when absent;
 *   PS_FMT_CSV   header line + one line per counter (LF line ends), empty field when absent;
 *   PS_FMT_JSON  {"files":[...],"counters":[...]} with ISO 8601 UTC times and null when absent.
 * Appends to b. Returns PS_EUSAGE (err filled) for any other format, nothing appended. */
int ps_render_summary(ps_buf *b, const ps_summary *s, enum ps_format fmt, ps_error *err);

/* ===================================================================== 4. log writers */

/* relog-compatible PDH-CSV / PDH-TSV text (docs/readme/convert.md, "Output format"): every field in double quotes
 * (a quote inside is doubled), separator ',' or TAB, header cell "(PDH-CSV 4.0) (<zone>)(<bias>)"
 * (just "(PDH-CSV 4.0)" when the zone is unknown), then the counter paths; data lines start
 * with "MM/DD/YYYY HH:MM:SS.mmm"; a missing value (NaN) is " "; numbers as printf("%.17g")
 * (locale-free, -0 printed as 0). */
typedef struct ps_pdh_style {
    char sep;              /* ',' (CSV) or '\t' (TSV) */
    const char *tag;       /* "PDH-CSV 4.0" or "PDH-TSV 4.0" */
    const char *eol;       /* "\r\n" (relog on Windows, the default) or "\n" */
    int digits;            /* significant digits, 17 by default (relog 2008-2016) */
} ps_pdh_style;
/* Defaults for fmt (PS_FMT_CSV or PS_FMT_TSV; anything else is taken as CSV). */
void ps_pdh_style_init(ps_pdh_style *s, enum ps_format fmt);
/* Append the header line. zone NULL = unknown (then the bias is left out too). */
void ps_pdh_write_header(ps_buf *b, const ps_pdh_style *s, const char *zone, int has_bias, int bias,
                         const char *const *cells, size_t n);
/* Append one data line: time `local` and n values (NaN = missing). */
void ps_pdh_write_row(ps_buf *b, const ps_pdh_style *s, ps_time local, const double *v, size_t n);
/* Format one value as the writer does ("%.<digits>g", '.' decimal point); NaN/inf -> " ". */
const char *ps_pdh_fmt_value(char *out, size_t n, double v, int digits);

/* ===================================================================== 5. Jetstress */

/* All four append to b (never print). The run is judged before (ps_js_judge) so verdicts show.
 * Text: per server the Jetstress-style tables (Transactional, Background Database Maintenance,
 * Log Replication, Total I/O, Host System Performance) with a "reported" row under an instance
 * wherever the report's figure differs from the recomputed one beyond 3-decimal rounding ('='
 * marks equal cells), then the per-server + aggregate ESRP table (plain and IOPS-weighted
 * latencies, achieved vs target). */
void ps_js_render_text(ps_buf *b, const ps_js_run *run);
/* JSON: {"servers":[{machine, test_type, jetstress_version, window{start,end,samples},
 * instances[{instance, transactional, maintenance, replication, total, reported|null, source,
 * samples, io_weighted}], server{summary keys}, verdict{result, profile, reasons[]}, host[],
 * jetstress_result, reported_achieved_transactional_iops, logs[]}], aggregate{summary keys},
 * warnings[]}. Rates /s, latencies ms, sizes B, NaN -> null; window times are the logs' local
 * wall-clock time without a zone ("2026-03-14T10:12:47.000"). */
void ps_js_render_json(ps_buf *b, const ps_js_run *run);
/* Verdict lines: "MBX02 Performance: FAIL (jetstress-2013/strict)" then one indented line per
 * reason, and a closing count line. */
void ps_js_render_verdicts(ps_buf *b, const ps_js_run *run);
/* JUnit XML: one <testsuite name="perfscribe check">, one <testcase> per server/test, a
 * <failure> carrying every reason for a failing verdict, <skipped> when there are no criteria.
 * Text is XML-escaped. */
void ps_js_render_junit(ps_buf *b, const ps_js_run *run);

/* ===================================================================== 6. charts */

/* Chart engine: a caller fills a plain ps_chart_spec; ps_chart_layout_compute turns it into a
 * ps_chart_layout (every rectangle, tick, text position and polyline, in points, origin top
 * left, y down); a backend draws the layout through ps_chart_draw. Text widths in the layout
 * come from a fixed DejaVu Sans advance table, so the layout is the same for every backend.
 * Nothing in a spec is owned by the chart code: the caller keeps the arrays alive while the
 * chart is laid out / rendered. */

enum ps_chart_kind {
    PS_CHART_TIME = 0,    /* time series: x = ps_time, lines */
    PS_CHART_BARS,        /* grouped bars: x = categories, one bar per series in each group */
    PS_CHART_BARS_LINE    /* grouped bars + line series (series.on_y2) on a second y axis */
};

typedef struct ps_chart_series {
    const char *label;       /* legend text (UTF-8) */
    int role;                /* palette series 0..7 (series1..series8); -1 = by position */
    size_t n;                /* values; for bars must equal spec.ncategories */
    const double *v;         /* NaN = gap (breaks a line; no bar) */
    const ps_time *t;        /* PS_CHART_TIME: n times, not decreasing; else unused */
    int on_y2;               /* PS_CHART_BARS_LINE: 1 = drawn as a line against the second axis */
} ps_chart_series;

/* A chart series viewing a model series (label, times and values stay owned by s). */
ps_chart_series ps_chart_series_of(const ps_series *s, int role);

typedef struct ps_chart_threshold {
    double value;            /* horizontal dashed line at this y value */
    const char *label;       /* drawn at the right end above the line; NULL = none */
    int on_y2;               /* value is on the second axis */
} ps_chart_threshold;

typedef struct ps_chart_shade {
    ps_time from, to;        /* PS_CHART_TIME only: shaded x range (clipped to the plot) */
    const char *label;       /* small text at the top left inside the range; NULL = none */
} ps_chart_shade;

/* A horizontal band of y values shaded behind the data (e.g. warning and critical ranges of an
 * analysis rule); lo/hi may be infinite (then the band reaches the plot edge). */
typedef struct ps_chart_band {
    double lo, hi;
    int role;                /* fill colour: PS_ROLE_WARN_BAND, PS_ROLE_CRIT_BAND, PS_ROLE_SHADE */
} ps_chart_band;

typedef struct ps_chart_axis {
    const char *label;       /* e.g. "Database reads"; NULL = none */
    const char *unit;        /* e.g. "ms"; shown as "label (unit)"; NULL = none */
} ps_chart_axis;

typedef struct ps_chart_spec {
    enum ps_chart_kind kind;
    const char *title, *subtitle;          /* NULL = none */
    const char *x_label;                   /* NULL = none */
    ps_chart_axis y, y2;                   /* y2 used by PS_CHART_BARS_LINE only */
    const char *const *categories;         /* bars: ncategories group labels */
    size_t ncategories;
    const ps_chart_series *series;
    size_t nseries;
    const ps_chart_threshold *thresholds;
    size_t nthresholds;
    const ps_chart_shade *shades;
    size_t nshades;
    int y_include_zero;      /* time series: extend the y range to 0 (bars always do) */
    int value_labels;        /* bars: print each bar's value above it */
    int legend_stats;        /* legend text "label (min x, avg y, max z)" from the values */
    int no_legend;           /* 1 = no legend at all */
    double width, height;    /* points; 0 = 600 x 340 */
    const ps_chart_band *bands;   /* PS_CHART_TIME: y bands (do not widen the y range) */
    size_t nbands;
} ps_chart_spec;

/* Layout --------------------------------------------------------------------------------- */

enum ps_chart_anchor { PS_ANCHOR_START = 0, PS_ANCHOR_MIDDLE, PS_ANCHOR_END };

typedef struct ps_chart_rect { double x, y, w, h; } ps_chart_rect;

/* One text: (x, y) is the baseline point of the anchor; rotate in degrees (-90 = reads
 * bottom to top). role is a palette role (PS_ROLE_*). */
typedef struct ps_chart_text {
    char *text;              /* owned by the layout */
    double x, y, size, rotate, width;  /* width: estimated advance (DejaVu Sans table) */
    int anchor, bold, role;
} ps_chart_text;

typedef struct ps_chart_tick {
    double value;            /* data value (ms since 1970 for time axes) */
    double pos;              /* x (horizontal axes) or y (vertical axes) in points */
    ps_chart_text label;
} ps_chart_tick;

typedef struct ps_chart_axis_layout {
    int present;
    double min, max, step;   /* axis range and tick step (data units; ms for time) */
    const char *prefix;      /* SI prefix used by the labels ("", "k", "M", "m", "u", ...) */
    const char *time_format; /* time axes: "HH:MM:SS", "HH:MM", "MM/DD HH:MM", "YYYY-MM-DD" */
    int decimals;            /* decimals of the scaled labels */
    size_t nticks;
    ps_chart_tick *ticks;    /* owned */
    ps_chart_text title;     /* axis title (text NULL = none) */
} ps_chart_axis_layout;

typedef struct ps_chart_bar {
    ps_chart_rect r;
    size_t series, category;
    int role;
    double value;
    ps_chart_text label;     /* value label (text NULL = none) */
} ps_chart_bar;

/* One unbroken piece of a line series (pieces split at NaN gaps). n == 1: a lone point. */
typedef struct ps_chart_polyline {
    size_t series;
    int role;
    size_t n;
    double *xy;              /* 2n coordinates x0 y0 x1 y1 ..., owned */
} ps_chart_polyline;

typedef struct ps_chart_hline {
    double x1, x2, y;
    double value;
    ps_chart_text label;
} ps_chart_hline;

typedef struct ps_chart_shade_box {
    ps_chart_rect r;
    int band;                /* 1: a y band of spec.bands, filled with role */
    int role;
    ps_chart_text label;
} ps_chart_shade_box;

typedef struct ps_chart_legend_item {
    size_t series;
    int role;
    int is_line;             /* swatch is a line sample (dash of the role) instead of a box */
    ps_chart_rect swatch;
    ps_chart_text text;
    double min, avg, max;    /* over the present values (NaN when none) */
} ps_chart_legend_item;

typedef struct ps_chart_layout {
    enum ps_chart_kind kind;
    double width, height;
    ps_chart_rect plot;
    ps_chart_text title, subtitle;           /* text NULL = none */
    ps_chart_axis_layout x, y, y2;           /* x of bar charts: category ticks */
    ps_chart_shade_box *shades; size_t nshades;
    ps_chart_bar *bars; size_t nbars;
    ps_chart_polyline *lines; size_t nlines;
    ps_chart_hline *thresholds; size_t nthresholds;
    ps_chart_legend_item *legend; size_t nlegend;
} ps_chart_layout;

/* Compute the layout of spec. out is filled (free with ps_chart_layout_free, also after an
 * error). PS_EUSAGE when the spec is inconsistent (no series, bar series whose n differs from
 * ncategories, time series without t, decreasing times, size below 120 x 80 points). */
int ps_chart_layout_compute(const ps_chart_spec *spec, ps_chart_layout *out, ps_error *err);
void ps_chart_layout_free(ps_chart_layout *l);
/* Append the layout as "key = value" lines in a fixed order, coordinates with 2 decimals
 * (what `--dump-layout` prints and the golden tests compare). */
void ps_chart_dump_layout(const ps_chart_layout *l, ps_buf *out);

/* Tick helpers (pure; public for tests and other renderers) ------------------------------ */

#define PS_CHART_MAX_TICKS 16
/* Nice linear ticks over [lo, hi] (NaN ends ignored; lo == hi widened by 10 %; nothing
 * present -> [0, 1]): step 1, 2 or 5 x 10^k, the smallest giving at most 8 ticks; the range
 * is widened to multiples of the step. include_zero extends the range to 0 first.
 * Writes the range, step and tick values (k * step computed so that 0.3 prints as 0.3),
 * returns the tick count (4..8 for any non-degenerate range). */
size_t ps_chart_nice_ticks(double lo, double hi, int include_zero, double *min, double *max,
                           double *step, double ticks[PS_CHART_MAX_TICKS]);
/* SI prefix and decimals for labelling ticks of max |value| amax with step step:
 * amax >= 10000 -> k (>= 1e6 M, 1e9 G, 1e12 T); 0 < amax < 0.1 -> m (below 1e-4: u, 1e-7: n);
 * otherwise none (so 0..5000 reads "5000", 0..0.5 reads "0.5"); decimals = what the scaled
 * step needs (0..6). *factor receives 1e3, 1e-3, ... (1 without prefix). */
const char *ps_chart_si_prefix(double amax, double step, double *factor, int *decimals);
/* Tick label: v / factor with decimals and the prefix appended ("1.5k", "200m"); 0 -> "0". */
const char *ps_chart_tick_label(char *out, size_t n, double v, double factor, int decimals,
                                const char *prefix);
/* Time axis ticks for [t0, t1] fitting at most max_ticks ticks: step from 1 s ... 10 years
 * (ticks are multiples of the step since 1970-01-01 00:00, only inside the range), and a
 * label format from the span: < 10 min "HH:MM:SS", < 24 h "HH:MM", < 7 days "MM/DD HH:MM",
 * else "YYYY-MM-DD". Writes up to PS_CHART_MAX_TICKS times into ticks, returns the count. */
size_t ps_chart_time_ticks(ps_time t0, ps_time t1, size_t max_ticks, ps_time *ticks,
                           ps_time *step, const char **format);
/* Format t with one of the formats above (out needs 20 bytes). */
const char *ps_chart_time_label(char *out, size_t n, ps_time t, const char *format);
/* Estimated advance width in points of UTF-8 text at size (DejaVu Sans advance table, ASCII
 * exact, other characters 0.62 em). */
double ps_chart_text_width(const char *utf8, double size, int bold);

/* Palette ---------------------------------------------------------------------------------- */

enum ps_chart_role {
    PS_ROLE_SERIES1 = 0,     /* ..PS_ROLE_SERIES1 + 7: series colours */
    PS_ROLE_THRESHOLD = 8, PS_ROLE_SHADE, PS_ROLE_GRID, PS_ROLE_AXIS, PS_ROLE_TEXT,
    PS_ROLE_MUTED, PS_ROLE_PASS, PS_ROLE_FAIL, PS_ROLE_WARN_BAND, PS_ROLE_CRIT_BAND, PS_ROLE_COUNT
};
#define PS_CHART_NSERIES_ROLES 8
typedef struct ps_chart_color {
    const char *name;        /* "series1".."series8", "threshold", "shade", "grid", "axis",
                                "text", "muted", "pass", "fail", "warn-band", "crit-band" */
    uint32_t rgb;            /* 0xRRGGBB */
    const double *dash;      /* line dash pattern in points (NULL = solid) */
    size_t ndash;
} ps_chart_color;
/* Role entry (any out-of-range role -> the "text" entry). */
const ps_chart_color *ps_chart_palette(int role);
/* Role by name; -1 when unknown. */
int ps_chart_role_parse(const char *name);
/* CIE L* (0..100) of a colour: greyscale lightness used to keep series apart in print. */
double ps_chart_lightness(uint32_t rgb);

/* Drawing ---------------------------------------------------------------------------------- */

/* The drawing interface (coordinates in points, origin top left, y down). A path is
 * move_to/line_to... then stroke. colours are 0xRRGGBB; dash NULL = solid. text: (x, y) is
 * the baseline point of the anchor, rotate in degrees (negative = counter-clockwise). */
typedef struct ps_chart_gc {
    void *ctx;
    void (*save)(void *ctx);
    void (*restore)(void *ctx);
    void (*clip)(void *ctx, double x, double y, double w, double h);
    void (*fill_rect)(void *ctx, double x, double y, double w, double h, uint32_t rgb);
    void (*move_to)(void *ctx, double x, double y);
    void (*line_to)(void *ctx, double x, double y);
    void (*stroke)(void *ctx, double width, uint32_t rgb, const double *dash, size_t ndash);
    void (*text)(void *ctx, double x, double y, const char *utf8, double size, int bold,
                 int anchor, double rotate, uint32_t rgb);
} ps_chart_gc;
/* Draw a computed layout through gc (white background, grid, shades, bars, lines,
 * thresholds, axes, texts, legend). */
void ps_chart_draw(const ps_chart_layout *l, const ps_chart_gc *gc);

/* PNG at 2 pixels per point (600 x 340 pt -> 1200 x 680 px), written through ps_outfile
 * (atomic). PS_EUSAGE for a bad spec, PS_EIO on write errors. */
#define PS_CHART_PNG_SCALE 2.0
int ps_chart_render_png(const ps_chart_spec *spec, const char *path, ps_error *err);
/* SVG file (atomic), same content as ps_chart_svg_string with an empty id prefix. */
int ps_chart_render_svg(const ps_chart_spec *spec, const char *path, ps_error *err);
/* Append the SVG document (without the "<?xml ...?>" line, ready to inline into HTML) to out.
 * Every id and reference cairo writes is prefixed with id_prefix (NULL = "") so several charts
 * can share one HTML page. Text is drawn as glyph outlines, so input text never appears as
 * markup. Output is byte-identical for identical specs. */
int ps_chart_svg_string(const ps_chart_spec *spec, const char *id_prefix, ps_buf *out,
                        ps_error *err);
/* As ps_chart_svg_string, for HTML: the <svg> gets role="img" and aria-labelledby naming a
 * <title> (the chart title) and a <desc> (series, axis ranges, thresholds, each series'
 * minimum, mean and maximum), ids "<id_prefix>title" and "<id_prefix>desc"; a last group holds
 * invisible rectangles with <title> tooltips over every bar, point marker and legend entry. */
int ps_chart_svg_accessible(const ps_chart_spec *spec, const char *id_prefix, ps_buf *out, ps_error *err);
/* Free the process-wide font caches of cairo and fontconfig (cairo_debug_reset_static_data +
 * FcFini) so that leak checkers see a clean exit. Call once, just before the program ends,
 * after every chart has been rendered and no cairo object is alive. */
void ps_chart_release_caches(void);
/* Draw into a libharu page inside the box whose lower left corner is (x, y) (PDF user units,
 * y up) of size w x h: the layout is computed for w x h (spec width/height ignored). doc, page,
 * font and bold are HPDF_Doc, HPDF_Page and HPDF_Font handles (void * so that this header
 * needs no hpdf.h); fonts should be TrueType loaded with the "UTF-8" encoder
 * (HPDF_UseUTFEncodings + HPDF_LoadTTFontFromFile + HPDF_GetFont(doc, name, "UTF-8")); bold
 * may be NULL (then font is used). Graphics state is saved and restored. PS_EUSAGE for a bad
 * spec, PS_EIO when libharu reports an error. */
int ps_chart_draw_hpdf(const ps_chart_spec *spec, void *doc, void *page, void *font, void *bold,
                       double x, double y, double w, double h, ps_error *err);
/* Text drawing of ps_chart_draw_hpdf_text: utf8 anchored (enum ps_anchor) at PDF point (x, y),
 * turned angle degrees counter-clockwise, fill colour rgb; page is the HPDF_Page. */
typedef void (*ps_chart_hpdf_text_fn)(void *ctx, void *page, double x, double y, double angle, const char *utf8,
                                      double size, int bold, int anchor, uint32_t rgb);
/* As ps_chart_draw_hpdf, the texts drawn by text(text_ctx, ...) (a document with several
 * fonts per string: per-character fallback). */
int ps_chart_draw_hpdf_text(const ps_chart_spec *spec, void *doc, void *page, ps_chart_hpdf_text_fn text,
                            void *text_ctx, double x, double y, double w, double h, ps_error *err);

/* ===================================================================== 7. documents */

/* An ESRP document (title page, summary tables, per-server appendices with charts), built once
 * from a judged run and rendered into any number of formats. Opaque; see render/doc/doc_internal.h. */
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
 * PDF: libharu; fonts found through fontconfig (DejaVu Sans and a fallback face per character
 * it lacks), embedded as subsets with a ToUnicode map. Errors: PS_EIO (write; a font missing,
 * the message names the Debian package), PS_EINPUT (template). */
typedef int (*ps_doc_render_fn)(const ps_doc *d, FILE *fp, ps_warnings *w, ps_error *err);
int ps_doc_render_html(const ps_doc *d, FILE *fp, ps_warnings *w, ps_error *err);
int ps_doc_render_pdf(const ps_doc *d, FILE *fp, ps_warnings *w, ps_error *err);
/* The renderer for a format (PS_FMT_HTML, PS_FMT_PDF), NULL when there is none. */
ps_doc_render_fn ps_doc_renderer(enum ps_format f);
/* Chart layouts of the document as "key = value" lines (for --dump-layout). */
void ps_doc_dump_layout(const ps_doc *d, ps_buf *out);

/* ===================================================================== 8. audit */

/* Render audit findings (already sorted) into out: PS_FMT_TEXT (one "FILE:LINE: severity: kind:
 * message" line per finding, then a count line), PS_FMT_JSON ({"findings":[{"kind","severity",
 * "file","line","server","metric","stated","expected","message"}],"claims":N,"checked":N,
 * "percentages_checked":N}) or PS_FMT_HTML (self-contained page, every input string escaped).
 * title (may be NULL) heads the HTML page. Returns 0, or PS_EUSAGE for another format. */
int ps_audit_render(ps_buf *out, const ps_audit *a, enum ps_format fmt, const char *title, ps_error *err);

/* ===================================================================== 9. trend */

/* "NN% [value unit]" for one cell of a trend table (value at the metric's decimals,
 * percentage rounded half away from zero); "n/a" when absent. Appends to b. */
void ps_trend_cell(ps_buf *b, const ps_trend *t, size_t label, size_t metric);
/* Text table: one row per metric, one column per label. Appends to b. */
void ps_trend_render_text(const ps_trend *t, ps_buf *b);
/* JSON: {"baseline","load_name","labels":[{"label","load","config","samples"}] (samples: points
 * of the label's overlay series, 0 = none),"metrics":[{"key","title","unit",
 * "decimals","lower_is_better","values":[],"relative_percent":[],"cells":[]}]}. Appends to b. */
void ps_trend_render_json(const ps_trend *t, ps_buf *b);

/* Charts of a trend (render/chart/trend_chart.c):
 * BARS    grouped bars per label (category) of the aggregate IOPS metrics (unit IOPS, not
 *         per server / mailbox / disk) with the plain latency metrics (unit ms/msec) as lines on
 *         a second axis (PS_CHART_BARS_LINE; PS_CHART_BARS when there is no latency);
 * LOAD    one metric (default total_iops, total_iops_performed, achieved_iops, else the first
 *         IOPS metric) against the load variable: categories = the distinct load values in
 *         ascending order, one bar series per configuration (ps_trend.config; labels without
 *         one form a single series named after the metric);
 * OVERLAY ps_trend.iops_series of every label that has one, as time series on relative time
 *         (the time axis then reads as elapsed h:mm since 0 = collection start). */
enum ps_trend_chart_kind { PS_TREND_CHART_BARS = 0, PS_TREND_CHART_LOAD, PS_TREND_CHART_OVERLAY };
#define PS_TREND_NCHARTS 3
/* "bars", "load", "overlay" -> kind; -1 when unknown. */
int ps_trend_chart_parse(const char *name);
const char *ps_trend_chart_name(enum ps_trend_chart_kind kind);

/* A chart spec with the arrays it points into. Texts and series data of the trend are
 * borrowed: t must outlive the chart. */
typedef struct ps_trend_chart {
    ps_chart_spec spec;
    ps_chart_series *series;          /* owned */
    const char **categories;          /* owned array (load chart) */
    double **values; size_t nvalues;  /* owned value arrays */
    char **strings; size_t nstrings;  /* owned texts */
} ps_trend_chart;
/* Build chart kind of t; metric = key of the load chart's metric (NULL = default).
 * PS_EUSAGE with a message when t lacks what the chart needs (no IOPS metric, no load value,
 * no time series, unknown metric). Free *out with ps_trend_chart_free, also after an error. */
int ps_trend_chart_build(const ps_trend *t, enum ps_trend_chart_kind kind, const char *metric,
                         ps_trend_chart *out, ps_error *err);
void ps_trend_chart_free(ps_trend_chart *c);
/* Append "[chart NAME]" and the layout dump (ps_chart_dump_layout) of every chart kind (only:
 * just that kind; -1 = all), or "unavailable = reason" for a chart t cannot give. */
void ps_trend_dump_layouts(const ps_trend *t, int only, const char *metric, ps_buf *out);

/* HTML (render/out/trend_html.c). The section: <section class="trend"> with a heading, the trend
 * table (every input string escaped) and the available charts as inline SVG (ids prefixed
 * "trend-<chart>-"); meant to be included in other HTML documents (e.g. `report`). A chart t
 * cannot give is left out (the bars chart says why). Appends to b. */
void ps_trend_render_html_section(const ps_trend *t, ps_buf *b);
/* A self-contained HTML page (inline CSS, no scripts, no external references) around the
 * section. Appends to b. */
void ps_trend_render_html(const ps_trend *t, ps_buf *b);
/* PDF (render/out/trend_pdf.c) through the ESRP document toolkit: title page (date = `date`,
 * UTC), contents, the trend table and the available charts as vector graphics; embedded
 * DejaVu fonts. Writes to fp. Errors as ps_doc_render_pdf (PS_EIO). */
int ps_trend_render_pdf(const ps_trend *t, ps_time date, FILE *fp, ps_warnings *w, ps_error *err);
/* The same trend section appended to any document (e.g. `report`, for its HTML and PDF):
 * a level-1 heading, the table, and a level-2 heading + chart per available chart. The chart
 * specs live in *keep: keep it and t alive until d is rendered and freed, then call
 * ps_trend_charts_free(keep). */
typedef struct ps_trend_charts { ps_trend_chart chart[PS_TREND_NCHARTS]; } ps_trend_charts;
void ps_doc_append_trend(ps_doc *d, const ps_trend *t, ps_trend_charts *keep);
void ps_trend_charts_free(ps_trend_charts *keep);

#ifdef __cplusplus
}
#endif
#endif /* PS_RENDER_H */
