/* trend.c - labels x metrics matrix for trends across runs, relative values, and the
 * standard metrics of a Jetstress run. */
#include "ps_model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

size_t ps_trend_add_label(ps_trend *t, const char *label)
{
    size_t i = t->nlabels++;
    t->labels = ps_xrealloc(t->labels, t->nlabels * sizeof *t->labels);
    t->labels[i] = ps_xstrdup(label);
    t->load = ps_xrealloc(t->load, t->nlabels * sizeof *t->load);
    t->load[i] = NAN;
    t->config = ps_xrealloc(t->config, t->nlabels * sizeof *t->config);
    t->config[i] = NULL;
    t->iops_series = ps_xrealloc(t->iops_series, t->nlabels * sizeof *t->iops_series);
    memset(&t->iops_series[i], 0, sizeof t->iops_series[i]);
    t->values = ps_xrealloc(t->values, t->nlabels * (t->nmetrics ? t->nmetrics : 1) * sizeof *t->values);
    for (size_t m = 0; m < t->nmetrics; m++)
        t->values[i * t->nmetrics + m] = NAN;
    return i;
}

size_t ps_trend_metric_index(ps_trend *t, const char *key, const char *title, const char *unit, int decimals,
                             int lower_is_better)
{
    for (size_t m = 0; m < t->nmetrics; m++)
        if (strcmp(t->metrics[m].key, key) == 0)
            return m;
    size_t old = t->nmetrics, nm = old + 1;
    double *nv = ps_xmalloc((t->nlabels ? t->nlabels : 1) * nm * sizeof *nv);
    for (size_t l = 0; l < t->nlabels; l++) {
        for (size_t m = 0; m < old; m++)
            nv[l * nm + m] = t->values[l * old + m];
        nv[l * nm + old] = NAN;
    }
    free(t->values);
    t->values = nv;
    t->metrics = ps_xrealloc(t->metrics, nm * sizeof *t->metrics);
    ps_trend_metric *d = &t->metrics[old];
    d->key = ps_xstrdup(key);
    d->title = ps_xstrdup(title ? title : key);
    d->unit = ps_xstrdup(unit ? unit : "");
    d->decimals = decimals;
    d->lower_is_better = lower_is_better;
    t->nmetrics = nm;
    return old;
}

void ps_trend_set(ps_trend *t, size_t label, size_t metric, double v)
{
    if (label < t->nlabels && metric < t->nmetrics)
        t->values[label * t->nmetrics + metric] = v;
}

double ps_trend_get(const ps_trend *t, size_t label, size_t metric)
{
    if (label >= t->nlabels || metric >= t->nmetrics)
        return NAN;
    return t->values[label * t->nmetrics + metric];
}

long ps_trend_find_label(const ps_trend *t, const char *label)
{
    for (size_t i = 0; i < t->nlabels; i++)
        if (strcmp(t->labels[i], label) == 0)
            return (long)i;
    return -1;
}

double ps_trend_relative(const ps_trend *t, size_t label, size_t metric)
{
    double v = ps_trend_get(t, label, metric), b = ps_trend_get(t, t->baseline, metric);
    if (isnan(v) || isnan(b) || b == 0)
        return NAN;
    return 100.0 * v / b;
}

/* Standard metrics of a run, in display order. */
static const struct {
    const char *key, *title, *unit;
    int decimals, lower;
    size_t off; /* offset of the field in ps_js_summary, or (size_t)-1 for computed */
} run_metrics[] = {
    {"achieved_iops", "Achieved transactional IOPS", "IOPS", 0, 0,
     offsetof(ps_js_summary, achieved_transactional_iops)},
    {"target_iops", "Target transactional IOPS", "IOPS", 0, 0, offsetof(ps_js_summary, target_transactional_iops)},
    {"total_iops", "Total IOPS (database + log)", "IOPS", 0, 0, (size_t)-1},
    {"db_read_latency_ms", "Database read latency", "ms", 1, 1, offsetof(ps_js_summary, db_read_latency_ms)},
    {"db_read_latency_ms_weighted", "Database read latency, IOPS-weighted", "ms", 1, 1,
     offsetof(ps_js_summary, db_read_latency_ms_weighted)},
    {"db_write_latency_ms", "Database write latency", "ms", 1, 1, offsetof(ps_js_summary, db_write_latency_ms)},
    {"db_write_latency_ms_weighted", "Database write latency, IOPS-weighted", "ms", 1, 1,
     offsetof(ps_js_summary, db_write_latency_ms_weighted)},
    {"log_write_latency_ms", "Log write latency", "ms", 1, 1, offsetof(ps_js_summary, log_write_latency_ms)},
    {"log_write_latency_ms_weighted", "Log write latency, IOPS-weighted", "ms", 1, 1,
     offsetof(ps_js_summary, log_write_latency_ms_weighted)},
};

