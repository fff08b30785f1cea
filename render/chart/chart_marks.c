/* chart_marks.c - marks laid over the plot once the axes, bars and lines are known: min-max
 * bands (spec.envelopes), limit lines (spec thresholds across the plot, each series' own limit)
 * and the placement of the limit labels where they hide the least data. */
#include "chart_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LIMIT_OVERHANG 3.0 /* a series limit segment reaches this far beyond its bar */
#define LABEL_GAP 3.0 /* between a limit line and its label */
/* costs of a label position (the lowest wins; the first candidate on ties) */
#define COST_OUTSIDE 1000.0 /* leaves the plot */
#define COST_LABEL 50.0 /* covers another label */
#define COST_BAR 4.0 /* covers a bar */
#define COST_LIMIT 3.0 /* covers another limit line */
#define COST_SEGMENT 1.0 /* per line segment of a series it covers */

ps_chart_rect chart_text_box(const ps_chart_text *t)
{
    double x = t->anchor == PS_ANCHOR_MIDDLE ? t->x - t->width / 2
               : t->anchor == PS_ANCHOR_END  ? t->x - t->width
                                             : t->x;
    return (ps_chart_rect){x - 1.5, t->y - t->size * CH_ASCENT - 1.5, t->width + 3, t->size + 2};
}

/* ---------------------------------------------------------------- envelopes */

size_t ps_chart_envelope_build(const ps_chart_series *s, size_t n, size_t columns, ps_time **t, double **lo,
                               double **hi)
{
    columns = columns ? columns : 1;
    *t = ps_xcalloc(columns, sizeof **t);
    *lo = ps_xcalloc(columns, sizeof **lo);
    *hi = ps_xcalloc(columns, sizeof **hi);
    ps_time t0 = PS_TIME_NONE, t1 = PS_TIME_NONE;
    for (size_t i = 0; i < n; i++)
        if (s[i].n && s[i].t) {
            t0 = t0 == PS_TIME_NONE || s[i].t[0] < t0 ? s[i].t[0] : t0;
            t1 = t1 == PS_TIME_NONE || s[i].t[s[i].n - 1] > t1 ? s[i].t[s[i].n - 1] : t1;
        }
    if (t0 == PS_TIME_NONE)
        return 0;
    for (size_t c = 0; c < columns; c++) {
        (*t)[c] = PS_TIME_NONE;
        (*lo)[c] = (*hi)[c] = NAN;
    }
    double span = (double)(t1 - t0) + 1;
    for (size_t i = 0; i < n; i++)
        for (size_t k = 0; s[i].t && k < s[i].n; k++) {
            double v = s[i].v[k];
            if (!isfinite(v))
                continue;
            size_t c = (size_t)((double)(s[i].t[k] - t0) / span * (double)columns);
            c = c < columns ? c : columns - 1;
            if ((*t)[c] == PS_TIME_NONE || s[i].t[k] < (*t)[c])
                (*t)[c] = s[i].t[k];
            if (isnan((*lo)[c]) || v < (*lo)[c])
                (*lo)[c] = v;
            if (isnan((*hi)[c]) || v > (*hi)[c])
                (*hi)[c] = v;
        }
    size_t m = 0;
    for (size_t c = 0; c < columns; c++)
        if ((*t)[c] != PS_TIME_NONE) {
            (*t)[m] = (*t)[c];
            (*lo)[m] = (*lo)[c];
            (*hi)[m++] = (*hi)[c];
        }
    return m;
}

size_t ps_chart_series_extreme(const ps_chart_series *s, size_t n, int high)
{
    size_t best = n;
    double bv = NAN;
    for (size_t i = 0; i < n; i++) {
        double mn, avg, mx;
        chart_series_stats(&s[i], &mn, &avg, &mx);
        if (!isnan(avg) && (best == n || (high ? avg > bv : avg < bv))) {
            best = i;
            bv = avg;
        }
    }
    return best;
}

/* One unbroken piece of envelope e: n upper points up[] then the lower ones down[] reversed. */
static void add_area(ps_chart_layout *l, size_t e, int role, const double *up, const double *down, size_t n)
{
    if (n == 0)
        return;
    l->areas = ps_xrealloc(l->areas, (l->nareas + 1) * sizeof *l->areas);
    ps_chart_area *a = &l->areas[l->nareas++];
    a->envelope = e;
    a->role = role;
    a->rgb = ps_chart_tint(ps_chart_palette(role)->rgb);
    a->n = 2 * n;
    a->xy = ps_xmalloc(4 * n * sizeof *a->xy);
    memcpy(a->xy, up, 2 * n * sizeof *a->xy);
    for (size_t k = 0; k < n; k++) {
        a->xy[2 * (n + k)] = down[2 * (n - 1 - k)];
        a->xy[2 * (n + k) + 1] = down[2 * (n - 1 - k) + 1];
    }
}

