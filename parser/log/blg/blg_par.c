/* blg_par.c - pass 2 of the .blg reader on several threads.
 *
 * ETW buffers have a fixed size, so the file is cut into chunks of whole buffers. Worker k
 * decodes chunks k, k + n, k + 2n ... : each worker has its own stream (blg_src_clone) limited
 * to the chunk (blg_src_range: the records whose first part lies in it; a record that goes on
 * into the next chunk is read to its end, and the next chunk's worker skips its other parts),
 * and its own copy of the columns, so decoding shares nothing but read-only tables (entries'
 * strings, names, the column map). A chunk's result is the raw samples of each record, one
 * blg_raw per column (ok = BLG_PAR_ABSENT: not in that record). The reader takes the chunks
 * back in file order and cooks them as the sequential walk does (cooking needs the previous
 * record of each column, so it stays in order): the rows are the same, byte for byte.
 *
 * Only used when pass 1 met no corruption (then ranges give exactly the records of the whole
 * walk); pass 2 issues no warnings either way. Memory: two result slots per worker, each the
 * raw samples of one chunk (about the chunk's size in bytes, CHUNK_BYTES), whatever the file's.
 */
#include "blg_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CHUNK_BYTES (1u << 20) /* bytes of buffers per chunk (at least one buffer) */
#define MAX_THREADS 8
#define AUTO_MIN_BYTES (8u << 20) /* threads 0: files smaller than this stay sequential */

enum { SLOT_EMPTY, SLOT_BUSY, SLOT_FULL };

typedef struct par_slot {
    int state;
    uint64_t chunk;
    size_t nrec, caprec;
    blg_raw *raw; /* nrec x ncols */
    uint64_t *time; /* FILETIME of each record */
    int rc; /* < 0: the chunk ended with this error (after its nrec records) */
    ps_error err;
} par_slot;

typedef struct par_worker {
    struct blg_par *par;
    pthread_t th;
    int started;
    uint64_t first; /* its first chunk */
    blg_log l; /* private: source, columns (cur/seen), entries (hints), buffers */
    par_slot slot[2];
} par_worker;

struct blg_par {
    int n;
    uint64_t chunk_bufs, nchunks;
    size_t ncols;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int stop;
    par_worker *w;
    uint64_t chunk; /* reader: chunk being taken */
    size_t pos; /* next record in it */
};

static par_slot *slot_of(struct blg_par *p, uint64_t chunk)
{
    return &p->w[chunk % (uint64_t)p->n].slot[(chunk / (uint64_t)p->n) % 2];
}

/* Decode chunk c into slot s (worker thread, no lock held). */
static void decode_chunk(par_worker *w, uint64_t c, par_slot *s)
{
    struct blg_par *p = w->par;
    blg_log *l = &w->l;
    uint64_t end = (c + 1) * p->chunk_bufs;
    blg_src_range(&l->src, c * p->chunk_bufs, end < l->src.nbuf ? end : l->src.nbuf);
    s->nrec = 0;
    s->rc = 0;
    blg_record r;
    int rc;
    while ((rc = blg_src_next(&l->src, &r, &s->err)) == 1) {
        if (r.type != BLG_EV_DATA)
            continue;
        for (size_t i = 0; i < p->ncols; i++)
            l->cols[i].seen = 0;
        rc = blg_data_parse(l, &r, &s->err);
        if (rc) {
            rc = -rc;
            break;
        }
        if (s->nrec == s->caprec) {
            s->caprec = s->caprec ? s->caprec * 2 : 4;
            s->raw = ps_xrealloc(s->raw, s->caprec * (p->ncols ? p->ncols : 1) * sizeof *s->raw);
            s->time = ps_xrealloc(s->time, s->caprec * sizeof *s->time);
        }
        blg_raw *out = s->raw + s->nrec * p->ncols;
        for (size_t i = 0; i < p->ncols; i++) {
            out[i] = l->cols[i].cur;
            if (!l->cols[i].seen)
                out[i].ok = BLG_PAR_ABSENT;
        }
        s->time[s->nrec++] = r.time;
    }
    if (rc < 0)
        s->rc = rc;
}

static void *worker_main(void *arg)
{
    par_worker *w = arg;
    struct blg_par *p = w->par;
    for (uint64_t c = w->first; c < p->nchunks; c += (uint64_t)p->n) {
        par_slot *s = slot_of(p, c);
        pthread_mutex_lock(&p->mu);
        while (s->state != SLOT_EMPTY && !p->stop)
            pthread_cond_wait(&p->cv, &p->mu);
        int stop = p->stop;
        s->state = SLOT_BUSY;
        pthread_mutex_unlock(&p->mu);
        if (stop)
            break;
        decode_chunk(w, c, s);
        pthread_mutex_lock(&p->mu);
        s->chunk = c;
        s->state = SLOT_FULL;
        pthread_cond_broadcast(&p->cv);
        pthread_mutex_unlock(&p->mu);
        if (s->rc < 0)
            break; /* the reader stops at this error */
    }
    return NULL;
}

