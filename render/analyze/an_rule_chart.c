/* an_rule_chart.c - the charts of one rule in the analyze documents: slice averages of the worst
 * instances with the slice min-max band behind them, the warning and critical ranges shaded and
 * the limits drawn; one panel per period of the logs (small multiples), so the gap between two
 * days' logs does not take the chart.
 *
 * Panels: one per period (ps_an_result.periods, in time order); with more than
 * PS_AN_MAX_PANELS periods, the PS_AN_MAX_PANELS - 1 widest gaps between consecutive periods
 * separate the panels and the periods between them share one. A point (a fine slice, its time
 * the slice's middle) belongs to the panel whose range holds it, the boundary between two panels
 * being the middle of the gap between them. Every panel shows the same instances in the same
 * colours (picked over the whole rule), each on its own time axis, its period in the subtitle. */
#include "an_render_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define AN_CHART_MAX_SERIES 12 /* more instances: the worst ones are drawn, all are tabled */
#define AN_CHART_MAX_ENVELOPES 4 /* per-slice min-max bands: every series up to 4, else the first */
#define AN_CHART_MAX_BANDS 16
#define AN_CHART_W 480.0
#define AN_CHART_H 300.0 /* one panel */
#define AN_PANEL_H 250.0 /* each of several panels */

typedef struct an_panel_keep {
    ps_chart_spec spec;
    ps_chart_series *series;
    ps_chart_envelope env[AN_CHART_MAX_ENVELOPES];
    char *title, *subtitle; /* several panels: the period named */
} an_panel_keep;

struct ps_an_rule_charts {
    an_panel_keep *panels;
    size_t n;
    /* per drawn series (npick): its points on the logs' clock */
    size_t npick;
    ps_time **t;
    double **v, **lo, **hi; /* lo/hi: the slice minima and maxima (the envelope), or NULL */
    char **labels;
    ps_chart_band bands[AN_CHART_MAX_BANDS];
    size_t nbands;
    ps_chart_threshold thr[2];
    size_t nthr;
    char thr_label[2][64];
    char x_label[200];
};

size_t ps_an_panels(const ps_an_result *r, ps_an_panel *out)
{
    if (r->nperiods < 2) {
        out[0] = (ps_an_panel){0, r->nperiods, r->first, r->last, INT64_MIN, INT64_MAX};
        return 1;
    }
    size_t np = r->nperiods, n = np < PS_AN_MAX_PANELS ? np : PS_AN_MAX_PANELS;
    unsigned char *brk = ps_xcalloc(np, 1); /* brk[i]: a panel starts at period i */
    for (size_t k = 0; k + 1 < n; k++) {
        size_t best = 0;
        for (size_t i = 1; i < np; i++)
            if (!brk[i] && (!best || r->periods[i].first - r->periods[i - 1].last >
                                         r->periods[best].first - r->periods[best - 1].last))
                best = i;
        brk[best] = 1;
    }
    size_t m = 0;
    for (size_t i = 0; i < np; i++) {
        if (i == 0 || brk[i])
            out[m++] = (ps_an_panel){i, 0, r->periods[i].first, r->periods[i].last, INT64_MIN, INT64_MAX};
        ps_an_panel *p = &out[m - 1];
        p->np++;
        p->last = r->periods[i].last;
    }
    free(brk);
    for (size_t k = 0; k + 1 < m; k++) /* the middle of the gap between two panels */
        out[k].hi = out[k + 1].lo = out[k].last + (out[k + 1].first - out[k].last) / 2;
    return m;
}

static double series_peak(const ps_an_series *s, const ps_an_rule *r)
{
    int greater = r->op == PS_AN_GT || r->op == PS_AN_GE;
    return (double)s->worst * 1e300 + (greater ? s->stats.max : -s->stats.min) * 1e-10;
}

/* The series of rule ri drawn: the worst AN_CHART_MAX_SERIES (by severity, then peak), in table
 * order; returns their count, *pick allocated. */
static size_t pick_series(const ps_an_result *res, size_t ri, size_t **pick)
{
    const ps_an_rule *r = &res->rules->rules[ri];
    size_t *pk = *pick = ps_xcalloc(res->nseries + 1, sizeof *pk), np = 0;
    for (size_t i = 0; i < res->nseries; i++)
        if (res->series[i].rule == ri && res->series[i].stats.count)
            pk[np++] = i;
    while (np > AN_CHART_MAX_SERIES) {
        size_t best = 0;
        for (size_t j = 1; j < np; j++)
            if (series_peak(&res->series[pk[j]], r) < series_peak(&res->series[pk[best]], r))
                best = j;
        memmove(pk + best, pk + best + 1, (np - best - 1) * sizeof *pk);
        np--;
    }
    return np;
}

