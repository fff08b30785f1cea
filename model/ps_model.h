/* ps_model.h - perfscribe model library: the only thing pipeline stages share.
 *
 * Contents (sections are owned by topic; keep each one self-contained):
 *   1. status codes, error records, warnings, growable buffers
 *   2. time (milliseconds since 1970, timezone independent)
 *   3. counter paths and relog-style filters
 *   4. per-counter statistics (streaming accumulator + mergeable quantile sketch)
 *   5. log rows (what every log reader yields)
 *   6. Jetstress runs: reports, configuration, figures, verdicts
 *   7. thresholds and verdicts
 *   8. audit claims and findings
 *   9. trends
 *
 * Conventions: every public symbol starts with ps_. Functions that can fail return
 * int (0 = ok, otherwise a PS_E* code) and fill a caller-provided ps_error. Absent
 * numbers are NaN (test with isnan), never 0. Strings are UTF-8. Unless a comment says
 * otherwise, returned pointers are owned by the object they came from.
 */
#ifndef PS_MODEL_H
#define PS_MODEL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ===================================================================== 1. errors */

/* Status codes; the CLI maps them 1:1 to exit codes. */
enum ps_status {
    PS_OK = 0,
    PS_EFAIL = 1,   /* verdict fail or audit findings (not an error of the program) */
    PS_EUSAGE = 2,  /* bad command line */
    PS_EINPUT = 3,  /* bad input file */
    PS_EIO = 4      /* I/O error (open, read, write, rename) */
};

/* One error record: the CLI prints "perfscribe: FILE:LINE:COL: message" (FILE, LINE and COL
 * are left out when empty/0). Library code fills it and returns; it never prints. */
typedef struct ps_error {
    int code;          /* enum ps_status */
    char file[512];
    long line;         /* 1-based, 0 = unknown */
    long col;          /* 1-based, 0 = unknown */
    char msg[512];
} ps_error;

