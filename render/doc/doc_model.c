/* doc_model.c - the ESRP document outline (ESRP v2/v3/v4, dossier section 8) as a plain tree:
 * front matter, tested deployment tables, test result summary; appendices in doc_appendix.c. */
#include "doc_internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ tree helpers */

doc_block *doc_add(ps_doc *d, enum doc_kind kind, const char *text)
{
    if (d->nblocks == d->cap) {
        d->cap = d->cap ? d->cap * 2 : 64;
        d->blocks = ps_xrealloc(d->blocks, d->cap * sizeof *d->blocks);
    }
    doc_block *b = &d->blocks[d->nblocks++];
    memset(b, 0, sizeof *b);
    b->kind = kind;
    b->text = ps_xstrdup(text);
    return b;
}

doc_block *doc_heading(ps_doc *d, int level, int page_break, const char *fmt, ...)
{
    ps_buf t = {0};
    va_list ap;
    va_start(ap, fmt);
    ps_buf_vprintf(&t, fmt, ap);
    va_end(ap);
    doc_block *b = doc_add(d, DOC_HEADING, t.data ? t.data : "");
    ps_buf_free(&t);
    b->level = level;
    b->page_break = page_break;
    char a[32];
    snprintf(a, sizeof a, "s%zu", d->nblocks);
    b->anchor = ps_xstrdup(a);
    return b;
}

void doc_para(ps_doc *d, const char *fmt, ...)
{
    ps_buf t = {0};
    va_list ap;
    va_start(ap, fmt);
    ps_buf_vprintf(&t, fmt, ap);
    va_end(ap);
    doc_add(d, DOC_PARA, t.data ? t.data : "");
    ps_buf_free(&t);
}

doc_table *doc_table_new(ps_doc *d, const char *caption, size_t ncols)
{
    doc_block *b = doc_add(d, DOC_TABLE, NULL);
    doc_table *t = ps_xcalloc(1, sizeof *t);
    t->caption = ps_xstrdup(caption);
    t->ncols = ncols;
    t->right = ps_xcalloc(ncols, 1);
    t->width = ps_xcalloc(ncols, sizeof *t->width);
    for (size_t i = 0; i < ncols; i++)
        t->width[i] = 1;
    b->table = t;
    return t;
}

size_t doc_row(doc_table *t, enum doc_row_kind kind)
{
    size_t r = t->nrows++;
    t->cells = ps_xrealloc(t->cells, t->nrows * t->ncols * sizeof *t->cells);
    t->flag = ps_xrealloc(t->flag, t->nrows * t->ncols);
    t->row_kind = ps_xrealloc(t->row_kind, t->nrows);
    memset(&t->cells[r * t->ncols], 0, t->ncols * sizeof *t->cells);
    memset(&t->flag[r * t->ncols], 0, t->ncols);
    t->row_kind[r] = (unsigned char)kind;
    return r;
}

void doc_cell(doc_table *t, size_t row, size_t col, const char *text)
{
    char **c = &t->cells[row * t->ncols + col];
    free(*c);
    *c = ps_xstrdup(text);
}

void doc_cellf(doc_table *t, size_t row, size_t col, const char *fmt, ...)
{
    ps_buf b = {0};
    va_list ap;
    va_start(ap, fmt);
    ps_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    doc_cell(t, row, col, b.data ? b.data : "");
    ps_buf_free(&b);
}

const char *doc_num(char *out, size_t n, double v, int decimals) { return ps_fmt_num(out, n, v, decimals); }

const char *doc_time(char *out, size_t n, ps_time t)
{
    if (t == PS_TIME_NONE) {
        snprintf(out, n, "n/a");
        return out;
    }
    int y, mo, d, h, mi, s, ms;
    ps_time_to_fields(t, &y, &mo, &d, &h, &mi, &s, &ms);
    snprintf(out, n, "%d/%d/%d %d:%02d:%02d %s", mo, d, y, h % 12 ? h % 12 : 12, mi, s, h < 12 ? "AM" : "PM");
    return out;
}

/* ------------------------------------------------------------------ solution lookups */

typedef struct build_ctx {
    ps_doc *d;
    const ps_js_run *run;
    const ps_solution *sol;
    unsigned char *used;        /* per solution entry */
    ps_buf missing;             /* "document.vendor, ..." */
    const ps_js_server *perf;   /* first Performance server (else first server) */
    size_t nmachines;
} build_ctx;

