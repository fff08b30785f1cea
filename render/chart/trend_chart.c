/* trend_chart.c - chart-engine specs from a trend: IOPS bars with latency lines per label,
 * a metric against the load variable (one series per configuration), and the IOPS of several
 * runs overlaid on relative time. */
#include "ps_render.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const chart_names[] = {"bars", "load", "overlay"};

int ps_trend_chart_parse(const char *name)
{
    for (size_t i = 0; i < sizeof chart_names / sizeof chart_names[0]; i++)
        if (name && strcmp(name, chart_names[i]) == 0)
            return (int)i;
    return -1;
}

const char *ps_trend_chart_name(enum ps_trend_chart_kind kind)
{
    return (size_t)kind < sizeof chart_names / sizeof chart_names[0] ? chart_names[kind] : "?";
}

/* Metric roles in the bar+line chart: throughput bars and latency lines. */
static int is_iops_unit(const char *u)
{
    return strcasecmp(u, "IOPS") == 0;
}

static int is_latency_unit(const char *u)
{
    return strcasecmp(u, "ms") == 0 || strcasecmp(u, "msec") == 0 || strcasecmp(u, "s") == 0 ||
           strcasecmp(u, "sec") == 0;
}

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), k = strlen(tail);
    return n >= k && strcmp(s + n - k, tail) == 0;
}

/* Bars: aggregate IOPS rows (not per server "@", not per mailbox/disk). */
static int bar_metric(const ps_trend_metric *m)
{
    return is_iops_unit(m->unit) && !strchr(m->key, '@') && strncmp(m->key, "iops_per", 8) != 0;
}

/* Lines: latencies, plain forms only (the IOPS-weighted ones stay in the tables). */
static int line_metric(const ps_trend_metric *m)
{
    return is_latency_unit(m->unit) && !ends_with(m->key, "_weighted");
}

static int has_values(const ps_trend *t, size_t m)
{
    for (size_t l = 0; l < t->nlabels; l++)
        if (!isnan(ps_trend_get(t, l, m)))
            return 1;
    return 0;
}

static char *keep(ps_trend_chart *c, char *s)
{
    c->strings = ps_xrealloc(c->strings, (c->nstrings + 1) * sizeof *c->strings);
    return c->strings[c->nstrings++] = s;
}

static double *new_values(ps_trend_chart *c, size_t n)
{
    c->values = ps_xrealloc(c->values, (c->nvalues + 1) * sizeof *c->values);
    double *v = ps_xcalloc(n ? n : 1, sizeof *v);
    for (size_t i = 0; i < n; i++)
        v[i] = NAN;
    return c->values[c->nvalues++] = v;
}

static ps_chart_series *new_series(ps_trend_chart *c)
{
    c->series = ps_xrealloc(c->series, (c->spec.nseries + 1) * sizeof *c->series);
    ps_chart_series *s = &c->series[c->spec.nseries++];
    memset(s, 0, sizeof *s);
    s->role = -1;
    return s;
}

static int bars_chart(const ps_trend *t, ps_trend_chart *c, ps_error *err)
{
    ps_chart_spec *sp = &c->spec;
    const char *line_unit = NULL, *bar_unit = NULL;
    size_t nbars = 0, nlines = 0;
    for (int pass = 0; pass < 2; pass++)
        for (size_t m = 0; m < t->nmetrics; m++) {
            const ps_trend_metric *d = &t->metrics[m];
            int is_bar = bar_metric(d), is_line = !is_bar && line_metric(d);
            if ((pass == 0 ? !is_bar : !is_line) || !has_values(t, m))
                continue;
            ps_chart_series *s = new_series(c);
            s->label = d->title;
            s->n = t->nlabels;
            s->on_y2 = pass == 1;
            double *v = new_values(c, t->nlabels);
            for (size_t l = 0; l < t->nlabels; l++)
                v[l] = ps_trend_get(t, l, m);
            s->v = v;
            if (pass == 0) {
                nbars++;
                bar_unit = bar_unit ? bar_unit : d->unit;
            } else {
                nlines++;
                line_unit = line_unit ? line_unit : d->unit;
            }
        }
    if (!nbars)
        return ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "bars chart: no IOPS metric with values (unit [IOPS])");
    sp->kind = nlines ? PS_CHART_BARS_LINE : PS_CHART_BARS;
    sp->title = nlines ? "IOPS and latency per run" : "IOPS per run";
    sp->y = (ps_chart_axis){"Throughput", bar_unit};
    if (nlines)
        sp->y2 = (ps_chart_axis){"Latency", line_unit};
    sp->categories = (const char *const *)t->labels;
    sp->ncategories = t->nlabels;
    sp->value_labels = 1;
    sp->width = 640;
    sp->height = 360 + (sp->nseries > 4 ? (double)((sp->nseries - 1) / 4) * 14 : 0);
    return PS_OK;
}

