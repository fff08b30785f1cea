/* paper_rows.c - rows of the Jetstress reports reproduced in a paper: 2007 Disk Subsystem rows,
 * 2010+ instance rows, test-log lines, and "p% [value unit]" trend cells. */
#include "paper_internal.h"
#include "paper_text.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dupspan(const char *s, size_t a, size_t b)
{
    return ps_xstrndup(s + a, b - a);
}

/* the morning/afternoon markers Windows writes in other locales, before or after the time */
static const struct {
    const char *w;
    int pm;
} ampm[] = {
    {"AM", 0},           {"PM", 1},           {"am", 0},           {"pm", 1},           {"\u4e0a\u5348", 0},
    {"\u4e0b\u5348", 1}, {"\u5348\u524d", 0}, {"\u5348\u5f8c", 1}, {"\uc624\uc804", 0}, {"\uc624\ud6c4", 1},
};

/* skip spaces; a morning/afternoon marker there sets *pm (0/1) and is skipped too */
static const char *skip_ampm(const char *r, int *pm)
{
    while (*r == ' ' || *r == '\t')
        r++;
    for (size_t i = 0; i < sizeof ampm / sizeof ampm[0]; i++) {
        size_t l = strlen(ampm[i].w);
        if (strncmp(r, ampm[i].w, l) == 0) {
            *pm = ampm[i].pm;
            r += l;
            while (*r == ' ' || *r == '\t')
                r++;
            break;
        }
    }
    return r;
}

/* A date and time as Windows writes them in its locales -> ps_time; -1 when malformed:
 * "M/D/YYYY h:mm:ss AM" (en-US, also 24-hour), "D.M.YYYY H:mm:ss" (de, ru, ...),
 * "YYYY-MM-DD HH:mm:ss" (sv, ISO), "YYYY/M/D [上午|下午] h:mm:ss" (zh, ja, ko). */
int paper_take_time(const char *s, size_t n, ps_time *out)
{
    char tmp[64];
    size_t i = 0;
    while (i < n && (s[i] == ' ' || s[i] == ':' || s[i] == '\t'))
        i++;
    size_t k = 0;
    while (i < n && k < sizeof tmp - 1 && s[i] != '\n')
        tmp[k++] = s[i++];
    tmp[k] = 0;
    int p1, p2, p3, h, mi, se, used = 0, pm = -1;
    char s1, s2;
    if (sscanf(tmp, "%d%c%d%c%d%n", &p1, &s1, &p2, &s2, &p3, &used) != 5 || s1 != s2 ||
        (s1 != '/' && s1 != '.' && s1 != '-'))
        return -1;
    int y, mo, d;
    if (p1 >= 1000)
        y = p1, mo = p2, d = p3; /* year first */
    else if (s1 == '.')
        d = p1, mo = p2, y = p3; /* day first */
    else if (s1 == '/')
        mo = p1, d = p2, y = p3; /* month first */
    else
        return -1;
    const char *r = skip_ampm(tmp + used, &pm);
    int tu = 0;
    if (sscanf(r, "%d:%d:%d%n", &h, &mi, &se, &tu) != 3)
        return -1;
    if (pm < 0)
        skip_ampm(r + tu, &pm);
    if (pm >= 0) {
        if (h < 1 || h > 12)
            return -1;
        h = h % 12 + (pm ? 12 : 0);
    }
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 60 || y < 1900)
        return -1;
    *out = ps_time_from_fields(y, mo, d, h, mi, se, 0);
    return 0;
}

void paper_log_message(rd *r, const char *s, size_t a, size_t b, long line)
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
                ps_claim *c = paper_add_value(r, PS_M_LOG_LAT, line, label, s + g2, e2 - g2, 0, 1);
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
                ps_claim *c = paper_add_value(r, PS_M_LOG_LAT, line, label, s + g2, e2 - g2, 0, 1000);
                c->who = who;
                c->col = col;
            }
            break;
        case PL_TARGET: {
            ps_claim *c = paper_add_value(r, PS_M_TARGET_IOPS, line, "test log target IOPS", s + g2, e2 - g2, 0, 1);
            c->who = ps_xstrdup("test log");
            break;
        }
        case PL_THR_READ:
        case PL_THR_LOG: {
            double scale = (s[g2] | 0x20) == 's' ? 1000 : 1;
            paper_add_value(r, d->id == PL_THR_READ ? PS_M_THR_DB_READ : PS_M_THR_LOG_WRITE, line,
                            d->id == PL_THR_READ ? "Database read latency thresholds" : "Log write latency thresholds",
                            s + g1, e1 - g1, 0, scale);
            break;
        }
        case PL_INTERVAL:
            paper_add_value(r, PS_M_INTERVAL_MS, line, "Performance logging interval", s + g1, e1 - g1, 0, 1);
            break;
        case PL_BLG: paper_add_value(r, PS_M_BLG_SAMPLES, line, ".blg samples", s + g1, e1 - g1, 0, 1); break;
        case PL_XML: paper_add_value(r, PS_M_XML_SAMPLES, line, ".xml samples queried", s + g1, e1 - g1, 0, 1); break;
        default: break;
        }
        (void)g2;
        return;
    }
}

