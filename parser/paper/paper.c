/* paper.c - ESRP white-paper text -> claims (ps_paper). Each line is matched against the
 * pattern table (paper_patterns.c); matches become an ordered event stream (labels, titles,
 * sections, table rows, test-log lines) that a small state machine turns into claims. */
#include "ps_parser.h"
#include "paper_internal.h"
#include "js_internal.h"
#include "paper_text.h"
#include "ps_paper_pdf.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_EVENTS_PER_LINE 4096
#define NGROUPS 8

typedef struct pev {
    size_t so, eo;
    size_t pat;
    size_t g[NGROUPS][2];   /* group offsets, (SIZE_MAX, SIZE_MAX) when unset */
    int dropped;
} pev;

typedef struct rd {
    ps_paper *p;
    paper_patterns pp;
    ps_warnings *w;
    int limit_warned;
    /* state */
    int cur_report;
    size_t report_first_claim;
    int section, final;
    int colorder[5], nhdr;
    char vol[26];            /* 2007 volume roles: 0 unknown, 1 database, 2 log */
    int cur_table;
    size_t server_tables;    /* tables so far that are not the aggregate ("server N" names) */
    unsigned seen;
    int pending_new, pending_agg;
    int block, prev_line_cells;
    pev *ev;
} rd;

/* ------------------------------------------------------------------ numbers */

/* "M/D/YYYY h:mm:ss [AM|PM]" -> ps_time; -1 when malformed. */
static int take_time(const char *s, size_t n, ps_time *out)
{
    char tmp[64];
    size_t i = 0;
    while (i < n && (s[i] == ' ' || s[i] == ':' || s[i] == '\t'))
        i++;
    size_t k = 0;
    while (i < n && k < sizeof tmp - 1 && s[i] != '\n')
        tmp[k++] = s[i++];
    tmp[k] = 0;
    int mo, d, y, h, mi, se, used = 0;
    char ap[3] = "";
    if (sscanf(tmp, "%d/%d/%d %d:%d:%d%n", &mo, &d, &y, &h, &mi, &se, &used) != 6)
        return -1;
    const char *r = tmp + used;
    while (*r == ' ')
        r++;
    if ((r[0] == 'A' || r[0] == 'P' || r[0] == 'a' || r[0] == 'p') && (r[1] == 'M' || r[1] == 'm')) {
        ap[0] = (char)(r[0] & ~0x20);
        if (h < 1 || h > 12)
            return -1;
        if (h == 12)
            h = 0;
        if (ap[0] == 'P')
            h += 12;
    }
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 60 || y < 1900)
        return -1;
    *out = ps_time_from_fields(y, mo, d, h, mi, se, 0);
    return 0;
}

static char *dupspan(const char *s, size_t a, size_t b)
{
    return ps_xstrndup(s + a, b - a);
}

/* ------------------------------------------------------------------ claims */

static ps_claim *add(rd *r, enum ps_metric m, long line, const char *label, const char *num, size_t nl, double v,
                     int dec, double scale)
{
    char *text = num ? ps_xstrndup(num, nl) : NULL;
    ps_claim *c = ps_paper_add_claim(r->p, m, r->cur_report >= 0 ? PS_CTX_REPORT : PS_CTX_BODY, line, label, text,
                                     num ? v : NAN, dec, scale);
    free(text);
    c->report = r->cur_report;
    return c;
}

static ps_claim *add_value(rd *r, enum ps_metric m, long line, const char *label, const char *s, size_t n,
                           int at_eol, double scale)
{
    double v;
    int dec;
    size_t ts, tl;
    if (paper_take_number(s, n, at_eol, &v, &dec, &ts, &tl))
        return add(r, m, line, label, s + ts, tl, v, dec, scale);
    return add(r, m, line, label, NULL, 0, NAN, -1, scale);
}

