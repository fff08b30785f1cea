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

#include "ps_hash.h"

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
/* Append the whole file at path to b, at most max bytes (every user-named file has a cap;
 * /dev/zero or an endless pipe stops at it; 0 only for tests): PS_READ_ETOOBIG once b would hold more. A
 * regular file larger than max is refused from its size before reading. The file is noted as
 * an input (ps_input_note) once opened: no output of the process replaces it.
 * Returns PS_READ_OK or what failed, with errno as the failing call left it (EISDIR for a
 * directory); b keeps what was read (the caller frees it). The caller words the error. */
enum { PS_READ_OK = 0, PS_READ_EOPEN, PS_READ_EISDIR, PS_READ_EREAD, PS_READ_ETOOBIG };
int ps_buf_read_file(ps_buf *b, const char *path, size_t max);

/* Locale-independent number formatting (always '.' as decimal separator).
 * ps_fmt_num: %.*f with `decimals`, NaN -> "n/a"; returns out. */
const char *ps_fmt_num(char *out, size_t n, double v, int decimals);
/* The SI prefixes, largest first: the one table behind ps_fmt_si and the chart axes
 * (ps_chart_si_prefix). chart_below: an axis whose largest value is below it is labelled with
 * this prefix (the small prefixes only; 0 for the others). */
typedef struct ps_si_prefix {
    double factor;
    const char *prefix;
    double chart_below;
} ps_si_prefix;
extern const ps_si_prefix ps_si_prefixes[];
extern const size_t ps_si_nprefixes;
/* ps_fmt_si: 3 significant digits with SI prefix (k, M, G, T; m, u below 1) e.g. "12.3k"; NaN -> "n/a". */
const char *ps_fmt_si(char *out, size_t n, double v);
/* Locale-independent strtod: accepts [-+]digits[.digits][e[-+]digits], "inf"/"nan" refused.
 * Returns 0 and *out on success, -1 when s[0..len) is not entirely a number. */
int ps_parse_double(const char *s, size_t len, double *out);

/* Files read as input by this process (hardening): readers note every regular file they read
 * (ps_log_open, the Jetstress readers); ps_outfile_open refuses to replace a noted file, so an
 * output never overwrites an input that a command found by itself (inside a RUN folder).
 * Identity is device + inode (other spellings, hard and symbolic links match). Call from one
 * thread (readers open files on the calling thread); the list lives until the process ends.
 * ps_input_noted: 1 when path names a noted file. */
void ps_input_note(const char *path);
int ps_input_noted(const char *path);

/* ===================================================================== 2. time */

/* Times are int64 milliseconds since 1970-01-01 00:00:00 in a "wall clock" that has no
 * timezone attached; log readers convert local to UTC with the file's bias. */
typedef int64_t ps_time;
#define PS_TIME_NONE INT64_MIN

/* Days-from-civil based conversions (proleptic Gregorian, no libc timezone use). */
ps_time ps_time_from_fields(int year, int mon, int day, int hour, int min, int sec, int ms);
void ps_time_to_fields(ps_time t, int *year, int *mon, int *day, int *hour, int *min, int *sec, int *ms);
/* A PDH-CSV time stamp: "MM/DD/YYYY HH:MM:SS.mmm" as PDH writes it, or any short date Windows
 * writes in a locale (M/D/YYYY, D.M.YYYY, D-M-YYYY, YYYY-M-D, YYYY/M/D, YYYY. M. D.) with
 * H:MM[:SS[.fff]] [AM|PM] (docs/readme/csv.md). Returns 0 and *out, -1 on malformed text. */
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
/* Whole instance text "parent/instance#n" as written (heap, caller frees), NULL without one. */
char *ps_path_instance_text(const ps_counter_path *p);

/* relog-style filter set: patterns like "\LogicalDisk(*)\Avg. Disk sec/Read" or
 * "\\*\Processor(*)\*"; '*' matches any run in each part; matching is case-insensitive.
 * An empty filter matches everything. */
typedef struct ps_filter ps_filter;
ps_filter *ps_filter_new(void);
/* Add one pattern; PS_EUSAGE with a message when it is not a counter path pattern. */
int ps_filter_add(ps_filter *f, const char *pattern, ps_error *err);
/* Largest counter file read (--counter-file): relog's lists are a few KiB. */
#define PS_FILTER_FILE_MAX (8u * 1024u * 1024u)
/* Add one pattern per line of a file (blank lines and lines starting with '#' skipped;
 * like relog -cf). PS_EIO when unreadable, PS_EINPUT "counter file larger than 8 MiB" and
 * "FILE:LINE:COL: NUL byte: not a text file", PS_EUSAGE with FILE:LINE on a bad pattern.
 * The file is noted as an input (ps_input_note). */
