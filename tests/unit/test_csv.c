/* Unit tests: PDH-CSV/TSV reader on the synthetic files of tests/data/csv (written by
 * make_csv_samples.py; expected values worked out by hand from the file text). */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "ps_parser.h"

#define DATA PS_SOURCE_DIR "/tests/data/csv/"
#define MAXR 8

typedef struct got {
    ps_log *log;
    size_t nrows;
    ps_time local[MAXR], utc[MAXR];
    long line[MAXR];
    double v[MAXR][4];
    ps_warnings w;
} got;

/* Open DATA/name, read every row (at most MAXR, 4 values each); the log stays open. */
static void read_all(const char *name, int lenient, const ps_filter *filter, got *g)
{
    memset(g, 0, sizeof *g);
    ps_log_options o = {filter, lenient, &g->w, NULL};
    ps_error err = {0}; /* formatted below also when ps_log_open succeeded (F21) */
    char buf[700];
    char path[512];
    snprintf(path, sizeof path, "%s%s", DATA, name);
    int rc = ps_log_open(path, &o, &g->log, &err);
    ps_error_format(&err, buf, sizeof buf);
    cr_assert_eq(rc, 0, "open %s: %s", name, buf);
    ps_row r;
    while ((rc = ps_log_next(g->log, &r, &err)) > 0) {
        cr_assert_lt(g->nrows, MAXR);
        g->local[g->nrows] = r.local;
        g->utc[g->nrows] = r.utc;
        g->line[g->nrows] = r.line;
        for (size_t i = 0; i < r.nvalues && i < 4; i++)
            g->v[g->nrows][i] = r.values[i];
        g->nrows++;
    }
    ps_error_format(&err, buf, sizeof buf);
    cr_assert_eq(rc, 0, "next %s: %s", name, buf);
}

static void done(got *g)
{
    ps_log_close(g->log);
    ps_warnings_fini(&g->w);
}

#define T(y, mo, d, h, mi, s, ms) ps_time_from_fields(y, mo, d, h, mi, s, ms)

Test(csv, basic_quoting_blanks)
{
    got g;
    read_all("basic.csv", 0, NULL, &g);
    const ps_log_info *in = ps_log_info_get(g.log);
    cr_assert_str_eq(in->format, "csv");
    cr_assert_str_eq(in->timezone, "Pacific Standard Time");
    cr_assert(in->has_bias && in->bias_minutes == 480);
    cr_assert_str_eq(in->encoding, "ascii");
    cr_assert_eq(in->ncounters, 3);
    cr_assert_str_eq(in->header[2], "\\\\HOST\\Net(a,b \"x\")\\Bytes/sec");
    cr_assert_str_eq(in->counters[2].instance, "a,b \"x\"");
    cr_assert_str_eq(in->counters[1].counter, "Available MBytes");
    cr_assert_null(in->counters[1].instance);
    cr_assert_eq(g.nrows, 2);
    cr_assert_eq(g.local[0], T(2024, 1, 2, 3, 4, 5, 6));
    cr_assert_eq(g.utc[0], T(2024, 1, 2, 11, 4, 5, 6)); /* + 480 min */
    cr_assert_eq(g.line[1], 3);
    cr_assert_eq(g.v[0][0], 12.5);
    cr_assert(isnan(g.v[0][1])); /* " " */
    cr_assert_eq(g.v[0][2], 1000.0);
    cr_assert(isnan(g.v[1][0])); /* "" */
    cr_assert_eq(g.v[1][1], 42.0);
    cr_assert_eq(g.v[1][2], -0.25);
    cr_assert_eq(ps_log_missing_values(g.log), 2);
    cr_assert_eq(ps_log_bad_rows(g.log), 0);
    uint64_t d, t;
    ps_log_progress(g.log, &d, &t);
    cr_assert_eq(t, 241);
    cr_assert_eq(d, 241);
    done(&g);
}

Test(csv, tsv_crlf_unquoted_no_final_newline)
{
    got g;
    read_all("tabs.tsv", 0, NULL, &g);
    const ps_log_info *in = ps_log_info_get(g.log);
    cr_assert_str_eq(in->format, "tsv");
    cr_assert_str_eq(in->timezone, "W. Europe Standard Time");
    cr_assert_eq(in->bias_minutes, -60);
    cr_assert_eq(in->ncounters, 2);
    cr_assert_str_eq(in->counters[0].instance, "C:");
    cr_assert_eq(g.nrows, 2);
    cr_assert_eq(g.local[0], T(2023, 12, 31, 23, 59, 59, 999));
    cr_assert_eq(g.utc[0], T(2023, 12, 31, 22, 59, 59, 999));
    cr_assert_eq(g.v[0][0], 50.5);
    cr_assert_eq(g.v[0][1], 120.0);
    cr_assert(isnan(g.v[1][0]));
    cr_assert_eq(g.v[1][1], 121.0);
    done(&g);
}

static void check_german(const char *file, const char *enc)
{
    got g;
    read_all(file, 0, NULL, &g);
    const ps_log_info *in = ps_log_info_get(g.log);
    cr_assert_str_eq(in->encoding, enc);
    cr_assert_str_eq(in->timezone, "Mitteleurop\xC3\xA4ische Zeit");
    cr_assert_str_eq(in->counters[0].machine, "H\xC3\x96ST");
    cr_assert_str_eq(in->counters[0].counter, "% Prozessorzeit f\xC3\xBCr Tests");
    cr_assert_str_eq(in->counters[1].instance, "\xF0\x9F\x98\x80"); /* U+1F600 via surrogates */
    cr_assert_str_eq(in->counters[1].counter, "Verf\xC3\xBCgbare MB");
    cr_assert_eq(g.nrows, 1);
    cr_assert_eq(g.local[0], T(2024, 3, 4, 5, 6, 7, 80));
    cr_assert_eq(g.v[0][0], 1.5);
    cr_assert_eq(g.v[0][1], 2.0);
    done(&g);
}

