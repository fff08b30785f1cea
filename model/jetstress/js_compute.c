/* js_compute.c - Jetstress arithmetic: per-sample window statistics, per-instance figures,
 * per-server summaries (plain and IOPS-weighted) and the multi-server aggregate
 * (jetstress-esrp.md 7.2-7.4). */
#include "ps_model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ per-sample statistics */

static void heap_down(double *h, size_t n, size_t i)
{
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < n && h[l] < h[m])
            m = l;
        if (r < n && h[r] < h[m])
            m = r;
        if (m == i)
            return;
        double t = h[i];
        h[i] = h[m];
        h[m] = t;
        i = m;
    }
}

void ps_js_stat_add(ps_js_stat *s, double v)
{
    if (isnan(v))
        return;
    if (s->n == 0) {
        s->min = s->max = v;
        s->sum = 0;
    }
    s->n++;
    s->sum += v;
    if (v < s->min)
        s->min = v;
    if (v > s->max)
        s->max = v;
    if (!s->top)
        s->top = ps_xmalloc(PS_JS_TOPK * sizeof *s->top);
    if (s->ntop < PS_JS_TOPK) {
        size_t i = s->ntop++;
        s->top[i] = v;
        while (i && s->top[(i - 1) / 2] > s->top[i]) {
            double t = s->top[i];
            s->top[i] = s->top[(i - 1) / 2];
            s->top[(i - 1) / 2] = t;
            i = (i - 1) / 2;
        }
    } else if (v > s->top[0]) {
        s->top[0] = v;
        heap_down(s->top, s->ntop, 0);
    }
}

double ps_js_stat_mean(const ps_js_stat *s)
{
    return s->n ? s->sum / (double)s->n : NAN;
}

uint64_t ps_js_stat_count_above(const ps_js_stat *s, double limit, int *exact)
{
    uint64_t c = 0;
    for (size_t i = 0; i < s->ntop; i++)
        if (s->top[i] > limit)
            c++;
    if (exact)
        *exact = !(s->ntop == PS_JS_TOPK && s->n > s->ntop && s->top[0] > limit);
    return c;
}

static int cmp_desc(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x < y) - (x > y);
}

double ps_js_stat_p95(const ps_js_stat *s)
{
    if (!s->n)
        return NAN;
    uint64_t rank = (uint64_t)ceil(0.95 * (double)s->n); /* 1-based, ascending */
    uint64_t from_top = s->n - rank; /* 0-based index among the largest */
    if (from_top >= s->ntop)
        return NAN;
    double *c = ps_xmalloc(s->ntop * sizeof *c);
    memcpy(c, s->top, s->ntop * sizeof *c);
    qsort(c, s->ntop, sizeof *c, cmp_desc);
    double v = c[from_top];
    free(c);
    return v;
}

void ps_js_stat_fini(ps_js_stat *s)
{
    free(s->top);
    memset(s, 0, sizeof *s);
}

void ps_js_inst_acc_add(ps_js_inst_acc *a, const double *v)
{
    for (int m = 0; m < PS_JM_NINST; m++) {
        ps_js_stat_add(&a->m[m], v[m]);
        int w = ps_js_metric_weight(m);
        if (w >= 0 && !isnan(v[m]) && !isnan(v[w])) {
            a->wsum[m] += v[m] * v[w];
            a->wrate[m] += v[w];
        }
    }
}

void ps_js_server_stats_free(ps_js_server_stats *st)
{
    if (!st)
        return;
    for (size_t i = 0; i < st->ninst; i++)
        for (int m = 0; m < PS_JM_NINST; m++)
            ps_js_stat_fini(&st->inst[i].m[m]);
    free(st->inst);
    for (int h = 0; h < PS_JM_NHOST; h++)
        ps_js_stat_fini(&st->host[h]);
    free(st);
}

/* ------------------------------------------------------------------ instance figures */

