/* paper.c - ESRP white-paper text -> claims (ps_paper), one line at a time (the text is read and
 * cut into lines by paper_read.c). Each line is matched against the pattern table
 * (paper_patterns.c); matches become an ordered event stream (labels, titles, sections, table
 * rows, test-log lines) that a small state machine turns into claims. */
#include "ps_parser.h"
#include "paper_internal.h"
#include "paper_text.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static size_t gl(const pev *e, int g)
{
    return e->g[g][1] - e->g[g][0];
}

static char *dupspan(const char *s, size_t a, size_t b)
{
    return ps_xstrndup(s + a, b - a);
}

/* ------------------------------------------------------------------ claims */

void paper_mark_used(rd *r, const char *s, size_t so, size_t eo)
{
    const char *a = s + so;
    if (!r->ls || a < r->ls || a > r->ls + r->ln || eo <= so)
        return;
    if (r->nused == r->capused) {
        r->capused = r->capused ? 2 * r->capused : 32;
        r->used = ps_xrealloc(r->used, r->capused * sizeof *r->used);
    }
    r->used[r->nused][0] = (size_t)(a - r->ls);
    r->used[r->nused][1] = (size_t)(a - r->ls) + (eo - so);
    r->nused++;
}

ps_claim *paper_add(rd *r, enum ps_metric m, long line, const char *label, const char *num, size_t nl, double v,
                    int dec, double scale)
{
    char *text = num ? ps_xstrndup(num, nl) : NULL;
    ps_claim *c = ps_paper_add_claim(r->p, m, r->cur_report >= 0 ? PS_CTX_REPORT : PS_CTX_BODY, line, label, text,
                                     num ? v : NAN, dec, scale);
    free(text);
    c->report = r->cur_report;
    if (num)
        paper_mark_used(r, num, 0, nl);
    return c;
}

ps_claim *paper_add_value(rd *r, enum ps_metric m, long line, const char *label, const char *s, size_t n, int at_eol,
                          double scale)
{
    double v;
    int dec;
    size_t ts, tl;
    if (paper_take_number(s, n, at_eol, &v, &dec, &ts, &tl))
        return paper_add(r, m, line, label, s + ts, tl, v, dec, scale);
    /* the first token after the label belongs to it, even when unreadable ("0." cut at the end) */
    size_t i = 0;
    while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == ':'))
        i++;
    size_t j = i;
    while (j < n && s[j] != ' ' && s[j] != '\t')
        j++;
    paper_mark_used(r, s, i, j);
    return paper_add(r, m, line, label, NULL, 0, NAN, -1, scale);
}

int paper_new_table(rd *r, long line, const char *name, int aggregate)
{
    ps_paper *p = r->p;
    if (p->ntables == p->captables) {
        p->captables = p->captables ? 2 * p->captables : 8;
        p->tables = ps_xrealloc(p->tables, p->captables * sizeof *p->tables);
    }
    ps_paper_table *t = &p->tables[p->ntables];
    t->aggregate = aggregate;
    ps_buf b = {0};
    if (!aggregate)
        ++r->server_tables; /* counted, never re-counted */
    if (name)
        ps_buf_puts(&b, name);
    else if (aggregate)
        ps_buf_puts(&b, "aggregate");
    else
        ps_buf_printf(&b, "server %zu", r->server_tables);
    t->server = ps_buf_steal(&b);
    t->line = line;
    return (int)p->ntables++;
}

static void new_table(rd *r, long line)
{
    r->cur_table = paper_new_table(r, line, r->pending_name, r->pending_agg);
    free(r->pending_name);
    r->pending_name = NULL;
    r->seen = 0;
    r->ncolt = 0;
    r->pending_new = r->pending_agg = 0;
}

