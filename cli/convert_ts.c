/* convert_ts.c - 'perfscribe convert -f openmetrics|influx' and '-o influx://HOST:PORT/DB': the
 * merged rows of every input, time stamps in UTC, through the time-series writers (render/ts).
 * '-o influx://... --jobs N' writes each input on its own instead (N at once, one connection
 * each): a fleet's logs stream into the server as each is read. */
#include "cli.h"
#include "ps_blg.h"
#include "ps_merge.h"
#include "ps_ts.h"

#include <stdio.h>
#include <stdlib.h>

#define INFLUX_BATCH_POINTS 5000 /* points per HTTP request */

typedef struct file_sink {
    ps_outfile *of;
    const char *name;
} file_sink;

static int file_put(void *ctx, const char *text, size_t len, size_t lines, ps_error *err)
{
    file_sink *fs = ctx;
    (void)lines;
    if (len && fwrite(text, 1, len, ps_outfile_fp(fs->of)) != len)
        return ps_error_set(err, PS_EIO, fs->name, 0, 0, "cannot write");
    ps_outfile_write_behind(fs->of);
    return 0;
}

/* Where a write reports its progress: the whole command's bar (merged inputs) or one job's. */
typedef struct ts_progress {
    ps_cli *cli;
    const char *what;
    ps_cli_jobs *jobs; /* NULL: the merge's bytes on cli's bar */
    size_t k;
    ps_log *log;
} ts_progress;

/* Rows between two progress updates of a job, less one (a mask). */
#define JOB_PROGRESS_EVERY 1023u

/* The rows of logs[0..nin) merged, UTC, through a writer of fmt into sink; *count = samples or
 * points written. Warnings to w, errors to err. */
static int write_rows(ps_log *const *logs, size_t nin, const char *name0, const ps_cli_ts_opts *o, ps_ts_sink sink,
                      size_t batch, ts_progress *pr, ps_warnings *w, uint64_t *count, ps_error *err)
{
    const ps_log_info *i0 = ps_log_info_get(logs[0]);
    ps_time shift = i0->has_bias ? (ps_time)i0->bias_minutes * 60000 : 0; /* UTC = local + bias */
    if (!i0->has_bias)
        ps_warn(w, "%s: the log names no time zone: its time stamps are written as UTC", name0);
    ps_merge *m = ps_merge_new(logs, nin, &o->m);
    int rc = ps_merge_start(m, err);
    size_t ncol;
    const char *const *cells = ps_merge_cells(m, &ncol);
    ps_ts_writer *tw = rc ? NULL : ps_ts_writer_new(o->fmt, cells, ncol, sink, batch, w, err);
    if (!rc && !tw)
        rc = err->code ? err->code : PS_EIO;
    ps_time t;
    const double *v;
    int got;
    for (unsigned rows = 0; !rc && (got = ps_merge_next(m, &t, &v, err)) != 0; rows++) {
        if (got < 0) {
            rc = -got;
            break;
        }
        rc = ps_ts_writer_row(tw, t + shift, v, err);
        if (pr->jobs) {
            if ((rows & JOB_PROGRESS_EVERY) == 0)
                ps_cli_jobs_progress(pr->jobs, pr->k, pr->log);
        } else {
            uint64_t d, total;
            ps_merge_progress(m, &d, &total);
            ps_cli_progress(pr->cli, pr->what, d, total);
        }
    }
    if (!rc)
        rc = ps_ts_writer_finish(tw, err);
    *count = tw ? ps_ts_writer_count(tw) : 0;
    ps_ts_writer_free(tw);
    ps_merge_free(m);
    return rc;
}

