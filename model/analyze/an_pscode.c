/* an_pscode.c - the PowerShell subset of PAL's threshold CODE, evaluated without PowerShell.
 *
 * PAL (PAL.ps1 ProcessThreshold / ExecuteCodeForThreshold) runs each THRESHOLD's CODE with
 * Invoke-Expression after putting the answers to the file's QUESTIONs in scope. The code that
 * computes a limit from those answers uses a small part of the language: assignments, [Int] /
 * [string] casts, [Math]::Round, arithmetic with size suffixes (1MB, 2GB), -eq/-ne/-gt/-ge/-lt/-le,
 * -and/-or/-not, If/ElseIf/Else, switch on a value (every matching clause runs; default when none
 * does), .ToUpper(), .ToLower(), .Substring(), $collection.Count, and the StaticThreshold call.
 * This file evaluates exactly that part with PowerShell's rules where they matter (the right
 * operand takes the type of the left one: a string compares as text, case-insensitively; casts
 * and Round round half to even); anything else (loops, other commands) is refused with the
 * construct named, so the analysis stays a statistics-only section.
 */
#include "ps_analyze.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum tk { T_END, T_NL, T_VAR, T_NUM, T_STR, T_WORD, T_DASH, T_PUNCT };
typedef struct tok {
    enum tk k;
    char s[96];
    double n;
    int line;
} tok;
struct ps_an_code {
    tok *t;
    size_t n;
};

#define MAX_LOCALS 64
#define MAX_DEPTH 64
typedef struct run {
    const ps_an_code *c;
    size_t i;
    const ps_an_code_env *env;
    ps_an_pval loc[MAX_LOCALS];
    char locname[MAX_LOCALS][96];
    size_t nloc;
    ps_an_code_result *out;
    int depth, failed;
} run;

/* ------------------------------------------------------------------ tokens */

static const struct {
    const char *suffix;
    double mult;
} size_suffix[] = {
    {"KB", 1024.0}, {"MB", 1048576.0}, {"GB", 1073741824.0}, {"TB", 1099511627776.0}, {"PB", 1125899906842624.0}};

static void push(ps_an_code *c, size_t *cap, tok t)
{
    if (c->n == *cap) {
        *cap = *cap ? *cap * 2 : 64;
        c->t = ps_xrealloc(c->t, *cap * sizeof *c->t);
    }
    c->t[c->n++] = t;
}

int ps_an_code_compile(const char *text, ps_an_code **out, ps_error *err)
{
    ps_an_code *c = ps_xcalloc(1, sizeof *c);
    size_t cap = 0;
    int line = 1;
    const char *p = text ? text : "";
    while (*p) {
        tok t = {.line = line};
        if (*p == '#') {
            while (*p && *p != '\n')
                p++;
            continue;
        }
        if (*p == '\n' || *p == ';') {
            line += *p == '\n';
            t.k = T_NL, p++;
        } else if (isspace((unsigned char)*p) || *p == '`') {
            p++;
            continue;
        } else if (*p == '$' && (isalnum((unsigned char)p[1]) || p[1] == '_' || p[1] == ':')) {
            size_t n = 0;
            for (p++; (isalnum((unsigned char)*p) || *p == '_' || *p == ':') && n + 1 < sizeof t.s; p++)
                t.s[n++] = *p;
            t.k = T_VAR;
        } else if (isdigit((unsigned char)*p) || (*p == '.' && isdigit((unsigned char)p[1]))) {
            char *e;
            t.k = T_NUM, t.n = strtod(p, &e), p = e;
            for (size_t i = 0; i < sizeof size_suffix / sizeof size_suffix[0]; i++)
                if (strncasecmp(p, size_suffix[i].suffix, 2) == 0 && !isalnum((unsigned char)p[2])) {
                    t.n *= size_suffix[i].mult, p += 2;
                    break;
                }
        } else if (*p == '\'' || *p == '"') {
            char q = *p++;
            size_t n = 0;
            for (; *p && *p != q; p++)
                if (n + 1 < sizeof t.s)
                    t.s[n++] = *p;
            if (*p != q) {
                free(c->t), free(c);
                return ps_error_set(err, PS_EINPUT, "", line, 0, "unterminated string");
            }
            p++, t.k = T_STR;
        } else if (*p == '-' && isalpha((unsigned char)p[1])) {
            size_t n = 0;
            for (p++; isalnum((unsigned char)*p) && n + 1 < sizeof t.s; p++)
                t.s[n++] = *p;
            t.k = T_DASH;
        } else if (isalpha((unsigned char)*p) || *p == '_') {
            size_t n = 0;
            for (; (isalnum((unsigned char)*p) || *p == '_' || *p == '-') && n + 1 < sizeof t.s; p++)
                t.s[n++] = *p;
            t.k = T_WORD;
        } else {
            t.k = T_PUNCT;
            t.s[0] = *p++;
            if ((t.s[0] == ':' && *p == ':') || (t.s[0] == '+' && *p == '+') || (t.s[0] == '-' && *p == '-'))
                t.s[1] = *p++;
        }
        push(c, &cap, t);
    }
    push(c, &cap, (tok){.k = T_END, .line = line});
    *out = c;
    return PS_OK;
}

