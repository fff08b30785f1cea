/* cmd_trend.c - 'perfscribe trend': compare runs across configurations and generations. */
#include "cli.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct kv {
    char *label;
    double v;
    const char *text; /* --config / --solution: the text after '=' */
} kv;

typedef struct kv_list {
    kv *a;
    size_t n;
} kv_list;

typedef struct trend_opts {
    ps_cli_list outputs; /* -o, by extension */
    const char *baseline, *table, *load_name, *metric;
    const char *db; /* --db: runs from the results store */
    ps_cli_list where;
    enum ps_format fmt; /* -f/--format: standard output */
    const char *chart_word; /* --chart */
    int chart, dump;
    kv_list loads, mailboxes, disks, configs, solutions; /* mailboxes, disks: positive */
    ps_cli_logs logs; /* -b, -e, --lenient, --encoding */
    ps_js_options js;
} trend_opts;

/* LABEL=VALUE options: text 1 = LABEL=VALUE, 0 = LABEL=NUMBER, 2 = LABEL=N with N a positive
 * count. */
static int add_kv(ps_cli *cli, kv_list *l, const char *arg, const char *opt, int text)
{
    const char *eq = strrchr(arg, '=');
    double v = NAN;
    if (!eq || eq == arg || !eq[1] || (text != 1 && ps_parse_double(eq + 1, strlen(eq + 1), &v) != 0))
        return ps_cli_usage(cli, "%s: expected LABEL=%s, got '%s'", opt, text == 1 ? "VALUE" : "NUMBER", arg);
    if (text == 2 && !(v > 0 && isfinite(v)))
        return ps_cli_usage(cli, "%s %s: expected a positive number, got '%s'", opt, arg, eq + 1);
    l->a = ps_xrealloc(l->a, (l->n + 1) * sizeof *l->a);
    l->a[l->n] = (kv){ps_xstrndup(arg, (size_t)(eq - arg)), v, eq + 1};
    l->n++;
    return PS_OK;
}

static int set_load(ps_cli *cli, void *f, const char *v)
{
    return add_kv(cli, f, v, "--load", 0);
}
static int set_mailboxes(ps_cli *cli, void *f, const char *v)
{
    return add_kv(cli, f, v, "--mailboxes", 2);
}
static int set_disks(ps_cli *cli, void *f, const char *v)
{
    return add_kv(cli, f, v, "--disks", 2);
}
static int set_config(ps_cli *cli, void *f, const char *v)
{
    return add_kv(cli, f, v, "--config", 1);
}
static int set_solution(ps_cli *cli, void *f, const char *v)
{
    return add_kv(cli, f, v, "--solution", 1);
}

