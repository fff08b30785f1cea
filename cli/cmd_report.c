/* cmd_report.c - 'perfscribe report': ESRP document (HTML, PDF) from a Jetstress run. */
#include "cli.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const ps_opt_doc report_opts[] = {
    {"-o", NULL, "FILE", PS_VAL_OUTPUT, "pdf html htm", PS_OPT_REPEAT,
     "output file (.html/.htm or .pdf); repeat for several formats"},
    {NULL, "--solution", "FILE", PS_VAL_FILE, "ini", 0,
     "solution description (vendor, product, hardware rows, CommonMark texts, figures, logo, "
     "revisions; see perfscribe-solution(5)); what is missing prints \"not provided\""},
    {NULL, "--esrp", "VERSION", PS_VAL_WORDS, "2 3 4", 0, "ESRP program version 2, 3 or 4: titles and row wording (default 4)"},
    {NULL, "--template-dir", "DIR", PS_VAL_DIR, NULL, 0, "files here replace the built-in report.html / report.css"},
    {NULL, "--paper", "SIZE", PS_VAL_WORDS, "a4 letter", 0, "PDF page size and HTML print size, a4 or letter (default a4)"},
    {NULL, "--lang", "TAG", PS_VAL_WORDS, "en zh-TW zh-CN ja ko de fr es", 0,
     "language of the document's stock texts, dates and numbers (default: the language of the run's "
     "Jetstress reports when they agree, else en)"},
    {NULL, "--require-qualified", NULL, PS_VAL_NONE, NULL, 0,
     "exit 1 when the run does not qualify for ESRP (every server's Performance test passing and reaching "
     "its target IOPS); the document is still written, marked DRAFT"},
    {NULL, "--dump-layout", NULL, PS_VAL_NONE, NULL, 0,
     "print every chart's layout as key = value lines on standard output"},
    {NULL, "--trend", "LABEL=PATH", PS_VAL_LABEL_PATH, NULL, PS_OPT_REPEAT,
     "add a trend section comparing runs (repeatable; see perfscribe trend)"},
    {NULL, "--trend-table", "FILE", PS_VAL_FILE, NULL, 0, "add published absolute figures per label to the trend section"},
    {NULL, "--db", "DB", PS_VAL_TEXT, NULL, 0,
     "render the run stored as LABEL in DB (sqlite:PATH, postgresql://...) by perfscribe store: figures, "
     "verdicts, test logs, recovery tables and thinned series as stored, no raw files needed (perfscribe report --db DB LABEL -o FILE)"},
};

const ps_cmd_doc ps_doc_report = {
    .name = "report",
    .section = 1,
    .summary = "render an ESRP document (HTML, PDF) with charts",
    .synopsis = "RUN... -o FILE.pdf|FILE.html [-o FILE ...] [--solution FILE]\n"
                "[--esrp 2|3|4] [--lang TAG] [--require-qualified] [--template-dir DIR] [--paper a4|letter]\n"
                "[--dump-layout] [-b TIME -e TIME] [--mailboxes N --iops-per-mailbox X]\n"
                "[--profile P] [--thresholds FILE] [--lenient] [--lenient-logs] [-q]",
    .description =
        "Renders an ESRP storage white paper from a Jetstress run: title page, contents, tested "
        "deployment tables, per-server and aggregate storage performance results, backup and log "
        "replay tables, and one appendix per server with the recomputed Jetstress tables, charts and "
        "the test log. The output format follows each -o file's extension (.html, .pdf).",
    .opts = report_opts,
    .nopts = PS_DOC_N(report_opts),
    .shared = &ps_cli_js_opts,
    .operands = PS_VAL_PATH,
    .notes_title = "DATE",
    .notes = "The date printed is today's (UTC), or SOURCE_DATE_EPOCH when set (reproducible output).",
    .exit_status = "0 ok (also for a run that does not qualify for ESRP: its reasons are printed as warnings "
                   "and the document is marked DRAFT), 1 the run does not qualify and --require-qualified was "
                   "given, 2 usage, 3 bad input, 4 I/O error",
    .see_also = "perfscribe-jetstress(1), perfscribe-trend(1), perfscribe-solution(5)",
};

