/* js_html.c - read a Jetstress HTML report (2007 / 2010 / 2013 / 2016 layouts, any language of
 * the label tables in js_labels.c) into a ps_js_report.
 *
 * libxml2's HTML parser builds the tree (no network, no errors printed); the tree is walked
 * iteratively (deep nesting cannot exhaust the stack). Sections are found by their legend text,
 * table rows by their label text and I/O columns by their header text - never by position,
 * except for a documented fallback to the canonical column order when fewer than half of the
 * headers of an I/O table are known. */
#include "js_internal.h"

#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ------------------------------------------------------------------ text helpers */

static int is_el(const xmlNode *n, const char *name)
{
    return n && n->type == XML_ELEMENT_NODE && n->name && strcasecmp((const char *)n->name, name) == 0;
}

/* Text of a subtree: <br> becomes '\n'; subtrees under skip (if any) are left out. */
static void subtree_text(xmlNode *root, ps_buf *b, const char *skip)
{
    for (xmlNode *n = root->children; n;) {
        int skip_kids = 0;
        if (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) {
            if (n->content)
                ps_buf_puts(b, (const char *)n->content);
        } else if (is_el(n, "br")) {
            ps_buf_putc(b, '\n');
        } else if (is_el(n, "script") || is_el(n, "style") || (skip && is_el(n, skip))) {
            skip_kids = 1;
        } else if (is_el(n, "p") || is_el(n, "div") || is_el(n, "tr") || is_el(n, "li")) {
            ps_buf_putc(b, '\n');
        }
        n = js_next_node(n, root, skip_kids);
    }
}

static char *node_text(xmlNode *n)
{
    ps_buf b = {0};
    subtree_text(n, &b, NULL);
    char *raw = b.data ? b.data : "";
    char *t = js_trimdup(raw);
    ps_buf_fini(&b);
    return t;
}

/* ------------------------------------------------------------------ tables */

typedef struct trow {
    char **cells;
    size_t n;
    long line;
} trow;

static void rows_free(trow *rows, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        for (size_t k = 0; k < rows[i].n; k++)
            free(rows[i].cells[k]);
        free(rows[i].cells);
    }
    free(rows);
}

/* Rows of a table (cells td/th), not descending into nested tables. */
static trow *table_rows(xmlNode *table, size_t *nrows)
{
    trow *rows = NULL;
    size_t n = 0;
    for (xmlNode *x = table->children; x;) {
        int skip = is_el(x, "table");
        if (is_el(x, "tr")) {
            rows = ps_xrealloc(rows, (n + 1) * sizeof *rows);
            trow *t = &rows[n++];
            memset(t, 0, sizeof *t);
            t->line = xmlGetLineNo(x);
            for (xmlNode *c = x->children; c; c = c->next) {
                if (is_el(c, "td") || is_el(c, "th")) {
                    t->cells = ps_xrealloc(t->cells, (t->n + 1) * sizeof *t->cells);
                    t->cells[t->n++] = node_text(c);
                }
            }
            skip = 1;
        }
        x = js_next_node(x, table, skip);
    }
    *nrows = n;
    return rows;
}

