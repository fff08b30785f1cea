/* chart_layout.c - spec -> layout: margins, axes, ticks, bars, polylines, thresholds, legend.
 *
 * Envelopes, limit lines and their labels: chart_marks.c.
 * Everything is in points, origin top left, y down. Vertical stacking from the top: title,
 * subtitle, plot (a title wider than the plot wraps: chart_title.c); from the bottom: legend rows, x axis title, x tick labels, plot. Horizontal:
 * y axis title (rotated), y tick labels, plot, y2 tick labels, y2 title. The legend is laid
 * out by chart_legend.c. Text widths come from
 * ps_chart_text_width (a fixed DejaVu Sans table), so the layout does not depend on a backend. */
#include "chart_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define BAR_GROUP_SHARE 0.72 /* share of a category slot the bars of the group take */
#define BAR_MAX_WIDTH 56.0

typedef struct yaxis_in {
    double lo, hi; /* data range (NaN when nothing) */
    double factor;
} yaxis_in;

static void range_add(double *lo, double *hi, double v)
{
    if (!isfinite(v))
        return;
    if (isnan(*lo) || v < *lo)
        *lo = v;
    if (isnan(*hi) || v > *hi)
        *hi = v;
}

/* Linear axis: ticks and labels (positions filled later). Returns the widest label. */
static double axis_ticks(ps_chart_axis_layout *a, double lo, double hi, int zero)
{
    double vals[PS_CHART_MAX_TICKS], factor;
    size_t n = ps_chart_nice_ticks(lo, hi, zero, &a->min, &a->max, &a->step, vals);
    a->present = 1;
    a->prefix = ps_chart_si_prefix(fmax(fabs(a->min), fabs(a->max)), a->step, &factor, &a->decimals);
    a->nticks = n;
    a->ticks = ps_xcalloc(n, sizeof *a->ticks);
    double wmax = 0;
    for (size_t i = 0; i < n; i++) {
        char lab[64];
        a->ticks[i].value = vals[i];
        ps_chart_tick_label(lab, sizeof lab, vals[i], factor, a->decimals, a->prefix);
        chart_text_set(&a->ticks[i].label, lab, 0, 0, CH_TICK, PS_ANCHOR_END, 0, PS_ROLE_TEXT);
        wmax = fmax(wmax, a->ticks[i].label.width);
    }
    return wmax;
}

double chart_axis_factor(const ps_chart_axis_layout *a)
{
    double f;
    int d;
    ps_chart_si_prefix(fmax(fabs(a->min), fabs(a->max)), a->step, &f, &d);
    return f;
}

double chart_ymap(const ps_chart_axis_layout *a, const ps_chart_rect *p, double v)
{
    return p->y + p->h - (v - a->min) / (a->max - a->min) * p->h;
}

/* Place the y (right = 0) or y2 (right = 1) tick labels once the plot is known. */
static void place_y_ticks(ps_chart_axis_layout *a, const ps_chart_rect *p, int right)
{
    for (size_t i = 0; i < a->nticks; i++) {
        ps_chart_tick *t = &a->ticks[i];
        t->pos = chart_ymap(a, p, t->value);
        t->label.x = right ? p->x + p->w + CH_TICK_LEN + 3 : p->x - CH_TICK_LEN - 3;
        t->label.y = t->pos + CH_TICK * CH_ASCENT / 2;
        t->label.anchor = right ? PS_ANCHOR_START : PS_ANCHOR_END;
    }
}

