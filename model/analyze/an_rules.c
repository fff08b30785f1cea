/* an_rules.c - analysis rules: names of statistics, operators and severities, rule checks. */
#include "ps_analyze.h"
#include "ps_hash.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char *const stat_names[] = {"min", "avg", "max", "p95", "trend", "any"};
static const char *const op_names[] = {">", ">=", "<", "<="};
static const char *const sev_names[] = {"ok", "warning", "critical"};
#define COUNT(a) (sizeof a / sizeof a[0])

static int find(const char *const *names, size_t n, const char *s)
{
    for (size_t i = 0; s && i < n; i++)
        if (strcmp(names[i], s) == 0)
            return (int)i;
    return -1;
}

const char *ps_an_stat_name(enum ps_an_stat s)
{
    return stat_names[s];
}
int ps_an_stat_parse(const char *s)
{
    return find(stat_names, COUNT(stat_names), s);
}
const char *ps_an_op_name(enum ps_an_op op)
{
    return op_names[op];
}
int ps_an_op_parse(const char *s)
{
    return find(op_names, COUNT(op_names), s);
}
const char *ps_an_sev_name(enum ps_an_sev s)
{
    return sev_names[s];
}

int ps_an_compare(enum ps_an_op op, double v, double limit)
{
    if (isnan(v) || isnan(limit))
        return 0;
    switch (op) {
    case PS_AN_GT: return v > limit;
    case PS_AN_GE: return v >= limit;
    case PS_AN_LT: return v < limit;
    case PS_AN_LE: return v <= limit;
    }
    return 0;
}

ps_an_rule *ps_an_rule_add(ps_an_ruleset *set)
{
    if (set->n == set->cap) {
        set->cap = set->cap ? set->cap * 2 : 16;
        set->rules = ps_xrealloc(set->rules, set->cap * sizeof *set->rules);
    }
    ps_an_rule *r = &set->rules[set->n++];
    memset(r, 0, sizeof *r);
    r->scale = 1;
    r->stat = PS_AN_STAT_AVG;
    r->op = PS_AN_GT;
    r->warning = r->critical = NAN;
    r->digits = -1;
    return r;
}

