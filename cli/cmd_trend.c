/* cmd_trend.c - 'perfscribe trend': compare runs across configurations and generations. */
#include "cli.h"

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const ps_opt_doc trend_opts_doc[] = {
    {NULL, "--table", "FILE", PS_VAL_FILE, NULL, 0, "absolute figures per label from a table file (published results)"},
    {NULL, "--db", "DB", PS_VAL_TEXT, NULL, 0,
     "read the runs LABEL... stored with perfscribe store (sqlite:PATH or postgresql://...) instead of "
     "raw folders"},
    {NULL, "--where", "KEY=VALUE", PS_VAL_TEXT, NULL, PS_OPT_REPEAT, "with --db: the stored runs with this tag (repeatable)"},
    {NULL, "--baseline", "LABEL", PS_VAL_TEXT, NULL, 0, "baseline label (default: the first)"},
    {NULL, "--load", "LABEL=VALUE", PS_VAL_TEXT, NULL, PS_OPT_REPEAT,
     "load variable of a label (users, mailboxes, threads); repeatable"},
    {NULL, "--load-name", "NAME", PS_VAL_TEXT, NULL, 0, "name of the load variable (default: users)"},
    {NULL, "--config", "LABEL=NAME", PS_VAL_TEXT, NULL, PS_OPT_REPEAT,
     "configuration of a label (one series per configuration in the load chart); repeatable"},
    {NULL, "--mailboxes", "LABEL=N", PS_VAL_TEXT, NULL, PS_OPT_REPEAT,
     "mailboxes of a run (default: from --solution, else the sum of MailboxCount of its configs)"},
    {NULL, "--disks", "LABEL=N", PS_VAL_TEXT, NULL, PS_OPT_REPEAT,
     "disks of a run, for IOPS per disk (default: from --solution)"},
    {NULL, "--solution", "LABEL=FILE", PS_VAL_LABEL_PATH, NULL, PS_OPT_REPEAT,
     "solution description of a run: [document] mailboxes and [hardware] disks_tested"},
    {NULL, "--format", "FMT", PS_VAL_WORDS, "text json html", 0, "standard output format: text (default), json or html"},
    {"-o", NULL, "FILE", PS_VAL_OUTPUT, "txt json html pdf svg png", PS_OPT_REPEAT,
     "output by extension: .txt .json .html .pdf .svg .png (repeatable)"},
    {NULL, "--chart", "KIND", PS_VAL_WORDS, "bars load overlay", 0,
     "the chart written to .svg/.png: bars (default), load or overlay"},
    {NULL, "--metric", "KEY", PS_VAL_TEXT, NULL, 0, "metric of the load chart (default total IOPS)"},
    {NULL, "--dump-layout", NULL, PS_VAL_NONE, NULL, 0,
     "print the charts' layouts (key = value lines) on standard output"},
    {"-b", "--begin", "TIME", PS_VAL_TEXT, NULL, 0, "restrict the logs' time range: first sample"},
    {"-e", "--end", "TIME", PS_VAL_TEXT, NULL, 0, "restrict the logs' time range: last sample"},
    {NULL, "--lenient", NULL, PS_VAL_NONE, NULL, 0, "skip malformed log rows instead of failing"},
    PS_CLI_ENCODING_OPT,

    {"-q", NULL, NULL, PS_VAL_NONE, NULL, 0, "no progress output"},
};

const ps_cmd_doc ps_doc_trend = {
    .name = "trend",
    .section = 1,
    .summary = "compare runs across configurations and hardware generations",
    .synopsis = "LABEL=PATH...|--db DB [LABEL...] [--where KEY=VALUE]... [--table FILE] [OPTIONS]",
    .description =
        "Compares Jetstress runs (a run directory, a set of reports, or a counter log per label) in "
        "the order given, relative to a baseline label, as 'NN% [value unit]'.\n\n"
        "LABEL=PATH names a run; PATH is a directory or file (repeat for several runs; the same "
        "LABEL again adds PATH to that run).",
    .opts = trend_opts_doc,
    .nopts = PS_DOC_N(trend_opts_doc),
    .operands = PS_VAL_LABEL_PATH,
    .notes_title = "DATE",
    .notes = "The PDF date is today's (UTC), or SOURCE_DATE_EPOCH when set (reproducible output).",
    .exit_status = "0 ok, 2 usage, 3 bad input, 4 I/O error "
                   "(also: libpq missing for a PostgreSQL --db)",
    .see_also = "perfscribe-report(1), perfscribe-jetstress(1)",
};

