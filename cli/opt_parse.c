/* opt_parse.c - the one option parser: every command's options come from its table
 * (ps_cmd_doc.opts, the shared group, the common -q/-h), the same rows that print --help,
 * the man pages and the shell completion. */
#include "cli.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void *field(void *rec, size_t at)
{
    return (char *)rec + at;
}

/* The row called `a` (exactly: "-o", "-cf", "--output"), or NULL. */
static const ps_opt_doc *find(const ps_cmd_doc *doc, const char *a, size_t n, size_t *idx)
{
    const ps_opt_doc *o;
    for (size_t i = 0; (o = ps_doc_opt_at(doc, i)); i++) {
        const char *name = a[1] == '-' ? o->lng : o->shrt;
        if (name && strlen(name) == n && strncmp(name, a, n) == 0) {
            *idx = i;
            return o;
        }
    }
    return NULL;
}

/* "a, b or c" from the words "a b c". */
static void word_list(const char *words, char *buf, size_t size)
{
    size_t nw = 0, k = 0;
    for (const char *p = words; *p;) {
        size_t n = strcspn(p, " ");
        nw++;
        p += n + (p[n] == ' ');
    }
    buf[0] = 0;
    for (const char *p = words; *p && k + 1 < size; nw--) {
        size_t n = strcspn(p, " ");
        k += (size_t)snprintf(buf + k, size - k, "%s%.*s", k == 0 ? "" : nw == 1 ? " or " : ", ", (int)n, p);
        p += n + (p[n] == ' ');
        if (k >= size)
            break;
    }
}

static int is_word(const char *words, const char *v)
{
    size_t lv = strlen(v);
    for (const char *p = words; *p;) {
        size_t n = strcspn(p, " ");
        if (n == lv && strncmp(p, v, n) == 0)
            return 1;
        p += n + (p[n] == ' ');
    }
    return 0;
}

int ps_cli_time_arg(ps_cli *cli, const char *opt, const char *v, ps_cli_time *t)
{
    if (ps_time_parse_user(v, &t->t, &t->utc) != 0)
        return ps_cli_usage(cli,
                            "%s: cannot read the time '%s' (M/D/YYYY H:MM:SS [AM|PM] or "
                            "YYYY-MM-DDTHH:MM:SS, in the logs' clock; with Z or +hh:mm in UTC)",
                            opt, v);
    t->set = 1;
    t->text = v;
    return PS_OK;
}

void ps_cli_list_add(ps_cli_list *l, const char *v)
{
    l->v = ps_xrealloc(l->v, (l->n + 1) * sizeof *l->v);
    l->v[l->n++] = v;
}

/* Check v against the row's kind and store it. opt is the name as typed (for messages). */
static int store(ps_cli *cli, const ps_opt_doc *o, const char *opt, const char *v, void *f)
{
    char words[256];
    double d;
    switch (o->kind) {
    case PS_ARG_FLAG: *(int *)f = 1; return PS_OK;
    case PS_ARG_STR: *(const char **)f = v; return PS_OK;
    case PS_ARG_LIST: ps_cli_list_add(f, v); return PS_OK;
    case PS_ARG_TIME: return ps_cli_time_arg(cli, opt, v, f);
    case PS_ARG_WORD:
    case PS_ARG_FORMAT:
        if (!is_word(o->values, v)) {
            word_list(o->values, words, sizeof words);
            return ps_cli_usage(cli, "%s: expected %s, got '%s'", opt, words, v);
        }
        if (o->kind == PS_ARG_WORD)
            *(const char **)f = v;
        else
            *(enum ps_format *)f = ps_format_parse(v);
        return PS_OK;
    case PS_ARG_INT: {
        char *end;
        long n = strtol(v, &end, 10);
        if (end == v || *end || n < o->lo || n > o->hi)
            return ps_cli_usage(cli, "%s: expected a whole number from %.0f to %.0f, got '%s'", opt, o->lo, o->hi, v);
        *(int *)f = (int)n;
        return PS_OK;
    }
    case PS_ARG_NUM:
        if (ps_parse_double(v, strlen(v), &d) != 0 || !(d >= o->lo && d <= o->hi))
            return ps_cli_usage(cli, "%s: expected a number from %g to %g, got '%s'", opt, o->lo, o->hi, v);
        *(double *)f = d;
        return PS_OK;
    case PS_ARG_POSITIVE:
        if (ps_parse_double(v, strlen(v), &d) != 0 || !(d > 0) || !isfinite(d))
            return ps_cli_usage(cli, "%s: expected a positive number, got '%s'", opt, v);
        if (o->hi > 0 && d > o->hi) /* a bound from the table (0: any finite number) */
            return ps_cli_usage(cli, "%s: expected a positive number up to %.15g, got '%s'", opt, o->hi, v);
        *(double *)f = d;
        return PS_OK;
    case PS_ARG_ENCODING: return ps_cli_encoding(cli, v, f);
    case PS_ARG_CALL: return o->set(cli, f, v);
    }
    return PS_OK;
}

