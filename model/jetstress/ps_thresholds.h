/* ps_thresholds.h - thresholds, profiles and verdicts of Jetstress runs.
 * Part of the public interface of its library; the umbrella header includes it. */
#ifndef PS_THRESHOLDS_H
#define PS_THRESHOLDS_H

#include "ps_jetstress.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ===================================================================== 7. thresholds */
/* Jetstress computation (model/jetstress/js_counters.c, model/jetstress/js_compute.c) and thresholds/verdicts
 * (model/jetstress/thresholds.c). */

/* Every quantity the Jetstress pipeline tracks. 0..11 are the ps_io12 columns of one ESE
 * instance (same order), then the two maintenance columns, then the host counters. */
enum ps_js_metric {
    PS_JM_MAINT_READS = PS_IO12_N,   /* Database Maintenance IO Reads/sec */
    PS_JM_MAINT_BYTES,               /* Database Maintenance IO Reads Average Bytes */
    PS_JM_NINST,                     /* number of per-instance metrics (14) */
    PS_JM_CPU = PS_JM_NINST,         /* Processor(_Total)\% Processor Time */
    PS_JM_AVAIL_MB,                  /* Memory\Available MBytes */
    PS_JM_FREE_PTE,                  /* Memory\Free System Page Table Entries */
    PS_JM_TRANSITION,                /* Memory\Transition Pages RePurposed/sec */
    PS_JM_NONPAGED,                  /* Memory\Pool Nonpaged Bytes */
    PS_JM_PAGED,                     /* Memory\Pool Paged Bytes */
    PS_JM_STALLS,                    /* MSExchange Database(JetstressWin)\Database Page Fault Stalls/sec */
    PS_JM_N                          /* number of metrics (21) */
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
    PS_JS_ROLE_OTHER = 0,        /* anything else: never read */
    PS_JS_ROLE_ESE_INSTANCE,     /* MSExchange Database ==> Instances: the instances */
    PS_JS_ROLE_ESE_PROCESS,      /* MSExchange Database(JetstressWin|Information Store): host row only */
    PS_JS_ROLE_LOGICALDISK,      /* LogicalDisk: instances only in the Jetstress 2007 form */
    PS_JS_ROLE_PHYSICALDISK,     /* PhysicalDisk: never read */
    PS_JS_ROLE_PROCESSOR,        /* Processor: host row from _Total only */
    PS_JS_ROLE_MEMORY,           /* Memory: host rows */
    PS_JS_ROLE_SYSTEM,           /* System: never read */
    PS_JS_ROLE_N
};
/* Role of an object name; PS_JS_ROLE_OTHER when unknown or NULL. */
enum ps_js_role ps_js_object_role(const char *object);
/* "ese-instance", "ese-process", "logicaldisk", "physicaldisk", "processor", "memory", "system",
 * "other"; NULL when out of range. */
const char *ps_js_role_name(enum ps_js_role role);

/* One counter of a log classified for the Jetstress pipeline (ps_js_classify). */
typedef struct ps_js_counter_ref {
    enum ps_js_role role;  /* role of the counter's object */
    int metric;          /* enum ps_js_metric */
    int is_total;        /* the _Total instance (never an instance; checked against the sum) */
    int volume_2007;     /* LogicalDisk counter of a Jetstress 2007 log (instance = drive) */
    int priority;        /* 0 = plain counter, 1 = (Attached) form: used only when no plain one */
    double scale;        /* multiply the logged value by this (1000 for seconds -> ms) */
    char instance[128];  /* instance name with the process prefix removed, "" for host counters */
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
    double *top; size_t ntop;   /* min-heap of the largest values, NULL until the first sample */
} ps_js_stat;
void ps_js_stat_add(ps_js_stat *s, double v);        /* NaN ignored */
double ps_js_stat_mean(const ps_js_stat *s);         /* NaN when empty */
/* Number of samples > limit; *exact = 0 when it may be more (top list full). */
uint64_t ps_js_stat_count_above(const ps_js_stat *s, double limit, int *exact);
/* Nearest-rank 95th percentile; NaN when empty or when it is outside the kept top values. */
double ps_js_stat_p95(const ps_js_stat *s);
void ps_js_stat_fini(ps_js_stat *s);   /* members only; s is zeroed */

/* Accumulators of one instance: per-sample statistics of each instance metric and, for the four
 * latencies, the I/O-weighted window mean sums (Σ lat_t·rate_t and Σ rate_t over samples where
 * both are present). */
typedef struct ps_js_inst_acc {
    ps_js_stat m[PS_JM_NINST];
    double wsum[PS_JM_NINST], wrate[PS_JM_NINST];
    ps_time last;                /* local time of the last sample taken (overlap guard) */
} ps_js_inst_acc;
/* Per-server accumulators (owned by ps_js_server.stats): one per instance in the same order as
 * server->instances, the host metrics, and the _Total cross-check sums. */
typedef struct ps_js_server_stats {
    ps_js_inst_acc *inst; size_t ninst;
    ps_js_stat host[PS_JM_NHOST];
    double total_logged[PS_IO12_N], total_summed[PS_IO12_N];  /* window sums of _Total vs Σ instances */
    uint64_t total_rows;
} ps_js_server_stats;
void ps_js_server_stats_free(ps_js_server_stats *st);   /* frees members and st; NULL allowed */
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

/* ---- thresholds and verdicts (model/jetstress/thresholds.c) */
enum ps_thr_stat { PS_THR_AVG, PS_THR_MIN, PS_THR_MAX, PS_THR_P95, PS_THR_EXCEED };
enum ps_thr_scope { PS_THR_INSTANCE, PS_THR_SERVER, PS_THR_AGGREGATE };
enum ps_thr_op { PS_THR_GT, PS_THR_GE, PS_THR_LT, PS_THR_LE };
enum ps_thr_severity { PS_THR_ERROR, PS_THR_WARNING };

