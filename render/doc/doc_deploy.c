/* doc_deploy.c - the Tested Deployment section of the ESRP document: the simulated Exchange
 * configuration (from the run, per server where the servers differ), the vendor's hardware,
 * software and disk tables (solution-file rows), component tables and volume sizing. */
#include "doc_esrp_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ per-server facts */

/* The servers the configuration describes: the Performance servers (else every server). */
static int counted(const build_ctx *c, const ps_js_server *s)
{
    return s->test_type == PS_TEST_PERFORMANCE || !c->perf || c->perf->test_type != PS_TEST_PERFORMANCE;
}

double doc_srv_mailboxes(const ps_js_server *s)
{
    if (s->config && !isnan(s->config->mailbox_count))
        return s->config->mailbox_count;
    return NAN;
}
static double srv_databases(const ps_js_server *s)
{
    return s->ninstances ? (double)s->ninstances : NAN;
}
static double srv_copies(const ps_js_server *s)
{
    double v = s->report ? s->report->copies_per_db : NAN;
    return isnan(v) && s->config ? s->config->copies_per_db : v;
}
static double srv_mbx_per_db(const ps_js_server *s)
{
    return doc_srv_mailboxes(s) / srv_databases(s);
}
static double srv_iops_mbx(const ps_js_server *s)
{
    return s->config ? s->config->mailbox_iops : NAN;
}
/* Final database size in GB (10^9 bytes, as storage is sold; the Jetstress report prints bytes). */
static double srv_db_gb(const ps_js_server *s)
{
    return s->report && !isnan(s->report->final_db_bytes) ? s->report->final_db_bytes / 1e9 : NAN;
}

typedef double (*srv_fn)(const ps_js_server *);

/* Sum of f over the counted servers (NaN when any is unknown). */
double doc_srv_sum(const build_ctx *c, srv_fn f)
{
    double sum = 0;
    int any = 0;
    for (size_t i = 0; i < c->run->nservers; i++)
        if (counted(c, &c->run->servers[i])) {
            sum += f(&c->run->servers[i]);
            any = 1;
        }
    return any ? sum : NAN;
}

/* 1 when f gives the same value (NaN alike) on every counted server; *v = that value. */
static int uniform(const build_ctx *c, srv_fn f, double *v)
{
    int first = 1;
    *v = NAN;
    for (size_t i = 0; i < c->run->nservers; i++) {
        const ps_js_server *s = &c->run->servers[i];
        if (!counted(c, s))
            continue;
        double x = f(s);
        if (first)
            *v = x;
        else if (!(isnan(x) && isnan(*v)) && !(fabs(x - *v) <= 1e-9 * fmax(1, fabs(x))))
            return 0;
        first = 0;
    }
    return 1;
}

/* ------------------------------------------------------------------ row tables */

typedef struct row_def {
    const char *key;
    enum ps_msg_id v2, v34; /* row labels; PS_MSG_N = row absent in that version */
    srv_fn per_server; /* value per server (printed once when all servers agree) */
    int decimals;
} row_def;

#define NONE PS_MSG_N

/* The Simulated Exchange Configuration rows in ESRP's order (dossier 8.2). A row with a
 * per-server function is the run's (printed once when every server agrees, in the per-server
 * table when they differ); the solution file's value wins; the others are the solution's. */
static const row_def simulated_rows[] = {
    {"dags", NONE, PS_MSG_ROW_DAGS, NULL, 0},
    {"storage_groups_per_host", PS_MSG_ROW_SGS_PER_HOST, NONE, NULL, 0},
    {"servers_per_dag", NONE, PS_MSG_ROW_SERVERS_PER_DAG, NULL, 0},
    {"stores_per_storage_group", PS_MSG_ROW_STORES_PER_SG, NONE, NULL, 0},
    {"mailboxes_per_server", NONE, PS_MSG_ROW_MBX_PER_SERVER, doc_srv_mailboxes, 0},
    {"mailboxes_per_store", PS_MSG_ROW_MBX_PER_STORE, NONE, srv_mbx_per_db, 0},
    {"databases_per_host", NONE, PS_MSG_ROW_DBS_PER_HOST, srv_databases, 0},
    {"store_luns_per_storage_group", PS_MSG_ROW_LUNS_PER_SG, NONE, NULL, 0},
    {"copies_per_database", NONE, PS_MSG_ROW_COPIES_PER_DB, srv_copies, 0},
    {"mailboxes_per_database", NONE, PS_MSG_ROW_MBX_PER_DB, srv_mbx_per_db, 0},
    {"iops_per_mailbox", PS_MSG_ROW_IOPS_MBX_V2, PS_MSG_ROW_IOPS_MBX_V2, srv_iops_mbx,
     3}, /* no headroom claim: the run does not record one */
    {"database_lun_size", PS_MSG_ROW_DB_LUN_SIZE, PS_MSG_ROW_DB_LUN_SIZE, NULL, 0},
    {"log_lun_size", PS_MSG_ROW_LOG_LUN_SIZE, PS_MSG_ROW_LOG_LUN_SIZE, NULL, 0},
    {"database_size_per_server", NONE, PS_MSG_ROW_DB_SIZE_SERVER, srv_db_gb, 1},
    {"total_database_size", NONE, PS_MSG_ROW_DB_SIZE_TOTAL, NULL, 0},
    {"capacity_used", PS_MSG_ROW_CAPACITY_USED, PS_MSG_ROW_CAPACITY_USED, NULL, 0},
};

