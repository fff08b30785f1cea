/* doc_chart.c - charts of the ESRP document as drawing primitives (one layout, two emitters:
 * inline SVG here, libharu in doc_pdf.c), plus the key = value layout dump.
 * Time series are reduced to min/max per horizontal point before drawing, so a 24-hour log
 * gives a few hundred points per line. */
#include "doc_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const unsigned palette[] = {0x1f77b4, 0xff7f0e, 0x2ca02c, 0x9467bd, 0x8c564b,
                                   0xe377c2, 0x17becf, 0xbcbd22, 0x7f7f7f, 0x393b79};
#define NPALETTE (sizeof palette / sizeof palette[0])
#define THRESHOLD_RGB 0xd62728
#define SHADE_RGB 0xe6e6e6
#define GRID_RGB 0xd0d0d0
#define AXIS_RGB 0x404040
#define FONT 7.0

static doc_prim *prim(doc_chart_layout *l, enum doc_prim_kind k, unsigned rgb)
{
    if (l->nprims == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 64;
        l->prims = ps_xrealloc(l->prims, l->cap * sizeof *l->prims);
    }
    doc_prim *p = &l->prims[l->nprims++];
    memset(p, 0, sizeof *p);
    p->kind = k;
    p->rgb = rgb;
    p->width = 0.6;
    return p;
}

static void line(doc_chart_layout *l, double x1, double y1, double x2, double y2, unsigned rgb, double w, int dash)
{
    doc_prim *p = prim(l, PRIM_LINE, rgb);
    p->x = x1;
    p->y = y1;
    p->w = x2;
    p->h = y2;
    p->width = w;
    p->dash = dash;
}

static void rect(doc_chart_layout *l, double x, double y, double w, double h, unsigned rgb)
{
    doc_prim *p = prim(l, PRIM_RECT, rgb);
    p->x = x;
    p->y = y;
    p->w = w;
    p->h = h;
    p->width = 0;
}

static void text(doc_chart_layout *l, double x, double y, const char *s, double size, int anchor, unsigned rgb)
{
    doc_prim *p = prim(l, PRIM_TEXT, rgb);
    p->x = x;
    p->y = y;
    p->text = ps_xstrdup(s);
    p->size = size;
    p->anchor = anchor;
}

/* A "nice" step (1, 2, 2.5, 5 x 10^k) giving about 5 intervals up to max. */
static double nice_step(double max)
{
    if (!(max > 0))
        return 1;
    double raw = max / 5, mag = pow(10, floor(log10(raw)));
    static const double m[] = {1, 2, 2.5, 5, 10};
    for (size_t i = 0; i < 5; i++)
        if (raw <= m[i] * mag)
            return m[i] * mag;
    return 10 * mag;
}

static void y_axis(doc_chart_layout *l, const doc_chart *c, double vmax)
{
    if (!isnan(c->threshold) && c->threshold * 1.15 > vmax)
        vmax = c->threshold * 1.15;
    double step = nice_step(vmax);
    l->ymin = 0;
    l->ymax = step * ceil(vmax * 1.04 / step);
    if (l->ymax <= 0)
        l->ymax = step;
    l->ticks = (size_t)llround(l->ymax / step) + 1;
    for (size_t i = 0; i < l->ticks; i++) {
        double v = step * (double)i, y = l->py + l->ph - l->ph * v / l->ymax;
        line(l, l->px, y, l->px + l->pw, y, GRID_RGB, 0.4, 0);
        char b[32];
        text(l, l->px - 3, y + FONT * 0.35, ps_fmt_num(b, sizeof b, v, step < 1 ? (step < 0.1 ? 2 : 1) : 0), FONT, 2, AXIS_RGB);
    }
    doc_prim *p = prim(l, PRIM_TEXT, AXIS_RGB);
    p->x = 10;
    p->y = l->py + l->ph / 2;
    p->text = ps_xstrdup(c->ylabel ? c->ylabel : "");
    p->size = FONT;
    p->anchor = 1;
    p->rotate = 1;
}

