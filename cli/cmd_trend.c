/* cmd_trend.c - 'perfscribe trend': compare runs across configurations and generations. */
#include "cli.h"

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char usage_text[] =
    "usage: perfscribe trend LABEL=PATH... [--table FILE] [options]\n"
    "\n"
    "Compares Jetstress runs (a run directory, a set of reports, or a counter log per label) in\n"
    "the order given, relative to a baseline label, as 'NN% [value unit]'.\n"
    "\n"
    "  LABEL=PATH            a run; PATH is a directory or file (repeat for several runs;\n"
    "                        the same LABEL again adds PATH to that run)\n"
    "  --table FILE          absolute figures per label from a table file (published results)\n"
    "  --baseline LABEL      baseline label (default: the first)\n"
    "  --load LABEL=VALUE    load variable of a label (users, mailboxes, threads); repeatable\n"
    "  --load-name NAME      name of the load variable (default: users)\n"
    "  --config LABEL=NAME   configuration of a label (one series per configuration in the\n"
    "                        load chart); repeatable\n"
    "  --mailboxes LABEL=N   mailboxes of a run (default: from --solution, else the sum of\n"
    "                        MailboxCount of its configs)\n"
    "  --disks LABEL=N       disks of a run, for IOPS per disk (default: from --solution)\n"
    "  --solution LABEL=FILE solution description of a run: [document] mailboxes and\n"
    "                        [hardware] disks_tested\n"
    "  --format text|json|html  standard output format (default text)\n"
    "  -o FILE               output by extension: .txt .json .html .pdf .svg .png (repeatable)\n"
    "  --chart bars|load|overlay  the chart written to .svg/.png (default bars)\n"
    "  --metric KEY          metric of the load chart (default total IOPS)\n"
    "  --dump-layout         print the charts' layouts (key = value lines) on standard output\n"
    "  -b, --begin TIME      -e, --end TIME: restrict the logs' time range\n"
    "  --lenient             skip malformed log rows instead of failing\n"
    "  -q                    no progress output\n"
    "\n"
    "The PDF date is today's (UTC), or SOURCE_DATE_EPOCH when set (reproducible output).\n";

typedef struct kv {
    char *label;
    double v;
    const char *text;   /* --config / --solution: the text after '=' */
} kv;

typedef struct kv_list { kv *a; size_t n; } kv_list;

typedef struct trend_opts {
    char **outputs; size_t nout;
    const char *baseline, *table, *load_name, *metric;
    enum ps_format fmt;
    int chart, chart_given, dump;
    kv_list loads, mailboxes, disks, configs, solutions;
    ps_js_options js;
} trend_opts;

/* LABEL=NUMBER (numeric) or LABEL=TEXT (text != 0). */
static int add_kv(ps_cli *cli, kv_list *l, const char *arg, const char *opt, int text)
{
    const char *eq = strrchr(arg, '=');
    double v = NAN;
    if (!eq || eq == arg || !eq[1] || (!text && ps_parse_double(eq + 1, strlen(eq + 1), &v) != 0))
        return ps_cli_usage(cli, "%s expects LABEL=%s, got '%s'", opt, text ? "VALUE" : "NUMBER", arg);
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

static void kv_free(kv_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->a[i].label);
    free(l->a);
}

static const char *const output_exts = ".txt .json .html .pdf .svg .png";