/* Canonical column order per section (used when the headers are not recognised). */
static int canonical_col(enum js_section s, size_t k)
{
    static const int trans[] = {JS_C_KEY,     JS_C_IO0,      JS_C_IO0 + 1, JS_C_IO0 + 2, JS_C_IO0 + 3,
                                JS_C_IO0 + 4, JS_C_IO0 + 5,  JS_C_IO0 + 6, JS_C_IO0 + 7, JS_C_IO0 + 8,
                                JS_C_IO0 + 9, JS_C_IO0 + 10, JS_C_IO0 + 11};
    static const int maint[] = {JS_C_KEY, JS_C_MAINT_RPS, JS_C_MAINT_BYTES};
    static const int repl[] = {JS_C_KEY, JS_C_IO0 + 8, JS_C_IO0 + 10};
    static const int host[] = {JS_C_KEY, JS_C_AVG, JS_C_MIN, JS_C_MAX};
    static const int disk[] = {JS_C_KEY,        JS_C_DISK_SEC_READ, JS_C_DISK_SEC_WRITE,
                               JS_C_DISK_READS, JS_C_DISK_WRITES,   JS_C_DISK_BYTES_WRITE};
    static const int backup[] = {JS_C_KEY, JS_C_DB_SIZE_MB, JS_C_ELAPSED, JS_C_MB_PER_SEC};
    static const int soft[] = {JS_C_KEY, JS_C_LOGS_REPLAYED, JS_C_ELAPSED};
    const int *t = NULL;
    size_t n = 0;
#define PICK(a) (t = (a), n = sizeof(a) / sizeof(a)[0])
    switch (s) {
    case JS_SEC_TRANS:
    case JS_SEC_TOTAL: PICK(trans); break;
    case JS_SEC_MAINT: PICK(maint); break;
    case JS_SEC_REPL: PICK(repl); break;
    case JS_SEC_HOST: PICK(host); break;
    case JS_SEC_DISK2007: PICK(disk); break;
    case JS_SEC_BACKUP: PICK(backup); break;
    case JS_SEC_SOFTREC: PICK(soft); break;
    default: break;
    }
#undef PICK
    return (t && k < n) ? t[k] : JS_C_NONE;
}

static enum js_section infer_section(js_rstate *st, const int *cols, size_t n)
{
    int io = 0, maint = 0, host = 0, disk = 0, soft = 0, backup = 0;
    for (size_t k = 0; k < n; k++) {
        int c = cols[k];
        io += c >= JS_C_IO0 && c <= JS_C_IO11;
        maint += c == JS_C_MAINT_RPS || c == JS_C_MAINT_BYTES;
        host += c == JS_C_AVG || c == JS_C_MIN || c == JS_C_MAX;
        disk += c >= JS_C_DISK_SEC_READ && c <= JS_C_DISK_BYTES_WRITE;
        soft += c == JS_C_LOGS_REPLAYED || c == JS_C_SEC_PER_LOG;
        backup += c == JS_C_DB_SIZE_MB || c == JS_C_MB_PER_SEC;
    }
    if (soft)
        return JS_SEC_SOFTREC;
    if (backup)
        return JS_SEC_BACKUP;
    if (disk)
        return JS_SEC_DISK2007;
    if (maint)
        return JS_SEC_MAINT;
    if (host >= 2)
        return JS_SEC_HOST;
    if (io >= 6)
        return st->io_tables++ == 0 && !(st->seen & (1u << JS_SEC_TRANS)) ? JS_SEC_TRANS : JS_SEC_TOTAL;
    if (io == 2)
        return JS_SEC_REPL;
    return JS_SEC_NONE;
}

/* Store one cell. hdr_scale: latency unit factor of the column header ("(msec)" 1, "(sec)" 1000);
 * a unit written in the cell itself takes precedence. */
