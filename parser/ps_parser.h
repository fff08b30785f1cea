/* ps_parser.h - perfscribe parser library: every input format, read into the model.
 *
 * Sections:
 *   1. counter logs (PDH-CSV/TSV, .blg), detected by content, read as a stream of rows
 *   2. Jetstress: run discovery, HTML reports, XML, test log
 *   3. threshold files (own format, PAL XML)
 *   4. white-paper text (audit claims)
 *   5. solution description files
 *   6. trend table files
 *
 * Library code never prints or exits; errors come back in a ps_error with FILE:LINE:COL.
 */
#ifndef PS_PARSER_H
#define PS_PARSER_H

#include "ps_model.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ===================================================================== 1. counter logs */

typedef struct ps_log ps_log; /* opaque streaming reader */

typedef struct ps_log_options {
    const ps_filter *filter; /* NULL = every counter; filtered columns are not returned */
    int lenient; /* 1: count bad rows/values and go on (see ps_log_bad_rows) */
    ps_warnings *warnings; /* NULL = drop warnings */
    const char *encoding; /* text logs without a byte order mark: the code page of the
                                  names (ps_log_encoding_known names); NULL = detect */
} ps_log_options;

/* Open a counter log, detecting the format from the content (not the name): PDH-CSV, PDH-TSV
 * (any supported encoding) or a .blg binary log. Reads the header only. path "-" is standard
 * input; a pipe or device is read once, its first bytes kept for the reader (a .blg log needs a
 * regular file: from a pipe it is PS_EINPUT "... cannot be read from a pipe").
 * Errors: PS_EIO (cannot open/read), PS_EINPUT (not a PerfMon log, bad header), each with
 * file/line/col. On success *out must be closed with ps_log_close. */
int ps_log_open(const char *path, const ps_log_options *opt, ps_log **out, ps_error *err);
/* The one counter-log sniffer (ps_log_open uses it; so does run discovery): the reader that
 * ps_log_open would use for a file that starts with head[0..n) and is named path ("blg" or
 * "pdh-text"), or NULL when ps_log_open would refuse it (not a PerfMon log, a Get-Counter export,
 * a legacy binary log, a text log named .blg). head NULL: the first bytes of the regular file at
 * path are read (NULL when it cannot be read). path NULL: the name is not considered. Never
 * fails otherwise; owns nothing. */
const char *ps_log_probe(const char *path, const unsigned char *head, size_t n);
/* 1 when name is an encoding ps_log_options.encoding accepts (utf-8, cp1250..cp1254, cp850,
 * cp866, cp932/shift_jis, cp936/gbk, cp949/euc-kr, cp950/big5, windows-125x; any case), else 0. */
int ps_log_encoding_known(const char *name);
/* Header facts; valid until ps_log_close. Counters are those kept by the filter. */
const ps_log_info *ps_log_info_get(const ps_log *log);
/* Read the next sample set into *row. Returns 1 with a row, 0 at end of file, or a negative
 * -PS_EINPUT / -PS_EIO with err filled (file, line, col). row->values is owned by the reader
 * and valid until the next call. */
int ps_log_next(ps_log *log, ps_row *row, ps_error *err);
/* In lenient mode: number of rows that were skipped or had malformed values. */
uint64_t ps_log_bad_rows(const ps_log *log);
/* Number of values that were missing because of a bad status (.blg) or blank cell. */
uint64_t ps_log_missing_values(const ps_log *log);
/* Bytes consumed so far and total size (for progress bars; total 0 when unknown). */
void ps_log_progress(const ps_log *log, uint64_t *done, uint64_t *total);
void ps_log_close(ps_log *log);
/* perfscribe summary of a big plain-text PDH-CSV/TSV log in parallel: the data lines are cut
 * into `threads` byte ranges at line starts (0 = automatic: one per online CPU, at most 8, for
 * files of 64 MiB and more; 1 = never), each parsed by its own thread into its own ps_summary,
 * and the parts are appended to sum's current file in file order (ps_summary_append_part).
 * Rows for which keep(ctx, row) returns 0 are skipped (keep NULL: every row). Call right after
 * ps_log_open and ps_summary_begin_file(sum, ps_log_info_get(log)), before any ps_log_next.
 * *done = 0: nothing was read or added (UTF-16, --lenient, .blg, small file, one thread, or a
 * decimal-comma file): read the log sequentially. *done = 1: the whole file was handled; do
 * not read the log any more. Errors (with *done = 1): PS_EINPUT / PS_EIO, the first in file
 * order, with its exact line; sum may then hold part of the file. */
int ps_log_summary_parallel(ps_log *log, int threads, int (*keep)(void *ctx, const ps_row *row), void *ctx,
                            ps_summary *sum, int *done, ps_error *err);

/* Backends (implemented in parser/log/pdh/pdh_csv.c and parser/blg_*.c): a backend recognises the
 * first bytes of a file and provides the reader. Used by ps_log_open only. */