int ps_filter_add_file(ps_filter *f, const char *file, ps_error *err);
size_t ps_filter_count(const ps_filter *f);
/* 1 when p matches one of the patterns (or the filter is empty), else 0. */
int ps_filter_match(const ps_filter *f, const ps_counter_path *p);
void ps_filter_free(ps_filter *f);
/* Case-insensitive (ASCII) glob with '*' only (the filter's part matching); s NULL matches
 * only "*" and "". */
int ps_glob_match(const char *pat, const char *s);

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
    double dt_lo, dt_hi; /* smallest / largest interval between present values (for ps_acc_append) */
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
/* Append b, the samples that directly follow a's in time (e.g. the next chunk of the same
 * file): the interval from a's last to b's first present value is held like any other, so the
 * result equals one accumulator fed both runs in order, up to floating-point reassociation of
 * mean, m2 and the time-weighted sums (count, missing, min, max, first, last, sketch and the
 * evenness decision are identical). b is unchanged. */
void ps_acc_append(ps_acc *a, const ps_acc *b);
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
    ps_time first, last;     /* utc of the earliest/latest row (the first/last unless time stamps
                                went backwards; == local when !has_bias), or NONE */
    ps_time first_local, last_local;
} ps_summary_file;

typedef struct ps_summary_counter {
    ps_counter_path path;    /* owned copy of the first spelling seen */
    ps_acc acc;
    ps_stats stats;          /* valid after ps_summary_finish */
    size_t file_mark;        /* private: number of the last file (1-based) whose column maps here */
} ps_summary_counter;

typedef struct ps_summary {
    ps_summary_file *files;
    size_t nfiles, files_cap;
    ps_summary_counter *counters;   /* in order of first appearance (file order, column order) */
    size_t ncounters, counters_cap;
    /* private */
    ps_hash index;                  /* lower-cased full path -> counter (a path may repeat) */
    size_t *colmap;                 /* current file: column -> counter */
    ps_acc *cur;                    /* current file: one accumulator per column */
    size_t ncur;
    double *batch;                  /* current file: batch_rows rows, row-major (ncur values a row) */
    ps_time *batch_t;               /* their utc times */
    size_t nbatch, batch_rows;
    size_t ld;                      /* doubles per batch row (ncur rounded up to a cache line) */
    double *tile;                   /* one cache line of columns of the batch, column-major */
} ps_summary;

struct ps_log_info;
struct ps_row;
void ps_summary_init(ps_summary *s);
/* Register a file (its info must stay valid until ps_summary_end_file) and map its columns. */
void ps_summary_begin_file(ps_summary *s, const struct ps_log_info *info);
/* Add one row of the current file (row->nvalues == info->ncounters). Timestamps are row->utc. */
void ps_summary_add_row(ps_summary *s, const struct ps_row *row);
/* Rows written straight into the row buffer: the first free row (stride doubles a row), and
 * *nrows >= 1 free rows; ps_summary_rows_commit then adds the first n written, with their
 * times, as n ps_summary_add_row calls would. Nothing else may touch s in between. */
double *ps_summary_rows_free(ps_summary *s, size_t *nrows, size_t *stride);
void ps_summary_rows_commit(ps_summary *s, const ps_time *utc, const ps_time *local, size_t n);
/* Close the current file: merge its accumulators into the counters; bad_rows is recorded. */
void ps_summary_end_file(ps_summary *s, uint64_t bad_rows);
/* Parallel reading of one file: part is a separate ps_summary that was begun with the same
 * info as s's current file and fed a later run of its rows (the next chunk of the file, in file
 * order). Appends part's rows to s's current file (file facts and per-column accumulators, via
 * ps_acc_append). part stays valid (free it with ps_summary_free). */
void ps_summary_append_part(ps_summary *s, ps_summary *part);
/* Feed the rows buffered for the current file to its accumulators now (a reading thread does
 * this for its part, so that the thread appending the parts does not). */
