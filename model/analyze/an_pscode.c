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
 *
 * This file: the tokens (ps_an_code_compile) and the values with PowerShell's conversions;
 * an_pscode_eval.c evaluates the expressions and statements.
 */
#include "an_pscode_internal.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

ps_an_pval ps_an_pv_num(double n)
{
    return (ps_an_pval){.kind = PS_AN_PV_NUM, .n = n};
}
ps_an_pval ps_an_pv_str(const char *s)
{
    ps_an_pval v = {.kind = PS_AN_PV_STR};
    size_t n = strnlen(s, sizeof v.s - 1);
    memcpy(v.s, s, n);
    v.s[n] = 0;
    return v;
}

int ps_an_pv_fail(run *r, const char *fmt, const char *what)
{
    if (!r->failed) {
        r->failed = 1;
        snprintf(r->out->why, sizeof r->out->why, fmt, what);
        r->out->line = r->i < r->c->n ? r->c->t[r->i].line : 0;
    }
    return -1;
}

/* PowerShell's conversion to a number: "" and $null are 0, booleans 1/0, text must be a number. */
int ps_an_pv_to_num(run *r, ps_an_pval v, double *d)
{
    if (v.kind == PS_AN_PV_STR) {
        const char *s = v.s;
        while (isspace((unsigned char)*s))
            s++;
        if (!*s)
            return *d = 0, 0;
        if (ps_parse_double(s, strlen(s), d) != 0)
            return ps_an_pv_fail(r, "'%s' is not a number", v.s);
        return 0;
    }
    *d = v.kind == PS_AN_PV_NULL ? 0 : v.n;
    return 0;
}

void ps_an_pv_to_text(ps_an_pval v, char *buf, size_t n)
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

int ps_an_pv_truthy(ps_an_pval v)
{
    if (v.kind == PS_AN_PV_STR)
        return v.s[0] != 0;
    return v.kind != PS_AN_PV_NULL && v.n != 0;
}

/* Round half to even (PowerShell [int] casts, [Math]::Round). */
double ps_an_pv_round_even(double x, int digits)
{
    double k = pow(10, digits);
    return nearbyint(x * k) / k;
}

/* l OP r with the right operand converted to the left one's type. Returns -1 on error. */
int ps_an_pv_compare(run *r, ps_an_pval l, ps_an_pval rv, const char *op, int *res)
{
    int c;
    if (l.kind == PS_AN_PV_STR) {
        char t[sizeof rv.s];
        ps_an_pv_to_text(rv, t, sizeof t);
        c = strcasecmp(l.s, t);
    } else if (l.kind == PS_AN_PV_BOOL) {
        c = (l.n != 0) - ps_an_pv_truthy(rv);
    } else if (l.kind == PS_AN_PV_NULL) {
        c = rv.kind == PS_AN_PV_NULL ? 0 : -1;
    } else {
        double d;
        if (ps_an_pv_to_num(r, rv, &d))
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
    return ps_an_pv_fail(r, "operator -%s is not evaluated", op);
}

ps_an_pval ps_an_answer_value(const char *text, const char *datatype)
{
    if (strcasecmp(text, "true") == 0 || strcasecmp(text, "$true") == 0 || strcasecmp(text, "false") == 0 ||
        strcasecmp(text, "$false") == 0)
        return (ps_an_pval){.kind = PS_AN_PV_BOOL, .n = tolower((unsigned char)text[text[0] == '$']) == 't'};
    double d;
    if (datatype && (strcasecmp(datatype, "integer") == 0 || strcasecmp(datatype, "int") == 0) &&
        ps_parse_double(text, strlen(text), &d) == 0)
        return ps_an_pv_num(ps_an_pv_round_even(d, 0));
    return ps_an_pv_str(text);
}
