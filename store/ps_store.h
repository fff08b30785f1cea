/* ps_store.h - the results store: a database of Jetstress runs (SQLite file or PostgreSQL
 * server) and relog's SQL tables for counter logs.
 *
 * Contents:
 *   1. databases: one interface, backends chosen from a table by the URL scheme
 *      ("sqlite:PATH", "postgresql://..." / "postgres://..."); statements with '?' parameters,
 *      every value bound, never spliced into SQL text; bulk loading
 *   2. schema version and forward migrations
 *   3. stored runs: add, list, load (the run rebuilt as a ps_js_run), remove (the records:
 *      model/runs/ps_runs.h; SHA-256 of the input files: io/ps_io.h)
 *   4. relog's SQL tables (DisplayToID, CounterDetails, CounterData)
 *
 * Library code: nothing is printed; errors come back as ps_error records (file = the database
 * URL with any password removed). Credentials of PostgreSQL come only from libpq's own
 * environment (PGHOST, PGUSER, PGPASSWORD, PGSERVICE, ~/.pgpass, pg_service.conf) or the URL.
 */
#ifndef PS_STORE_H
#define PS_STORE_H

#include "ps_model.h"
#include "ps_runs.h"

#include <stdint.h>

/* ===================================================================== 1. databases */

typedef struct ps_db ps_db; /* an open connection (opaque) */
typedef struct ps_db_stmt ps_db_stmt; /* a prepared statement (opaque) */

enum ps_db_type { PS_DB_NULL = 0, PS_DB_INT, PS_DB_REAL, PS_DB_TEXT };
/* One bound value. REAL NaN is stored as NULL. TEXT is borrowed for the call. */
typedef struct ps_db_val {
    enum ps_db_type type;
    int64_t i;
    double d;
    const char *s;
} ps_db_val;
ps_db_val ps_db_int(int64_t v);
ps_db_val ps_db_real(double v);
ps_db_val ps_db_text(const char *s); /* NULL s -> NULL value */

/* Open the database named by url: "sqlite:PATH" (created when missing with mode 0666 less the
 * umask, as every output; WAL journal, a 30 s busy timeout; the file is noted as an input,
 * ps_input_note, so no output of the process replaces it) or "postgresql://..."/"postgres://..." (libpq conninfo URI; "postgresql:" alone
 * takes everything from the libpq environment). The schema is migrated to the current version
 * (see section 2). PS_EUSAGE for an unknown scheme, PS_EINPUT for a file that is not an SQLite
 * database or is corrupt and for a schema version this perfscribe does not know (below 1, above
 * PS_STORE_SCHEMA_VERSION), PS_EIO when the database cannot be opened or migrated, or when libpq (loaded at the first PostgreSQL URL, ps_dl.h) is missing: "a
 * PostgreSQL results store needs libpq.so.N (Debian package ...): ...". *out owned by the caller (ps_db_close). */
int ps_db_open(const char *url, ps_db **out, ps_error *err);
/* ps_db_open for a bulk load (convert -f sql): an SQLite file is written with a rollback
 * journal instead of WAL while the load's connections are open (rows and indexes appended once,
 * not logged and copied again; readers of the file wait while a batch commits); a
 * PostgreSQL connection is the same as ps_db_open's (COPY is its bulk form). End the load with
 * ps_db_bulk_off on one connection after the others are closed. Errors as ps_db_open. */
int ps_db_open_bulk(const char *url, ps_db **out, ps_error *err);
/* Put an SQLite file opened by ps_db_open_bulk back to WAL (no other connection may be open;
 * if one is, SQLite keeps the rollback journal, which is still a valid store). PS_OK for a
 * connection not opened for a bulk load; PS_EIO on a database error. */
