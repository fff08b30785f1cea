/* Unit tests: files large enough (>= 8 MiB) for the reader to parse on its producer thread.
 * The files are generated here with values that follow a formula, so every value is known. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ps_parser.h"

#define NC 50
#define NR 16000 /* about 10.5 MB */

/* value of row r, column c; every 7th cell (by r + c) is blank */
static int blank(int r, int c)
{
    return (r + c) % 7 == 3;
}
static double val(int r, int c)
{
    return r * 0.25 + c * 1000 + 0.125;
}

/* Write the file; bad_line > 0 replaces that line by a malformed row. */
static const char *gen(const char *name, int bad_line)
{
    static char path[600];
    mkdir(PS_BINARY_DIR "/csv_tmp", 0777);
    snprintf(path, sizeof path, "%s/csv_tmp/%s", PS_BINARY_DIR, name);
    FILE *fp = fopen(path, "wb");
    cr_assert_not_null(fp);
    fputs("\"(PDH-CSV 4.0) (Pacific Standard Time)(480)\"", fp);
    for (int c = 0; c < NC; c++)
        fprintf(fp, ",\"\\\\HOST\\Obj(i%d)\\Counter %d\"", c, c);
    fputs("\r\n", fp);
    for (int r = 0; r < NR; r++) {
        if (r + 2 == bad_line) {
            fputs("\"01/01/2024 00:00:00.000\",\"oops\"\r\n", fp);
            continue;
        }
        int s = r % 60, m = r / 60 % 60, h = r / 3600;
        fprintf(fp, "\"01/02/2024 %02d:%02d:%02d.500\"", h, m, s);
        for (int c = 0; c < NC; c++) {
            if (blank(r, c))
                fputs(",\" \"", fp);
            else
                fprintf(fp, ",\"%.17g\"", val(r, c));
        }
        fputs("\r\n", fp);
    }
    fclose(fp);
    struct stat st;
    cr_assert_eq(stat(path, &st), 0);
    cr_assert_gt(st.st_size, 8 << 20, "file too small for the threaded path");
    return path;
}

Test(csv_big, threaded_values_exact)
{
    const char *path = gen("big.csv", 0);
    ps_log *log;
    ps_error err;
    cr_assert_eq(ps_log_open(path, NULL, &log, &err), 0, "%s", err.msg);
    ps_row row;
    int r = 0, rc;
    uint64_t blanks = 0;
    while ((rc = ps_log_next(log, &row, &err)) > 0) {
        cr_assert_eq(row.line, r + 2);
        cr_assert_eq(row.local, ps_time_from_fields(2024, 1, 2, r / 3600, r / 60 % 60, r % 60, 500));
        cr_assert_eq(row.utc, row.local + 480 * 60000LL);
        for (int c = 0; c < NC; c++) {
            if (blank(r, c)) {
                cr_assert(isnan(row.values[c]));
                blanks++;
            } else {
                cr_assert_eq(row.values[c], val(r, c), "row %d col %d: %.17g", r, c, row.values[c]);
            }
        }
        r++;
    }
    cr_assert_eq(rc, 0, "%s", err.msg);
    cr_assert_eq(r, NR);
    cr_assert_eq(ps_log_missing_values(log), blanks);
    uint64_t done, total;
    ps_log_progress(log, &done, &total);
    cr_assert_eq(done, total);
    ps_log_close(log);
    unlink(path);
}

Test(csv_big, threaded_error_after_good_rows)
{
    const char *path = gen("bigbad.csv", 11000);
    ps_log *log;
    ps_error err;
    cr_assert_eq(ps_log_open(path, NULL, &log, &err), 0, "%s", err.msg);
    ps_row row;
    int rows = 0, rc;
    while ((rc = ps_log_next(log, &row, &err)) > 0)
        rows++;
    cr_assert_eq(rc, -PS_EINPUT);
    cr_assert_eq(rows, 11000 - 2);
    cr_assert_eq(err.line, 11000);
    cr_assert_eq(err.col, 27);
    cr_assert_str_eq(err.msg, "malformed number \"oops\" in column 2");
    cr_assert_eq(ps_log_next(log, &row, &err), -PS_EINPUT); /* the error stays */
    ps_log_close(log);

    /* lenient: the row is counted and skipped */
    ps_log_options o = {NULL, 1, NULL, NULL};
    cr_assert_eq(ps_log_open(path, &o, &log, &err), 0);
    rows = 0;
    while ((rc = ps_log_next(log, &row, &err)) > 0)
        rows++;
    cr_assert_eq(rc, 0);
    cr_assert_eq(rows, NR - 1);
    cr_assert_eq(ps_log_bad_rows(log), 1);
    ps_log_close(log);
    unlink(path);
}

Test(csv_big, close_early)
{
    const char *path = gen("bigclose.csv", 0);
    for (int stop = 0; stop < 3; stop++) {
        ps_log *log;
        ps_error err;
        cr_assert_eq(ps_log_open(path, NULL, &log, &err), 0);
        ps_row row;
        for (int i = 0; i < stop * 500; i++)
            cr_assert_eq(ps_log_next(log, &row, &err), 1);
        ps_log_close(log); /* producer still running: must stop and free everything */
    }
    unlink(path);
}
