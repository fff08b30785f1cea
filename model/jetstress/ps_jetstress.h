/* ps_jetstress.h - Jetstress runs: reports, configuration, figures, solution description.
 * Part of the public interface of its library; the umbrella header includes it. */
#ifndef PS_JETSTRESS_H
#define PS_JETSTRESS_H

#include "ps_core.h"
#include "ps_stats.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ===================================================================== 6. Jetstress */

enum ps_test_type {
    PS_TEST_UNKNOWN = 0,
    PS_TEST_PERFORMANCE,
    PS_TEST_STRESS,
    PS_TEST_BACKUP, /* DatabaseBackup */
    PS_TEST_SOFTRECOVERY
};
/* "Performance", "Stress", "DatabaseBackup", "SoftRecovery", "Unknown". */
const char *ps_test_type_name(enum ps_test_type t);
/* Case-insensitive parse of the names above (also "backup", "soft recovery"); UNKNOWN if none. */
enum ps_test_type ps_test_type_parse(const char *s);

/* The 12 columns of the Transactional / Total I/O tables. NaN = absent.
 * Latencies in ms, rates per second, sizes in bytes. */
typedef struct ps_io12 {
    double db_read_latency_ms, db_write_latency_ms;
    double db_reads_per_sec, db_writes_per_sec;
    double db_read_bytes, db_write_bytes;
    double log_read_latency_ms, log_write_latency_ms;
    double log_reads_per_sec, log_writes_per_sec;
    double log_read_bytes, log_write_bytes;
} ps_io12;
#define PS_IO12_N 12
/* Index of each of the 12 columns (same order as the fields above). */
enum ps_io12_col {
    PS_IO_DB_READ_LAT,
    PS_IO_DB_WRITE_LAT,
    PS_IO_DB_READS,
    PS_IO_DB_WRITES,
    PS_IO_DB_READ_BYTES,
    PS_IO_DB_WRITE_BYTES,
    PS_IO_LOG_READ_LAT,
    PS_IO_LOG_WRITE_LAT,
    PS_IO_LOG_READS,
    PS_IO_LOG_WRITES,
    PS_IO_LOG_READ_BYTES,
    PS_IO_LOG_WRITE_BYTES
};
/* The four latency columns, in column order (IOPS-weighted means, unit checks). */
#define PS_IO12_NLAT 4
#define PS_IO12_LATENCY_COLS                                                           \
    {                                                                                  \
        PS_IO_DB_READ_LAT, PS_IO_DB_WRITE_LAT, PS_IO_LOG_READ_LAT, PS_IO_LOG_WRITE_LAT \
    }
/* Field access by index 0..11 in the order above (= report column order). */
double *ps_io12_at(ps_io12 *io, int i);
double ps_io12_get(const ps_io12 *io, int i);
/* JSON key of column i ("db_read_latency_ms", ...). */
const char *ps_io12_key(int i);
void ps_io12_clear(ps_io12 *io); /* all NaN */

/* Figures of one ESE instance (or 2007 volume), from logs or from a report. */
typedef struct ps_js_figures {
    ps_io12 transactional;
    double maint_reads_per_sec, maint_read_bytes; /* background maintenance */
    double repl_log_reads_per_sec, repl_log_read_bytes; /* log replication */
    ps_io12 total;
} ps_js_figures;
void ps_js_figures_clear(ps_js_figures *f); /* all NaN */

typedef struct ps_js_instance {
    char *name; /* "Instance900.1" (process prefix such as "JetstressWin/" removed) */
    char *log_path, *db_path; /* from the Database Configuration section, NULL if unknown */
    int has_computed; /* figures recomputed from counter logs */
    ps_js_figures computed;
    int has_reported; /* figures read from a report */
    ps_js_figures reported;
    uint64_t samples; /* samples used in the window (computed) */
} ps_js_instance;

/* One row of the Host System Performance table. */
typedef struct ps_js_host_row {
    char *counter; /* English row label, e.g. "% Processor Time" */
    double avg, min, max; /* NaN = absent */
} ps_js_host_row;

/* Backup / soft recovery statistics rows (one per instance plus summary rows). */
typedef struct ps_js_recovery_row {
    char *label; /* instance name, or "Average"/"Total" summary label */
    int is_summary;
    double db_size_mb; /* backup */
    double elapsed_s; /* backup and soft recovery */
    double mb_per_sec; /* backup throughput */
    double logs_replayed; /* soft recovery */
    double sec_per_log; /* soft recovery, computed when absent */
} ps_js_recovery_row;