typedef struct kv {
    char *label;
    double v;
    const char *text;   /* --config / --solution: the text after '=' */
} kv;

typedef struct kv_list { kv *a; size_t n; } kv_list;

typedef struct trend_opts {
    char **outputs; size_t nout;
    const char *baseline, *table, *load_name, *metric;
    const char *db;                /* --db: runs from the results store */
    const char **where; size_t nwhere;
    enum ps_format fmt;
    int chart, chart_given, dump;
    kv_list loads, mailboxes, disks, configs, solutions;   /* mailboxes, disks: positive */
    ps_js_options js;
} trend_opts;

/* LABEL=NUMBER (numeric) or LABEL=TEXT (text != 0). */
/* text: 1 = LABEL=VALUE, 0 = LABEL=NUMBER, 2 = LABEL=N with N a positive count. */
static int add_kv(ps_cli *cli, kv_list *l, const char *arg, const char *opt, int text)
{
    const char *eq = strrchr(arg, '=');
    double v = NAN;
    if (!eq || eq == arg || !eq[1] || (text != 1 && ps_parse_double(eq + 1, strlen(eq + 1), &v) != 0))
        return ps_cli_usage(cli, "%s expects LABEL=%s, got '%s'", opt, text == 1 ? "VALUE" : "NUMBER", arg);
    if (text == 2 && !(v > 0 && isfinite(v)))
        return ps_cli_usage(cli, "%s %s: expected a positive number, got '%s'", opt, arg, eq + 1);
    l->a = ps_xrealloc(l->a, (l->n + 1) * sizeof *l->a);
    l->a[l->n] = (kv){ps_xstrndup(arg, (size_t)(eq - arg)), v, eq + 1};
    l->n++;
    return PS_OK;
}

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

