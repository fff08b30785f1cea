/* relog_sql.c - counter logs into relog's SQL tables (DisplayToID, CounterDetails,
 * CounterData), as `relog -f SQL` lays them out, so queries written for relog's databases run
 * unchanged. One log is one log set (one GUID); counters are shared between log sets through
 * CounterDetails. Values go through the bulk loader (COPY on PostgreSQL), committed in batches
 * at record boundaries; a log set's GUID comes from its identity key, so a load that was
 * interrupted resumes after its last committed record and a complete one is not loaded twice. */
#include "db_internal.h"
#include "ps_io.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct ps_relog_sql {
    ps_db *db;
    const ps_log_info *info;
    char *display;
    char guid[40];
    int64_t *ids; /* CounterID of each column */
    ps_db_copy *copy;
    uint64_t records, rows;
    uint64_t skip; /* records stored by an interrupted load: counted, not written again */
    uint64_t batch, in_batch;
    ps_time first, last;
};

/* The 16 bytes of a log set's GUID: the first bytes of the SHA-256 of its key, or random ones
 * (/dev/urandom) without a key. */
static void guid_bytes(const char *key, unsigned char r[16])
{
    if (key) {
        ps_sha256 h;
        char hex[65];
        ps_sha256_init(&h);
        ps_sha256_update(&h, key, strlen(key));
        ps_sha256_final(&h, hex);
        for (int i = 0; i < 16; i++) {
            unsigned v = 0;
            sscanf(hex + 2 * i, "%2x", &v);
            r[i] = (unsigned char)v;
        }
        return;
    }
    FILE *fp = fopen("/dev/urandom", "rb");
    if (!fp || fread(r, 1, 16, fp) != 16) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        uint64_t x = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 20) ^ (uint64_t)(uintptr_t)r;
        for (int i = 0; i < 16; i++, x = x * 6364136223846793005ULL + 1442695040888963407ULL)
            r[i] = (unsigned char)(x >> 56);
    }
    if (fp)
        fclose(fp);
}

/* A log set's GUID, upper-case as SQL Server shows uniqueidentifier values: RFC 9562 version 8
 * (name-based on SHA-256) from a key, version 4 (random) without one. */
static void new_guid(const char *key, char out[40])
{
    unsigned char r[16] = {0};
    guid_bytes(key, r);
    r[6] = (unsigned char)((r[6] & 0x0f) | (key ? 0x80 : 0x40));
    r[8] = (unsigned char)((r[8] & 0x3f) | 0x80);
    snprintf(out, 40, "%02X%02X%02X%02X-%02X%02X-%02X%02X-%02X%02X-%02X%02X%02X%02X%02X%02X", r[0], r[1], r[2], r[3],
             r[4], r[5], r[6], r[7], r[8], r[9], r[10], r[11], r[12], r[13], r[14], r[15]);
}

/* "YYYY-MM-DD HH:MM:SS.mmm" (UTC), the text relog writes into its CHAR(24) columns. */
static void sql_time(char out[32], ps_time t)
{
    int y, mo, d, h, mi, s, ms;
    ps_time_to_fields(t, &y, &mo, &d, &h, &mi, &s, &ms);
    snprintf(out, 32, "%04d-%02d-%02d %02d:%02d:%02d.%03d", y, mo, d, h, mi, s, ms);
}

/* The lookup key of a counter: its parts, each marked present (1) or NULL (0) and ended by a
 * 0x1F unit separator, so "" and NULL differ and no part runs into the next. */
static void detail_key(ps_buf *k, const char *machine, const char *object, const char *counter, const char *instance,
                       const char *parent, int64_t index)
{
    const char *parts[] = {machine, object, counter, instance, parent};
    ps_buf_reset(k);
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        ps_buf_putc(k, parts[i] ? '\1' : '\0');
        if (parts[i])
            ps_buf_puts(k, parts[i]);
        ps_buf_putc(k, '\x1f');
    }
    ps_buf_printf(k, "%lld", (long long)index);
}

