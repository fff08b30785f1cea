/* merge_parallel.c - ps_merge_parallel: one big plain-text PDH-CSV/TSV log converted on several
 * threads with the output of the sequential reading, byte for byte.
 *
 * The data lines are read in windows of WINDOW_CHUNKS(threads) chunks of CHUNK_BYTES cut at
 * line starts (ps_csv_line_start, as the parallel summary cuts its ranges). The threads take
 * the chunks of a window in turn; each parses its chunk's lines exactly as the sequential
 * reader would and formats the rows into the chunk's own buffer (the sink's row()). The
 * window's chunks are then checked and emitted in file order, and the next window is cut.
 * Memory is bounded by the window, not the file. What could differ from the sequential
 * reading, and how it is kept the same:
 *   - decimal commas: the first value with '.' or ',' decides for the whole file. A chunk
 *     starts with what the chunks before it decided; a chunk of the first undecided window
 *     that decided otherwise than an earlier chunk of the same window is read again with the
 *     earlier decision before anything of it is used;
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

#define CHUNK_BYTES ((uint64_t)4 << 20)        /* input bytes per chunk */
#define AUTO_MIN_BYTES ((uint64_t)16 << 20)    /* automatic mode: files at least this big */
#define WINDOW_CHUNKS(threads) (2 * (threads)) /* chunks cut and held at once */

typedef struct chunk {
    uint64_t start, end;      /* byte range [start, end), both at line starts */
    int dec_in;               /* decimal mode the chunk started with (PS_DEC_*) */
    ps_csv_rows r;            /* after the run: the chunk's row statistics and line count */
    ps_buf out;               /* the formatted rows */
    uint64_t missing;
    long lines;               /* lines in the range (counted while reading) */
    int status;               /* 0 ok, else PS_E* with err (line relative to start) */
    ps_error err;
} chunk;

typedef struct window {
    const ps_log *log;
    const ps_csv_layout *lay;
    const ps_merge *m;
    const ps_merge_sink *sink;
    chunk *c;
    int n;                    /* chunks in this window */
    int next;                 /* next chunk to take (under mu) */
    pthread_mutex_t mu;
} window;

/* Parse chunk c and format its rows (any thread). */
static void run_chunk(const window *w, chunk *c)
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
    c->status = ps_lines_open_range(&r->in, log->path, c->start, c->end, &c->err);
    if (c->status) {
        ps_lines_close(&r->in);
        return;
    }
    size_t rows = ps_csv_batch_rows(r->ncounters);
    ps_csv_batch b;
    ps_csv_batch_init(&b, rows, r->ncounters);
    size_t nkeep = log->info.ncounters;
    int passthrough = nkeep == log->all.ncounters;
    double *vals = ps_xcalloc(nkeep ? nkeep : 1, sizeof *vals);
    ps_time bias = log->all.has_bias ? (ps_time)log->all.bias_minutes * 60000 : 0;
    for (;;) {
        ps_csv_fill(r, &b);
        c->missing += b.missing;
        for (size_t i = 0; i < b.n; i++) {
            const double *v = b.v + i * r->ncounters;
            if (!ps_merge_keep_time(&w->m->o, b.t[i], b.t[i] + bias))
                continue;
            if (!passthrough) {
                for (size_t k = 0; k < nkeep; k++)
                    vals[k] = v[log->keep[k]];
                v = vals;
            }
            w->sink->row(w->sink->ctx, &c->out, b.t[i], v, nkeep);
        }
        if (ps_csv_batch_last(&b, &c->status, &c->err))
            break;
    }
    free(vals);
    ps_csv_batch_fini(&b);
    c->lines = r->in.line;
    ps_lines_close(&r->in);
}

static void *worker(void *arg)
{
    window *w = arg;
    for (;;) {
        pthread_mutex_lock(&w->mu);
        int k = w->next < w->n ? w->next++ : -1;
        pthread_mutex_unlock(&w->mu);
        if (k < 0)
            return NULL;
        run_chunk(w, &w->c[k]);
    }
}

