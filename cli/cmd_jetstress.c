/* cmd_jetstress.c - 'perfscribe jetstress' (recomputed Jetstress tables, ESRP summary, JSON) and
 * 'perfscribe check' (verdicts, exit 0 pass / 1 fail, JUnit XML). */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

typedef struct js_args {
    ps_cli_js js; /* the run and the pipeline's options (shared group) */
    enum ps_format fmt; /* -f/--format */
    int json; /* --json: -f json */
    ps_cli_list outs; /* -o (repeatable: one file per format) */
    const char *junit; /* check --junit FILE */
} js_args;

#define JS_FORMAT_OPTS(formats, words)                                                                         \
    PS_CLI_FORMAT_OPT(js_args, fmt, words,                                                                     \
                      "output format: " formats "; with -o the default comes from its extension"),             \
        {NULL,                                                                                                 \
         "--json",                                                                                             \
         NULL,                                                                                                 \
         PS_VAL_NONE,                                                                                          \
         NULL,                                                                                                 \
         0,                                                                                                    \
         "the same as -f json",                                                                                \
         .kind = PS_ARG_FLAG,                                                                                  \
         .at = offsetof(js_args, json)},                                                                       \
        PS_CLI_OUTPUT_OPT(js_args, outs, "txt json",                                                           \
                          "write to FILE (atomically) instead of standard output; repeat for several formats " \
                          "(a.txt, a.json)")

static const ps_opt_doc jetstress_opts[] = {
    JS_FORMAT_OPTS("text (default) or json (the schema of docs/formats.md)", "text json"),
};

const ps_cmd_doc ps_doc_jetstress = {
    .name = "jetstress",
    .section = 1,
    .summary = "recompute Jetstress results per instance, server and solution",
    .synopsis = "RUN... [-f text|json] [-o FILE]... [-b TIME -e TIME]\n"
                "[--mailboxes N --iops-per-mailbox X] [--profile P]\n"
                "[--thresholds FILE] [--lenient-thresholds] [--lenient] [-q]",
    .description = "RUN is a Jetstress output folder or file (HTML report, JetstressConfig.xml, counter log "
                   ".csv/.tsv/.blg). Recomputes every instance's Transactional, Maintenance, Replication and "
                   "Total figures and the host table from the counter logs over the collection window, shows "
                   "the report's figure beside the recomputed one where they differ, and prints the per-server "
                   "and aggregate ESRP table (plain and IOPS-weighted latencies, achieved vs target IOPS).",
    .opts = jetstress_opts,
    .nopts = PS_DOC_N(jetstress_opts),
    .shared = &ps_cli_js_opts,
    .shared_at = offsetof(js_args, js),
    .operands = PS_VAL_PATH,
    .exit_status = "0 ok, 2 usage, 3 bad input, 4 I/O error",
    .see_also = "perfscribe-check(1), perfscribe-report(1), perfscribe-rules(5)",
};

static const ps_opt_doc check_opts[] = {
    {NULL, "--junit", "FILE", PS_VAL_OUTPUT, "xml", 0,
     "also write JUnit XML (one testcase per server/test); the same as -o FILE.xml", .kind = PS_ARG_STR,
     .at = offsetof(js_args, junit)},
    JS_FORMAT_OPTS("text verdict lines (default), json (the jetstress schema) or junit; the exit code "
                   "is the verdict either way",
                   "text json junit"),
    {NULL, "--no-qualification", NULL, PS_VAL_NONE, NULL, 0,
     "Jetstress's own verdict only: no ESRP qualification (achieved IOPS >= target, printed and recomputed Pass)",
     .kind = PS_ARG_FLAG, .at = offsetof(js_args, js.p.no_qualification)},
};