static void store_io_value(js_rstate *st, enum js_section sec, const char *key, int col, const char *cell,
                           double hdr_scale)
{
    ps_js_report *r = st->r;
    char unit[32];
    double v = js_num(st, cell, unit, sizeof unit);
    if (sec == JS_SEC_HOST) {
        ps_js_host_row *h = NULL;
        for (size_t i = 0; i < r->nhost; i++)
            if (strcmp(r->host[i].counter, key) == 0)
                h = &r->host[i];
        if (!h) {
            r->host = ps_xrealloc(r->host, (r->nhost + 1) * sizeof *r->host);
            h = &r->host[r->nhost++];
            h->counter = js_flat(key);
            h->avg = h->min = h->max = NAN;
        }
        if (col == JS_C_AVG)
            h->avg = v;
        else if (col == JS_C_MIN)
            h->min = v;
        else if (col == JS_C_MAX)
            h->max = v;
        if (col == JS_C_AVG && js_strcasestr(key, "Page Fault Stalls"))
            r->page_fault_stalls_avg = v;
        return;
    }
    if (sec == JS_SEC_BACKUP || sec == JS_SEC_SOFTREC) {
        ps_js_recovery_row *rr = &r->recovery[r->nrecovery - 1];
        switch (col) {
        case JS_C_DB_SIZE_MB: rr->db_size_mb = v; break;
        case JS_C_ELAPSED: rr->elapsed_s = js_duration_s(st, cell); break;
        case JS_C_MB_PER_SEC: rr->mb_per_sec = v; break;
        case JS_C_LOGS_REPLAYED: rr->logs_replayed = v; break;
        case JS_C_SEC_PER_LOG: rr->sec_per_log = v; break;
        default: break;
        }
        return;
    }
    if (strcasecmp(js_instance_basename(key), "_Total") == 0)
        return;
    size_t idx = js_instance_index(st, key);
    ps_js_figures *f = &r->instances[idx].reported;
    r->instances[idx].has_reported = 1;
    if (sec == JS_SEC_DISK2007) {
        int log = strncasecmp(key, "log", 3) == 0;
        ps_io12 *io = &f->transactional;
        switch (col) {
        case JS_C_DISK_SEC_READ: *(log ? &io->log_read_latency_ms : &io->db_read_latency_ms) = v * 1000; break;
        case JS_C_DISK_SEC_WRITE: *(log ? &io->log_write_latency_ms : &io->db_write_latency_ms) = v * 1000; break;
        case JS_C_DISK_READS: *(log ? &io->log_reads_per_sec : &io->db_reads_per_sec) = v; break;
        case JS_C_DISK_WRITES: *(log ? &io->log_writes_per_sec : &io->db_writes_per_sec) = v; break;
        case JS_C_DISK_BYTES_READ: *(log ? &io->log_read_bytes : &io->db_read_bytes) = v; break;
        case JS_C_DISK_BYTES_WRITE: *(log ? &io->log_write_bytes : &io->db_write_bytes) = v; break;
        default: break;
        }
        return;
    }
    if (col >= JS_C_IO0 && col <= JS_C_IO11) {
        int i = col - JS_C_IO0;
        if (i == 0 || i == 1 || i == 6 || i == 7)
            v *= unit[0] ? js_latency_unit_scale(unit) : hdr_scale;
        if (sec == JS_SEC_REPL) {
            if (i == 8)
                f->repl_log_reads_per_sec = v;
            else if (i == 10)
                f->repl_log_read_bytes = v;
        } else {
            *ps_io12_at(sec == JS_SEC_TOTAL ? &f->total : &f->transactional, i) = v;
        }
    } else if (col == JS_C_MAINT_RPS) {
        f->maint_reads_per_sec = v;
    } else if (col == JS_C_MAINT_BYTES) {
        f->maint_read_bytes = v;
    }
}