static const char *sol_get(build_ctx *c, const char *section, const char *key)
{
    if (!c->sol)
        return NULL;
    for (size_t i = 0; i < c->sol->nentries; i++) {
        const ps_solution_entry *e = &c->sol->entries[i];
        if (strcmp(e->section, section) == 0 && strcmp(e->key, key) == 0) {
            c->used[i] = 1;
            return e->value[0] ? e->value : NULL;
        }
    }
    return NULL;
}

/* Value or "not provided" (recorded for the one warning). */
static const char *sol_need(build_ctx *c, const char *section, const char *key)
{
    const char *v = sol_get(c, section, key);
    if (v)
        return v;
    ps_buf_printf(&c->missing, "%s%s.%s", c->missing.len ? ", " : "", section, key);
    return "not provided";
}

/* Paragraphs ("\n\n" separated) of a solution text as DOC_PARA blocks. */
static void sol_paras(build_ctx *c, const char *section, const char *key, const char *fallback)
{
    const char *v = sol_get(c, section, key);
    if (!v && fallback) {
        doc_para(c->d, "%s", fallback);
        return;
    }
    if (!v)
        v = sol_need(c, section, key);
    while (*v) {
        const char *e = strstr(v, "\n\n");
        size_t n = e ? (size_t)(e - v) : strlen(v);
        char *p = ps_xstrndup(v, n);
        doc_add(c->d, DOC_PARA, p);
        free(p);
        v += n;
        while (*v == '\n')
            v++;
    }
}

/* ------------------------------------------------------------------ derived facts */

static int is_perf(const ps_js_server *s) { return s->test_type == PS_TEST_PERFORMANCE; }

static double server_mailboxes(const ps_js_server *s)
{
    return s->config ? s->config->mailbox_count : NAN;
}

static double sum_over_perf(build_ctx *c, double (*f)(const ps_js_server *))
{
    double sum = 0;
    int any = 0;
    for (size_t i = 0; i < c->run->nservers; i++) {
        const ps_js_server *s = &c->run->servers[i];
        if (is_perf(s) || !c->perf || !is_perf(c->perf)) {
            double v = f(s);
            if (!isnan(v)) {
                sum += v;
                any = 1;
            }
        }
    }
    return any ? sum : NAN;
}

/* "2013" from a Jetstress / ESE version "15.00.1497.000", else from the ESRP version. */
static const char *exchange_version(build_ctx *c)
{
    const char *v = sol_get(c, "document", "exchange_version");
    if (v)
        return v;
    const char *jv = c->perf ? c->perf->jetstress_version : NULL;
    if (jv) {
        int major = atoi(jv);
        if (major >= 15)
            return "2013";
        if (major == 14)
            return "2010";
        if (major == 8)
            return "2007";
    }
    return c->d->esrp == 2 ? "2007" : c->d->esrp == 3 ? "2010" : "2013";
}

static const char *esrp_version_text(int esrp) { return esrp == 2 ? "2.1" : esrp == 3 ? "3.0" : "4.0"; }

/* ------------------------------------------------------------------ row tables (dossier 8.2) */

typedef const char *(*auto_fn)(build_ctx *c, char *buf, size_t n);

