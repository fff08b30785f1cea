/* trend_pdf.c - a trend as a document of the ESRP document toolkit (render/doc_*.c): title
 * page, contents, the trend table and the charts; rendered as PDF by ps_doc_render_pdf
 * (libharu, embedded font subsets). */
#include "doc_build.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const month_names[] = {"January", "February", "March",     "April",   "May",      "June",
                                          "July",    "August",   "September", "October", "November", "December"};

/* Trend table: metric rows, one column per label (baseline marked), load row first. */
static void trend_table(ps_doc *d, const ps_trend *t)
{
    doc_table *tb = doc_table_new(d, "Trend", t->nlabels + 1);
    tb->width[0] = 2.2;
    for (size_t l = 0; l < t->nlabels; l++)
        tb->right[l + 1] = 1;
    size_t r = doc_row(tb, DOC_ROW_HEAD);
    doc_cell(tb, r, 0, "Metric");
    for (size_t l = 0; l < t->nlabels; l++)
        doc_cellf(tb, r, l + 1, "%s%s", t->labels[l], l == t->baseline ? "\n(baseline)" : "");
    if (t->load_name) {
        r = doc_row(tb, DOC_ROW_BODY);
        doc_cell(tb, r, 0, t->load_name);
        for (size_t l = 0; l < t->nlabels; l++) {
            char num[64];
            doc_cell(tb, r, l + 1, ps_fmt_num(num, sizeof num, t->load[l], 0));
        }
    }
    for (size_t m = 0; m < t->nmetrics; m++) {
        r = doc_row(tb, DOC_ROW_BODY);
        doc_cell(tb, r, 0, t->metrics[m].title);
        for (size_t l = 0; l < t->nlabels; l++) {
            ps_buf cell = {0};
            ps_trend_cell(&cell, t, l, m);
            doc_cell(tb, r, l + 1, cell.data);
            ps_buf_fini(&cell);
        }
    }
}

void ps_doc_append_trend(ps_doc *d, const ps_trend *t, ps_trend_charts *keep)
{
    memset(keep, 0, sizeof *keep);
    doc_heading(d, 1, 0, "Trend across runs");
    doc_para(d,
             "Each cell is the value relative to the baseline %s as \"NN%% [value unit]\" (100 x value / "
             "baseline value, rounded half away from zero); n/a where a figure is absent.",
             t->nlabels ? t->labels[t->baseline] : "");
    trend_table(d, t);
    static const char *const headings[PS_TREND_NCHARTS] = {"IOPS and latency per run", "Metric against the load",
                                                           "Runs overlaid on relative time"};
    for (int k = 0; k < PS_TREND_NCHARTS; k++) {
        ps_error cerr = {0};
        if (ps_trend_chart_build(t, (enum ps_trend_chart_kind)k, NULL, &keep->chart[k], &cerr) != PS_OK)
            continue;
        doc_heading(d, 2, 0, "%s", headings[k]);
        doc_block *b = doc_add(d, DOC_CHART, NULL);
        b->chart = ps_xcalloc(1, sizeof *b->chart);
        b->chart->kind = DOC_CHART_SPEC;
        ps_buf id = {0};
        ps_buf_printf(&id, "trend.%s", ps_trend_chart_name((enum ps_trend_chart_kind)k));
        b->chart->id = ps_buf_steal(&id);
        b->chart->threshold = NAN;
        b->chart->spec = &keep->chart[k].spec;
    }
}

void ps_trend_charts_fini(ps_trend_charts *keep)
{
    for (int k = 0; k < PS_TREND_NCHARTS; k++)
        ps_trend_chart_fini(&keep->chart[k]);
}

int ps_trend_render_pdf(const ps_trend *t, ps_time date, FILE *fp, ps_warnings *w, ps_error *err)
{
    ps_doc *d = ps_xcalloc(1, sizeof *d);
    ps_trend_charts charts;
    d->esrp = 4;
    d->date = date;
    d->vendor = ps_xstrdup("perfscribe");
    d->author = ps_xstrdup("perfscribe " PS_VERSION);
    ps_buf title = {0};
    ps_buf_puts(&title, "Trend: ");
    for (size_t l = 0; l < t->nlabels; l++)
        ps_buf_printf(&title, "%s%s", l ? ", " : "", t->labels[l]);
    d->title = ps_buf_steal(&title);
    ps_buf sub = {0};
    ps_buf_printf(&sub, "Relative to the baseline %s", t->nlabels ? t->labels[t->baseline] : "");
    d->subtitle = ps_buf_steal(&sub);
    int y, mo, dd, h, mi, s, ms;
    ps_time_to_fields(date, &y, &mo, &dd, &h, &mi, &s, &ms);
    ps_buf dt = {0};
    ps_buf_printf(&dt, "%s %d, %d", month_names[(mo - 1) % 12], dd, y);
    d->date_text = ps_buf_steal(&dt);
    ps_doc_append_trend(d, t, &charts);
    int rc = ps_doc_render_pdf(d, fp, w, err);
    ps_doc_free(d);
    ps_trend_charts_fini(&charts);
    return rc;
}