void chart_layout_envelopes(ps_chart_layout *l, const ps_chart_spec *spec)
{
    for (size_t e = 0; spec->kind == PS_CHART_TIME && e < spec->nenvelopes; e++) {
        const ps_chart_envelope *en = &spec->envelopes[e];
        int role = PS_ROLE_SERIES1 + (en->role >= 0 ? en->role : 0) % PS_CHART_NSERIES_ROLES;
        double *up = ps_xmalloc(2 * (en->n + 1) * sizeof *up), *down = ps_xmalloc(2 * (en->n + 1) * sizeof *down);
        size_t k = 0;
        for (size_t j = 0; j <= en->n; j++) {
            if (j == en->n || !isfinite(en->lo[j]) || !isfinite(en->hi[j])) {
                add_area(l, e, role, up, down, k);
                k = 0;
                continue;
            }
            double x = chart_time_x(&l->x, &l->plot, (double)en->t[j]);
            up[2 * k] = down[2 * k] = x;
            up[2 * k + 1] = chart_ymap(&l->y, &l->plot, fmax(en->lo[j], en->hi[j]));
            down[2 * k + 1] = chart_ymap(&l->y, &l->plot, fmin(en->lo[j], en->hi[j]));
            k++;
        }
        free(up);
        free(down);
    }
}

/* ---------------------------------------------------------------- limit lines */

static ps_chart_hline *new_hline(ps_chart_layout *l, double value, double x1, double x2, double y, long series)
{
    l->thresholds = ps_xrealloc(l->thresholds, (l->nthresholds + 1) * sizeof *l->thresholds);
    ps_chart_hline *h = &l->thresholds[l->nthresholds++];
    memset(h, 0, sizeof *h);
    *h = (ps_chart_hline){.x1 = x1, .x2 = x2, .y = y, .value = value, .series = series};
    return h;
}

/* The label of h at the right end above the line (below when the line is near the top). */
static void label_default(const ps_chart_layout *l, ps_chart_hline *h, const char *text)
{
    double ly = h->y - l->plot.y < CH_NOTE + 4 ? h->y + LABEL_GAP + CH_NOTE * CH_ASCENT : h->y - LABEL_GAP;
    chart_text_set(&h->label, text, h->x2 - (h->series < 0 ? 3 : 0), ly, CH_NOTE, PS_ANCHOR_END, 0, PS_ROLE_THRESHOLD);
}

void chart_layout_limits(ps_chart_layout *l, const ps_chart_spec *spec)
{
    const ps_chart_rect *p = &l->plot;
    for (size_t i = 0; i < spec->nthresholds; i++) {
        const ps_chart_threshold *t = &spec->thresholds[i];
        const ps_chart_axis_layout *a = t->on_y2 && l->y2.present ? &l->y2 : &l->y;
        if (isfinite(t->value))
            label_default(l, new_hline(l, t->value, p->x, p->x + p->w, chart_ymap(a, p, t->value), -1), t->label);
    }
    for (size_t i = 0; i < spec->nseries; i++) {
        const ps_chart_series *s = &spec->series[i];
        if (!s->has_limit || !isfinite(s->limit))
            continue;
        const ps_chart_axis_layout *a = chart_series_on_y2(spec, i) ? &l->y2 : &l->y;
        double y = chart_ymap(a, p, s->limit);
        ps_chart_hline *last = NULL;
        if (chart_series_is_line(spec, i))
            last = new_hline(l, s->limit, p->x, p->x + p->w, y, (long)i);
        else
            for (size_t b = 0; b < l->nbars; b++)
                if (l->bars[b].series == i)
                    last = new_hline(l, s->limit, l->bars[b].r.x - LIMIT_OVERHANG,
                                     l->bars[b].r.x + l->bars[b].r.w + LIMIT_OVERHANG, y, (long)i);
        if (last)
            label_default(l, last, s->limit_label);
    }
}

/* ---------------------------------------------------------------- label placement */

