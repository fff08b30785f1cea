/* schema.c - the store's schema version and its forward migrations. Version n is reached from
 * n - 1 by the statements of migrations[n - 1], in one transaction with the version bump, so a
 * database is always at one whole version. Types are the portable subset both SQLite and
 * PostgreSQL read the same way: BIGINT, DOUBLE PRECISION, TEXT, VARCHAR(n). */
#include "db_internal.h"

#include <string.h>

static const char *const v1[] = {
    "CREATE TABLE ps_run (id BIGINT PRIMARY KEY, label TEXT NOT NULL UNIQUE, digest TEXT NOT NULL UNIQUE,"
    " stored_at TEXT NOT NULL, version TEXT NOT NULL, profile TEXT, lenient BIGINT NOT NULL, thresholds TEXT)",
    "CREATE TABLE ps_tag (run_id BIGINT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,"
    " PRIMARY KEY (run_id, key))",
    "CREATE TABLE ps_file (run_id BIGINT NOT NULL, seq BIGINT NOT NULL, name TEXT NOT NULL,"
    " size BIGINT NOT NULL, sha256 TEXT NOT NULL, PRIMARY KEY (run_id, seq))",
    "CREATE TABLE ps_server (run_id BIGINT NOT NULL, idx BIGINT NOT NULL, machine TEXT, test_type TEXT NOT NULL,"
    " jetstress_version TEXT, window_start BIGINT, window_end BIGINT, window_samples BIGINT NOT NULL,"
    " local_minus_utc BIGINT, verdict TEXT NOT NULL, verdict_profile TEXT, verdict_source TEXT NOT NULL,"
    " has_report BIGINT NOT NULL, has_config BIGINT NOT NULL, PRIMARY KEY (run_id, idx))",
    "CREATE TABLE ps_reason (run_id BIGINT NOT NULL, server_idx BIGINT NOT NULL, seq BIGINT NOT NULL,"
    " text TEXT NOT NULL, PRIMARY KEY (run_id, server_idx, seq))",
    "CREATE TABLE ps_threshold (run_id BIGINT NOT NULL, server_idx BIGINT NOT NULL, set_name TEXT NOT NULL,"
    " avg_db_read_ms DOUBLE PRECISION, max_db_read_ms DOUBLE PRECISION, avg_log_write_ms DOUBLE PRECISION,"
    " max_log_write_ms DOUBLE PRECISION, PRIMARY KEY (run_id, server_idx, set_name))",
    "CREATE TABLE ps_log_file (run_id BIGINT NOT NULL, server_idx BIGINT NOT NULL, seq BIGINT NOT NULL,"
    " path TEXT NOT NULL, PRIMARY KEY (run_id, server_idx, seq))",
    "CREATE TABLE ps_instance (run_id BIGINT NOT NULL, server_idx BIGINT NOT NULL, idx BIGINT NOT NULL,"
    " name TEXT NOT NULL, log_path TEXT, db_path TEXT, samples BIGINT NOT NULL, has_computed BIGINT NOT NULL,"
    " has_reported BIGINT NOT NULL, PRIMARY KEY (run_id, server_idx, idx))",
    "CREATE TABLE ps_figure (run_id BIGINT NOT NULL, server_idx BIGINT NOT NULL, instance_idx BIGINT NOT NULL,"
    " source TEXT NOT NULL, key TEXT NOT NULL, value DOUBLE PRECISION,"
    " PRIMARY KEY (run_id, server_idx, instance_idx, source, key))",
    "CREATE TABLE ps_host (run_id BIGINT NOT NULL, server_idx BIGINT NOT NULL, seq BIGINT NOT NULL,"
    " counter TEXT NOT NULL, avg DOUBLE PRECISION, min DOUBLE PRECISION, max DOUBLE PRECISION,"
    " PRIMARY KEY (run_id, server_idx, seq))",
    "CREATE TABLE ps_text (run_id BIGINT NOT NULL, server_idx BIGINT NOT NULL, key TEXT NOT NULL,"
    " value TEXT NOT NULL, PRIMARY KEY (run_id, server_idx, key))",
    "CREATE TABLE ps_point (run_id BIGINT NOT NULL, server_idx BIGINT NOT NULL, instance_idx BIGINT NOT NULL,"
    " kind TEXT NOT NULL, seq BIGINT NOT NULL, t BIGINT NOT NULL, v DOUBLE PRECISION,"
    " PRIMARY KEY (run_id, server_idx, instance_idx, kind, seq))",
    NULL};