const ps_cmd_doc ps_doc_check = {
    .name = "check",
    .section = 1,
    .summary = "judge Jetstress runs against thresholds (exit 0 pass, 1 fail)",
    .synopsis = "RUN... [--junit FILE] [-f text|json|junit] [-o FILE]... [--no-qualification]\n"
                "[-b TIME -e TIME]\n"
                "[--mailboxes N --iops-per-mailbox X] [--profile P]\n"
                "[--thresholds FILE] [--lenient-thresholds] [--lenient] [-q]",
    .description = "Judges every server/test of the run and prints one verdict line per server with "
                   "every reason and the source of its verdict (recomputed from the logs, as reported, or "
                   "both), then the ESRP qualification of every Performance test: achieved transactional "
                   "IOPS >= target (from the report, else JetstressConfig.xml, else --mailboxes x "
                   "--iops-per-mailbox) and the printed and recomputed verdicts Pass, each criterion with "
                   "both numbers. Exit 0 when every test is judged and passes and no Performance test "
                   "fails its qualification; 1 when one fails, when printed and recomputed verdicts "
                   "disagree, when a test does not qualify, or when nothing could be judged. A test "
                   "without criteria is reported UNKNOWN, not counted as passed. With -o the last "
                   "verdict line and each file written are printed.\n\n"
                   "Plain PerfMon logs (RUN arguments that are counter logs, or folders holding only counter "
                   "logs, none with Jetstress counters) are analysed as by 'perfscribe analyze': its rules, "
                   "its output and its exit code (--thresholds FILE becomes --rules FILE); --junit then "
                   "writes one testcase for the analysis.",
    .opts = check_opts,
    .nopts = PS_DOC_N(check_opts),
    .shared = &ps_cli_js_opts,
    .shared_at = offsetof(js_args, js),
    .operands = PS_VAL_PATH,
    .exit_status =
        "0 every test judged and passing, 1 a test fails, does not qualify or could not be judged, 2 usage, 3 bad input, 4 I/O error",
    .see_also = "perfscribe-jetstress(1), perfscribe-analyze(1), perfscribe-rules(5)",
};

/* Parse the arguments and load + judge the run. After --help: PS_CLI_DONE and *run NULL. */
static int load(int argc, char **argv, ps_cli *cli, js_args *a, const ps_cmd_doc *doc, ps_js_run **run,
                ps_cli_list *runs)
{
    *run = NULL;
    int rc = ps_cli_parse(cli, doc, argc, argv, a, runs);
    if (!rc && a->json && a->fmt && a->fmt != PS_FMT_JSON)
        rc = ps_cli_usage(cli, "--json and -f %s disagree", ps_format_name(a->fmt));
    if (!rc && a->json)
        a->fmt = PS_FMT_JSON;
    if (!rc)
        rc = ps_cli_js_finish(cli, &a->js, runs);
    if (!rc)
        rc = ps_cli_js_load(cli, &a->js, run);
    return rc;
}

static const enum ps_format jetstress_formats[] = {PS_FMT_TEXT, PS_FMT_JSON, PS_FMT_NONE};

int ps_cmd_jetstress(int argc, char **argv, ps_cli *cli)
{
    js_args a = {0};
    ps_cli_list runs = {0};
    ps_js_run *run;
    ps_cli_out *outs = NULL;
    size_t nouts = 0;
    int rc = load(argc, argv, cli, &a, &ps_doc_jetstress, &run, &runs);
    if (!rc)
        rc = ps_cli_outputs(cli, &a.outs, a.fmt, jetstress_formats, PS_FMT_TEXT, &outs, &nouts);
    for (size_t i = 0; i < nouts && !rc; i++) {
        ps_buf b = {0};
        rc = ps_js_render(&b, run, &(ps_render_opts){.fmt = outs[i].fmt}, &cli->err);
        if (!rc)
            rc = ps_cli_write_fmt(cli, outs[i].path, outs[i].fmt, &b, a.js.paths, a.js.npaths);
        ps_buf_fini(&b);
    }
    free(outs);
    ps_js_run_free(run);
    ps_cli_parse_free(&ps_doc_jetstress, &a, &runs);
    return rc == PS_CLI_DONE ? PS_OK : rc;
}