typedef struct ps_log_backend {
    const char *name; /* "pdh-text", "blg" */
    /* 1 if this backend reads a file starting with head[0..n); 2 if it recognises a form it
     * refuses with its own message in open (legacy binary log, Get-Counter export); else 0 */
    int (*probe)(const unsigned char *head, size_t n);
    int (*open)(ps_log *log, ps_error *err); /* fills log->info, log->impl */
    int (*next)(ps_log *log, ps_row *row, ps_error *err);
    void (*close)(ps_log *log);
} ps_log_backend;

/* ===================================================================== 2. Jetstress */

/* Read one Jetstress HTML report (any layout/language in the label tables; encoding from BOM,
 * meta charset or sniffing). *out owned by the caller (ps_js_report_free).
 * Errors: PS_EIO, PS_EINPUT (not a Jetstress report, unreadable markup) with file/line. */
int ps_js_report_read(const char *path, ps_js_report **out, ps_warnings *w, ps_error *err);
/* Read a JetstressConfig.xml. *out owned by the caller (ps_js_config_free). */
int ps_js_config_read(const char *path, ps_js_config **out, ps_warnings *w, ps_error *err);
/* Parse Test Log text (lines "M/D/YYYY h:mm:ss AM -- message") into typed events.
 * first_line: line number of text[0] in its file. *ev (array, free each event's strings and
 * the array) owned by the caller. Never fails: unknown lines become PS_EV_OTHER. */
void ps_js_testlog_parse(const char *text, size_t len, long first_line, ps_js_event **ev, size_t *n);

/* The result XML Jetstress writes beside a report (<stem>.xml). Its schema is unknown, so only
 * this is read: the root element name, the longest run of same-named sibling elements (taken as
 * the sample records: their count and element name) and the first machine name found in a
 * counter path "\\MACHINE\..." in an attribute or text. Entities are never expanded. */
typedef struct ps_js_result_xml {
    char *root; /* root element name */
    long samples; /* records in the longest same-name run, -1 when none (< 2) */
    char *sample_element; /* name of those records, NULL when samples is -1 */
    char *machine; /* NULL when no counter path was found */
} ps_js_result_xml;
/* Fill *out (free members with ps_js_result_xml_fini). PS_EIO, PS_EINPUT (malformed XML). */
int ps_js_result_xml_read(const char *path, ps_js_result_xml *out, ps_warnings *w, ps_error *err);
void ps_js_result_xml_fini(ps_js_result_xml *x);

/* Run discovery: every path is a file or a directory (walked recursively). Files are
 * classified by content first, name second: Jetstress HTML reports, Jetstress result XML,
 * JetstressConfig.xml, counter logs (.blg/.csv/.tsv). Reports and configs are parsed; servers
 * are grouped by (machine, test type); log files are attached to the server whose report names
 * them (same stem) or whose machine appears in their counter paths. Logs are NOT read here.
 * *out owned by the caller (ps_js_run_free). Problems that do not stop the run go to
 * (*out)->warnings. Errors: PS_EIO (missing path), PS_EINPUT (a file that cannot be parsed);
 * *out is then NULL when nothing was read yet, else the partial run, kept only for the warnings
 * gathered before the error (the caller frees it either way). */
int ps_js_discover(const char *const *paths, size_t npaths, ps_js_run **out, ps_error *err);

/* Options of the Jetstress pipeline. Zero-initialise, then set what the user gave. */
typedef struct ps_js_options {
    int has_begin, has_end;
    ps_time begin, end; /* -b/-e, local time of the logs ... */
    int begin_utc, end_utc; /* ... or UTC (given with Z or an offset) */
    double mailboxes, iops_per_mailbox; /* NaN/0 = take from report or config */
    int keep_series; /* keep per-instance time series (window samples) for charts */
    int keep_outside; /* with keep_series: the series also hold the samples
                                        outside the window (drawn only, not in any figure) */
    int lenient; /* lenient log reading */
    const char *encoding; /* code page of text logs without a BOM (ps_log_options) */
} ps_js_options;

/* The read -> model stage for server i of a discovered run (ps_js_discover): reads every
 * counter log attached to it (streaming) into per-instance figures over the collection window.
 * Warnings go to run->warnings. On error the run stays valid for ps_js_run_free (its warnings
 * kept). The pipeline (cli/pipeline/ps_pipeline.h) calls it for each server, then computes. */
int ps_js_load_server(ps_js_run *run, size_t i, const ps_js_options *opt, ps_error *err);

/* ===================================================================== 3. thresholds */

/* Read a threshold file and append its rules to *set (set->name set to path when empty). The
 * format is detected by content: PAL threshold XML (first non-blank character '<') or
 * perfscribe's own line format (docs/readme/jetstress.md, samples/thresholds/):
 *   "<counter pattern>"  avg|min|max|p95  instance|server|aggregate  >|>=|<|<=  <limit> <unit>  error|warning
 * Errors: PS_EIO (unreadable), PS_EINPUT with FILE:LINE:COL (bad rule, malformed XML, NUL byte,
 * line longer than 65536 bytes), PS_EINPUT "file larger than 8 MiB". The file is noted as an
 * input (ps_input_note): no output of the process replaces it. */