/* relog -f SQL's tables (IF NOT EXISTS: a database relog filled keeps its tables). */
static const char *const v2[] = {
    "CREATE TABLE IF NOT EXISTS DisplayToID (GUID VARCHAR(38) NOT NULL PRIMARY KEY, RunID BIGINT,"
    " DisplayString VARCHAR(1024) NOT NULL, LogStartTime VARCHAR(24), LogStopTime VARCHAR(24),"
    " NumberOfRecords BIGINT, MinutesToUTC BIGINT, TimeZoneName VARCHAR(32))",
    "CREATE TABLE IF NOT EXISTS CounterDetails (CounterID BIGINT NOT NULL PRIMARY KEY,"
    " MachineName VARCHAR(1024) NOT NULL, ObjectName VARCHAR(1024) NOT NULL, CounterName VARCHAR(1024) NOT NULL,"
    " CounterType BIGINT, DefaultScale BIGINT, InstanceName VARCHAR(1024), InstanceIndex BIGINT,"
    " ParentName VARCHAR(1024), ParentObjectID BIGINT, TimeBaseA BIGINT, TimeBaseB BIGINT)",
    "CREATE TABLE IF NOT EXISTS CounterData (GUID VARCHAR(38) NOT NULL, CounterID BIGINT NOT NULL,"
    " RecordIndex BIGINT NOT NULL, CounterDateTime VARCHAR(24) NOT NULL, CounterValue DOUBLE PRECISION NOT NULL,"
    " FirstValueA BIGINT, FirstValueB BIGINT, SecondValueA BIGINT, SecondValueB BIGINT, MultiCount BIGINT,"
    " PRIMARY KEY (GUID, CounterID, RecordIndex))",
    "CREATE INDEX ps_tag_key_value ON ps_tag (key, value)", NULL};

/* Whether the printed and recomputed verdicts disagreed (a stored run's document says so). */
static const char *const v3[] = {"ALTER TABLE ps_server ADD COLUMN verdict_disagree BIGINT NOT NULL DEFAULT 0", NULL};

/* What a report's appendix shows besides the figures: the backup / soft recovery statistics
 * rows and the test log's events (ps_js_recovery_row, ps_js_event), so that a stored run's
 * document is the raw run's. Runs stored before have no rows here (their document has neither). */
static const char *const v4[] = {
    "CREATE TABLE ps_recovery (run_id BIGINT NOT NULL, server_idx BIGINT NOT NULL, seq BIGINT NOT NULL,"
    " label TEXT, is_summary BIGINT NOT NULL, db_size_mb DOUBLE PRECISION, elapsed_s DOUBLE PRECISION,"
    " mb_per_sec DOUBLE PRECISION, logs_replayed DOUBLE PRECISION, sec_per_log DOUBLE PRECISION,"
    " PRIMARY KEY (run_id, server_idx, seq))",
    "CREATE TABLE ps_event (run_id BIGINT NOT NULL, server_idx BIGINT NOT NULL, seq BIGINT NOT NULL,"
    " kind BIGINT NOT NULL, at BIGINT, line BIGINT NOT NULL, who TEXT, what TEXT, v0 DOUBLE PRECISION,"
    " v1 DOUBLE PRECISION, v2 DOUBLE PRECISION, v3 DOUBLE PRECISION, v4 DOUBLE PRECISION,"
    " v5 DOUBLE PRECISION, final_block BIGINT NOT NULL, text TEXT, line_id BIGINT NOT NULL,"
    " PRIMARY KEY (run_id, server_idx, seq))",
    NULL};

/* Bulk loads of relog's tables: CounterData's key as a separate unique index, which a big load
 * drops and builds again afterwards (ps_relog_sql_bulk_begin), instead of the primary key of
 * the table (rows are copied over once); and the progress of a log set whose load is under way
 * (the records committed), so that a load that was stopped resumes after them. */