static double ymap(const doc_chart_layout *l, double v) { return l->py + l->ph - l->ph * (v - l->ymin) / (l->ymax - l->ymin); }

static void legend(doc_chart_layout *l, const char *const *names, size_t n, double top)
{
    double item = 95, x = l->px, y = top;
    for (size_t i = 0; i < n; i++) {
        if (x + item > l->px + l->pw && x > l->px) {
            x = l->px;
            y += FONT + 4;
        }
        rect(l, x, y - FONT + 1, 8, FONT - 1, palette[i % NPALETTE]);
        char b[40];
        snprintf(b, sizeof b, "%.22s", names[i] ? names[i] : "");
        text(l, x + 11, y, b, FONT, 0, AXIS_RGB);
        x += item;
    }
}

static size_t legend_rows(double pw, size_t n)
{
    size_t per = (size_t)(pw / 95);
    if (!per)
        per = 1;
    return n ? (n + per - 1) / per : 0;
}

static void time_chart(const doc_chart *c, doc_chart_layout *l)
{
    double vmax = 0;
    l->xmin = INT64_MAX;
    l->xmax = INT64_MIN;
    for (size_t i = 0; i < c->nseries; i++)
        for (size_t k = 0; k < c->series[i].n; k++) {
            if (isfinite(c->series[i].v[k]) && c->series[i].v[k] > vmax)
                vmax = c->series[i].v[k];
            l->xmin = c->series[i].t[k] < l->xmin ? c->series[i].t[k] : l->xmin;
            l->xmax = c->series[i].t[k] > l->xmax ? c->series[i].t[k] : l->xmax;
        }
    if (l->xmin > l->xmax)
        l->xmin = l->xmax = 0;
    if (l->xmax == l->xmin)
        l->xmax = l->xmin + 1000;
    double span = (double)(l->xmax - l->xmin);
    for (size_t i = 0; i < c->nshade; i++) {
        double x0 = l->px + l->pw * (double)(c->shade[i].t0 - l->xmin) / span;
        double x1 = l->px + l->pw * (double)(c->shade[i].t1 - l->xmin) / span;
        rect(l, fmax(x0, l->px), l->py, fmin(x1, l->px + l->pw) - fmax(x0, l->px), l->ph, SHADE_RGB);
    }
    y_axis(l, c, vmax);
    /* x ticks: elapsed time h:mm */
    static const int steps_min[] = {1, 2, 5, 10, 15, 30, 60, 120, 180, 240, 360, 720, 1440};
    int step = 1440;
    for (size_t i = 0; i < sizeof steps_min / sizeof steps_min[0]; i++)
        if (span / (steps_min[i] * 60000.0) <= 8) {
            step = steps_min[i];
            break;
        }
    for (double m = 0; m * 60000.0 <= span + 1; m += step) {
        double x = l->px + l->pw * m * 60000.0 / span;
        line(l, x, l->py + l->ph, x, l->py + l->ph + 3, AXIS_RGB, 0.6, 0);
        char b[32];
        snprintf(b, sizeof b, "%d:%02d", (int)m / 60, (int)m % 60);
        text(l, x, l->py + l->ph + 3 + FONT, b, FONT, 1, AXIS_RGB);
    }
    text(l, l->px + l->pw, l->py + l->ph + 6 + 2 * FONT, "elapsed (h:mm); shaded: outside the collection window", FONT, 2, AXIS_RGB);
    size_t buckets = (size_t)l->pw;
    double *mn = ps_xmalloc(buckets * sizeof *mn), *mx = ps_xmalloc(buckets * sizeof *mx);
    for (size_t i = 0; i < c->nseries; i++) {
        const ps_series *s = &c->series[i];
        for (size_t b = 0; b < buckets; b++)
            mn[b] = INFINITY, mx[b] = -INFINITY;
        for (size_t k = 0; k < s->n; k++) {
            if (!isfinite(s->v[k]))
                continue;
            size_t b = (size_t)((double)(s->t[k] - l->xmin) / span * (double)(buckets - 1));
            mn[b] = fmin(mn[b], s->v[k]);
            mx[b] = fmax(mx[b], s->v[k]);
        }
        doc_prim *p = prim(l, PRIM_POLY, palette[i % NPALETTE]);
        p->width = 0.7;
        p->pts = ps_xmalloc(buckets * 4 * sizeof *p->pts);
        for (size_t b = 0; b < buckets; b++) {
            if (!isfinite(mn[b]))
                continue;
            double x = l->px + (double)b * l->pw / (double)(buckets - 1);
            p->pts[2 * p->npts] = x;
            p->pts[2 * p->npts++ + 1] = ymap(l, mn[b]);
            if (mx[b] > mn[b]) {
                p->pts[2 * p->npts] = x;
                p->pts[2 * p->npts++ + 1] = ymap(l, mx[b]);
            }
        }
    }
    free(mn);
    free(mx);
    const char **names = ps_xcalloc(c->nseries + 1, sizeof *names);
    for (size_t i = 0; i < c->nseries; i++)
        names[i] = c->series[i].label;
    legend(l, names, c->nseries, l->py + l->ph + 8 + 3 * FONT + 4);
    free(names);
}

