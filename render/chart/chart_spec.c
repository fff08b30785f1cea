/* chart_spec.c - chart spec helpers: validation, series statistics, texts, freeing layouts. */
#include "chart_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* 9999-12-31T23:59:59.999 in ms: beyond it spans could overflow */
#define PS_CHART_TIME_LIMIT 253402300799999LL

int chart_spec_check(const ps_chart_spec *spec, ps_error *err)
{
    double w = spec->width > 0 ? spec->width : 600, h = spec->height > 0 ? spec->height : 340;
    if (w < 120 || h < 80)
        return ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "chart: size %gx%g pt is below 120x80", w, h);
    if (spec->nseries == 0 || !spec->series)
        return ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "chart: no series");
    if (spec->kind != PS_CHART_TIME && spec->ncategories == 0)
        return ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "chart: bar chart without categories");
    for (size_t i = 0; i < spec->nshades; i++) {
        ps_time a = spec->shades[i].from, b = spec->shades[i].to;
        if (a < -PS_CHART_TIME_LIMIT || a > PS_CHART_TIME_LIMIT || b < -PS_CHART_TIME_LIMIT || b > PS_CHART_TIME_LIMIT)
            return ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "chart: shaded range %zu has no time", i);
    }
    size_t nbars = 0;
    for (size_t i = 0; i < spec->nseries; i++) {
        const ps_chart_series *s = &spec->series[i];
        const char *name = s->label ? s->label : "(unnamed)";
        if (s->n > 0 && !s->v)
            return ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "chart: series %s has no values", name);
        if (spec->kind == PS_CHART_TIME) {
            if (s->n > 0 && !s->t)
                return ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "chart: time series %s has no times", name);
            for (size_t j = 0; j < s->n; j++)
                if (s->t[j] == PS_TIME_NONE || s->t[j] < -PS_CHART_TIME_LIMIT || s->t[j] > PS_CHART_TIME_LIMIT)
                    return ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "chart: series %s has no time at point %zu", name,
                                        j);
            for (size_t j = 1; j < s->n; j++)
                if (s->t[j] < s->t[j - 1])
                    return ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "chart: times of series %s decrease at point %zu",
                                        name, j);
        } else {
            if (s->n != spec->ncategories)
                return ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "chart: series %s has %zu values for %zu categories",
                                    name, s->n, spec->ncategories);
            nbars += !chart_series_on_y2(spec, i);
        }
    }
    if (spec->kind != PS_CHART_TIME && nbars == 0)
        return ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "chart: bar chart without bar series");
    return PS_OK;
}

ps_chart_series ps_chart_series_of(const ps_series *s, int role)
{
    ps_chart_series c = {.label = s->label, .role = role, .n = s->n, .v = s->v, .t = s->t};
    return c;
}

int chart_series_role(const ps_chart_series *s, size_t i)
{
    int r = s->role >= 0 ? s->role : (int)i;
    return PS_ROLE_SERIES1 + r % PS_CHART_NSERIES_ROLES;
}

int chart_series_on_y2(const ps_chart_spec *spec, size_t i)
{
    return spec->kind == PS_CHART_BARS_LINE && spec->series[i].on_y2;
}

int chart_series_is_line(const ps_chart_spec *spec, size_t i)
{
    return spec->kind == PS_CHART_TIME || chart_series_on_y2(spec, i);
}

void chart_series_stats(const ps_chart_series *s, double *min, double *avg, double *max)
{
    double lo = NAN, hi = NAN, sum = 0;
    size_t n = 0;
    for (size_t i = 0; i < s->n; i++) {
        double v = s->v[i];
        if (!isfinite(v))
            continue;
        lo = n == 0 || v < lo ? v : lo;
        hi = n == 0 || v > hi ? v : hi;
        sum += v;
        n++;
    }
    *min = lo;
    *max = hi;
    *avg = n ? sum / (double)n : NAN;
}

void chart_text_set(ps_chart_text *t, const char *text, double x, double y, double size, int anchor, int bold, int role)
{
    free(t->text);
    memset(t, 0, sizeof *t);
    if (text && *text)
        t->text = ps_xstrdup(text);
    t->x = x;
    t->y = y;
    t->size = size;
    t->anchor = anchor;
    t->bold = bold;
    t->role = role;
    t->width = ps_chart_text_width(t->text, size, bold);
}

const char *chart_fmt_value(char *out, size_t n, double v, double factor, const char *prefix)
{
    double s = v / factor, a = fabs(s);
    int dec = a >= 99.95 ? 0 : a >= 9.995 ? 1 : a >= 0.9995 ? 2 : 3;
    char num[64];
    ps_fmt_num(num, sizeof num, s, dec);
    if (strchr(num, '.')) {
        size_t len = strlen(num);
        while (num[len - 1] == '0')
            num[--len] = 0;
        if (num[len - 1] == '.')
            num[--len] = 0;
    }
    if (strcmp(num, "0") == 0)
        prefix = "";
    snprintf(out, n, "%s%s", num, prefix ? prefix : "");
    return out;
}

char *chart_axis_title(const ps_chart_axis *a)
{
    ps_buf b = {0};
    int has_l = a->label && *a->label, has_u = a->unit && *a->unit;
    if (has_l && has_u)
        ps_buf_printf(&b, "%s (%s)", a->label, a->unit);
    else if (has_l || has_u)
        ps_buf_puts(&b, has_l ? a->label : a->unit);
    return ps_buf_steal(&b);
}

static void free_axis(ps_chart_axis_layout *a)
{
    for (size_t i = 0; i < a->nticks; i++)
        free(a->ticks[i].label.text);
    free(a->ticks);
    free(a->title.text);
}

void ps_chart_layout_fini(ps_chart_layout *l)
{
    if (!l)
        return;
    free(l->title.text);
    for (size_t i = 0; i < PS_CHART_TITLE_LINES - 1; i++)
        free(l->title_more[i].text);
    free(l->subtitle.text);
    free_axis(&l->x);
    free_axis(&l->y);
    free_axis(&l->y2);
    for (size_t i = 0; i < l->nshades; i++)
        free(l->shades[i].label.text);
    free(l->shades);
    for (size_t i = 0; i < l->nbars; i++)
        free(l->bars[i].label.text);
    free(l->bars);
    for (size_t i = 0; i < l->nlines; i++)
        free(l->lines[i].xy);
    free(l->lines);
    for (size_t i = 0; i < l->nthresholds; i++)
        free(l->thresholds[i].label.text);
    free(l->thresholds);
    for (size_t i = 0; i < l->nlegend; i++)
        free(l->legend[i].text.text);
    free(l->legend);
    for (size_t i = 0; i < l->nareas; i++)
        free(l->areas[i].xy);
    free(l->areas);
    memset(l, 0, sizeof *l);
}