void ps_js_figures_from_means(const double *means, ps_js_figures *out)
{
    ps_js_figures_clear(out);
    for (int i = 0; i < PS_IO12_N; i++)
        *ps_io12_at(&out->transactional, i) = means[i];
    out->maint_reads_per_sec = means[PS_JM_MAINT_READS];
    out->maint_read_bytes = means[PS_JM_MAINT_BYTES];
    out->repl_log_reads_per_sec = means[PS_IO_LOG_READS];
    out->repl_log_read_bytes = means[PS_IO_LOG_READ_BYTES];
    out->total = out->transactional;
    double rt = means[PS_IO_DB_READS], bt = means[PS_IO_DB_READ_BYTES], rm = means[PS_JM_MAINT_READS],
           bm = means[PS_JM_MAINT_BYTES];
    if (!isnan(rm)) {
        out->total.db_reads_per_sec = rt + rm;
        if (rt + rm > 0)
            out->total.db_read_bytes = (rt * bt + rm * bm) / (rt + rm);
    }
}

const ps_js_figures *ps_js_instance_figures(const ps_js_instance *in)
{
    if (in->has_computed)
        return &in->computed;
    if (in->has_reported)
        return &in->reported;
    return NULL;
}

static void host_row(ps_js_host_row *r, int metric, const ps_js_stat *s)
{
    r->counter = ps_xstrdup(ps_js_metric_name(metric));
    r->avg = ps_js_stat_mean(s);
    r->min = s->n ? s->min : NAN;
    r->max = s->n ? s->max : NAN;
}

void ps_js_server_finish(ps_js_server *s)
{
    ps_js_server_stats *st = s->stats;
    if (!st)
        return;
    for (size_t i = 0; i < s->ninstances && i < st->ninst; i++) {
        ps_js_instance *in = &s->instances[i];
        double means[PS_JM_NINST];
        uint64_t n = 0;
        for (int m = 0; m < PS_JM_NINST; m++) {
            means[m] = ps_js_stat_mean(&st->inst[i].m[m]);
            if (st->inst[i].m[m].n > n)
                n = st->inst[i].m[m].n;
        }
        if (n) {
            ps_js_figures_from_means(means, &in->computed);
            in->has_computed = 1;
            in->samples = n;
        }
    }
    size_t nh = 0;
    for (int h = 0; h < PS_JM_NHOST; h++)
        nh += st->host[h].n > 0;
    if (nh) {
        for (size_t k = 0; k < s->nhost; k++)
            free(s->host[k].counter);
        free(s->host);
        s->host = ps_xcalloc(nh, sizeof *s->host);
        s->nhost = 0;
        for (int h = 0; h < PS_JM_NHOST; h++)
            if (st->host[h].n)
                host_row(&s->host[s->nhost++], PS_JM_NINST + h, &st->host[h]);
    }
}

/* ------------------------------------------------------------------ summaries */

/* Sums over instances: NaN when any instance lacks the value (never a silently short sum). */
typedef struct lat_acc {
    double sum_lat, n, sum_w, sum_wl;
} lat_acc;

static void lat_add(lat_acc *a, double lat, double rate)
{
    a->sum_lat += lat;
    a->n += 1;
    a->sum_wl += lat * rate;
    a->sum_w += rate;
}

static double lat_plain(const lat_acc *a)
{
    return a->n > 0 ? a->sum_lat / a->n : NAN;
}
static double lat_weighted(const lat_acc *a)
{
    return a->sum_w > 0 ? a->sum_wl / a->sum_w : NAN;
}

/* The instance sums of one server (shared by the per-server summary and the aggregate). */
typedef struct server_sums {
    double reads, writes, log_writes;
    lat_acc rl, wl, lwl;
    size_t ninst;
} server_sums;

/* Figures of instance i for sums: when any instance of the server was recomputed from logs,
 * only recomputed instances count (a report-only instance next to logged ones would be counted
 * twice under another name); else the reported figures. */
