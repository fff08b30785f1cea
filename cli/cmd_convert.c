/* cmd_convert.c - 'perfscribe convert IN... -o OUT': any log ps_log_open reads (.blg, PDH-CSV,
 * PDH-TSV) to relog-compatible CSV or TSV, with relog's -c/-cf/-b/-e/-t and a --bucket average.
 * Several inputs are merged by time (k-way merge; union of counters in input order). */
#include "cli.h"
#include "ps_blg.h"
#include "ps_merge.h"
#include "ps_ts.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct opts {
    const char *out; /* -o */
    const char *fmt; /* -f/--format: csv, tsv or sql */
    ps_cli_filter filter;
    int every; /* -t */
    double bucket_s; /* --bucket */
    const char *eol;
    int digits;
    int threads; /* --threads (0: one per CPU on big files; CSV/TSV chunks and .blg ranges) */
    int jobs; /* --jobs: -f sql inputs loaded at once */
    int batch_rows; /* --batch-rows: -f sql rows per transaction */
    ps_cli_logs logs; /* -b, -e, --lenient, --encoding */
    /* from the above, after parsing */
    ps_merge_opts m; /* -b/-e/-t/--bucket */
    ps_pdh_style style;
    int sql; /* -f sql: relog's tables in the database -o names (cli/convert_sql.c) */
    int ts; /* -f openmetrics|influx, -o influx://: time series (cli/convert_ts.c) */
} opts;

static const ps_opt_doc convert_opts[] = {
    {"-o", "--output", "OUT", PS_VAL_OUTPUT, "csv tsv", 0,
     "output file (default: standard output); written atomically, never over an input; "
     "influx://HOST:PORT/DB writes to an InfluxDB server (credentials from INFLUX_USERNAME and "
     "INFLUX_PASSWORD or INFLUX_TOKEN)",
     .kind = PS_ARG_STR, .at = offsetof(opts, out)},
    {"-f", "--format", "FMT", PS_VAL_WORDS, "csv tsv sql openmetrics influx", 0,
     "output format, csv or tsv (default: from the extension of OUT, else csv); sql with -o DB "
     "(sqlite:PATH or postgresql://...): relog's SQL tables, each input one log set, appended in one "
     "transaction; openmetrics (Prometheus backfill) or influx (line protocol), time stamps in UTC",
     .kind = PS_ARG_WORD, .at = offsetof(opts, fmt)},
    PS_CLI_FILTER_OPTS(opts, filter),
    {"-t", NULL, "N", PS_VAL_TEXT, NULL, 0, "keep every Nth sample (the 1st, N+1th, ...), as relog -t",
     .kind = PS_ARG_INT, .at = offsetof(opts, every), .lo = 1, .hi = 2147483647},
    {NULL, "--bucket", "SECONDS", PS_VAL_TEXT, NULL, 0,
     "average into fixed buckets of SECONDS aligned to the first sample (perfscribe extension; the "
     "row shows the bucket start)",
     .kind = PS_ARG_NUM, .at = offsetof(opts, bucket_s), .lo = 0.001, .hi = 1e9},
    {NULL, "--eol", "EOL", PS_VAL_WORDS, "crlf lf", 0,
     "line ends, crlf or lf (default crlf, as relog writes on Windows)", .kind = PS_ARG_WORD,
     .at = offsetof(opts, eol)},
    {NULL, "--digits", "N", PS_VAL_TEXT, NULL, 0, "significant digits of values (default 17, as relog)",
     .kind = PS_ARG_INT, .at = offsetof(opts, digits), .lo = 1, .hi = 40},
    {NULL, "--threads", "N", PS_VAL_TEXT, NULL, 0,
     "read on N threads: one big PDH-CSV/TSV input is parsed and formatted in chunks (files of "
     "16 MiB and more), a .blg input is decoded in buffer ranges (8 MiB and more); 0, the default: "
     "one per CPU (at most 8 for .blg), 1: one thread; the output is the same",
     .kind = PS_ARG_INT, .at = offsetof(opts, threads), .lo = 0, .hi = 64},
    {NULL, "--jobs", "N", PS_VAL_TEXT, NULL, 0,
     "-f sql: load N inputs at once, each its own log set stored as soon as it is read; -o influx://: "
     "write N inputs at once, each on its own connection as soon as it is read, not merged (default 1)",
     .kind = PS_ARG_INT, .at = offsetof(opts, jobs), .lo = 1, .hi = 64},
    {NULL, "--batch-rows", "N", PS_VAL_TEXT, NULL, 0,
     "-f sql: commit every N CounterData rows (default 250000); running the same command again "
     "resumes an interrupted load",
     .kind = PS_ARG_INT, .at = offsetof(opts, batch_rows), .lo = 1, .hi = 2147483647},
};

