/* audit_checks_reports.c - checks on reports (paper appendices and RUN inputs) and on trend
 * percentages: table vs test log, instances vs totals, recomputation, sample counts,
 * verdicts, percentage tables (docs/formats.md#interval-rule). */
#include "audit_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const col_names[PS_IO12_N] = {"I/O Database Reads Average Latency",
                                                 "I/O Database Writes Average Latency",
                                                 "I/O Database Reads/sec",
                                                 "I/O Database Writes/sec",
                                                 "I/O Database Reads Average Bytes",
                                                 "I/O Database Writes Average Bytes",
                                                 "I/O Log Reads Average Latency",
                                                 "I/O Log Writes Average Latency",
                                                 "I/O Log Reads/sec",
                                                 "I/O Log Writes/sec",
                                                 "I/O Log Reads Average Bytes",
                                                 "I/O Log Writes Average Bytes"};

static const char *col_name(const aview *v, int k)
{
    if (v->y2007) {
        static const char *const n07[PS_IO12_N] = {"Avg. Disk sec/Read",
                                                   "Avg. Disk sec/Write",
                                                   "Disk Reads/sec",
                                                   "Disk Writes/sec",
                                                   "",
                                                   "Avg. Disk Bytes/Write",
                                                   "Avg. Disk sec/Read",
                                                   "Avg. Disk sec/Write",
                                                   "Disk Reads/sec",
                                                   "Disk Writes/sec",
                                                   "",
                                                   "Avg. Disk Bytes/Write"};
        return n07[k];
    }
    return col_names[k];
}

static int is_latency_col(int k)
{
    return k == 0 || k == 1 || k == 6 || k == 7;
}

/* ------------------------------------------------------------------ A6 */
static void check_table_vs_log(actx *c, const aview *v)
{
    for (size_t i = 0; i < v->ninst; i++) {
        const ainst *in = &v->inst[i];
        for (int k = 0; k < PS_IO12_N; k++) {
            aval t = in->col[k], l = in->logv[k];
            if (!is_latency_col(k) || isnan(t.v) || isnan(l.v))
                continue;
            c->out->checked++;
            if (!audit_differs(t.v, l.v, t.h + l.h))
                continue;
            char b1[64], b2[64], m[96];
            snprintf(m, sizeof m, "%s %s", in->name, col_name(v, k));
            audit_add(c, "table-vs-log-mismatch", PS_SEV_ERROR, v->file, l.line ? l.line : t.line, v->name, m, t.v, l.v,
                      "%s: report table %s ms but the final test-log line says %s ms (tolerance %s ms)", m,
                      AUDIT_NUM(b1, t.v, 3), AUDIT_NUM(b2, l.v, 3), AUDIT_NUM((char[64]){0}, t.h + l.h, 4));
        }
    }
}

/* ------------------------------------------------------------------ A5 */
static void check_achieved_sum(actx *c, const aview *v)
{
    if (v->y2007 || isnan(v->achieved.v) || !v->ninst)
        return;
    double sum = 0, h = 0;
    for (size_t i = 0; i < v->ninst; i++) {
        aval r = v->inst[i].col[2], w = v->inst[i].col[3];
        if (isnan(r.v) || isnan(w.v))
            return;
        sum += r.v + w.v;
        h += r.h + w.h;
    }
    c->out->checked++;
    double tol = h + v->achieved.h + 0.001 * sum;
    if (!audit_differs(v->achieved.v, sum, tol))
        return;
    char b1[64], b2[64], b3[64], note[160] = "";
    if (!isnan(v->total_sum_rw.v) && !audit_differs(v->achieved.v, v->total_sum_rw.v, v->total_sum_rw.h + tol))
        snprintf(note, sizeof note, "; it equals the Total I/O table sum %s (total, not transactional)",
                 AUDIT_NUM(b3, v->total_sum_rw.v, 3));
    audit_add(c, "instances-vs-total-mismatch", PS_SEV_WARNING, v->file, v->achieved.line, v->name, "achieved_iops",
              v->achieved.v, sum,
              "Achieved Transactional I/O per Second %s != sum of database reads + writes "
              "of the %zu instances = %s%s",
              AUDIT_FMT(b1, v->achieved), v->ninst, AUDIT_NUM(b2, sum, 3), note);
}