void ps_summary_flush(ps_summary *s);
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
/* Index of each of the 12 columns (same order as the fields above). */
enum ps_io12_col {
    PS_IO_DB_READ_LAT, PS_IO_DB_WRITE_LAT, PS_IO_DB_READS, PS_IO_DB_WRITES,
    PS_IO_DB_READ_BYTES, PS_IO_DB_WRITE_BYTES, PS_IO_LOG_READ_LAT, PS_IO_LOG_WRITE_LAT,
    PS_IO_LOG_READS, PS_IO_LOG_WRITES, PS_IO_LOG_READ_BYTES, PS_IO_LOG_WRITE_BYTES
};
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
    int line_id;             /* catalogue id 1..32 of the matching pattern (L01..L32), 0 = none */
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
    int ese_counters_off;    /* 1 when <UseEseCounters> is false: the LogicalDisk (2007) form */
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
/* Where a verdict comes from (README "Verdict sources"). NONE: no criteria (backup, soft recovery). */
enum ps_verdict_source {
    PS_VSRC_NONE = 0,
    PS_VSRC_RECOMPUTED,      /* every rule evaluated from the counter logs; no printed verdict */
    PS_VSRC_REPORTED,        /* recomputation incomplete: the report's printed verdict, not recomputed */
    PS_VSRC_BOTH             /* printed and recomputed verdicts both known (a disagreement fails) */
};
/* "none", "recomputed", "reported", "both" (JSON values); NULL when out of range. */
const char *ps_verdict_source_name(enum ps_verdict_source s);
/* The source named by ps_verdict_source_name (NULL or unknown text: PS_VSRC_NONE). */
enum ps_verdict_source ps_verdict_source_parse(const char *name);
/* Words for documents and verdict lines: "recomputed", "as reported, not recomputed",
 * "reported and recomputed", "no criteria". */
const char *ps_verdict_source_words(enum ps_verdict_source s);
typedef struct ps_verdict {
    enum ps_verdict_result result;
    enum ps_verdict_source source;
    int disagree;            /* printed and recomputed verdicts differ (the verdict is then FAIL) */
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
    char *ignored_report;                /* a report beside the logs that could not be read, or NULL */
    ps_js_config *config;                /* NULL without a config */
    char **logs; size_t nlogs;           /* counter logs used */
    ps_js_host_row *host; size_t nhost;  /* recomputed host table */
    ps_js_summary summary;
    ps_verdict verdict;
    /* optional time series for charts: per instance db IOPS (reads+writes) and read latency,
     * every sample of the logs (also outside the collection window), UTC */
    ps_series *series_iops, *series_read_lat; size_t nseries;
    int has_local_minus_utc;             /* set by ps_js_load_server when a log sample lies in the window */
    ps_time local_minus_utc;             /* logs' local time - UTC (series clock) at that sample */
    struct ps_js_server_stats *stats;    /* per-sample window statistics (section 7), NULL if none */
} ps_js_server;

/* The whole solution: every server and test found. */
typedef struct ps_js_run {
    ps_js_server *servers; size_t nservers;
    ps_js_summary aggregate;          /* over Performance servers (else over all) */
    ps_warnings warnings;
} ps_js_run;
void ps_js_run_free(ps_js_run *r);   /* frees members and r itself */

/* ===================================================================== 6b. solution description */
/* (owned by the ESRP document work; parsed by parser/config/solution.c, read by render/doc/doc_model.c)
 * The text of an ESRP paper that only a person can write (vendor, product, features, hardware
 * rows, ...), from a "solution description" file: INI-like "[section]" headers and
 * "key = value" entries; see docs/readme/report.md. Keys are kept as written (lower case). */
typedef struct ps_solution_entry {
    char *section;           /* "document", "hardware", ... (lower case) */
    char *key;               /* lower case */
    char *value;             /* paragraphs separated by "\n\n"; never NULL */
    long line, col;          /* where the key starts, for messages */
} ps_solution_entry;

typedef struct ps_solution {
    char *source;            /* file path as given */
    ps_solution_entry *entries; size_t nentries;
} ps_solution;

/* ===================================================================== 7. thresholds */
/* Jetstress computation (model/jetstress/js_counters.c, model/jetstress/js_compute.c) and thresholds/verdicts
 * (model/jetstress/thresholds.c). */

/* Every quantity the Jetstress pipeline tracks. 0..11 are the ps_io12 columns of one ESE
 * instance (same order), then the two maintenance columns, then the host counters. */
enum ps_js_metric {
    PS_JM_MAINT_READS = PS_IO12_N,   /* Database Maintenance IO Reads/sec */
    PS_JM_MAINT_BYTES,               /* Database Maintenance IO Reads Average Bytes */
    PS_JM_NINST,                     /* number of per-instance metrics (14) */
    PS_JM_CPU = PS_JM_NINST,         /* Processor(_Total)\% Processor Time */
    PS_JM_AVAIL_MB,                  /* Memory\Available MBytes */
    PS_JM_FREE_PTE,                  /* Memory\Free System Page Table Entries */
    PS_JM_TRANSITION,                /* Memory\Transition Pages RePurposed/sec */
    PS_JM_NONPAGED,                  /* Memory\Pool Nonpaged Bytes */
    PS_JM_PAGED,                     /* Memory\Pool Paged Bytes */
    PS_JM_STALLS,                    /* MSExchange Database(JetstressWin)\Database Page Fault Stalls/sec */
    PS_JM_N                          /* number of metrics (21) */
};
#define PS_JM_NHOST (PS_JM_N - PS_JM_NINST)
/* English name of a metric as in the reports ("I/O Database Reads Average Latency", "% Processor
 * Time", ...), its words for verdict reasons ("database read latency") and its canonical unit
 * ("ms", "/s", "B", "%", "MB", "" for counts). NULL for an out-of-range metric. */
