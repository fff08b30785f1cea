/* thresholds.c - built-in Jetstress threshold profiles (jetstress-esrp.md 6.1), threshold rules
 * and the judge that turns figures and per-sample statistics into verdicts with reasons. */
#include "judge_internal.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ------------------------------------------------------------------ profiles (data) */

static const struct {
    const char *name;
    ps_js_threshold_set strict, lenient; /* ms: avg read, max read, avg log write, max log write */
    int stalls_rule; /* average page fault stalls/sec > 1 fails */
} profiles[] = {
    {"jetstress-2007", {20, 50, 10, 50}, {20, 50, 10, 50}, 0},
    {"jetstress-2010", {20, 100, 10, 100}, {20, 100, 10, 100}, 0},
    {"jetstress-2013", {20, 100, 10, 100}, {20, 200, 10, 200}, 1},
};
static const struct {
    const char *alias, *name;
} profile_aliases[] = {
    {"jetstress-2016", "jetstress-2013"}, {"jetstress-2019", "jetstress-2013"}, {"2007", "jetstress-2007"},
    {"2010", "jetstress-2010"},           {"2013", "jetstress-2013"},           {"2016", "jetstress-2013"},
    {"2019", "jetstress-2013"},
};
/* Version prefixes (Jetstress or ESE version strings). */
static const struct {
    const char *prefix, *name;
} version_map[] = {
    {"08.", "jetstress-2007"},
    {"8.", "jetstress-2007"},
    {"14.", "jetstress-2010"},
    {"15.", "jetstress-2013"},
};
#define STALLS_LIMIT 1.0
#define DEFAULT_MAX_ERRORS 6

static int profile_index(const char *name)
{
    for (size_t i = 0; i < sizeof profiles / sizeof profiles[0]; i++)
        if (strcasecmp(name, profiles[i].name) == 0)
            return (int)i;
    return -1;
}

const char *ps_js_profile_canonical(const char *name)
{
    if (!name)
        return NULL;
    for (size_t i = 0; i < sizeof profile_aliases / sizeof profile_aliases[0]; i++)
        if (strcasecmp(name, profile_aliases[i].alias) == 0)
            return profile_aliases[i].name;
    int k = profile_index(name);
    return k < 0 ? NULL : profiles[k].name;
}

const char *ps_js_profile_name(size_t i)
{
    size_t np = sizeof profiles / sizeof profiles[0];
    if (i < np)
        return profiles[i].name;
    i -= np;
    for (size_t k = 0; k < sizeof profile_aliases / sizeof profile_aliases[0]; k++)
        if (strncmp(profile_aliases[k].alias, "jetstress-", 10) == 0 && i-- == 0)
            return profile_aliases[k].alias;
    return NULL;
}

const char *ps_js_profile_from_version(const char *v)
{
    if (!v)
        return NULL;
    while (*v == ' ')
        v++;
    for (size_t i = 0; i < sizeof version_map / sizeof version_map[0]; i++)
        if (strncmp(v, version_map[i].prefix, strlen(version_map[i].prefix)) == 0)
            return version_map[i].name;
    return NULL;
}

int ps_js_profile_set(const char *profile, int lenient, ps_js_threshold_set *out)
{
    const char *c = ps_js_profile_canonical(profile);
    int k = c ? profile_index(c) : -1;
    if (k < 0)
        return -1;
    *out = lenient ? profiles[k].lenient : profiles[k].strict;
    return 0;
}

void ps_thr_add(ps_thr_set *set, const ps_thr_rule *r)
{
    set->rules = ps_xrealloc(set->rules, (set->n + 1) * sizeof *set->rules);
    ps_thr_rule *d = &set->rules[set->n++];
    *d = *r;
    d->counter = ps_xstrdup(r->counter);
    d->instance = ps_xstrdup(r->instance);
    d->source = ps_xstrdup(r->source);
}

void ps_thr_set_fini(ps_thr_set *set)
{
    for (size_t i = 0; i < set->n; i++) {
        free(set->rules[i].counter);
        free(set->rules[i].instance);
        free(set->rules[i].source);
    }
    free(set->rules);
    free(set->name);
    memset(set, 0, sizeof *set);
}

static const char *const stat_names[] = {"avg", "min", "max", "p95", "exceed"};
static const char *const op_texts[] = {">", ">=", "<", "<="};

const char *ps_thr_stat_name(enum ps_thr_stat s)
{
    return (unsigned)s < 5 ? stat_names[s] : "?";
}
const char *ps_thr_op_text(enum ps_thr_op op)
{
    return (unsigned)op < 4 ? op_texts[op] : "?";
}

