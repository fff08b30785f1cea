/* thresholds.c - threshold files: perfscribe's own line format and PAL threshold XML
 * (StaticThreshold rules), detected by content. */
#include "numparse.h"
#include "ps_parser.h"
#include "textfile.h"
#include "pal_xml.h"

#include <ctype.h>
#include <errno.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <math.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

/* ------------------------------------------------------------------ tables */

/* Units: dimension and factor to the dimension's base unit. */
static const struct {
    const char *unit, *dim;
    double factor;
} units[] = {
    {"ms", "time", 1e-3}, {"s", "time", 1},      {"us", "time", 1e-6},     {"/s", "rate", 1},
    {"B", "bytes", 1},    {"KB", "bytes", 1024}, {"MB", "bytes", 1048576}, {"GB", "bytes", 1073741824},
    {"%", "percent", 1},  {"count", "count", 1},
};
/* Canonical unit of a metric (ps_js_metric_unit) -> dimension and factor. */
static const struct {
    const char *unit, *dim;
    double factor;
} metric_units[] = {
    {"ms", "time", 1e-3}, {"/s", "rate", 1},        {"B", "bytes", 1},
    {"%", "percent", 1},  {"MB", "bytes", 1048576}, {"", "count", 1},
};
typedef struct word_val {
    const char *word;
    int v;
} word_val;
static const word_val stat_words[] = {
    {"avg", PS_THR_AVG}, {"min", PS_THR_MIN}, {"max", PS_THR_MAX}, {"p95", PS_THR_P95}};
static const word_val scope_words[] = {
    {"instance", PS_THR_INSTANCE}, {"server", PS_THR_SERVER}, {"aggregate", PS_THR_AGGREGATE}};
static const word_val op_words[] = {{">", PS_THR_GT},  {">=", PS_THR_GE}, {"<", PS_THR_LT},  {"<=", PS_THR_LE},
                                    {"gt", PS_THR_GT}, {"ge", PS_THR_GE}, {"lt", PS_THR_LT}, {"le", PS_THR_LE}};
static const word_val severity_words[] = {
    {"error", PS_THR_ERROR}, {"critical", PS_THR_ERROR}, {"warning", PS_THR_WARNING}};

/* Word -> value from a table (case-insensitive); 0 when absent. */
static int lookup_word(const word_val *t, size_t n, const char *w, int *out)
{
    for (size_t i = 0; i < n; i++)
        if (strcasecmp(t[i].word, w) == 0) {
            *out = t[i].v;
            return 1;
        }
    return 0;
}
#define LOOKUP(table, w, out) lookup_word(table, sizeof table / sizeof table[0], w, out)

/* Convert limit in `unit` to the metric's canonical unit; -1 when the dimensions differ. */
static int to_canonical(int metric, const char *unit, double v, double *out)
{
    const char *mu = ps_js_metric_unit(metric);
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        if (strcmp(units[i].unit, unit) != 0)
            continue;
        for (size_t k = 0; k < sizeof metric_units / sizeof metric_units[0]; k++)
            if (strcmp(metric_units[k].unit, mu) == 0 && strcmp(metric_units[k].dim, units[i].dim) == 0) {
                *out = v * units[i].factor / metric_units[k].factor;
                return 0;
            }
        return -1;
    }
    return -1;
}

/* Counter pattern -> metric and instance glob (NULL = any). */
static int pattern_metric(const char *pattern, char **inst, double *scale, int *volume)
{
    ps_counter_path p;
    *inst = NULL;
    if (ps_path_parse(pattern, &p, NULL) != PS_OK)
        return -1;
    int m = ps_js_metric_from_counter(p.object, p.counter, scale, volume);
    if (m >= 0 && p.instance && strcmp(p.instance, "*") != 0 && strcasecmp(p.instance, "_total") != 0)
        *inst = ps_xstrdup(p.instance);
    ps_path_fini(&p);
    return m;
}

/* ------------------------------------------------------------------ own format */

typedef struct tok {
    const char *s;
    size_t len;
    long col;
} tok;

