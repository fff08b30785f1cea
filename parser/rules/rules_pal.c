/* rules_pal.c - PAL threshold XML imported as analysis rules.
 *
 * One rule per enabled ANALYSIS: its StaticThreshold calls (-Operator gt|ge|lt|le -Threshold
 * NUMBER, PowerShell size suffixes KB..PB) give the warning and critical limits (several of one
 * CONDITION: the least severe one is the level's limit, the others are drawn as bands); the
 * DATASOURCE named by -CollectionOfCounterInstances gives the counter and its EXCLUDE children
 * the excluded instances (PAL tests every other instance, _Total included); the CHART's
 * StaticChartThreshold -MinThreshold/-MaxThreshold the bands; DESCRIPTION (HTML) the text, tags
 * removed. The statistic is the slice average, as in PAL. An analysis is refused, with the
 * reason counted, when a limit is computed by PowerShell ($variable), the counter is generated
 * by PowerShell code, the thresholds mix directions or counters, or it has no StaticThreshold.
 */
#include "pal_xml.h"
#include "ps_hash.h"
#include "ps_rules.h"

#include <ctype.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <math.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#define PAL_MAX_DEPTH 8

typedef struct pal_ctx {
    ps_an_ruleset *set;
    ps_warnings *w;
    regex_t re_th, re_var, re_chart, re_trend;
    ps_hash ids; /* analysis IDs seen (the child overrides) */
    int depth;
} pal_ctx;

#define prop ps_xml_prop
#define is_el ps_xml_is

/* Text and CDATA children only (entities are never expanded). */
static void node_text(xmlNode *n, ps_buf *b)
{
    for (xmlNode *t = n->children; t; t = t->next)
        if ((t->type == XML_TEXT_NODE || t->type == XML_CDATA_SECTION_NODE) && t->content)
            ps_buf_puts(b, (const char *)t->content);
}

static char *strip_html(const char *s)
{
    ps_buf b = {0};
    int in_tag = 0, space = 1;
    for (; s && *s; s++) {
        if (*s == '<')
            in_tag = 1;
        else if (*s == '>')
            in_tag = 0, space = space || (ps_buf_putc(&b, ' '), 1);
        else if (!in_tag && isspace((unsigned char)*s)) {
            if (!space)
                ps_buf_putc(&b, ' ');
            space = 1;
        } else if (!in_tag) {
            ps_buf_putc(&b, *s);
            space = 0;
        }
    }
    while (b.len && b.data[b.len - 1] == ' ')
        b.data[--b.len] = 0;
    return b.len ? ps_buf_steal(&b) : (ps_buf_fini(&b), NULL);
}

/* "12", "0.015", "100MB" -> value; -1 when not a literal number. */
static int pal_number(const char *s, size_t n, double *out)
{
    double mult = 1;
    if (n > 2 && toupper((unsigned char)s[n - 1]) == 'B') {
        const char *u = strchr("KMGTP", toupper((unsigned char)s[n - 2]));
        if (u && *u) {
            for (const char *k = "KMGTP"; k <= u; k++)
                mult *= 1024;
            n -= 2;
        }
    }
    if (ps_parse_double(s, n, out) != 0)
        return -1;
    *out *= mult;
    return 0;
}

/* The DATASOURCE of a statistics-only section: the one the analysis names PRIMARYDATASOURCE,
 * else its first CounterLog one. */
static xmlNode *primary_datasource(xmlNode *an)
{
    char *prim = prop(an, "PRIMARYDATASOURCE");
    xmlNode *first = NULL, *hit = NULL;
    for (xmlNode *c = an->children; c && !hit; c = c->next) {
        if (!is_el(c, "DATASOURCE"))
            continue;
        char *type = prop(c, "TYPE"), *nm = prop(c, "NAME");
        if (type && strcasecmp(type, "CounterLog") == 0) {
            if (!first)
                first = c;
            if (prim && nm && strcasecmp(prim, nm) == 0)
                hit = c;
        }
        free(type);
        free(nm);
    }
    free(prim);
    return hit ? hit : first;
}