/* check's verdict: a failing test, a test with criteria that could not be judged, or a run where
 * no test was judged at all exits 1 (a gate never passes on nothing). */
static int check_status(const ps_js_run *run)
{
    size_t judged = 0;
    int rc = PS_OK;
    for (size_t i = 0; i < run->nservers; i++) {
        const ps_js_server *s = &run->servers[i];
        int criteria = s->test_type != PS_TEST_BACKUP && s->test_type != PS_TEST_SOFTRECOVERY;
        judged += s->verdict.result != PS_VERDICT_UNKNOWN;
        if (s->verdict.result == PS_VERDICT_FAIL || (criteria && s->verdict.result == PS_VERDICT_UNKNOWN))
            rc = PS_EFAIL;
        if (s->qualification.assessed && s->qualification.result == PS_VERDICT_FAIL)
            rc = PS_EFAIL; /* ESRP: below target, or a verdict that is not Pass */
    }
    return judged ? rc : PS_EFAIL;
}

static const enum ps_format check_formats[] = {PS_FMT_TEXT, PS_FMT_JSON, PS_FMT_JUNIT, PS_FMT_NONE};

/* One output of check: the verdict lines, the jetstress JSON or JUnit XML. */
static int check_render(ps_cli *cli, const ps_js_run *run, enum ps_format f, ps_buf *b)
{
    if (f == PS_FMT_JUNIT)
        return ps_js_render(b, run, &(ps_render_opts){.fmt = PS_FMT_JUNIT}, &cli->err);
    if (f == PS_FMT_JSON)
        ps_js_render_json(b, run);
    else
        ps_js_render_verdicts(b, run);
    return PS_OK;
}

int ps_cmd_check(int argc, char **argv, ps_cli *cli)
{
    int handled, drc = ps_cli_check_dispatch(argc, argv, cli, &handled); /* plain logs: analyze */
    if (handled)
        return drc;
    js_args a = {0};
    ps_cli_list runs = {0};
    ps_js_run *run;
    ps_cli_out *outs = NULL;
    size_t nouts = 0;
    int rc = load(argc, argv, cli, &a, &ps_doc_check, &run, &runs);
    if (!rc)
        rc = ps_cli_outputs(cli, &a.outs, a.fmt, check_formats, PS_FMT_TEXT, &outs, &nouts);
    if (!rc && a.junit) {
        ps_buf j = {0};
        rc = check_render(cli, run, PS_FMT_JUNIT, &j);
        if (!rc)
            rc = ps_cli_write(cli, a.junit, &j, a.js.paths, a.js.npaths);
        ps_buf_fini(&j);
    }
    for (size_t i = 0; i < nouts && !rc; i++) {
        ps_buf b = {0};
        rc = check_render(cli, run, outs[i].fmt, &b);
        if (!rc)
            rc = ps_cli_write_fmt(cli, outs[i].path, outs[i].fmt, &b, a.js.paths, a.js.npaths);
        ps_buf_fini(&b);
    }
    if (!rc) { /* the verdict line: the last of the verdict lines ("5 tests: 2 passed, ...") */
        ps_buf v = {0};
        ps_js_render_verdicts(&v, run);
        while (v.len && v.data[v.len - 1] == '\n')
            v.data[--v.len] = 0;
        const char *nl = v.data ? strrchr(v.data, '\n') : NULL;
        snprintf(cli->verdict, sizeof cli->verdict, "%s", nl ? nl + 1 : v.data ? v.data : "");
        ps_buf_fini(&v);
        rc = check_status(run);
    }
    free(outs);
    ps_js_run_free(run);
    ps_cli_parse_free(&ps_doc_check, &a, &runs);
    return rc == PS_CLI_DONE ? PS_OK : rc;
}