static void new_table(rd *r, long line)
{
    ps_paper *p = r->p;
    if (p->ntables == p->captables) {
        p->captables = p->captables ? 2 * p->captables : 8;
        p->tables = ps_xrealloc(p->tables, p->captables * sizeof *p->tables);
    }
    ps_paper_table *t = &p->tables[p->ntables];
    t->aggregate = r->pending_agg;
    ps_buf b = {0};
    if (t->aggregate)
        ps_buf_puts(&b, "aggregate");
    else
        ps_buf_printf(&b, "server %zu", ++r->server_tables);   /* counted, never re-counted */
    t->server = ps_buf_steal(&b);
    t->line = line;
    r->cur_table = (int)p->ntables++;
    r->seen = 0;
    r->pending_new = r->pending_agg = 0;
}

static void new_report(rd *r, enum ps_test_type t, const char *title, long line)
{
    ps_paper *p = r->p;
    if (r->cur_report >= 0 && p->reports[r->cur_report].type == t && p->nclaims == r->report_first_claim)
        return;   /* the same report named twice ("2 Hour Performance ... Performance Test Result Report") */
    if (p->nreports == p->capreports) {
        p->capreports = p->capreports ? 2 * p->capreports : 8;
        p->reports = ps_xrealloc(p->reports, p->capreports * sizeof *p->reports);
    }
    ps_paper_report *rp = &p->reports[p->nreports];
    rp->type = t;
    rp->layout_2007 = p->esrp_major == 2;
    rp->title = ps_xstrdup(title);
    rp->name = NULL;
    rp->line = line;
    r->cur_report = (int)p->nreports++;
    r->report_first_claim = p->nclaims;
    r->section = PS_SEC_NONE;
    r->final = 0;
    r->nhdr = 0;
    memset(r->vol, 0, sizeof r->vol);
}

/* ------------------------------------------------------------------ events */

static int cmp_ev(const void *a, const void *b)
{
    const pev *x = a, *y = b;
    if (x->so != y->so)
        return x->so < y->so ? -1 : 1;
    if (x->eo != y->eo)
        return x->eo > y->eo ? -1 : 1;
    return x->pat < y->pat ? -1 : x->pat > y->pat;
}

static size_t collect(rd *r, const char *s, size_t n, long lineno)
{
    size_t ne = 0;
    for (size_t i = 0; i < r->pp.n; i++) {
        if (r->pp.def[i].kind == PP_LOG)
            continue;
        size_t off = 0;
        while (off <= n && ne < MAX_EVENTS_PER_LINE) {
            int rc = paper_match(&r->pp, r->pp.code[i], s, n, off, 0);
            if (rc == PCRE2_ERROR_NOMATCH)
                break;
            if (rc < 0) {
                if (!r->limit_warned)
                    ps_warn(r->w, "%s:%ld: pattern limit reached; part of the line not examined",
                            r->p->source, lineno);
                r->limit_warned = 1;
                break;
            }
            PCRE2_SIZE *ov = pcre2_get_ovector_pointer(r->pp.md);
            pev *e = &r->ev[ne++];
            e->so = ov[0];
            e->eo = ov[1];
            e->pat = i;
            e->dropped = 0;
            for (int g = 0; g < NGROUPS; g++) {
                if (g + 1 < rc) {
                    e->g[g][0] = ov[2 * (g + 1)];
                    e->g[g][1] = ov[2 * (g + 1) + 1];
                } else {
                    e->g[g][0] = e->g[g][1] = (size_t)-1;
                }
            }
            off = ov[1] > ov[0] ? ov[1] : ov[0] + 1;
        }
    }
    qsort(r->ev, ne, sizeof *r->ev, cmp_ev);
    size_t end = 0;
    for (size_t i = 0; i < ne; i++) {
        if (r->ev[i].so < end)
            r->ev[i].dropped = 1;
        else
            end = r->ev[i].eo;
    }
    size_t k = 0;
    for (size_t i = 0; i < ne; i++)
        if (!r->ev[i].dropped)
            r->ev[k++] = r->ev[i];
    return k;
}

