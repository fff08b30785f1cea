/* an_charts.c - perfscribe chart: one time-series chart per counter rule (and per period of the
 * logs: an_rule_chart.c's panels), instances as series (slice averages), optionally several
 * logs overlaid on relative time; written as SVG/PNG files
 * or as an HTML/PDF document of the document toolkit. */
#include "doc_build.h"
#include "an_render_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct ps_an_charts {
    ps_chart_spec *specs;
    size_t n;
    ps_chart_series **series; /* per chart */
    ps_time **t;
    double **v;
    char **labels;
    size_t nbuf; /* every owned array */
    char *title;
    char **heads, **ranges; /* per chart, when the logs have several periods: "TITLE, period K of
                             * N" and the x axis label with the period's range (else NULL) */
};

static size_t keep_arrays(ps_an_charts *c, size_t npoints, ps_time **t, double **v)
{
    c->t = ps_xrealloc(c->t, (c->nbuf + 1) * sizeof *c->t);
    c->v = ps_xrealloc(c->v, (c->nbuf + 1) * sizeof *c->v);
    c->labels = ps_xrealloc(c->labels, (c->nbuf + 1) * sizeof *c->labels);
    c->t[c->nbuf] = *t = ps_xcalloc(npoints + 1, sizeof **t);
    c->v[c->nbuf] = *v = ps_xcalloc(npoints + 1, sizeof **v);
    c->labels[c->nbuf] = NULL;
    return c->nbuf++;
}

ps_an_charts *ps_an_charts_build(const ps_an_result *const *res, const char *const *names, size_t nres, int overlay,
                                 const char *title)
{
    ps_an_charts *c = ps_xcalloc(1, sizeof *c);
    const ps_an_ruleset *set = nres ? res[0]->rules : NULL;
    size_t nrules = set ? set->n : 0;
    /* one result on absolute time: a panel per period of its logs; overlaid logs: one panel */
    ps_an_panel panels[PS_AN_MAX_PANELS];
    size_t npanels = !overlay && nres == 1 ? ps_an_panels(res[0], panels) : 1;
    if (overlay || nres != 1)
        panels[0] = (ps_an_panel){.lo = INT64_MIN, .hi = INT64_MAX};
    c->specs = ps_xcalloc(nrules * npanels + 1, sizeof *c->specs);
    c->series = ps_xcalloc(nrules * npanels + 1, sizeof *c->series);
    c->heads = ps_xcalloc(nrules * npanels + 1, sizeof *c->heads);
    c->ranges = ps_xcalloc(nrules * npanels + 1, sizeof *c->ranges);
    c->title = ps_xstrdup(title);
    for (size_t ri = 0; ri < nrules; ri++)
        for (size_t pi = 0; pi < npanels; pi++) {
            size_t ns = 0;
            for (size_t k = 0; k < nres; k++)
                ns += res[k]->rule_series[ri];
            if (!ns)
                continue;
            ps_chart_series *cs = c->series[c->n] = ps_xcalloc(ns, sizeof *cs);
            size_t m = 0;
            for (size_t k = 0; k < nres; k++) {
                const ps_an_result *r = res[k];
                for (size_t i = 0; i < r->nseries; i++) {
                    const ps_an_series *s = &r->series[i];
                    size_t from, np = ps_an_panel_points(s, &panels[pi], &from);
                    if (s->rule != ri || s->stats.count == 0 || m >= ns || np == 0)
                        continue;
                    ps_time *t;
                    double *v;
                    size_t b = keep_arrays(c, np, &t, &v);
                    for (size_t p = 0; p < np; p++) {
                        t[p] = s->points[from + p].t - (overlay ? r->first : 0);
                        v[p] = s->points[from + p].avg;
                    }
                    char *inst = ps_an_series_label(r, s);
                    ps_buf l = {0};
                    if (overlay && names) {
                        const char *base = strrchr(names[k], '/');
                        ps_buf_printf(&l, "%s: ", base ? base + 1 : names[k]);
                    }
                    ps_buf_puts(&l, inst);
                    free(inst);
                    c->labels[b] = ps_buf_steal(&l);
                    cs[m++] = (ps_chart_series){.label = c->labels[b], .role = -1, .n = np, .v = v, .t = t};
                }
            }
            if (m == 0) {
                free(cs);
                continue;
            }
            const ps_an_rule *rule = &set->rules[ri];
            const char *head = rule->title, *x_label = overlay ? "elapsed time since each log's first sample (h:mm)"
                                                               : "time (UTC)";
            if (npanels > 1) { /* the period named: "TITLE, period K of N", its range on the axis */
                char t1[40], t2[40];
                ps_an_panel_texts(res[0], rule->title, &panels[pi], &c->heads[c->n], NULL);
                ps_buf xl = {0};
                ps_buf_printf(&xl, "time (UTC), %s to %s", ps_an_fmt_time(t1, sizeof t1, panels[pi].first),
                              ps_an_fmt_time(t2, sizeof t2, panels[pi].last));
                c->ranges[c->n] = ps_buf_steal(&xl);
                head = c->heads[c->n], x_label = c->ranges[c->n];
            }
            c->specs[c->n++] = (ps_chart_spec){
                .kind = PS_CHART_TIME,
                .title = c->title ? c->title : head,
                .subtitle = c->title ? head : NULL,
                .x_label = x_label,
                .y = {.label = rule->title, .unit = rule->unit},
                .series = cs,
                .nseries = m,
                .width = 640,
                .height = 360};
        }
    return c;
}