/* Typed test-log events (Test Log section / ..._testlog). */
enum ps_js_event_kind {
    PS_EV_OTHER = 0,
    PS_EV_CACHE_SETTINGS,
    PS_EV_FLUSH_THRESHOLDS,
    PS_EV_DB_READ_THRESHOLDS,
    PS_EV_LOG_WRITE_THRESHOLDS,
    PS_EV_LOGGING_STARTED,
    PS_EV_LOGGING_ENDED,
    PS_EV_TUNING_START,
    PS_EV_SLOPE,
    PS_EV_TUNING_STEP,
    PS_EV_SESSIONS_ACTUAL,
    PS_EV_INSTANCE_RESULT,
    PS_EV_VOLUME_RESULT,
    PS_EV_LATENCY_EXCEEDED,
    PS_EV_OPERATION_MIX,
    PS_EV_TUNING_DONE,
    PS_EV_BATCH_STATS,
    PS_EV_INSTANCE_STATES,
    PS_EV_BLG_SAMPLES,
    PS_EV_CREATING_REPORT,
    PS_EV_STALLS_MAX,
    PS_EV_STALLS_SAMPLES,
    PS_EV_XML_SAMPLES,
    PS_EV_CACHE_PREREQ,
    PS_EV_CHECKSUM
};
typedef struct ps_js_event {
    enum ps_js_event_kind kind;
    ps_time when; /* local time of the line, PS_TIME_NONE if unparsable */
    long line; /* line number in its source */
    char *who; /* instance / volume / path, may be NULL */
    char *what; /* counter name or free text, may be NULL */
    double v[6]; /* numeric fields in line order, NaN when absent */
    int final_block; /* 1 when after "Creating test report..." */
    char *text; /* the whole message part */
    int line_id; /* catalogue id 1..32 of the matching pattern (L01..L32), 0 = none */
} ps_js_event;

/* A parsed Jetstress HTML report (2007, 2010, 2013, 2016; any language in the label tables). */
typedef struct ps_js_report {
    char *source; /* file path */
    char *language; /* "en", "zh-TW", ... */
    int layout_2007; /* LogicalDisk table with latencies in seconds */
    enum ps_test_type test_type;
    int result; /* 1 pass, 0 fail, -1 unknown */
    char *result_reason; /* text after "Fail -", NULL for pass */
    char *machine, *description, *jetstress_version, *ese_version, *os;
    ps_time test_start, test_end, collection_start, collection_end; /* local */
    char **perf_logs;
    size_t nperf_logs;
    double achieved_iops, target_iops, initial_db_bytes, final_db_bytes, db_files;
    double thread_count, min_cache_mb, max_cache_mb;
    double insert_pct, delete_pct, replace_pct, read_pct, lazy_commit_pct;
    int bdm; /* background maintenance: 1/0, -1 unknown */
    double copies_per_db;
    ps_js_instance *instances;
    size_t ninstances; /* reported figures filled */
    ps_js_host_row *host;
    size_t nhost;
    ps_js_recovery_row *recovery;
    size_t nrecovery; /* backup or soft recovery tables */
    ps_js_event *events;
    size_t nevents;
    double page_fault_stalls_avg; /* host table, NaN if absent */
} ps_js_report;
void ps_js_report_free(ps_js_report *r); /* frees members and r itself */

/* Latency thresholds of one set, in ms (NaN = not a criterion). */
typedef struct ps_js_threshold_set {
    double avg_db_read_ms, max_db_read_ms, avg_log_write_ms, max_log_write_ms;
} ps_js_threshold_set;

/* JetstressConfig.xml */
typedef struct ps_js_config {
    char *source;
    char *jetstress_version, *ese_version;
    enum ps_test_type test_type;
    double duration_s;
    double log_interval_ms, log_interval2_ms;
    double max_latency_errors;
    double mailbox_count, mailbox_iops, thread_count, copies_per_db, mailbox_quota_mb;
    double insert_pct, delete_pct, replace_pct, read_pct, lazy_commit_pct;
    int has_strict, has_lenient;
    ps_js_threshold_set strict, lenient;
    int ese_counters_off; /* 1 when <UseEseCounters> is false: the LogicalDisk (2007) form */
} ps_js_config;
void ps_js_config_free(ps_js_config *c); /* frees members and c itself */