void ps_an_code_free(ps_an_code *c)
{
    if (c)
        free(c->t);
    free(c);
}

/* ------------------------------------------------------------------ values */

static ps_an_pval num(double n)
{
    return (ps_an_pval){.kind = PS_AN_PV_NUM, .n = n};
}
static ps_an_pval str(const char *s)
{
    ps_an_pval v = {.kind = PS_AN_PV_STR};
    size_t n = strnlen(s, sizeof v.s - 1);
    memcpy(v.s, s, n);
    v.s[n] = 0;
    return v;
}

static int fail(run *r, const char *fmt, const char *what)
{
    if (!r->failed) {
        r->failed = 1;
        snprintf(r->out->why, sizeof r->out->why, fmt, what);
        r->out->line = r->i < r->c->n ? r->c->t[r->i].line : 0;
    }
    return -1;
}

/* PowerShell's conversion to a number: "" and $null are 0, booleans 1/0, text must be a number. */
static int to_num(run *r, ps_an_pval v, double *d)
{
    if (v.kind == PS_AN_PV_STR) {
        const char *s = v.s;
        while (isspace((unsigned char)*s))
            s++;
        if (!*s)
            return *d = 0, 0;
        if (ps_parse_double(s, strlen(s), d) != 0)
            return fail(r, "'%s' is not a number", v.s);
        return 0;
    }
    *d = v.kind == PS_AN_PV_NULL ? 0 : v.n;
    return 0;
}

static void to_text(ps_an_pval v, char *buf, size_t n)
{
    if (v.kind == PS_AN_PV_STR)
        snprintf(buf, n, "%s", v.s);
    else if (v.kind == PS_AN_PV_BOOL)
        snprintf(buf, n, "%s", v.n != 0 ? "True" : "False");
    else if (v.kind == PS_AN_PV_NULL)
        buf[0] = 0;
    else
        snprintf(buf, n, "%.17g", v.n);
}

static int truthy(ps_an_pval v)
{
    if (v.kind == PS_AN_PV_STR)
        return v.s[0] != 0;
    return v.kind != PS_AN_PV_NULL && v.n != 0;
}

/* Round half to even (PowerShell [int] casts, [Math]::Round). */
static double round_even(double x, int digits)
{
    double k = pow(10, digits);
    return nearbyint(x * k) / k;
}