/* PAL question variables ($NAME) the thresholds' code uses, with their questions, as one text;
 * NULL when the code uses none (its limit is then computed from the log by PowerShell). */
static char *questions_used(pal_ctx *cx, xmlNode *an)
{
    ps_buf code = {0}, out = {0};
    for (xmlNode *th = an->children; th; th = th->next)
        if (is_el(th, "THRESHOLD"))
            for (xmlNode *c = th->children; c; c = c->next)
                if (is_el(c, "CODE"))
                    node_text(c, &code);
    for (size_t q = 0; q < cx->set->nquestions; q++) {
        const ps_an_question *qu = &cx->set->questions[q];
        size_t n = strlen(qu->var);
        for (const char *p = code.data; p && (p = strchr(p, '$')); p++)
            if (strncasecmp(p + 1, qu->var, n) == 0 && !isalnum((unsigned char)p[1 + n]) && p[1 + n] != '_') {
                ps_buf_printf(&out, "%s$%s: %s", out.len ? "; " : "", qu->var, qu->text);
                break;
            }
    }
    ps_buf_fini(&code);
    return out.len ? ps_buf_steal(&out) : (ps_buf_fini(&out), NULL);
}

static enum ps_an_sev condition(xmlNode *n, const char *attr);

/* A QUESTION of the file, kept once per variable: the file's own question wins over an
 * inherited one (the child is read first), as PAL's merge of inherited questions does. */
static void add_question(pal_ctx *cx, xmlNode *q)
{
    char *var = prop(q, "QUESTIONVARNAME");
    ps_an_ruleset *set = cx->set;
    for (size_t i = 0; var && i < set->nquestions; i++) /* a file asks a handful of questions */
        if (strcasecmp(set->questions[i].var, var) == 0)
            *var = 0;
    if (!var || !*var) {
        free(var);
        return;
    }
    ps_buf t = {0};
    node_text(q, &t);
    char *text = strip_html(t.data);
    ps_buf_fini(&t);
    set->questions = ps_xrealloc(set->questions, (set->nquestions + 1) * sizeof *set->questions);
    set->questions[set->nquestions++] =
        (ps_an_question){var, text ? text : ps_xstrdup(""), prop(q, "DEFAULTVALUE"), prop(q, "DATATYPE")};
}

/* The threshold codes of an analysis whose limits PowerShell computes. */
typedef struct computed {
    ps_an_code *code[16];
    enum ps_an_sev sev[16];
    size_t n;
    char var[96]; /* the collection every StaticThreshold tests */
    int op, trend;
    char why[300];
} computed;

/* Import-time run: every question answered by its default (1 without one), two instances in
 * any collection; only the shape of the calls (collection, operator, trend) is kept. */
static int dry_lookup(void *ctx, const char *name, ps_an_pval *out)
{
    const ps_an_ruleset *set = ctx;
    for (size_t i = 0; i < set->nquestions; i++)
        if (strcasecmp(set->questions[i].var, name) == 0) {
            const ps_an_question *q = &set->questions[i];
            *out = q->deflt ? ps_an_answer_value(q->deflt, q->datatype) : (ps_an_pval){.kind = PS_AN_PV_NUM, .n = 1};
            return 1;
        }
    *out = (ps_an_pval){.kind = PS_AN_PV_NUM, .n = 1};
    return ps_an_pal_question_name(name);
}
static int dry_count(void *ctx, const char *collection, double *out)
{
    (void)ctx, (void)collection;
    *out = 2;
    return 0;
}

static void computed_free(computed *cp)
{
    for (size_t i = 0; i < cp->n; i++)
        ps_an_code_free(cp->code[i]);
    cp->n = 0;
}

/* Compile the first CODE of every THRESHOLD (PAL runs only that one) and check it evaluates:
 * 0, or -1 with cp->why. */
