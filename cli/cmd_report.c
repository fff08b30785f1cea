/* cmd_report.c - 'perfscribe report': ESRP document (HTML, PDF) from a Jetstress run. */
#include "cli.h"
#include "ps_js_words.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct report_args {
    ps_cli_js js; /* the run and the pipeline's options (shared group) */
    ps_cli_list outs; /* -o FILE.html / FILE.pdf */
    const char *solution, *template_dir, *trend_table;
    const char *db; /* --db: the run is a stored label */
    ps_cli_list trends; /* --trend LABEL=PATH */
    const char *esrp, *paper; /* --esrp 2|3|4, --paper a4|letter */
    int dump;
    const ps_lang *lang; /* --lang; NULL = the reports' language */
    int require_qualified; /* --require-qualified */
} report_args;

static int set_lang(ps_cli *cli, void *field, const char *v)
{
    if (!(*(const ps_lang **)field = ps_lang_find(v)))
        return ps_cli_usage(cli, "--lang: expected en, zh-TW, zh-CN, ja, ko, de, fr or es, got '%s'", v);
    return PS_OK;
}

static const ps_opt_doc report_opts[] = {
    PS_CLI_OUTPUT_OPT(report_args, outs, "pdf html htm",
                      "output file (.html/.htm or .pdf); repeat for several formats"),
    {NULL, "--solution", "FILE", PS_VAL_FILE, "ini", 0,
     "solution description (vendor, product, hardware rows, CommonMark texts, figures, logo, "
     "revisions; see perfscribe-solution(5)); what is missing prints \"not provided\"",
     .kind = PS_ARG_STR, .at = offsetof(report_args, solution)},
    {NULL, "--esrp", "VERSION", PS_VAL_WORDS, "2 3 4", 0,
     "ESRP program version 2, 3 or 4: titles and row wording (default 4)", .kind = PS_ARG_WORD,
     .at = offsetof(report_args, esrp)},
    {NULL, "--template-dir", "DIR", PS_VAL_DIR, NULL, 0, "files here replace the built-in report.html / report.css",
     .kind = PS_ARG_STR, .at = offsetof(report_args, template_dir)},
    {NULL, "--paper", "SIZE", PS_VAL_WORDS, "a4 letter", 0,
     "PDF page size and HTML print size, a4 or letter (default a4)", .kind = PS_ARG_WORD,
     .at = offsetof(report_args, paper)},
    {NULL, "--lang", "TAG", PS_VAL_WORDS, "en zh-TW zh-CN ja ko de fr es", 0,
     "language of the document's stock texts, dates and numbers (default: the language of the run's "
     "Jetstress reports when they agree, else en)",
     .kind = PS_ARG_CALL, .at = offsetof(report_args, lang), .set = set_lang},
    {NULL, "--require-qualified", NULL, PS_VAL_NONE, NULL, 0,
     "exit 1 when the run does not qualify for ESRP (every server's Performance test passing and reaching "
     "its target IOPS); the document is still written, marked DRAFT",
     .kind = PS_ARG_FLAG, .at = offsetof(report_args, require_qualified)},
    {NULL, "--dump-layout", NULL, PS_VAL_NONE, NULL, 0,
     "print every chart's layout as key = value lines on standard output", .kind = PS_ARG_FLAG,
     .at = offsetof(report_args, dump)},
    {NULL, "--trend", "LABEL=PATH", PS_VAL_LABEL_PATH, NULL, PS_OPT_REPEAT,
     "add a trend section comparing runs (repeatable; see perfscribe trend)", .kind = PS_ARG_LIST,
     .at = offsetof(report_args, trends)},
    {NULL, "--trend-table", "FILE", PS_VAL_FILE, NULL, 0,
     "add published absolute figures per label to the trend section", .kind = PS_ARG_STR,
     .at = offsetof(report_args, trend_table)},
    {NULL, "--db", "DB", PS_VAL_TEXT, NULL, 0,
     "render the run stored as LABEL in DB (sqlite:PATH, postgresql://...) by perfscribe store: figures, "
     "verdicts, test logs, recovery tables and thinned series as stored, no raw files needed (perfscribe report --db DB LABEL -o FILE)",
     .kind = PS_ARG_STR, .at = offsetof(report_args, db)},
};

