/* Unit tests: ESRP qualification (model/jetstress/qualify.c). Servers are built by hand; every
 * expected number is the hand arithmetic written beside it. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ps_model.h"
#include "words_util.h"

/* A judged Performance server: achieved/target IOPS, a verdict source and result, and (when
 * printed >= 0) a report with that printed verdict and target. */
static void server(ps_js_server *s, double achieved, double target, int printed, enum ps_verdict_source src,
                   enum ps_verdict_result result)
{
    memset(s, 0, sizeof *s);
    s->machine = strdup("MBX01");
    s->test_type = PS_TEST_PERFORMANCE;
    ps_js_summary_clear(&s->summary);
    s->summary.achieved_transactional_iops = achieved;
    s->summary.target_transactional_iops = target;
    s->verdict.source = src;
    s->verdict.result = result;
    s->verdict.profile = strdup("jetstress-2013/strict");
    if (printed >= 0) {
        s->report = calloc(1, sizeof *s->report);
        s->report->result = printed;
        s->report->target_iops = target;
        s->report->achieved_iops = achieved;
    }
}

static void server_fini(ps_js_server *s)
{
    free(s->machine);
    ps_verdict_fini(&s->verdict);
    ps_js_report_free(s->report);
    ps_js_config_free(s->config);
    ps_qualification_fini(&s->qualification);
}

static const ps_qual_reason *reason(const ps_qualification *q, enum ps_qual_criterion c)
{
    for (size_t i = 0; i < q->nreasons; i++)
        if (q->reasons[i].criterion == c)
            return &q->reasons[i];
    return NULL;
}

/* The js1 run: 4 instances summing to 228.256 IOPS, target 300 mailboxes x 1 IOPS from
 * JetstressConfig.xml, recomputed Pass, no report: does not qualify, both numbers named. */
Test(qualify, below_target_from_config)
{
    ps_js_server s;
    server(&s, 228.256, 300, -1, PS_VSRC_RECOMPUTED, PS_VERDICT_PASS);
    s.config = calloc(1, sizeof *s.config);
    s.config->mailbox_count = 300;
    s.config->mailbox_iops = 1;
    ps_qualification q;
    ps_js_qualify_server(&s, &q);
    cr_assert_eq(q.assessed, 1);
    cr_assert_eq(q.result, PS_VERDICT_FAIL);
    cr_assert_eq(q.nreasons, 2); /* target + recomputed (no report: no printed verdict) */
    const ps_qual_reason *t = reason(&q, PS_QUAL_TARGET_IOPS);
    cr_assert_eq(t->met, PS_VERDICT_FAIL);
    cr_assert_float_eq(t->value, 228.256, 1e-9);
    cr_assert_float_eq(t->required, 300, 1e-9);
    cr_assert_str_eq(qw(t), "MBX01 Performance: achieved transactional IOPS 228.256 < target 300 (target from "
                            "JetstressConfig.xml: 300 mailboxes x 1 IOPS)");
    cr_assert_eq(q.target_from, PS_QTF_CONFIG);
    cr_assert_str_eq(ps_qual_target_from_name(q.target_from), "JetstressConfig.xml");
    cr_assert_eq(reason(&q, PS_QUAL_RECOMPUTED_VERDICT)->met, PS_VERDICT_PASS);
    cr_assert_null(reason(&q, PS_QUAL_PRINTED_VERDICT));
    ps_qualification_fini(&q);
    server_fini(&s);
}

/* Exactly at the target qualifies; 299.9996 prints as 300.000 and is compared as printed;
 * 299.9994 prints 299.999 and does not qualify. */