static void column_table(js_rstate *st, enum js_section sec, trow *rows, size_t nrows, int header)
{
    size_t ncol = rows[0].n;
    int *cols = ps_xcalloc(ncol ? ncol : 1, sizeof *cols);
    double *scale = ps_xcalloc(ncol ? ncol : 1, sizeof *scale);
    size_t known = 0;
    for (size_t k = 0; k < ncol; k++) {
        int loc = 0;
        cols[k] = header ? js_lookup(JS_K_COL, rows[0].cells[k], &loc) : JS_C_NONE;
        st->localized |= loc;
        char norm[256], unit[32];
        js_label_norm(header ? rows[0].cells[k] : "", norm, sizeof norm, unit, sizeof unit);
        scale[k] = js_latency_unit_scale(unit);
        known += cols[k] > JS_C_KEY;
    }
    if (header && cols[0] == JS_C_NONE)
        cols[0] = JS_C_KEY;
    if (sec == JS_SEC_NONE)
        sec = infer_section(st, cols, ncol);
    if (2 * known < ncol - 1 && sec != JS_SEC_NONE) {
        ps_warn(st->w, "%s:%ld: %s: column headers not recognised, using the canonical column order", st->path,
                rows[0].line, js_section_name(sec));
        for (size_t k = 0; k < ncol; k++)
            cols[k] = canonical_col(sec, k);
    }
    if (sec == JS_SEC_NONE) {
        free(cols);
        free(scale);
        return;
    }
    JS_SEEN(st, sec);
    if (sec == JS_SEC_DISK2007)
        st->r->layout_2007 = 1;
    for (size_t i = header ? 1 : 0; i < nrows; i++) {
        trow *row = &rows[i];
        if (row->n < 2 || !row->cells[0][0])
            continue;
        char *key = js_flat(row->cells[0]);
        if (sec == JS_SEC_BACKUP || sec == JS_SEC_SOFTREC) {
            ps_js_report *r = st->r;
            r->recovery = ps_xrealloc(r->recovery, (r->nrecovery + 1) * sizeof *r->recovery);
            ps_js_recovery_row *rr = &r->recovery[r->nrecovery++];
            rr->label = ps_xstrdup(key);
            rr->is_summary = js_lookup(JS_K_SUMMARY_ROW, key, NULL) != 0;
            rr->db_size_mb = rr->elapsed_s = rr->mb_per_sec = rr->logs_replayed = rr->sec_per_log = NAN;
        }
        for (size_t k = 1; k < row->n && k < ncol; k++)
            if (cols[k] > JS_C_KEY)
                store_io_value(st, sec, key, cols[k], row->cells[k], scale[k]);
        if (sec == JS_SEC_SOFTREC) {
            ps_js_recovery_row *rr = &st->r->recovery[st->r->nrecovery - 1];
            if (isnan(rr->sec_per_log) && rr->logs_replayed > 0)
                rr->sec_per_log = rr->elapsed_s / rr->logs_replayed;
        }
        free(key);
    }
    if (sec == JS_SEC_BACKUP || sec == JS_SEC_SOFTREC) {
        if (st->r->test_type == PS_TEST_UNKNOWN)
            st->r->test_type = sec == JS_SEC_BACKUP ? PS_TEST_BACKUP : PS_TEST_SOFTRECOVERY;
    }
    free(cols);
    free(scale);
}

static void do_table(js_rstate *st, enum js_section sec, xmlNode *table)
{
    size_t nrows;
    trow *rows = table_rows(table, &nrows);
    if (nrows == 0) {
        free(rows);
        return;
    }
    /* a column table when the first row holds known column headers */
    size_t known = 0;
    int key = 0;
    for (size_t k = 0; k < rows[0].n; k++) {
        int c = js_lookup(JS_K_COL, rows[0].cells[k], NULL);
        known += c > JS_C_KEY;
        key |= k == 0 && c == JS_C_KEY;
    }
    int io_sec = sec == JS_SEC_TRANS || sec == JS_SEC_TOTAL || sec == JS_SEC_MAINT || sec == JS_SEC_REPL ||
                 sec == JS_SEC_HOST || sec == JS_SEC_DISK2007 || sec == JS_SEC_BACKUP || sec == JS_SEC_SOFTREC;
    if ((known && (key || 2 * known >= rows[0].n - 1)) || io_sec) {
        column_table(st, sec, rows, nrows, known > 0 || key);
    } else {
        if (sec != JS_SEC_NONE)
            JS_SEEN(st, sec);
        for (size_t i = 0; i < nrows; i++) {
            trow *row = &rows[i];
            if (row->n < 2)
                continue;
            int loc = 0;
            int f = js_lookup(JS_K_ROW, row->cells[0], &loc);
            if (f) {
                st->fields++;
                st->localized |= loc;
                js_set_field(st, (enum js_field)f, row->cells[1], row->line);
            } else if (sec == JS_SEC_DBCONF || js_strcasestr(row->cells[1], "database:")) {
                js_set_dbconf(st, row->cells[0], row->cells[1]);
                JS_SEEN(st, JS_SEC_DBCONF);
            }
        }
    }
    rows_free(rows, nrows);
}