static size_t gl(const pev *e, int g) { return e->g[g][1] - e->g[g][0]; }

static void log_message(rd *r, const char *s, size_t a, size_t b, long line)
{
    for (size_t i = 0; i < r->pp.n; i++) {
        const paper_pattern *d = &r->pp.def[i];
        if (d->kind != PP_LOG)
            continue;
        int rc = paper_match(&r->pp, r->pp.code[i], s, b, a, PCRE2_ANCHORED);
        if (rc <= 0)
            continue;
        PCRE2_SIZE *ov = pcre2_get_ovector_pointer(r->pp.md);
        size_t g1 = ov[2], e1 = ov[3], g2 = rc > 2 ? ov[4] : 0, e2 = rc > 2 ? ov[5] : 0;
        size_t g3 = rc > 3 ? ov[6] : 0, e3 = rc > 3 ? ov[7] : 0;
        switch (d->id) {
        case PL_FINAL: r->final = 1; break;
        case PL_INST_LAT:
            if (r->final) {
                char *who = dupspan(s, g1, e1), *what = dupspan(s, g3, e3);
                int col = (what[0] == 'D' || what[0] == 'd') ? 0 : 6;
                if (strpbrk(what, "Ww"))
                    col += 1;
                char label[160];
                snprintf(label, sizeof label, "%s test-log %s latency", who, what);
                ps_claim *c = add_value(r, PS_M_LOG_LAT, line, label, s + g2, e2 - g2, 0, 1);
                c->who = who;
                c->col = col;
                free(what);
            }
            break;
        case PL_VOL_LAT:
            if (r->final) {
                char *who = dupspan(s, g1, e1);
                int write = (s[g3] | 0x20) == 'w';
                int role = r->vol[(who[0] | 0x20) - 'a'];
                int col = write ? (role == 1 ? 1 : 7) : (role == 2 ? 6 : 0);
                char label[96];
                snprintf(label, sizeof label, "Volume %s test-log Avg. Disk sec/%s", who, write ? "Write" : "Read");
                ps_claim *c = add_value(r, PS_M_LOG_LAT, line, label, s + g2, e2 - g2, 0, 1000);
                c->who = who;
                c->col = col;
            }
            break;
        case PL_TARGET: {
            ps_claim *c = add_value(r, PS_M_TARGET_IOPS, line, "test log target IOPS", s + g2, e2 - g2, 0, 1);
            c->who = ps_xstrdup("test log");
            break;
        }
        case PL_THR_READ:
        case PL_THR_LOG: {
            double scale = (s[g2] | 0x20) == 's' ? 1000 : 1;
            add_value(r, d->id == PL_THR_READ ? PS_M_THR_DB_READ : PS_M_THR_LOG_WRITE, line,
                      d->id == PL_THR_READ ? "Database read latency thresholds" : "Log write latency thresholds",
                      s + g1, e1 - g1, 0, scale);
            break;
        }
        case PL_INTERVAL: add_value(r, PS_M_INTERVAL_MS, line, "Performance logging interval", s + g1, e1 - g1, 0, 1); break;
        case PL_BLG: add_value(r, PS_M_BLG_SAMPLES, line, ".blg samples", s + g1, e1 - g1, 0, 1); break;
        case PL_XML: add_value(r, PS_M_XML_SAMPLES, line, ".xml samples queried", s + g1, e1 - g1, 0, 1); break;
        default: break;
        }
        (void)g2;
        return;
    }
}

static const int disk_cols[2][5] = {{0, 1, 2, 3, 5}, {6, 7, 8, 9, 11}};
static const char *const disk_names[5] = {"Avg. Disk sec/Read", "Avg. Disk sec/Write", "Disk Reads/sec",
                                          "Disk Writes/sec", "Avg. Disk Bytes/Write"};