/* Every CounterDetails row into h (key -> CounterID); *max_id = the largest id. */
static int load_details(ps_db *db, ps_hash *h, ps_buf *k, int64_t *max_id, ps_error *err)
{
    ps_db_stmt *st = NULL;
    *max_id = 0;
    int rc = ps_db_prepare(db,
                           "SELECT CounterID, MachineName, ObjectName, CounterName, InstanceName, InstanceIndex,"
                           " ParentName FROM CounterDetails",
                           &st, err);
    if (!rc)
        rc = ps_db_run(st, NULL, 0, err);
    while (!rc && ps_db_next(st)) {
        int64_t id = ps_db_col_int(st, 0);
        detail_key(k, ps_db_col_text(st, 1), ps_db_col_text(st, 2), ps_db_col_text(st, 3), ps_db_col_text(st, 4),
                   ps_db_col_text(st, 6), ps_db_col_null(st, 5) ? -1 : ps_db_col_int(st, 5));
        ps_hash_put(h, k->data, k->len, (size_t)id);
        if (id > *max_id)
            *max_id = id;
    }
    ps_db_finalize(st);
    return rc;
}

/* CounterID of every column of info: an existing CounterDetails row with the same machine,
 * object, counter, instance, index and parent (one hash lookup), else a new row. */
static int map_counters(ps_relog_sql *r, ps_error *err)
{
    ps_hash h;
    ps_hash_init(&h, 0);
    ps_buf key = {0}, machine = {0};
    int64_t next = 0;
    int rc = load_details(r->db, &h, &key, &next, err);
    ps_db_stmt *ins = NULL;
    if (!rc)
        rc = ps_db_prepare(r->db,
                           "INSERT INTO CounterDetails (CounterID, MachineName, ObjectName, CounterName,"
                           " InstanceName, InstanceIndex, ParentName) VALUES (?, ?, ?, ?, ?, ?, ?)",
                           &ins, err);
    for (size_t c = 0; c < r->info->ncounters && !rc; c++) {
        const ps_counter_path *p = &r->info->counters[c];
        ps_buf_reset(&machine);
        if (p->machine)
            ps_buf_printf(&machine, "\\\\%s", p->machine);
        const char *m = machine.data ? machine.data : "";
        const char *obj = p->object ? p->object : "", *ctr = p->counter ? p->counter : "";
        int64_t idx = p->index >= 0 ? p->index : -1;
        detail_key(&key, m, obj, ctr, p->instance, p->parent, idx);
        size_t found = ps_hash_get(&h, key.data, key.len);
        if (found == PS_HASH_NONE) {
            found = (size_t)++next;
            ps_db_val v[] = {ps_db_int((int64_t)found), ps_db_text(m),
                             ps_db_text(obj),           ps_db_text(ctr),
                             ps_db_text(p->instance),   idx >= 0 ? ps_db_int(idx) : ps_db_text(NULL),
                             ps_db_text(p->parent)};
            rc = ps_db_run(ins, v, 7, err);
            ps_hash_put(&h, key.data, key.len, found);
        }
        r->ids[c] = (int64_t)found;
    }
    ps_buf_fini(&machine);
    ps_buf_fini(&key);
    ps_db_finalize(ins);
    ps_hash_fini(&h);
    return rc;
}

static const char *const data_cols[] = {"GUID", "CounterID", "RecordIndex", "CounterDateTime", "CounterValue"};

/* Open a write transaction and the bulk load of CounterData in it. */
static int batch_open(ps_relog_sql *r, ps_error *err)
{
    int rc = ps_db_begin(r->db, 1, err);
    if (!rc && (rc = ps_db_copy_begin(r->db, "CounterData", data_cols, 5, &r->copy, err)) != PS_OK)
        ps_db_rollback(r->db);
    return rc;
}

/* The records of the log set committed so far (ps_relog_load), in the current transaction;
 * done: the log set is complete (its row goes). */