static void time_range(const ps_chart_spec *spec, ps_time *t0, ps_time *t1)
{
    *t0 = PS_TIME_NONE;
    *t1 = PS_TIME_NONE;
    for (size_t i = 0; i < spec->nseries; i++) {
        const ps_chart_series *s = &spec->series[i];
        if (s->n == 0)
            continue;
        if (*t0 == PS_TIME_NONE || s->t[0] < *t0)
            *t0 = s->t[0];
        if (*t1 == PS_TIME_NONE || s->t[s->n - 1] > *t1)
            *t1 = s->t[s->n - 1];
    }
    for (size_t i = 0; i < spec->nenvelopes; i++) {
        const ps_chart_envelope *e = &spec->envelopes[i];
        if (e->n && (*t0 == PS_TIME_NONE || e->t[0] < *t0))
            *t0 = e->t[0];
        if (e->n && (*t1 == PS_TIME_NONE || e->t[e->n - 1] > *t1))
            *t1 = e->t[e->n - 1];
    }
    for (size_t i = 0; i < spec->nshades; i++) {
        const ps_chart_shade *sh = &spec->shades[i];
        ps_time a = sh->from < sh->to ? sh->from : sh->to;
        ps_time b = sh->from < sh->to ? sh->to : sh->from;
        if (*t0 == PS_TIME_NONE || a < *t0)
            *t0 = a;
        if (*t1 == PS_TIME_NONE || b > *t1)
            *t1 = b;
    }
    if (*t0 == PS_TIME_NONE)
        *t0 = *t1 = 0;
    if (*t1 - *t0 < 1000) { /* a single instant: show one minute around it */
        *t0 -= 30000;
        *t1 += 30000;
    }
}

double chart_time_x(const ps_chart_axis_layout *a, const ps_chart_rect *p, double t)
{
    return p->x + (t - a->min) / (a->max - a->min) * p->w;
}

/* Widest label a time format can produce, for margins and tick density. */
static double time_label_width(const char *fmt)
{
    char lab[32];
    ps_chart_time_label(lab, sizeof lab, ps_time_from_fields(2000, 10, 28, 20, 28, 28, 0), fmt);
    return ps_chart_text_width(lab, CH_TICK, 0);
}

static void x_time_ticks(ps_chart_layout *l, const ps_chart_spec *spec)
{
    ps_chart_axis_layout *a = &l->x;
    ps_time t0 = (ps_time)a->min, t1 = (ps_time)a->max, ticks[PS_CHART_MAX_TICKS], step;
    const char *fmt;
    size_t n = ps_chart_time_ticks(t0, t1, 8, ticks, &step, &fmt);
    /* fewer ticks when the labels would crowd the plot width */
    double lw = time_label_width(fmt) + 14;
    size_t fit = (size_t)(l->plot.w / lw);
    if (fit < n)
        n = ps_chart_time_ticks(t0, t1, fit < 2 ? 2 : fit, ticks, &step, &fmt);
    a->step = (double)step;
    a->time_format = fmt;
    a->nticks = n;
    a->ticks = ps_xcalloc(n ? n : 1, sizeof *a->ticks);
    for (size_t i = 0; i < n; i++) {
        char lab[32];
        ps_chart_tick *t = &a->ticks[i];
        t->value = (double)ticks[i];
        t->pos = chart_time_x(a, &l->plot, t->value);
        ps_chart_time_label(lab, sizeof lab, ticks[i], fmt);
        chart_text_set(&t->label, lab, t->pos, l->plot.y + l->plot.h + CH_TICK_LEN + 3 + CH_TICK * CH_ASCENT, CH_TICK,
                       PS_ANCHOR_MIDDLE, 0, PS_ROLE_TEXT);
    }
    (void)spec;
}

/* Category labels are rotated by CAT_ROTATE degrees when the widest does not fit its slot. */
#define CAT_ROTATE 35.0

static double widest_category(const ps_chart_spec *spec)
{
    double w = 0;
    for (size_t i = 0; spec->categories && i < spec->ncategories; i++)
        w = fmax(w, ps_chart_text_width(spec->categories[i], CH_TICK, 0));
    return w;
}

static int categories_rotated(const ps_chart_spec *spec, double plot_w)
{
    return widest_category(spec) > plot_w / (double)spec->ncategories - 6;
}

/* Height the x tick labels take below the tick marks. */
static double x_label_height(const ps_chart_spec *spec, double plot_w)
{
    if (spec->kind != PS_CHART_TIME && categories_rotated(spec, plot_w)) {
        double a = CAT_ROTATE * M_PI / 180;
        return widest_category(spec) * sin(a) + CH_TICK * cos(a);
    }
    return CH_TICK * (CH_ASCENT + CH_DESCENT);
}

