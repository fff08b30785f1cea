/* cmd_chart.c - 'perfscribe chart': charts of any counters of PerfMon logs.
 * The counters matched by -c become chart-only rules of the analysis engine (one per object and
 * counter), so the logs are streamed once with memory flat in samples; slices are the points. */
#include "cli.h"
#include "cmd_analyze.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CHART_AUTO_POINTS 600   /* finest slices kept per series without --bucket */

static const ps_opt_doc chart_opts_doc[] = {
    {"-c", NULL, "PATTERN", PS_VAL_TEXT, NULL, PS_OPT_REPEAT,
     "counter path pattern, relog style, '*' wildcards (repeatable, required); localized names match "
     "under their English names too"},
    {"-o", NULL, "FILE", PS_VAL_OUTPUT, "svg png pdf html", 0, "output; the format comes from the extension"},
    {NULL, "--bucket", "SECONDS", PS_VAL_TEXT, NULL, 0, "average over buckets of this width"},
    {NULL, "--overlay", NULL, PS_VAL_NONE, NULL, 0, "one series per log and instance on relative time (compare runs)"},
    {NULL, "--title", "TEXT", PS_VAL_TEXT, NULL, 0, "chart title (default: the counter)"},
    {"-b", NULL, "TIME", PS_VAL_TEXT, NULL, 0, "first sample to use (TIME as in perfscribe summary)"},
    {"-e", NULL, "TIME", PS_VAL_TEXT, NULL, 0, "last sample to use (inclusive)"},
    PS_CLI_ENCODING_OPT,
    {"-q", NULL, NULL, PS_VAL_NONE, NULL, 0, "no progress bar"},
};

const ps_cmd_doc ps_doc_chart = {
    .name = "chart",
    .section = 1,
    .summary = "charts of any counters of PerfMon logs (SVG, PNG, PDF, HTML)",
    .synopsis = "LOG... -c PATTERN... -o FILE.svg|.png|.pdf|.html [OPTIONS]",
    .description =
        "Time-series charts of any counters: one chart per counter (object and counter name), every "
        "instance a series. Logs of several machines are merged by time; values are averaged over "
        "time buckets (automatic: at most 600 points per series, widths round on the clock). SVG and "
        "PNG hold one chart: with several counters FILE-2.svg, FILE-3.svg, ... follow.",
    .opts = chart_opts_doc,
    .nopts = PS_DOC_N(chart_opts_doc),
    .operands = PS_VAL_FILE,
    .operand_values = "csv tsv blg",
    .exit_status = "0 ok, 1 no counter matched, 2 usage, 3 bad input, 4 I/O error",
    .see_also = "perfscribe-analyze(1), perfscribe-convert(1)",
};

typedef struct chart_opts {
    ps_cli_an an;            /* files, window, out */
    const char **patterns; size_t npatterns;
    const char *title;
    int overlay;
} chart_opts;

static int parse(int argc, char **argv, ps_cli *cli, chart_opts *o, int *done)
{
    /* analyze's parser handles LOG, -b/-e, -o, -q; chart's own options are taken out first */
    char **rest = ps_xcalloc((size_t)argc + 1, sizeof *rest);
    int n = 0;
    o->patterns = ps_xcalloc((size_t)argc + 1, sizeof *o->patterns);
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        int has_value = i + 1 < argc;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            *done = 1;
            free(rest);
            return ps_cli_help(cli, &ps_doc_chart);
        } else if (strcmp(a, "-c") == 0 && has_value) {
            o->patterns[o->npatterns++] = argv[++i];
        } else if (strcmp(a, "--title") == 0 && has_value) {
            o->title = argv[++i];
        } else if (strcmp(a, "--overlay") == 0) {
            o->overlay = 1;
        } else if (strcmp(a, "--bucket") == 0 && has_value) {
            rest[n++] = "--interval";
            rest[n++] = argv[++i];
        } else if (strcmp(a, "--rules") == 0 || strcmp(a, "--fail-on") == 0 || strcmp(a, "--format") == 0 ||
                   strcmp(a, "--interval") == 0) {
            free(rest);
            return ps_cli_usage(cli, "unknown option '%s'", a);
        } else {
            rest[n++] = argv[i];
        }
    }
    int rc = ps_cli_an_parse(n, rest, cli, &o->an, done);
    free(rest);
    if (rc || *done)
        return rc;
    if (o->npatterns == 0)
        return ps_cli_usage(cli, "no -c PATTERN");
    if (!o->an.out || strcmp(o->an.out, "-") == 0)
        return ps_cli_usage(cli, "chart needs -o FILE.svg, .png, .pdf or .html");
    enum ps_format f = ps_format_from_path(o->an.out);
    if (f != PS_FMT_SVG && f != PS_FMT_PNG && f != PS_FMT_PDF && f != PS_FMT_HTML)
        return ps_cli_usage(cli, "-o %s: use a .svg, .png, .pdf or .html file", o->an.out);
    o->an.fmt = f;
    return PS_OK;
}

/* "\\machine\object(instance)\counter" of the English parts (the engine matches those). */
static char *english_path(const ps_counter_path *en)
{
    ps_buf b = {0};
    char *inst = ps_path_instance_text(en);
    if (en->machine)
        ps_buf_printf(&b, "\\\\%s", en->machine);
    ps_buf_printf(&b, "\\%s", en->object);
    if (inst)
        ps_buf_printf(&b, "(%s)", inst);
    ps_buf_printf(&b, "\\%s", en->counter ? en->counter : "");
    free(inst);
    return ps_buf_steal(&b);
}

