/* rules_text.c - perfscribe's analysis rule format (docs/readme/analyze.md).
 *
 *   # comment
 *   [pack]                       optional: title, description, source of the file
 *   [rule ID]                    one section per rule
 *   key = value                  a line starting with blanks continues the previous value
 *
 * Keys are looked up in one table: each key names its kind (text, list, number, statistic,
 * operator, band, expression) and where it is stored.
 */
#include "ps_rules.h"
#include "ps_parser.h"
#include "ps_io.h"
#include "textfile.h"

#include <ctype.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define RULES_MAX_BYTES (8u << 20)

enum kind { K_TEXT, K_LIST, K_NUM, K_STAT, K_OP, K_BAND, K_EXPR, K_INCLUDE, K_EXCLUDE, K_LIMITS };

typedef struct key_def {
    const char *name;
    enum kind kind;
    size_t off; /* offset of the char* / double field for K_TEXT, K_NUM */
} key_def;

static const key_def keys[] = {
    {"title", K_TEXT, offsetof(ps_an_rule, title)},
    {"category", K_TEXT, offsetof(ps_an_rule, category)},
    {"description", K_TEXT, offsetof(ps_an_rule, description)},
    {"advice", K_TEXT, offsetof(ps_an_rule, advice)},
    {"unit", K_TEXT, offsetof(ps_an_rule, unit)},
    {"source", K_TEXT, offsetof(ps_an_rule, source)},
    {"object", K_TEXT, offsetof(ps_an_rule, object)},
    {"counter", K_LIST, 0},
    {"include", K_INCLUDE, 0},
    {"exclude", K_EXCLUDE, 0},
    {"scale", K_NUM, offsetof(ps_an_rule, scale)},
    {"warning", K_NUM, offsetof(ps_an_rule, warning)},
    {"critical", K_NUM, offsetof(ps_an_rule, critical)},
    {"statistic", K_STAT, 0},
    {"operator", K_OP, 0},
    {"band", K_BAND, 0},
    {"expression", K_EXPR, 0},
    {"requires", K_TEXT, offsetof(ps_an_rule, requires)},
    {"unless", K_TEXT, offsetof(ps_an_rule, unless)},
    {"limits", K_LIMITS, 0},
    {"min_processors", K_NUM, offsetof(ps_an_rule, min_processors)},
};

/* scale: a unit conversion (1000: s to ms; 1/1048576: bytes to MiB), never so large that a
 * counter value times it overflows to infinity (docs/limits.md) */
#define RULE_SCALE_MIN 1e-12
#define RULE_SCALE_MAX 1e12

typedef struct ctx {
    const char *name;
    ps_an_ruleset *set;
    ps_an_rule *rule; /* current rule, NULL in [pack] or before any section */
    long line, rule_line;
    long key_line[sizeof keys / sizeof keys[0]]; /* line of each key in the current rule, 0 = not given */
    ps_error *err;
} ctx;

static int fail(ctx *c, long col, const char *fmt, const char *arg)
{
    c->err->code = PS_EINPUT;
    snprintf(c->err->file, sizeof c->err->file, "%s", c->name);
    c->err->line = c->line;
    c->err->col = col;
    snprintf(c->err->msg, sizeof c->err->msg, fmt, arg ? arg : "");
    return PS_EINPUT;
}

static void push(char ***v, size_t *n, const char *s)
{
    *v = ps_xrealloc(*v, (*n + 1) * sizeof **v);
    (*v)[(*n)++] = ps_xstrdup(s);
}

static int parse_num(const char *v, double *out)
{
    return ps_parse_double(v, strlen(v), out) == 0 && isfinite(*out) ? 0 : -1;
}

/* "LO HI warning|critical"; LO or HI "*" = open end. */
static int parse_band(const char *v, ps_an_band *b)
{
    char lo[64], hi[64], sev[32];
    if (sscanf(v, "%63s %63s %31s", lo, hi, sev) != 3)
        return -1;
    b->lo = -INFINITY;
    b->hi = INFINITY;
    if ((strcmp(lo, "*") != 0 && parse_num(lo, &b->lo)) || (strcmp(hi, "*") != 0 && parse_num(hi, &b->hi)))
        return -1;
    if (strcmp(sev, "warning") == 0)
        b->sev = PS_AN_WARNING;
    else if (strcmp(sev, "critical") == 0)
        b->sev = PS_AN_CRITICAL;
    else
        return -1;
    return 0;
}