static int compile_codes(pal_ctx *cx, xmlNode *an, computed *cp)
{
    cp->op = cp->trend = -1;
    ps_an_code_env env = {dry_lookup, dry_count, cx->set};
    for (xmlNode *th = an->children; th; th = th->next) {
        xmlNode *c = th->children;
        if (!is_el(th, "THRESHOLD"))
            continue;
        while (c && !is_el(c, "CODE"))
            c = c->next;
        if (!c || cp->n == sizeof cp->code / sizeof cp->code[0])
            continue;
        ps_buf text = {0};
        ps_error e = {0};
        ps_an_code_result res;
        node_text(c, &text);
        ps_an_code *code = NULL;
        int rc = ps_an_code_compile(text.data, &code, &e);
        ps_buf_fini(&text);
        if (rc || ps_an_code_run(code, &env, &res) != 0) {
            snprintf(cp->why, sizeof cp->why,
                     "its threshold code is PowerShell that perfscribe does not evaluate (%.160s, "
                     "line %d of the CODE)",
                     rc ? e.msg : res.why, rc ? (int)e.line : res.line);
            ps_an_code_free(code);
            return -1;
        }
        cp->code[cp->n] = code;
        cp->sev[cp->n++] = condition(th, "CONDITION");
        for (size_t k = 0; k < res.ncalls; k++) {
            const ps_an_code_call *call = &res.calls[k];
            if (cp->var[0] && strcasecmp(cp->var, call->collection) != 0)
                snprintf(cp->why, sizeof cp->why, "its thresholds test different counters");
            else if (cp->op >= 0 && (cp->op <= 1) != (call->op <= 1))
                snprintf(cp->why, sizeof cp->why, "its thresholds mix greater-than and less-than tests");
            else if (cp->trend >= 0 && cp->trend != call->trend)
                snprintf(cp->why, sizeof cp->why, "its thresholds mix trend-only and value tests");
            snprintf(cp->var, sizeof cp->var, "%s", call->collection);
            if (cp->op < 0 || call->op == PS_AN_GT || call->op == PS_AN_LT)
                cp->op = call->op;
            cp->trend = call->trend;
        }
    }
    if (!cp->why[0] && !cp->var[0])
        snprintf(cp->why, sizeof cp->why, "its threshold code calls no StaticThreshold with PAL's default answers");
    return cp->why[0] ? -1 : 0;
}

static xmlNode *datasource(xmlNode *an, const char *var)
{
    for (xmlNode *c = an->children; c; c = c->next)
        if (is_el(c, "DATASOURCE")) {
            char *cv = prop(c, "COLLECTIONVARNAME");
            int hit = cv && var && strcasecmp(cv, var) == 0;
            free(cv);
            if (hit)
                return c;
        }
    return NULL;
}

typedef struct limits {
    double warn, crit;
    int op; /* -1 unknown */
    int trend; /* -1 unknown, 0 value tests, 1 -IsTrendOnly $True */
    char var[128];
    const char *why; /* refusal */
    int computed; /* a limit is a PowerShell $variable (PAL asks questions for them) */
    ps_an_band bands[16];
    size_t nbands;
} limits;

static void add_band(limits *l, double lo, double hi, enum ps_an_sev sev)
{
    if (l->nbands < sizeof l->bands / sizeof l->bands[0])
        l->bands[l->nbands++] = (ps_an_band){fmin(lo, hi), fmax(lo, hi), sev};
}