static const char *auto_mailboxes(build_ctx *c, char *b, size_t n)
{
    const char *v = sol_get(c, "document", "mailboxes");
    if (v)
        return v;
    double m = sum_over_perf(c, server_mailboxes);
    return isnan(m) ? NULL : ps_fmt_num(b, n, m, 0);
}
static const char *auto_hosts(build_ctx *c, char *b, size_t n)
{
    snprintf(b, n, "%zu", c->nmachines);
    return b;
}
static const char *auto_mbx_per_server(build_ctx *c, char *b, size_t n)
{
    double m = c->perf ? server_mailboxes(c->perf) : NAN;
    return isnan(m) ? NULL : ps_fmt_num(b, n, m, 0);
}
static const char *auto_dbs(build_ctx *c, char *b, size_t n)
{
    if (!c->perf || !c->perf->ninstances)
        return NULL;
    snprintf(b, n, "%zu", c->perf->ninstances);
    return b;
}
static const char *auto_copies(build_ctx *c, char *b, size_t n)
{
    double v = c->perf && c->perf->report ? c->perf->report->copies_per_db : NAN;
    if (isnan(v) && c->perf && c->perf->config)
        v = c->perf->config->copies_per_db;
    return isnan(v) ? NULL : ps_fmt_num(b, n, v, 0);
}
static const char *auto_mbx_per_db(build_ctx *c, char *b, size_t n)
{
    double m = c->perf ? server_mailboxes(c->perf) : NAN;
    if (isnan(m) || !c->perf->ninstances)
        return NULL;
    return ps_fmt_num(b, n, m / (double)c->perf->ninstances, 0);
}
static const char *auto_iops_mbx(build_ctx *c, char *b, size_t n)
{
    double v = c->perf && c->perf->config ? c->perf->config->mailbox_iops : NAN;
    return isnan(v) ? NULL : ps_fmt_num(b, n, v, 3);
}
static const char *auto_db_size(build_ctx *c, char *b, size_t n)
{
    double v = c->perf && c->perf->report ? c->perf->report->final_db_bytes : NAN;
    if (isnan(v))
        return NULL;
    char g[32];
    snprintf(b, n, "%s GB per server", ps_fmt_num(g, sizeof g, v / 1073741824.0, 1));
    return b;
}
static const char *auto_ese(build_ctx *c, char *b, size_t n)
{
    (void)b;
    (void)n;
    return c->perf && c->perf->report ? c->perf->report->ese_version : NULL;
}
static const char *auto_os(build_ctx *c, char *b, size_t n)
{
    (void)b;
    (void)n;
    return c->perf && c->perf->report ? c->perf->report->os : NULL;
}

typedef struct row_def {
    const char *key;
    const char *v2, *v34;       /* row labels; NULL = row absent in that version */
    auto_fn from_run;           /* value derived from the run when the file has none */
} row_def;

static const row_def simulated_rows[] = {
    {"mailboxes", "Number of Exchange mailboxes simulated", "Number of Exchange mailboxes simulated", auto_mailboxes},
    {"hosts", "Number of hosts", NULL, auto_hosts},
    {"dags", NULL, "Number of Database Availability Groups (DAGs)", NULL},
    {"storage_groups_per_host", "Number of storage groups / host", NULL, NULL},
    {"servers_per_dag", NULL, "Number of servers/DAG", NULL},
    {"stores_per_storage_group", "Number of mailbox stores / storage group", NULL, NULL},
    {"mailboxes_per_server", NULL, "Number of active mailboxes/server", auto_mbx_per_server},
    {"mailboxes_per_store", "Number of mailboxes / mailbox store", NULL, auto_mbx_per_db},
    {"databases_per_host", NULL, "Number of databases/host", auto_dbs},
    {"store_luns_per_storage_group", "Number of mailbox store LUNs / storage group", NULL, NULL},
    {"copies_per_database", NULL, "Number of copies/database", auto_copies},
    {"mailboxes_per_database", NULL, "Number of mailboxes/database", auto_mbx_per_db},
    {"iops_per_mailbox", "Simulated profile: I/O's per second per mailbox",
     "Simulated profile: I/O's per second per mailbox (IOPS, include 20% headroom)", auto_iops_mbx},
    {"database_lun_size", "Database LUN size", "Database LUN size", NULL},
    {"log_lun_size", "Log LUN size", "Log LUN size", NULL},
    {"total_database_size", NULL, "Total database size for performance testing", auto_db_size},
    {"capacity_used", "% storage capacity used by Exchange database", "% storage capacity used by Exchange database", NULL},
};

static const row_def hardware_rows[] = {
    {"connectivity", "Storage Connectivity (Fiber Channel, SAS, SATA, iSCSI)", "Storage Connectivity (Fiber Channel, SAS, SATA, iSCSI)", NULL},
    {"storage_model", "Storage model and OS/firmware revision", "Storage model and OS/firmware revision", NULL},
    {"cache", "Storage cache", "Storage cache", NULL},
    {"controllers", "Number of storage controllers", "Number of storage controllers", NULL},
    {"ports", "Number of storage ports", "Number of storage ports", NULL},
    {"bandwidth", "Maximum bandwidth of storage connectivity to host", "Maximum bandwidth of storage connectivity to host", NULL},
    {"switch", "Switch type/model/firmware revision", "Switch type/model/firmware revision", NULL},
    {"hba", "HBA model and firmware", "HBA model and firmware", NULL},
    {"hbas_per_host", "Number of HBA's/host", "Number of HBA's/host", NULL},
    {"host_server", "Host server type", "Host server type", NULL},
    {"disks_tested", "Total number of disks tested in solution", "Total number of disks tested in solution", NULL},
    {"max_spindles", "Maximum number of spindles can be hosted in the storage", "Maximum number of spindles can be hosted in the storage", NULL},
};

