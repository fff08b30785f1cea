/* svg_a11y.c - an inline SVG chart that assistive technology can read: role="img" named by a
 * <title> and described by a <desc> that states the series, the axis ranges, the thresholds
 * and each series' extremes (and mean); and an invisible hit area with a <title>
 * tooltip over every bar, every point marker and every legend entry (no scripts). */
#include "ps_js_words.h"
#include "ps_render.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void esc(ps_buf *b, const char *s)
{
    ps_html_escape(b, s ? s : "");
}

/* Up to 3 decimals, trailing zeros dropped; "n/a" for NaN: the English of callers without a
 * language. With one (a paper), the number of its sentences (ps_js_words_num: its decimal mark). */
static const char *num(const ps_lang *L, char *out, size_t n, double v)
{
    if (!isfinite(v))
        return ps_msg(L, PS_MSG_NA);
    if (L)
        return ps_js_words_num(L, out, n, v);
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

/* Append catalogue text id of L with fields to b (unescaped: the caller escapes the whole). */
static void fill(ps_buf *b, const ps_lang *L, enum ps_msg_id id, const ps_msg_field *f, size_t n)
{
    ps_msg_fill(b, ps_msg(L, id), f, n);
}

/* " (text)" in L, or "" for no text, into out (reset first) */
static const char *paren(ps_buf *out, const ps_lang *L, const char *text)
{
    ps_buf_reset(out);
    const ps_msg_field f[] = {{"text", text}};
    if (text)
        fill(out, L, PS_MSG_A11Y_PAREN, f, 1);
    return out->data ? out->data : "";
}

static void axis_range(ps_buf *b, const ps_lang *L, enum ps_msg_id name, const ps_chart_axis_layout *a, int is_time)
{
    char lo[40], hi[40];
    if (!a->present)
        return;
    ps_buf title = {0};
    const ps_msg_field f[] = {
        {"axis", ps_msg(L, name)},
        {"title", paren(&title, L, a->title.text)},
        {"min", is_time ? when(lo, sizeof lo, a->min) : num(L, lo, sizeof lo, a->min)},
        {"max", is_time ? when(hi, sizeof hi, a->max) : num(L, hi, sizeof hi, a->max)},
    };
    fill(b, L, PS_MSG_A11Y_AXIS, f, 4);
    ps_buf_fini(&title);
}

/* "label: minimum x, mean y, maximum z" of a legend entry. Time series reach the chart reduced to
 * the minimum and maximum per horizontal point, so their mean is not stated. */
static void summary(ps_buf *b, const ps_lang *L, const ps_chart_layout *l, const char *label,
                    const ps_chart_legend_item *it)
{
    char v1[40], v2[40], v3[40];
    const ps_msg_field f[] = {{"label", label},
                              {"min", num(L, v1, sizeof v1, it->min)},
                              {"mean", num(L, v2, sizeof v2, it->avg)},
                              {"max", num(L, v3, sizeof v3, it->max)}};
    fill(b, L, l->kind == PS_CHART_TIME ? PS_MSG_A11Y_MIN_MAX : PS_MSG_A11Y_MIN_MEAN_MAX, f, 4);
}

/* Name of a legend entry: its series' label, or its envelope's. */
static const char *item_label(const ps_chart_spec *s, const ps_chart_legend_item *it)
{
    if (it->envelope)
        return it->series < s->nenvelopes ? s->envelopes[it->series].label : "";
    return it->series < s->nseries ? s->series[it->series].label : "";
}

/* "a, b" in L: the labels joined by L's list separator */
static void list_of(ps_buf *b, const ps_lang *L, const char *const *labels, size_t n, const ps_chart_spec *s,
                    const ps_chart_layout *l)
{
    for (size_t i = 0; i < n; i++) {
        if (i)
            ps_buf_puts(b, ps_msg(L, PS_MSG_LIST_SEP));
        const char *label = labels ? labels[i] : s->series[i].label;
        const ps_msg_field f[] = {{"series", label ? label : ""}};
        if (!labels && s->series[i].on_y2 && l->kind == PS_CHART_BARS_LINE)
            fill(b, L, PS_MSG_A11Y_RIGHT_AXIS_SERIES, f, 1);
        else
            ps_buf_puts(b, label ? label : "");
    }
}

/* The description, unescaped, in L (NULL: English) */
static void describe(const ps_chart_spec *s, const ps_chart_layout *l, const ps_lang *L, ps_buf *b)
{
    char v1[40], n[32];
    ps_buf list = {0}, label = {0};
    list_of(&list, L, NULL, s->nseries, s, l);
    snprintf(n, sizeof n, "%zu", s->nseries);
    const ps_msg_field head[] = {{"kind", ps_msg(L, (enum ps_msg_id)(PS_MSG_A11Y_KIND_TIME + l->kind % 3))},
                                 {"n", n},
                                 {"list", list.data ? list.data : ""}};
    fill(b, L, s->nseries == 1 ? PS_MSG_A11Y_SERIES_ONE : PS_MSG_A11Y_SERIES, head, 3);
    if (l->kind != PS_CHART_TIME && s->ncategories) {
        ps_buf_reset(&list);
        list_of(&list, L, s->categories, s->ncategories, s, l);
        const ps_msg_field f[] = {{"list", list.data ? list.data : ""}};
        fill(b, L, PS_MSG_A11Y_CATEGORIES, f, 1);
    }
    ps_buf_fini(&list);
    if (l->kind == PS_CHART_TIME)
        axis_range(b, L, PS_MSG_A11Y_AXIS_X, &l->x, 1);
    axis_range(b, L, PS_MSG_A11Y_AXIS_Y, &l->y, 0);
    axis_range(b, L, PS_MSG_A11Y_AXIS_Y2, &l->y2, 0);
    if (!l->nthresholds)
        fill(b, L, PS_MSG_A11Y_NO_THRESHOLD, NULL, 0);
    for (size_t i = 0; i < l->nthresholds; i++) {
        long si = l->thresholds[i].series;
        if (si >= 0 && !l->thresholds[i].label.text)
            continue; /* a series limit is stated once, by its labelled segment */
        int of_series = si >= 0 && (size_t)si < s->nseries;
        const ps_msg_field f[] = {{"series", of_series ? s->series[si].label : ""},
                                  {"value", num(L, v1, sizeof v1, l->thresholds[i].value)},
                                  {"label", paren(&label, L, l->thresholds[i].label.text)}};
        fill(b, L, of_series ? PS_MSG_A11Y_LIMIT : PS_MSG_A11Y_THRESHOLD, f, 3);
    }
    ps_buf_fini(&label);
    snprintf(n, sizeof n, "%zu", l->nshades);
    const ps_msg_field shades[] = {{"n", n}};
    if (l->nshades)
        fill(b, L, l->nshades == 1 ? PS_MSG_A11Y_SHADED_ONE : PS_MSG_A11Y_SHADED, shades, 1);
    for (size_t i = 0; i < l->nlegend; i++) {
        const ps_chart_legend_item *it = &l->legend[i];
        ps_buf sum = {0};
        summary(&sum, L, l, item_label(s, it), it);
        const ps_msg_field f[] = {{"summary", sum.data ? sum.data : ""}};
        fill(b, L, it->envelope ? PS_MSG_A11Y_BAND : PS_MSG_A11Y_ITEM, f, 1);
        ps_buf_fini(&sum);
    }
}

/* An invisible rectangle with the tooltip "series, category: value unit" in L */
static void tip(ps_buf *b, const ps_lang *L, const ps_chart_rect *r, const char *series, const char *category,
                double value, const char *unit)
{
    char v[40];
    ps_buf val = {0}, text = {0};
    ps_buf_printf(&val, "%s%s%s", num(L, v, sizeof v, value), *unit ? " " : "", unit);
    const ps_msg_field f[] = {{"series", series}, {"category", category}, {"value", val.data}};
    fill(&text, L, category ? PS_MSG_A11Y_TIP_CATEGORY : PS_MSG_A11Y_TIP, f, 3);
    ps_buf_printf(b,
                  "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"#000\" fill-opacity=\"0\"><title>",
                  r->x, r->y, r->w, r->h);
    esc(b, text.data);
    ps_buf_puts(b, "</title></rect>\n");
    ps_buf_fini(&val);
    ps_buf_fini(&text);
}

static void tooltips(const ps_chart_spec *s, const ps_chart_layout *l, const ps_lang *L, ps_buf *b)
{
    ps_buf_puts(b, "<g class=\"tips\">\n");
    for (size_t i = 0; i < l->nbars; i++) {
        const ps_chart_bar *br = &l->bars[i];
        tip(b, L, &br->r, s->series[br->series].label,
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
                const ps_chart_rect r = {pl->xy[2 * k] - 4, pl->xy[2 * k + 1] - 4, 8, 8};
                tip(b, L, &r, se->label, *at < s->ncategories ? s->categories[*at] : NULL, se->v[*at],
                    unit_of(s, se->on_y2));
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
        ps_buf sum = {0};
        summary(&sum, L, l, item_label(s, it), it);
        esc(b, sum.data);
        ps_buf_fini(&sum);
        ps_buf_puts(b, "</title></rect>\n");
    }
    ps_buf_puts(b, "</g>\n");
}

int ps_chart_svg_accessible(const ps_chart_spec *spec, const char *id_prefix, const struct ps_lang *lang, ps_buf *out,
                            ps_error *err)
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
        ps_buf desc = {0};
        describe(spec, &l, lang, &desc);
        ps_buf_put(out, svg.data, (size_t)(open - svg.data));
        ps_buf_printf(out, "<svg role=\"img\" aria-labelledby=\"%stitle %sdesc\"", pre, pre);
        ps_buf_put(out, open + 4, (size_t)(gt + 1 - (open + 4)));
        ps_buf_printf(out, "\n<title id=\"%stitle\">", pre);
        esc(out, spec->title && *spec->title ? spec->title : ps_msg(lang, PS_MSG_A11Y_CHART));
        ps_buf_printf(out, "</title>\n<desc id=\"%sdesc\">", pre);
        esc(out, desc.data);
        ps_buf_puts(out, "</desc>");
        ps_buf_put(out, gt + 1, (size_t)(close - (gt + 1)));
        tooltips(spec, &l, lang, out);
        ps_buf_puts(out, close);
        ps_buf_fini(&desc);
    }
    ps_chart_layout_fini(&l);
    ps_buf_fini(&svg);
    return rc;
}