static void threshold_line(pal_ctx *cx, const char *line, enum ps_an_sev sev, limits *l)
{
    regmatch_t m[4], mv[2];
    if (regexec(&cx->re_th, line, 4, m, 0) != 0)
        return;
    char opname[4];
    snprintf(opname, sizeof opname, "%.*s", (int)(m[1].rm_eo - m[1].rm_so), line + m[1].rm_so);
    static const char *const ops[] = {"gt", "ge", "lt", "le"};
    int op = -1;
    for (int i = 0; i < 4; i++)
        if (strcasecmp(opname, ops[i]) == 0)
            op = i;
    double v;
    if (pal_number(line + m[2].rm_so, (size_t)(m[2].rm_eo - m[2].rm_so), &v) != 0) {
        l->why = "a limit is computed by PowerShell code (a $variable, not a number)";
        l->computed = 1;
        return;
    }
    int trend = regexec(&cx->re_trend, line, 0, NULL, 0) == 0;
    if (l->trend >= 0 && l->trend != trend) {
        l->why = "its thresholds mix trend-only and value tests";
        return;
    }
    l->trend = trend;
    if (regexec(&cx->re_var, line, 2, mv, 0) == 0) {
        char var[128];
        snprintf(var, sizeof var, "%.*s", (int)(mv[1].rm_eo - mv[1].rm_so), line + mv[1].rm_so);
        if (l->var[0] && strcasecmp(var, l->var) != 0)
            l->why = "its thresholds test different counters";
        snprintf(l->var, sizeof l->var, "%s", var);
    }
    int greater = op <= 1;
    if (l->op >= 0 && (l->op <= 1) != greater) {
        l->why = "its thresholds mix greater-than and less-than tests";
        return;
    }
    if (l->op < 0 || (op == PS_AN_GT || op == PS_AN_LT))
        l->op = op;
    double *lim = sev == PS_AN_CRITICAL ? &l->crit : &l->warn;
    if (!isnan(*lim)) { /* the least severe limit of the level; the other is a band */
        double keep = greater ? fmin(*lim, v) : fmax(*lim, v), other = greater ? fmax(*lim, v) : fmin(*lim, v);
        add_band(l, other, greater ? INFINITY : -INFINITY, sev);
        *lim = keep;
    } else {
        *lim = v;
    }
}

static void each_code_line(pal_ctx *cx, xmlNode *parent, enum ps_an_sev sev, limits *l, int chart)
{
    for (xmlNode *c = parent->children; c; c = c->next) {
        if (!is_el(c, "CODE"))
            continue;
        ps_buf code = {0};
        node_text(c, &code);
        for (char *p = code.data; p && *p;) {
            char *e = strchr(p, '\n');
            if (e)
                *e = 0;
            while (*p == ' ' || *p == '\t')
                p++;
            regmatch_t m[3];
            if (!chart && *p != '#') {
                threshold_line(cx, p, sev, l);
            } else if (chart && regexec(&cx->re_chart, p, 3, m, 0) == 0) {
                double lo, hi;
                if (pal_number(p + m[1].rm_so, (size_t)(m[1].rm_eo - m[1].rm_so), &lo) == 0 &&
                    pal_number(p + m[2].rm_so, (size_t)(m[2].rm_eo - m[2].rm_so), &hi) == 0)
                    add_band(l, lo, hi, sev);
            }
            p = e ? e + 1 : NULL;
        }
        ps_buf_fini(&code);
    }
}

/* PAL's ConvertToDataType: DATATYPE integer -> 0 decimals, roundN -> N, anything else (double,
 * absent) -> -1, no rounding. */
static int datatype_digits(xmlNode *ds)
{
    char *t = ds ? prop(ds, "DATATYPE") : NULL;
    int d = -1;
    if (t && strcasecmp(t, "integer") == 0)
        d = 0;
    else if (t && strncasecmp(t, "round", 5) == 0 && t[5] >= '1' && t[5] <= '6' && !t[6])
        d = t[5] - '0';
    free(t);
    return d;
}

static enum ps_an_sev condition(xmlNode *n, const char *attr)
{
    char *c = prop(n, attr);
    enum ps_an_sev s = c && strcasecmp(c, "critical") == 0 ? PS_AN_CRITICAL : PS_AN_WARNING;
    free(c);
    return s;
}