size_t ps_an_charts_count(const ps_an_charts *c)
{
    return c->n;
}

const ps_chart_spec *ps_an_charts_spec(const ps_an_charts *c, size_t i)
{
    return i < c->n ? &c->specs[i] : NULL;
}

int ps_an_charts_render_doc(const ps_an_charts *c, ps_time date, enum ps_format fmt, ps_buf *out, ps_error *err)
{
    ps_doc_render_fn render = ps_doc_renderer(fmt);
    if (!render)
        return ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "chart: no document renderer for this format");
    ps_doc *d = ps_xcalloc(1, sizeof *d);
    d->esrp = 4;
    d->date = date;
    d->vendor = ps_xstrdup("perfscribe chart");
    d->author = ps_xstrdup("perfscribe " PS_VERSION);
    d->title = ps_xstrdup(c->title ? c->title : "Counter charts");
    d->subtitle = ps_xstrdup("Slice averages of every instance");
    char dt[40];
    d->date_text = ps_xstrdup(ps_an_fmt_time(dt, sizeof dt, date));
    for (size_t i = 0; i < c->n; i++) {
        doc_heading(d, 1, 0, "%s", c->specs[i].subtitle ? c->specs[i].subtitle : c->specs[i].title);
        doc_block *b = doc_add(d, DOC_CHART, NULL);
        b->chart = ps_xcalloc(1, sizeof *b->chart);
        b->chart->kind = DOC_CHART_SPEC;
        ps_buf id = {0};
        ps_buf_printf(&id, "chart.%zu", i + 1);
        b->chart->id = ps_buf_steal(&id);
        b->chart->threshold = NAN;
        b->chart->spec = &c->specs[i];
    }
    int rc = ps_an_doc_to_buf(d, render, out, err);
    ps_doc_free(d);
    return rc;
}

void ps_an_charts_free(ps_an_charts *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < c->nbuf; i++) {
        free(c->t[i]);
        free(c->v[i]);
        free(c->labels[i]);
    }
    for (size_t i = 0; i < c->n; i++) {
        free(c->series[i]);
        free(c->heads[i]);
        free(c->ranges[i]);
    }
    free(c->heads);
    free(c->ranges);
    free(c->series);
    free(c->specs);
    free(c->t);
    free(c->v);
    free(c->labels);
    free(c->title);
    free(c);
}
