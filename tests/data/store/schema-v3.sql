-- The results store's schema at version 3, exactly as perfscribe created it before version 4
-- (the statements of model/store/schema.c versions 1, 2 and 3 at commit 4be3962, copied):
-- tests/cli/store_migrate.sh builds a version 3 database from it, on SQLite and PostgreSQL, and
-- checks that perfscribe upgrades it in place. Never edit: it is the old schema.
CREATE TABLE IF NOT EXISTS ps_schema (version BIGINT NOT NULL);
CREATE TABLE ps_run (id BIGINT PRIMARY KEY, label TEXT NOT NULL UNIQUE, digest TEXT NOT NULL UNIQUE, stored_at TEXT NOT NULL, version TEXT NOT NULL, profile TEXT, lenient BIGINT NOT NULL, thresholds TEXT);
CREATE TABLE ps_tag (run_id BIGINT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (run_id, key));
CREATE TABLE ps_file (run_id BIGINT NOT NULL, seq BIGINT NOT NULL, name TEXT NOT NULL, size BIGINT NOT NULL, sha256 TEXT NOT NULL, PRIMARY KEY (run_id, seq));
CREATE TABLE ps_server (run_id BIGINT NOT NULL, idx BIGINT NOT NULL, machine TEXT, test_type TEXT NOT NULL, jetstress_version TEXT, window_start BIGINT, window_end BIGINT, window_samples BIGINT NOT NULL, local_minus_utc BIGINT, verdict TEXT NOT NULL, verdict_profile TEXT, verdict_source TEXT NOT NULL, has_report BIGINT NOT NULL, has_config BIGINT NOT NULL, PRIMARY KEY (run_id, idx));
CREATE TABLE ps_reason (run_id BIGINT NOT NULL, server_idx BIGINT NOT NULL, seq BIGINT NOT NULL, text TEXT NOT NULL, PRIMARY KEY (run_id, server_idx, seq));
CREATE TABLE ps_threshold (run_id BIGINT NOT NULL, server_idx BIGINT NOT NULL, set_name TEXT NOT NULL, avg_db_read_ms DOUBLE PRECISION, max_db_read_ms DOUBLE PRECISION, avg_log_write_ms DOUBLE PRECISION, max_log_write_ms DOUBLE PRECISION, PRIMARY KEY (run_id, server_idx, set_name));
CREATE TABLE ps_log_file (run_id BIGINT NOT NULL, server_idx BIGINT NOT NULL, seq BIGINT NOT NULL, path TEXT NOT NULL, PRIMARY KEY (run_id, server_idx, seq));
CREATE TABLE ps_instance (run_id BIGINT NOT NULL, server_idx BIGINT NOT NULL, idx BIGINT NOT NULL, name TEXT NOT NULL, log_path TEXT, db_path TEXT, samples BIGINT NOT NULL, has_computed BIGINT NOT NULL, has_reported BIGINT NOT NULL, PRIMARY KEY (run_id, server_idx, idx));
CREATE TABLE ps_figure (run_id BIGINT NOT NULL, server_idx BIGINT NOT NULL, instance_idx BIGINT NOT NULL, source TEXT NOT NULL, key TEXT NOT NULL, value DOUBLE PRECISION, PRIMARY KEY (run_id, server_idx, instance_idx, source, key));
CREATE TABLE ps_host (run_id BIGINT NOT NULL, server_idx BIGINT NOT NULL, seq BIGINT NOT NULL, counter TEXT NOT NULL, avg DOUBLE PRECISION, min DOUBLE PRECISION, max DOUBLE PRECISION, PRIMARY KEY (run_id, server_idx, seq));
CREATE TABLE ps_text (run_id BIGINT NOT NULL, server_idx BIGINT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (run_id, server_idx, key));
CREATE TABLE ps_point (run_id BIGINT NOT NULL, server_idx BIGINT NOT NULL, instance_idx BIGINT NOT NULL, kind TEXT NOT NULL, seq BIGINT NOT NULL, t BIGINT NOT NULL, v DOUBLE PRECISION, PRIMARY KEY (run_id, server_idx, instance_idx, kind, seq));
INSERT INTO ps_schema (version) VALUES (1);
CREATE TABLE IF NOT EXISTS DisplayToID (GUID VARCHAR(38) NOT NULL PRIMARY KEY, RunID BIGINT, DisplayString VARCHAR(1024) NOT NULL, LogStartTime VARCHAR(24), LogStopTime VARCHAR(24), NumberOfRecords BIGINT, MinutesToUTC BIGINT, TimeZoneName VARCHAR(32));
CREATE TABLE IF NOT EXISTS CounterDetails (CounterID BIGINT NOT NULL PRIMARY KEY, MachineName VARCHAR(1024) NOT NULL, ObjectName VARCHAR(1024) NOT NULL, CounterName VARCHAR(1024) NOT NULL, CounterType BIGINT, DefaultScale BIGINT, InstanceName VARCHAR(1024), InstanceIndex BIGINT, ParentName VARCHAR(1024), ParentObjectID BIGINT, TimeBaseA BIGINT, TimeBaseB BIGINT);
CREATE TABLE IF NOT EXISTS CounterData (GUID VARCHAR(38) NOT NULL, CounterID BIGINT NOT NULL, RecordIndex BIGINT NOT NULL, CounterDateTime VARCHAR(24) NOT NULL, CounterValue DOUBLE PRECISION NOT NULL, FirstValueA BIGINT, FirstValueB BIGINT, SecondValueA BIGINT, SecondValueB BIGINT, MultiCount BIGINT, PRIMARY KEY (GUID, CounterID, RecordIndex));
CREATE INDEX ps_tag_key_value ON ps_tag (key, value);
INSERT INTO ps_schema (version) VALUES (2);
ALTER TABLE ps_server ADD COLUMN verdict_disagree BIGINT NOT NULL DEFAULT 0;
INSERT INTO ps_schema (version) VALUES (3);
