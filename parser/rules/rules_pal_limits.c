/* rules_pal_limits.c - the parts of one PAL ANALYSIS that rules_pal.c imports: its texts
 * (HTML stripped), the QUESTIONs its code reads, its StaticThreshold and StaticChartThreshold
 * lines (limits, bands, trend-only, operator, the collection tested) and, for limits PowerShell
 * computes from the answers, its threshold CODE compiled and dry-run (model/analyze/an_pscode.c).
 */
#include "rules_pal_internal.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Text and CDATA children only (entities are never expanded). */
void ps_pal_node_text(xmlNode *n, ps_buf *b)
{
    for (xmlNode *t = n->children; t; t = t->next)
        if ((t->type == XML_TEXT_NODE || t->type == XML_CDATA_SECTION_NODE) && t->content)
            ps_buf_puts(b, (const char *)t->content);
}

char *ps_pal_strip_html(const char *s)
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
xmlNode *ps_pal_primary_datasource(xmlNode *an)
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
char *ps_pal_questions_used(pal_ctx *cx, xmlNode *an)
{
    ps_buf code = {0}, out = {0};
    for (xmlNode *th = an->children; th; th = th->next)
        if (is_el(th, "THRESHOLD"))
            for (xmlNode *c = th->children; c; c = c->next)
                if (is_el(c, "CODE"))
                    ps_pal_node_text(c, &code);
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

/* A QUESTION of the file, kept once per variable: the file's own question wins over an
 * inherited one (the child is read first), as PAL's merge of inherited questions does. */
void ps_pal_add_question(pal_ctx *cx, xmlNode *q)
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
    ps_pal_node_text(q, &t);
    char *text = ps_pal_strip_html(t.data);
    ps_buf_fini(&t);
    set->questions = ps_xrealloc(set->questions, (set->nquestions + 1) * sizeof *set->questions);
    set->questions[set->nquestions++] =
        (ps_an_question){var, text ? text : ps_xstrdup(""), prop(q, "DEFAULTVALUE"), prop(q, "DATATYPE")};
}

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

void ps_pal_computed_free(computed *cp)
{
    for (size_t i = 0; i < cp->n; i++)
        ps_an_code_free(cp->code[i]);
    cp->n = 0;
}

/* Compile the first CODE of every THRESHOLD (PAL runs only that one) and check it evaluates:
 * 0, or -1 with cp->why. */
int ps_pal_compile_codes(pal_ctx *cx, xmlNode *an, computed *cp)
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
        ps_pal_node_text(c, &text);
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
        cp->sev[cp->n++] = ps_pal_condition(th, "CONDITION");
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

xmlNode *ps_pal_datasource(xmlNode *an, const char *var)
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

void ps_pal_each_code_line(pal_ctx *cx, xmlNode *parent, enum ps_an_sev sev, limits *l, int chart)
{
    for (xmlNode *c = parent->children; c; c = c->next) {
        if (!is_el(c, "CODE"))
            continue;
        ps_buf code = {0};
        ps_pal_node_text(c, &code);
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
int ps_pal_datatype_digits(xmlNode *ds)
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

enum ps_an_sev ps_pal_condition(xmlNode *n, const char *attr)
{
    char *c = prop(n, attr);
    enum ps_an_sev s = c && strcasecmp(c, "critical") == 0 ? PS_AN_CRITICAL : PS_AN_WARNING;
    free(c);
    return s;
}
