/* cmd_jetstress.c - 'perfscribe jetstress' (recomputed Jetstress tables, ESRP summary, JSON) and
 * 'perfscribe check' (verdicts, exit 0 pass / 1 fail, JUnit XML). */
#include "cli.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char usage_jetstress[] =
    "usage: perfscribe jetstress RUN... [--json] [-o FILE] [-b TIME -e TIME]\n"
    "                            [--mailboxes N --iops-per-mailbox X] [--profile P]\n"
    "                            [--thresholds FILE] [--lenient] [--lenient-logs] [-q]\n"
    "\n"
    "RUN is a Jetstress output folder or file (HTML report, JetstressConfig.xml, counter log\n"
    ".csv/.tsv/.blg). Recomputes every instance's Transactional, Maintenance, Replication and\n"
    "Total figures and the host table from the counter logs over the collection window, shows the\n"
    "report's figure beside the recomputed one where they differ, and prints the per-server and\n"
    "aggregate ESRP table (plain and IOPS-weighted latencies, achieved vs target IOPS).\n"
    "\n"
    "  --json              JSON instead of text (also when -o FILE ends in .json)\n"
    "  -o FILE             write to FILE (atomic) instead of standard output\n"
    "  -b TIME, -e TIME    window when no report gives one (logs' local time)\n"
    "  --mailboxes N --iops-per-mailbox X\n"
    "                      target IOPS when neither report nor JetstressConfig.xml gives one\n"
    "  --profile P         jetstress-2007 | jetstress-2010 | jetstress-2013 (2016, 2019)\n"
    "  --thresholds FILE   extra rules: perfscribe threshold file or PAL threshold XML\n"
    "  --lenient           judge every server with the lenient (Stress) threshold set\n"
    "  --lenient-logs      skip malformed log rows instead of stopping\n"
    "  -q                  quiet (no progress)\n";

static const char usage_check[] =
    "usage: perfscribe check RUN... [--junit FILE] [-b TIME -e TIME]\n"
    "                        [--mailboxes N --iops-per-mailbox X] [--profile P]\n"
    "                        [--thresholds FILE] [--lenient] [--lenient-logs] [-q]\n"
    "\n"
    "Judges every server/test of the run and prints one verdict line per server with every\n"
    "reason. Exit 0 when no server fails, 1 when one does.\n"
    "\n"
    "  --junit FILE        also write JUnit XML (one testcase per server/test)\n"
    "  other options as for 'perfscribe jetstress'\n";

typedef struct js_args {
    const char **paths;
    size_t npaths;
    int json;
    const char *out, *junit, *thresholds, *profile;
    int lenient;
    ps_js_options opt;
} js_args;

static int need_value(ps_cli *cli, int argc, char **argv, int *i, const char **out)
{
    if (*i + 1 >= argc)
        return ps_cli_usage(cli, "option %s needs a value", argv[*i]);
    *out = argv[++*i];
    return PS_OK;
}

static int parse_number(ps_cli *cli, const char *opt, const char *s, double *out)
{
    if (ps_parse_double(s, strlen(s), out) != 0 || !(*out > 0))
        return ps_cli_usage(cli, "%s: expected a positive number, got '%s'", opt, s);
    return PS_OK;
}

static int parse_time(ps_cli *cli, const char *opt, const char *s, ps_time *out)
{
    int is_utc = 0;
    if (ps_time_parse_user(s, out, &is_utc) != 0)
        return ps_cli_usage(cli, "%s: cannot read the time '%s' (e.g. 3/14/2026 10:15:00 or 2026-03-14T10:15:00)", opt, s);
    if (is_utc)
        return ps_cli_usage(cli, "%s: give the logs' local time without a zone (no Z or offset)", opt);
    return PS_OK;
}

