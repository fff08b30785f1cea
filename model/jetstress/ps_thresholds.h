/* ps_thresholds.h - thresholds, profiles and verdicts of Jetstress runs.
 * Part of the public interface of its library; the umbrella header includes it. */
#ifndef PS_THRESHOLDS_H
#define PS_THRESHOLDS_H

#include "ps_js_compute.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ===================================================================== 7. thresholds */
/* ---- thresholds and verdicts (model/jetstress/thresholds.c); the metrics they judge: ps_js_compute.h */
enum ps_thr_stat { PS_THR_AVG, PS_THR_MIN, PS_THR_MAX, PS_THR_P95, PS_THR_EXCEED };
enum ps_thr_scope { PS_THR_INSTANCE, PS_THR_SERVER, PS_THR_AGGREGATE };
enum ps_thr_op { PS_THR_GT, PS_THR_GE, PS_THR_LT, PS_THR_LE };
enum ps_thr_severity { PS_THR_ERROR, PS_THR_WARNING };

/* One rule: "<statistic> of <metric> over <scope> <op> <limit>". For PS_THR_EXCEED the rule
 * fails when more than max_errors samples are > limit (Jetstress maximum latency). */
typedef struct ps_thr_rule {
    char *counter; /* counter pattern as written (display), owned */
    char *instance; /* instance glob ('*' wildcard), NULL = every instance; owned */
    int metric; /* enum ps_js_metric */
    enum ps_thr_stat stat;
    enum ps_thr_scope scope;
    enum ps_thr_op op;
    double limit; /* in the metric's canonical unit */
    double max_errors; /* PS_THR_EXCEED only */
    int volume; /* instances judged: -1 all, 0 ESE instances, 1 Jetstress 2007 volumes */
    enum ps_thr_severity severity;
    char *source; /* "FILE:LINE" or "jetstress-2013/strict", owned */
} ps_thr_rule;

typedef struct ps_thr_set {
    char *name; /* "jetstress-2013/strict", a file name, ... owned */
    ps_thr_rule *rules;
    size_t n;
    size_t skipped; /* imported rules whose counter the pipeline does not track */
} ps_thr_set;
/* Append a copy of *r (strings duplicated). */
void ps_thr_add(ps_thr_set *set, const ps_thr_rule *r);
void ps_thr_set_fini(ps_thr_set *set); /* members only */
const char *ps_thr_stat_name(enum ps_thr_stat s); /* "avg", "min", "max", "p95", "exceed" */
const char *ps_thr_op_text(enum ps_thr_op op); /* ">", ">=", "<", "<=" */
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
void ps_js_profile_rules(const char *profile, const ps_js_threshold_set *set, double max_errors, ps_thr_set *out);

/* Options of the judge. */
typedef struct ps_js_judge_options {
    const char *profile; /* forced profile, NULL = from the report/config version */
    int lenient; /* 1 = lenient set for every server (--lenient) */
    const ps_thr_set *extra; /* rules from --thresholds, NULL = none */
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
