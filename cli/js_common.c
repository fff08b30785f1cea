/* js_common.c - options and loading shared by the commands that read a Jetstress run
 * ('jetstress', 'check', 'report'; loading also for 'audit'). */
#include "cli.h"
#include "ps_pipeline.h"

#include <string.h>

/* Bounds of --mailboxes and --iops-per-mailbox (docs/limits.md): far beyond any server */
#define PS_CLI_MAILBOXES_MAX 1e7
#define PS_CLI_MAILBOX_IOPS_MAX 1e4

static int set_profile(ps_cli *cli, void *field, const char *v)
{
    if (!ps_js_profile_canonical(v))
        return ps_cli_usage(cli,
                            "--profile: expected jetstress-2007, jetstress-2010, jetstress-2013, jetstress-2016 "
                            "or jetstress-2019, got '%s'",
                            v);
    *(const char **)field = v;
    return PS_OK;
}

static const ps_opt_doc js_opts[] = {
    {"-b", "--begin", "TIME", PS_VAL_TEXT, NULL, 0,
     "start of the window when no report gives one: the logs' local time (\"M/D/YYYY H:MM:SS\" or "
     "\"YYYY-MM-DDTHH:MM:SS\"), or UTC with Z or +hh:mm",
     .kind = PS_ARG_TIME, .at = offsetof(ps_cli_js, b)},
    {"-e", "--end", "TIME", PS_VAL_TEXT, NULL, 0, "end of the window when no report gives one (TIME as for -b)",
     .kind = PS_ARG_TIME, .at = offsetof(ps_cli_js, e)},
    {NULL, "--mailboxes", "N", PS_VAL_TEXT, NULL, 0,
     "mailboxes, for the target IOPS when neither report nor JetstressConfig.xml gives one "
     "(with --iops-per-mailbox)",
     .kind = PS_ARG_POSITIVE, .hi = PS_CLI_MAILBOXES_MAX, .at = offsetof(ps_cli_js, p.load.mailboxes)},
    {NULL, "--iops-per-mailbox", "X", PS_VAL_TEXT, NULL, 0, "IOPS per mailbox (with --mailboxes)",
     .kind = PS_ARG_POSITIVE, .hi = PS_CLI_MAILBOX_IOPS_MAX, .at = offsetof(ps_cli_js, p.load.iops_per_mailbox)},
    {NULL, "--profile", "P", PS_VAL_PROFILE, NULL, 0,
     "built-in threshold profile: jetstress-2007, jetstress-2010 or jetstress-2013 (also named "
     "jetstress-2016 and jetstress-2019); default: from the report's version",
     .kind = PS_ARG_CALL, .at = offsetof(ps_cli_js, p.profile), .set = set_profile},
    {NULL, "--thresholds", "FILE", PS_VAL_FILE, "thresholds xml", 0,
     "extra rules: a perfscribe threshold file or a PAL threshold XML (see perfscribe help rules)", .kind = PS_ARG_STR,
     .at = offsetof(ps_cli_js, p.thresholds)},
    {NULL, "--lenient-thresholds", NULL, PS_VAL_NONE, NULL, 0,
     "judge every server with the lenient (Stress) threshold set", .kind = PS_ARG_FLAG,
     .at = offsetof(ps_cli_js, p.lenient_thresholds)},
    {NULL, "--lenient", NULL, PS_VAL_NONE, NULL, 0,
     "skip malformed log rows instead of stopping, as in every command (it used to choose the "
     "Stress thresholds here: that is now --lenient-thresholds)",
     .kind = PS_ARG_FLAG, .at = offsetof(ps_cli_js, p.load.lenient)},
    {NULL, "--lenient-logs", NULL, PS_VAL_NONE, NULL, 0, "the former name of --lenient (deprecated)",
     .kind = PS_ARG_FLAG, .at = offsetof(ps_cli_js, p.load.lenient)},
    PS_CLI_ENCODING_OPT(ps_cli_js, p.load.encoding),
};

const ps_opt_group ps_cli_js_opts = {js_opts, PS_DOC_N(js_opts)};

int ps_cli_js_finish(ps_cli *cli, ps_cli_js *a, const ps_cli_list *runs)
{
    a->paths = runs->v;
    a->npaths = runs->n;
    if (!a->npaths)
        return ps_cli_usage(cli, "no Jetstress run given (a folder, report, config or counter log)");
    if ((a->p.load.mailboxes > 0) != (a->p.load.iops_per_mailbox > 0))
        return ps_cli_usage(cli, "--mailboxes and --iops-per-mailbox go together");
    int rc = ps_cli_window_check(cli, &a->b, &a->e);
    ps_js_options *l = &a->p.load;
    l->has_begin = a->b.set, l->begin = a->b.t, l->begin_utc = a->b.utc;
    l->has_end = a->e.set, l->end = a->e.t, l->end_utc = a->e.utc;
    return rc;
}

int ps_cli_js_load(ps_cli *cli, ps_cli_js *a, ps_js_run **run)
{
    return ps_pipeline_jetstress(a->paths, a->npaths, &a->p, run, &cli->warnings, &cli->err);
}

int ps_cli_js_load_labelled(ps_cli *cli, const char *label, const char *const *paths, size_t npaths,
                            const ps_js_options *opt, ps_js_run **run)
{
    ps_warnings w = {0};
    int rc = ps_pipeline_load(paths, npaths, opt, run, &w, &cli->err);
    const ps_warnings *src = rc ? &w : &(*run)->warnings;
    for (size_t i = 0; i < src->n; i++)
        ps_warn(&cli->warnings, "%s: %s", label, src->msgs[i]);
    ps_warnings_fini(&w);
    return rc;
}
