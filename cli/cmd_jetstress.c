/* cmd_jetstress.c - 'perfscribe jetstress' (recomputed Jetstress tables, ESRP summary, JSON) and
 * 'perfscribe check' (verdicts, exit 0 pass / 1 fail, JUnit XML). */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

static const ps_opt_doc jetstress_opts[] = {
    {NULL, "--json", NULL, PS_VAL_NONE, NULL, 0, "JSON instead of text (also when -o FILE ends in .json)"},
    {"-o", NULL, "FILE", PS_VAL_OUTPUT, "txt json", 0, "write to FILE (atomic) instead of standard output"},
};

const ps_cmd_doc ps_doc_jetstress = {
    .name = "jetstress",
    .section = 1,
    .summary = "recompute Jetstress results per instance, server and solution",
    .synopsis = "RUN... [--json] [-o FILE] [-b TIME -e TIME]\n"
                "[--mailboxes N --iops-per-mailbox X] [--profile P]\n"
                "[--thresholds FILE] [--lenient] [--lenient-logs] [-q]",
    .description =
        "RUN is a Jetstress output folder or file (HTML report, JetstressConfig.xml, counter log "
        ".csv/.tsv/.blg). Recomputes every instance's Transactional, Maintenance, Replication and "
        "Total figures and the host table from the counter logs over the collection window, shows "
        "the report's figure beside the recomputed one where they differ, and prints the per-server "
        "and aggregate ESRP table (plain and IOPS-weighted latencies, achieved vs target IOPS).",
    .opts = jetstress_opts,
    .nopts = PS_DOC_N(jetstress_opts),
    .shared = &ps_cli_js_opts,
    .operands = PS_VAL_PATH,
    .exit_status = "0 ok, 2 usage, 3 bad input, 4 I/O error",
    .see_also = "perfscribe-check(1), perfscribe-report(1), perfscribe-rules(5)",
};

static const ps_opt_doc check_opts[] = {
    {NULL, "--junit", "FILE", PS_VAL_OUTPUT, "xml", 0, "also write JUnit XML (one testcase per server/test)"},
    {NULL, "--json", NULL, PS_VAL_NONE, NULL, 0,
     "the run as JSON (the jetstress --json schema) instead of verdict lines; the exit code is the verdict either way"},
    {"-o", NULL, "FILE", PS_VAL_OUTPUT, "txt json", 0, "write the verdict lines (or JSON) to FILE (atomic)"},
    {NULL, "--no-qualification", NULL, PS_VAL_NONE, NULL, 0,
     "Jetstress's own verdict only: no ESRP qualification (achieved IOPS >= target, printed and recomputed Pass)"},
};

const ps_cmd_doc ps_doc_check = {
    .name = "check",
    .section = 1,
    .summary = "judge Jetstress runs against thresholds (exit 0 pass, 1 fail)",
    .synopsis = "RUN... [--junit FILE] [--json] [-o FILE] [--no-qualification] [-b TIME -e TIME]\n"
                "[--mailboxes N --iops-per-mailbox X] [--profile P]\n"
                "[--thresholds FILE] [--lenient] [--lenient-logs] [-q]",
    .description = "Judges every server/test of the run and prints one verdict line per server with "
                   "every reason and the source of its verdict (recomputed from the logs, as reported, or "
                   "both), then the ESRP qualification of every Performance test: achieved transactional "
                   "IOPS >= target (from the report, else JetstressConfig.xml, else --mailboxes x "
                   "--iops-per-mailbox) and the printed and recomputed verdicts Pass, each criterion with "
                   "both numbers. Exit 0 when every test is judged and passes and no Performance test "
                   "fails its qualification; 1 when one fails, when printed and recomputed verdicts "
                   "disagree, when a test does not qualify, or when nothing could be judged. A test "
                   "without criteria is reported UNKNOWN, not counted as passed.",
    .opts = check_opts,
    .nopts = PS_DOC_N(check_opts),
    .shared = &ps_cli_js_opts,
    .operands = PS_VAL_PATH,
    .exit_status = "0 every test judged and passing, 1 a test fails, does not qualify or could not be judged, 2 usage, 3 bad input, 4 I/O error",
    .see_also = "perfscribe-jetstress(1), perfscribe-rules(5)",
};

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
            int hrc = ps_cli_help(cli, is_check ? &ps_doc_check : &ps_doc_jetstress);
            return hrc ? hrc : -1;
        } else if (is_check && strcmp(s, "--no-qualification") == 0) {
            a->js.no_qualification = 1;
        } else if (strcmp(s, "--json") == 0) {
            a->json = 1;
        } else if (strcmp(s, "-o") == 0 || (is_check && strcmp(s, "--junit") == 0)) {
            if (i + 1 >= argc)
                return ps_cli_usage(cli, "option %s needs a value", s);
            *(s[1] == 'o' ? &a->out : &a->junit) = argv[++i];
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
        enum ps_format f = a.json || (a.out && ps_format_from_path(a.out) == PS_FMT_JSON) ? PS_FMT_JSON : PS_FMT_TEXT;
        rc = ps_js_render(&b, run, &(ps_render_opts){.fmt = f}, &cli->err);
        if (!rc)
            rc = ps_cli_write(cli, a.out, &b, a.js.paths, a.js.npaths);
        ps_buf_fini(&b);
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
        rc = ps_js_render(&j, run, &(ps_render_opts){.fmt = PS_FMT_JUNIT}, &cli->err);
        if (!rc)
            rc = ps_cli_write(cli, a.junit, &j, a.js.paths, a.js.npaths);
        ps_buf_fini(&j);
    }
    if (!rc && run) {   /* verdict lines, or the jetstress JSON with --json / -o FILE.json */
        ps_buf b = {0};
        if (a.json || (a.out && ps_format_from_path(a.out) == PS_FMT_JSON))
            ps_js_render_json(&b, run);
        else
            ps_js_render_verdicts(&b, run);
        rc = ps_cli_write(cli, a.out, &b, a.js.paths, a.js.npaths);
        ps_buf_fini(&b);
    }
    /* a gate never passes on nothing: a failing verdict, a test with criteria that could not be
     * judged, or a run where no test was judged at all exits 1 */
    size_t judged = 0;
    for (size_t i = 0; !rc && run && i < run->nservers; i++) {
        const ps_js_server *s = &run->servers[i];
        int criteria = s->test_type != PS_TEST_BACKUP && s->test_type != PS_TEST_SOFTRECOVERY;
        judged += s->verdict.result != PS_VERDICT_UNKNOWN;
        if (s->verdict.result == PS_VERDICT_FAIL || (criteria && s->verdict.result == PS_VERDICT_UNKNOWN))
            rc = PS_EFAIL;
        if (s->qualification.assessed && s->qualification.result == PS_VERDICT_FAIL)
            rc = PS_EFAIL;   /* ESRP: below target, or a verdict that is not Pass */
    }
    if (!rc && run && !judged)
        rc = PS_EFAIL;
    ps_js_run_free(run);
    free(a.js.paths);
    return rc;
}
