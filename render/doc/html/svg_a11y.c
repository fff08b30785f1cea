/* svg_a11y.c - an inline SVG chart that assistive technology can read: role="img" named by a
 * <title> and described by a <desc> that states the series, the axis ranges, the thresholds
 * and each series' extremes (and mean); and an invisible hit area with a <title>
 * tooltip over every bar, every point marker and every legend entry (no scripts). */
#include "ps_render.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void esc(ps_buf *b, const char *s)
{
    ps_html_escape(b, s ? s : "");
}

/* Up to 3 decimals, trailing zeros dropped; "n/a" for NaN. */
static const char *num(char *out, size_t n, double v)
{
    if (!isfinite(v))
        return "n/a";
    snprintf(out, n, "%.3f", v);
    char *e = out + strlen(out);
    while (e > out && e[-1] == '0')
        *--e = 0;
    if (e > out && e[-1] == '.')
        *--e = 0;
    if (strcmp(out, "-0") == 0)
        strcpy(out, "0");
    return out;
}

/* A time axis value (ms since 1970, in the clock the axis shows) as "YYYY-MM-DD HH:MM:SS". */
static const char *when(char *out, size_t n, double v)
{
    int y, mo, d, h, mi, sec, ms;
    ps_time_to_fields((ps_time)v, &y, &mo, &d, &h, &mi, &sec, &ms);
    snprintf(out, n, "%04d-%02d-%02d %02d:%02d:%02d", y, mo, d, h, mi, sec);
    return out;
}

static const char *unit_of(const ps_chart_spec *s, int y2)
{
    const ps_chart_axis *a = y2 ? &s->y2 : &s->y;
    return a->unit ? a->unit : "";
}

static void axis_range(ps_buf *b, const char *name, const ps_chart_axis_layout *a, int is_time)
{
    char lo[40], hi[40];
    if (!a->present)
        return;
    ps_buf_printf(b, " %s", name);
    if (a->title.text) {
        ps_buf_puts(b, " (");
        esc(b, a->title.text);
        ps_buf_puts(b, ")");
    }
    if (is_time)
        ps_buf_printf(b, " from %s to %s.", when(lo, sizeof lo, a->min), when(hi, sizeof hi, a->max));
    else
        ps_buf_printf(b, " from %s to %s.", num(lo, sizeof lo, a->min), num(hi, sizeof hi, a->max));
}

/* ": minimum x, mean y, maximum z" of a legend entry. Time series reach the chart reduced to
 * the minimum and maximum per horizontal point, so their mean is not stated. */
static void summary(ps_buf *b, const ps_chart_layout *l, const ps_chart_legend_item *it)
{
    char v1[40], v2[40], v3[40];
    if (l->kind == PS_CHART_TIME)
        ps_buf_printf(b, ": minimum %s, maximum %s", num(v1, sizeof v1, it->min), num(v3, sizeof v3, it->max));
    else
        ps_buf_printf(b, ": minimum %s, mean %s, maximum %s", num(v1, sizeof v1, it->min), num(v2, sizeof v2, it->avg),
                      num(v3, sizeof v3, it->max));
}

/* Name of a legend entry: its series' label, or its envelope's. */
static const char *item_label(const ps_chart_spec *s, const ps_chart_legend_item *it)
{
    if (it->envelope)
        return it->series < s->nenvelopes ? s->envelopes[it->series].label : "";
    return it->series < s->nseries ? s->series[it->series].label : "";
}

static void describe(const ps_chart_spec *s, const ps_chart_layout *l, ps_buf *b)
{
    static const char *const kinds[] = {"Line chart over time", "Bar chart", "Bar and line chart"};
    char v1[40];
    ps_buf_printf(b, "%s of %zu series:", kinds[l->kind % 3], s->nseries);
    for (size_t i = 0; i < s->nseries; i++) {
        ps_buf_puts(b, i ? ", " : " ");
        esc(b, s->series[i].label);
        if (s->series[i].on_y2 && l->kind == PS_CHART_BARS_LINE)
            ps_buf_puts(b, " (right axis)");
    }
    ps_buf_puts(b, ".");
    if (l->kind != PS_CHART_TIME && s->ncategories) {
        ps_buf_puts(b, " Categories:");
        for (size_t k = 0; k < s->ncategories; k++) {
            ps_buf_puts(b, k ? ", " : " ");
            esc(b, s->categories[k]);
        }
        ps_buf_puts(b, ".");
    }
    if (l->kind == PS_CHART_TIME)
        axis_range(b, "Horizontal axis", &l->x, 1);
    axis_range(b, "Vertical axis", &l->y, 0);
    axis_range(b, "Right axis", &l->y2, 0);
    if (!l->nthresholds)
        ps_buf_puts(b, " No threshold line.");
    for (size_t i = 0; i < l->nthresholds; i++) {
        long si = l->thresholds[i].series;
        if (si >= 0 && !l->thresholds[i].label.text)
            continue; /* a series limit is stated once, by its labelled segment */
        if (si >= 0 && (size_t)si < s->nseries) {
            ps_buf_puts(b, " Limit of ");
            esc(b, s->series[si].label);
            ps_buf_printf(b, " at %s", num(v1, sizeof v1, l->thresholds[i].value));
        } else
            ps_buf_printf(b, " Threshold line at %s", num(v1, sizeof v1, l->thresholds[i].value));
        if (l->thresholds[i].label.text) {
            ps_buf_puts(b, " (");
            esc(b, l->thresholds[i].label.text);
            ps_buf_puts(b, ")");
        }
        ps_buf_puts(b, ".");
    }
    if (l->nshades)
        ps_buf_printf(b, " %zu shaded period%s outside the collection window.", l->nshades, l->nshades == 1 ? "" : "s");
    for (size_t i = 0; i < l->nlegend; i++) {
        const ps_chart_legend_item *it = &l->legend[i];
        ps_buf_puts(b, it->envelope ? " Band " : " ");
        esc(b, item_label(s, it));
        summary(b, l, it);
        ps_buf_puts(b, ".");
    }
}