int ps_db_bulk_off(ps_db *db, ps_error *err);
/* The same, migrating only up to schema `version` (tests of the migrations). */
int ps_db_open_at(const char *url, int version, ps_db **out, ps_error *err);
/* Open for reading (list, show, trend --db, report --db): a missing SQLite file is an error
 * (PS_EIO "cannot open the database: ...", nothing created), a read-only file is opened
 * read-only; a store at an older schema version is migrated when writable, else PS_EIO says
 * so. A file that is not an SQLite database, a corrupt one, or one without a valid schema
 * version (no ps_schema table, a version below 1 or above PS_STORE_SCHEMA_VERSION) is
 * PS_EINPUT. *out owned by the caller (ps_db_close). */
int ps_db_open_read(const char *url, ps_db **out, ps_error *err);
/* Close db and, when its open created the database file (SQLite), remove that file and its
 * -wal/-shm/-journal: a first write that failed (a full disk, a bad input) leaves no empty
 * database behind. NULL allowed. */
void ps_db_close_discard(ps_db *db);
void ps_db_close(ps_db *db); /* NULL allowed; an open transaction is rolled back */
/* "sqlite" or "postgresql". */
const char *ps_db_kind(const ps_db *db);
/* The URL for messages: the password of a URL is replaced by "***". Owned by db. */
const char *ps_db_name(const ps_db *db);

/* Transactions. begin(write = 1) takes the database's write lock at once (SQLite BEGIN
 * IMMEDIATE, waiting up to the busy timeout; PostgreSQL a transaction-scoped advisory lock), so
 * concurrent writers queue instead of failing. PS_EIO on failure. */
int ps_db_begin(ps_db *db, int write, ps_error *err);
int ps_db_commit(ps_db *db, ps_error *err);
void ps_db_rollback(ps_db *db); /* never fails; nothing happens outside a transaction */

/* Run one statement without parameters (DDL). PS_EIO on failure. */
int ps_db_exec(ps_db *db, const char *sql, ps_error *err);
/* Prepare sql ('?' marks each parameter). *out owned by the caller (ps_db_finalize). */
int ps_db_prepare(ps_db *db, const char *sql, ps_db_stmt **out, ps_error *err);
/* Execute with n values bound in order; rows, if any, are then read with ps_db_next. A
 * statement may be run again (the previous rows are dropped). PS_EIO on failure (constraint
 * violations included). */
int ps_db_run(ps_db_stmt *st, const ps_db_val *vals, size_t n, ps_error *err);
/* Next result row: 1 = a row, 0 = no more. */
int ps_db_next(ps_db_stmt *st);
/* Column i of the current row. is_null: column is NULL (NaN for real, 0 for int, NULL text).
 * Text stays valid until the next ps_db_next/ps_db_run. Reals keep every bit (no text
 * rounding on either backend). */
int ps_db_col_null(ps_db_stmt *st, int i);
int64_t ps_db_col_int(ps_db_stmt *st, int i);
double ps_db_col_real(ps_db_stmt *st, int i);
const char *ps_db_col_text(ps_db_stmt *st, int i);
void ps_db_finalize(ps_db_stmt *st); /* NULL allowed */
/* One-shot: prepare, run with vals, read the first column of the first row as an integer into
 * *out (0 when there is no row or it is NULL). */
int ps_db_query_int(ps_db *db, const char *sql, const ps_db_val *vals, size_t n, int64_t *out, ps_error *err);

/* Bulk loading of one table inside the current transaction: SQLite a prepared INSERT run per
 * row, PostgreSQL COPY ... FROM STDIN in the binary format (no number printed or parsed: INT
 * values go as int8, so their columns are BIGINT, REAL as float8 (DOUBLE PRECISION), TEXT as
 * text). ps_db_copy_end sends the end of data and reports the server's verdict; the caller
 * commits. */
typedef struct ps_db_copy ps_db_copy;
int ps_db_copy_begin(ps_db *db, const char *table, const char *const *cols, size_t ncols, ps_db_copy **out,
                     ps_error *err);
