/* cmd_chart.c - 'perfscribe chart': charts of any counters of PerfMon logs.
 * The counters matched by -c become chart-only rules of the analysis engine (one per object and
 * counter), so the logs are streamed once with memory flat in samples; slices are the points. */
#include "cli.h"
#include "cmd_analyze.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define CHART_AUTO_POINTS 600 /* finest slices kept per series without --bucket */

typedef struct chart_opts {
    ps_cli_an an; /* files, window (an.logs), outputs (an.outs), --bucket */
    ps_cli_filter filter; /* -c, -cf */
    const char *title;
    int overlay;
} chart_opts;

/* --bucket: analyze's --interval under chart's name (the message names the option given) */
static int set_bucket(ps_cli *cli, void *field, const char *v)
{
    if (ps_cli_an_interval(cli, field, v) == PS_OK)
        return PS_OK;
    return ps_cli_usage(cli, "--bucket: expected auto or a number of seconds from 1 to 31622400, got '%s'", v);
}

static const ps_opt_doc chart_opts_doc[] = {
    PS_CLI_FILTER_OPTS(chart_opts, filter),
    PS_CLI_OUTPUT_OPT(chart_opts, an.outs, "svg png pdf html",
                      "output; the format comes from the extension (repeat for several formats)"),
    {NULL, "--bucket", "SECONDS", PS_VAL_TEXT, NULL, 0, "average over buckets of this width", .kind = PS_ARG_CALL,
     .at = offsetof(chart_opts, an.an.interval_ms), .set = set_bucket},
    {NULL, "--overlay", NULL, PS_VAL_NONE, NULL, 0, "one series per log and instance on relative time (compare runs)",
     .kind = PS_ARG_FLAG, .at = offsetof(chart_opts, overlay)},
    {NULL, "--title", "TEXT", PS_VAL_TEXT, NULL, 0, "chart title (default: the counter)", .kind = PS_ARG_STR,
     .at = offsetof(chart_opts, title)},
};

const ps_cmd_doc ps_doc_chart = {
    .name = "chart",
    .section = 1,
    .summary = "charts of any counters of PerfMon logs (SVG, PNG, PDF, HTML)",
    .synopsis = "LOG... -c PATH... -o FILE.svg|.png|.pdf|.html [OPTIONS]",
    .description = "Time-series charts of any counters: one chart per counter (object and counter name), every "
                   "instance a series. Logs of several machines are merged by time; values are averaged over "
                   "time buckets (automatic: at most 600 points per series, widths round on the clock). SVG and "
                   "PNG hold one chart: with several counters each goes to FILE-OBJECT-COUNTER.svg (the names "
                   "in lower case, other characters as '-'). Every file written is printed.",
    .opts = chart_opts_doc,
    .nopts = PS_DOC_N(chart_opts_doc),
    .shared = &ps_cli_log_opts,
    .shared_at = offsetof(chart_opts, an.logs),
    .operands = PS_VAL_FILE,
    .operand_values = "csv tsv blg",
    .exit_status = "0 ok, 1 no counter matched, 2 usage, 3 bad input, 4 I/O error",
    .see_also = "perfscribe-analyze(1), perfscribe-convert(1)",
};

static const enum ps_format chart_formats[] = {PS_FMT_SVG, PS_FMT_PNG, PS_FMT_PDF, PS_FMT_HTML, PS_FMT_NONE};

