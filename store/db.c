/* db.c - ps_db: the backend chosen from a table by the URL scheme, and what every backend
 * shares (transactions, one-shot queries, the generic bulk load). */
#include "db_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ps_db {
    const ps_db_backend *be;
    void *conn;
    char *name; /* URL without a password, for messages */
    char *url; /* as given (for discard) */
    int state; /* PS_DB_CREATED, PS_DB_READ_ONLY */
    int how; /* PS_DB_OPEN_* */
    int in_tx;
};

struct ps_db_stmt {
    ps_db *db;
    void *st;
};

struct ps_db_copy {
    ps_db *db;
    void *cp; /* backend bulk load */
    ps_db_stmt *insert; /* generic form: prepared INSERT */
    size_t ncols;
};

static const ps_db_backend *const backends[] = {&ps_db_sqlite_backend, &ps_db_pg_backend};

ps_db_val ps_db_int(int64_t v)
{
    return (ps_db_val){PS_DB_INT, v, 0, NULL};
}
ps_db_val ps_db_real(double v)
{
    return isnan(v) ? (ps_db_val){PS_DB_NULL, 0, 0, NULL} : (ps_db_val){PS_DB_REAL, 0, v, NULL};
}
ps_db_val ps_db_text(const char *s)
{
    return s ? (ps_db_val){PS_DB_TEXT, 0, 0, s} : (ps_db_val){PS_DB_NULL, 0, 0, NULL};
}

void ps_db_real_text(char out[32], double v)
{
    snprintf(out, 32, "%.17g", v);
}

static int open_migrate(const char *url, int how, int version, ps_db **out, ps_error *err);

int ps_db_open(const char *url, ps_db **out, ps_error *err)
{
    return open_migrate(url, PS_DB_OPEN_CREATE, PS_STORE_SCHEMA_VERSION, out, err);
}

int ps_db_open_bulk(const char *url, ps_db **out, ps_error *err)
{
    return open_migrate(url, PS_DB_OPEN_CREATE | PS_DB_OPEN_BULK, PS_STORE_SCHEMA_VERSION, out, err);
}

int ps_db_bulk_off(ps_db *db, ps_error *err)
{
    if (!(db->how & PS_DB_OPEN_BULK) || !db->be->bulk_off)
        return PS_OK;
    db->how &= ~PS_DB_OPEN_BULK;
    return ps_db_exec(db, db->be->bulk_off, err);
}

/* Open url with its backend; how: PS_DB_OPEN_* (CREATE: make a missing database). */
static int db_open(const char *url, int how, ps_db **out, ps_error *err)
{
    *out = NULL;
    const ps_db_backend *be = NULL;
    for (size_t i = 0; i < sizeof backends / sizeof backends[0] && !be; i++)
        for (const char *const *s = backends[i]->schemes; *s && !be; s++)
            if (strncmp(url, *s, strlen(*s)) == 0)
                be = backends[i];
    if (!be)
        return ps_error_set(err, PS_EUSAGE, NULL, 0, 0,
                            "unknown database '%s': give sqlite:PATH or postgresql://HOST/DBNAME", url);
    ps_db *db = ps_xcalloc(1, sizeof *db);
    db->be = be;
    db->name = be->display ? be->display(url) : ps_xstrdup(url);
    db->url = ps_xstrdup(url);
    db->how = how;
    int rc = be->open(url, db->name, how, &db->conn, &db->state, err);
    if (rc) {
        ps_db_close(db);
        return rc;
    }
    *out = db;
    return PS_OK;
}

int ps_db_open_at(const char *url, int version, ps_db **out, ps_error *err)
{
    return open_migrate(url, PS_DB_OPEN_CREATE, version, out, err);
}

static int open_migrate(const char *url, int how, int version, ps_db **out, ps_error *err)
{
    int rc = db_open(url, how, out, err);
    if (!rc && (rc = ps_store_migrate(*out, version, err)) != PS_OK) {
        ps_db_close_discard(*out);
        *out = NULL;
    }
    return rc;
}

int ps_db_open_read(const char *url, ps_db **out, ps_error *err)
{
    int rc = db_open(url, 0, out, err);
    if (rc)
        return rc;
    int64_t have = 0;
    rc = ps_store_check_version(*out, &have, err);
    if (!rc && have != PS_STORE_SCHEMA_VERSION) {
        if ((*out)->state & PS_DB_READ_ONLY)
            rc = ps_error_set(err, PS_EIO, (*out)->name, 0, 0,
                              "schema version %lld needs migrating to %d, and the database is read-only"
                              " (run 'perfscribe store list' once with write access)",
                              (long long)have, PS_STORE_SCHEMA_VERSION);
        else
            rc = ps_store_migrate(*out, PS_STORE_SCHEMA_VERSION, err);
    }
    if (rc) {
        ps_db_close(*out);
        *out = NULL;
    }
    return rc;
}

void ps_db_close_discard(ps_db *db)
{
    if (!db)
        return;
    int created = db->state & PS_DB_CREATED;
    const ps_db_backend *be = db->be;
    char *url = db->url;
    db->url = NULL;
    ps_db_close(db);
    if (created && be->discard)
        be->discard(url);
    free(url);
}