static const row_def software_rows[] = {
    {"hba_driver", "HBA driver", "HBA driver", NULL},
    {"hba_queue_target", "HBA Queue Target Setting", NULL, NULL},
    {"hba_queue_depth", "HBA Queue Depth Setting", "HBA QueueDepth Setting", NULL},
    {"multipathing", "Multi-Pathing", "Multi-Pathing", NULL},
    {"host_os", "Host OS", "Host OS", auto_os},
    {"ese_version", "ESE.dll file version", "ESE.dll file version", auto_ese},
    {"replication", NULL, "Replication solution name/version", NULL},
};

static const row_def disk_rows[] = {
    {"disk_type", "Disk type, speed and firmware revision", "Disk type, speed and firmware revision", NULL},
    {"raw_capacity_per_disk", "Raw capacity per disk (GB)", "Raw capacity per disk (GB)", NULL},
    {"disks_in_test", "Number of physical disks in test", "Number of physical disks in test", NULL},
    {"total_raw_capacity", "Total raw storage capacity (GB)", "Total raw storage capacity (GB)", NULL},
    {"slice_size", "Disk slice size (GB)", "Disk slice size (GB)", NULL},
    {"slices_per_lun", "Number of slices per LUN or number of disks per LUN", "Number of slices per LUN or number of disks per LUN", NULL},
    {"raid_level", "RAID level", "RAID level", NULL},
    {"formatted_capacity", "Total formatted capacity", "Total formatted capacity", NULL},
    {"storage_utilization", "Storage capacity utilization", "Storage capacity utilization", NULL},
    {"database_utilization", "Database capacity utilization", "Database capacity utilization", NULL},
};

static void row_table(build_ctx *c, const char *title, const char *section, const row_def *rows, size_t n)
{
    doc_heading(c->d, 2, 0, "%s", title);
    doc_table *t = doc_table_new(c->d, title, 2);
    t->width[0] = 3;
    t->width[1] = 2;
    size_t r = doc_row(t, DOC_ROW_HEAD);
    doc_cell(t, r, 0, c->d->esrp == 2 ? "Description" : "Item");
    doc_cell(t, r, 1, c->d->esrp == 2 ? "Data" : "Value");
    for (size_t i = 0; i < n; i++) {
        const char *label = c->d->esrp == 2 ? rows[i].v2 : rows[i].v34;
        if (!label) {   /* a row of another ESRP version: known key, not printed */
            sol_get(c, section, rows[i].key);
            continue;
        }
        char buf[128];
        const char *v = sol_get(c, section, rows[i].key);
        if (!v && rows[i].from_run)
            v = rows[i].from_run(c, buf, sizeof buf);
        if (!v)
            v = sol_need(c, section, rows[i].key);
        r = doc_row(t, DOC_ROW_BODY);
        doc_cell(t, r, 0, label);
        doc_cell(t, r, 1, v);
    }
}

/* ------------------------------------------------------------------ test result summary */

typedef struct perf_row { const char *v2, *v34; size_t off; int group; } perf_row;
static const perf_row perf_rows[] = {
    {"Average Database Disk Transfers/sec", "Database Disks Transfers/sec", offsetof(ps_js_summary, db_transfers_per_sec), 0},
    {"Average Database Disk Reads/sec", "Database Disks Reads/sec", offsetof(ps_js_summary, db_reads_per_sec), 0},
    {"Average Database Disk Writes/sec", "Database Disks Writes/sec", offsetof(ps_js_summary, db_writes_per_sec), 0},
    {"Average Database Disk Read Latency (ms)", "Average Database Disk Read Latency (ms)", offsetof(ps_js_summary, db_read_latency_ms), 0},
    {"Average Database Disk Write Latency (ms)", "Average Database Disk Write Latency (ms)", offsetof(ps_js_summary, db_write_latency_ms), 0},
    {"Average Log Disk Writes/sec", "Log Disks Writes/sec", offsetof(ps_js_summary, log_writes_per_sec), 1},
    {"Average Log Disk Write Latency (ms)", "Average Log Disk Write Latency (ms)", offsetof(ps_js_summary, log_write_latency_ms), 1},
};

static double sum_field(const ps_js_summary *s, size_t off) { return *(const double *)((const char *)s + off); }

