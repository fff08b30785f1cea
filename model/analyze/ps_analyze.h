/* ps_analyze.h - perfscribe analysis of any counter log (perfscribe analyze, chart, check).
 *
 * Rules (docs/readme/analyze.md) name counters by pattern, pick instances, test one statistic
 * of every time slice against warning and critical limits, and carry the text and chart bands
 * of the analysis. The engine is fed rows of one or more logs (several machines, merged by
 * time: slices are taken on the samples' UTC time), one file at a time, and keeps per series
 * (rule, machine, instance) a bounded number of slice accumulators and one ps_acc: memory grows
 * with rules x instances x slices, never with the number of samples.
 */
#ifndef PS_ANALYZE_H
#define PS_ANALYZE_H

#include "ps_model.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ===================================================================== rules */

/* PS_AN_STAT_ANY: PAL's StaticThreshold test: a slice alerts when its minimum, average or maximum
 * breaks the limit (IsMinThresholdBroken / IsAvgThresholdBroken / IsMaxThresholdBroken). */
enum ps_an_stat {
    PS_AN_STAT_MIN = 0,
    PS_AN_STAT_AVG,
    PS_AN_STAT_MAX,
    PS_AN_STAT_P95,
    PS_AN_STAT_TREND,
    PS_AN_STAT_ANY
};
/* Bit of statistic s in a "broke" mask. */
#define PS_AN_BIT(s) (1u << (unsigned)(s))
/* At most this many rules in one analysis, and rules with a wildcard object or counter x columns
 * of one log (clear errors beyond: such a rule tests every column once; the other rules look
 * their object\counter up in a hash index of the columns). */
#define PS_AN_MAX_RULES 10000
#define PS_AN_MAX_RULES_TEXT "10,000"
#define PS_AN_MAX_MATCHES 50000000ULL
enum ps_an_op { PS_AN_GT = 0, PS_AN_GE, PS_AN_LT, PS_AN_LE };
enum ps_an_sev { PS_AN_OK = 0, PS_AN_WARNING = 1, PS_AN_CRITICAL = 2 };

/* Names used by the rule format and every output: "min", "avg", "max", "p95", "trend", "any";
 * ">", ">=", "<", "<="; "ok", "warning", "critical". Parse functions return -1 when unknown. */
const char *ps_an_stat_name(enum ps_an_stat s);
int ps_an_stat_parse(const char *s);
const char *ps_an_op_name(enum ps_an_op op);
int ps_an_op_parse(const char *s);
const char *ps_an_sev_name(enum ps_an_sev s);
/* 1 when "v op limit" holds (NaN never does). */
int ps_an_compare(enum ps_an_op op, double v, double limit);

/* Compiled arithmetic expression over counters of one instance: numbers, {counter name},
 * + - * / (unary minus too) and parentheses. Division by zero and missing operands give NaN. */
typedef struct ps_an_expr ps_an_expr;
/* Compile text. *out owned by the caller (ps_an_expr_free). Errors: PS_EINPUT with err->col
 * (1-based column in text) and a message. */
int ps_an_expr_compile(const char *text, ps_an_expr **out, ps_error *err);
size_t ps_an_expr_noperands(const ps_an_expr *e);
/* Counter name of operand i, in order of first appearance (owned by e). */
const char *ps_an_expr_operand(const ps_an_expr *e, size_t i);
/* Value with operand i = v[i]. */
double ps_an_expr_eval(const ps_an_expr *e, const double *v);
void ps_an_expr_free(ps_an_expr *e);

/* PAL threshold CODE (PowerShell) evaluated without PowerShell: the subset PAL's files use to
 * compute a limit from the answers to their QUESTIONs (an_pscode.c lists it). */
