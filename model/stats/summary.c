/* summary.c - ps_summary: per-file facts and per-counter statistics over several logs.
 *
 * Rows are buffered as they come (row-major), up to 1024 at a time in at most 2 MB, and fed to
 * the accumulators column by column: a column is read with the row length as stride, and the
 * cache lines it touches hold the next 7 columns too, so they are read from L1 again.
 *
 * Each file gets its own accumulators (one per column) so that time intervals are never
 * bridged across files and timestamps only need to be ordered within a file; at the end of
 * the file they are merged into the counters, which are indexed by the ASCII-lowercased full
 * counter path (ps_hash, case-insensitive, several entries per path).
 */
#include "ps_model.h"
#include "stats_internal.h"

/* Rows per batch: up to MAX_BATCH_ROWS, fewer when the buffer would pass MAX_BATCH_BYTES. */
#define MAX_BATCH_ROWS 1024
#define MIN_BATCH_ROWS 16
#define MAX_BATCH_BYTES ((size_t)16 << 20)
#define TILE 8 /* doubles in a cache line */

#include <math.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif
#define HUGE_BYTES ((size_t)2 << 20)

void ps_summary_init(ps_summary *s)
{
    memset(s, 0, sizeof *s);
    ps_hash_init(&s->index, PS_HASH_NOCASE | PS_HASH_BORROW);
}

/* Index of the counter with this path, created when new. */
static size_t counter_for(ps_summary *s, const ps_counter_path *p)
{
    const char *key = p->full ? p->full : "";
    size_t klen = strlen(key), cursor = 0, c;
    /* a column repeated in one file (the same path twice) is a counter of its own, as relog
     * keeps it: the n-th repeat matches the n-th repeat of another file */
    while ((c = ps_hash_next(&s->index, key, klen, &cursor)) != PS_HASH_NONE)
        if (s->counters[c].file_mark != s->nfiles) {
            s->counters[c].file_mark = s->nfiles;
            return c;
        }
    if (s->ncounters == s->counters_cap) {
        s->counters_cap = s->counters_cap ? s->counters_cap * 2 : 16;
        s->counters = ps_xrealloc(s->counters, s->counters_cap * sizeof *s->counters);
    }
    ps_summary_counter *sc = &s->counters[s->ncounters];
    memset(sc, 0, sizeof *sc);
    ps_path_copy(&sc->path, p);
    sc->file_mark = s->nfiles;
    ps_acc_init(&sc->acc);
    /* the key is the counter's own copy of the path (heap, stable while counters grow) */
    ps_hash_add(&s->index, sc->path.full ? sc->path.full : "", klen, s->ncounters);
    return s->ncounters++;
}

/* The row-major batch buffer (up to 2 MB). Reading one column touches one row, and so one
 * 4 KiB page, per value: with thousands of columns every load would miss the TLB. On Linux the
 * buffer is 2 MiB-aligned and asks for a transparent huge page (one TLB entry); elsewhere, or
 * if refused, it is ordinary memory. */
static double *batch_alloc(size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= HUGE_BYTES) {
        void *p = NULL;
        size_t n = (bytes + HUGE_BYTES - 1) / HUGE_BYTES * HUGE_BYTES;
        if (posix_memalign(&p, HUGE_BYTES, n) == 0) {
            madvise(p, n, MADV_HUGEPAGE); /* advice only: failure changes nothing */
            return p;
        }
    }
#endif
    return ps_xaligned(64, bytes);
}