static const ps_opt_doc trend_opts_doc[] = {
    {NULL, "--table", "FILE", PS_VAL_FILE, NULL, 0, "absolute figures per label from a table file (published results)",
     .kind = PS_ARG_STR, .at = offsetof(trend_opts, table)},
    {NULL, "--db", "DB", PS_VAL_TEXT, NULL, 0,
     "read the runs LABEL... stored with perfscribe store (sqlite:PATH or postgresql://...) instead of "
     "raw folders",
     .kind = PS_ARG_STR, .at = offsetof(trend_opts, db)},
    {NULL, "--where", "KEY=VALUE", PS_VAL_TEXT, NULL, PS_OPT_REPEAT,
     "with --db: the stored runs with this tag (repeatable)", .kind = PS_ARG_LIST, .at = offsetof(trend_opts, where)},
    {NULL, "--baseline", "LABEL", PS_VAL_TEXT, NULL, 0, "baseline label (default: the first)", .kind = PS_ARG_STR,
     .at = offsetof(trend_opts, baseline)},
    {NULL, "--load", "LABEL=VALUE", PS_VAL_TEXT, NULL, PS_OPT_REPEAT,
     "load variable of a label (users, mailboxes, threads); repeatable", .kind = PS_ARG_CALL,
     .at = offsetof(trend_opts, loads), .set = set_load},
    {NULL, "--load-name", "NAME", PS_VAL_TEXT, NULL, 0, "name of the load variable (default: users)",
     .kind = PS_ARG_STR, .at = offsetof(trend_opts, load_name)},
    {NULL, "--config", "LABEL=NAME", PS_VAL_TEXT, NULL, PS_OPT_REPEAT,
     "configuration of a label (one series per configuration in the load chart); repeatable", .kind = PS_ARG_CALL,
     .at = offsetof(trend_opts, configs), .set = set_config},
    {NULL, "--mailboxes", "LABEL=N", PS_VAL_TEXT, NULL, PS_OPT_REPEAT,
     "mailboxes of a run (default: from --solution, else the sum of MailboxCount of its configs)", .kind = PS_ARG_CALL,
     .at = offsetof(trend_opts, mailboxes), .set = set_mailboxes},
    {NULL, "--disks", "LABEL=N", PS_VAL_TEXT, NULL, PS_OPT_REPEAT,
     "disks of a run, for IOPS per disk (default: from --solution)", .kind = PS_ARG_CALL,
     .at = offsetof(trend_opts, disks), .set = set_disks},
    {NULL, "--solution", "LABEL=FILE", PS_VAL_LABEL_PATH, NULL, PS_OPT_REPEAT,
     "solution description of a run: [document] mailboxes and [hardware] disks_tested", .kind = PS_ARG_CALL,
     .at = offsetof(trend_opts, solutions), .set = set_solution},
    PS_CLI_FORMAT_OPT(trend_opts, fmt, "text json html", "standard output format: text (default), json or html"),
    PS_CLI_OUTPUT_OPT(trend_opts, outputs, "txt json html pdf svg png",
                      "output by extension: .txt .json .html .pdf .svg .png (repeatable)"),
    {NULL, "--chart", "KIND", PS_VAL_WORDS, "bars load overlay", 0,
     "the chart written to .svg/.png: bars (default), load or overlay", .kind = PS_ARG_WORD,
     .at = offsetof(trend_opts, chart_word)},
    {NULL, "--metric", "KEY", PS_VAL_TEXT, NULL, 0, "metric of the load chart (default total IOPS)", .kind = PS_ARG_STR,
     .at = offsetof(trend_opts, metric)},
    {NULL, "--dump-layout", NULL, PS_VAL_NONE, NULL, 0,
     "print the charts' layouts (key = value lines) on standard output", .kind = PS_ARG_FLAG,
     .at = offsetof(trend_opts, dump)},
};

const ps_cmd_doc ps_doc_trend = {
    .name = "trend",
    .section = 1,
    .summary = "compare runs across configurations and hardware generations",
    .synopsis = "LABEL=PATH...|--db DB [LABEL...] [--where KEY=VALUE]... [--table FILE] [OPTIONS]",
    .description = "Compares Jetstress runs (a run directory, a set of reports, or a counter log per label) in "
                   "the order given, relative to a baseline label, as 'NN% [value unit]'.\n\n"
                   "LABEL=PATH names a run; PATH is a directory or file (repeat for several runs; the same "
                   "LABEL again adds PATH to that run).",
    .opts = trend_opts_doc,
    .nopts = PS_DOC_N(trend_opts_doc),
    .shared = &ps_cli_log_opts,
    .shared_at = offsetof(trend_opts, logs),
    .operands = PS_VAL_LABEL_PATH,
    .notes_title = "DATE",
    .notes = "The PDF date is today's (UTC), or SOURCE_DATE_EPOCH when set (reproducible output).",
    .exit_status = "0 ok, 2 usage, 3 bad input, 4 I/O error "
                   "(also: libpq missing for a PostgreSQL --db)",
    .see_also = "perfscribe-report(1), perfscribe-jetstress(1)",
};