static void new_report(rd *r, enum ps_test_type t, const char *title, long line)
{
    ps_paper *p = r->p;
    if (r->cur_report >= 0 && p->reports[r->cur_report].type == t && p->nclaims == r->report_first_claim) {
        r->cur_fmt = paper_report_numfmt(r); /* its figures start after this title */
        return; /* the same report named twice ("2 Hour Performance ... Performance Test Result Report") */
    }
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
    r->cur_fmt = paper_report_numfmt(r);
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
        while (off <= n && ne < PP_MAX_EVENTS_PER_LINE) {
            int rc = paper_match(&r->pp, r->pp.code[i], s, n, off, 0);
            if (rc == PCRE2_ERROR_NOMATCH)
                break;
            if (rc < 0) {
                if (!r->limit_warned)
                    ps_warn(r->w, "%s:%ld: pattern limit reached; part of the line not examined", r->p->source, lineno);
                r->limit_warned = 1;
                break;
            }
            PCRE2_SIZE *ov = pcre2_get_ovector_pointer(r->pp.md);
            pev *e = &r->ev[ne++];
            e->so = ov[0];
            e->eo = ov[1];
            e->pat = i;
            e->dropped = 0;
            for (int g = 0; g < PP_NGROUPS; g++) {
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

/* 1 when the words at s[so] follow a number and its unit: "23.529 msec average database read
 * latency" states the value first (a sentence quoting Jetstress), it is no label awaiting one. */
static int number_before(const char *s, size_t so)
{
    static const char *const units[] = {"msec", "ms", "milliseconds", "seconds", "sec"};
    size_t i = so;
    while (i > 0 && s[i - 1] == ' ')
        i--;
    for (size_t u = 0; u < sizeof units / sizeof units[0]; u++) {
        size_t ul = strlen(units[u]);
        if (i >= ul + 2 && strncasecmp(s + i - ul, units[u], ul) == 0 && s[i - ul - 1] == ' ' && s[i - ul - 2] >= '0' &&
            s[i - ul - 2] <= '9')
            return 1;
    }
    return 0;
}

/* Where the value of a label ending at a may start: after a parenthesized translation of the
 * label ("Database Disks Transfers/sec (Datenbank-Datenträger: Übertragungen/s)  228.253": a
 * localized paper prints ESRP's term with its translation), else a. A gloss holds no digit and
 * several words or a non-ASCII letter (so "(ms)", "(sec)" or "(2,500 users)" are never one); it
 * ends at its closing parenthesis or, wrapped in a table cell, at the cell's end (a tab or two
 * spaces). */
static size_t after_gloss(const char *s, size_t a, size_t b)
{
    size_t i = a;
    while (i < b && s[i] == ' ')
        i++;
    if (i >= b || s[i] != '(')
        return a;
    int depth = 0, wide = 0, spaces = 0;
    for (size_t j = i; j < b; j++) {
        if (s[j] >= '0' && s[j] <= '9')
            return a;
        if (depth > 0 && (s[j] == '\t' || (s[j] == ' ' && j + 1 < b && s[j + 1] == ' ')))
            return wide || spaces ? j : a; /* the cell ends inside the gloss (wrapped) */
        wide |= (unsigned char)s[j] >= 0x80;
        spaces += s[j] == ' ';
        depth += s[j] == '(' ? 1 : s[j] == ')' ? -1 : 0;
        if (depth == 0 && j > i)
            return wide || spaces ? j + 1 : a;
    }
    return a;
}

static void label_event(rd *r, const char *s, size_t a, size_t b, int at_eol, int after_label, const pev *e, long line)
{
    const paper_pattern *d = &r->pp.def[e->pat];
    a = after_gloss(s, a, b);
    int in_report = r->cur_report >= 0;
    if ((d->where == PW_BODY && in_report) || (d->where == PW_REPORT && !in_report))
        return;
    int m = d->id;
    if (m != PS_M_HEADROOM_PCT && m != PS_MX_CAPACITY_USED_PCT && m != PS_M_VERDICT && paper_value_is_percent(s, a, b))
        return; /* a trend cell "100% [7.7 msec]", read as a percentage cell */
    if (m != PS_M_VERDICT && m != PS_M_COLLECTION_START && m != PS_M_COLLECTION_END && paper_prose_after(s, a, b))
        return;
    size_t lead = 0, next = e->eo;
    while (lead < e->so && s[lead] == ' ')
        lead++;
    while (next < b && s[next] == ' ')
        next++;
    /* the number may end the line before, when a quoted sentence wraps between it and its words
     * ("... 23.529 msec average" / "database read latency. This ..."): the words open the line
     * and end a sentence */
    int wrapped = lead == e->so && r->prev_number_unit && next < b && s[next] == '.';
    if (!in_report && paper_is_latency(m) && (number_before(s, e->so) || wrapped))
        return;
    if (!in_report && (!at_eol || after_label)) {
        size_t i = a;
        while (i < b && (s[i] == ' ' || s[i] == '\t'))
            i++;
        if (i == b)
            return; /* labels listed one after the other: the heading of a table, not a row */
    }
    char *label = dupspan(s, e->so, e->eo);
    double scale = paper_is_latency(m)                                 ? paper_latency_scale(s, a, b, e)
                   : (m == PS_MX_DB_SIZE_GB || m == PS_MX_CAPACITY_GB) ? paper_size_scale(s, a, b, e)
                                                                       : 1;
    if ((m <= PS_M_LOG_WRITE_LAT || (paper_is_config(m) && !in_report)) &&
        paper_column_row(r, m, label, s, a, b, line, scale)) {
        free(label);
        return;
    }
    if (m <= PS_M_LOG_WRITE_LAT) {
        if (r->cur_table < 0 || r->pending_new || (r->seen & (1u << m)))
            new_table(r, line);
        r->seen |= 1u << m;
        ps_claim *c = paper_add_value(r, m, line, label, s + a, b - a, at_eol, scale);
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
        paper_add(r, m, line, label, v < 0 ? NULL : (v ? "Pass" : "Fail"), 4, v < 0 ? NAN : v, 0, 1);
    } else if (m == PS_M_COLLECTION_START || m == PS_M_COLLECTION_END) {
        ps_time t;
        if (paper_take_time(s + a, b - a, &t) == 0)
            paper_add(r, m, line, label, s + a, 0, (double)t, 0, 1);
        else
            paper_add(r, m, line, label, NULL, 0, NAN, -1, 1);
    } else if (m == PS_MX_CAPACITY_USED_PCT) {
        paper_capacity_pct(r, s, a, b, label, line);
    } else {
        double v0;
        int d0;
        size_t t0, l0;
        if ((m == PS_M_PROFILE_IOPS || m == PS_M_TESTED_IOPS || m == PS_MX_REPORT_IOPS) &&
            paper_take_number(s + a, b - a, at_eol, &v0, &d0, &t0, &l0) && v0 >= PP_MAX_IOPS_PER_MAILBOX) {
            free(label);
            return; /* not a per-mailbox rate ("User profile 150 messages/day"): not this row */
        }
        paper_add_value(r, m, line, label, s + a, b - a, at_eol, scale);
        if (m == PS_M_TESTED_IOPS && e->g[0][0] != (size_t)-1) {
            double v;
            int dec;
            size_t ts, tl;
            if (paper_take_number(s + e->g[0][0], gl(e, 0), 0, &v, &dec, &ts, &tl))
                paper_add(r, PS_M_HEADROOM_PCT, line, "include N% headroom", s + e->g[0][0] + ts, tl, v, dec, 1);
        }
    }
    free(label);
}

/* 1 when event i follows a label with only spaces between them ("Read Latency DBs Write ..."). */
static int after_label(const rd *r, const char *s, size_t i)
{
    size_t j = i;
    while (j > 0 && r->ev[j - 1].dropped)
        j--;
    if (j == 0 || r->pp.def[r->ev[j - 1].pat].kind != PP_LABEL)
        return 0;
    for (size_t k = r->ev[j - 1].eo; k < r->ev[i].so; k++)
        if (s[k] != ' ' && s[k] != '\t')
            return 0;
    return 1;
}

/* A line of a table of contents: dot leaders ("....." or ". . . . ") before a page number. */
static int toc_line(const char *s, size_t n)
{
    size_t dots = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '.')
            dots++;
        else if (s[i] != ' ')
            dots = 0;
        if (dots >= 5) {
            size_t k = i + 1;
            while (k < n && (s[k] == '.' || s[k] == ' '))
                k++;
            while (k < n && s[k] >= '0' && s[k] <= '9')
                k++;
            while (k < n && (s[k] == ' ' || s[k] == '\r'))
                k++;
            return k == n;
        }
    }
    return 0;
}

static void read_line(rd *r, const char *s, size_t n, long line)
{
    r->ls = s;
    r->ln = n;
    r->nused = 0;
    r->log_line = 0;
    if (paper_inst_continue(r, s, n, line))
        return;
    if (toc_line(s, n))
        return; /* a contents / list-of-tables entry names sections, it states nothing */
    size_t ne = collect(r, s, n, line);
    int toc = 0;
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
        r->ev[i].g[7][0] = r->ev[i].eo; /* message start/end */
        r->ev[i].g[7][1] = end;
        r->log_line = 1;
    }
    for (size_t i = 0; i < ne; i++) {
        pev *e = &r->ev[i];
        if (e->dropped)
            continue;
        const paper_pattern *d = &r->pp.def[e->pat];
        if (d->kind != PP_NUMFIRST && d->kind != PP_TESTED && d->kind != PP_HEADROOM)
            paper_mark_used(r, s, e->so, e->eo); /* digits of a label or title are words */
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
                r->inst_first = r->inst_cols = r->inst_hdr = 0;
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
                paper_disk_row(r, s, e->eo, next, e, line);
            break;
        case PP_INSTROW:
            if (r->cur_report >= 0 && (r->section == PS_SEC_TRANS || r->section == PS_SEC_TOTAL ||
                                       (r->section == PS_SEC_NONE && !r->p->reports[r->cur_report].layout_2007)))
                paper_inst_row(r, s, e->eo, next, e, line);
            break;
        case PP_LABEL: label_event(r, s, e->eo, next, next == n, after_label(r, s, i), e, line); break;
        case PP_TIMESTAMP:
            if (r->cur_report >= 0)
                paper_log_message(r, s, e->g[7][0], e->g[7][1], line);
            break;
        case PP_SERVERHDR:
            if (r->cur_report < 0)
                paper_server_heading(r, s, e);
            break;
        case PP_NUMFIRST:
        case PP_TESTED:
        case PP_HEADROOM: paper_profile_event(r, s, n, e, line); break;
        default: break;
        }
    }
    if (r->cur_report >= 0)
        paper_inst_header(r, s, n);
    paper_pct_cells(r, s, n, line);
    if (r->cur_report < 0 && ne == 0)
        paper_heading_cells(r, s, n, line);
    if (!toc)
        paper_unread_scan(r, s, n, line);
}

/* One line of text: a report label wrapped onto it is joined to its first part, and a line of a
 * decimal-comma report is read with its separators swapped (paper_report.c). */
void paper_do_line(rd *r, const char *s, size_t n, long line)
{
    size_t first = r->p->nclaims, jn = 0;
    int fmt = r->cur_report >= 0 ? r->cur_fmt : PNF_POINT;
    char *joined = paper_wrapped_label(r, s, n, &jn);
    const char *t = joined ? joined : s;
    size_t tn = joined ? jn : n;
    char *swapped = NULL;
    if (fmt == PNF_COMMA) {
        swapped = ps_xstrndup(t, tn);
        paper_swap_separators(swapped, tn);
        t = swapped;
    }
    read_line(r, t, tn, line);
    size_t end = n, word = 0; /* "... 23.529 msec" or "... 23.529 msec average" */
    while (end > 0 && s[end - 1] == ' ')
        end--;
    for (word = end; word > 0 && s[word - 1] != ' ';)
        word--;
    r->prev_number_unit = number_before(s, end) || (word > 0 && number_before(s, word));
    paper_report_claims(r, first, fmt);
    paper_remember_line(r, s, n, joined != NULL);
    free(swapped);
    free(joined);
}
