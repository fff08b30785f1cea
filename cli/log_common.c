/* log_common.c - options shared by the commands that read PerfMon logs (summary, convert,
 * analyze, chart): the time window, damaged rows, the code page, and the counter filter. */
#include "cli.h"
#include "ps_io.h"

static const ps_opt_doc log_opts[] = {
    {"-b", "--begin", "TIME", PS_VAL_TEXT, NULL, 0,
     "first sample to use. TIME: \"M/D/YYYY H:MM:SS [AM|PM]\", \"M/D/YYYY HH:MM:SS.mmm\" or ISO 8601 "
     "\"YYYY-MM-DD[THH:MM[:SS[.mmm]]]\" in the log's local time; with Z or +hh:mm it is compared with "
     "the samples' UTC time instead",
     .kind = PS_ARG_TIME, .at = offsetof(ps_cli_logs, b)},
    {"-e", "--end", "TIME", PS_VAL_TEXT, NULL, 0, "last sample to use (inclusive); TIME as for --begin",
     .kind = PS_ARG_TIME, .at = offsetof(ps_cli_logs, e)},
    {NULL, "--lenient", NULL, PS_VAL_NONE, NULL, 0,
     "go on past malformed rows (bad cells read as missing, broken rows skipped; counted and "
     "reported once as a warning) instead of failing",
     .kind = PS_ARG_FLAG, .at = offsetof(ps_cli_logs, lenient)},
    PS_CLI_ENCODING_OPT(ps_cli_logs, encoding),
};

const ps_opt_group ps_cli_log_opts = {log_opts, PS_DOC_N(log_opts)};

ps_log_options ps_cli_log_options(ps_cli *cli, const ps_cli_logs *l, const ps_filter *filter)
{
    return (ps_log_options){
        .filter = filter, .lenient = l->lenient, .warnings = &cli->warnings, .encoding = l->encoding};
}

ps_filter *ps_cli_filter_build(ps_cli *cli, const ps_cli_filter *f, int *rc)
{
    ps_filter *flt = ps_filter_new();
    *rc = PS_OK;
    for (size_t i = 0; i < f->patterns.n && !*rc; i++)
        *rc = ps_filter_add(flt, f->patterns.v[i], &cli->err);
    for (size_t i = 0; i < f->files.n && !*rc; i++)
        *rc = ps_filter_add_file(flt, f->files.v[i], &cli->err);
    if (*rc) {
        ps_filter_free(flt);
        return NULL;
    }
    return flt;
}

/* The -b/-e values as given ("-b TIME -e TIME"), into b. */
static void window_text(ps_buf *b, const ps_cli_logs *l)
{
    if (l->b.set)
        ps_buf_printf(b, "-b %s", l->b.text ? l->b.text : "?");
    if (l->e.set)
        ps_buf_printf(b, "%s-e %s", l->b.set ? " " : "", l->e.text ? l->e.text : "?");
}

void ps_cli_window_selects_nothing(ps_cli *cli, const ps_cli_logs *l, const char *covered)
{
    if (!l->b.set && !l->e.set)
        return;
    ps_buf b = {0};
    window_text(&b, l);
    ps_warn(&cli->warnings, "%s selects no sample%s%s", b.data, covered ? ": " : "", covered ? covered : "");
    ps_buf_fini(&b);
}

void ps_cli_filter_selects_nothing(ps_cli *cli, const ps_cli_filter *f, const char *path)
{
    ps_buf b = {0};
    for (size_t i = 0; i < f->patterns.n; i++)
        ps_buf_printf(&b, "%s-c %s", b.len ? " " : "", f->patterns.v[i]);
    for (size_t i = 0; i < f->files.n; i++)
        ps_buf_printf(&b, "%s-cf %s", b.len ? " " : "", f->files.v[i]);
    ps_warn(&cli->warnings, "%s: no counter matches %s", path, b.len ? b.data : "the counter filter");
    ps_buf_fini(&b);
}
