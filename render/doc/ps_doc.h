/* ps_doc.h - documents (ESRP HTML and PDF), audit and trend outputs.
 * Part of the public interface of its library; the umbrella header includes it. */
#ifndef PS_DOC_H
#define PS_DOC_H

#include "ps_out.h"
#include "ps_chart.h"
#include "ps_msg.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ===================================================================== 7. documents */

/* An ESRP document (title page, summary tables, per-server appendices with charts), built once
 * from a judged run and rendered into any number of formats. Opaque; see render/doc/doc_build.h. */
typedef struct ps_doc ps_doc;

typedef struct ps_doc_options {
    int esrp; /* ESRP program version 2, 3 or 4 (0 = 4): titles and row wording */
    ps_time date; /* document date (UTC); the CLI takes it from SOURCE_DATE_EPOCH */
    const char *template_dir; /* directory whose files override the embedded templates; NULL */
    int paper_letter; /* 1 = US Letter PDF pages, 0 = A4 */
    const ps_lang *lang; /* language of the stock texts (ps_lang_find); NULL = the language of
                                * the run's Jetstress reports when they agree, else English */
} ps_doc_options;

/* Build the document tree from run (servers judged: verdicts filled) and sol (may be NULL).
 * Text only a person can write comes from sol; what is missing is printed "not provided" and
 * listed in ONE warning; unknown solution keys give one warning. run and sol are not kept
 * except the series arrays of run, which must outlive *out. *out: ps_doc_free.
 * Errors: PS_EUSAGE (bad esrp version), PS_EINPUT (run has no server). */
int ps_doc_build(const ps_js_run *run, const struct ps_solution *sol, const ps_doc_options *opt, ps_doc **out,
                 ps_warnings *w, ps_error *err);
void ps_doc_free(ps_doc *d);
/* The BCP-47 tag the document is written in ("en", "zh-Hant", "ja"...: d's ps_lang doc_tag, "en"
 * when it has none): <html lang> and the PDF catalog's /Lang; CJK runs of another language than
 * the document's get their own lang span in HTML. Borrowed (static storage). */
const char *ps_doc_lang(const ps_doc *d);
/* The draft mark: text (e.g. "DRAFT") drawn pale across every PDF page under its content (as
 * outlines, out of the text layer) and fixed under the content of every screen and printed page
 * of the HTML, with the catalogue's draft line (PS_MSG_DRAFT_NOTE: the run does not qualify for
 * ESRP) above the running header; NULL or "" = none. Copied. */
void ps_doc_set_watermark(ps_doc *d, const char *text);

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
 * o->title (may be NULL) heads the HTML page. Returns 0, or PS_EUSAGE for another format. */
int ps_audit_render(ps_buf *out, const ps_audit *a, const ps_render_opts *o, ps_error *err);

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
    ps_chart_series *series; /* owned */
    const char **categories; /* owned array (load chart) */
    double **values;
    size_t nvalues; /* owned value arrays */
    char **strings;
    size_t nstrings; /* owned texts */
} ps_trend_chart;
/* Build chart kind of t; metric = key of the load chart's metric (NULL = default).
 * PS_EUSAGE with a message when t lacks what the chart needs (no IOPS metric, no load value,
 * no time series, unknown metric). Free *out with ps_trend_chart_fini, also after an error. */
int ps_trend_chart_build(const ps_trend *t, enum ps_trend_chart_kind kind, const char *metric, ps_trend_chart *out,
                         ps_error *err);
void ps_trend_chart_fini(ps_trend_chart *c);
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
/* The renderer shape of ps_output.h: o->fmt picks from the table {TEXT, JSON, HTML, PDF} of the
 * functions above (render/out/trend_render.c); PDF uses o->date and o->warnings. Appends to out.
 * Errors: PS_EUSAGE for another format, else as ps_trend_render_pdf. The trend charts alone
 * (SVG/PNG) are the chart engine's (ps_trend_chart_build). */
int ps_trend_render(ps_buf *out, const ps_trend *t, const ps_render_opts *o, ps_error *err);
/* The same trend section appended to any document (e.g. `report`, for its HTML and PDF):
 * a level-1 heading, the table, and a level-2 heading + chart per available chart. The chart
 * specs live in *keep: keep it and t alive until d is rendered and freed, then call
 * ps_trend_charts_fini(keep). */
typedef struct ps_trend_charts {
    ps_trend_chart chart[PS_TREND_NCHARTS];
} ps_trend_charts;
void ps_doc_append_trend(ps_doc *d, const ps_trend *t, ps_trend_charts *keep);
void ps_trend_charts_fini(ps_trend_charts *keep);

#ifdef __cplusplus
}
#endif
#endif /* PS_DOC_H */