static void perf_table(build_ctx *c, const char *caption, const ps_js_summary *s)
{
    doc_table *t = doc_table_new(c->d, caption, 2);
    t->width[0] = 3;
    t->right[1] = 1;
    size_t r = doc_row(t, DOC_ROW_HEAD);
    doc_cell(t, r, 0, caption);
    doc_cell(t, r, 1, "Value");
    int group = -1;
    for (size_t i = 0; i < sizeof perf_rows / sizeof perf_rows[0]; i++) {
        if (perf_rows[i].group != group) {
            group = perf_rows[i].group;
            r = doc_row(t, DOC_ROW_GROUP);
            doc_cell(t, r, 0, group == 0 ? "Database I/O" : "Transaction Log I/O");
        }
        char v[48];
        r = doc_row(t, DOC_ROW_BODY);
        doc_cell(t, r, 0, c->d->esrp == 2 ? perf_rows[i].v2 : perf_rows[i].v34);
        doc_cell(t, r, 1, ps_fmt_num(v, sizeof v, sum_field(s, perf_rows[i].off), 3));
    }
    char a[32], b[32], l[32];
    ps_buf note = {0};
    ps_buf_printf(&note, "Latencies are plain means over instances, as ESRP prints them. IOPS-weighted means: "
                         "database read %s ms, database write %s ms, log write %s ms.",
                  ps_fmt_num(a, sizeof a, s->db_read_latency_ms_weighted, 3),
                  ps_fmt_num(b, sizeof b, s->db_write_latency_ms_weighted, 3),
                  ps_fmt_num(l, sizeof l, s->log_write_latency_ms_weighted, 3));
    doc_add(c->d, DOC_NOTE, note.data);
    ps_buf_free(&note);
}

static const char *verdict_word(enum ps_verdict_result v)
{
    return v == PS_VERDICT_PASS ? "Pass" : v == PS_VERDICT_FAIL ? "Fail" : "not judged";
}

static void reliability(build_ctx *c)
{
    doc_heading(c->d, 2, 0, "Reliability");
    doc_para(c->d, "Several tests in the ESRP framework check reliability: a 24-hour stress test, checksums of "
                   "the databases and logs, and backup and restore of the databases. The goal is to verify that "
                   "the storage handles a high I/O load for a long period, and that neither the Application nor "
                   "the System event log shows errors.");
    ps_buf list = {0};
    size_t nlines = 0;
    char **lines = NULL;
    for (size_t i = 0; i < c->run->nservers; i++) {
        const ps_js_server *s = &c->run->servers[i];
        ps_buf_reset(&list);
        ps_buf_printf(&list, "%s, %s test: %s (%s%s)", s->machine ? s->machine : "unknown machine",
                      ps_test_type_name(s->test_type), verdict_word(s->verdict.result),
                      ps_verdict_source_words(s->verdict.source),
                      s->verdict.disagree ? "; the printed and recomputed verdicts disagree" : "");
        if (s->report && s->report->result >= 0)
            ps_buf_printf(&list, "; Jetstress reported %s", s->report->result ? "Pass" : "Fail");
        lines = ps_xrealloc(lines, (nlines + 1) * sizeof *lines);
        lines[nlines++] = ps_buf_steal(&list);
    }
    ps_buf_free(&list);
    doc_block *b = doc_add(c->d, DOC_LIST, NULL);
    b->lines = lines;
    b->nlines = nlines;
}

