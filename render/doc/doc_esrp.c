/* doc_esrp.c - the ESRP document outline (ESRP v2/v3/v4) as a plain tree: front matter,
 * tested deployment tables, test result summary; the vendor's texts in doc_front.c, appendices
 * in doc_appendix.c, tree helpers in doc_tree.c. */
#include "doc_esrp_internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

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
const char *doc_exchange_version(build_ctx *c)
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

const char *doc_esrp_version_text(int esrp) { return esrp == 2 ? "2.1" : esrp == 3 ? "3.0" : "4.0"; }

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
        char *plain = doc_markdown_plain(v);   /* a cell is one line of text: marks removed */
        doc_cell(t, r, 1, plain);
        free(plain);
    }
    const ps_solution_entry *fn = sol_entry(c, section, "footnote");
    if (fn && fn->value[0] && !c->rc)
        c->rc = doc_markdown_note(c->d, fn->value, c->sol->source, fn->line, c->err);
}

void doc_tested_deployment(build_ctx *c)
{
    row_table(c, "Simulated Exchange Configuration", "simulated", simulated_rows,
              sizeof simulated_rows / sizeof simulated_rows[0]);
    row_table(c, "Primary Storage Hardware", "hardware", hardware_rows, sizeof hardware_rows / sizeof hardware_rows[0]);
    row_table(c, "Primary Storage Software", "software", software_rows, sizeof software_rows / sizeof software_rows[0]);
    row_table(c, "Primary Storage Disk Configuration (Mailbox Store/Log Disks)", "disks", disk_rows,
              sizeof disk_rows / sizeof disk_rows[0]);
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
    ps_buf_fini(&note);
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
    ps_buf_fini(&list);
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

/* The language of the run's Jetstress reports when every report that names one names the same
 * known language; else English. */
static const ps_lang *run_language(const ps_js_run *run)
{
    const ps_lang *l = NULL;
    for (size_t i = 0; i < run->nservers; i++) {
        const ps_js_report *r = run->servers[i].report;
        if (!r || !r->language)
            continue;
        const ps_lang *x = ps_lang_find(r->language);
        if (!x || (l && l != x))
            return ps_lang_en();
        l = x;
    }
    return l ? l : ps_lang_en();
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
    d->lang = opt && opt->lang ? opt->lang : run_language(run);
    build_ctx c = {.d = d, .run = run, .sol = sol, .err = err};
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
                      doc_exchange_version(&c));
    d->title = ps_buf_steal(&t);
    ps_buf_printf(&t, "Tested with: ESRP – Storage Version %s", doc_esrp_version_text(esrp));
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
    const ps_solution_entry *logo = sol_entry(&c, "document", "logo");
    if (logo && logo->value[0])
        c.rc = doc_image_load(logo->value, sol->source, logo->line, logo->col, &d->logo, err);
    if (!c.rc)
        doc_front(&c);
    if (!c.rc) {
        summary(&c);
        doc_conclusion(&c);
        for (size_t i = 0; i < d->nblocks; i++)   /* the tables of the paper proper are listed */
            if (d->blocks[i].table)
                d->blocks[i].table->number = ++d->ntables;
        doc_build_appendices(d, run);
    }
    if (c.rc) {
        ps_buf_fini(&c.missing);
        free(c.used);
        ps_doc_free(d);
        return c.rc;
    }
    if (c.missing.len)
        ps_warn(w, "solution description: not provided (printed as \"not provided\"): %s", c.missing.data);
    ps_buf_fini(&c.missing);
    if (sol) {
        ps_buf unk = {0};
        for (size_t i = 0; i < sol->nentries; i++)
            if (!c.used[i])
                ps_buf_printf(&unk, "%s%s:%ld: [%s] %s", unk.len ? ", " : "", sol->source, sol->entries[i].line,
                              sol->entries[i].section, sol->entries[i].key);
        if (unk.len)
            ps_warn(w, "solution description: unknown keys ignored: %s", unk.data);
        ps_buf_fini(&unk);
    }
    free(c.used);
    *out = d;
    return 0;
}
