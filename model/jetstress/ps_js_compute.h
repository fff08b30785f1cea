/* ps_js_compute.h - the Jetstress computation: the metrics the pipeline tracks, the roles of
 * counter-log objects, and the accumulators that stream a run into its figures
 * (model/jetstress/js_counters.c, model/jetstress/js_compute.c).
 * Part of the public interface of its library; the umbrella header includes it. */
#ifndef PS_JS_COMPUTE_H
#define PS_JS_COMPUTE_H

#include "ps_jetstress.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Every quantity the Jetstress pipeline tracks. 0..11 are the ps_io12 columns of one ESE
 * instance (same order), then the two maintenance columns, then the host counters. */
enum ps_js_metric {
    PS_JM_MAINT_READS = PS_IO12_N, /* Database Maintenance IO Reads/sec */
    PS_JM_MAINT_BYTES, /* Database Maintenance IO Reads Average Bytes */
    PS_JM_NINST, /* number of per-instance metrics (14) */
    PS_JM_CPU = PS_JM_NINST, /* Processor(_Total)\% Processor Time */
    PS_JM_AVAIL_MB, /* Memory\Available MBytes */
    PS_JM_FREE_PTE, /* Memory\Free System Page Table Entries */
    PS_JM_TRANSITION, /* Memory\Transition Pages RePurposed/sec */
    PS_JM_NONPAGED, /* Memory\Pool Nonpaged Bytes */
    PS_JM_PAGED, /* Memory\Pool Paged Bytes */
    PS_JM_STALLS, /* MSExchange Database(JetstressWin)\Database Page Fault Stalls/sec */
    PS_JM_N /* number of metrics (21) */
};
#define PS_JM_NHOST (PS_JM_N - PS_JM_NINST)
/* English name of a metric as in the reports ("I/O Database Reads Average Latency", "% Processor
 * Time", ...), its words for verdict reasons ("database read latency") and its canonical unit
 * ("ms", "/s", "B", "%", "MB", "" for counts). NULL for an out-of-range metric. */
const char *ps_js_metric_name(int metric);
const char *ps_js_metric_words(int metric);
const char *ps_js_metric_unit(int metric);
/* Metric whose rate weights a latency metric (db read latency -> db reads/sec, ...); -1 if none. */
int ps_js_metric_weight(int metric);

/* Role of a PerfMon object in a Jetstress counter log (the classification table of
 * model/jetstress/js_counters.c; English and German object names, case and spacing ignored). */
enum ps_js_role {
    PS_JS_ROLE_OTHER = 0, /* anything else: never read */
    PS_JS_ROLE_ESE_INSTANCE, /* MSExchange Database ==> Instances: the instances */
    PS_JS_ROLE_ESE_PROCESS, /* MSExchange Database(JetstressWin|Information Store): host row only */
    PS_JS_ROLE_LOGICALDISK, /* LogicalDisk: instances only in the Jetstress 2007 form */
    PS_JS_ROLE_PHYSICALDISK, /* PhysicalDisk: never read */
    PS_JS_ROLE_PROCESSOR, /* Processor: host row from _Total only */
    PS_JS_ROLE_MEMORY, /* Memory: host rows */
    PS_JS_ROLE_SYSTEM, /* System: never read */
    PS_JS_ROLE_N
};
/* Role of an object name; PS_JS_ROLE_OTHER when unknown or NULL. */
enum ps_js_role ps_js_object_role(const char *object);
/* "ese-instance", "ese-process", "logicaldisk", "physicaldisk", "processor", "memory", "system",
 * "other"; NULL when out of range. */
const char *ps_js_role_name(enum ps_js_role role);

/* One counter of a log classified for the Jetstress pipeline (ps_js_classify). */
typedef struct ps_js_counter_ref {
    enum ps_js_role role; /* role of the counter's object */
    int metric; /* enum ps_js_metric */
    int is_total; /* the _Total instance (never an instance; checked against the sum) */
    int volume_2007; /* LogicalDisk counter of a Jetstress 2007 log (instance = drive) */
    int priority; /* 0 = plain counter, 1 = (Attached) form: used only when no plain one */
    double scale; /* multiply the logged value by this (1000 for seconds -> ms) */
    char instance[128]; /* instance name with the process prefix removed, "" for host counters */
} ps_js_counter_ref;
/* Classify a counter by object, instance and counter name (case-insensitive; English, German and
 * (Attached) synonyms from a table). Returns 1 and fills *out when the counter is one the pipeline
 * uses, else 0. Instances: "<process>/" removed, then the "Instance<N>.<k>" substring when
 * present, else the rest. 2007 LogicalDisk counters are in seconds (scale 1000). */
