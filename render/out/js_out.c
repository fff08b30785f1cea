/* js_out.c - Jetstress outputs as text: Jetstress-style tables with reported values beside the
 * recomputed ones, the per-server + aggregate ESRP table and the verdict lines. JSON: js_json.c,
 * JUnit XML: js_junit.c. */
#include "ps_render.h"
#include "js_out_internal.h"
#include "ps_js_words.h"

#include <stdlib.h>

#include <math.h>
#include <string.h>

/* Short column headers of the 12 I/O columns (text tables). */
static const char *const io12_head[PS_IO12_N] = {"DBrd ms",  "DBwr ms",  "DBrd/s",  "DBwr/s",  "DBrd B",  "DBwr B",
                                                 "Logrd ms", "Logwr ms", "Logrd/s", "Logwr/s", "Logrd B", "Logwr B"};
#define COLW 10
#define NAMEW 18

/* A reported figure differs from the recomputed one beyond the report's 3-decimal rounding. */
static int differs(double rep, double comp)
{
    if (isnan(rep) && isnan(comp))
        return 0;
    if (isnan(rep) || isnan(comp))
        return 1;
    return fabs(rep - comp) > 0.0005 + 1e-9 * fabs(comp);
}

static void cell(ps_buf *b, double v)
{
    char num[64];
    ps_buf_printf(b, " %*s", COLW, ps_fmt_num(num, sizeof num, v, 3));
}

/* One row of values, then a "reported" row when the report differs somewhere ('=' = same). */
static void row_pair(ps_buf *b, const char *name, const double *comp, const double *rep, int n, int have_comp,
                     int have_rep)
{
    const double *main = have_comp ? comp : rep;
    ps_buf_printf(b, "%-*s", NAMEW, name);
    for (int i = 0; i < n; i++)
        cell(b, main[i]);
    ps_buf_putc(b, '\n');
    if (!have_comp || !have_rep)
        return;
    int any = 0;
    for (int i = 0; i < n; i++)
        any |= differs(rep[i], comp[i]);
    if (!any)
        return;
    ps_buf_printf(b, "%-*s", NAMEW, "  reported");
    for (int i = 0; i < n; i++) {
        if (differs(rep[i], comp[i]))
            cell(b, rep[i]);
        else
            ps_buf_printf(b, " %*s", COLW, "=");
    }
    ps_buf_putc(b, '\n');
}

static void head(ps_buf *b, const char *title, const char *const *cols, int n)
{
    ps_buf_printf(b, "\n%s\n%-*s", title, NAMEW, "Instance");
    for (int i = 0; i < n; i++)
        ps_buf_printf(b, " %*s", COLW, cols[i]);
    ps_buf_putc(b, '\n');
}

static void io12_vals(const ps_io12 *io, double *out)
{
    for (int i = 0; i < PS_IO12_N; i++)
        out[i] = ps_io12_get(io, i);
}

enum table { T_TRANS, T_MAINT, T_REPL, T_TOTAL };

static int table_vals(const ps_js_figures *f, enum table t, double *out)
{
    switch (t) {
    case T_TRANS: io12_vals(&f->transactional, out); return PS_IO12_N;
    case T_TOTAL: io12_vals(&f->total, out); return PS_IO12_N;
    case T_MAINT:
        out[0] = f->maint_reads_per_sec;
        out[1] = f->maint_read_bytes;
        return 2;
    case T_REPL:
        out[0] = f->repl_log_reads_per_sec;
        out[1] = f->repl_log_read_bytes;
        return 2;
    }
    return 0;
}

