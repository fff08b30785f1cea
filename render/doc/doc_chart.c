/* doc_chart.c - the document's charts as chart-engine specs (render/chart_*.c draws them:
 * inline SVG for HTML, vector paths for PDF). Time series are reduced to the minimum and the
 * maximum per horizontal point before they reach the engine, so a 24-hour log gives about a
 * thousand points per line whatever the sample count. */
#include "doc_build.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CHART_W 480.0
#define BUCKETS 480

void doc_chart_size(const doc_chart *c, double *w, double *h)
{
    if (c->kind == DOC_CHART_SPEC) {
        *w = c->spec->width > 0 ? c->spec->width : 600;
        *h = c->spec->height > 0 ? c->spec->height : 340;
        return;
    }
    size_t n = c->kind == DOC_CHART_TIME ? c->nseries : c->nbars;
    *w = CHART_W;
    *h = (c->kind == DOC_CHART_TIME ? 250 : 220) + (n > 4 ? (double)((n - 1) / 4) * 12 : 0);
}

const char *doc_chart_title(const doc_chart *c)
{
    const char *t = c->kind == DOC_CHART_SPEC ? (c->spec ? c->spec->title : NULL) : c->title;
    return t && *t ? t : NULL;
}

/* Min/max per bucket over the chart's common time span [t0, t1] (ps_series_thin_span); *t and
 * *v are allocated (at least one element), *n points. */
static void decimate(const ps_series *s, ps_time t0, ps_time t1, ps_time **t, double **v, size_t *n)
{
    ps_series o = {0};
    ps_series_thin_span(s, t0, t1, BUCKETS, &o);
    *t = o.t ? o.t : ps_xmalloc(sizeof **t);
    *v = o.v ? o.v : ps_xmalloc(sizeof **v);
    *n = o.n;
}

/* DOC_CHART_SPEC: copy the spec with its texts mapped through label (owned by out). */
static void spec_copy(const doc_chart *c, char *(*label)(void *ctx, const char *s), void *ctx, doc_spec *out)
{
    const ps_chart_spec *in = c->spec;
    out->spec = *in;
    out->labels = ps_xcalloc(in->nseries + in->ncategories + 3, sizeof *out->labels);
#define MAP(s) ((s) ? (out->labels[out->nlabels++] = label ? label(ctx, (s)) : ps_xstrdup(s)) : NULL)
    out->spec.title = MAP(in->title);
    out->spec.subtitle = MAP(in->subtitle);
    out->series = ps_xcalloc(in->nseries + 1, sizeof *out->series);
    for (size_t i = 0; i < in->nseries; i++) {
        out->series[i] = in->series[i];
        out->series[i].label = MAP(in->series[i].label);
    }
    out->spec.series = out->series;
    out->cats = ps_xcalloc(in->ncategories + 1, sizeof *out->cats);
    for (size_t i = 0; i < in->ncategories; i++)
        out->cats[i] = MAP(in->categories[i]);
#undef MAP
    out->spec.categories = (const char *const *)out->cats;
}

/* The min-max band of the decimated series in out and the worst series alone as the line. */
static void envelope_of(const doc_chart *c, char *(*label)(void *ctx, const char *s), void *ctx, doc_spec *out)
{
    ps_chart_spec *sp = &out->spec;
    size_t n = sp->nseries, w = ps_chart_series_extreme(out->series, n, c->worst_high);
    if (w >= n)
        return;
    size_t m = ps_chart_envelope_build(out->series, n, BUCKETS, &out->et, &out->elo, &out->ehi);
    char num[32], text[256];
    snprintf(num, sizeof num, "%zu", n);
    snprintf(text, sizeof text, ps_msg(c->lang, PS_MSG_CHART_BAND), num);
    out->labels[out->nlabels] = label ? label(ctx, text) : ps_xstrdup(text);
    out->envelope = (ps_chart_envelope){
        .label = out->labels[out->nlabels++], .role = 0, .n = m, .t = out->et, .lo = out->elo, .hi = out->ehi};
    snprintf(text, sizeof text, ps_msg(c->lang, c->worst_high ? PS_MSG_CHART_WORST_HIGH : PS_MSG_CHART_WORST_LOW),
             c->series[w].label ? c->series[w].label : "");
    out->labels[out->nlabels] = label ? label(ctx, text) : ps_xstrdup(text);
    out->series[w].label = out->labels[out->nlabels++];
    out->series[w].role = 0; /* solid, the darkest colour, over the tint of the same colour */
    sp->series = &out->series[w];
    sp->nseries = 1;
    sp->envelopes = &out->envelope;
    sp->nenvelopes = 1;
}