int ps_js_classify(const char *object, const char *instance, const char *counter, ps_js_counter_ref *out);
/* 1 when a counter path shows a Jetstress run: its object, parent or instance names Jetstress
 * ("JetstressWin"), or a Database object has a Jetstress instance ("Instance<N>..."). The one
 * rule that tells a Jetstress log from a plain server log (check's plain logs; the Jetstress 2007
 * form without a report or configuration). */
int ps_js_counter_names_jetstress(const ps_counter_path *p);
/* Metric of an object + counter name (no instance); -1 when unknown. Used by threshold rules.
 * *scale as in ps_js_classify; *volume (may be NULL) = 1 for a Jetstress 2007 LogicalDisk counter. */
int ps_js_metric_from_counter(const char *object, const char *counter, double *scale, int *volume);

/* Per-sample statistics of one metric over the collection window: count, sum, min, max and the
 * PS_JS_TOPK largest values (exact counts of samples above a limit while they fit, p95 exact
 * while 5 % of the samples fit). Memory is bounded and does not grow with the sample count. */
#define PS_JS_TOPK 512
typedef struct ps_js_stat {
    uint64_t n;
    double sum, min, max;
    double *top;
    size_t ntop; /* min-heap of the largest values, NULL until the first sample */
} ps_js_stat;
void ps_js_stat_add(ps_js_stat *s, double v); /* NaN ignored */
double ps_js_stat_mean(const ps_js_stat *s); /* NaN when empty */
/* Number of samples > limit; *exact = 0 when it may be more (top list full). */
uint64_t ps_js_stat_count_above(const ps_js_stat *s, double limit, int *exact);
/* Nearest-rank 95th percentile; NaN when empty or when it is outside the kept top values. */
double ps_js_stat_p95(const ps_js_stat *s);
void ps_js_stat_fini(ps_js_stat *s); /* members only; s is zeroed */

/* Accumulators of one instance: per-sample statistics of each instance metric and, for the four
 * latencies, the I/O-weighted window mean sums (Σ lat_t·rate_t and Σ rate_t over samples where
 * both are present). */
typedef struct ps_js_inst_acc {
    ps_js_stat m[PS_JM_NINST];
    double wsum[PS_JM_NINST], wrate[PS_JM_NINST];
    ps_time last; /* local time of the last sample taken (overlap guard) */
} ps_js_inst_acc;
/* Per-server accumulators (owned by ps_js_server.stats): one per instance in the same order as
 * server->instances, the host metrics, and the _Total cross-check sums. */
typedef struct ps_js_server_stats {
    ps_js_inst_acc *inst;
    size_t ninst;
    ps_js_stat host[PS_JM_NHOST];
    double total_logged[PS_IO12_N], total_summed[PS_IO12_N]; /* window sums of _Total vs Σ instances */
    uint64_t total_rows;
} ps_js_server_stats;
void ps_js_server_stats_free(ps_js_server_stats *st); /* frees members and st; NULL allowed */
/* Add one sample row of one instance: v[PS_JM_NINST] (NaN = absent). Updates the statistics and
 * the weighted sums. */
void ps_js_inst_acc_add(ps_js_inst_acc *a, const double *v);

/* Figures of an instance from window means (plain means of the samples): transactional = the 12
 * columns, maintenance = the 2 maintenance columns, replication = log reads/sec and log read
 * bytes, total = transactional except db reads/sec + maintenance reads/sec and db read bytes =
 * reads-weighted mean of the transactional and maintenance read sizes. means[PS_JM_NINST]. */
void ps_js_figures_from_means(const double *means, ps_js_figures *out);
/* Finish a server after streaming: fill every instance's computed figures from its accumulator
 * (has_computed when it saw samples), the host table (avg/min/max) and the summary. */
void ps_js_server_finish(ps_js_server *s);
/* Per-server summary from the instance figures: the recomputed instances when any instance was
 * recomputed from logs, else the reported ones. Sums of rates, plain and IOPS-weighted latency
 * means, transfers, achieved IOPS; target = target_iops (NaN = unknown). */
void ps_js_summarize(const ps_js_server *s, double target_iops, ps_js_summary *out);
/* Aggregate: over the Performance servers (all servers when there is none): rates summed,
 * latencies the plain mean of the server means, weighted = Σ rate·lat / Σ rate over every
 * instance of those servers. */
void ps_js_aggregate(ps_js_run *r);
/* Figures of instance i that enter server sums and means (see ps_js_summarize); NULL = none. */
const ps_js_figures *ps_js_sum_figures(const ps_js_server *s, size_t i);
/* Figures shown for an instance: computed when present, else reported, else NULL. */
const ps_js_figures *ps_js_instance_figures(const ps_js_instance *in);

#ifdef __cplusplus
}
#endif
#endif /* PS_JS_COMPUTE_H */
