/* log_ahead.c - logs read ahead on N threads and handed to one consumer in input order
 * (analyze --jobs): each worker takes the next log, opens it, asks the caller's plan which
 * columns to read (maybe reopening it with a filter), and decodes its rows into chunks; the
 * consumer (the calling thread) takes log 0's rows, then log 1's, ..., so it sees exactly the
 * rows, warnings and errors that reading the logs in turn gives. Memory is bounded: at most
 * `window` logs are open ahead of the consumer, each with at most AHEAD_BYTES / window of rows
 * decoded and not yet consumed (a worker waits when its log is that far ahead). */
#include "cli.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Decoded rows waiting for the consumer, over every log ahead. */
#define AHEAD_BYTES (16u << 20)
/* Bytes of one chunk of rows (at least one row). */
#define AHEAD_CHUNK_BYTES (256u << 10)
/* Logs open at once per job. */
#define AHEAD_WINDOW_PER_JOB 2

typedef struct chunk {
    struct chunk *next;
    size_t n, cap, nvalues, bytes; /* rows, their room, values per row; bytes of mem */
    double *values; /* cap rows of nvalues, then: */
    ps_time *local, *utc;
    long *line;
    unsigned char *mem;
} chunk;

typedef struct slot {
    ps_log *first, *log; /* opened with every column; the one whose rows are read (or first) */
    ps_filter *filter; /* log's, owned */
    int opened, done; /* set by the worker under the lock */
    int want_rows;
    int abandon; /* set by the consumer: its rows are no longer wanted */
    int rc; /* open or read failure (PS_*) */
    ps_error err;
    ps_warnings warnings;
    uint64_t bad;
    chunk *head, *tail; /* published, not yet consumed */
    size_t buffered; /* bytes in head..tail */
    chunk *reading; /* the consumer's current chunk */
    size_t at; /* its next row */
    uint64_t pdone, ptotal; /* progress, bytes */
} slot;

struct ps_cli_ahead {
    ps_cli *cli;
    const char *const *paths;
    size_t n;
    ps_log_options lo;
    ps_cli_ahead_plan plan;
    void *ctx;
    slot *s;
    size_t next, cur, window, cap; /* next log to take; the consumer's; logs ahead; bytes per log */
    int stop;
    pthread_mutex_t lock;
    pthread_cond_t cond; /* any change: a log taken, opened, a chunk published or consumed, stop */
    pthread_t *tid;
    size_t nthreads;
    chunk *spare; /* consumed chunks of AHEAD_CHUNK_BYTES, reused (their pages stay mapped) */
};

/* Under the lock: an empty chunk for rows of nvalues values (a spare one when they fit). */
static chunk *chunk_get(ps_cli_ahead *a, size_t nvalues)
{
    size_t row = nvalues * sizeof(double) + sizeof(ps_time) * 2 + sizeof(long);
    size_t cap = AHEAD_CHUNK_BYTES / row ? AHEAD_CHUNK_BYTES / row : 1, bytes = cap * row;
    chunk *c = NULL;
    if (bytes <= AHEAD_CHUNK_BYTES && a->spare) {
        c = a->spare;
        a->spare = c->next;
    } else {
        c = ps_xcalloc(1, sizeof *c);
        c->bytes = bytes > AHEAD_CHUNK_BYTES ? bytes : AHEAD_CHUNK_BYTES;
        c->mem = ps_xmalloc(c->bytes);
    }
    c->next = NULL;
    c->n = 0;
    c->cap = cap;
    c->nvalues = nvalues;
    c->values = (double *)(void *)c->mem; /* malloc's alignment suits every array below */
    c->local = (ps_time *)(void *)(c->values + cap * nvalues);
    c->utc = c->local + cap;
    c->line = (long *)(void *)(c->utc + cap);
    return c;
}

static void chunk_free(chunk *c)
{
    if (c)
        free(c->mem);
    free(c);
}

/* Under the lock: c is consumed. */
static void chunk_put(ps_cli_ahead *a, chunk *c)
{
    if (c && c->bytes == AHEAD_CHUNK_BYTES) {
        c->next = a->spare;
        a->spare = c;
    } else {
        chunk_free(c);
    }
}

/* Under the lock: c joins log k's rows (NULL: nothing); done marks the end of them. */
static void publish(ps_cli_ahead *a, size_t k, chunk *c, int done)
{
    slot *s = &a->s[k];
    if (c && c->n) {
        if (s->tail)
            s->tail->next = c;
        else
            s->head = c;
        s->tail = c;
        s->buffered += c->bytes;
    } else {
        chunk_put(a, c);
    }
    s->done |= done;
    pthread_cond_broadcast(&a->cond);
}