/* ------------------------------------------------------------------ recomputed */
static void check_recomputed(actx *c, const aview *v)
{
    for (size_t i = 0; i < v->ninst; i++) {
        const ainst *in = &v->inst[i];
        if (!in->has_comp)
            continue;
        for (int k = 0; k < PS_IO12_N; k++) {
            aval t = in->col[k], r = in->comp[k];
            if (isnan(t.v) || isnan(r.v))
                continue;
            c->out->checked++;
            if (!audit_differs(t.v, r.v, t.h + 0.01 * fabs(r.v)))
                continue;
            char b1[64], b2[64], m[96];
            snprintf(m, sizeof m, "%s %s", in->name, col_name(v, k));
            audit_add(c, "table-vs-recomputed-mismatch", PS_SEV_ERROR, v->file, t.line, v->name, m, t.v, r.v,
                      "%s: report %s but recomputed from the counter logs %s (tolerance h + 1 %%)", m, AUDIT_FMT(b1, t),
                      AUDIT_NUM(b2, r.v, 3));
        }
    }
}

static void check_paper_vs_computed(actx *c)
{
    size_t nsrv = 0, k = 0;
    for (size_t i = 0; i < c->nsums; i++)
        nsrv += !c->sums[i].aggregate;
    if (!nsrv || nsrv != c->ncomp)
        return;
    static const char *const names[7] = {"transfers/sec", "reads/sec",      "writes/sec",       "read latency",
                                         "write latency", "log writes/sec", "log write latency"};
    for (size_t i = 0; i < c->nsums; i++) {
        const asum *s = &c->sums[i];
        if (s->aggregate && !c->has_comp_agg)
            continue;
        const asum *r = s->aggregate ? &c->comp_agg : &c->comp[k++];
        for (int m = 0; m < 7; m++) {
            aval a = s->m[m], b = r->m[m];
            if (isnan(a.v) || isnan(b.v))
                continue;
            c->out->checked++;
            if (!audit_differs(a.v, b.v, a.h + 0.01 * fabs(b.v)))
                continue;
            char b1[64], b2[64];
            audit_add(c, "table-vs-recomputed-mismatch", PS_SEV_ERROR, s->file, a.line, s->server, ps_metric_key(m),
                      a.v, b.v,
                      "%s %s %s but recomputed for %s from the counter "
                      "logs: %s",
                      s->server ? s->server : "", names[m], AUDIT_FMT(b1, a), r->server ? r->server : "?",
                      AUDIT_NUM(b2, b.v, 3));
        }
    }
}

/* ------------------------------------------------------------------ A8 */
static void check_samples(actx *c, const aview *v)
{
    char b1[64], b2[64], b3[64];
    if (!isnan(v->xml.v) && !isnan(v->blg.v)) {
        c->out->checked++;
        if (v->xml.v > v->blg.v)
            audit_add(c, "sample-count-mismatch", PS_SEV_ERROR, v->file, v->xml.line, v->name, "xml_samples_queried",
                      v->xml.v, v->blg.v, "%s samples queried for the report but the .blg has only %s",
                      AUDIT_NUM(b1, v->xml.v, 0), AUDIT_NUM(b2, v->blg.v, 0));
    }
    if (!isnan(v->log_samples.v) && !isnan(v->interval.v) && v->interval.v > 0) {
        /* first..last sample inclusive: span / interval + 1 samples without gaps */
        double expect = v->log_span_ms / v->interval.v + 1;
        c->out->checked++;
        if (fabs(v->log_samples.v - expect) > 3)
            audit_add(c, "sample-count-mismatch", PS_SEV_WARNING, v->file, 0, v->name, "log_samples", v->log_samples.v,
                      expect,
                      "the counter logs hold %s samples in the collection window, but "
                      "%s s at %s ms gives %s (gaps or a different interval)",
                      AUDIT_NUM(b1, v->log_samples.v, 0), AUDIT_NUM(b2, v->log_span_ms / 1000, 0),
                      AUDIT_NUM(b3, v->interval.v, 0), AUDIT_NUM((char[64]){0}, expect, 1));
    }
    aval q = !isnan(v->xml.v) ? v->xml : v->blg;
    if (isnan(q.v) || isnan(v->cstart.v) || isnan(v->cend.v) || isnan(v->interval.v) || v->interval.v <= 0)
        return;
    double window_s = (v->cend.v - v->cstart.v) / 1000.0;
    double expect = window_s * 1000.0 / v->interval.v;
    c->out->checked++;
    if (fabs(q.v - expect) <= 3)
        return;
    audit_add(c, "sample-count-mismatch", PS_SEV_WARNING, v->file, q.line, v->name, "samples", q.v, expect,
              "%s samples but the collection window of %s s at %s ms gives %s", AUDIT_NUM(b1, q.v, 0),
              AUDIT_NUM(b2, window_s, 0), AUDIT_NUM(b3, v->interval.v, 0), AUDIT_NUM((char[64]){0}, expect, 1));
}