void ps_summary_begin_file(ps_summary *s, const struct ps_log_info *info)
{
    if (s->nfiles == s->files_cap) {
        s->files_cap = s->files_cap ? s->files_cap * 2 : 4;
        s->files = ps_xrealloc(s->files, s->files_cap * sizeof *s->files);
    }
    ps_summary_file *f = &s->files[s->nfiles++];
    memset(f, 0, sizeof *f);
    f->path = ps_xstrdup(info->path);
    f->format = ps_xstrdup(info->format);
    f->timezone = ps_xstrdup(info->timezone);
    f->has_bias = info->has_bias;
    f->bias_minutes = info->bias_minutes;
    f->first = f->last = f->first_local = f->last_local = PS_TIME_NONE;
    s->ncur = info->ncounters;
    s->colmap = ps_xcalloc(s->ncur ? s->ncur : 1, sizeof *s->colmap);
    s->cur = ps_xcalloc(s->ncur ? s->ncur : 1, sizeof *s->cur);
    size_t cols = s->ncur ? s->ncur : 1;
    s->batch_rows = MAX_BATCH_BYTES / sizeof(double) / cols;
    if (s->batch_rows > MAX_BATCH_ROWS)
        s->batch_rows = MAX_BATCH_ROWS;
    if (s->batch_rows < MIN_BATCH_ROWS)
        s->batch_rows = MIN_BATCH_ROWS;
    s->ld = (cols + TILE - 1) / TILE * TILE;
    s->batch = batch_alloc(s->ld * s->batch_rows * sizeof *s->batch);
    for (size_t r = 0; r < s->batch_rows; r++) /* the padding columns stay NaN */
        for (size_t i = s->ncur; i < s->ld; i++)
            s->batch[r * s->ld + i] = NAN;
    s->tile = batch_alloc(TILE * s->batch_rows * sizeof *s->tile);
    s->batch_t = ps_xmalloc(s->batch_rows * sizeof *s->batch_t);
    s->nbatch = 0;
    for (size_t i = 0; i < s->ncur; i++) {
        s->colmap[i] = counter_for(s, &info->counters[i]);
        ps_acc_init(&s->cur[i]);
    }
}

/* Feed the buffered rows to the accumulators, one column at a time (the column's accumulator
 * and sketch stay in cache for the whole batch instead of being touched once per row).
 * The batch is taken TILE columns (one cache line of each row) at a time. On AVX-512
 * processors the eight columns go through ps_acc_add8 together, one per register lane, on AVX2
 * processors through two ps_acc_add4 (the same results); otherwise, or when it declines, the
 * tile is copied into a small column-major buffer, the next tile's lines are prefetched meanwhile, and the accumulators read their
 * column contiguously from L1. */
/* Columns c0 + j0 .. c0 + j1 - 1 of the batch one at a time: copied into the column-major tile
 * (the next tile's lines prefetched meanwhile), then each fed from it. */
static void tile_columns(ps_summary *s, size_t c0, size_t j0, size_t j1, int all_set)
{
    size_t rows = s->nbatch, ld = s->ld;
    const double *src = s->batch + c0;
    double *tile = s->tile;
    int more = c0 + TILE < s->ncur;
    for (size_t r = 0; r < rows; r++, src += ld) {
        if (more)
            __builtin_prefetch(src + TILE);
        for (size_t j = j0; j < j1; j++)
            tile[j * rows + r] = src[j];
    }
    for (size_t j = j0; j < j1; j++) {
        if (c0 + j + 1 < s->ncur)
            ps_acc_prefetch(&s->cur[c0 + j + 1]);
        ps_acc_add_strided(&s->cur[c0 + j], s->batch_t, all_set, tile + j * rows, 1, rows);
    }
}

static void flush_batch(ps_summary *s)
{
    size_t rows = s->nbatch, ld = s->ld;
    if (!rows)
        return;
    int all_set = 1;
    ps_time tlo = s->batch_t[0], thi = s->batch_t[0]; /* the batch's time range, for ps_acc_add4 */
    for (size_t r = 0; r < rows && all_set; r++) {
        all_set = s->batch_t[r] != PS_TIME_NONE;
        tlo = s->batch_t[r] < tlo ? s->batch_t[r] : tlo;
        thi = s->batch_t[r] > thi ? s->batch_t[r] : thi;
    }
    int lanes8 = all_set && ps_acc_add8_available(), lanes4 = all_set && !lanes8 && ps_acc_add4_available();
    for (size_t c0 = 0; c0 < s->ncur; c0 += TILE) {
        const double *src = s->batch + c0;
        size_t w = s->ncur - c0 < TILE ? s->ncur - c0 : TILE;
        if (w < TILE || !(lanes8 || lanes4)) {
            tile_columns(s, c0, 0, w, all_set);
            continue;
        }
        if (lanes8) {
            if (ps_acc_add8(&s->cur[c0], s->batch_t, src, ld, rows, s->tile) != 0)
                tile_columns(s, c0, 0, TILE, all_set);
        } else {
            for (size_t h = 0; h < TILE; h += 4)
                if (ps_acc_add4(&s->cur[c0 + h], s->batch_t, tlo, thi, src + h, ld, rows, s->tile) != 0)
                    tile_columns(s, c0, h, h + 4, all_set);
        }
        for (size_t j = 0; j < TILE && c0 + TILE + j < s->ncur; j++)
            ps_acc_prefetch(&s->cur[c0 + TILE + j]);
    }
    s->nbatch = 0;
}

