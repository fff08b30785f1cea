/* Unit tests: every PDH-CSV reader error comes back once, as PS_EINPUT with FILE:LINE:COL
 * (COL = 1-based byte column in the line; counted by hand in the strings below). */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ps_parser.h"

#define H3 "\"(PDH-CSV 4.0) (UTC)(0)\",\"\\\\M\\A\\x\",\"\\\\M\\B\\y\"\n"
#define TS "\"01/01/2024 00:00:00.000\""   /* 25 bytes */

static char path_buf[600];

static const char *write_tmp(const char *name, const char *text, size_t len)
{
    mkdir(PS_BINARY_DIR "/csv_tmp", 0777);
    snprintf(path_buf, sizeof path_buf, "%s/csv_tmp/%s", PS_BINARY_DIR, name);
    FILE *fp = fopen(path_buf, "wb");
    cr_assert_not_null(fp);
    cr_assert_eq(fwrite(text, 1, len, fp), len);
    fclose(fp);
    return path_buf;
}

/* Read the whole file; return the first error (code 0 when none) in *err. */
static int read_file(const char *path, int lenient, ps_error *err, size_t *rows)
{
    ps_log *log;
    ps_log_options o = {NULL, lenient, NULL};
    ps_error_clear(err);
    *rows = 0;
    int rc = ps_log_open(path, &o, &log, err);
    if (rc)
        return rc;
    ps_row r;
    while ((rc = ps_log_next(log, &r, err)) > 0)
        (*rows)++;
    ps_log_close(log);
    return rc < 0 ? -rc : 0;
}

static void expect(const char *name, const char *text, size_t len, long line, long col, const char *msg)
{
    const char *path = write_tmp(name, text, len);
    ps_error err;
    size_t rows;
    int rc = read_file(path, 0, &err, &rows);
    char want[1200], got[1200];
    snprintf(want, sizeof want, "%s:%ld:%ld: %s", path, line, col, msg);
    ps_error_format(&err, got, sizeof got);
    cr_assert_eq(rc, PS_EINPUT, "%s: rc %d (%s)", name, rc, got);
    cr_assert_eq(err.code, PS_EINPUT);
    cr_assert_str_eq(got, want);
}

#define EXPECT(name, lit, line, col, msg) expect(name, lit, sizeof(lit) - 1, line, col, msg)

Test(csv_errors, field_count)
{
    EXPECT("short.csv", H3 TS ",\"1\"\n", 2, 30, "row has 2 fields, the header has 3");
    EXPECT("long.csv", H3 TS ",\"1\",\"2\",\"3\"\n", 2, 35, "row has more fields than the header (3)");
    /* truncated last line without a newline */
    EXPECT("trunc.csv", H3 TS ",\"1\",\"2\"\n" TS ",\"1\"", 3, 30, "row has 2 fields, the header has 3");
}

Test(csv_errors, malformed_values)
{
    EXPECT("num.csv", H3 TS ",\"12x\",\"2\"\n", 2, 27, "malformed number \"12x\" in column 2");
    EXPECT("inf.csv", H3 TS ",\"1\",\"inf\"\n", 2, 31, "malformed number \"inf\" in column 3");
    EXPECT("nan.csv", H3 TS ",nan,\"2\"\n", 2, 27, "malformed number \"nan\" in column 2");
    EXPECT("ts.csv", H3 "\"2024-01-01 00:00:00\",\"1\",\"2\"\n", 2, 1,
           "malformed timestamp \"2024-01-01 00:00:00\" (expected MM/DD/YYYY HH:MM:SS.mmm)");
    EXPECT("comma.csv", H3 TS ",\"5,5\",\"1\"\n" TS ",\"1.5\",\"1\"\n", 3, 27,
           "malformed number \"1.5\" in column 2 (this file uses decimal commas)");
    EXPECT("junk.csv", H3 TS ",\"1\"x,\"2\"\n", 2, 30, "unexpected character after closing quote");
}

Test(csv_errors, quotes_and_nul)
{
    EXPECT("unterminated.csv", H3 TS ",\"1\",\"2", 2, 31, "unterminated quoted field");
    EXPECT("nul.csv", H3 TS ",\"1\0\",\"2\"\n", 2, 29, "NUL byte in a data line");
    EXPECT("nulhdr.csv", "\"(PDH-CSV 4.0)\",\"\\\\M\\A\0\\x\"\n", 1, 23, "NUL byte in the header line");
}

