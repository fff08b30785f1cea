/* audit.c - audit container: paper claims, uniform report views, findings, sorting.
 * The checks live in audit_checks.c (table + summary checks), audit_checks_units.c,
 * audit_checks_config.c (configuration arithmetic) and audit_checks_reports.c. */
#include "audit_internal.h"
#include "ps_audit_ext.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const sev_names[] = {"info", "warning", "error"};

const char *ps_severity_name(enum ps_severity s)
{
    return (s >= PS_SEV_INFO && s <= PS_SEV_ERROR) ? sev_names[s] : "info";
}

static const char *const metric_keys[PS_MX_COUNT] = {"db_transfers_per_sec",
                                                     "db_reads_per_sec",
                                                     "db_writes_per_sec",
                                                     "db_read_latency_ms",
                                                     "db_write_latency_ms",
                                                     "log_writes_per_sec",
                                                     "log_write_latency_ms",
                                                     "mailboxes",
                                                     "mailboxes_per_server",
                                                     "servers",
                                                     "profile_iops_per_mailbox",
                                                     "tested_iops_per_mailbox",
                                                     "headroom_pct",
                                                     "target_iops",
                                                     "achieved_iops",
                                                     "backup_mb_per_sec_per_db",
                                                     "backup_mb_per_sec_per_server",
                                                     "replay_sec_per_log",
                                                     "verdict",
                                                     "report_cell",
                                                     "test_log_latency",
                                                     "threshold_db_read_ms",
                                                     "threshold_log_write_ms",
                                                     "log_interval_ms",
                                                     "blg_samples",
                                                     "xml_samples_queried",
                                                     "collection_start",
                                                     "collection_end",
                                                     "page_fault_stalls_per_sec",
                                                     "databases_per_server",
                                                     "mailboxes_per_database",
                                                     "database_size_gb",
                                                     "capacity_gb",
                                                     "capacity_used_pct",
                                                     "copies_per_database",
                                                     "dags",
                                                     "target_iops_per_server",
                                                     "report_mailboxes",
                                                     "report_iops_per_mailbox",
                                                     "unread"};

const char *ps_metric_key(enum ps_metric m)
{
    return (unsigned)m < PS_MX_COUNT ? metric_keys[m] : "unknown";
}

int ps_claim_is_reading(const ps_claim *c)
{
    return c->metric != PS_MX_UNREAD;
}

void ps_audit_coverage_of(const ps_paper *p, const ps_audit *a, ps_audit_coverage *out)
{
    memset(out, 0, sizeof *out);
    for (size_t i = 0; p && i < p->nclaims; i++) {
        const ps_claim *c = &p->claims[i];
        if (ps_claim_is_reading(c)) {
            out->labels_read++;
            out->numbers_read += !isnan(c->value);
            continue;
        }
        out->numbers_unread++;
        if (!c->label)
            continue;
        /* words counted once per line */
        int twice = 0;
        for (size_t j = i; j-- > 0 && p->claims[j].line == c->line && !twice;)
            twice =
                !ps_claim_is_reading(&p->claims[j]) && p->claims[j].label && strcmp(p->claims[j].label, c->label) == 0;
        out->labels_unread += !twice;
    }
    for (size_t i = 0; p && i < p->ncells; i++) {
        /* a trend cell "p% [value unit]": its percentage and its bracketed value */
        out->labels_read++;
        out->numbers_read += 1 + !isnan(p->cells[i].value);
    }
    size_t paper_values = out->labels_read;
    out->run_values = a && a->claims > paper_values ? a->claims - paper_values : 0;
}

double ps_half_unit(int decimals)
{
    if (decimals < 0)
        return 0;
    return 0.5 * pow(10.0, -decimals);
}

ps_claim *ps_paper_add_claim(ps_paper *p, enum ps_metric m, enum ps_claim_ctx ctx, long line, const char *label,
                             const char *text, double value, int decimals, double scale)
{
    if (p->nclaims == p->capclaims) {
        p->capclaims = p->capclaims ? 2 * p->capclaims : 64;
        p->claims = ps_xrealloc(p->claims, p->capclaims * sizeof *p->claims);
    }
    ps_claim *c = &p->claims[p->nclaims++];
    memset(c, 0, sizeof *c);
    c->metric = m;
    c->ctx = ctx;
    c->table = -1;
    c->report = -1;
    c->col = -1;
    c->line = line;
    c->label = ps_xstrdup(label);
    c->text = ps_xstrdup(text);
    c->value = isnan(value) ? NAN : value * scale;
    c->decimals = isnan(value) ? -1 : decimals;
    c->half_unit = isnan(value) ? 0 : ps_half_unit(decimals) * scale;
    return c;
}