static void instance_table(ps_buf *b, const ps_js_server *s, enum table t)
{
    static const char *const maint_head[] = {"Reads/s", "Read B"};
    static const char *const repl_head[] = {"Logrd/s", "Logrd B"};
    static const char *const titles[] = {"Transactional I/O Performance",
                                         "Background Database Maintenance I/O Performance",
                                         "Log Replication I/O Performance", "Total I/O Performance"};
    const char *const *cols = t == T_MAINT ? maint_head : t == T_REPL ? repl_head : io12_head;
    head(b, titles[t], cols, t == T_MAINT || t == T_REPL ? 2 : PS_IO12_N);
    for (size_t i = 0; i < s->ninstances; i++) {
        const ps_js_instance *in = &s->instances[i];
        double c[PS_IO12_N], r[PS_IO12_N];
        int n = table_vals(&in->computed, t, c);
        table_vals(&in->reported, t, r);
        if (in->has_computed || in->has_reported)
            row_pair(b, in->name, c, r, n, in->has_computed, in->has_reported);
    }
}

static const ps_js_host_row *report_host(const ps_js_server *s, const char *counter)
{
    if (!s->report)
        return NULL;
    for (size_t i = 0; i < s->report->nhost; i++)
        if (s->report->host[i].counter && strcmp(s->report->host[i].counter, counter) == 0)
            return &s->report->host[i];
    return NULL;
}

static void host_table(ps_buf *b, const ps_js_server *s)
{
    if (!s->nhost)
        return;
    ps_buf_printf(b, "\nHost System Performance\n%-32s %*s %*s %*s\n", "Counter", 14, "Average", 14, "Minimum", 14,
                  "Maximum");
    for (size_t i = 0; i < s->nhost; i++) {
        const ps_js_host_row *h = &s->host[i];
        char a[64], m1[64], m2[64];
        ps_buf_printf(b, "%-32s %14s %14s %14s\n", h->counter, ps_fmt_num(a, sizeof a, h->avg, 3),
                      ps_fmt_num(m1, sizeof m1, h->min, 3), ps_fmt_num(m2, sizeof m2, h->max, 3));
        const ps_js_host_row *r = s->nlogs ? report_host(s, h->counter) : NULL;
        if (r && (differs(r->avg, h->avg) || differs(r->min, h->min) || differs(r->max, h->max)))
            ps_buf_printf(b, "%-32s %14s %14s %14s\n", "  reported", ps_fmt_num(a, sizeof a, r->avg, 3),
                          ps_fmt_num(m1, sizeof m1, r->min, 3), ps_fmt_num(m2, sizeof m2, r->max, 3));
    }
}

static const char *result_word(enum ps_verdict_result r)
{
    return r == PS_VERDICT_PASS ? "PASS" : r == PS_VERDICT_FAIL ? "FAIL" : "UNKNOWN";
}

void js_local_iso(char *out, size_t n, ps_time t)
{
    if (t == PS_TIME_NONE) {
        snprintf(out, n, "n/a");
        return;
    }
    int y, mo, d, h, mi, s, ms;
    ps_time_to_fields(t, &y, &mo, &d, &h, &mi, &s, &ms);
    snprintf(out, n, "%04d-%02d-%02dT%02d:%02d:%02d.%03d", y, mo, d, h, mi, s, ms);
}

int js_has_criteria(const ps_js_server *s)
{
    return s->test_type != PS_TEST_BACKUP && s->test_type != PS_TEST_SOFTRECOVERY;
}

static const char *qual_word(enum ps_verdict_result r)
{
    return r == PS_VERDICT_PASS ? "QUALIFIES" : r == PS_VERDICT_FAIL ? "DOES NOT QUALIFY" : "NOT ASSESSED";
}

/* "MBX01 Performance: ESRP DOES NOT QUALIFY" and one indented line per criterion. */
static void qualification_lines(ps_buf *b, const ps_js_server *s)
{
    const ps_qualification *q = &s->qualification;
    if (!q->assessed)
        return;
    ps_buf_printf(b, "%s %s: ESRP %s\n", s->machine ? s->machine : "?", ps_test_type_name(s->test_type),
                  qual_word(q->result));
    for (size_t k = 0; k < q->nreasons; k++) {
        char *t = ps_js_qual_words(NULL, &q->reasons[k]);
        ps_buf_printf(b, "  %s\n", t);
        free(t);
    }
}