typedef struct ps_an_code ps_an_code;
enum ps_an_pv_kind { PS_AN_PV_NULL = 0, PS_AN_PV_NUM, PS_AN_PV_STR, PS_AN_PV_BOOL };
typedef struct ps_an_pval {
    enum ps_an_pv_kind kind;
    double n;
    char s[96];
} ps_an_pval;
typedef struct ps_an_code_env {
    /* Value of question variable name (no '$'): 1 found (*out set), 0 not a question, -1 a
     * question without an answer (recorded in the result's missing list). */
    int (*lookup)(void *ctx, const char *name, ps_an_pval *out);
    /* $collection.Count: number of instances of that DATASOURCE in the log; 0 ok, -1 unknown. */
    int (*count)(void *ctx, const char *collection, double *out);
    void *ctx;
} ps_an_code_env;
#define PS_AN_CODE_MAX_CALLS 8
#define PS_AN_CODE_MAX_MISSING 8
typedef struct ps_an_code_call {
    char collection[96]; /* -CollectionOfCounterInstances variable, no '$' */
    int op; /* enum ps_an_op */
    double limit;
    int trend; /* -IsTrendOnly $True */
} ps_an_code_call;
typedef struct ps_an_code_result {
    ps_an_code_call calls[PS_AN_CODE_MAX_CALLS];
    size_t ncalls; /* StaticThreshold calls run */
    char missing[PS_AN_CODE_MAX_MISSING][96];
    size_t nmissing; /* questions read unanswered */
    char why[160];
    int line; /* refusal (run returned -1) */
} ps_an_code_result;
/* Tokenize code. *out owned by the caller (ps_an_code_free). Errors: PS_EINPUT (unterminated
 * string) with err->line. */
int ps_an_code_compile(const char *text, ps_an_code **out, ps_error *err);
/* Run code with env; fills *out. Returns 0, or -1 when the code uses a construct outside the
 * subset (out->why names it, out->line its line). Never prints, never allocates beyond a call. */
int ps_an_code_run(const ps_an_code *c, const ps_an_code_env *env, ps_an_code_result *out);
void ps_an_code_free(ps_an_code *c);
/* An answer as PAL types it (ProcessArgs, SetDefaultQuestionVariables): True/False -> boolean,
 * DATATYPE integer|int -> whole number, else text. */
ps_an_pval ps_an_answer_value(const char *text, const char *datatype);

/* 1 for the questions of PAL's system files (NumberOfProcessors, PhysicalMemory, TotalMemory,
 * OS, UserVa) that files inheriting them read without asking: unanswered, not $null, when the
 * parent file is absent. */
int ps_an_pal_question_name(const char *name);

/* A question of a PAL threshold file (QUESTION element). */
typedef struct ps_an_question {
    char *var; /* QUESTIONVARNAME, no '$' */
    char *text; /* the question, tags removed */
    char *deflt; /* DEFAULTVALUE, NULL when absent */
    char *datatype; /* DATATYPE (boolean, string, options, integer...), NULL when absent */
} ps_an_question;

/* A shaded band of the chart: values in [lo, hi] drawn with the colour of sev. */
typedef struct ps_an_band {
    double lo, hi;
    enum ps_an_sev sev;
} ps_an_band;

typedef struct ps_an_rule {
    char *id; /* unique in its set, [a-z0-9-] for own rules; PAL: analysis name */
    char *title, *category, *description, *advice, *unit;
    char *source; /* where the limits come from (public guidance, PAL file) */
    char *origin; /* "FILE:LINE" of the rule */
    char **counters;
    size_t ncounters; /* counter path patterns (relog style); direct rules */
    char *object; /* derived rules: object glob; expression operands are its counters */
    ps_an_expr *expr; /* derived rules, NULL for direct ones */
    char *expr_text;
    char **include, **exclude;
    size_t ninclude, nexclude; /* instance globs */
    double scale; /* values are multiplied by it before anything else (1 = none) */
    enum ps_an_stat stat;
    enum ps_an_op op;
    double warning, critical; /* NaN = no such level */
    ps_an_band *bands;
    size_t nbands; /* chart bands (default: from the limits) */
    int chart_only; /* perfscribe chart: no limits, never alerts, not judged; PAL analyses
                                without a threshold: statistics-only sections */
    int digits; /* PAL DATATYPE rounding: -1 none (default); 0 integer, 1..6 roundN: the
                                slice min/avg/max are rounded half to even before the test and the
                                hourly trend is computed from the rounded averages and rounded to an
                                integer, as PalGenerateCounterStats.ps1 does */
    int pal; /* imported from a PAL threshold file: a trend is judged even over less
                                than an hour of data (PAL does, with its "may not be accurate" note) */
    char *requires; /* id of a rule that must alert on the same machine in the same slice
                                for this one to alert ("paging only with memory pressure") */
    char *unless; /* id of a rule whose alert on the same machine and slice silences
                                this one (one verdict per condition) */
    int per_processor; /* limits are per processor: multiplied by the machine's processor
                                count (Processor instances of the log, or --set processors=N) */
    double min_processors; /* evaluated only on machines with at least this many processors */
    char *question; /* PAL analysis whose limit needs an answer (--set NAME=VALUE): the
                                questions its code reads ("$NAME: text; ..."); statistics-only
                                rules: why there is no limit */
    /* PAL limits computed by the THRESHOLD code (an_pscode.c): evaluated per machine with the
     * answers (--set, derived from the log, PAL's DEFAULTVALUE); warning/critical are NaN */
    ps_an_code **codes;
    enum ps_an_sev *code_sev;
    size_t ncodes;
    char **coll_vars, **coll_counters;
    size_t ncoll; /* DATASOURCE COLLECTIONVARNAME -> NAME */
    /* private */
    ps_filter *filter; /* compiled counter patterns (direct rules) */
} ps_an_rule;

