/* audit_checks.c - the checks table and the checks on paper-body figures: transfers,
 * aggregates, achieved vs target, wrong test, absent numbers. Units are checked in
 * audit_checks_units.c, configuration arithmetic in audit_checks_config.c, reports, runs and
 * percentages in audit_checks_reports.c. */
#include "audit_internal.h"
#include "ps_loc.h"
#include "ps_audit_ext.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const ps_audit_check checks[] = {
    {"transfers-not-sum", PS_SEV_ERROR, "2 h_in + h_out (sum of two printed values)",
     "Database transfers/sec must equal reads/sec + writes/sec (A1)"},
    {"unit-seconds-as-ms", PS_SEV_ERROR,
     "exact printed match with an appendix seconds value, or equal at its printed precision to a recomputed "
     "or appendix ms value / 1000 (error); a DB or log latency < 0.05 under (ms) without such evidence (warning)",
     "a latency printed under (ms) is a value in seconds (A2)"},
    {"aggregate-iops-not-sum", PS_SEV_ERROR, "n h_in + h_out",
     "aggregate rates must be the sum of the per-server rates (A7)"},
    {"aggregate-latency-not-mean", PS_SEV_ERROR, "h_in + h_out",
     "aggregate latencies must be the plain mean of the per-server latencies (A7)"},
    {"target-iops-arithmetic", PS_SEV_ERROR, "mailboxes x h_profile + profile x h_mailboxes + h_target",
     "target IOPS = mailboxes (per server, or of the solution) x tested IOPS per mailbox (A10)"},
    {"headroom-arithmetic", PS_SEV_ERROR, "h_profile x (1 + headroom) + profile x h_headroom + h_tested",
     "tested IOPS per mailbox = profile IOPS per mailbox x (1 + headroom)"},
    {"mailboxes-total-arithmetic", PS_SEV_ERROR, "exact (counts)",
     "mailboxes simulated = mailboxes per server x servers (x DAGs), or the sum of the server columns"},
    {"mailboxes-per-database-arithmetic", PS_SEV_ERROR, "exact (counts)",
     "mailboxes per database x databases per server = mailboxes per server (or that x copies per database when "
     "the databases count passive copies)"},
    {"capacity-percentage-arithmetic", PS_SEV_ERROR,
     "interval arithmetic on the printed precision of size, capacity and percentage",
     "% storage capacity used = database size / capacity"},
    {"report-config-mismatch", PS_SEV_ERROR, "h_report + h_paper",
     "a Jetstress report's own mailbox count and IOPS per mailbox must be the paper's"},
    {"achieved-below-target", PS_SEV_ERROR, "h_achieved + h_target",
     "achieved transactional IOPS of a Performance test must reach the target (A4)"},
    {"table-vs-log-mismatch", PS_SEV_ERROR, "h_table + h_log",
     "report table latencies must agree with the final test-log lines (A6)"},
    {"instances-vs-total-mismatch", PS_SEV_ERROR, "rates n h_in + h_out; latencies h_in + h_out",
     "server figures must be the sum (rates) / mean (latencies) of the instances (A5, A7)"},
    {"table-vs-recomputed-mismatch", PS_SEV_ERROR, "h_stated + 1 % of the recomputed value",
     "stated figures must agree with the figures recomputed from the counter logs"},
    {"sample-count-mismatch", PS_SEV_WARNING, "queried within +-3 of window / interval; queried <= .blg samples",
     "sample counts must fit the collection window and the logging interval (A8)"},
    {"percentage-mismatch", PS_SEV_ERROR, "interval arithmetic on the printed precision (7.7)",
     "a trend percentage must be value / base of its bracketed absolutes (A16)"},
    {"verdict-inconsistent", PS_SEV_ERROR, "average above the threshold by more than h",
     "the Pass/Fail verdict must follow from thresholds and numbers (A15, A19)"},
    {"wrong-test-used", PS_SEV_ERROR, "exact to printed precision",
     "summary figures must come from the 2-hour Performance test, not the Stress test (A3)"},
    {"absent-value", PS_SEV_INFO, "-", "a label with no readable number (lost in transcription) is not checked"},
    {"percentage-table-skipped", PS_SEV_INFO, "-", "a percentage table whose layout was not recognised"},
};

const ps_audit_check *ps_audit_checks(size_t *n)
{
    *n = sizeof checks / sizeof checks[0];
    return checks;
}

