/* store_internal.h - private to store/: the tables that map model fields to stored keys
 * (one table used to write and to read, so both directions always agree). */
#ifndef PS_STORE_INTERNAL_H
#define PS_STORE_INTERNAL_H

#include "ps_store.h"

#include <stddef.h>

/* A field of a struct stored as one ps_figure row (a double, or by the tables below an int or a
 * ps_time), or as one ps_text row (a char * field). */
typedef struct ps_store_field {
    const char *key;
    size_t off;
} ps_store_field;

/* Figure sources (ps_figure.source). */
#define PS_SRC_RECOMPUTED "recomputed"
#define PS_SRC_REPORTED "reported"
#define PS_SRC_WEIGHTED "io_weighted"
#define PS_SRC_SUMMARY "summary"
#define PS_SRC_CONFIG "config"
#define PS_SRC_REPORT "report"
/* server_idx of the aggregate, instance_idx of a server-level row */
#define PS_STORE_AGGREGATE (-1)
#define PS_STORE_SERVER (-1)
/* Series kinds (ps_point.kind). */
#define PS_KIND_IOPS "iops"
#define PS_KIND_READ_LAT "read_lat"

extern const ps_store_field ps_store_summary_fields[]; /* ps_js_summary, NULL-key terminated */
extern const ps_store_field ps_store_config_fields[]; /* ps_js_config doubles */
extern const ps_store_field ps_store_report_fields[]; /* ps_js_report doubles */
extern const ps_store_field ps_store_report_texts[]; /* ps_js_report char * fields */
extern const ps_store_field ps_store_config_texts[]; /* ps_js_config char * fields */
extern const ps_store_field ps_store_report_ints[]; /* ps_js_report int fields (-1: unknown) */
extern const ps_store_field ps_store_report_times[]; /* ps_js_report ps_time fields (NaN: PS_TIME_NONE) */

/* Number of figure keys of one instance (ps_js_figures): 12 transactional, 2 maintenance,
 * 2 replication, 12 total. */
#define PS_STORE_NFIG (2 * PS_IO12_N + 4)
/* Key k (0..PS_STORE_NFIG-1) of the instance figures, e.g. "transactional.db_read_latency_ms";
 * *slot receives the field of f it names. */
const char *ps_store_fig_key(int k, char *buf, size_t n);
double *ps_store_fig_slot(ps_js_figures *f, int k);

/* Latency columns of the IOPS-weighted means (io12 indices). */
extern const int ps_store_weighted_cols[PS_IO12_NLAT];

/* Verdict words stored (ps_server.verdict). */
const char *ps_store_verdict_word(enum ps_verdict_result r);
enum ps_verdict_result ps_store_verdict_parse(const char *s);

/* Shared by store_load.c and store_run.c. */
#define PS_STORE_RUN_COLS "SELECT id, label, digest, stored_at, version, profile, lenient, thresholds FROM ps_run"
/* Prepare and run sql; the caller reads rows and finalizes *st (also on error). */
int ps_store_query(ps_db *db, const char *sql, const ps_db_val *v, size_t n, ps_db_stmt **st, ps_error *err);
/* Copy of text column i (NULL stays NULL). */
char *ps_store_dup_col(ps_db_stmt *st, int i);
/* Fill m's scalar fields from a PS_STORE_RUN_COLS row. */
void ps_store_meta_from_row(ps_db_stmt *st, ps_store_meta *m);
/* Tags (sorted by key) and files (in stored order) of run id into m. */
int ps_store_meta_rows(ps_db *db, int64_t id, ps_store_meta *m, ps_error *err);

/* Schema version 4 (store_testlog.c): the backup / soft recovery statistics rows and the test
 * log's events of report r of server `server` of run `run`, written inside the caller's
 * transaction; and read back into the reports of a rebuilt run (servers without a report keep
 * none). PS_EIO on a database error. */
int ps_store_put_testlog(ps_db *db, int64_t run, long server, const ps_js_report *r, ps_error *err);
int ps_store_load_testlog(ps_db *db, int64_t id, ps_js_run *run, ps_error *err);

#endif
