/* Unit tests: render/ts (ps_ts.h). Names: each expected text derived by hand from the rule in
 * docs/readme/fleet.md. Writer: the OpenMetrics output is the same whether the rows stay in
 * memory or go through the temporary file in blocks of 1, 3 or 7 rows, and holds exactly the
 * values given (counted and read back); Influx points skip missing values. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ps_ts.h"

typedef struct name_case {
    const char *path, *metric, *labels, *measurement, *tags, *field;
} name_case;

static const name_case names[] = {
    {"\\\\MBX01\\Processor(_Total)\\% Processor Time", "perfmon_processor_percent_processor_time",
     "{machine=\"MBX01\",instance=\"_Total\"}", "Processor", ",instance=_Total,machine=MBX01", "%\\ Processor\\ Time"},
    {"\\\\H\\LogicalDisk(C:)\\Avg. Disk sec/Read", "perfmon_logicaldisk_avg_disk_seconds_per_read",
     "{machine=\"H\",instance=\"C:\"}", "LogicalDisk", ",instance=C:,machine=H", "Avg.\\ Disk\\ sec/Read"},
    {"\\Memory\\Pages/sec", "perfmon_memory_pages_per_second", "", "Memory", "", "Pages/sec"},
    {"\\\\H\\Thread(w3wp/12#1)\\Context Switches/sec", "perfmon_thread_context_switches_per_second",
     "{machine=\"H\",instance=\"12\",parent=\"w3wp\",index=\"1\"}", "Thread",
     ",index=1,instance=12,machine=H,parent=w3wp", "Context\\ Switches/sec"},
    /* "seconds" is a word, "Second" in a longer word is not */
    {"\\\\H\\Web Service(_Total)\\Bytes Received/sec", "perfmon_web_service_bytes_received_per_second",
     "{machine=\"H\",instance=\"_Total\"}", "Web\\ Service", ",instance=_Total,machine=H", "Bytes\\ Received/sec"},
    {"\\\\H\\X\\Secondary sec", "perfmon_x_secondary_seconds", "{machine=\"H\"}", "X", ",machine=H", "Secondary\\ sec"},
    /* Latin-1 letters spelled in ASCII, other characters one '_' */
    {"\\\\FS01\\Logischer Datentr\xc3\xa4ger(C:)\\Mittlere Sek./Lesevorg\xc3\xa4nge",
     "perfmon_logischer_datentraeger_mittlere_sek_per_lesevorgaenge", "{machine=\"FS01\",instance=\"C:\"}",
     "Logischer\\ Datentr\xc3\xa4ger", ",instance=C:,machine=FS01", "Mittlere\\ Sek./Lesevorg\xc3\xa4nge"},
    {"\\\\H\\\xe5\x87\xa6\xe7\x90\x86\xe5\x99\xa8(0)\\# Threads", "perfmon_unnamed_number_threads",
     "{machine=\"H\",instance=\"0\"}", "\xe5\x87\xa6\xe7\x90\x86\xe5\x99\xa8", ",instance=0,machine=H", "#\\ Threads"},
    /* escaping: a label value's quote and backslash; Influx's comma, equals sign and space */
    {"\\\\H\\A,B(x=\"1\\\\2\" y)\\C=D", "perfmon_a_b_c_d", "{machine=\"H\",instance=\"x=\\\"1\\\\\\\\2\\\" y\"}",
     "A\\,B", ",instance=x\\=\"1\\\\2\"\\ y,machine=H", "C\\=D"},
};

Test(ts, names_by_the_rule)
{
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const name_case *c = &names[i];
        ps_counter_path p;
        ps_error err = {0};
        cr_assert_eq(ps_path_parse(c->path, &p, &err), 0, "%s: %s", c->path, err.msg);
        ps_ts_names n;
        ps_ts_names_of(&p, &n);
        cr_expect_str_eq(n.metric, c->metric, "%s", c->path);
        cr_expect_str_eq(n.labels, c->labels, "%s", c->path);
        cr_expect_str_eq(n.measurement, c->measurement, "%s", c->path);
        cr_expect_str_eq(n.tags, c->tags, "%s", c->path);
        cr_expect_str_eq(n.field, c->field, "%s", c->path);
        ps_ts_names_fini(&n);
        ps_path_fini(&p);
    }
}

Test(ts, format_names)
{
    cr_expect_eq(ps_ts_format_parse("openmetrics"), PS_TS_OPENMETRICS);
    cr_expect_eq(ps_ts_format_parse("influx"), PS_TS_INFLUX);
    cr_expect_eq(ps_ts_format_parse("csv"), 0);
    cr_expect_eq(ps_ts_format_parse(NULL), 0);
    cr_expect(ps_influx_is_url("influx://h:1/db"));
    cr_expect(!ps_influx_is_url("influxs://h/db"));
}

