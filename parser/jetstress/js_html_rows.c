/* js_html_rows.c - the key/value rows of a Jetstress report (Test Summary, Database Sizing and
 * Throughput, System Parameters, Database Configuration), the number-cell conventions and the
 * decimal-separator decision shared with js_html.c. */
#include "js_internal.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Collapse all whitespace (incl. newlines) into single spaces. */
char *js_flat(const char *s)
{
    char *o = ps_xmalloc(strlen(s) + 1), *p = o;
    int sp = 0;
    for (; *s; s++) {
        if (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n') {
            sp = p != o;
            continue;
        }
        if (sp)
            *p++ = ' ';
        sp = 0;
        *p++ = *s;
    }
    *p = 0;
    return o;
}

/* ------------------------------------------------------------------ decimal separator */

void js_vote_sep(const char *s, int *dot, int *comma)
{
    const char *p = s;
    while (*p == ' ' || *p == '-')
        p++;
    size_t n = strspn(p, "0123456789.,");
    if (n == 0 || (p[n] && p[n] != ' ' && p[n] != '%'))
        return;
    const char *ld = NULL, *lc = NULL;
    int nd = 0, nc = 0;
    for (size_t i = 0; i < n; i++) {
        if (p[i] == '.')
            nd++, ld = p + i;
        else if (p[i] == ',')
            nc++, lc = p + i;
    }
    if (nd && nc) {
        (ld > lc ? (*dot)++ : (*comma)++);
        return;
    }
    if (nd + nc == 0)
        return;
    const char *sep = ld ? ld : lc;
    int k = ld ? nd : nc;
    size_t before = (size_t)(sep - p), after = n - before - 1;
    if (k > 1) { /* repeated: a thousands separator if grouped 1-3,3,3..., else no number (a version) */
        size_t g = 0, first = 1;
        for (size_t i = 0; i <= n; i++) {
            if (i == n || p[i] == *sep) {
                if ((first && (g < 1 || g > 3)) || (!first && g != 3))
                    return;
                first = 0;
                g = 0;
            } else {
                g++;
            }
        }
        (ld ? (*comma)++ : (*dot)++);
        return;
    }
    if (after != 3 || before > 3 || (before == 1 && p[0] == '0'))
        (ld ? (*dot)++ : (*comma)++);
}

/* ------------------------------------------------------------------ the parse state */

size_t js_instance_index(js_rstate *st, const char *raw)
{
    ps_js_report *r = st->r;
    const char *name = js_instance_basename(raw);
    for (; st->inst_indexed < r->ninstances; st->inst_indexed++) { /* catch up with appends */
        const char *k = r->instances[st->inst_indexed].name;
        if (ps_hash_get(&st->inst_index, k, strlen(k)) == PS_HASH_NONE)
            ps_hash_add(&st->inst_index, k, strlen(k), st->inst_indexed);
    }
    size_t at = ps_hash_get(&st->inst_index, name, strlen(name));
    return at != PS_HASH_NONE ? at : js_instance_append(&r->instances, &r->ninstances, name);
}

size_t js_instance_append(ps_js_instance **v, size_t *n, const char *name)
{
    *v = ps_xrealloc(*v, (*n + 1) * sizeof **v);
    ps_js_instance *in = &(*v)[*n];
    memset(in, 0, sizeof *in);
    in->name = ps_xstrdup(name);
    ps_js_figures_clear(&in->computed);
    ps_js_figures_clear(&in->reported);
    return (*n)++;
}

double js_num(js_rstate *st, const char *s, char *unit, size_t un)
{
    double v;
    if (js_parse_num(s, st->dec_comma, &v, unit, un) < 0) {
        if (!st->bad_nums++)
            snprintf(st->first_bad, sizeof st->first_bad, "%s", s);
        return NAN;
    }
    return v;
}

