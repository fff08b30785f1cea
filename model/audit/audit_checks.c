/* audit_checks.c - the checks table and the checks on paper-body figures:
 * transfers, units, aggregates, target arithmetic, achieved vs target, percentages,
 * wrong test, absent numbers. Report/run checks are in audit_checks2.c. */
#include "audit_internal.h"
#include "ps_loc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const ps_audit_check checks[] = {
    {"transfers-not-sum", PS_SEV_ERROR, "2 h_in + h_out (sum of two printed values)",
     "Database transfers/sec must equal reads/sec + writes/sec (A1)"},
    {"unit-seconds-as-ms", PS_SEV_ERROR,
     "exact printed match with an appendix seconds value (error); DB latency < 0.2 under (ms) (warning)",
     "a latency printed under (ms) is a value in seconds (A2)"},
    {"aggregate-iops-not-sum", PS_SEV_ERROR, "n h_in + h_out",
     "aggregate rates must be the sum of the per-server rates (A7)"},
    {"aggregate-latency-not-mean", PS_SEV_ERROR, "h_in + h_out",
     "aggregate latencies must be the plain mean of the per-server latencies (A7)"},
    {"target-iops-arithmetic", PS_SEV_ERROR, "mailboxes x h_profile + profile x h_mailboxes + h_target",
     "target = mailboxes per server x IOPS per mailbox x (1 + headroom) (A10)"},
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

static const char *const metric_names[7] = {
    "Database Disks Transfers/sec", "Database Disks Reads/sec", "Database Disks Writes/sec",
    "Average Database Disk Read Latency (ms)", "Average Database Disk Write Latency (ms)",
    "Log Disks Writes/sec", "Average Log Disk Write Latency (ms)"};

static int decimals_of(aval a)
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
    int d = decimals_of(t);
    double mean = sum / 2;
    if (!audit_differs(t.v, mean, (r.h + w.h) / 2 + t.h))
        audit_add(c, "transfers-not-sum", PS_SEV_ERROR, s->file, t.line, s->server, "db_transfers_per_sec",
                  t.v, sum, "transfers/sec %s is the mean of reads and writes, (%s + %s)/2 = %s, not their sum "
                  "%s + %s = %s", F(bt, t), F(br, r), F(bw, w), N(bm, mean, d), br, bw, N(be, sum, d));
    else
        audit_add(c, "transfers-not-sum", PS_SEV_ERROR, s->file, t.line, s->server, "db_transfers_per_sec",
                  t.v, sum, "transfers/sec %s != reads %s + writes %s = %s (tolerance %s)", F(bt, t), F(br, r),
                  F(bw, w), N(be, sum, d), N(bm, tol, d + 1));
}

/* ------------------------------------------------------------------ A2 */
static const int lat_metrics[3] = {PS_M_DB_READ_LAT, PS_M_DB_WRITE_LAT, PS_M_LOG_WRITE_LAT};

static void check_units(actx *c, const asum *s)
{
    for (int k = 0; k < 3; k++) {
        aval a = s->m[lat_metrics[k]];
        if (isnan(a.v) || !a.text || a.v == 0)
            continue;
        c->out->checked++;
        const aview *hit = NULL;
        const ainst *hin = NULL;
        int hcol = -1;
        for (size_t i = 0; i < c->nviews && !hit; i++) {
            const aview *v = &c->views[i];
            if (!v->y2007)
                continue;
            for (size_t j = 0; j < v->ninst && !hit; j++) {
                static const int cols[4] = {0, 1, 6, 7};
                for (int q = 0; q < 4; q++) {
                    const aval *x = &v->inst[j].col[cols[q]];
                    char sec[64];
                    const char *xt = x->text;
                    if (!xt && !isnan(x->v))   /* a RUN's 2007 report: seconds printed like the paper */
                        xt = N(sec, x->v / 1000, decimals_of(a));
                    if (xt && strcmp(xt, a.text) == 0) {
                        hit = v;
                        hin = &v->inst[j];
                        hcol = cols[q];
                        break;
                    }
                }
            }
        }
        char b1[64], b2[64], lb[48];
        const char *key = ps_metric_key((enum ps_metric)lat_metrics[k]);
        if (hit) {
            audit_add(c, "unit-seconds-as-ms", PS_SEV_ERROR, s->file, a.line, s->server, key, a.v, a.v * 1000,
                      "%s %s equals digit for digit the %s value %s of %s (line %s), which is in seconds: "
                      "%s s = %s ms", metric_names[lat_metrics[k]], a.text,
                      (hcol == 0 || hcol == 6) ? "Avg. Disk sec/Read" : "Avg. Disk sec/Write", a.text,
                      hit->name ? hit->name : "an appendix report", ps_loc_format(lb, sizeof lb, hin->col[hcol].line), a.text,
                      N(b1, a.v * 1000, 1));
        } else if (lat_metrics[k] != PS_M_LOG_WRITE_LAT && a.v < 0.2) {
            audit_add(c, "unit-seconds-as-ms", PS_SEV_WARNING, s->file, a.line, s->server, key, a.v, a.v * 1000,
                      "%s %s ms is implausible for a disk; as seconds it would be %s ms",
                      metric_names[lat_metrics[k]], F(b2, a), N(b1, a.v * 1000, 1));
        }
    }
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
        int d = decimals_of(a);
        const char *key = ps_metric_key((enum ps_metric)m);
        if (m == PS_M_DB_READ_LAT || m == PS_M_DB_WRITE_LAT || m == PS_M_LOG_WRITE_LAT) {
            double mean = sum / nsrv, tol = h / nsrv + a.h;
            if (!audit_differs(a.v, mean, tol))
                continue;
            char note[160] = "";
            if (!audit_differs(a.v, sum, h + a.h))
                snprintf(note, sizeof note, "; it equals their sum %s", N(bx, sum, d));
            else if (wok && wden > 0 && !audit_differs(a.v, wsum / wden, tol))
                snprintf(note, sizeof note, "; it equals the IOPS-weighted mean %s", N(bx, wsum / wden, d));
            audit_add(c, "aggregate-latency-not-mean", PS_SEV_ERROR, agg->file, a.line, agg->server, key, a.v,
                      mean, "aggregate %s %s != mean of %zu servers %s / %zu = %s%s", metric_names[m], F(ba, a),
                      nsrv, N(bx, sum, d), nsrv, N(be, mean, d), note);
        } else {
            if (!audit_differs(a.v, sum, h + a.h))
                continue;
            audit_add(c, "aggregate-iops-not-sum", PS_SEV_ERROR, agg->file, a.line, agg->server, key, a.v, sum,
                      "aggregate %s %s != sum over %zu servers %s (tolerance %s)", metric_names[m], F(ba, a), nsrv,
                      N(be, sum, d), N(bx, h + a.h, d + 1));
        }
    }
}