/* ------------------------------------------------------------------ document walk */

static void do_testlog(js_rstate *st, const char *text, long line)
{
    ps_js_event *ev = NULL;
    size_t n = 0;
    ps_js_testlog_parse(text, strlen(text), line, &ev, &n);
    ps_js_report *r = st->r;
    if (n) {
        r->events = ps_xrealloc(r->events, (r->nevents + n) * sizeof *r->events);
        memcpy(r->events + r->nevents, ev, n * sizeof *ev);
        r->nevents += n;
    }
    free(ev);
}

/* The Test Log section: text between line breaks is parsed segment by segment, each with the
 * source line of its first text node, so events carry the line numbers of the HTML file. */
static void do_log_section(js_rstate *st, xmlNode *fs)
{
    ps_buf seg = {0};
    long seg_line = 0;
    size_t first = st->r->nevents;
    for (xmlNode *n = fs->children; n;) {
        int skip = is_el(n, "legend") || is_el(n, "script") || is_el(n, "style");
        if ((n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) && n->content) {
            if (seg.len == 0) { /* libxml2 numbers a text node with the line where its first chunk ended */
                seg_line = xmlGetLineNo(n);
                for (const xmlChar *c = n->content; *c; c++)
                    seg_line -= *c == '\n';
            }
            ps_buf_puts(&seg, (const char *)n->content);
        } else if (is_el(n, "br") || is_el(n, "div") || is_el(n, "p") || is_el(n, "tr") || is_el(n, "li")) {
            if (seg.len)
                do_testlog(st, seg.data, seg_line);
            ps_buf_reset(&seg);
        }
        n = js_next_node(n, fs, skip);
    }
    if (seg.len)
        do_testlog(st, seg.data, seg_line);
    ps_buf_fini(&seg);
    int final_block = 0; /* segments were parsed separately: mark the final block again */
    for (size_t i = first; i < st->r->nevents; i++) {
        st->r->events[i].final_block = final_block;
        final_block |= st->r->events[i].line_id == 27;
    }
}

static void walk(js_rstate *st, xmlNode *root)
{
    enum js_section cur = JS_SEC_NONE;
    for (xmlNode *n = root; n;) {
        int skip = 0;
        if (n->type == XML_ELEMENT_NODE) {
            if (is_el(n, "legend") || is_el(n, "caption") || is_el(n, "h1") || is_el(n, "h2") || is_el(n, "h3") ||
                is_el(n, "h4") || is_el(n, "title") || is_el(n, "div")) {
                xmlNode *first = n->children;
                int short_text = first && first->type == XML_TEXT_NODE && !first->next;
                if (short_text || !is_el(n, "div")) {
                    char *t = node_text(n);
                    int loc = 0;
                    int s = js_lookup(JS_K_SECTION, t, &loc);
                    if (s) {
                        cur = (enum js_section)s;
                        st->localized |= loc;
                    }
                    int tt = js_lookup(JS_K_TITLE, t, &loc);
                    if (tt && st->r->test_type == PS_TEST_UNKNOWN) {
                        st->r->test_type = (enum ps_test_type)tt;
                        st->localized |= loc;
                    }
                    free(t);
                    skip = !is_el(n, "div");
                }
            } else if (is_el(n, "fieldset")) {
                cur = JS_SEC_NONE;
                for (xmlNode *c = n->children; c; c = c->next)
                    if (is_el(c, "legend")) {
                        char *t = node_text(c);
                        int loc = 0;
                        cur = (enum js_section)js_lookup(JS_K_SECTION, t, &loc);
                        st->localized |= loc;
                        if (!cur && *t)
                            ps_warn(st->w, "%s:%ld: unknown section '%s' ignored", st->path, (long)xmlGetLineNo(c), t);
                        free(t);
                        break;
                    }
                if (cur == JS_SEC_LOG) {
                    do_log_section(st, n);
                    JS_SEEN(st, JS_SEC_LOG);
                    skip = 1;
                }
            } else if (is_el(n, "table")) {
                if (cur != JS_SEC_IGNORED && cur != JS_SEC_CHECKSUM && cur != JS_SEC_LOG)
                    do_table(st, cur, n);
            } else if (is_el(n, "script") || is_el(n, "style")) {
                skip = 1;
            }
        }
        n = js_next_node(n, root, skip);
    }
}

