/* ps_trend.h - comparisons of runs across configurations and generations.
 * Part of the public interface of its library; the umbrella header includes it. */
#ifndef PS_TREND_H
#define PS_TREND_H

#include "ps_jetstress.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ===================================================================== 9. trends */

/* One metric row of a trend: key (stable, for JSON), title, unit and printed precision. */
typedef struct ps_trend_metric {
    char *key; /* "achieved_iops", "db_read_latency_ms", "achieved_iops@MBX01", ... */
    char *title; /* "Achieved transactional IOPS" */
    char *unit; /* "IOPS", "ms", "" */
    int decimals; /* printed precision of the absolute values */
    int lower_is_better; /* latencies: 1 */
} ps_trend_metric;

/* Labels x metrics matrix of absolute values (NaN = absent), in the order given. */
typedef struct ps_trend {
    char **labels;
    size_t nlabels;
    ps_trend_metric *metrics;
    size_t nmetrics;
    double *values; /* nlabels * nmetrics, row-major by label */
    double *load; /* per label load variable (users, mailboxes, threads), NaN = none */
    char *load_name; /* "users", NULL when no load variable */
    size_t baseline; /* index of the baseline label */
    char **config; /* per label: configuration name (one series per configuration in the
                           metric-vs-load chart), NULL = none (all labels form one series) */
    ps_series *iops_series; /* per label: transactional IOPS (database reads + writes, summed
                           over instances and servers) against relative time: t = ms since the
                           collection start (first window sample), so t[0] == 0; n == 0 when
                           the label has none (table labels, runs loaded without series) */
} ps_trend;

/* Add a label (returns its index) / find or add a metric (returns its index; the first call
 * fixes title, unit, decimals). Values start NaN. */
size_t ps_trend_add_label(ps_trend *t, const char *label);
size_t ps_trend_metric_index(ps_trend *t, const char *key, const char *title, const char *unit, int decimals,
                             int lower_is_better);
void ps_trend_set(ps_trend *t, size_t label, size_t metric, double v);
double ps_trend_get(const ps_trend *t, size_t label, size_t metric);
/* Find a label by name (exact); returns -1 when absent. */
long ps_trend_find_label(const ps_trend *t, const char *label);
/* Relative value in percent against the baseline label: 100 * v / base; NaN when either is
 * absent or the base is 0. */
double ps_trend_relative(const ps_trend *t, size_t label, size_t metric);
/* Rounding intervals of printed percentages: see ps_pct_consistent (section 8). */
/* Fill the standard metrics of one label from a computed Jetstress run: aggregate and
 * per-server achieved IOPS, total IOPS, target, latencies (plain and weighted), and, when
 * mailboxes/disks > 0, IOPS per mailbox, per 1,000 mailboxes and per disk. */
void ps_trend_from_run(ps_trend *t, size_t label, const ps_js_run *run, double mailboxes, double disks);
/* Fill t->iops_series[label] from the per-instance series of run (loaded with
 * ps_js_options.keep_series): per server the instance series are summed sample by sample;
 * servers are summed by sample index (sample k of every server, up to the shortest server);
 * time = the first server's sample time minus its first sample time. Leaves the series
 * empty when run has no series. Replaces what was there. */
void ps_trend_series_from_run(ps_trend *t, size_t label, const ps_js_run *run);
/* Key of the standard run metric (ps_trend_from_run) whose key or title equals name
 * (case-insensitive), e.g. "Achieved transactional IOPS" -> "achieved_iops"; NULL if none.
 * Lets table files put published figures in the same rows as measured runs. */
const char *ps_trend_run_metric_key(const char *name);
/* Set (copy) the configuration name of a label; NULL clears it. */
void ps_trend_set_config(ps_trend *t, size_t label, const char *config);
/* Mailboxes of a run: the sum of the JetstressConfig.xml MailboxCount of the servers in the
 * aggregate (Performance servers when there are any); NaN when a server has none. */
double ps_trend_run_mailboxes(const ps_js_run *run);
void ps_trend_fini(ps_trend *t); /* members only */

#ifdef __cplusplus
}
#endif
#endif /* PS_TREND_H */