typedef struct report_args {
    ps_cli_js js;
    const char **outs; size_t nouts;
    const char *solution, *template_dir, *trend_table;
    const char *db;                        /* --db: the run is a stored label */
    const char **trends; size_t ntrends;   /* LABEL=PATH */
    int esrp, letter, dump;
    const ps_lang *lang;                   /* --lang; NULL = the reports' language */
    int require_qualified;                 /* --require-qualified */
} report_args;

static int parse_args(int argc, char **argv, ps_cli *cli, report_args *a)
{
    a->js.paths = ps_xcalloc((size_t)argc, sizeof *a->js.paths);
    a->outs = ps_xcalloc((size_t)argc, sizeof *a->outs);
    a->trends = ps_xcalloc((size_t)argc, sizeof *a->trends);
    a->esrp = 4;
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        int rc = PS_OK;
        if (ps_cli_js_option(cli, argc, argv, &i, &a->js, &rc)) {
            if (rc)
                return rc;
            continue;
        }
        int has_value = strcmp(s, "-o") == 0 || strcmp(s, "--solution") == 0 || strcmp(s, "--esrp") == 0 ||
                        strcmp(s, "--template-dir") == 0 || strcmp(s, "--paper") == 0 ||
                        strcmp(s, "--trend") == 0 || strcmp(s, "--trend-table") == 0 || strcmp(s, "--db") == 0 ||
                        strcmp(s, "--lang") == 0;
        if (has_value && i + 1 >= argc)
            return ps_cli_usage(cli, "option %s needs a value", s);
        const char *v = has_value ? argv[++i] : NULL;
        if (strcmp(s, "-h") == 0 || strcmp(s, "--help") == 0) {
            int hrc = ps_cli_help(cli, &ps_doc_report);
            return hrc ? hrc : -1;
        } else if (strcmp(s, "-o") == 0) {
            enum ps_format f = ps_format_from_path(v);
            if (!ps_doc_renderer(f))
                return ps_cli_usage(cli, "-o %s: the file name must end in .html, .htm or .pdf", v);
            a->outs[a->nouts++] = v;
        } else if (strcmp(s, "--solution") == 0) {
            a->solution = v;
        } else if (strcmp(s, "--esrp") == 0) {
            if (strcmp(v, "2") && strcmp(v, "3") && strcmp(v, "4"))
                return ps_cli_usage(cli, "--esrp: expected 2, 3 or 4, got '%s'", v);
            a->esrp = v[0] - '0';
        } else if (strcmp(s, "--lang") == 0) {
            if (!(a->lang = ps_lang_find(v)))
                return ps_cli_usage(cli, "--lang: expected en, zh-TW, zh-CN, ja, ko, de, fr or es, got '%s'", v);
        } else if (strcmp(s, "--template-dir") == 0) {
            a->template_dir = v;
        } else if (strcmp(s, "--paper") == 0) {
            if (strcmp(v, "a4") && strcmp(v, "A4") && strcmp(v, "letter"))
                return ps_cli_usage(cli, "--paper: expected a4 or letter, got '%s'", v);
            a->letter = v[0] == 'l';
        } else if (strcmp(s, "--trend") == 0) {
            const char *eq = strchr(v, '=');
            if (!eq || eq == v || !eq[1])
                return ps_cli_usage(cli, "--trend expects LABEL=PATH, got '%s'", v);
            a->trends[a->ntrends++] = v;
        } else if (strcmp(s, "--trend-table") == 0) {
            a->trend_table = v;
        } else if (strcmp(s, "--db") == 0) {
            a->db = v;
        } else if (strcmp(s, "--require-qualified") == 0) {
            a->require_qualified = 1;
        } else if (strcmp(s, "--dump-layout") == 0) {
            a->dump = 1;
        } else if (s[0] == '-' && s[1]) {
            return ps_cli_usage(cli, "unknown option '%s'", s);
        } else {
            a->js.paths[a->js.npaths++] = s;
        }
    }
    if (a->db && a->js.npaths != 1)
        return ps_cli_usage(cli, "--db renders one stored run: give one LABEL");
    int rc = ps_cli_js_finish(cli, &a->js);
    if (!rc && !a->nouts && !a->dump)
        rc = ps_cli_usage(cli, "no output: give -o FILE.pdf and/or -o FILE.html (or --dump-layout)");
    return rc;
}