const char *ps_trend_run_metric_key(const char *name)
{
    for (size_t k = 0; k < sizeof run_metrics / sizeof run_metrics[0]; k++)
        if (strcasecmp(name, run_metrics[k].key) == 0 || strcasecmp(name, run_metrics[k].title) == 0)
            return run_metrics[k].key;
    return NULL;
}

static double summary_field(const ps_js_summary *s, size_t off)
{
    return *(const double *)((const char *)s + off);
}

/* Total I/O of one server: database reads + writes and log reads + writes of the Total table
 * (the figures the EqualLogic study calls "Total IOPS performed"). */
static double server_total_iops(const ps_js_server *s)
{
    double sum = 0;
    int any = 0;
    for (size_t i = 0; i < s->ninstances; i++) {
        const ps_js_instance *in = &s->instances[i];
        const ps_js_figures *f = in->has_computed ? &in->computed : in->has_reported ? &in->reported : NULL;
        if (!f)
            continue;
        const double r[4] = {f->total.db_reads_per_sec, f->total.db_writes_per_sec, f->total.log_reads_per_sec,
                             f->total.log_writes_per_sec};
        for (int k = 0; k < 4; k++)
            if (!isnan(r[k])) {
                sum += r[k];
                any = 1;
            }
    }
    return any ? sum : NAN;
}

static int counts_in_aggregate(const ps_js_run *run, const ps_js_server *s)
{
    for (size_t i = 0; i < run->nservers; i++)
        if (run->servers[i].test_type == PS_TEST_PERFORMANCE)
            return s->test_type == PS_TEST_PERFORMANCE;
    return 1;
}

void ps_trend_from_run(ps_trend *t, size_t label, const ps_js_run *run, double mailboxes, double disks)
{
    double total = 0;
    int any_total = 0;
    for (size_t i = 0; i < run->nservers; i++) {
        const ps_js_server *s = &run->servers[i];
        if (!counts_in_aggregate(run, s))
            continue;
        double v = server_total_iops(s);
        if (!isnan(v)) {
            total += v;
            any_total = 1;
        }
    }
    for (size_t k = 0; k < sizeof run_metrics / sizeof run_metrics[0]; k++) {
        size_t m = ps_trend_metric_index(t, run_metrics[k].key, run_metrics[k].title, run_metrics[k].unit,
                                         run_metrics[k].decimals, run_metrics[k].lower);
        double v = run_metrics[k].off == (size_t)-1 ? (any_total ? total : NAN)
                                                    : summary_field(&run->aggregate, run_metrics[k].off);
        ps_trend_set(t, label, m, v);
    }
    double achieved = run->aggregate.achieved_transactional_iops;
    if (mailboxes > 0) {
        ps_trend_set(t, label, ps_trend_metric_index(t, "iops_per_mailbox", "Achieved IOPS per mailbox", "IOPS", 3, 0),
                     achieved / mailboxes);
        ps_trend_set(
            t, label,
            ps_trend_metric_index(t, "iops_per_1000_mailboxes", "Achieved IOPS per 1,000 mailboxes", "IOPS", 1, 0),
            achieved * 1000.0 / mailboxes);
    }
    if (disks > 0)
        ps_trend_set(t, label, ps_trend_metric_index(t, "iops_per_disk", "Achieved IOPS per disk", "IOPS", 1, 0),
                     achieved / disks);
    for (size_t i = 0; i < run->nservers; i++) {
        const ps_js_server *s = &run->servers[i];
        if (!counts_in_aggregate(run, s) || !s->machine)
            continue;
        ps_buf key = {0}, title = {0};
        ps_buf_printf(&key, "achieved_iops@%s", s->machine);
        ps_buf_printf(&title, "Achieved transactional IOPS, %s", s->machine);
        size_t m = ps_trend_metric_index(t, key.data, title.data, "IOPS", 0, 0);
        ps_trend_set(t, label, m, s->summary.achieved_transactional_iops);
        ps_buf_fini(&key);
        ps_buf_fini(&title);
    }
}