/* One chart-only rule per distinct English object\counter matched by a pattern in any log;
 * the rule's counters are the exact paths of the matched columns. */
static int make_rules(ps_cli *cli, chart_opts *o)
{
    ps_filter *pat = ps_filter_new();
    int rc = PS_OK;
    for (size_t i = 0; i < o->npatterns && !rc; i++)
        rc = ps_filter_add(pat, o->patterns[i], &cli->err);
    for (size_t f = 0; f < o->an.nfiles && !rc; f++) {
        ps_log_options lo = {.warnings = NULL, .encoding = o->an.encoding};
        ps_log *log;
        if ((rc = ps_log_open(o->an.files[f], &lo, &log, &cli->err)))
            break;
        const ps_log_info *info = ps_log_info_get(log);
        for (size_t c = 0; c < info->ncounters && !rc; c++) {
            const ps_counter_path *p = &info->counters[c];
            ps_counter_path en;
            ps_an_path_english(p, &en);
            if ((ps_filter_match(pat, p) || ps_filter_match(pat, &en)) && !strchr(p->full, '*')) {
                char key[1024];
                snprintf(key, sizeof key, "%s\\%s", en.object, en.counter ? en.counter : "");
                ps_an_rule *r = NULL;
                for (size_t k = 0; k < o->an.set.n && !r; k++)
                    if (strcmp(o->an.set.rules[k].title, key) == 0)
                        r = &o->an.set.rules[k];
                if (!r) {
                    r = ps_an_rule_add(&o->an.set);
                    char id[32];
                    snprintf(id, sizeof id, "chart-%zu", o->an.set.n);
                    r->id = ps_xstrdup(id);
                    r->title = ps_xstrdup(key);
                    r->chart_only = 1;
                    r->include = ps_xcalloc(1, sizeof *r->include);
                    r->include[r->ninclude++] = ps_xstrdup("*");
                }
                r->counters = ps_xrealloc(r->counters, (r->ncounters + 1) * sizeof *r->counters);
                r->counters[r->ncounters++] = english_path(&en);
            }
            ps_path_fini(&en);
        }
        ps_log_close(log);
    }
    ps_filter_free(pat);
    for (size_t k = 0; k < o->an.set.n && !rc; k++)
        rc = ps_an_rule_finish(&o->an.set, &o->an.set.rules[k], &cli->err);
    return rc;
}

/* FILE.svg, FILE-2.svg, ... */
static char *nth_path(const char *out, size_t i)
{
    if (i == 0)
        return ps_xstrdup(out);
    const char *dot = strrchr(out, '.');
    ps_buf b = {0};
    ps_buf_printf(&b, "%.*s-%zu%s", (int)(dot - out), out, i + 1, dot);
    return ps_buf_steal(&b);
}

static int write_charts(ps_cli *cli, chart_opts *o, const ps_an_result *const *res, size_t nres)
{
    ps_an_charts *c = ps_an_charts_build(res, o->an.files, nres, o->overlay, o->title);
    int rc = PS_OK;
    if (ps_an_charts_count(c) == 0) {
        rc = ps_error_set(&cli->err, PS_EFAIL, NULL, 0, 0, "no value of a matched counter in the logs");
    } else if (o->an.fmt == PS_FMT_SVG || o->an.fmt == PS_FMT_PNG) {
        for (size_t i = 0; i < ps_an_charts_count(c) && !rc; i++) {
            char *path = nth_path(o->an.out, i);
            rc = o->an.fmt == PS_FMT_SVG ? ps_chart_render_svg(ps_an_charts_spec(c, i), path, &cli->err)
                                         : ps_chart_render_png(ps_an_charts_spec(c, i), path, &cli->err);
            free(path);
        }
    } else {
        ps_time date;
        ps_buf out = {0};
        rc = ps_cli_doc_date(cli, &date);
        if (!rc)
            rc = ps_an_charts_render_doc(c, date, o->an.fmt, &out, &cli->err);
        if (!rc)
            rc = ps_cli_write(cli, o->an.out, &out, o->an.files, o->an.nfiles);
        ps_buf_fini(&out);
    }
    ps_an_charts_free(c);
    return rc;
}

int ps_cmd_chart(int argc, char **argv, ps_cli *cli)
{
    chart_opts o = {0};
    int done = 0, rc = parse(argc, argv, cli, &o, &done);
    if (!rc && !done)
        rc = make_rules(cli, &o);
    if (!rc && !done && o.an.set.n == 0)
        rc = ps_error_set(&cli->err, PS_EFAIL, NULL, 0, 0, "no counter of the logs matches the -c patterns");
    if (!rc && !done) {
        size_t nres = o.overlay ? o.an.nfiles : 1;
        ps_analysis **a = ps_xcalloc(nres, sizeof *a);
        const ps_an_result **res = ps_xcalloc(nres, sizeof *res);
        o.an.an.max_fine = o.an.an.interval_ms ? 0 : CHART_AUTO_POINTS;
        for (size_t k = 0; k < nres && !rc; k++) {
            a[k] = ps_an_new(&o.an.set, &o.an.an);
            ps_cli_an one = o.an;
            if (o.overlay) {
                one.files = &o.an.files[k];
                one.nfiles = 1;
            }
            rc = ps_cli_an_run(cli, &one, a[k]);
            res[k] = ps_an_finish(a[k]);
        }
        if (!rc)
            rc = write_charts(cli, &o, res, nres);
        for (size_t k = 0; k < nres; k++)
            ps_an_free(a[k]);
        free(a);
        free(res);
    }
    ps_cli_an_fini(&o.an);
    free(o.patterns);
    return rc;
}