/* l OP r with the right operand converted to the left one's type. Returns -1 on error. */
static int compare(run *r, ps_an_pval l, ps_an_pval rv, const char *op, int *res)
{
    int c;
    if (l.kind == PS_AN_PV_STR) {
        char t[sizeof rv.s];
        to_text(rv, t, sizeof t);
        c = strcasecmp(l.s, t);
    } else if (l.kind == PS_AN_PV_BOOL) {
        c = (l.n != 0) - truthy(rv);
    } else if (l.kind == PS_AN_PV_NULL) {
        c = rv.kind == PS_AN_PV_NULL ? 0 : -1;
    } else {
        double d;
        if (to_num(r, rv, &d))
            return -1;
        c = l.n < d ? -1 : l.n > d ? 1 : 0;
    }
    static const struct {
        const char *name;
        int lt, eq, gt;
    } ops[] = {{"eq", 0, 1, 0}, {"ne", 1, 0, 1}, {"gt", 0, 0, 1}, {"ge", 0, 1, 1}, {"lt", 1, 0, 0}, {"le", 1, 1, 0}};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (strcasecmp(op, ops[i].name) == 0 ||
            (tolower((unsigned char)op[0]) == 'i' && strcasecmp(op + 1, ops[i].name) == 0)) {
            *res = c < 0 ? ops[i].lt : c > 0 ? ops[i].gt : ops[i].eq;
            return 0;
        }
    return fail(r, "operator -%s is not evaluated", op);
}

/* ------------------------------------------------------------------ expressions */

static const tok *cur(run *r)
{
    return &r->c->t[r->i];
}
static int is_p(run *r, const char *s)
{
    return cur(r)->k == T_PUNCT && strcmp(cur(r)->s, s) == 0;
}
static int is_w(run *r, const char *s)
{
    return cur(r)->k == T_WORD && strcasecmp(cur(r)->s, s) == 0;
}
static int expect(run *r, const char *s)
{
    if (!is_p(r, s))
        return fail(r, "'%s' expected", s);
    r->i++;
    return 0;
}
static void skip_nl(run *r)
{
    while (cur(r)->k == T_NL)
        r->i++;
}

static int expr(run *r, ps_an_pval *v);

static int lookup(run *r, const char *name, ps_an_pval *v)
{
    for (size_t i = r->nloc; i-- > 0;)
        if (strcasecmp(r->locname[i], name) == 0)
            return *v = r->loc[i], 0;
    static const char *const consts[] = {"true", "false", "null"};
    for (int i = 0; i < 3; i++)
        if (strcasecmp(name, consts[i]) == 0)
            return *v = (ps_an_pval){.kind = i == 2 ? PS_AN_PV_NULL : PS_AN_PV_BOOL, .n = i == 0}, 0;
    *v = (ps_an_pval){.kind = PS_AN_PV_NULL};
    int got = r->env && r->env->lookup ? r->env->lookup(r->env->ctx, name, v) : 0;
    if (got == 0) /* PowerShell reads $null; a limit from it is no limit: refuse */
        return fail(r, "$%s is set by neither the code nor a QUESTION", name);
    if (got < 0 && r->out->nmissing < PS_AN_CODE_MAX_MISSING) {
        size_t k;
        for (k = 0; k < r->out->nmissing && strcasecmp(r->out->missing[k], name) != 0; k++)
            ;
        if (k == r->out->nmissing)
            snprintf(r->out->missing[r->out->nmissing++], sizeof r->out->missing[0], "%s", name);
    }
    return 0;
}

static int assign(run *r, const char *name, ps_an_pval v)
{
    for (size_t i = r->nloc; i-- > 0;)
        if (strcasecmp(r->locname[i], name) == 0)
            return r->loc[i] = v, 0;
    if (r->nloc == MAX_LOCALS)
        return fail(r, "%s: too many variables", name);
    snprintf(r->locname[r->nloc], sizeof r->locname[0], "%s", name);
    r->loc[r->nloc++] = v;
    return 0;
}

