/* an_pscode_eval.c - evaluation of compiled PAL threshold code (an_pscode.c has the language
 * subset, the tokens and the values): expressions by precedence (comparison, sum, term, unary,
 * primary, members), statements (assignments, If/ElseIf/Else, switch, StaticThreshold) and
 * ps_an_code_run. Anything outside the subset fails with the construct named.
 */
#include "an_pscode_internal.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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
        return ps_an_pv_fail(r, "'%s' expected", s);
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
        return ps_an_pv_fail(r, "$%s is set by neither the code nor a QUESTION", name);
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
        return ps_an_pv_fail(r, "%s: too many variables", name);
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
            return ps_an_pv_fail(r, "the instance count of $%s is not known", var ? var : "?");
        *v = ps_an_pv_num(n);
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
    ps_an_pv_to_text(*v, t, sizeof t);
    if (strcasecmp(name, "ToUpper") == 0 || strcasecmp(name, "ToLower") == 0) {
        for (char *p = t; *p; p++)
            *p = (char)(name[2] == 'U' || name[2] == 'u' ? toupper((unsigned char)*p) : tolower((unsigned char)*p));
        *v = ps_an_pv_str(t);
    } else if (strcasecmp(name, "Substring") == 0 && na >= 1) {
        double s, n = -1;
        if (ps_an_pv_to_num(r, a[0], &s) || (na == 2 && ps_an_pv_to_num(r, a[1], &n)))
            return -1;
        size_t len = strlen(t);
        if (s < 0 || s > (double)len || (na == 2 && (n < 0 || s + n > (double)len)))
            return ps_an_pv_fail(r, "%s: Substring outside the text", t);
        if (na == 2)
            t[(size_t)(s + n)] = 0;
        *v = ps_an_pv_str(t + (size_t)s);
    } else {
        return ps_an_pv_fail(r, "the method %s is not evaluated", name);
    }
    return 0;
}

static int unary(run *r, ps_an_pval *v);

static int primary(run *r, ps_an_pval *v)
{
    const tok *t = cur(r);
    char var[96] = "";
    if (t->k == T_NUM) {
        *v = ps_an_pv_num(t->n), r->i++;
    } else if (t->k == T_STR) {
        *v = ps_an_pv_str(t->s), r->i++;
    } else if (t->k == T_VAR) {
        snprintf(var, sizeof var, "%s", t->s);
        r->i++;
        if (is_p(r, "(")) /* $( subexpression ) */
            return ps_an_pv_fail(r, "%s", "$(...) after a variable");
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
            return ps_an_pv_fail(r, "%s", "[Math] method other than Round");
        r->i++;
        ps_an_pval a[2] = {{0}, {0}};
        double x, d = 0;
        if (expect(r, "(") || expr(r, &a[0]))
            return -1;
        if (is_p(r, ",")) {
            r->i++;
            if (expr(r, &a[1]) || ps_an_pv_to_num(r, a[1], &d))
                return -1;
        }
        if (expect(r, ")") || ps_an_pv_to_num(r, a[0], &x))
            return -1;
        *v = ps_an_pv_num(ps_an_pv_round_even(x, (int)d));
    } else {
        return ps_an_pv_fail(r, "'%s' is not evaluated in an expression", t->k == T_END ? "end of code" : t->s);
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
            return *v = (ps_an_pval){.kind = PS_AN_PV_BOOL, .n = !ps_an_pv_truthy(*v)}, 0;
        if (ps_an_pv_to_num(r, *v, &d))
            return -1;
        *v = ps_an_pv_num(-d);
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
            if (ps_an_pv_to_num(r, *v, &d))
                return -1;
            *v = ps_an_pv_num(ps_an_pv_round_even(d, 0));
        } else if (strcasecmp(type, "double") == 0) {
            double d;
            if (ps_an_pv_to_num(r, *v, &d))
                return -1;
            *v = ps_an_pv_num(d);
        } else if (strcasecmp(type, "string") == 0) {
            char t[sizeof v->s];
            ps_an_pv_to_text(*v, t, sizeof t);
            *v = ps_an_pv_str(t);
        } else {
            return ps_an_pv_fail(r, "the cast [%s] is not evaluated", type);
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
            return ps_an_pv_fail(r, "%s", "text repeated by '*'");
        if (ps_an_pv_to_num(r, *v, &x) || ps_an_pv_to_num(r, b, &y))
            return -1;
        if (op != '*' && y == 0)
            return ps_an_pv_fail(r, "%s", "division by zero");
        *v = ps_an_pv_num(op == '*' ? x * y : op == '/' ? x / y : fmod(x, y));
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
            ps_an_pv_to_text(b, t, sizeof t);
            snprintf(u, sizeof u, "%s%s", v->s, t);
            u[sizeof v->s - 1] = 0;
            *v = ps_an_pv_str(u);
            continue;
        }
        if (ps_an_pv_to_num(r, *v, &x) || ps_an_pv_to_num(r, b, &y))
            return -1;
        *v = ps_an_pv_num(op == '+' ? x + y : x - y);
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
        if (sum(r, &b) || ps_an_pv_compare(r, *v, b, op, &res))
            return -1;
        *v = (ps_an_pval){.kind = PS_AN_PV_BOOL, .n = res};
    }
    return 0;
}