static const row_def hardware_rows[] = {
    {"connectivity", PS_MSG_ROW_CONNECTIVITY, PS_MSG_ROW_CONNECTIVITY, NULL, 0},
    {"storage_model", PS_MSG_ROW_STORAGE_MODEL, PS_MSG_ROW_STORAGE_MODEL, NULL, 0},
    {"cache", PS_MSG_ROW_CACHE, PS_MSG_ROW_CACHE, NULL, 0},
    {"controllers", PS_MSG_ROW_CONTROLLERS, PS_MSG_ROW_CONTROLLERS, NULL, 0},
    {"ports", PS_MSG_ROW_PORTS, PS_MSG_ROW_PORTS, NULL, 0},
    {"bandwidth", PS_MSG_ROW_BANDWIDTH, PS_MSG_ROW_BANDWIDTH, NULL, 0},
    {"switch", PS_MSG_ROW_SWITCH, PS_MSG_ROW_SWITCH, NULL, 0},
    {"hba", PS_MSG_ROW_HBA, PS_MSG_ROW_HBA, NULL, 0},
    {"hbas_per_host", PS_MSG_ROW_HBAS_PER_HOST, PS_MSG_ROW_HBAS_PER_HOST, NULL, 0},
    {"host_server", PS_MSG_ROW_HOST_SERVER, PS_MSG_ROW_HOST_SERVER, NULL, 0},
    {"disks_tested", PS_MSG_ROW_DISKS_TESTED, PS_MSG_ROW_DISKS_TESTED, NULL, 0},
    {"max_spindles", PS_MSG_ROW_MAX_SPINDLES, PS_MSG_ROW_MAX_SPINDLES, NULL, 0},
};

static const row_def software_rows[] = {
    {"hba_driver", PS_MSG_ROW_HBA_DRIVER, PS_MSG_ROW_HBA_DRIVER, NULL, 0},
    {"hba_queue_target", PS_MSG_ROW_HBA_QUEUE_TARGET, NONE, NULL, 0},
    {"hba_queue_depth", PS_MSG_ROW_HBA_QUEUE_DEPTH_V2, PS_MSG_ROW_HBA_QUEUE_DEPTH, NULL, 0},
    {"multipathing", PS_MSG_ROW_MULTIPATHING, PS_MSG_ROW_MULTIPATHING, NULL, 0},
    {"host_os", PS_MSG_ROW_HOST_OS, PS_MSG_ROW_HOST_OS, NULL, 0},
    {"ese_version", PS_MSG_ROW_ESE_VERSION, PS_MSG_ROW_ESE_VERSION, NULL, 0},
    {"replication", NONE, PS_MSG_ROW_REPLICATION, NULL, 0},
};

static const row_def disk_rows[] = {
    {"disk_type", PS_MSG_ROW_DISK_TYPE, PS_MSG_ROW_DISK_TYPE, NULL, 0},
    {"raw_capacity_per_disk", PS_MSG_ROW_RAW_PER_DISK, PS_MSG_ROW_RAW_PER_DISK, NULL, 0},
    {"disks_in_test", PS_MSG_ROW_DISKS_IN_TEST, PS_MSG_ROW_DISKS_IN_TEST, NULL, 0},
    {"total_raw_capacity", PS_MSG_ROW_TOTAL_RAW, PS_MSG_ROW_TOTAL_RAW, NULL, 0},
    {"slice_size", PS_MSG_ROW_SLICE_SIZE, PS_MSG_ROW_SLICE_SIZE, NULL, 0},
    {"slices_per_lun", PS_MSG_ROW_SLICES_PER_LUN, PS_MSG_ROW_SLICES_PER_LUN, NULL, 0},
    {"raid_level", PS_MSG_ROW_RAID_LEVEL, PS_MSG_ROW_RAID_LEVEL, NULL, 0},
    {"formatted_capacity", PS_MSG_ROW_FORMATTED_CAPACITY, PS_MSG_ROW_FORMATTED_CAPACITY, NULL, 0},
    {"storage_utilization", PS_MSG_ROW_STORAGE_UTIL, PS_MSG_ROW_STORAGE_UTIL, NULL, 0},
    {"database_utilization", PS_MSG_ROW_DB_UTIL, PS_MSG_ROW_DB_UTIL, NULL, 0},
};