static void x_category_ticks(ps_chart_layout *l, const ps_chart_spec *spec)
{
    ps_chart_axis_layout *a = &l->x;
    size_t n = spec->ncategories;
    double gw = l->plot.w / (double)n;
    int rot = categories_rotated(spec, l->plot.w);
    a->min = 0;
    a->max = (double)n;
    a->step = 1;
    a->nticks = n;
    a->ticks = ps_xcalloc(n, sizeof *a->ticks);
    for (size_t i = 0; i < n; i++) {
        ps_chart_tick *t = &a->ticks[i];
        t->value = (double)i;
        t->pos = l->plot.x + gw * ((double)i + 0.5);
        double y = l->plot.y + l->plot.h + CH_TICK_LEN + 3;
        /* rotated: the end of the text hangs from the slot centre, reading upwards */
        chart_text_set(&t->label, spec->categories ? spec->categories[i] : NULL,
                       rot ? t->pos + CH_TICK * CH_ASCENT / 2 : t->pos, rot ? y : y + CH_TICK * CH_ASCENT, CH_TICK,
                       rot ? PS_ANCHOR_END : PS_ANCHOR_MIDDLE, 0, PS_ROLE_TEXT);
        t->label.rotate = rot ? -CAT_ROTATE : 0;
    }
}

static void add_polyline(ps_chart_layout *l, size_t series, int role, const double *xy, size_t n)
{
    if (n == 0)
        return;
    l->lines = ps_xrealloc(l->lines, (l->nlines + 1) * sizeof *l->lines);
    ps_chart_polyline *p = &l->lines[l->nlines++];
    p->series = series;
    p->role = role;
    p->n = n;
    p->xy = ps_xmalloc(2 * n * sizeof *p->xy);
    memcpy(p->xy, xy, 2 * n * sizeof *p->xy);
}

/* One column of the M4 reduction: first, lowest, highest and last point. */
typedef struct m4 {
    size_t idx[4];
    double x[4], y[4];
    int used;
} m4;

static void m4_flush(m4 *c, double *xy, size_t *k)
{
    if (!c->used)
        return;
    /* emit in sample order without repeating a sample */
    size_t order[4] = {0, 1, 2, 3};
    for (int a = 1; a < 4; a++)
        for (int b = a; b > 0 && c->idx[order[b]] < c->idx[order[b - 1]]; b--) {
            size_t t = order[b];
            order[b] = order[b - 1];
            order[b - 1] = t;
        }
    for (int a = 0; a < 4; a++) {
        size_t o = order[a];
        if (a > 0 && c->idx[o] == c->idx[order[a - 1]])
            continue;
        xy[2 * *k] = c->x[o];
        xy[2 * *k + 1] = c->y[o];
        (*k)++;
    }
    c->used = 0;
}

static void m4_add(m4 *c, size_t idx, double x, double y)
{
    if (!c->used) {
        for (int a = 0; a < 4; a++) {
            c->idx[a] = idx;
            c->x[a] = x;
            c->y[a] = y;
        }
        c->used = 1;
        return;
    }
    /* slot 1: highest on the page (smallest y), slot 2: lowest, slot 3: last */
    if (y < c->y[1]) {
        c->idx[1] = idx;
        c->x[1] = x;
        c->y[1] = y;
    }
    if (y > c->y[2]) {
        c->idx[2] = idx;
        c->x[2] = x;
        c->y[2] = y;
    }
    c->idx[3] = idx;
    c->x[3] = x;
    c->y[3] = y;
}

/* Points of series i, split at NaN. Long series are reduced per quarter-point column to the
 * first, highest, lowest and last point of the column (M4), which draws the same picture
 * with at most 4 points per column. */
static void series_lines(ps_chart_layout *l, const ps_chart_spec *spec, size_t i, const ps_chart_axis_layout *ya)
{
    const ps_chart_series *s = &spec->series[i];
    int role = chart_series_role(s, i);
    double *xy = ps_xmalloc(2 * (s->n ? s->n : 1) * sizeof *xy);
    size_t k = 0;
    double col = NAN;
    m4 c = {0};
    for (size_t j = 0; j <= s->n; j++) {
        double v = j < s->n ? s->v[j] : NAN;
        if (!isfinite(v)) {
            m4_flush(&c, xy, &k);
            add_polyline(l, i, role, xy, k);
            k = 0;
            col = NAN;
            continue;
        }
        double x = spec->kind == PS_CHART_TIME ? chart_time_x(&l->x, &l->plot, (double)s->t[j]) : l->x.ticks[j].pos;
        double y = chart_ymap(ya, &l->plot, v);
        double cc = floor(x * 4);
        if (cc != col) {
            m4_flush(&c, xy, &k);
            col = cc;
        }
        m4_add(&c, j, x, y);
    }
    free(xy);
}