static int expr(run *r, ps_an_pval *v)
{
    if (++r->depth > MAX_DEPTH)
        return ps_an_pv_fail(r, "%s", "expression nested too deeply");
    int rc = comparison(r, v);
    while (!rc && cur(r)->k == T_DASH && (strcasecmp(cur(r)->s, "and") == 0 || strcasecmp(cur(r)->s, "or") == 0)) {
        int and = tolower((unsigned char)cur(r)->s[0]) == 'a';
        ps_an_pval b;
        r->i++;
        skip_nl(r);
        rc = comparison(r, &b);
        *v = (ps_an_pval){.kind = PS_AN_PV_BOOL, .n = and? ps_an_pv_truthy(*v) && ps_an_pv_truthy(b) : ps_an_pv_truthy(*v) || ps_an_pv_truthy(b)};
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
            return ps_an_pv_fail(r, "%s", "'}' missing");
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
            if (ps_an_pv_to_num(r, v, &call.limit))
                return -1;
        } else if (strcasecmp(name, "IsTrendOnly") == 0) {
            call.trend = ps_an_pv_truthy(v);
        } else {
            return ps_an_pv_fail(r, "StaticThreshold -%s is not evaluated", name);
        }
    }
    if (call.op < 0 || !call.collection[0])
        return ps_an_pv_fail(r, "%s", "StaticThreshold without -Operator or -CollectionOfCounterInstances");
    if (r->out->ncalls == PS_AN_CODE_MAX_CALLS)
        return ps_an_pv_fail(r, "%s", "too many StaticThreshold calls");
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
            int go = exec && !taken && ps_an_pv_truthy(c);
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
                if (primary(r, &lit) || ps_an_pv_compare(r, v, lit, "eq", &hit))
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
                return ps_an_pv_fail(r, "%s", "a statement starting with '['");
            snprintf(type, sizeof type, "%s", r->c->t[r->i + 1].s);
            r->i += 2;
            if (expect(r, "]"))
                return -1;
        }
        snprintf(name, sizeof name, "%s", cur(r)->s);
        r->i++;
        if (expect(r, "="))
            return ps_an_pv_fail(r, "$%s: only assignments are evaluated", name);
        ps_an_pval v;
        if (expr(r, &v))
            return -1;
        if (type[0]) {
            double d;
            if (strcasecmp(type, "int") == 0) {
                if (ps_an_pv_to_num(r, v, &d))
                    return -1;
                v = ps_an_pv_num(ps_an_pv_round_even(d, 0));
            } else if (strcasecmp(type, "string") == 0) {
                char s[sizeof v.s];
                ps_an_pv_to_text(v, s, sizeof s);
                v = ps_an_pv_str(s);
            } else {
                return ps_an_pv_fail(r, "the cast [%s] is not evaluated", type);
            }
        }
        return exec ? assign(r, name, v) : 0;
    }
    if (t->k == T_WORD)
        return ps_an_pv_fail(r, "the command %s is not evaluated", t->s);
    return ps_an_pv_fail(r, "'%s' is not evaluated as a statement", t->k == T_END ? "end of code" : t->s);
}

static int statements(run *r, int exec, int until_brace)
{
    for (;;) {
        skip_nl(r);
        if (cur(r)->k == T_END)
            return until_brace ? ps_an_pv_fail(r, "%s", "'}' missing") : 0;
        if (until_brace && is_p(r, "}"))
            return r->i++, 0;
        if (statement(r, exec))
            return -1;
        if (cur(r)->k != T_NL && cur(r)->k != T_END && !is_p(r, "}"))
            return ps_an_pv_fail(r, "'%s' after a complete statement", cur(r)->s);
    }
}

static int block(run *r, int exec)
{
    skip_nl(r);
    if (expect(r, "{"))
        return -1;
    if (++r->depth > MAX_DEPTH)
        return ps_an_pv_fail(r, "%s", "blocks nested too deeply");
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