static void recovery_tables(build_ctx *c)
{
    int any_backup = 0, any_replay = 0;
    for (size_t i = 0; i < c->run->nservers; i++) {
        const ps_js_server *s = &c->run->servers[i];
        if (s->report && s->report->nrecovery) {
            any_backup |= s->test_type == PS_TEST_BACKUP;
            any_replay |= s->test_type == PS_TEST_SOFTRECOVERY;
        }
    }
    if (!any_backup && !any_replay)
        return;
    doc_heading(c->d, 2, 0, "Database Backup/Recovery Performance");
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 0 ? !any_backup : !any_replay)
            continue;
        const char *title = pass == 0 ? (c->d->esrp == 2 ? "Database Read-only Performance (streaming backup)"
                                                         : "Database Read-only Performance")
                                      : "Transaction Log Recovery/Replay Performance";
        doc_heading(c->d, 3, 0, "%s", title);
        doc_para(c->d, "%s", pass == 0 ? "The database read-only test measures the maximum rate at which databases "
                                         "could be backed up (read) from each server."
                                       : "The soft recovery test measures the time to replay log files into a "
                                         "database: 500 log files of 1 MB each were replayed into each database.");
        doc_table *t = doc_table_new(c->d, title, pass == 0 ? 3 : 2);
        t->width[0] = 2;
        for (size_t k = 1; k < t->ncols; k++)
            t->right[k] = 1;
        size_t r = doc_row(t, DOC_ROW_HEAD);
        doc_cell(t, r, 0, "Server");
        if (pass == 0) {
            doc_cell(t, r, 1, c->d->esrp == 2 ? "MB read/sec per storage group" : "MB read/sec per database");
            doc_cell(t, r, 2, "MB read/sec total per server");
        } else {
            doc_cell(t, r, 1, "Average time to play one Log file (sec)");
        }
        for (size_t i = 0; i < c->run->nservers; i++) {
            const ps_js_server *s = &c->run->servers[i];
            if (!s->report || s->test_type != (pass == 0 ? PS_TEST_BACKUP : PS_TEST_SOFTRECOVERY))
                continue;
            double sum = 0;
            size_t n = 0;
            for (size_t k = 0; k < s->report->nrecovery; k++) {
                const ps_js_recovery_row *rr = &s->report->recovery[k];
                if (rr->is_summary)
                    continue;
                double v = pass == 0 ? rr->mb_per_sec : rr->sec_per_log;
                if (isnan(v) && pass == 1 && rr->logs_replayed > 0)
                    v = rr->elapsed_s / rr->logs_replayed;
                if (isnan(v))
                    continue;
                sum += v;
                n++;
            }
            char a[32], b[32];
            r = doc_row(t, DOC_ROW_BODY);
            doc_cell(t, r, 0, s->machine ? s->machine : "unknown");
            doc_cell(t, r, 1, ps_fmt_num(a, sizeof a, n ? sum / (double)n : NAN, 3));
            if (pass == 0)
                doc_cell(t, r, 2, ps_fmt_num(b, sizeof b, n ? sum : NAN, 3));
        }
    }
}

static void summary(build_ctx *c)
{
    doc_heading(c->d, 1, 1, "Test Result Summary");
    doc_para(c->d, "This section provides a high-level summary of the test data from ESRP and links to the "
                   "detailed HTML reports generated by the ESRP testing framework (see the appendices).");
    reliability(c);
    doc_heading(c->d, 2, 0, "Storage Performance Results");
    doc_para(c->d, "Primary storage performance testing exercises the storage with the maximum sustainable "
                   "Exchange type of I/O for two hours. The test shows how long it takes for the storage to "
                   "respond to an I/O under load. The data below is the sum of all the logical disk I/Os and the "
                   "average of all the logical disk I/O latency in the two-hour test duration.");
    size_t nperf = 0;
    for (size_t i = 0; i < c->run->nservers; i++) {
        const ps_js_server *s = &c->run->servers[i];
        if (c->perf && is_perf(c->perf) && !is_perf(s))
            continue;
        nperf++;
        doc_heading(c->d, 3, 0, "Individual Server Metrics: %s%s%s", s->machine ? s->machine : "unknown",
                    is_perf(s) ? "" : ", ", is_perf(s) ? "" : ps_test_type_name(s->test_type));
        perf_table(c, "Individual Server Metrics", &s->summary);
    }
    if (nperf > 1) {
        doc_heading(c->d, 3, 0, "Aggregate Performance across all servers");
        doc_para(c->d, "The sum of the I/O across servers and the average latency across servers.");
        perf_table(c, "Aggregate Performance across all servers Metrics", &c->run->aggregate);
    }
    recovery_tables(c);
}

/* ------------------------------------------------------------------ front matter */