/* Decide the decimal separator from every table cell of the document. */
static int decide_dec_comma(xmlNode *root)
{
    int dot = 0, comma = 0;
    for (xmlNode *n = root; n;) {
        if (is_el(n, "td")) {
            char *t = node_text(n);
            js_vote_sep(t, &dot, &comma);
            free(t);
        }
        n = js_next_node(n, root, is_el(n, "td"));
    }
    return comma > dot;
}

static const char *pick_encoding(const char *data, size_t len)
{
    const unsigned char *u = (const unsigned char *)data;
    if ((len >= 3 && u[0] == 0xEF && u[1] == 0xBB && u[2] == 0xBF) || (len >= 2 && u[0] == 0xFF && u[1] == 0xFE) ||
        (len >= 2 && u[0] == 0xFE && u[1] == 0xFF))
        return NULL; /* libxml2 honours the BOM */
    size_t head = len < 4096 ? len : 4096;
    for (size_t i = 0; i + 7 <= head; i++)
        if (strncasecmp(data + i, "charset", 7) == 0)
            return NULL; /* meta charset: libxml2 switches itself */
    /* valid UTF-8? */
    for (size_t i = 0; i < len;) {
        unsigned c = u[i];
        size_t k = c < 0x80 ? 0 : (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 ? 3 : 9;
        if (k == 9 || i + k >= len + (k ? 0 : 1))
            return "windows-1252";
        for (size_t j = 1; j <= k; j++)
            if ((u[i + j] & 0xC0) != 0x80)
                return "windows-1252";
        i += k + 1;
    }
    return "UTF-8";
}

static void check_sections(js_rstate *st)
{
    static const enum js_section modern[] = {JS_SEC_SUMMARY, JS_SEC_SIZING, JS_SEC_PARAMS, JS_SEC_DBCONF, JS_SEC_TRANS,
                                             JS_SEC_MAINT,   JS_SEC_REPL,   JS_SEC_TOTAL,  JS_SEC_HOST,   JS_SEC_LOG};
    static const enum js_section old[] = {JS_SEC_SUMMARY, JS_SEC_PARAMS, JS_SEC_DISK2007, JS_SEC_HOST, JS_SEC_LOG};
    const enum js_section *want = modern;
    size_t n = sizeof modern / sizeof modern[0];
    if (st->r->layout_2007) {
        want = old;
        n = sizeof old / sizeof old[0];
    } else if (st->r->test_type == PS_TEST_BACKUP || st->r->test_type == PS_TEST_SOFTRECOVERY) {
        static const enum js_section rec[2] = {JS_SEC_SUMMARY, JS_SEC_NONE};
        want = rec;
        n = 1;
        enum js_section t = st->r->test_type == PS_TEST_BACKUP ? JS_SEC_BACKUP : JS_SEC_SOFTREC;
        if (!(st->seen & (1u << t)))
            ps_warn(st->w, "%s: section '%s' missing", st->path, js_section_name(t));
    }
    for (size_t i = 0; i < n; i++)
        if (!(st->seen & (1u << want[i])))
            ps_warn(st->w, "%s: section '%s' missing", st->path, js_section_name(want[i]));
}

int ps_js_report_read(const char *path, ps_js_report **out, ps_warnings *w, ps_error *err)
{
    *out = NULL;
    char *data;
    size_t len;
    int rc = ps_text_slurp(path, JS_MAX_INPUT, &data, &len, err);
    if (rc)
        return rc;
    htmlDocPtr doc =
        htmlReadMemory(data, (int)len, NULL, pick_encoding(data, len),
                       HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NOIMPLIED);
    free(data);
    xmlNode *root = doc ? xmlDocGetRootElement(doc) : NULL;
    if (!root) {
        if (doc)
            xmlFreeDoc(doc);
        return ps_error_set(err, PS_EINPUT, path, 0, 0, "not an HTML document");
    }
    ps_js_report *r = ps_xcalloc(1, sizeof *r);
    r->source = ps_xstrdup(path);
    r->result = -1;
    r->bdm = -1;
    r->test_start = r->test_end = r->collection_start = r->collection_end = PS_TIME_NONE;
    double *nums[] = {&r->achieved_iops,   &r->target_iops,   &r->initial_db_bytes,     &r->final_db_bytes,
                      &r->db_files,        &r->thread_count,  &r->min_cache_mb,         &r->max_cache_mb,
                      &r->insert_pct,      &r->delete_pct,    &r->replace_pct,          &r->read_pct,
                      &r->lazy_commit_pct, &r->copies_per_db, &r->page_fault_stalls_avg};
    for (size_t i = 0; i < sizeof nums / sizeof nums[0]; i++)
        *nums[i] = NAN;
    js_rstate st = {.r = r, .w = w, .path = path};
    st.dec_comma = decide_dec_comma(root);
    walk(&st, root);
    if (!(st.seen & (1u << JS_SEC_LOG))) { /* no Test Log fieldset: scan the whole text */
        ps_buf b = {0};
        subtree_text(root, &b, "table");
        do_testlog(&st, b.data ? b.data : "", 1);
        ps_buf_fini(&b);
        size_t keep = 0;
        for (size_t i = 0; i < r->nevents; i++) {
            if (r->events[i].when != PS_TIME_NONE) {
                r->events[keep++] = r->events[i];
            } else {
                free(r->events[i].who);
                free(r->events[i].what);
                free(r->events[i].text);
            }
        }
        r->nevents = keep;
        if (keep)
            JS_SEEN(&st, JS_SEC_LOG);
    }
    ps_hash_fini(&st.inst_index);
    xmlFreeDoc(doc);
    if (st.fields == 0 && (st.seen & ~(1u << JS_SEC_IGNORED)) == 0) {
        ps_js_report_free(r);
        return ps_error_set(err, PS_EINPUT, path, 0, 0, "not a Jetstress report (no known section or label)");
    }
    if (r->test_type == PS_TEST_UNKNOWN) {
        const char *base = strrchr(path, '/');
        base = base ? base + 1 : path;
        char stem[64];
        snprintf(stem, sizeof stem, "%.*s", (int)strcspn(base, "_."), base);
        r->test_type = ps_test_type_parse(stem);
        if (r->test_type == PS_TEST_UNKNOWN && (st.seen & (1u << JS_SEC_TRANS | 1u << JS_SEC_DISK2007)))
            r->test_type = PS_TEST_PERFORMANCE;
        if (r->test_type == PS_TEST_UNKNOWN)
            ps_warn(w, "%s: test type not recognised (title and file name)", path);
    }
    r->language = ps_xstrdup(st.localized ? "zh-TW" : "en");
    check_sections(&st);
    if (st.bad_nums)
        ps_warn(w, "%s: %ld number cell%s could not be read and count%s as absent (first: '%s')", path, st.bad_nums,
                st.bad_nums == 1 ? "" : "s", st.bad_nums == 1 ? "s" : "", st.first_bad);
    *out = r;
    return PS_OK;
}
