/* merge_parallel.c - ps_merge_parallel: one big plain-text PDH-CSV/TSV log converted on several
 * threads with the output of the sequential reading, byte for byte.
 *
 * The data lines are cut into chunks of CHUNK_BYTES at line starts (ps_csv_line_start, as the
 * parallel summary cuts its ranges) held in a ring of RING_CHUNKS(threads) slots. `threads`
 * workers each cut the next chunk, parse its lines exactly as the sequential reader would and
 * format the rows into the slot's own buffer (the sink's row()); the calling thread meanwhile
 * checks and emits the finished chunks in file order and frees their slots, so reading,
 * formatting and writing overlap. Memory is bounded by the ring, not the file. What could
 * differ from the sequential reading, and how it is kept the same:
 *   - decimal commas: the first value with '.' or ',' decides for the whole file. A chunk
 *     starts with what the chunks emitted before it was cut decided; a chunk that started
 *     undecided and decided otherwise than the chunks before it is read again with their
 *     decision before anything of it is used;
 *   - line numbers: a chunk counts from 0; the lines of the chunks before it (every line is
 *     counted as it is read) are added to its error, backward step and console line;
 *   - warnings "time stamps go backwards" and "console message lines": gathered over the
 *     chunks in file order and given once at the end, as the sequential reader does;
 *   - errors: the first in file order, emitted after the rows before it, as the sequential
 *     reading would have written them.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "log_internal.h"
#include "merge_internal.h"
#include "pdh_csv_internal.h"

#define CHUNK_BYTES ((uint64_t)2 << 20) /* input bytes per chunk */
#define AUTO_MIN_BYTES ((uint64_t)16 << 20) /* automatic mode: files at least this big */
#define RING_CHUNKS(threads) (2 * (threads)) /* chunks cut and held at once */
#define MAX_WORKERS 16

typedef struct chunk {
    uint64_t start, end; /* byte range [start, end), both at line starts */
    long index; /* the chunk's place in the file (0, 1, ...) */
    int ready; /* parsed and formatted (under mu) */
    int dec_in; /* decimal mode the chunk started with (PS_DEC_*) */
    ps_csv_rows r; /* after the run: the chunk's row statistics and line count */
    ps_buf out; /* the formatted rows */
    uint64_t missing;
    long lines; /* lines in the range (counted while reading) */
    int status; /* 0 ok, else PS_E* with err (line relative to start) */
    ps_error err;
} chunk;

typedef struct ring {
    const ps_log *log;
    const ps_csv_layout *lay;
    const ps_merge *m;
    const ps_merge_sink *sink;
    int fd; /* for cutting (pread only) */
    chunk *c;
    int n; /* slots */
    /* under mu: */
    uint64_t pos; /* where the next chunk starts */
    long cut; /* chunks cut so far */
    long emitted; /* chunks emitted so far: slot k % n is free for k < emitted + n */
    int dec; /* decimal mode decided by the emitted chunks */
    int stop; /* an error was emitted: cut nothing more */
    pthread_mutex_t mu;
    pthread_cond_t freed, finished;
} ring;

/* What a thread keeps from one chunk to the next (the same memory, not allocated again per
 * chunk): the range reader with its buffer, the batch of parsed rows, the kept values. */
typedef struct tools {
    ps_lines in; /* open once in.fp is set */
    ps_csv_batch b;
    double *vals;
} tools;

static void tools_init(tools *t, const ring *w)
{
    memset(t, 0, sizeof *t);
    ps_csv_batch_init(&t->b, ps_csv_batch_rows(w->lay->ncounters), w->lay->ncounters);
    size_t nkeep = w->log->info.ncounters;
    t->vals = ps_xcalloc(nkeep ? nkeep : 1, sizeof *t->vals);
}

static void tools_fini(tools *t)
{
    ps_lines_close(&t->in);
    ps_csv_batch_fini(&t->b);
    free(t->vals);
}