static void progress(ps_cli_ahead *a, size_t k, ps_log *log)
{
    if (a->cli->quiet)
        return;
    uint64_t d, t, sum = 0, all = 0;
    ps_log_progress(log, &d, &t);
    pthread_mutex_lock(&a->lock);
    a->s[k].pdone = d;
    a->s[k].ptotal = t;
    for (size_t i = 0; i < a->n; i++) {
        sum += a->s[i].pdone;
        all += a->s[i].ptotal;
    }
    ps_cli_progress(a->cli, "analyze", sum, all);
    pthread_mutex_unlock(&a->lock);
}

/* Open log k (serialised: the input registry is process-wide) and plan its reading. */
static int open_one(ps_cli_ahead *a, size_t k)
{
    slot *s = &a->s[k];
    ps_log_options lo = a->lo;
    lo.warnings = &s->warnings;
    pthread_mutex_lock(&a->lock);
    int rc = ps_log_open(a->paths[k], &lo, &s->first, &s->err);
    pthread_mutex_unlock(&a->lock);
    if (rc)
        return rc;
    s->log = s->first;
    s->want_rows = a->plan(a->ctx, ps_log_info_get(s->first), &s->filter);
    if (s->filter) {
        lo.filter = s->filter;
        pthread_mutex_lock(&a->lock);
        rc = ps_log_open(a->paths[k], &lo, &s->log, &s->err);
        pthread_mutex_unlock(&a->lock);
        if (rc)
            s->log = NULL;
    }
    return rc;
}

/* Decode log k's rows into chunks; 0 or the read failure. */
static int read_rows(ps_cli_ahead *a, size_t k)
{
    slot *s = &a->s[k];
    size_t nv = ps_log_info_get(s->log)->ncounters;
    chunk *c = NULL;
    ps_row row;
    int got;
    while ((got = ps_log_next(s->log, &row, &s->err)) > 0) {
        if (!c) {
            pthread_mutex_lock(&a->lock);
            c = chunk_get(a, nv);
            pthread_mutex_unlock(&a->lock);
        }
        c->local[c->n] = row.local;
        c->utc[c->n] = row.utc;
        c->line[c->n] = row.line;
        memcpy(c->values + c->n * nv, row.values, nv * sizeof *c->values);
        if (++c->n < c->cap)
            continue;
        pthread_mutex_lock(&a->lock);
        publish(a, k, c, 0);
        c = NULL;
        while (!a->stop && !s->abandon && s->buffered >= a->cap)
            pthread_cond_wait(&a->cond, &a->lock);
        int stop = a->stop || s->abandon;
        pthread_mutex_unlock(&a->lock);
        if (stop)
            return PS_OK;
        progress(a, k, s->log);
    }
    pthread_mutex_lock(&a->lock);
    publish(a, k, c, 0);
    pthread_mutex_unlock(&a->lock);
    return got < 0 ? -got : PS_OK;
}

static void *worker(void *arg)
{
    ps_cli_ahead *a = arg;
    pthread_mutex_lock(&a->lock);
    for (;;) {
        while (!a->stop && a->next < a->n && a->next >= a->cur + a->window)
            pthread_cond_wait(&a->cond, &a->lock);
        if (a->stop || a->next >= a->n)
            break;
        size_t k = a->next++;
        pthread_mutex_unlock(&a->lock);
        slot *s = &a->s[k];
        int rc = open_one(a, k);
        pthread_mutex_lock(&a->lock);
        s->opened = 1;
        s->rc = rc;
        pthread_cond_broadcast(&a->cond);
        pthread_mutex_unlock(&a->lock);
        if (!rc && s->want_rows) {
            rc = read_rows(a, k);
            s->bad = ps_log_bad_rows(s->log);
        }
        pthread_mutex_lock(&a->lock);
        s->rc = rc;
        publish(a, k, NULL, 1);
    }
    pthread_cond_broadcast(&a->cond);
    pthread_mutex_unlock(&a->lock);
    return NULL;
}

ps_cli_ahead *ps_cli_ahead_start(ps_cli *cli, const char *const *paths, size_t n, int jobs, const ps_log_options *lo,
                                 ps_cli_ahead_plan plan, void *ctx)
{
    ps_cli_ahead *a = ps_xcalloc(1, sizeof *a);
    a->cli = cli;
    a->paths = paths;
    a->n = n;
    a->lo = *lo;
    a->plan = plan;
    a->ctx = ctx;
    a->s = ps_xcalloc(n + 1, sizeof *a->s);
    a->window = (size_t)(jobs > 1 ? jobs : 1) * AHEAD_WINDOW_PER_JOB;
    a->cap = AHEAD_BYTES / a->window;
    pthread_mutex_init(&a->lock, NULL);
    pthread_cond_init(&a->cond, NULL);
    a->nthreads = (size_t)(jobs > 1 ? jobs : 1);
    if (a->nthreads > n)
        a->nthreads = n;
    a->tid = ps_xcalloc(a->nthreads + 1, sizeof *a->tid);
    size_t started = 0;
    for (size_t t = 0; t < a->nthreads; t++)
        if (pthread_create(&a->tid[started], NULL, worker, a) == 0)
            started++;
    a->nthreads = started;
    if (!started) { /* no thread: the caller reads the logs in turn itself */
        ps_cli_ahead_stop(a);
        return NULL;
    }
    return a;
}