/* Per-server (and aggregate) ESRP figures, all doubles (NaN: unknown), listed once: X(name) per
 * field, in the order of the struct, of the JSON object (render/out/js_json.c) and of the stored
 * rows (store/store_fields.c). A field added here is declared, cleared, written and stored; only
 * its computation (model/jetstress/js_compute.c) is to write. */
#define PS_JS_SUMMARY_FIELDS(X)                                                                                     \
    X(db_reads_per_sec)                                                                                             \
    X(db_writes_per_sec) X(db_transfers_per_sec) X(achieved_transactional_iops) X(target_transactional_iops)        \
        X(db_read_latency_ms) X(db_read_latency_ms_weighted) X(db_write_latency_ms) X(db_write_latency_ms_weighted) \
            X(log_writes_per_sec) X(log_write_latency_ms) X(log_write_latency_ms_weighted)
#define PS_JS_SUMMARY_MEMBER(f) double f;
typedef struct ps_js_summary {
    PS_JS_SUMMARY_FIELDS(PS_JS_SUMMARY_MEMBER)
} ps_js_summary;
void ps_js_summary_clear(ps_js_summary *s); /* all NaN */

enum ps_verdict_result { PS_VERDICT_UNKNOWN = -1, PS_VERDICT_FAIL = 0, PS_VERDICT_PASS = 1 };
/* Where a verdict comes from (README "Verdict sources"). NONE: no criteria (backup, soft recovery). */
enum ps_verdict_source {
    PS_VSRC_NONE = 0,
    PS_VSRC_RECOMPUTED, /* every rule evaluated from the counter logs; no printed verdict */
    PS_VSRC_REPORTED, /* recomputation incomplete: the report's printed verdict, not recomputed */
    PS_VSRC_BOTH /* printed and recomputed verdicts both known (a disagreement fails) */
};
/* "none", "recomputed", "reported", "both" (JSON values); NULL when out of range. */
const char *ps_verdict_source_name(enum ps_verdict_source s);
/* The source named by ps_verdict_source_name (NULL or unknown text: PS_VSRC_NONE). */
enum ps_verdict_source ps_verdict_source_parse(const char *name);
/* Words for documents and verdict lines: "recomputed", "as reported, not recomputed",
 * "reported and recomputed", "no criteria". */
const char *ps_verdict_source_words(enum ps_verdict_source s);
/* ps_series (a time series kept for charts): ps_stats.h. */

/* ---- failure explanation (model/jetstress/explain.c; docs/readme/jetstress.md "Failure explanation")
 * How the samples beyond a failing rule's limit are spread over the window. The deciding rule:
 * SPIKE = one run of at most PS_JS_SPIKE_MAX consecutive samples; SUSTAINED = at least half
 * of the window's samples beyond the limit; BURSTS = anything else. */
enum ps_js_failure_class { PS_FAIL_UNKNOWN = 0, PS_FAIL_SPIKE, PS_FAIL_BURSTS, PS_FAIL_SUSTAINED };
#define PS_JS_SPIKE_MAX 2
/* "not explained", "single spike", "bursts", "sustained"; NULL out of range. */
const char *ps_js_failure_class_name(enum ps_js_failure_class c);
/* Samples kept for a chart of one failure: up to PS_JS_ZOOM_PRE before the longest run, its first
 * samples, up to PS_JS_ZOOM_POST after it; PS_JS_ZOOM_MAX in all (memory flat in the samples).
 * Bursts whose worst sample lies outside the longest run are charted around the worst sample
 * instead (PS_JS_ZOOM_PRE before it, it, PS_JS_ZOOM_POST after it). */