static void analysis(pal_ctx *cx, xmlNode *an, const char *path)
{
    char *name = prop(an, "NAME");
    const char *nm = name ? name : "(unnamed)";
    limits l = {.warn = NAN, .crit = NAN, .op = -1, .trend = -1};
    int nthresholds = 0;
    for (xmlNode *th = an->children; th; th = th->next)
        if (is_el(th, "THRESHOLD")) {
            nthresholds++;
            each_code_line(cx, th, condition(th, "CONDITION"), &l, 0);
        }
    /* limits PowerShell computes (from the answers to the questions or the log): evaluated by
     * an_pscode.c when the code stays within its subset, else a statistics-only section */
    computed cp = {0};
    int use_code = l.computed && compile_codes(cx, an, &cp) == 0;
    int stats_only = nthresholds == 0 || (l.computed && !use_code);
    char *question = l.computed ? questions_used(cx, an) : NULL;
    if (l.computed && !use_code) {
        char *q = question;
        ps_buf b = {0};
        ps_buf_printf(&b, "%s%s%s", q ? q : "", q ? "; " : "", cp.why);
        question = ps_buf_steal(&b);
        free(q);
        computed_free(&cp);
    }
    xmlNode *ds = stats_only ? primary_datasource(an) : datasource(an, use_code ? cp.var : l.var);
    char *type = ds ? prop(ds, "TYPE") : NULL;
    char *counter = ds ? prop(ds, "NAME") : NULL;
    const char *why = stats_only || use_code ? NULL : l.why;
    if (stats_only && !ds)
        why = nthresholds ? "a limit is computed by PowerShell code and no counter of the log feeds it"
                          : "no THRESHOLD (chart only) and no counter of the log";
    if (!why && !stats_only && !use_code && isnan(l.warn) && isnan(l.crit))
        why = "no StaticThreshold call with a literal limit";
    if (!why && !ds)
        why = "the threshold's counter collection is not a DATASOURCE of the analysis";
    if (!why && type && strcasecmp(type, "CounterLog") != 0)
        why = "its counter is generated by PowerShell code";
    ps_error e = {0};
    if (!why) {
        ps_an_rule *r = ps_an_rule_add(cx->set);
        char id[300];
        snprintf(id, sizeof id, "%s", nm);
        for (int k = 2; k < 100 && ps_an_rule_index(cx->set, id) != SIZE_MAX; k++)
            snprintf(id, sizeof id, "%s #%d", nm, k);
        r->id = ps_xstrdup(id);
        r->title = ps_xstrdup(nm);
        r->category = prop(an, "CATEGORY");
        r->origin = ps_xstrdup(path);
        r->source = ps_xstrdup(path);
        r->counters = ps_xcalloc(1, sizeof *r->counters);
        r->counters[r->ncounters++] = ps_xstrdup(counter);
        r->pal = 1;
        r->stat = l.trend == 1 ? PS_AN_STAT_TREND : PS_AN_STAT_ANY; /* StaticThreshold */
        r->digits = datatype_digits(ds);
        if (use_code) {
            r->stat = cp.trend == 1 ? PS_AN_STAT_TREND : PS_AN_STAT_ANY;
            r->op = (enum ps_an_op)cp.op;
            r->codes = ps_xcalloc(cp.n, sizeof *r->codes);
            r->code_sev = ps_xcalloc(cp.n, sizeof *r->code_sev);
            for (size_t i = 0; i < cp.n; i++)
                r->codes[i] = cp.code[i], r->code_sev[i] = cp.sev[i];
            r->ncodes = cp.n;
            cp.n = 0;
            r->question = question;
            question = NULL;
            for (xmlNode *d = an->children; d; d = d->next) {
                char *cv = is_el(d, "DATASOURCE") ? prop(d, "COLLECTIONVARNAME") : NULL;
                if (!cv)
                    continue;
                r->coll_vars = ps_xrealloc(r->coll_vars, (r->ncoll + 1) * sizeof *r->coll_vars);
                r->coll_counters = ps_xrealloc(r->coll_counters, (r->ncoll + 1) * sizeof *r->coll_counters);
                r->coll_vars[r->ncoll] = cv;
                r->coll_counters[r->ncoll++] = prop(d, "NAME");
            }
            for (size_t i = 0; i < r->ncoll; i++)
                if (!r->coll_counters[i])
                    r->coll_counters[i] = ps_xstrdup("");
            cx->set->pal_computed++;
        } else if (stats_only) {
            r->chart_only = 1;
            r->op = PS_AN_GT;
            r->question = question ? question
                                   : ps_xstrdup(nthresholds ? "its limit is computed by PowerShell code from the log; "
                                                              "perfscribe does not run PowerShell"
                                                            : "PAL charts this analysis without thresholds");
            question = NULL;
        } else {
            r->op = (enum ps_an_op)l.op;
            r->warning = l.warn;
            r->critical = l.crit;
        }
        for (xmlNode *x = ds->children; x; x = x->next)
            if (is_el(x, "EXCLUDE")) {
                r->exclude = ps_xrealloc(r->exclude, (r->nexclude + 1) * sizeof *r->exclude);
                r->exclude[r->nexclude++] = prop(x, "INSTANCE");
            }
        if (r->nexclude == 0) { /* PAL tests every instance unless told */
            r->include = ps_xcalloc(1, sizeof *r->include);
            r->include[r->ninclude++] = ps_xstrdup("*");
        }
        for (size_t i = 0; i < r->nexclude; i++)
            if (!r->exclude[i])
                r->exclude[i] = ps_xstrdup("");
        limits chart = {.warn = NAN, .crit = NAN, .op = -1, .trend = -1};
        for (xmlNode *ch = an->children; ch; ch = ch->next)
            if (is_el(ch, "CHART"))
                for (xmlNode *se = ch->children; se; se = se->next)
                    if (is_el(se, "SERIES"))
                        each_code_line(cx, se, condition(se, "NAME"), &chart, 1);
        for (size_t i = 0; i < chart.nbands; i++)
            l.bands[l.nbands < 16 ? l.nbands++ : 15] = chart.bands[i];
        if (chart.nbands) { /* the chart's own bands replace the defaults */
            r->bands = ps_xcalloc(l.nbands, sizeof *r->bands);
            memcpy(r->bands, l.bands, l.nbands * sizeof *r->bands);
            r->nbands = l.nbands;
        }
        for (xmlNode *d = an->children; d; d = d->next)
            if (is_el(d, "DESCRIPTION") && !r->description) {
                ps_buf t = {0};
                node_text(d, &t);
                r->description = strip_html(t.data);
                ps_buf_fini(&t);
            }
        if (ps_an_rule_finish(cx->set, r, &e) != PS_OK) {
            why = e.msg;
            ps_an_ruleset_drop_last(cx->set);
        }
    }
    if (why)
        ps_an_ruleset_refuse(cx->set, "%s: analysis '%s': %s", path, nm, why);
    computed_free(&cp);
    free(type);
    free(counter);
    free(question);
    free(name);
}