const char *ps_js_metric_name(int metric);
const char *ps_js_metric_words(int metric);
const char *ps_js_metric_unit(int metric);
/* Metric whose rate weights a latency metric (db read latency -> db reads/sec, ...); -1 if none. */
int ps_js_metric_weight(int metric);

/* Role of a PerfMon object in a Jetstress counter log (the classification table of
 * model/jetstress/js_counters.c; English and German object names, case and spacing ignored). */
enum ps_js_role {
    PS_JS_ROLE_OTHER = 0,        /* anything else: never read */
    PS_JS_ROLE_ESE_INSTANCE,     /* MSExchange Database ==> Instances: the instances */
    PS_JS_ROLE_ESE_PROCESS,      /* MSExchange Database(JetstressWin|Information Store): host row only */
    PS_JS_ROLE_LOGICALDISK,      /* LogicalDisk: instances only in the Jetstress 2007 form */
    PS_JS_ROLE_PHYSICALDISK,     /* PhysicalDisk: never read */
    PS_JS_ROLE_PROCESSOR,        /* Processor: host row from _Total only */
    PS_JS_ROLE_MEMORY,           /* Memory: host rows */
    PS_JS_ROLE_SYSTEM,           /* System: never read */
    PS_JS_ROLE_N
};
/* Role of an object name; PS_JS_ROLE_OTHER when unknown or NULL. */
enum ps_js_role ps_js_object_role(const char *object);
/* "ese-instance", "ese-process", "logicaldisk", "physicaldisk", "processor", "memory", "system",
 * "other"; NULL when out of range. */
const char *ps_js_role_name(enum ps_js_role role);

/* One counter of a log classified for the Jetstress pipeline (ps_js_classify). */
typedef struct ps_js_counter_ref {
    enum ps_js_role role;  /* role of the counter's object */
    int metric;          /* enum ps_js_metric */
    int is_total;        /* the _Total instance (never an instance; checked against the sum) */
    int volume_2007;     /* LogicalDisk counter of a Jetstress 2007 log (instance = drive) */
    int priority;        /* 0 = plain counter, 1 = (Attached) form: used only when no plain one */
    double scale;        /* multiply the logged value by this (1000 for seconds -> ms) */
    char instance[128];  /* instance name with the process prefix removed, "" for host counters */
} ps_js_counter_ref;
/* Classify a counter by object, instance and counter name (case-insensitive; English, German and
 * (Attached) synonyms from a table). Returns 1 and fills *out when the counter is one the pipeline
 * uses, else 0. Instances: "<process>/" removed, then the "Instance<N>.<k>" substring when
 * present, else the rest. 2007 LogicalDisk counters are in seconds (scale 1000). */
int ps_js_classify(const char *object, const char *instance, const char *counter, ps_js_counter_ref *out);
/* Metric of an object + counter name (no instance); -1 when unknown. Used by threshold rules.
 * *scale as in ps_js_classify; *volume (may be NULL) = 1 for a Jetstress 2007 LogicalDisk counter. */
int ps_js_metric_from_counter(const char *object, const char *counter, double *scale, int *volume);

/* Per-sample statistics of one metric over the collection window: count, sum, min, max and the
 * PS_JS_TOPK largest values (exact counts of samples above a limit while they fit, p95 exact
 * while 5 % of the samples fit). Memory is bounded and does not grow with the sample count. */
#define PS_JS_TOPK 512
typedef struct ps_js_stat {
    uint64_t n;
    double sum, min, max;
    double *top; size_t ntop;   /* min-heap of the largest values, NULL until the first sample */
} ps_js_stat;
void ps_js_stat_add(ps_js_stat *s, double v);        /* NaN ignored */
double ps_js_stat_mean(const ps_js_stat *s);         /* NaN when empty */
/* Number of samples > limit; *exact = 0 when it may be more (top list full). */
uint64_t ps_js_stat_count_above(const ps_js_stat *s, double limit, int *exact);
/* Nearest-rank 95th percentile; NaN when empty or when it is outside the kept top values. */
double ps_js_stat_p95(const ps_js_stat *s);
void ps_js_stat_free(ps_js_stat *s);