static int parse_args(int argc, char **argv, ps_cli *cli, trend_opts *o, char ***runs, size_t *nruns)
{
    enum { O_TABLE = 256, O_BASE, O_LOAD, O_LOADNAME, O_MBX, O_DISKS, O_FORMAT, O_LENIENT, O_CONFIG, O_SOL,
           O_CHART, O_METRIC, O_DUMP };
    static const struct option longs[] = {
        {"table", required_argument, 0, O_TABLE}, {"baseline", required_argument, 0, O_BASE},
        {"load", required_argument, 0, O_LOAD}, {"load-name", required_argument, 0, O_LOADNAME},
        {"mailboxes", required_argument, 0, O_MBX}, {"disks", required_argument, 0, O_DISKS},
        {"config", required_argument, 0, O_CONFIG}, {"solution", required_argument, 0, O_SOL},
        {"chart", required_argument, 0, O_CHART}, {"metric", required_argument, 0, O_METRIC},
        {"dump-layout", no_argument, 0, O_DUMP},
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
        case 'h': fputs(usage_text, stdout); return -1;
        case O_TABLE: o->table = optarg; break;
        case O_BASE: o->baseline = optarg; break;
        case O_LOADNAME: o->load_name = optarg; break;
        case O_METRIC: o->metric = optarg; break;
        case O_DUMP: o->dump = 1; break;
        case O_LENIENT: o->js.lenient = 1; break;
        case O_LOAD: rc = add_kv(cli, &o->loads, optarg, "--load", 0); break;
        case O_MBX: rc = add_kv(cli, &o->mailboxes, optarg, "--mailboxes", 0); break;
        case O_DISKS: rc = add_kv(cli, &o->disks, optarg, "--disks", 0); break;
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

/* One output: text, JSON, HTML, SVG into a buffer; PDF into the open file. */
static int render_one(ps_cli *cli, const ps_trend *t, const trend_opts *o, enum ps_format f, FILE *fp, ps_buf *b)
{
    switch (f) {
    case PS_FMT_JSON: ps_trend_render_json(t, b); return PS_OK;
    case PS_FMT_HTML: ps_trend_render_html(t, b); return PS_OK;
    case PS_FMT_PDF: {
        ps_time date = 0;
        int rc = ps_cli_doc_date(cli, &date);
        return rc ? rc : ps_trend_render_pdf(t, date, fp, &cli->warnings, &cli->err);
    }
    case PS_FMT_SVG: {
        ps_trend_chart c;
        int rc = ps_trend_chart_build(t, (enum ps_trend_chart_kind)o->chart, o->metric, &c, &cli->err);
        if (!rc) {
            ps_buf_puts(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
            rc = ps_chart_svg_string(&c.spec, NULL, b, &cli->err);
        }
        ps_trend_chart_free(&c);
        return rc;
    }
    default: ps_trend_render_text(t, b); return PS_OK;
    }
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
        rc = render_one(cli, t, o, f, ps_outfile_fp(of[i]), &b);
        if (!rc && b.len && fwrite(b.data, 1, b.len, ps_outfile_fp(of[i])) != b.len)
            rc = PS_EIO;   /* ps_outfile_fail below names the file and the reason */
        ps_buf_free(&b);
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
            ps_chart_layout_free(&l);
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
    ps_trend_chart_free(&png);
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
    for (size_t i = 0; i < sol->nentries; i++) {
        const ps_solution_entry *e = &sol->entries[i];
        double *dst = strcmp(e->section, "document") == 0 && strcmp(e->key, "mailboxes") == 0   ? mailboxes
                      : strcmp(e->section, "hardware") == 0 && strcmp(e->key, "disks_tested") == 0 ? disks
                                                                                                   : NULL;
        if (!dst)
            continue;
        char num[64];
        size_t w = 0;
        for (const char *p = e->value; *p && w < sizeof num - 1; p++)
            if (*p != ',')
                num[w++] = *p;
        num[w] = 0;
        if (ps_parse_double(num, w, dst) != 0 || !(*dst > 0)) {
            rc = ps_error_set(&cli->err, PS_EINPUT, path, e->line, e->col, "%s: expected a positive number, got '%s'",
                              e->key, e->value);
            break;
        }
    }
    ps_solution_free(sol);
    return rc;
}

static int load_run(ps_cli *cli, ps_trend *t, const trend_opts *o, const char *label, const char *const *paths,
                    size_t npaths)
{
    ps_js_run *run = NULL;
    int rc = ps_js_load(paths, npaths, &o->js, &run, &cli->err);
    if (rc)
        return rc;
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
        ps_buf_free(&b);
    } else if (!o.nout) {
        ps_buf b = {0};
        rc = render_one(cli, &t, &o, o.fmt, NULL, &b);
        if (!rc)
            rc = ps_cli_write(cli, "-", &b, inputs, ninputs);
        ps_buf_free(&b);
    }
    if (!rc && o.nout)
        rc = render_all(cli, &t, &o, inputs, ninputs);
out:
    free(inputs);
    ps_trend_free(&t);
    kv_free(&o.loads);
    kv_free(&o.mailboxes);
    kv_free(&o.disks);
    kv_free(&o.configs);
    kv_free(&o.solutions);
    free(o.outputs);
    return rc;
}
