/* trend_html.c - a trend as HTML: a section (table + inline SVG charts) that other documents
 * can include, and a self-contained page around it (inline CSS, no scripts, no references). */
#include "ps_render.h"

#include <math.h>
#include <string.h>

static void esc(ps_buf *b, const char *s)
{
    ps_html_escape(b, s ? s : "");
}

static void table(const ps_trend *t, ps_buf *b)
{
    ps_buf_puts(b, "<table class=\"trend\">\n<thead><tr><th scope=\"col\">Metric</th>");
    for (size_t l = 0; l < t->nlabels; l++) {
        ps_buf_puts(b, "<th scope=\"col\">");
        esc(b, t->labels[l]);
        if (l == t->baseline)
            ps_buf_puts(b, "<br><small>baseline</small>");
        ps_buf_puts(b, "</th>");
    }
    ps_buf_puts(b, "</tr></thead>\n<tbody>\n");
    if (t->load_name) {
        ps_buf_puts(b, "<tr class=\"load\"><th scope=\"row\">");
        esc(b, t->load_name);
        ps_buf_puts(b, "</th>");
        for (size_t l = 0; l < t->nlabels; l++) {
            char num[64];
            ps_buf_printf(b, "<td>%s</td>", isnan(t->load[l]) ? "n/a" : ps_fmt_num(num, sizeof num, t->load[l], 0));
        }
        ps_buf_puts(b, "</tr>\n");
    }
    for (size_t m = 0; m < t->nmetrics; m++) {
        ps_buf_puts(b, "<tr><th scope=\"row\">");
        esc(b, t->metrics[m].title);
        ps_buf_puts(b, "</th>");
        for (size_t l = 0; l < t->nlabels; l++) {
            ps_buf cell = {0};
            ps_trend_cell(&cell, t, l, m);
            ps_buf_puts(b, "<td>");
            esc(b, cell.data);
            ps_buf_puts(b, "</td>");
            ps_buf_fini(&cell);
        }
        ps_buf_puts(b, "</tr>\n");
    }
    ps_buf_puts(b, "</tbody>\n</table>\n");
}

static void chart(const ps_trend *t, enum ps_trend_chart_kind kind, ps_buf *b)
{
    ps_trend_chart c;
    ps_error err = {0};
    ps_buf svg = {0};
    char prefix[32];
    snprintf(prefix, sizeof prefix, "trend-%s-", ps_trend_chart_name(kind));
    int rc = ps_trend_chart_build(t, kind, NULL, &c, &err);
    if (!rc)
        rc = ps_chart_svg_accessible(&c.spec, prefix, NULL, &svg, &err);
    if (!rc && svg.data) {
        ps_buf_printf(b, "<figure class=\"chart\" id=\"trend-%s\">\n", ps_trend_chart_name(kind));
        const char *open = strstr(svg.data, "<svg");
        ps_buf_puts(b, open ? open : svg.data);
        ps_buf_puts(b, "</figure>\n");
    } else if (kind != PS_TREND_CHART_OVERLAY && kind != PS_TREND_CHART_LOAD) {
        ps_buf_puts(b, "<p class=\"note\">Chart not drawn: ");
        esc(b, err.msg);
        ps_buf_puts(b, "</p>\n");
    }
    ps_buf_fini(&svg);
    ps_trend_chart_fini(&c);
}

void ps_trend_render_html_section(const ps_trend *t, ps_buf *b)
{
    ps_buf_puts(b, "<section class=\"trend\">\n<h2>Trend</h2>\n<p>Each cell is the value relative to the baseline ");
    ps_buf_puts(b, "<b>");
    esc(b, t->nlabels ? t->labels[t->baseline] : "");
    ps_buf_puts(b, "</b> as <code>NN% [value unit]</code> (100 &#215; value / baseline value, rounded half away "
                   "from zero); n/a where a figure is absent.</p>\n");
    table(t, b);
    for (int k = 0; k < PS_TREND_NCHARTS; k++)
        chart(t, (enum ps_trend_chart_kind)k, b);
    ps_buf_puts(b, "</section>\n");
}

static const char css[] =
    "body{font-family:'DejaVu Sans',Verdana,sans-serif;font-size:14px;color:#1a1a1a;margin:2em auto;"
    "max-width:64em;padding:0 1em}\n"
    "h1{color:#003a70;font-size:1.6em}h2{color:#003a70;font-size:1.25em}\n"
    "table.trend{border-collapse:collapse;margin:1em 0}\n"
    "table.trend th,table.trend td{border:1px solid #b8c4d0;padding:.25em .6em}\n"
    "table.trend th{background:#003a70;color:#fff;text-align:left}\n"
    "table.trend tbody th{background:none;color:inherit;font-weight:normal}\n"
    "table.trend tbody td{text-align:right;white-space:nowrap}\n"
    "table.trend tbody tr:nth-child(even){background:#f5f7fa}\n"
    "tr.load td,tr.load th{font-style:italic}\n"
    "figure.chart{margin:1.5em 0}figure.chart svg{max-width:100%;height:auto}\n"
    ".note{color:#555;font-size:.9em}\n";

void ps_trend_render_html(const ps_trend *t, ps_buf *b)
{
    ps_buf_puts(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Trend: ");
    for (size_t l = 0; l < t->nlabels; l++) {
        if (l)
            ps_buf_puts(b, ", ");
        esc(b, t->labels[l]);
    }
    ps_buf_printf(b,
                  "</title>\n<meta name=\"generator\" content=\"perfscribe %s\">\n<style>\n%s</style>\n</head>\n"
                  "<body>\n<h1>Trend across runs</h1>\n",
                  PS_VERSION, css);
    ps_trend_render_html_section(t, b);
    ps_buf_puts(b, "</body>\n</html>\n");
}
