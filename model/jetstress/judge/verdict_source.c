/* verdict_source.c - which verdict a server gets when the report's printed verdict and the
 * recomputation meet: recomputed, as reported (not recomputed), or both (a disagreement fails). */
#include "judge_internal.h"

#include <stdio.h>

/* Why the recomputation is incomplete, in words; NULL when it is complete. */
static const char *incomplete_why(const ps_js_server *s, const js_tally *t, char *buf, size_t n)
{
    size_t computed = 0;
    for (size_t i = 0; i < s->ninstances; i++)
        computed += s->instances[i].has_computed != 0;
    if (!s->nlogs)
        return "no counter log";
    if (!s->window_samples)
        return "no sample of the counter logs inside the collection window";
    if (!s->ninstances || computed < s->ninstances) {
        snprintf(buf, n, "%zu of %zu instances not in the counter logs", s->ninstances - computed, s->ninstances);
        return buf;
    }
    if (t->skipped_max)
        return "no samples for the maximum latency checks";
    if (t->profile_missing) {
        snprintf(buf, n, "%d threshold %s without %s counter", t->profile_missing,
                 t->profile_missing == 1 ? "check" : "checks", t->profile_missing == 1 ? "its" : "their");
        return buf;
    }
    return NULL;
}

static const char *machine(const ps_js_server *s)
{
    return s->machine ? s->machine : "?";
}

void js_verdict_settle(ps_js_server *s, const js_tally *t)
{
    ps_verdict *v = &s->verdict;
    char buf[96];
    const char *why = incomplete_why(s, t, buf, sizeof buf);
    int printed = s->report ? s->report->result : -1; /* 1 pass, 0 fail, -1 none */
    int rec_pass = t->profile_fails == 0;
    const char *reason = s->report && s->report->result_reason ? s->report->result_reason : NULL;
    v->disagree = 0;
    if (printed >= 0 && (!why || (printed == 1 && !rec_pass))) {
        /* both known: a partial recomputation that already fails also contradicts a printed Pass */
        v->source = PS_VSRC_BOTH;
        v->disagree = printed != rec_pass;
        v->result = (t->profile_fails || t->extra_fails || v->disagree) ? PS_VERDICT_FAIL : PS_VERDICT_PASS;
        if (v->disagree)
            ps_verdict_add_reason(v, "%s: Jetstress printed %s%s%s, recomputed %s with %s", machine(s),
                                  printed ? "Pass" : "Fail", reason ? " - " : "", reason ? reason : "",
                                  rec_pass ? "Pass" : "Fail", v->profile);
    } else if (printed >= 0) {
        v->source = PS_VSRC_REPORTED;
        v->result = (!printed || t->extra_fails) ? PS_VERDICT_FAIL : PS_VERDICT_PASS;
        ps_verdict_add_reason(v, "%s: %s as reported, not recomputed (%s): Jetstress printed %s%s%s", machine(s),
                              printed ? "Pass" : "Fail", why, printed ? "Pass" : "Fail", reason ? " - " : "",
                              reason ? reason : "");
    } else {
        v->source = PS_VSRC_RECOMPUTED;
        if (t->profile_fails || t->extra_fails)
            v->result = PS_VERDICT_FAIL;
        else if (s->ignored_report) {
            v->result = PS_VERDICT_UNKNOWN;
            ps_verdict_add_reason(v,
                                  "%s: not judged: the report %s beside the counter logs could not be read, and "
                                  "the logs and configuration alone do not make a pass",
                                  machine(s), s->ignored_report);
        } else if (why || !t->evaluated) {
            v->result = PS_VERDICT_UNKNOWN;
            ps_verdict_add_reason(v, "%s: not judged: %s, and no printed Jetstress verdict to fall back on", machine(s),
                                  why ? why : "no rule could be evaluated");
        } else
            v->result = PS_VERDICT_PASS;
    }
}
