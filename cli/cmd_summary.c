/* cmd_summary.c - 'perfscribe summary': statistics of every counter in PerfMon logs.
 * Streams every file through ps_log (format by content: CSV, TSV, .blg) into a ps_summary;
 * memory depends on the number of counters, not on the number of rows. */
#include "cli.h"
#include "ps_blg.h"

#include <stdlib.h>
#include <string.h>

static const ps_opt_doc summary_opts[] = {
    {"-c", "--counter", "PATH", PS_VAL_TEXT, NULL, PS_OPT_REPEAT,
     "keep counters matching PATH (repeatable; '*' wildcards, like relog -c)"},
    {NULL, "--counter-file", "FILE", PS_VAL_FILE, NULL, PS_OPT_REPEAT,
     "one counter path pattern per line (like relog -cf)"},
    {"-b", "--begin", "TIME", PS_VAL_TEXT, NULL, 0,
     "first sample to use. TIME: \"M/D/YYYY H:MM:SS [AM|PM]\", \"M/D/YYYY HH:MM:SS.mmm\" or ISO 8601 "
     "\"YYYY-MM-DD[THH:MM[:SS[.mmm]]]\" in the log's local time; with Z or +hh:mm it is compared with "
     "the samples' UTC time instead"},
    {"-e", "--end", "TIME", PS_VAL_TEXT, NULL, 0, "last sample to use (inclusive); TIME as for --begin"},
    {NULL, "--format", "FMT", PS_VAL_WORDS, "text csv json", 0, "output format: text (default), csv or json"},
    {"-o", "--output", "FILE", PS_VAL_OUTPUT, "txt csv json", 0,
     "write to FILE (atomically; never over an input) instead of stdout"},
    {NULL, "--lenient", NULL, PS_VAL_NONE, NULL, 0,
     "go on past malformed rows (bad cells read as missing, broken rows skipped; counted and "
     "reported once as a warning) instead of failing"},
    PS_CLI_ENCODING_OPT,
    {NULL, "--threads", "N", PS_VAL_TEXT, NULL, 0,
     "parse big plain-text CSV/TSV files in N chunks at once (default 0: one per CPU, at most 8, "
     "for files of 64 MiB and more; 1: never); a .blg log is decoded on N threads (0: one per "
     "CPU for files of 8 MiB and more)"},
    {"-q", "--quiet", NULL, PS_VAL_NONE, NULL, 0, "no progress bar"},
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
    .operands = PS_VAL_FILE,
    .notes_title = "STATISTICS",
    .notes =
        "Statistics per counter: count, missing, min, max, mean, sample standard deviation (n-1), "
        "p50/p95/p99, first/last timestamp (UTC), and a time-weighted mean (each value held until "
        "the next one) when the sampling intervals are uneven.\n\n"
        "Percentiles come from a mergeable log-bucket sketch (DDSketch style): the reported "
        "q-quantile is within 1 % (relative) of the value of rank floor(q*(n-1)) of the sorted "
        "values. Memory is bounded: at most 2048 buckets per sign; beyond a 1:2e12 range of "
        "magnitudes the smallest buckets are merged (low percentiles lose the bound first).",
    .exit_status = "0 ok, 2 usage, 3 bad input, 4 I/O error",
    .see_also = "perfscribe-convert(1)",
};

typedef struct opts {
    const char **files;
    size_t nfiles;
    const char *out;
    enum ps_format fmt;
    int lenient;
    const char *encoding;
    int threads;
    int has_b, has_e, b_utc, e_utc;
    ps_time b, e;
} opts;

/* Value of an option that takes an argument: "--opt VALUE", "--opt=VALUE" or "-xVALUE". */
static const char *opt_value(int argc, char **argv, int *i, const char *name, ps_cli *cli)
{
    const char *a = argv[*i];
    size_t n = strlen(name);
    if (strncmp(a, name, n) == 0 && a[n] == '=' && name[1] == '-')
        return a + n + 1;
    if (strncmp(a, name, n) == 0 && a[n] && name[1] != '-')
        return a + n;
    if (*i + 1 >= argc) {
        ps_cli_usage(cli, "option %s needs a value", name);
        return NULL;
    }
    return argv[++*i];
}

static int is_opt(const char *a, const char *s, const char *l)
{
    size_t n;
    if (s && strncmp(a, s, 2) == 0)
        return 1;
    return l && strncmp(a, l, n = strlen(l)) == 0 && (a[n] == 0 || a[n] == '=');
}

static int parse_time(ps_cli *cli, const char *v, const char *what, ps_time *t, int *utc)
{
    if (ps_time_parse_user(v, t, utc) != 0)
        return ps_cli_usage(cli, "bad %s time '%s' (use M/D/YYYY H:MM:SS [AM|PM] or YYYY-MM-DDTHH:MM:SS)", what, v);
    return PS_OK;
}