static void verdict_lines(ps_buf *b, const ps_js_server *s)
{
    const ps_verdict *v = &s->verdict;
    ps_buf_printf(b, "%s %s: %s (%s)%s%s\n", s->machine ? s->machine : "?", ps_test_type_name(s->test_type),
                  v->result == PS_VERDICT_UNKNOWN && js_has_criteria(s) ? "NOT JUDGED" : result_word(v->result),
                  v->profile ? v->profile : "no profile",
                  v->source == PS_VSRC_REPORTED ? " "
                  : v->disagree                 ? " printed and recomputed verdicts disagree"
                                                : "",
                  v->source == PS_VSRC_REPORTED ? ps_verdict_source_words(v->source) : "");
    for (size_t k = 0; k < s->verdict.nreasons; k++) {
        char *t = ps_js_reason_words(NULL, &s->verdict.reasons[k]);
        ps_buf_printf(b, "  %s\n", t);
        free(t);
        for (size_t f = 0; f < v->nfailures; f++)
            if (v->failures[f].reason == k) {
                char *why = ps_js_failure_words(NULL, &v->failures[f]);
                ps_buf_printf(b, "    why: %s\n", why);
                free(why);
            }
    }
    qualification_lines(b, s);
}

void ps_js_render_verdicts(ps_buf *b, const ps_js_run *run)
{
    size_t fail = 0, pass = 0, unjudged = 0, assessed = 0, qualify = 0;
    for (size_t i = 0; i < run->nservers; i++) {
        const ps_js_server *s = &run->servers[i];
        verdict_lines(b, s);
        assessed += s->qualification.assessed != 0;
        qualify += s->qualification.assessed && s->qualification.result == PS_VERDICT_PASS;
        fail += s->verdict.result == PS_VERDICT_FAIL;
        pass += s->verdict.result == PS_VERDICT_PASS;
        unjudged += s->verdict.result == PS_VERDICT_UNKNOWN && js_has_criteria(s);
    }
    ps_buf_printf(b, "%zu %s: %zu passed, %zu failed, ", run->nservers, run->nservers == 1 ? "test" : "tests", pass,
                  fail);
    if (unjudged)
        ps_buf_printf(b, "%zu not judged, ", unjudged);
    ps_buf_printf(b, "%zu without criteria\n", run->nservers - pass - fail - unjudged);
    if (assessed)
        ps_buf_printf(b, "ESRP: %zu of %zu Performance %s %s\n", qualify, assessed, assessed == 1 ? "test" : "tests",
                      qualify == 1 ? "qualifies" : "qualify");
    if (!pass && !fail)
        ps_buf_puts(b, "nothing was judged: no test has a verdict\n");
}

static void summary_row(ps_buf *b, const char *name, const char *type, size_t ninst, const ps_js_summary *m,
                        const char *verdict, const char *esrp)
{
    char v[12][64];
    const double x[12] = {m->db_reads_per_sec,
                          m->db_writes_per_sec,
                          m->db_transfers_per_sec,
                          m->achieved_transactional_iops,
                          m->target_transactional_iops,
                          m->db_read_latency_ms,
                          m->db_read_latency_ms_weighted,
                          m->db_write_latency_ms,
                          m->db_write_latency_ms_weighted,
                          m->log_writes_per_sec,
                          m->log_write_latency_ms,
                          m->log_write_latency_ms_weighted};
    for (int i = 0; i < 12; i++)
        ps_fmt_num(v[i], sizeof v[i], x[i], 3);
    ps_buf_printf(b, "%-12s %-12s %4zu", name, type, ninst);
    for (int i = 0; i < 12; i++)
        ps_buf_printf(b, " %*s", COLW, v[i]);
    if (*esrp)
        ps_buf_printf(b, "  %-7s  %s\n", verdict, esrp);
    else
        ps_buf_printf(b, "  %s\n", verdict);
}