int ps_db_copy_row(ps_db_copy *c, const ps_db_val *vals, ps_error *err); /* ncols values */
int ps_db_copy_end(ps_db_copy *c, ps_error *err); /* frees c */
void ps_db_copy_abort(ps_db_copy *c); /* frees c; NULL ok */

/* ===================================================================== 2. schema */

/* Current schema version; ps_db_open migrates older databases forward, one step at a time in
 * one transaction each, and refuses (PS_EINPUT) a database written by a newer perfscribe or
 * whose ps_schema holds a version below 1 (edited by hand). */
#define PS_STORE_SCHEMA_VERSION 5
/* Migrate db to version `to` (1..PS_STORE_SCHEMA_VERSION); used by ps_db_open and tests. */
int ps_store_migrate(ps_db *db, int to, ps_error *err);
/* Version recorded in the database (0 = empty database). */
int ps_store_schema_version(ps_db *db, int64_t *out, ps_error *err);
/* The version of a store opened for reading, without writing anything: PS_EINPUT when db is no
 * perfscribe store (no ps_schema table or no row, not an SQLite file) or its version is not one
 * of 1..PS_STORE_SCHEMA_VERSION. */
int ps_store_check_version(ps_db *db, int64_t *have, ps_error *err);

/* ===================================================================== 3. stored runs */

/* The records (ps_store_meta, ps_store_entry) are plain model data: runs/ps_runs.h. */

/* Hash every input file of run (reports, configs, counter logs) and the extra files (thresholds),
 * sort them by name, and fill m->files and m->digest (which also covers profile, lenient and
 * the thresholds name). PS_EIO when a file cannot be read. */
int ps_store_meta_files(ps_store_meta *m, const ps_js_run *run, const char *const *extra, size_t nextra, ps_error *err);

/* Options of ps_store_add. */
typedef struct ps_store_add_options {
    double hold_seconds; /* test hook: pause this long inside the transaction, halfway */
    /* the words stored for the verdict and qualification reasons (the store keeps sentences, in
     * English: the caller passes the catalogue's ps_js_reason_words_en / ps_js_qual_words_en);
     * NULL: reasons kept as text (PS_VR_TEXT) only, the others stored empty */
    ps_verdict_words_fn reason_words;
    ps_qual_words_fn qual_words;
} ps_store_add_options;
/* Store one judged run under m->label in one transaction: metadata, tags, files, per-server
 * verdicts (result, profile, source, reasons) and thresholds, per-instance figures (recomputed
 * and reported), host tables, per-server and aggregate figures, and the thinned chart series
 * (see ps_series_thin). Returns PS_OK with *added = 1, or *added = 0 when a run with the same
 * digest is stored already (*existing = its label, owned by the caller; nothing written).
 * PS_EUSAGE when the label holds other inputs; PS_EIO on a database error (rolled back). */
int ps_store_add(ps_db *db, const ps_store_meta *m, const ps_js_run *run, const ps_store_add_options *opt, int *added,
                 char **existing, ps_error *err);

/* Stored runs in label order, optionally only those whose tags hold every where[i] "key=value".
 * *out (n entries) owned by the caller: ps_store_list_free. */
int ps_store_list(ps_db *db, const char *const *where, size_t nwhere, ps_store_entry **out, size_t *n, ps_error *err);

/* Rebuild a stored run: servers, instances with their recomputed and reported figures, host
 * tables, summaries, aggregate, verdicts, the configuration and report facts stored, and the
 * thinned series. PS_EUSAGE when no run has that label. *run and *meta owned by the caller. */
int ps_store_load(ps_db *db, const char *label, ps_js_run **run, ps_store_meta *meta, ps_error *err);
/* Remove a run; *removed = 0 when the label is unknown. One transaction. */
int ps_store_remove(ps_db *db, const char *label, int *removed, ps_error *err);

/* Time slices of the stored chart series (ps_series_thin, model/stats). */
#define PS_STORE_SERIES_BUCKETS 480

/* ===================================================================== 4. relog's SQL tables */