typedef struct ps_an_ruleset {
    ps_an_rule *rules;
    size_t n, cap;
    char **refused;
    size_t nrefused, refused_cap; /* "analysis NAME: why" (PAL import) */
    size_t pal_analyses; /* PAL analyses seen (imported + refused + disabled) */
    size_t pal_disabled;
    size_t pal_computed; /* PAL analyses whose limits are computed from the answers */
    ps_an_question *questions;
    size_t nquestions; /* PAL QUESTIONs of the imported files */
    /* private: rule id -> index */
    struct ps_hash *ids;
} ps_an_ruleset;

/* Append a zeroed rule (scale 1, stat avg, op >, limits NaN) and return it (owned by set). */
ps_an_rule *ps_an_rule_add(ps_an_ruleset *set);
/* Check one rule after it was filled: counters or object+expr, a limit, bands in order, a unique
 * id; compiles the counter patterns. Errors: PS_EINPUT with a message (origin is the caller's). */
int ps_an_rule_finish(ps_an_ruleset *set, ps_an_rule *r, ps_error *err);
/* Index of the finished rule with this id (hash lookup), SIZE_MAX when there is none. */
size_t ps_an_rule_index(const ps_an_ruleset *set, const char *id);
/* Record why an analysis could not be imported. */
void ps_an_ruleset_refuse(ps_an_ruleset *set, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ps_an_ruleset_fini(ps_an_ruleset *set); /* members only; set is zeroed */
/* Remove and free the last rule (one that failed ps_an_rule_finish). */
void ps_an_ruleset_drop_last(ps_an_ruleset *set); /* frees members; set stays usable (empty) */
/* 1 when instance text inst ("parent/name#n", NULL for none) is selected by the rule. Default
 * (no include and no exclude line): every instance but "_Total". */
int ps_an_rule_wants_instance(const ps_an_rule *r, const char *inst);

/* ===================================================================== localized names */

/* English name of a localized object name, or of a localized counter name of the object whose
 * English name is object_en (generated table, cmake/gen_counterlang.py). NULL when the name is
 * not in the table (English names, unknown names). Keys compare after ASCII case folding; the
 * result is a static string. */
const char *ps_an_english_object(const char *name);
const char *ps_an_english_counter(const char *object_en, const char *name);
/* Copy of p with object and counter translated to English when they are localized. */
void ps_an_path_english(const ps_counter_path *p, ps_counter_path *out);

/* ===================================================================== engine */

#define PS_AN_AUTO_SLICES 30 /* --interval auto: about this many slices (at most) */
#define PS_AN_MAX_SLICES 100000 /* a fixed --interval needing more slices is widened */

typedef struct ps_an_options {
    int64_t interval_ms; /* slice width; 0 = auto */
    int has_b, has_e, b_utc, e_utc;
    ps_time b, e; /* -b/-e window (local time of each log unless *_utc) */
    size_t max_fine; /* auto mode: finest slices kept (chart points); 0 = 4 x 30 */
    size_t processors; /* --set processors=N: overrides the count derived from the log */
    /* --set NAME=VALUE answers to PAL's questions (borrowed; processors is also set for the
     * NumberOfProcessors answer) */
    const char *const *set_names, *const *set_values;
    size_t nset;
} ps_an_options;

typedef struct ps_an_slice {
    ps_time start, end; /* UTC, [start, end) */
    uint64_t n; /* samples */
    double min, avg, max, p95; /* NaN when n == 0; rounded when the rule has digits >= 0 */
    double trend; /* PAL's hourly trend up to this slice (0 for the first slice) */
    double value; /* the rule's statistic (ANY: the one that decided the severity) */
    enum ps_an_stat vstat; /* which statistic value is */
    unsigned broke; /* PS_AN_BIT of every statistic that breaks a limit in this slice */
    enum ps_an_sev sev;
} ps_an_slice;

typedef struct ps_an_point {
    ps_time t;
    double avg, min, max;
} ps_an_point; /* fine slices */

typedef struct ps_an_series {
    size_t rule; /* index in the rule set */
    char *machine; /* "" when the paths have none */
    char *instance; /* NULL for objects without instances */
    ps_stats stats; /* overall (valid after ps_an_finish) */
    double trend_per_hour; /* slope of the slice averages (units per hour), NaN < 2 slices */
    ps_an_slice *slices;
    size_t nslices;
    ps_an_point *points;
    size_t npoints; /* chart points: the finest slices with samples */
    enum ps_an_sev worst;
    /* PAL's OverallStaticThreshold: the whole-log min/avg/max (trend rules: the overall trend)
     * tested against the limits; shown with the overall statistics, not an alert of its own */
    enum ps_an_sev overall_sev;
    unsigned overall_broke;
    double warning, critical; /* the limits as applied to this series (per processor: x count) */
    size_t gated; /* slices over a limit that did not alert: the rule's 'requires'
                                rule did not alert on this machine then */
    int skipped_few_processors; /* not judged: fewer processors than the rule's min_processors */
    const char *unanswered; /* not judged: the PAL limit reads questions without an answer
                                ("$NAME: question; ..."; owned by the analysis), else NULL */
    /* private */
    ps_acc acc;
    struct ps_an_acc **fine; /* per period of the engine, its fine slice accumulators or NULL */
} ps_an_series;

typedef struct ps_an_alert {
    size_t series; /* index in series */
    size_t slice; /* index in the series' slices (and in the result's slice list) */
    ps_time start, end; /* the slice */
    double value, limit;
    enum ps_an_stat stat; /* statistic of value (ANY rules: min, avg or max) */
    unsigned broke; /* PS_AN_BIT of every statistic that broke a limit */
    enum ps_an_sev sev;
} ps_an_alert;

/* An answer to a PAL question as the limits used it. */
typedef struct ps_an_answer {
    char *name; /* question variable, no '$' */
    char *machine; /* derived answers: the machine; NULL for --set and PAL defaults */
    char *value; /* as used (text) */
    const char *from; /* "--set", "log: ..." (how it was derived), "PAL default" */
    const char *question; /* the question text (NULL when no file asks it) */
    char *rules; /* ids of the rules whose limits read it, ", "-joined */
} ps_an_answer;

typedef struct ps_analysis ps_analysis; /* opaque engine; results read through the struct below */

/* A period of the logs sliced on its own: logs more than an hour apart and farther apart than
 * the longer one lasts are not sliced on one grid (no empty slices between them). */
typedef struct ps_an_period {
    ps_time first, last; /* UTC range of its analysed samples */
    int64_t slice_ms; /* its slice width */
    size_t first_slice, nslices; /* its slices in every series' slices[] */
} ps_an_period;

typedef struct ps_an_result {
    const ps_an_ruleset *rules;
    ps_an_series *series;
    size_t nseries; /* by rule, then machine, then instance */
    ps_an_alert *alerts;
    size_t nalerts; /* by severity (critical first), then time */
    size_t *rule_series; /* per rule: number of series (0 = rule not evaluated) */
    size_t rules_evaluated;
    size_t warnings, criticals;
    enum ps_an_sev worst;
    ps_time first, last; /* UTC range of the analysed samples, NONE when no sample */
    int64_t slice_ms; /* final slice width (of the first period when there are several) */
    size_t nslices; /* of every series: the periods' slices one after the other */
    ps_an_period *periods;
    size_t nperiods; /* in time order */
    uint64_t rows; /* rows analysed (inside -b/-e) */
    char **machines;
    size_t nmachines;
    char **files;
    size_t nfiles;
    size_t localized_columns; /* columns whose names were translated to English */
    int64_t sample_ms; /* smallest gap between two rows of one file (0: unknown) */
    /* per file (same order as files): its whole time range (UTC; NONE when empty) and the rows
     * analysed (inside -b/-e) */
    ps_time *file_first, *file_last;
    uint64_t *file_rows;
    /* the logs' clock: zone_known = every log records its zone and all record the same one
     * (bias_minutes: UTC = local + bias; zone_name may be NULL); zone_mixed = logs of different
     * zones (or some without one) were merged: times are shown in UTC */
    int zone_known, zone_mixed, bias_minutes;
    char *zone_name;
    size_t *processors; /* per machine (same order as machines): processor count, 0 unknown */
    int *processors_set; /* per machine: 1 when the count came from ps_an_options.processors */
    int64_t asked_ms; /* --interval asked, when it had to be widened (else 0) */
    size_t short_trends; /* trend rules with series over less than an hour of data */
    ps_an_answer *answers;
    size_t nanswers; /* answers PAL limits read (by name, machine) */
    /* what was not analysed: per file, the columns whose object or counter name is not English
     * and not in the name table (a language without translations), the first of them and the
     * file's code page; per rule, 1 when a _Total column matched its counter but the rule's
     * default instance selection excludes _Total */
    size_t *file_untranslated;
    char **file_untranslated_example;
    char **file_encoding;
    unsigned char *rule_total_only;
    double *memory_mb; /* per machine: total physical memory (MB) read from the log, NaN unknown */
    size_t unanswered_rules; /* rules with a series not judged for want of an answer */
} ps_an_result;

/* Rules of set whose object or counter pattern holds '*': each tests every column of a log
 * (the others test only the columns of their object and counter). Never fails. */
size_t ps_an_scan_rules(const ps_an_ruleset *set);
/* New engine for set (must outlive it). Never fails. Free with ps_an_free. */
ps_analysis *ps_an_new(const ps_an_ruleset *set, const ps_an_options *opt);
/* Map the columns of a newly opened log (info valid until ps_an_end_file) to series. */
void ps_an_begin_file(ps_analysis *a, const struct ps_log_info *info);
/* The current file was opened again (e.g. reading fewer columns, the ones some rule uses):
 * map its new info instead; nothing was added from it yet. */
void ps_an_restart_file(ps_analysis *a, const struct ps_log_info *info);
/* Number of columns of the current file that some rule uses (0: the file needs no reading). */
size_t ps_an_file_columns(const ps_analysis *a);
/* 1 when column col of the current file feeds some series. */
int ps_an_column_used(const ps_analysis *a, size_t col);
/* Add one row of the current file; rows outside -b/-e are skipped. */
void ps_an_add_row(ps_analysis *a, const struct ps_row *row);
void ps_an_end_file(ps_analysis *a);
/* Compute slices, statistics, alerts and the verdict; returns the result (owned by a). */
const ps_an_result *ps_an_finish(ps_analysis *a);
void ps_an_free(ps_analysis *a);

/* Exit status of a result: PS_EFAIL when an alert at or above fail_on exists or when no rule
 * could be evaluated (nothing proves a pass), else PS_OK. */
int ps_an_status(const ps_an_result *r, enum ps_an_sev fail_on);
/* "pass", "fail" or "no evidence" for the same decision. */
const char *ps_an_verdict_name(const ps_an_result *r, enum ps_an_sev fail_on);
/* Label of a series: "MACHINE  \Object(instance)\Counter" style text for outputs (heap). */
char *ps_an_series_label(const ps_an_result *r, const ps_an_series *s);

#ifdef __cplusplus
}
#endif
#endif /* PS_ANALYZE_H */
