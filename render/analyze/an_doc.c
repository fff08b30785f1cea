/* an_doc.c - perfscribe analyze as a document of the document toolkit (render/doc_*.c): verdict,
 * alerts by severity and time, then one section per evaluated rule with its description, its
 * time-series charts (an_rule_chart.c: one per period of the logs; slice averages per instance,
 * warning and critical ranges shaded, limits drawn) and the statistics table; rendered as HTML (self-contained) or PDF (libharu). */
#include "doc_build.h"
#include "an_render_internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define AN_DOC_MAX_ALERTS 5000 /* alerts listed in the document; the rest are counted */

static const char *const month_names[] = {"January", "February", "March",     "April",   "May",      "June",
                                          "July",    "August",   "September", "October", "November", "December"};

/* The charts the document's blocks point into; freed after rendering. */
typedef struct an_keep {
    ps_an_rule_charts **charts;
    size_t n;
} an_keep;

#define num ps_an_fmt_value
#define when(out, n, t) ps_an_fmt_log_time(out, n, res, t)

/* The rule's chart: one panel per period of the logs (an_rule_chart.c). */
static void rule_chart(ps_doc *d, const ps_an_result *res, size_t ri, an_keep *keep)
{
    ps_an_rule_charts *c = keep->charts[keep->n++] = ps_an_rule_charts_build(res, ri);
    size_t n = ps_an_rule_charts_count(c);
    for (size_t i = 0; i < n; i++) {
        doc_block *b = doc_add(d, DOC_CHART, NULL);
        b->chart = ps_xcalloc(1, sizeof *b->chart);
        b->chart->kind = DOC_CHART_SPEC;
        ps_buf id = {0};
        ps_buf_puts(&id, res->rules->rules[ri].id);
        if (n > 1)
            ps_buf_printf(&id, ".panel-%zu", i + 1);
        b->chart->id = ps_buf_steal(&id);
        b->chart->threshold = NAN;
        b->chart->spec = ps_an_rule_charts_spec(c, i);
    }
}

static const ps_an_series *first_series(const ps_an_result *res, size_t ri)
{
    for (size_t i = 0; i < res->nseries; i++)
        if (res->series[i].rule == ri && res->series[i].stats.count)
            return &res->series[i];
    return &res->series[0];
}

static void stats_table(ps_doc *d, const ps_an_result *res, size_t ri)
{
    static const char *const head[] = {"Machine", "Instance", "Count",   "Min",       "Avg",  "Max",
                                       "P95",     "P99",      "Std dev", "Trend / h", "Worst"};
    const size_t nc = sizeof head / sizeof head[0];
    doc_table *tb = doc_table_new(d, "Statistics of every instance (whole analysed time)", nc);
    for (size_t c = 2; c < nc - 1; c++)
        tb->right[c] = 1;
    tb->width[0] = 1.4;
    tb->width[1] = 1.8;
    size_t row = doc_row(tb, DOC_ROW_HEAD);
    for (size_t c = 0; c < nc; c++)
        doc_cell(tb, row, c, head[c]);
    for (size_t i = 0; i < res->nseries; i++) {
        const ps_an_series *s = &res->series[i];
        if (s->rule != ri || s->stats.count == 0)
            continue;
        char v[8][32];
        row = doc_row(tb, DOC_ROW_BODY);
        doc_cell(tb, row, 0, s->machine[0] ? s->machine : "-");
        doc_cell(tb, row, 1, s->instance ? s->instance : "-");
        doc_cellf(tb, row, 2, "%llu", (unsigned long long)s->stats.count);
        doc_cell(tb, row, 3, num(v[0], 32, s->stats.min));
        doc_cell(tb, row, 4, num(v[1], 32, s->stats.mean));
        doc_cell(tb, row, 5, num(v[2], 32, s->stats.max));
        doc_cell(tb, row, 6, num(v[3], 32, s->stats.p95));
        doc_cell(tb, row, 7, num(v[4], 32, s->stats.p99));
        doc_cell(tb, row, 8, num(v[5], 32, s->stats.stddev));
        doc_cell(tb, row, 9, num(v[6], 32, s->trend_per_hour));
        doc_cell(tb, row, 10, ps_an_sev_name(s->worst));
    }
}