const char *const audit_metric_names[7] = {"Database Disks Transfers/sec",
                                           "Database Disks Reads/sec",
                                           "Database Disks Writes/sec",
                                           "Average Database Disk Read Latency (ms)",
                                           "Average Database Disk Write Latency (ms)",
                                           "Log Disks Writes/sec",
                                           "Average Log Disk Write Latency (ms)"};

int audit_decimals(aval a)
{
    if (a.text) {
        const char *d = strchr(a.text, '.');
        return d ? (int)strlen(d + 1) : 0;
    }
    return 3;
}

/* ------------------------------------------------------------------ A1 */
static void check_transfers(actx *c, const asum *s)
{
    aval t = s->m[PS_M_DB_TRANSFERS], r = s->m[PS_M_DB_READS], w = s->m[PS_M_DB_WRITES];
    if (isnan(t.v) || isnan(r.v) || isnan(w.v))
        return;
    c->out->checked++;
    double sum = r.v + w.v, tol = r.h + w.h + t.h;
    if (!audit_differs(t.v, sum, tol))
        return;
    char bt[64], br[64], bw[64], be[64], bm[64];
    int d = audit_decimals(t);
    double mean = sum / 2;
    if (!audit_differs(t.v, mean, (r.h + w.h) / 2 + t.h))
        audit_add(c, "transfers-not-sum", PS_SEV_ERROR, s->file, t.line, s->server, "db_transfers_per_sec", t.v, sum,
                  "transfers/sec %s is the mean of reads and writes, (%s + %s)/2 = %s, not their sum "
                  "%s + %s = %s",
                  AUDIT_FMT(bt, t), AUDIT_FMT(br, r), AUDIT_FMT(bw, w), AUDIT_NUM(bm, mean, d), br, bw,
                  AUDIT_NUM(be, sum, d));
    else
        audit_add(c, "transfers-not-sum", PS_SEV_ERROR, s->file, t.line, s->server, "db_transfers_per_sec", t.v, sum,
                  "transfers/sec %s != reads %s + writes %s = %s (tolerance %s)", AUDIT_FMT(bt, t), AUDIT_FMT(br, r),
                  AUDIT_FMT(bw, w), AUDIT_NUM(be, sum, d), AUDIT_NUM(bm, tol, d + 1));
}

/* ------------------------------------------------------------------ A7 aggregate */
static void check_aggregate(actx *c, const asum *agg)
{
    static const int rate_of[7] = {-1, -1, -1, PS_M_DB_READS, PS_M_DB_WRITES, -1, PS_M_LOG_WRITES};
    size_t nsrv = 0;
    for (size_t i = 0; i < c->nsums; i++)
        if (!c->sums[i].aggregate)
            nsrv++;
    if (!nsrv)
        return;
    for (int m = 0; m < 7; m++) {
        aval a = agg->m[m];
        if (isnan(a.v))
            continue;
        double sum = 0, h = 0, wsum = 0, wden = 0;
        int ok = 1, wok = rate_of[m] >= 0;
        for (size_t i = 0; i < c->nsums && ok; i++) {
            const asum *s = &c->sums[i];
            if (s->aggregate)
                continue;
            if (isnan(s->m[m].v)) {
                ok = 0;
                break;
            }
            sum += s->m[m].v;
            h += s->m[m].h;
            if (wok && !isnan(s->m[rate_of[m]].v)) {
                wsum += s->m[m].v * s->m[rate_of[m]].v;
                wden += s->m[rate_of[m]].v;
            } else {
                wok = 0;
            }
        }
        if (!ok)
            continue;
        c->out->checked++;
        char ba[64], be[64], bx[64];
        int d = audit_decimals(a);
        const char *key = ps_metric_key(m);
        if (m == PS_M_DB_READ_LAT || m == PS_M_DB_WRITE_LAT || m == PS_M_LOG_WRITE_LAT) {
            double mean = sum / nsrv, tol = h / nsrv + a.h;
            if (!audit_differs(a.v, mean, tol))
                continue;
            char note[160] = "";
            if (!audit_differs(a.v, sum, h + a.h))
                snprintf(note, sizeof note, "; it equals their sum %s", AUDIT_NUM(bx, sum, d));
            else if (wok && wden > 0 && !audit_differs(a.v, wsum / wden, tol))
                snprintf(note, sizeof note, "; it equals the IOPS-weighted mean %s", AUDIT_NUM(bx, wsum / wden, d));
            audit_add(c, "aggregate-latency-not-mean", PS_SEV_ERROR, agg->file, a.line, agg->server, key, a.v, mean,
                      "aggregate %s %s != mean of %zu servers %s / %zu = %s%s", audit_metric_names[m], AUDIT_FMT(ba, a),
                      nsrv, AUDIT_NUM(bx, sum, d), nsrv, AUDIT_NUM(be, mean, d), note);
        } else {
            if (!audit_differs(a.v, sum, h + a.h))
                continue;
            audit_add(c, "aggregate-iops-not-sum", PS_SEV_ERROR, agg->file, a.line, agg->server, key, a.v, sum,
                      "aggregate %s %s != sum over %zu servers %s (tolerance %s)", audit_metric_names[m],
                      AUDIT_FMT(ba, a), nsrv, AUDIT_NUM(be, sum, d), AUDIT_NUM(bx, h + a.h, d + 1));
        }
    }
}