int ps_thr_violates(enum ps_thr_op op, double v, double limit)
{
    if (isnan(v) || isnan(limit))
        return 0;
    switch (op) {
    case PS_THR_GT: return v > limit;
    case PS_THR_GE: return v >= limit;
    case PS_THR_LT: return v < limit;
    case PS_THR_LE: return v <= limit;
    }
    return 0;
}

static void add_rule(ps_thr_set *out, const char *profile, int metric, enum ps_thr_stat stat, enum ps_thr_scope scope,
                     double limit, double max_errors)
{
    if (isnan(limit))
        return;
    ps_thr_rule r = {0};
    r.counter = (char *)ps_js_metric_name(metric);
    r.metric = metric;
    r.stat = stat;
    r.scope = scope;
    r.op = PS_THR_GT;
    r.limit = limit;
    r.max_errors = max_errors;
    r.volume = -1;
    r.severity = PS_THR_ERROR;
    r.source = (char *)profile;
    ps_thr_add(out, &r);
}

void ps_js_profile_rules(const char *profile, const ps_js_threshold_set *set, double max_errors, ps_thr_set *out)
{
    const char *c = ps_js_profile_canonical(profile);
    int k = c ? profile_index(c) : -1;
    add_rule(out, c, 0, PS_THR_AVG, PS_THR_INSTANCE, set->avg_db_read_ms, 0);
    add_rule(out, c, 7, PS_THR_AVG, PS_THR_INSTANCE, set->avg_log_write_ms, 0);
    add_rule(out, c, 0, PS_THR_EXCEED, PS_THR_INSTANCE, set->max_db_read_ms, max_errors);
    add_rule(out, c, 7, PS_THR_EXCEED, PS_THR_INSTANCE, set->max_log_write_ms, max_errors);
    if (k >= 0 && profiles[k].stalls_rule)
        add_rule(out, c, PS_JM_STALLS, PS_THR_AVG, PS_THR_SERVER, STALLS_LIMIT, 0);
}

/* ------------------------------------------------------------------ values */

/* A Jetstress 2007 volume row: "M:" or "Database (M:)". */
static int is_volume_name(const char *n)
{
    size_t l = strlen(n);
    if (l == 2 && isalpha((unsigned char)n[0]) && n[1] == ':')
        return 1;
    return l >= 4 && n[l - 1] == ')' && n[l - 2] == ':' && isalpha((unsigned char)n[l - 3]) && n[l - 4] == '(';
}

static double figure_value(const ps_js_figures *f, int m)
{
    if (m < PS_IO12_N)
        return ps_io12_get(&f->transactional, m);
    return m == PS_JM_MAINT_READS ? f->maint_reads_per_sec : f->maint_read_bytes;
}

static int is_rate(int m)
{
    return strcmp(ps_js_metric_unit(m), "/s") == 0;
}

/* Host metric of a server: recomputed stats, else the report's host table. */
static double host_value(const ps_js_server *s, int m, enum ps_thr_stat stat)
{
    const ps_js_stat *st = s->stats ? &s->stats->host[m - PS_JM_NINST] : NULL;
    if (st && st->n) {
        switch (stat) {
        case PS_THR_AVG: return ps_js_stat_mean(st);
        case PS_THR_MIN: return st->min;
        case PS_THR_MAX: return st->max;
        case PS_THR_P95: return ps_js_stat_p95(st);
        default: return NAN;
        }
    }
    const ps_js_report *r = s->report;
    if (!r)
        return NAN;
    for (size_t i = 0; i < r->nhost; i++)
        if (r->host[i].counter && strcasecmp(r->host[i].counter, ps_js_metric_name(m)) == 0)
            return stat == PS_THR_AVG   ? r->host[i].avg
                   : stat == PS_THR_MIN ? r->host[i].min
                   : stat == PS_THR_MAX ? r->host[i].max
                                        : NAN;
    return m == PS_JM_STALLS && stat == PS_THR_AVG ? r->page_fault_stalls_avg : NAN;
}

/* Server-scope value of an instance metric: avg = Σ (rates) or plain mean over instances;
 * min/max = over the instance averages. */
static double server_value(const ps_js_server *s, int m, enum ps_thr_stat stat)
{
    if (m >= PS_JM_NINST)
        return host_value(s, m, stat);
    double acc = 0, mn = NAN, mx = NAN;
    size_t n = 0;
    for (size_t i = 0; i < s->ninstances; i++) {
        const ps_js_figures *f = ps_js_sum_figures(s, i);
        if (!f)
            continue;
        double v = figure_value(f, m);
        acc += v;
        mn = n == 0 || v < mn ? v : mn;
        mx = n == 0 || v > mx ? v : mx;
        n++;
    }
    if (!n)
        return NAN;
    switch (stat) {
    case PS_THR_AVG: return is_rate(m) ? acc : acc / (double)n;
    case PS_THR_MIN: return mn;
    case PS_THR_MAX: return mx;
    default: return NAN;
    }
}