static int set_key(ctx *c, const char *key, const char *v, long vcol)
{
    const key_def *k = NULL;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (strcmp(keys[i].name, key) == 0)
            k = &keys[i];
    if (!c->rule) { /* [pack] section: title/description/source are informative only */
        if (strcmp(key, "title") == 0 || strcmp(key, "description") == 0 || strcmp(key, "source") == 0)
            return PS_OK;
        return fail(c, 1, "unknown key '%s' outside a [rule] section", key);
    }
    if (!k)
        return fail(c, 1, "unknown key '%s'", key);
    c->key_line[k - keys] = c->line;
    ps_an_rule *r = c->rule;
    switch (k->kind) {
    case K_TEXT: {
        char **f = (char **)((char *)r + k->off);
        if (*f)
            return fail(c, 1, "key '%s' given twice in this rule", key);
        *f = ps_xstrdup(v);
        return PS_OK;
    }
    case K_LIST: push(&r->counters, &r->ncounters, v); return PS_OK;
    case K_INCLUDE: push(&r->include, &r->ninclude, v); return PS_OK;
    case K_EXCLUDE: push(&r->exclude, &r->nexclude, v); return PS_OK;
    case K_NUM:
        if (parse_num(v, (double *)((char *)r + k->off)))
            return fail(c, vcol, "'%s' is not a number", v);
        if (k->off == offsetof(ps_an_rule, scale) &&
            !(fabs(r->scale) >= RULE_SCALE_MIN && fabs(r->scale) <= RULE_SCALE_MAX))
            return fail(c, vcol, "scale '%s' is out of range: from 1e-12 to 1e12 (a value times it must stay finite)",
                        v);
        return PS_OK;
    case K_STAT: {
        int s = ps_an_stat_parse(v);
        if (s < 0)
            return fail(c, vcol, "unknown statistic '%s' (use min, avg, max, any, p95 or trend)", v);
        r->stat = (enum ps_an_stat)s;
        return PS_OK;
    }
    case K_OP: {
        int o = ps_an_op_parse(v);
        if (o < 0)
            return fail(c, vcol, "unknown operator '%s' (use >, >=, < or <=)", v);
        r->op = (enum ps_an_op)o;
        return PS_OK;
    }
    case K_BAND: {
        ps_an_band b;
        if (parse_band(v, &b))
            return fail(c, vcol, "bad band '%s' (use: LOW HIGH warning|critical, '*' for an open end)", v);
        r->bands = ps_xrealloc(r->bands, (r->nbands + 1) * sizeof *r->bands);
        r->bands[r->nbands++] = b;
        return PS_OK;
    }
    case K_LIMITS:
        if (strcmp(v, "per-processor") != 0 && strcmp(v, "absolute") != 0)
            return fail(c, vcol, "unknown limits '%s' (use absolute or per-processor)", v);
        r->per_processor = v[0] == 'p';
        return PS_OK;
    case K_EXPR: {
        if (r->expr)
            return fail(c, 1, "key '%s' given twice in this rule", key);
        ps_error e = {0};
        if (ps_an_expr_compile(v, &r->expr, &e) != PS_OK)
            return fail(c, vcol + e.col - 1, "%s", e.msg);
        r->expr_text = ps_xstrdup(v);
        return PS_OK;
    }
    }
    return PS_OK;
}

/* The key a rule's validation error is about (ps_an_rule_finish's messages), so that the error
 * points at that key's line rather than at the [rule] header. */
static const struct {
    const char *says, *key;
} error_key[] = {
    {"critical limit", "critical"},
    {"'requires = ", "requires"},
    {"'unless = ", "unless"},
    {"'requires' and 'unless'", "unless"},
    {"scale", "scale"},
    {": band ", "band"},
    {"counter pattern", "counter"},
    {"needs an 'object'", "expression"},
    {"'counter' and 'expression'", "expression"},
};

static long error_line(const ctx *c, const char *msg)
{
    for (size_t i = 0; i < sizeof error_key / sizeof error_key[0]; i++)
        if (strstr(msg, error_key[i].says))
            for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
                if (strcmp(keys[k].name, error_key[i].key) == 0 && c->key_line[k])
                    return c->key_line[k];
    return c->rule_line;
}

static int end_rule(ctx *c)
{
    if (!c->rule)
        return PS_OK;
    long line = c->line;
    c->line = c->rule_line;
    int rc = ps_an_rule_finish(c->set, c->rule, c->err);
    if (rc) {
        snprintf(c->err->file, sizeof c->err->file, "%s", c->name);
        c->err->line = error_line(c, c->err->msg);
        c->err->col = 1;
    }
    c->line = line;
    c->rule = NULL;
    return rc;
}

static int valid_id(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!(islower((unsigned char)*s) || isdigit((unsigned char)*s) || *s == '-' || *s == '_' || *s == '.'))
            return 0;
    return 1;
}

