/* qualify.c - ESRP qualification of a judged Jetstress run (ps_jetstress.h, README "ESRP
 * qualification"): a server's Performance test qualifies when its achieved transactional IOPS
 * reach the target and Jetstress's verdict passes, printed and recomputed. Each criterion's reason
 * is data; its sentence is the renderer's (ps_js_qual_words). */
#include "judge/judge_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const criterion_names[PS_QUAL_N] = {"target_iops", "printed_verdict", "recomputed_verdict"};

const char *ps_qual_criterion_name(enum ps_qual_criterion c)
{
    return (unsigned)c < PS_QUAL_N ? criterion_names[c] : NULL;
}

static const char *const target_from_names[] = {NULL, "the report", "JetstressConfig.xml",
                                                "--mailboxes x --iops-per-mailbox"};

const char *ps_qual_target_from_name(enum ps_qual_target_from f)
{
    return (unsigned)f < sizeof target_from_names / sizeof target_from_names[0] ? target_from_names[f] : NULL;
}

static void reason_fini(ps_qual_reason *r)
{
    free(r->machine);
    free(r->printed_reason);
    free(r->profile);
}

void ps_qualification_fini(ps_qualification *q)
{
    for (size_t i = 0; i < q->nreasons; i++)
        reason_fini(&q->reasons[i]);
    free(q->reasons);
    memset(q, 0, sizeof *q);
    q->result = PS_VERDICT_UNKNOWN;
}

/* Append a reason of criterion c for server s; returns it to fill. */
static ps_qual_reason *add(ps_qualification *q, const ps_js_server *s, enum ps_qual_criterion c,
                           enum ps_verdict_result met, double value, double required)
{
    q->reasons = ps_xrealloc(q->reasons, (q->nreasons + 1) * sizeof *q->reasons);
    ps_qual_reason *r = &q->reasons[q->nreasons++];
    memset(r, 0, sizeof *r);
    r->criterion = c;
    r->met = met;
    r->value = value;
    r->required = required;
    r->machine = s && s->machine ? ps_xstrdup(s->machine) : NULL;
    r->test_type = s ? s->test_type : PS_TEST_UNKNOWN;
    r->config_mailboxes = r->config_iops = NAN;
    return r;
}

/* Where the summary's target comes from (the order of the loader's choice). */
static enum ps_qual_target_from target_source(const ps_js_server *s)
{
    if (s->report && !isnan(s->report->target_iops))
        return PS_QTF_REPORT;
    const ps_js_config *c = s->config;
    if (c && !isnan(c->mailbox_count) && !isnan(c->mailbox_iops))
        return PS_QTF_CONFIG;
    return PS_QTF_OPTIONS;
}

static void target_criterion(const ps_js_server *s, ps_qualification *q)
{
    double achieved = s->summary.achieved_transactional_iops, target = s->summary.target_transactional_iops;
    /* compared as printed: 3 decimals (a run at exactly the target qualifies) */
    double shown = isnan(achieved) ? NAN : round(achieved * 1000.0) / 1000.0;
    q->achieved = achieved;
    q->target = target;
    enum ps_verdict_result met = PS_VERDICT_UNKNOWN;
    if (!isnan(target)) {
        q->target_from = target_source(s);
        if (!isnan(shown))
            met = shown >= target ? PS_VERDICT_PASS : PS_VERDICT_FAIL;
    }
    ps_qual_reason *r = add(q, s, PS_QUAL_TARGET_IOPS, met, shown, target);
    r->target_from = q->target_from;
    if (q->target_from == PS_QTF_CONFIG) {
        r->config_mailboxes = s->config->mailbox_count;
        r->config_iops = s->config->mailbox_iops;
    }
}

/* The printed verdict (with a report that prints one) and the recomputed one (when the verdict
 * has a recomputed part, or when nothing could be judged). */