static int parse_args(int argc, char **argv, ps_cli *cli, js_args *a, int is_check)
{
    memset(a, 0, sizeof *a);
    a->paths = ps_xcalloc((size_t)argc, sizeof *a->paths);
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i], *v = NULL;
        int rc = PS_OK;
        if (strcmp(s, "-h") == 0 || strcmp(s, "--help") == 0) {
            fputs(is_check ? usage_check : usage_jetstress, stdout);
            return -1;
        } else if (!is_check && strcmp(s, "--json") == 0) {
            a->json = 1;
        } else if (!is_check && strcmp(s, "-o") == 0) {
            rc = need_value(cli, argc, argv, &i, &a->out);
        } else if (is_check && strcmp(s, "--junit") == 0) {
            rc = need_value(cli, argc, argv, &i, &a->junit);
        } else if (strcmp(s, "-b") == 0 || strcmp(s, "-e") == 0) {
            int b = s[1] == 'b';
            if (!(rc = need_value(cli, argc, argv, &i, &v)))
                rc = parse_time(cli, s, v, b ? &a->opt.begin : &a->opt.end);
            if (!rc)
                *(b ? &a->opt.has_begin : &a->opt.has_end) = 1;
        } else if (strcmp(s, "--mailboxes") == 0 || strcmp(s, "--iops-per-mailbox") == 0) {
            if (!(rc = need_value(cli, argc, argv, &i, &v)))
                rc = parse_number(cli, s, v, s[2] == 'm' ? &a->opt.mailboxes : &a->opt.iops_per_mailbox);
        } else if (strcmp(s, "--profile") == 0) {
            if (!(rc = need_value(cli, argc, argv, &i, &a->profile)) && !ps_js_profile_canonical(a->profile))
                rc = ps_cli_usage(cli, "unknown profile '%s' (jetstress-2007, jetstress-2010, jetstress-2013, "
                                       "jetstress-2016, jetstress-2019)", a->profile);
        } else if (strcmp(s, "--thresholds") == 0) {
            rc = need_value(cli, argc, argv, &i, &a->thresholds);
        } else if (strcmp(s, "--lenient") == 0) {
            a->lenient = 1;
        } else if (strcmp(s, "--lenient-logs") == 0) {
            a->opt.lenient = 1;
        } else if (strcmp(s, "-q") == 0) {
            cli->quiet = 1;
        } else if (s[0] == '-' && s[1]) {
            rc = ps_cli_usage(cli, "unknown option '%s'", s);
        } else {
            a->paths[a->npaths++] = s;
        }
        if (rc)
            return rc;
    }
    if (!a->npaths)
        return ps_cli_usage(cli, "no Jetstress run given (a folder, report, config or counter log)");
    if ((a->opt.mailboxes > 0) != (a->opt.iops_per_mailbox > 0))
        return ps_cli_usage(cli, "--mailboxes and --iops-per-mailbox go together");
    a->opt.profile = a->profile;
    a->opt.thresholds_file = a->thresholds;
    return PS_OK;
}

/* Load, read thresholds, judge. On success *run is owned by the caller. */
static int load_and_judge(ps_cli *cli, js_args *a, ps_js_run **run)
{
    ps_thr_set extra = {0};
    int rc;
    if (a->thresholds && (rc = ps_thr_read(a->thresholds, &extra, &cli->warnings, &cli->err)) != PS_OK) {
        ps_thr_set_free(&extra);
        return rc;
    }
    if (a->thresholds && extra.skipped)
        ps_warn(&cli->warnings, "%s: %zu rules on counters the Jetstress pipeline does not track were ignored",
                a->thresholds, extra.skipped);
    rc = ps_js_load(a->paths, a->npaths, &a->opt, run, &cli->err);
    if (rc) {
        ps_thr_set_free(&extra);
        return rc;
    }
    ps_js_judge_options jo = {a->profile, a->lenient, a->thresholds ? &extra : NULL};
    rc = ps_js_judge(*run, &jo, &cli->err);
    ps_thr_set_free(&extra);
    for (size_t i = 0; i < (*run)->warnings.n; i++)
        ps_warn(&cli->warnings, "%s", (*run)->warnings.msgs[i]);
    if (rc) {
        ps_js_run_free(*run);
        *run = NULL;
        return rc;
    }
    if (!(*run)->nservers) {
        ps_js_run_free(*run);
        *run = NULL;
        return ps_error_set(&cli->err, PS_EINPUT, a->paths[0], 0, 0, "no Jetstress report or counter log found");
    }
    return PS_OK;
}

int ps_cmd_jetstress(int argc, char **argv, ps_cli *cli)
{
    js_args a;
    int rc = parse_args(argc, argv, cli, &a, 0);
    if (rc) {
        free(a.paths);
        return rc < 0 ? PS_OK : rc;
    }
    ps_js_run *run = NULL;
    rc = load_and_judge(cli, &a, &run);
    if (!rc) {
        ps_buf b = {0};
        if (a.json || (a.out && ps_format_from_path(a.out) == PS_FMT_JSON))
            ps_js_render_json(&b, run);
        else
            ps_js_render_text(&b, run);
        rc = ps_cli_write(cli, a.out, &b, a.paths, a.npaths);
        ps_buf_free(&b);
    }
    ps_js_run_free(run);
    free(a.paths);
    return rc;
}

int ps_cmd_check(int argc, char **argv, ps_cli *cli)
{
    js_args a;
    int rc = parse_args(argc, argv, cli, &a, 1);
    if (rc) {
        free(a.paths);
        return rc < 0 ? PS_OK : rc;
    }
    ps_js_run *run = NULL;
    rc = load_and_judge(cli, &a, &run);
    if (!rc && a.junit) {
        ps_buf j = {0};
        ps_js_render_junit(&j, run);
        rc = ps_cli_write(cli, a.junit, &j, a.paths, a.npaths);
        ps_buf_free(&j);
    }
    if (!rc) {
        ps_buf b = {0};
        ps_js_render_verdicts(&b, run);
        rc = ps_cli_write(cli, NULL, &b, a.paths, a.npaths);
        ps_buf_free(&b);
    }
    if (!rc)
        for (size_t i = 0; i < run->nservers; i++)
            if (run->servers[i].verdict.result == PS_VERDICT_FAIL)
                rc = PS_EFAIL;
    ps_js_run_free(run);
    free(a.paths);
    return rc;
}
