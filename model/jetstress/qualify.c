/* qualify.c - ESRP qualification of a judged Jetstress run (ps_jetstress.h, README "ESRP
 * qualification"): a server's Performance test qualifies when its achieved transactional IOPS
 * reach the target and Jetstress's verdict passes, printed and recomputed. */
#include "judge/judge_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const criterion_names[PS_QUAL_N] = {"target_iops", "printed_verdict", "recomputed_verdict"};

const char *ps_qual_criterion_name(enum ps_qual_criterion c)
{
    return (unsigned)c < PS_QUAL_N ? criterion_names[c] : NULL;
}

void ps_qualification_fini(ps_qualification *q)
{
    for (size_t i = 0; i < q->nreasons; i++)
        free(q->reasons[i].text);
    free(q->reasons);
    memset(q, 0, sizeof *q);
    q->result = PS_VERDICT_UNKNOWN;
}

static void add(ps_qualification *q, enum ps_qual_criterion c, enum ps_verdict_result met, double value,
                double required, ps_buf *text)
{
    q->reasons = ps_xrealloc(q->reasons, (q->nreasons + 1) * sizeof *q->reasons);
    q->reasons[q->nreasons++] = (ps_qual_reason){c, met, value, required, ps_buf_steal(text)};
}

static const char *machine(const ps_js_server *s)
{
    return s->machine ? s->machine : "?";
}

/* Where the summary's target comes from (the order of the loader's choice). */
static const char *target_source(const ps_js_server *s, ps_buf *detail)
{
    char a[64], b[64];
    if (s->report && !isnan(s->report->target_iops))
        return "the report";
    const ps_js_config *c = s->config;
    if (c && !isnan(c->mailbox_count) && !isnan(c->mailbox_iops)) {
        ps_buf_printf(detail, ": %s mailboxes x %s IOPS", js_short_num(a, sizeof a, c->mailbox_count),
                      js_short_num(b, sizeof b, c->mailbox_iops));
        return "JetstressConfig.xml";
    }
    return "--mailboxes x --iops-per-mailbox";
}

static void target_criterion(const ps_js_server *s, ps_qualification *q)
{
    char a[64], t[64];
    ps_buf text = {0}, detail = {0};
    double achieved = s->summary.achieved_transactional_iops, target = s->summary.target_transactional_iops;
    /* compared as printed: 3 decimals (a run at exactly the target qualifies) */
    double shown = isnan(achieved) ? NAN : round(achieved * 1000.0) / 1000.0;
    q->achieved = achieved;
    q->target = target;
    ps_fmt_num(a, sizeof a, shown, 3);
    ps_buf_printf(&text, "%s %s: ", machine(s), ps_test_type_name(s->test_type));
    enum ps_verdict_result met;
    if (isnan(target)) {
        met = PS_VERDICT_UNKNOWN;
        ps_buf_printf(&text,
                      "achieved transactional IOPS %s, target unknown (no target in a report, no mailbox "
                      "count and IOPS in JetstressConfig.xml, no --mailboxes and --iops-per-mailbox)",
                      a);
    } else {
        q->target_from = target_source(s, &detail);
        js_short_num(t, sizeof t, target);
        if (isnan(shown)) {
            met = PS_VERDICT_UNKNOWN;
            ps_buf_printf(&text, "achieved transactional IOPS unknown (no figures), target %s", t);
        } else {
            met = shown >= target ? PS_VERDICT_PASS : PS_VERDICT_FAIL;
            ps_buf_printf(&text, "achieved transactional IOPS %s %s target %s", a, met == PS_VERDICT_PASS ? ">=" : "<",
                          t);
        }
        ps_buf_printf(&text, " (target from %s%s)", q->target_from, detail.data ? detail.data : "");
    }
    ps_buf_fini(&detail);
    add(q, PS_QUAL_TARGET_IOPS, met, shown, target, &text);
}

static const char *word(int pass)
{
    return pass ? "Pass" : "Fail";
}

/* The printed verdict (with a report that prints one) and the recomputed one (when the verdict
 * has a recomputed part, or when nothing could be judged). */
static void verdict_criteria(const ps_js_server *s, ps_qualification *q)
{
    const ps_verdict *v = &s->verdict;
    int printed = s->report ? s->report->result : -1;
    const char *why = s->report && s->report->result_reason ? s->report->result_reason : NULL;
    if (printed >= 0) {
        ps_buf text = {0};
        ps_buf_printf(&text, "%s %s: Jetstress printed %s%s%s%s", machine(s), ps_test_type_name(s->test_type),
                      word(printed), why ? " - " : "", why ? why : "", printed ? "" : " (required: Pass)");
        add(q, PS_QUAL_PRINTED_VERDICT, printed ? PS_VERDICT_PASS : PS_VERDICT_FAIL, printed, 1, &text);
    }
    int recomputed = -1;
    if (v->source == PS_VSRC_BOTH)
        recomputed = v->disagree ? !printed : printed;
    else if (v->source == PS_VSRC_RECOMPUTED && v->result != PS_VERDICT_UNKNOWN)
        recomputed = v->result == PS_VERDICT_PASS;
    if (recomputed < 0 && v->source == PS_VSRC_REPORTED)
        return; /* the printed verdict stands (README "Verdict sources") */
    ps_buf text = {0};
    ps_buf_printf(&text, "%s %s: ", machine(s), ps_test_type_name(s->test_type));
    if (recomputed < 0)
        ps_buf_puts(&text, "recomputed verdict unknown: the test was not judged");
    else
        ps_buf_printf(&text, "recomputed verdict %s (%s)%s", word(recomputed), v->profile ? v->profile : "no profile",
                      recomputed ? "" : " (required: Pass)");
    add(q, PS_QUAL_RECOMPUTED_VERDICT,
        recomputed < 0 ? PS_VERDICT_UNKNOWN
        : recomputed   ? PS_VERDICT_PASS
                       : PS_VERDICT_FAIL,
        recomputed < 0 ? NAN : recomputed, 1, &text);
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
            ps_buf text = {0};
            ps_buf_puts(&text, q->reasons[k].text);
            add(out, q->reasons[k].criterion, q->reasons[k].met, q->reasons[k].value, q->reasons[k].required, &text);
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