enum ps_js_zoom_on { PS_JS_ZOOM_LONGEST_RUN = 0, PS_JS_ZOOM_WORST };
#define PS_JS_ZOOM_PRE 16
#define PS_JS_ZOOM_POST 16
#define PS_JS_ZOOM_MAX 96
typedef struct ps_js_failure {
    size_t reason; /* index of the verdict reason it explains */
    char *instance; /* instance name; NULL = the server's host counters */
    int metric; /* enum ps_js_metric */
    int op; /* enum ps_thr_op of the rule: a sample "beyond the limit" violates it */
    double limit; /* the rule's limit, canonical unit of the metric */
    uint64_t samples; /* window samples of this counter */
    uint64_t over; /* samples beyond the limit */
    uint64_t runs; /* maximal runs of consecutive samples beyond the limit */
    uint64_t longest; /* samples of the longest run (the first one of equal length) */
    ps_time longest_first, longest_last; /* local time of its first and last sample */
    double worst; /* the sample farthest beyond the limit (first of equals) */
    ps_time worst_at; /* its local time */
    enum ps_js_failure_class cls;
    char *zone_name; /* the logs' time zone name ("W. Europe Standard Time"), NULL when unknown */
    int has_utc_offset; /* 1 when the logs give their offset from UTC: */
    int utc_offset_min; /* local time - UTC, minutes (+60: UTC+01:00) */
    /* (the explanation in words is the renderer's: ps_js_failure_words, render/doc/i18n/ps_js_words.h) */
    ps_series zoom; /* samples around the longest run (or the worst sample, see zoom_on) for a
                              * chart, label = instance or machine;
                              * t = the logs' LOCAL time (not UTC as the run's series), in time order */
    enum ps_js_zoom_on zoom_on;
} ps_js_failure;

/* Why a verdict is what it is, as data: the sentence is the renderer's (ps_js_reason_words,
 * render/doc/i18n/ps_js_words.h), in the document's language; the command line, JSON, JUnit and
 * the store print its English words. */
enum ps_vr_kind {
    PS_VR_TEXT = 0, /* text: a reason kept as words (a run read back from the store) */
    PS_VR_RULE, /* who: stat metric value op limit ("average database read latency 22.4 ms > 20 ms") */
    PS_VR_RULE_COUNT, /* who: [at least] count samples of metric op limit (max_errors allowed) */
    PS_VR_DISAGREE, /* Jetstress printed `printed` [- printed_reason], recomputed `recomputed` with profile */
    PS_VR_AS_REPORTED, /* `printed` as reported, not recomputed (incomplete): Jetstress printed ... */
    PS_VR_REPORT_UNREADABLE, /* not judged: the report `file` beside the logs could not be read */
    PS_VR_NOT_JUDGED, /* not judged: incomplete, and no printed verdict to fall back on */
    PS_VR_NEGATIVE, /* who: implausible: negative metric (the minimum sample, or the average: value ms) */
    PS_VR_ZERO_IOPS /* implausible: achieved 0 transactional IOPS [against a target of `target`] */
};
/* Why a recomputation is incomplete (PS_VR_AS_REPORTED, PS_VR_NOT_JUDGED). */
enum ps_vr_incomplete {
    PS_VRI_NONE = 0,
    PS_VRI_NO_LOG, /* no counter log */
    PS_VRI_NO_WINDOW_SAMPLE, /* no sample of the logs inside the collection window */
    PS_VRI_INSTANCES, /* n of of instances not in the counter logs */
    PS_VRI_NO_MAX_SAMPLES, /* no samples for the maximum latency checks */
    PS_VRI_MISSING_COUNTERS, /* n threshold checks without their counter */
    PS_VRI_NOTHING_EVALUATED /* no rule could be evaluated */
};
typedef struct ps_verdict_reason {
    enum ps_vr_kind kind;
    int warning; /* a warning rule's (does not fail) */
    char *machine; /* the server; NULL: unknown ("?") */
    char *instance; /* the instance a rule or check names; NULL: the server */
    int aggregate; /* an aggregate rule's: "aggregate" instead of the machine */
    int stat, metric, op; /* RULE, RULE_COUNT (enum ps_thr_stat, ps_js_metric, ps_thr_op); NEGATIVE: metric */
    double value, limit, max_errors; /* in the metric's canonical unit; NaN when not used */
    uint64_t count; /* RULE_COUNT: samples beyond the limit ... */
    int exact; /* ... 0: at least count (a sketch's lower bound) */
    int printed, recomputed; /* DISAGREE, AS_REPORTED: 1 Pass, 0 Fail */
    char *printed_reason; /* Jetstress's words after "Fail -", NULL */
    char *profile; /* DISAGREE: the recomputation's profile */
    char *file; /* REPORT_UNREADABLE: the report's file name */
    enum ps_vr_incomplete incomplete;
    size_t n, of; /* PS_VRI_INSTANCES: n of `of`; PS_VRI_MISSING_COUNTERS: n */
    int min_sample; /* NEGATIVE: 1 the minimum sample, 0 the average */
    double target; /* ZERO_IOPS: the target IOPS, NaN or <= 0 when none */
    char *text; /* TEXT only */
} ps_verdict_reason;
/* The words of a reason, caller frees: a library that prints reasons but does not link the
 * catalogue (the store, the audit) takes this from its caller (ps_js_reason_words_en). */