static int parse_args(int argc, char **argv, ps_cli *cli, opts *o, ps_filter *filter, int *help_shown)
{
    int only_files = 0;
    o->fmt = PS_FMT_TEXT;
    o->files = ps_xcalloc((size_t)argc + 1, sizeof *o->files);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        int rc;
        if (only_files || a[0] != '-' || strcmp(a, "-") == 0) {
            o->files[o->nfiles++] = a;
        } else if (strcmp(a, "--") == 0) {
            only_files = 1;
        } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            *help_shown = 1;
            return ps_cli_help(cli, &ps_doc_summary);
        } else if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0) {
            cli->quiet = 1;
        } else if (strcmp(a, "--lenient") == 0) {
            o->lenient = 1;
        } else if (is_opt(a, NULL, "--encoding")) {
            if (!(v = opt_value(argc, argv, &i, "--encoding", cli)))
                return PS_EUSAGE;
            if ((rc = ps_cli_encoding(cli, v, &o->encoding)))
                return rc;
        } else if (is_opt(a, NULL, "--threads")) {
            char *end;
            if (!(v = opt_value(argc, argv, &i, "--threads", cli)))
                return PS_EUSAGE;
            long t = strtol(v, &end, 10);
            if (end == v || *end || t < 0 || t > 64)
                return ps_cli_usage(cli, "bad --threads '%s' (0 to 64)", v);
            o->threads = (int)t;
        } else if (is_opt(a, NULL, "--counter-file")) {
            if (!(v = opt_value(argc, argv, &i, "--counter-file", cli)))
                return PS_EUSAGE;
            if ((rc = ps_filter_add_file(filter, v, &cli->err)))
                return rc;
        } else if (is_opt(a, "-c", "--counter")) {
            if (!(v = opt_value(argc, argv, &i, a[1] == '-' ? "--counter" : "-c", cli)))
                return PS_EUSAGE;
            if ((rc = ps_filter_add(filter, v, &cli->err)))
                return rc;
        } else if (is_opt(a, "-b", "--begin")) {
            if (!(v = opt_value(argc, argv, &i, a[1] == '-' ? "--begin" : "-b", cli)) ||
                parse_time(cli, v, "begin", &o->b, &o->b_utc))
                return PS_EUSAGE;
            o->has_b = 1;
        } else if (is_opt(a, "-e", "--end")) {
            if (!(v = opt_value(argc, argv, &i, a[1] == '-' ? "--end" : "-e", cli)) ||
                parse_time(cli, v, "end", &o->e, &o->e_utc))
                return PS_EUSAGE;
            o->has_e = 1;
        } else if (is_opt(a, NULL, "--format")) {
            if (!(v = opt_value(argc, argv, &i, "--format", cli)))
                return PS_EUSAGE;
            o->fmt = ps_format_parse(v);
            if (o->fmt != PS_FMT_TEXT && o->fmt != PS_FMT_CSV && o->fmt != PS_FMT_JSON)
                return ps_cli_usage(cli, "unknown --format '%s' (use text, csv or json)", v);
        } else if (is_opt(a, "-o", "--output")) {
            if (!(v = opt_value(argc, argv, &i, a[1] == '-' ? "--output" : "-o", cli)))
                return PS_EUSAGE;
            o->out = v;
        } else {
            return ps_cli_usage(cli, "unknown option '%s'", a);
        }
    }
    if (o->nfiles == 0)
        return ps_cli_usage(cli, "no input file");
    if (o->has_b && o->has_e && o->b_utc == o->e_utc && o->e < o->b)
        return ps_cli_usage(cli, "--end is before --begin");
    return PS_OK;
}

/* 1 when the row is inside -b/-e (inclusive). */
static int in_window(const opts *o, const ps_row *row)
{
    if (o->has_b && (o->b_utc ? row->utc : row->local) < o->b)
        return 0;
    if (o->has_e && (o->e_utc ? row->utc : row->local) > o->e)
        return 0;
    return 1;
}

static int keep_row(void *ctx, const ps_row *row) { return in_window(ctx, row); }

/* Stream one file into the summary. */
static int read_file(ps_cli *cli, const opts *o, const ps_filter *filter, const char *path, ps_summary *sum,
                     uint64_t *bad)
{
    ps_log_options lo = {.filter = filter, .lenient = o->lenient, .warnings = &cli->warnings, .encoding = o->encoding};
    ps_log *log;
    int rc = ps_log_open(path, &lo, &log, &cli->err);
    if (rc)
        return rc;
    ps_log_blg_threads(log, o->threads, 0);
    const ps_log_info *info = ps_log_info_get(log);
    if (info->ncounters == 0 && ps_filter_count(filter))
        ps_warn(&cli->warnings, "%s: no counter matches the -c/--counter-file patterns", path);
    ps_summary_begin_file(sum, info);
    ps_row row;
    uint64_t n = 0;
    int whole = 0;
    rc = ps_log_summary_parallel(log, o->threads, keep_row, (void *)o, sum, &whole, &cli->err);
    if (rc)
        rc = -rc;
    while (!whole && (rc = ps_log_next(log, &row, &cli->err)) > 0) {
        if (in_window(o, &row))
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
    opts o;
    memset(&o, 0, sizeof o);
    ps_filter *filter = ps_filter_new();
    ps_summary sum;
    ps_summary_init(&sum);
    ps_buf out = {0};
    int help_shown = 0;
    uint64_t bad = 0;
    int rc = parse_args(argc, argv, cli, &o, filter, &help_shown);
    for (size_t i = 0; rc == PS_OK && !help_shown && i < o.nfiles; i++)
        rc = read_file(cli, &o, filter, o.files[i], &sum, &bad);
    if (rc == PS_OK && !help_shown) {
        ps_summary_finish(&sum);
        rc = ps_summary_render(&out, &sum, &(ps_render_opts){.fmt = o.fmt}, &cli->err);
        if (rc == PS_OK)
            rc = ps_cli_write(cli, o.out, &out, o.files, o.nfiles);
        if (bad)
            ps_warn(&cli->warnings, "%llu malformed row%s skipped or read with missing values (--lenient)",
                    (unsigned long long)bad, bad == 1 ? "" : "s");
    }
    ps_buf_fini(&out);
    ps_summary_fini(&sum);
    ps_filter_free(filter);
    free(o.files);
    return rc;
}