/* ------------------------------------------------------------------ A4 */
static void check_achieved(actx *c)
{
    for (size_t i = 0; i < c->nviews; i++) {
        const aview *v = &c->views[i];
        if (v->type != PS_TEST_PERFORMANCE && v->type != PS_TEST_UNKNOWN)
            continue;
        aval tgt = isnan(v->target.v) ? v->log_target : v->target;
        if (isnan(v->achieved.v) || isnan(tgt.v))
            continue;
        c->out->checked++;
        if (v->achieved.v >= tgt.v - v->achieved.h - tgt.h)
            continue;
        char b1[64], b2[64], b3[64];
        audit_add(c, "achieved-below-target", PS_SEV_ERROR, v->file, v->achieved.line ? v->achieved.line : v->line,
                  v->name, "achieved_iops", v->achieved.v, tgt.v,
                  "achieved transactional IOPS %s < target %s (%s %% of target)", AUDIT_FMT(b1, v->achieved),
                  AUDIT_FMT(b2, tgt), AUDIT_NUM(b3, 100 * v->achieved.v / tgt.v, 1));
    }
}

/* ------------------------------------------------------------------ A3 */
static int sum_matches(actx *c, const asum *s, const aview *v, int *ncompared)
{
    aval d[7];
    audit_view_summary(v, 0, d);
    int n = 0;
    for (int m = PS_M_DB_READS; m <= PS_M_LOG_WRITE_LAT; m++) {
        aval a = s->m[m];
        if (isnan(a.v) || isnan(d[m].v))
            continue;
        n++;
        int same = !audit_differs(a.v, d[m].v, a.h + d[m].h);
        if (!same && a.text && (m == PS_M_DB_READ_LAT || m == PS_M_DB_WRITE_LAT || m == PS_M_LOG_WRITE_LAT) &&
            v->y2007 && !audit_differs(a.v * 1000, d[m].v, a.h * 1000 + d[m].h))
            same = 1; /* printed in seconds: a unit finding, still the same test */
        if (!same)
            return 0;
    }
    *ncompared = n;
    return n >= 2;
}

/* 1 when the table was attributed to the Stress test. */
static int check_wrong_test(actx *c, const asum *s)
{
    const aview *stress = NULL;
    int nperf = 0, perf_match = 0, n = 0;
    for (size_t i = 0; i < c->nviews; i++) {
        const aview *v = &c->views[i];
        if (v->type == PS_TEST_PERFORMANCE) {
            nperf++;
            int k;
            if (sum_matches(c, s, v, &k))
                perf_match = 1;
        } else if (v->type == PS_TEST_STRESS && !stress && sum_matches(c, s, v, &n)) {
            stress = v;
        }
    }
    if (!nperf && !stress)
        return 0;
    c->out->checked++;
    if (!stress || perf_match)
        return 0;
    char b1[64], b2[64], b3[64], b4[64], b5[64], b6[64], extra[256] = "", lb[48], lb2[48];
    for (size_t i = 0; i < c->nviews; i++) {
        const aview *v = &c->views[i];
        if (v->type != PS_TEST_PERFORMANCE)
            continue;
        aval d[7];
        audit_view_summary(v, 0, d);
        snprintf(extra, sizeof extra,
                 "; the Performance report (line %s) gives reads %s, writes %s, transfers %s, "
                 "log writes %s",
                 ps_loc_format(lb, sizeof lb, v->line), AUDIT_FMT(b4, d[PS_M_DB_READS]),
                 AUDIT_FMT(b5, d[PS_M_DB_WRITES]), AUDIT_NUM(b6, d[PS_M_DB_TRANSFERS].v, 3),
                 AUDIT_FMT(b3, d[PS_M_LOG_WRITES]));
        break;
    }
    aval r = s->m[PS_M_DB_READS], w = s->m[PS_M_DB_WRITES];
    long line = !isnan(r.v) ? r.line : s->line;
    audit_add(c, "wrong-test-used", PS_SEV_ERROR, s->file, line, s->server, "summary", r.v, NAN,
              "summary figures (reads %s, writes %s, %d values compared) match the Stress report %s (line %s)%s%s",
              AUDIT_FMT(b1, r), AUDIT_FMT(b2, w), n, stress->name ? stress->name : "?",
              ps_loc_format(lb2, sizeof lb2, stress->line),
              nperf ? ", not the 2-hour Performance report" : " and no Performance report", extra);
    return 1;
}