typedef char *(*ps_verdict_words_fn)(const ps_verdict_reason *r);

typedef struct ps_verdict {
    enum ps_verdict_result result;
    enum ps_verdict_source source;
    int disagree; /* printed and recomputed verdicts differ (the verdict is then FAIL) */
    char *profile; /* "jetstress-2013/strict", ... */
    ps_verdict_reason *reasons;
    size_t nreasons; /* e.g. "JS03 Instance906.3: average database read latency 22.4 ms > 20 ms" */
    ps_js_failure *failures;
    size_t nfailures; /* explanations of failing reasons (counter logs only) */
} ps_verdict;
/* Append a reason of kind to v and return it to fill: zeroed but for kind, machine (copied; NULL
 * stays NULL) and value, limit, max_errors, target NaN. Strings put in it are owned by v
 * (ps_xstrdup them). The pointer is valid until the next append. */
ps_verdict_reason *ps_verdict_add(ps_verdict *v, enum ps_vr_kind kind, const char *machine);
/* Append a reason kept as words (PS_VR_TEXT, text copied). */
void ps_verdict_add_text(ps_verdict *v, const char *text);
void ps_verdict_fini(ps_verdict *v); /* frees members only */

/* ---- ESRP qualification (model/jetstress/qualify.c; README "ESRP qualification")
 * ESRP accepts a server's Performance test only when Jetstress's verdict passes (printed and
 * recomputed) AND the achieved transactional IOPS reach the target. Each criterion gives one
 * reason with both numbers, so a document or a gate can say exactly which one failed. */
enum ps_qual_criterion {
    PS_QUAL_TARGET_IOPS = 0, /* achieved transactional IOPS >= target IOPS */
    PS_QUAL_PRINTED_VERDICT, /* the report's printed verdict is Pass (only with a report) */
    PS_QUAL_RECOMPUTED_VERDICT, /* the verdict recomputed from the counter logs is Pass */
    PS_QUAL_N
};
/* "target_iops", "printed_verdict", "recomputed_verdict" (JSON/store keys); NULL out of range. */
const char *ps_qual_criterion_name(enum ps_qual_criterion c);
/* Where a server's target IOPS comes from (the loader's order of choice); NONE: no target. */
enum ps_qual_target_from { PS_QTF_NONE = 0, PS_QTF_REPORT, PS_QTF_CONFIG, PS_QTF_OPTIONS };
/* "the report", "JetstressConfig.xml", "--mailboxes x --iops-per-mailbox" (JSON values); NULL for NONE. */
const char *ps_qual_target_from_name(enum ps_qual_target_from f);
typedef struct ps_qual_reason {
    enum ps_qual_criterion criterion;
    enum ps_verdict_result met; /* PASS met, FAIL not met, UNKNOWN cannot be assessed */
    double value; /* target: achieved IOPS (as compared: 3 decimals); verdicts: 1 pass, 0 fail, NaN */
    double required; /* target: target IOPS; verdicts: 1 (Pass) */
    /* what its sentence names (ps_js_qual_words, render/doc/i18n/ps_js_words.h), e.g. "MBX01
     * Performance: achieved transactional IOPS 228.256 < target 300 (target from
     * JetstressConfig.xml: 300 mailboxes x 1 IOPS)": */
    char *machine; /* NULL: unknown */
    enum ps_test_type test_type;
    enum ps_qual_target_from target_from; /* TARGET_IOPS */
    double config_mailboxes, config_iops; /* TARGET_IOPS from PS_QTF_CONFIG */
    char *printed_reason; /* PRINTED_VERDICT: Jetstress's words after "Fail -", NULL */
    char *profile; /* RECOMPUTED_VERDICT: the verdict's profile, NULL: none */
} ps_qual_reason;
/* The words of a qualification reason, caller frees (as ps_verdict_words_fn). */
typedef char *(*ps_qual_words_fn)(const ps_qual_reason *r);
typedef struct ps_qualification {
    int assessed; /* 0: not assessed (not a Performance test, or qualification off);
                                   * then no reasons and the other fields mean nothing (a zeroed struct) */
    enum ps_verdict_result result; /* PASS qualifies, FAIL does not, UNKNOWN cannot tell (no target, not judged) */
    double achieved, target; /* server: transactional IOPS (NaN = unknown); run: sums over the assessed servers */
    enum ps_qual_target_from target_from; /* server: where the target comes from */
    ps_qual_reason *reasons;
    size_t nreasons; /* one per criterion assessed, in enum order
                                                 * (run: every assessed server's, in server order) */
} ps_qualification;
/* Frees the reasons; *q is zeroed (not assessed). */
void ps_qualification_fini(ps_qualification *q);

