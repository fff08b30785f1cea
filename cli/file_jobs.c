/* file_jobs.c - inputs handled one file at a time on N threads (convert -f sql, convert -o
 * influx:// --jobs): each thread takes the next input in order, runs the caller's per-file
 * function with its own error record and warning list, and the results are reported in input
 * order afterwards, so the messages do not depend on which thread finished first. */
#include "cli.h"

#include <pthread.h>
#include <stdlib.h>

struct ps_cli_jobs {
    ps_cli *cli;
    const ps_cli_jobs_ops *ops;
    void *ctx;
    const char *const *paths;
    size_t n;
    ps_cli_job *files;
    pthread_mutex_t lock; /* next, the progress, ps_log_open (the process-wide input registry) */
    size_t next;
    uint64_t *done, *total; /* per input, bytes */
    const char *what; /* the progress line's word */
};

int ps_cli_jobs_open_log(ps_cli_jobs *j, size_t k, const ps_log_options *lo, ps_log **log)
{
    ps_log_options own = *lo;
    own.warnings = &j->files[k].warnings;
    pthread_mutex_lock(&j->lock);
    int rc = ps_log_open(j->paths[k], &own, log, &j->files[k].err);
    pthread_mutex_unlock(&j->lock);
    return rc;
}

void ps_cli_jobs_progress(ps_cli_jobs *j, size_t k, ps_log *log)
{
    uint64_t d, t, sum = 0, all = 0;
    ps_log_progress(log, &d, &t);
    pthread_mutex_lock(&j->lock);
    j->done[k] = d;
    j->total[k] = t;
    for (size_t i = 0; i < j->n; i++) {
        sum += j->done[i];
        all += j->total[i];
    }
    ps_cli_progress(j->cli, j->what, sum, all);
    pthread_mutex_unlock(&j->lock);
}

static void *worker(void *arg)
{
    ps_cli_jobs *j = arg;
    void *w = NULL;
    ps_error open_err = {0};
    int open_rc = j->ops->open ? j->ops->open(j->ctx, &w, &open_err) : PS_OK;
    for (;;) {
        pthread_mutex_lock(&j->lock);
        size_t k = j->next++;
        pthread_mutex_unlock(&j->lock);
        if (k >= j->n)
            break;
        ps_cli_job *f = &j->files[k];
        if (open_rc) {
            f->rc = open_rc;
            f->err = open_err;
        } else {
            f->rc = j->ops->file(j->ctx, w, j, k, f);
        }
    }
    if (j->ops->close)
        j->ops->close(j->ctx, w);
    return NULL;
}

ps_cli_job *ps_cli_jobs_run(ps_cli *cli, const char *what, const char *const *paths, size_t n, int jobs,
                            const ps_cli_jobs_ops *ops, void *ctx)
{
    ps_cli_jobs j = {cli, ops, ctx, paths, n, NULL, PTHREAD_MUTEX_INITIALIZER, 0, NULL, NULL, what};
    j.files = ps_xcalloc(n + 1, sizeof *j.files);
    j.done = ps_xcalloc(n + 1, sizeof *j.done);
    j.total = ps_xcalloc(n + 1, sizeof *j.total);
    size_t nthreads = jobs > 1 ? (size_t)jobs : 1;
    if (nthreads > n)
        nthreads = n;
    pthread_t *tid = ps_xcalloc(nthreads + 1, sizeof *tid);
    size_t started = 0;
    for (size_t t = 1; t < nthreads; t++) /* the calling thread is the first worker */
        if (pthread_create(&tid[t], NULL, worker, &j) == 0)
            started = t;
    worker(&j);
    for (size_t t = 1; t <= started; t++)
        pthread_join(tid[t], NULL);
    ps_cli_progress_end(cli);
    pthread_mutex_destroy(&j.lock);
    free(tid);
    free(j.done);
    free(j.total);
    return j.files;
}

int ps_cli_jobs_report(ps_cli *cli, ps_cli_job *f, int rc)
{
    for (size_t i = 0; i < f->warnings.n; i++)
        ps_warn(&cli->warnings, "%s", f->warnings.msgs[i]);
    ps_warnings_fini(&f->warnings);
    if (f->rc && !rc) {
        cli->err = f->err;
        return f->rc;
    }
    if (f->rc) { /* the first failure is the command's error; each later one is named too */
        char line[1200];
        ps_error_format(&f->err, line, sizeof line);
        ps_warn(&cli->warnings, "%s (this input failed too)", line);
    }
    return rc;
}