static int note_progress(ps_relog_sql *r, int done, ps_error *err)
{
    ps_db_val v[] = {ps_db_text(r->guid), ps_db_int((int64_t)r->records)};
    ps_db_stmt *st = NULL;
    int rc = ps_db_prepare(r->db, "DELETE FROM ps_relog_load WHERE GUID = ?", &st, err);
    if (!rc)
        rc = ps_db_run(st, v, 1, err);
    ps_db_finalize(st);
    st = NULL;
    if (!rc && !done &&
        (rc = ps_db_prepare(r->db, "INSERT INTO ps_relog_load (GUID, records) VALUES (?, ?)", &st, err)) == PS_OK)
        rc = ps_db_run(st, v, 2, err);
    ps_db_finalize(st);
    return rc;
}

/* End the bulk load and commit: the records so far are stored. */
static int batch_close(ps_relog_sql *r, ps_error *err)
{
    int rc = ps_db_copy_end(r->copy, err);
    r->copy = NULL;
    if (!rc)
        rc = note_progress(r, 0, err);
    if (rc) {
        ps_db_rollback(r->db);
        return rc;
    }
    r->in_batch = 0;
    return ps_db_commit(r->db, err);
}

/* In one write transaction: the counters registered, the log set looked up (complete: its
 * DisplayToID row; interrupted: its largest RecordIndex) and committed. */
static int prepare_set(ps_relog_sql *r, ps_relog_sql_state *st, ps_error *err)
{
    int rc = ps_db_begin(r->db, 1, err);
    if (rc)
        return rc;
    ps_db_val g = ps_db_text(r->guid);
    int64_t n = 0, last = 0;
    rc = ps_db_query_int(r->db, "SELECT COUNT(*) FROM DisplayToID WHERE GUID = ?", &g, 1, &n, err);
    if (!rc && n == 0)
        rc = ps_db_query_int(r->db, "SELECT records FROM ps_relog_load WHERE GUID = ?", &g, 1, &last, err);
    if (!rc && n == 0)
        rc = map_counters(r, err);
    if (rc) {
        ps_db_rollback(r->db);
        return rc;
    }
    st->complete = n > 0;
    st->records_before = r->skip = (uint64_t)last;
    return ps_db_commit(r->db, err);
}

int ps_relog_sql_begin(ps_db *db, const ps_log_info *info, const char *display, const ps_relog_sql_options *opt,
                       ps_relog_sql **out, ps_relog_sql_state *st, ps_error *err)
{
    ps_relog_sql *r = ps_xcalloc(1, sizeof *r);
    r->db = db;
    r->info = info;
    r->display = ps_xstrdup(display);
    r->ids = ps_xcalloc(info->ncounters + 1, sizeof *r->ids);
    r->first = r->last = PS_TIME_NONE;
    r->batch = opt && opt->batch_rows ? opt->batch_rows : PS_RELOG_SQL_BATCH;
    memset(st, 0, sizeof *st);
    new_guid(opt ? opt->key : NULL, r->guid);
    snprintf(st->guid, sizeof st->guid, "%s", r->guid);
    int rc = prepare_set(r, st, err);
    if (!rc && !st->complete)
        rc = batch_open(r, err);
    if (rc || st->complete) {
        ps_relog_sql_abort(r);
        r = NULL;
    }
    *out = r;
    return rc;
}

int ps_relog_sql_row(ps_relog_sql *r, const ps_row *row, ps_error *err)
{
    int64_t rec = (int64_t)++r->records;
    if (r->first == PS_TIME_NONE)
        r->first = row->utc;
    r->last = row->utc;
    if (r->records <= r->skip)
        return PS_OK; /* stored by the interrupted load */
    char when[32];
    sql_time(when, row->utc);
    for (size_t c = 0; c < row->nvalues && c < r->info->ncounters; c++) {
        if (isnan(row->values[c]))
            continue;
        ps_db_val v[] = {ps_db_text(r->guid), ps_db_int(r->ids[c]), ps_db_int(rec), ps_db_text(when),
                         ps_db_real(row->values[c])};
        int rc = ps_db_copy_row(r->copy, v, err);
        if (rc)
            return rc;
        r->rows++;
        r->in_batch++;
    }
    if (r->in_batch >= r->batch) {
        int rc = batch_close(r, err);
        return rc ? rc : batch_open(r, err);
    }
    return PS_OK;
}

