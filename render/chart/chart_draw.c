/* chart_draw.c - draw a chart layout through the thin drawing interface, and dump a layout
 * as "key = value" text (the testable form of a chart). */
#include "chart_internal.h"

#include <math.h>
#include <string.h>

#define LINE_WIDTH 1.6
#define GRID_WIDTH 0.5
#define AXIS_WIDTH 0.8
#define THRESHOLD_WIDTH 1.2

static uint32_t rgb(int role)
{
    return ps_chart_palette(role)->rgb;
}

static void draw_text(const ps_chart_gc *gc, const ps_chart_text *t)
{
    if (t->text)
        gc->text(gc->ctx, t->x, t->y, t->text, t->size, t->bold, t->anchor, t->rotate, rgb(t->role));
}

static void seg(const ps_chart_gc *gc, double x1, double y1, double x2, double y2, double w, int role,
                const double *dash, size_t ndash)
{
    gc->move_to(gc->ctx, x1, y1);
    gc->line_to(gc->ctx, x2, y2);
    gc->stroke(gc->ctx, w, rgb(role), dash, ndash);
}

static void draw_grid(const ps_chart_layout *l, const ps_chart_gc *gc)
{
    const ps_chart_rect *p = &l->plot;
    for (size_t i = 0; i < l->y.nticks; i++)
        seg(gc, p->x, l->y.ticks[i].pos, p->x + p->w, l->y.ticks[i].pos, GRID_WIDTH, PS_ROLE_GRID, NULL, 0);
    for (size_t i = 0; l->kind == PS_CHART_TIME && i < l->x.nticks; i++)
        seg(gc, l->x.ticks[i].pos, p->y, l->x.ticks[i].pos, p->y + p->h, GRID_WIDTH, PS_ROLE_GRID, NULL, 0);
}

static void draw_data(const ps_chart_layout *l, const ps_chart_gc *gc)
{
    const ps_chart_rect *p = &l->plot;
    for (size_t i = 0; i < l->nbars; i++) {
        const ps_chart_bar *b = &l->bars[i];
        gc->fill_rect(gc->ctx, b->r.x, b->r.y, b->r.w, b->r.h, rgb(b->role));
    }
    if (l->nbars && l->y.min < 0 && l->y.max > 0) { /* zero line between +/- bars */
        double y0 = p->y + p->h - (0 - l->y.min) / (l->y.max - l->y.min) * p->h;
        seg(gc, p->x, y0, p->x + p->w, y0, AXIS_WIDTH, PS_ROLE_AXIS, NULL, 0);
    }
    for (size_t i = 0; i < l->nlines; i++) {
        const ps_chart_polyline *pl = &l->lines[i];
        const ps_chart_color *c = ps_chart_palette(pl->role);
        if (pl->n == 1) {
            gc->fill_rect(gc->ctx, pl->xy[0] - 1.5, pl->xy[1] - 1.5, 3, 3, c->rgb);
            continue;
        }
        gc->move_to(gc->ctx, pl->xy[0], pl->xy[1]);
        for (size_t k = 1; k < pl->n; k++)
            gc->line_to(gc->ctx, pl->xy[2 * k], pl->xy[2 * k + 1]);
        gc->stroke(gc->ctx, LINE_WIDTH, c->rgb, c->dash, c->ndash);
        for (size_t k = 0; l->kind != PS_CHART_TIME && k < pl->n; k++) /* point markers */
            gc->fill_rect(gc->ctx, pl->xy[2 * k] - 2.5, pl->xy[2 * k + 1] - 2.5, 5, 5, c->rgb);
    }
    const ps_chart_color *tc = ps_chart_palette(PS_ROLE_THRESHOLD);
    for (size_t i = 0; i < l->nthresholds; i++) {
        const ps_chart_hline *h = &l->thresholds[i];
        seg(gc, h->x1, h->y, h->x2, h->y, THRESHOLD_WIDTH, PS_ROLE_THRESHOLD, tc->dash, tc->ndash);
    }
}

