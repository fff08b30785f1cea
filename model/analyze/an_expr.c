/* an_expr.c - derived counters: a small arithmetic expression compiled to postfix code.
 *
 * Grammar (no variables but counters, no functions, no scripting):
 *   expr   := term (('+' | '-') term)*
 *   term   := unary (('*' | '/') unary)*
 *   unary  := '-' unary | primary
 *   primary:= NUMBER | '{' counter name '}' | '(' expr ')'
 * Evaluation runs the postfix code on a fixed stack; NaN propagates, x / 0 is NaN.
 */
#include "ps_analyze.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define EXPR_MAX_CODE 256
#define EXPR_MAX_DEPTH 64

enum op_kind { OP_NUM, OP_VAR, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_NEG };

typedef struct code {
    enum op_kind op;
    double num;
    size_t var;
} code;

struct ps_an_expr {
    code c[EXPR_MAX_CODE];
    size_t n;
    char **names;
    size_t nnames;
    size_t depth; /* stack needed */
};

typedef struct parser {
    const char *text, *p;
    ps_an_expr *e;
    ps_error *err;
    int failed;
    size_t sp, maxsp; /* simulated stack depth */
} parser;

static void fail(parser *ps, const char *msg)
{
    if (ps->failed)
        return;
    ps->failed = 1;
    ps->err->code = PS_EINPUT;
    ps->err->col = (long)(ps->p - ps->text) + 1;
    snprintf(ps->err->msg, sizeof ps->err->msg, "expression: %s", msg);
}

static void emit(parser *ps, enum op_kind op, double num, size_t var)
{
    if (ps->failed)
        return;
    if (ps->e->n >= EXPR_MAX_CODE) {
        fail(ps, "too long");
        return;
    }
    if (op == OP_NUM || op == OP_VAR)
        ps->sp++;
    else if (op != OP_NEG)
        ps->sp--;
    if (ps->sp > ps->maxsp)
        ps->maxsp = ps->sp;
    ps->e->c[ps->e->n++] = (code){op, num, var};
}

static void skip_ws(parser *ps)
{
    while (*ps->p == ' ' || *ps->p == '\t')
        ps->p++;
}

static void expr(parser *ps, int depth);

static size_t var_index(ps_an_expr *e, const char *name, size_t len)
{
    for (size_t i = 0; i < e->nnames; i++)
        if (strlen(e->names[i]) == len && strncmp(e->names[i], name, len) == 0)
            return i;
    e->names = ps_xrealloc(e->names, (e->nnames + 1) * sizeof *e->names);
    e->names[e->nnames] = ps_xstrndup(name, len);
    return e->nnames++;
}

static void primary(parser *ps, int depth)
{
    skip_ws(ps);
    if (depth > EXPR_MAX_DEPTH) {
        fail(ps, "nested too deeply");
        return;
    }
    if (*ps->p == '(') {
        ps->p++;
        expr(ps, depth + 1);
        skip_ws(ps);
        if (*ps->p != ')')
            fail(ps, "')' expected");
        else
            ps->p++;
    } else if (*ps->p == '{') {
        const char *s = ++ps->p, *end = strchr(s, '}');
        if (!end) {
            fail(ps, "'}' expected after a counter name");
            return;
        }
        size_t len = (size_t)(end - s);
        while (len && s[0] == ' ')
            s++, len--;
        while (len && s[len - 1] == ' ')
            len--;
        if (len == 0 || memchr(s, '{', len)) {
            fail(ps, "empty or malformed counter name in {}");
            return;
        }
        emit(ps, OP_VAR, 0, var_index(ps->e, s, len));
        ps->p = end + 1;
    } else if ((*ps->p >= '0' && *ps->p <= '9') || *ps->p == '.') {
        size_t len = strspn(ps->p, "0123456789.eE");
        /* an exponent sign belongs to the number: 1e-3 */
        while ((ps->p[len] == '-' || ps->p[len] == '+') && len && (ps->p[len - 1] == 'e' || ps->p[len - 1] == 'E'))
            len += 1 + strspn(ps->p + len + 1, "0123456789");
        double v;
        if (ps_parse_double(ps->p, len, &v) != 0) {
            fail(ps, "malformed number");
            return;
        }
        emit(ps, OP_NUM, v, 0);
        ps->p += len;
    } else {
        fail(ps, *ps->p ? "number, {counter} or '(' expected" : "unexpected end");
    }
}

static void unary(parser *ps, int depth)
{
    skip_ws(ps);
    if (*ps->p == '-') {
        ps->p++;
        if (depth > EXPR_MAX_DEPTH) {
            fail(ps, "nested too deeply");
            return;
        }
        unary(ps, depth + 1);
        emit(ps, OP_NEG, 0, 0);
        return;
    }
    primary(ps, depth);
}

static void term(parser *ps, int depth)
{
    unary(ps, depth);
    for (;;) {
        skip_ws(ps);
        char c = *ps->p;
        if ((c != '*' && c != '/') || ps->failed)
            return;
        ps->p++;
        unary(ps, depth);
        emit(ps, c == '*' ? OP_MUL : OP_DIV, 0, 0);
    }
}

static void expr(parser *ps, int depth)
{
    term(ps, depth);
    for (;;) {
        skip_ws(ps);
        char c = *ps->p;
        if ((c != '+' && c != '-') || ps->failed)
            return;
        ps->p++;
        term(ps, depth);
        emit(ps, c == '+' ? OP_ADD : OP_SUB, 0, 0);
    }
}

int ps_an_expr_compile(const char *text, ps_an_expr **out, ps_error *err)
{
    *out = NULL;
    ps_an_expr *e = ps_xcalloc(1, sizeof *e);
    parser ps = {.text = text, .p = text, .e = e, .err = err};
    expr(&ps, 0);
    skip_ws(&ps);
    if (!ps.failed && *ps.p)
        fail(&ps, "operator expected");
    if (!ps.failed && e->nnames == 0)
        fail(&ps, "no {counter} in the expression");
    if (ps.failed) {
        ps_an_expr_free(e);
        return PS_EINPUT;
    }
    e->depth = ps.maxsp;
    *out = e;
    return PS_OK;
}

size_t ps_an_expr_noperands(const ps_an_expr *e)
{
    return e->nnames;
}

const char *ps_an_expr_operand(const ps_an_expr *e, size_t i)
{
    return i < e->nnames ? e->names[i] : NULL;
}

double ps_an_expr_eval(const ps_an_expr *e, const double *v)
{
    double st[EXPR_MAX_CODE];
    size_t sp = 0;
    for (size_t i = 0; i < e->n; i++) {
        const code *c = &e->c[i];
        switch (c->op) {
        case OP_NUM: st[sp++] = c->num; break;
        case OP_VAR: st[sp++] = v[c->var]; break;
        case OP_NEG: st[sp - 1] = -st[sp - 1]; break;
        case OP_ADD:
            sp--;
            st[sp - 1] += st[sp];
            break;
        case OP_SUB:
            sp--;
            st[sp - 1] -= st[sp];
            break;
        case OP_MUL:
            sp--;
            st[sp - 1] *= st[sp];
            break;
        case OP_DIV:
            sp--;
            st[sp - 1] = st[sp] == 0 ? NAN : st[sp - 1] / st[sp];
            break;
        }
    }
    return sp == 1 && isfinite(st[0]) ? st[0] : NAN;
}

void ps_an_expr_free(ps_an_expr *e)
{
    if (!e)
        return;
    for (size_t i = 0; i < e->nnames; i++)
        free(e->names[i]);
    free(e->names);
    free(e);
}
