/* db_internal.h - private to store/: the backend table behind ps_db. */
#ifndef PS_DB_INTERNAL_H
#define PS_DB_INTERNAL_H

#include "ps_store.h"

/* One database backend. conn/stmt/copy are the backend's own objects. Every function that can
 * fail fills err (file = the database name) and returns a PS_* status. */
typedef struct ps_db_backend {
    const char *kind; /* "sqlite", "postgresql" */
    const char *const *schemes; /* URL prefixes that choose it, NULL-terminated */
    /* the URL for messages, without a password (heap string); NULL = the URL as given */
    char *(*display)(const char *url);
    /* how (PS_DB_OPEN_*): CREATE makes the database when missing (else a missing one is an
     * error); BULK sets the connection up for a bulk load (bulk_off below). *state gets
     * PS_DB_CREATED when this open made it, PS_DB_READ_ONLY when it could open it for reading
     * only (a read-only file). */
    int (*open)(const char *url, const char *name, int how, void **conn, int *state, ps_error *err);
    /* remove the database this process created (url as given to open); NULL = never created */
    void (*discard)(const char *url);
    void (*close)(void *conn);
    int (*exec)(void *conn, const char *name, const char *sql, ps_error *err);
    const char *begin_write; /* SQL that opens a write transaction */
    const char *lock_write; /* SQL run right after it (NULL = none) */
    int (*prepare)(void *conn, const char *name, const char *sql, void **stmt, ps_error *err);
    int (*run)(void *stmt, const ps_db_val *vals, size_t n, ps_error *err);
    int (*next)(void *stmt);
    int (*col_null)(void *stmt, int i);
    int64_t (*col_int)(void *stmt, int i);
    double (*col_real)(void *stmt, int i);
    const char *(*col_text)(void *stmt, int i);
    void (*finalize)(void *stmt);
    /* bulk load; NULL = prepared INSERT per row (the generic form in db.c) */
    int (*copy_begin)(void *conn, const char *name, const char *table, const char *const *cols, size_t ncols, void **cp,
                      ps_error *err);
    int (*copy_row)(void *cp, const ps_db_val *vals, size_t n, ps_error *err);
    int (*copy_end)(void *cp, ps_error *err);
    void (*copy_abort)(void *cp);
    /* SQL that ends a bulk load on a connection opened with PS_DB_OPEN_BULK (NULL = nothing) */
    const char *bulk_off;
} ps_db_backend;

enum { PS_DB_CREATED = 1, PS_DB_READ_ONLY = 2 };
enum { PS_DB_OPEN_CREATE = 1, PS_DB_OPEN_BULK = 2 };

extern const ps_db_backend ps_db_sqlite_backend;
extern const ps_db_backend ps_db_pg_backend;

/* CounterData's unique key (schema version 5; built again after a bulk load, relog_sql.c). */
#define PS_RELOG_SQL_KEY_INDEX \
    "CREATE UNIQUE INDEX IF NOT EXISTS CounterData_key ON CounterData (GUID, CounterID, RecordIndex)"

/* Text of a REAL for a text protocol: "%.17g" (exact round trip); NaN is never passed here. */
void ps_db_real_text(char out[32], double v);

#endif