static int to_buf(void *ctx, const char *text, size_t len, size_t lines, ps_error *err)
{
    (void)lines, (void)err;
    ps_buf_put(ctx, text, len);
    return 0;
}

#define NROWS 20
#define NCOLS 3
static const char *const cells[NCOLS] = {"\\\\H\\P(0)\\C", "\\\\H\\P(1)\\C", "\\\\H\\M\\Free"};

static double value_at(size_t r, size_t j)
{
    if ((r + j) % 5 == 0)
        return NAN; /* a missing value now and then */
    return (double)(r * 10 + j) / 8; /* exact in binary, so the text reads back exactly */
}

/* The OpenMetrics text of the NROWS x NCOLS table with blocks of `rows` (0: the default). */
static char *openmetrics(size_t rows, uint64_t *count)
{
    ps_buf out = {0};
    ps_error err = {0};
    ps_ts_sink sink = {to_buf, &out};
    ps_ts_writer *tw = ps_ts_writer_new(PS_TS_OPENMETRICS, cells, NCOLS, sink, 0, NULL, &err);
    cr_assert(tw, "%s", err.msg);
    if (rows)
        ps_ts_writer_set_block_rows(tw, rows);
    for (size_t r = 0; r < NROWS; r++) {
        double v[NCOLS];
        for (size_t j = 0; j < NCOLS; j++)
            v[j] = value_at(r, j);
        cr_assert_eq(ps_ts_writer_row(tw, (ps_time)1700000000000 + (ps_time)r * 15250, v, &err), 0, "%s", err.msg);
    }
    cr_assert_eq(ps_ts_writer_finish(tw, &err), 0, "%s", err.msg);
    *count = ps_ts_writer_count(tw);
    ps_ts_writer_free(tw);
    return ps_buf_steal(&out);
}

Test(ts, openmetrics_spill_blocks_change_nothing)
{
    uint64_t n0, n;
    char *mem = openmetrics(0, &n0);
    size_t expect = 0;
    for (size_t r = 0; r < NROWS; r++)
        for (size_t j = 0; j < NCOLS; j++)
            expect += !isnan(value_at(r, j));
    cr_assert_eq(n0, expect);
    static const size_t blocks[] = {1, 3, 7, NROWS, NROWS + 1};
    for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++) {
        char *spilled = openmetrics(blocks[b], &n);
        cr_expect_str_eq(spilled, mem, "blocks of %zu rows", blocks[b]);
        cr_expect_eq(n, n0);
        free(spilled);
    }
    /* every sample read back: series P(1) in time order with its values */
    const char *line = mem;
    size_t seen = 0;
    ps_time last = 0;
    while ((line = strstr(line, "perfmon_p_c{machine=\"H\",instance=\"1\"} ")) != NULL) {
        double v, secs;
        cr_assert_eq(sscanf(line + strlen("perfmon_p_c{machine=\"H\",instance=\"1\"} "), "%lf %lf", &v, &secs), 2);
        ps_time t = (ps_time)llround(secs * 1000);
        size_t r = (size_t)((t - 1700000000000) / 15250);
        cr_expect(t > last);
        cr_expect_eq(v, value_at(r, 1), "row %zu", r);
        last = t;
        seen++;
        line++;
    }
    cr_expect_eq(seen, (size_t)(NROWS - NROWS / 5));
    cr_expect(strstr(mem, "# EOF\n") && strcmp(strstr(mem, "# EOF\n"), "# EOF\n") == 0);
    free(mem);
}

Test(ts, influx_points_skip_missing_values)
{
    ps_buf out = {0};
    ps_error err = {0};
    ps_ts_sink sink = {to_buf, &out};
    ps_ts_writer *tw = ps_ts_writer_new(PS_TS_INFLUX, cells, NCOLS, sink, 2, NULL, &err);
    cr_assert(tw);
    double all_missing[NCOLS] = {NAN, NAN, NAN}, some[NCOLS] = {1, NAN, 2.5};
    cr_assert_eq(ps_ts_writer_row(tw, 1000, all_missing, &err), 0);
    cr_assert_eq(ps_ts_writer_row(tw, -1, some, &err), 0);
    cr_assert_eq(ps_ts_writer_finish(tw, &err), 0);
    cr_expect_str_eq(out.data, "P,instance=0,machine=H C=1 -1000000\nM,machine=H Free=2.5 -1000000\n");
    cr_expect_eq(ps_ts_writer_count(tw), 2);
    ps_ts_writer_free(tw);
    ps_buf_fini(&out);
}