/* Handle one logical line (continuations joined) of text t. */
static int logical_line(ctx *c, char *t)
{
    size_t n = strlen(t);
    while (n && isspace((unsigned char)t[n - 1]))
        t[--n] = 0;
    if (t[0] == '[') {
        int rc = end_rule(c);
        if (rc)
            return rc;
        char *close = strchr(t, ']');
        if (!close || close[1])
            return fail(c, 1, "malformed section header%s", "");
        *close = 0;
        if (strcmp(t + 1, "pack") == 0)
            return PS_OK;
        if (strncmp(t + 1, "rule ", 5) != 0 || !valid_id(t + 6))
            return fail(c, 1, "expected [pack] or [rule ID] (ID: a-z 0-9 - _ .), got '[%s]'", t + 1);
        if (c->set->n >= PS_AN_MAX_RULES)
            return fail(c, 1, "too many rules: at most " PS_AN_MAX_RULES_TEXT " in one analysis%s", "");
        c->rule = ps_an_rule_add(c->set);
        c->rule->id = ps_xstrdup(t + 6);
        c->rule_line = c->line;
        memset(c->key_line, 0, sizeof c->key_line);
        char origin[600];
        snprintf(origin, sizeof origin, "%s:%ld", c->name, c->line);
        c->rule->origin = ps_xstrdup(origin);
        return PS_OK;
    }
    char *eq = strchr(t, '=');
    if (!eq)
        return fail(c, 1, "expected 'key = value'%s", "");
    char *k = t, *ke = eq;
    while (ke > k && isspace((unsigned char)ke[-1]))
        ke--;
    *ke = 0;
    char *v = eq + 1;
    while (isspace((unsigned char)*v))
        v++;
    if (!*v)
        return fail(c, (long)(v - t) + 1, "empty value for '%s'", k);
    return set_key(c, k, v, (long)(v - t) + 1);
}

int ps_rules_parse_text(const char *text, size_t len, const char *name, ps_an_ruleset *set, ps_error *err)
{
    ctx c = {.name = name, .set = set, .err = err};
    if (memchr(text, 0, len)) {
        c.line = 1;
        return fail(&c, 0, "NUL byte in a rule file%s", "");
    }
    ps_buf cur = {0};
    long cur_line = 0;
    int rc = PS_OK;
    const char *p = text, *end = text + len;
    if (len >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
        p += 3;
    for (long line = 1; p < end && rc == PS_OK; line++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
        if (n && p[n - 1] == '\r')
            n--;
        size_t lead = 0;
        while (lead < n && (p[lead] == ' ' || p[lead] == '\t'))
            lead++;
        int blank = lead == n || p[lead] == '#';
        if (!blank && lead > 0 && cur.len) { /* continuation */
            ps_buf_putc(&cur, ' ');
            ps_buf_put(&cur, p + lead, n - lead);
        } else if (!blank) {
            if (cur.len) {
                c.line = cur_line;
                rc = logical_line(&c, cur.data);
            }
            ps_buf_reset(&cur);
            if (lead > 0 && rc == PS_OK) {
                c.line = line;
                rc = fail(&c, 1, "continuation line without a 'key = value' before it%s", "");
            }
            ps_buf_put(&cur, p + lead, n - lead);
            cur_line = line;
        }
        p = nl ? nl + 1 : end;
    }
    if (rc == PS_OK && cur.len) {
        c.line = cur_line;
        rc = logical_line(&c, cur.data);
    }
    if (rc == PS_OK)
        rc = end_rule(&c);
    ps_buf_fini(&cur);
    return rc;
}

int ps_rules_read(const char *path, ps_an_ruleset *set, ps_warnings *w, ps_error *err)
{
    ps_buf b = {0};
    int r = ps_buf_read_file(&b, path, RULES_MAX_BYTES);
    if (r != PS_READ_OK) {
        ps_buf_fini(&b);
        err->code = r == PS_READ_ETOOBIG ? PS_EINPUT : PS_EIO;
        snprintf(err->file, sizeof err->file, "%s", path);
        err->line = err->col = 0;
        snprintf(err->msg, sizeof err->msg, "%s",
                 r == PS_READ_ETOOBIG  ? "rule file larger than 8 MiB"
                 : r == PS_READ_EISDIR ? "is a directory"
                                       : "cannot read the rule file");
        return err->code;
    }
    ps_input_note(path);
    int rc;
    if (ps_text_is_xml(b.data, b.len)) { /* PAL XML (UTF-8 or UTF-16), as the threshold import tells it */
        ps_buf_fini(&b);
        rc = ps_rules_import_pal(path, set, w, err);
    } else {
        rc = ps_rules_parse_text(b.data ? b.data : "", b.len, path, set, err);
        ps_buf_fini(&b);
    }
    return rc;
}
