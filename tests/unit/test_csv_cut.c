/* Unit tests: the AVX-512 cutter of relog value parts (parser/log/pdh/pdh_cut_avx512.c) against strtod
 * on well-formed lines, and against the cell-by-cell reader (the same file read with the
 * AVX-512 forms switched off) on lines of every odd shape: same rows, same values bit for bit,
 * same first error with line and column. Skipped where the processor has no AVX-512. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numparse.h"
#include "ps_cpu.h"
#include "pdh_csv_internal.h"
#include "ps_parser.h"
#include "test_util.h"

static uint64_t rs = 0x2545F4914F6CDD1Du;
static uint64_t rnd(void)
{
    return test_xorshift(&rs);
}

/* A number text of relog's kind (or a shorter one, a negative one, an integer). */
static int number(char *out, size_t size)
{
    switch (rnd() % 6) {
    case 0: return snprintf(out, size, "%llu", (unsigned long long)(rnd() % 100000));
    case 1: return snprintf(out, size, "-%.6f", (double)(rnd() % 1000000) / 7.0);
    default: {
        double v = (double)(rnd() % 100000000) / (double)(1 + rnd() % 100000);
        return snprintf(out, size, "%.17g", v);
    }
    }
}

static char line[1 << 16];

/* A line "TS",<cells> of n well-formed cells (numbers, and " " about one in 20); want[] gets
 * the values. Returns its length. */
static size_t good_line(size_t n, double *want, uint64_t *blanks)
{
    size_t k = (size_t)snprintf(line, sizeof line, "\"01/13/2026 08:00:00.123\"");
    *blanks = 0;
    for (size_t i = 0; i < n; i++) {
        char t[64];
        if (rnd() % 20 == 0) {
            strcpy(t, " ");
            want[i] = NAN;
            ++*blanks;
        } else {
            number(t, sizeof t);
            want[i] = strtod(t, NULL);
        }
        k += (size_t)snprintf(line + k, sizeof line - k, ",\"%s\"", t);
    }
    return k;
}

Test(csv_cut, well_formed_lines_against_strtod)
{
    if (!ps_num_have_avx512())
        cr_skip("this processor has no AVX-512 text forms (or they were turned off)");
    static double want[3000], got[3000];
    for (int r = 0; r < 400; r++) {
        size_t n = 1 + (size_t)(rnd() % (r < 200 ? 40 : 3000));
        uint64_t blanks, miss = 7;
        size_t len = good_line(n, want, &blanks);
        const char *p = line + 25;
        cr_assert_eq(ps_csv_values_avx512(line, p, line + len, ',', n, got, &miss), 1, "line %d (%zu cells) refused", r,
                     n);
        cr_assert_eq(miss, 7 + blanks);
        for (size_t i = 0; i < n; i++)
            cr_assert(isnan(want[i]) ? isnan(got[i]) : memcmp(&got[i], &want[i], sizeof got[i]) == 0,
                      "line %d cell %zu: %.17g vs %.17g", r, i, got[i], want[i]);
        /* the wrong field count is refused either way */
        cr_assert_eq(ps_csv_values_avx512(line, p, line + len, ',', n + 1, got, &miss), 0);
        if (n > 1)
            cr_assert_eq(ps_csv_values_avx512(line, p, line + len, ',', n - 1, got, &miss), 0);
    }
}

/* Lines the cutter must refuse (the cell-by-cell reader then decides): one odd cell in a line
 * of 100 cells, first, inside or last. */
Test(csv_cut, odd_shapes_refused)
{
    if (!ps_num_have_avx512())
        cr_skip("this processor has no AVX-512 text forms (or they were turned off)");
    static const char *cells[] = {"1.5",      "\"\"",  "\"1\"\"2\"", "1",      "\"1,5\"", "\"  \"", "\"1.2x\"",
                                  "\"\"\"\"", "\"1e5", "\"1\"x",     " \"1\"", "\"1\" ",  "\"1\",", "\"\" \"\""};
    static double got[200];
    for (size_t c = 0; c < sizeof cells / sizeof cells[0]; c++)
        for (size_t at = 0; at < 100; at += 33) {
            uint64_t miss = 0;
            size_t k = (size_t)snprintf(line, sizeof line, "\"01/13/2026 08:00:00.123\"");
            for (size_t i = 0; i < 100; i++) {
                char t[64];
                number(t, sizeof t);
                k += (size_t)(i == at ? snprintf(line + k, sizeof line - k, ",%s", cells[c])
                                      : snprintf(line + k, sizeof line - k, ",\"%s\"", t));
            }
            cr_assert_eq(ps_csv_values_avx512(line, line + 25, line + k, ',', 100, got, &miss), 0,
                         "cell %s at %zu accepted", cells[c], at);
            cr_assert_eq(miss, 0);
        }
}