/* "h:mm:ss", "mm:ss" or a plain number of seconds. */
double js_duration_s(js_rstate *st, const char *s)
{
    int h = 0, m = 0;
    double sec = 0;
    if (strchr(s, ':')) {
        if (sscanf(s, "%d:%d:%lf", &h, &m, &sec) == 3)
            return h * 3600.0 + m * 60.0 + sec;
        if (sscanf(s, "%d:%lf", &m, &sec) == 2)
            return m * 60.0 + sec;
        return NAN;
    }
    return js_num(st, s, NULL, 0);
}

/* ------------------------------------------------------------------ key/value rows */

enum vtype { VT_STR, VT_NUM, VT_MB, VT_TIME, VT_RESULT, VT_LIST, VT_BOOL };
static const struct {
    enum js_field f;
    enum vtype t;
    size_t off;
} FIELDS[] = {
    {JS_F_OVERALL, VT_RESULT, 0},
    {JS_F_MACHINE, VT_STR, offsetof(ps_js_report, machine)},
    {JS_F_DESCRIPTION, VT_STR, offsetof(ps_js_report, description)},
    {JS_F_TEST_START, VT_TIME, offsetof(ps_js_report, test_start)},
    {JS_F_TEST_END, VT_TIME, offsetof(ps_js_report, test_end)},
    {JS_F_COLL_START, VT_TIME, offsetof(ps_js_report, collection_start)},
    {JS_F_COLL_END, VT_TIME, offsetof(ps_js_report, collection_end)},
    {JS_F_JS_VERSION, VT_STR, offsetof(ps_js_report, jetstress_version)},
    {JS_F_ESE_VERSION, VT_STR, offsetof(ps_js_report, ese_version)},
    {JS_F_OS, VT_STR, offsetof(ps_js_report, os)},
    {JS_F_PERF_LOG, VT_LIST, 0},
    {JS_F_ACHIEVED, VT_NUM, offsetof(ps_js_report, achieved_iops)},
    {JS_F_TARGET, VT_NUM, offsetof(ps_js_report, target_iops)},
    {JS_F_INIT_SIZE, VT_NUM, offsetof(ps_js_report, initial_db_bytes)},
    {JS_F_FINAL_SIZE, VT_NUM, offsetof(ps_js_report, final_db_bytes)},
    {JS_F_DB_FILES, VT_NUM, offsetof(ps_js_report, db_files)},
    {JS_F_THREADS, VT_NUM, offsetof(ps_js_report, thread_count)},
    {JS_F_MIN_CACHE, VT_MB, offsetof(ps_js_report, min_cache_mb)},
    {JS_F_MAX_CACHE, VT_MB, offsetof(ps_js_report, max_cache_mb)},
    {JS_F_INSERT, VT_NUM, offsetof(ps_js_report, insert_pct)},
    {JS_F_DELETE, VT_NUM, offsetof(ps_js_report, delete_pct)},
    {JS_F_REPLACE, VT_NUM, offsetof(ps_js_report, replace_pct)},
    {JS_F_READ, VT_NUM, offsetof(ps_js_report, read_pct)},
    {JS_F_LAZY, VT_NUM, offsetof(ps_js_report, lazy_commit_pct)},
    {JS_F_BDM, VT_BOOL, offsetof(ps_js_report, bdm)},
    {JS_F_COPIES, VT_NUM, offsetof(ps_js_report, copies_per_db)},
};

static void set_result(js_rstate *st, const char *v, long line)
{
    ps_js_report *r = st->r;
    size_t wl = 0;
    while (v[wl] && v[wl] != ' ' && v[wl] != '-' && (unsigned char)v[wl] != 0xE2 && v[wl] != '\n')
        wl++;
    char word[64];
    snprintf(word, sizeof word, "%.*s", (int)(wl < 63 ? wl : 63), v);
    int loc = 0, res = js_lookup(JS_K_RESULT, word, &loc);
    if (!res) {
        r->result = -1;
        ps_warn(st->w, "%s:%ld: unknown Overall Test Result '%s'", st->path, line, v);
        return;
    }
    st->localized |= loc;
    r->result = res == 1 ? 1 : 0;
    if (res == 1)
        return;
    const char *p = v + wl;
    while (*p == ' ' || *p == '\n')
        p++;
    if (*p == '-')
        p++;
    else if (strncmp(p, "\xE2\x80\x93", 3) == 0 || strncmp(p, "\xE2\x80\x94", 3) == 0)
        p += 3;
    char *reason = js_trimdup(p);
    free(r->result_reason);
    r->result_reason = *reason ? js_flat(reason) : NULL;
    free(reason);
}