/* Default metric of the load chart: total IOPS, else achieved, else the first IOPS metric. */
static long load_metric(const ps_trend *t, const char *key)
{
    static const char *const pref[] = {"total_iops", "total_iops_performed", "achieved_iops"};
    if (key) {
        for (size_t m = 0; m < t->nmetrics; m++)
            if (strcmp(t->metrics[m].key, key) == 0)
                return (long)m;
        return -1;
    }
    for (size_t k = 0; k < sizeof pref / sizeof pref[0]; k++)
        for (size_t m = 0; m < t->nmetrics; m++)
            if (strcmp(t->metrics[m].key, pref[k]) == 0 && has_values(t, m))
                return (long)m;
    for (size_t m = 0; m < t->nmetrics; m++)
        if (bar_metric(&t->metrics[m]) && has_values(t, m))
            return (long)m;
    return t->nmetrics ? 0 : -1;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static int load_chart(const ps_trend *t, const char *metric, ps_trend_chart *c, ps_error *err)
{
    long m = load_metric(t, metric);
    if (m < 0)
        return ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "load chart: no metric '%s'", metric ? metric : "");
    double *loads = ps_xcalloc(t->nlabels + 1, sizeof *loads);
    size_t nl = 0;
    for (size_t l = 0; l < t->nlabels; l++)
        if (!isnan(t->load[l]))
            loads[nl++] = t->load[l];
    qsort(loads, nl, sizeof *loads, cmp_double);
    size_t ncat = 0;
    for (size_t i = 0; i < nl; i++)
        if (!ncat || loads[i] != loads[ncat - 1])
            loads[ncat++] = loads[i];
    if (!ncat) {
        free(loads);
        return ps_error_set(err, PS_EUSAGE, NULL, 0, 0,
                            "load chart: no label has a load value (--load LABEL=N or a [load] column)");
    }
    const ps_trend_metric *d = &t->metrics[m];
    ps_chart_spec *sp = &c->spec;
    c->categories = ps_xcalloc(ncat, sizeof *c->categories);
    for (size_t k = 0; k < ncat; k++) {
        char num[64];
        c->categories[k] = keep(c, ps_xstrdup(ps_fmt_num(num, sizeof num, loads[k], 0)));
    }
    /* one series per configuration, in order of first appearance; no configuration = one series */
    for (size_t l = 0; l < t->nlabels; l++) {
        if (isnan(t->load[l]))
            continue;
        const char *cfg = t->config ? t->config[l] : NULL;
        size_t s = 0;
        while (s < sp->nseries &&
               !(cfg ? c->series[s].label && strcmp(c->series[s].label, cfg) == 0 : c->series[s].label == d->title))
            s++;
        if (s == sp->nseries) {
            ps_chart_series *ns = new_series(c);
            ns->label = cfg ? cfg : d->title;
            ns->n = ncat;
            ns->v = new_values(c, ncat);
        }
        size_t k = 0;
        while (loads[k] != t->load[l])
            k++;
        c->values[s][k] = ps_trend_get(t, l, (size_t)m); /* series s owns values[s] */
    }
    free(loads);
    sp->kind = PS_CHART_BARS;
    sp->title = keep(c, ps_xstrdup(d->title));
    ps_buf sub = {0};
    ps_buf_printf(&sub, "against %s", t->load_name ? t->load_name : "load");
    sp->subtitle = keep(c, ps_buf_steal(&sub));
    sp->x_label = t->load_name ? t->load_name : "load";
    sp->y = (ps_chart_axis){d->title, *d->unit ? d->unit : NULL};
    sp->categories = c->categories;
    sp->ncategories = ncat;
    sp->value_labels = 1;
    sp->width = 640;
    sp->height = 360;
    return PS_OK;
}

