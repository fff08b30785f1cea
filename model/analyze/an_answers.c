/* an_answers.c - answers to PAL's questions and the limits PAL's threshold code computes.
 *
 * A rule imported with threshold CODE (rules_pal.c) has its limits computed per machine by
 * an_pscode.c with the answers PAL would have: --set NAME=VALUE first (PAL.ps1 ProcessArgs),
 * then what the log shows (the processor count from the Processor instances; the physical
 * memory from \NUMA Node Memory(*)\Total MBytes), then the question's DEFAULTVALUE (PAL.ps1
 * SetDefaultQuestionVariables). A question with none of these leaves the rule unjudged on that
 * machine, with the question named. Every answer used is recorded with where it came from and
 * the rules that read it. Lookups go through hash tables: linear in rules x machines.
 */
#include "an_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define FROM_SET "--set"
#define FROM_DEFAULT "PAL default: not answered"
#define FROM_PROCESSORS "log: Processor instances"
#define FROM_PROCESSORS_COUNT "log: Processor instances, _Total included"
#define FROM_MEMORY "log: \\NUMA Node Memory(_Total)\\Total MBytes / 1024"
#define FROM_MEMORY_NODES "log: sum of \\NUMA Node Memory(*)\\Total MBytes / 1024"

typedef struct env_ctx {
    ps_analysis *a;
    size_t rule;
    const char *machine;
} env_ctx;

static const ps_an_question *question_of(const ps_an_ruleset *set, const char *name)
{
    for (size_t i = 0; i < set->nquestions; i++) /* a handful of questions per file */
        if (strcasecmp(set->questions[i].var, name) == 0)
            return &set->questions[i];
    return NULL;
}

static void pval_text(const ps_an_pval *v, char *buf, size_t n)
{
    if (v->kind == PS_AN_PV_STR)
        snprintf(buf, n, "%s", v->s);
    else if (v->kind == PS_AN_PV_BOOL)
        snprintf(buf, n, "%s", v->n != 0 ? "True" : "False");
    else
        snprintf(buf, n, "%.6g", v->n);
}

/* Record that rule read answer name (machine NULL: the same on every machine). */
static void note(ps_analysis *a, size_t rule, const char *name, const char *machine, const ps_an_pval *v,
                 const char *from)
{
    ps_buf key = {0};
    ps_buf_printf(&key, "%s%c%s", name, 0, machine ? machine : "");
    size_t i = ps_hash_get(&a->ans_ix, key.data, key.len);
    if (i == PS_HASH_NONE) {
        char text[128];
        pval_text(v, text, sizeof text);
        i = a->res.nanswers++;
        a->res.answers = ps_xrealloc(a->res.answers, a->res.nanswers * sizeof *a->res.answers);
        const ps_an_question *q = question_of(a->set, name);
        a->res.answers[i] = (ps_an_answer){ps_xstrdup(name),   ps_xstrdup(machine), ps_xstrdup(text), from,
                                           q ? q->text : NULL, ps_xstrdup("")};
        ps_hash_put(&a->ans_ix, key.data, key.len, i);
    }
    ps_buf_printf(&key, "%c%zu", 0, rule);
    if (ps_hash_put(&a->ans_rule, key.data, key.len, 1) == PS_HASH_NONE) {
        ps_an_answer *an = &a->res.answers[i];
        ps_buf b = {0};
        ps_buf_printf(&b, "%s%s%s", an->rules, an->rules[0] ? ", " : "", a->set->rules[rule].id);
        free(an->rules);
        an->rules = ps_buf_steal(&b);
    }
    ps_buf_fini(&key);
}

static size_t processors(const ps_analysis *a, const char *machine)
{
    return a->opt.processors ? a->opt.processors : ps_an_processors_of(a, machine);
}

int ps_an_pal_question_name(const char *name)
{
    static const char *const names[] = {"NumberOfProcessors", "PhysicalMemory", "TotalMemory", "OS", "UserVa"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcasecmp(name, names[i]) == 0)
            return 1;
    return 0;
}

static int lookup(void *ctx, const char *name, ps_an_pval *out)
{
    env_ctx *e = ctx;
    ps_analysis *a = e->a;
    const ps_an_question *q = question_of(a->set, name);
    int procs = strcasecmp(name, "NumberOfProcessors") == 0;
    for (size_t i = 0; i < a->opt.nset; i++)
        if (strcasecmp(a->opt.set_names[i], name) == 0 ||
            (procs && strcasecmp(a->opt.set_names[i], "processors") == 0)) {
            *out = ps_an_answer_value(a->opt.set_values[i], q ? q->datatype : NULL);
            note(a, e->rule, name, NULL, out, FROM_SET);
            return 1;
        }
    const char *from = NULL;
    if (procs && processors(a, e->machine)) {
        *out = (ps_an_pval){.kind = PS_AN_PV_NUM, .n = (double)processors(a, e->machine)};
        from = FROM_PROCESSORS;
    } else if (strcasecmp(name, "PhysicalMemory") == 0 || strcasecmp(name, "TotalMemory") == 0) {
        int nodes = 0;
        double mb = ps_an_memory_mb_of(a, e->machine, &nodes);
        if (!isnan(mb)) {
            *out = (ps_an_pval){.kind = PS_AN_PV_NUM, .n = mb / 1024};
            from = nodes ? FROM_MEMORY_NODES : FROM_MEMORY;
        }
    }
    if (from) {
        note(a, e->rule, name, e->machine, out, from);
        return 1;
    }
    if (q && q->deflt) {
        *out = ps_an_answer_value(q->deflt, q->datatype);
        note(a, e->rule, name, NULL, out, FROM_DEFAULT);
        return 1;
    }
    return q || ps_an_pal_question_name(name) ? -1 : 0;
}