static void alerts_table(ps_doc *d, const ps_an_result *res)
{
    static const char *const head[] = {"Severity", "Slice start", "Rule", "Machine", "Instance", "Value", "Limit"};
    doc_table *tb = doc_table_new(d, "Alerts by severity, then time", 7);
    tb->right[5] = tb->right[6] = 1;
    tb->width[1] = 1.6;
    tb->width[2] = 1.6;
    tb->width[3] = 1.3;
    size_t row = doc_row(tb, DOC_ROW_HEAD);
    for (size_t c = 0; c < 7; c++)
        doc_cell(tb, row, c, head[c]);
    for (size_t i = 0; i < res->nalerts && i < AN_DOC_MAX_ALERTS; i++) {
        const ps_an_alert *a = &res->alerts[i];
        const ps_an_series *s = &res->series[a->series];
        const ps_an_rule *r = &res->rules->rules[s->rule];
        char t[40], v[32], l[32];
        row = doc_row(tb, DOC_ROW_BODY);
        doc_cell(tb, row, 0, ps_an_sev_name(a->sev));
        doc_cell(tb, row, 1, when(t, sizeof t, a->start));
        doc_cell(tb, row, 2, r->id);
        doc_cell(tb, row, 3, s->machine[0] ? s->machine : "-");
        doc_cell(tb, row, 4, s->instance ? s->instance : "-");
        doc_cellf(tb, row, 5, "%s %s", ps_an_stat_name(a->stat), num(v, sizeof v, a->value));
        doc_cellf(tb, row, 6, "%s %s %s", ps_an_op_name(r->op), num(l, sizeof l, a->limit), r->unit ? r->unit : "");
    }
    if (res->nalerts > AN_DOC_MAX_ALERTS)
        doc_add(d, DOC_NOTE, NULL)->text =
            ps_xstrdup("Only the first 5000 alerts are listed; the JSON output holds all.");
}