const ps_cmd_doc ps_doc_convert = {
    .name = "convert",
    .section = 1,
    .summary = "convert PerfMon logs to relog-compatible CSV, TSV or SQL tables, or time series",
    .synopsis = "IN... [-o OUT] [-f csv|tsv|sql|openmetrics|influx] [-c PATH]... [-cf FILE]...\n"
                "[-b TIME] [-e TIME] [-t N] [--bucket SECONDS] [--eol crlf|lf]\n"
                "[--digits N] [--encoding NAME] [--lenient] [--threads N] [--jobs N] [--batch-rows N] [-q]",
    .description = "Convert PerfMon logs (.blg, PDH-CSV, PDH-TSV; detected by content) to "
                   "relog-compatible CSV or TSV. Several inputs are merged by time into one table. A folder "
                   "stands for every *.blg, *.csv and *.tsv in its tree, in path order.",
    .opts = convert_opts,
    .nopts = PS_DOC_N(convert_opts),
    .shared = &ps_cli_log_opts,
    .shared_at = offsetof(opts, logs),
    .operands = PS_VAL_FILE,
    .exit_status = "0 ok, 1 no counter matched, 2 usage, 3 bad input, 4 I/O error "
                   "(also: libpq missing for -f sql to PostgreSQL, libcurl missing or the server refusing for "
                   "-o influx://)",
    .see_also = "perfscribe-summary(1)",
};

/* The checks and defaults after parsing: the window, the sampling and the output style. */
static int finish_args(ps_cli *cli, opts *o, size_t nin)
{
    if (nin == 0)
        return ps_cli_usage(cli, "no input file");
    int rc = ps_cli_window_check(cli, &o->logs.b, &o->logs.e);
    if (rc)
        return rc;
    o->m = (ps_merge_opts){o->logs.b.set, o->logs.e.set, o->logs.b.utc,           o->logs.e.utc,
                           o->logs.b.t,   o->logs.e.t,   o->every ? o->every : 1, (ps_time)llround(o->bucket_s * 1000)};
    if (o->fmt && strcmp(o->fmt, "sql") == 0) {
        o->sql = 1;
        if (!o->out || o->m.bucket_ms > 0)
            return ps_cli_usage(cli, "-f sql needs -o sqlite:PATH or -o postgresql://... (and no --bucket)");
        return 0;
    }
    o->ts = o->fmt ? (int)ps_ts_format_parse(o->fmt) : ps_influx_is_url(o->out) ? PS_TS_INFLUX : 0;
    if (o->ts) {
        if (ps_influx_is_url(o->out) && o->ts != PS_TS_INFLUX)
            return ps_cli_usage(cli, "-o influx://... takes -f influx");
        return 0;
    }
    enum ps_format ffmt = PS_FMT_CSV;
    if (o->fmt) {
        ffmt = ps_format_parse(o->fmt);
    } else if (o->out && strcmp(o->out, "-") != 0) {
        ffmt = ps_format_from_path(o->out);
        if (ffmt != PS_FMT_CSV && ffmt != PS_FMT_TSV)
            return ps_cli_usage(cli, "cannot tell the format from '%s': name it .csv or .tsv, or give -f", o->out);
    }
    ps_pdh_style_init(&o->style, ffmt);
    o->style.eol = o->eol && strcmp(o->eol, "lf") == 0 ? "\n" : "\r\n";
    o->style.digits = o->digits ? o->digits : 17;
    return 0;
}

/* One conversion to CSV/TSV: the merged rows written to the output file as they come, a
 * buffer at a time (written once it holds more than FLUSH_BYTES). */
#define FLUSH_BYTES ((size_t)1 << 20)

