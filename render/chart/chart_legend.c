/* chart_legend.c - the chart legend: one item per series (label, optional min/avg/max), flowed
 * into centred rows below the plot. Part of the layout (chart_layout.c calls it). */
#include "chart_internal.h"

#include <math.h>

#define LEGEND_SWATCH_BOX 9.0
#define LEGEND_SWATCH_LINE 18.0
#define LEGEND_GAP 16.0 /* between legend items */

/* The entries of the labelled envelopes (time charts): box swatches, min and max of the band. */
static void envelope_items(ps_chart_layout *l, const ps_chart_spec *spec)
{
    for (size_t e = 0; spec->kind == PS_CHART_TIME && e < spec->nenvelopes; e++) {
        const ps_chart_envelope *en = &spec->envelopes[e];
        if (!en->label || !*en->label)
            continue;
        ps_chart_legend_item *it = &l->legend[l->nlegend++];
        it->series = e;
        it->envelope = 1;
        it->role = PS_ROLE_SERIES1 + (en->role >= 0 ? en->role : 0) % PS_CHART_NSERIES_ROLES;
        ps_chart_series lo = {.n = en->n, .v = en->lo}, hi = {.n = en->n, .v = en->hi};
        double a, b;
        chart_series_stats(&lo, &it->min, &a, &b);
        chart_series_stats(&hi, &a, &b, &it->max);
        it->avg = NAN;
        chart_text_set(&it->text, en->label, 0, 0, CH_LEGEND, PS_ANCHOR_START, 0, PS_ROLE_TEXT);
    }
}

void chart_legend_items(ps_chart_layout *l, const ps_chart_spec *spec)
{
    l->legend = ps_xcalloc(spec->nseries + spec->nenvelopes + 1, sizeof *l->legend);
    envelope_items(l, spec);
    for (size_t i = 0; i < spec->nseries; i++) {
        const ps_chart_series *s = &spec->series[i];
        ps_chart_legend_item *it = &l->legend[l->nlegend++];
        ps_buf b = {0};
        it->series = i;
        it->role = chart_series_role(s, i);
        it->is_line = chart_series_is_line(spec, i);
        chart_series_stats(s, &it->min, &it->avg, &it->max);
        ps_buf_puts(&b, s->label ? s->label : "");
        if (spec->legend_stats) {
            const ps_chart_axis_layout *a = chart_series_on_y2(spec, i) ? &l->y2 : &l->y;
            double f = chart_axis_factor(a);
            char v1[64], v2[64], v3[64];
            if (isnan(it->avg))
                ps_buf_puts(&b, " (no data)");
            else
                ps_buf_printf(&b, " (min %s, avg %s, max %s)", chart_fmt_value(v1, sizeof v1, it->min, f, a->prefix),
                              chart_fmt_value(v2, sizeof v2, it->avg, f, a->prefix),
                              chart_fmt_value(v3, sizeof v3, it->max, f, a->prefix));
        }
        chart_text_set(&it->text, b.data, 0, 0, CH_LEGEND, PS_ANCHOR_START, 0, PS_ROLE_TEXT);
        ps_buf_fini(&b);
    }
}

static double item_width(const ps_chart_legend_item *it)
{
    return (it->is_line ? LEGEND_SWATCH_LINE : LEGEND_SWATCH_BOX) + 5 + it->text.width;
}

size_t chart_legend_flow(ps_chart_layout *l, double x, double w, double top, int place)
{
    size_t rows = 0, i = 0;
    while (i < l->nlegend) {
        size_t j = i;
        double rw = item_width(&l->legend[i]);
        while (j + 1 < l->nlegend && rw + LEGEND_GAP + item_width(&l->legend[j + 1]) <= w) {
            j++;
            rw += LEGEND_GAP + item_width(&l->legend[j]);
        }
        if (place) {
            double cx = x + fmax(0, (w - rw) / 2), ry = top + (double)rows * CHART_LEGEND_ROW;
            double base = ry + CHART_LEGEND_ROW / 2 + CH_LEGEND * CH_ASCENT / 2;
            for (size_t k = i; k <= j; k++) {
                ps_chart_legend_item *it = &l->legend[k];
                double sw = it->is_line ? LEGEND_SWATCH_LINE : LEGEND_SWATCH_BOX;
                double sh = it->is_line ? 0 : LEGEND_SWATCH_BOX;
                it->swatch = (ps_chart_rect){cx, ry + CHART_LEGEND_ROW / 2 - sh / 2, sw, sh};
                it->text.x = cx + sw + 5;
                it->text.y = base;
                cx += item_width(it) + LEGEND_GAP;
            }
        }
        rows++;
        i = j + 1;
    }
    return rows;
}