/* The limits drawn and shaded (limits computed per machine by PAL code: those of the first
 * series drawn, with default bands from them, as rules with fixed limits get). */
static void limits(ps_an_rule_charts *c, const ps_an_result *res, const ps_an_rule *r, const ps_an_series *first)
{
    for (size_t i = 0; i < r->nbands && c->nbands < AN_CHART_MAX_BANDS; i++)
        c->bands[c->nbands++] = (ps_chart_band){
            r->bands[i].lo, r->bands[i].hi, r->bands[i].sev == PS_AN_CRITICAL ? PS_ROLE_CRIT_BAND : PS_ROLE_WARN_BAND};
    const double lim[2] = {r->ncodes && first ? first->warning : r->warning,
                           r->ncodes && first ? first->critical : r->critical};
    if (r->ncodes && first) {
        int greater = r->op == PS_AN_GT || r->op == PS_AN_GE;
        double far = greater ? INFINITY : -INFINITY;
        if (!isnan(lim[0]) && c->nbands < AN_CHART_MAX_BANDS)
            c->bands[c->nbands++] = (ps_chart_band){fmin(lim[0], isnan(lim[1]) ? far : lim[1]),
                                                    fmax(lim[0], isnan(lim[1]) ? far : lim[1]), PS_ROLE_WARN_BAND};
        if (!isnan(lim[1]) && c->nbands < AN_CHART_MAX_BANDS)
            c->bands[c->nbands++] = (ps_chart_band){fmin(lim[1], far), fmax(lim[1], far), PS_ROLE_CRIT_BAND};
    }
    const char *lname[2] = {"warning", "critical"};
    for (int i = 0; i < 2; i++) {
        if (isnan(lim[i]) || r->stat == PS_AN_STAT_TREND) /* a trend limit is not a value level */
            continue;
        char n1[32];
        snprintf(c->thr_label[c->nthr], sizeof c->thr_label[c->nthr], "%s %s", lname[i],
                 ps_an_fmt_value(n1, sizeof n1, lim[i]));
        c->thr[c->nthr] = (ps_chart_threshold){.value = lim[i], .label = c->thr_label[c->nthr]};
        c->nthr++;
    }
    if (r->stat == PS_AN_STAT_TREND)
        c->nbands = c->nthr = 0;
    (void)res;
}

size_t ps_an_panel_points(const ps_an_series *s, const ps_an_panel *p, size_t *from)
{
    size_t a = 0;
    while (a < s->npoints && s->points[a].t <= p->lo)
        a++;
    size_t b = a;
    while (b < s->npoints && s->points[b].t <= p->hi)
        b++;
    *from = a;
    return b - a;
}

void ps_an_panel_texts(const ps_an_result *res, const char *title, const ps_an_panel *p, char **head, char **range)
{
    char t1[40], t2[40];
    ps_buf b = {0};
    if (p->np == 1)
        ps_buf_printf(&b, "%s, period %zu of %zu", title, p->p0 + 1, res->nperiods);
    else
        ps_buf_printf(&b, "%s, periods %zu to %zu of %zu", title, p->p0 + 1, p->p0 + p->np, res->nperiods);
    *head = ps_buf_steal(&b);
    if (!range)
        return;
    ps_buf_printf(&b, "%s to %s", ps_an_fmt_log_time(t1, sizeof t1, res, p->first),
                  ps_an_fmt_log_time(t2, sizeof t2, res, p->last));
    *range = ps_buf_steal(&b);
}