/* ------------------------------------------------------------------ A10 target */
static const ps_claim *first_claim(const ps_paper *p, enum ps_metric m)
{
    for (size_t i = 0; p && i < p->nclaims; i++)
        if (p->claims[i].metric == m && p->claims[i].ctx == PS_CTX_BODY && !isnan(p->claims[i].value))
            return &p->claims[i];
    return NULL;
}

static void check_one_target(actx *c, aval stated, const char *file, const char *where, double expect,
                             double tol, const char *how)
{
    if (isnan(stated.v))
        return;
    c->out->checked++;
    if (!audit_differs(stated.v, expect, tol + stated.h))
        return;
    char b1[64], b2[64];
    audit_add(c, "target-iops-arithmetic", PS_SEV_ERROR, file, stated.line, where, "target_iops", stated.v, expect,
              "target IOPS %s != %s = %s", F(b1, stated), how, N(b2, expect, 3));
}

static void check_target(actx *c)
{
    const ps_paper *p = c->paper;
    const ps_claim *mb = first_claim(p, PS_M_MAILBOXES), *mps = first_claim(p, PS_M_MAILBOXES_PER_SERVER);
    const ps_claim *srv = first_claim(p, PS_M_SERVERS), *prof = first_claim(p, PS_M_PROFILE_IOPS);
    const ps_claim *tested = first_claim(p, PS_M_TESTED_IOPS), *hr = first_claim(p, PS_M_HEADROOM_PCT);
    char b1[64], how[256], iops[128];
    double hrv = hr ? hr->value / 100 : 0, hrh = hr ? hr->half_unit / 100 : 0;
    if (prof && tested && hr) {
        double e = prof->value * (1 + hrv);
        c->out->checked++;
        if (audit_differs(tested->value, e, prof->half_unit * (1 + hrv) + prof->value * hrh + tested->half_unit))
            audit_add(c, "target-iops-arithmetic", PS_SEV_ERROR, p->source, tested->line, NULL,
                      "tested_iops_per_mailbox", tested->value, e,
                      "tested IOPS per mailbox %s != profile %s x (1 + %s %%) = %s", tested->text, prof->text,
                      hr->text, N(b1, e, 4));
    }
    double t = NAN, th = 0;
    if (tested) {
        t = tested->value, th = tested->half_unit;
        snprintf(iops, sizeof iops, "%s IOPS per mailbox", tested->text);
    } else if (prof) {
        t = prof->value * (1 + hrv), th = prof->half_unit * (1 + hrv) + prof->value * hrh;
        snprintf(iops, sizeof iops, "%s IOPS per mailbox x (1 + %s %%)", prof->text, hr ? hr->text : "0");
    }
    if (isnan(t))
        return;
    size_t nsrv = 0;
    for (size_t i = 0; i < c->nsums; i++)
        nsrv += !c->sums[i].aggregate;
    int single = nsrv <= 1 && (!srv || srv->value == 1);
    /* per server: only with a stated per-server count, or a single server */
    const ps_claim *per = mps ? mps : single ? mb : NULL;
    if (per) {
        double e = per->value * t, tol = per->value * th + t * per->half_unit;
        snprintf(how, sizeof how, "%s mailboxes x %s", per->text, iops);
        for (size_t i = 0; i < c->nviews; i++) {
            const aview *v = &c->views[i];
            if (v->type == PS_TEST_BACKUP || v->type == PS_TEST_SOFTRECOVERY)
                continue;
            check_one_target(c, isnan(v->target.v) ? v->log_target : v->target, v->file, v->name, e, tol, how);
        }
        for (size_t i = 0; single && p && i < p->nclaims; i++) {
            const ps_claim *cl = &p->claims[i];
            if (cl->metric == PS_M_TARGET_IOPS && cl->ctx == PS_CTX_BODY && !isnan(cl->value))
                check_one_target(c, (aval){cl->value, cl->half_unit, cl->text, cl->line}, p->source, NULL, e, tol,
                                 how);
        }
    }
    if (!mb)
        return;
    /* solution: stated body targets, and the sum of the Performance reports' targets */
    double e = mb->value * t, tol = mb->value * th + t * mb->half_unit;
    snprintf(how, sizeof how, "%s mailboxes x %s", mb->text, iops);
    for (size_t i = 0; p && i < p->nclaims; i++) {
        const ps_claim *cl = &p->claims[i];
        if (cl->metric == PS_M_TARGET_IOPS && cl->ctx == PS_CTX_BODY && !isnan(cl->value) && (!per || !single))
            check_one_target(c, (aval){cl->value, cl->half_unit, cl->text, cl->line}, p->source, "solution", e, tol,
                             how);
    }
    if (per && single)
        return;
    double sum = 0, h = 0;
    size_t n = 0;
    long line = 0;
    for (size_t i = 0; i < c->nviews; i++) {
        const aview *v = &c->views[i];
        if (v->type != PS_TEST_PERFORMANCE || !p || v->file != p->source)
            continue;
        if (isnan(v->target.v))
            return;
        sum += v->target.v;
        h += v->target.h;
        line = line ? line : v->target.line;
        n++;
    }
    if (n >= 2 && n == nsrv) {
        char how2[600];
        snprintf(how2, sizeof how2, "%s (sum of the %zu Performance reports' targets)", how, n);
        check_one_target(c, (aval){sum, h, NULL, line}, p->source, "solution", e, tol, how2);
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
                  "achieved transactional IOPS %s < target %s (%s %% of target)", F(b1, v->achieved), F(b2, tgt),
                  N(b3, 100 * v->achieved.v / tgt.v, 1));
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
            same = 1;   /* printed in seconds: a unit finding, still the same test */
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
        snprintf(extra, sizeof extra, "; the Performance report (line %s) gives reads %s, writes %s, transfers %s, "
                 "log writes %s", ps_loc_format(lb, sizeof lb, v->line), F(b4, d[PS_M_DB_READS]), F(b5, d[PS_M_DB_WRITES]),
                 N(b6, d[PS_M_DB_TRANSFERS].v, 3), F(b3, d[PS_M_LOG_WRITES]));
        break;
    }
    aval r = s->m[PS_M_DB_READS], w = s->m[PS_M_DB_WRITES];
    long line = !isnan(r.v) ? r.line : s->line;
    audit_add(c, "wrong-test-used", PS_SEV_ERROR, s->file, line, s->server, "summary", r.v, NAN,
              "summary figures (reads %s, writes %s, %d values compared) match the Stress report %s (line %s)%s%s",
              F(b1, r), F(b2, w), n, stress->name ? stress->name : "?", ps_loc_format(lb2, sizeof lb2, stress->line),
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
        audit_add(c, "instances-vs-total-mismatch", PS_SEV_ERROR, s->file, a.line, s->server,
                  ps_metric_key((enum ps_metric)m), a.v, d[m].v, "%s %s != %s of the %zu %s of the Performance "
                  "report (line %s) = %s", metric_names[m], F(b1, a), lat ? "mean" : "sum", v->ninst,
                  v->y2007 ? "volumes" : "instances", ps_loc_format(lb, sizeof lb, v->line), N(b2, d[m].v, decimals_of(a)));
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
        if (!isnan(cl->value))
            continue;
        audit_add(c, "absent-value", PS_SEV_INFO, p->source, cl->line, NULL, ps_metric_key(cl->metric), NAN, NAN,
                  "'%s' has no readable number (lost in transcription); not checked", cl->label ? cl->label : "?");
    }
}

void audit_checks_percent(actx *c);
void audit_checks_reports(actx *c);

void audit_checks_run(actx *c)
{
    for (size_t i = 0; i < c->nsums; i++) {
        check_transfers(c, &c->sums[i]);
        check_units(c, &c->sums[i]);
        if (c->sums[i].aggregate)
            check_aggregate(c, &c->sums[i]);
    }
    check_body_vs_reports(c);
    check_target(c);
    check_achieved(c);
    check_absent(c);
    audit_checks_percent(c);
    audit_checks_reports(c);
}