static int rule_error(ps_error *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int rule_error(ps_error *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    err->code = PS_EINPUT;
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return PS_EINPUT;
}

int ps_an_rule_finish(ps_an_ruleset *set, ps_an_rule *r, ps_error *err)
{
    if (!r->id || !*r->id)
        return rule_error(err, "rule without an id");
    size_t twin = ps_an_rule_index(set, r->id);
    if (twin != SIZE_MAX)
        return rule_error(err, "rule '%s' defined twice (first at %s)", r->id,
                          set->rules[twin].origin ? set->rules[twin].origin : "?");
    if (!r->expr && r->ncounters == 0)
        return rule_error(err, "rule '%s': no 'counter' and no 'expression'", r->id);
    if (r->expr && r->ncounters)
        return rule_error(err, "rule '%s': 'counter' and 'expression' exclude each other", r->id);
    if (r->expr && !r->object)
        return rule_error(err, "rule '%s': an 'expression' needs an 'object'", r->id);
    if (isnan(r->warning) && isnan(r->critical) && !r->chart_only && !r->ncodes)
        return rule_error(err, "rule '%s': no 'warning' and no 'critical' limit", r->id);
    if (!isnan(r->warning) && !isnan(r->critical)) {
        int greater = r->op == PS_AN_GT || r->op == PS_AN_GE;
        if (greater ? r->critical < r->warning : r->critical > r->warning)
            return rule_error(err, "rule '%s': the critical limit is less severe than the warning limit", r->id);
    }
    const char *gate = r->requires ? r->requires : r->unless;
    if (r->requires && r->unless)
        return rule_error(err, "rule '%s': 'requires' and 'unless' exclude each other", r->id);
    if (gate) {
        if (ps_an_rule_index(set, gate) == SIZE_MAX)
            return rule_error(err, "rule '%s': '%s = %s' names no rule defined before it", r->id,
                              r->requires ? "requires" : "unless", gate);
    }
    if (!(r->scale > 0) || !isfinite(r->scale))
        return rule_error(err, "rule '%s': scale must be a positive number", r->id);
    for (size_t i = 0; i < r->nbands; i++)
        if (!(r->bands[i].lo <= r->bands[i].hi))
            return rule_error(err, "rule '%s': band %zu has its low end above its high end", r->id, i + 1);
    if (!r->title)
        r->title = ps_xstrdup(r->id);
    r->filter = ps_filter_new();
    for (size_t i = 0; i < r->ncounters; i++) {
        ps_error e = {0};
        if (ps_filter_add(r->filter, r->counters[i], &e) != PS_OK)
            return rule_error(err, "rule '%s': bad counter pattern '%s': %s", r->id, r->counters[i], e.msg);
    }
    if (r->nbands == 0) { /* default bands from the limits, up to a far end drawn clipped */
        int greater = r->op == PS_AN_GT || r->op == PS_AN_GE;
        double far = greater ? INFINITY : -INFINITY;
        r->bands = ps_xcalloc(2, sizeof *r->bands);
        if (!isnan(r->warning)) {
            double end = isnan(r->critical) ? far : r->critical;
            r->bands[r->nbands++] = (ps_an_band){fmin(r->warning, end), fmax(r->warning, end), PS_AN_WARNING};
        }
        if (!isnan(r->critical))
            r->bands[r->nbands++] = (ps_an_band){fmin(r->critical, far), fmax(r->critical, far), PS_AN_CRITICAL};
    }
    if (!set->ids) {
        set->ids = ps_xcalloc(1, sizeof *set->ids);
        ps_hash_init(set->ids, 0);
    }
    ps_hash_put(set->ids, r->id, strlen(r->id), (size_t)(r - set->rules));
    return PS_OK;
}

size_t ps_an_rule_index(const ps_an_ruleset *set, const char *id)
{
    size_t i = set->ids && id ? ps_hash_get(set->ids, id, strlen(id)) : PS_HASH_NONE;
    return i == PS_HASH_NONE ? SIZE_MAX : i;
}

void ps_an_ruleset_refuse(ps_an_ruleset *set, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ps_buf b = {0};
    ps_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    if (set->nrefused == set->refused_cap) {
        set->refused_cap = set->refused_cap ? set->refused_cap * 2 : 16;
        set->refused = ps_xrealloc(set->refused, set->refused_cap * sizeof *set->refused);
    }
    set->refused[set->nrefused++] = ps_buf_steal(&b);
}

static void free_list(char **v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

static void free_rule(ps_an_rule *r)
{
    {
        free(r->id);
        free(r->title);
        free(r->category);
        free(r->description);
        free(r->advice);
        free(r->unit);
        free(r->source);
        free(r->origin);
        free(r->object);
        free(r->expr_text);
        free(r->question);
        free(r->requires);
        free(r->unless);
        free_list(r->counters, r->ncounters);
        free_list(r->include, r->ninclude);
        free_list(r->exclude, r->nexclude);
        ps_an_expr_free(r->expr);
        for (size_t i = 0; i < r->ncodes; i++)
            ps_an_code_free(r->codes[i]);
        free(r->codes);
        free(r->code_sev);
        free_list(r->coll_vars, r->ncoll);
        free_list(r->coll_counters, r->ncoll);
        free(r->bands);
        ps_filter_free(r->filter);
    }
}

void ps_an_ruleset_drop_last(ps_an_ruleset *set)
{
    if (set->n)
        free_rule(&set->rules[--set->n]);
}

void ps_an_ruleset_fini(ps_an_ruleset *set)
{
    for (size_t i = 0; i < set->n; i++)
        free_rule(&set->rules[i]);
    free(set->rules);
    free_list(set->refused, set->nrefused);
    for (size_t i = 0; i < set->nquestions; i++) {
        ps_an_question *q = &set->questions[i];
        free(q->var);
        free(q->text);
        free(q->deflt);
        free(q->datatype);
    }
    free(set->questions);
    if (set->ids)
        ps_hash_fini(set->ids);
    free(set->ids);
    memset(set, 0, sizeof *set);
}

int ps_an_rule_wants_instance(const ps_an_rule *r, const char *inst)
{
    if (!inst)
        return 1;
    if (r->ninclude == 0 && r->nexclude == 0)
        return !ps_glob_match("_Total", inst);
    int in = r->ninclude == 0;
    for (size_t i = 0; !in && i < r->ninclude; i++)
        in = ps_glob_match(r->include[i], inst);
    for (size_t i = 0; in && i < r->nexclude; i++)
        in = !ps_glob_match(r->exclude[i], inst);
    return in;
}