static void draw_axes(const ps_chart_layout *l, const ps_chart_gc *gc)
{
    const ps_chart_rect *p = &l->plot;
    double bottom = p->y + p->h, right = p->x + p->w;
    seg(gc, p->x, p->y, p->x, bottom, AXIS_WIDTH, PS_ROLE_AXIS, NULL, 0);
    seg(gc, p->x, bottom, right, bottom, AXIS_WIDTH, PS_ROLE_AXIS, NULL, 0);
    if (l->y2.present)
        seg(gc, right, p->y, right, bottom, AXIS_WIDTH, PS_ROLE_AXIS, NULL, 0);
    for (size_t i = 0; i < l->y.nticks; i++) {
        seg(gc, p->x - CH_TICK_LEN, l->y.ticks[i].pos, p->x, l->y.ticks[i].pos, AXIS_WIDTH, PS_ROLE_AXIS, NULL, 0);
        draw_text(gc, &l->y.ticks[i].label);
    }
    for (size_t i = 0; i < l->y2.nticks; i++) {
        seg(gc, right, l->y2.ticks[i].pos, right + CH_TICK_LEN, l->y2.ticks[i].pos, AXIS_WIDTH, PS_ROLE_AXIS, NULL, 0);
        draw_text(gc, &l->y2.ticks[i].label);
    }
    for (size_t i = 0; i < l->x.nticks; i++) {
        if (l->kind == PS_CHART_TIME)
            seg(gc, l->x.ticks[i].pos, bottom, l->x.ticks[i].pos, bottom + CH_TICK_LEN, AXIS_WIDTH, PS_ROLE_AXIS, NULL,
                0);
        draw_text(gc, &l->x.ticks[i].label);
    }
    draw_text(gc, &l->x.title);
    draw_text(gc, &l->y.title);
    draw_text(gc, &l->y2.title);
}

static void draw_legend(const ps_chart_layout *l, const ps_chart_gc *gc)
{
    for (size_t i = 0; i < l->nlegend; i++) {
        const ps_chart_legend_item *it = &l->legend[i];
        const ps_chart_color *c = ps_chart_palette(it->role);
        if (it->envelope)
            gc->fill_rect(gc->ctx, it->swatch.x, it->swatch.y, it->swatch.w, it->swatch.h, ps_chart_tint(c->rgb));
        else if (it->is_line)
            seg(gc, it->swatch.x, it->swatch.y, it->swatch.x + it->swatch.w, it->swatch.y, LINE_WIDTH + 0.4, it->role,
                c->dash, c->ndash);
        else
            gc->fill_rect(gc->ctx, it->swatch.x, it->swatch.y, it->swatch.w, it->swatch.h, c->rgb);
        draw_text(gc, &it->text);
    }
}

void ps_chart_draw(const ps_chart_layout *l, const ps_chart_gc *gc)
{
    const ps_chart_rect *p = &l->plot;
    gc->save(gc->ctx);
    gc->fill_rect(gc->ctx, 0, 0, l->width, l->height, 0xffffff);
    for (size_t i = 0; i < l->nshades; i++)
        gc->fill_rect(gc->ctx, l->shades[i].r.x, l->shades[i].r.y, l->shades[i].r.w, l->shades[i].r.h,
                      rgb(l->shades[i].band ? l->shades[i].role : PS_ROLE_SHADE));
    for (size_t i = 0; gc->fill && i < l->nareas; i++) { /* min-max bands under the grid */
        const ps_chart_area *a = &l->areas[i];
        gc->move_to(gc->ctx, a->xy[0], a->xy[1]);
        for (size_t k = 1; k < a->n; k++)
            gc->line_to(gc->ctx, a->xy[2 * k], a->xy[2 * k + 1]);
        gc->fill(gc->ctx, a->rgb);
    }
    draw_grid(l, gc);
    gc->save(gc->ctx);
    gc->clip(gc->ctx, p->x, p->y - 3, p->w + 3, p->h + 3); /* room for markers at the top */
    draw_data(l, gc);
    gc->restore(gc->ctx);
    draw_axes(l, gc);
    for (size_t i = 0; i < l->nshades; i++)
        draw_text(gc, &l->shades[i].label);
    for (size_t i = 0; i < l->nbars; i++) { /* value labels on a white backing */
        const ps_chart_text *t = &l->bars[i].label;
        if (t->text)
            gc->fill_rect(gc->ctx, t->x - t->width / 2 - 1.5, t->y - t->size * CH_ASCENT - 1.5, t->width + 3,
                          t->size + 2, 0xffffff);
        draw_text(gc, t);
    }
    for (size_t i = 0; i < l->nthresholds; i++) { /* limit labels on a white backing */
        const ps_chart_text *t = &l->thresholds[i].label;
        if (t->text) {
            ps_chart_rect r = chart_text_box(t);
            gc->fill_rect(gc->ctx, r.x, r.y, r.w, r.h, 0xffffff);
        }
        draw_text(gc, t);
    }
    draw_text(gc, &l->title);
    for (size_t i = 0; i < PS_CHART_TITLE_LINES - 1; i++)
        draw_text(gc, &l->title_more[i]);
    draw_text(gc, &l->subtitle);
    draw_legend(l, gc);
    gc->restore(gc->ctx);
}