static void layout_bars(ps_chart_layout *l, const ps_chart_spec *spec)
{
    size_t nb = 0;
    for (size_t i = 0; i < spec->nseries; i++)
        nb += !chart_series_on_y2(spec, i);
    double gw = l->plot.w / (double)spec->ncategories;
    double bw = fmin(gw * BAR_GROUP_SHARE / (double)nb, BAR_MAX_WIDTH);
    double factor = chart_axis_factor(&l->y);
    double y0 = chart_ymap(&l->y, &l->plot, fmax(l->y.min, fmin(0, l->y.max)));
    l->bars = ps_xcalloc(nb * spec->ncategories, sizeof *l->bars);
    for (size_t c = 0; c < spec->ncategories; c++) {
        double gx = l->x.ticks[c].pos - bw * (double)nb / 2;
        size_t slot = 0;
        for (size_t i = 0; i < spec->nseries; i++) {
            if (chart_series_on_y2(spec, i))
                continue;
            double v = spec->series[i].v[c], x = gx + bw * (double)slot++;
            if (!isfinite(v))
                continue;
            ps_chart_bar *b = &l->bars[l->nbars++];
            double yv = chart_ymap(&l->y, &l->plot, v);
            b->series = i;
            b->category = c;
            b->role = chart_series_role(&spec->series[i], i);
            b->value = v;
            b->r.x = x + bw * 0.06;
            b->r.w = bw * 0.88;
            b->r.y = fmin(yv, y0);
            b->r.h = fabs(yv - y0);
            if (spec->value_labels) {
                char lab[64];
                chart_fmt_value(lab, sizeof lab, v, factor, l->y.prefix);
                double ly = v >= 0 ? b->r.y - 3 : b->r.y + b->r.h + 3 + CH_VALUE * CH_ASCENT;
                chart_text_set(&b->label, lab, x + bw / 2, ly, CH_VALUE, PS_ANCHOR_MIDDLE, 0, PS_ROLE_TEXT);
            }
        }
    }
}

static void layout_bands(ps_chart_layout *l, const ps_chart_spec *spec)
{
    for (size_t i = 0; spec->kind == PS_CHART_TIME && i < spec->nbands; i++) {
        const ps_chart_band *bd = &spec->bands[i];
        double top = l->plot.y, bottom = l->plot.y + l->plot.h;
        double a = isinf(bd->hi) ? (bd->hi > 0 ? top : bottom) : chart_ymap(&l->y, &l->plot, bd->hi);
        double b = isinf(bd->lo) ? (bd->lo > 0 ? top : bottom) : chart_ymap(&l->y, &l->plot, bd->lo);
        a = fmax(a, top);
        b = fmin(b, bottom);
        if (!(b > a))
            continue;
        ps_chart_shade_box *sb = &l->shades[l->nshades++];
        sb->r = (ps_chart_rect){l->plot.x, a, l->plot.w, b - a};
        sb->band = 1;
        sb->role = bd->role;
    }
}

static void layout_shades(ps_chart_layout *l, const ps_chart_spec *spec)
{
    l->shades = ps_xcalloc(spec->nshades + spec->nbands + 1, sizeof *l->shades);
    layout_bands(l, spec);
    for (size_t i = 0; spec->kind == PS_CHART_TIME && i < spec->nshades; i++) {
        const ps_chart_shade *s = &spec->shades[i];
        double a = chart_time_x(&l->x, &l->plot, (double)(s->from < s->to ? s->from : s->to));
        double b = chart_time_x(&l->x, &l->plot, (double)(s->from < s->to ? s->to : s->from));
        a = fmax(a, l->plot.x);
        b = fmin(b, l->plot.x + l->plot.w);
        if (b <= a)
            continue;
        ps_chart_shade_box *sb = &l->shades[l->nshades++];
        sb->r = (ps_chart_rect){a, l->plot.y, b - a, l->plot.h};
        chart_text_set(&sb->label, s->label, a + 3, l->plot.y + 3 + CH_NOTE * CH_ASCENT, CH_NOTE, PS_ANCHOR_START, 0,
                       PS_ROLE_MUTED);
    }
}