static void disk_row(rd *r, const char *s, size_t a, size_t b, const pev *e, long line)
{
    int role = (s[e->g[0][0]] | 0x20) == 'l' ? 1 : 0;
    char drive[3] = {s[e->g[1][0]], ':', 0};
    r->vol[(drive[0] | 0x20) - 'a'] = (char)(role + 1);
    if (r->cur_report >= 0)
        r->p->reports[r->cur_report].layout_2007 = 1;
    size_t i = a;
    for (int k = 0; k < 5; k++) {
        while (i < b && (s[i] == ' ' || s[i] == '\t'))
            i++;
        if (i >= b)
            break;
        int c = r->nhdr == 5 ? r->colorder[k] : k;
        char label[96];
        snprintf(label, sizeof label, "%s (%s) %s", role ? "Log" : "Database", drive, disk_names[c]);
        size_t j = i;
        while (j < b && s[j] != ' ' && s[j] != '\t')
            j++;
        if (j - i == 5 && strncmp(s + i, "(n/a)", 5) == 0) {
            i = j;
            continue;   /* not applicable: neither a value nor a lost one */
        }
        double v;
        int dec;
        size_t ts, tl;
        int ok = paper_take_number(s + i, j - i, j == b, &v, &dec, &ts, &tl) && ts == 0 && tl == j - i;
        if (!ok && !(j == b))
            break;   /* not a table cell: the row ended */
        ps_claim *cl = add(r, PS_M_COL, line, label, ok ? s + i : NULL, tl, ok ? v : NAN, dec, c <= 1 ? 1000 : 1);
        cl->who = ps_xstrdup(drive);
        cl->col = disk_cols[role][c];
        i = j;
    }
}

static void inst_row(rd *r, const char *s, size_t a, size_t b, const pev *e, long line)
{
    double vals[PS_IO12_N];
    int decs[PS_IO12_N];
    size_t ts[PS_IO12_N], tl[PS_IO12_N];
    int n = 0;
    size_t i = a;
    while (n < PS_IO12_N) {
        while (i < b && (s[i] == ' ' || s[i] == '\t'))
            i++;
        size_t j = i;
        while (j < b && s[j] != ' ' && s[j] != '\t')
            j++;
        if (j == i)
            break;
        size_t t0, t1;
        if (!paper_take_number(s + i, j - i, 0, &vals[n], &decs[n], &t0, &t1) || t0 != 0 || t1 != j - i)
            break;
        ts[n] = i;
        tl[n] = t1;
        n++;
        i = j;
    }
    if (n < 4)
        return;   /* Database Configuration rows and the like */
    char *who = dupspan(s, e->g[0][0], e->g[0][1]);
    int total = r->section == PS_SEC_TOTAL;
    for (int k = 0; k < n; k++) {
        char label[160];
        snprintf(label, sizeof label, "%s %s column %d", who, total ? "Total I/O" : "Transactional I/O", k);
        ps_claim *c = add(r, PS_M_COL, line, label, s + ts[k], tl[k], vals[k], decs[k], 1);
        c->who = ps_xstrdup(who);
        c->col = k;
        c->total_table = total;
    }
    free(who);
}