void ps_paper_free(ps_paper *p)
{
    if (!p)
        return;
    for (size_t i = 0; i < p->nclaims; i++) {
        free(p->claims[i].who);
        free(p->claims[i].text);
        free(p->claims[i].label);
    }
    for (size_t i = 0; i < p->ntables; i++)
        free(p->tables[i].server);
    for (size_t i = 0; i < p->nreports; i++) {
        free(p->reports[i].title);
        free(p->reports[i].name);
    }
    free(p->claims);
    free(p->tables);
    free(p->reports);
    free(p->cells);
    free(p->source);
    free(p);
}

int ps_pct_consistent(double p, double hp, double value, double hv, double base, double hb, double *lo, double *hi)
{
    double l = NAN, h = NAN;
    if (base - hb > 0) {
        l = 100.0 * (value - hv) / (base + hb) - hp;
        h = 100.0 * (value + hv) / (base - hb) + hp;
    }
    if (lo)
        *lo = l;
    if (hi)
        *hi = h;
    if (isnan(l))
        return 1; /* base too small to judge */
    /* 1e-9: printed values sit exactly on interval ends in decimal, not in binary */
    return p >= l - 1e-9 && p <= h + 1e-9;
}

void audit_add(actx *c, const char *kind, enum ps_severity sev, const char *file, long line, const char *server,
               const char *metric, double stated, double expected, const char *fmt, ...)
{
    ps_audit *a = c->out;
    if (a->n == a->cap) {
        a->cap = a->cap ? 2 * a->cap : 16;
        a->findings = ps_xrealloc(a->findings, a->cap * sizeof *a->findings);
    }
    ps_finding *f = &a->findings[a->n++];
    f->kind = kind;
    f->severity = sev;
    f->file = ps_xstrdup(file);
    f->line = line;
    f->server = ps_xstrdup(server);
    f->metric = ps_xstrdup(metric);
    /* 9 decimals: sums of printed values stay printable (265.186, not 265.18600000000004) */
    f->stated = isfinite(stated) && fabs(stated) < 1e9 ? round(stated * 1e9) / 1e9 : stated;
    f->expected = isfinite(expected) && fabs(expected) < 1e9 ? round(expected * 1e9) / 1e9 : expected;
    ps_buf b = {0};
    va_list ap;
    va_start(ap, fmt);
    ps_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    f->message = ps_buf_steal(&b);
}

int audit_differs(double stated, double expected, double tol)
{
    return fabs(stated - expected) > tol + 1e-9 * (1 + fabs(expected));
}

const char *audit_fmt(char *buf, size_t n, aval v)
{
    if (v.text) {
        snprintf(buf, n, "%s", v.text);
        return buf;
    }
    int d = 3;
    if (v.h > 0) {
        d = 0;
        while (d < 9 && ps_half_unit(d) > v.h * 1.0001)
            d++;
    }
    return ps_fmt_num(buf, n, v.v, d);
}

/* ------------------------------------------------------------------ views */

/* The view's row for instance name, added when new: one hash lookup (a paper or run with
 * 40,000 instance rows stays linear). */
static ainst *view_inst(aview *v, const char *name)
{
    size_t at = ps_hash_get(&v->inst_index, name, strlen(name));
    if (at != PS_HASH_NONE)
        return &v->inst[at];
    ps_hash_add(&v->inst_index, name, strlen(name), v->ninst);
    if (v->ninst == v->capinst) {
        v->capinst = v->capinst ? 2 * v->capinst : 8;
        v->inst = ps_xrealloc(v->inst, v->capinst * sizeof *v->inst);
    }
    ainst *in = &v->inst[v->ninst++];
    memset(in, 0, sizeof *in);
    in->name = name;
    in->role = -1;
    for (int k = 0; k < PS_IO12_N; k++)
        in->col[k] = in->logv[k] = in->comp[k] = AV_NONE;
    return in;
}

static void view_init(aview *v)
{
    memset(v, 0, sizeof *v);
    v->verdict = v->achieved = v->target = v->log_target = v->blg = v->xml = v->interval = AV_NONE;
    v->stalls = v->thr_read = v->thr_log = v->cstart = v->cend = v->total_sum_rw = v->log_samples = AV_NONE;
}

static aval claim_val(const ps_claim *c)
{
    return (aval){c->value, c->half_unit, c->text, c->line};
}

static void sum_init(asum *s)
{
    memset(s, 0, sizeof *s);
    for (int k = 0; k < 7; k++)
        s->m[k] = AV_NONE;
}