/* y data ranges: axis 0 = y, 1 = y2 */
static void data_range(const ps_chart_spec *spec, int y2, double *lo, double *hi)
{
    *lo = *hi = NAN;
    for (size_t i = 0; i < spec->nseries; i++)
        if (chart_series_on_y2(spec, i) == y2)
            for (size_t j = 0; j < spec->series[i].n; j++)
                range_add(lo, hi, spec->series[i].v[j]);
    for (size_t i = 0; !y2 && spec->kind == PS_CHART_TIME && i < spec->nenvelopes; i++)
        for (size_t j = 0; j < spec->envelopes[i].n; j++) {
            range_add(lo, hi, spec->envelopes[i].lo[j]);
            range_add(lo, hi, spec->envelopes[i].hi[j]);
        }
    int labels_above = spec->value_labels && !y2 && spec->kind != PS_CHART_TIME;
    for (size_t i = 0; i < spec->nthresholds; i++)
        if ((spec->kind == PS_CHART_BARS_LINE && spec->thresholds[i].on_y2) == y2) {
            range_add(lo, hi, spec->thresholds[i].value);
            labels_above |= spec->thresholds[i].label != NULL;
        }
    for (size_t i = 0; i < spec->nseries; i++)
        if (chart_series_on_y2(spec, i) == y2 && spec->series[i].has_limit) {
            range_add(lo, hi, spec->series[i].limit);
            labels_above |= spec->series[i].limit_label != NULL;
        }
    /* head room for labels drawn above the highest bar or threshold */
    if (labels_above && *hi > 0)
        *hi += 0.06 * (*hi - fmin(*lo, 0));
}

static int has_y2(const ps_chart_spec *spec)
{
    for (size_t i = 0; i < spec->nseries; i++)
        if (chart_series_on_y2(spec, i))
            return 1;
    return 0;
}

/* The title, wrapped to the plot width w (l->title, then l->title_more), and the subtitle, from
 * the top; returns the top of the plot below them. */
static double title_lines(ps_chart_layout *l, const ps_chart_spec *spec, double w)
{
    double top = CH_PAD;
    char *lines[PS_CHART_TITLE_LINES];
    size_t n = chart_title_wrap(spec->title, CH_TITLE, 1, w, lines, PS_CHART_TITLE_LINES);
    for (size_t i = 0; i < n; i++) {
        chart_text_set(i ? &l->title_more[i - 1] : &l->title, lines[i], CH_PAD, top + CH_TITLE * CH_ASCENT, CH_TITLE,
                       PS_ANCHOR_START, 1, PS_ROLE_TEXT);
        top += CH_TITLE * 1.3;
        free(lines[i]);
    }
    if (spec->subtitle && *spec->subtitle) {
        chart_text_set(&l->subtitle, spec->subtitle, CH_PAD, top + CH_SUBTITLE * CH_ASCENT, CH_SUBTITLE,
                       PS_ANCHOR_START, 0, PS_ROLE_MUTED);
        top += CH_SUBTITLE * 1.3;
    }
    return top + (l->title.text || l->subtitle.text ? 8 : CH_TICK / 2);
}

