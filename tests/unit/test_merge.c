/* Unit tests: parser/log/merge - column union, k-way merge by time and bucket averages, each
 * against results worked out by hand from small logs written here. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ps_merge.h"

/* Column union: B's "\\H\CPU\Busy" matches A's "\\h\cpu\busy" (case-insensitive); A's own
 * repeat of "\\h\mem\free" is a second column, matched by B's second "\\h\mem\free". */
Test(merge, column_union_with_duplicates)
{
    const char *ha[] = {"\\\\h\\cpu\\busy", "\\\\h\\mem\\free", "\\\\h\\mem\\free"};
    const char *hb[] = {"\\\\h\\mem\\free", "\\\\H\\CPU\\Busy", "\\\\h\\disk\\queue", "\\\\h\\mem\\free",
                        "\\\\h\\mem\\free"};
    ps_log_info a = {.ncounters = 3, .header = ha}, b = {.ncounters = 5, .header = hb};
    const ps_log_info *infos[] = {&a, &b};
    const char **cells;
    size_t *maps[2];
    size_t n = ps_merge_columns(infos, 2, &cells, maps);
    cr_assert_eq(n, 5); /* busy, free, free#2, queue, free#3 */
    cr_assert_str_eq(cells[0], ha[0]);
    cr_assert_str_eq(cells[1], ha[1]);
    cr_assert_str_eq(cells[2], ha[2]);
    cr_assert_str_eq(cells[3], hb[2]);
    cr_assert_str_eq(cells[4], hb[4]);
    size_t want_a[] = {0, 1, 2}, want_b[] = {1, 0, 3, 2, 4};
    for (size_t j = 0; j < 3; j++)
        cr_assert_eq(maps[0][j], want_a[j], "A column %zu", j);
    for (size_t j = 0; j < 5; j++)
        cr_assert_eq(maps[1][j], want_b[j], "B column %zu", j);
    free(maps[0]);
    free(maps[1]);
    free(cells);
}

/* Buckets of 10 s from t0 = 1000 ms: rows at 1000, 5000, 12000, 4000 (backwards: folded into
 * the open bucket 11000), 25000; column 2 missing in some rows. */
Test(merge, bucket_averages)
{
    ps_bucket b;
    ps_bucket_init(&b, 2, 10000);
    ps_time start;
    const double *avg;
    double r1[] = {1, 10}, r2[] = {3, NAN}, r3[] = {5, 20}, r4[] = {8, 40}, r5[] = {100, NAN};
    cr_assert_eq(ps_bucket_add(&b, 1000, r1, &start, &avg), 0);
    cr_assert_eq(ps_bucket_add(&b, 5000, r2, &start, &avg), 0);
    cr_assert_eq(ps_bucket_add(&b, 12000, r3, &start, &avg), 1); /* closes [1000, 11000) */
    cr_assert_eq(start, 1000);
    cr_assert_float_eq(avg[0], 2.0, 1e-12); /* (1 + 3) / 2 */
    cr_assert_float_eq(avg[1], 10.0, 1e-12); /* only the first row has it */
    cr_assert_eq(ps_bucket_add(&b, 4000, r4, &start, &avg), 0); /* backwards: joins 11000 */
    cr_assert_eq(b.folded, 1);
    cr_assert_eq(ps_bucket_add(&b, 25000, r5, &start, &avg), 1); /* closes [11000, 21000) */
    cr_assert_eq(start, 11000);
    cr_assert_float_eq(avg[0], 6.5, 1e-12); /* (5 + 8) / 2 */
    cr_assert_float_eq(avg[1], 30.0, 1e-12); /* (20 + 40) / 2 */
    cr_assert_eq(ps_bucket_finish(&b, &start, &avg), 1);
    cr_assert_eq(start, 21000);
    cr_assert_float_eq(avg[0], 100.0, 1e-12);
    cr_assert(isnan(avg[1]));
    cr_assert_eq(ps_bucket_finish(&b, &start, &avg), 0);
    ps_bucket_fini(&b);
}