const ps_cmd_doc ps_doc_report = {
    .name = "report",
    .section = 1,
    .summary = "render an ESRP document (HTML, PDF) with charts",
    .synopsis = "RUN... -o FILE.pdf|FILE.html [-o FILE ...] [--solution FILE]\n"
                "[--esrp 2|3|4] [--lang TAG] [--require-qualified] [--template-dir DIR] [--paper a4|letter]\n"
                "[--dump-layout] [-b TIME -e TIME] [--mailboxes N --iops-per-mailbox X]\n"
                "[--profile P] [--thresholds FILE] [--lenient-thresholds] [--lenient] [-q]",
    .description = "Renders an ESRP storage white paper from a Jetstress run: title page, contents, tested "
                   "deployment tables, per-server and aggregate storage performance results, backup and log "
                   "replay tables, and one appendix per server with the recomputed Jetstress tables, charts and "
                   "the test log. The output format follows each -o file's extension (.html, .pdf); every "
                   "file written is printed.",
    .opts = report_opts,
    .nopts = PS_DOC_N(report_opts),
    .shared = &ps_cli_js_opts,
    .shared_at = offsetof(report_args, js),
    .operands = PS_VAL_PATH,
    .notes_title = "DATE",
    .notes = "The date printed is today's (UTC), or SOURCE_DATE_EPOCH when set (reproducible output).",
    .exit_status = "0 ok (also for a run that does not qualify for ESRP: its reasons are printed as warnings "
                   "and the document is marked DRAFT), 1 the run does not qualify and --require-qualified was "
                   "given, 2 usage, 3 bad input, 4 I/O error",
    .see_also = "perfscribe-jetstress(1), perfscribe-trend(1), perfscribe-solution(5)",
};

static int parse_args(int argc, char **argv, ps_cli *cli, report_args *a, ps_cli_list *runs)
{
    int rc = ps_cli_parse(cli, &ps_doc_report, argc, argv, a, runs);
    for (size_t i = 0; i < a->outs.n && !rc; i++)
        if (!ps_doc_renderer(ps_format_from_path(a->outs.v[i])))
            rc = ps_cli_usage(cli, "-o %s: the file name must end in .html, .htm or .pdf", a->outs.v[i]);
    for (size_t i = 0; i < a->trends.n && !rc; i++) {
        const char *v = a->trends.v[i], *eq = strchr(v, '=');
        if (!eq || eq == v || !eq[1])
            rc = ps_cli_usage(cli, "--trend: expected LABEL=PATH, got '%s'", v);
    }
    if (!rc && a->db && runs->n != 1)
        return ps_cli_usage(cli, "--db renders one stored run: give one LABEL");
    if (!rc)
        rc = ps_cli_js_finish(cli, &a->js, runs);
    if (!rc && !a->outs.n && !a->dump)
        rc = ps_cli_usage(cli, "no output: give -o FILE.pdf and/or -o FILE.html (or --dump-layout)");
    return rc;
}

/* Every output is opened first and committed only when all rendered: nothing half-written. */
static int render_all(ps_cli *cli, const report_args *a, const ps_doc *doc)
{
    size_t ninputs = 0;
    const char **inputs = ps_xcalloc(a->js.npaths + a->trends.n + 3, sizeof *inputs);
    for (size_t i = 0; i < a->js.npaths && !a->db; i++)
        inputs[ninputs++] = a->js.paths[i];
    for (size_t i = 0; i < a->trends.n; i++)
        inputs[ninputs++] = strchr(a->trends.v[i], '=') + 1;
    if (a->solution)
        inputs[ninputs++] = a->solution;
    if (a->trend_table)
        inputs[ninputs++] = a->trend_table;
    size_t n = a->outs.n;
    ps_outfile **o = ps_xcalloc(n + 1, sizeof *o);
    int rc = PS_OK;
    for (size_t i = 0; i < n && !rc; i++) {
        for (size_t k = 0; k < i && !rc; k++)
            if (strcmp(a->outs.v[k], a->outs.v[i]) == 0)
                rc = ps_cli_usage(cli, "-o %s given twice", a->outs.v[i]);
        if (!rc)
            rc = ps_outfile_open(a->outs.v[i], inputs, ninputs, &o[i], &cli->err);
        if (!rc)
            rc =
                ps_doc_renderer(ps_format_from_path(a->outs.v[i]))(doc, ps_outfile_fp(o[i]), &cli->warnings, &cli->err);
    }
    for (size_t i = 0; i < n; i++) {
        if (!o[i])
            continue;
        if (rc)
            rc = ps_outfile_fail(o[i], rc, &cli->err); /* a failed write: its file and reason (F11) */
        else if (!(rc = ps_outfile_commit(o[i], &cli->err)))
            ps_cli_wrote(cli, a->outs.v[i]);
    }
    free(o);
    free(inputs);
    return rc;
}