#define NROWS(a) (sizeof(a) / sizeof(a)[0])

static enum ps_msg_id row_label(const build_ctx *c, const row_def *r)
{
    return c->d->esrp == 2 ? r->v2 : r->v34;
}

static doc_table *two_col_table(build_ctx *c, enum ps_msg_id title)
{
    const char *cap = ps_msg(c->d->lang, title);
    doc_heading(c->d, 2, 0, "%s", cap);
    doc_table *t = doc_table_new(c->d, cap, 2);
    t->width[0] = 3.2;
    t->width[1] = 1.8;
    size_t r = doc_row(t, DOC_ROW_HEAD);
    doc_cell(t, r, 0, ps_msg(c->d->lang, c->d->esrp == 2 ? PS_MSG_COL_DESCRIPTION : PS_MSG_COL_ITEM));
    doc_cell(t, r, 1, ps_msg(c->d->lang, c->d->esrp == 2 ? PS_MSG_COL_DATA : PS_MSG_COL_VALUE));
    return t;
}

static void value_row(build_ctx *c, doc_table *t, const char *label, const char *v)
{
    size_t r = doc_row(t, DOC_ROW_BODY);
    doc_cell(t, r, 0, label);
    char *plain = doc_markdown_plain(v); /* a cell is one line of text: marks removed */
    doc_cell(t, r, 1, plain);
    free(plain);
    (void)c;
}

/* The solution's rows of one section; a row of another ESRP version is a known key, not printed. */
static void solution_rows(build_ctx *c, doc_table *t, const char *section, const row_def *rows, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        enum ps_msg_id label = row_label(c, &rows[i]);
        if (label == NONE) {
            sol_get(c, section, rows[i].key);
            continue;
        }
        const char *v = sol_get(c, section, rows[i].key);
        if (!v && strcmp(rows[i].key, "host_os") == 0 && c->perf && c->perf->report)
            v = c->perf->report->os;
        if (!v && strcmp(rows[i].key, "ese_version") == 0 && c->perf && c->perf->report)
            v = c->perf->report->ese_version;
        value_row(c, t, ps_msg(c->d->lang, label), v ? v : sol_need(c, section, rows[i].key));
    }
}

static void footnote(build_ctx *c, const char *section)
{
    const ps_solution_entry *fn = sol_entry(c, section, "footnote");
    if (fn && fn->value[0] && !c->rc)
        c->rc = doc_markdown_note(c->d, fn->value, c->sol->source, fn->line, c->err);
}

static size_t counted_servers(const build_ctx *c)
{
    size_t n = 0;
    for (size_t i = 0; i < c->run->nservers; i++)
        n += counted(c, &c->run->servers[i]);
    return n;
}