/* ---------------------------------------------------------------- dump */

static const char *num(char *out, double v)
{
    return ps_fmt_num(out, 32, v, 2);
}

static void dump_str(ps_buf *b, const char *s)
{
    ps_buf_putc(b, '"');
    for (; s && *s; s++) {
        if (*s == '"' || *s == '\\')
            ps_buf_putc(b, '\\');
        if (*s == '\n')
            ps_buf_puts(b, "\\n");
        else
            ps_buf_putc(b, *s);
    }
    ps_buf_putc(b, '"');
}

static void dump_text(ps_buf *b, const char *key, const ps_chart_text *t)
{
    static const char *anchors[] = {"start", "middle", "end"};
    char x[32], y[32], s[32], w[32];
    if (!t->text)
        return;
    ps_buf_printf(b, "%s = %s %s size=%s width=%s anchor=%s", key, num(x, t->x), num(y, t->y), num(s, t->size),
                  num(w, t->width), anchors[t->anchor % 3]);
    if (t->rotate != 0)
        ps_buf_printf(b, " rotate=%s", num(x, t->rotate));
    if (t->bold)
        ps_buf_puts(b, " bold");
    if (t->role != PS_ROLE_TEXT)
        ps_buf_printf(b, " role=%s", ps_chart_palette(t->role)->name);
    ps_buf_putc(b, ' ');
    dump_str(b, t->text);
    ps_buf_putc(b, '\n');
}

static void dump_rect(ps_buf *b, const ps_chart_rect *r)
{
    char x[32], y[32], w[32], h[32];
    ps_buf_printf(b, "%s %s %s %s", num(x, r->x), num(y, r->y), num(w, r->w), num(h, r->h));
}

static void dump_value(ps_buf *b, double v, int is_time)
{
    char s[40];
    if (is_time)
        ps_buf_puts(b, ps_time_format_iso(s, sizeof s, (ps_time)v));
    else
        ps_json_num(b, v);
}

static void dump_axis(ps_buf *b, const char *name, const ps_chart_axis_layout *a, int is_time)
{
    char key[64], p[32];
    if (!a->present)
        return;
    ps_buf_printf(b, "axis.%s.range = ", name);
    dump_value(b, a->min, is_time);
    ps_buf_putc(b, ' ');
    dump_value(b, a->max, is_time);
    ps_buf_puts(b, " step ");
    ps_json_num(b, a->step);
    ps_buf_putc(b, '\n');
    if (a->time_format)
        ps_buf_printf(b, "axis.%s.format = %s\n", name, a->time_format);
    else if (a->prefix)
        ps_buf_printf(b, "axis.%s.labels = prefix \"%s\" decimals %d\n", name, a->prefix, a->decimals);
    snprintf(key, sizeof key, "axis.%s.title", name);
    dump_text(b, key, &a->title);
    for (size_t i = 0; i < a->nticks; i++) {
        ps_buf_printf(b, "axis.%s.tick.%zu = %s ", name, i, num(p, a->ticks[i].pos));
        dump_value(b, a->ticks[i].value, is_time);
        ps_buf_putc(b, '\n');
        snprintf(key, sizeof key, "axis.%s.tick.%zu.label", name, i);
        dump_text(b, key, &a->ticks[i].label);
    }
}

