/* Unit tests: audit checks on RUN inputs (a hand-built ps_js_run: report figures, test-log events,
 * recomputed figures, recomputed verdict) and paper tables against recomputed summaries. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "ps_parser.h"
#include "audit_test.h"

typedef struct fixture {
    ps_js_run run;
    ps_js_server srv;
    ps_js_report rep;
    ps_js_instance rinst[2], cinst[2];
    ps_js_event ev[6];
} fixture;

/* One Performance server, two instances. Report: reads 40 / 41, writes 30 / 31, read latency
 * 14.412 / 14.000 ms; achieved 142; recomputed equal; final log lines 14.4 / 14.0. */
static void build(fixture *f)
{
    memset(f, 0, sizeof *f);
    static char *names[2] = {"Instance9.1", "Instance9.2"};
    for (int i = 0; i < 2; i++) {
        ps_js_instance *r = &f->rinst[i], *c = &f->cinst[i];
        r->name = c->name = names[i];
        ps_js_figures_clear(&r->reported);
        ps_js_figures_clear(&c->computed);
        r->has_reported = 1;
        c->has_computed = 1;
        ps_io12 *t = &r->reported.transactional;
        t->db_reads_per_sec = 40 + i;
        t->db_writes_per_sec = 30 + i;
        t->db_read_latency_ms = i ? 14.0 : 14.412;
        t->log_write_latency_ms = 1.1;
        c->computed.transactional = *t;
        c->computed.transactional.db_read_latency_ms = i ? 14.0004 : 14.4121;
    }
    ps_js_report *r = &f->rep;
    r->source = "R/Performance_1.html";
    r->test_type = PS_TEST_PERFORMANCE;
    r->result = 1;
    r->achieved_iops = 142;
    r->target_iops = 140;
    r->page_fault_stalls_avg = 0;
    r->collection_start = ps_time_from_fields(2016, 1, 18, 10, 11, 17, 0);
    r->collection_end = ps_time_from_fields(2016, 1, 18, 12, 10, 54, 0);
    r->instances = f->rinst;
    r->ninstances = 2;
    static const struct {
        enum ps_js_event_kind k;
        char *who, *what;
        double v;
        int fin;
    } evs[6] = {
        {PS_EV_LOGGING_STARTED, NULL, NULL, 15000, 0},
        {PS_EV_BLG_SAMPLES, "P.blg", NULL, 479, 0},
        {PS_EV_INSTANCE_RESULT, "Instance9.1", "I/O Database Reads Average Latency", 19.0, 0},
        {PS_EV_INSTANCE_RESULT, "Instance9.1", "I/O Database Reads Average Latency", 14.4, 1},
        {PS_EV_INSTANCE_RESULT, "Instance9.2", "I/O Database Reads Average Latency", 14.0, 1},
        {PS_EV_XML_SAMPLES, "P.xml", NULL, 478, 1},
    };
    for (int i = 0; i < 6; i++) {
        f->ev[i].kind = evs[i].k;
        f->ev[i].who = evs[i].who;
        f->ev[i].what = evs[i].what;
        for (int k = 0; k < 6; k++)
            f->ev[i].v[k] = NAN;
        f->ev[i].v[0] = evs[i].v;
        f->ev[i].final_block = evs[i].fin;
        f->ev[i].line = 100 + i;
    }
    r->events = f->ev;
    r->nevents = 6;
    ps_js_server *s = &f->srv;
    s->machine = "EX1";
    s->test_type = PS_TEST_PERFORMANCE;
    s->report = r;
    s->instances = f->cinst;
    s->ninstances = 2;
    s->verdict.result = PS_VERDICT_PASS;
    ps_js_summary_clear(&s->summary);
    s->summary.db_reads_per_sec = 81;
    s->summary.db_writes_per_sec = 61;
    s->summary.db_transfers_per_sec = 142;
    s->summary.db_read_latency_ms = 14.20625;
    f->run.servers = s;
    f->run.nservers = 1;
    ps_js_summary_clear(&f->run.aggregate);
}

static ps_audit audit(fixture *f, const char *paper_text)
{
    ps_paper *p = NULL;
    if (paper_text) {
        ps_error err;
        cr_assert_eq(ps_paper_parse("p.txt", paper_text, strlen(paper_text), &p, NULL, &err), 0);
    }
    ps_audit a = {0};
    ps_audit_run(p, &f->run, &a);
    ps_paper_free(p);
    return a;
}