/* Cut up to max chunks from *pos on (at line starts); returns how many. */
static int cut(FILE *fp, const ps_csv_layout *lay, uint64_t *pos, chunk *c, int max, int dec)
{
    int n = 0;
    while (n < max && *pos < lay->size) {
        uint64_t end = lay->size - *pos <= CHUNK_BYTES ? lay->size
                                                       : ps_csv_line_start(fileno(fp), *pos + CHUNK_BYTES, lay->size);
        c[n].start = *pos;
        c[n].end = end;
        c[n].dec_in = dec;
        *pos = end;
        n++;
    }
    return n;
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

/* Run the chunks of w on nth threads (this one included). */
static void run_window(window *w, int nth)
{
    pthread_t th[16];
    int ok[16] = {0};
    w->next = 0;
    for (int t = 1; t < nth && t < 16; t++)
        ok[t] = pthread_create(&th[t], NULL, worker, w) == 0;
    worker(w);
    for (int t = 1; t < nth && t < 16; t++)
        if (ok[t])
            pthread_join(th[t], NULL);
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
    FILE *fp = fopen(log->path, "rb");
    *done = 1;
    if (!fp)
        return ps_error_set(err, PS_EIO, log->path, 0, 0, "cannot open for parallel reading");
    int max = WINDOW_CHUNKS(nth);
    window w = {.log = log, .lay = &lay, .m = m, .sink = sink, .c = ps_xcalloc((size_t)max, sizeof(chunk))};
    pthread_mutex_init(&w.mu, NULL);
    uint64_t pos = lay.data_off;
    long lines = lay.header_lines;   /* lines of the file before the window */
    int dec = PS_DEC_UNDECIDED, rc = PS_OK;
    ps_csv_rows all = {.path = log->path};
    long console = 0, console_first = 0;
    while (!rc && pos < lay.size) {
        w.n = cut(fp, &lay, &pos, w.c, max, dec);
        run_window(&w, nth);
        for (int k = 0; k < w.n; k++) {   /* the decimal mode as the sequential reader has it */
            chunk *c = &w.c[k];
            if (dec != PS_DEC_UNDECIDED && c->dec_in == PS_DEC_UNDECIDED && c->r.dec_mode != PS_DEC_UNDECIDED &&
                c->r.dec_mode != dec) {
                c->dec_in = dec;
                run_chunk(&w, c);
            }
            if (dec == PS_DEC_UNDECIDED)
                dec = c->r.dec_mode;
        }
        for (int k = 0; k < w.n && !rc; k++) {
            chunk *c = &w.c[k];
            if (c->status) {   /* the first error in file order, after the rows before it */
                rc = sink->emit(sink->ctx, &c->out, c->start, lay.size, err);
                if (!rc) {   /* (a write error stays the error) */
                    *err = c->err;
                    if (err->line > 0)
                        err->line += lines;
                    rc = c->status;
                }
                break;
            }
            add_rows(&all, &c->r, lines);
            if (c->r.console_lines && !console)
                console_first = c->r.console_first + lines;
            console += c->r.console_lines;
            lines += c->lines;
            log->missing += c->missing;
            log->bytes_done = c->end;
            rc = sink->emit(sink->ctx, &c->out, c->end, lay.size, err);
        }
    }
    fclose(fp);
    for (int k = 0; k < max; k++)
        ps_buf_fini(&w.c[k].out);
    free(w.c);
    pthread_mutex_destroy(&w.mu);
    if (rc)
        return rc;
    ps_csv_warn_backwards(&all, log->opt.warnings);
    if (console)
        ps_warn(log->opt.warnings, "%s: skipped %ld console message line(s), first at line %ld", log->path, console,
                console_first);
    log->bytes_done = log->bytes_total;
    return PS_OK;
}