static int overlap(ps_chart_rect a, ps_chart_rect b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/* 1 when the segment (x1,y1)-(x2,y2) meets r (Liang-Barsky clipping). */
static int segment_meets(double x1, double y1, double x2, double y2, ps_chart_rect r)
{
    double dx = x2 - x1, dy = y2 - y1, t0 = 0, t1 = 1;
    const double pq[4][2] = {{-dx, x1 - r.x}, {dx, r.x + r.w - x1}, {-dy, y1 - r.y}, {dy, r.y + r.h - y1}};
    for (int k = 0; k < 4; k++) {
        double pp = pq[k][0], q = pq[k][1];
        if (pp == 0) {
            if (q < 0)
                return 0;
            continue;
        }
        double t = q / pp;
        if (pp < 0 && t > t0)
            t0 = t;
        else if (pp > 0 && t < t1)
            t1 = t;
        if (t0 > t1)
            return 0;
    }
    return 1;
}

static double cost(const ps_chart_layout *l, ps_chart_rect r, size_t self)
{
    const ps_chart_rect *p = &l->plot;
    double c = 0;
    if (r.x < p->x || r.y < p->y || r.x + r.w > p->x + p->w || r.y + r.h > p->y + p->h)
        c += COST_OUTSIDE;
    for (size_t i = 0; i < l->nlines; i++) {
        const ps_chart_polyline *pl = &l->lines[i];
        if (pl->n == 1)
            c += COST_SEGMENT * segment_meets(pl->xy[0], pl->xy[1], pl->xy[0], pl->xy[1], r);
        for (size_t k = 1; k < pl->n; k++) {
            const double *a = &pl->xy[2 * (k - 1)];
            if (fmax(a[0], a[2]) < r.x || fmin(a[0], a[2]) > r.x + r.w)
                continue;
            c += COST_SEGMENT * segment_meets(a[0], a[1], a[2], a[3], r);
        }
    }
    for (size_t i = 0; i < l->nbars; i++) {
        c += COST_BAR * overlap(r, l->bars[i].r);
        if (l->bars[i].label.text)
            c += COST_LABEL * overlap(r, chart_text_box(&l->bars[i].label));
    }
    for (size_t i = 0; i < l->nthresholds; i++) {
        const ps_chart_hline *h = &l->thresholds[i];
        if (i == self)
            continue;
        if (h->label.text && i < self)
            c += COST_LABEL * overlap(r, chart_text_box(&h->label));
        if ((h->series < 0 || h->series != l->thresholds[self].series || h->y != l->thresholds[self].y) &&
            segment_meets(h->x1, h->y, h->x2, h->y, r))
            c += COST_LIMIT;
    }
    return c;
}

typedef struct cand {
    double x, y;
    int anchor;
} cand;

void chart_place_limit_labels(ps_chart_layout *l)
{
    for (size_t i = 0; i < l->nthresholds; i++) {
        ps_chart_hline *h = &l->thresholds[i];
        ps_chart_text *t = &h->label;
        if (!t->text)
            continue;
        double above = h->y - LABEL_GAP, below = h->y + LABEL_GAP + t->size * CH_ASCENT;
        double mid = (h->x1 + h->x2) / 2, side = h->y + t->size * CH_ASCENT / 2;
        /* candidates in order of preference: across the plot, the right end first; a bar's
         * limit segment: above it, beside it on the right, then below */
        cand c6[6] = {{h->x2 - 3, above, PS_ANCHOR_END},   {h->x2 - 3, below, PS_ANCHOR_END},
                      {h->x1 + 3, above, PS_ANCHOR_START}, {h->x1 + 3, below, PS_ANCHOR_START},
                      {mid, above, PS_ANCHOR_MIDDLE},      {mid, below, PS_ANCHOR_MIDDLE}};
        if (h->series >= 0 && h->x2 - h->x1 < l->plot.w) {
            c6[0] = (cand){mid, above, PS_ANCHOR_MIDDLE};
            c6[1] = (cand){h->x2 + 2, side, PS_ANCHOR_START};
            c6[2] = (cand){h->x1 - 2, side, PS_ANCHOR_END};
            c6[3] = (cand){mid, below, PS_ANCHOR_MIDDLE};
            c6[4] = (cand){h->x2, above, PS_ANCHOR_END};
            c6[5] = (cand){h->x1, above, PS_ANCHOR_START};
        }
        /* the current position (label_default) competes first, so charts without any
         * collision keep it */
        double best = cost(l, chart_text_box(t), i);
        ps_chart_text keep = *t;
        for (size_t k = 0; k < 6 && best > 0; k++) {
            ps_chart_text c = keep;
            c.x = c6[k].x;
            c.y = c6[k].y;
            c.anchor = c6[k].anchor;
            double v = cost(l, chart_text_box(&c), i);
            if (v < best) {
                best = v;
                *t = c;
            }
        }
    }
}