static const kv *kv_find(const kv_list *l, const char *label)
{
    for (size_t i = 0; i < l->n; i++)
        if (strcmp(l->a[i].label, label) == 0)
            return &l->a[i];
    return NULL;
}

static void kv_fini(kv_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->a[i].label);
    free(l->a);
}

static const char *const output_exts = ".txt .json .html .pdf .svg .png";

static int parse_args(int argc, char **argv, ps_cli *cli, trend_opts *o, ps_cli_list *ops)
{
    int rc = ps_cli_parse(cli, &ps_doc_trend, argc, argv, o, ops);
    if (rc)
        return rc;
    for (size_t i = 0; i < o->outputs.n; i++) {
        enum ps_format f = ps_format_from_path(o->outputs.v[i]);
        if (f != PS_FMT_TEXT && f != PS_FMT_JSON && f != PS_FMT_HTML && f != PS_FMT_PDF && f != PS_FMT_SVG &&
            f != PS_FMT_PNG)
            return ps_cli_usage(cli, "-o %s: trend writes %s", o->outputs.v[i], output_exts);
        for (size_t k = 0; k < i; k++)
            if (strcmp(o->outputs.v[k], o->outputs.v[i]) == 0)
                return ps_cli_usage(cli, "-o %s given twice", o->outputs.v[i]);
    }
    for (size_t i = 0; i < o->where.n; i++)
        if (!strchr(o->where.v[i], '=') || o->where.v[i][0] == '=')
            return ps_cli_usage(cli, "--where: expected KEY=VALUE, got '%s'", o->where.v[i]);
    if (!o->fmt)
        o->fmt = PS_FMT_TEXT;
    o->chart = o->chart_word ? ps_trend_chart_parse(o->chart_word) : 0;
    if ((rc = ps_cli_window_check(cli, &o->logs.b, &o->logs.e)))
        return rc;
    o->js.has_begin = o->logs.b.set, o->js.begin = o->logs.b.t, o->js.begin_utc = o->logs.b.utc;
    o->js.has_end = o->logs.e.set, o->js.end = o->logs.e.t, o->js.end_utc = o->logs.e.utc;
    o->js.lenient = o->logs.lenient;
    o->js.encoding = o->logs.encoding;
    const char *const *runs = ops->v;
    size_t nruns = ops->n;
    if (o->where.n && !o->db)
        return ps_cli_usage(cli, "--where needs --db");
    if (o->db) /* stored labels, not LABEL=PATH */
        return nruns || o->where.n || o->table ? PS_OK : ps_cli_usage(cli, "--db needs LABEL... or --where KEY=VALUE");
    for (size_t i = 0; i < nruns; i++) {
        const char *eq = strchr(runs[i], '=');
        if (!eq || eq == runs[i] || !eq[1])
            return ps_cli_usage(cli, "expected LABEL=PATH, got '%s'", runs[i]);
    }
    if (!nruns && !o->table)
        return ps_cli_usage(cli, "nothing to compare: give LABEL=PATH arguments or --table FILE");
    return PS_OK;
}

/* Time series cost memory per sample: keep them only for an output that shows the overlay
 * (HTML, PDF, the overlay chart, layout dumps). */
static int needs_series(const trend_opts *o)
{
    int need = o->dump || o->fmt == PS_FMT_HTML;
    for (size_t i = 0; i < o->outputs.n; i++) {
        enum ps_format f = ps_format_from_path(o->outputs.v[i]);
        need |= f == PS_FMT_HTML || f == PS_FMT_PDF ||
                ((f == PS_FMT_SVG || f == PS_FMT_PNG) && o->chart == PS_TREND_CHART_OVERLAY);
    }
    return need;
}

/* One output into a buffer: the SVG chart from the chart engine, every other format from the
 * trend's renderer table (ps_trend_render). */
