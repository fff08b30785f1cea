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

static const ps_opt_doc convert_opts[] = {
    {"-o", NULL, "OUT", PS_VAL_OUTPUT, "csv tsv", 0,
     "output file (default: standard output); written atomically, never over an input; "
     "influx://HOST:PORT/DB writes to an InfluxDB server (credentials from INFLUX_USERNAME and "
     "INFLUX_PASSWORD or INFLUX_TOKEN)"},
    {"-f", NULL, "FMT", PS_VAL_WORDS, "csv tsv sql openmetrics influx", 0,
     "output format, csv or tsv (default: from the extension of OUT, else csv); sql with -o DB "
     "(sqlite:PATH or postgresql://...): relog's SQL tables, each input one log set, appended in one "
     "transaction; openmetrics (Prometheus backfill) or influx (line protocol), time stamps in UTC"},
    {"-c", NULL, "PATH", PS_VAL_TEXT, NULL, PS_OPT_REPEAT,
     "keep counters matching PATH (repeatable; wildcards * as in relog)"},
    {NULL, "--counter-file", "FILE", PS_VAL_FILE, NULL, PS_OPT_REPEAT,
     "keep counters listed in FILE, one per line (relog -cf; -cf FILE works too)"},
    {"-b", NULL, "TIME", PS_VAL_TEXT, NULL, 0,
     "keep samples from TIME (\"M/D/YYYY H:MM:SS [AM|PM]\" or ISO 8601)"},
    {"-e", NULL, "TIME", PS_VAL_TEXT, NULL, 0, "keep samples until TIME (inclusive)"},
    {"-t", NULL, "N", PS_VAL_TEXT, NULL, 0, "keep every Nth sample (the 1st, N+1th, ...), as relog -t"},
    {NULL, "--bucket", "SECONDS", PS_VAL_TEXT, NULL, 0,
     "average into fixed buckets of SECONDS aligned to the first sample (perfscribe extension; the "
     "row shows the bucket start)"},
    {NULL, "--eol", "EOL", PS_VAL_WORDS, "crlf lf", 0, "line ends, crlf or lf (default crlf, as relog writes on Windows)"},
    {NULL, "--digits", "N", PS_VAL_TEXT, NULL, 0, "significant digits of values (default 17, as relog)"},
    PS_CLI_ENCODING_OPT,
    {NULL, "--lenient", NULL, PS_VAL_NONE, NULL, 0,
     "skip damaged parts of an input with a warning instead of failing"},
    {NULL, "--threads", "N", PS_VAL_TEXT, NULL, 0,
     "read on N threads: one big PDH-CSV/TSV input is parsed and formatted in chunks (files of "
     "16 MiB and more), a .blg input is decoded in buffer ranges (8 MiB and more); 0, the default: "
     "one per CPU (at most 8 for .blg), 1: one thread; the output is the same"},
    {"-q", NULL, NULL, PS_VAL_NONE, NULL, 0, "no progress bar"},
};

const ps_cmd_doc ps_doc_convert = {
    .name = "convert",
    .section = 1,
    .summary = "convert PerfMon logs to relog-compatible CSV, TSV or SQL tables, or time series",
    .synopsis = "IN... [-o OUT] [-f csv|tsv|sql|openmetrics|influx] [-c PATH]... [--counter-file FILE]\n"
                "[-b TIME] [-e TIME] [-t N] [--bucket SECONDS] [--eol crlf|lf]\n"
                "[--digits N] [--encoding NAME] [--lenient] [--threads N] [-q]",
    .description = "Convert PerfMon logs (.blg, PDH-CSV, PDH-TSV; detected by content) to "
                   "relog-compatible CSV or TSV. Several inputs are merged by time into one table.",
    .opts = convert_opts,
    .nopts = PS_DOC_N(convert_opts),
    .operands = PS_VAL_FILE,
    .exit_status = "0 ok, 2 usage, 3 bad input, 4 I/O error "
                   "(also: libpq missing for -f sql to PostgreSQL, libcurl missing or the server refusing for "
                   "-o influx://)",
    .see_also = "perfscribe-summary(1)",
};

typedef struct opts {
    const char *out;
    enum ps_format fmt;
    ps_merge_opts m;    /* -b/-e/-t/--bucket */
    int threads;        /* --threads (0: one per CPU on big files; CSV/TSV chunks and .blg ranges) */
    ps_pdh_style style;
    int lenient;
    int sql;            /* -f sql: relog's tables in the database -o names (cli/convert_sql.c) */
    int ts;             /* -f openmetrics|influx, -o influx://: time series (cli/convert_ts.c) */
    const char *encoding;
} opts;