/* Method call or property on v: .ToUpper() .ToLower() .Substring(a[,b]) .Count */
static int member(run *r, const char *var, ps_an_pval *v)
{
    char name[96];
    snprintf(name, sizeof name, "%s", cur(r)->s);
    r->i++;
    if (strcasecmp(name, "Count") == 0 && !is_p(r, "(")) {
        double n;
        if (!var || !r->env || !r->env->count || r->env->count(r->env->ctx, var, &n) != 0)
            return fail(r, "the instance count of $%s is not known", var ? var : "?");
        *v = num(n);
        return 0;
    }
    ps_an_pval a[2];
    size_t na = 0;
    if (expect(r, "("))
        return -1;
    while (!is_p(r, ")") && na < 2) {
        if (expr(r, &a[na++]))
            return -1;
        if (is_p(r, ","))
            r->i++;
    }
    if (expect(r, ")"))
        return -1;
    char t[sizeof v->s];
    to_text(*v, t, sizeof t);
    if (strcasecmp(name, "ToUpper") == 0 || strcasecmp(name, "ToLower") == 0) {
        for (char *p = t; *p; p++)
            *p = (char)(name[2] == 'U' || name[2] == 'u' ? toupper((unsigned char)*p) : tolower((unsigned char)*p));
        *v = str(t);
    } else if (strcasecmp(name, "Substring") == 0 && na >= 1) {
        double s, n = -1;
        if (to_num(r, a[0], &s) || (na == 2 && to_num(r, a[1], &n)))
            return -1;
        size_t len = strlen(t);
        if (s < 0 || s > (double)len || (na == 2 && (n < 0 || s + n > (double)len)))
            return fail(r, "%s: Substring outside the text", t);
        if (na == 2)
            t[(size_t)(s + n)] = 0;
        *v = str(t + (size_t)s);
    } else {
        return fail(r, "the method %s is not evaluated", name);
    }
    return 0;
}

static int unary(run *r, ps_an_pval *v);

static int primary(run *r, ps_an_pval *v)
{
    const tok *t = cur(r);
    char var[96] = "";
    if (t->k == T_NUM) {
        *v = num(t->n), r->i++;
    } else if (t->k == T_STR) {
        *v = str(t->s), r->i++;
    } else if (t->k == T_VAR) {
        snprintf(var, sizeof var, "%s", t->s);
        r->i++;
        if (is_p(r, "(")) /* $( subexpression ) */
            return fail(r, "%s", "$(...) after a variable");
        int count = is_p(r, ".") && r->c->t[r->i + 1].k == T_WORD && strcasecmp(r->c->t[r->i + 1].s, "Count") == 0;
        if (!count && lookup(r, var, v)) /* $collection.Count: the collection itself is not read */
            return -1;
    } else if (t->k == T_PUNCT && t->s[0] == '$' && r->c->t[r->i + 1].k == T_PUNCT && r->c->t[r->i + 1].s[0] == '(') {
        r->i += 2;
        skip_nl(r);
        if (expr(r, v))
            return -1;
        skip_nl(r);
        if (expect(r, ")"))
            return -1;
    } else if (t->k == T_PUNCT && t->s[0] == '(') {
        r->i++;
        if (expr(r, v) || expect(r, ")"))
            return -1;
    } else if (t->k == T_PUNCT && t->s[0] == '[' && r->c->t[r->i + 1].k == T_WORD &&
               strcasecmp(r->c->t[r->i + 1].s, "Math") == 0) { /* [Math]::Round(x[, d]) */
        r->i += 2;
        if (expect(r, "]") || expect(r, "::") || !is_w(r, "Round"))
            return fail(r, "%s", "[Math] method other than Round");
        r->i++;
        ps_an_pval a[2] = {{0}, {0}};
        double x, d = 0;
        if (expect(r, "(") || expr(r, &a[0]))
            return -1;
        if (is_p(r, ",")) {
            r->i++;
            if (expr(r, &a[1]) || to_num(r, a[1], &d))
                return -1;
        }
        if (expect(r, ")") || to_num(r, a[0], &x))
            return -1;
        *v = num(round_even(x, (int)d));
    } else {
        return fail(r, "'%s' is not evaluated in an expression", t->k == T_END ? "end of code" : t->s);
    }
    while (is_p(r, ".") && r->c->t[r->i + 1].k == T_WORD) {
        r->i++;
        if (member(r, var[0] ? var : NULL, v))
            return -1;
        var[0] = 0;
    }
    return 0;
}