ps_an_rule_charts *ps_an_rule_charts_build(const ps_an_result *res, size_t ri)
{
    if (!res->rules || ri >= res->rules->n)
        return NULL;
    const ps_an_rule *r = &res->rules->rules[ri];
    size_t *pick, np = pick_series(res, ri, &pick);
    if (!np) {
        free(pick);
        return NULL;
    }
    ps_an_rule_charts *c = ps_xcalloc(1, sizeof *c);
    c->npick = np;
    c->t = ps_xcalloc(np, sizeof *c->t);
    c->v = ps_xcalloc(np, sizeof *c->v);
    c->lo = ps_xcalloc(np, sizeof *c->lo);
    c->hi = ps_xcalloc(np, sizeof *c->hi);
    c->labels = ps_xcalloc(np, sizeof *c->labels);
    for (size_t j = 0; j < np; j++) {
        const ps_an_series *s = &res->series[pick[j]];
        c->t[j] = ps_xcalloc(s->npoints + 1, sizeof **c->t);
        c->v[j] = ps_xcalloc(s->npoints + 1, sizeof **c->v);
        for (size_t p = 0; p < s->npoints; p++) {
            c->t[j][p] = ps_an_log_clock(res, s->points[p].t);
            c->v[j][p] = s->points[p].avg;
        }
        /* the slice's min-max band behind its average: a short saturation stays visible */
        if (j < AN_CHART_MAX_ENVELOPES && (np <= AN_CHART_MAX_ENVELOPES || j == 0)) {
            c->lo[j] = ps_xcalloc(s->npoints + 1, sizeof **c->lo);
            c->hi[j] = ps_xcalloc(s->npoints + 1, sizeof **c->hi);
            for (size_t p = 0; p < s->npoints; p++)
                c->lo[j][p] = s->points[p].min, c->hi[j][p] = s->points[p].max;
        }
        c->labels[j] = ps_an_series_label(res, s);
    }
    limits(c, res, r, &res->series[pick[0]]);
    char zt[160];
    snprintf(c->x_label, sizeof c->x_label, "time: %s; averages", ps_an_zone_text(zt, sizeof zt, res));
    ps_an_panel panels[PS_AN_MAX_PANELS];
    size_t npanels = ps_an_panels(res, panels);
    c->panels = ps_xcalloc(npanels, sizeof *c->panels);
    for (size_t k = 0; k < npanels; k++) {
        an_panel_keep *pk = &c->panels[c->n];
        pk->series = ps_xcalloc(np, sizeof *pk->series);
        size_t ns = 0, ne = 0;
        for (size_t j = 0; j < np; j++) {
            const ps_an_series *s = &res->series[pick[j]];
            size_t from, n = ps_an_panel_points(s, &panels[k], &from);
            if (!n)
                continue;
            pk->series[ns++] = (ps_chart_series){
                .label = c->labels[j], .role = (int)(j % PS_CHART_NSERIES_ROLES), .n = n, .v = c->v[j] + from, .t = c->t[j] + from};
            if (c->lo[j]) {
                pk->env[ne] = (ps_chart_envelope){.label = ne == 0 ? "slice min-max" : NULL,
                                                    .role = (int)(j % PS_CHART_NSERIES_ROLES),
                                                    .n = n,
                                                    .t = c->t[j] + from,
                                                    .lo = c->lo[j] + from,
                                                    .hi = c->hi[j] + from};
                ne++;
            }
        }
        if (!ns) { /* no instance drawn has samples in this period */
            free(pk->series);
            continue;
        }
        if (npanels > 1)
            ps_an_panel_texts(res, r->title, &panels[k], &pk->title, &pk->subtitle);
        pk->spec = (ps_chart_spec){.kind = PS_CHART_TIME,
                                   .title = pk->title ? pk->title : r->title,
                                   .subtitle = pk->subtitle,
                                   .x_label = c->x_label,
                                   .y = {.label = r->ncounters ? r->counters[0] : r->expr_text, .unit = r->unit},
                                   .series = pk->series,
                                   .nseries = ns,
                                   .thresholds = c->thr,
                                   .nthresholds = c->nthr,
                                   .bands = c->bands,
                                   .nbands = c->nbands,
                                   .envelopes = pk->env,
                                   .nenvelopes = ne,
                                   .width = AN_CHART_W,
                                   .height = npanels > 1 ? AN_PANEL_H : AN_CHART_H};
        c->n++;
    }
    free(pick);
    return c;
}

size_t ps_an_rule_charts_count(const ps_an_rule_charts *c)
{
    return c ? c->n : 0;
}

const ps_chart_spec *ps_an_rule_charts_spec(const ps_an_rule_charts *c, size_t i)
{
    return c && i < c->n ? &c->panels[i].spec : NULL;
}

void ps_an_rule_charts_free(ps_an_rule_charts *c)
{
    if (!c)
        return;
    for (size_t j = 0; j < c->npick; j++) {
        free(c->t[j]);
        free(c->v[j]);
        free(c->lo[j]);
        free(c->hi[j]);
        free(c->labels[j]);
    }
    for (size_t k = 0; k < c->n; k++) {
        free(c->panels[k].series);
        free(c->panels[k].title);
        free(c->panels[k].subtitle);
    }
    free(c->panels);
    free(c->t);
    free(c->v);
    free(c->lo);
    free(c->hi);
    free(c->labels);
    free(c);
}