/* Accumulators of one instance: per-sample statistics of each instance metric and, for the four
 * latencies, the I/O-weighted window mean sums (Σ lat_t·rate_t and Σ rate_t over samples where
 * both are present). */
typedef struct ps_js_inst_acc {
    ps_js_stat m[PS_JM_NINST];
    double wsum[PS_JM_NINST], wrate[PS_JM_NINST];
    ps_time last;                /* local time of the last sample taken (overlap guard) */
} ps_js_inst_acc;
/* Per-server accumulators (owned by ps_js_server.stats): one per instance in the same order as
 * server->instances, the host metrics, and the _Total cross-check sums. */
typedef struct ps_js_server_stats {
    ps_js_inst_acc *inst; size_t ninst;
    ps_js_stat host[PS_JM_NHOST];
    double total_logged[PS_IO12_N], total_summed[PS_IO12_N];  /* window sums of _Total vs Σ instances */
    uint64_t total_rows;
} ps_js_server_stats;
void ps_js_server_stats_free(ps_js_server_stats *st);   /* frees members and st; NULL allowed */
/* Add one sample row of one instance: v[PS_JM_NINST] (NaN = absent). Updates the statistics and
 * the weighted sums. */
void ps_js_inst_acc_add(ps_js_inst_acc *a, const double *v);

/* Figures of an instance from window means (plain means of the samples): transactional = the 12
 * columns, maintenance = the 2 maintenance columns, replication = log reads/sec and log read
 * bytes, total = transactional except db reads/sec + maintenance reads/sec and db read bytes =
 * reads-weighted mean of the transactional and maintenance read sizes. means[PS_JM_NINST]. */
void ps_js_figures_from_means(const double *means, ps_js_figures *out);
/* Finish a server after streaming: fill every instance's computed figures from its accumulator
 * (has_computed when it saw samples), the host table (avg/min/max) and the summary. */
void ps_js_server_finish(ps_js_server *s);
/* Per-server summary from the instance figures: the recomputed instances when any instance was
 * recomputed from logs, else the reported ones. Sums of rates, plain and IOPS-weighted latency
 * means, transfers, achieved IOPS; target = target_iops (NaN = unknown). */
void ps_js_summarize(const ps_js_server *s, double target_iops, ps_js_summary *out);
/* Aggregate: over the Performance servers (all servers when there is none): rates summed,
 * latencies the plain mean of the server means, weighted = Σ rate·lat / Σ rate over every
 * instance of those servers. */
void ps_js_aggregate(ps_js_run *r);
/* Figures of instance i that enter server sums and means (see ps_js_summarize); NULL = none. */
const ps_js_figures *ps_js_sum_figures(const ps_js_server *s, size_t i);
/* Figures shown for an instance: computed when present, else reported, else NULL. */
const ps_js_figures *ps_js_instance_figures(const ps_js_instance *in);

/* ---- thresholds and verdicts (model/jetstress/thresholds.c) */
enum ps_thr_stat { PS_THR_AVG, PS_THR_MIN, PS_THR_MAX, PS_THR_P95, PS_THR_EXCEED };
enum ps_thr_scope { PS_THR_INSTANCE, PS_THR_SERVER, PS_THR_AGGREGATE };
enum ps_thr_op { PS_THR_GT, PS_THR_GE, PS_THR_LT, PS_THR_LE };
enum ps_thr_severity { PS_THR_ERROR, PS_THR_WARNING };

/* One rule: "<statistic> of <metric> over <scope> <op> <limit>". For PS_THR_EXCEED the rule
 * fails when more than max_errors samples are > limit (Jetstress maximum latency). */
typedef struct ps_thr_rule {
    char *counter;        /* counter pattern as written (display), owned */
    char *instance;       /* instance glob ('*' wildcard), NULL = every instance; owned */
    int metric;           /* enum ps_js_metric */
    enum ps_thr_stat stat;
    enum ps_thr_scope scope;
    enum ps_thr_op op;
    double limit;         /* in the metric's canonical unit */
    double max_errors;    /* PS_THR_EXCEED only */
    int volume;           /* instances judged: -1 all, 0 ESE instances, 1 Jetstress 2007 volumes */
    enum ps_thr_severity severity;
    char *source;         /* "FILE:LINE" or "jetstress-2013/strict", owned */
} ps_thr_rule;

