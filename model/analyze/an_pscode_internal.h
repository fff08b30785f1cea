/* an_pscode_internal.h - private to an_pscode.c (tokens, values) and an_pscode_eval.c
 * (expressions, statements): the tokens of compiled PAL threshold code and the evaluator state. */
#ifndef PS_AN_PSCODE_INTERNAL_H
#define PS_AN_PSCODE_INTERNAL_H

#include "ps_analyze.h"

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

/* Values (an_pscode.c), with PowerShell's conversions. */
ps_an_pval ps_an_pv_num(double n);
/* Text value (cut to the value's capacity). */
ps_an_pval ps_an_pv_str(const char *s);
/* Record the first failure (fmt with one %s: what) with the current token's line; returns -1. */
int ps_an_pv_fail(run *r, const char *fmt, const char *what);
/* PowerShell's conversion to a number: "" and $null are 0, booleans 1/0, text must be a number
 * (else a failure, -1). */
int ps_an_pv_to_num(run *r, ps_an_pval v, double *d);
/* The value as PowerShell prints it into buf of n bytes. */
void ps_an_pv_to_text(ps_an_pval v, char *buf, size_t n);
/* PowerShell's truth of a value. */
int ps_an_pv_truthy(ps_an_pval v);
/* Round half to even (PowerShell [int] casts, [Math]::Round). */
double ps_an_pv_round_even(double x, int digits);
/* l OP r (op: eq ne gt ge lt le, optionally i-prefixed) with the right operand converted to the
 * left one's type into *res. Returns -1 on error. */
int ps_an_pv_compare(run *r, ps_an_pval l, ps_an_pval rv, const char *op, int *res);

#endif