Test(run, consistent_run_has_no_finding)
{
    fixture f;
    build(&f);
    ps_audit a = audit(&f, NULL);
    cr_assert_eq(a.n, 0, "%s", a.n ? a.findings[0].message : "");
    /* 2 log lines + achieved sum + 2 x 4 recomputed columns + 2 sample checks + verdict + achieved */
    cr_assert_eq(a.checked, 15, "%zu", a.checked);
    ps_audit_fini(&a);
}

Test(run, report_vs_recomputed_and_log)
{
    fixture f;
    build(&f);
    f.cinst[1].computed.transactional.db_reads_per_sec = 45; /* report 41: beyond 0.0005 + 1 % of 45 */
    f.ev[4].v[0] = 14.2; /* table 14.000 vs log 14.2 */
    ps_audit a = audit(&f, NULL);
    const ps_finding *r = get(&a, "table-vs-recomputed-mismatch");
    cr_assert_float_eq(r->stated, 41, 0);
    cr_assert_float_eq(r->expected, 45, 0);
    cr_assert_str_eq(r->file, "R/Performance_1.html");
    const ps_finding *l = get(&a, "table-vs-log-mismatch");
    cr_assert_float_eq(l->expected, 14.2, 1e-12);
    cr_assert_eq(l->line, 104);
    cr_assert_eq(a.n, 2);
    ps_audit_fini(&a);
}

Test(run, verdict_samples_achieved)
{
    fixture f;
    build(&f);
    f.srv.verdict.result = PS_VERDICT_FAIL; /* recomputed Fail, report Pass */
    f.srv.verdict.source = PS_VSRC_BOTH;
    f.srv.verdict.disagree = 1;
    f.ev[5].v[0] = 490; /* queried > .blg 479 and far from 478.5 */
    f.rep.achieved_iops = 130; /* below target 140, and != 142 */
    ps_audit a = audit(&f, NULL);
    cr_assert_eq(count(&a, "verdict-inconsistent"), 1);
    cr_assert_eq(count(&a, "sample-count-mismatch"), 2);
    cr_assert_eq(count(&a, "achieved-below-target"), 1);
    cr_assert_eq(count(&a, "instances-vs-total-mismatch"), 1);
    ps_audit_fini(&a);
}

Test(run, paper_tables_vs_recomputed_summary)
{
    fixture f;
    build(&f);
    /* reads 81 ok; writes 70 vs recomputed 61; read latency 14.206 = 14.20625 within 0.0005 */
    ps_audit a = audit(&f, "Database Disks Reads/sec 81.000\nDatabase Disks Writes/sec 70.000\n"
                           "Average Database Disk Read Latency (ms) 14.206\n");
    const ps_finding *r = get(&a, "table-vs-recomputed-mismatch");
    cr_assert_str_eq(r->file, "p.txt");
    cr_assert_eq(r->line, 2);
    cr_assert_float_eq(r->expected, 61, 0);
    cr_assert_eq(count(&a, "table-vs-recomputed-mismatch"), 1);
    ps_audit_fini(&a);
}

Test(run, seconds_under_ms_against_a_2007_run_report)
{
    fixture f;
    build(&f);
    f.rep.layout_2007 = 1; /* 14.412 ms printed as 0.014 s */
    ps_audit a = audit(&f, "Average Database Disk Read Latency (ms) 0.014\n");
    const ps_finding *u = get(&a, "unit-seconds-as-ms");
    cr_assert_eq(u->severity, PS_SEV_ERROR);
    cr_assert_float_eq(u->expected, 14, 1e-9);
    ps_audit_fini(&a);
}

Test(run, paraphrased_paper_tables_vs_recomputed)
{
    fixture f;
    build(&f);
    /* the same rows as paper_tables_vs_recomputed_summary in another vendor's words: a host heading,
     * TAB / two-space cells, decimal commas. Writes 70,0 vs recomputed 61 (41 + ... = 30 + 31);
     * reads 81,0 = 40 + 41; read latency 14,21 vs 14.20625 within its half unit 0.005 */
    ps_audit a = audit(&f, "EX1\nDB Reads/s\t81,0\nDatabase writes per second  70,0\n"
                           "Mean DB read latency (ms)  14,21\n");
    const ps_finding *r = get(&a, "table-vs-recomputed-mismatch");
    cr_assert_eq(r->line, 3);
    cr_assert_float_eq(r->stated, 70, 0);
    cr_assert_float_eq(r->expected, 61, 0);
    cr_assert_eq(count(&a, "table-vs-recomputed-mismatch"), 1);
    cr_assert_eq(ps_audit_count(&a, PS_SEV_ERROR), 1, "%zu", a.n);
    ps_audit_fini(&a);
}
