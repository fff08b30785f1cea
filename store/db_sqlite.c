/* db_sqlite.c - the SQLite backend of ps_db (libsqlite3): a file in WAL mode with a busy
 * timeout, so several writers queue on the write lock instead of failing. */
#include "db_internal.h"
#include "ps_io.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SQLITE_BUSY_MS 30000
#define SETUP_RETRY_MS 20 /* between two tries of the setup while the file is locked */
/* A store is written through a write-ahead log (readers go on while a writer commits). A bulk
 * load (ps_db_open_bulk) uses a rollback journal instead: its rows and the key index built after
 * them are appended to the file once, where WAL writes every page twice (log, then checkpoint)
 * and a 40 M-row load's log grows past a gigabyte; the backend's bulk_off puts WAL back. */
#define SETUP_WRITE "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA cache_size=-32768"
#define SETUP_BULK "PRAGMA journal_mode=DELETE; PRAGMA synchronous=NORMAL; PRAGMA cache_size=-32768"

typedef struct lite_stmt {
    sqlite3_stmt *st;
    const char *name;
    int row; /* a row is loaded (ps_db_run stepped once) */
    int first; /* the loaded row has not been handed out yet */
} lite_stmt;

/* A file that is no SQLite database, or a damaged one, is bad input; anything else an I/O error. */
static int code_of(sqlite3 *db)
{
    int e = db ? sqlite3_errcode(db) & 0xff : SQLITE_NOMEM;
    return e == SQLITE_NOTADB || e == SQLITE_CORRUPT ? PS_EINPUT : PS_EIO;
}

static int fail(ps_error *err, const char *name, sqlite3 *db, const char *what)
{
    return ps_error_set(err, code_of(db), name, 0, 0, "%s: %s", what, db ? sqlite3_errmsg(db) : "out of memory");
}

/* Make a missing database file as every output is made: mode 0666 less the umask (SQLite's own
 * default is 0644 whatever the umask). *made = 1 when this call created it. PS_EIO on error. */
static int make_file(const char *path, const char *name, int *made, ps_error *err)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) {
        close(fd);
        *made = 1;
        return PS_OK;
    }
    if (errno == EEXIST)
        return PS_OK;
    return ps_error_set(err, PS_EIO, name, 0, 0, "cannot open the database: %s", strerror(errno));
}

static void lite_discard(const char *url)
{
    const char *path = url + strlen("sqlite:");
    static const char *const extra[] = {"", "-wal", "-shm", "-journal"};
    for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++) {
        ps_buf b = {0};
        ps_buf_printf(&b, "%s%s", path, extra[i]);
        unlink(b.data);
        ps_buf_fini(&b);
    }
}

/* A read-only file without a -wal file (every store perfscribe closed cleanly): a
 * "file:PATH?immutable=1" URI, because a WAL-mode database opened read-only otherwise needs a
 * -shm file it may not create (a folder the reader cannot write). NULL when a -wal file exists
 * (its pages must be read: the plain read-only open). Heap string. */
static char *immutable_uri(const char *path)
{
    ps_buf b = {0};
    ps_buf_printf(&b, "%s-wal", path);
    int has_wal = access(b.data, F_OK) == 0;
    ps_buf_fini(&b);
    if (has_wal)
        return NULL;
    ps_buf_puts(&b, "file:");
    for (const char *p = path; *p; p++)
        if (*p == '?' || *p == '#' || *p == '%')
            ps_buf_printf(&b, "%%%02X", (unsigned char)*p);
        else
            ps_buf_putc(&b, *p);
    ps_buf_puts(&b, "?immutable=1");
    return ps_buf_steal(&b);
}

/* The connection's setup, retried while another connection holds a lock (up to SQLITE_BUSY_MS).
 * Leaving WAL for a bulk load needs the file to itself, and SQLite does not call the busy
 * handler for that: a reader opening the store at that moment made the load fail at once. */
static int setup_exec(sqlite3 *db, const char *setup, char **msg)
{
    int rc, waited = 0;
    while ((rc = sqlite3_exec(db, setup, NULL, NULL, msg)) == SQLITE_BUSY && waited < SQLITE_BUSY_MS) {
        sqlite3_free(*msg);
        *msg = NULL;
        sqlite3_sleep(SETUP_RETRY_MS);
        waited += SETUP_RETRY_MS;
    }
    return rc;
}