static void bar_chart(const doc_chart *c, doc_chart_layout *l)
{
    double vmax = 0;
    for (size_t i = 0; i < c->ngroups * c->nbars; i++)
        if (isfinite(c->values[i]) && c->values[i] > vmax)
            vmax = c->values[i];
    y_axis(l, c, vmax);
    double gw = l->pw / (double)(c->ngroups ? c->ngroups : 1), bw = gw * 0.8 / (double)(c->nbars ? c->nbars : 1);
    double label_size = gw < 40 ? 5 : FONT;
    for (size_t g = 0; g < c->ngroups; g++) {
        double x0 = l->px + gw * (double)g + gw * 0.1;
        for (size_t b = 0; b < c->nbars; b++) {
            double v = c->values[g * c->nbars + b];
            if (!isfinite(v) || v <= 0)
                continue;
            double y = ymap(l, v);
            rect(l, x0 + bw * (double)b, y, bw * 0.92, l->py + l->ph - y, palette[b % NPALETTE]);
        }
        char b[40];
        size_t maxch = (size_t)(gw / (label_size * 0.55));
        snprintf(b, sizeof b, "%.*s", (int)(maxch < 30 ? maxch : 30), c->groups[g] ? c->groups[g] : "");
        text(l, l->px + gw * ((double)g + 0.5), l->py + l->ph + 3 + FONT, b, label_size, 1, AXIS_RGB);
    }
    legend(l, (const char *const *)c->bars, c->nbars, l->py + l->ph + 8 + 2 * FONT + 4);
}

void doc_chart_layout_build(const doc_chart *c, double w, double h, doc_chart_layout *out)
{
    memset(out, 0, sizeof *out);
    out->w = w;
    out->px = 42;
    out->py = 22;
    out->pw = w - out->px - 12;
    size_t n = c->kind == DOC_CHART_TIME ? c->nseries : c->nbars;
    double below = 10 + 3 * FONT + (double)legend_rows(out->pw, n) * (FONT + 4) + 6;
    out->ph = h - out->py - below;
    out->h = h;
    rect(out, 0, 0, w, h, 0xffffff);
    doc_prim *t = prim(out, PRIM_TEXT, 0x000000);
    t->x = w / 2;
    t->y = 13;
    t->text = ps_xstrdup(c->title ? c->title : "");
    t->size = 9;
    t->anchor = 1;
    t->bold = 1;
    if (c->kind == DOC_CHART_TIME)
        time_chart(c, out);
    else
        bar_chart(c, out);
    if (!isnan(c->threshold) && c->threshold <= out->ymax) {
        double y = ymap(out, c->threshold);
        line(out, out->px, y, out->px + out->pw, y, THRESHOLD_RGB, 1.0, 1);
        char b[48];
        snprintf(b, sizeof b, "threshold %s", c->threshold_label ? c->threshold_label : "20 ms");
        text(out, out->px + out->pw - 2, y - 2, b, FONT, 2, THRESHOLD_RGB);
    }
    line(out, out->px, out->py + out->ph, out->px + out->pw, out->py + out->ph, AXIS_RGB, 0.8, 0);
    line(out, out->px, out->py, out->px, out->py + out->ph, AXIS_RGB, 0.8, 0);
}