static int parse_args(int argc, char **argv, ps_cli *cli, opts *o, ps_filter *flt, const char **ins, size_t *nin)
{
    const char *fmt = NULL;
    enum ps_format ffmt = PS_FMT_NONE;
    const char *eol = "crlf";
    long digits = 17;
    o->m.every = 1;
    double bucket_s = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        int takes = !strcmp(a, "-o") || !strcmp(a, "-f") || !strcmp(a, "-c") || !strcmp(a, "--counter-file") ||
                    !strcmp(a, "-cf") || !strcmp(a, "-b") || !strcmp(a, "-e") || !strcmp(a, "-t") ||
                    !strcmp(a, "--bucket") || !strcmp(a, "--eol") || !strcmp(a, "--digits") || !strcmp(a, "--encoding") ||
                    !strcmp(a, "--threads");
        if (takes && !v)
            return ps_cli_usage(cli, "option %s needs a value", a);
        char *end;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            int rc = ps_cli_help(cli, &ps_doc_convert);
            return rc ? rc : -1;
        } else if (!strcmp(a, "-o"))
            o->out = v;
        else if (!strcmp(a, "-f"))
            fmt = v;
        else if (!strcmp(a, "-c")) {
            if (ps_filter_add(flt, v, &cli->err))
                return PS_EUSAGE;
        } else if (!strcmp(a, "--counter-file") || !strcmp(a, "-cf")) {
            int rc = ps_filter_add_file(flt, v, &cli->err);
            if (rc)
                return rc;
        } else if (!strcmp(a, "-b") || !strcmp(a, "-e")) {
            int isb = a[1] == 'b';
            if (ps_time_parse_user(v, isb ? &o->m.b : &o->m.e, isb ? &o->m.b_utc : &o->m.e_utc) != 0)
                return ps_cli_usage(cli, "%s: cannot read the time '%s'", a, v);
            *(isb ? &o->m.has_b : &o->m.has_e) = 1;
        } else if (!strcmp(a, "-t")) {
            o->m.every = strtol(v, &end, 10);
            if (*end || o->m.every < 1)
                return ps_cli_usage(cli, "-t needs a whole number >= 1, not '%s'", v);
        } else if (!strcmp(a, "--bucket")) {
            bucket_s = strtod(v, &end);
            if (*end || !(bucket_s >= 0.001) || bucket_s > 1e9)
                return ps_cli_usage(cli, "--bucket needs a number of seconds >= 0.001, not '%s'", v);
            o->m.bucket_ms = (ps_time)llround(bucket_s * 1000);
        } else if (!strcmp(a, "--threads")) {
            long t = strtol(v, &end, 10);
            if (end == v || *end || t < 0 || t > 64)
                return ps_cli_usage(cli, "bad --threads '%s' (0 to 64)", v);
            o->threads = (int)t;
        } else if (!strcmp(a, "--eol")) {
            eol = v;
            if (strcmp(v, "crlf") && strcmp(v, "lf"))
                return ps_cli_usage(cli, "--eol takes crlf or lf, not '%s'", v);
        } else if (!strcmp(a, "--digits")) {
            digits = strtol(v, &end, 10);
            if (*end || digits < 1 || digits > 40)
                return ps_cli_usage(cli, "--digits takes 1..40, not '%s'", v);
        } else if (!strcmp(a, "--encoding")) {
            int rc = ps_cli_encoding(cli, v, &o->encoding);
            if (rc)
                return rc;
        } else if (!strcmp(a, "--lenient"))
            o->lenient = 1;
        else if (!strcmp(a, "-q"))
            cli->quiet = 1;
        else if (a[0] == '-' && a[1])
            return ps_cli_usage(cli, "unknown option '%s'", a);
        else
            ins[(*nin)++] = a;
        if (takes)
            i++;
    }
    if (*nin == 0)
        return ps_cli_usage(cli, "no input file");
    if (fmt && strcmp(fmt, "sql") == 0) {
        o->sql = 1;
        if (!o->out || o->m.bucket_ms > 0)
            return ps_cli_usage(cli, "-f sql needs -o sqlite:PATH or -o postgresql://... (and no --bucket)");
        return 0;
    }
    o->ts = fmt ? (int)ps_ts_format_parse(fmt) : ps_influx_is_url(o->out) ? PS_TS_INFLUX : 0;
    if (o->ts) {
        if (ps_influx_is_url(o->out) && o->ts != PS_TS_INFLUX)
            return ps_cli_usage(cli, "-o influx://... takes -f influx");
        return 0;
    }
    if (fmt) {
        ffmt = ps_format_parse(fmt);
        if (ffmt != PS_FMT_CSV && ffmt != PS_FMT_TSV)
            return ps_cli_usage(cli, "-f takes csv, tsv, sql, openmetrics or influx, not '%s'", fmt);
    } else if (o->out && strcmp(o->out, "-") != 0) {
        ffmt = ps_format_from_path(o->out);
        if (ffmt != PS_FMT_CSV && ffmt != PS_FMT_TSV)
            return ps_cli_usage(cli, "cannot tell the format from '%s': name it .csv or .tsv, or give -f", o->out);
    } else
        ffmt = PS_FMT_CSV;
    o->fmt = ffmt;
    ps_pdh_style_init(&o->style, ffmt);
    o->style.eol = strcmp(eol, "lf") == 0 ? "\n" : "\r\n";
    o->style.digits = (int)digits;
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
    const char *p = chunk->data;
    size_t left = chunk->len;
    while (!rc && left) {
        size_t room = c->b.len > FLUSH_BYTES ? 0 : FLUSH_BYTES - c->b.len;
        const char *nl = room < left ? memchr(p + room, '\n', left - room) : NULL;
        if (!nl) {   /* not a piece yet: waits for the next chunk's rows */
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
            if (c.b.len > FLUSH_BYTES) {
                rc = flush_buf(&c, &c.b, &cli->err);
                ps_buf_reset(&c.b);
            }
            uint64_t d, total;
            ps_merge_progress(c.m, &d, &total);
            ps_cli_progress(cli, "convert", d, total);
        }
    } else if (!rc && !c.of)
        rc = conv_open(&c);   /* no data line: the header alone */
    ps_cli_progress_end(cli);
    if (ps_merge_folded(c.m))
        ps_warn(&cli->warnings,
                "--bucket: %llu row(s) earlier than the bucket being filled (time stamps went backwards) were "
                "averaged into that bucket",
                (unsigned long long)ps_merge_folded(c.m));
    if (!rc)
        rc = flush_buf(&c, &c.b, &cli->err);
    if (!rc)
        rc = ps_outfile_commit(c.of, &cli->err);
    else
        rc = ps_outfile_fail(c.of, rc, &cli->err);   /* a failed write: its reason (F12) */
    ps_buf_fini(&c.b);
    ps_merge_free(c.m);
    return rc;
}