/* ------------------------------------------------------------------ A15/A19 */
static void check_verdict(actx *c, const aview *v)
{
    if (isnan(v->verdict.v) || v->type == PS_TEST_BACKUP || v->type == PS_TEST_SOFTRECOVERY)
        return;
    int pass = v->verdict.v > 0.5;
    double thr_r = isnan(v->thr_read.v) ? 20 : v->thr_read.v;
    double thr_l = isnan(v->thr_log.v) ? 10 : v->thr_log.v;
    char why[256] = "";
    int known = v->ninst > 0, bad = 0;
    for (size_t i = 0; i < v->ninst && !bad; i++) {
        const ainst *in = &v->inst[i];
        aval r = in->col[0], l = in->col[7];
        if (in->role == 1)
            r = AV_NONE;
        if (in->role == 0)
            l = AV_NONE;
        if (in->role != 1 && isnan(r.v))
            known = 0;
        char b1[64], b2[64];
        if (!isnan(r.v) && r.v > thr_r + r.h) {
            bad = 1;
            snprintf(why, sizeof why, "%s average database read latency %s ms > %s ms", in->name, AUDIT_NUM(b1, r.v, 3),
                     AUDIT_NUM(b2, thr_r, 0));
        } else if (!isnan(l.v) && l.v > thr_l + l.h) {
            bad = 1;
            snprintf(why, sizeof why, "%s average log write latency %s ms > %s ms", in->name, AUDIT_NUM(b1, l.v, 3),
                     AUDIT_NUM(b2, thr_l, 0));
        }
    }
    if (!bad && !v->y2007 && !isnan(v->stalls.v) && v->stalls.v > 1 + v->stalls.h) {
        bad = 1;
        char b1[64];
        snprintf(why, sizeof why, "average Database Page Fault Stalls/sec %s > 1", AUDIT_FMT(b1, v->stalls));
    }
    c->out->checked++;
    long line = v->verdict.line ? v->verdict.line : v->line;
    /* the recomputed verdict, when the counter logs let every rule be evaluated (source "both";
     * a disagreement means the recomputation said the opposite of the report) */
    const ps_verdict *cv = v->computed_verdict;
    int rec_known = cv && cv->source == PS_VSRC_BOTH && cv->result != PS_VERDICT_UNKNOWN;
    int rec_pass = rec_known && (cv->disagree ? !pass : cv->result == PS_VERDICT_PASS);
    if (pass && bad)
        audit_add(c, "verdict-inconsistent", PS_SEV_ERROR, v->file, line, v->name, "verdict", 1, 0,
                  "Overall Test Result Pass although %s", why);
    else if (!pass && !bad && known && !(rec_known && !rec_pass)) /* the logs confirm a maximum failure */
        audit_add(c, "verdict-inconsistent", PS_SEV_WARNING, v->file, line, v->name, "verdict", 0, 1,
                  "Overall Test Result Fail although every average is within the thresholds (%s / %s ms)%s",
                  AUDIT_NUM((char[64]){0}, thr_r, 0), AUDIT_NUM((char[64]){0}, thr_l, 0),
                  v->y2007 ? "" : " and page fault stalls are not above 1; maybe a maximum-latency failure");
    if (rec_known && rec_pass != pass) {
        char *words = cv->nreasons && c->out->reason_words ? c->out->reason_words(&cv->reasons[0]) : NULL;
        audit_add(c, "verdict-inconsistent", PS_SEV_ERROR, v->file, line, v->name, "verdict", pass, rec_pass,
                  "report says %s but the recomputed verdict is %s%s%s", pass ? "Pass" : "Fail",
                  rec_pass ? "Pass" : "Fail", words ? ": " : "", words ? words : "");
        free(words);
    }
}