/* relog -f SQL writes three tables; schema version 2 creates them when missing (portable types):
 *   DisplayToID    one row per log set: GUID, RunID, DisplayString, LogStartTime,
 *                  LogStopTime, NumberOfRecords, MinutesToUTC, TimeZoneName
 *   CounterDetails one row per counter: CounterID, MachineName, ObjectName, CounterName,
 *                  CounterType, DefaultScale, InstanceName, InstanceIndex, ParentName,
 *                  ParentObjectID, TimeBaseA, TimeBaseB
 *   CounterData    one row per present value: GUID, CounterID, RecordIndex, CounterDateTime,
 *                  CounterValue, FirstValueA, FirstValueB, SecondValueA, SecondValueB, MultiCount
 * See docs/readme/store.md for the meaning of every column. */
typedef struct ps_relog_sql ps_relog_sql;
/* Default of ps_relog_sql_options.batch_rows: CounterData rows per transaction. */
#define PS_RELOG_SQL_BATCH 250000
typedef struct ps_relog_sql_options {
    /* The log set's identity (e.g. the SHA-256 of the log and of the options that select its
     * rows, as hex): its GUID is derived from it, so loading the same log set again adds nothing
     * and an interrupted load resumes. NULL: a random GUID (neither resumable nor idempotent). */
    const char *key;
    uint64_t batch_rows; /* commit every this many CounterData rows, at a record boundary; 0 = default */
} ps_relog_sql_options;
/* What ps_relog_sql_begin found of the log set in the database. */
typedef struct ps_relog_sql_state {
    int complete; /* 1: the log set is stored whole already (nothing to do) */
    uint64_t records_before; /* records of an interrupted load already stored (they are skipped) */
    char guid[40]; /* the log set's GUID */
} ps_relog_sql_state;
/* Start a log set named display (its file name). Opens its own write transactions (the caller
 * holds none): registers (or reuses) a CounterDetails row for each column of info (committed at
 * once), looks the log set up by GUID, and opens the bulk load of CounterData. When the log set
 * is complete already (its DisplayToID row exists) *out is NULL and st->complete = 1. PS_EIO on
 * a database error. *out owned by the caller (ps_relog_sql_end or _abort). */
int ps_relog_sql_begin(ps_db *db, const ps_log_info *info, const char *display, const ps_relog_sql_options *opt,
                       ps_relog_sql **out, ps_relog_sql_state *st, ps_error *err);
/* Add one sample (row->values for info's columns; NaN values are left out, as relog does).
 * Records an interrupted load stored already are counted and skipped. Every opt->batch_rows
 * rows the transaction is committed at the end of a record (a kill loses at most one batch;
 * running the same load again resumes after the last committed record). */
int ps_relog_sql_row(ps_relog_sql *r, const ps_row *row, ps_error *err);
/* Finish the bulk load, write the DisplayToID row (start, stop, record count, zone: the log
 * set is complete) and commit. *rows = CounterData rows this call series wrote (skipped
 * records not counted). Frees r. */
int ps_relog_sql_end(ps_relog_sql *r, uint64_t *rows, ps_error *err);
/* Roll back the batch in progress (committed batches stay: the load can resume). Frees r; NULL ok. */
void ps_relog_sql_abort(ps_relog_sql *r);
/* Around a bulk load of about expect_rows CounterData rows (any number of log sets, any number
 * of connections): when the table holds fewer rows than that, begin drops its unique key index
 * (*dropped = 1), so rows go in without index upkeep; end builds the index again when it is
 * missing (after a load, and after a load that was stopped: call it also on failure). The
 * index is (GUID, CounterID, RecordIndex), relog's primary key. PS_EIO on a database error;
 * end fails with it when the rows hold a duplicate key. */
int ps_relog_sql_bulk_begin(ps_db *db, uint64_t expect_rows, int *dropped, ps_error *err);
int ps_relog_sql_bulk_end(ps_db *db, ps_error *err);

#endif