void ps_chart_dump_layout(const ps_chart_layout *l, ps_buf *b)
{
    static const char *kinds[] = {"time", "bars", "bars+line"};
    char x[32], y[32], key[64];
    ps_buf_printf(b, "chart.kind = %s\n", kinds[l->kind % 3]);
    ps_buf_printf(b, "chart.size = %s %s\n", num(x, l->width), num(y, l->height));
    ps_buf_puts(b, "plot = ");
    dump_rect(b, &l->plot);
    ps_buf_putc(b, '\n');
    dump_text(b, "title", &l->title);
    for (size_t i = 0; i < PS_CHART_TITLE_LINES - 1; i++) {
        snprintf(key, sizeof key, "title.%zu", i + 1);
        dump_text(b, key, &l->title_more[i]);
    }
    dump_text(b, "subtitle", &l->subtitle);
    dump_axis(b, "x", &l->x, l->kind == PS_CHART_TIME);
    dump_axis(b, "y", &l->y, 0);
    dump_axis(b, "y2", &l->y2, 0);
    for (size_t i = 0; i < l->nshades; i++) {
        ps_buf_printf(b, "shade.%zu = ", i);
        dump_rect(b, &l->shades[i].r);
        ps_buf_putc(b, '\n');
        snprintf(key, sizeof key, "shade.%zu.label", i);
        dump_text(b, key, &l->shades[i].label);
    }
    for (size_t i = 0; i < l->nbars; i++) {
        const ps_chart_bar *br = &l->bars[i];
        ps_buf_printf(b, "bar.%zu = series %zu category %zu role %s value ", i, br->series, br->category,
                      ps_chart_palette(br->role)->name);
        ps_json_num(b, br->value);
        ps_buf_puts(b, " rect ");
        dump_rect(b, &br->r);
        ps_buf_putc(b, '\n');
        snprintf(key, sizeof key, "bar.%zu.label", i);
        dump_text(b, key, &br->label);
    }
    for (size_t i = 0; i < l->nlines; i++) {
        const ps_chart_polyline *pl = &l->lines[i];
        ps_buf_printf(b, "line.%zu = series %zu role %s points %zu:", i, pl->series, ps_chart_palette(pl->role)->name,
                      pl->n);
        for (size_t k = 0; k < pl->n; k++)
            ps_buf_printf(b, " %s,%s", num(x, pl->xy[2 * k]), num(y, pl->xy[2 * k + 1]));
        ps_buf_putc(b, '\n');
    }
    for (size_t i = 0; i < l->nareas; i++) {
        const ps_chart_area *a = &l->areas[i];
        ps_buf_printf(b, "area.%zu = envelope %zu role %s points %zu:", i, a->envelope, ps_chart_palette(a->role)->name,
                      a->n);
        for (size_t k = 0; k < a->n; k++)
            ps_buf_printf(b, " %s,%s", num(x, a->xy[2 * k]), num(y, a->xy[2 * k + 1]));
        ps_buf_putc(b, '\n');
    }
    for (size_t i = 0; i < l->nthresholds; i++) {
        const ps_chart_hline *h = &l->thresholds[i];
        char x2[32];
        ps_buf_printf(b, "threshold.%zu = value ", i);
        ps_json_num(b, h->value);
        ps_buf_printf(b, " from %s,%s to %s,%s", num(x, h->x1), num(y, h->y), num(x2, h->x2), num(y, h->y));
        if (h->series >= 0)
            ps_buf_printf(b, " series %ld", h->series);
        ps_buf_putc(b, '\n');
        snprintf(key, sizeof key, "threshold.%zu.label", i);
        dump_text(b, key, &h->label);
    }
    for (size_t i = 0; i < l->nlegend; i++) {
        const ps_chart_legend_item *it = &l->legend[i];
        ps_buf_printf(b, "legend.%zu = %s %zu role %s %s ", i, it->envelope ? "envelope" : "series", it->series,
                      ps_chart_palette(it->role)->name, it->is_line ? "line" : "box");
        dump_rect(b, &it->swatch);
        ps_buf_puts(b, " min ");
        ps_json_num(b, it->min);
        ps_buf_puts(b, " avg ");
        ps_json_num(b, it->avg);
        ps_buf_puts(b, " max ");
        ps_json_num(b, it->max);
        ps_buf_putc(b, '\n');
        snprintf(key, sizeof key, "legend.%zu.text", i);
        dump_text(b, key, &it->text);
    }
}
