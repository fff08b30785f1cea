/* verdict_source.c - which verdict a server gets when the report's printed verdict and the
 * recomputation meet: recomputed, as reported (not recomputed), or both (a disagreement fails). */
#include "judge_internal.h"

/* Why the recomputation is incomplete (*n, *of: the counts it names); PS_VRI_NONE when complete. */
static enum ps_vr_incomplete incomplete_why(const ps_js_server *s, const js_tally *t, size_t *n, size_t *of)
{
    size_t computed = 0;
    for (size_t i = 0; i < s->ninstances; i++)
        computed += s->instances[i].has_computed != 0;
    if (!s->nlogs)
        return PS_VRI_NO_LOG;
    if (!s->window_samples)
        return PS_VRI_NO_WINDOW_SAMPLE;
    if (!s->ninstances || computed < s->ninstances) {
        *n = s->ninstances - computed;
        *of = s->ninstances;
        return PS_VRI_INSTANCES;
    }
    if (t->skipped_max)
        return PS_VRI_NO_MAX_SAMPLES;
    if (t->profile_missing) {
        *n = (size_t)t->profile_missing;
        return PS_VRI_MISSING_COUNTERS;
    }
    return PS_VRI_NONE;
}

static void add_printed(ps_verdict_reason *x, int printed, const ps_js_server *s)
{
    x->printed = printed;
    if (s->report && s->report->result_reason)
        x->printed_reason = ps_xstrdup(s->report->result_reason);
}

void js_verdict_settle(ps_js_server *s, const js_tally *t)
{
    ps_verdict *v = &s->verdict;
    size_t n = 0, of = 0;
    enum ps_vr_incomplete why = incomplete_why(s, t, &n, &of);
    int printed = s->report ? s->report->result : -1; /* 1 pass, 0 fail, -1 none */
    int rec_pass = t->profile_fails == 0;
    v->disagree = 0;
    if (printed >= 0 && (why == PS_VRI_NONE || (printed == 1 && !rec_pass))) {
        /* both known: a partial recomputation that already fails also contradicts a printed Pass */
        v->source = PS_VSRC_BOTH;
        v->disagree = printed != rec_pass;
        v->result = (t->profile_fails || t->extra_fails || v->disagree) ? PS_VERDICT_FAIL : PS_VERDICT_PASS;
        if (v->disagree) {
            ps_verdict_reason *x = ps_verdict_add(v, PS_VR_DISAGREE, s->machine);
            add_printed(x, printed, s);
            x->recomputed = rec_pass;
            x->profile = v->profile ? ps_xstrdup(v->profile) : NULL;
        }
    } else if (printed >= 0) {
        v->source = PS_VSRC_REPORTED;
        v->result = (!printed || t->extra_fails) ? PS_VERDICT_FAIL : PS_VERDICT_PASS;
        ps_verdict_reason *x = ps_verdict_add(v, PS_VR_AS_REPORTED, s->machine);
        add_printed(x, printed, s);
        x->incomplete = why;
        x->n = n;
        x->of = of;
    } else {
        v->source = PS_VSRC_RECOMPUTED;
        if (t->profile_fails || t->extra_fails)
            v->result = PS_VERDICT_FAIL;
        else if (s->ignored_report) {
            v->result = PS_VERDICT_UNKNOWN;
            ps_verdict_add(v, PS_VR_REPORT_UNREADABLE, s->machine)->file = ps_xstrdup(s->ignored_report);
        } else if (why != PS_VRI_NONE || !t->evaluated) {
            v->result = PS_VERDICT_UNKNOWN;
            ps_verdict_reason *x = ps_verdict_add(v, PS_VR_NOT_JUDGED, s->machine);
            x->incomplete = why != PS_VRI_NONE ? why : PS_VRI_NOTHING_EVALUATED;
            x->n = n;
            x->of = of;
        } else
            v->result = PS_VERDICT_PASS;
    }
}