static void add_into(aval *acc, aval v)
{
    if (isnan(v.v))
        return;
    if (isnan(acc->v))
        *acc = (aval){0, 0, NULL, v.line};
    acc->v += v.v;
    acc->h += v.h;
}

static void views_from_paper(actx *c)
{
    const ps_paper *p = c->paper;
    size_t base = c->nviews;
    for (size_t r = 0; r < p->nreports; r++) {
        aview *v = &c->views[c->nviews++];
        view_init(v);
        v->file = p->source;
        v->line = p->reports[r].line;
        v->name = p->reports[r].name ? p->reports[r].name : p->reports[r].title;
        v->type = p->reports[r].type;
        v->y2007 = p->reports[r].layout_2007;
    }
    for (size_t t = 0; t < p->ntables; t++) {
        asum *s = &c->sums[c->nsums++];
        sum_init(s);
        s->file = p->source;
        s->server = p->tables[t].server;
        s->aggregate = p->tables[t].aggregate;
        s->line = p->tables[t].line;
    }
    for (size_t i = 0; i < p->nclaims; i++) {
        const ps_claim *cl = &p->claims[i];
        if (!ps_claim_is_reading(cl))
            continue;
        c->out->claims++;
        if (cl->ctx == PS_CTX_BODY) {
            if (cl->metric <= PS_M_LOG_WRITE_LAT && cl->table >= 0 && (size_t)cl->table < p->ntables)
                c->sums[cl->table].m[cl->metric] = claim_val(cl);
            continue;
        }
        if (cl->report < 0 || (size_t)cl->report >= p->nreports)
            continue;
        aview *v = &c->views[base + (size_t)cl->report];
        aval av = claim_val(cl);
        switch (cl->metric) {
        case PS_M_VERDICT: v->verdict = av; break;
        case PS_M_ACHIEVED_IOPS: v->achieved = av; break;
        case PS_M_TARGET_IOPS:
            if (cl->who)
                v->log_target = av; /* "target IOPS: N" of the test log */
            else
                v->target = av;
            break;
        case PS_M_THR_DB_READ: v->thr_read = av; break;
        case PS_M_THR_LOG_WRITE: v->thr_log = av; break;
        case PS_M_INTERVAL_MS:
            if (isnan(v->interval.v) || av.v > v->interval.v)
                v->interval = av;
            break;
        case PS_M_BLG_SAMPLES: v->blg = av; break;
        case PS_M_XML_SAMPLES: v->xml = av; break;
        case PS_M_COLLECTION_START: v->cstart = av; break;
        case PS_M_COLLECTION_END: v->cend = av; break;
        case PS_M_STALLS_AVG: v->stalls = av; break;
        case PS_M_COL:
        case PS_M_LOG_LAT:
            if (!cl->who || cl->col < 0 || cl->col >= PS_IO12_N)
                break;
            if (cl->total_table) {
                if (cl->col == 2 || cl->col == 3)
                    add_into(&v->total_sum_rw, av);
                break;
            }
            ainst *in = view_inst(v, cl->who);
            if (cl->metric == PS_M_COL) {
                in->col[cl->col] = av;
                if (v->y2007 && cl->label)
                    in->role = strncmp(cl->label, "Log", 3) == 0 ? 1 : 0;
            } else {
                in->logv[cl->col] = av;
            }
            break;
        default: break;
        }
    }
}

/* Reports and computed figures of a RUN: printed report values are taken as 3-decimal
 * figures (docs/formats.md#rounding), computed values as exact. */
#define RUN_H 0.0005

static aval rv(double v, double h)
{
    return (aval){v, isnan(v) ? 0 : h, NULL, 0};
}