static void label_event(rd *r, const char *s, size_t a, size_t b, int at_eol, const pev *e, long line)
{
    const paper_pattern *d = &r->pp.def[e->pat];
    int in_report = r->cur_report >= 0;
    if ((d->where == PW_BODY && in_report) || (d->where == PW_REPORT && !in_report))
        return;
    char *label = dupspan(s, e->so, e->eo);
    enum ps_metric m = (enum ps_metric)d->id;
    if (m <= PS_M_LOG_WRITE_LAT) {
        if (r->cur_table < 0 || r->pending_new || (r->seen & (1u << m)))
            new_table(r, line);
        r->seen |= 1u << m;
        ps_claim *c = add_value(r, m, line, label, s + a, b - a, at_eol, 1);
        c->table = r->cur_table;
    } else if (m == PS_M_VERDICT) {
        size_t i = a;
        while (i < b && (s[i] == ' ' || s[i] == '\t' || s[i] == ':'))
            i++;
        int v = -1;
        if (b - i >= 4 && (strncmp(s + i, "Pass", 4) == 0 || strncmp(s + i, "PASS", 4) == 0))
            v = 1;
        else if (b - i >= 4 && (strncmp(s + i, "Fail", 4) == 0 || strncmp(s + i, "FAIL", 4) == 0))
            v = 0;
        else if (b - i >= 6 && strncmp(s + i, "通過", 6) == 0)
            v = 1;
        else if (b - i >= 6 && strncmp(s + i, "失敗", 6) == 0)
            v = 0;
        add(r, m, line, label, v < 0 ? NULL : (v ? "Pass" : "Fail"), 4, v < 0 ? NAN : v, 0, 1);
    } else if (m == PS_M_COLLECTION_START || m == PS_M_COLLECTION_END) {
        ps_time t;
        if (take_time(s + a, b - a, &t) == 0)
            add(r, m, line, label, s + a, 0, (double)t, 0, 1);
        else
            add(r, m, line, label, NULL, 0, NAN, -1, 1);
    } else {
        add_value(r, m, line, label, s + a, b - a, at_eol, 1);
        if (m == PS_M_TESTED_IOPS && e->g[0][0] != (size_t)-1) {
            double v;
            int dec;
            size_t ts, tl;
            if (paper_take_number(s + e->g[0][0], gl(e, 0), 0, &v, &dec, &ts, &tl))
                add(r, PS_M_HEADROOM_PCT, line, "include N% headroom", s + e->g[0][0] + ts, tl, v, dec, 1);
        }
    }
    free(label);
}