int ps_cli_convert_ts(ps_cli *cli, const ps_cli_ts_opts *o, ps_log *const *logs, const char *const *ins, size_t nin)
{
    int http = ps_influx_is_url(o->out);
    ps_influx *ix = NULL;
    file_sink fs = {NULL, o->out ? o->out : "-"};
    ps_ts_sink sink = {file_put, &fs};
    int rc = http ? ps_influx_open(o->out, &ix, &cli->err) : ps_outfile_open(o->out, ins, nin, &fs.of, &cli->err);
    if (rc)
        return rc;
    if (http)
        sink = ps_influx_sink(ix);
    ts_progress pr = {cli, http ? "influx" : "convert", NULL, 0, NULL};
    uint64_t count = 0;
    rc = write_rows(logs, nin, ins[0], o, sink, http ? INFLUX_BATCH_POINTS : 0, &pr, &cli->warnings, &count, &cli->err);
    ps_cli_progress_end(cli);
    if (http) {
        if (!rc && !cli->quiet)
            fprintf(stderr, "perfscribe: %llu points written to %s\n", (unsigned long long)ps_influx_written(ix),
                    o->out);
        ps_influx_close(ix);
    } else if (!rc)
        rc = ps_outfile_commit(fs.of, &cli->err);
    else
        rc = ps_outfile_fail(fs.of, rc, &cli->err);
    return rc;
}

/* --jobs: one connection per thread, one input at a time on it. */
typedef struct ts_run {
    const ps_cli_ts_opts *o;
    const char *const *paths;
    ps_cli *cli;
    uint64_t *points; /* per input */
} ts_run;

static int ix_open(void *ctx, void **conn, ps_error *err)
{
    return ps_influx_open(((ts_run *)ctx)->o->out, (ps_influx **)conn, err);
}

static void ix_close(void *ctx, void *conn)
{
    (void)ctx;
    ps_influx_close(conn);
}

static int ix_file(void *ctx, void *conn, ps_cli_jobs *j, size_t k, ps_cli_job *job)
{
    ts_run *s = ctx;
    ps_log *log = NULL;
    int rc = ps_cli_jobs_open_log(j, k, &s->o->lo, &log);
    if (rc)
        return rc;
    ps_log_blg_threads(log, s->o->threads, 0); /* no-op for other formats */
    ts_progress pr = {s->cli, "influx", j, k, log};
    rc = write_rows(&log, 1, s->paths[k], s->o, ps_influx_sink(conn), INFLUX_BATCH_POINTS, &pr, &job->warnings,
                    &s->points[k], &job->err);
    ps_log_close(log);
    return rc;
}

int ps_cli_convert_ts_jobs(ps_cli *cli, const ps_cli_ts_opts *o, const char *const *paths, size_t n)
{
    ps_influx *first = NULL; /* the server answers, and libcurl is loaded before the threads start */
    int rc = ps_influx_open(o->out, &first, &cli->err);
    ps_influx_close(first);
    if (rc)
        return rc;
    ts_run s = {o, paths, cli, ps_xcalloc(n + 1, sizeof(uint64_t))};
    static const ps_cli_jobs_ops ops = {ix_open, ix_file, ix_close};
    ps_cli_job *jobs = ps_cli_jobs_run(cli, "influx", paths, n, o->jobs, &ops, &s);
    uint64_t points = 0;
    size_t failed = 0;
    for (size_t k = 0; k < n; k++) { /* in input order: warnings, then the first failure */
        rc = ps_cli_jobs_report(cli, &jobs[k], rc);
        failed += jobs[k].rc != PS_OK;
        points += jobs[k].rc ? 0 : s.points[k];
    }
    if (!rc && !cli->quiet)
        fprintf(stderr, "perfscribe: %llu points of %zu logs written to %s\n", (unsigned long long)points, n, o->out);
    else if (rc && !cli->quiet) /* what went in all the same: the logs that did not fail, whole */
        fprintf(stderr, "perfscribe: %llu points of the %zu logs that did not fail written to %s; %zu of %zu failed\n",
                (unsigned long long)points, n - failed, o->out, failed, n);
    free(jobs);
    free(s.points);
    return rc;
}