static int parse_args(int argc, char **argv, ps_cli *cli, trend_opts *o, char ***runs, size_t *nruns)
{
    enum { O_DB = 300, O_WHERE };
    enum { O_TABLE = 256, O_BASE, O_LOAD, O_LOADNAME, O_MBX, O_DISKS, O_FORMAT, O_LENIENT, O_CONFIG, O_SOL,
           O_CHART, O_METRIC, O_DUMP, O_ENCODING };
    static const struct option longs[] = {
        {"table", required_argument, 0, O_TABLE}, {"baseline", required_argument, 0, O_BASE},
        {"load", required_argument, 0, O_LOAD}, {"load-name", required_argument, 0, O_LOADNAME},
        {"mailboxes", required_argument, 0, O_MBX}, {"disks", required_argument, 0, O_DISKS},
        {"config", required_argument, 0, O_CONFIG}, {"solution", required_argument, 0, O_SOL},
        {"chart", required_argument, 0, O_CHART}, {"metric", required_argument, 0, O_METRIC},
        {"dump-layout", no_argument, 0, O_DUMP}, {"db", required_argument, 0, O_DB},
        {"where", required_argument, 0, O_WHERE}, {"encoding", required_argument, 0, O_ENCODING},
        {"format", required_argument, 0, O_FORMAT}, {"lenient", no_argument, 0, O_LENIENT},
        {"begin", required_argument, 0, 'b'}, {"end", required_argument, 0, 'e'},
        {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    int c, rc = PS_OK;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "o:b:e:qh", longs, NULL)) != -1) {
        switch (c) {
        case 'o': {
            enum ps_format f = ps_format_from_path(optarg);
            if (f != PS_FMT_TEXT && f != PS_FMT_JSON && f != PS_FMT_HTML && f != PS_FMT_PDF && f != PS_FMT_SVG &&
                f != PS_FMT_PNG)
                return ps_cli_usage(cli, "-o %s: trend writes %s", optarg, output_exts);
            for (size_t i = 0; i < o->nout; i++)
                if (strcmp(o->outputs[i], optarg) == 0)
                    return ps_cli_usage(cli, "-o %s given twice", optarg);
            o->outputs = ps_xrealloc(o->outputs, (o->nout + 1) * sizeof *o->outputs);
            o->outputs[o->nout++] = optarg;
            break;
        }
        case 'b':
        case 'e': {
            ps_time t;
            if (ps_time_parse_user(optarg, &t, NULL) != 0)
                return ps_cli_usage(cli, "cannot parse time '%s'", optarg);
            if (c == 'b')
                o->js.has_begin = 1, o->js.begin = t;
            else
                o->js.has_end = 1, o->js.end = t;
            break;
        }
        case 'q': cli->quiet = 1; break;
        case 'h': return (rc = ps_cli_help(cli, &ps_doc_trend)) ? rc : -1;
        case O_TABLE: o->table = optarg; break;
        case O_BASE: o->baseline = optarg; break;
        case O_LOADNAME: o->load_name = optarg; break;
        case O_METRIC: o->metric = optarg; break;
        case O_DUMP: o->dump = 1; break;
        case O_DB: o->db = optarg; break;
        case O_WHERE:
            if (!strchr(optarg, '=') || optarg[0] == '=')
                return ps_cli_usage(cli, "--where expects KEY=VALUE, got '%s'", optarg);
            o->where = ps_xrealloc(o->where, (o->nwhere + 1) * sizeof *o->where);
            o->where[o->nwhere++] = optarg;
            break;
        case O_LENIENT: o->js.lenient = 1; break;
        case O_ENCODING: rc = ps_cli_encoding(cli, optarg, &o->js.encoding); break;
        case O_LOAD: rc = add_kv(cli, &o->loads, optarg, "--load", 0); break;
        case O_MBX: rc = add_kv(cli, &o->mailboxes, optarg, "--mailboxes", 2); break;
        case O_DISKS: rc = add_kv(cli, &o->disks, optarg, "--disks", 2); break;
        case O_CONFIG: rc = add_kv(cli, &o->configs, optarg, "--config", 1); break;
        case O_SOL: rc = add_kv(cli, &o->solutions, optarg, "--solution", 1); break;
        case O_CHART:
            o->chart_given = 1;
            if ((o->chart = ps_trend_chart_parse(optarg)) < 0)
                return ps_cli_usage(cli, "--chart must be bars, load or overlay, got '%s'", optarg);
            break;
        case O_FORMAT:
            o->fmt = ps_format_parse(optarg);
            if (o->fmt != PS_FMT_TEXT && o->fmt != PS_FMT_JSON && o->fmt != PS_FMT_HTML)
                return ps_cli_usage(cli, "--format must be text, json or html");
            break;
        default:
            return ps_cli_usage(cli, "unknown or incomplete option '%s'", argv[optind - 1]);
        }
        if (rc)
            return rc;
    }
    *runs = argv + optind;
    *nruns = (size_t)(argc - optind);
    if (o->nwhere && !o->db)
        return ps_cli_usage(cli, "--where needs --db");
    if (o->db)   /* stored labels, not LABEL=PATH */
        return *nruns || o->nwhere || o->table ? PS_OK : ps_cli_usage(cli, "--db needs LABEL... or --where KEY=VALUE");
    for (size_t i = 0; i < *nruns; i++) {
        const char *eq = strchr((*runs)[i], '=');
        if (!eq || eq == (*runs)[i] || !eq[1])
            return ps_cli_usage(cli, "expected LABEL=PATH, got '%s'", (*runs)[i]);
    }
    if (!*nruns && !o->table)
        return ps_cli_usage(cli, "nothing to compare: give LABEL=PATH arguments or --table FILE");
    return PS_OK;
}

/* Time series cost memory per sample: keep them only for an output that shows the overlay
 * (HTML, PDF, the overlay chart, layout dumps). */
static int needs_series(const trend_opts *o)
{
    int need = o->dump || o->fmt == PS_FMT_HTML;
    for (size_t i = 0; i < o->nout; i++) {
        enum ps_format f = ps_format_from_path(o->outputs[i]);
        need |= f == PS_FMT_HTML || f == PS_FMT_PDF ||
                ((f == PS_FMT_SVG || f == PS_FMT_PNG) && o->chart == PS_TREND_CHART_OVERLAY);
    }
    return need;
}

