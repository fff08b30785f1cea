/* doc_failure.c - the report's failure explanations (docs/readme/jetstress.md "Failure
 * explanation"): for every failing rule the judge could explain from the counter logs, its
 * reason and explanation in words, and a time chart zoomed on the longest run beyond the limit
 * (bursts: on the worst sample when it lies outside that run),
 * the limit drawn, the x axis in the logs' local time. The charts go through the chart layout
 * like every other time chart (doc_chart.c); the samples are the failure's bounded buffer. */
#include "doc_build.h"

#include <stdio.h>

/* "20 ms", "1", "1 GB" */
static char *limit_label(const ps_js_failure *f)
{
    char num[64];
    const char *u = ps_js_metric_unit(f->metric);
    ps_fmt_num(num, sizeof num, f->limit, f->limit == (double)(long long)f->limit ? 0 : 3);
    ps_buf b = {0};
    ps_buf_printf(&b, "limit %s%s%s", num, u && *u && *u != '/' && *u != '%' ? " " : "", u ? u : "");
    return ps_buf_steal(&b);
}

static void failure(ps_doc *d, const ps_js_server *s, const ps_js_failure *f, size_t k)
{
    const char *m = s->machine ? s->machine : "unknown machine";
    /* the verdict's reason is named by the chart title below; the sentence gives no counter name with a
     * limit and no value, which audit would read as a claim without its number */
    doc_para(d, "%s, %s test, %s:", m, ps_test_type_name(s->test_type), f->instance ? f->instance : "host");
    doc_para(d, "Why: %s.", f->text);
    if (!f->zoom.n)
        return;
    doc_block *b = doc_add(d, DOC_CHART, NULL);
    doc_chart *c = ps_xcalloc(1, sizeof *c);
    c->kind = DOC_CHART_TIME;
    ps_buf t = {0};
    ps_buf_printf(&t, "%s.%s.failure%zu", m, ps_test_type_name(s->test_type), k + 1);
    c->id = ps_buf_steal(&t);
    ps_buf_printf(&t, "%s %s: %s around its %s (%s)", m, f->instance ? f->instance : "host",
                  ps_js_metric_words(f->metric),
                  f->zoom_on == PS_JS_ZOOM_WORST ? "worst sample" : "longest run beyond the limit",
                  ps_js_failure_class_name(f->cls));
    c->title = ps_buf_steal(&t);
    const char *u = ps_js_metric_unit(f->metric);
    c->ylabel = ps_xstrdup(u && *u ? u : "value");
    c->threshold = f->limit;
    c->threshold_label = limit_label(f);
    c->series = &f->zoom;   /* borrowed from the run, like the appendix charts' series */
    c->nseries = 1;
    c->has_local = 1;       /* the failure's samples are in the logs' local time already */
    c->to_local = 0;
    b->chart = c;
}

void doc_failures(ps_doc *d, const ps_js_run *run)
{
    size_t n = 0;
    for (size_t i = 0; i < run->nservers; i++)
        n += run->servers[i].verdict.nfailures;
    if (!n)
        return;
    doc_heading(d, 3, 0, "Why the failing tests failed");
    doc_para(d, "Each failing rule below is explained from the counter logs: the samples beyond its limit, "
                "the longest run of consecutive samples beyond it, the worst sample, in the logs' local time "
                "and zone, and whether it was a single spike, bursts or sustained (at least half of the "
                "test). The chart shows the samples around the longest run, or around the worst sample "
                "when bursts put it outside the longest run.");
    for (size_t i = 0; i < run->nservers; i++) {
        const ps_js_server *s = &run->servers[i];
        for (size_t k = 0; k < s->verdict.nfailures; k++)
            failure(d, s, &s->verdict.failures[k], k);
    }
}