static int unary(run *r, ps_an_pval *v)
{
    if (is_p(r, "-") || is_p(r, "!") || (cur(r)->k == T_DASH && strcasecmp(cur(r)->s, "not") == 0)) {
        int neg = is_p(r, "-");
        double d;
        r->i++;
        if (unary(r, v))
            return -1;
        if (!neg)
            return *v = (ps_an_pval){.kind = PS_AN_PV_BOOL, .n = !truthy(*v)}, 0;
        if (to_num(r, *v, &d))
            return -1;
        *v = num(-d);
        return 0;
    }
    if (is_p(r, "[") && r->c->t[r->i + 1].k == T_WORD && r->c->t[r->i + 2].k == T_PUNCT &&
        r->c->t[r->i + 2].s[0] == ']') {
        const char *type = r->c->t[r->i + 1].s;
        if (strcasecmp(type, "Math") == 0)
            return primary(r, v);
        r->i += 3;
        if (unary(r, v))
            return -1;
        if (strcasecmp(type, "int") == 0 || strcasecmp(type, "int32") == 0 || strcasecmp(type, "int64") == 0 ||
            strcasecmp(type, "long") == 0) {
            double d;
            if (to_num(r, *v, &d))
                return -1;
            *v = num(round_even(d, 0));
        } else if (strcasecmp(type, "double") == 0) {
            double d;
            if (to_num(r, *v, &d))
                return -1;
            *v = num(d);
        } else if (strcasecmp(type, "string") == 0) {
            char t[sizeof v->s];
            to_text(*v, t, sizeof t);
            *v = str(t);
        } else {
            return fail(r, "the cast [%s] is not evaluated", type);
        }
        return 0;
    }
    return primary(r, v);
}

static int term(run *r, ps_an_pval *v)
{
    if (unary(r, v))
        return -1;
    while (is_p(r, "*") || is_p(r, "/") || is_p(r, "%")) {
        char op = cur(r)->s[0];
        ps_an_pval b;
        double x, y;
        r->i++;
        if (unary(r, &b))
            return -1;
        if (v->kind == PS_AN_PV_STR && op == '*')
            return fail(r, "%s", "text repeated by '*'");
        if (to_num(r, *v, &x) || to_num(r, b, &y))
            return -1;
        if (op != '*' && y == 0)
            return fail(r, "%s", "division by zero");
        *v = num(op == '*' ? x * y : op == '/' ? x / y : fmod(x, y));
    }
    return 0;
}

static int sum(run *r, ps_an_pval *v)
{
    if (term(r, v))
        return -1;
    while (is_p(r, "+") || is_p(r, "-")) {
        char op = cur(r)->s[0];
        ps_an_pval b;
        double x, y;
        r->i++;
        if (term(r, &b))
            return -1;
        if (v->kind == PS_AN_PV_STR && op == '+') {
            char t[sizeof v->s], u[sizeof v->s * 2];
            to_text(b, t, sizeof t);
            snprintf(u, sizeof u, "%s%s", v->s, t);
            u[sizeof v->s - 1] = 0;
            *v = str(u);
            continue;
        }
        if (to_num(r, *v, &x) || to_num(r, b, &y))
            return -1;
        *v = num(op == '+' ? x + y : x - y);
    }
    return 0;
}

static int comparison(run *r, ps_an_pval *v)
{
    if (sum(r, v))
        return -1;
    while (cur(r)->k == T_DASH && strcasecmp(cur(r)->s, "and") != 0 && strcasecmp(cur(r)->s, "or") != 0 &&
           strcasecmp(cur(r)->s, "not") != 0) {
        char op[96];
        ps_an_pval b;
        int res;
        snprintf(op, sizeof op, "%s", cur(r)->s);
        r->i++;
        if (sum(r, &b) || compare(r, *v, b, op, &res))
            return -1;
        *v = (ps_an_pval){.kind = PS_AN_PV_BOOL, .n = res};
    }
    return 0;
}

