/* ps_stats.h - per-counter statistics (accumulator, quantile sketch, summaries) and log rows.
 * Part of the public interface of its library; the umbrella header includes it. */
#ifndef PS_STATS_H
#define PS_STATS_H

#include "ps_core.h"
#include "ps_hash.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ===================================================================== 4. statistics */

/* Quantile sketch: logarithmic buckets with relative accuracy PS_SKETCH_ALPHA (DDSketch
 * style; mergeable). Memory grows with log(max/min) of the values, not their count. */
#define PS_SKETCH_ALPHA 0.01

typedef struct ps_sketch ps_sketch; /* opaque */

/* Streaming accumulator for one counter. Zero-initialise via ps_acc_init. */
typedef struct ps_acc {
    uint64_t count; /* present values */
    uint64_t missing; /* blank / bad-status values */
    double min, max;
    double mean, m2; /* Welford */
    ps_time first, last; /* timestamps of the first/last present value */
    ps_time prev_t; /* for the time-weighted mean */
    double prev_v;
    double tw_sum; /* sum of value * interval (trapezoid-free: left value held) */
    double tw_span; /* sum of intervals in ms */
    int uneven; /* 1 when intervals differ by more than 1 %, 2 when time went backwards */
    double first_interval;
    double dt_lo, dt_hi; /* smallest / largest interval between present values (for ps_acc_append) */
    ps_sketch *sketch;
} ps_acc;

/* Finished statistics for one counter; NaN where there were no present values. */
typedef struct ps_stats {
    uint64_t count, missing;
    double min, max, mean, stddev; /* stddev: sample standard deviation (n-1) */
    double p50, p95, p99;
    double time_weighted_mean; /* NaN when intervals are even (then equal to mean) */
    ps_time first, last; /* PS_TIME_NONE when count == 0 */
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
void ps_acc_fini(ps_acc *a); /* members only (its sketch) */

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
 * ps_summary_end_file; then ps_summary_finish; read; ps_summary_fini. */
typedef struct ps_summary_file {
    char *path, *format; /* owned copies */
    char *timezone; /* owned, NULL when the writer's zone is unknown */
    int has_bias, bias_minutes;
    uint64_t samples; /* rows added */
    uint64_t bad_rows; /* malformed rows skipped (lenient mode) */
    ps_time first, last; /* utc of the earliest/latest row (the first/last unless time stamps
                                went backwards; == local when !has_bias), or NONE */
    ps_time first_local, last_local;
} ps_summary_file;

typedef struct ps_summary_counter {
    ps_counter_path path; /* owned copy of the first spelling seen */
    ps_acc acc;
    ps_stats stats; /* valid after ps_summary_finish */
    size_t file_mark; /* private: number of the last file (1-based) whose column maps here */
} ps_summary_counter;

typedef struct ps_summary {
    ps_summary_file *files;
    size_t nfiles, files_cap;
    ps_summary_counter *counters; /* in order of first appearance (file order, column order) */
    size_t ncounters, counters_cap;
    /* private */
    ps_hash index; /* lower-cased full path -> counter (a path may repeat) */
    size_t *colmap; /* current file: column -> counter */
    ps_acc *cur; /* current file: one accumulator per column */
    size_t ncur;
    double *batch; /* current file: batch_rows rows, row-major (ncur values a row) */
    ps_time *batch_t; /* their utc times */
    size_t nbatch, batch_rows;
    size_t ld; /* doubles per batch row (ncur rounded up to a cache line) */
    double *tile; /* one cache line of columns of the batch, column-major */
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
 * ps_acc_append). part stays valid (free it with ps_summary_fini). */
void ps_summary_append_part(ps_summary *s, ps_summary *part);
/* Feed the rows buffered for the current file to its accumulators now (a reading thread does
 * this for its part, so that the thread appending the parts does not). */
void ps_summary_flush(ps_summary *s);
/* Fill every counter's stats. */
void ps_summary_finish(ps_summary *s);
void ps_summary_fini(ps_summary *s); /* members only; s is zeroed */

/* ===================================================================== 5. log rows */

/* Description of one opened counter log (CSV, TSV or .blg). */
typedef struct ps_log_info {
    const char *path; /* as given */
    const char *format; /* "csv", "tsv", "blg" */
    const char *timezone; /* writer's zone name, NULL when unknown */
    int has_bias; /* 1 when bias_minutes is known */
    int bias_minutes; /* UTC = local + bias */
    const char *encoding; /* "ascii", "utf-8", "utf-16le", "cp1252", "cp850", ... */
    size_t ncounters;
    ps_counter_path *counters; /* ncounters parsed paths, in column order */
    const char *const *header; /* ncounters header cells exactly as written (for convert) */
} ps_log_info;

/* One sample set (a CSV row or a .blg data record). values[i] is NaN when missing. */
typedef struct ps_row {
    ps_time local; /* timestamp as written (writer's local time) */
    ps_time utc; /* local + bias (== local when the bias is unknown) */
    const double *values; /* ncounters values, owned by the reader, valid until the next call */
    size_t nvalues;
    long line; /* source line (CSV) or record number (.blg), for messages */
} ps_row;

/* One time series kept for charts (only when a renderer asks for it). */
typedef struct ps_series {
    char *label;
    size_t n, cap;
    ps_time *t; /* utc */
    double *v;
} ps_series;
void ps_series_push(ps_series *s, ps_time t, double v);
void ps_series_fini(ps_series *s); /* members only */
/* Reduce a series to at most 2 * buckets points: the minimum and maximum of each of `buckets`
 * equal time slices (in time order; a slice of gaps keeps one NaN). A series of at most
 * 2 * buckets points is copied. out is replaced (its label is kept). */
void ps_series_thin(const ps_series *in, size_t buckets, ps_series *out);
/* The same with the slices cut from [t0, t1] instead of the series' own first and last times
 * (several series of one chart thinned on common slices); in's times lie within [t0, t1]. */
void ps_series_thin_span(const ps_series *in, ps_time t0, ps_time t1, size_t buckets, ps_series *out);

#ifdef __cplusplus
}
#endif
#endif /* PS_STATS_H */