/* The worker's private copy of the decoder state after pass 1. */
static int worker_init(par_worker *w, const blg_log *l, ps_error *err)
{
    w->l = *l;
    blg_log *c = &w->l;
    c->par = NULL;
    c->values = NULL;
    memset(&c->keybuf, 0, sizeof c->keybuf);
    memset(&c->scratch, 0, sizeof c->scratch);
    memset(&c->objkey, 0, sizeof c->objkey);
    memset(&c->namebuf, 0, sizeof c->namebuf);
    memset(&c->instbuf, 0, sizeof c->instbuf);
    ps_hash_init(&c->dups, 0);
    c->cols = ps_xmalloc((l->ncols ? l->ncols : 1) * sizeof *c->cols);
    memcpy(c->cols, l->cols, l->ncols * sizeof *c->cols);
    c->entries = ps_xmalloc((l->nentries ? l->nentries : 1) * sizeof *c->entries);
    memcpy(c->entries, l->entries, l->nentries * sizeof *c->entries);
    return blg_src_clone(&c->src, &l->src, err);
}

static void worker_fini(par_worker *w)
{
    blg_log *c = &w->l;
    free(c->cols);
    free(c->entries);
    blg_log_free_work(c);
    blg_src_clone_close(&c->src);
    for (int k = 0; k < 2; k++) {
        free(w->slot[k].raw);
        free(w->slot[k].time);
    }
}

void blg_par_stop(blg_log *l)
{
    struct blg_par *p = l->par;
    if (!p)
        return;
    pthread_mutex_lock(&p->mu);
    p->stop = 1;
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    for (int k = 0; k < p->n; k++) {
        if (p->w[k].started)
            pthread_join(p->w[k].th, NULL);
        worker_fini(&p->w[k]);
    }
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->cv);
    free(p->w);
    free(p);
    l->par = NULL;
}

int blg_par_start(blg_log *l, int threads, size_t chunk_buffers, ps_error *err)
{
    const blg_src *s = &l->src;
    if (threads == 1 || s->ncorrupt || !l->ncols)
        return PS_OK;
    if (threads <= 0) {
        if (s->fsize < AUTO_MIN_BYTES)
            return PS_OK;
        long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        threads = cpus < 1 ? 1 : (int)cpus;
    }
    if (threads > MAX_THREADS)
        threads = MAX_THREADS;
    uint64_t cb = chunk_buffers ? chunk_buffers : CHUNK_BYTES / s->bufsize;
    if (cb < 1)
        cb = 1;
    uint64_t nchunks = (s->nbuf + cb - 1) / cb;
    if (threads < 2 || nchunks < 2)
        return PS_OK;
    struct blg_par *p = ps_xcalloc(1, sizeof *p);
    p->n = threads;
    p->chunk_bufs = cb;
    p->nchunks = nchunks;
    p->ncols = l->ncols;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv, NULL);
    p->w = ps_xcalloc((size_t)threads, sizeof *p->w);
    l->par = p;
    for (int k = 0; k < threads; k++) {
        par_worker *w = &p->w[k];
        w->par = p;
        w->first = (uint64_t)k;
        int rc = worker_init(w, l, err);
        if (rc) {
            blg_par_stop(l);
            return rc;
        }
    }
    for (int k = 0; k < threads; k++) {
        if (pthread_create(&p->w[k].th, NULL, worker_main, &p->w[k]) != 0) {
            blg_par_stop(l);
            return ps_error_set(err, PS_EIO, s->path, 0, 0, "cannot start a decoding thread");
        }
        p->w[k].started = 1;
    }
    return PS_OK;
}

int blg_par_next(blg_log *l, const blg_raw **raw, uint64_t *time, uint64_t *bytes_done, ps_error *err)
{
    struct blg_par *p = l->par;
    for (;;) {
        if (p->chunk >= p->nchunks)
            return 0;
        par_slot *s = slot_of(p, p->chunk);
        pthread_mutex_lock(&p->mu);
        while (s->state != SLOT_FULL || s->chunk != p->chunk)
            pthread_cond_wait(&p->cv, &p->mu);
        pthread_mutex_unlock(&p->mu);
        if (p->pos < s->nrec) {
            *raw = s->raw + p->pos * p->ncols;
            *time = s->time[p->pos++];
            *bytes_done = p->chunk * p->chunk_bufs * (uint64_t)l->src.bufsize;
            return 1;
        }
        if (s->rc < 0) {
            if (err)
                *err = s->err;
            return s->rc;
        }
        pthread_mutex_lock(&p->mu); /* chunk done: its slot goes back to its worker */
        s->state = SLOT_EMPTY;
        pthread_cond_broadcast(&p->cv);
        pthread_mutex_unlock(&p->mu);
        p->chunk++;
        p->pos = 0;
    }
}