/* Parse chunk c and format its rows (any thread, with its own tools). */
static void run_chunk(const ring *w, chunk *c, tools *t)
{
    const ps_log *log = w->log;
    ps_csv_rows *r = &c->r;
    memset(r, 0, sizeof *r);
    ps_buf_reset(&c->out);
    c->status = 0;
    c->missing = 0;
    r->path = log->path;
    r->sep = w->lay->sep;
    r->dec_mode = c->dec_in;
    r->dec = c->dec_in == PS_DEC_COMMA ? ',' : '.';
    r->ncounters = w->lay->ncounters;
    r->skip = w->lay->skip;
    c->lines = 0;
    c->status = t->in.fp ? ps_lines_reopen_range(&t->in, c->start, c->end, &c->err)
                         : ps_lines_open_range(&t->in, log->path, c->start, c->end, &c->err);
    if (c->status) {
        ps_lines_close(&t->in);
        return;
    }
    r->in = t->in; /* lent to the chunk's row reader for the run */
    ps_csv_batch *b = &t->b;
    size_t nkeep = log->info.ncounters;
    int passthrough = nkeep == log->all.ncounters;
    ps_time bias = log->all.has_bias ? (ps_time)log->all.bias_minutes * 60000 : 0;
    for (;;) {
        ps_csv_fill(r, b);
        c->missing += b->missing;
        for (size_t i = 0; i < b->n; i++) {
            const double *v = b->v + i * r->ncounters;
            if (!ps_merge_keep_time(&w->m->o, b->t[i], b->t[i] + bias))
                continue;
            if (!passthrough) {
                for (size_t k = 0; k < nkeep; k++)
                    t->vals[k] = v[log->keep[k]];
                v = t->vals;
            }
            w->sink->row(w->sink->ctx, &c->out, b->t[i], v, nkeep);
        }
        if (ps_csv_batch_last(b, &c->status, &c->err))
            break;
    }
    c->lines = r->in.line;
    t->in = r->in;
    memset(&r->in, 0, sizeof r->in);
}

/* A worker: cut the next chunk into a free slot, run it, mark it ready; until the file is cut
 * or the run stops. */
static void *worker(void *arg)
{
    ring *w = arg;
    tools t;
    tools_init(&t, w);
    pthread_mutex_lock(&w->mu);
    for (;;) {
        while (!w->stop && w->pos < w->lay->size && w->cut >= w->emitted + w->n)
            pthread_cond_wait(&w->freed, &w->mu);
        if (w->stop || w->pos >= w->lay->size)
            break;
        chunk *c = &w->c[w->cut % w->n];
        uint64_t left = w->lay->size - w->pos;
        c->index = w->cut++;
        c->start = w->pos;
        c->end = left <= CHUNK_BYTES ? w->lay->size : ps_csv_line_start(w->fd, w->pos + CHUNK_BYTES, w->lay->size);
        c->dec_in = w->dec;
        c->ready = 0;
        w->pos = c->end;
        pthread_mutex_unlock(&w->mu);
        run_chunk(w, c, &t);
        pthread_mutex_lock(&w->mu);
        c->ready = 1;
        pthread_cond_broadcast(&w->finished);
    }
    pthread_mutex_unlock(&w->mu);
    tools_fini(&t);
    return NULL;
}

/* The next chunk in file order once it is ready (k = its index), or NULL when the file is
 * done. */
static chunk *next_ready(ring *w, long k)
{
    pthread_mutex_lock(&w->mu);
    chunk *c = &w->c[k % w->n];
    while (!(k < w->cut && c->index == k && c->ready) && !(k >= w->cut && w->pos >= w->lay->size))
        pthread_cond_wait(&w->finished, &w->mu);
    if (k >= w->cut)
        c = NULL;
    pthread_mutex_unlock(&w->mu);
    return c;
}

/* The chunks before `emitted` were emitted (stop: nothing more is to be cut); dec is the
 * decimal mode they decided. */
static void release(ring *w, long emitted, int dec, int stop)
{
    pthread_mutex_lock(&w->mu);
    w->emitted = emitted;
    w->dec = dec;
    w->stop |= stop;
    pthread_cond_broadcast(&w->freed);
    pthread_mutex_unlock(&w->mu);
}

/* Fold the row statistics of r (whose lines start after `before` lines of the file) into all,
 * the file's, as if one reader had read both. */
static void add_rows(ps_csv_rows *all, const ps_csv_rows *r, long before)
{
    if (!r->nrows)
        return;
    if (all->nrows && r->first_t < all->last_t && !all->back_steps++) {
        all->back_line = r->first_line + before;
        all->back_t = r->first_t;
        all->back_prev = all->last_t;
    }
    if (r->back_steps && !all->back_steps) {
        all->back_line = r->back_line + before;
        all->back_t = r->back_t;
        all->back_prev = r->back_prev;
    }
    all->back_steps += r->back_steps;
    all->nrows += r->nrows;
    all->last_t = r->last_t;
}