typedef struct ps_thr_set {
    char *name;           /* "jetstress-2013/strict", a file name, ... owned */
    ps_thr_rule *rules; size_t n;
    size_t skipped;       /* imported rules whose counter the pipeline does not track */
} ps_thr_set;
/* Append a copy of *r (strings duplicated). */
void ps_thr_add(ps_thr_set *set, const ps_thr_rule *r);
void ps_thr_set_free(ps_thr_set *set);   /* members only */
const char *ps_thr_stat_name(enum ps_thr_stat s);     /* "avg", "min", "max", "p95", "exceed" */
const char *ps_thr_op_text(enum ps_thr_op op);        /* ">", ">=", "<", "<=" */
/* 1 when `value op limit` holds (the rule is violated), 0 otherwise or when value is NaN. */
int ps_thr_violates(enum ps_thr_op op, double value, double limit);

/* Built-in profiles: "jetstress-2007", "jetstress-2010", "jetstress-2013" ("jetstress-2016" and
 * "jetstress-2019" are aliases of 2013). Returns the canonical name or NULL when unknown. */
const char *ps_js_profile_canonical(const char *name);
/* The i-th profile name --profile accepts (the canonical names, then the "jetstress-" aliases),
 * NULL past the last: for listings and shell completion. */
const char *ps_js_profile_name(size_t i);
/* Profile from a Jetstress or ESE version string: 08.x/8.x -> 2007, 14.x -> 2010, 15.x -> 2013;
 * NULL when unknown. */
const char *ps_js_profile_from_version(const char *version);
/* Latency set of a profile (lenient = Stress). 0 on success, -1 for an unknown profile. */
int ps_js_profile_set(const char *profile, int lenient, ps_js_threshold_set *out);
/* Rules of a profile for a server: averages of db read and log write latency per instance,
 * maximum-latency exceedance counts (max_errors allowed), and (2013+) average page fault stalls
 * > 1 per server. `set` gives the latencies (from ps_js_profile_set or a config). */
void ps_js_profile_rules(const char *profile, const ps_js_threshold_set *set, double max_errors,
                         ps_thr_set *out);

/* Options of the judge. */
typedef struct ps_js_judge_options {
    const char *profile;          /* forced profile, NULL = from the report/config version */
    int lenient;                  /* 1 = lenient set for every server (--lenient) */
    const ps_thr_set *extra;      /* rules from --thresholds, NULL = none */
} ps_js_judge_options;
/* Judge every server: fills server->verdict (result, profile, reasons in words such as
 * "MBX03 Instance4711.3: average database read latency 22.4 ms > 20 ms"), notes when
 * Jetstress's printed verdict differs from the recomputed one, and judges aggregate-scope
 * rules onto every server's verdict. Warnings (unknown version, skipped checks) go to
 * run->warnings. Returns PS_OK, or PS_EUSAGE with err for an unknown profile name. */
int ps_js_judge(ps_js_run *run, const ps_js_judge_options *opt, ps_error *err);

/* ===================================================================== 8. audit */
/* (owned by the audit work; see model/audit/audit.c, model/audit/audit_checks.c, parser/paper/paper.c) */

enum ps_severity { PS_SEV_INFO = 0, PS_SEV_WARNING = 1, PS_SEV_ERROR = 2 };
/* "info", "warning", "error". */
const char *ps_severity_name(enum ps_severity s);

/* What a claim states. Summary-table metrics first (their order is the table row order). */
enum ps_metric {
    PS_M_DB_TRANSFERS = 0, PS_M_DB_READS, PS_M_DB_WRITES, PS_M_DB_READ_LAT, PS_M_DB_WRITE_LAT,
    PS_M_LOG_WRITES, PS_M_LOG_WRITE_LAT,          /* 0..6: "Storage Performance Results" rows */
    PS_M_MAILBOXES, PS_M_MAILBOXES_PER_SERVER, PS_M_SERVERS,
    PS_M_PROFILE_IOPS,    /* estimated IOPS per mailbox before headroom */
    PS_M_TESTED_IOPS,     /* "Simulated profile: I/O's per second per mailbox" (after headroom) */
    PS_M_HEADROOM_PCT,
    PS_M_TARGET_IOPS, PS_M_ACHIEVED_IOPS,
    PS_M_BACKUP_MBS_DB, PS_M_BACKUP_MBS_SERVER, PS_M_REPLAY_SEC,
    PS_M_VERDICT,         /* 1 Pass, 0 Fail */
    PS_M_COL,             /* a report table cell: instance/volume `who`, io12 column `col` */
    PS_M_LOG_LAT,         /* a final test-log latency line: `who`, io12 column `col` */
    PS_M_THR_DB_READ,     /* average DB read latency threshold (ms) of the test log */
    PS_M_THR_LOG_WRITE,   /* average log write latency threshold (ms) */
    PS_M_INTERVAL_MS,     /* performance logging interval of the run (largest seen) */
    PS_M_BLG_SAMPLES, PS_M_XML_SAMPLES,
    PS_M_COLLECTION_START, PS_M_COLLECTION_END,  /* value = ps_time (ms) as double */
    PS_M_STALLS_AVG,      /* Database Page Fault Stalls/sec, host table average */
    PS_M_COUNT
};
/* Stable key of a metric ("db_transfers_per_sec", ...). */
const char *ps_metric_key(enum ps_metric m);