static void pct_cells(rd *r, const char *s, size_t n, long line)
{
    size_t off = 0, found = 0;
    while (off < n) {
        int rc = paper_match(&r->pp, r->pp.pct, s, n, off, 0);
        if (rc <= 0)
            break;
        PCRE2_SIZE *ov = pcre2_get_ovector_pointer(r->pp.md);
        size_t so = ov[0], eo = ov[1];
        if (!found && !r->prev_line_cells)
            r->block++;
        found++;
        ps_paper *p = r->p;
        if (p->ncells == p->capcells) {
            p->capcells = p->capcells ? 2 * p->capcells : 32;
            p->cells = ps_xrealloc(p->cells, p->capcells * sizeof *p->cells);
        }
        ps_pct_cell *c = &p->cells[p->ncells++];
        memset(c, 0, sizeof *c);
        c->line = line;
        c->block = r->block;
        double v;
        int dec;
        size_t ts, tl;
        if (paper_take_number(s + ov[2], ov[3] - ov[2], 0, &v, &dec, &ts, &tl)) {
            c->pct = v;
            c->pct_decimals = dec;
        } else {
            p->ncells--;
            off = eo > so ? eo : so + 1;
            continue;
        }
        c->value = NAN;
        c->value_decimals = -1;
        int closed = rc > 3 && ov[6] != PCRE2_UNSET;
        size_t a = ov[4], b = ov[5];
        if (closed && paper_take_number(s + a, b - a, 0, &v, &dec, &ts, &tl)) {
            c->value = v;
            c->value_decimals = dec;
            size_t i = a + ts + tl, k = 0;
            while (i < b && s[i] == ' ')
                i++;
            while (i < b && k < sizeof c->unit - 1 &&
                   ((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z')))
                c->unit[k++] = (char)(s[i++] | 0x20);
            c->unit[k] = 0;
        }
        off = eo > so ? eo : so + 1;
    }
    r->prev_line_cells = found > 0;
}

static void do_line(rd *r, const char *s, size_t n, long line)
{
    size_t ne = collect(r, s, n, line);
    int toc = 0;
    for (size_t i = 0; i + 5 <= n && !toc; i++)
        toc = strncmp(s + i, ".....", 5) == 0;
    /* test-log message spans: a label inside a message is log text, not a table row */
    for (size_t i = 0; i < ne; i++) {
        const paper_pattern *d = &r->pp.def[r->ev[i].pat];
        if (d->kind != PP_TIMESTAMP)
            continue;
        size_t end = n;
        for (size_t j = i + 1; j < ne; j++) {
            enum pp_kind k = r->pp.def[r->ev[j].pat].kind;
            if (k == PP_TIMESTAMP || k == PP_TITLE || k == PP_SECTION) {
                end = r->ev[j].so;
                break;
            }
            r->ev[j].dropped = 1;
        }
        r->ev[i].g[7][0] = r->ev[i].eo;   /* message start/end */
        r->ev[i].g[7][1] = end;
    }
    for (size_t i = 0; i < ne; i++) {
        pev *e = &r->ev[i];
        if (e->dropped)
            continue;
        const paper_pattern *d = &r->pp.def[e->pat];
        size_t next = n;
        for (size_t j = i + 1; j < ne; j++)
            if (!r->ev[j].dropped) {
                next = r->ev[j].so;
                break;
            }
        switch (d->kind) {
        case PP_TITLE:
            if (!toc) {
                char *t = dupspan(s, e->so, e->eo);
                new_report(r, (enum ps_test_type)d->id, t, line);
                free(t);
            }
            break;
        case PP_SECTION:
            if (r->cur_report >= 0) {
                r->section = d->id;
                if (d->id == PS_SEC_DISK) {
                    r->nhdr = 0;
                    r->p->reports[r->cur_report].layout_2007 = 1;
                }
            }
            break;
        case PP_MARK:
            if (d->id == PM_ESRP_VERSION && e->g[0][0] != (size_t)-1)
                r->p->esrp_major = s[e->g[0][0]] - '0';
            else if (d->id == PM_AGGREGATE && r->cur_report < 0)
                r->pending_new = r->pending_agg = 1;
            else if (d->id == PM_SERVER && r->cur_report < 0)
                r->pending_new = 1;
            else if (d->id == PM_MACHINE && r->cur_report >= 0 && e->g[0][0] != (size_t)-1) {
                ps_paper_report *rp = &r->p->reports[r->cur_report];
                ps_buf b = {0};
                ps_buf_put(&b, s + e->g[0][0], gl(e, 0));
                ps_buf_printf(&b, " %s", ps_test_type_name(rp->type));
                free(rp->name);
                rp->name = ps_buf_steal(&b);
            }
            break;
        case PP_DISKHDR:
            if (r->cur_report >= 0 && r->section == PS_SEC_DISK && r->nhdr < 5)
                r->colorder[r->nhdr++] = d->id;
            break;
        case PP_DISKROW:
            if (r->cur_report >= 0 && r->section == PS_SEC_DISK)
                disk_row(r, s, e->eo, next, e, line);
            break;
        case PP_INSTROW:
            if (r->cur_report >= 0 && (r->section == PS_SEC_TRANS || r->section == PS_SEC_TOTAL ||
                                       (r->section == PS_SEC_NONE && !r->p->reports[r->cur_report].layout_2007)))
                inst_row(r, s, e->eo, next, e, line);
            break;
        case PP_LABEL:
            label_event(r, s, e->eo, next, next == n, e, line);
            break;
        case PP_TIMESTAMP:
            if (r->cur_report >= 0)
                log_message(r, s, e->g[7][0], e->g[7][1], line);
            break;
        default: break;
        }
    }
    pct_cells(r, s, n, line);
}

/* Replace NUL bytes and invalid UTF-8 by spaces, in place; returns the count. */
static size_t sanitize(unsigned char *s, size_t n)
{
    size_t bad = 0, i = 0;
    while (i < n) {
        unsigned c = s[i];
        size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        int ok = len && i + len <= n;
        for (size_t k = 1; ok && k < len; k++)
            ok = (s[i + k] & 0xC0) == 0x80;
        if (ok && len == 2 && c < 0xC2)
            ok = 0;
        if (ok && len == 3) {
            unsigned cp = ((c & 0x0F) << 12) | ((s[i + 1] & 0x3F) << 6) | (s[i + 2] & 0x3F);
            ok = cp >= 0x800 && (cp < 0xD800 || cp > 0xDFFF);
        }
        if (ok && len == 4) {
            unsigned cp = ((c & 0x07) << 18) | ((s[i + 1] & 0x3F) << 12) | ((s[i + 2] & 0x3F) << 6) | (s[i + 3] & 0x3F);
            ok = cp >= 0x10000 && cp <= 0x10FFFF;
        }
        if (!ok || c == 0) {
            s[i++] = ' ';
            bad++;
            continue;
        }
        i += len;
    }
    return bad;
}

int ps_paper_parse(const char *name, const char *text, size_t len, ps_paper **out, ps_warnings *w, ps_error *err)
{
    *out = NULL;
    if (len > PS_PAPER_MAX_BYTES)
        return ps_error_set(err, PS_EINPUT, name, 0, 0, "paper text larger than %u MiB", PS_PAPER_MAX_BYTES >> 20);
    rd r = {0};
    int rc = paper_patterns_init(&r.pp, err);
    if (rc)
        return rc;
    size_t n16 = 0;
    int odd = 0;
    unsigned char *buf = (unsigned char *)paper_utf16((const unsigned char *)text, len, &n16, &odd);
    if (buf) {
        len = n16;
        if (odd)
            ps_warn(w, "%s: UTF-16 text of an odd number of bytes: the last byte (half a character) ignored", name);
    } else {
        buf = ps_xmalloc(len + 1);
        memcpy(buf, text, len);
        buf[len] = 0;
    }
    size_t start = 0;
    if (len >= 3 && buf[0] == 0xEF && buf[1] == 0xBB && buf[2] == 0xBF)
        start = 3;
    ps_paper *p = ps_xcalloc(1, sizeof *p);
    p->source = ps_xstrdup(name);
    p->sanitized_bytes = sanitize(buf + start, len - start);
    if (p->sanitized_bytes)
        ps_warn(w, "%s: %zu NUL or invalid UTF-8 bytes replaced by spaces", name, p->sanitized_bytes);
    len = start + paper_fold_spaces(buf + start, len - start);
    r.p = p;
    r.w = w;
    r.cur_report = -1;
    r.cur_table = -1;
    r.ev = ps_xmalloc(MAX_EVENTS_PER_LINE * sizeof *r.ev);
    long line = 1;
    size_t i = start;
    while (i < len) {
        size_t j = i;
        while (j < len && buf[j] != '\n' && buf[j] != '\f')
            j++;
        size_t e = j;
        if (e > i && buf[e - 1] == '\r')
            e--;
        do_line(&r, (const char *)buf + i, e - i, line);
        if (j < len && buf[j] == '\n')
            line++;
        i = j + 1;
    }
    free(r.ev);
    paper_patterns_free(&r.pp);
    free(buf);
    *out = p;
    return 0;
}

int ps_paper_read(const char *path, ps_paper **out, ps_warnings *w, ps_error *err)
{
    *out = NULL;
    struct stat st;
    if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && (uintmax_t)st.st_size > PS_PAPER_MAX_BYTES)
        /* refused before reading a byte (a pipe still stops at the cap inside js_slurp) */
        return ps_error_set(err, PS_EINPUT, path, 0, 0, "paper text larger than %u MiB", PS_PAPER_MAX_BYTES >> 20);
    char *data = NULL;
    size_t len = 0;
    int rc = js_slurp(path, PS_PAPER_MAX_BYTES, &data, &len, err);   /* parser-wide file reader */
    if (!rc && len == 0)
        rc = ps_error_set(err, PS_EINPUT, path, 0, 0, "empty paper text");
    if (!rc && ps_paper_is_pdf((const unsigned char *)data, len))   /* the paper sniffer: content, not name */
        rc = ps_paper_parse_pdf(path, data, len, out, w, err);
    else if (!rc)
        rc = ps_paper_parse(path, data, len, out, w, err);
    free(data);
    return rc;
}