static int lite_open(const char *url, const char *name, int how, void **conn, int *state, ps_error *err)
{
    const char *path = url + strlen("sqlite:");
    *state = 0;
    if (!*path)
        return ps_error_set(err, PS_EUSAGE, name, 0, 0, "sqlite: needs a file name (sqlite:PATH)");
    /* NOMUTEX: a connection is used by one thread at a time (convert --jobs: one each) */
    int made = 0, flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX;
    struct stat st;
    if (how & PS_DB_OPEN_CREATE) {
        int rc = make_file(path, name, &made, err);
        if (rc)
            return rc;
    } else if (stat(path, &st) != 0) {
        return ps_error_set(err, PS_EIO, name, 0, 0, "cannot open the database: %s", strerror(errno));
    } else if (access(path, W_OK) != 0) {
        flags = SQLITE_OPEN_READONLY; /* a read-only store is still readable */
        *state |= PS_DB_READ_ONLY;
    }
    if (made)
        *state |= PS_DB_CREATED;
    sqlite3 *db = NULL;
    char *uri = flags == SQLITE_OPEN_READONLY ? immutable_uri(path) : NULL;
    int opened =
        uri ? sqlite3_open_v2(uri, &db, flags | SQLITE_OPEN_URI, NULL) : sqlite3_open_v2(path, &db, flags, NULL);
    free(uri);
    if (opened != SQLITE_OK) {
        int rc = fail(err, name, db, "cannot open the database");
        sqlite3_close(db);
        if (made)
            lite_discard(url);
        return rc;
    }
    ps_input_note(path); /* the store is an input: never replaced by an output (-o) */
    sqlite3_busy_timeout(db, SQLITE_BUSY_MS);
    char *msg = NULL;
    const char *setup = flags == SQLITE_OPEN_READONLY ? "PRAGMA cache_size=-32768"
                        : how & PS_DB_OPEN_BULK       ? SETUP_BULK
                                                      : SETUP_WRITE;
    if (setup_exec(db, setup, &msg) != SQLITE_OK) {
        int rc = ps_error_set(err, code_of(db), name, 0, 0, "cannot open the database: %s", msg ? msg : "?");
        sqlite3_free(msg);
        sqlite3_close(db);
        if (made)
            lite_discard(url);
        return rc;
    }
    *conn = db;
    return PS_OK;
}

static void lite_close(void *conn)
{
    sqlite3_close(conn);
}

static int lite_exec(void *conn, const char *name, const char *sql, ps_error *err)
{
    char *msg = NULL;
    if (sqlite3_exec(conn, sql, NULL, NULL, &msg) == SQLITE_OK)
        return PS_OK;
    int rc = ps_error_set(err, PS_EIO, name, 0, 0, "%s", msg ? msg : sqlite3_errmsg(conn));
    sqlite3_free(msg);
    return rc;
}

static int lite_prepare(void *conn, const char *name, const char *sql, void **out, ps_error *err)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(conn, sql, -1, &st, NULL) != SQLITE_OK)
        return fail(err, name, conn, "cannot prepare a statement");
    lite_stmt *s = ps_xcalloc(1, sizeof *s);
    s->st = st;
    s->name = name;
    *out = s;
    return PS_OK;
}

static int lite_run(void *stmt, const ps_db_val *v, size_t n, ps_error *err)
{
    lite_stmt *s = stmt;
    sqlite3_reset(s->st);
    sqlite3_clear_bindings(s->st);
    s->row = s->first = 0;
    for (size_t i = 0; i < n; i++) {
        int k = (int)i + 1;
        switch (v[i].type) {
        case PS_DB_INT: sqlite3_bind_int64(s->st, k, v[i].i); break;
        case PS_DB_REAL: sqlite3_bind_double(s->st, k, v[i].d); break;
        case PS_DB_TEXT: sqlite3_bind_text(s->st, k, v[i].s, -1, SQLITE_STATIC); break;
        default: sqlite3_bind_null(s->st, k); break;
        }
    }
    int rc = sqlite3_step(s->st);
    if (rc == SQLITE_ROW) {
        s->row = s->first = 1;
        return PS_OK;
    }
    if (rc == SQLITE_DONE)
        return PS_OK;
    return fail(err, s->name, sqlite3_db_handle(s->st), "statement failed");
}

static int lite_next(void *stmt)
{
    lite_stmt *s = stmt;
    if (!s->row)
        return 0;
    if (s->first) {
        s->first = 0;
        return 1;
    }
    s->row = sqlite3_step(s->st) == SQLITE_ROW;
    return s->row;
}

static int lite_col_null(void *stmt, int i)
{
    return sqlite3_column_type(((lite_stmt *)stmt)->st, i) == SQLITE_NULL;
}
static int64_t lite_col_int(void *stmt, int i)
{
    return sqlite3_column_int64(((lite_stmt *)stmt)->st, i);
}

static double lite_col_real(void *stmt, int i)
{
    sqlite3_stmt *st = ((lite_stmt *)stmt)->st;
    return sqlite3_column_type(st, i) == SQLITE_NULL ? NAN : sqlite3_column_double(st, i);
}

static const char *lite_col_text(void *stmt, int i)
{
    return (const char *)sqlite3_column_text(((lite_stmt *)stmt)->st, i);
}

static void lite_finalize(void *stmt)
{
    lite_stmt *s = stmt;
    sqlite3_finalize(s->st);
    free(s);
}

static const char *const lite_schemes[] = {"sqlite:", NULL};

const ps_db_backend ps_db_sqlite_backend = {"sqlite",      lite_schemes,
                                            NULL,          lite_open,
                                            lite_discard,  lite_close,
                                            lite_exec,     "BEGIN IMMEDIATE",
                                            NULL,          lite_prepare,
                                            lite_run,      lite_next,
                                            lite_col_null, lite_col_int,
                                            lite_col_real, lite_col_text,
                                            lite_finalize, NULL,
                                            NULL,          NULL,
                                            NULL,          "PRAGMA journal_mode=WAL"};
