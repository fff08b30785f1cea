/* ps_out.h - text outputs: escaping, summary, relog-compatible log writers, Jetstress tables, JSON, JUnit.
 * Part of the public interface of its library; the umbrella header includes it. */
#ifndef PS_OUT_H
#define PS_OUT_H

#include "ps_json.h"
#include "ps_output.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ===================================================================== 2. escaping */

/* JSON: the writer and its string and number forms are in ps_json.h. */
/* Append s for a terminal line: C0 controls (CR, LF, ESC included), DEL, UTF-8 C1 controls
 * (U+0080..U+009F), bidirectional formatting characters (U+202E, ...: each of their bytes) and
 * bytes that are not valid UTF-8 become \xNN; the rest is copied. The one
 * escaping of every message, progress label and text header that quotes input (file names,
 * counter paths, cells). NULL -> nothing. */
void ps_term_escape(ps_buf *b, const char *s);
/* ps_term_escape of a whole text output s[0..n) (NUL bytes included), line feeds and tabs kept:
 * the one rule for control characters in every text-format output (ps_cli_write_fmt). */
void ps_term_escape_text(ps_buf *b, const char *s, size_t n);
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
int ps_summary_render(ps_buf *out, const ps_summary *s, const ps_render_opts *o, ps_error *err);

/* ===================================================================== 4. log writers */

/* relog-compatible PDH-CSV / PDH-TSV text (docs/readme/convert.md, "Output format"): every field in double quotes
 * (a quote inside is doubled), separator ',' or TAB, header cell "(PDH-CSV 4.0) (<zone>)(<bias>)"
 * (just "(PDH-CSV 4.0)" when the zone is unknown), then the counter paths; data lines start
 * with "MM/DD/YYYY HH:MM:SS.mmm"; a missing value (NaN) is " "; numbers as printf("%.17g")
 * (locale-free, -0 printed as 0). */
typedef struct ps_pdh_style {
    char sep; /* ',' (CSV) or '\t' (TSV) */
    const char *tag; /* "PDH-CSV 4.0" or "PDH-TSV 4.0" */
    const char *eol; /* "\r\n" (relog on Windows, the default) or "\n" */
    int digits; /* significant digits, 17 by default (relog 2008-2016) */
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
/* The same object as a value of the JSON being written by j (no newline): 'store show' nests it. */
void ps_js_json_run(ps_jw *j, const ps_js_run *run);
/* Verdict lines: "MBX02 Performance: FAIL (jetstress-2013/strict)" then one indented line per
 * reason, and a closing count line. */
void ps_js_render_verdicts(ps_buf *b, const ps_js_run *run);
/* JUnit XML: one <testsuite name="perfscribe check">, one <testcase> per server/test, a
 * <failure> carrying every reason for a failing verdict, <skipped> when there are no criteria.
 * Text is XML-escaped. */
void ps_js_render_junit(ps_buf *b, const ps_js_run *run);
/* The renderer shape of ps_output.h: o->fmt picks from the table {TEXT: ps_js_render_text,
 * JSON: ps_js_render_json, JUNIT: ps_js_render_junit} (render/out/js_render.c). Appends to out;
 * PS_EUSAGE for another format. `check`'s verdict lines are its own output, not a format. */
int ps_js_render(ps_buf *out, const ps_js_run *run, const ps_render_opts *o, ps_error *err);

#ifdef __cplusplus
}
#endif
#endif /* PS_OUT_H */