double *ps_summary_rows_free(ps_summary *s, size_t *nrows, size_t *stride)
{
    *nrows = s->batch_rows - s->nbatch;
    *stride = s->ld;
    return s->batch + s->nbatch * s->ld;
}

void ps_summary_rows_commit(ps_summary *s, const ps_time *utc, const ps_time *local, size_t n)
{
    if (n == 0)
        return;
    ps_summary_file *f = &s->files[s->nfiles - 1];
    if (f->samples == 0) {
        f->first = f->last = utc[0];
        f->first_local = f->last_local = local[0];
    }
    f->samples += n;
    for (size_t i = 0; i < n; i++) { /* the range is earliest .. latest, also when time went back */
        if (utc[i] < f->first) {
            f->first = utc[i];
            f->first_local = local[i];
        }
        if (utc[i] > f->last) {
            f->last = utc[i];
            f->last_local = local[i];
        }
    }
    memcpy(s->batch_t + s->nbatch, utc, n * sizeof *utc);
    s->nbatch += n;
    if (s->nbatch == s->batch_rows)
        flush_batch(s);
}

void ps_summary_add_row(ps_summary *s, const struct ps_row *row)
{
    size_t n = row->nvalues < s->ncur ? row->nvalues : s->ncur;
    double *dst = s->batch + s->nbatch * s->ld;
    if (n)
        memcpy(dst, row->values, n * sizeof *dst);
    for (size_t i = n; i < s->ncur; i++)
        dst[i] = NAN;
    ps_summary_rows_commit(s, &row->utc, &row->local, 1);
}

void ps_summary_end_file(ps_summary *s, uint64_t bad_rows)
{
    if (s->nfiles)
        s->files[s->nfiles - 1].bad_rows = bad_rows;
    flush_batch(s);
    for (size_t i = 0; i < s->ncur; i++) {
        ps_acc_merge(&s->counters[s->colmap[i]].acc, &s->cur[i]);
        ps_acc_fini(&s->cur[i]);
    }
    free(s->cur);
    free(s->colmap);
    free(s->batch);
    free(s->tile);
    free(s->batch_t);
    s->cur = NULL;
    s->colmap = NULL;
    s->batch = NULL;
    s->tile = NULL;
    s->batch_t = NULL;
    s->ncur = 0;
}

void ps_summary_flush(ps_summary *s)
{
    if (s->cur)
        flush_batch(s);
}

void ps_summary_append_part(ps_summary *s, ps_summary *part)
{
    if (!s->nfiles || !part->nfiles)
        return;
    flush_batch(part);
    ps_summary_file *f = &s->files[s->nfiles - 1];
    const ps_summary_file *p = &part->files[part->nfiles - 1];
    if (p->samples) {
        if (!f->samples || p->first < f->first) {
            f->first = p->first;
            f->first_local = p->first_local;
        }
        if (!f->samples || p->last > f->last) {
            f->last = p->last;
            f->last_local = p->last_local;
        }
        f->samples += p->samples;
    }
    flush_batch(s);
    size_t n = s->ncur < part->ncur ? s->ncur : part->ncur;
    for (size_t i = 0; i < n; i++)
        ps_acc_append(&s->cur[i], &part->cur[i]);
}

void ps_summary_finish(ps_summary *s)
{
    for (size_t c = 0; c < s->ncounters; c++)
        ps_acc_finish(&s->counters[c].acc, &s->counters[c].stats);
}

void ps_summary_fini(ps_summary *s)
{
    if (s->cur)
        ps_summary_end_file(s, 0);
    for (size_t i = 0; i < s->nfiles; i++) {
        free(s->files[i].path);
        free(s->files[i].format);
        free(s->files[i].timezone);
    }
    for (size_t c = 0; c < s->ncounters; c++) {
        ps_path_fini(&s->counters[c].path);
        ps_acc_fini(&s->counters[c].acc);
    }
    free(s->files);
    free(s->counters);
    ps_hash_fini(&s->index);
    memset(s, 0, sizeof *s);
}
