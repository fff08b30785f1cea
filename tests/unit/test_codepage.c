/* Unit tests: legacy code pages of text logs (parser/text/codepage.c) and the tolerant zone cell.
 * The logs of tests/data/csv/codepage/ were written by make_codepage_samples.py with Python's
 * codecs (not glibc iconv); expected.tsv holds the names each must give, in UTF-8. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ps_parser.h"

#define CPDIR PS_SOURCE_DIR "/tests/data/csv/codepage/"

static ps_log *open_log(const char *path, const char *encoding, ps_warnings *w)
{
    ps_log_options o = {NULL, 0, w, encoding};
    ps_error err = {0};
    ps_log *log = NULL;
    char buf[700];
    int rc = ps_log_open(path, &o, &log, &err);
    ps_error_format(&err, buf, sizeof buf);
    cr_assert_eq(rc, 0, "open %s: %s", path, buf);
    return log;
}

/* Every sample: detected page, zone and every name as expected.tsv says; --encoding with the
 * same page gives the same; the rows read. */
Test(codepage, every_page_detected_and_converted)
{
    FILE *fp = fopen(CPDIR "expected.tsv", "r");
    cr_assert_not_null(fp);
    char line[4096];
    int files = 0;
    while (fgets(line, sizeof line, fp)) {
        if (line[0] == '#')
            continue;
        line[strcspn(line, "\n")] = 0;
        char *cells[16];
        size_t nc = 0;
        for (char *p = line; nc < 16;) {
            cells[nc++] = p;
            char *tab = strchr(p, '\t');
            if (!tab)
                break;
            *tab = 0;
            p = tab + 1;
        }
        cr_assert_geq(nc, 4);
        char path[600];
        snprintf(path, sizeof path, "%s%s", CPDIR, cells[0]);
        for (int forced = 0; forced < 2; forced++) {
            ps_warnings w = {0};
            ps_log *log = open_log(path, forced ? cells[1] : NULL, &w);
            const ps_log_info *in = ps_log_info_get(log);
            cr_assert_str_eq(in->encoding, cells[1], "%s (forced %d)", cells[0], forced);
            cr_assert_str_eq(in->timezone, cells[2], "%s", cells[0]);
            cr_assert_eq(in->ncounters, nc - 3, "%s", cells[0]);
            for (size_t k = 0; k + 3 < nc; k++)
                cr_assert_str_eq(in->header[k], cells[k + 3], "%s column %zu", cells[0], k);
            ps_row r;
            ps_error err;
            int rows = 0;
            while (ps_log_next(log, &r, &err) == 1) {
                cr_assert_eq(r.values[0], (double)rows); /* values: second + column */
                rows++;
            }
            cr_assert_eq(rows, 3);
            cr_assert_eq(w.n, 0, "%s: warnings", cells[0]);
            ps_log_close(log);
            ps_warnings_fini(&w);
        }
        files++;
    }
    fclose(fp);
    cr_assert_eq(files, 14);
}

/* Write bytes to a temporary file; returns its path (static buffer). */
static const char *tmp_log(const char *bytes, size_t n)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/ps_codepage_XXXXXX");
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    cr_assert_eq(write(fd, bytes, n), (ssize_t)n);
    close(fd);
    return path;
}

/* Hand-made bytes: "Процессор" in Windows-1251 is CF F0 EE F6 E5 F1 F1 EE F0. */
#define CP1251_PROCESSOR "\xCF\xF0\xEE\xF6\xE5\xF1\xF1\xEE\xF0"
#define UTF8_PROCESSOR "\xD0\x9F\xD1\x80\xD0\xBE\xD1\x86\xD0\xB5\xD1\x81\xD1\x81\xD0\xBE\xD1\x80"

/* Russian Windows cuts the zone cell short: read, zone unknown, exactly one warning. */
Test(codepage, cut_zone_cell_is_read_with_one_warning)
{
    static const char text[] = "\"(PDH-CSV 4.0) (RTZ 2 (\",\"\\\\SRV\\" CP1251_PROCESSOR "(_Total)\\% x\"\r\n"
                               "\"03/14/2026 10:00:00.000\",\"1\"\r\n"
                               "\"03/14/2026 10:00:01.000\",\"2\"\r\n";
    const char *path = tmp_log(text, sizeof text - 1);
    ps_warnings w = {0};
    ps_log *log = open_log(path, NULL, &w);
    const ps_log_info *in = ps_log_info_get(log);
    cr_assert_null(in->timezone);
    cr_assert_eq(in->has_bias, 0);
    cr_assert_str_eq(in->encoding, "cp1251");
    cr_assert_str_eq(in->counters[0].object, UTF8_PROCESSOR);
    ps_row r;
    ps_error err;
    cr_assert_eq(ps_log_next(log, &r, &err), 1);
    cr_assert_eq(r.utc, r.local); /* zone unknown: UTC is the local time */
    cr_assert_eq(ps_log_next(log, &r, &err), 1);
    cr_assert_eq(ps_log_next(log, &r, &err), 0);
    cr_assert_eq(w.n, 1);
    char want[300];
    snprintf(want, sizeof want,
             "%s:1:1: time zone cell \"(PDH-CSV 4.0) (RTZ 2 (\" cannot be read (cut short?): zone unknown, times "
             "taken as local",
             path);
    cr_assert_str_eq(w.msgs[0], want);
    ps_log_close(log);
    ps_warnings_fini(&w);
    unlink(path);
}

/* --encoding overrides the detection (here wrongly: the user asked for it). */
Test(codepage, encoding_override)
{
    static const char text[] = "\"(PDH-CSV 4.0) (UTC)(0)\",\"\\\\SRV\\" CP1251_PROCESSOR "\\x\"\n"
                               "\"03/14/2026 10:00:00.000\",\"1\"\n";
    const char *path = tmp_log(text, sizeof text - 1);
    ps_log *log = open_log(path, "windows-1252", NULL);
    cr_assert_str_eq(ps_log_info_get(log)->encoding, "cp1252");
    /* CF -> U+00CF, F0 -> U+00F0 */
    cr_assert(strncmp(ps_log_info_get(log)->counters[0].object, "\xC3\x8F\xC3\xB0", 4) == 0);
    ps_log_close(log);
    log = open_log(path, NULL, NULL);
    cr_assert_str_eq(ps_log_info_get(log)->counters[0].object, UTF8_PROCESSOR);
    ps_log_close(log);
    cr_assert_eq(ps_log_encoding_known("Shift_JIS"), 1);
    cr_assert_eq(ps_log_encoding_known("big5"), 1);
    cr_assert_eq(ps_log_encoding_known("klingon"), 0);
    ps_error err = {0};
    ps_log_options o = {NULL, 0, NULL, "klingon"};
    cr_assert_eq(ps_log_open(path, &o, &log, &err), PS_EINPUT);
    unlink(path);
}

/* A tag-less first cell must still be a readable "(zone)(bias)": only after a PDH tag is the
 * zone part optional. */
Test(codepage, tagless_zone_must_be_readable)
{
    static const char text[] = "\"(RTZ 2 (\",\"\\\\SRV\\A\\x\"\n\"03/14/2026 10:00:00.000\",\"1\"\n";
    const char *path = tmp_log(text, sizeof text - 1);
    ps_log_options o = {NULL, 0, NULL, NULL};
    ps_error err = {0};
    ps_log *log = NULL;
    cr_assert_eq(ps_log_open(path, &o, &log, &err), PS_EINPUT);
    cr_assert(strstr(err.msg, "malformed first header cell") != NULL, "%s", err.msg);
    unlink(path);
}