static int expr(run *r, ps_an_pval *v)
{
    if (++r->depth > MAX_DEPTH)
        return fail(r, "%s", "expression nested too deeply");
    int rc = comparison(r, v);
    while (!rc && cur(r)->k == T_DASH && (strcasecmp(cur(r)->s, "and") == 0 || strcasecmp(cur(r)->s, "or") == 0)) {
        int and = tolower((unsigned char)cur(r)->s[0]) == 'a';
        ps_an_pval b;
        r->i++;
        skip_nl(r);
        rc = comparison(r, &b);
        *v = (ps_an_pval){.kind = PS_AN_PV_BOOL, .n = and? truthy(*v) && truthy(b) : truthy(*v) || truthy(b)};
    }
    r->depth--;
    return rc;
}

/* ------------------------------------------------------------------ statements */

static int block(run *r, int exec);

/* Skip one balanced { ... } block without evaluating it. */
static int skip_block(run *r)
{
    skip_nl(r);
    if (expect(r, "{"))
        return -1;
    for (int depth = 1; depth > 0; r->i++) {
        if (cur(r)->k == T_END)
            return fail(r, "%s", "'}' missing");
        if (is_p(r, "{"))
            depth++;
        else if (is_p(r, "}"))
            depth--;
    }
    return 0;
}

static int static_threshold(run *r)
{
    ps_an_code_call call = {.op = -1};
    r->i++;
    while (cur(r)->k == T_DASH) {
        char name[96];
        ps_an_pval v;
        snprintf(name, sizeof name, "%s", cur(r)->s);
        r->i++;
        if (strcasecmp(name, "CollectionOfCounterInstances") == 0 && cur(r)->k == T_VAR) {
            snprintf(call.collection, sizeof call.collection, "%s", cur(r)->s);
            r->i++;
            continue;
        }
        if (unary(r, &v))
            return -1;
        if (strcasecmp(name, "Operator") == 0) {
            static const char *const ops[] = {"gt", "ge", "lt", "le"};
            for (int k = 0; k < 4; k++)
                if (v.kind == PS_AN_PV_STR && strcasecmp(v.s, ops[k]) == 0)
                    call.op = k;
        } else if (strcasecmp(name, "Threshold") == 0) {
            if (to_num(r, v, &call.limit))
                return -1;
        } else if (strcasecmp(name, "IsTrendOnly") == 0) {
            call.trend = truthy(v);
        } else {
            return fail(r, "StaticThreshold -%s is not evaluated", name);
        }
    }
    if (call.op < 0 || !call.collection[0])
        return fail(r, "%s", "StaticThreshold without -Operator or -CollectionOfCounterInstances");
    if (r->out->ncalls == PS_AN_CODE_MAX_CALLS)
        return fail(r, "%s", "too many StaticThreshold calls");
    r->out->calls[r->out->ncalls++] = call;
    return 0;
}