/* Values near the ends of the double range: the plain sums of one bucket overflow (1e308 +
 * 1e308 = +inf, 1.5e308 + -1.5e308 after +inf = NaN), the means must not. Expected values by
 * hand: (1e308 + 1e308) / 2 = 1e308; (1.5e308 + 1.5e308 - 1.5e308) / 3 = 5e307 (as the
 * double nearest 1.5e308 / 3); (-1e308 + -1e308 + 4) / 3 rounds to -2e308 / 3. */
Test(merge, bucket_averages_near_double_max)
{
    ps_bucket b;
    ps_bucket_init(&b, 3, 10000);
    ps_time start;
    const double *avg;
    double r1[] = {1e308, 1.5e308, -1e308}, r2[] = {1e308, 1.5e308, -1e308}, r3[] = {NAN, -1.5e308, 4};
    cr_assert_eq(ps_bucket_add(&b, 0, r1, &start, &avg), 0);
    cr_assert_eq(ps_bucket_add(&b, 1000, r2, &start, &avg), 0);
    cr_assert_eq(ps_bucket_add(&b, 2000, r3, &start, &avg), 0);
    cr_assert_eq(ps_bucket_finish(&b, &start, &avg), 1);
    cr_assert_eq(avg[0], 1e308);
    cr_assert_eq(avg[1], 1.5e308 / 3);
    cr_assert_float_eq(avg[2], -(2.0 / 3.0) * 1e308, 1e293);
    ps_bucket_fini(&b);
}

static char *write_log(const char *name, const char *text)
{
    static char path[2][256];
    static int which;
    char *p = path[which++ % 2];
    snprintf(p, sizeof path[0], "%s/ps_test_merge_%d_%s", P_tmpdir, (int)getpid(), name);
    FILE *fp = fopen(p, "wb");
    cr_assert_not_null(fp);
    fputs(text, fp);
    fclose(fp);
    return p;
}

/* Two logs of one zone with interleaved time stamps and one shared column: rows come in time
 * order; at 00:00:02 both have a row and become one (A's value wins the shared column). */
Test(merge, interleaved_time_stamps)
{
    const char *pa = write_log("a.csv", "\"(PDH-CSV 4.0) (UTC)(0)\",\"\\\\h\\x\\a\",\"\\\\h\\x\\s\"\r\n"
                                        "\"01/02/2024 00:00:00.000\",\"1\",\"10\"\r\n"
                                        "\"01/02/2024 00:00:02.000\",\"2\",\"20\"\r\n"
                                        "\"01/02/2024 00:00:04.000\",\"3\",\"30\"\r\n");
    const char *pb = write_log("b.csv", "\"(PDH-CSV 4.0) (UTC)(0)\",\"\\\\H\\X\\S\",\"\\\\h\\x\\b\"\r\n"
                                        "\"01/02/2024 00:00:01.000\",\"100\",\"7\"\r\n"
                                        "\"01/02/2024 00:00:02.000\",\"200\",\"8\"\r\n"
                                        "\"01/02/2024 00:00:05.000\",\"300\",\" \"\r\n");
    ps_log *logs[2];
    ps_error err = {0};
    cr_assert_eq(ps_log_open(pa, NULL, &logs[0], &err), 0, "%s", err.msg);
    cr_assert_eq(ps_log_open(pb, NULL, &logs[1], &err), 0, "%s", err.msg);
    ps_merge_opts o = {.every = 1};
    ps_merge *m = ps_merge_new(logs, 2, &o);
    size_t ncol;
    const char *const *cells = ps_merge_cells(m, &ncol);
    cr_assert_eq(ncol, 3);
    cr_assert_str_eq(cells[2], "\\\\h\\x\\b");
    cr_assert_eq(ps_merge_start(m, &err), 0);
    /* time (s after midnight), a, s, b; -1 = missing */
    static const double want[][4] = {{0, 1, 10, -1}, {1, -1, 100, 7}, {2, 2, 20, 8}, {4, 3, 30, -1}, {5, -1, 300, -1}};
    ps_time day = ps_time_from_fields(2024, 1, 2, 0, 0, 0, 0);
    for (size_t r = 0; r < 5; r++) {
        ps_time t;
        const double *v;
        cr_assert_eq(ps_merge_next(m, &t, &v, &err), 1, "row %zu", r);
        cr_assert_eq(t, day + (ps_time)want[r][0] * 1000, "row %zu", r);
        for (size_t c = 0; c < 3; c++) {
            if (want[r][c + 1] < 0)
                cr_assert(isnan(v[c]), "row %zu col %zu", r, c);
            else
                cr_assert_float_eq(v[c], want[r][c + 1], 1e-12, "row %zu col %zu", r, c);
        }
    }
    ps_time t;
    const double *v;
    cr_assert_eq(ps_merge_next(m, &t, &v, &err), 0);
    ps_merge_free(m);
    ps_log_close(logs[0]);
    ps_log_close(logs[1]);
    remove(pa);
    remove(pb);
}

