/* doc_failure.c - the report's failure explanations (docs/readme/jetstress.md "Failure
 * explanation"): for every failing rule the judge could explain from the counter logs, its
 * reason and explanation in words, and a time chart zoomed on the longest run beyond the limit
 * (bursts: on the worst sample when it lies outside that run),
 * the limit drawn, the x axis in the logs' local time. The charts go through the chart layout
 * like every other time chart (doc_chart.c); the samples are the failure's bounded buffer. */
#include "doc_esrp_internal.h"

#include <stdio.h>
#include <stdlib.h>

/* "limit 20 ms", "limit 1", "limit 1 GB" in L */
static char *limit_label(const ps_lang *L, const ps_js_failure *f)
{
    char num[64], v[96];
    const char *u = ps_js_metric_unit(f->metric);
    ps_lang_num(L, num, sizeof num, f->limit, f->limit == (double)(long long)f->limit ? 0 : 3);
    snprintf(v, sizeof v, "%s%s%s", num, u && *u && *u != '/' && *u != '%' ? " " : "", u ? u : "");
    ps_buf b = {0};
    ps_buf_printf(&b, ps_msg(L, PS_MSG_FAIL_LIMIT), v);
    return ps_buf_steal(&b);
}

static void failure(ps_doc *d, const ps_js_server *s, const ps_js_failure *f, size_t k)
{
    const ps_lang *L = d->lang;
    const char *m = s->machine ? s->machine : "?";
    const char *inst = f->instance ? f->instance : ps_msg(L, PS_MSG_FAIL_HOST);
    /* the verdict's reason is named by the chart title below; the sentence gives no counter name with a
     * limit and no value, which audit would read as a claim without its number */
    size_t first = d->nblocks; /* doc_para adds one block */
    doc_para(d, ps_msg(L, PS_MSG_FAIL_WHERE), m, doc_test_title(L, s->test_type), inst);
    char *why = ps_js_failure_words(L, f);
    doc_para(d, ps_msg(L, PS_MSG_FAIL_WHY), why);
    free(why);
    if (!f->zoom.n)
        return;
    d->blocks[first].keep_next = d->blocks[first + 1].keep_next = 1; /* they introduce the chart: on its page */
    doc_block *b = doc_add(d, DOC_CHART, NULL);
    doc_chart *c = ps_xcalloc(1, sizeof *c);
    c->kind = DOC_CHART_TIME;
    c->lang = L;
    ps_buf t = {0};
    ps_buf_printf(&t, "%s.%s.failure%zu", m, ps_test_type_name(s->test_type), k + 1);
    c->id = ps_buf_steal(&t);
    unsigned cls = (unsigned)f->cls <= PS_FAIL_SUSTAINED ? (unsigned)f->cls : 0;
    ps_buf_printf(&t, ps_msg(L, f->zoom_on == PS_JS_ZOOM_WORST ? PS_MSG_FAIL_TITLE_WORST : PS_MSG_FAIL_TITLE_RUN), m,
                  inst, ps_js_metric_label(L, f->metric), ps_msg(L, (enum ps_msg_id)(PS_MSG_FAIL_UNKNOWN + cls)));
    c->title = ps_buf_steal(&t);
    const char *u = ps_js_metric_unit(f->metric);
    c->ylabel = ps_xstrdup(u && *u ? u : ps_msg(L, PS_MSG_FAIL_VALUE));
    c->threshold = f->limit;
    c->threshold_label = limit_label(L, f);
    c->series = &f->zoom; /* borrowed from the run, like the appendix charts' series */
    c->nseries = 1;
    c->has_local = 1; /* the failure's samples are in the logs' local time already */
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
    doc_heading(d, 3, 0, "%s", ps_msg(d->lang, PS_MSG_FAIL_HEADING));
    doc_para(d, "%s", ps_msg(d->lang, PS_MSG_FAIL_INTRO));
    for (size_t i = 0; i < run->nservers; i++) {
        const ps_js_server *s = &run->servers[i];
        for (size_t k = 0; k < s->verdict.nfailures; k++)
            failure(d, s, &s->verdict.failures[k], k);
    }
}