static int pal_file(pal_ctx *cx, const char *path, ps_error *err);

static void inherit(pal_ctx *cx, const char *path, const char *target)
{
    if (!target || !*target)
        return;
    if (strpbrk(target, "/\\") || strcmp(target, "..") == 0 || strcmp(target, ".") == 0) {
        ps_warn(cx->w, "%s: inherited file %s not imported: only a file name beside this file is imported", path,
                target);
        return;
    }
    char full[1200];
    const char *slash = strrchr(path, '/');
    snprintf(full, sizeof full, "%.*s%s", slash ? (int)(slash - path + 1) : 0, path, target);
    struct stat st;
    if (stat(full, &st) != 0 || !S_ISREG(st.st_mode)) {
        ps_warn(cx->w, "%s: inherited file %s not found (or not a regular file); its analyses are not imported", path,
                target);
        return;
    }
    if (cx->depth >= PAL_MAX_DEPTH) {
        ps_warn(cx->w, "%s: inheritance deeper than %d files; %s not imported", path, PAL_MAX_DEPTH, target);
        return;
    }
    ps_error e = {0};
    cx->depth++;
    if (pal_file(cx, full, &e) != PS_OK) {
        char msg[1200];
        ps_error_format(&e, msg, sizeof msg);
        ps_warn(cx->w, "%s: inherited file not imported: %s", path, msg);
    }
    cx->depth--;
}

