/* Unit tests: every PDH-CSV reader error comes back once, as PS_EINPUT with FILE:LINE:COL
 * (COL = 1-based byte column in the line; counted by hand in the strings below). */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ps_parser.h"
#include "test_util.h"

#define H3 "\"(PDH-CSV 4.0) (UTC)(0)\",\"\\\\M\\A\\x\",\"\\\\M\\B\\y\"\n"
#define TS "\"01/01/2024 00:00:00.000\"" /* 25 bytes */

static const char *write_tmp(const char *name, const char *text, size_t len)
{
    return test_write_tmp(name, text, len);
}

/* Write text to csv_tmp/name and open it (the open must succeed). */
static ps_log *open_text(const char *name, const char *text, size_t len, int lenient)
{
    const char *path = write_tmp(name, text, len);
    ps_log *log;
    ps_log_options o = {NULL, lenient, NULL, NULL};
    ps_error err;
    cr_assert_eq(ps_log_open(path, &o, &log, &err), 0, "%s: %s", name, err.msg);
    return log;
}

/* Read the whole file; return the first error (code 0 when none) in *err. */
static int read_file(const char *path, int lenient, ps_error *err, size_t *rows)
{
    ps_log *log;
    ps_log_options o = {NULL, lenient, NULL, NULL};
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
    EXPECT("ts.csv", H3 "\"2024-13-01 00:00:00\",\"1\",\"2\"\n", 2, 1,
           "malformed timestamp \"2024-13-01 00:00:00\" (expected MM/DD/YYYY HH:MM:SS.mmm)");
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
    EXPECT("badtag.csv", "\"(PDH-CSV x) (UTC)(0)\",\"\\\\M\\A\\x\"\n", 1, 1,
           "malformed first header cell \"(PDH-CSV x) (UTC)(0)\" (expected \"(PDH-CSV 4.0) (zone)(bias)\")");
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
    ps_log *log = open_text("lenient2.csv", text, sizeof text - 1, 1);
    ps_error err;
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

Test(csv_errors, messages_are_sanitised)
{
    /* an escape sequence and a lone 0xFF in a bad value never reach the terminal raw */
    EXPECT("esc.csv", H3 TS ",\"1\x1b[31m\",\"2\"\n", 2, 27, "malformed number \"1?[31m\" in column 2");
    EXPECT("ff.csv", H3 TS ",\"1\xff\",\"2\"\n", 2, 27, "malformed number \"1?\" in column 2");
    EXPECT("tagesc.csv", "\"(PDH\x07)\",\"\\\\M\\A\\x\"\n", 1, 1,
           "malformed first header cell \"(PDH?)\" (expected \"(PDH-CSV 4.0) (zone)(bias)\")");
}

Test(csv_errors, filtered_columns_are_only_tokenised)
{
    static const char text[] = H3 TS ",\"1\",\"bad\"\n" TS ",\"2\",\" \"\n" TS ",3,x\"y\n";
    const char *path = write_tmp("filtered.csv", text, sizeof text - 1);
    ps_filter *f = ps_filter_new();
    ps_error err;
    cr_assert_eq(ps_filter_add(f, "\\A\\x", &err), 0);
    ps_log *log;
    ps_log_options o = {f, 0, NULL, NULL};
    cr_assert_eq(ps_log_open(path, &o, &log, &err), 0);
    cr_assert_eq(ps_log_info_get(log)->ncounters, 1);
    ps_row r;
    for (int i = 1; i <= 3; i++) {
        cr_assert_eq(ps_log_next(log, &r, &err), 1, "%s", err.msg);
        cr_assert_eq(r.nvalues, 1);
        cr_assert_eq(r.values[0], i);
    }
    cr_assert_eq(ps_log_next(log, &r, &err), 0);
    cr_assert_eq(ps_log_missing_values(log), 0); /* the blank is in a filtered column */
    ps_log_close(log);

    /* the row structure is still checked in filtered columns */
    static const char bad[] = H3 TS ",\"1\",\"2\n";
    path = write_tmp("filtered2.csv", bad, sizeof bad - 1);
    cr_assert_eq(ps_log_open(path, &o, &log, &err), 0);
    cr_assert_eq(ps_log_next(log, &r, &err), -PS_EINPUT);
    cr_assert_eq(err.line, 2);
    cr_assert_eq(err.col, 31);
    cr_assert_str_eq(err.msg, "unterminated quoted field");
    ps_log_close(log);
    ps_filter_free(f);
}

/* A wide relog-style file (150 quoted columns: more than one group of cells for the grouped
 * reader) read after the first row decided for a decimal point: every value equals strtod,
 * blank cells are missing, and a malformed number, a bare cell or a short row late in a row
 * still gives the exact line, column and message of the cell-by-cell reader. */
static size_t wide_file(char *buf, size_t cap, int bad_row, const char *bad_cell, int short_row)
{
    size_t n = (size_t)snprintf(buf, cap, "\"(PDH-CSV 4.0) (UTC)(0)\"");
    for (int c = 0; c < 150; c++)
        n += (size_t)snprintf(buf + n, cap - n, ",\"\\\\M\\O(%d)\\x\"", c);
    n += (size_t)snprintf(buf + n, cap - n, "\n");
    for (int r = 0; r < 6; r++) {
        n += (size_t)snprintf(buf + n, cap - n, "\"01/01/2024 00:00:%02d.000\"", r);
        for (int c = 0; c < (r == short_row ? 149 : 150); c++) {
            if (r == bad_row && c == 100)
                n += (size_t)snprintf(buf + n, cap - n, ",%s", bad_cell);
            else if ((r * 150 + c) % 37 == 5)
                n += (size_t)snprintf(buf + n, cap - n, ",\" \"");
            else
                n +=
                    (size_t)snprintf(buf + n, cap - n, ",\"%d.%017d\"", c * 7 + r, (c * 104729 + r * 7919) % 100000000);
        }
        n += (size_t)snprintf(buf + n, cap - n, "\r\n");
    }
    return n;
}

Test(csv_errors, wide_rows_grouped_reader)
{
    static char buf[1 << 17];
    size_t n = wide_file(buf, sizeof buf, -1, "", -1);
    ps_log *log = open_text("wide.csv", buf, n, 0);
    ps_error err;
    ps_row row;
    int r = 0;
    while (ps_log_next(log, &row, &err) > 0) {
        cr_assert_eq(row.nvalues, 150);
        for (int c = 0; c < 150; c++) {
            char text[64];
            snprintf(text, sizeof text, "%d.%017d", c * 7 + r, (c * 104729 + r * 7919) % 100000000);
            if ((r * 150 + c) % 37 == 5)
                cr_assert(isnan(row.values[c]), "row %d col %d", r, c);
            else
                cr_assert_eq(row.values[c], strtod(text, NULL), "row %d col %d: %.17g vs %s", r, c, row.values[c],
                             text);
        }
        r++;
    }
    cr_assert_eq(r, 6);
    ps_log_close(log);
    /* the cell-by-cell messages: column = 1 + the bytes before the cell in line 5 (row 3) */
    n = wide_file(buf, sizeof buf, 3, "\"1.2x\"", -1);
    char *l5 = buf;
    for (int i = 0; i < 4; i++)
        l5 = strchr(l5, '\n') + 1;
    long col = (long)(strstr(l5, "\"1.2x\"") - l5) + 1;
    char msg[200];
    snprintf(msg, sizeof msg, "malformed number \"1.2x\" in column 102");
    expect("wide_bad.csv", buf, n, 5, col, msg);
    n = wide_file(buf, sizeof buf, -1, "", 4); /* row 4 (line 6) one value short */
    char *l6 = buf;
    for (int i = 0; i < 5; i++)
        l6 = strchr(l6, '\n') + 1;
    expect("wide_short.csv", buf, n, 6, (long)(strchr(l6, '\r') - l6) + 1, "row has 150 fields, the header has 151");
}
