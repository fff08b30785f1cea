/* js_out.c - Jetstress outputs: Jetstress-style text tables with reported values beside the
 * recomputed ones, the per-server + aggregate ESRP table, JSON, verdict lines and JUnit XML. */
#include "ps_render.h"

#include <math.h>
#include <string.h>

/* Short column headers of the 12 I/O columns (text tables). */
static const char *const io12_head[PS_IO12_N] = {
    "DBrd ms", "DBwr ms", "DBrd/s", "DBwr/s", "DBrd B", "DBwr B",
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
    case T_MAINT: out[0] = f->maint_reads_per_sec; out[1] = f->maint_read_bytes; return 2;
    case T_REPL: out[0] = f->repl_log_reads_per_sec; out[1] = f->repl_log_read_bytes; return 2;
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
    ps_buf_printf(b, "\nHost System Performance\n%-32s %*s %*s %*s\n", "Counter", 14, "Average", 14,
                  "Minimum", 14, "Maximum");
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

/* Local wall-clock time without zone: "2026-03-14T10:12:47.000"; "n/a" when absent. */
static void local_iso(char *out, size_t n, ps_time t)
{
    if (t == PS_TIME_NONE) {
        snprintf(out, n, "n/a");
        return;
    }
    int y, mo, d, h, mi, s, ms;
    ps_time_to_fields(t, &y, &mo, &d, &h, &mi, &s, &ms);
    snprintf(out, n, "%04d-%02d-%02dT%02d:%02d:%02d.%03d", y, mo, d, h, mi, s, ms);
}

/* A test that has pass/fail criteria (Performance, Stress, unknown type); backup and soft
 * recovery have none. */
static int has_criteria(const ps_js_server *s)
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
    for (size_t k = 0; k < q->nreasons; k++)
        ps_buf_printf(b, "  %s\n", q->reasons[k].text);
}

