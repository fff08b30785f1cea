/* store_testlog.c - what a report's appendix shows besides the figures (schema version 4):
 * the backup / soft recovery statistics rows (ps_recovery) and the test log's typed events
 * (ps_event), written with the run and read back into the rebuilt report. */
#include "store_internal.h"

#include <stdlib.h>
#include <string.h>

#define EVENT_COLS \
    "run_id, server_idx, seq, kind, at, line, who, what, v0, v1, v2, v3, v4, v5, final_block, text, line_id"
#define NEVENT_COLS 17
#define RECOVERY_COLS \
    "run_id, server_idx, seq, label, is_summary, db_size_mb, elapsed_s, mb_per_sec, logs_replayed, sec_per_log"
#define NRECOVERY_COLS 10

static int put_recovery(ps_db *db, int64_t run, long server, const ps_js_report *r, ps_error *err)
{
    ps_db_stmt *st = NULL;
    int rc =
        r->nrecovery
            ? ps_db_prepare(db, "INSERT INTO ps_recovery (" RECOVERY_COLS ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            &st, err)
            : PS_OK;
    for (size_t i = 0; i < r->nrecovery && !rc; i++) {
        const ps_js_recovery_row *x = &r->recovery[i];
        ps_db_val a[NRECOVERY_COLS] = {ps_db_int(run),
                                       ps_db_int(server),
                                       ps_db_int((int64_t)i),
                                       ps_db_text(x->label),
                                       ps_db_int(x->is_summary),
                                       ps_db_real(x->db_size_mb),
                                       ps_db_real(x->elapsed_s),
                                       ps_db_real(x->mb_per_sec),
                                       ps_db_real(x->logs_replayed),
                                       ps_db_real(x->sec_per_log)};
        rc = ps_db_run(st, a, NRECOVERY_COLS, err);
    }
    ps_db_finalize(st);
    return rc;
}

static int put_events(ps_db *db, int64_t run, long server, const ps_js_report *r, ps_error *err)
{
    ps_db_stmt *st = NULL;
    int rc = r->nevents ? ps_db_prepare(db,
                                        "INSERT INTO ps_event (" EVENT_COLS ")"
                                        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                                        &st, err)
                        : PS_OK;
    for (size_t i = 0; i < r->nevents && !rc; i++) {
        const ps_js_event *e = &r->events[i];
        ps_db_val a[NEVENT_COLS] = {ps_db_int(run),
                                    ps_db_int(server),
                                    ps_db_int((int64_t)i),
                                    ps_db_int(e->kind),
                                    e->when == PS_TIME_NONE ? ps_db_text(NULL) : ps_db_int(e->when),
                                    ps_db_int(e->line),
                                    ps_db_text(e->who),
                                    ps_db_text(e->what)};
        for (int k = 0; k < 6; k++)
            a[8 + k] = ps_db_real(e->v[k]);
        a[14] = ps_db_int(e->final_block);
        a[15] = ps_db_text(e->text);
        a[16] = ps_db_int(e->line_id);
        rc = ps_db_run(st, a, NEVENT_COLS, err);
    }
    ps_db_finalize(st);
    return rc;
}

int ps_store_put_testlog(ps_db *db, int64_t run, long server, const ps_js_report *r, ps_error *err)
{
    int rc = put_recovery(db, run, server, r, err);
    return rc ? rc : put_events(db, run, server, r, err);
}

/* The report of stored server si, or NULL (a row of a server without a report is ignored). */
static ps_js_report *report_of(ps_js_run *run, int64_t si)
{
    return si >= 0 && (size_t)si < run->nservers ? run->servers[si].report : NULL;
}

int ps_store_load_testlog(ps_db *db, int64_t id, ps_js_run *run, ps_error *err)
{
    ps_db_val v = ps_db_int(id);
    ps_db_stmt *st = NULL;
    int rc = ps_store_query(db, "SELECT " RECOVERY_COLS " FROM ps_recovery WHERE run_id = ? ORDER BY server_idx, seq",
                            &v, 1, &st, err);
    while (!rc && ps_db_next(st)) {
        ps_js_report *r = report_of(run, ps_db_col_int(st, 1));
        if (!r)
            continue;
        r->recovery = ps_xrealloc(r->recovery, (r->nrecovery + 1) * sizeof *r->recovery);
        r->recovery[r->nrecovery++] =
            (ps_js_recovery_row){.label = ps_db_col_null(st, 3) ? NULL : ps_store_dup_col(st, 3),
                                 .is_summary = (int)ps_db_col_int(st, 4),
                                 .db_size_mb = ps_db_col_real(st, 5),
                                 .elapsed_s = ps_db_col_real(st, 6),
                                 .mb_per_sec = ps_db_col_real(st, 7),
                                 .logs_replayed = ps_db_col_real(st, 8),
                                 .sec_per_log = ps_db_col_real(st, 9)};
    }
    ps_db_finalize(st);
    if (!rc)
        rc = ps_store_query(db, "SELECT " EVENT_COLS " FROM ps_event WHERE run_id = ? ORDER BY server_idx, seq", &v, 1,
                            &st, err);
    while (!rc && ps_db_next(st)) {
        ps_js_report *r = report_of(run, ps_db_col_int(st, 1));
        if (!r)
            continue;
        r->events = ps_xrealloc(r->events, (r->nevents + 1) * sizeof *r->events);
        ps_js_event *e = &r->events[r->nevents++];
        memset(e, 0, sizeof *e);
        e->kind = (enum ps_js_event_kind)ps_db_col_int(st, 3);
        e->when = ps_db_col_null(st, 4) ? PS_TIME_NONE : ps_db_col_int(st, 4);
        e->line = (long)ps_db_col_int(st, 5);
        e->who = ps_db_col_null(st, 6) ? NULL : ps_store_dup_col(st, 6);
        e->what = ps_db_col_null(st, 7) ? NULL : ps_store_dup_col(st, 7);
        for (int k = 0; k < 6; k++)
            e->v[k] = ps_db_col_real(st, 8 + k);
        e->final_block = (int)ps_db_col_int(st, 14);
        e->text = ps_db_col_null(st, 15) ? NULL : ps_store_dup_col(st, 15);
        e->line_id = (int)ps_db_col_int(st, 16);
    }
    ps_db_finalize(st);
    return rc;
}