/* Every output is opened first and committed only when all rendered: nothing half-written. */
static int render_all(ps_cli *cli, const report_args *a, const ps_doc *doc)
{
    size_t ninputs = 0;
    const char **inputs = ps_xcalloc(a->js.npaths + a->ntrends + 3, sizeof *inputs);
    for (size_t i = 0; i < a->js.npaths && !a->db; i++)
        inputs[ninputs++] = a->js.paths[i];
    for (size_t i = 0; i < a->ntrends; i++)
        inputs[ninputs++] = strchr(a->trends[i], '=') + 1;
    if (a->solution)
        inputs[ninputs++] = a->solution;
    if (a->trend_table)
        inputs[ninputs++] = a->trend_table;
    ps_outfile **o = ps_xcalloc(a->nouts + 1, sizeof *o);
    int rc = PS_OK;
    for (size_t i = 0; i < a->nouts && !rc; i++) {
        for (size_t k = 0; k < i && !rc; k++)
            if (strcmp(a->outs[k], a->outs[i]) == 0)
                rc = ps_cli_usage(cli, "-o %s given twice", a->outs[i]);
        if (!rc)
            rc = ps_outfile_open(a->outs[i], inputs, ninputs, &o[i], &cli->err);
        if (!rc)
            rc = ps_doc_renderer(ps_format_from_path(a->outs[i]))(doc, ps_outfile_fp(o[i]), &cli->warnings, &cli->err);
    }
    for (size_t i = 0; i < a->nouts; i++) {
        if (!o[i])
            continue;
        if (rc)
            rc = ps_outfile_fail(o[i], rc, &cli->err);   /* a failed write: its file and reason (F11) */
        else
            rc = ps_outfile_commit(o[i], &cli->err);
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
    for (size_t i = 0; i < a->ntrends && !rc; i++) {
        const char *eq = strchr(a->trends[i], '=');
        char *label = ps_xstrndup(a->trends[i], (size_t)(eq - a->trends[i]));
        const char *path = eq + 1;
        ps_js_options opt = a->js.opt;
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
        if (q.reasons[i].met != PS_VERDICT_PASS)
            ps_warn(&cli->warnings, "the run does not qualify for ESRP: %s", q.reasons[i].text);
    ps_qualification_fini(&q);
    return !ok && require ? PS_EFAIL : PS_OK;
}

int ps_cmd_report(int argc, char **argv, ps_cli *cli)
{
    report_args a = {0};
    ps_js_run *run = NULL;
    ps_solution *sol = NULL;
    ps_doc *doc = NULL;
    ps_doc_options dopt = {0};
    ps_trend trend;
    ps_trend_charts trend_charts;
    memset(&trend, 0, sizeof trend);
    memset(&trend_charts, 0, sizeof trend_charts);
    int rc = parse_args(argc, argv, cli, &a);
    if (rc < 0) {
        rc = PS_OK;
        goto done;
    }
    if (!rc)
        rc = ps_cli_doc_date(cli, &dopt.date);
    if (!rc && a.solution)
        rc = ps_solution_read(a.solution, &sol, &cli->err);
    if (rc)
        goto done;
    a.js.opt.keep_series = 1;
    a.js.opt.keep_outside = 1;   /* the charts shade what lies outside the collection window */
    if ((rc = a.db ? ps_cli_store_load(cli, a.db, a.js.paths[0], &run) : ps_cli_js_load(cli, &a.js, &run)))
        goto done;
    if (a.db)
        ps_js_qualify(run);   /* a stored run: its verdicts and figures as stored */
    dopt.esrp = a.esrp;
    dopt.template_dir = a.template_dir;
    dopt.paper_letter = a.letter;
    dopt.lang = a.lang;
    if ((rc = ps_doc_build(run, sol, &dopt, &doc, &cli->warnings, &cli->err)))
        goto done;
    if (a.trend_table || a.ntrends) {
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
    if (!rc && a.nouts)
        rc = render_all(cli, &a, doc);
    if (!rc)
        rc = qualification(cli, run, a.require_qualified);
done:
    ps_chart_release_caches();   /* cairo/fontconfig caches: a clean exit for leak checkers */
    ps_doc_free(doc);
    ps_trend_charts_fini(&trend_charts);
    ps_trend_fini(&trend);
    ps_solution_free(sol);
    ps_js_run_free(run);
    free(a.js.paths);
    free(a.outs);
    free(a.trends);
    return rc;
}