static void tip(ps_buf *b, double x, double y, double w, double h, const char *series, const char *category,
                double value, const char *unit)
{
    char v[40];
    ps_buf_printf(b,
                  "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"#000\" fill-opacity=\"0\"><title>",
                  x, y, w, h);
    esc(b, series);
    if (category) {
        ps_buf_puts(b, ", ");
        esc(b, category);
    }
    ps_buf_printf(b, ": %s%s", num(v, sizeof v, value), *unit ? " " : "");
    esc(b, unit);
    ps_buf_puts(b, "</title></rect>\n");
}

static void tooltips(const ps_chart_spec *s, const ps_chart_layout *l, ps_buf *b)
{
    ps_buf_puts(b, "<g class=\"tips\">\n");
    for (size_t i = 0; i < l->nbars; i++) {
        const ps_chart_bar *br = &l->bars[i];
        tip(b, br->r.x, br->r.y, br->r.w, br->r.h, s->series[br->series].label,
            br->category < s->ncategories ? s->categories[br->category] : NULL, br->value, unit_of(s, 0));
    }
    if (l->kind != PS_CHART_TIME) { /* point markers: the present values of the series, in order */
        size_t *next = ps_xcalloc(s->nseries + 1, sizeof *next);
        for (size_t i = 0; i < l->nlines; i++) {
            const ps_chart_polyline *pl = &l->lines[i];
            const ps_chart_series *se = &s->series[pl->series];
            for (size_t k = 0; k < pl->n; k++) {
                size_t *at = &next[pl->series];
                while (*at < se->n && !isfinite(se->v[*at]))
                    (*at)++;
                if (*at >= se->n)
                    break;
                tip(b, pl->xy[2 * k] - 4, pl->xy[2 * k + 1] - 4, 8, 8, se->label,
                    *at < s->ncategories ? s->categories[*at] : NULL, se->v[*at], unit_of(s, se->on_y2));
                (*at)++;
            }
        }
        free(next);
    }
    for (size_t i = 0; i < l->nlegend; i++) { /* legend entries: the series summary */
        const ps_chart_legend_item *it = &l->legend[i];
        double x = it->swatch.x, w = it->text.x + it->text.width - x;
        ps_buf_printf(b,
                      "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"#000\" "
                      "fill-opacity=\"0\"><title>",
                      x, it->text.y - it->text.size, w > 0 ? w : 10, it->text.size * 1.4);
        esc(b, item_label(s, it));
        summary(b, l, it);
        ps_buf_puts(b, "</title></rect>\n");
    }
    ps_buf_puts(b, "</g>\n");
}

int ps_chart_svg_accessible(const ps_chart_spec *spec, const char *id_prefix, ps_buf *out, ps_error *err)
{
    ps_buf svg = {0};
    ps_chart_layout l;
    int rc = ps_chart_svg_string(spec, id_prefix, &svg, err);
    if (!rc)
        rc = ps_chart_layout_compute(spec, &l, err);
    else
        memset(&l, 0, sizeof l);
    char *open = rc || !svg.data ? NULL : strstr(svg.data, "<svg");
    char *gt = open ? strchr(open, '>') : NULL, *close = NULL;
    for (char *p = gt; p && (p = strstr(p, "</svg>")) != NULL; p++)
        close = p;
    if (!rc && (!gt || !close))
        rc = ps_error_set(err, PS_EIO, NULL, 0, 0, "chart: unexpected SVG from cairo");
    if (!rc) {
        const char *pre = id_prefix ? id_prefix : "";
        ps_buf_put(out, svg.data, (size_t)(open - svg.data));
        ps_buf_printf(out, "<svg role=\"img\" aria-labelledby=\"%stitle %sdesc\"", pre, pre);
        ps_buf_put(out, open + 4, (size_t)(gt + 1 - (open + 4)));
        ps_buf_printf(out, "\n<title id=\"%stitle\">", pre);
        esc(out, spec->title && *spec->title ? spec->title : "Chart");
        ps_buf_printf(out, "</title>\n<desc id=\"%sdesc\">", pre);
        describe(spec, &l, out);
        ps_buf_puts(out, "</desc>");
        ps_buf_put(out, gt + 1, (size_t)(close - (gt + 1)));
        tooltips(spec, &l, out);
        ps_buf_puts(out, close);
    }
    ps_chart_layout_fini(&l);
    ps_buf_fini(&svg);
    return rc;
}