Test(csv_errors, header_problems)
{
    EXPECT("empty.csv", "", 1, 1, "empty file, not a PerfMon log");
    EXPECT("nocols.csv", "\"(PDH-CSV 4.0) (UTC)(0)\"\n", 1, 25, "header has no counter columns");
    EXPECT("badtag.csv", "\"(PDH-CSV 4.0) garbage\",\"\\\\M\\A\\x\"\n", 1, 1,
           "malformed first header cell \"(PDH-CSV 4.0) garbage\" (expected \"(PDH-CSV 4.0) (zone)(bias)\")");
    EXPECT("badpath.csv", "\"(PDH-CSV 4.0)\",\"notapath\"\n", 1, 17,
           "column 2: not a counter path (expected \\\\machine\\object(instance)\\counter): \"notapath\"");
    EXPECT("ctrl.csv", "\"(PDH-CSV 4.0)\",\"\\\\M\\A\x01\\x\"\n", 1, 23,
           "column 2: control character 0x01 in counter path");
    EXPECT("badutf8.csv", "\xEF\xBB\xBF\"(PDH-CSV 4.0)\",\"\\\\M\\A\xFF\\x\"\n", 1, 23,
           "invalid UTF-8 in the header of a file marked UTF-8 (byte order mark)");
    EXPECT("getcounter.csv", "\"Path\",\"CookedValue\"\r\n\"\\\\m\\a\\b\",\"5,1\"\r\n", 1, 1,
           "not a PerfMon log (Get-Counter Path,CookedValue export)");
    EXPECT("garbage.csv", "\x01\x02\x03\xff\xfe binary", 1, 1,
           "not a PerfMon log (expected PDH-CSV/TSV text or a .blg binary log)");
    EXPECT("text.blg", H3 TS ",\"1\",\"2\"\n", 1, 1,
           "text log with a .blg name, not a binary log (rename it .csv to read it as text)");
}

Test(csv_errors, legacy_binary_refused)
{
    const char *path = write_tmp("legacy.csv", "\"(PDH-BIN 4.0)\"\x01\x02\x03", 18);
    ps_error err;
    size_t rows;
    cr_assert_eq(read_file(path, 0, &err, &rows), PS_EINPUT);
    cr_assert(strstr(err.msg, "PDH-BIN") || strstr(err.msg, "not a PerfMon"), "%s", err.msg);
}

Test(csv_errors, huge_line_stops_at_cap)
{
    /* a 1 GiB sparse file: header, then zeros and no line end */
    const char *path = write_tmp("huge.csv", H3, sizeof(H3) - 1);
    cr_assert_eq(truncate(path, (off_t)1 << 30), 0);
    ps_error err;
    size_t rows;
    cr_assert_eq(read_file(path, 0, &err, &rows), PS_EINPUT);
    cr_assert_eq(err.line, 2);
    cr_assert_str_eq(err.msg, "line longer than 64 MiB (no line end found; not a counter log?)");
    unlink(path);
}

Test(csv_errors, header_only_is_empty_log)
{
    const char *path = write_tmp("hdronly.csv", H3, sizeof(H3) - 1);
    ps_error err;
    size_t rows = 99;
    cr_assert_eq(read_file(path, 0, &err, &rows), 0);
    cr_assert_eq(rows, 0);
}

Test(csv_errors, lenient_skips_hostile_rows)
{
    static const char text[] = H3 TS ",\"1\0\",\"2\"\n" TS ",\"1\",\"2\n" TS ",\"3\",\"4\"\n" TS ",\"5\",\"6\"";
    const char *path = write_tmp("lenient2.csv", text, sizeof text - 1);
    ps_log *log;
    ps_log_options o = {NULL, 1, NULL};
    ps_error err;
    cr_assert_eq(ps_log_open(path, &o, &log, &err), 0);
    ps_row r;
    double sum = 0;
    size_t rows = 0;
    int rc;
    while ((rc = ps_log_next(log, &r, &err)) > 0) {
        rows++;
        sum += r.values[0] + r.values[1];
    }
    cr_assert_eq(rc, 0);
    cr_assert_eq(rows, 2);
    cr_assert_eq(sum, 3 + 4 + 5 + 6);
    cr_assert_eq(ps_log_bad_rows(log), 2);
    ps_log_close(log);
}

Test(csv_errors, too_many_columns)
{
    /* 250 001 counter columns of 8 bytes each: refused at the first column over the cap */
    size_t n = 250001, len = 0;
    const char head[] = "\"(PDH-CSV 4.0)\"";
    char *text = malloc(sizeof head + n * 8 + 2);
    memcpy(text, head, sizeof head - 1);
    len = sizeof head - 1;
    for (size_t i = 0; i < n; i++) {
        memcpy(text + len, ",\"\\O\\cc\"", 8);
        len += 8;
    }
    text[len++] = '\n';
    const char *path = write_tmp("wide.csv", text, len);
    free(text);
    ps_error err;
    size_t rows;
    cr_assert_eq(read_file(path, 0, &err, &rows), PS_EINPUT);
    cr_assert_str_eq(err.msg, "header has more than 250000 counter columns");
    cr_assert_eq(err.col, 15 + 250000 * 8 + 2);
}