/* -b/-e, -t 2 and 2-second buckets over one log: rows at 0..5 s with values 0..5; -b 1 s and
 * -e 5 s keep 1..5, -t 2 keeps 1, 3, 5; without them, buckets of 2 s from 0 s average pairs. */
Test(merge, selection_and_buckets)
{
    const char *p = write_log("c.csv", "\"(PDH-CSV 4.0)\",\"\\\\h\\x\\v\"\r\n"
                                       "\"01/02/2024 00:00:00.000\",\"0\"\r\n\"01/02/2024 00:00:01.000\",\"1\"\r\n"
                                       "\"01/02/2024 00:00:02.000\",\"2\"\r\n\"01/02/2024 00:00:03.000\",\"3\"\r\n"
                                       "\"01/02/2024 00:00:04.000\",\"4\"\r\n\"01/02/2024 00:00:05.000\",\"5\"\r\n");
    ps_time day = ps_time_from_fields(2024, 1, 2, 0, 0, 0, 0);
    ps_log *log;
    ps_error err = {0};
    cr_assert_eq(ps_log_open(p, NULL, &log, &err), 0, "%s", err.msg);
    ps_merge_opts o = {.has_b = 1, .b = day + 1000, .has_e = 1, .e = day + 5000, .every = 2};
    ps_merge *m = ps_merge_new(&log, 1, &o);
    cr_assert_eq(ps_merge_start(m, &err), 0);
    ps_time t;
    const double *v;
    double got[3];
    int n = 0;
    while (ps_merge_next(m, &t, &v, &err) == 1 && n < 3) {
        cr_assert_eq(t, day + (ps_time)(2 * n + 1) * 1000);
        got[n++] = v[0];
    }
    cr_assert_eq(n, 3);
    cr_assert_float_eq(got[0], 1, 1e-12);
    cr_assert_float_eq(got[1], 3, 1e-12);
    cr_assert_float_eq(got[2], 5, 1e-12);
    ps_merge_free(m);
    ps_log_close(log);

    cr_assert_eq(ps_log_open(p, NULL, &log, &err), 0, "%s", err.msg);
    ps_merge_opts ob = {.every = 1, .bucket_ms = 2000};
    m = ps_merge_new(&log, 1, &ob);
    cr_assert_eq(ps_merge_start(m, &err), 0);
    static const double means[] = {0.5, 2.5, 4.5}; /* [0,2): 0 1; [2,4): 2 3; [4,6): 4 5 */
    n = 0;
    while (ps_merge_next(m, &t, &v, &err) == 1) {
        cr_assert_lt(n, 3);
        cr_assert_eq(t, day + (ps_time)n * 2000);
        cr_assert_float_eq(v[0], means[n], 1e-12);
        n++;
    }
    cr_assert_eq(n, 3);
    ps_merge_free(m);
    ps_log_close(log);
    remove(p);
}