const ps_js_figures *ps_js_sum_figures(const ps_js_server *s, size_t i)
{
    int any_computed = 0;
    for (size_t k = 0; k < s->ninstances; k++)
        any_computed |= s->instances[k].has_computed;
    const ps_js_instance *in = &s->instances[i];
    if (any_computed)
        return in->has_computed ? &in->computed : NULL;
    return in->has_reported ? &in->reported : NULL;
}

static void sums_add_server(server_sums *t, const ps_js_server *s)
{
    for (size_t i = 0; i < s->ninstances; i++) {
        const ps_js_figures *f = ps_js_sum_figures(s, i);
        if (!f)
            continue;
        const ps_io12 *io = &f->transactional;
        t->reads += io->db_reads_per_sec;
        t->writes += io->db_writes_per_sec;
        t->log_writes += io->log_writes_per_sec;
        lat_add(&t->rl, io->db_read_latency_ms, io->db_reads_per_sec);
        lat_add(&t->wl, io->db_write_latency_ms, io->db_writes_per_sec);
        lat_add(&t->lwl, io->log_write_latency_ms, io->log_writes_per_sec);
        t->ninst++;
    }
}

/* Summed rates: database reads, writes, transfers (= achieved transactional IOPS), log writes. */
static void put_rates(ps_js_summary *out, const server_sums *t)
{
    out->db_reads_per_sec = t->reads;
    out->db_writes_per_sec = t->writes;
    out->db_transfers_per_sec = t->reads + t->writes;
    out->achieved_transactional_iops = t->reads + t->writes;
    out->log_writes_per_sec = t->log_writes;
}

void ps_js_summarize(const ps_js_server *s, double target_iops, ps_js_summary *out)
{
    ps_js_summary_clear(out);
    server_sums t;
    memset(&t, 0, sizeof t);
    sums_add_server(&t, s);
    out->target_transactional_iops = target_iops;
    if (!t.ninst)
        return;
    put_rates(out, &t);
    out->db_read_latency_ms = lat_plain(&t.rl);
    out->db_read_latency_ms_weighted = lat_weighted(&t.rl);
    out->db_write_latency_ms = lat_plain(&t.wl);
    out->db_write_latency_ms_weighted = lat_weighted(&t.wl);
    out->log_write_latency_ms = lat_plain(&t.lwl);
    out->log_write_latency_ms_weighted = lat_weighted(&t.lwl);
}

void ps_js_aggregate(ps_js_run *r)
{
    ps_js_summary *a = &r->aggregate;
    ps_js_summary_clear(a);
    int any_perf = 0;
    for (size_t i = 0; i < r->nservers; i++)
        any_perf |= r->servers[i].test_type == PS_TEST_PERFORMANCE;
    server_sums t;
    memset(&t, 0, sizeof t);
    lat_acc mr = {0}, mw = {0}, ml = {0}; /* plain means of the server means */
    double target = 0;
    size_t nsrv = 0;
    for (size_t i = 0; i < r->nservers; i++) {
        const ps_js_server *s = &r->servers[i];
        if (any_perf && s->test_type != PS_TEST_PERFORMANCE)
            continue;
        size_t before = t.ninst;
        sums_add_server(&t, s);
        if (t.ninst == before)
            continue;
        nsrv++;
        lat_add(&mr, s->summary.db_read_latency_ms, 0);
        lat_add(&mw, s->summary.db_write_latency_ms, 0);
        lat_add(&ml, s->summary.log_write_latency_ms, 0);
        target += s->summary.target_transactional_iops;
    }
    if (!nsrv)
        return;
    put_rates(a, &t);
    a->target_transactional_iops = target;
    a->db_read_latency_ms = lat_plain(&mr);
    a->db_write_latency_ms = lat_plain(&mw);
    a->log_write_latency_ms = lat_plain(&ml);
    a->db_read_latency_ms_weighted = lat_weighted(&t.rl);
    a->db_write_latency_ms_weighted = lat_weighted(&t.wl);
    a->log_write_latency_ms_weighted = lat_weighted(&t.lwl);
}
