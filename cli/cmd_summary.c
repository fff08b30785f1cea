/* cmd_summary.c - 'perfscribe summary': statistics of every counter in PerfMon logs.
 * Streams every file through ps_log (format by content: CSV, TSV, .blg) into a ps_summary;
 * memory depends on the number of counters, not on the number of rows. */
#include "cli.h"
#include "ps_blg.h"

#include <stdlib.h>
#include <string.h>

typedef struct opts {
    ps_cli_filter filter; /* -c, -cf */
    ps_cli_list outs; /* -o (repeatable: one file per format) */
    enum ps_format fmt; /* -f/--format */
    int threads;
    ps_cli_logs logs; /* -b, -e, --lenient, --encoding */
} opts;

static const ps_opt_doc summary_opts[] = {
    PS_CLI_FILTER_OPTS(opts, filter),
    PS_CLI_FORMAT_OPT(opts, fmt, "text csv json",
                      "output format: text (default), csv or json; with -o the default comes from its extension"),
    PS_CLI_OUTPUT_OPT(opts, outs, "txt csv json",
                      "write to FILE (atomically; never over an input) instead of stdout; repeat for "
                      "several formats (a.txt, a.csv, a.json)"),
    {NULL, "--threads", "N", PS_VAL_TEXT, NULL, 0,
     "parse big plain-text CSV/TSV files in N chunks at once (default 0: one per CPU, at most 8, "
     "for files of 64 MiB and more; 1: never); a .blg log is decoded on N threads (0: one per "
     "CPU for files of 8 MiB and more)",
     .kind = PS_ARG_INT, .at = offsetof(opts, threads), .lo = 0, .hi = 64},
};

const ps_cmd_doc ps_doc_summary = {
    .name = "summary",
    .section = 1,
    .summary = "statistics of every counter in PerfMon logs (CSV, TSV, .blg)",
    .synopsis = "[OPTIONS] FILE...",
    .description = "Statistics of every counter in PerfMon logs (PDH-CSV, PDH-TSV, .blg; detected by "
                   "content). Several files are merged by counter path (case-insensitive full path).",
    .opts = summary_opts,
    .nopts = PS_DOC_N(summary_opts),
    .shared = &ps_cli_log_opts,
    .shared_at = offsetof(opts, logs),
    .operands = PS_VAL_FILE,
    .notes_title = "STATISTICS",
    .notes = "Statistics per counter: count, missing, min, max, mean, sample standard deviation (n-1), "
             "p50/p95/p99, first/last timestamp (UTC), and a time-weighted mean (each value held until "
             "the next one) when the sampling intervals are uneven.\n\n"
             "Percentiles come from a mergeable log-bucket sketch (DDSketch style): the reported "
             "q-quantile is within 1 % (relative) of the value of rank floor(q*(n-1)) of the sorted "
             "values. Memory is bounded: at most 2048 buckets per sign; beyond a 1:2e12 range of "
             "magnitudes the smallest buckets are merged (low percentiles lose the bound first).",
    .exit_status = "0 ok, 2 usage, 3 bad input, 4 I/O error",
    .see_also = "perfscribe-convert(1)",
};

static const enum ps_format summary_formats[] = {PS_FMT_TEXT, PS_FMT_CSV, PS_FMT_JSON, PS_FMT_NONE};

/* 1 when the row is inside -b/-e (inclusive). */
static int keep_row(void *ctx, const ps_row *row)
{
    const opts *o = ctx;
    return ps_cli_in_window(&o->logs.b, &o->logs.e, row);
}

/* Stream one file into the summary. */
static int read_file(ps_cli *cli, const opts *o, const ps_filter *filter, const char *path, ps_summary *sum,
                     uint64_t *bad)
{
    ps_log_options lo = ps_cli_log_options(cli, &o->logs, filter);
    ps_log *log;
    int rc = ps_log_open(path, &lo, &log, &cli->err);
    if (rc)
        return rc;
    ps_log_blg_threads(log, o->threads, 0);
    const ps_log_info *info = ps_log_info_get(log);
    if (info->ncounters == 0 && ps_filter_count(filter))
        ps_cli_filter_selects_nothing(cli, &o->filter, path);
    ps_summary_begin_file(sum, info);
    ps_row row;
    uint64_t n = 0;
    int whole = 0;
    rc = ps_log_summary_parallel(log, o->threads, keep_row, (void *)o, sum, &whole, &cli->err);
    if (rc)
        rc = -rc;
    while (!whole && (rc = ps_log_next(log, &row, &cli->err)) > 0) {
        if (ps_cli_in_window(&o->logs.b, &o->logs.e, &row))
            ps_summary_add_row(sum, &row);
        if ((++n & 1023) == 0 && !cli->quiet) {
            uint64_t done, total;
            ps_log_progress(log, &done, &total);
            ps_cli_progress(cli, path, done, total);
        }
    }
    ps_cli_progress_end(cli);
    uint64_t b = ps_log_bad_rows(log);
    ps_summary_end_file(sum, b);
    *bad += b;
    ps_log_close(log);
    return rc < 0 ? -rc : PS_OK;
}

int ps_cmd_summary(int argc, char **argv, ps_cli *cli)
{
    opts o = {0};
    ps_cli_list files = {0};
    ps_filter *filter = NULL;
    ps_cli_out *outs = NULL;
    size_t nouts = 0;
    ps_summary sum;
    ps_summary_init(&sum);
    uint64_t bad = 0;
    int rc = ps_cli_parse(cli, &ps_doc_summary, argc, argv, &o, &files);
    if (!rc && files.n == 0)
        rc = ps_cli_usage(cli, "no input file");
    if (!rc)
        rc = ps_cli_window_check(cli, &o.logs.b, &o.logs.e);
    if (!rc)
        rc = ps_cli_outputs(cli, &o.outs, o.fmt, summary_formats, PS_FMT_TEXT, &outs, &nouts);
    if (!rc)
        filter = ps_cli_filter_build(cli, &o.filter, &rc);
    for (size_t i = 0; rc == PS_OK && i < files.n; i++)
        rc = read_file(cli, &o, filter, files.v[i], &sum, &bad);
    if (rc == PS_OK) {
        uint64_t kept = 0;
        for (size_t i = 0; i < sum.nfiles; i++)
            kept += sum.files[i].samples;
        if (kept == 0)
            ps_cli_window_selects_nothing(cli, &o.logs, NULL);
        ps_summary_finish(&sum);
        for (size_t i = 0; i < nouts && !rc; i++) {
            ps_buf out = {0};
            rc = ps_summary_render(&out, &sum, &(ps_render_opts){.fmt = outs[i].fmt}, &cli->err);
            if (rc == PS_OK)
                rc = ps_cli_write_fmt(cli, outs[i].path, outs[i].fmt, &out, files.v, files.n);
            ps_buf_fini(&out);
        }
        if (bad)
            ps_warn(&cli->warnings, "%llu malformed row%s skipped or read with missing values (--lenient)",
                    (unsigned long long)bad, bad == 1 ? "" : "s");
    }
    ps_summary_fini(&sum);
    ps_filter_free(filter);
    free(outs);
    ps_cli_parse_free(&ps_doc_summary, &o, &files);
    return rc == PS_CLI_DONE ? PS_OK : rc;
}