void ps_trend_set_config(ps_trend *t, size_t label, const char *config)
{
    if (label >= t->nlabels)
        return;
    free(t->config[label]);
    t->config[label] = config ? ps_xstrdup(config) : NULL;
}

/* Sum of a server's instance IOPS series at sample k (NaN when an instance lacks it). */
static double server_iops_at(const ps_js_server *s, size_t k)
{
    double sum = 0;
    for (size_t i = 0; i < s->nseries; i++)
        sum += s->series_iops[i].v[k];
    return sum;
}

/* Samples every instance series of s has (0 when s has no series). */
static size_t server_series_len(const ps_js_server *s)
{
    if (!s->nseries || !s->series_iops)
        return 0;
    size_t n = s->series_iops[0].n;
    for (size_t i = 1; i < s->nseries; i++)
        if (s->series_iops[i].n < n)
            n = s->series_iops[i].n;
    return n;
}

void ps_trend_series_from_run(ps_trend *t, size_t label, const ps_js_run *run)
{
    if (label >= t->nlabels)
        return;
    ps_series *out = &t->iops_series[label];
    ps_series_fini(out);
    out->label = ps_xstrdup(t->labels[label]);
    const ps_js_server *first = NULL;
    size_t n = SIZE_MAX;
    for (size_t i = 0; i < run->nservers; i++) {
        const ps_js_server *s = &run->servers[i];
        if (!counts_in_aggregate(run, s))
            continue;
        size_t len = server_series_len(s);
        if (!len)
            continue;
        if (!first)
            first = s;
        if (len < n)
            n = len;
    }
    if (!first)
        return;
    const ps_time *tt = first->series_iops[0].t, t0 = tt[0];
    for (size_t k = 0; k < n; k++) {
        double sum = 0;
        for (size_t i = 0; i < run->nservers; i++) {
            const ps_js_server *s = &run->servers[i];
            if (counts_in_aggregate(run, s) && server_series_len(s))
                sum += server_iops_at(s, k);
        }
        ps_series_push(out, tt[k] - t0, sum);
    }
}

void ps_trend_fini(ps_trend *t)
{
    for (size_t i = 0; i < t->nlabels; i++) {
        free(t->labels[i]);
        if (t->config)
            free(t->config[i]);
        if (t->iops_series)
            ps_series_fini(&t->iops_series[i]);
    }
    free(t->config);
    free(t->iops_series);
    for (size_t m = 0; m < t->nmetrics; m++) {
        free(t->metrics[m].key);
        free(t->metrics[m].title);
        free(t->metrics[m].unit);
    }
    free(t->labels);
    free(t->metrics);
    free(t->values);
    free(t->load);
    free(t->load_name);
    memset(t, 0, sizeof *t);
}

double ps_trend_run_mailboxes(const ps_js_run *run)
{
    double sum = 0;
    int perf = 0;
    for (size_t i = 0; i < run->nservers; i++)
        perf |= run->servers[i].test_type == PS_TEST_PERFORMANCE;
    for (size_t i = 0; i < run->nservers; i++) {
        const ps_js_server *s = &run->servers[i];
        if (perf && s->test_type != PS_TEST_PERFORMANCE)
            continue;
        if (!s->config || !(s->config->mailbox_count > 0))
            return NAN;
        sum += s->config->mailbox_count;
    }
    return sum > 0 ? sum : NAN;
}