static int parse(int argc, char **argv, ps_cli *cli, chart_opts *o, ps_cli_out **outs, size_t *nouts)
{
    int rc = ps_cli_parse(cli, &ps_doc_chart, argc, argv, o, &o->an.files);
    if (!rc)
        rc = ps_cli_an_finish(cli, &o->an);
    if (rc)
        return rc;
    if (o->filter.patterns.n + o->filter.files.n == 0)
        return ps_cli_usage(cli, "no -c PATH or -cf FILE");
    for (size_t i = 0; i < o->an.outs.n; i++) {
        if (strcmp(o->an.outs.v[i], "-") == 0)
            return ps_cli_usage(cli, "chart needs -o FILE.svg, .png, .pdf or .html");
        enum ps_format f = ps_format_from_path(o->an.outs.v[i]);
        if (f != PS_FMT_SVG && f != PS_FMT_PNG && f != PS_FMT_PDF && f != PS_FMT_HTML)
            return ps_cli_usage(cli, "-o %s: use a .svg, .png, .pdf or .html file", o->an.outs.v[i]);
    }
    if (!o->an.outs.n)
        return ps_cli_usage(cli, "chart needs -o FILE.svg, .png, .pdf or .html");
    return ps_cli_outputs(cli, &o->an.outs, PS_FMT_NONE, chart_formats, PS_FMT_SVG, outs, nouts);
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
    int rc;
    ps_filter *pat = ps_cli_filter_build(cli, &o->filter, &rc);
    for (size_t f = 0; f < o->an.files.n && !rc; f++) {
        ps_log_options lo = {.warnings = NULL, .encoding = o->an.logs.encoding};
        ps_log *log;
        if ((rc = ps_log_open(o->an.files.v[f], &lo, &log, &cli->err)))
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

/* The file of chart i of n: out itself for one chart, else out with "-" and the chart's counter
 * before the extension ("c.svg" -> "c-processor-processor-time.svg"): letters and digits in
 * lower case, every other run of characters one '-'; a name already used gets "-2", "-3". */
static char *chart_path(const char *out, const ps_chart_spec *spec, size_t n, char *const *done, size_t ndone)
{
    if (n == 1)
        return ps_xstrdup(out);
    const char *dot = strrchr(out, '.'), *name = spec->subtitle ? spec->subtitle : spec->title;
    ps_buf slug = {0};
    for (const char *p = name ? name : ""; *p; p++) {
        unsigned char ch = (unsigned char)*p;
        if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || (ch >= 'A' && ch <= 'Z'))
            ps_buf_printf(&slug, "%c", ch >= 'A' && ch <= 'Z' ? ch + 32 : ch);
        else if (slug.len && slug.data[slug.len - 1] != '-')
            ps_buf_puts(&slug, "-");
    }
    while (slug.len && slug.data[slug.len - 1] == '-')
        slug.data[--slug.len] = 0;
    for (int k = 1;; k++) {
        ps_buf b = {0};
        ps_buf_printf(&b, "%.*s-%s", (int)(dot - out), out, slug.len ? slug.data : "chart");
        if (k > 1)
            ps_buf_printf(&b, "-%d", k);
        ps_buf_puts(&b, dot);
        int used = 0;
        for (size_t i = 0; i < ndone && !used; i++)
            used = strcmp(done[i], b.data) == 0;
        if (!used) {
            ps_buf_fini(&slug);
            return ps_buf_steal(&b);
        }
        ps_buf_fini(&b);
    }
}

/* The files of one -o: SVG and PNG one file per chart, HTML and PDF one document of all charts
 * (*n files, owned). */
static char **out_paths(const ps_an_charts *c, const ps_cli_out *out, size_t *n)
{
    int per_chart = out->fmt == PS_FMT_SVG || out->fmt == PS_FMT_PNG;
    *n = per_chart ? ps_an_charts_count(c) : 1;
    char **paths = ps_xcalloc(*n, sizeof *paths);
    for (size_t i = 0; i < *n; i++)
        paths[i] = per_chart ? chart_path(out->path, ps_an_charts_spec(c, i), *n, paths, i) : ps_xstrdup(out->path);
    return paths;
}

static void free_paths(char **paths, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(paths[i]);
    free(paths);
}

/* Every file of every -o opened (and discarded) before any is written: an input, a folder, a
 * file named twice or a folder that cannot be written to refuses the command with nothing
 * written. Standard output and existing devices or FIFOs are not opened here. */
static int outputs_check(ps_cli *cli, chart_opts *o, const ps_an_charts *c, const ps_cli_out *outs, size_t nouts)
{
    ps_outfile **open = NULL;
    size_t nopen = 0;
    int rc = PS_OK;
    for (size_t k = 0; k < nouts && !rc; k++) {
        size_t n;
        char **paths = out_paths(c, &outs[k], &n);
        for (size_t i = 0; i < n && !rc; i++) {
            struct stat st;
            if (!paths[i] || strcmp(paths[i], "-") == 0 ||
                (stat(paths[i], &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)))
                continue;
            open = ps_xrealloc(open, (nopen + 1) * sizeof *open);
            rc = ps_outfile_open(paths[i], (const char *const *)o->an.files.v, o->an.files.n, &open[nopen], &cli->err);
            nopen += !rc;
        }
        free_paths(paths, n);
    }
    for (size_t i = 0; i < nopen; i++)
        ps_outfile_abort(open[i]);
    free(open);
    return rc;
}

/* One -o file: SVG and PNG one file per chart, HTML and PDF one document of all charts. */
static int write_one(ps_cli *cli, chart_opts *o, const ps_an_charts *c, const ps_cli_out *out)
{
    int rc = PS_OK;
    if (out->fmt == PS_FMT_SVG || out->fmt == PS_FMT_PNG) {
        size_t n;
        char **paths = out_paths(c, out, &n);
        for (size_t i = 0; i < n && !rc; i++) {
            const ps_chart_spec *spec = ps_an_charts_spec(c, i);
            rc = out->fmt == PS_FMT_SVG ? ps_chart_render_svg(spec, paths[i], &cli->err)
                                        : ps_chart_render_png(spec, paths[i], &cli->err);
            if (rc == PS_EUSAGE && !cli->err.file[0]) { /* the layout's "no room": which file, and a way out */
                char why[sizeof cli->err.msg];
                snprintf(why, sizeof why, "%s", cli->err.msg);
                rc = ps_error_set(&cli->err, PS_EUSAGE, paths[i], 0, 0,
                                  "%s (%zu series in one chart): -o FILE.pdf or FILE.html gives the legend the room "
                                  "it needs, or choose fewer counters or instances with -c",
                                  why, spec->nseries);
            }
            if (!rc)
                ps_cli_wrote(cli, paths[i]);
        }
        free_paths(paths, n);
        return rc;
    }
    ps_time date;
    ps_buf buf = {0};
    rc = ps_cli_doc_date(cli, &date);
    if (!rc)
        rc = ps_an_charts_render_doc(c, date, out->fmt, &buf, &cli->err);
    if (!rc)
        rc = ps_cli_write(cli, out->path, &buf, o->an.files.v, o->an.files.n);
    ps_buf_fini(&buf);
    return rc;
}

static int write_charts(ps_cli *cli, chart_opts *o, const ps_an_result *const *res, size_t nres, const ps_cli_out *outs,
                        size_t nouts)
{
    ps_an_charts *c = ps_an_charts_build(res, o->an.files.v, nres, o->overlay, o->title);
    int rc = PS_OK;
    if (ps_an_charts_count(c) == 0)
        rc = ps_error_set(&cli->err, PS_EFAIL, NULL, 0, 0, "no value of a matched counter in the logs");
    if (!rc)
        rc = outputs_check(cli, o, c, outs, nouts);
    for (size_t i = 0; i < nouts && !rc; i++)
        rc = write_one(cli, o, c, &outs[i]);
    ps_an_charts_free(c);
    return rc;
}

int ps_cmd_chart(int argc, char **argv, ps_cli *cli)
{
    chart_opts o = {0};
    ps_cli_out *outs = NULL;
    size_t nouts = 0;
    int rc = parse(argc, argv, cli, &o, &outs, &nouts);
    if (!rc)
        rc = make_rules(cli, &o);
    if (!rc && o.an.set.n == 0)
        rc = ps_error_set(&cli->err, PS_EFAIL, NULL, 0, 0, "no counter of the logs matches the -c patterns");
    if (!rc) {
        size_t nres = o.overlay ? o.an.files.n : 1;
        ps_analysis **a = ps_xcalloc(nres, sizeof *a);
        const ps_an_result **res = ps_xcalloc(nres, sizeof *res);
        o.an.an.max_fine = o.an.an.interval_ms ? 0 : CHART_AUTO_POINTS;
        for (size_t k = 0; k < nres && !rc; k++) {
            a[k] = ps_an_new(&o.an.set, &o.an.an);
            ps_cli_an one = o.an;
            if (o.overlay) {
                one.files.v = &o.an.files.v[k];
                one.files.n = 1;
            }
            rc = ps_cli_an_run(cli, &one, a[k]);
            res[k] = ps_an_finish(a[k]);
        }
        if (!rc)
            rc = write_charts(cli, &o, res, nres, outs, nouts);
        for (size_t k = 0; k < nres; k++)
            ps_an_free(a[k]);
        free(a);
        free(res);
    }
    free(outs);
    ps_an_ruleset_fini(&o.an.set);
    ps_cli_parse_free(&ps_doc_chart, &o, &o.an.files);
    return rc == PS_CLI_DONE ? PS_OK : rc;
}