Test(qualify, exactly_at_target)
{
    static const struct {
        double achieved;
        enum ps_verdict_result want;
        const char *cmp;
    } cases[] = {
        {300.0, PS_VERDICT_PASS, "300.000 >= target 300"},
        {299.9996, PS_VERDICT_PASS, "300.000 >= target 300"},
        {299.9994, PS_VERDICT_FAIL, "299.999 < target 300"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ps_js_server s;
        server(&s, cases[i].achieved, 300, 1, PS_VSRC_BOTH, PS_VERDICT_PASS);
        ps_qualification q;
        ps_js_qualify_server(&s, &q);
        cr_assert_eq(q.result, cases[i].want, "case %zu", i);
        const ps_qual_reason *t = reason(&q, PS_QUAL_TARGET_IOPS);
        cr_assert(strstr(qw(t), cases[i].cmp), "case %zu: %s", i, qw(t));
        cr_assert(strstr(qw(t), "(target from the report)"), "%s", qw(t));
        cr_assert_eq(reason(&q, PS_QUAL_PRINTED_VERDICT)->met, PS_VERDICT_PASS);
        cr_assert_eq(reason(&q, PS_QUAL_RECOMPUTED_VERDICT)->met, PS_VERDICT_PASS);
        ps_qualification_fini(&q);
        server_fini(&s);
    }
}

/* Above target but Jetstress printed Fail and the recomputation agrees: does not qualify on
 * both verdict criteria; a disagreement (printed Pass, recomputed Fail) fails the recomputed one. */
Test(qualify, verdicts)
{
    ps_js_server s;
    server(&s, 292.446, 250, 0, PS_VSRC_BOTH, PS_VERDICT_FAIL);
    s.report->result_reason = strdup("Instance5120.3 has 23.529 msec average database read latency.");
    ps_qualification q;
    ps_js_qualify_server(&s, &q);
    cr_assert_eq(q.result, PS_VERDICT_FAIL);
    cr_assert_eq(reason(&q, PS_QUAL_TARGET_IOPS)->met, PS_VERDICT_PASS);
    const ps_qual_reason *p = reason(&q, PS_QUAL_PRINTED_VERDICT);
    cr_assert_eq(p->met, PS_VERDICT_FAIL);
    cr_assert_str_eq(qw(p), "MBX01 Performance: Jetstress printed Fail - Instance5120.3 has 23.529 msec average "
                            "database read latency. (required: Pass)");
    cr_assert_eq(reason(&q, PS_QUAL_RECOMPUTED_VERDICT)->met, PS_VERDICT_FAIL);
    ps_qualification_fini(&q);
    server_fini(&s);

    server(&s, 292.446, 250, 1, PS_VSRC_BOTH, PS_VERDICT_FAIL);
    s.verdict.disagree = 1;
    ps_js_qualify_server(&s, &q);
    cr_assert_eq(q.result, PS_VERDICT_FAIL);
    cr_assert_eq(reason(&q, PS_QUAL_PRINTED_VERDICT)->met, PS_VERDICT_PASS);
    cr_assert_eq(reason(&q, PS_QUAL_RECOMPUTED_VERDICT)->met, PS_VERDICT_FAIL);
    ps_qualification_fini(&q);
    server_fini(&s);

    /* as reported (not recomputed): the printed Pass stands, no recomputed criterion */
    server(&s, 292.446, 250, 1, PS_VSRC_REPORTED, PS_VERDICT_PASS);
    ps_js_qualify_server(&s, &q);
    cr_assert_eq(q.result, PS_VERDICT_PASS);
    cr_assert_eq(q.nreasons, 2);
    cr_assert_null(reason(&q, PS_QUAL_RECOMPUTED_VERDICT));
    ps_qualification_fini(&q);
    server_fini(&s);
}

/* Without a target the qualification cannot be told; a Stress test is not assessed. */
Test(qualify, unknown_and_not_assessed)
{
    ps_js_server s;
    server(&s, 228.256, NAN, -1, PS_VSRC_RECOMPUTED, PS_VERDICT_PASS);
    ps_qualification q;
    ps_js_qualify_server(&s, &q);
    cr_assert_eq(q.result, PS_VERDICT_UNKNOWN);
    cr_assert_eq(reason(&q, PS_QUAL_TARGET_IOPS)->met, PS_VERDICT_UNKNOWN);
    cr_assert(strstr(qw(reason(&q, PS_QUAL_TARGET_IOPS)), "228.256, target unknown"));
    ps_qualification_fini(&q);
    s.test_type = PS_TEST_STRESS;
    ps_js_qualify_server(&s, &q);
    cr_assert_eq(q.assessed, 0);
    cr_assert_eq(q.nreasons, 0);
    ps_qualification_fini(&q);
    server_fini(&s);
}

/* The run: 2 Performance servers (310 >= 300 and 228.256 < 300) and a Stress test: fails,
 * 4 reasons in server order, achieved 310 + 228.256 = 538.256, target 600. */
Test(qualify, run)
{
    ps_js_run run = {0};
    run.nservers = 3;
    run.servers = calloc(3, sizeof *run.servers);
    server(&run.servers[0], 310, 300, -1, PS_VSRC_RECOMPUTED, PS_VERDICT_PASS);
    server(&run.servers[1], 228.256, 300, -1, PS_VSRC_RECOMPUTED, PS_VERDICT_PASS);
    server(&run.servers[2], 100, 300, -1, PS_VSRC_RECOMPUTED, PS_VERDICT_FAIL);
    run.servers[2].test_type = PS_TEST_STRESS;
    ps_js_qualify(&run);
    cr_assert_eq(run.servers[0].qualification.result, PS_VERDICT_PASS);
    cr_assert_eq(run.servers[1].qualification.result, PS_VERDICT_FAIL);
    cr_assert_eq(run.servers[2].qualification.assessed, 0);
    ps_qualification q;
    ps_js_qualify_run(&run, &q);
    cr_assert_eq(q.result, PS_VERDICT_FAIL);
    cr_assert_eq(q.nreasons, 4);
    cr_assert_float_eq(q.achieved, 538.256, 1e-9);
    cr_assert_float_eq(q.target, 600, 1e-9);
    ps_qualification_fini(&q);
    for (size_t i = 0; i < run.nservers; i++)
        server_fini(&run.servers[i]);
    free(run.servers);
}
