/* convert_sql.c - 'perfscribe convert -f sql': counter logs into relog's SQL tables
 * (store/relog_sql.c). Each input is one log set, committed in batches and complete once its
 * DisplayToID row is written; its GUID comes from the log's SHA-256 and the options that select
 * its rows, so running the same command again adds nothing for a complete log set and resumes
 * an interrupted one after its last committed record. --jobs N loads N inputs at once, each on
 * its own connection, each file's log set stored as soon as it is read. */
#include "cli.h"
#include "ps_blg.h"
#include "ps_io.h"
#include "ps_store.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* What became of one input, beyond its status (ps_cli_job). */
typedef struct sql_file {
    ps_relog_sql_state st;
    uint64_t rows;
} sql_file;

typedef struct sql_run {
    const ps_cli_sql_opts *o;
    const char *const *paths;
    sql_file *files;
} sql_run;

static int keep_row(const ps_cli_sql_opts *o, const ps_row *row, uint64_t *kept)
{
    if ((o->has_b && (o->b_utc ? row->utc : row->local) < o->b) ||
        (o->has_e && (o->e_utc ? row->utc : row->local) > o->e))
        return 0;
    return (*kept)++ % (uint64_t)o->every == 0;
}

/* The identity of a log set: the file's SHA-256, the options that select its rows and its
 * columns as written (the counter filter's effect). NULL for standard input (not resumable). */
static char *set_key(const ps_cli_sql_opts *o, const char *path, const ps_log_info *info, ps_error *err, int *rc)
{
    char hex[65];
    uint64_t size = 0;
    *rc = PS_OK;
    if (strcmp(path, "-") == 0)
        return NULL;
    if ((*rc = ps_sha256_file(path, hex, &size, err)) != PS_OK)
        return NULL;
    ps_buf k = {0};
    ps_buf_printf(&k, "perfscribe relog-sql 1\n%s %llu\nb=%d:%d:%lld e=%d:%d:%lld t=%ld\n", hex,
                  (unsigned long long)size, o->has_b, o->b_utc, (long long)o->b, o->has_e, o->e_utc, (long long)o->e,
                  o->every);
    for (size_t c = 0; c < info->ncounters; c++)
        ps_buf_printf(&k, "%s\n", info->header && info->header[c] ? info->header[c] : "?");
    return ps_buf_steal(&k);
}

/* Rows between two progress updates, less one (a power of two less one: a mask). */
#define PROGRESS_EVERY 1023u

/* Input k into the database db: its log set whole, resumed, or found complete already. */
static int one_file(void *ctx, void *conn, ps_cli_jobs *j, size_t k, ps_cli_job *job)
{
    sql_run *s = ctx;
    const ps_cli_sql_opts *o = s->o;
    sql_file *f = &s->files[k];
    ps_db *db = conn;
    ps_log *log = NULL;
    int rc = ps_cli_jobs_open_log(j, k, &o->lo, &log);
    if (rc)
        return rc;
    ps_log_blg_threads(log, o->threads, 0); /* no-op for other formats */
    char *key = set_key(o, s->paths[k], ps_log_info_get(log), &job->err, &rc);
    ps_relog_sql_options ro = {key, o->batch_rows};
    ps_relog_sql *r = NULL;
    if (!rc)
        rc = ps_relog_sql_begin(db, ps_log_info_get(log), s->paths[k], &ro, &r, &f->st, &job->err);
    free(key);
    ps_row row;
    uint64_t kept = 0, seen = 0;
    while (!rc && r) {
        int got = ps_log_next(log, &row, &job->err);
        if (got < 0)
            rc = -got;
        if (got != 1)
            break;
        if (keep_row(o, &row, &kept))
            rc = ps_relog_sql_row(r, &row, &job->err);
        if ((++seen & PROGRESS_EVERY) == 0)
            ps_cli_jobs_progress(j, k, log);
    }
    if (rc)
        ps_relog_sql_abort(r);
    else if (r)
        rc = ps_relog_sql_end(r, &f->rows, &job->err);
    ps_log_close(log);
    return rc;
}

/* Each thread loads on its own connection. */
static int conn_open(void *ctx, void **conn, ps_error *err)
{
    return ps_db_open_bulk(((sql_run *)ctx)->o->url, (ps_db **)conn, err);
}

static void conn_close(void *ctx, void *conn)
{
    (void)ctx;
    ps_db_close(conn);
}

/* Input bytes per CounterData row, at least (a relog CSV cell is about 20 bytes, a .blg value
 * 8 to 16): the estimate of a load's rows that decides whether the key index is built after it. */
#define BYTES_PER_ROW 32

static uint64_t expected_rows(const char *const *paths, size_t n)
{
    uint64_t bytes = 0;
    struct stat st;
    for (size_t k = 0; k < n; k++)
        if (strcmp(paths[k], "-") != 0 && stat(paths[k], &st) == 0 && S_ISREG(st.st_mode))
            bytes += (uint64_t)st.st_size;
    return bytes / BYTES_PER_ROW;
}

/* The database holds nothing of this command's (no log set, complete or begun). */
static int nothing_stored(ps_db *db)
{
    int64_t any = 0, sets = 0;
    ps_error e = {0};
    return ps_db_query_int(db, "SELECT 1 FROM CounterData LIMIT 1", NULL, 0, &any, &e) == PS_OK &&
           ps_db_query_int(db, "SELECT 1 FROM DisplayToID LIMIT 1", NULL, 0, &sets, &e) == PS_OK && !any && !sets;
}

int ps_cli_convert_sql(ps_cli *cli, const ps_cli_sql_opts *o, const char *const *paths, size_t n)
{
    ps_db *db = NULL;
    int rc = ps_db_open_bulk(o->url, &db, &cli->err); /* created and migrated once, before the workers */
    int dropped = 0;
    if (!rc)
        rc = ps_relog_sql_bulk_begin(db, expected_rows(paths, n), &dropped, &cli->err);
    if (rc) {
        ps_db_close(db);
        return rc;
    }
    sql_run s = {o, paths, ps_xcalloc(n + 1, sizeof(sql_file))};
    static const ps_cli_jobs_ops ops = {conn_open, one_file, conn_close};
    ps_cli_job *jobs = ps_cli_jobs_run(cli, "convert", paths, n, o->jobs, &ops, &s);
    for (size_t k = 0; k < n; k++) { /* in input order: warnings, then the first failure */
        sql_file *f = &s.files[k];
        rc = ps_cli_jobs_report(cli, &jobs[k], rc);
        if (f->st.complete)
            ps_warn(&cli->warnings, "%s: this log set is in the database already (GUID %s): nothing added", paths[k],
                    f->st.guid);
        else if (f->st.records_before && !jobs[k].rc)
            ps_warn(&cli->warnings, "%s: an interrupted load resumed after record %llu (GUID %s)", paths[k],
                    (unsigned long long)f->st.records_before, f->st.guid);
    }
    free(jobs);
    ps_error ie = {0}; /* the key index, built after a bulk load (and after one that was stopped) */
    int irc = ps_relog_sql_bulk_end(db, &ie);
    if (!irc)
        irc = ps_db_bulk_off(db, &ie); /* the workers' connections are closed: WAL again */
    if (irc && !rc) {
        rc = irc;
        cli->err = ie;
    }
    if (rc && nothing_stored(db))
        ps_db_close_discard(db); /* a database this command created and filled with nothing goes */
    else
        ps_db_close(db);
    free(s.files);
    return rc;
}