static void verdict_lines(ps_buf *b, const ps_js_server *s)
{
    const ps_verdict *v = &s->verdict;
    ps_buf_printf(b, "%s %s: %s (%s)%s%s\n", s->machine ? s->machine : "?", ps_test_type_name(s->test_type),
                  v->result == PS_VERDICT_UNKNOWN && has_criteria(s) ? "NOT JUDGED" : result_word(v->result),
                  v->profile ? v->profile : "no profile",
                  v->source == PS_VSRC_REPORTED ? " " : v->disagree ? " printed and recomputed verdicts disagree" : "",
                  v->source == PS_VSRC_REPORTED ? ps_verdict_source_words(v->source) : "");
    for (size_t k = 0; k < s->verdict.nreasons; k++)
        ps_buf_printf(b, "  %s\n", s->verdict.reasons[k]);
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
        unjudged += s->verdict.result == PS_VERDICT_UNKNOWN && has_criteria(s);
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
    const double x[12] = {m->db_reads_per_sec, m->db_writes_per_sec, m->db_transfers_per_sec,
                          m->achieved_transactional_iops, m->target_transactional_iops, m->db_read_latency_ms,
                          m->db_read_latency_ms_weighted, m->db_write_latency_ms,
                          m->db_write_latency_ms_weighted, m->log_writes_per_sec, m->log_write_latency_ms,
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
    static const char *const cols[12] = {"DBrd/s", "DBwr/s", "DBxfer/s", "Achieved", "Target",
                                         "DBrd ms", "DBrd ms w", "DBwr ms", "DBwr ms w", "Logwr/s",
                                         "Logwr ms", "Logwr ms w"};
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
        if (!nperf || s->test_type == PS_TEST_PERFORMANCE)   /* the aggregate's servers only */
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
        local_iso(a, sizeof a, s->window_start);
        local_iso(c, sizeof c, s->window_end);
        ps_buf_printf(b, "%s== %s  %s  Jetstress %s  window %s .. %s (%llu samples; source: %s)\n", i ? "\n" : "",
                      s->machine ? s->machine : "?", ps_test_type_name(s->test_type),
                      s->jetstress_version ? s->jetstress_version : "unknown", a, c,
                      (unsigned long long)s->window_samples,
                      s->nlogs && s->report ? "logs + report" : s->nlogs ? "logs" : "report");
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

/* ------------------------------------------------------------------ JSON */

static void jkey(ps_buf *b, int *first, const char *k)
{
    if (!*first)
        ps_buf_putc(b, ',');
    *first = 0;
    ps_json_str(b, k);
    ps_buf_putc(b, ':');
}

static void jnum(ps_buf *b, int *first, const char *k, double v)
{
    jkey(b, first, k);
    ps_json_num(b, v);
}

/* A JSON array of strings. */
static void jstrings(ps_buf *b, char *const *s, size_t n)
{
    ps_buf_putc(b, '[');
    for (size_t i = 0; i < n; i++) {
        if (i)
            ps_buf_putc(b, ',');
        ps_json_str(b, s[i]);
    }
    ps_buf_putc(b, ']');
}

static void json_io12(ps_buf *b, const ps_io12 *io)
{
    int f = 1;
    ps_buf_putc(b, '{');
    for (int i = 0; i < PS_IO12_N; i++)
        jnum(b, &f, ps_io12_key(i), ps_io12_get(io, i));
    ps_buf_putc(b, '}');
}

/* "key":{"k1":v1,"k2":v2} */
static void jpair(ps_buf *b, int *first, const char *key, const char *k1, double v1, const char *k2, double v2)
{
    int g = 1;
    jkey(b, first, key);
    ps_buf_putc(b, '{');
    jnum(b, &g, k1, v1);
    jnum(b, &g, k2, v2);
    ps_buf_putc(b, '}');
}

static void json_figures(ps_buf *b, int *first, const ps_js_figures *f)
{
    jkey(b, first, "transactional");
    json_io12(b, &f->transactional);
    jpair(b, first, "maintenance", "reads_per_sec", f->maint_reads_per_sec, "read_bytes", f->maint_read_bytes);
    jpair(b, first, "replication", "log_reads_per_sec", f->repl_log_reads_per_sec, "log_read_bytes",
          f->repl_log_read_bytes);
    jkey(b, first, "total");
    json_io12(b, &f->total);
}

static void json_summary(ps_buf *b, const ps_js_summary *m)
{
    int f = 1;
    ps_buf_putc(b, '{');
    jnum(b, &f, "db_reads_per_sec", m->db_reads_per_sec);
    jnum(b, &f, "db_writes_per_sec", m->db_writes_per_sec);
    jnum(b, &f, "db_transfers_per_sec", m->db_transfers_per_sec);
    jnum(b, &f, "achieved_transactional_iops", m->achieved_transactional_iops);
    jnum(b, &f, "target_transactional_iops", m->target_transactional_iops);
    jnum(b, &f, "db_read_latency_ms", m->db_read_latency_ms);
    jnum(b, &f, "db_read_latency_ms_weighted", m->db_read_latency_ms_weighted);
    jnum(b, &f, "db_write_latency_ms", m->db_write_latency_ms);
    jnum(b, &f, "db_write_latency_ms_weighted", m->db_write_latency_ms_weighted);
    jnum(b, &f, "log_writes_per_sec", m->log_writes_per_sec);
    jnum(b, &f, "log_write_latency_ms", m->log_write_latency_ms);
    jnum(b, &f, "log_write_latency_ms_weighted", m->log_write_latency_ms_weighted);
    ps_buf_putc(b, '}');
}

/* Per-sample IOPS-weighted window means of the four latencies (logs only). */
static void json_io_weighted(ps_buf *b, const ps_js_server *s, size_t i)
{
    static const int lat[] = {0, 1, 6, 7};
    const ps_js_inst_acc *a = s->stats && i < s->stats->ninst ? &s->stats->inst[i] : NULL;
    if (!a || !s->instances[i].has_computed) {
        ps_buf_puts(b, "null");
        return;
    }
    int f = 1;
    ps_buf_putc(b, '{');
    for (size_t k = 0; k < sizeof lat / sizeof lat[0]; k++)
        jnum(b, &f, ps_io12_key(lat[k]), a->wrate[lat[k]] > 0 ? a->wsum[lat[k]] / a->wrate[lat[k]] : NAN);
    ps_buf_putc(b, '}');
}

static void json_instance(ps_buf *b, const ps_js_server *s, size_t i)
{
    const ps_js_instance *in = &s->instances[i];
    int f = 1;
    ps_buf_putc(b, '{');
    jkey(b, &f, "instance");
    ps_json_str(b, in->name);
    const ps_js_figures *fig = ps_js_instance_figures(in);
    ps_js_figures none;
    ps_js_figures_clear(&none);
    json_figures(b, &f, fig ? fig : &none);
    jkey(b, &f, "reported");
    if (in->has_reported) {
        int g = 1;
        ps_buf_putc(b, '{');
        json_figures(b, &g, &in->reported);
        ps_buf_putc(b, '}');
    } else {
        ps_buf_puts(b, "null");
    }
    jkey(b, &f, "source");
    ps_json_str(b, in->has_computed ? "logs" : in->has_reported ? "report" : NULL);
    jnum(b, &f, "samples", in->has_computed ? (double)in->samples : NAN);
    jkey(b, &f, "io_weighted");
    json_io_weighted(b, s, i);
    ps_buf_putc(b, '}');
}

static void json_verdict(ps_buf *b, const ps_verdict *v)
{
    int f = 1;
    ps_buf_putc(b, '{');
    jkey(b, &f, "result");
    ps_json_str(b, v->result == PS_VERDICT_PASS ? "pass" : v->result == PS_VERDICT_FAIL ? "fail" : "unknown");
    jkey(b, &f, "source");
    ps_json_str(b, v->source == PS_VSRC_NONE ? NULL : ps_verdict_source_name(v->source));
    jkey(b, &f, "profile");
    ps_json_str(b, v->profile);
    jkey(b, &f, "reasons");
    jstrings(b, v->reasons, v->nreasons);
    ps_buf_putc(b, '}');
}

/* {"result","achieved","target","target_from","reasons":[{criterion,met,value,required,text}]},
 * null when not assessed. */
static void json_qualification(ps_buf *b, const ps_qualification *q)
{
    static const char *const met[] = {"fail", "pass"};
    if (!q->assessed) {
        ps_buf_puts(b, "null");
        return;
    }
    int f = 1;
    ps_buf_putc(b, '{');
    jkey(b, &f, "result");
    ps_json_str(b, q->result == PS_VERDICT_UNKNOWN ? "unknown" : met[q->result]);
    jnum(b, &f, "achieved_transactional_iops", q->achieved);
    jnum(b, &f, "target_transactional_iops", q->target);
    jkey(b, &f, "target_from");
    ps_json_str(b, q->target_from);
    jkey(b, &f, "reasons");
    ps_buf_putc(b, '[');
    for (size_t k = 0; k < q->nreasons; k++) {
        const ps_qual_reason *r = &q->reasons[k];
        int g = 1;
        ps_buf_puts(b, k ? ",{" : "{");
        jkey(b, &g, "criterion");
        ps_json_str(b, ps_qual_criterion_name(r->criterion));
        jkey(b, &g, "met");
        ps_json_str(b, r->met == PS_VERDICT_UNKNOWN ? "unknown" : met[r->met]);
        jnum(b, &g, "value", r->value);
        jnum(b, &g, "required", r->required);
        jkey(b, &g, "text");
        ps_json_str(b, r->text);
        ps_buf_putc(b, '}');
    }
    ps_buf_puts(b, "]}");
}

static void json_server(ps_buf *b, const ps_js_server *s)
{
    int f = 1;
    char t[40];
    ps_buf_putc(b, '{');
    jkey(b, &f, "machine");
    ps_json_str(b, s->machine);
    jkey(b, &f, "test_type");
    ps_json_str(b, ps_test_type_name(s->test_type));
    jkey(b, &f, "jetstress_version");
    ps_json_str(b, s->jetstress_version);
    jkey(b, &f, "window");
    int g = 1;
    ps_buf_putc(b, '{');
    jkey(b, &g, "start");
    local_iso(t, sizeof t, s->window_start);
    ps_json_str(b, s->window_start == PS_TIME_NONE ? NULL : t);
    jkey(b, &g, "end");
    local_iso(t, sizeof t, s->window_end);
    ps_json_str(b, s->window_end == PS_TIME_NONE ? NULL : t);
    jnum(b, &g, "samples", (double)s->window_samples);
    ps_buf_putc(b, '}');
    jkey(b, &f, "instances");
    ps_buf_putc(b, '[');
    for (size_t i = 0; i < s->ninstances; i++) {
        if (i)
            ps_buf_putc(b, ',');
        json_instance(b, s, i);
    }
    ps_buf_putc(b, ']');
    jkey(b, &f, "server");
    json_summary(b, &s->summary);
    jkey(b, &f, "verdict");
    json_verdict(b, &s->verdict);
    jkey(b, &f, "qualification");
    json_qualification(b, &s->qualification);
    jkey(b, &f, "host");
    ps_buf_putc(b, '[');
    for (size_t i = 0; i < s->nhost; i++) {
        int h = 1;
        ps_buf_puts(b, i ? ",{" : "{");
        jkey(b, &h, "counter");
        ps_json_str(b, s->host[i].counter);
        jnum(b, &h, "avg", s->host[i].avg);
        jnum(b, &h, "min", s->host[i].min);
        jnum(b, &h, "max", s->host[i].max);
        ps_buf_putc(b, '}');
    }
    ps_buf_putc(b, ']');
    jkey(b, &f, "jetstress_result");
    ps_json_str(b, !s->report || s->report->result < 0 ? NULL : s->report->result ? "pass" : "fail");
    jnum(b, &f, "reported_achieved_transactional_iops", s->report ? s->report->achieved_iops : NAN);
    jkey(b, &f, "logs");
    jstrings(b, s->logs, s->nlogs);
    ps_buf_putc(b, '}');
}

void ps_js_render_json(ps_buf *b, const ps_js_run *run)
{
    ps_buf_puts(b, "{\"generator\":\"perfscribe " PS_VERSION "\",\"servers\":[");
    for (size_t i = 0; i < run->nservers; i++) {
        if (i)
            ps_buf_putc(b, ',');
        json_server(b, &run->servers[i]);
    }
    ps_buf_puts(b, "],\"aggregate\":");
    json_summary(b, &run->aggregate);
    ps_qualification q;
    ps_js_qualify_run(run, &q);
    ps_buf_puts(b, ",\"qualification\":");
    json_qualification(b, &q);
    ps_qualification_fini(&q);
    ps_buf_puts(b, ",\"warnings\":[");
    for (size_t i = 0; i < run->warnings.n; i++) {
        if (i)
            ps_buf_putc(b, ',');
        ps_json_str(b, run->warnings.msgs[i]);
    }
    ps_buf_puts(b, "]}\n");
}

/* ------------------------------------------------------------------ JUnit */

/* A testcase fails on a failing verdict or a failing ESRP qualification. */
static int junit_fails(const ps_js_server *s)
{
    return s->verdict.result == PS_VERDICT_FAIL || (s->qualification.assessed && s->qualification.result == PS_VERDICT_FAIL);
}

/* Every unmet or unknown qualification criterion, one per line. */
static void junit_qual_lines(ps_buf *b, const ps_qualification *q)
{
    for (size_t k = 0; q->assessed && k < q->nreasons; k++)
        if (q->reasons[k].met != PS_VERDICT_PASS) {
            ps_buf_puts(b, "ESRP: ");
            ps_html_escape(b, q->reasons[k].text);
            ps_buf_putc(b, '\n');
        }
}

static const char *junit_first_reason(const ps_js_server *s)
{
    const ps_qualification *q = &s->qualification;
    if (s->verdict.result == PS_VERDICT_FAIL)
        return s->verdict.nreasons ? s->verdict.reasons[0] : "fail";
    for (size_t k = 0; k < q->nreasons; k++)
        if (q->reasons[k].met == PS_VERDICT_FAIL)
            return q->reasons[k].text;
    return "does not qualify for ESRP";
}

void ps_js_render_junit(ps_buf *b, const ps_js_run *run)
{
    size_t fail = 0, skip = 0;
    for (size_t i = 0; i < run->nservers; i++) {
        fail += junit_fails(&run->servers[i]);
        skip += !junit_fails(&run->servers[i]) && run->servers[i].verdict.result == PS_VERDICT_UNKNOWN;
    }
    ps_buf_printf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- generated by perfscribe " PS_VERSION " -->\n"
                     "<testsuite name=\"perfscribe check\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"%zu\">\n",
                  run->nservers, fail, skip);
    for (size_t i = 0; i < run->nservers; i++) {
        const ps_js_server *s = &run->servers[i];
        const ps_verdict *v = &s->verdict;
        ps_buf_puts(b, "  <testcase classname=\"jetstress.");
        ps_html_escape(b, ps_test_type_name(s->test_type));
        ps_buf_puts(b, "\" name=\"");
        ps_html_escape(b, s->machine ? s->machine : "?");
        ps_buf_putc(b, ' ');
        ps_html_escape(b, ps_test_type_name(s->test_type));
        ps_buf_puts(b, "\">\n");
        ps_buf_puts(b, "    <properties><property name=\"profile\" value=\"");
        ps_html_escape(b, v->profile ? v->profile : "");
        ps_buf_puts(b, "\"/><property name=\"verdict_source\" value=\"");
        ps_buf_puts(b, ps_verdict_source_name(v->source));
        if (s->qualification.assessed) {
            ps_buf_puts(b, "\"/><property name=\"esrp_qualification\" value=\"");
            ps_buf_puts(b, s->qualification.result == PS_VERDICT_PASS   ? "pass"
                           : s->qualification.result == PS_VERDICT_FAIL ? "fail"
                                                                         : "unknown");
        }
        ps_buf_puts(b, "\"/></properties>\n");
        if (junit_fails(s)) {
            ps_buf_printf(b, "    <failure type=\"%s\" message=\"", v->result == PS_VERDICT_FAIL ? "verdict" : "qualification");
            ps_html_escape(b, junit_first_reason(s));
            ps_buf_puts(b, "\">");
            for (size_t k = 0; k < v->nreasons; k++) {
                ps_html_escape(b, v->reasons[k]);
                ps_buf_putc(b, '\n');
            }
            junit_qual_lines(b, &s->qualification);
            ps_buf_puts(b, "</failure>\n");
        } else if (v->result == PS_VERDICT_UNKNOWN) {
            if (has_criteria(s)) {
                ps_buf_puts(b, "    <skipped message=\"not judged: ");
                ps_html_escape(b, v->nreasons ? v->reasons[v->nreasons - 1] : "no rule could be evaluated");
                ps_buf_puts(b, "\"/>\n");
            } else
                ps_buf_puts(b, "    <skipped message=\"no pass/fail criteria for this test\"/>\n");
        } else if (v->nreasons) {
            ps_buf_puts(b, "    <system-out>");
            for (size_t k = 0; k < v->nreasons; k++) {
                ps_html_escape(b, v->reasons[k]);
                ps_buf_putc(b, '\n');
            }
            ps_buf_puts(b, "</system-out>\n");
        }
        ps_buf_puts(b, "  </testcase>\n");
    }
    ps_buf_puts(b, "</testsuite>\n");
}