/* The optional trend section: a table file and/or LABEL=PATH runs, in the order given. */
static int build_trend(ps_cli *cli, const report_args *a, ps_trend *t)
{
    int rc = PS_OK;
    if (a->trend_table)
        rc = ps_trend_table_read(a->trend_table, t, &cli->err);
    for (size_t i = 0; i < a->trends.n && !rc; i++) {
        const char *eq = strchr(a->trends.v[i], '=');
        char *label = ps_xstrndup(a->trends.v[i], (size_t)(eq - a->trends.v[i]));
        const char *path = eq + 1;
        ps_js_options opt = a->js.p.load;
        opt.keep_series = 1;
        opt.keep_outside = 0;
        ps_js_run *run = NULL;
        if (ps_trend_find_label(t, label) >= 0)
            rc = ps_cli_usage(cli, "--trend: label '%s' given twice", label);
        else if (!(rc = ps_cli_js_load_labelled(cli, label, &path, 1, &opt, &run))) {
            size_t l = ps_trend_add_label(t, label);
            ps_trend_from_run(t, l, run, ps_trend_run_mailboxes(run), NAN);
            ps_trend_series_from_run(t, l, run);
        }
        ps_js_run_free(run);
        free(label);
    }
    return rc;
}

/* The run's ESRP qualification (the model's): every reason it does not qualify as a warning;
 * PS_EFAIL with require when it does not. */
static int qualification(ps_cli *cli, const ps_js_run *run, int require)
{
    ps_qualification q = {0};
    ps_js_qualify_run(run, &q);
    int ok = q.assessed && q.result == PS_VERDICT_PASS;
    if (!ok && !q.assessed)
        ps_warn(&cli->warnings, "the run does not qualify for ESRP: it holds no Performance test");
    for (size_t i = 0; !ok && i < q.nreasons; i++)
        if (q.reasons[i].met != PS_VERDICT_PASS) {
            char *t = ps_js_qual_words(NULL, &q.reasons[i]);
            ps_warn(&cli->warnings, "the run does not qualify for ESRP: %s", t);
            free(t);
        }
    ps_qualification_fini(&q);
    return !ok && require ? PS_EFAIL : PS_OK;
}

int ps_cmd_report(int argc, char **argv, ps_cli *cli)
{
    report_args a = {0};
    ps_cli_list runs = {0};
    ps_js_run *run = NULL;
    ps_solution *sol = NULL;
    ps_doc *doc = NULL;
    ps_doc_options dopt = {0};
    ps_trend trend;
    ps_trend_charts trend_charts;
    memset(&trend, 0, sizeof trend);
    memset(&trend_charts, 0, sizeof trend_charts);
    int rc = parse_args(argc, argv, cli, &a, &runs);
    if (!rc)
        rc = ps_cli_doc_date(cli, &dopt.date);
    if (!rc && a.solution)
        rc = ps_solution_read(a.solution, &sol, &cli->err);
    if (rc)
        goto done;
    a.js.p.load.keep_series = 1;
    a.js.p.load.keep_outside = 1; /* the charts shade what lies outside the collection window */
    if ((rc = a.db ? ps_cli_store_load(cli, a.db, a.js.paths[0], &run) : ps_cli_js_load(cli, &a.js, &run)))
        goto done;
    if (a.db)
        ps_js_qualify(run); /* a stored run: its verdicts and figures as stored */
    dopt.esrp = a.esrp ? a.esrp[0] - '0' : 4;
    dopt.template_dir = a.template_dir;
    dopt.paper_letter = a.paper && a.paper[0] == 'l';
    dopt.lang = a.lang;
    if ((rc = ps_doc_build(run, sol, &dopt, &doc, &cli->warnings, &cli->err)))
        goto done;
    if (a.trend_table || a.trends.n) {
        if ((rc = build_trend(cli, &a, &trend)))
            goto done;
        ps_doc_append_trend(doc, &trend, &trend_charts);
    }
    if (a.dump) {
        ps_buf b = {0};
        ps_doc_dump_layout(doc, &b);
        rc = ps_cli_write(cli, NULL, &b, NULL, 0);
        ps_buf_fini(&b);
    }
    if (!rc && a.outs.n)
        rc = render_all(cli, &a, doc);
    if (!rc)
        rc = qualification(cli, run, a.require_qualified);
done:
    ps_chart_release_caches(); /* cairo/fontconfig caches: a clean exit for leak checkers */
    ps_doc_free(doc);
    ps_trend_charts_fini(&trend_charts);
    ps_trend_fini(&trend);
    ps_solution_free(sol);
    ps_js_run_free(run);
    ps_cli_parse_free(&ps_doc_report, &a, &runs);
    return rc == PS_CLI_DONE ? PS_OK : rc;
}