/* Under the lock: wait until log k is open (rows 0) or has rows or is read (rows 1). */
static void wait_for(ps_cli_ahead *a, size_t k, int rows)
{
    slot *s = &a->s[k];
    while (!(rows ? s->head || s->done : s->opened))
        pthread_cond_wait(&a->cond, &a->lock);
}

int ps_cli_ahead_open(ps_cli_ahead *a, size_t k, ps_log **first, ps_log **log, ps_error *err)
{
    pthread_mutex_lock(&a->lock);
    a->cur = k;
    pthread_cond_broadcast(&a->cond);
    wait_for(a, k, 0);
    slot *s = &a->s[k];
    int rc = s->first && s->log ? PS_OK : s->rc;
    pthread_mutex_unlock(&a->lock);
    if (rc) {
        *err = s->err;
        return rc;
    }
    *first = s->first;
    *log = s->log;
    return PS_OK;
}

int ps_cli_ahead_next(ps_cli_ahead *a, size_t k, ps_row *row, ps_error *err)
{
    slot *s = &a->s[k];
    if (!s->reading || s->at == s->reading->n) {
        pthread_mutex_lock(&a->lock);
        if (s->reading) {
            s->buffered -= s->reading->bytes;
            chunk_put(a, s->reading);
            s->reading = NULL;
            pthread_cond_broadcast(&a->cond);
        }
        wait_for(a, k, 1);
        s->reading = s->head;
        if (s->head && !(s->head = s->head->next))
            s->tail = NULL;
        int rc = s->rc;
        pthread_mutex_unlock(&a->lock);
        s->at = 0;
        if (!s->reading) {
            if (rc)
                *err = s->err;
            return rc ? -rc : 0;
        }
    }
    chunk *c = s->reading;
    size_t i = s->at++;
    *row = (ps_row){.local = c->local[i],
                    .utc = c->utc[i],
                    .values = c->values + i * c->nvalues,
                    .nvalues = c->nvalues,
                    .line = c->line[i]};
    return 1;
}

/* Under the lock, or with no worker left: free what a log holds. */
static void slot_free(ps_cli_ahead *a, slot *s)
{
    while (s->head) {
        chunk *c = s->head;
        s->head = c->next;
        chunk_put(a, c);
    }
    s->tail = NULL;
    chunk_put(a, s->reading);
    s->reading = NULL;
    s->buffered = 0;
    if (s->log && s->log != s->first)
        ps_log_close(s->log);
    if (s->first)
        ps_log_close(s->first);
    s->log = s->first = NULL;
    ps_filter_free(s->filter);
    s->filter = NULL;
    ps_warnings_fini(&s->warnings);
}

uint64_t ps_cli_ahead_done(ps_cli_ahead *a, size_t k, ps_warnings *w)
{
    slot *s = &a->s[k];
    pthread_mutex_lock(&a->lock);
    s->abandon = 1; /* rows not consumed (an error): its worker stops reading */
    pthread_cond_broadcast(&a->cond);
    while (!s->done) /* then its warnings are complete */
        pthread_cond_wait(&a->cond, &a->lock);
    for (size_t i = 0; i < s->warnings.n; i++)
        ps_warn(w, "%s", s->warnings.msgs[i]);
    uint64_t bad = s->bad;
    slot_free(a, s);
    a->cur = k + 1;
    pthread_cond_broadcast(&a->cond);
    pthread_mutex_unlock(&a->lock);
    return bad;
}

void ps_cli_ahead_stop(ps_cli_ahead *a)
{
    if (!a)
        return;
    pthread_mutex_lock(&a->lock);
    a->stop = 1;
    pthread_cond_broadcast(&a->cond);
    pthread_mutex_unlock(&a->lock);
    for (size_t t = 0; t < a->nthreads; t++)
        pthread_join(a->tid[t], NULL);
    ps_cli_progress_end(a->cli);
    for (size_t k = 0; k < a->n; k++)
        slot_free(a, &a->s[k]);
    while (a->spare) {
        chunk *c = a->spare;
        a->spare = c->next;
        chunk_free(c);
    }
    pthread_cond_destroy(&a->cond);
    pthread_mutex_destroy(&a->lock);
    free(a->tid);
    free(a->s);
    free(a);
}