/* Fill err (may be NULL: then nothing happens) and return code. file may be NULL. */
int ps_error_set(ps_error *err, int code, const char *file, long line, long col, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
/* Clear err to code PS_OK and empty strings. */
void ps_error_clear(ps_error *err);
/* Format err as "FILE:LINE:COL: message" (parts left out when absent) into out (size n). */
void ps_error_format(const ps_error *err, char *out, size_t n);

/* Warnings collected by library code for the CLI to print (each once, in order). */
typedef struct ps_warnings {
    char **msgs;
    size_t n, cap;
} ps_warnings;
/* Append a formatted warning; w may be NULL (then it is dropped). Never fails (drops on OOM). */
void ps_warn(ps_warnings *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Free all messages; w stays usable. */
void ps_warnings_free(ps_warnings *w);

/* Allocation helpers: abort the process on out-of-memory (the only place that may exit). */
void *ps_xmalloc(size_t n);
void *ps_xcalloc(size_t n, size_t size);
void *ps_xrealloc(void *p, size_t n);
char *ps_xstrdup(const char *s);            /* s may be NULL -> NULL */
char *ps_xstrndup(const char *s, size_t n);

/* Growable byte buffer; always NUL-terminated. Zero-initialise, then use. */
typedef struct ps_buf {
    char *data;
    size_t len, cap;
} ps_buf;
void ps_buf_put(ps_buf *b, const void *p, size_t n);
void ps_buf_puts(ps_buf *b, const char *s);
void ps_buf_putc(ps_buf *b, char c);
void ps_buf_printf(ps_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ps_buf_vprintf(ps_buf *b, const char *fmt, va_list ap);
void ps_buf_reset(ps_buf *b);               /* len = 0, keeps memory */
void ps_buf_free(ps_buf *b);
char *ps_buf_steal(ps_buf *b);              /* caller owns the result; b is emptied */

/* Locale-independent number formatting (always '.' as decimal separator).
 * ps_fmt_num: %.*f with `decimals`, NaN -> "n/a"; returns out. */
const char *ps_fmt_num(char *out, size_t n, double v, int decimals);
/* ps_fmt_si: 3 significant digits with SI prefix (k, M, G, T; m, u below 1) e.g. "12.3k"; NaN -> "n/a". */
const char *ps_fmt_si(char *out, size_t n, double v);
/* Locale-independent strtod: accepts [-+]digits[.digits][e[-+]digits], "inf"/"nan" refused.
 * Returns 0 and *out on success, -1 when s[0..len) is not entirely a number. */
int ps_parse_double(const char *s, size_t len, double *out);

/* ===================================================================== 2. time */

/* Times are int64 milliseconds since 1970-01-01 00:00:00 in a "wall clock" that has no
 * timezone attached; log readers convert local to UTC with the file's bias. */
typedef int64_t ps_time;
#define PS_TIME_NONE INT64_MIN

/* Days-from-civil based conversions (proleptic Gregorian, no libc timezone use). */
ps_time ps_time_from_fields(int year, int mon, int day, int hour, int min, int sec, int ms);
void ps_time_to_fields(ps_time t, int *year, int *mon, int *day, int *hour, int *min, int *sec, int *ms);
/* "MM/DD/YYYY HH:MM:SS[.mmm]" (PDH-CSV). Returns 0 and *out, -1 on malformed text. */
int ps_time_parse_pdh(const char *s, size_t len, ps_time *out);
/* User-supplied -b/-e times: relog forms "M/D/YYYY H:MM:SS [AM|PM]", "M/D/YYYY HH:MM:SS.mmm",
 * and ISO 8601 "YYYY-MM-DD[THH:MM[:SS[.mmm]]][Z|+hh:mm]". Offset-less values are taken as-is
 * (same clock as the log's local time); a Z/offset value is converted to UTC and *is_utc set. */
int ps_time_parse_user(const char *s, ps_time *out, int *is_utc);
/* ISO 8601 "YYYY-MM-DDTHH:MM:SS.mmmZ" (always with Z; out needs 32 bytes). */
const char *ps_time_format_iso(char *out, size_t n, ps_time t);
/* PDH "MM/DD/YYYY HH:MM:SS.mmm" (out needs 24 bytes). */
const char *ps_time_format_pdh(char *out, size_t n, ps_time t);

/* ===================================================================== 3. counter paths */

/* A parsed PDH counter path. All strings are owned by the struct; absent parts are NULL
 * (index is -1 when there is no "#n" suffix). `full` is the text as written. */
typedef struct ps_counter_path {
    char *full;
    char *machine;   /* without the leading "\\" */
    char *object;
    char *parent;    /* "parent" of "parent/instance", NULL if none */
    char *instance;  /* without "#n" */
    int index;       /* n of "#n", -1 if none */
    char *counter;
} ps_counter_path;

/* Parse "\\machine\object(parent/instance#n)\counter" or "\object(instance)\counter".
 * Fills *out (free with ps_path_free). Returns PS_EINPUT with err->msg on malformed text. */
int ps_path_parse(const char *text, ps_counter_path *out, ps_error *err);
void ps_path_free(ps_counter_path *p);

/* relog-style filter set: patterns like "\LogicalDisk(*)\Avg. Disk sec/Read" or
 * "\\*\Processor(*)\*"; '*' matches any run in each part; matching is case-insensitive.
 * An empty filter matches everything. */
typedef struct ps_filter ps_filter;
ps_filter *ps_filter_new(void);
/* Add one pattern; PS_EUSAGE with a message when it is not a counter path pattern. */
int ps_filter_add(ps_filter *f, const char *pattern, ps_error *err);
/* Add one pattern per line of a file (blank lines and lines starting with '#' skipped;
 * like relog -cf). PS_EIO when unreadable, PS_EUSAGE with FILE:LINE on a bad pattern. */
int ps_filter_add_file(ps_filter *f, const char *file, ps_error *err);
size_t ps_filter_count(const ps_filter *f);
/* 1 when p matches one of the patterns (or the filter is empty), else 0. */
int ps_filter_match(const ps_filter *f, const ps_counter_path *p);
void ps_filter_free(ps_filter *f);

/* ===================================================================== 4. statistics */

/* Quantile sketch: logarithmic buckets with relative accuracy PS_SKETCH_ALPHA (DDSketch
 * style; mergeable). Memory grows with log(max/min) of the values, not their count. */
#define PS_SKETCH_ALPHA 0.01

typedef struct ps_sketch ps_sketch;   /* opaque */

/* Streaming accumulator for one counter. Zero-initialise via ps_acc_init. */
typedef struct ps_acc {
    uint64_t count;      /* present values */
    uint64_t missing;    /* blank / bad-status values */
    double min, max;
    double mean, m2;     /* Welford */
    ps_time first, last; /* timestamps of the first/last present value */
    ps_time prev_t;      /* for the time-weighted mean */
    double prev_v;
    double tw_sum;       /* sum of value * interval (trapezoid-free: left value held) */
    double tw_span;      /* sum of intervals in ms */
    int uneven;          /* 1 when intervals differ by more than 1 %, 2 when time went backwards */
    double first_interval;
    ps_sketch *sketch;
} ps_acc;

/* Finished statistics for one counter; NaN where there were no present values. */
typedef struct ps_stats {
    uint64_t count, missing;
    double min, max, mean, stddev;  /* stddev: sample standard deviation (n-1) */
    double p50, p95, p99;
    double time_weighted_mean;      /* NaN when intervals are even (then equal to mean) */
    ps_time first, last;            /* PS_TIME_NONE when count == 0 */
} ps_stats;

void ps_acc_init(ps_acc *a);
/* Add one sample: v NaN counts as missing. Timestamps should not decrease; when they do,
 * first/last are the earliest/latest and no time-weighted mean is computed. */
void ps_acc_add(ps_acc *a, ps_time t, double v);
/* Add n samples (t[i], v[i]) in time order: same result as n ps_acc_add calls up to rounding,
 * faster (two-pass mean/variance of the batch merged with Chan's formula, no division per value). */
void ps_acc_add_many(ps_acc *a, const ps_time *t, const double *v, size_t n);
/* Merge b into a (both initialised; b unchanged). Used when several files share a counter. */
void ps_acc_merge(ps_acc *a, const ps_acc *b);
void ps_acc_finish(const ps_acc *a, ps_stats *out);
void ps_acc_free(ps_acc *a);

/* Sketch API (used by ps_acc; public for tests and other aggregations). */
ps_sketch *ps_sketch_new(void);
void ps_sketch_add(ps_sketch *s, double v);
/* Add v[0..n) (NaN skipped); same result as n ps_sketch_add calls. */
void ps_sketch_add_many(ps_sketch *s, const double *v, size_t n);
/* Add every value of src to dst (src unchanged; src may be dst: counts double). */
void ps_sketch_merge(ps_sketch *dst, const ps_sketch *src);
/* q in [0,1]; NaN when empty. Result within PS_SKETCH_ALPHA relative of a true q-quantile. */
double ps_sketch_quantile(const ps_sketch *s, double q);
uint64_t ps_sketch_count(const ps_sketch *s);
void ps_sketch_free(ps_sketch *s);

/* Summary of one or more counter logs (perfscribe summary): per-file facts and per-counter
 * statistics, counters merged across files by case-insensitive (ASCII) full path. Built by
 * streaming rows: memory grows with the number of counters, never with the number of rows.
 * Usage: ps_summary_init; per file: ps_summary_begin_file, ps_summary_add_row for each row,
 * ps_summary_end_file; then ps_summary_finish; read; ps_summary_free. */
typedef struct ps_summary_file {
    char *path, *format;     /* owned copies */
    char *timezone;          /* owned, NULL when the writer's zone is unknown */
    int has_bias, bias_minutes;
    uint64_t samples;        /* rows added */
    uint64_t bad_rows;       /* malformed rows skipped (lenient mode) */
    ps_time first, last;     /* utc of the first/last row (== local when !has_bias), or NONE */
    ps_time first_local, last_local;
} ps_summary_file;

typedef struct ps_summary_counter {
    ps_counter_path path;    /* owned copy of the first spelling seen */
    ps_acc acc;
    ps_stats stats;          /* valid after ps_summary_finish */
} ps_summary_counter;

typedef struct ps_summary {
    ps_summary_file *files;
    size_t nfiles, files_cap;
    ps_summary_counter *counters;   /* in order of first appearance (file order, column order) */
    size_t ncounters, counters_cap;
    /* private */
    size_t *slots;                  /* open-addressing index: counter + 1, 0 = empty */
    size_t nslots;
    size_t *colmap;                 /* current file: column -> counter */
    ps_acc *cur;                    /* current file: one accumulator per column */
    size_t ncur;
    double *batch;                  /* current file: batch_rows rows, column-major */
    ps_time *batch_t;               /* their utc times */
    size_t nbatch, batch_rows;
} ps_summary;

struct ps_log_info;
struct ps_row;
void ps_summary_init(ps_summary *s);
/* Register a file (its info must stay valid until ps_summary_end_file) and map its columns. */
void ps_summary_begin_file(ps_summary *s, const struct ps_log_info *info);
/* Add one row of the current file (row->nvalues == info->ncounters). Timestamps are row->utc. */
void ps_summary_add_row(ps_summary *s, const struct ps_row *row);
/* Close the current file: merge its accumulators into the counters; bad_rows is recorded. */
void ps_summary_end_file(ps_summary *s, uint64_t bad_rows);
/* Fill every counter's stats. */
void ps_summary_finish(ps_summary *s);
void ps_summary_free(ps_summary *s);

/* ===================================================================== 5. log rows */

/* Description of one opened counter log (CSV, TSV or .blg). */
typedef struct ps_log_info {
    const char *path;        /* as given */
    const char *format;      /* "csv", "tsv", "blg" */
    const char *timezone;    /* writer's zone name, NULL when unknown */
    int has_bias;            /* 1 when bias_minutes is known */
    int bias_minutes;        /* UTC = local + bias */
    const char *encoding;    /* "ascii", "utf-8", "utf-16le", "cp1252", "cp850", ... */
    size_t ncounters;
    ps_counter_path *counters;  /* ncounters parsed paths, in column order */
    const char *const *header;  /* ncounters header cells exactly as written (for convert) */
} ps_log_info;

/* One sample set (a CSV row or a .blg data record). values[i] is NaN when missing. */
typedef struct ps_row {
    ps_time local;        /* timestamp as written (writer's local time) */
    ps_time utc;          /* local + bias (== local when the bias is unknown) */
    const double *values; /* ncounters values, owned by the reader, valid until the next call */
    size_t nvalues;
    long line;            /* source line (CSV) or record number (.blg), for messages */
} ps_row;

/* ===================================================================== 6. Jetstress */

enum ps_test_type {
    PS_TEST_UNKNOWN = 0,
    PS_TEST_PERFORMANCE,
    PS_TEST_STRESS,
    PS_TEST_BACKUP,        /* DatabaseBackup */
    PS_TEST_SOFTRECOVERY
};
/* "Performance", "Stress", "DatabaseBackup", "SoftRecovery", "Unknown". */
const char *ps_test_type_name(enum ps_test_type t);
/* Case-insensitive parse of the names above (also "backup", "soft recovery"); UNKNOWN if none. */
enum ps_test_type ps_test_type_parse(const char *s);

/* The 12 columns of the Transactional / Total I/O tables. NaN = absent.
 * Latencies in ms, rates per second, sizes in bytes. */
typedef struct ps_io12 {
    double db_read_latency_ms, db_write_latency_ms;
    double db_reads_per_sec, db_writes_per_sec;
    double db_read_bytes, db_write_bytes;
    double log_read_latency_ms, log_write_latency_ms;
    double log_reads_per_sec, log_writes_per_sec;
    double log_read_bytes, log_write_bytes;
} ps_io12;
#define PS_IO12_N 12
/* Field access by index 0..11 in the order above (= report column order). */
double *ps_io12_at(ps_io12 *io, int i);
double ps_io12_get(const ps_io12 *io, int i);
/* JSON key of column i ("db_read_latency_ms", ...). */
const char *ps_io12_key(int i);
void ps_io12_clear(ps_io12 *io);  /* all NaN */

/* Figures of one ESE instance (or 2007 volume), from logs or from a report. */
typedef struct ps_js_figures {
    ps_io12 transactional;
    double maint_reads_per_sec, maint_read_bytes;        /* background maintenance */
    double repl_log_reads_per_sec, repl_log_read_bytes;  /* log replication */
    ps_io12 total;
} ps_js_figures;
void ps_js_figures_clear(ps_js_figures *f);  /* all NaN */

typedef struct ps_js_instance {
    char *name;              /* "Instance900.1" (process prefix such as "JetstressWin/" removed) */
    char *log_path, *db_path;/* from the Database Configuration section, NULL if unknown */
    int has_computed;        /* figures recomputed from counter logs */
    ps_js_figures computed;
    int has_reported;        /* figures read from a report */
    ps_js_figures reported;
    uint64_t samples;        /* samples used in the window (computed) */
} ps_js_instance;

/* One row of the Host System Performance table. */
typedef struct ps_js_host_row {
    char *counter;           /* English row label, e.g. "% Processor Time" */
    double avg, min, max;    /* NaN = absent */
} ps_js_host_row;

/* Backup / soft recovery statistics rows (one per instance plus summary rows). */
typedef struct ps_js_recovery_row {
    char *label;             /* instance name, or "Average"/"Total" summary label */
    int is_summary;
    double db_size_mb;       /* backup */
    double elapsed_s;        /* backup and soft recovery */
    double mb_per_sec;       /* backup throughput */
    double logs_replayed;    /* soft recovery */
    double sec_per_log;      /* soft recovery, computed when absent */
} ps_js_recovery_row;

/* Typed test-log events (Test Log section / ..._testlog). */
enum ps_js_event_kind {
    PS_EV_OTHER = 0, PS_EV_CACHE_SETTINGS, PS_EV_FLUSH_THRESHOLDS, PS_EV_DB_READ_THRESHOLDS,
    PS_EV_LOG_WRITE_THRESHOLDS, PS_EV_LOGGING_STARTED, PS_EV_LOGGING_ENDED, PS_EV_TUNING_START,
    PS_EV_SLOPE, PS_EV_TUNING_STEP, PS_EV_SESSIONS_ACTUAL, PS_EV_INSTANCE_RESULT,
    PS_EV_VOLUME_RESULT, PS_EV_LATENCY_EXCEEDED, PS_EV_OPERATION_MIX, PS_EV_TUNING_DONE,
    PS_EV_BATCH_STATS, PS_EV_INSTANCE_STATES, PS_EV_BLG_SAMPLES, PS_EV_CREATING_REPORT,
    PS_EV_STALLS_MAX, PS_EV_STALLS_SAMPLES, PS_EV_XML_SAMPLES, PS_EV_CACHE_PREREQ,
    PS_EV_CHECKSUM
};
typedef struct ps_js_event {
    enum ps_js_event_kind kind;
    ps_time when;            /* local time of the line, PS_TIME_NONE if unparsable */
    long line;               /* line number in its source */
    char *who;               /* instance / volume / path, may be NULL */
    char *what;              /* counter name or free text, may be NULL */
    double v[6];             /* numeric fields in line order, NaN when absent */
    int final_block;         /* 1 when after "Creating test report..." */
    char *text;              /* the whole message part */
} ps_js_event;

/* A parsed Jetstress HTML report (2007, 2010, 2013, 2016; any language in the label tables). */
typedef struct ps_js_report {
    char *source;            /* file path */
    char *language;          /* "en", "zh-TW", ... */
    int layout_2007;         /* LogicalDisk table with latencies in seconds */
    enum ps_test_type test_type;
    int result;              /* 1 pass, 0 fail, -1 unknown */
    char *result_reason;     /* text after "Fail -", NULL for pass */
    char *machine, *description, *jetstress_version, *ese_version, *os;
    ps_time test_start, test_end, collection_start, collection_end;  /* local */
    char **perf_logs; size_t nperf_logs;
    double achieved_iops, target_iops, initial_db_bytes, final_db_bytes, db_files;
    double thread_count, min_cache_mb, max_cache_mb;
    double insert_pct, delete_pct, replace_pct, read_pct, lazy_commit_pct;
    int bdm;                 /* background maintenance: 1/0, -1 unknown */
    double copies_per_db;
    ps_js_instance *instances; size_t ninstances;   /* reported figures filled */
    ps_js_host_row *host; size_t nhost;
    ps_js_recovery_row *recovery; size_t nrecovery; /* backup or soft recovery tables */
    ps_js_event *events; size_t nevents;
    double page_fault_stalls_avg;                   /* host table, NaN if absent */
} ps_js_report;
void ps_js_report_free(ps_js_report *r);  /* frees members and r itself */

/* Latency thresholds of one set, in ms (NaN = not a criterion). */
typedef struct ps_js_threshold_set {
    double avg_db_read_ms, max_db_read_ms, avg_log_write_ms, max_log_write_ms;
} ps_js_threshold_set;

/* JetstressConfig.xml */
typedef struct ps_js_config {
    char *source;
    char *jetstress_version, *ese_version;
    enum ps_test_type test_type;
    double duration_s;
    double log_interval_ms, log_interval2_ms;
    double max_latency_errors;
    double mailbox_count, mailbox_iops, thread_count, copies_per_db, mailbox_quota_mb;
    double insert_pct, delete_pct, replace_pct, read_pct, lazy_commit_pct;
    int has_strict, has_lenient;
    ps_js_threshold_set strict, lenient;
} ps_js_config;
void ps_js_config_free(ps_js_config *c);  /* frees members and c itself */

/* Per-server (and aggregate) ESRP figures. */
typedef struct ps_js_summary {
    double db_reads_per_sec, db_writes_per_sec, db_transfers_per_sec;
    double achieved_transactional_iops, target_transactional_iops;
    double db_read_latency_ms, db_read_latency_ms_weighted;
    double db_write_latency_ms, db_write_latency_ms_weighted;
    double log_writes_per_sec, log_write_latency_ms, log_write_latency_ms_weighted;
} ps_js_summary;
void ps_js_summary_clear(ps_js_summary *s);  /* all NaN */

enum ps_verdict_result { PS_VERDICT_UNKNOWN = -1, PS_VERDICT_FAIL = 0, PS_VERDICT_PASS = 1 };
typedef struct ps_verdict {
    enum ps_verdict_result result;
    char *profile;           /* "jetstress-2013/strict", ... */
    char **reasons; size_t nreasons;   /* e.g. "JS03 Instance906.3: average database read latency 22.4 ms > 20 ms" */
} ps_verdict;
void ps_verdict_add_reason(ps_verdict *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ps_verdict_free(ps_verdict *v);  /* frees members only */

/* One time series kept for charts (only when a renderer asks for it). */
typedef struct ps_series {
    char *label;
    size_t n, cap;
    ps_time *t;              /* utc */
    double *v;
} ps_series;
void ps_series_push(ps_series *s, ps_time t, double v);
void ps_series_free(ps_series *s);   /* members only */

/* One server's run of one test type. */
typedef struct ps_js_server {
    char *machine;
    enum ps_test_type test_type;
    char *jetstress_version;
    ps_time window_start, window_end;   /* local time of the collection window */
    uint64_t window_samples;
    ps_js_instance *instances; size_t ninstances;
    ps_js_report *report;                /* NULL without a report */
    ps_js_config *config;                /* NULL without a config */
    char **logs; size_t nlogs;           /* counter logs used */
    ps_js_host_row *host; size_t nhost;  /* recomputed host table */
    ps_js_summary summary;
    ps_verdict verdict;
    /* optional time series for charts: per instance db IOPS (reads+writes) and read latency */
    ps_series *series_iops, *series_read_lat; size_t nseries;
} ps_js_server;

/* The whole solution: every server and test found. */
typedef struct ps_js_run {
    ps_js_server *servers; size_t nservers;
    ps_js_summary aggregate;          /* over Performance servers (else over all) */
    ps_warnings warnings;
} ps_js_run;
void ps_js_run_free(ps_js_run *r);   /* frees members and r itself */

/* ===================================================================== 7. thresholds */
/* (owned by the Jetstress compute/judge work; see model/thresholds.c) */

/* ===================================================================== 8. audit */
/* (owned by the audit work; see model/audit.c) */

/* ===================================================================== 9. trends */
/* (owned by the trend work; see model/trend.c) */

#ifdef __cplusplus
}
#endif
#endif /* PS_MODEL_H */