int ps_merge_parallel(ps_merge *m, int threads, const ps_merge_sink *sink, int *done, ps_error *err)
{
    *done = 0;
    ps_csv_layout lay;
    if (m->nin != 1 || m->o.every > 1 || m->o.bucket_ms > 0 || ps_csv_get_layout(m->in[0].log, &lay) != 0)
        return PS_OK;
    ps_log *log = m->in[0].log;
    int nth = ps_csv_threads(log, &lay, threads, AUTO_MIN_BYTES);
    if (nth < 2)
        return PS_OK;
    if (nth > MAX_WORKERS)
        nth = MAX_WORKERS;
    FILE *fp = fopen(log->path, "rb");
    if (!fp) {
        *done = 1;
        return ps_error_set(err, PS_EIO, log->path, 0, 0, "cannot open for parallel reading");
    }
    ring w = {.log = log,
              .lay = &lay,
              .m = m,
              .sink = sink,
              .fd = fileno(fp),
              .n = RING_CHUNKS(nth),
              .pos = lay.data_off,
              .dec = PS_DEC_UNDECIDED};
    w.c = ps_xcalloc((size_t)w.n, sizeof(chunk));
    pthread_mutex_init(&w.mu, NULL);
    pthread_cond_init(&w.freed, NULL);
    pthread_cond_init(&w.finished, NULL);
    pthread_t th[MAX_WORKERS];
    int started = 0;
    for (; started < nth; started++)
        if (pthread_create(&th[started], NULL, worker, &w) != 0)
            break;
    *done = started > 0; /* no thread at all: the sequential reading */
    long lines = lay.header_lines; /* lines of the file before the chunk being emitted */
    int dec = PS_DEC_UNDECIDED, rc = PS_OK;
    ps_csv_rows all = {.path = log->path};
    long console = 0, console_first = 0;
    chunk *c;
    for (long k = 0; !rc && started && (c = next_ready(&w, k)) != NULL; k++) {
        if (dec != PS_DEC_UNDECIDED && c->dec_in == PS_DEC_UNDECIDED && c->r.dec_mode != PS_DEC_UNDECIDED &&
            c->r.dec_mode != dec) { /* the decimal mode as the sequential reader has it */
            c->dec_in = dec;
            tools t;
            tools_init(&t, &w);
            run_chunk(&w, c, &t);
            tools_fini(&t);
        }
        if (dec == PS_DEC_UNDECIDED)
            dec = c->r.dec_mode;
        if (c->status) { /* the first error in file order, after the rows before it */
            rc = sink->emit(sink->ctx, &c->out, c->start, lay.size, err);
            if (!rc) { /* (a write error stays the error) */
                *err = c->err;
                if (err->line > 0)
                    err->line += lines;
                rc = c->status;
            }
        } else {
            add_rows(&all, &c->r, lines);
            if (c->r.console_lines && !console)
                console_first = c->r.console_first + lines;
            console += c->r.console_lines;
            lines += c->lines;
            log->missing += c->missing;
            log->bytes_done = c->end;
            rc = sink->emit(sink->ctx, &c->out, c->end, lay.size, err);
        }
        release(&w, k + 1, dec, rc != PS_OK);
    }
    release(&w, w.emitted, dec, 1); /* (a worker still waiting for a slot after an error) */
    for (int t = 0; t < started; t++)
        pthread_join(th[t], NULL);
    fclose(fp);
    for (int k = 0; k < w.n; k++)
        ps_buf_fini(&w.c[k].out);
    free(w.c);
    pthread_cond_destroy(&w.finished);
    pthread_cond_destroy(&w.freed);
    pthread_mutex_destroy(&w.mu);
    if (rc || !started)
        return rc;
    ps_csv_warn_backwards(&all, log->opt.warnings);
    if (console)
        ps_warn(log->opt.warnings, "%s: skipped %ld console message line(s), first at line %ld", log->path, console,
                console_first);
    log->bytes_done = log->bytes_total;
    return PS_OK;
}