int ps_thr_read(const char *path, ps_thr_set *set, ps_warnings *w, ps_error *err);
/* Own format from memory; name is used in messages and rule sources ("name:LINE"). */
int ps_thr_parse_text(const char *text, size_t len, const char *name, ps_thr_set *set, ps_error *err);
/* PAL XML: every StaticThreshold call (regex over the CODE text: -Operator 'gt|ge|lt|le',
 * -Threshold N, -CollectionOfCounterInstances $VAR -> the analysis's DATASOURCE path) of enabled
 * analyses; CONDITION Warning -> warning, Critical -> error; statistic avg, scope instance (host
 * counters: server). LogicalDisk seconds become ms. Rules on counters the Jetstress pipeline does
 * not track are counted in set->skipped, not added. <INHERITANCE FILEPATH> files are imported
 * after the file (analyses with an ID already seen are skipped: the child overrides); a missing
 * inherited file is a warning; only a plain file name beside the file is inherited, and only a
 * regular file (an absolute path, a subfolder or /dev/stdin is a warning). libxml2's caps stay
 * on (entity loops refused); CODE text is read from text/CDATA nodes, never expanding entities. */
int ps_thr_import_pal(const char *path, ps_thr_set *set, ps_warnings *w, ps_error *err);

/* ===================================================================== 4. paper text */

/* Read the text of an ESRP white paper (pdftotext -layout output or a plain transcription) into
 * claims: performance tables (per server and aggregate, ESRP v2/v3/v4 wordings), customer profile,
 * backup/replay figures, appendix Jetstress reports (identified by title; report rows, 2007 Disk
 * Subsystem rows, 2010+ instance rows, final test-log lines) and relative-percentage trend cells.
 * Every claim keeps its line and printed precision; a label whose number was lost is an absent
 * claim (NaN), never 0. NUL bytes and invalid UTF-8 are replaced by spaces (counted in
 * sanitized_bytes, one warning). PCRE2 match/depth limits are set; a line that hits them is
 * skipped for that pattern with a warning.
 * *out owned by the caller (ps_paper_free). Errors: PS_EIO (cannot read), PS_EINPUT (empty,
 * binary/too large input, more than PS_PAPER_MAX_BYTES) with the file name. */
#define PS_PAPER_MAX_BYTES (256u << 20)
int ps_paper_read(const char *path, ps_paper **out, ps_warnings *w, ps_error *err);
/* Same from memory; name is used in claims and messages. text need not be NUL-terminated. */
int ps_paper_parse(const char *name, const char *text, size_t len, ps_paper **out, ps_warnings *w, ps_error *err);

/* ===================================================================== 5. solution file */

/* Read a solution description file (format: docs/readme/report.md): "# comment" lines,
 * "[section]" headers, "key = value" entries; a line starting with whitespace continues the
 * previous value (joined with a space); a continuation line holding only "." starts a new
 * paragraph. Section and key names are [a-z0-9_] (case-folded). A key repeated in a section
 * is an error. *out owned by the caller (ps_solution_free).
 * Errors: PS_EIO (cannot read), PS_EINPUT with FILE:LINE:COL (syntax, invalid UTF-8, duplicate,
 * NUL byte, line longer than 65536 bytes, a count - [document] mailboxes, [hardware]
 * disks_tested, [simulated] dags and servers_per_dag - that is not a positive number),
 * PS_EINPUT "file larger than 8 MiB". The file is noted as an input (ps_input_note). */
int ps_solution_read(const char *path, ps_solution **out, ps_error *err);
/* Same from memory; name is used in messages. */
int ps_solution_parse(const char *text, size_t len, const char *name, ps_solution **out, ps_error *err);
void ps_solution_free(ps_solution *sol); /* frees members and sol itself; NULL ok */
/* A count of the solution ([document] mailboxes, ...): 1 and *out when present (validated by
 * ps_solution_parse), 0 when absent. */
int ps_solution_number(const ps_solution *sol, const char *section, const char *key, double *out);

/* ===================================================================== 6. trend tables */

/* Read a trend table file (absolute figures per label, for published results that exist only
 * on paper) and add its labels and metrics to *t. Format (docs/readme/trend.md): '#' comments,
 * a header line `label, Title [unit], ...` (a column with unit `[load]` is the load variable,
 * one with unit `[config]` holds text: the configuration of the label, see ps_trend.config),
 * then one comma-separated line per label; CSV quoting; empty cells are absent values; the
 * printed precision of each column is the largest number of decimals in it.
 * Errors: PS_EIO, PS_EINPUT with FILE:LINE:COL. */
int ps_trend_table_read(const char *path, ps_trend *t, ps_error *err);

#ifdef __cplusplus
}
#endif
#endif /* PS_PARSER_H */