typedef struct conv {
    ps_cli *cli;
    const opts *o;
    const char *const *ins;
    size_t nin;
    ps_merge *m;
    const ps_log_info *i0;
    ps_outfile *of;
    ps_buf b;
    int any_row; /* a data row was written */
} conv;

/* Open the output and put the header line into c->b. Returns 0 or PS_E*. */
static int conv_open(conv *c)
{
    int rc = ps_outfile_open(c->o->out, c->ins, c->nin, &c->of, &c->cli->err);
    if (rc)
        return rc;
    size_t ncol;
    const char *const *cells = ps_merge_cells(c->m, &ncol);
    ps_pdh_write_header(&c->b, &c->o->style, c->i0->timezone, c->i0->has_bias, c->i0->bias_minutes, cells, ncol);
    return 0;
}

/* Write p[0..n) to the output (and let the disk start on it). Returns 0 or PS_EIO. */
static int write_out(conv *c, const char *p, size_t n, ps_error *err)
{
    if (n && fwrite(p, 1, n, ps_outfile_fp(c->of)) != n)
        return ps_error_set(err, PS_EIO, c->o->out, 0, 0, "cannot write");
    ps_outfile_write_behind(c->of);
    return 0;
}

static int flush_buf(conv *c, const ps_buf *b, ps_error *err)
{
    return write_out(c, b->data, b->len, err);
}

/* ps_merge_sink.row: on a worker thread, into the chunk's buffer. */
static void sink_row(void *ctx, ps_buf *out, ps_time local, const double *v, size_t n)
{
    const conv *c = ctx;
    ps_pdh_write_row(out, &c->o->style, local, v, n);
}

/* ps_merge_sink.emit: the chunks in file order (the output opened before the first), written
 * in the pieces the sequential loop writes (the same bytes out before an error): each piece
 * ends with the row that takes the pending text past FLUSH_BYTES. A piece is written straight
 * from the chunk; only the rows after the chunk's last piece are copied to wait in c->b. */
static int sink_emit(void *ctx, const ps_buf *chunk, uint64_t done, uint64_t total, ps_error *err)
{
    conv *c = ctx;
    int rc = c->of ? 0 : conv_open(c);
    c->any_row |= chunk->len > 0;
    const char *p = chunk->data;
    size_t left = chunk->len;
    while (!rc && left) {
        size_t room = c->b.len > FLUSH_BYTES ? 0 : FLUSH_BYTES - c->b.len;
        const char *nl = room < left ? memchr(p + room, '\n', left - room) : NULL;
        if (!nl) { /* not a piece yet: waits for the next chunk's rows */
            ps_buf_put(&c->b, p, left);
            break;
        }
        size_t take = (size_t)(nl - p) + 1;
        rc = flush_buf(c, &c->b, err);
        ps_buf_reset(&c->b);
        if (!rc)
            rc = write_out(c, p, take, err);
        p += take;
        left -= take;
    }
    ps_cli_progress(c->cli, "convert", done, total);
    return rc;
}

static int run(ps_cli *cli, const opts *o, ps_log *const *logs, size_t nin, const char *const *ins)
{
    conv c = {.cli = cli, .o = o, .ins = ins, .nin = nin, .i0 = ps_log_info_get(logs[0])};
    c.m = ps_merge_new(logs, nin, &o->m);
    ps_merge_sink sink = {sink_row, sink_emit, &c};
    int done = 0, rc = ps_merge_parallel(c.m, o->threads, &sink, &done, &cli->err);
    if (!done) {
        rc = ps_merge_start(c.m, &cli->err);
        if (!rc)
            rc = conv_open(&c);
        ps_time t;
        const double *v;
        size_t ncol;
        ps_merge_cells(c.m, &ncol);
        int got;
        while (!rc && (got = ps_merge_next(c.m, &t, &v, &cli->err)) != 0) {
            if (got < 0) {
                rc = -got;
                break;
            }
            ps_pdh_write_row(&c.b, &o->style, t, v, ncol);
            c.any_row = 1;
            if (c.b.len > FLUSH_BYTES) {
                rc = flush_buf(&c, &c.b, &cli->err);
                ps_buf_reset(&c.b);
            }
            uint64_t d, total;
            ps_merge_progress(c.m, &d, &total);
            ps_cli_progress(cli, "convert", d, total);
        }
    } else if (!rc && !c.of)
        rc = conv_open(&c); /* no data line: the header alone */
    ps_cli_progress_end(cli);
    if (ps_merge_folded(c.m))
        ps_warn(&cli->warnings,
                "--bucket: %llu row(s) earlier than the bucket being filled (time stamps went backwards) were "
                "averaged into that bucket",
                (unsigned long long)ps_merge_folded(c.m));
    if (!rc && !c.any_row)
        ps_cli_window_selects_nothing(cli, &o->logs, NULL);
    if (!rc)
        rc = flush_buf(&c, &c.b, &cli->err);
    if (!rc) {
        rc = ps_outfile_commit(c.of, &cli->err);
        if (!rc)
            ps_cli_wrote(cli, o->out);
    } else
        rc = ps_outfile_fail(c.of, rc, &cli->err); /* a failed write: its reason (F12) */
    ps_buf_fini(&c.b);
    ps_merge_free(c.m);
    return rc;
}