/* Append a run (text copied; url "#anchor" for a link inside the document) to item b. */
static void item_run(doc_block *b, ps_buf *plain, unsigned style, const char *url, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static void item_run(doc_block *b, ps_buf *plain, unsigned style, const char *url, const char *fmt, ...)
{
    ps_buf t = {0};
    va_list ap;
    va_start(ap, fmt);
    ps_buf_vprintf(&t, fmt, ap);
    va_end(ap);
    ps_buf_puts(plain, t.data ? t.data : "");
    b->runs = ps_xrealloc(b->runs, (b->nruns + 1) * sizeof *b->runs);
    b->runs[b->nruns++] = (doc_run){t.data ? ps_buf_steal(&t) : ps_xstrdup(""), style, url ? ps_xstrdup(url) : NULL};
}

static const ps_an_result *g_sort_res; /* qsort context (documents are built on one thread) */

static int cmp_chrono(const void *pa, const void *pb)
{
    const ps_an_alert *x = &g_sort_res->alerts[*(const size_t *)pa], *y = &g_sort_res->alerts[*(const size_t *)pb];
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    if (x->sev != y->sev)
        return x->sev > y->sev ? -1 : 1;
    return x->series < y->series ? -1 : x->series > y->series;
}

/* PAL's alert index: the slices with alerts in time order, each with its alerts (most severe
 * first), every rule linked to its section ("#rule-N"; links = 0, PDF: the title in italics,
 * as PDF links of the toolkit are web addresses). */
static void alert_index(ps_doc *d, const ps_an_result *res, int links)
{
    size_t n = res->nalerts < AN_DOC_MAX_ALERTS ? res->nalerts : AN_DOC_MAX_ALERTS;
    size_t *ix = ps_xcalloc(n + 1, sizeof *ix);
    for (size_t i = 0; i < n; i++)
        ix[i] = i;
    g_sort_res = res;
    qsort(ix, n, sizeof *ix, cmp_chrono);
    for (size_t i = 0; i < n;) {
        const ps_an_alert *a = &res->alerts[ix[i]];
        char t1[40], t2[40], url[40];
        size_t j = i, nc = 0, nw = 0;
        for (; j < n && res->alerts[ix[j]].start == a->start; j++)
            res->alerts[ix[j]].sev == PS_AN_CRITICAL ? nc++ : nw++;
        doc_block *it = doc_add(d, DOC_ITEM, NULL);
        it->level = 1;
        ps_buf plain = {0};
        item_run(it, &plain, DOC_STRONG, NULL, "%s to %s", when(t1, sizeof t1, a->start), when(t2, sizeof t2, a->end));
        item_run(it, &plain, 0, NULL, ": %zu critical, %zu warning:", nc, nw);
        for (size_t k = i; k < j; k++) {
            const ps_an_alert *x = &res->alerts[ix[k]];
            const ps_an_series *s = &res->series[x->series];
            const ps_an_rule *r = &res->rules->rules[s->rule];
            char v[32];
            snprintf(url, sizeof url, "#rule-%zu", s->rule);
            item_run(it, &plain, 0, NULL, "%s %s ", k > i ? ";" : "", ps_an_sev_name(x->sev));
            item_run(it, &plain, links ? DOC_LINK : DOC_EM, links ? url : NULL, "%s", r->title);
            item_run(it, &plain, 0, NULL, " %s%s%s %s %s", s->machine, s->machine[0] && s->instance ? " " : "",
                     s->instance ? s->instance : "", ps_an_stat_name(x->stat), num(v, sizeof v, x->value));
        }
        it->text = ps_buf_steal(&plain);
        i = j;
    }
    free(ix);
}

static void build(ps_doc *d, const ps_an_result *res, const ps_an_doc_info *info, an_keep *keep, int links)
{
    const ps_an_ruleset *set = res->rules;
    char t1[40], t2[40], n1[32], n2[32];
    doc_heading(d, 1, 0, "Verdict: %s", ps_an_verdict_name(res, info->fail_on));
    doc_para(d,
             "%zu critical and %zu warning alerts (the verdict fails on %s alerts). %zu of %zu rules could be "
             "evaluated (rules: %s).",
             res->criticals, res->warnings, ps_an_sev_name(info->fail_on), res->rules_evaluated, set->n,
             info->rules_label ? info->rules_label : "");
    char zt[160];
    doc_para(d, "%zu log file%s, %zu machine%s, %llu samples from %s to %s, in slices of %lld s. Times: %s.",
             res->nfiles, res->nfiles == 1 ? "" : "s", res->nmachines, res->nmachines == 1 ? "" : "s",
             (unsigned long long)res->rows, when(t1, sizeof t1, res->first), when(t2, sizeof t2, res->last),
             (long long)(res->slice_ms / 1000), ps_an_zone_text(zt, sizeof zt, res));
    if (res->nperiods > 1) {
        ps_buf pt = {0};
        ps_an_periods_text(&pt, res);
        doc_para(d, "%s.", pt.data);
        ps_buf_fini(&pt);
    }
    for (size_t f = 0; f < res->nfiles; f++)
        doc_para(d, "Log %s: %s to %s, %llu rows analysed.", res->files[f], when(t1, sizeof t1, res->file_first[f]),
                 when(t2, sizeof t2, res->file_last[f]), (unsigned long long)res->file_rows[f]);
    if (res->localized_columns)
        doc_para(d, "%zu columns had localized counter names; they were read under their English names.",
                 res->localized_columns);
    ps_an_doc_notes(d, res, info);
    doc_heading(d, 1, 0, "Alerts");
    if (res->nalerts)
        alerts_table(d, res);
    else
        doc_para(d, "No slice crossed a warning or critical limit.");
    if (res->nalerts) {
        doc_heading(d, 1, 0, "Alerts by time slice");
        doc_para(d, "Every slice with alerts, in time order (PAL's alert index); each rule links to its section.");
        alert_index(d, res, links);
    }
    doc_heading(d, 1, 1, "Analyses");
    keep->charts = ps_xcalloc(set->n + 1, sizeof *keep->charts);
    for (size_t ri = 0; ri < set->n; ri++) {
        const ps_an_rule *r = &set->rules[ri];
        if (!res->rule_series[ri])
            continue;
        doc_block *h = doc_heading(d, 2, 0, "%s", r->title);
        free(h->anchor);
        h->anchor = ps_xcalloc(32, 1);
        snprintf(h->anchor, 32, "rule-%zu", ri);
        if (r->description)
            doc_para(d, "%s", r->description);
        if (r->chart_only)
            doc_para(d, "Counter: %s. Statistics only: %s.", r->ncounters ? r->counters[0] : r->expr_text,
                     r->question ? r->question : "no limits");
        else if (r->ncodes)
            doc_para(d,
                     "Counter: %s. Test per slice: %s %s the limits PAL's threshold code computes per machine "
                     "from the answers (section \"Assumptions\"); on %s: warning %s, critical %s%s%s.",
                     r->ncounters ? r->counters[0] : r->expr_text, ps_an_stat_name(r->stat), ps_an_op_name(r->op),
                     first_series(res, ri)->machine, num(n1, sizeof n1, first_series(res, ri)->warning),
                     num(n2, sizeof n2, first_series(res, ri)->critical), r->unit ? " " : "", r->unit ? r->unit : "");
        else
            doc_para(d, "Counter: %s. Test per slice: %s %s warning %s, critical %s%s%s.",
                     r->ncounters ? r->counters[0] : r->expr_text, ps_an_stat_name(r->stat), ps_an_op_name(r->op),
                     num(n1, sizeof n1, r->warning), num(n2, sizeof n2, r->critical), r->unit ? " " : "",
                     r->unit ? r->unit : "");
        if (r->source)
            doc_para(d, "Source of the limits: %s", r->source);
        if (r->advice)
            doc_para(d, "Advice: %s", r->advice);
        rule_chart(d, res, ri, keep);
        stats_table(d, res, ri);
    }
    doc_heading(d, 1, 0, "Rules not evaluated");
    doc_block *list = doc_add(d, DOC_LIST, NULL);
    for (size_t ri = 0; ri < set->n; ri++)
        if (!res->rule_series[ri]) {
            list->lines = ps_xrealloc(list->lines, (list->nlines + 1) * sizeof *list->lines);
            ps_buf l = {0};
            ps_buf_printf(&l, "%s: no counter %s with values in the logs", set->rules[ri].id,
                          set->rules[ri].ncounters ? set->rules[ri].counters[0] : set->rules[ri].expr_text);
            list->lines[list->nlines++] = ps_buf_steal(&l);
        }
    if (!list->nlines)
        list->kind = DOC_PARA, list->text = ps_xstrdup("Every rule was evaluated.");
    if (set->pal_analyses) {
        doc_heading(d, 1, 0, "PAL import");
        doc_para(d, "%zu analyses read, %zu imported, %zu disabled, %zu refused:", set->pal_analyses,
                 set->pal_analyses - set->pal_disabled - set->nrefused, set->pal_disabled, set->nrefused);
        doc_block *rl = doc_add(d, DOC_LIST, NULL);
        rl->lines = ps_xcalloc(set->nrefused + 1, sizeof *rl->lines);
        for (size_t i = 0; i < set->nrefused; i++)
            rl->lines[rl->nlines++] = ps_xstrdup(set->refused[i]);
    }
}

static void keep_fini(an_keep *k)
{
    for (size_t i = 0; i < k->n; i++)
        ps_an_rule_charts_free(k->charts[i]);
    free(k->charts);
}

int ps_an_render_doc(ps_buf *b, const ps_an_result *r, const ps_an_doc_info *info, enum ps_format fmt, ps_error *err)
{
    ps_doc_render_fn render = ps_doc_renderer(fmt);
    if (!render)
        return ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "analyze: no document renderer for this format");
    ps_doc *d = ps_xcalloc(1, sizeof *d);
    d->esrp = 4;
    d->date = info->generated;
    d->vendor = ps_xstrdup("perfscribe analyze");
    d->author = ps_xstrdup("perfscribe " PS_VERSION);
    ps_buf t = {0};
    ps_buf_puts(&t, "Performance analysis");
    for (size_t m = 0; m < r->nmachines && m < 4; m++)
        ps_buf_printf(&t, "%s%s", m ? ", " : ": ", r->machines[m][0] ? r->machines[m] : "(no machine name)");
    if (r->nmachines > 4)
        ps_buf_printf(&t, " and %zu more", r->nmachines - 4);
    d->title = ps_buf_steal(&t);
    ps_buf_printf(&t, "Verdict: %s. Rules: %s", ps_an_verdict_name(r, info->fail_on),
                  info->rules_label ? info->rules_label : "");
    d->subtitle = ps_buf_steal(&t);
    int y, mo, dd, h, mi, s, ms;
    ps_time_to_fields(info->generated, &y, &mo, &dd, &h, &mi, &s, &ms);
    ps_buf_printf(&t, "%s %d, %d", month_names[(mo - 1) % 12], dd, y);
    d->date_text = ps_buf_steal(&t);
    an_keep keep = {0};
    build(d, r, info, &keep, fmt == PS_FMT_HTML);
    int rc = ps_an_doc_to_buf(d, render, b, err);
    ps_doc_free(d);
    keep_fini(&keep);
    return rc;
}

int ps_an_doc_to_buf(const ps_doc *d, ps_doc_render_fn render, ps_buf *b, ps_error *err)
{
    char *mem = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&mem, &len);
    int rc = fp ? render(d, fp, NULL, err) : ps_error_set(err, PS_EIO, NULL, 0, 0, "out of memory");
    if (fp && fclose(fp) != 0 && !rc)
        rc = ps_error_set(err, PS_EIO, NULL, 0, 0, "cannot write the document");
    if (!rc)
        ps_buf_put(b, mem, len);
    free(mem);
    return rc;
}