/* The ESRP column: "qualifies", "no", "unknown"; "-" when the test is not assessed. */
static const char *esrp_cell(const ps_qualification *q)
{
    if (!q->assessed)
        return "-";
    return q->result == PS_VERDICT_PASS ? "qualifies" : q->result == PS_VERDICT_FAIL ? "no" : "unknown";
}

static void esrp_table(ps_buf *b, const ps_js_run *run)
{
    static const char *const cols[12] = {"DBrd/s",    "DBwr/s",  "DBxfer/s",  "Achieved", "Target",   "DBrd ms",
                                         "DBrd ms w", "DBwr ms", "DBwr ms w", "Logwr/s",  "Logwr ms", "Logwr ms w"};
    ps_buf_printf(b, "\nESRP summary (latencies: plain mean over instances, w = IOPS-weighted)\n%-12s %-12s %4s",
                  "Server", "Test", "Inst");
    for (int i = 0; i < 12; i++)
        ps_buf_printf(b, " %*s", COLW, cols[i]);
    int any = 0;
    for (size_t i = 0; i < run->nservers; i++)
        any |= run->servers[i].qualification.assessed;
    ps_buf_puts(b, any ? "  Verdict  ESRP\n" : "  Verdict\n");
    size_t ninst = 0, nperf = 0;
    for (size_t i = 0; i < run->nservers; i++)
        nperf += run->servers[i].test_type == PS_TEST_PERFORMANCE;
    for (size_t i = 0; i < run->nservers; i++) {
        const ps_js_server *s = &run->servers[i];
        summary_row(b, s->machine ? s->machine : "?", ps_test_type_name(s->test_type), s->ninstances, &s->summary,
                    result_word(s->verdict.result), any ? esrp_cell(&s->qualification) : "");
        if (!nperf || s->test_type == PS_TEST_PERFORMANCE) /* the aggregate's servers only */
            ninst += s->ninstances;
    }
    ps_qualification q;
    ps_js_qualify_run(run, &q);
    summary_row(b, "Aggregate", "", ninst, &run->aggregate, "", any ? esrp_cell(&q) : "");
    ps_qualification_fini(&q);
}

void ps_js_render_text(ps_buf *b, const ps_js_run *run)
{
    for (size_t i = 0; i < run->nservers; i++) {
        const ps_js_server *s = &run->servers[i];
        char a[40], c[40];
        js_local_iso(a, sizeof a, s->window_start);
        js_local_iso(c, sizeof c, s->window_end);
        ps_buf_printf(b, "%s== %s  %s  Jetstress %s  window %s .. %s (%llu samples; source: %s)\n", i ? "\n" : "",
                      s->machine ? s->machine : "?", ps_test_type_name(s->test_type),
                      s->jetstress_version ? s->jetstress_version : "unknown", a, c,
                      (unsigned long long)s->window_samples,
                      s->nlogs && s->report ? "logs + report"
                      : s->nlogs            ? "logs"
                                            : "report");
        verdict_lines(b, s);
        if (s->ninstances) {
            instance_table(b, s, T_TRANS);
            instance_table(b, s, T_MAINT);
            instance_table(b, s, T_REPL);
            instance_table(b, s, T_TOTAL);
        }
        host_table(b, s);
        if (s->report && !isnan(s->report->achieved_iops) &&
            differs(s->report->achieved_iops, s->summary.achieved_transactional_iops)) {
            char x[64], y[64];
            ps_buf_printf(b, "\nAchieved Transactional I/O per Second: recomputed %s, reported %s\n",
                          ps_fmt_num(x, sizeof x, s->summary.achieved_transactional_iops, 3),
                          ps_fmt_num(y, sizeof y, s->report->achieved_iops, 3));
        }
    }
    esrp_table(b, run);
}