int ps_cmd_convert(int argc, char **argv, ps_cli *cli)
{
    opts o = {0};
    ps_cli_list args = {0};
    ps_cli_paths tree = {0};
    ps_filter *flt = NULL;
    int rc = ps_cli_parse(cli, &ps_doc_convert, argc, argv, &o, &args);
    if (!rc)
        rc = finish_args(cli, &o, args.n);
    if (!rc)
        rc = ps_cli_log_tree(cli, &args, &tree); /* folders: the logs of their trees */
    ps_cli_list ins = {(const char **)tree.v, tree.n};
    if (!rc)
        flt = ps_cli_filter_build(cli, &o.filter, &rc);
    ps_log **logs = ps_xcalloc(ins.n + 1, sizeof *logs);
    ps_log_options lo = ps_cli_log_options(cli, &o.logs, flt && ps_filter_count(flt) ? flt : NULL);
    /* -f sql, and influx:// with --jobs, open each input themselves, one at a time */
    int per_file = o.sql || (o.ts && o.jobs > 1 && ps_influx_is_url(o.out));
    for (size_t k = 0; k < ins.n && !rc && !per_file; k++) {
        rc = ps_log_open(ins.v[k], &lo, &logs[k], &cli->err);
        if (!rc)
            ps_log_blg_threads(logs[k], o.threads, 0); /* no-op for other formats */
        if (!rc && ps_log_info_get(logs[k])->ncounters == 0 && flt && ps_filter_count(flt))
            ps_cli_filter_selects_nothing(cli, &o.filter, ins.v[k]);
    }
    size_t matched = 0;
    for (size_t k = 0; k < ins.n && !rc && !per_file; k++) /* per file: its inputs are opened one by one later */
        matched += ps_log_info_get(logs[k])->ncounters;
    if (!rc && !per_file && !matched && flt && ps_filter_count(flt)) /* as chart: nothing written, exit 1 */
        rc = ps_error_set(&cli->err, PS_EFAIL, NULL, 0, 0,
                          "no counter of the logs matches the -c/--counter-file patterns");
    if (!rc && o.sql) {
        ps_cli_sql_opts so = {o.out,
                              o.m.has_b,
                              o.m.has_e,
                              o.m.b_utc,
                              o.m.e_utc,
                              o.m.b,
                              o.m.e,
                              o.m.every,
                              o.jobs,
                              o.threads,
                              (uint64_t)o.batch_rows,
                              lo};
        rc = ps_cli_convert_sql(cli, &so, ins.v, ins.n);
    } else if (!rc && o.ts) {
        ps_cli_ts_opts to = {o.out, o.ts, o.m, o.jobs, o.threads, lo};
        rc =
            per_file ? ps_cli_convert_ts_jobs(cli, &to, ins.v, ins.n) : ps_cli_convert_ts(cli, &to, logs, ins.v, ins.n);
    } else if (!rc)
        rc = run(cli, &o, logs, ins.n, ins.v);
    for (size_t k = 0; k < ins.n; k++)
        ps_log_close(logs[k]); /* NULL allowed */
    free(logs);
    ps_filter_free(flt);
    ps_cli_paths_free(&tree);
    ps_cli_parse_free(&ps_doc_convert, &o, &args);
    return rc == PS_CLI_DONE ? PS_OK : rc;
}
