/* convert_ts.c - 'perfscribe convert -f openmetrics|influx' and '-o influx://HOST:PORT/DB': the
 * merged rows of every input, time stamps in UTC, through the time-series writers (render/ts). */
#include "cli.h"
#include "ps_merge.h"
#include "ps_ts.h"

#include <stdio.h>

#define INFLUX_BATCH_POINTS 5000   /* points per HTTP request */

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

int ps_cli_convert_ts(ps_cli *cli, const ps_cli_ts_opts *o, ps_log *const *logs, const char *const *ins, size_t nin)
{
    const ps_log_info *i0 = ps_log_info_get(logs[0]);
    ps_time shift = i0->has_bias ? (ps_time)i0->bias_minutes * 60000 : 0;   /* UTC = local + bias */
    if (!i0->has_bias)
        ps_warn(&cli->warnings, "%s: the log names no time zone: its time stamps are written as UTC", ins[0]);
    int http = ps_influx_is_url(o->out);
    ps_influx *ix = NULL;
    file_sink fs = {NULL, o->out ? o->out : "-"};
    ps_ts_sink sink = {file_put, &fs};
    int rc = http ? ps_influx_open(o->out, &ix, &cli->err) : ps_outfile_open(o->out, ins, nin, &fs.of, &cli->err);
    if (rc)
        return rc;
    if (http)
        sink = ps_influx_sink(ix);
    ps_merge *m = ps_merge_new(logs, nin, &o->m);
    rc = ps_merge_start(m, &cli->err);
    size_t ncol;
    const char *const *cells = ps_merge_cells(m, &ncol);
    ps_ts_writer *tw = rc ? NULL
                          : ps_ts_writer_new(o->fmt, cells, ncol, sink, http ? INFLUX_BATCH_POINTS : 0,
                                             &cli->warnings, &cli->err);
    if (!rc && !tw)
        rc = cli->err.code ? cli->err.code : PS_EIO;
    ps_time t;
    const double *v;
    int got;
    while (!rc && (got = ps_merge_next(m, &t, &v, &cli->err)) != 0) {
        if (got < 0) {
            rc = -got;
            break;
        }
        rc = ps_ts_writer_row(tw, t + shift, v, &cli->err);
        uint64_t d, total;
        ps_merge_progress(m, &d, &total);
        ps_cli_progress(cli, http ? "influx" : "convert", d, total);
    }
    if (!rc)
        rc = ps_ts_writer_finish(tw, &cli->err);
    ps_cli_progress_end(cli);
    if (http) {
        if (!rc && !cli->quiet)
            fprintf(stderr, "perfscribe: %llu points written to %s\n", (unsigned long long)ps_influx_written(ix), o->out);
        ps_influx_close(ix);
    } else if (!rc)
        rc = ps_outfile_commit(fs.of, &cli->err);
    else
        rc = ps_outfile_fail(fs.of, rc, &cli->err);
    ps_ts_writer_free(tw);
    ps_merge_free(m);
    return rc;
}