Test(csv, utf16le)
{
    check_german("utf16le.csv", "utf-16le");
}
Test(csv, utf16be)
{
    check_german("utf16be.csv", "utf-16be");
}
Test(csv, utf8_bom)
{
    check_german("utf8bom.csv", "utf-8");
}

Test(csv, cp1252_names)
{
    got g;
    read_all("cp1252.csv", 0, NULL, &g);
    const ps_log_info *in = ps_log_info_get(g.log);
    cr_assert_str_eq(in->encoding, "cp1252");
    /* 0xE9 -> U+00E9, 0x80 -> U+20AC */
    cr_assert_str_eq(in->counters[0].counter, "% temps privil\xC3\xA9gi\xC3\xA9 \xE2\x82\xAC");
    cr_assert_eq(g.v[0][0], 3.25);
    done(&g);
}

Test(csv, cp850_names)
{
    got g;
    read_all("cp850.csv", 0, NULL, &g);
    const ps_log_info *in = ps_log_info_get(g.log);
    cr_assert_str_eq(in->encoding, "cp850");
    /* 0x84 -> U+00E4, 0x81 -> U+00FC */
    cr_assert_str_eq(in->counters[0].object, "Datentr\xC3\xA4ger");
    cr_assert_str_eq(in->counters[0].counter, "Schreibvorg\xC3\xA4nge/s f\xC3\xBCr Pr\xC3\xBC"
                                              "fung");
    cr_assert_eq(g.v[0][0], 7.0);
    done(&g);
}

Test(csv, decimal_comma)
{
    got g;
    read_all("comma.csv", 0, NULL, &g);
    cr_assert_eq(g.nrows, 2);
    cr_assert_eq(g.v[0][0], 9.0);
    cr_assert_eq(g.v[0][1], 5.036);
    cr_assert(isnan(g.v[0][2]));
    cr_assert_eq(g.v[1][0], 0.8);
    cr_assert_eq(g.v[1][1], -1.5);
    cr_assert_eq(g.v[1][2], 12.0);
    done(&g);
}

Test(csv, typeperf_console_lines)
{
    got g;
    read_all("typeperf.csv", 0, NULL, &g);
    const ps_log_info *in = ps_log_info_get(g.log);
    cr_assert_null(in->timezone);
    cr_assert_eq(in->has_bias, 0);
    cr_assert_eq(g.nrows, 2);
    cr_assert_eq(g.line[0], 3); /* line 1 is blank */
    cr_assert_eq(g.utc[1], g.local[1]);
    cr_assert_eq(g.local[1], T(2024, 6, 7, 8, 9, 11, 111));
    cr_assert_eq(g.v[1][0], 2.5);
    cr_assert_eq(g.w.n, 1);
    cr_assert(strstr(g.w.msgs[0], "skipped 2 console message line(s), first at line 6"), "%s", g.w.msgs[0]);
    done(&g);
}

Test(csv, tagless_duplicate_no_final_newline)
{
    got g;
    read_all("tagless.csv", 0, NULL, &g);
    const ps_log_info *in = ps_log_info_get(g.log);
    cr_assert_str_eq(in->timezone, "Pacific Daylight Time");
    cr_assert_eq(in->bias_minutes, 420);
    cr_assert_eq(in->ncounters, 2);
    cr_assert_str_eq(in->header[0], in->header[1]);
    cr_assert_eq(g.nrows, 2);
    cr_assert_eq(g.utc[1], T(2008, 7, 8, 18, 36, 52, 794));
    cr_assert_eq(g.v[1][0], 3.0);
    cr_assert_eq(g.v[1][1], 4.0);
    done(&g);
}

Test(csv, lenient_counts_bad_rows)
{
    got g;
    read_all("lenient.csv", 1, NULL, &g);
    /* line 3 (2 fields) and line 5 (bad date) skipped; line 4 kept with "4x" missing */
    cr_assert_eq(g.nrows, 3);
    cr_assert_eq(g.line[0], 2);
    cr_assert_eq(g.line[1], 4);
    cr_assert_eq(g.line[2], 6);
    cr_assert(isnan(g.v[1][0]));
    cr_assert_eq(g.v[1][1], 5.0);
    cr_assert_eq(g.v[2][0], 8.0);
    cr_assert_eq(ps_log_bad_rows(g.log), 3);
    done(&g);
}

Test(csv, filter_view)
{
    ps_filter *f = ps_filter_new();
    ps_error err;
    cr_assert_eq(ps_filter_add(f, "\\Net(*)\\*", &err), 0);
    cr_assert_eq(ps_filter_add(f, "\\\\*\\memory\\available mbytes", &err), 0);
    got g;
    read_all("basic.csv", 0, f, &g);
    const ps_log_info *in = ps_log_info_get(g.log);
    cr_assert_eq(in->ncounters, 2);
    cr_assert_str_eq(in->counters[0].object, "Memory");
    cr_assert_str_eq(in->counters[1].object, "Net");
    cr_assert(isnan(g.v[0][0]));
    cr_assert_eq(g.v[0][1], 1000.0);
    cr_assert_eq(g.v[1][0], 42.0);
    cr_assert_eq(g.v[1][1], -0.25);
    done(&g);
    ps_filter_free(f);
}