static void front(build_ctx *c)
{
    ps_doc *d = c->d;
    const char *ver = exchange_version(c);
    doc_heading(d, 1, 1, "Overview");
    char who[256];
    snprintf(who, sizeof who, "%s", d->vendor);
    doc_para(d, "This document provides information on %s's storage solution for Microsoft Exchange Server %s, "
                "based on the Microsoft Exchange Solution Reviewed Program (ESRP) – Storage. For any questions or "
                "comments regarding the contents of this document, see Contact for Additional Information.",
             who, ver);
    doc_para(d, "The ESRP – Storage program was developed by Microsoft Corporation to provide a common storage "
                "testing framework for vendors to provide information on their storage solutions for Microsoft "
                "Exchange Server software. For more details on the Microsoft ESRP – Storage program, please visit "
                "the Microsoft web site.");
    sol_paras(c, "text", "overview", "");
    if (d->nblocks && d->blocks[d->nblocks - 1].kind == DOC_PARA && !d->blocks[d->nblocks - 1].text[0]) {
        free(d->blocks[d->nblocks - 1].text);
        d->nblocks--;
    }
    doc_heading(d, 1, 0, "Disclaimer");
    sol_paras(c, "text", "disclaimer",
              "This document has been produced independently of Microsoft Corporation. Microsoft Corporation "
              "expressly disclaims responsibility for, and makes no warranty, express or implied, with respect to, "
              "the accuracy of the contents of this document. The information contained in this document "
              "represents the current view of the vendor on the issues discussed as of the date of publication.");
    doc_heading(d, 1, 0, "Features");
    sol_paras(c, "text", "features", NULL);
    doc_heading(d, 1, 0, "Solution Description");
    sol_paras(c, "text", "solution_description", NULL);
    doc_heading(d, 1, 0, "Targeted Customer Profile");
    sol_paras(c, "text", "customer_profile", NULL);
    doc_heading(d, 1, 1, "Tested Deployment");
    doc_para(d, "The following tables summarize the testing environment.");
    row_table(c, "Simulated Exchange Configuration", "simulated", simulated_rows,
              sizeof simulated_rows / sizeof simulated_rows[0]);
    row_table(c, "Primary Storage Hardware", "hardware", hardware_rows, sizeof hardware_rows / sizeof hardware_rows[0]);
    row_table(c, "Primary Storage Software", "software", software_rows, sizeof software_rows / sizeof software_rows[0]);
    row_table(c, "Primary Storage Disk Configuration (Mailbox Store/Log Disks)", "disks", disk_rows,
              sizeof disk_rows / sizeof disk_rows[0]);
    doc_heading(d, 1, 1, "Best Practices");
    doc_para(d, "Exchange Server is a disk-intensive application. Based on the testing run using the ESRP "
                "framework, the following practices are recommended for storage design with this solution.");
    sol_paras(c, "text", "best_practices", NULL);
    doc_heading(d, 2, 0, "Backup Strategy");
    sol_paras(c, "text", "backup_strategy", NULL);
    doc_heading(d, 2, 0, "Contact for Additional Information");
    sol_paras(c, "text", "contact", NULL);
}

static void conclusion(build_ctx *c)
{
    doc_heading(c->d, 1, 1, "Conclusion");
    doc_para(c->d, "This document is developed by the storage solution provider and reviewed by the Microsoft "
                   "Exchange product team. The test results and data presented in this document are based on "
                   "the tests introduced in the ESRP v%s test framework. Customers should not quote the data "
                   "directly for their pre-deployment verification. It is still necessary to go through the "
                   "exercises to validate the storage design for a specific customer environment.",
             esrp_version_text(c->d->esrp));
    doc_para(c->d, "The ESRP program is not designed to be a benchmarking program; tests are not designed to get "
                   "the maximum throughput for a given solution. Rather, it is focused on producing "
                   "recommendations from vendors for the Exchange application. Thus, the data presented in this "
                   "document should not be used for direct comparisons among the solutions.");
    sol_paras(c, "text", "conclusion", "");
    if (c->d->blocks[c->d->nblocks - 1].kind == DOC_PARA && !c->d->blocks[c->d->nblocks - 1].text[0]) {
        free(c->d->blocks[c->d->nblocks - 1].text);
        c->d->nblocks--;
    }
}

static const char *const month_names[] = {"January", "February", "March", "April", "May", "June", "July",
                                          "August", "September", "October", "November", "December"};