/* One server's run of one test type. */
typedef struct ps_js_server {
    char *machine;
    enum ps_test_type test_type;
    char *jetstress_version;
    ps_time window_start, window_end; /* local time of the collection window */
    uint64_t window_samples;
    ps_js_instance *instances;
    size_t ninstances;
    ps_js_report *report; /* NULL without a report */
    char *ignored_report; /* a report beside the logs that could not be read, or NULL */
    ps_js_config *config; /* NULL without a config */
    char **logs;
    size_t nlogs; /* counter logs used */
    ps_js_host_row *host;
    size_t nhost; /* recomputed host table */
    ps_js_summary summary;
    ps_verdict verdict;
    ps_qualification qualification; /* ESRP qualification (ps_js_qualify); zero = not assessed */
    /* optional time series for charts: per instance db IOPS (reads+writes) and read latency,
     * every sample of the logs (also outside the collection window), UTC */
    ps_series *series_iops, *series_read_lat;
    size_t nseries;
    int has_local_minus_utc; /* set by ps_js_load_server when a log sample lies in the window */
    ps_time local_minus_utc; /* logs' local time - UTC (series clock) at that sample */
    struct ps_js_server_stats *stats; /* per-sample window statistics (section 7), NULL if none */
    struct ps_js_watch *watch; /* run-length state of the rules while streaming (explain.c), NULL if none */
} ps_js_server;

/* The whole solution: every server and test found. */
typedef struct ps_js_run {
    ps_js_server *servers;
    size_t nservers;
    ps_js_summary aggregate; /* over Performance servers (else over all) */
    ps_warnings warnings;
} ps_js_run;
void ps_js_run_free(ps_js_run *r); /* frees members and r itself */

/* ---- ESRP qualification functions (types above) */
/* Qualify one server/test from its judged verdict (call after ps_js_judge) and summary. Only a
 * Performance test is assessed. Target IOPS: s->summary.target_transactional_iops (the report's,
 * else JetstressConfig.xml's mailboxes x IOPS, else --mailboxes x --iops-per-mailbox); the
 * achieved IOPS is compared as printed, rounded to 3 decimals, so a run at exactly the target
 * qualifies. result = FAIL when any criterion fails, else UNKNOWN when one cannot be assessed
 * (no target, verdict not judged), else PASS. *out is overwritten (call ps_qualification_fini
 * on it first when it held reasons); the caller owns it. Never fails. */
void ps_js_qualify_server(const ps_js_server *s, ps_qualification *out);
/* Fill every server's ->qualification (ps_js_qualify_server; servers not assessed are zeroed).
 * The pipeline calls it after judging unless qualification is switched off. */
void ps_js_qualify(ps_js_run *run);
/* The run's qualification from the servers' ->qualification: assessed when any server is;
 * FAIL when one assessed server fails, else UNKNOWN when one is unknown, else PASS; reasons =
 * copies of every assessed server's reasons in server order; achieved/target summed (NaN when
 * one is unknown). The caller owns *out (ps_qualification_fini). */
void ps_js_qualify_run(const ps_js_run *run, ps_qualification *out);

/* ===================================================================== 6b. solution description */
/* (owned by the ESRP document work; parsed by parser/config/solution.c, read by render/doc/doc_model.c)
 * The text of an ESRP paper that only a person can write (vendor, product, features, hardware
 * rows, ...), from a "solution description" file: INI-like "[section]" headers and
 * "key = value" entries; see docs/readme/report.md. Keys are kept as written (lower case). */
typedef struct ps_solution_entry {
    char *section; /* "document", "hardware", ... (lower case) */
    char *key; /* lower case */
    char *value; /* paragraphs separated by "\n\n"; never NULL */
    long line, col; /* where the key starts, for messages */
} ps_solution_entry;

typedef struct ps_solution {
    char *source; /* file path as given */
    ps_solution_entry *entries;
    size_t nentries;
} ps_solution;

#ifdef __cplusplus
}
#endif
#endif /* PS_JETSTRESS_H */