static void view_from_server(actx *c, const ps_js_server *s)
{
    aview *v = &c->views[c->nviews++];
    view_init(v);
    const ps_js_report *r = s->report;
    v->name = s->machine;
    v->type = s->test_type;
    v->computed_verdict = &s->verdict;
    if (r) {
        v->file = r->source;
        v->y2007 = r->layout_2007;
        v->type = r->test_type != PS_TEST_UNKNOWN ? r->test_type : s->test_type;
        v->verdict = rv(r->result < 0 ? NAN : r->result, 0);
        v->achieved = rv(r->achieved_iops, RUN_H);
        v->target = rv(r->target_iops, RUN_H);
        v->stalls = rv(r->page_fault_stalls_avg, RUN_H);
        v->cstart = rv(r->collection_start == PS_TIME_NONE ? NAN : (double)r->collection_start, 0);
        v->cend = rv(r->collection_end == PS_TIME_NONE ? NAN : (double)r->collection_end, 0);
        double scale = r->layout_2007 ? 1000.0 : 1.0;
        for (size_t i = 0; i < r->ninstances; i++) {
            const ps_js_instance *ri = &r->instances[i];
            ainst *in = view_inst(v, ri->name);
            if (ri->has_reported) {
                for (int k = 0; k < PS_IO12_N; k++) {
                    double h = (k == 0 || k == 1 || k == 6 || k == 7) ? RUN_H * scale : RUN_H;
                    in->col[k] = rv(ps_io12_get(&ri->reported.transactional, k), h);
                    aval t = rv(ps_io12_get(&ri->reported.total, k), h);
                    if (k == 2 || k == 3)
                        add_into(&v->total_sum_rw, t);
                }
            }
        }
        for (size_t e = 0; e < r->nevents; e++) {
            const ps_js_event *ev = &r->events[e];
            aval a = (aval){ev->v[0], 0, NULL, ev->line};
            switch (ev->kind) {
            case PS_EV_INSTANCE_RESULT:
            case PS_EV_VOLUME_RESULT: {
                if (!ev->final_block || !ev->who || !ev->what || isnan(ev->v[0]))
                    break;
                int col = -1;
                const char *w = ev->what;
                if (strstr(w, "Database Reads"))
                    col = 0;
                else if (strstr(w, "Database Writes"))
                    col = 1;
                else if (strstr(w, "Log Reads"))
                    col = 6;
                else if (strstr(w, "Log Writes"))
                    col = 7;
                if (col < 0)
                    break;
                a.h = ev->kind == PS_EV_VOLUME_RESULT ? 0.00005 * 1000 : 0.05;
                if (ev->kind == PS_EV_VOLUME_RESULT)
                    a.v *= 1000;
                ainst *in = view_inst(v, ev->who);
                in->logv[col] = a;
                break;
            }
            case PS_EV_LOGGING_STARTED:
                if (!isnan(a.v) && (isnan(v->interval.v) || a.v > v->interval.v))
                    v->interval = a;
                break;
            case PS_EV_BLG_SAMPLES: v->blg = a; break;
            case PS_EV_XML_SAMPLES: v->xml = a; break;
            case PS_EV_SESSIONS_ACTUAL: v->log_target = (aval){ev->v[2], 0, NULL, ev->line}; break;
            default: break;
            }
        }
    }
    for (size_t i = 0; i < s->ninstances; i++) {
        const ps_js_instance *si = &s->instances[i];
        if (!si->has_computed)
            continue;
        ainst *in = view_inst(v, si->name);
        in->has_comp = 1;
        for (int k = 0; k < PS_IO12_N; k++)
            in->comp[k] = rv(ps_io12_get(&si->computed.transactional, k), 0);
    }
    if (s->nlogs && s->window_samples && s->window_start != PS_TIME_NONE && s->window_end != PS_TIME_NONE) {
        v->log_samples = rv((double)s->window_samples, 0);
        v->log_span_ms = (double)(s->window_end - s->window_start);
        if (isnan(v->interval.v) && s->config && s->config->log_interval_ms > 0)
            v->interval = rv(s->config->log_interval_ms, 0);
    }
    if (!v->file && s->nlogs)
        v->file = s->logs[0];
    if (!v->file)
        v->file = s->machine;
}

static void sum_from_summary(asum *a, const ps_js_summary *m)
{
    a->m[PS_M_DB_TRANSFERS] = rv(m->db_transfers_per_sec, 0);
    a->m[PS_M_DB_READS] = rv(m->db_reads_per_sec, 0);
    a->m[PS_M_DB_WRITES] = rv(m->db_writes_per_sec, 0);
    a->m[PS_M_DB_READ_LAT] = rv(m->db_read_latency_ms, 0);
    a->m[PS_M_DB_WRITE_LAT] = rv(m->db_write_latency_ms, 0);
    a->m[PS_M_LOG_WRITES] = rv(m->log_writes_per_sec, 0);
    a->m[PS_M_LOG_WRITE_LAT] = rv(m->log_write_latency_ms, 0);
}

static void sums_from_run(actx *c)
{
    const ps_js_run *run = c->run;
    for (size_t i = 0; i < run->nservers; i++) {
        const ps_js_server *s = &run->servers[i];
        const ps_js_summary *m = &s->summary;
        if (s->test_type != PS_TEST_PERFORMANCE || isnan(m->db_reads_per_sec))
            continue; /* the body tables describe the Performance test */
        asum *a = &c->comp[c->ncomp++];
        sum_init(a);
        a->file = s->report ? s->report->source : s->machine;
        a->server = s->machine;
        sum_from_summary(a, m);
    }
    sum_init(&c->comp_agg);
    c->comp_agg.server = "aggregate";
    sum_from_summary(&c->comp_agg, &run->aggregate);
    c->has_comp_agg = !isnan(run->aggregate.db_reads_per_sec);
}