static const int disk_cols[2][5] = {{0, 1, 2, 3, 5}, {6, 7, 8, 9, 11}};
static const char *const disk_names[5] = {"Avg. Disk sec/Read", "Avg. Disk sec/Write", "Disk Reads/sec",
                                          "Disk Writes/sec", "Avg. Disk Bytes/Write"};

void paper_disk_row(rd *r, const char *s, size_t a, size_t b, const pev *e, long line)
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
            continue; /* not applicable: neither a value nor a lost one */
        }
        double v;
        int dec;
        size_t ts, tl;
        int ok = paper_take_number(s + i, j - i, j == b, &v, &dec, &ts, &tl) && ts == 0 && tl == j - i;
        if (!ok && !(j == b))
            break; /* not a table cell: the row ended */
        paper_mark_used(r, s, i, j);
        ps_claim *cl = paper_add(r, PS_M_COL, line, label, ok ? s + i : NULL, tl, ok ? v : NAN, dec, c <= 1 ? 1000 : 1);
        cl->who = ps_xstrdup(drive);
        cl->col = disk_cols[role][c];
        i = j;
    }
}

/* the numbers of s[a, b) up to max, one per space-separated token; *rest is 1 when something
 * other than numbers and blanks follows them */
static int take_cells(const char *s, size_t a, size_t b, int max, double *vals, int *decs, size_t *ts, size_t *tl,
                      int *rest)
{
    int n = 0;
    size_t i = a;
    *rest = 0;
    while (n < max) {
        while (i < b && (s[i] == ' ' || s[i] == '\t'))
            i++;
        size_t j = i;
        while (j < b && s[j] != ' ' && s[j] != '\t')
            j++;
        if (j == i)
            break;
        size_t t0, t1;
        if (!paper_take_number(s + i, j - i, 0, &vals[n], &decs[n], &t0, &t1) || t0 != 0 || t1 != j - i) {
            *rest = 1;
            break;
        }
        ts[n] = i;
        tl[n] = t1;
        n++;
        i = j;
    }
    while (i < b && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r'))
        i++;
    *rest |= i < b;
    return n;
}

static void add_inst_cells(rd *r, const char *who, int total, int first, int n, const char *s, const double *vals,
                           const int *decs, const size_t *ts, const size_t *tl, long line)
{
    for (int k = 0; k < n; k++) {
        char label[160];
        snprintf(label, sizeof label, "%s %s column %d", who, total ? "Total I/O" : "Transactional I/O", first + k);
        ps_claim *c = paper_add(r, PS_M_COL, line, label, s + ts[k], tl[k], vals[k], decs[k], 1);
        c->who = ps_xstrdup(who);
        c->col = first + k;
        c->total_table = total;
    }
}

/* Does s[0, n) contain w? */
static int span_has(const char *s, size_t n, const char *w)
{
    size_t wl = strlen(w);
    for (size_t i = 0; i + wl <= n; i++)
        if (memcmp(s + i, w, wl) == 0)
            return 1;
    return 0;
}

/* Words of a header cell that name a database or a log column, in the labels of every language
 * the appendices print (render/doc/i18n/jsl.c): "I/O Database Reads ...", "I/O 資料庫讀取..." */
static const char *const db_words[] = {"I/O Database", "\u8cc7\u6599\u5eab\u8b80\u53d6" /* 資料庫讀取 */,
                                       "\u8cc7\u6599\u5eab\u5beb\u5165" /* 資料庫寫入 */};
static const char *const log_words[] = {"I/O Log", "\u8a18\u9304\u6a94\u8b80\u53d6" /* 記錄檔讀取 */,
                                        "\u8a18\u9304\u6a94\u5beb\u5165" /* 記錄檔寫入 */};

static int span_has_any(const char *s, size_t n, const char *const *w, size_t nw)
{
    for (size_t i = 0; i < nw; i++)
        if (span_has(s, n, w[i]))
            return 1;
    return 0;
}

/* The header row of an instance table says which of Jetstress's columns it holds: database cells
 * only (the database half, columns 0-5), log cells only (the log half, 6-11), or both. The row
 * starts at "MSExchange"; its cells may wrap onto the next lines (CJK labels break anywhere: "I/O"
 * on one line, "資料庫讀取平均" on the next), which count until the first instance row. */
void paper_inst_header(rd *r, const char *s, size_t n)
{
    if (span_has(s, n, "MSExchange"))
        r->inst_hdr = 1, r->inst_hdr_db = r->inst_hdr_log = 0;
    else if (!r->inst_hdr)
        return;
    r->inst_hdr_db |= span_has_any(s, n, db_words, sizeof db_words / sizeof db_words[0]);
    r->inst_hdr_log |= span_has_any(s, n, log_words, sizeof log_words / sizeof log_words[0]);
    int db = r->inst_hdr_db, log = r->inst_hdr_log;
    if (db == log) {
        r->inst_first = 0;
        r->inst_cols = db ? PS_IO12_N : 0;
    } else {
        r->inst_first = db ? 0 : PS_IO12_N / 2;
        r->inst_cols = PS_IO12_N / 2;
    }
}

void paper_inst_row(rd *r, const char *s, size_t a, size_t b, const pev *e, long line)
{
    double vals[PS_IO12_N];
    int decs[PS_IO12_N], rest;
    size_t ts[PS_IO12_N], tl[PS_IO12_N];
    int cols = r->inst_cols > 0 ? r->inst_cols : PS_IO12_N, first = r->inst_first;
    int n = take_cells(s, a, b, cols, vals, decs, ts, tl, &rest);
    if (n < 4)
        return; /* Database Configuration rows and the like */
    r->inst_hdr = 0; /* the header row is complete */
    char *who = dupspan(s, e->g[0][0], e->g[0][1]);
    int total = r->section == PS_SEC_TOTAL;
    add_inst_cells(r, who, total, first, n, s, vals, decs, ts, tl, line);
    free(r->inst_who);
    r->inst_who = NULL;
    if (n < cols && !rest && b == r->ln) { /* cut at the line end: the rest may follow */
        r->inst_who = who;
        r->inst_next = first + n;
        r->inst_total = total;
    } else {
        free(who);
    }
}

int paper_inst_continue(rd *r, const char *s, size_t n, long line)
{
    if (!r->inst_who)
        return 0;
    double vals[PS_IO12_N];
    int decs[PS_IO12_N], rest;
    size_t ts[PS_IO12_N], tl[PS_IO12_N];
    int end = r->inst_cols > 0 ? r->inst_first + r->inst_cols : PS_IO12_N;
    int k = take_cells(s, 0, n, end - r->inst_next, vals, decs, ts, tl, &rest);
    if (k == 0 || rest || r->cur_report < 0) {
        free(r->inst_who);
        r->inst_who = NULL;
        return 0;
    }
    add_inst_cells(r, r->inst_who, r->inst_total, r->inst_next, k, s, vals, decs, ts, tl, line);
    for (int i = 0; i < k; i++)
        paper_mark_used(r, s, ts[i], ts[i] + tl[i]);
    r->inst_next += k;
    if (r->inst_next >= end) {
        free(r->inst_who);
        r->inst_who = NULL;
    }
    return 1;
}

void paper_pct_cells(rd *r, const char *s, size_t n, long line)
{
    size_t off = 0, found = 0;
    while (off < n) {
        int rc = paper_match(&r->pp, r->pp.pct, s, n, off, 0);
        if (rc <= 0)
            break;
        PCRE2_SIZE *ov = pcre2_get_ovector_pointer(r->pp.md);
        size_t so = ov[0], eo = ov[1];
        paper_mark_used(r, s, so, eo);
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
            while (i < b && k < sizeof c->unit - 1 && ((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z')))
                c->unit[k++] = (char)(s[i++] | 0x20);
            c->unit[k] = 0;
        }
        off = eo > so ? eo : so + 1;
    }
    r->prev_line_cells = found > 0;
}