void audit_checks_reports(actx *c)
{
    for (size_t i = 0; i < c->nviews; i++) {
        const aview *v = &c->views[i];
        check_table_vs_log(c, v);
        check_achieved_sum(c, v);
        check_recomputed(c, v);
        check_samples(c, v);
        check_verdict(c, v);
    }
    check_paper_vs_computed(c);
}

/* ------------------------------------------------------------------ A16 percentages */

/* base index of cell i for a layout: kind 0 = row-major rows of m, kind 1 = groups of k */
static size_t base_of(int kind, size_t m, size_t i)
{
    return kind == 0 ? i - i % m : i % m;
}

static int layout_valid(const ps_pct_cell *cl, size_t n, int kind, size_t m)
{
    int nonbase = 0;
    for (size_t i = 0; i < n; i++) {
        size_t b = base_of(kind, m, i);
        /* a cell cut off by the transcription has no unit: it fits any base */
        if (fabs(cl[b].pct - 100) > 1e-9 || (cl[b].unit[0] && cl[i].unit[0] && strcmp(cl[b].unit, cl[i].unit) != 0))
            return 0;
        if (b != i)
            nonbase = 1;
    }
    return nonbase;
}

static int cell_ok(const ps_pct_cell *x, const ps_pct_cell *b, double *lo, double *hi)
{
    return ps_pct_consistent(x->pct, ps_half_unit(x->pct_decimals), x->value, ps_half_unit(x->value_decimals), b->value,
                             ps_half_unit(b->value_decimals), lo, hi);
}

static size_t layout_failures(const ps_pct_cell *cl, size_t n, int kind, size_t m)
{
    size_t bad = 0;
    for (size_t i = 0; i < n; i++) {
        size_t b = base_of(kind, m, i);
        if (b != i && !isnan(cl[i].value) && !isnan(cl[b].value) && !cell_ok(&cl[i], &cl[b], NULL, NULL))
            bad++;
    }
    return bad;
}

static void check_pct_block(actx *c, const ps_pct_cell *cl, size_t n)
{
    int best_kind = -1;
    size_t best_m = 0, best_bad = (size_t)-1;
    for (int kind = 0; kind < 2; kind++)
        for (size_t m = 2; m <= n; m++) {
            if (!layout_valid(cl, n, kind, m))
                continue;
            size_t bad = layout_failures(cl, n, kind, m);
            if (bad < best_bad)
                best_kind = kind, best_m = m, best_bad = bad;
        }
    const char *file = c->paper->source;
    if (best_kind < 0) {
        int all100 = 1;
        for (size_t i = 0; i < n; i++)
            all100 &= fabs(cl[i].pct - 100) < 1e-9;
        if (!all100 && n > 1)
            audit_add(c, "percentage-table-skipped", PS_SEV_INFO, file, cl[0].line, NULL, "percent", NAN, NAN,
                      "%zu percentage cells whose base (100%% cell) could not be identified; not checked", n);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        size_t b = base_of(best_kind, best_m, i);
        if (b == i || isnan(cl[i].value) || isnan(cl[b].value))
            continue;
        c->out->checked++;
        c->out->pct_checked++;
        double lo, hi;
        if (cell_ok(&cl[i], &cl[b], &lo, &hi))
            continue;
        char b1[64], b2[64], b3[64], b4[64], b5[64], b6[64];
        double exact = 100 * cl[i].value / cl[b].value;
        audit_add(c, "percentage-mismatch", PS_SEV_ERROR, file, cl[i].line, NULL, "percent", cl[i].pct, exact,
                  "%s%% [%s %s] against 100%% [%s %s]: %s / %s = %s %%, accepted interval [%s, %s]",
                  AUDIT_NUM(b1, cl[i].pct, cl[i].pct_decimals), AUDIT_NUM(b2, cl[i].value, cl[i].value_decimals),
                  cl[i].unit, AUDIT_NUM(b3, cl[b].value, cl[b].value_decimals), cl[b].unit, b2, b3,
                  AUDIT_NUM(b4, exact, 2), AUDIT_NUM(b5, lo, 1), AUDIT_NUM(b6, hi, 1));
    }
}

void audit_checks_percent(actx *c)
{
    const ps_paper *p = c->paper;
    if (!p)
        return;
    size_t i = 0;
    while (i < p->ncells) {
        size_t j = i;
        while (j < p->ncells && p->cells[j].block == p->cells[i].block)
            j++;
        check_pct_block(c, &p->cells[i], j - i);
        i = j;
    }
}