/* ------------------------------------------------------------------ reasons */

/* Add the reason of a violated rule r (who: machine and instance, or the aggregate); 1 when it
 * is an error (the verdict fails). */
static int reason(ps_verdict *vd, const ps_thr_rule *r, const ps_js_server *s, const char *instance, double value,
                  uint64_t count, int exact)
{
    ps_verdict_reason *x =
        ps_verdict_add(vd, r->stat == PS_THR_EXCEED ? PS_VR_RULE_COUNT : PS_VR_RULE, s ? s->machine : NULL);
    x->warning = r->severity == PS_THR_WARNING;
    x->aggregate = s == NULL;
    x->instance = instance ? ps_xstrdup(instance) : NULL;
    x->stat = (int)r->stat;
    x->metric = r->metric;
    x->op = (int)r->op;
    x->value = value;
    x->limit = r->limit;
    x->max_errors = r->max_errors;
    x->count = count;
    x->exact = exact;
    return r->severity == PS_THR_ERROR;
}

/* Evaluate one rule on one server. Returns the number of error violations; t->evaluated counts
 * evaluations that had a value, t->profile_missing those that had none. */
static int judge_rule(ps_js_server *s, const ps_thr_rule *r, js_tally *t)
{
    int *evaluated = &t->evaluated;
    int fails = 0;
    if (r->scope == PS_THR_INSTANCE && r->metric < PS_JM_NINST) {
        for (size_t i = 0; i < s->ninstances; i++) {
            const ps_js_instance *in = &s->instances[i];
            const ps_js_figures *f = ps_js_instance_figures(in);
            if (!f || (r->instance && !ps_glob_match(r->instance, in->name)) ||
                (r->volume >= 0 && r->volume != is_volume_name(in->name)))
                continue;
            const ps_js_stat *st =
                (s->stats && i < s->stats->ninst && in->has_computed) ? &s->stats->inst[i].m[r->metric] : NULL;
            double v = NAN;
            if (r->stat == PS_THR_EXCEED) {
                if (!st || !st->n) {
                    if (!t->skipped_max++) {
                        t->skipped_metric = r->metric;
                        t->skipped_instance = in->name;
                    }
                    continue;
                }
                int exact = 1;
                uint64_t c = ps_js_stat_count_above(st, r->limit, &exact);
                (*evaluated)++;
                if ((double)c > r->max_errors && reason(&s->verdict, r, s, in->name, NAN, c, exact)) {
                    fails++;
                    js_explain(s, r, i);
                }
                continue;
            }
            if (r->stat == PS_THR_AVG)
                v = figure_value(f, r->metric);
            else if (st && st->n)
                v = r->stat == PS_THR_MIN ? st->min : r->stat == PS_THR_MAX ? st->max : ps_js_stat_p95(st);
            if (isnan(v)) {
                t->profile_missing++;
                continue;
            }
            (*evaluated)++;
            if (ps_thr_violates(r->op, v, r->limit) && reason(&s->verdict, r, s, in->name, v, 0, 1)) {
                fails++;
                js_explain(s, r, i);
            }
        }
        return fails;
    }
    if (r->stat == PS_THR_EXCEED)
        return 0;
    double v = server_value(s, r->metric, r->stat);
    if (isnan(v)) {
        t->profile_missing++;
        return 0;
    }
    (*evaluated)++;
    if (ps_thr_violates(r->op, v, r->limit) && reason(&s->verdict, r, s, NULL, v, 0, 1)) {
        fails++;
        if (r->metric >= PS_JM_NINST)
            js_explain(s, r, JS_HOST);
    }
    return fails;
}

/* Aggregate-scope value: rates summed over the aggregate's servers, else the mean of the
 * server values. */
static double aggregate_value(const ps_js_run *run, int m)
{
    int any_perf = 0;
    for (size_t i = 0; i < run->nservers; i++)
        any_perf |= run->servers[i].test_type == PS_TEST_PERFORMANCE;
    double acc = 0;
    size_t n = 0;
    for (size_t i = 0; i < run->nservers; i++) {
        const ps_js_server *s = &run->servers[i];
        if (any_perf && s->test_type != PS_TEST_PERFORMANCE)
            continue;
        double v = server_value(s, m, PS_THR_AVG);
        if (isnan(v))
            continue;
        acc += v;
        n++;
    }
    return n ? (m < PS_JM_NINST && is_rate(m) ? acc : acc / (double)n) : NAN;
}