/* The row argument a names, with its index in *idx; *value is the value inside a ("--o=V",
 * "-oV") or NULL. NULL when a names no row (or gives a value to a flag: *value set). */
static const ps_opt_doc *lookup(const ps_cmd_doc *doc, const char *a, size_t *idx, const char **value)
{
    size_t n = strlen(a);
    const char *eq = a[1] == '-' ? strchr(a, '=') : NULL;
    const ps_opt_doc *o = find(doc, a, eq ? (size_t)(eq - a) : n, idx);
    *value = o && eq ? eq + 1 : NULL;
    if (!o && a[1] != '-' && n > 2) {
        o = find(doc, a, 2, idx);
        *value = a + 2;
    }
    return o;
}

const ps_opt_doc *ps_cli_opt_lookup(const ps_cmd_doc *doc, const char *a, int *glued)
{
    size_t idx;
    const char *v;
    const ps_opt_doc *o = lookup(doc, a, &idx, &v);
    *glued = v != NULL;
    return o && (!v || o->arg) ? o : NULL;
}

int ps_cli_parse(ps_cli *cli, const ps_cmd_doc *doc, int argc, char **argv, void *rec, ps_cli_list *operands)
{
    size_t nrows = 0;
    while (ps_doc_opt_at(doc, nrows))
        nrows++;
    unsigned char *seen = ps_xcalloc(nrows + 1, 1);
    int only_operands = 0, rc = PS_OK;
    operands->v = ps_xcalloc((size_t)argc + 1, sizeof *operands->v);
    for (int i = 1; i < argc && !rc; i++) {
        const char *a = argv[i], *v = NULL;
        if (only_operands || a[0] != '-' || a[1] == 0) {
            operands->v[operands->n++] = a;
            continue;
        }
        if (strcmp(a, "--") == 0) {
            only_operands = 1;
            continue;
        }
        size_t idx = 0;
        const ps_opt_doc *o = lookup(doc, a, &idx, &v);
        char name[64]; /* the option as typed, without its value */
        snprintf(name, sizeof name, "%.*s", (int)(v ? (size_t)(v - a) - (a[1] == '-') : strlen(a)), a);
        if (!o || (v && !o->arg && a[1] != '-')) {
            rc = ps_cli_usage(cli, "unknown option '%s'", a);
            break;
        }
        if (v && !o->arg) {
            rc = ps_cli_usage(cli, "option %s takes no value", name);
            break;
        }
        if (o == &ps_doc_common_opts.opts[PS_COMMON_HELP]) {
            rc = ps_cli_help(cli, doc);
            rc = rc ? rc : PS_CLI_DONE;
            break;
        }
        if (o == &ps_doc_common_opts.opts[PS_COMMON_QUIET]) {
            cli->quiet = 1;
            continue;
        }
        if (o->arg && !v) {
            if (i + 1 >= argc) {
                rc = ps_cli_usage(cli, "option %s needs a value", name);
                break;
            }
            v = argv[++i];
        }
        if (o->arg && seen[idx] && !(o->flags & PS_OPT_REPEAT)) {
            rc = ps_cli_usage(cli, "option %s given twice", name);
            break;
        }
        seen[idx] = 1;
        int shared = doc->shared && o >= doc->shared->opts && o < doc->shared->opts + doc->shared->n;
        rc = store(cli, o, name, v ? v : "", field(rec, (shared ? doc->shared_at : 0) + o->at));
    }
    free(seen);
    return rc;
}

void ps_cli_parse_free(const ps_cmd_doc *doc, void *rec, ps_cli_list *operands)
{
    const ps_opt_doc *o;
    for (size_t i = 0; (o = ps_doc_opt_at(doc, i)); i++) {
        int shared = doc->shared && o >= doc->shared->opts && o < doc->shared->opts + doc->shared->n;
        if (o->kind == PS_ARG_LIST && o != &ps_doc_common_opts.opts[PS_COMMON_HELP] &&
            o != &ps_doc_common_opts.opts[PS_COMMON_QUIET]) {
            ps_cli_list *l = field(rec, (shared ? doc->shared_at : 0) + o->at);
            free(l->v);
            l->v = NULL;
            l->n = 0;
        }
    }
    if (operands) {
        free(operands->v);
        operands->v = NULL;
        operands->n = 0;
    }
}