static int pal_file(pal_ctx *cx, const char *path, ps_error *err)
{
    void *d;
    int rc = ps_pal_read_doc(path, &d, err);
    if (rc)
        return rc;
    xmlDoc *doc = d;
    xmlNode *root = xmlDocGetRootElement(doc);
    if (!root || !is_el(root, "PAL")) {
        xmlFreeDoc(doc);
        return ps_error_set(err, PS_EINPUT, path, 1, 1, "not a PAL threshold file (root element is not <PAL>)");
    }
    char *inh = NULL;
    for (xmlNode *q = root->children; q; q = q->next)
        if (is_el(q, "QUESTION"))
            add_question(cx, q);
    for (xmlNode *an = root->children; an; an = an->next) {
        if (is_el(an, "INHERITANCE")) {
            free(inh);
            inh = prop(an, "FILEPATH");
        }
        if (!is_el(an, "ANALYSIS"))
            continue;
        char *enabled = prop(an, "ENABLED"), *id = prop(an, "ID");
        int seen = id && *id && ps_hash_get(&cx->ids, id, strlen(id)) != PS_HASH_NONE;
        if (!seen && cx->set->n >= PS_AN_MAX_RULES) {
            free(enabled);
            free(id);
            xmlFreeDoc(doc);
            free(inh);
            return ps_error_set(err, PS_EINPUT, path, 1, 1,
                                "too many analyses: at most " PS_AN_MAX_RULES_TEXT " rules in one analysis");
        }
        if (!seen) {
            cx->set->pal_analyses++;
            if (enabled && strcasecmp(enabled, "false") == 0)
                cx->set->pal_disabled++;
            else
                analysis(cx, an, path);
        }
        if (!seen && id && *id)
            ps_hash_put(&cx->ids, id, strlen(id), 1);
        free(id);
        free(enabled);
    }
    xmlFreeDoc(doc);
    inherit(cx, path, inh);
    free(inh);
    return PS_OK;
}

int ps_rules_import_pal(const char *path, ps_an_ruleset *set, ps_warnings *w, ps_error *err)
{
    pal_ctx cx = {.set = set, .w = w};
    ps_hash_init(&cx.ids, PS_HASH_NOCASE);
    regcomp(&cx.re_th,
            "^StaticThreshold[[:space:]].*-Operator[[:space:]]+'?(gt|ge|lt|le)'?[[:space:]].*"
            "-Threshold[[:space:]]+([^[:space:]]+)",
            REG_EXTENDED | REG_ICASE);
    regcomp(&cx.re_var, "-CollectionOfCounterInstances[[:space:]]+\\$([^[:space:]]+)", REG_EXTENDED | REG_ICASE);
    regcomp(&cx.re_trend, "-IsTrendOnly[[:space:]]+\\$true", REG_EXTENDED | REG_ICASE);
    regcomp(&cx.re_chart,
            "StaticChartThreshold[[:space:]].*-MinThreshold[[:space:]]+([^[:space:]]+)[[:space:]]+"
            "-MaxThreshold[[:space:]]+([^[:space:]]+)",
            REG_EXTENDED | REG_ICASE);
    int rc = pal_file(&cx, path, err);
    regfree(&cx.re_th);
    regfree(&cx.re_var);
    regfree(&cx.re_chart);
    regfree(&cx.re_trend);
    ps_hash_fini(&cx.ids);
    return rc;
}