void doc_chart_spec(const doc_chart *c, char *(*label)(void *ctx, const char *s), void *ctx, doc_spec *out)
{
    memset(out, 0, sizeof out[0]);
    if (c->kind == DOC_CHART_SPEC) {
        spec_copy(c, label, ctx, out);
        return;
    }
    ps_chart_spec *sp = &out->spec;
    doc_chart_size(c, &sp->width, &sp->height);
    sp->title = c->title;
    sp->y.unit = c->ylabel;
    size_t n = c->kind == DOC_CHART_TIME ? c->nseries : c->nbars;
    out->series = ps_xcalloc(n + 1, sizeof *out->series);
    out->labels = ps_xcalloc(2 * n + c->ngroups + 4, sizeof *out->labels);
    out->nlabels = 0;
    sp->series = out->series;
    sp->nseries = n;
#define MAP(s) (out->labels[out->nlabels++] = label ? label(ctx, (s)) : ps_xstrdup(s))
    if (!isnan(c->threshold)) {
        out->threshold.value = c->threshold;
        out->threshold.label = c->threshold_label ? MAP(c->threshold_label) : NULL;
        sp->thresholds = &out->threshold;
        sp->nthresholds = 1;
    }
    if (c->kind == DOC_CHART_TIME) {
        sp->kind = PS_CHART_TIME;
        sp->x_label = ps_msg(c->lang, !c->has_local ? PS_MSG_CHART_TIME_UTC
                                      : c->nshade   ? PS_MSG_CHART_TIME_LOCAL_SHADED
                                                    : PS_MSG_CHART_TIME_LOCAL);
        sp->y_include_zero = 1;
        ps_time t0 = INT64_MAX, t1 = INT64_MIN;
        for (size_t i = 0; i < n; i++)
            if (c->series[i].n) {
                t0 = c->series[i].t[0] < t0 ? c->series[i].t[0] : t0;
                t1 = c->series[i].t[c->series[i].n - 1] > t1 ? c->series[i].t[c->series[i].n - 1] : t1;
            }
        out->t = ps_xcalloc(n + 1, sizeof *out->t);
        out->v = ps_xcalloc(n + 1, sizeof *out->v);
        for (size_t i = 0; i < n; i++) {
            ps_chart_series *s = &out->series[i];
            decimate(&c->series[i], t0, t1, &out->t[i], &out->v[i], &s->n);
            for (size_t k = 0; k < s->n; k++)
                out->t[i][k] += c->to_local;
            s->t = out->t[i];
            s->v = out->v[i];
            s->role = -1;
            s->label = MAP(c->series[i].label);
        }
        out->nv = n;
        out->shades = ps_xcalloc(c->nshade + 1, sizeof *out->shades);
        for (size_t i = 0; i < c->nshade; i++)
            out->shades[i] = (ps_chart_shade){c->shade[i].t0 + c->to_local, c->shade[i].t1 + c->to_local, NULL};
        sp->shades = out->shades;
        sp->nshades = c->nshade;
        if (c->envelope && n >= DOC_ENVELOPE_MIN_SERIES)
            envelope_of(c, label, ctx, out);
    } else {
        sp->kind = PS_CHART_BARS;
        out->v = ps_xcalloc(n + 1, sizeof *out->v);
        out->nv = n;
        char **cats = ps_xcalloc(c->ngroups + 1, sizeof *cats);
        for (size_t g = 0; g < c->ngroups; g++)
            cats[g] = MAP(c->groups[g]);
        out->cats = cats;
        sp->categories = (const char *const *)cats;
        sp->ncategories = c->ngroups;
        for (size_t b = 0; b < n; b++) {
            out->v[b] = ps_xcalloc(c->ngroups + 1, sizeof **out->v);
            for (size_t g = 0; g < c->ngroups; g++)
                out->v[b][g] = c->values[g * c->nbars + b];
            out->series[b] = (ps_chart_series){.label = MAP(c->bars[b]), .role = -1, .n = c->ngroups, .v = out->v[b]};
            if (c->bar_limit && isfinite(c->bar_limit[b])) {
                out->series[b].has_limit = 1;
                out->series[b].limit = c->bar_limit[b];
                if (c->bar_limit_label && c->bar_limit_label[b])
                    out->series[b].limit_label = MAP(c->bar_limit_label[b]);
            }
        }
    }
#undef MAP
}

