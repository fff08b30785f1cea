/* convert_sql.c - 'perfscribe convert -f sql': counter logs into relog's SQL tables
 * (store/relog_sql.c) in one write transaction; a failure or a kill leaves the database
 * as it was. */
#include "cli.h"
#include "ps_store.h"

static int keep_row(const ps_cli_sql_opts *o, const ps_row *row, uint64_t *kept)
{
    if ((o->has_b && (o->b_utc ? row->utc : row->local) < o->b) || (o->has_e && (o->e_utc ? row->utc : row->local) > o->e))
        return 0;
    return (*kept)++ % (uint64_t)o->every == 0;
}

static int one_log(ps_cli *cli, const ps_cli_sql_opts *o, ps_db *db, ps_log *log, const char *name,
                   uint64_t done_before, uint64_t total)
{
    ps_relog_sql *r = NULL;
    int rc = ps_relog_sql_begin(db, ps_log_info_get(log), name, &r, &cli->err);
    ps_row row;
    uint64_t kept = 0, rows = 0;
    while (!rc) {
        int got = ps_log_next(log, &row, &cli->err);
        if (got < 0)
            rc = -got;
        if (got != 1)
            break;
        if (keep_row(o, &row, &kept))
            rc = ps_relog_sql_row(r, &row, &cli->err);
        uint64_t d, t;
        ps_log_progress(log, &d, &t);
        ps_cli_progress(cli, "convert", done_before + d, total);
    }
    if (rc) {
        ps_relog_sql_abort(r);
        return rc;
    }
    return ps_relog_sql_end(r, &rows, &cli->err);
}

int ps_cli_convert_sql(ps_cli *cli, const ps_cli_sql_opts *o, ps_log *const *logs, const char *const *names, size_t n)
{
    ps_db *db = NULL;
    int rc = ps_db_open(o->url, &db, &cli->err);
    if (!rc)
        rc = ps_db_begin(db, 1, &cli->err);
    uint64_t total = 0, before = 0;
    for (size_t k = 0; k < n; k++) {
        uint64_t d, t;
        ps_log_progress(logs[k], &d, &t);
        total += t;
    }
    for (size_t k = 0; k < n && !rc; k++) {
        rc = one_log(cli, o, db, logs[k], names[k], before, total);
        uint64_t d, t;
        ps_log_progress(logs[k], &d, &t);
        before += t;
    }
    ps_cli_progress_end(cli);
    if (!rc)
        rc = ps_db_commit(db, &cli->err);
    if (rc)
        ps_db_close_discard(db);   /* rolls back; a database this run created is removed */
    else
        ps_db_close(db);
    return rc;
}