int ps_chart_layout_compute(const ps_chart_spec *spec, ps_chart_layout *l, ps_error *err)
{
    memset(l, 0, sizeof *l);
    int rc = chart_spec_check(spec, err);
    if (rc)
        return rc;
    l->kind = spec->kind;
    l->width = spec->width > 0 ? spec->width : 600;
    l->height = spec->height > 0 ? spec->height : 340;
    int bars = spec->kind != PS_CHART_TIME;

    /* y axes: ticks depend on the data only */
    double lo, hi;
    data_range(spec, 0, &lo, &hi);
    double yw = axis_ticks(&l->y, lo, hi, bars || spec->y_include_zero);
    double y2w = 0;
    if (has_y2(spec)) {
        data_range(spec, 1, &lo, &hi);
        y2w = axis_ticks(&l->y2, lo, hi, 1);
    }
    char *t = chart_axis_title(&spec->y);
    chart_text_set(&l->y.title, t, 0, 0, CH_AXIS_TITLE, PS_ANCHOR_MIDDLE, 0, PS_ROLE_TEXT);
    free(t);
    t = chart_axis_title(&spec->y2);
    if (l->y2.present)
        chart_text_set(&l->y2.title, t, 0, 0, CH_AXIS_TITLE, PS_ANCHOR_MIDDLE, 0, PS_ROLE_TEXT);
    free(t);

    double left = CH_PAD + (l->y.title.text ? CH_AXIS_TITLE * 1.4 : 0) + yw + CH_TICK_LEN + 3;
    double right = l->width - CH_PAD;
    if (l->y2.present)
        right -= (l->y2.title.text ? CH_AXIS_TITLE * 1.4 : 0) + y2w + CH_TICK_LEN + 3;

    /* x axis range (time) and the right margin the last time label may need */
    l->x.present = 1;
    if (!bars) {
        ps_time t0, t1;
        time_range(spec, &t0, &t1);
        l->x.min = (double)t0;
        l->x.max = (double)t1;
        ps_time tk[PS_CHART_MAX_TICKS], st;
        const char *fmt;
        ps_chart_time_ticks(t0, t1, 8, tk, &st, &fmt);
        right = fmin(right, l->width - fmax(CH_PAD, time_label_width(fmt) / 2 + 2));
        left = fmax(left, time_label_width(fmt) / 2 + 2); /* first label, centred on x0 */
    }

    double top = title_lines(l, spec, right - left);

    /* bottom: legend rows, x title, x tick labels */
    double bottom = l->height - CH_PAD;
    size_t rows = 0;
    if (!spec->no_legend) {
        chart_legend_items(l, spec);
        rows = chart_legend_flow(l, left, right - left, 0, 0);
        bottom -= (double)rows * CHART_LEGEND_ROW + 4;
    }
    if (spec->x_label && *spec->x_label) {
        chart_text_set(&l->x.title, spec->x_label, (left + right) / 2, bottom - CH_AXIS_TITLE * CH_DESCENT,
                       CH_AXIS_TITLE, PS_ANCHOR_MIDDLE, 0, PS_ROLE_TEXT);
        bottom -= CH_AXIS_TITLE * 1.4;
    }
    bottom -= x_label_height(spec, right - left) + CH_TICK_LEN + 3 + 2;
    if (bottom - top < 20 || right - left < 20) {
        ps_chart_layout_fini(l);
        return ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "chart: %gx%g pt leaves no room for the plot", spec->width,
                            spec->height);
    }
    l->plot = (ps_chart_rect){left, top, right - left, bottom - top};
    if (rows)
        chart_legend_flow(l, left, right - left, l->height - CH_PAD - (double)rows * CHART_LEGEND_ROW, 1);

    /* axis titles beside the plot */
    double mid = l->plot.y + l->plot.h / 2;
    l->y.title.x = CH_PAD + CH_AXIS_TITLE * CH_ASCENT;
    l->y.title.y = mid;
    l->y.title.rotate = -90;
    l->y2.title.x = l->width - CH_PAD - CH_AXIS_TITLE * CH_ASCENT;
    l->y2.title.y = mid;
    l->y2.title.rotate = 90;

    place_y_ticks(&l->y, &l->plot, 0);
    if (l->y2.present)
        place_y_ticks(&l->y2, &l->plot, 1);
    if (bars)
        x_category_ticks(l, spec);
    else
        x_time_ticks(l, spec);

    layout_shades(l, spec);
    chart_layout_envelopes(l, spec);
    if (bars)
        layout_bars(l, spec);
    for (size_t i = 0; i < spec->nseries; i++)
        if (chart_series_is_line(spec, i))
            series_lines(l, spec, i, chart_series_on_y2(spec, i) ? &l->y2 : &l->y);
    chart_layout_limits(l, spec);
    chart_place_limit_labels(l);
    return PS_OK;
}