static const char *const v5[] = {
    "CREATE TABLE ps_counterdata_v5 (GUID VARCHAR(38) NOT NULL, CounterID BIGINT NOT NULL,"
    " RecordIndex BIGINT NOT NULL, CounterDateTime VARCHAR(24) NOT NULL, CounterValue DOUBLE PRECISION NOT NULL,"
    " FirstValueA BIGINT, FirstValueB BIGINT, SecondValueA BIGINT, SecondValueB BIGINT, MultiCount BIGINT)",
    "INSERT INTO ps_counterdata_v5 SELECT GUID, CounterID, RecordIndex, CounterDateTime, CounterValue, FirstValueA,"
    " FirstValueB, SecondValueA, SecondValueB, MultiCount FROM CounterData",
    "DROP TABLE CounterData",
    "ALTER TABLE ps_counterdata_v5 RENAME TO CounterData",
    PS_RELOG_SQL_KEY_INDEX,
    "CREATE TABLE ps_relog_load (GUID VARCHAR(38) NOT NULL PRIMARY KEY, records BIGINT NOT NULL)",
    NULL};

static const char *const *const migrations[PS_STORE_SCHEMA_VERSION] = {v1, v2, v3, v4, v5};

int ps_store_schema_version(ps_db *db, int64_t *out, ps_error *err)
{
    return ps_db_query_int(db, "SELECT MAX(version) FROM ps_schema", NULL, 0, out, err);
}

/* The recorded version in *have (0: no row yet), or PS_EINPUT when a row is not a version
 * this perfscribe knows (a store edited by hand, or written by a newer perfscribe). */
static int valid_version(ps_db *db, int64_t *have, ps_error *err)
{
    int64_t rows = 0, low = 0;
    int rc = ps_db_query_int(db, "SELECT COUNT(*) FROM ps_schema", NULL, 0, &rows, err);
    if (!rc)
        rc = ps_db_query_int(db, "SELECT MIN(version) FROM ps_schema", NULL, 0, &low, err);
    if (!rc)
        rc = ps_store_schema_version(db, have, err);
    if (rc || rows == 0)
        return rc;
    if (*have > PS_STORE_SCHEMA_VERSION)
        return ps_error_set(err, PS_EINPUT, ps_db_name(db), 0, 0,
                            "the database has schema version %lld; this perfscribe knows up to %d", (long long)*have,
                            PS_STORE_SCHEMA_VERSION);
    if (low < 1 || *have < 1)
        return ps_error_set(err, PS_EINPUT, ps_db_name(db), 0, 0,
                            "the database has schema version %lld, not one of 1..%d (ps_schema edited by hand?)",
                            (long long)(low < 1 ? low : *have), PS_STORE_SCHEMA_VERSION);
    return PS_OK;
}

int ps_store_check_version(ps_db *db, int64_t *have, ps_error *err)
{
    *have = 0;
    ps_error probe = {0};
    if (ps_store_schema_version(db, have, &probe) != PS_OK) {
        if (probe.code == PS_EINPUT) { /* not a database at all */
            *err = probe;
            return PS_EINPUT;
        }
        return ps_error_set(err, PS_EINPUT, ps_db_name(db), 0, 0, "not a perfscribe results store (%s)", probe.msg);
    }
    int rc = valid_version(db, have, err);
    if (!rc && *have == 0)
        rc = ps_error_set(err, PS_EINPUT, ps_db_name(db), 0, 0, "not a perfscribe results store (no schema version)");
    return rc;
}

int ps_store_migrate(ps_db *db, int to, ps_error *err)
{
    if (to < 1 || to > PS_STORE_SCHEMA_VERSION)
        return ps_error_set(err, PS_EUSAGE, ps_db_name(db), 0, 0, "no schema version %d", to);
    int rc = ps_db_begin(db, 1, err);
    if (rc)
        return rc;
    int64_t have = 0;
    rc = ps_db_exec(db, "CREATE TABLE IF NOT EXISTS ps_schema (version BIGINT NOT NULL)", err);
    if (!rc)
        rc = valid_version(db, &have, err);
    for (int64_t v = have; !rc && v < to; v++) {
        for (const char *const *sql = migrations[v]; *sql && !rc; sql++)
            rc = ps_db_exec(db, *sql, err);
        if (!rc) {
            ps_db_val ver = ps_db_int(v + 1);
            ps_db_stmt *st = NULL;
            rc = ps_db_prepare(db, "INSERT INTO ps_schema (version) VALUES (?)", &st, err);
            if (!rc)
                rc = ps_db_run(st, &ver, 1, err);
            ps_db_finalize(st);
        }
    }
    if (rc) {
        ps_db_rollback(db);
        return rc;
    }
    return ps_db_commit(db, err);
}
