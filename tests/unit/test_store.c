/* test_store.c - store/: SHA-256 against the FIPS 180 examples, series thinning,
 * schema migrations, and exact round trips of bound values on SQLite (and PostgreSQL when the
 * test server of tests/pg_server.sh is running: PS_PG_URL). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ps_store.h"
#include "ps_io.h"

static void hex_of(const char *s, size_t n, char out[65])
{
    ps_sha256 h;
    ps_sha256_init(&h);
    ps_sha256_update(&h, s, n);
    ps_sha256_final(&h, out);
}

Test(store_sha256, fips_examples)
{
    char hex[65];
    hex_of("", 0, hex);
    cr_expect_str_eq(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    hex_of("abc", 3, hex);
    cr_expect_str_eq(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    hex_of(two, strlen(two), hex);
    cr_expect_str_eq(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    /* one million 'a', fed in uneven pieces */
    ps_sha256 h;
    ps_sha256_init(&h);
    char a[997];
    memset(a, 'a', sizeof a);
    size_t left = 1000000;
    for (size_t k = 1; left; k = k % 997 + 1) {
        size_t n = k < left ? k : left;
        ps_sha256_update(&h, a, n);
        left -= n;
    }
    ps_sha256_final(&h, hex);
    cr_expect_str_eq(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

Test(store_sha256, file_digest_and_size)
{
    char path[] = "/tmp/ps_sha_XXXXXX", hex[65];
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    cr_assert_eq(write(fd, "abc", 3), 3);
    close(fd);
    uint64_t size = 0;
    cr_assert_eq(ps_sha256_file(path, hex, &size, NULL), PS_OK);
    cr_expect_eq(size, 3);
    cr_expect_str_eq(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    unlink(path);
    ps_error err;
    cr_expect_eq(ps_sha256_file(path, hex, &size, &err), PS_EIO);
}

Test(store_thin, min_and_max_per_slice)
{
    ps_series in = {0}, out = {0};
    /* 4800 samples a second apart: 480 slices of 10 samples; slice b holds v = b*10 .. b*10+9
     * shuffled so that the minimum comes after the maximum in odd slices */
    for (int k = 0; k < 4800; k++) {
        int b = k / 10, j = k % 10;
        double v = b % 2 ? b * 10 + (9 - j) : b * 10 + j;
        ps_series_push(&in, (ps_time)k * 1000, b == 7 ? NAN : v);
    }
    ps_series_thin(&in, 480, &out);
    /* slice 7 is only gaps: one NaN; every other slice: its min and max in time order */
    cr_assert_eq(out.n, 479 * 2 + 1);
    size_t i = 0;
    for (int b = 0; b < 480; b++) {
        if (b == 7) {
            cr_expect(isnan(out.v[i]));
            cr_expect_eq(out.t[i], 70 * 1000);
            i++;
            continue;
        }
        double lo = b * 10, hi = b * 10 + 9;
        cr_expect_eq(out.v[i], b % 2 ? hi : lo, "slice %d", b);
        cr_expect_eq(out.v[i + 1], b % 2 ? lo : hi, "slice %d", b);
        cr_expect_eq(out.t[i], (ps_time)(b * 10) * 1000);
        cr_expect_eq(out.t[i + 1], (ps_time)(b * 10 + 9) * 1000);
        i += 2;
    }
    /* a short series is copied */
    ps_series small = {0};
    for (int k = 0; k < 960; k++)
        ps_series_push(&small, k, k * 0.5);
    ps_series_thin(&small, 480, &out);
    cr_expect_eq(out.n, 960);
    cr_expect_eq(out.v[959], 479.5);
    ps_series_fini(&in);
    ps_series_fini(&out);
    ps_series_fini(&small);
}

static char *tmp_db(char *buf, size_t n)
{
    char path[] = "/tmp/ps_store_XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    close(fd);
    unlink(path);
    snprintf(buf, n, "sqlite:%s", path);
    return buf;
}

static void rm_db(const char *url)
{
    char p[256];
    const char *suffix[] = {"", "-wal", "-shm"};
    for (int i = 0; i < 3; i++) {
        snprintf(p, sizeof p, "%s%s", url + 7, suffix[i]);
        unlink(p);
    }
}

Test(store_schema, forward_migrations)
{
    char url[128];
    tmp_db(url, sizeof url);
    ps_db *db = NULL;
    ps_error err;
    int64_t v = -1, n = -1;
    cr_assert_eq(ps_db_open_at(url, 1, &db, &err), PS_OK, "%s", err.msg);
    cr_assert_eq(ps_store_schema_version(db, &v, &err), PS_OK);
    cr_expect_eq(v, 1);
    /* version 1 has no relog tables */
    cr_expect_eq(ps_db_query_int(db, "SELECT COUNT(*) FROM DisplayToID", NULL, 0, &n, &err), PS_EIO);
    ps_db_close(db);
    cr_assert_eq(ps_db_open(url, &db, &err), PS_OK, "%s", err.msg);
    cr_assert_eq(ps_store_schema_version(db, &v, &err), PS_OK);
    cr_expect_eq(v, PS_STORE_SCHEMA_VERSION);
    cr_expect_eq(ps_db_query_int(db, "SELECT COUNT(*) FROM DisplayToID", NULL, 0, &n, &err), PS_OK);
    /* one version row per step */
    cr_expect_eq(ps_db_query_int(db, "SELECT COUNT(*) FROM ps_schema", NULL, 0, &n, &err), PS_OK);
    cr_expect_eq(n, PS_STORE_SCHEMA_VERSION);
    /* a database from a newer perfscribe is refused */
    cr_assert_eq(ps_db_exec(db, "INSERT INTO ps_schema (version) VALUES (99)", &err), PS_OK);
    ps_db_close(db);
    cr_expect_eq(ps_db_open(url, &db, &err), PS_EINPUT);
    cr_expect(strstr(err.msg, "schema version 99") != NULL, "%s", err.msg);
    rm_db(url);
}

/* Bound values come back bit for bit; NaN is NULL; text with quotes and markup is text. */
static void round_trip(const char *url)
{
    ps_db *db = NULL;
    ps_error err;
    cr_assert_eq(ps_db_open(url, &db, &err), PS_OK, "%s", err.msg);
    ps_db_exec(db, "DROP TABLE IF EXISTS t_round", NULL);
    cr_assert_eq(ps_db_exec(db, "CREATE TABLE t_round (k BIGINT, d DOUBLE PRECISION, s TEXT)", &err), PS_OK, "%s",
                 err.msg);
    const double d[] = {0.1,      1.0 / 3, 86.918513403953639, 4.9406564584124654e-324, 1.7976931348623157e308,
                        -2.5e-10, NAN};
    const char *s = "it's \"x\"; DROP TABLE t_round;--<b>&amp;\\n\t";
    ps_db_stmt *st = NULL;
    cr_assert_eq(ps_db_begin(db, 1, &err), PS_OK);
    cr_assert_eq(ps_db_prepare(db, "INSERT INTO t_round (k, d, s) VALUES (?, ?, ?)", &st, &err), PS_OK, "%s", err.msg);
    for (int i = 0; i < 7; i++) {
        ps_db_val v[] = {ps_db_int((int64_t)i - 3000000000LL), ps_db_real(d[i]), ps_db_text(s)};
        cr_assert_eq(ps_db_run(st, v, 3, &err), PS_OK, "%s", err.msg);
    }
    ps_db_finalize(st);
    cr_assert_eq(ps_db_commit(db, &err), PS_OK);
    cr_assert_eq(ps_db_prepare(db, "SELECT k, d, s FROM t_round ORDER BY k", &st, &err), PS_OK);
    cr_assert_eq(ps_db_run(st, NULL, 0, &err), PS_OK);
    int i = 0;
    while (ps_db_next(st)) {
        cr_expect_eq(ps_db_col_int(st, 0), (int64_t)i - 3000000000LL);
        double got = ps_db_col_real(st, 1);
        if (isnan(d[i]))
            cr_expect(isnan(got) && ps_db_col_null(st, 1));
        else
            cr_expect(memcmp(&got, &d[i], sizeof got) == 0, "%d: %.17g != %.17g", i, got, d[i]);
        cr_expect_str_eq(ps_db_col_text(st, 2), s);
        i++;
    }
    cr_expect_eq(i, 7);
    ps_db_finalize(st);
    ps_db_exec(db, "DROP TABLE t_round", NULL);
    ps_db_close(db);
}

Test(store_values, sqlite_round_trip)
{
    char url[128];
    round_trip(tmp_db(url, sizeof url));
    rm_db(url);
}

Test(store_values, postgresql_round_trip)
{
    const char *url = getenv("PS_PG_URL");
    if (!url || !*url) {
        if (getenv("CI"))
            cr_assert_fail("CI without a PostgreSQL server (run through tests/pg_server.sh)");
        cr_skip_test("no PostgreSQL server (make test starts one)");
    }
    round_trip(url);
}

Test(store_values, unknown_scheme)
{
    ps_db *db = NULL;
    ps_error err;
    cr_expect_eq(ps_db_open("mysql://h/x", &db, &err), PS_EUSAGE);
    cr_expect_null(db);
    cr_expect_eq(ps_db_open("postgresql://nobody:secret@/none?host=/nonexistent", &db, &err), PS_EIO);
    cr_expect(strstr(err.file, "secret") == NULL && strstr(err.msg, "secret") == NULL, "%s %s", err.file, err.msg);
}