/* $collection.Count: PAL counts the instances of the collection's counter, _Total included;
 * known here for the Processor object (the processor count + 1). */
static int count(void *ctx, const char *collection, double *out)
{
    env_ctx *e = ctx;
    const ps_an_rule *r = &e->a->set->rules[e->rule];
    for (size_t i = 0; i < r->ncoll; i++) {
        const char *c = r->coll_counters[i];
        if (strcasecmp(r->coll_vars[i], collection) != 0)
            continue;
        if (c[0] == '\\' && strncasecmp(c + 1, "Processor", 9) == 0 && (c[10] == '(' || c[10] == '\\')) {
            size_t np = processors(e->a, e->machine);
            if (!np)
                return -1;
            *out = (double)np + 1;
            ps_an_pval v = {.kind = PS_AN_PV_NUM, .n = *out};
            char name[128];
            snprintf(name, sizeof name, "%.100s.Count", collection);
            note(e->a, e->rule, name, e->machine, &v, FROM_PROCESSORS_COUNT);
            return 0;
        }
    }
    return -1;
}

const an_limits *ps_an_code_limits(ps_analysis *a, size_t rule, const char *machine)
{
    ps_buf key = {0};
    ps_buf_printf(&key, "%zu%c%s", rule, 0, machine);
    size_t i = ps_hash_get(&a->lim_ix, key.data, key.len);
    if (i != PS_HASH_NONE) {
        ps_buf_fini(&key);
        return &a->lims[i];
    }
    const ps_an_rule *r = &a->set->rules[rule];
    an_limits L = {.warn = NAN, .crit = NAN, .op = -1};
    env_ctx ctx = {a, rule, machine};
    ps_an_code_env env = {lookup, count, &ctx};
    ps_buf why = {0};
    for (size_t k = 0; k < r->ncodes; k++) {
        ps_an_code_result res;
        int rc = ps_an_code_run(r->codes[k], &env, &res);
        for (size_t m = 0; m < res.nmissing; m++) {
            const ps_an_question *q = question_of(a->set, res.missing[m]);
            char tag[110];
            snprintf(tag, sizeof tag, "$%.100s:", res.missing[m]);
            if (!strstr(why.data ? why.data : "", tag))
                ps_buf_printf(&why, "%s$%s: %s", why.len ? "; " : "", res.missing[m],
                              q ? q->text
                              : strcasecmp(res.missing[m], "NumberOfProcessors") == 0
                                  ? "the processor count (no Processor instance in the log)"
                                  : "asked by no file of the rules (an inherited file is missing?)");
        }
        if (rc && !res.nmissing)
            ps_buf_printf(&why, "%slimit not computed: %s", why.len ? "; " : "", res.why);
        if (rc || res.nmissing)
            continue;
        for (size_t c = 0; c < res.ncalls; c++) {
            double *lim = r->code_sev[k] == PS_AN_CRITICAL ? &L.crit : &L.warn;
            int greater = res.calls[c].op <= PS_AN_GE;
            if (isnan(*lim) || (greater ? res.calls[c].limit < *lim : res.calls[c].limit > *lim))
                *lim = res.calls[c].limit; /* the least severe of the level (either breaks it) */
            if (L.op < 0 || res.calls[c].op == PS_AN_GT || res.calls[c].op == PS_AN_LT)
                L.op = res.calls[c].op;
        }
    }
    if (why.len) {
        L.unanswered = ps_buf_steal(&why);
        L.warn = L.crit = NAN;
    } else {
        ps_buf_fini(&why);
    }
    if (a->nlims == a->lims_cap) {
        a->lims_cap = a->lims_cap ? a->lims_cap * 2 : 16;
        a->lims = ps_xrealloc(a->lims, a->lims_cap * sizeof *a->lims);
    }
    a->lims[a->nlims] = L;
    ps_hash_put(&a->lim_ix, key.data, key.len, a->nlims);
    ps_buf_fini(&key);
    return &a->lims[a->nlims++];
}

void ps_an_answers_free(ps_analysis *a)
{
    for (size_t i = 0; i < a->nlims; i++)
        free(a->lims[i].unanswered);
    free(a->lims);
    for (size_t i = 0; i < a->res.nanswers; i++) {
        free(a->res.answers[i].name);
        free(a->res.answers[i].machine);
        free(a->res.answers[i].value);
        free(a->res.answers[i].rules);
    }
    free(a->res.answers);
    ps_hash_fini(&a->lim_ix);
    ps_hash_fini(&a->ans_ix);
    ps_hash_fini(&a->ans_rule);
}