/* Copy of s cut to at most max bytes on a UTF-8 character boundary. */
static char *cut_utf8(const char *s, size_t max)
{
    size_t n = strlen(s);
    if (n <= max)
        return ps_xstrdup(s);
    while (max && ((unsigned char)s[max] & 0xC0) == 0x80)
        max--;
    return ps_xstrndup(s, max);
}

int ps_relog_sql_end(ps_relog_sql *r, uint64_t *rows, ps_error *err)
{
    int rc = ps_db_copy_end(r->copy, err);
    r->copy = NULL;
    int64_t runid = 0;
    if (!rc)
        rc = ps_db_query_int(r->db, "SELECT COALESCE(MAX(RunID), 0) + 1 FROM DisplayToID", NULL, 0, &runid, err);
    char start[32] = "", stop[32] = "";
    if (r->first != PS_TIME_NONE) {
        sql_time(start, r->first);
        sql_time(stop, r->last);
    }
    char *disp = cut_utf8(r->display, 1024), *zone = r->info->timezone ? cut_utf8(r->info->timezone, 32) : NULL;
    ps_db_val v[] = {ps_db_text(r->guid),
                     ps_db_int(runid),
                     ps_db_text(disp),
                     ps_db_text(*start ? start : NULL),
                     ps_db_text(*stop ? stop : NULL),
                     ps_db_int((int64_t)r->records),
                     r->info->has_bias ? ps_db_int(r->info->bias_minutes) : ps_db_text(NULL),
                     ps_db_text(zone)};
    ps_db_stmt *st = NULL;
    if (!rc)
        rc = ps_db_prepare(r->db,
                           "INSERT INTO DisplayToID (GUID, RunID, DisplayString, LogStartTime, LogStopTime,"
                           " NumberOfRecords, MinutesToUTC, TimeZoneName) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                           &st, err);
    if (!rc)
        rc = ps_db_run(st, v, 8, err);
    ps_db_finalize(st);
    free(disp);
    free(zone);
    if (!rc)
        rc = note_progress(r, 1, err);
    if (!rc)
        rc = ps_db_commit(r->db, err);
    *rows = r->rows;
    ps_relog_sql_abort(r);
    return rc;
}

void ps_relog_sql_abort(ps_relog_sql *r)
{
    if (!r)
        return;
    ps_db_copy_abort(r->copy);
    ps_db_rollback(r->db);
    free(r->display);
    free(r->ids);
    free(r);
}

/* Rows in CounterData, counted up to limit (no more is read). */
static int rows_upto(ps_db *db, uint64_t limit, int64_t *n, ps_error *err)
{
    ps_db_val v = ps_db_int((int64_t)(limit < INT64_MAX ? limit : INT64_MAX));
    return ps_db_query_int(db, "SELECT COUNT(*) FROM (SELECT 1 FROM CounterData LIMIT ?) AS head", &v, 1, n, err);
}

int ps_relog_sql_bulk_begin(ps_db *db, uint64_t expect_rows, int *dropped, ps_error *err)
{
    int64_t have = 0;
    *dropped = 0;
    int rc = rows_upto(db, expect_rows, &have, err);
    if (rc || (uint64_t)have >= expect_rows)
        return rc; /* a big table and a small load: the index is kept up to date as rows come */
    rc = ps_db_begin(db, 1, err);
    if (!rc)
        rc = ps_db_exec(db, "DROP INDEX IF EXISTS CounterData_key", err);
    if (rc) {
        ps_db_rollback(db);
        return rc;
    }
    *dropped = 1;
    return ps_db_commit(db, err);
}

int ps_relog_sql_bulk_end(ps_db *db, ps_error *err)
{
    int rc = ps_db_begin(db, 1, err);
    if (!rc)
        rc = ps_db_exec(db, PS_RELOG_SQL_KEY_INDEX, err);
    if (rc) {
        ps_db_rollback(db);
        return rc;
    }
    return ps_db_commit(db, err);
}