static void add_perf_logs(ps_js_report *r, const char *v)
{
    const char *p = v;
    while (*p) {
        size_t l = strcspn(p, "\n");
        /* split further after every ".blg" (paths joined without a line break) */
        const char *q = p, *e = p + l;
        while (q < e) {
            const char *cut = e;
            for (const char *s = q; s + 4 <= e; s++)
                if (strncasecmp(s, ".blg", 4) == 0) {
                    cut = s + 4;
                    break;
                }
            char *item = ps_xstrndup(q, (size_t)(cut - q)), *t = js_trimdup(item);
            free(item);
            if (*t) {
                r->perf_logs = ps_xrealloc(r->perf_logs, (r->nperf_logs + 1) * sizeof *r->perf_logs);
                r->perf_logs[r->nperf_logs++] = t;
            } else {
                free(t);
            }
            q = cut;
        }
        p += l;
        if (*p)
            p++;
    }
}

void js_set_field(js_rstate *st, enum js_field f, const char *v, long line)
{
    ps_js_report *r = st->r;
    for (size_t i = 0; i < sizeof FIELDS / sizeof FIELDS[0]; i++) {
        if (FIELDS[i].f != f)
            continue;
        char *base = (char *)r + FIELDS[i].off, unit[32];
        switch (FIELDS[i].t) {
        case VT_STR: {
            char **s = (char **)base;
            free(*s);
            *s = js_flat(v);
            break;
        }
        case VT_NUM: *(double *)base = js_num(st, v, NULL, 0); break;
        case VT_MB: {
            double x = js_num(st, v, unit, sizeof unit);
            if (strcmp(unit, "gb") == 0)
                x *= 1024;
            else if (strcmp(unit, "kb") == 0)
                x /= 1024;
            *(double *)base = x;
            break;
        }
        case VT_TIME: {
            ps_time t;
            char *fv = js_flat(v);
            if (ps_time_parse_user(fv, &t, NULL) == 0) {
                *(ps_time *)base = t;
            } else if (*fv) {
                ps_warn(st->w, "%s:%ld: cannot read the time '%s'", st->path, line, fv);
            }
            free(fv);
            break;
        }
        case VT_RESULT: set_result(st, v, line); break;
        case VT_LIST: add_perf_logs(r, v); break;
        case VT_BOOL:
            *(int *)base = strncasecmp(v, "true", 4) == 0 ? 1 : strncasecmp(v, "false", 5) == 0 ? 0 : -1;
            break;
        }
        return;
    }
}

/* Database Configuration row: "Log path: H:\log1 Database: D:\Jetstress001001.edb". */
void js_set_dbconf(js_rstate *st, const char *label, const char *v)
{
    size_t idx = js_instance_index(st, label);
    ps_js_instance *in = &st->r->instances[idx];
    char *fv = js_flat(v);
    char *db = NULL;
    for (char *p = fv; (p = js_strcasestr(p, "database")) != NULL; p++) {
        char *q = p + 8;
        while (*q == ' ')
            q++;
        if (*q == ':')
            db = p;
    }
    if (db) {
        char *q = strchr(db, ':') + 1;
        free(in->db_path);
        in->db_path = js_trimdup(q);
        *db = 0;
    }
    char *c = strchr(fv, ':');
    /* the label part ends at the first ':' that is not a drive letter colon */
    while (c && c > fv + 1 && c[-2] == ' ' && ((c[-1] >= 'A' && c[-1] <= 'Z') || (c[-1] >= 'a' && c[-1] <= 'z')))
        c = strchr(c + 1, ':');
    if (c) {
        free(in->log_path);
        in->log_path = js_trimdup(c + 1);
    }
    free(fv);
}
