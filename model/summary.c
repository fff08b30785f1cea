/* summary.c - ps_summary: per-file facts and per-counter statistics over several logs.
 *
 * Rows are buffered column-major, up to 1024 at a time in at most 16 MB, and fed to the
 * accumulators column by column.
 *
 * Each file gets its own accumulators (one per column) so that time intervals are never
 * bridged across files and timestamps only need to be ordered within a file; at the end of
 * the file they are merged into the counters, which are indexed by the ASCII-lowercased full
 * counter path (open addressing, FNV-1a).
 */
#include "ps_model.h"

/* Rows per batch: up to MAX_BATCH_ROWS, fewer when the buffer would pass MAX_BATCH_BYTES. */
#define MAX_BATCH_ROWS 1024
#define MIN_BATCH_ROWS 16
#define MAX_BATCH_BYTES ((size_t)16 << 20)
/* Distance between two columns in the batch buffer: one cache line more than the rows, so that
 * the stores of one row (a power-of-two stride apart otherwise) spread over every cache set. */
#define STRIDE(s) ((s)->batch_rows + 8)

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif
#define HUGE_BYTES ((size_t)2 << 20)

static char *dup_or_null(const char *s) { return s ? ps_xstrdup(s) : NULL; }

static void path_copy(ps_counter_path *d, const ps_counter_path *s)
{
    d->full = dup_or_null(s->full);
    d->machine = dup_or_null(s->machine);
    d->object = dup_or_null(s->object);
    d->parent = dup_or_null(s->parent);
    d->instance = dup_or_null(s->instance);
    d->index = s->index;
    d->counter = dup_or_null(s->counter);
}

static void path_release(ps_counter_path *p)
{
    free(p->full);
    free(p->machine);
    free(p->object);
    free(p->parent);
    free(p->instance);
    free(p->counter);
}

static uint64_t hash_ci(const char *s)
{
    uint64_t h = 1469598103934665603ULL;
    for (; s && *s; s++) {
        h ^= (unsigned char)tolower((unsigned char)*s);
        h *= 1099511628211ULL;
    }
    return h;
}

static int eq_ci(const char *a, const char *b)
{
    if (!a || !b)
        return a == b;
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return 0;
    return *a == *b;
}

void ps_summary_init(ps_summary *s) { memset(s, 0, sizeof *s); }

static void rehash(ps_summary *s)
{
    size_t n = s->nslots ? s->nslots * 2 : 64;
    free(s->slots);
    s->slots = ps_xcalloc(n, sizeof *s->slots);
    s->nslots = n;
    for (size_t c = 0; c < s->ncounters; c++) {
        size_t i = hash_ci(s->counters[c].path.full) & (n - 1);
        while (s->slots[i])
            i = (i + 1) & (n - 1);
        s->slots[i] = c + 1;
    }
}

/* Index of the counter with this path, created when new. */
static size_t counter_for(ps_summary *s, const ps_counter_path *p)
{
    if ((s->ncounters + 1) * 2 > s->nslots)
        rehash(s);
    size_t i = hash_ci(p->full) & (s->nslots - 1);
    while (s->slots[i]) {
        size_t c = s->slots[i] - 1;
        if (eq_ci(s->counters[c].path.full, p->full))
            return c;
        i = (i + 1) & (s->nslots - 1);
    }
    if (s->ncounters == s->counters_cap) {
        s->counters_cap = s->counters_cap ? s->counters_cap * 2 : 16;
        s->counters = ps_xrealloc(s->counters, s->counters_cap * sizeof *s->counters);
    }
    ps_summary_counter *c = &s->counters[s->ncounters];
    memset(c, 0, sizeof *c);
    path_copy(&c->path, p);
    ps_acc_init(&c->acc);
    s->slots[i] = ++s->ncounters;
    return s->ncounters - 1;
}

/* The column-major batch buffer (up to 16 MB). Storing one row writes one double per column,
 * each in another 4 KiB page: with thousands of columns every store would miss the TLB. On
 * Linux the buffer is 2 MiB-aligned and asks for transparent huge pages (8 TLB entries for
 * 16 MB); elsewhere, or if refused, it is ordinary memory. */