void audit_view_summary(const aview *v, int computed, aval out[7])
{
    static const struct {
        int metric, col, role, mean;
    } map[] = {{PS_M_DB_READS, 2, 0, 0},     {PS_M_DB_WRITES, 3, 0, 0},  {PS_M_DB_READ_LAT, 0, 0, 1},
               {PS_M_DB_WRITE_LAT, 1, 0, 1}, {PS_M_LOG_WRITES, 9, 1, 0}, {PS_M_LOG_WRITE_LAT, 7, 1, 1}};
    for (int k = 0; k < 7; k++)
        out[k] = AV_NONE;
    for (size_t m = 0; m < sizeof map / sizeof map[0]; m++) {
        double sum = 0, h = 0;
        size_t n = 0;
        int absent = 0;
        for (size_t i = 0; i < v->ninst; i++) {
            const ainst *in = &v->inst[i];
            if (in->role >= 0 && in->role != map[m].role)
                continue;
            const aval *a = computed ? &in->comp[map[m].col] : &in->col[map[m].col];
            if (computed && !in->has_comp)
                continue;
            if (isnan(a->v)) {
                absent = 1;
                break;
            }
            sum += a->v;
            h += a->h;
            n++;
        }
        if (absent || n == 0)
            continue;
        out[map[m].metric] = map[m].mean ? (aval){sum / n, h / n, NULL, 0} : (aval){sum, h, NULL, 0};
    }
    if (!isnan(out[PS_M_DB_READS].v) && !isnan(out[PS_M_DB_WRITES].v))
        out[PS_M_DB_TRANSFERS] =
            (aval){out[PS_M_DB_READS].v + out[PS_M_DB_WRITES].v, out[PS_M_DB_READS].h + out[PS_M_DB_WRITES].h, NULL, 0};
}

/* ------------------------------------------------------------------ run + sort */

static int cmp_str(const char *a, const char *b)
{
    return strcmp(a ? a : "", b ? b : "");
}

static int cmp_finding(const void *pa, const void *pb)
{
    const ps_finding *a = pa, *b = pb;
    if (a->severity != b->severity)
        return a->severity > b->severity ? -1 : 1;
    int r = cmp_str(a->file, b->file);
    if (r)
        return r;
    if (a->line != b->line)
        return a->line < b->line ? -1 : 1;
    r = strcmp(a->kind, b->kind);
    if (r)
        return r;
    r = cmp_str(a->server, b->server);
    if (r)
        return r;
    return cmp_str(a->metric, b->metric);
}

void ps_audit_run(const ps_paper *paper, const ps_js_run *run, ps_audit *out)
{
    actx c = {0};
    c.paper = paper;
    c.run = run;
    c.out = out;
    size_t nv = (paper ? paper->nreports : 0) + (run ? run->nservers : 0);
    c.views = ps_xcalloc(nv ? nv : 1, sizeof *c.views);
    c.sums = ps_xcalloc(paper && paper->ntables ? paper->ntables : 1, sizeof *c.sums);
    c.comp = ps_xcalloc(run && run->nservers ? run->nservers : 1, sizeof *c.comp);
    if (paper) {
        views_from_paper(&c);
        out->claims += paper->ncells;
    }
    if (run) {
        for (size_t i = 0; i < run->nservers; i++) {
            view_from_server(&c, &run->servers[i]);
            out->claims += 12 * c.views[c.nviews - 1].ninst;
        }
        sums_from_run(&c);
    }
    audit_checks_run(&c);
    /* stable order: qsort is not stable, but the comparison is total except for exact twins */
    if (out->n > 1)
        qsort(out->findings, out->n, sizeof *out->findings, cmp_finding);
    for (size_t i = 0; i < c.nviews; i++) {
        free(c.views[i].inst);
        ps_hash_fini(&c.views[i].inst_index);
    }
    free(c.views);
    free(c.sums);
    free(c.comp);
}

size_t ps_audit_count(const ps_audit *a, enum ps_severity sev)
{
    size_t n = 0;
    for (size_t i = 0; i < a->n; i++)
        if (a->findings[i].severity >= sev)
            n++;
    return n;
}

void ps_audit_fini(ps_audit *a)
{
    for (size_t i = 0; i < a->n; i++) {
        ps_finding *f = &a->findings[i];
        free(f->file);
        free(f->server);
        free(f->metric);
        free(f->message);
    }
    free(a->findings);
    memset(a, 0, sizeof *a);
}