int ps_doc_build(const ps_js_run *run, const ps_solution *sol, const ps_doc_options *opt, ps_doc **out,
                 ps_warnings *w, ps_error *err)
{
    *out = NULL;
    int esrp = opt && opt->esrp ? opt->esrp : 4;
    if (esrp < 2 || esrp > 4)
        return ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "ESRP version must be 2, 3 or 4 (got %d)", esrp);
    if (!run || !run->nservers)
        return ps_error_set(err, PS_EINPUT, NULL, 0, 0, "no Jetstress server found: nothing to report");
    int rc = doc_template_dir_check(opt ? opt->template_dir : NULL, err);
    if (rc)
        return rc;
    ps_doc *d = ps_xcalloc(1, sizeof *d);
    d->esrp = esrp;
    d->template_dir = ps_xstrdup(opt ? opt->template_dir : NULL);
    d->paper_letter = opt ? opt->paper_letter : 0;
    d->date = opt ? opt->date : 0;
    build_ctx c = {.d = d, .run = run, .sol = sol};
    c.used = ps_xcalloc(sol ? sol->nentries + 1 : 1, 1);
    for (size_t i = 0; i < run->nservers; i++) {
        if (!c.perf || (is_perf(&run->servers[i]) && !is_perf(c.perf)))
            c.perf = &run->servers[i];
        int seen = 0;
        for (size_t k = 0; k < i && !seen; k++)
            seen = run->servers[k].machine && run->servers[i].machine &&
                   strcmp(run->servers[k].machine, run->servers[i].machine) == 0;
        c.nmachines += !seen;
    }
    d->vendor = ps_xstrdup(sol_need(&c, "document", "vendor"));
    const char *product = sol_need(&c, "document", "product");
    d->author = ps_xstrdup(sol_get(&c, "document", "author") ? sol_get(&c, "document", "author") : d->vendor);
    char mb[64];
    const char *mailboxes = auto_mailboxes(&c, mb, sizeof mb);
    const char *res = sol_get(&c, "document", "resiliency");
    char cp[32];
    int resilient = res ? (res[0] == 'y' || res[0] == 'Y' || res[0] == '1' || res[0] == 't')
                        : (auto_copies(&c, cp, sizeof cp) && atoi(cp) > 1);
    const char *title = sol_get(&c, "document", "title");
    ps_buf t = {0};
    if (title)
        ps_buf_puts(&t, title);
    else
        ps_buf_printf(&t, "%s %s %s Mailbox %sExchange %s%s Storage Solution", d->vendor, product,
                      mailboxes ? mailboxes : "n/a", resilient ? "Resiliency " : "", esrp == 2 ? "Server " : "",
                      exchange_version(&c));
    d->title = ps_buf_steal(&t);
    ps_buf_printf(&t, "Tested with: ESRP – Storage Version %s", esrp_version_text(esrp));
    d->subtitle = ps_buf_steal(&t);
    const char *date = sol_get(&c, "document", "date");
    if (date) {
        d->date_text = ps_xstrdup(date);
    } else {
        int y, mo, dd, h, mi, s, ms;
        ps_time_to_fields(opt ? opt->date : 0, &y, &mo, &dd, &h, &mi, &s, &ms);
        ps_buf_printf(&t, "%s %d, %d", month_names[(mo - 1) % 12], dd, y);
        d->date_text = ps_buf_steal(&t);
    }
    front(&c);
    summary(&c);
    conclusion(&c);
    doc_build_appendices(d, run);
    if (c.missing.len)
        ps_warn(w, "solution description: not provided (printed as \"not provided\"): %s", c.missing.data);
    ps_buf_free(&c.missing);
    if (sol) {
        ps_buf unk = {0};
        for (size_t i = 0; i < sol->nentries; i++)
            if (!c.used[i])
                ps_buf_printf(&unk, "%s%s:%ld: [%s] %s", unk.len ? ", " : "", sol->source, sol->entries[i].line,
                              sol->entries[i].section, sol->entries[i].key);
        if (unk.len)
            ps_warn(w, "solution description: unknown keys ignored: %s", unk.data);
        ps_buf_free(&unk);
    }
    free(c.used);
    *out = d;
    return 0;
}

/* Free n strings and their array. */
static void strv_free(char **v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

static void table_free(doc_table *t)
{
    strv_free(t->cells, t->nrows * t->ncols);
    free(t->row_kind);
    free(t->flag);
    free(t->right);
    free(t->width);
    free(t->caption);
    free(t);
}

static void chart_free(doc_chart *c)
{
    free(c->id);
    free(c->title);
    free(c->ylabel);
    free(c->threshold_label);
    free(c->shade);
    strv_free(c->groups, c->ngroups);
    strv_free(c->bars, c->nbars);
    free(c->values);
    free(c);
}

void ps_doc_free(ps_doc *d)
{
    if (!d)
        return;
    for (size_t i = 0; i < d->nblocks; i++) {
        doc_block *b = &d->blocks[i];
        free(b->text);
        free(b->anchor);
        if (b->table)
            table_free(b->table);
        if (b->chart)
            chart_free(b->chart);
        strv_free(b->lines, b->nlines);
    }
    free(d->blocks);
    free(d->title);
    free(d->subtitle);
    free(d->date_text);
    free(d->author);
    free(d->vendor);
    free(d->template_dir);
    free(d);
}