static double *batch_alloc(size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= HUGE_BYTES) {
        void *p = NULL;
        size_t n = (bytes + HUGE_BYTES - 1) / HUGE_BYTES * HUGE_BYTES;
        if (posix_memalign(&p, HUGE_BYTES, n) == 0) {
            madvise(p, n, MADV_HUGEPAGE);   /* advice only: failure changes nothing */
            return p;
        }
    }
#endif
    return ps_xmalloc(bytes);
}

void ps_summary_begin_file(ps_summary *s, const struct ps_log_info *info)
{
    if (s->nfiles == s->files_cap) {
        s->files_cap = s->files_cap ? s->files_cap * 2 : 4;
        s->files = ps_xrealloc(s->files, s->files_cap * sizeof *s->files);
    }
    ps_summary_file *f = &s->files[s->nfiles++];
    memset(f, 0, sizeof *f);
    f->path = dup_or_null(info->path);
    f->format = dup_or_null(info->format);
    f->timezone = dup_or_null(info->timezone);
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
    s->batch = batch_alloc(cols * STRIDE(s) * sizeof *s->batch);
    s->batch_t = ps_xmalloc(s->batch_rows * sizeof *s->batch_t);
    s->nbatch = 0;
    for (size_t i = 0; i < s->ncur; i++) {
        s->colmap[i] = counter_for(s, &info->counters[i]);
        ps_acc_init(&s->cur[i]);
    }
}

/* Feed the buffered rows to the accumulators, one column at a time (the column's accumulator
 * and sketch stay in cache for the whole batch instead of being touched once per row). */
static void flush_batch(ps_summary *s)
{
    for (size_t i = 0; i < s->ncur; i++)
        ps_acc_add_many(&s->cur[i], s->batch_t, s->batch + i * STRIDE(s), s->nbatch);
    s->nbatch = 0;
}

void ps_summary_add_row(ps_summary *s, const struct ps_row *row)
{
    ps_summary_file *f = &s->files[s->nfiles - 1];
    if (f->samples++ == 0) {
        f->first = row->utc;
        f->first_local = row->local;
    }
    f->last = row->utc;
    f->last_local = row->local;
    size_t n = row->nvalues < s->ncur ? row->nvalues : s->ncur;
    double *col = s->batch + s->nbatch;
    size_t stride = STRIDE(s);
    for (size_t i = 0; i < n; i++)
        col[i * stride] = row->values[i];
    for (size_t i = n; i < s->ncur; i++)
        col[i * stride] = NAN;
    s->batch_t[s->nbatch++] = row->utc;
    if (s->nbatch == s->batch_rows)
        flush_batch(s);
}

void ps_summary_end_file(ps_summary *s, uint64_t bad_rows)
{
    if (s->nfiles)
        s->files[s->nfiles - 1].bad_rows = bad_rows;
    flush_batch(s);
    for (size_t i = 0; i < s->ncur; i++) {
        ps_acc_merge(&s->counters[s->colmap[i]].acc, &s->cur[i]);
        ps_acc_free(&s->cur[i]);
    }
    free(s->cur);
    free(s->colmap);
    free(s->batch);
    free(s->batch_t);
    s->cur = NULL;
    s->colmap = NULL;
    s->batch = NULL;
    s->batch_t = NULL;
    s->ncur = 0;
}

void ps_summary_append_part(ps_summary *s, ps_summary *part)
{
    if (!s->nfiles || !part->nfiles)
        return;
    flush_batch(part);
    ps_summary_file *f = &s->files[s->nfiles - 1];
    const ps_summary_file *p = &part->files[part->nfiles - 1];
    if (p->samples) {
        if (!f->samples) {
            f->first = p->first;
            f->first_local = p->first_local;
        }
        f->last = p->last;
        f->last_local = p->last_local;
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

void ps_summary_free(ps_summary *s)
{
    if (s->cur)
        ps_summary_end_file(s, 0);
    for (size_t i = 0; i < s->nfiles; i++) {
        free(s->files[i].path);
        free(s->files[i].format);
        free(s->files[i].timezone);
    }
    for (size_t c = 0; c < s->ncounters; c++) {
        path_release(&s->counters[c].path);
        ps_acc_free(&s->counters[c].acc);
    }
    free(s->files);
    free(s->counters);
    free(s->slots);
    memset(s, 0, sizeof *s);
}
