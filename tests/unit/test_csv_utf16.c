/* Unit tests: UTF-16 text logs bigger than the 1 MiB read size, with a surrogate pair split
 * exactly at the first read boundary (generated here; every name and value is known). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ps_parser.h"

typedef struct w16 {
    FILE *fp;
    long units; /* UTF-16 code units written, the BOM included */
    int be;
} w16;

static void unit(w16 *w, unsigned u)
{
    unsigned char b[2] = {(unsigned char)(w->be ? u >> 8 : u), (unsigned char)(w->be ? u : u >> 8)};
    fwrite(b, 1, 2, w->fp);
    w->units++;
}

static void cp(w16 *w, unsigned c)
{
    if (c < 0x10000) {
        unit(w, c);
    } else {
        c -= 0x10000;
        unit(w, 0xD800 + (c >> 10));
        unit(w, 0xDC00 + (c & 0x3FF));
    }
}

static void ascii(w16 *w, const char *s)
{
    while (*s)
        unit(w, (unsigned char)*s++);
}

#define EMOJI 0x1F600u
#define TARGET 524287L /* unit index of byte offset 1048574: its pair straddles 1 MiB */
#define NCOL 40000

/* Header: columns "\\M\O(<emoji><emoji>i)\c"; one padding column makes an emoji start at
 * TARGET. Returns that column's index. Then 3 rows: value of row r, column c = r * 100000 + c. */
static int gen(const char *path, int be)
{
    w16 w = {fopen(path, "wb"), 0, be};
    cr_assert_not_null(w.fp);
    unit(&w, 0xFEFF);
    ascii(&w, "\"(PDH-CSV 4.0) (UTC)(0)\"");
    int special = -1;
    char buf[64];
    for (int c = 0; c < NCOL; c++) {
        ascii(&w, ",\"\\\\M\\O(");
        if (special < 0 && w.units + 40 > TARGET) {
            special = c;
            while (w.units < TARGET)
                unit(&w, 'x');
            cp(&w, EMOJI);
        } else {
            cp(&w, EMOJI);
            cp(&w, EMOJI);
            snprintf(buf, sizeof buf, "%d", c);
            ascii(&w, buf);
        }
        ascii(&w, ")\\c\"");
    }
    ascii(&w, "\r\n");
    for (int r = 0; r < 3; r++) {
        snprintf(buf, sizeof buf, "\"01/01/2024 00:00:0%d.000\"", r);
        ascii(&w, buf);
        for (int c = 0; c < NCOL; c++) {
            snprintf(buf, sizeof buf, ",\"%d\"", r * 100000 + c);
            ascii(&w, buf);
        }
        ascii(&w, "\r\n");
    }
    fclose(w.fp);
    cr_assert_geq(special, 0);
    return special;
}

static void check(int be)
{
    mkdir(PS_BINARY_DIR "/csv_tmp", 0777);
    const char *path = be ? PS_BINARY_DIR "/csv_tmp/big16be.csv" : PS_BINARY_DIR "/csv_tmp/big16le.csv";
    int special = gen(path, be);
    ps_log *log;
    ps_error err;
    cr_assert_eq(ps_log_open(path, NULL, &log, &err), 0, "%s", err.msg);
    const ps_log_info *in = ps_log_info_get(log);
    cr_assert_str_eq(in->encoding, be ? "utf-16be" : "utf-16le");
    cr_assert_eq(in->ncounters, NCOL);
    const char *inst = in->counters[special].instance;
    size_t n = strlen(inst);
    cr_assert_geq(n, 4);
    cr_assert_str_eq(inst + n - 4, "\xF0\x9F\x98\x80", "pair split at 1 MiB decoded wrongly");
    cr_assert_eq(strspn(inst, "x"), n - 4);
    cr_assert_str_eq(in->counters[NCOL - 1].instance, "\xF0\x9F\x98\x80\xF0\x9F\x98\x80"
                                                      "39999");
    cr_assert_str_eq(in->counters[7].instance, "\xF0\x9F\x98\x80\xF0\x9F\x98\x80"
                                               "7");
    ps_row row;
    for (int r = 0; r < 3; r++) {
        cr_assert_eq(ps_log_next(log, &row, &err), 1, "%s", err.msg);
        cr_assert_eq(row.local, ps_time_from_fields(2024, 1, 1, 0, 0, r, 0));
        for (int c = 0; c < NCOL; c++)
            cr_assert_eq(row.values[c], r * 100000.0 + c);
    }
    cr_assert_eq(ps_log_next(log, &row, &err), 0);
    ps_log_close(log);
    unlink(path);
}

Test(csv_utf16, big_le)
{
    check(0);
}
Test(csv_utf16, big_be)
{
    check(1);
}