static void verdict_criteria(const ps_js_server *s, ps_qualification *q)
{
    const ps_verdict *v = &s->verdict;
    int printed = s->report ? s->report->result : -1;
    if (printed >= 0) {
        ps_qual_reason *r = add(q, s, PS_QUAL_PRINTED_VERDICT, printed ? PS_VERDICT_PASS : PS_VERDICT_FAIL, printed, 1);
        if (s->report->result_reason)
            r->printed_reason = ps_xstrdup(s->report->result_reason);
    }
    int recomputed = -1;
    if (v->source == PS_VSRC_BOTH)
        recomputed = v->disagree ? !printed : printed;
    else if (v->source == PS_VSRC_RECOMPUTED && v->result != PS_VERDICT_UNKNOWN)
        recomputed = v->result == PS_VERDICT_PASS;
    if (recomputed < 0 && v->source == PS_VSRC_REPORTED)
        return; /* the printed verdict stands (README "Verdict sources") */
    ps_qual_reason *r = add(q, s, PS_QUAL_RECOMPUTED_VERDICT,
                            recomputed < 0 ? PS_VERDICT_UNKNOWN
                            : recomputed   ? PS_VERDICT_PASS
                                           : PS_VERDICT_FAIL,
                            recomputed < 0 ? NAN : recomputed, 1);
    r->profile = v->profile ? ps_xstrdup(v->profile) : NULL;
}

void ps_js_qualify_server(const ps_js_server *s, ps_qualification *out)
{
    memset(out, 0, sizeof *out);
    out->result = PS_VERDICT_UNKNOWN;
    out->achieved = out->target = NAN;
    if (s->test_type != PS_TEST_PERFORMANCE)
        return;
    out->assessed = 1;
    target_criterion(s, out);
    verdict_criteria(s, out);
    int fail = 0, target_unknown = 0, verdict_known = 0;
    for (size_t i = 0; i < out->nreasons; i++) {
        const ps_qual_reason *r = &out->reasons[i];
        fail |= r->met == PS_VERDICT_FAIL;
        if (r->criterion == PS_QUAL_TARGET_IOPS)
            target_unknown = r->met == PS_VERDICT_UNKNOWN;
        else
            verdict_known |= r->met != PS_VERDICT_UNKNOWN;
    }
    out->result = fail ? PS_VERDICT_FAIL : (target_unknown || !verdict_known) ? PS_VERDICT_UNKNOWN : PS_VERDICT_PASS;
}

void ps_js_qualify(ps_js_run *run)
{
    for (size_t i = 0; i < run->nservers; i++) {
        ps_qualification_fini(&run->servers[i].qualification);
        ps_js_qualify_server(&run->servers[i], &run->servers[i].qualification);
    }
}

void ps_js_qualify_run(const ps_js_run *run, ps_qualification *out)
{
    memset(out, 0, sizeof *out);
    out->result = PS_VERDICT_UNKNOWN;
    int fail = 0, unknown = 0;
    double achieved = 0, target = 0;
    for (size_t i = 0; i < run->nservers; i++) {
        const ps_qualification *q = &run->servers[i].qualification;
        if (!q->assessed)
            continue;
        out->assessed = 1;
        fail |= q->result == PS_VERDICT_FAIL;
        unknown |= q->result == PS_VERDICT_UNKNOWN;
        achieved += q->achieved;
        target += q->target;
        for (size_t k = 0; k < q->nreasons; k++) {
            const ps_qual_reason *from = &q->reasons[k];
            ps_qual_reason *r = add(out, NULL, from->criterion, from->met, from->value, from->required);
            *r = *from;
            r->machine = from->machine ? ps_xstrdup(from->machine) : NULL;
            r->printed_reason = from->printed_reason ? ps_xstrdup(from->printed_reason) : NULL;
            r->profile = from->profile ? ps_xstrdup(from->profile) : NULL;
        }
    }
    if (!out->assessed) {
        out->achieved = out->target = NAN;
        return;
    }
    out->achieved = achieved;
    out->target = target;
    out->result = fail ? PS_VERDICT_FAIL : unknown ? PS_VERDICT_UNKNOWN : PS_VERDICT_PASS;
}
