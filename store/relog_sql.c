/* relog_sql.c - counter logs into relog's SQL tables (DisplayToID, CounterDetails,
 * CounterData), as `relog -f SQL` lays them out, so queries written for relog's databases run
 * unchanged. One log is one log set (one GUID); counters are shared between log sets through
 * CounterDetails. Values go through the bulk loader (COPY on PostgreSQL). */
#include "db_internal.h"

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
    int64_t *ids;          /* CounterID of each column */
    ps_db_copy *copy;
    uint64_t records, rows;
    ps_time first, last;
};

typedef struct detail {
    int64_t id;
    char *machine, *object, *counter, *instance, *parent;
    int64_t index;         /* -1 = none */
} detail;

static int same(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

/* A new log-set GUID, upper-case as SQL Server shows uniqueidentifier values. */
static void new_guid(char out[40])
{
    unsigned char r[16] = {0};
    FILE *fp = fopen("/dev/urandom", "rb");
    if (!fp || fread(r, 1, sizeof r, fp) != sizeof r) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        uint64_t x = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 20) ^ (uint64_t)(uintptr_t)out;
        for (int i = 0; i < 16; i++, x = x * 6364136223846793005ULL + 1442695040888963407ULL)
            r[i] = (unsigned char)(x >> 56);
    }
    if (fp)
        fclose(fp);
    r[6] = (unsigned char)((r[6] & 0x0f) | 0x40);
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

static void details_free(detail *d, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(d[i].machine);
        free(d[i].object);
        free(d[i].counter);
        free(d[i].instance);
        free(d[i].parent);
    }
    free(d);
}

static int load_details(ps_db *db, detail **out, size_t *n, int64_t *max_id, ps_error *err)
{
    ps_db_stmt *st = NULL;
    *out = NULL;
    *n = 0;
    *max_id = 0;
    int rc = ps_db_prepare(db, "SELECT CounterID, MachineName, ObjectName, CounterName, InstanceName, InstanceIndex,"
                               " ParentName FROM CounterDetails", &st, err);
    if (!rc)
        rc = ps_db_run(st, NULL, 0, err);
    while (!rc && ps_db_next(st)) {
        *out = ps_xrealloc(*out, (*n + 1) * sizeof **out);
        detail *d = &(*out)[(*n)++];
        d->id = ps_db_col_int(st, 0);
        d->machine = ps_xstrdup(ps_db_col_text(st, 1));
        d->object = ps_xstrdup(ps_db_col_text(st, 2));
        d->counter = ps_xstrdup(ps_db_col_text(st, 3));
        d->instance = ps_xstrdup(ps_db_col_text(st, 4));
        d->index = ps_db_col_null(st, 5) ? -1 : ps_db_col_int(st, 5);
        d->parent = ps_xstrdup(ps_db_col_text(st, 6));
        if (d->id > *max_id)
            *max_id = d->id;
    }
    ps_db_finalize(st);
    return rc;
}

/* CounterID of every column of info: an existing CounterDetails row with the same machine,
 * object, counter, instance, index and parent, else a new row. */
