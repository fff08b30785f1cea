/* ps_merge.h - several counter logs read as one table (the pipeline behind 'perfscribe convert'):
 *
 *   column union   every input's columns in input order, paths compared case-insensitively
 *                  (as PDH does); a path repeated inside one input stays a column of its own
 *                  each time, the n-th repeat in one input being the same column as the n-th
 *                  repeat in another (relog keeps duplicate columns too);
 *   k-way merge    rows of all inputs in time order (UTC when every input knows its bias, else
 *                  local time); rows of several inputs with the same time stamp become one row,
 *                  a column filled by the first input that has it; the row is printed in the
 *                  first input's clock;
 *   selection      -b / -e time window, every Nth row (-t), as relog;
 *   buckets        optional averages over fixed buckets aligned to the first selected row.
 *
 * Library code: never prints; errors come back as ps_error records from the readers.
 */
#ifndef PS_MERGE_H
#define PS_MERGE_H

#include "ps_parser.h"

#ifdef __cplusplus
extern "C" {
#endif

/* --------------------------------------------------------------- column union */

/* Union of the columns of infos[0..n) (see above). Returns the number of output columns;
 * *cells gets that many header cells (pointers into the infos' header arrays, the array owned
 * by the caller: free()), maps[k] (allocated here, caller frees each) maps input k's column j
 * to its output column. Never fails (aborts on out of memory, as ps_xmalloc). */
size_t ps_merge_columns(const ps_log_info *const *infos, size_t n, const char ***cells, size_t **maps);

/* --------------------------------------------------------------- bucket averages */

/* Averages over fixed buckets of `ms` milliseconds aligned to the first row added (a bucket
 * starting at t0 + k * ms holds the rows in [start, start + ms)). A row earlier than the bucket
 * being filled (time stamps going backwards) is averaged into that bucket and counted in
 * `folded`, so the buckets written stay in time order. NaN values are left out of the means;
 * a column without any value in a bucket averages to NaN. The means of values near the ends of
 * the double range (whose plain sum overflows) are those of the exact sums, rounded. */
typedef struct ps_bucket {
    ps_time ms, t0, start;
    int open, have_t0, written; /* written: a bucket was finished (start is the last one's) */
    size_t n; /* columns */
    double *sum, *avg;
    double *wide; /* the sums scaled by 2^-600: the means when a sum overflowed */
    uint64_t *cnt;
    uint64_t folded; /* rows earlier than the bucket being filled */
} ps_bucket;

/* Set up b for n columns and buckets of ms > 0 milliseconds. Free with ps_bucket_fini. */
void ps_bucket_init(ps_bucket *b, size_t n, ps_time ms);
/* Add a row (time t, n values). Returns 1 when the row closed the bucket before it: that
 * bucket's start is in *start and its n means in *avg (owned by b, valid until the next call);
 * else 0. */
int ps_bucket_add(ps_bucket *b, ps_time t, const double *v, ps_time *start, const double **avg);
/* The bucket still open at the end: 1 with *start and *avg as ps_bucket_add, 0 when none. */
int ps_bucket_finish(ps_bucket *b, ps_time *start, const double **avg);
/* Free the members (not b itself). */
void ps_bucket_fini(ps_bucket *b);

/* --------------------------------------------------------------- merged reading */

typedef struct ps_merge_opts {
    int has_b, has_e; /* -b / -e given */
    int b_utc, e_utc; /* the time was given in UTC (ISO 8601 with Z / offset) */
    ps_time b, e; /* keep rows with b <= time <= e */
    long every; /* keep every Nth row (1 or 0: all) */
    ps_time bucket_ms; /* > 0: bucket averages of this width */
} ps_merge_opts;

typedef struct ps_merge ps_merge;

/* A merge of logs[0..n) (n >= 1, opened with ps_log_open, not read yet; they stay owned by the
 * caller and must outlive the merge). Reads nothing: ps_merge_start loads the first rows.
 * Never fails; free with ps_merge_free. */
ps_merge *ps_merge_new(ps_log *const *logs, size_t n, const ps_merge_opts *o);
/* The output columns: *ncol header cells, owned by the merge. */
const char *const *ps_merge_cells(const ps_merge *m, size_t *ncol);
/* Read the first row of every input. Returns 0, or PS_EINPUT / PS_EIO with err filled. */
int ps_merge_start(ps_merge *m, ps_error *err);
/* The next output row (after ps_merge_start): its time in the first input's clock and
 * ncol values (NaN = missing; owned by the merge, valid until the next call). Returns 1 with
 * a row, 0 at the end (a last bucket is returned before), or -PS_EINPUT / -PS_EIO with err. */
int ps_merge_next(ps_merge *m, ps_time *local, const double **values, ps_error *err);
/* Bytes read so far and in total, over all inputs (for a progress bar). */
void ps_merge_progress(const ps_merge *m, uint64_t *done, uint64_t *total);
/* Rows averaged into a later bucket because time went backwards (see ps_bucket). */
uint64_t ps_merge_folded(const ps_merge *m);
void ps_merge_free(ps_merge *m);

/* --------------------------------------------------------------- parallel chunks */

/* Where the rows of a parallel run go. row() runs on worker threads, each with its own
 * buffer (chunk of the file); it must only read ctx. emit() runs on the calling thread, once
 * per chunk in file order, with the chunk's text and the bytes of input done / in total;
 * it returns 0 or a PS_E* error (err filled), which stops the run. */
typedef struct ps_merge_sink {
    void (*row)(void *ctx, ps_buf *out, ps_time local, const double *values, size_t n);
    int (*emit)(void *ctx, const ps_buf *chunk, uint64_t done, uint64_t total, ps_error *err);
    void *ctx;
} ps_merge_sink;

/* The merge run on `threads` threads (0: one per online CPU for files of 16 MiB and more;
 * 1: never) when it can be: one plain-text PDH-CSV/TSV input (not UTF-16, not --lenient), no
 * -t and no buckets. The file is read in windows of `threads` chunks of a few MiB cut at line
 * starts, each chunk parsed and formatted by its own thread, the chunks emitted in file order
 * (memory bounded by the window, not the file). The rows, warnings (time going backwards,
 * console lines) and errors (the first in file order, with its exact line) are those of the
 * sequential reading. Call after ps_merge_new, before ps_merge_start.
 * *done = 0: nothing was read; read sequentially (ps_merge_start / ps_merge_next).
 * *done = 1: the run is over; returns 0, or PS_EINPUT / PS_EIO / emit's error with err. */
int ps_merge_parallel(ps_merge *m, int threads, const ps_merge_sink *sink, int *done, ps_error *err);

#ifdef __cplusplus
}
#endif

#endif
