/* test_store_relog.c - store/relog_sql.c at scale: batches committed at sample boundaries, a
 * load stopped after its committed batches resumed without a value twice, a complete log set
 * skipped, GUIDs from the key (RFC 9562 version 8), the key index dropped before a bulk load and
 * built after. Every count below is worked out by hand from the rows fed. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ps_store.h"

static char path[64], url[80];
static ps_counter_path cols[2];
static const char *const header[] = {"\\\\H\\O\\A", "\\\\H\\O\\B"};
static ps_log_info info;

static void setup(void)
{
    snprintf(path, sizeof path, "/tmp/ps_relog_test_%d.db", (int)getpid());
    snprintf(url, sizeof url, "sqlite:%s", path);
    ps_error e;
    cr_assert_eq(ps_path_parse(header[0], &cols[0], &e), 0);
    cr_assert_eq(ps_path_parse(header[1], &cols[1], &e), 0);
    info = (ps_log_info){.path = "t.csv", .format = "csv", .ncounters = 2, .counters = cols, .header = header};
}

static void teardown(void)
{
    static const char *const ext[] = {"", "-wal", "-shm"};
    char p[96];
    for (size_t i = 0; i < 3; i++) {
        snprintf(p, sizeof p, "%s%s", path, ext[i]);
        unlink(p);
    }
}

static int64_t q(ps_db *db, const char *sql)
{
    int64_t v = -1;
    ps_error e;
    cr_assert_eq(ps_db_query_int(db, sql, NULL, 0, &v, &e), 0, "%s: %s", sql, e.msg);
    return v;
}

/* Record k (1-based) of the test log: both counters, except B is missing in record 3. */
static int feed(ps_relog_sql *r, int k, ps_error *e)
{
    double v[2] = {k * 1.5, k == 3 ? NAN : k * 10.0};
    ps_row row = {.local = 1000 * k, .utc = 1000 * k, .values = v, .nvalues = 2, .line = k + 1};
    return ps_relog_sql_row(r, &row, e);
}

TestSuite(store_relog, .init = setup, .fini = teardown);