static int map_counters(ps_relog_sql *r, ps_error *err)
{
    detail *d = NULL;
    size_t n = 0;
    int64_t next = 0;
    int rc = load_details(r->db, &d, &n, &next, err);
    ps_db_stmt *ins = NULL;
    if (!rc)
        rc = ps_db_prepare(r->db, "INSERT INTO CounterDetails (CounterID, MachineName, ObjectName, CounterName,"
                                  " InstanceName, InstanceIndex, ParentName) VALUES (?, ?, ?, ?, ?, ?, ?)", &ins, err);
    ps_buf machine = {0};
    for (size_t c = 0; c < r->info->ncounters && !rc; c++) {
        const ps_counter_path *p = &r->info->counters[c];
        ps_buf_reset(&machine);
        if (p->machine)
            ps_buf_printf(&machine, "\\\\%s", p->machine);
        const char *m = machine.data ? machine.data : "";
        int64_t idx = p->index >= 0 ? p->index : -1, found = 0;
        for (size_t i = 0; i < n && !found; i++)
            if (same(d[i].machine, m) && same(d[i].object, p->object) && same(d[i].counter, p->counter) &&
                same(d[i].instance, p->instance) && same(d[i].parent, p->parent) && d[i].index == idx)
                found = d[i].id;
        if (!found) {
            found = ++next;
            ps_db_val v[] = {ps_db_int(found), ps_db_text(m), ps_db_text(p->object ? p->object : ""),
                             ps_db_text(p->counter ? p->counter : ""), ps_db_text(p->instance),
                             idx >= 0 ? ps_db_int(idx) : ps_db_text(NULL), ps_db_text(p->parent)};
            rc = ps_db_run(ins, v, 7, err);
            d = ps_xrealloc(d, (n + 1) * sizeof *d);
            d[n++] = (detail){found, ps_xstrdup(m), ps_xstrdup(p->object ? p->object : ""),
                              ps_xstrdup(p->counter ? p->counter : ""), ps_xstrdup(p->instance),
                              ps_xstrdup(p->parent), idx};
        }
        r->ids[c] = found;
    }
    ps_buf_fini(&machine);
    ps_db_finalize(ins);
    details_free(d, n);
    return rc;
}

int ps_relog_sql_begin(ps_db *db, const ps_log_info *info, const char *display, ps_relog_sql **out, ps_error *err)
{
    ps_relog_sql *r = ps_xcalloc(1, sizeof *r);
    r->db = db;
    r->info = info;
    r->display = ps_xstrdup(display);
    r->ids = ps_xcalloc(info->ncounters + 1, sizeof *r->ids);
    r->first = r->last = PS_TIME_NONE;
    new_guid(r->guid);
    static const char *const cols[] = {"GUID", "CounterID", "RecordIndex", "CounterDateTime", "CounterValue"};
    int rc = map_counters(r, err);
    if (!rc)
        rc = ps_db_copy_begin(db, "CounterData", cols, 5, &r->copy, err);
    if (rc) {
        ps_relog_sql_abort(r);
        r = NULL;
    }
    *out = r;
    return rc;
}

int ps_relog_sql_row(ps_relog_sql *r, const ps_row *row, ps_error *err)
{
    char when[32];
    sql_time(when, row->utc);
    int64_t rec = (int64_t)++r->records;
    if (r->first == PS_TIME_NONE)
        r->first = row->utc;
    r->last = row->utc;
    for (size_t c = 0; c < row->nvalues && c < r->info->ncounters; c++) {
        if (isnan(row->values[c]))
            continue;
        ps_db_val v[] = {ps_db_text(r->guid), ps_db_int(r->ids[c]), ps_db_int(rec), ps_db_text(when),
                         ps_db_real(row->values[c])};
        int rc = ps_db_copy_row(r->copy, v, err);
        if (rc)
            return rc;
        r->rows++;
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
    ps_db_val v[] = {ps_db_text(r->guid), ps_db_int(runid), ps_db_text(disp),
                     ps_db_text(*start ? start : NULL), ps_db_text(*stop ? stop : NULL),
                     ps_db_int((int64_t)r->records),
                     r->info->has_bias ? ps_db_int(r->info->bias_minutes) : ps_db_text(NULL), ps_db_text(zone)};
    ps_db_stmt *st = NULL;
    if (!rc)
        rc = ps_db_prepare(r->db, "INSERT INTO DisplayToID (GUID, RunID, DisplayString, LogStartTime, LogStopTime,"
                                  " NumberOfRecords, MinutesToUTC, TimeZoneName) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                           &st, err);
    if (!rc)
        rc = ps_db_run(st, v, 8, err);
    ps_db_finalize(st);
    free(disp);
    free(zone);
    *rows = r->rows;
    ps_relog_sql_abort(r);
    return rc;
}

void ps_relog_sql_abort(ps_relog_sql *r)
{
    if (!r)
        return;
    ps_db_copy_abort(r->copy);
    free(r->display);
    free(r->ids);
    free(r);
}
