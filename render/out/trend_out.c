/* trend_out.c - trend tables as text and JSON. */
#include "ps_render.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static double round_half_away(double x)
{
    return x < 0 ? -floor(-x + 0.5) : floor(x + 0.5);
}

void ps_trend_cell(ps_buf *b, const ps_trend *t, size_t label, size_t metric)
{
    double v = ps_trend_get(t, label, metric);
    if (isnan(v)) {
        ps_buf_puts(b, "n/a");
        return;
    }
    char num[64];
    ps_fmt_num(num, sizeof num, v, t->metrics[metric].decimals);
    double pct = ps_trend_relative(t, label, metric);
    if (isnan(pct))
        ps_buf_printf(b, "[%s%s%s]", num, *t->metrics[metric].unit ? " " : "", t->metrics[metric].unit);
    else
        ps_buf_printf(b, "%.0f%% [%s%s%s]", round_half_away(pct), num, *t->metrics[metric].unit ? " " : "",
                      t->metrics[metric].unit);
}

/* Display width of UTF-8 text (code points; good enough for labels). */
static size_t width(const char *s)
{
    size_t w = 0;
    for (; *s; s++)
        if (((unsigned char)*s & 0xC0) != 0x80)
            w++;
    return w;
}

/* Labels and titles come from input files: escaped as every text output escapes them
 * (ps_term_escape: no terminal escape or line break reaches standard output, F9). */
static void no_controls(ps_buf *b)
{
    char *raw = ps_buf_steal(b);
    ps_term_escape(b, raw);
    free(raw);
}

static void pad(ps_buf *b, const char *s, size_t w)
{
    ps_buf_puts(b, s);
    for (size_t n = width(s); n < w; n++)
        ps_buf_putc(b, ' ');
}

void ps_trend_render_text(const ps_trend *t, ps_buf *b)
{
    size_t nl = t->nlabels, nm = t->nmetrics;
    ps_buf *cells = ps_xcalloc((nl + 1) * (nm + 1), sizeof *cells);
    size_t *colw = ps_xcalloc(nl + 1, sizeof *colw);
    ps_buf_puts(&cells[0], "Metric");
    for (size_t l = 0; l < nl; l++)
        ps_buf_printf(&cells[l + 1], "%s%s", t->labels[l], l == t->baseline ? " (baseline)" : "");
    for (size_t m = 0; m < nm; m++) {
        ps_buf *row = &cells[(m + 1) * (nl + 1)];
        ps_buf_puts(&row[0], t->metrics[m].title);
        for (size_t l = 0; l < nl; l++)
            ps_trend_cell(&row[l + 1], t, l, m);
    }
    for (size_t i = 0; i < (nl + 1) * (nm + 1); i++)
        no_controls(&cells[i]);
    for (size_t r = 0; r <= nm; r++)
        for (size_t c = 0; c <= nl; c++) {
            size_t w = width(cells[r * (nl + 1) + c].data ? cells[r * (nl + 1) + c].data : "");
            if (w > colw[c])
                colw[c] = w;
        }
    if (t->load_name) {
        ps_buf name = {0};
        ps_buf_puts(&name, t->load_name);
        no_controls(&name);
        ps_buf_printf(b, "Load variable: %s\n", name.data);
        ps_buf_fini(&name);
    }
    for (size_t r = 0; r <= nm; r++) {
        for (size_t c = 0; c <= nl; c++) {
            const char *s = cells[r * (nl + 1) + c].data ? cells[r * (nl + 1) + c].data : "";
            if (c)
                ps_buf_puts(b, "  ");
            if (c == nl)
                ps_buf_puts(b, s);
            else
                pad(b, s, colw[c]);
        }
        ps_buf_putc(b, '\n');
        if (r == 0) {
            size_t total = 0;
            for (size_t c = 0; c <= nl; c++)
                total += colw[c] + (c ? 2 : 0);
            for (size_t i = 0; i < total; i++)
                ps_buf_putc(b, '-');
            ps_buf_putc(b, '\n');
        }
    }
    for (size_t i = 0; i < (nl + 1) * (nm + 1); i++)
        ps_buf_fini(&cells[i]);
    free(cells);
    free(colw);
}

void ps_trend_render_json(const ps_trend *t, ps_buf *b)
{
    ps_jw j;
    ps_jw_init(&j, b);
    ps_jw_obj(&j);
    ps_jw_kstr(&j, "baseline", t->nlabels ? t->labels[t->baseline] : NULL);
    ps_jw_kstr(&j, "load_name", t->load_name);
    ps_jw_karr(&j, "labels");
    for (size_t l = 0; l < t->nlabels; l++) {
        ps_jw_obj(&j);
        ps_jw_kstr(&j, "label", t->labels[l]);
        ps_jw_knum(&j, "load", t->load[l]);
        ps_jw_kstr(&j, "config", t->config ? t->config[l] : NULL);
        ps_jw_kuint(&j, "samples", t->iops_series ? t->iops_series[l].n : 0);
        ps_jw_obj_end(&j);
    }
    ps_jw_arr_end(&j);
    ps_jw_karr(&j, "metrics");
    for (size_t m = 0; m < t->nmetrics; m++) {
        const ps_trend_metric *d = &t->metrics[m];
        ps_jw_obj(&j);
        ps_jw_kstr(&j, "key", d->key);
        ps_jw_kstr(&j, "title", d->title);
        ps_jw_kstr(&j, "unit", d->unit);
        ps_jw_knum(&j, "decimals", d->decimals);
        ps_jw_kbool(&j, "lower_is_better", d->lower_is_better);
        ps_jw_karr(&j, "values");
        for (size_t l = 0; l < t->nlabels; l++)
            ps_jw_num(&j, ps_trend_get(t, l, m));
        ps_jw_arr_end(&j);
        ps_jw_karr(&j, "relative_percent");
        for (size_t l = 0; l < t->nlabels; l++)
            ps_jw_num(&j, ps_trend_relative(t, l, m));
        ps_jw_arr_end(&j);
        ps_jw_karr(&j, "cells");
        for (size_t l = 0; l < t->nlabels; l++) {
            ps_buf cell = {0};
            ps_trend_cell(&cell, t, l, m);
            ps_jw_str(&j, cell.data);
            ps_buf_fini(&cell);
        }
        ps_jw_arr_end(&j);
        ps_jw_obj_end(&j);
    }
    ps_jw_arr_end(&j);
    ps_jw_obj_end(&j);
    ps_buf_putc(b, '\n');
}