Test(store_relog, stopped_load_resumes_without_duplicates)
{
    ps_db *db = NULL;
    ps_error e;
    cr_assert_eq(ps_db_open(url, &db, &e), 0, "%s", e.msg);
    ps_relog_sql_options opt = {"log-1", 3}; /* commit once 3 or more rows are in the batch */
    ps_relog_sql_state st;
    ps_relog_sql *r = NULL;
    cr_assert_eq(ps_relog_sql_begin(db, &info, "t.csv", &opt, &r, &st, &e), 0, "%s", e.msg);
    cr_assert(r && !st.complete && st.records_before == 0);
    cr_expect_eq(st.guid[14], '8', "version 8 GUID: %s", st.guid);
    /* records 1-2: 4 rows -> commit; 3: 1 row (B missing), 4: 2 rows -> 3 rows -> commit; 5: 2 rows */
    for (int k = 1; k <= 5; k++)
        cr_assert_eq(feed(r, k, &e), 0, "%s", e.msg);
    ps_relog_sql_abort(r); /* stopped: record 5's batch is lost, records 1-4 stay */
    cr_expect_eq(q(db, "SELECT COUNT(*) FROM CounterData"), 7);
    cr_expect_eq(q(db, "SELECT records FROM ps_relog_load"), 4);
    cr_expect_eq(q(db, "SELECT COUNT(*) FROM DisplayToID"), 0);
    /* again: records 1-4 counted and skipped, record 5 written */
    char guid[40];
    snprintf(guid, sizeof guid, "%s", st.guid);
    cr_assert_eq(ps_relog_sql_begin(db, &info, "t.csv", &opt, &r, &st, &e), 0, "%s", e.msg);
    cr_assert(r && !st.complete);
    cr_expect_eq(st.records_before, 4);
    cr_expect_str_eq(st.guid, guid);
    for (int k = 1; k <= 5; k++)
        cr_assert_eq(feed(r, k, &e), 0, "%s", e.msg);
    uint64_t rows = 0;
    cr_assert_eq(ps_relog_sql_end(r, &rows, &e), 0, "%s", e.msg);
    cr_expect_eq(rows, 2);
    cr_expect_eq(q(db, "SELECT COUNT(*) FROM CounterData"), 9);
    cr_expect_eq(q(db, "SELECT COUNT(DISTINCT CounterID * 100 + RecordIndex) FROM CounterData"), 9);
    cr_expect_eq(q(db, "SELECT NumberOfRecords FROM DisplayToID"), 5);
    cr_expect_eq(q(db, "SELECT COUNT(*) FROM ps_relog_load"), 0);
    /* record 5's values: 7.5 and 50 (sum 57.5, times 2 = 115) */
    cr_expect_eq(q(db, "SELECT CAST(SUM(CounterValue) * 2 AS INTEGER) FROM CounterData WHERE RecordIndex = 5"), 115);
    /* a third time: complete, nothing to do */
    cr_assert_eq(ps_relog_sql_begin(db, &info, "t.csv", &opt, &r, &st, &e), 0, "%s", e.msg);
    cr_expect(r == NULL && st.complete);
    /* another key: another log set */
    ps_relog_sql_options other = {"log-2", 0};
    cr_assert_eq(ps_relog_sql_begin(db, &info, "u.csv", &other, &r, &st, &e), 0, "%s", e.msg);
    cr_assert(r && !st.complete);
    cr_expect_str_neq(st.guid, guid);
    cr_assert_eq(feed(r, 1, &e), 0);
    cr_assert_eq(ps_relog_sql_end(r, &rows, &e), 0, "%s", e.msg);
    cr_expect_eq(q(db, "SELECT COUNT(*) FROM DisplayToID"), 2);
    cr_expect_eq(q(db, "SELECT COUNT(*) FROM CounterDetails"), 2); /* the counters shared */
    ps_db_close(db);
}

Test(store_relog, key_index_dropped_for_a_big_load_and_built_after)
{
    ps_db *db = NULL;
    ps_error e;
    cr_assert_eq(ps_db_open(url, &db, &e), 0, "%s", e.msg);
    const char *has_index = "SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name = 'CounterData_key'";
    cr_expect_eq(q(db, has_index), 1);
    int dropped = 0;
    cr_assert_eq(ps_relog_sql_bulk_begin(db, 100, &dropped, &e), 0, "%s", e.msg); /* empty table, 100 rows */
    cr_expect_eq(dropped, 1);
    cr_expect_eq(q(db, has_index), 0);
    ps_relog_sql_options opt = {"log-1", 0};
    ps_relog_sql_state st;
    ps_relog_sql *r = NULL;
    cr_assert_eq(ps_relog_sql_begin(db, &info, "t.csv", &opt, &r, &st, &e), 0, "%s", e.msg);
    for (int k = 1; k <= 5; k++)
        cr_assert_eq(feed(r, k, &e), 0);
    uint64_t rows;
    cr_assert_eq(ps_relog_sql_end(r, &rows, &e), 0, "%s", e.msg);
    cr_assert_eq(ps_relog_sql_bulk_end(db, &e), 0, "%s", e.msg);
    cr_expect_eq(q(db, has_index), 1);
    /* 9 rows now: a load of at most 9 more keeps the index */
    cr_assert_eq(ps_relog_sql_bulk_begin(db, 9, &dropped, &e), 0, "%s", e.msg);
    cr_expect_eq(dropped, 0);
    cr_expect_eq(q(db, has_index), 1);
    /* the index refuses a duplicate key */
    cr_expect_neq(ps_db_exec(db,
                             "INSERT INTO CounterData (GUID, CounterID, RecordIndex, CounterDateTime, CounterValue)"
                             " SELECT GUID, CounterID, RecordIndex, CounterDateTime, CounterValue FROM CounterData"
                             " LIMIT 1",
                             &e),
                  0);
    ps_db_close(db);
}
