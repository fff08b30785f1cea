/* js_common.c - options and loading shared by the commands that read a Jetstress run
 * ('jetstress', 'check', 'report'; loading also for 'audit'). */
#include "cli.h"
#include "ps_pipeline.h"

#include <string.h>

static const ps_opt_doc js_opts[] = {
    {"-b", NULL, "TIME", PS_VAL_TEXT, NULL, 0,
     "start of the window when no report gives one (the logs' local time, \"M/D/YYYY H:MM:SS\" or "
     "\"YYYY-MM-DDTHH:MM:SS\")"},
    {"-e", NULL, "TIME", PS_VAL_TEXT, NULL, 0, "end of the window when no report gives one"},
    {NULL, "--mailboxes", "N", PS_VAL_TEXT, NULL, 0,
     "mailboxes, for the target IOPS when neither report nor JetstressConfig.xml gives one "
     "(with --iops-per-mailbox)"},
    {NULL, "--iops-per-mailbox", "X", PS_VAL_TEXT, NULL, 0, "IOPS per mailbox (with --mailboxes)"},
    {NULL, "--profile", "P", PS_VAL_PROFILE, NULL, 0,
     "built-in threshold profile: jetstress-2007, jetstress-2010 or jetstress-2013 (also named "
     "jetstress-2016 and jetstress-2019); default: from the report's version"},
    {NULL, "--thresholds", "FILE", PS_VAL_FILE, "thresholds xml", 0,
     "extra rules: a perfscribe threshold file or a PAL threshold XML (see perfscribe help rules)"},
    {NULL, "--lenient", NULL, PS_VAL_NONE, NULL, 0, "judge every server with the lenient (Stress) threshold set"},
    {NULL, "--lenient-logs", NULL, PS_VAL_NONE, NULL, 0, "skip malformed log rows instead of stopping"},
    PS_CLI_ENCODING_OPT,
    {"-q", NULL, NULL, PS_VAL_NONE, NULL, 0, "quiet (no progress)"},
};

const ps_opt_group ps_cli_js_opts = {js_opts, PS_DOC_N(js_opts)};

static int need_value(ps_cli *cli, int argc, char **argv, int *i, const char **out)
{
    if (*i + 1 >= argc)
        return ps_cli_usage(cli, "option %s needs a value", argv[*i]);
    *out = argv[++*i];
    return PS_OK;
}

int ps_cli_js_option(ps_cli *cli, int argc, char **argv, int *i, ps_cli_js *a, int *rc)
{
    const char *s = argv[*i], *v = NULL;
    *rc = PS_OK;
    if (strcmp(s, "-b") == 0 || strcmp(s, "-e") == 0) {
        int b = s[1] == 'b', utc = 0;
        if ((*rc = need_value(cli, argc, argv, i, &v)))
            return 1;
        if (ps_time_parse_user(v, b ? &a->opt.begin : &a->opt.end, &utc) != 0)
            *rc = ps_cli_usage(cli, "%s: cannot read the time '%s' (e.g. 3/14/2026 10:15:00 or 2026-03-14T10:15:00)", s, v);
        else if (utc)
            *rc = ps_cli_usage(cli, "%s: give the logs' local time without a zone (no Z or offset)", s);
        else
            *(b ? &a->opt.has_begin : &a->opt.has_end) = 1;
    } else if (strcmp(s, "--mailboxes") == 0 || strcmp(s, "--iops-per-mailbox") == 0) {
        double *out = s[2] == 'm' ? &a->opt.mailboxes : &a->opt.iops_per_mailbox;
        if (!(*rc = need_value(cli, argc, argv, i, &v)) && (ps_parse_double(v, strlen(v), out) != 0 || !(*out > 0)))
            *rc = ps_cli_usage(cli, "%s: expected a positive number, got '%s'", s, v);
    } else if (strcmp(s, "--profile") == 0) {
        if (!(*rc = need_value(cli, argc, argv, i, &a->profile)) && !ps_js_profile_canonical(a->profile))
            *rc = ps_cli_usage(cli, "unknown profile '%s' (jetstress-2007, jetstress-2010, jetstress-2013, "
                                    "jetstress-2016, jetstress-2019)", a->profile);
    } else if (strcmp(s, "--thresholds") == 0) {
        *rc = need_value(cli, argc, argv, i, &a->thresholds);
    } else if (strcmp(s, "--lenient") == 0) {
        a->lenient = 1;
    } else if (strcmp(s, "--encoding") == 0) {
        if (!(*rc = need_value(cli, argc, argv, i, &v)))
            *rc = ps_cli_encoding(cli, v, &a->opt.encoding);
    } else if (strcmp(s, "--lenient-logs") == 0) {
        a->opt.lenient = 1;
    } else if (strcmp(s, "-q") == 0) {
        cli->quiet = 1;
    } else {
        return 0;
    }
    return 1;
}

int ps_cli_js_finish(ps_cli *cli, ps_cli_js *a)
{
    if (!a->npaths)
        return ps_cli_usage(cli, "no Jetstress run given (a folder, report, config or counter log)");
    if ((a->opt.mailboxes > 0) != (a->opt.iops_per_mailbox > 0))
        return ps_cli_usage(cli, "--mailboxes and --iops-per-mailbox go together");
    a->opt.profile = a->profile;
    a->opt.thresholds_file = a->thresholds;
    return PS_OK;
}

int ps_cli_js_load(ps_cli *cli, ps_cli_js *a, ps_js_run **run)
{
    ps_pipeline_opts o = {a->opt, a->profile, a->thresholds, a->lenient, a->allow_empty, a->no_qualification};
    return ps_pipeline_jetstress(a->paths, a->npaths, &o, run, &cli->warnings, &cli->err);
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