int ps_cmd_convert(int argc, char **argv, ps_cli *cli)
{
    opts o;
    memset(&o, 0, sizeof o);
    ps_filter *flt = ps_filter_new();
    const char **ins = ps_xcalloc((size_t)argc + 1, sizeof *ins);
    size_t nin = 0;
    int rc = parse_args(argc, argv, cli, &o, flt, ins, &nin);
    if (rc) {
        ps_filter_free(flt);
        free(ins);
        return rc < 0 ? 0 : rc;
    }
    ps_log **logs = ps_xcalloc(nin, sizeof *logs);
    ps_log_options lo = {ps_filter_count(flt) ? flt : NULL, o.lenient, &cli->warnings, o.encoding};
    for (size_t k = 0; k < nin && !rc; k++) {
        rc = ps_log_open(ins[k], &lo, &logs[k], &cli->err);
        if (!rc)
            ps_log_blg_threads(logs[k], o.threads, 0);   /* no-op for other formats */
    }
    if (!rc && o.sql) {
        ps_cli_sql_opts so = {o.out, o.m.has_b, o.m.has_e, o.m.b_utc, o.m.e_utc, o.m.b, o.m.e, o.m.every};
        rc = ps_cli_convert_sql(cli, &so, logs, ins, nin);
    } else if (!rc && o.ts) {
        ps_cli_ts_opts to = {o.out, o.ts, o.m};
        rc = ps_cli_convert_ts(cli, &to, logs, ins, nin);
    } else if (!rc)
        rc = run(cli, &o, logs, nin, ins);
    for (size_t k = 0; k < nin; k++)
        ps_log_close(logs[k]);
    free(logs);
    free(ins);
    ps_filter_free(flt);
    return rc;
}