/* Where in a paper a claim was read. */
enum ps_claim_ctx { PS_CTX_BODY = 0, PS_CTX_REPORT };

/* One number stated by a paper (or read from a report), with its printed precision. */
typedef struct ps_claim {
    enum ps_metric metric;
    enum ps_claim_ctx ctx;
    int table;            /* body: index into ps_paper.tables for metrics 0..6, else -1 */
    int report;           /* report context: index into ps_paper.reports, else -1 */
    char *who;            /* PS_M_COL / PS_M_LOG_LAT: "Instance900.1" or a volume "M:"; else NULL */
    int col;              /* io12 column for PS_M_COL / PS_M_LOG_LAT, else -1 */
    int total_table;      /* 1: cell of the Total I/O table (2010+) */
    double value;         /* canonical unit (ms, 1/s, count, percent); NaN = absent */
    double half_unit;     /* half of the last printed digit, in the canonical unit */
    int decimals;         /* printed decimals (-1 when absent) */
    char *text;           /* the number exactly as printed, NULL when absent */
    char *label;          /* the label as matched */
    long line;            /* 1-based line in the paper */
} ps_claim;

/* A "Storage Performance Results" table of the paper body (one per server, or the aggregate). */
typedef struct ps_paper_table {
    char *server;         /* "server 1", ..., "aggregate" */
    int aggregate;
    long line;            /* line of its first row */
} ps_paper_table;

/* A Jetstress report reproduced in an appendix, identified by title (never by letter). */
typedef struct ps_paper_report {
    enum ps_test_type type;
    int layout_2007;      /* LogicalDisk volumes with latencies in seconds */
    char *title;          /* the title text matched */
    char *name;           /* "MBX01 Performance" once the Machine Name row is read, else the title */
    long line;
} ps_paper_report;

/* One cell "p% [value unit]" of a relative-percentage trend table. */
typedef struct ps_pct_cell {
    long line;
    int block;            /* table id: cells of consecutive lines form one table */
    double pct; int pct_decimals;
    double value; int value_decimals;   /* NaN / -1 when lost */
    char unit[16];        /* lower-cased unit word ("iops", "msec", ...) */
} ps_pct_cell;

/* Everything read from one paper text. Free with ps_paper_free. */
typedef struct ps_paper {
    char *source;
    int esrp_major;       /* 2, 3, 4; 0 when not stated */
    ps_claim *claims; size_t nclaims, capclaims;
    ps_paper_table *tables; size_t ntables, captables;
    ps_paper_report *reports; size_t nreports, capreports;
    ps_pct_cell *cells; size_t ncells, capcells;
    size_t sanitized_bytes;   /* NUL / invalid UTF-8 bytes replaced by spaces */
} ps_paper;
/* Append a claim (strings copied; NULL allowed); returns it. */
ps_claim *ps_paper_add_claim(ps_paper *p, enum ps_metric m, enum ps_claim_ctx ctx, long line,
                             const char *label, const char *text, double value, int decimals,
                             double scale);
void ps_paper_free(ps_paper *p);   /* frees members and p itself; NULL ok */

/* One audit finding. Strings owned by the finding. */
typedef struct ps_finding {
    const char *kind;     /* stable check name from the checks table ("transfers-not-sum") */
    enum ps_severity severity;
    char *file; long line;
    char *server;         /* "server 1", "aggregate", machine name, NULL */
    char *metric;         /* metric key or instance/column, NULL */
    double stated, expected;   /* NaN when not applicable */
    char *message;        /* the arithmetic in words */
} ps_finding;

/* One row of the checks table (model/audit/audit_checks.c). */
typedef struct ps_audit_check {
    const char *kind;
    enum ps_severity severity;   /* default severity (some findings of a kind are lower) */
    const char *tolerance;       /* the tolerance rule in words */
    const char *explain;         /* one-line explanation template */
} ps_audit_check;
/* The checks table; *n receives its length. */
const ps_audit_check *ps_audit_checks(size_t *n);

typedef struct ps_audit {
    ps_finding *findings; size_t n, cap;
    size_t claims;        /* numbers read (paper claims + report values) */
    size_t checked;       /* comparisons made */
    size_t pct_checked;   /* trend percentages compared (subset of checked) */
} ps_audit;

/* Run every check over a paper (NULL allowed) and a Jetstress run (NULL allowed); findings
 * are appended to *out (zero-initialised by the caller) and sorted by severity (error first),
 * then file and line. Never fails. */