void ps_db_close(ps_db *db)
{
    if (!db)
        return;
    ps_db_rollback(db);
    if (db->conn)
        db->be->close(db->conn);
    free(db->name);
    free(db->url);
    free(db);
}

const char *ps_db_kind(const ps_db *db)
{
    return db->be->kind;
}
const char *ps_db_name(const ps_db *db)
{
    return db->name;
}

int ps_db_exec(ps_db *db, const char *sql, ps_error *err)
{
    return db->be->exec(db->conn, db->name, sql, err);
}

int ps_db_begin(ps_db *db, int write, ps_error *err)
{
    int rc = ps_db_exec(db, write ? db->be->begin_write : "BEGIN", err);
    if (rc)
        return rc;
    db->in_tx = 1;
    if (write && db->be->lock_write && (rc = ps_db_exec(db, db->be->lock_write, err)) != PS_OK)
        ps_db_rollback(db);
    return rc;
}

int ps_db_commit(ps_db *db, ps_error *err)
{
    int rc = ps_db_exec(db, "COMMIT", err);
    if (rc)
        ps_db_rollback(db);
    db->in_tx = 0;
    return rc;
}

void ps_db_rollback(ps_db *db)
{
    if (!db->in_tx)
        return;
    db->in_tx = 0;
    db->be->exec(db->conn, db->name, "ROLLBACK", NULL);
}

int ps_db_prepare(ps_db *db, const char *sql, ps_db_stmt **out, ps_error *err)
{
    void *st = NULL;
    *out = NULL;
    int rc = db->be->prepare(db->conn, db->name, sql, &st, err);
    if (rc)
        return rc;
    *out = ps_xcalloc(1, sizeof **out);
    (*out)->db = db;
    (*out)->st = st;
    return PS_OK;
}

int ps_db_run(ps_db_stmt *st, const ps_db_val *vals, size_t n, ps_error *err)
{
    return st->db->be->run(st->st, vals, n, err);
}

int ps_db_next(ps_db_stmt *st)
{
    return st->db->be->next(st->st);
}
int ps_db_col_null(ps_db_stmt *st, int i)
{
    return st->db->be->col_null(st->st, i);
}
int64_t ps_db_col_int(ps_db_stmt *st, int i)
{
    return st->db->be->col_int(st->st, i);
}
double ps_db_col_real(ps_db_stmt *st, int i)
{
    return st->db->be->col_real(st->st, i);
}
const char *ps_db_col_text(ps_db_stmt *st, int i)
{
    return st->db->be->col_text(st->st, i);
}

void ps_db_finalize(ps_db_stmt *st)
{
    if (!st)
        return;
    st->db->be->finalize(st->st);
    free(st);
}

int ps_db_query_int(ps_db *db, const char *sql, const ps_db_val *vals, size_t n, int64_t *out, ps_error *err)
{
    ps_db_stmt *st = NULL;
    *out = 0;
    int rc = ps_db_prepare(db, sql, &st, err);
    if (!rc)
        rc = ps_db_run(st, vals, n, err);
    if (!rc && ps_db_next(st) && !ps_db_col_null(st, 0))
        *out = ps_db_col_int(st, 0);
    ps_db_finalize(st);
    return rc;
}

int ps_db_copy_begin(ps_db *db, const char *table, const char *const *cols, size_t ncols, ps_db_copy **out,
                     ps_error *err)
{
    ps_db_copy *c = ps_xcalloc(1, sizeof *c);
    c->db = db;
    c->ncols = ncols;
    int rc;
    if (db->be->copy_begin) {
        rc = db->be->copy_begin(db->conn, db->name, table, cols, ncols, &c->cp, err);
    } else {
        ps_buf sql = {0};
        ps_buf_printf(&sql, "INSERT INTO %s (", table);
        for (size_t i = 0; i < ncols; i++)
            ps_buf_printf(&sql, "%s%s", i ? ", " : "", cols[i]);
        ps_buf_puts(&sql, ") VALUES (");
        for (size_t i = 0; i < ncols; i++)
            ps_buf_puts(&sql, i ? ", ?" : "?");
        ps_buf_putc(&sql, ')');
        rc = ps_db_prepare(db, sql.data, &c->insert, err);
        ps_buf_fini(&sql);
    }
    if (rc) {
        free(c);
        c = NULL;
    }
    *out = c;
    return rc;
}

int ps_db_copy_row(ps_db_copy *c, const ps_db_val *vals, ps_error *err)
{
    if (c->cp)
        return c->db->be->copy_row(c->cp, vals, c->ncols, err);
    return ps_db_run(c->insert, vals, c->ncols, err);
}

int ps_db_copy_end(ps_db_copy *c, ps_error *err)
{
    int rc = c->cp ? c->db->be->copy_end(c->cp, err) : PS_OK;
    ps_db_finalize(c->insert);
    free(c);
    return rc;
}

void ps_db_copy_abort(ps_db_copy *c)
{
    if (!c)
        return;
    if (c->cp)
        c->db->be->copy_abort(c->cp);
    ps_db_finalize(c->insert);
    free(c);
}