/* One output into a buffer: the SVG chart from the chart engine, every other format from the
 * trend's renderer table (ps_trend_render). */
static int render_one(ps_cli *cli, const ps_trend *t, const trend_opts *o, enum ps_format f, ps_buf *b)
{
    if (f == PS_FMT_SVG) {   /* one chart, from the chart engine */
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
    ps_outfile **of = ps_xcalloc(o->nout + 1, sizeof *of);
    int rc = PS_OK;
    for (size_t i = 0; i < o->nout && !rc; i++) {
        enum ps_format f = ps_format_from_path(o->outputs[i]);
        rc = ps_outfile_open(o->outputs[i], inputs, ninputs, &of[i], &cli->err);
        if (rc || f == PS_FMT_PNG)
            continue;
        ps_buf b = {0};
        rc = render_one(cli, t, o, f, &b);
        if (!rc && b.len && fwrite(b.data, 1, b.len, ps_outfile_fp(of[i])) != b.len)
            rc = PS_EIO;   /* ps_outfile_fail below names the file and the reason */
        ps_buf_fini(&b);
    }
    ps_trend_chart png = {0};
    int want_png = 0;
    for (size_t i = 0; i < o->nout; i++)
        want_png |= ps_format_from_path(o->outputs[i]) == PS_FMT_PNG;
    if (!rc && want_png) {   /* a bad chart must fail before anything is committed */
        rc = ps_trend_chart_build(t, (enum ps_trend_chart_kind)o->chart, o->metric, &png, &cli->err);
        ps_chart_layout l;
        if (!rc) {
            rc = ps_chart_layout_compute(&png.spec, &l, &cli->err);
            ps_chart_layout_fini(&l);
        }
    }
    for (size_t i = 0; i < o->nout; i++) {
        if (!of[i])
            continue;
        if (ps_format_from_path(o->outputs[i]) == PS_FMT_PNG)
            ps_outfile_abort(of[i]);
        else if (rc)
            rc = ps_outfile_fail(of[i], rc, &cli->err);   /* "FILE: write error: REASON" */
        else
            rc = ps_outfile_commit(of[i], &cli->err);
    }
    for (size_t i = 0; i < o->nout && !rc; i++)
        if (ps_format_from_path(o->outputs[i]) == PS_FMT_PNG)
            rc = ps_chart_render_png(&png.spec, o->outputs[i], &cli->err);
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
    ps_solution_number(sol, "document", "mailboxes", mailboxes);   /* validated by ps_solution_read */
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
    if (!run->nservers) {   /* a column of n/a compares nothing: refuse the run */
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
        if (o->js.keep_series)   /* stored runs hold series; show them only where raw runs would */
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
static int load_stored(ps_cli *cli, ps_trend *t, const trend_opts *o, char **labels, size_t n)
{
    char **found = NULL;
    size_t nfound = 0;
    int rc = PS_OK;
    if (!n && (rc = ps_cli_store_labels(cli, o->db, o->where, o->nwhere, &found, &nfound)) != PS_OK)
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
    o.fmt = PS_FMT_TEXT;
    char **runs = NULL;
    size_t nruns = 0;
    ps_trend t;
    memset(&t, 0, sizeof t);
    const char **inputs = NULL;
    int rc = parse_args(argc, argv, cli, &o, &runs, &nruns);
    if (rc == -1) {
        rc = PS_OK;
        goto out;
    }
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
        ps_trend_dump_layouts(&t, o.chart_given ? o.chart : -1, o.metric, &b);
        rc = ps_cli_write(cli, NULL, &b, NULL, 0);
        ps_buf_fini(&b);
    } else if (!o.nout) {
        ps_buf b = {0};
        rc = render_one(cli, &t, &o, o.fmt, &b);
        if (!rc)
            rc = ps_cli_write(cli, "-", &b, inputs, ninputs);
        ps_buf_fini(&b);
    }
    if (!rc && o.nout)
        rc = render_all(cli, &t, &o, inputs, ninputs);
out:
    free(inputs);
    ps_trend_fini(&t);
    kv_fini(&o.loads);
    kv_fini(&o.mailboxes);
    kv_fini(&o.disks);
    kv_fini(&o.configs);
    kv_fini(&o.solutions);
    free(o.outputs);
    free(o.where);
    return rc;
}