static int overlay_chart(const ps_trend *t, ps_trend_chart *c, ps_error *err)
{
    ps_chart_spec *sp = &c->spec;
    for (size_t l = 0; l < t->nlabels; l++) {
        const ps_series *s = t->iops_series ? &t->iops_series[l] : NULL;
        if (!s || !s->n)
            continue;
        ps_chart_series *cs = new_series(c);
        cs->label = t->labels[l];
        cs->n = s->n;
        cs->t = s->t;
        cs->v = s->v;
    }
    if (!sp->nseries)
        return ps_error_set(err, PS_EUSAGE, NULL, 0, 0,
                            "overlay chart: no label has a time series (only runs with counter logs have one)");
    sp->kind = PS_CHART_TIME;
    sp->title = "Transactional IOPS over the collection window";
    sp->subtitle = "runs overlaid on relative time (0 = collection start)";
    sp->x_label = "time since collection start (h:mm)";
    sp->y = (ps_chart_axis){"Transactional IOPS", "IOPS"};
    sp->y_include_zero = 1;
    sp->legend_stats = 1;
    sp->width = 640;
    sp->height = 360 + (sp->nseries > 2 ? (double)((sp->nseries - 1) / 2) * 14 : 0);
    return PS_OK;
}

int ps_trend_chart_build(const ps_trend *t, enum ps_trend_chart_kind kind, const char *metric, ps_trend_chart *out,
                         ps_error *err)
{
    memset(out, 0, sizeof *out);
    if (!t->nlabels)
        return ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "%s chart: no labels", ps_trend_chart_name(kind));
    int rc;
    switch (kind) {
    case PS_TREND_CHART_BARS: rc = bars_chart(t, out, err); break;
    case PS_TREND_CHART_LOAD: rc = load_chart(t, metric, out, err); break;
    case PS_TREND_CHART_OVERLAY: rc = overlay_chart(t, out, err); break;
    default: rc = ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "unknown trend chart %d", (int)kind);
    }
    out->spec.series = out->series;
    return rc;
}

void ps_trend_chart_fini(ps_trend_chart *c)
{
    for (size_t i = 0; i < c->nvalues; i++)
        free(c->values[i]);
    for (size_t i = 0; i < c->nstrings; i++)
        free(c->strings[i]);
    free(c->values);
    free(c->strings);
    free(c->series);
    free(c->categories);
    memset(c, 0, sizeof *c);
}

void ps_trend_dump_layouts(const ps_trend *t, int only, const char *metric, ps_buf *out)
{
    for (int k = 0; k < PS_TREND_NCHARTS; k++) {
        if (only >= 0 && k != only)
            continue;
        ps_trend_chart c;
        ps_error err = {0};
        ps_buf_printf(out, "[chart %s]\n", ps_trend_chart_name((enum ps_trend_chart_kind)k));
        int rc = ps_trend_chart_build(t, (enum ps_trend_chart_kind)k, metric, &c, &err);
        ps_chart_layout l;
        memset(&l, 0, sizeof l);
        if (!rc)
            rc = ps_chart_layout_compute(&c.spec, &l, &err);
        if (!rc)
            ps_chart_dump_layout(&l, out);
        else
            ps_buf_printf(out, "unavailable = %s\n", err.msg);
        ps_buf_putc(out, '\n');
        ps_chart_layout_fini(&l);
        ps_trend_chart_fini(&c);
    }
}