static int render_one(ps_cli *cli, const ps_trend *t, const trend_opts *o, enum ps_format f, ps_buf *b)
{
    if (f == PS_FMT_SVG) { /* one chart, from the chart engine */
        ps_trend_chart c;
        int rc = ps_trend_chart_build(t, (enum ps_trend_chart_kind)o->chart, o->metric, &c, &cli->err);
        if (!rc) {
            ps_buf_puts(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
            rc = ps_chart_svg_string(&c.spec, NULL, b, &cli->err);
        }
        ps_trend_chart_fini(&c);
        return rc;
    }
    ps_render_opts ro = {.fmt = f, .warnings = &cli->warnings};
    int rc = f == PS_FMT_PDF ? ps_cli_doc_date(cli, &ro.date) : PS_OK;
    return rc ? rc : ps_trend_render(b, t, &ro, &cli->err);
}

/* Every output is opened first and committed only when all rendered: nothing half-written.
 * PNG is written by the chart engine (atomically) once the others are committed. */
static int render_all(ps_cli *cli, const ps_trend *t, const trend_opts *o, const char *const *inputs, size_t ninputs)
{
    ps_outfile **of = ps_xcalloc(o->outputs.n + 1, sizeof *of);
    int rc = PS_OK;
    for (size_t i = 0; i < o->outputs.n && !rc; i++) {
        enum ps_format f = ps_format_from_path(o->outputs.v[i]);
        rc = ps_outfile_open(o->outputs.v[i], inputs, ninputs, &of[i], &cli->err);
        if (rc || f == PS_FMT_PNG)
            continue;
        ps_buf b = {0};
        rc = render_one(cli, t, o, f, &b);
        if (!rc && b.len && fwrite(b.data, 1, b.len, ps_outfile_fp(of[i])) != b.len)
            rc = PS_EIO; /* ps_outfile_fail below names the file and the reason */
        ps_buf_fini(&b);
    }
    ps_trend_chart png = {0};
    int want_png = 0;
    for (size_t i = 0; i < o->outputs.n; i++)
        want_png |= ps_format_from_path(o->outputs.v[i]) == PS_FMT_PNG;
    if (!rc && want_png) { /* a bad chart must fail before anything is committed */
        rc = ps_trend_chart_build(t, (enum ps_trend_chart_kind)o->chart, o->metric, &png, &cli->err);
        ps_chart_layout l;
        if (!rc) {
            rc = ps_chart_layout_compute(&png.spec, &l, &cli->err);
            ps_chart_layout_fini(&l);
        }
    }
    for (size_t i = 0; i < o->outputs.n; i++) {
        if (!of[i])
            continue;
        if (ps_format_from_path(o->outputs.v[i]) == PS_FMT_PNG)
            ps_outfile_abort(of[i]);
        else if (rc)
            rc = ps_outfile_fail(of[i], rc, &cli->err); /* "FILE: write error: REASON" */
        else if (!(rc = ps_outfile_commit(of[i], &cli->err)))
            ps_cli_wrote(cli, o->outputs.v[i]);
    }
    for (size_t i = 0; i < o->outputs.n && !rc; i++)
        if (ps_format_from_path(o->outputs.v[i]) == PS_FMT_PNG)
            if (!(rc = ps_chart_render_png(&png.spec, o->outputs.v[i], &cli->err)))
                ps_cli_wrote(cli, o->outputs.v[i]);
    ps_trend_chart_fini(&png);
    free(of);
    return rc;
}

/* Mailboxes and disks of a run from its solution description. */
static int solution_counts(ps_cli *cli, const char *path, double *mailboxes, double *disks)
{
    ps_solution *sol = NULL;
    int rc = ps_solution_read(path, &sol, &cli->err);
    if (rc)
        return rc;
    ps_solution_number(sol, "document", "mailboxes", mailboxes); /* validated by ps_solution_read */
    ps_solution_number(sol, "hardware", "disks_tested", disks);
    ps_solution_free(sol);
    return rc;
}

/* A run from raw files (npaths > 0) or from the store (o->db). */
static int load_run(ps_cli *cli, ps_trend *t, const trend_opts *o, const char *label, const char *const *paths,
                    size_t npaths)
{
    ps_js_run *run = NULL;
    int rc = o->db ? ps_cli_store_load(cli, o->db, label, &run)
                   : ps_cli_js_load_labelled(cli, label, paths, npaths, &o->js, &run);
    if (rc)
        return rc;
    if (!run->nservers) { /* a column of n/a compares nothing: refuse the run */
        ps_js_run_free(run);
        return ps_error_set(&cli->err, PS_EINPUT, paths[0], 0, 0,
                            "%s: no Jetstress report or counter log found, nothing to compare", label);
    }
    if (o->db)
        for (size_t w = 0; w < run->warnings.n; w++)
            ps_warn(&cli->warnings, "%s: %s", label, run->warnings.msgs[w]);
    size_t l = ps_trend_add_label(t, label);
    double mbx = NAN, disks = NAN;
    const kv *sol = kv_find(&o->solutions, label), *m = kv_find(&o->mailboxes, label), *d = kv_find(&o->disks, label);
    if (sol)
        rc = solution_counts(cli, sol->text, &mbx, &disks);
    if (m)
        mbx = m->v;
    if (d)
        disks = d->v;
    if (isnan(mbx))
        mbx = ps_trend_run_mailboxes(run);
    if (!rc) {
        ps_trend_from_run(t, l, run, mbx, disks);
        if (o->js.keep_series) /* stored runs hold series; show them only where raw runs would */
            ps_trend_series_from_run(t, l, run);
    }
    ps_js_run_free(run);
    return rc;
}

/* Every LABEL of a LABEL=... option must name a label. */
static int check_labels(ps_cli *cli, const ps_trend *t, const kv_list *l, const char *opt)
{
    for (size_t i = 0; i < l->n; i++)
        if (ps_trend_find_label(t, l->a[i].label) < 0)
            return ps_cli_usage(cli, "%s names an unknown label '%s'", opt, l->a[i].label);
    return PS_OK;
}

static int finish_trend(ps_cli *cli, ps_trend *t, const trend_opts *o)
{
    int rc = check_labels(cli, t, &o->loads, "--load");
    if (!rc)
        rc = check_labels(cli, t, &o->configs, "--config");
    if (!rc)
        rc = check_labels(cli, t, &o->mailboxes, "--mailboxes");
    if (!rc)
        rc = check_labels(cli, t, &o->disks, "--disks");
    if (!rc)
        rc = check_labels(cli, t, &o->solutions, "--solution");
    if (rc)
        return rc;
    for (size_t i = 0; i < o->loads.n; i++)
        t->load[ps_trend_find_label(t, o->loads.a[i].label)] = o->loads.a[i].v;
    for (size_t i = 0; i < o->configs.n; i++)
        ps_trend_set_config(t, (size_t)ps_trend_find_label(t, o->configs.a[i].label), o->configs.a[i].text);
    if (o->loads.n && !t->load_name)
        t->load_name = ps_xstrdup(o->load_name ? o->load_name : "users");
    else if (o->load_name) {
        free(t->load_name);
        t->load_name = ps_xstrdup(o->load_name);
    }
    if (o->baseline) {
        long l = ps_trend_find_label(t, o->baseline);
        if (l < 0)
            return ps_cli_usage(cli, "--baseline names an unknown label '%s'", o->baseline);
        t->baseline = (size_t)l;
    }
    return PS_OK;
}

/* --db: the labels given, or every stored run matching --where (label order). */
static int load_stored(ps_cli *cli, ps_trend *t, const trend_opts *o, const char *const *labels, size_t n)
{
    char **found = NULL;
    size_t nfound = 0;
    int rc = PS_OK;
    if (!n && (rc = ps_cli_store_labels(cli, o->db, o->where.v, o->where.n, &found, &nfound)) != PS_OK)
        return rc;
    for (size_t i = 0; i < (n ? n : nfound) && !rc; i++) {
        const char *label = n ? labels[i] : found[i];
        if (ps_trend_find_label(t, label) >= 0)
            rc = ps_cli_usage(cli, "label '%s' given twice", label);
        else
            rc = load_run(cli, t, o, label, NULL, 0);
    }
    for (size_t i = 0; i < nfound; i++)
        free(found[i]);
    free(found);
    if (!rc && !t->nlabels)
        rc = ps_cli_usage(cli, "no stored run matches");
    return rc;
}

int ps_cmd_trend(int argc, char **argv, ps_cli *cli)
{
    trend_opts o;
    memset(&o, 0, sizeof o);
    ps_cli_list ops = {0};
    ps_trend t;
    memset(&t, 0, sizeof t);
    const char **inputs = NULL;
    int rc = parse_args(argc, argv, cli, &o, &ops);
    const char *const *runs = ops.v;
    size_t nruns = ops.n;
    if (rc)
        goto out;
    o.js.keep_series = needs_series(&o);
    inputs = ps_xcalloc(nruns + o.solutions.n + 1, sizeof *inputs);
    size_t ninputs = 0;
    for (size_t i = 0; i < o.solutions.n; i++)
        inputs[ninputs++] = o.solutions.a[i].text;
    if (o.table) {
        inputs[ninputs++] = o.table;
        if ((rc = ps_trend_table_read(o.table, &t, &cli->err)) != PS_OK)
            goto out;
    }
    if (o.db && (rc = load_stored(cli, &t, &o, runs, nruns)) != PS_OK)
        goto out;
    if (o.db)
        nruns = 0;
    /* a label repeated gives its run more paths (e.g. a set of reports) */
    const char **paths = ps_xcalloc(nruns + 1, sizeof *paths);
    for (size_t i = 0; i < nruns && !rc; i++) {
        size_t len = (size_t)(strchr(runs[i], '=') - runs[i]), np = 0;
        int seen = 0;
        for (size_t k = 0; k < i && !seen; k++)
            seen = strncmp(runs[k], runs[i], len + 1) == 0;
        if (seen)
            continue;
        for (size_t k = i; k < nruns; k++)
            if (strncmp(runs[k], runs[i], len + 1) == 0)
                inputs[ninputs++] = paths[np++] = runs[k] + len + 1;
        char *label = ps_xstrndup(runs[i], len);
        if (ps_trend_find_label(&t, label) >= 0)
            rc = ps_cli_usage(cli, "label '%s' is also in the table file", label);
        else
            rc = load_run(cli, &t, &o, label, paths, np);
        free(label);
    }
    free(paths);
    if (!rc)
        rc = finish_trend(cli, &t, &o);
    if (rc)
        goto out;
    if (o.dump) {
        ps_buf b = {0};
        ps_trend_dump_layouts(&t, o.chart_word ? o.chart : -1, o.metric, &b);
        rc = ps_cli_write(cli, NULL, &b, NULL, 0);
        ps_buf_fini(&b);
    } else if (!o.outputs.n) {
        ps_buf b = {0};
        rc = render_one(cli, &t, &o, o.fmt, &b);
        if (!rc)
            rc = ps_cli_write_fmt(cli, "-", o.fmt, &b, inputs, ninputs);
        ps_buf_fini(&b);
    }
    if (!rc && o.outputs.n)
        rc = render_all(cli, &t, &o, inputs, ninputs);
out:
    free(inputs);
    ps_trend_fini(&t);
    kv_fini(&o.loads);
    kv_fini(&o.mailboxes);
    kv_fini(&o.disks);
    kv_fini(&o.configs);
    kv_fini(&o.solutions);
    ps_cli_parse_free(&ps_doc_trend, &o, &ops);
    return rc == PS_CLI_DONE ? PS_OK : rc;
}