static const char *choose_profile(const ps_js_server *s, const ps_js_judge_options *opt, ps_warnings *w)
{
    if (opt && opt->profile)
        return ps_js_profile_canonical(opt->profile);
    const char *p = NULL;
    if (s->report)
        p = ps_js_profile_from_version(s->report->jetstress_version);
    if (!p && s->jetstress_version)
        p = ps_js_profile_from_version(s->jetstress_version);
    if (!p && s->report)
        p = ps_js_profile_from_version(s->report->ese_version);
    if (!p && s->config)
        p = ps_js_profile_from_version(s->config->jetstress_version);
    if (!p && s->report && s->report->layout_2007)
        p = "jetstress-2007";
    if (!p) {
        p = "jetstress-2013";
        ps_warn(w, "%s: Jetstress version unknown, judged with profile %s (use --profile)",
                s->machine ? s->machine : "?", p);
    }
    return p;
}

/* Servers that form the aggregate: the Performance ones, else all. */
static int in_aggregate(const ps_js_run *run, const ps_js_server *s)
{
    for (size_t i = 0; i < run->nservers; i++)
        if (run->servers[i].test_type == PS_TEST_PERFORMANCE)
            return s->test_type == PS_TEST_PERFORMANCE;
    return 1;
}

size_t js_server_rules(const ps_js_server *s, const ps_js_judge_options *opt, ps_warnings *w, ps_thr_set *rules,
                       char **name)
{
    const char *profile = choose_profile(s, opt, w);
    int lenient = (opt && opt->lenient) || s->test_type == PS_TEST_STRESS;
    ps_js_threshold_set set;
    ps_js_profile_set(profile, lenient, &set);
    double max_errors = DEFAULT_MAX_ERRORS;
    if (s->config) {
        if (lenient && s->config->has_lenient)
            set = s->config->lenient;
        else if (!lenient && s->config->has_strict)
            set = s->config->strict;
        if (!isnan(s->config->max_latency_errors))
            max_errors = s->config->max_latency_errors;
    }
    if (name) {
        ps_buf b = {0};
        ps_buf_printf(&b, "%s/%s", profile, lenient ? "lenient" : "strict");
        if (opt && opt->extra && opt->extra->name)
            ps_buf_printf(&b, " + %s", opt->extra->name);
        *name = ps_buf_steal(&b);
    }
    ps_js_profile_rules(profile, &set, max_errors, rules);
    size_t nprofile = rules->n; /* the profile's own rules come first */
    if (opt && opt->extra)
        for (size_t i = 0; i < opt->extra->n; i++)
            ps_thr_add(rules, &opt->extra->rules[i]);
    return nprofile;
}

static void judge_server(ps_js_run *run, ps_js_server *s, const ps_js_judge_options *opt)
{
    ps_verdict_fini(&s->verdict);
    if (s->test_type == PS_TEST_BACKUP || s->test_type == PS_TEST_SOFTRECOVERY) {
        s->verdict.result = PS_VERDICT_UNKNOWN;
        s->verdict.profile = ps_xstrdup("none");
        return;
    }
    ps_thr_set rules = {0};
    size_t nprofile = js_server_rules(s, opt, &run->warnings, &rules, &s->verdict.profile);
    js_tally t = {0};
    for (size_t i = 0; i < rules.n; i++) {
        const ps_thr_rule *r = &rules.rules[i];
        int f = 0, missing = t.profile_missing;
        if (r->scope == PS_THR_AGGREGATE) {
            double v = aggregate_value(run, r->metric);
            if (isnan(v) || r->stat != PS_THR_AVG || !in_aggregate(run, s))
                continue;
            t.evaluated++;
            if (ps_thr_violates(r->op, v, r->limit))
                f = reason(&s->verdict, r, NULL, NULL, v, 0, 1);
        } else {
            f = judge_rule(s, r, &t);
        }
        if (i < nprofile)
            t.profile_fails += f;
        else {
            t.extra_fails += f;
            t.profile_missing = missing; /* an extra rule without a value is not a missing profile check */
        }
    }
    ps_thr_set_fini(&rules);
    t.extra_fails += js_plausibility(s); /* implausible figures fail whatever the verdict source */
    if (t.skipped_max) /* the log may hold many samples, only not of this counter */
        ps_warn(&run->warnings, "%s (%s): no samples of %s in the counter logs, maximum latency checks skipped (%d)",
                s->machine ? s->machine : "?", t.skipped_instance, ps_js_metric_words(t.skipped_metric), t.skipped_max);
    js_verdict_settle(s, &t);
}

int ps_js_judge(ps_js_run *run, const ps_js_judge_options *opt, ps_error *err)
{
    if (opt && opt->profile && !ps_js_profile_canonical(opt->profile))
        return ps_error_set(err, PS_EUSAGE, NULL, 0, 0,
                            "unknown profile '%s' (jetstress-2007, jetstress-2010, jetstress-2013, "
                            "jetstress-2016, jetstress-2019)",
                            opt->profile);
    for (size_t i = 0; i < run->nservers; i++)
        judge_server(run, &run->servers[i], opt);
    return PS_OK;
}