void doc_chart_spec_fini(doc_spec *s)
{
    for (size_t i = 0; i < s->nv; i++) {
        free(s->v[i]);
        if (s->t)
            free(s->t[i]);
    }
    free(s->v);
    free(s->t);
    for (size_t i = 0; i < s->nlabels; i++)
        free(s->labels[i]);
    free(s->labels);
    free(s->cats);
    free(s->series);
    free(s->shades);
    free(s->et);
    free(s->elo);
    free(s->ehi);
    memset(s, 0, sizeof *s);
}

int doc_chart_svg(const doc_chart *c, size_t nth, ps_buf *b, ps_error *err)
{
    doc_spec s;
    doc_chart_spec(c, NULL, NULL, &s);
    char prefix[32];
    snprintf(prefix, sizeof prefix, "c%zu-", nth);
    ps_buf svg = {0};
    int rc = ps_chart_svg_accessible(&s.spec, prefix, c->lang, &svg, err);
    doc_chart_spec_fini(&s);
    if (rc) {
        ps_buf_fini(&svg);
        return rc;
    }
    /* Inline SVG in HTML needs no namespace declarations: drop them, so that the page holds
     * no URL at all (they are names, not references, but a reader cannot tell). */
    static const char *const drop[] = {" xmlns=\"http://www.w3.org/2000/svg\"",
                                       " xmlns:xlink=\"http://www.w3.org/1999/xlink\""};
    char *p = svg.data ? svg.data : "";
    for (size_t i = 0; i < sizeof drop / sizeof drop[0]; i++) {
        char *at = strstr(p, drop[i]);
        if (at)
            memmove(at, at + strlen(drop[i]), strlen(at + strlen(drop[i])) + 1);
    }
    char *open = strstr(p, "<svg");
    if (open) {
        ps_buf_puts(b, "<svg class=\"chart\"");
        ps_buf_puts(b, open + 4);
    }
    ps_buf_fini(&svg);
    return 0;
}

void ps_doc_dump_layout(const ps_doc *d, ps_buf *out)
{
    for (size_t i = 0; i < d->nblocks; i++) {
        const doc_chart *c = d->blocks[i].chart;
        if (!c)
            continue;
        doc_spec s;
        doc_chart_spec(c, NULL, NULL, &s);
        ps_chart_layout l;
        ps_error err = {0};
        ps_buf_printf(out, "[chart %s]\n", c->id ? c->id : "");
        if (ps_chart_layout_compute(&s.spec, &l, &err) == 0)
            ps_chart_dump_layout(&l, out);
        else
            ps_buf_printf(out, "error = %s\n", err.msg);
        ps_buf_putc(out, '\n');
        ps_chart_layout_fini(&l);
        doc_chart_spec_fini(&s);
    }
}