/* Every row's values (bitwise) and the final status, read through the public reader. */
static size_t read_all(const char *path, double *vals, size_t cap, int *rc_out, char *msg, size_t msgsz)
{
    ps_log *log;
    ps_log_options o = {NULL, 0, NULL, NULL};
    ps_error err;
    size_t nv = 0;
    int rc = ps_log_open(path, &o, &log, &err);
    if (rc == 0) {
        ps_row row;
        while ((rc = ps_log_next(log, &row, &err)) > 0)
            for (size_t i = 0; i < row.nvalues && nv < cap; i++)
                vals[nv++] = row.values[i];
        rc = rc < 0 ? -rc : 0;
        ps_log_close(log);
    }
    *rc_out = rc;
    msg[0] = 0;
    if (rc)
        ps_error_format(&err, msg, msgsz);
    return nv;
}

/* Random files with odd cells here and there: the reader with the AVX-512 cutter and without
 * it give the same values and the same error, message for message. */
Test(csv_cut, reader_same_with_and_without_avx512)
{
    if (!ps_num_have_avx512())
        cr_skip("this processor has no AVX-512 text forms (or they were turned off)");
    static const char *odd[] = {"\"\"",
                                "\" \"",
                                "\"  \"",
                                "1.25",
                                "\"1,5\"",
                                "\"1.2x\"",
                                "\"-0\"",
                                "\"+3\"",
                                "\"1e5\"",
                                "\"123456789012345678901234567890.5\"",
                                "\"0.0000000000000000000001\"",
                                "\"\"\"1\"\"\"",
                                "\"4503599627370496.5\"",
                                "\"9007199254740993\""};
    static char file[1 << 18];
    static double a[60000], b[60000];
    char ma[1200], mb[1200];
    for (int f = 0; f < 60; f++) {
        size_t ncol = 1 + (size_t)(rnd() % 150), rows = 1 + (size_t)(rnd() % 8);
        size_t n = (size_t)snprintf(file, sizeof file, "\"(PDH-CSV 4.0) (UTC)(0)\"");
        for (size_t c = 0; c < ncol; c++)
            n += (size_t)snprintf(file + n, sizeof file - n, ",\"\\\\M\\O(%zu)\\x\"", c);
        n += (size_t)snprintf(file + n, sizeof file - n, "\r\n");
        for (size_t r = 0; r < rows; r++) {
            n += (size_t)snprintf(file + n, sizeof file - n, "\"01/01/2024 00:00:%02zu.000\"", r);
            size_t cols = ncol + (rnd() % 40 == 0) - (rnd() % 40 == 0 && ncol > 1);
            for (size_t c = 0; c < cols; c++) {
                char t[64];
                if (rnd() % 30 == 0)
                    n += (size_t)snprintf(file + n, sizeof file - n, ",%s", odd[rnd() % (sizeof odd / sizeof odd[0])]);
                else {
                    number(t, sizeof t);
                    n += (size_t)snprintf(file + n, sizeof file - n, ",\"%s\"", t);
                }
            }
            n += (size_t)snprintf(file + n, sizeof file - n, f % 2 ? "\n" : "\r\n");
        }
        const char *path = test_write_tmp("cut_diff.csv", file, n);
        int ra, rb;
        size_t na = read_all(path, a, 60000, &ra, ma, sizeof ma);
        int was = ps_cpu_use_avx512(0);
        size_t nb = read_all(path, b, 60000, &rb, mb, sizeof mb);
        ps_cpu_use_avx512(was);
        cr_assert_eq(ra, rb, "file %d: %d (%s) vs %d (%s)", f, ra, ma, rb, mb);
        cr_assert_str_eq(ma, mb, "file %d", f);
        cr_assert_eq(na, nb, "file %d: %zu vs %zu values", f, na, nb);
        for (size_t i = 0; i < na; i++)
            cr_assert((isnan(a[i]) && isnan(b[i])) || memcmp(&a[i], &b[i], sizeof a[i]) == 0,
                      "file %d value %zu: %.17g vs %.17g", f, i, a[i], b[i]);
    }
}