/* One rule: "<statistic> of <metric> over <scope> <op> <limit>". For PS_THR_EXCEED the rule
 * fails when more than max_errors samples are > limit (Jetstress maximum latency). */
typedef struct ps_thr_rule {
    char *counter;        /* counter pattern as written (display), owned */
    char *instance;       /* instance glob ('*' wildcard), NULL = every instance; owned */
    int metric;           /* enum ps_js_metric */
    enum ps_thr_stat stat;
    enum ps_thr_scope scope;
    enum ps_thr_op op;
    double limit;         /* in the metric's canonical unit */
    double max_errors;    /* PS_THR_EXCEED only */
    int volume;           /* instances judged: -1 all, 0 ESE instances, 1 Jetstress 2007 volumes */
    enum ps_thr_severity severity;
    char *source;         /* "FILE:LINE" or "jetstress-2013/strict", owned */
} ps_thr_rule;

typedef struct ps_thr_set {
    char *name;           /* "jetstress-2013/strict", a file name, ... owned */
    ps_thr_rule *rules; size_t n;
    size_t skipped;       /* imported rules whose counter the pipeline does not track */
} ps_thr_set;
/* Append a copy of *r (strings duplicated). */
void ps_thr_add(ps_thr_set *set, const ps_thr_rule *r);
void ps_thr_set_fini(ps_thr_set *set);   /* members only */
const char *ps_thr_stat_name(enum ps_thr_stat s);     /* "avg", "min", "max", "p95", "exceed" */
const char *ps_thr_op_text(enum ps_thr_op op);        /* ">", ">=", "<", "<=" */
/* 1 when `value op limit` holds (the rule is violated), 0 otherwise or when value is NaN. */
int ps_thr_violates(enum ps_thr_op op, double value, double limit);

/* Built-in profiles: "jetstress-2007", "jetstress-2010", "jetstress-2013" ("jetstress-2016" and
 * "jetstress-2019" are aliases of 2013). Returns the canonical name or NULL when unknown. */
const char *ps_js_profile_canonical(const char *name);
/* The i-th profile name --profile accepts (the canonical names, then the "jetstress-" aliases),
 * NULL past the last: for listings and shell completion. */
const char *ps_js_profile_name(size_t i);
/* Profile from a Jetstress or ESE version string: 08.x/8.x -> 2007, 14.x -> 2010, 15.x -> 2013;
 * NULL when unknown. */
const char *ps_js_profile_from_version(const char *version);
/* Latency set of a profile (lenient = Stress). 0 on success, -1 for an unknown profile. */
int ps_js_profile_set(const char *profile, int lenient, ps_js_threshold_set *out);
/* Rules of a profile for a server: averages of db read and log write latency per instance,
 * maximum-latency exceedance counts (max_errors allowed), and (2013+) average page fault stalls
 * > 1 per server. `set` gives the latencies (from ps_js_profile_set or a config). */
void ps_js_profile_rules(const char *profile, const ps_js_threshold_set *set, double max_errors,
                         ps_thr_set *out);

/* Options of the judge. */
typedef struct ps_js_judge_options {
    const char *profile;          /* forced profile, NULL = from the report/config version */
    int lenient;                  /* 1 = lenient set for every server (--lenient) */
    const ps_thr_set *extra;      /* rules from --thresholds, NULL = none */
} ps_js_judge_options;
/* Judge every server: fills server->verdict (result, profile, reasons in words such as
 * "MBX03 Instance4711.3: average database read latency 22.4 ms > 20 ms"), notes when
 * Jetstress's printed verdict differs from the recomputed one, and judges aggregate-scope
 * rules onto every server's verdict. Warnings (unknown version, skipped checks) go to
 * run->warnings. Returns PS_OK, or PS_EUSAGE with err for an unknown profile name. */
int ps_js_judge(ps_js_run *run, const ps_js_judge_options *opt, ps_error *err);

/* ---- failure explanation while streaming (model/jetstress/explain.c)
 * Before a server's logs are streamed, ps_js_watch_start registers the per-sample test of every
 * rule the judge will apply to it (same profile, threshold set and extra rules as ps_js_judge;
 * instance rules on instance metrics, server rules on host metrics). While streaming, the
 * loader feeds every window sample; per (rule, instance) the watch keeps only run-length state
 * and a bounded chart buffer: memory does not grow with the number of samples. ps_js_judge then
 * attaches a ps_js_failure to every failing error reason it can explain. All functions do
 * nothing when s->watch is NULL. */
/* Replace s->watch by a new one for the judge options opt (may be NULL). */
void ps_js_watch_start(ps_js_server *s, const ps_js_judge_options *opt);
/* The zone of the next log's times (zone name may be NULL; bias as in ps_log_info). */
void ps_js_watch_log(ps_js_server *s, const char *zone, int has_bias, int bias_minutes);
/* One window sample of instance inst (index in s->instances): v[PS_JM_NINST], NaN = absent;
 * samples of one instance come in time order. */
void ps_js_watch_sample(ps_js_server *s, size_t inst, ps_time local, const double *v);
/* One window sample of the host counters: host[PS_JM_NHOST] (index metric - PS_JM_NINST). */
void ps_js_watch_host(ps_js_server *s, ps_time local, const double *host);
/* Frees a watch (NULL allowed). */
void ps_js_watch_free(struct ps_js_watch *w);

#ifdef __cplusplus
}
#endif
#endif /* PS_THRESHOLDS_H */