/* instances-vs-total for a body table paired with its Performance report */
static void check_table_vs_instances(actx *c, const asum *s, const aview *v)
{
    aval d[7];
    audit_view_summary(v, 0, d);
    for (int m = 0; m < 7; m++) {
        aval a = s->m[m];
        if (isnan(a.v) || isnan(d[m].v))
            continue;
        c->out->checked++;
        if (!audit_differs(a.v, d[m].v, a.h + d[m].h))
            continue;
        char b1[64], b2[64], lb[48];
        int lat = m == PS_M_DB_READ_LAT || m == PS_M_DB_WRITE_LAT || m == PS_M_LOG_WRITE_LAT;
        audit_add(
            c, "instances-vs-total-mismatch", PS_SEV_ERROR, s->file, a.line, s->server, ps_metric_key(m), a.v, d[m].v,
            "%s %s != %s of the %zu %s of the Performance "
            "report (line %s) = %s",
            audit_metric_names[m], AUDIT_FMT(b1, a), lat ? "mean" : "sum", v->ninst, v->y2007 ? "volumes" : "instances",
            ps_loc_format(lb, sizeof lb, v->line), AUDIT_NUM(b2, d[m].v, audit_decimals(a)));
    }
}

static void check_body_vs_reports(actx *c)
{
    size_t nsrv = 0, nperf = 0;
    const aview *perf[64];
    for (size_t i = 0; i < c->nsums; i++)
        nsrv += !c->sums[i].aggregate;
    for (size_t i = 0; i < c->nviews && nperf < 64; i++)
        if (c->views[i].type == PS_TEST_PERFORMANCE && c->views[i].ninst && c->paper &&
            c->views[i].file == c->paper->source)
            perf[nperf++] = &c->views[i];
    size_t k = 0;
    for (size_t i = 0; i < c->nsums; i++) {
        const asum *s = &c->sums[i];
        if (s->aggregate)
            continue;
        int wrong = check_wrong_test(c, s);
        if (!wrong && nperf == nsrv && nperf)
            check_table_vs_instances(c, s, perf[k]);
        k++;
    }
}

/* ------------------------------------------------------------------ absent */
static void check_absent(actx *c)
{
    const ps_paper *p = c->paper;
    for (size_t i = 0; p && i < p->nclaims; i++) {
        const ps_claim *cl = &p->claims[i];
        if (!isnan(cl->value) || !ps_claim_is_reading(cl))
            continue;
        audit_add(c, "absent-value", PS_SEV_INFO, p->source, cl->line, NULL, ps_metric_key(cl->metric), NAN, NAN,
                  "'%s' has no readable number (lost in transcription); not checked", cl->label ? cl->label : "?");
    }
}

void audit_checks_run(actx *c)
{
    size_t k = 0;
    for (size_t i = 0; i < c->nsums; i++) {
        check_transfers(c, &c->sums[i]);
        audit_checks_units(c, &c->sums[i], c->sums[i].aggregate ? (size_t)-1 : k++);
        if (c->sums[i].aggregate)
            check_aggregate(c, &c->sums[i]);
    }
    check_body_vs_reports(c);
    audit_checks_config(c);
    check_achieved(c);
    check_absent(c);
    audit_checks_percent(c);
    audit_checks_reports(c);
}