void doc_chart_size(const doc_chart *c, double *w, double *h)
{
    *w = 480;
    size_t n = c->kind == DOC_CHART_TIME ? c->nseries : c->nbars;
    *h = (c->kind == DOC_CHART_TIME ? 230 : 200) + (double)legend_rows(*w - 54, n) * (FONT + 4);
}

void doc_chart_layout_free(doc_chart_layout *l)
{
    for (size_t i = 0; i < l->nprims; i++) {
        free(l->prims[i].pts);
        free(l->prims[i].text);
    }
    free(l->prims);
    memset(l, 0, sizeof *l);
}

static void svg_num(ps_buf *b, double v)
{
    char t[32];
    ps_buf_puts(b, ps_fmt_num(t, sizeof t, v, 1));
}

void doc_chart_svg(const doc_chart_layout *l, ps_buf *b)
{
    ps_buf_puts(b, "<svg class=\"chart\" role=\"img\" viewBox=\"0 0 ");
    svg_num(b, l->w);
    ps_buf_putc(b, ' ');
    svg_num(b, l->h);
    ps_buf_puts(b, "\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n");
    for (size_t i = 0; i < l->nprims; i++) {
        const doc_prim *p = &l->prims[i];
        switch (p->kind) {
        case PRIM_RECT:
            ps_buf_puts(b, "<rect x=\"");
            svg_num(b, p->x);
            ps_buf_puts(b, "\" y=\"");
            svg_num(b, p->y);
            ps_buf_puts(b, "\" width=\"");
            svg_num(b, p->w);
            ps_buf_puts(b, "\" height=\"");
            svg_num(b, p->h);
            ps_buf_printf(b, "\" fill=\"#%06x\"/>\n", p->rgb);
            break;
        case PRIM_LINE:
            ps_buf_puts(b, "<line x1=\"");
            svg_num(b, p->x);
            ps_buf_puts(b, "\" y1=\"");
            svg_num(b, p->y);
            ps_buf_puts(b, "\" x2=\"");
            svg_num(b, p->w);
            ps_buf_puts(b, "\" y2=\"");
            svg_num(b, p->h);
            ps_buf_printf(b, "\" stroke=\"#%06x\" stroke-width=\"", p->rgb);
            svg_num(b, p->width);
            ps_buf_printf(b, "\"%s/>\n", p->dash ? " stroke-dasharray=\"4 3\"" : "");
            break;
        case PRIM_POLY:
            if (!p->npts)
                break;
            ps_buf_puts(b, "<polyline fill=\"none\" points=\"");
            for (size_t k = 0; k < p->npts; k++) {
                if (k)
                    ps_buf_putc(b, ' ');
                svg_num(b, p->pts[2 * k]);
                ps_buf_putc(b, ',');
                svg_num(b, p->pts[2 * k + 1]);
            }
            ps_buf_printf(b, "\" stroke=\"#%06x\" stroke-width=\"", p->rgb);
            svg_num(b, p->width);
            ps_buf_puts(b, "\"/>\n");
            break;
        case PRIM_TEXT:
            ps_buf_puts(b, "<text x=\"");
            svg_num(b, p->x);
            ps_buf_puts(b, "\" y=\"");
            svg_num(b, p->y);
            ps_buf_puts(b, "\" font-size=\"");
            svg_num(b, p->size);
            ps_buf_printf(b, "\" fill=\"#%06x\" text-anchor=\"%s\"%s", p->rgb,
                          p->anchor == 0 ? "start" : p->anchor == 1 ? "middle" : "end",
                          p->bold ? " font-weight=\"bold\"" : "");
            if (p->rotate) {
                ps_buf_puts(b, " transform=\"rotate(-90 ");
                svg_num(b, p->x);
                ps_buf_putc(b, ' ');
                svg_num(b, p->y);
                ps_buf_puts(b, ")\"");
            }
            ps_buf_putc(b, '>');
            ps_html_escape(b, p->text);
            ps_buf_puts(b, "</text>\n");
            break;
        }
    }
    ps_buf_puts(b, "</svg>\n");
}