static int next_tok(const char *line, size_t len, size_t *pos, tok *t)
{
    size_t i = *pos;
    while (i < len && (line[i] == ' ' || line[i] == '\t'))
        i++;
    if (i >= len || line[i] == '#')
        return 0;
    t->col = (long)i + 1;
    if (line[i] == '"') {
        size_t j = i + 1;
        while (j < len && line[j] != '"')
            j++;
        if (j >= len)
            return -1;
        t->s = line + i + 1;
        t->len = j - i - 1;
        *pos = j + 1;
        return 1;
    }
    size_t j = i;
    while (j < len && line[j] != ' ' && line[j] != '\t')
        j++;
    t->s = line + i;
    t->len = j - i;
    *pos = j;
    return 1;
}

static void tok_str(const tok *t, char *out, size_t n)
{
    snprintf(out, n, "%.*s", (int)(t->len < n ? t->len : n - 1), t->s);
}

/* Parse one line into *r: 0 = a rule, -1 = blank or comment, else a PS_E* code with err. */
static int parse_line(const char *line, size_t len, const char *name, long lineno, ps_thr_rule *r, ps_error *err)
{
    static const char *const what[] = {
        "counter pattern", "statistic (avg|min|max|p95)", "scope (instance|server|aggregate)", "operator (> >= < <=)",
        "limit with unit", "severity (error|warning)"};
    tok t[8];
    size_t pos = 0;
    int n = 0, rc;
    while (n < 8 && (rc = next_tok(line, len, &pos, &t[n])) != 0) {
        if (rc < 0)
            return ps_error_set(err, PS_EINPUT, name, lineno, (long)pos + 1, "unterminated quoted counter pattern");
        n++;
    }
    if (n == 0)
        return -1; /* blank or comment */
    /* "20 ms" (two tokens) or "20ms" (one token): join into limit + unit */
    char w[8][512];
    for (int i = 0; i < n; i++)
        tok_str(&t[i], w[i], sizeof w[i]);
    char unit[32] = "";
    double limit;
    if (n < 5)
        return ps_error_set(err, PS_EINPUT, name, lineno, t[n - 1].col + (long)t[n - 1].len, "missing %s", what[n]);
    /* a decimal number as values are written (no hex, no inf/nan), then perhaps the unit */
    const char *end = ps_num_scan(w[4], w[4] + strlen(w[4]), '.', &limit);
    const char *digits = w[4] + (w[4][0] == '+' || w[4][0] == '-');
    if (end && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X'))
        return ps_error_set(err, PS_EINPUT, name, lineno, t[4].col,
                            "expected a decimal number, got '%s' (hexadecimal is not accepted)", w[4]);
    if (!end)
        return ps_error_set(err, PS_EINPUT, name, lineno, t[4].col, "expected a number, got '%s'", w[4]);
    int sev_i;
    long unit_col;
    if (*end) { /* "20ms" */
        snprintf(unit, sizeof unit, "%.31s", end);
        sev_i = 5;
        unit_col = t[4].col + (long)(end - w[4]);
    } else if (n > 5) { /* "20 ms" */
        snprintf(unit, sizeof unit, "%.31s", w[5]);
        sev_i = 6;
        unit_col = t[5].col;
    } else {
        return ps_error_set(err, PS_EINPUT, name, lineno, t[4].col + (long)t[4].len, "missing unit after the limit");
    }
    if (n <= sev_i)
        return ps_error_set(err, PS_EINPUT, name, lineno, t[n - 1].col + (long)t[n - 1].len, "missing %s", what[5]);
    if (n > sev_i + 1)
        return ps_error_set(err, PS_EINPUT, name, lineno, t[sev_i + 1].col, "unexpected '%s' after the severity",
                            w[sev_i + 1]);
    double scale = 1;
    r->metric = pattern_metric(w[0], &r->instance, &scale, &r->volume);
    if (r->metric < 0)
        return ps_error_set(err, PS_EINPUT, name, lineno, t[0].col,
                            "counter '%s' is not one the Jetstress pipeline tracks (see docs/readme/jetstress.md)",
                            w[0]);
    int v;
    if (!LOOKUP(stat_words, w[1], &v))
        return ps_error_set(err, PS_EINPUT, name, lineno, t[1].col, "unknown statistic '%s' (avg|min|max|p95)", w[1]);
    r->stat = (enum ps_thr_stat)v;
    if (!LOOKUP(scope_words, w[2], &v))
        return ps_error_set(err, PS_EINPUT, name, lineno, t[2].col, "unknown scope '%s' (instance|server|aggregate)",
                            w[2]);
    r->scope = (enum ps_thr_scope)v;
    if (!LOOKUP(op_words, w[3], &v))
        return ps_error_set(err, PS_EINPUT, name, lineno, t[3].col, "unknown operator '%s' (> >= < <=)", w[3]);
    r->op = (enum ps_thr_op)v;
    if (to_canonical(r->metric, unit, limit, &r->limit) != 0)
        return ps_error_set(err, PS_EINPUT, name, lineno, unit_col, "unit '%s' does not fit %s (expected %s)", unit,
                            ps_js_metric_name(r->metric),
                            *ps_js_metric_unit(r->metric) ? ps_js_metric_unit(r->metric) : "count");
    if (!LOOKUP(severity_words, w[sev_i], &v))
        return ps_error_set(err, PS_EINPUT, name, lineno, t[sev_i].col, "unknown severity '%s' (error|warning)",
                            w[sev_i]);
    r->severity = (enum ps_thr_severity)v;
    if (r->scope == PS_THR_AGGREGATE && r->stat != PS_THR_AVG)
        return ps_error_set(err, PS_EINPUT, name, lineno, t[1].col, "the aggregate scope supports avg only");
    r->counter = ps_xstrdup(w[0]);
    return 0;
}

int ps_thr_parse_text(const char *text, size_t len, const char *name, ps_thr_set *set, ps_error *err)
{
    long lineno = 0;
    size_t i = 0;
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        i = 3;
    while (i < len) {
        size_t j = i;
        while (j < len && text[j] != '\n')
            j++;
        size_t l = j - i;
        if (l && text[i + l - 1] == '\r')
            l--;
        lineno++;
        if (ps_text_line_check(name, text + i, l, lineno, err))
            return PS_EINPUT;
        ps_thr_rule r = {0};
        int rc = parse_line(text + i, l, name, lineno, &r, err);
        if (rc < 0) {
            i = j + 1;
            continue;
        }
        if (rc > 0) {
            free(r.instance);
            free(r.counter);
            return rc;
        }
        char src[600];
        snprintf(src, sizeof src, "%s:%ld", name, lineno);
        r.source = src;
        ps_thr_add(set, &r);
        free(r.counter);
        free(r.instance);
        i = j + 1;
    }
    return PS_OK;
}

/* ------------------------------------------------------------------ PAL XML */

char *ps_xml_prop(xmlNode *n, const char *name)
{
    xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
    char *s = v ? ps_xstrdup((const char *)v) : NULL;
    xmlFree(v);
    return s;
}

int ps_xml_is(xmlNode *n, const char *name)
{
    return n->type == XML_ELEMENT_NODE && strcasecmp((const char *)n->name, name) == 0;
}

typedef struct pal_ctx {
    ps_thr_set *set;
    ps_warnings *w;
    regex_t re_call, re_var;
    char **ids;
    size_t nids; /* analysis IDs already imported (a child overrides its parent) */
    int depth;
} pal_ctx;

/* Counter path of the data source whose COLLECTIONVARNAME is var, else the primary one. */
static char *analysis_counter(xmlNode *an, const char *var)
{
    for (xmlNode *c = an->children; c && var; c = c->next) {
        if (!ps_xml_is(c, "DATASOURCE"))
            continue;
        char *cv = ps_xml_prop(c, "COLLECTIONVARNAME");
        int hit = cv && strcasecmp(cv, var) == 0;
        free(cv);
        if (hit)
            return ps_xml_prop(c, "NAME");
    }
    return ps_xml_prop(an, "PRIMARYDATASOURCE");
}

static void pal_rule(pal_ctx *cx, xmlNode *an, const char *line, const char *cond, const char *file, long lineno)
{
    regmatch_t m[6], mv[2];
    if (regexec(&cx->re_call, line, 6, m, 0) != 0)
        return;
    /* PowerShell numeric multipliers: 1GB = 1073741824 */
    double mult = 1;
    if (m[4].rm_so >= 0)
        for (const char *u = "KMGTP"; *u; u++) {
            mult *= 1024;
            if (toupper((unsigned char)line[m[4].rm_so]) == *u)
                break;
        }
    char op[4], num[64], var[256] = "";
    snprintf(op, sizeof op, "%.*s", (int)(m[1].rm_eo - m[1].rm_so), line + m[1].rm_so);
    snprintf(num, sizeof num, "%.*s", (int)(m[2].rm_eo - m[2].rm_so), line + m[2].rm_so);
    if (regexec(&cx->re_var, line, 2, mv, 0) == 0)
        snprintf(var, sizeof var, "%.*s", (int)(mv[1].rm_eo - mv[1].rm_so), line + mv[1].rm_so);
    char *counter = analysis_counter(an, var[0] ? var : NULL);
    ps_thr_rule r = {0};
    double scale = 1, limit;
    int opv = 0;
    r.metric = counter ? pattern_metric(counter, &r.instance, &scale, &r.volume) : -1;
    if (r.metric < 0 || ps_parse_double(num, strlen(num), &limit) != 0 || !LOOKUP(op_words, op, &opv)) {
        cx->set->skipped++;
        free(counter);
        free(r.instance);
        return;
    }
    char src[700];
    snprintf(src, sizeof src, "%s:%ld", file, lineno);
    r.counter = counter;
    r.op = (enum ps_thr_op)opv;
    r.limit = limit * mult * scale;
    r.stat = PS_THR_AVG;
    r.scope = r.metric < PS_JM_NINST ? PS_THR_INSTANCE : PS_THR_SERVER;
    r.severity = cond && strcasecmp(cond, "warning") == 0 ? PS_THR_WARNING : PS_THR_ERROR;
    r.source = src;
    ps_thr_add(cx->set, &r);
    free(counter);
    free(r.instance);
}

static void pal_threshold(pal_ctx *cx, xmlNode *an, xmlNode *th, const char *file)
{
    char *cond = ps_xml_prop(th, "CONDITION");
    for (xmlNode *c = th->children; c; c = c->next) {
        if (!ps_xml_is(c, "CODE"))
            continue;
        /* text and CDATA children only: entity references are never expanded (F3) */
        ps_buf code = {0};
        for (xmlNode *t = c->children; t; t = t->next)
            if ((t->type == XML_TEXT_NODE || t->type == XML_CDATA_SECTION_NODE) && t->content)
                ps_buf_puts(&code, (const char *)t->content);
        const char *p = code.data;
        long lineno = xmlGetLineNo(c);
        while (p && *p) {
            const char *e = strchr(p, '\n');
            size_t l = e ? (size_t)(e - p) : strlen(p);
            char *line = ps_xstrndup(p, l);
            const char *q = line;
            while (*q == ' ' || *q == '\t')
                q++;
            if (*q != '#')
                pal_rule(cx, an, q, cond, file, lineno);
            free(line);
            p = e ? e + 1 : NULL;
        }
        ps_buf_fini(&code);
    }
    free(cond);
}

static int pal_file(pal_ctx *cx, const char *path, const char *data, size_t len, ps_error *err);

static void pal_inherit(pal_ctx *cx, const char *path, const char *target)
{
    if (!target || !*target)
        return;
    /* only a file beside the including one, by its plain name (PAL's own inheritance), and only
     * a regular file: never an arbitrary path such as /dev/stdin or a FIFO (F26) */
    if (strpbrk(target, "/\\") || strcmp(target, "..") == 0 || strcmp(target, ".") == 0) {
        ps_warn(cx->w, "%s: inherited threshold file %s not imported: only a file name beside this file is imported",
                path, target);
        return;
    }
    char full[1200];
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(full, sizeof full, "%s", target);
    else
        snprintf(full, sizeof full, "%.*s/%s", (int)(slash - path), path, target);
    struct stat st;
    if (stat(full, &st) != 0) {
        ps_warn(cx->w, "%s: inherited threshold file %s not found; its thresholds are not imported", path, target);
        return;
    }
    if (!S_ISREG(st.st_mode)) {
        ps_warn(cx->w, "%s: inherited threshold file %s not imported: not a regular file", path, target);
        return;
    }
    if (cx->depth >= 8) {
        ps_warn(cx->w, "%s: inheritance deeper than 8 files; %s not imported", path, target);
        return;
    }
    ps_error e2;
    cx->depth++;
    if (pal_file(cx, full, NULL, 0, &e2) != PS_OK) {
        char msg[1200];
        ps_error_format(&e2, msg, sizeof msg);
        ps_warn(cx->w, "%s: inherited threshold file not imported: %s", path, msg);
    }
    cx->depth--;
}

/* One parse from memory without network, entity substitution or DTD loading; NULL with *e
 * (copied, the caller resets it) when not well-formed. */
static xmlDoc *parse_once(const char *data, size_t len, int options, xmlError *e)
{
    xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
    if (!ctxt)
        return NULL;
    xmlDoc *doc = xmlCtxtReadMemory(ctxt, data, (int)len, NULL, NULL,
                                    options | XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    if (doc && !ctxt->wellFormed) {
        xmlFreeDoc(doc);
        doc = NULL;
    }
    const xmlError *last = xmlCtxtGetLastError(ctxt);
    if (!doc && last)
        xmlCopyError((xmlErrorPtr)last, e);
    xmlFreeParserCtxt(ctxt);
    return doc;
}

/* 1 when "<!ENTITY" occurs anywhere in data (also in a comment: then no second parse). */
static int declares_entity(const char *data, size_t len)
{
    if (ps_text_is_utf16(data, len))
        return 1; /* not searched as bytes: taken as declaring one (libxml2's caps stay on) */
    for (const char *p = data; (p = memchr(p, '<', len - (size_t)(p - data))) != NULL; p++)
        if ((size_t)(data + len - p) >= 8 && memcmp(p, "<!ENTITY", 8) == 0)
            return 1;
    return 0;
}

/* Parse PAL XML held in memory. libxml2's caps stay on (no XML_PARSE_HUGE): an entity
 * expansion bomb is refused ("Detected an entity reference loop"), text nodes are bounded (F3).
 * Only nesting deeper than libxml2's 256 levels is parsed again with the cap lifted, and only in
 * a document that declares no entity (nothing can be expanded; the file is at most 8 MiB). */
static int pal_parse(const char *path, const char *data, size_t len, xmlDoc **out, ps_error *err)
{
    xmlError e;
    memset(&e, 0, sizeof e);
    xmlDoc *doc = parse_once(data, len, 0, &e);
    if (!doc && e.code == XML_ERR_INTERNAL_ERROR && e.message && strstr(e.message, "Excessive depth") &&
        !declares_entity(data, len)) {
        xmlResetError(&e);
        doc = parse_once(data, len, XML_PARSE_HUGE, &e);
    }
    if (!doc) {
        int rc = ps_error_set(err, PS_EINPUT, path, e.code ? e.line : 0, e.code ? e.int2 : 0, "not well-formed XML: %s",
                              e.message ? e.message : "parse error");
        size_t l = strlen(err ? err->msg : "");
        while (err && l && (err->msg[l - 1] == '\n' || err->msg[l - 1] == '\r'))
            err->msg[--l] = 0; /* libxml2 ends its messages with a newline (F7) */
        xmlResetError(&e);
        return rc;
    }
    xmlResetError(&e);
    *out = doc;
    return PS_OK;
}

static int pal_file(pal_ctx *cx, const char *path, const char *data, size_t len, ps_error *err)
{
    xmlDoc *doc = NULL;
    ps_buf b = {0};
    int rc = data ? PS_OK : ps_text_read(path, &b, err);
    if (!rc)
        rc = data ? pal_parse(path, data, len, &doc, err) : pal_parse(path, b.data ? b.data : "", b.len, &doc, err);
    ps_buf_fini(&b);
    if (rc)
        return rc;
    xmlNode *root = xmlDocGetRootElement(doc);
    if (!root || !ps_xml_is(root, "PAL")) {
        xmlFreeDoc(doc);
        return ps_error_set(err, PS_EINPUT, path, 1, 1, "not a PAL threshold file (root element is not <PAL>)");
    }
    char *inherit = NULL;
    for (xmlNode *an = root->children; an; an = an->next) {
        if (ps_xml_is(an, "INHERITANCE")) {
            free(inherit);
            inherit = ps_xml_prop(an, "FILEPATH");
            continue;
        }
        if (!ps_xml_is(an, "ANALYSIS"))
            continue;
        char *enabled = ps_xml_prop(an, "ENABLED");
        char *id = ps_xml_prop(an, "ID");
        int skip = enabled && strcasecmp(enabled, "false") == 0;
        for (size_t i = 0; id && *id && i < cx->nids && !skip; i++)
            skip = strcasecmp(cx->ids[i], id) == 0;
        free(enabled);
        if (skip) {
            free(id);
            continue;
        }
        if (id && *id) {
            cx->ids = ps_xrealloc(cx->ids, (cx->nids + 1) * sizeof *cx->ids);
            cx->ids[cx->nids++] = id;
        } else {
            free(id);
        }
        for (xmlNode *th = an->children; th; th = th->next)
            if (ps_xml_is(th, "THRESHOLD"))
                pal_threshold(cx, an, th, path);
    }
    xmlFreeDoc(doc);
    pal_inherit(cx, path, inherit);
    free(inherit);
    return PS_OK;
}

/* PAL import of path, from data (len bytes) when data is not NULL, else read from the file. */
static int import_pal(const char *path, const char *data, size_t len, ps_thr_set *set, ps_warnings *w, ps_error *err)
{
    pal_ctx cx = {0};
    cx.set = set;
    cx.w = w;
    regcomp(&cx.re_call,
            "^StaticThreshold[[:space:]].*-Operator[[:space:]]+'?(gt|ge|lt|le)'?[[:space:]].*"
            "-Threshold[[:space:]]+(-?[0-9]+(\\.[0-9]+)?)(KB|MB|GB|TB|PB)?([[:space:]]|$)",
            REG_EXTENDED | REG_ICASE);
    regcomp(&cx.re_var, "-CollectionOfCounterInstances[[:space:]]+\\$([A-Za-z0-9_]+)", REG_EXTENDED | REG_ICASE);
    int rc = pal_file(&cx, path, data, len, err);
    regfree(&cx.re_call);
    regfree(&cx.re_var);
    for (size_t i = 0; i < cx.nids; i++)
        free(cx.ids[i]);
    free(cx.ids);
    if (rc == PS_OK && !set->name)
        set->name = ps_xstrdup(path);
    return rc;
}

int ps_thr_import_pal(const char *path, ps_thr_set *set, ps_warnings *w, ps_error *err)
{
    return import_pal(path, NULL, 0, set, w, err);
}

int ps_thr_read(const char *path, ps_thr_set *set, ps_warnings *w, ps_error *err)
{
    ps_buf b = {0};
    int r = ps_text_read(path, &b, err); /* size-capped (F4), noted as an input (F27) */
    if (r) {
        ps_buf_fini(&b);
        return r;
    }
    /* PAL XML by content: the first non-blank character (after a BOM; UTF-16 too) is '<' */
    int rc;
    if (ps_text_is_xml(b.data, b.len)) {
        rc = import_pal(path, b.data, b.len, set, w, err);
        ps_buf_fini(&b);
    } else {
        rc = ps_thr_parse_text(b.data ? b.data : "", b.len, path, set, err);
        ps_buf_fini(&b);
        if (rc == PS_OK && !set->name)
            set->name = ps_xstrdup(path);
    }
    return rc;
}

/* Shared with parser/rules/rules_pal.c (pal_xml.h): the same size-capped read and hardened
 * parse as the threshold import, so both PAL importers refuse the same hostile files. */
int ps_pal_read_doc(const char *path, void **doc, ps_error *err)
{
    ps_buf b = {0};
    xmlDoc *d = NULL;
    int rc = ps_text_read(path, &b, err);
    if (!rc)
        rc = pal_parse(path, b.data ? b.data : "", b.len, &d, err);
    ps_buf_fini(&b);
    *doc = d;
    return rc;
}