static void simulated(build_ctx *c)
{
    const ps_lang *L = c->d->lang;
    doc_table *t = two_col_table(c, PS_MSG_SIMULATED_CONFIG);
    char b[128];
    const char *mb = doc_mailboxes_text(c, b, sizeof b);
    value_row(c, t, ps_msg(L, PS_MSG_ROW_MAILBOXES), mb ? mb : sol_need(c, "document", "mailboxes"));
    const char *hosts = sol_get(c, "simulated", "hosts"); /* an ESRP 2 row: a known key in every version */
    if (c->d->esrp == 2) {
        snprintf(b, sizeof b, "%zu", c->nmachines);
        value_row(c, t, ps_msg(L, PS_MSG_ROW_HOSTS), hosts ? hosts : b);
    }
    int differ = 0;
    for (size_t i = 0; i < NROWS(simulated_rows); i++) {
        const row_def *r = &simulated_rows[i];
        const char *v = sol_get(c, "simulated", r->key); /* marks a key of another version used too */
        if (row_label(c, r) == NONE)
            continue;
        char nb[64];
        double x;
        if (!v && r->per_server) {
            if (!uniform(c, r->per_server, &x)) {
                differ = 1;
                continue;
            }
            v = isnan(x) ? NULL : ps_lang_num(L, nb, sizeof nb, x, r->decimals);
        }
        if (!v && strcmp(r->key, "total_database_size") == 0 && !isnan(x = doc_srv_sum(c, srv_db_gb))) {
            char g[48];
            snprintf(nb, sizeof nb, "%s GB", ps_lang_num(L, g, sizeof g, x, 1));
            v = nb;
        }
        if (!v && strcmp(r->key, "database_size_per_server") == 0)
            continue; /* the total says it; per server only in the per-server table */
        value_row(c, t, ps_msg(L, row_label(c, r)), v ? v : sol_need(c, "simulated", r->key));
    }
    footnote(c, "simulated");
    if (!differ)
        return;
    /* the servers differ: one column per server (the audit reads the columns as servers) */
    size_t ns = counted_servers(c);
    doc_heading(c->d, 3, 0, "%s", ps_msg(L, PS_MSG_PER_SERVER_CONFIG));
    doc_table *p = doc_table_new(c->d, ps_msg(L, PS_MSG_PER_SERVER_CONFIG), ns + 1);
    p->width[0] = 2.6;
    size_t r = doc_row(p, DOC_ROW_HEAD);
    doc_cell(p, r, 0, ps_msg(L, PS_MSG_COL_ITEM));
    size_t col = 1;
    for (size_t i = 0; i < c->run->nservers; i++)
        if (counted(c, &c->run->servers[i])) {
            p->right[col] = 1;
            doc_cell(p, r, col++, c->run->servers[i].machine ? c->run->servers[i].machine : "?");
        }
    for (size_t k = 0; k < NROWS(simulated_rows); k++) {
        const row_def *rd = &simulated_rows[k];
        if (row_label(c, rd) == NONE || !rd->per_server)
            continue;
        r = doc_row(p, DOC_ROW_BODY);
        /* the short form of the profile label: one line in a narrow column */
        doc_cell(p, r, 0, ps_msg(L, rd->per_server == srv_iops_mbx ? PS_MSG_ROW_IOPS_MBX_V2 : row_label(c, rd)));
        col = 1;
        for (size_t i = 0; i < c->run->nservers; i++)
            if (counted(c, &c->run->servers[i])) {
                char nb[64];
                doc_cell(p, r, col++, ps_lang_num(L, nb, sizeof nb, rd->per_server(&c->run->servers[i]), rd->decimals));
            }
    }
}

static void vendor_table(build_ctx *c, enum ps_msg_id title, const char *section, const row_def *rows, size_t n)
{
    doc_table *t = two_col_table(c, title);
    solution_rows(c, t, section, rows, n);
    footnote(c, section);
}

/* [components] hardware / software: "Component | Version or model" lines, a table each. */
static void component_table(build_ctx *c, const char *key, enum ps_msg_id title)
{
    const ps_solution_entry *e = sol_entry(c, "components", key);
    if (!e || !e->value[0] || c->rc)
        return;
    const ps_lang *L = c->d->lang;
    doc_heading(c->d, 2, 0, "%s", ps_msg(L, title));
    doc_table *t = doc_table_new(c->d, ps_msg(L, title), 2);
    t->width[0] = 2;
    t->width[1] = 3;
    size_t r = doc_row(t, DOC_ROW_HEAD);
    doc_cell(t, r, 0, ps_msg(L, PS_MSG_COL_COMPONENT));
    doc_cell(t, r, 1, ps_msg(L, PS_MSG_COL_VERSION));
    long line = e->line;
    for (const char *p = e->value; *p && !c->rc;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        const char *bar = memchr(p, '|', n);
        if (n && !bar) {
            c->rc = ps_error_set(c->err, PS_EINPUT, c->sol->source, line, 1,
                                 "[components] %s: expected 'component | version' on each line, got '%.*s'", key,
                                 (int)n, p);
            break;
        }
        if (n) {
            char *what = ps_xstrndup(p, (size_t)(bar - p)), *ver = ps_xstrndup(bar + 1, n - (size_t)(bar - p) - 1);
            char *pw = doc_markdown_plain(what), *pv = doc_markdown_plain(ver);
            r = doc_row(t, DOC_ROW_BODY);
            doc_cell(t, r, 0, pw);
            doc_cell(t, r, 1, pv);
            free(pw);
            free(pv);
            free(what);
            free(ver);
        }
        line++;
        p = nl ? nl + 1 : p + n;
    }
}

void doc_tested_deployment(build_ctx *c)
{
    simulated(c);
    vendor_table(c, PS_MSG_HARDWARE, "hardware", hardware_rows, NROWS(hardware_rows));
    vendor_table(c, PS_MSG_SOFTWARE, "software", software_rows, NROWS(software_rows));
    vendor_table(c, PS_MSG_DISKS, "disks", disk_rows, NROWS(disk_rows));
    component_table(c, "hardware", PS_MSG_HW_COMPONENTS);
    component_table(c, "software", PS_MSG_SW_COMPONENTS);
    if (sol_get(c, "text", "volume_sizing") && !c->rc) {
        doc_heading(c->d, 2, 0, "%s", ps_msg(c->d->lang, PS_MSG_VOLUME_SIZING));
        sol_text(c, "text", "volume_sizing", 2, NULL);
    }
}