void ps_audit_run(const ps_paper *paper, const ps_js_run *run, ps_audit *out);
/* Number of findings of severity >= sev. */
size_t ps_audit_count(const ps_audit *a, enum ps_severity sev);
void ps_audit_free(ps_audit *a);    /* members only */

/* The interval rule (docs/formats.md#interval-rule): 1 when the printed percentage p (half-unit hp) is consistent with
 * value/base (half-units hv, hb); lo/hi receive the accepted interval. */
int ps_pct_consistent(double p, double hp, double value, double hv, double base, double hb,
                      double *lo, double *hi);
/* Half of the last printed digit: 0.5 * 10^-decimals. */
double ps_half_unit(int decimals);

/* ===================================================================== 9. trends */

/* One metric row of a trend: key (stable, for JSON), title, unit and printed precision. */
typedef struct ps_trend_metric {
    char *key;          /* "achieved_iops", "db_read_latency_ms", "achieved_iops@MBX01", ... */
    char *title;        /* "Achieved transactional IOPS" */
    char *unit;         /* "IOPS", "ms", "" */
    int decimals;       /* printed precision of the absolute values */
    int lower_is_better;/* latencies: 1 */
} ps_trend_metric;

/* Labels x metrics matrix of absolute values (NaN = absent), in the order given. */
typedef struct ps_trend {
    char **labels; size_t nlabels;
    ps_trend_metric *metrics; size_t nmetrics;
    double *values;     /* nlabels * nmetrics, row-major by label */
    double *load;       /* per label load variable (users, mailboxes, threads), NaN = none */
    char *load_name;    /* "users", NULL when no load variable */
    size_t baseline;    /* index of the baseline label */
    char **config;      /* per label: configuration name (one series per configuration in the
                           metric-vs-load chart), NULL = none (all labels form one series) */
    ps_series *iops_series; /* per label: transactional IOPS (database reads + writes, summed
                           over instances and servers) against relative time: t = ms since the
                           collection start (first window sample), so t[0] == 0; n == 0 when
                           the label has none (table labels, runs loaded without series) */
} ps_trend;

/* Add a label (returns its index) / find or add a metric (returns its index; the first call
 * fixes title, unit, decimals). Values start NaN. */
size_t ps_trend_add_label(ps_trend *t, const char *label);
size_t ps_trend_metric_index(ps_trend *t, const char *key, const char *title, const char *unit,
                             int decimals, int lower_is_better);
void ps_trend_set(ps_trend *t, size_t label, size_t metric, double v);
double ps_trend_get(const ps_trend *t, size_t label, size_t metric);
/* Find a label by name (exact); returns -1 when absent. */
long ps_trend_find_label(const ps_trend *t, const char *label);
/* Relative value in percent against the baseline label: 100 * v / base; NaN when either is
 * absent or the base is 0. */
double ps_trend_relative(const ps_trend *t, size_t label, size_t metric);
/* Rounding intervals of printed percentages: see ps_pct_consistent (section 8). */
/* Fill the standard metrics of one label from a computed Jetstress run: aggregate and
 * per-server achieved IOPS, total IOPS, target, latencies (plain and weighted), and, when
 * mailboxes/disks > 0, IOPS per mailbox, per 1,000 mailboxes and per disk. */
void ps_trend_from_run(ps_trend *t, size_t label, const ps_js_run *run, double mailboxes, double disks);
/* Fill t->iops_series[label] from the per-instance series of run (loaded with
 * ps_js_options.keep_series): per server the instance series are summed sample by sample;
 * servers are summed by sample index (sample k of every server, up to the shortest server);
 * time = the first server's sample time minus its first sample time. Leaves the series
 * empty when run has no series. Replaces what was there. */
void ps_trend_series_from_run(ps_trend *t, size_t label, const ps_js_run *run);
/* Key of the standard run metric (ps_trend_from_run) whose key or title equals name
 * (case-insensitive), e.g. "Achieved transactional IOPS" -> "achieved_iops"; NULL if none.
 * Lets table files put published figures in the same rows as measured runs. */
const char *ps_trend_run_metric_key(const char *name);
/* Set (copy) the configuration name of a label; NULL clears it. */
void ps_trend_set_config(ps_trend *t, size_t label, const char *config);
/* Mailboxes of a run: the sum of the JetstressConfig.xml MailboxCount of the servers in the
 * aggregate (Performance servers when there are any); NaN when a server has none. */
double ps_trend_run_mailboxes(const ps_js_run *run);
void ps_trend_free(ps_trend *t);   /* members only */

#ifdef __cplusplus
}
#endif
#endif /* PS_MODEL_H */
