/* ps_render_analyze.h - outputs of perfscribe analyze and perfscribe chart. Renderers take the
 * result const and append to a buffer; they never print. */
#ifndef PS_RENDER_ANALYZE_H
#define PS_RENDER_ANALYZE_H

#include "ps_analyze.h"
#include "ps_render.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What every analysis output shows besides the result. */
typedef struct ps_an_doc_info {
    enum ps_an_sev fail_on; /* verdict level */
    const char *rules_label; /* "system, exchange-mailbox" or file names */
    ps_time generated; /* document date (SOURCE_DATE_EPOCH) */
    const char *font_file; /* PDF: NULL = the document engine's default */
    /* warnings of the run (bad statuses, a selection that matched nothing, files without a
     * counter of the rules...), shown by every output (borrowed) */
    const char *const *warnings;
    size_t nwarnings;
} ps_an_doc_info;

/* A value as the analysis outputs print it: 0 to 4 decimals by magnitude, NaN -> "n/a". */
const char *ps_an_fmt_value(char *out, size_t n, double v);
/* "YYYY-MM-DD HH:MM:SS" of t as it is (no zone), "n/a" for PS_TIME_NONE. */
const char *ps_an_fmt_time(char *out, size_t n, ps_time t);
/* t (UTC) on the logs' clock, as every analysis output prints it: the log's local time when all
 * logs record one zone or none records any (no suffix), UTC with "Z" when logs of several zones
 * were merged. out needs 24 bytes. */
const char *ps_an_fmt_log_time(char *out, size_t n, const ps_an_result *r, ps_time t);
/* Which clock ps_an_fmt_log_time uses, as a phrase ("local time of the log, UTC-04:00 (Eastern
 * Daylight Time)", "UTC (logs of several time zones merged)", "as written in the log (...)"). */
const char *ps_an_zone_text(char *out, size_t n, const ps_an_result *r);

/* Terminal text: verdict, alerts by severity then time, then per rule the series statistics. */
void ps_an_render_text(ps_buf *b, const ps_an_result *r, const ps_an_doc_info *info);
/* JSON, schema in docs/readme/analyze.md ("perfscribe-analyze/1"). */
void ps_an_render_json(ps_buf *b, const ps_an_result *r, const ps_an_doc_info *info);
/* HTML (self-contained) or PDF through the document and chart engines: alerts, then one section
 * per evaluated rule with its description, a time-series chart with the bands shaded and the
 * statistics table. Errors: PS_EIO (fonts), PS_EINPUT (a chart that cannot be laid out). */
int ps_an_render_doc(ps_buf *b, const ps_an_result *r, const ps_an_doc_info *info, enum ps_format fmt, ps_error *err);
/* The renderer shape of ps_output.h: o->fmt picks from the table {TEXT: ps_an_render_text, JSON:
 * ps_an_render_json, HTML and PDF: ps_an_render_doc} (render/analyze/an_render.c); o->info is
 * the const ps_an_doc_info * (required). Appends to out; PS_EUSAGE for another format. */
int ps_an_render(ps_buf *out, const ps_an_result *r, const ps_render_opts *o, ps_error *err);

/* The charts of rule `rule` in the analyze documents: the slice averages of its worst instances
 * (at most 12, the slice min-max band behind them), its warning and critical ranges shaded and
 * limits drawn; one panel per period of the logs (small multiples: each on its own time axis,
 * titled "TITLE, period K of N", its subtitle "FIRST to LAST"), so a gap between the logs never
 * takes the chart. With more than PS_AN_MAX_PANELS periods the widest gaps separate the panels
 * and the periods between them share one ("TITLE, periods 3 to 5 of 9"). One period: one chart
 * titled TITLE, no subtitle.
 * A panel where no drawn instance has samples is left out. NULL when the rule has no series with
 * samples. r must outlive the charts; ps_an_rule_charts_free. */
#define PS_AN_MAX_PANELS 6
typedef struct ps_an_rule_charts ps_an_rule_charts;
ps_an_rule_charts *ps_an_rule_charts_build(const ps_an_result *r, size_t rule);
/* Number of panels (0 for NULL). */
size_t ps_an_rule_charts_count(const ps_an_rule_charts *c);
/* Panel i's chart spec (NULL past the end); valid until ps_an_rule_charts_free. */
const ps_chart_spec *ps_an_rule_charts_spec(const ps_an_rule_charts *c, size_t i);
void ps_an_rule_charts_free(ps_an_rule_charts *c);

/* perfscribe chart: one chart per rule of the results (chart-only rules, one per counter),
 * every instance a series of slice averages. res[0..nres): one result, or one per log with
 * overlay = 1 (times relative to each log's first sample, series named "names[k]: instance").
 * title NULL: each chart is titled by its counter. Results must outlive the charts. Never fails;
 * ps_an_charts_free. */
typedef struct ps_an_charts ps_an_charts;
ps_an_charts *ps_an_charts_build(const ps_an_result *const *res, const char *const *names, size_t nres, int overlay,
                                 const char *title);
size_t ps_an_charts_count(const ps_an_charts *c);
const ps_chart_spec *ps_an_charts_spec(const ps_an_charts *c, size_t i);
/* All charts as an HTML or PDF document appended to out. Errors: as ps_an_render_doc. */
int ps_an_charts_render_doc(const ps_an_charts *c, ps_time date, enum ps_format fmt, ps_buf *out, ps_error *err);
void ps_an_charts_free(ps_an_charts *c);

#ifdef __cplusplus
}
#endif
#endif
