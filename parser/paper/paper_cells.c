/* paper_cells.c - what a paper says in table cells and loose words: cells split at TABs and
 * runs of spaces (pdftotext -layout and the PDF reader), servers as columns, server headings,
 * profile / tested / headroom numbers written before their words, and the numbers that no
 * claim used (the coverage of an audit). */
#include "paper_internal.h"
#include "paper_text.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int is_alpha(char c)
{
    return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

size_t paper_cells(const char *s, size_t a, size_t b, pcell *out, size_t max)
{
    size_t n = 0, i = a;
    while (i < b && n < max) {
        while (i < b && (s[i] == ' ' || s[i] == '\t'))
            i++;
        if (i >= b)
            break;
        size_t j = i;
        while (j < b && s[j] != '\t') {
            if (s[j] == ' ') {
                size_t k = j;
                while (k < b && s[k] == ' ')
                    k++;
                if (k - j >= PP_CELL_GAP || k == b)
                    break;
                j = k;
                continue;
            }
            j++;
        }
        out[n++] = (pcell){i, j};
        i = j;
    }
    return n;
}

/* A cell holding one number and at most a short unit word ("12.3", "0.012 s", "1,500 IOPS");
 * "(n/a)", "n/a" and "-" are cells without a number (*absent). */
static int cell_number(const char *s, pcell c, double *v, int *dec, size_t *tl, int *absent)
{
    const char *p = s + c.so;
    size_t n = c.eo - c.so, ts;
    *absent = (n == 5 && strncmp(p, "(n/a)", 5) == 0) ||
              (n == 3 && (p[0] | 0x20) == 'n' && p[1] == '/' && (p[2] | 0x20) == 'a') || (n == 1 && p[0] == '-');
    if (*absent)
        return 1;
    if (!paper_take_number(p, n, 0, v, dec, &ts, tl) || ts != 0)
        return 0;
    size_t i = *tl;
    while (i < n && p[i] == ' ')
        i++;
    size_t u = i;
    while (i < n && (is_alpha(p[i]) || p[i] == '/' || (unsigned char)p[i] >= 0x80))
        i++;
    return i == n && i - u <= 6;
}

static int has_word(const char *s, size_t a, size_t b, const char *w);

static int aggregate_name(const char *name)
{
    static const char *const words[] = {"aggregate", "total", "all servers", "solution", "overall", "combined"};
    for (size_t w = 0; w < sizeof words / sizeof words[0]; w++)
        if (has_word(name, 0, strlen(name), words[w]))
            return 1;
    return 0;
}

/* Name of value column j of k from the last heading row, or NULL. */
static const char *column_name(const rd *r, size_t j, size_t k, long line)
{
    if (!r->nhdrcells || line - r->hdr_line > PP_HEADING_REACH)
        return NULL;
    if ((size_t)r->nhdrcells == k)
        return r->hdr[j];
    if ((size_t)r->nhdrcells == k + 1)
        return r->hdr[j + 1]; /* the first heading cell names the label column */
    return NULL;
}

int paper_column_row(rd *r, enum ps_metric m, const char *label, const char *s, size_t a, size_t b, long line,
                     double scale)
{
    pcell cells[PP_MAX_COLS + 1];
    size_t k = paper_cells(s, a, b, cells, PP_MAX_COLS + 1);
    if (k < 2 || k > PP_MAX_COLS)
        return 0;
    double v[PP_MAX_COLS];
    int dec[PP_MAX_COLS], absent[PP_MAX_COLS];
    size_t tl[PP_MAX_COLS];
    for (size_t j = 0; j < k; j++)
        if (!cell_number(s, cells[j], &v[j], &dec[j], &tl[j], &absent[j]))
            return 0;
    int summary = m <= PS_M_LOG_WRITE_LAT;
    if (summary && (r->ncolt != (int)k || (r->colseen & (1u << m)) || r->pending_new)) {
        for (size_t j = 0; j < k; j++) {
            const char *name = column_name(r, j, k, line);
            r->colt[j] = paper_new_table(r, line, name, name ? aggregate_name(name) : 0);
        }
        r->ncolt = (int)k;
        r->colseen = 0;
        r->pending_new = r->pending_agg = 0;
        free(r->pending_name);
        r->pending_name = NULL;
    }
    for (size_t j = 0; j < k; j++) {
        const char *num = absent[j] ? NULL : s + cells[j].so;
        paper_mark_used(r, s, cells[j].so, cells[j].eo);
        ps_claim *c = paper_add(r, m, line, label, num, absent[j] ? 0 : tl[j], absent[j] ? NAN : v[j],
                                absent[j] ? -1 : dec[j], scale);
        if (summary) {
            c->table = r->colt[j];
        } else {
            const char *name = column_name(r, j, k, line);
            c->who = name ? ps_xstrdup(name) : NULL;
            c->col = name && aggregate_name(name) ? PS_CLAIM_COL_AGGREGATE : (int)j;
        }
    }
    if (summary) {
        r->colseen |= 1u << m;
        r->cur_table = -1; /* a row-layout table after the block starts its own table */
        r->seen = 0;
    }
    return 1;
}

void paper_heading_cells(rd *r, const char *s, size_t n, long line)
{
    pcell cells[PP_MAX_COLS + 1];
    size_t k = paper_cells(s, 0, n, cells, PP_MAX_COLS + 1);
    if (k < 2 || k > PP_MAX_COLS)
        return;
    for (size_t j = 0; j < k; j++) {
        double v;
        int dec, absent;
        size_t tl;
        if (cell_number(s, cells[j], &v, &dec, &tl, &absent))
            return; /* a row of numbers, not a heading */
    }
    for (int j = 0; j < r->nhdrcells; j++)
        free(r->hdr[j]);
    for (size_t j = 0; j < k; j++)
        r->hdr[j] = ps_xstrndup(s + cells[j].so, cells[j].eo - cells[j].so);
    r->nhdrcells = (int)k;
    r->hdr_line = line;
}

void paper_server_heading(rd *r, const char *s, const pev *e)
{
    const paper_pattern *d = &r->pp.def[e->pat];
    free(r->pending_name);
    r->pending_name = NULL;
    r->pending_new = 1;
    if (d->id == PSV_AGGREGATE) {
        r->pending_agg = 1;
        return;
    }
    size_t a = e->so, b = e->eo;
    while (a < b && (s[a] == ' ' || s[a] == '\t'))
        a++;
    while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t' || s[b - 1] == ':'))
        b--;
    r->pending_name = ps_xstrndup(s + a, b - a);
}

/* Case-insensitive: does s[a, b) contain the ASCII word w? */
static int has_word(const char *s, size_t a, size_t b, const char *w)
{
    size_t wl = strlen(w);
    for (size_t i = a; i + wl <= b; i++) {
        size_t k = 0;
        while (k < wl && (s[i + k] | 0x20) == w[k])
            k++;
        if (k == wl)
            return 1;
    }
    return 0;
}

void paper_profile_event(rd *r, const char *s, size_t n, const pev *e, long line)
{
    const paper_pattern *d = &r->pp.def[e->pat];
    int in_report = r->cur_report >= 0;
    if ((d->where == PW_BODY && in_report) || (d->where == PW_REPORT && !in_report) || e->g[0][0] == (size_t)-1)
        return;
    double v;
    int dec;
    size_t ts, tl, g0 = e->g[0][0];
    if (!paper_take_number(s + g0, e->g[0][1] - g0, 0, &v, &dec, &ts, &tl))
        return;
    int m = -1;
    if (d->kind == PP_NUMFIRST) {
        m = d->id;
        if (m == PS_M_PROFILE_IOPS) {
            size_t back = e->so > PP_ROLE_REACH ? e->so - PP_ROLE_REACH : 0;
            if (v >= PP_MAX_IOPS_PER_MAILBOX)
                m = -1;
            else if (in_report)
                m = PS_MX_REPORT_IOPS;
            else if (has_word(s, back, e->so, "tested") || has_word(s, back, e->so, "simulated"))
                m = PS_M_TESTED_IOPS;
        }
    } else if (d->kind == PP_TESTED) {
        /* "0.12 tested" is a per-mailbox rate only on a line about IOPS or the profile */
        if (v < PP_MAX_IOPS_PER_MAILBOX &&
            (has_word(s, 0, n, "iops") || has_word(s, 0, n, "i/o") || has_word(s, 0, n, "profile")))
            m = PS_M_TESTED_IOPS;
    } else if (d->kind == PP_HEADROOM) {
        m = PS_M_HEADROOM_PCT;
    }
    if (m < 0)
        return;
    char *label = ps_xstrndup(s + e->so, e->eo - e->so);
    paper_add(r, m, line, label, s + g0 + ts, tl, v, dec, 1);
    free(label);
}

/* ------------------------------------------------------------------ unread numbers */

/* Words whose number is a reference, a version or a page, not a figure of the solution. */
static const char *const ref_words[] = {"figure",  "fig.",    "table", "section",   "appendix", "chapter", "step",
                                        "version", "page",    "p.",    "exchange",  "windows",  "server",  "jetstress",
                                        "esrp",    "series",  "gen",   "reserved.", "r",        "sp",      "pack",
                                        "no.",     "part",    "item",  "ref",       "rev",      "release", "build",
                                        "update",  "vsphere", "esxi",  "raid"};

static int after_ref_word(const char *s, size_t i)
{
    size_t e = i;
    while (e > 0 && (s[e - 1] == ' ' || s[e - 1] == '#'))
        e--;
    size_t b = e;
    while (b > 0 && (is_alpha(s[b - 1]) || s[b - 1] == '.'))
        b--;
    if (b == e)
        return 0;
    for (size_t w = 0; w < sizeof ref_words / sizeof ref_words[0]; w++) {
        size_t wl = strlen(ref_words[w]);
        if (e - b != wl)
            continue;
        size_t k = 0;
        while (k < wl && (s[b + k] | 0x20) == ref_words[w][k])
            k++;
        if (k == wl)
            return 1;
    }
    return 0;
}

static int is_used(const rd *r, size_t so, size_t eo)
{
    for (size_t u = 0; u < r->nused; u++)
        if (so < r->used[u][1] && eo > r->used[u][0])
            return 1;
    return 0;
}

/* A unit glued to a number ("64GB", "15ms") keeps it a figure; other letters make it a name. */
static int glued_unit(const char *s, size_t i, size_t n)
{
    static const char *const units[] = {"gb", "tb", "mb", "kb", "ms", "k", "g", "x", "gbps", "rpm", "iops"};
    size_t j = i;
    while (j < n && is_alpha(s[j]))
        j++;
    for (size_t u = 0; u < sizeof units / sizeof units[0]; u++)
        if (strlen(units[u]) == j - i) {
            size_t k = 0;
            while (k < j - i && (s[i + k] | 0x20) == units[u][k])
                k++;
            if (k == j - i)
                return 1;
        }
    return 0;
}

/* Filtering of a number token s[a, b) (see docs/readme/audit-phrasing.md, "Unread numbers"). */
static int not_a_figure(const char *s, size_t n, size_t a, size_t b)
{
    char prev = a > 0 ? s[a - 1] : ' ', next = b < n ? s[b] : ' ';
    if (is_alpha(prev) || prev == '_' || prev == '\\' || prev == '-' || prev == '#' || prev == '[' || prev == ':' ||
        prev == '/' || prev == '*' || prev == '+')
        return 1; /* part of a name ("SC5400", "E5-2620", "Instance900.1"), a path, a time, a date */
    if (is_alpha(next) && !glued_unit(s, b, n))
        return 1; /* "2620v3", "10GBase-T" */
    if (next == ':' || next == '/' || next == ']' || next == '*' || next == '-')
        return 1; /* times, dates, "4*250GB", "2015-06", "4-SAS" */
    size_t w = a;
    while (w > 0 && s[w - 1] != ' ' && s[w - 1] != '\t')
        w--;
    for (size_t i = w; i + 3 <= a; i++)
        if (strncmp(s + i, "://", 3) == 0 || strncmp(s + i, "www", 3) == 0 || s[i] == '?' || s[i] == '&' || s[i] == '=')
            return 1; /* inside an address or a query */
    size_t dots = 0, digits = 0;
    for (size_t i = a; i < b; i++) {
        dots += s[i] == '.';
        digits += is_digit(s[i]);
    }
    if (dots >= 2)
        return 1; /* a version or an address */
    if (digits == 4 && dots == 0 && b - a == 4 &&
        ((s[a] == '1' && s[a + 1] == '9' && s[a + 2] == '9') || (s[a] == '2' && s[a + 1] == '0' && s[a + 2] <= '3')))
        return 1; /* a year, 1990..2039 */
    if (after_ref_word(s, a))
        return 1;
    size_t i = 0;
    while (i < a && (s[i] == ' ' || s[i] == '\t'))
        i++;
    if (i == a) {
        /* first on its line: a page, section or list number ("12 Total I/O", "5.2 Characterize", "3.") */
        size_t j = b;
        while (j < n && (s[j] == ' ' || s[j] == '.' || s[j] == ')'))
            j++;
        if (j == n || (j > b && !is_digit(s[j])))
            return 1;
    }
    return 0;
}

void paper_unread_scan(rd *r, const char *s, size_t n, long line)
{
    if (r->log_line)
        return; /* test-log messages: tuning steps and slopes are not figures of the paper */
    size_t i = 0;
    while (i < n) {
        if (!(is_digit(s[i]) || (s[i] == '.' && i + 1 < n && is_digit(s[i + 1]) && (i == 0 || !is_digit(s[i - 1]))))) {
            i++;
            continue;
        }
        size_t a = i, b = i;
        while (b < n && (is_digit(s[b]) || ((s[b] == '.' || s[b] == ',') && b + 1 < n && is_digit(s[b + 1]))))
            b++;
        i = b;
        if (is_used(r, a, b) || not_a_figure(s, n, a, b))
            continue;
        /* the words before it: back to a cell gap, a number or the start of the line */
        size_t e = a;
        while (e > 0 && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == ':' || s[e - 1] == '='))
            e--;
        size_t w = e;
        while (w > 0 && e - w < PP_LABEL_REACH && s[w - 1] != '\t' && !is_digit(s[w - 1]) &&
               !(s[w - 1] == ' ' && w >= 2 && s[w - 2] == ' ') && s[w - 1] != '.' && s[w - 1] != ',')
            w--;
        while (w < e && ((unsigned char)s[w] & 0xC0) == 0x80)
            w++; /* never start inside a UTF-8 sequence */
        while (w < e && s[w] == ' ')
            w++;
        int letters = 0;
        for (size_t k = w; k < e; k++)
            letters += is_alpha(s[k]) || (unsigned char)s[k] >= 0x80;
        char *label = letters >= 2 ? ps_xstrndup(s + w, e - w) : NULL;
        char *text = ps_xstrndup(s + a, b - a);
        ps_claim *c = ps_paper_add_claim(r->p, PS_MX_UNREAD, r->cur_report >= 0 ? PS_CTX_REPORT : PS_CTX_BODY, line,
                                         label, text, NAN, -1, 1);
        c->report = r->cur_report;
        free(label);
        free(text);
    }
}

void paper_cells_fini(rd *r)
{
    for (int j = 0; j < r->nhdrcells; j++)
        free(r->hdr[j]);
    r->nhdrcells = 0;
    free(r->used);
    r->used = NULL;
    free(r->pending_name);
    r->pending_name = NULL;
}
