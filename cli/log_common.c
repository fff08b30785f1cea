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
    return (ps_log_options){.filter = filter, .lenient = l->lenient, .warnings = &cli->warnings,
                            .encoding = l->encoding};
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