void doc_chart_dump(const doc_chart *c, const doc_chart_layout *l, ps_buf *b)
{
    char t1[32], t2[32];
    ps_buf_printf(b, "[chart %s]\n", c->id ? c->id : "");
    ps_buf_printf(b, "kind = %s\ntitle = %s\n", c->kind == DOC_CHART_TIME ? "time" : "bars", c->title ? c->title : "");
    ps_buf_printf(b, "size = %s x ", ps_fmt_num(t1, sizeof t1, l->w, 1));
    ps_buf_printf(b, "%s\n", ps_fmt_num(t1, sizeof t1, l->h, 1));
    ps_buf_printf(b, "plot = %s,", ps_fmt_num(t1, sizeof t1, l->px, 1));
    ps_buf_printf(b, "%s ", ps_fmt_num(t1, sizeof t1, l->py, 1));
    ps_buf_printf(b, "%s x ", ps_fmt_num(t1, sizeof t1, l->pw, 1));
    ps_buf_printf(b, "%s\n", ps_fmt_num(t1, sizeof t1, l->ph, 1));
    ps_buf_printf(b, "y_range = %s .. ", ps_fmt_num(t1, sizeof t1, l->ymin, 3));
    ps_buf_printf(b, "%s\ny_ticks = %zu\n", ps_fmt_num(t2, sizeof t2, l->ymax, 3), l->ticks);
    if (c->kind == DOC_CHART_TIME) {
        ps_buf_printf(b, "x_range = %s .. ", ps_time_format_iso(t1, sizeof t1, l->xmin));
        ps_buf_printf(b, "%s\nseries = %zu\n", ps_time_format_iso(t2, sizeof t2, l->xmax), c->nseries);
        for (size_t i = 0; i < c->nseries; i++)
            ps_buf_printf(b, "series.%zu = %s (%zu samples)\n", i, c->series[i].label ? c->series[i].label : "",
                          c->series[i].n);
        for (size_t i = 0; i < c->nshade; i++) {
            ps_buf_printf(b, "shade.%zu = %s .. ", i, ps_time_format_iso(t1, sizeof t1, c->shade[i].t0));
            ps_buf_printf(b, "%s\n", ps_time_format_iso(t2, sizeof t2, c->shade[i].t1));
        }
    } else {
        ps_buf_printf(b, "groups = %zu\nbars = %zu\n", c->ngroups, c->nbars);
    }
    if (!isnan(c->threshold))
        ps_buf_printf(b, "threshold = %s\n", ps_fmt_num(t1, sizeof t1, c->threshold, 3));
    ps_buf_printf(b, "primitives = %zu\n\n", l->nprims);
}

void ps_doc_dump_layout(const ps_doc *d, ps_buf *out)
{
    for (size_t i = 0; i < d->nblocks; i++) {
        const doc_chart *c = d->blocks[i].chart;
        if (!c)
            continue;
        doc_chart_layout l;
        double w, h;
        doc_chart_size(c, &w, &h);
        doc_chart_layout_build(c, w, h, &l);
        doc_chart_dump(c, &l, out);
        doc_chart_layout_free(&l);
    }
}
