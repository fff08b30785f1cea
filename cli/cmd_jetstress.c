/* cmd_jetstress.c - 'perfscribe jetstress' (recomputed Jetstress tables, ESRP summary, JSON) and
 * 'perfscribe check' (verdicts, exit 0 pass / 1 fail, JUnit XML). */
#include "cli.h"

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
    ps_cli_js js;
    int json;
    const char *out, *junit;
} js_args;

static int parse_args(int argc, char **argv, ps_cli *cli, js_args *a, int is_check)
{
    memset(a, 0, sizeof *a);
    a->js.paths = ps_xcalloc((size_t)argc, sizeof *a->js.paths);
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        int rc = PS_OK;
        if (ps_cli_js_option(cli, argc, argv, &i, &a->js, &rc)) {
            /* -b -e --mailboxes --iops-per-mailbox --profile --thresholds --lenient(-logs) -q */
        } else if (strcmp(s, "-h") == 0 || strcmp(s, "--help") == 0) {
            fputs(is_check ? usage_check : usage_jetstress, stdout);
            return -1;
        } else if (!is_check && strcmp(s, "--json") == 0) {
            a->json = 1;
        } else if (strcmp(s, is_check ? "--junit" : "-o") == 0) {
            if (i + 1 >= argc)
                return ps_cli_usage(cli, "option %s needs a value", s);
            *(is_check ? &a->junit : &a->out) = argv[++i];
        } else if (s[0] == '-' && s[1]) {
            rc = ps_cli_usage(cli, "unknown option '%s'", s);
        } else {
            a->js.paths[a->js.npaths++] = s;
        }
        if (rc)
            return rc;
    }
    return ps_cli_js_finish(cli, &a->js);
}

/* Parse the arguments and load + judge the run. After --help: PS_OK and *run NULL. */
static int load(int argc, char **argv, ps_cli *cli, js_args *a, int is_check, ps_js_run **run)
{
    *run = NULL;
    int rc = parse_args(argc, argv, cli, a, is_check);
    if (!rc)
        rc = ps_cli_js_load(cli, &a->js, run);
    return rc < 0 ? PS_OK : rc;
}

int ps_cmd_jetstress(int argc, char **argv, ps_cli *cli)
{
    js_args a;
    ps_js_run *run;
    int rc = load(argc, argv, cli, &a, 0, &run);
    if (!rc && run) {
        ps_buf b = {0};
        if (a.json || (a.out && ps_format_from_path(a.out) == PS_FMT_JSON))
            ps_js_render_json(&b, run);
        else
            ps_js_render_text(&b, run);
        rc = ps_cli_write(cli, a.out, &b, a.js.paths, a.js.npaths);
        ps_buf_free(&b);
    }
    ps_js_run_free(run);
    free(a.js.paths);
    return rc;
}

int ps_cmd_check(int argc, char **argv, ps_cli *cli)
{
    int handled, drc = ps_cli_check_dispatch(argc, argv, cli, &handled);   /* plain logs: analyze */
    if (handled)
        return drc;
    js_args a;
    ps_js_run *run;
    int rc = load(argc, argv, cli, &a, 1, &run);
    if (!rc && run && a.junit) {
        ps_buf j = {0};
        ps_js_render_junit(&j, run);
        rc = ps_cli_write(cli, a.junit, &j, a.js.paths, a.js.npaths);
        ps_buf_free(&j);
    }
    if (!rc && run) {
        ps_buf b = {0};
        ps_js_render_verdicts(&b, run);
        rc = ps_cli_write(cli, NULL, &b, a.js.paths, a.js.npaths);
        ps_buf_free(&b);
    }
    for (size_t i = 0; !rc && run && i < run->nservers; i++)
        if (run->servers[i].verdict.result == PS_VERDICT_FAIL)
            rc = PS_EFAIL;
    ps_js_run_free(run);
    free(a.js.paths);
    return rc;
}