static int statement(run *r, int exec)
{
    const tok *t = cur(r);
    if (t->k == T_WORD && strcasecmp(t->s, "If") == 0) {
        int taken = 0;
        for (;;) {
            ps_an_pval c;
            r->i++;
            if (expect(r, "(") || expr(r, &c) || expect(r, ")"))
                return -1;
            int go = exec && !taken && truthy(c);
            if (go ? block(r, 1) : skip_block(r))
                return -1;
            taken |= go;
            size_t save = r->i;
            skip_nl(r);
            if (is_w(r, "ElseIf"))
                continue;
            if (is_w(r, "Else")) {
                r->i++;
                return exec && !taken ? block(r, 1) : skip_block(r);
            }
            r->i = save;
            return 0;
        }
    }
    if (t->k == T_WORD && strcasecmp(t->s, "switch") == 0) {
        ps_an_pval v;
        int matched = 0;
        r->i++;
        if (expect(r, "(") || expr(r, &v) || expect(r, ")"))
            return -1;
        skip_nl(r);
        if (expect(r, "{"))
            return -1;
        for (skip_nl(r); !is_p(r, "}"); skip_nl(r)) {
            int dflt = is_w(r, "default"), hit = 0;
            if (!dflt) {
                ps_an_pval lit;
                if (primary(r, &lit) || compare(r, v, lit, "eq", &hit))
                    return -1;
            } else {
                r->i++;
            }
            /* default runs when no clause matched: clauses before it are already decided and
             * PAL's code always puts it last */
            int go = exec && (dflt ? !matched : hit);
            matched |= hit;
            if (go ? block(r, 1) : skip_block(r))
                return -1;
        }
        r->i++;
        return 0;
    }
    if (t->k == T_WORD && strcasecmp(t->s, "StaticThreshold") == 0) {
        if (!exec) {
            while (cur(r)->k != T_NL && cur(r)->k != T_END && !is_p(r, "}"))
                r->i++;
            return 0;
        }
        return static_threshold(r);
    }
    if (t->k == T_VAR || (t->k == T_PUNCT && t->s[0] == '[')) { /* [type] $x = v  |  $x = v */
        char type[96] = "", name[96];
        if (t->k == T_PUNCT) {
            if (r->c->t[r->i + 1].k != T_WORD || r->c->t[r->i + 3].k != T_VAR)
                return fail(r, "%s", "a statement starting with '['");
            snprintf(type, sizeof type, "%s", r->c->t[r->i + 1].s);
            r->i += 2;
            if (expect(r, "]"))
                return -1;
        }
        snprintf(name, sizeof name, "%s", cur(r)->s);
        r->i++;
        if (expect(r, "="))
            return fail(r, "$%s: only assignments are evaluated", name);
        ps_an_pval v;
        if (expr(r, &v))
            return -1;
        if (type[0]) {
            double d;
            if (strcasecmp(type, "int") == 0) {
                if (to_num(r, v, &d))
                    return -1;
                v = num(round_even(d, 0));
            } else if (strcasecmp(type, "string") == 0) {
                char s[sizeof v.s];
                to_text(v, s, sizeof s);
                v = str(s);
            } else {
                return fail(r, "the cast [%s] is not evaluated", type);
            }
        }
        return exec ? assign(r, name, v) : 0;
    }
    if (t->k == T_WORD)
        return fail(r, "the command %s is not evaluated", t->s);
    return fail(r, "'%s' is not evaluated as a statement", t->k == T_END ? "end of code" : t->s);
}

static int statements(run *r, int exec, int until_brace)
{
    for (;;) {
        skip_nl(r);
        if (cur(r)->k == T_END)
            return until_brace ? fail(r, "%s", "'}' missing") : 0;
        if (until_brace && is_p(r, "}"))
            return r->i++, 0;
        if (statement(r, exec))
            return -1;
        if (cur(r)->k != T_NL && cur(r)->k != T_END && !is_p(r, "}"))
            return fail(r, "'%s' after a complete statement", cur(r)->s);
    }
}

static int block(run *r, int exec)
{
    skip_nl(r);
    if (expect(r, "{"))
        return -1;
    if (++r->depth > MAX_DEPTH)
        return fail(r, "%s", "blocks nested too deeply");
    int rc = statements(r, exec, 1);
    r->depth--;
    return rc;
}

int ps_an_code_run(const ps_an_code *c, const ps_an_code_env *env, ps_an_code_result *out)
{
    memset(out, 0, sizeof *out);
    run *r = ps_xcalloc(1, sizeof *r);
    r->c = c, r->env = env, r->out = out;
    int rc = statements(r, 1, 0);
    free(r);
    return rc ? -1 : 0;
}

ps_an_pval ps_an_answer_value(const char *text, const char *datatype)
{
    if (strcasecmp(text, "true") == 0 || strcasecmp(text, "$true") == 0 || strcasecmp(text, "false") == 0 ||
        strcasecmp(text, "$false") == 0)
        return (ps_an_pval){.kind = PS_AN_PV_BOOL, .n = tolower((unsigned char)text[text[0] == '$']) == 't'};
    double d;
    if (datatype && (strcasecmp(datatype, "integer") == 0 || strcasecmp(datatype, "int") == 0) &&
        ps_parse_double(text, strlen(text), &d) == 0)
        return num(round_even(d, 0));
    return str(text);
}
