/* Unit tests: the .blg reader on synthetic files built byte by byte (tests/unit/blg_build.h):
 * layout B and A values, instances that come and go, time zone, and hostile files. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "blg_internal.h"
#include "blg_samples.h"

#define MAXR 16
#define MAXC 16

typedef struct got {
    int rc; /* open status */
    ps_error err;
    ps_warnings w;
    size_t nrows, ncols;
    double v[MAXR][MAXC];
    ps_time local[MAXR], utc[MAXR];
    char paths[MAXC][128];
    char zone[64];
    int bias, has_bias;
    uint64_t missing, bad_values, bad_records;
    int next_rc;
} got;

static const char *tmpfile_of(const char *name, const ps_buf *b)
{
    static char path[512];
    snprintf(path, sizeof path, "%s/test_blg_%s.blg", PS_BINARY_DIR, name);
    FILE *fp = fopen(path, "wb");
    cr_assert_not_null(fp);
    if (b->len)
        fwrite(b->data, 1, b->len, fp);
    fclose(fp);
    return path;
}

static void read_file(const char *name, const ps_buf *b, int lenient, got *g)
{
    memset(g, 0, sizeof *g);
    const char *path = tmpfile_of(name, b);
    ps_log_options opt = {NULL, lenient, &g->w, NULL};
    ps_log *log;
    g->rc = ps_log_open(path, &opt, &log, &g->err);
    if (g->rc)
        return;
    const ps_log_info *info = ps_log_info_get(log);
    g->ncols = info->ncounters;
    for (size_t i = 0; i < info->ncounters && i < MAXC; i++)
        snprintf(g->paths[i], sizeof g->paths[i], "%s", info->header[i]);
    snprintf(g->zone, sizeof g->zone, "%s", info->timezone ? info->timezone : "");
    g->bias = info->bias_minutes;
    g->has_bias = info->has_bias;
    ps_row row;
    while ((g->next_rc = ps_log_next(log, &row, &g->err)) == 1 && g->nrows < MAXR) {
        for (size_t i = 0; i < row.nvalues && i < MAXC; i++)
            g->v[g->nrows][i] = row.values[i];
        g->local[g->nrows] = row.local;
        g->utc[g->nrows] = row.utc;
        g->nrows++;
    }
    g->missing = ps_log_missing_values(log);
    blg_log_stats(log, &g->bad_values, &g->bad_records);
    ps_log_close(log);
}

static int has_warning(const got *g, const char *needle)
{
    for (size_t i = 0; i < g->w.n; i++)
        if (strstr(g->w.msgs[i], needle))
            return 1;
    return 0;
}

static void eqv(double got_v, double want, size_t r, size_t c)
{
    if (isnan(want))
        cr_assert(isnan(got_v), "row %zu col %zu: %g, expected missing", r, c, got_v);
    else
        cr_assert(got_v == want, "row %zu col %zu: %.17g, expected %.17g", r, c, got_v, want);
}

static void check_synth_b(const got *g)
{
    cr_assert_eq(g->rc, 0, "%s", g->err.msg);
    cr_assert_eq(g->nrows, 4);
    cr_assert_eq(g->ncols, 6);
    cr_assert_str_eq(g->paths[0], "\\\\HOST\\disk\\bytes/sec");
    cr_assert_str_eq(g->paths[1], "\\\\HOST\\memory\\% used");
    cr_assert_str_eq(g->paths[2], "\\\\HOST\\net(a)\\packets/sec");
    cr_assert_str_eq(g->paths[4], "\\\\HOST\\net(c)\\packets/sec");
    cr_assert_str_eq(g->paths[5], "\\\\HOST\\odd\\thing");
    cr_assert_str_eq(g->zone, "Pacific Standard Time");
    cr_assert_eq(g->bias, 480);
    const double N = NAN;
    /* disk: dX = 1000 (2i-1) over 1 s; memory: (25+i)/200*100, bad in row 2; net: see blg_samples.h */
    const double want[4][6] = {
        {N, 12.5, N, N, N, N},
        {1000, 13, 10, 100, N, N},
        {3000, N, N, 100, 5, N},
        {5000, 14.000000000000002, N, 100, 5, N}, /* (28/200)*100: 0.14 is not exact in binary */
    };
    for (size_t r = 0; r < 4; r++)
        for (size_t c = 0; c < 6; c++)
            eqv(g->v[r][c], want[r][c], r, c);
    for (size_t r = 0; r < 4; r++) {
        cr_assert_eq(g->local[r], ps_time_from_fields(2020, 1, 15, 10, 0, (int)r, 0));
        cr_assert_eq(g->utc[r], ps_time_from_fields(2020, 1, 15, 18, 0, (int)r, 0)); /* +480 min */
    }
    cr_assert_eq(g->missing, 5 + 2 + 3 + 2); /* NaN cells per row above */
    cr_assert_eq(g->bad_values, 1);
    cr_assert_eq(g->bad_records, 1);
    cr_assert(has_warning(g, "unknown counter type 0x12345678"));
}

Test(blg, layout_b_64bit)
{
    ps_buf b = {0};
    synth_opts o = {1, 2048, 8000, NULL};
    synth_b(&b, &o);
    got g;
    read_file("b64", &b, 0, &g);
    check_synth_b(&g);
    ps_warnings_fini(&g.w);
    ps_buf_fini(&b);
}

Test(blg, layout_b_32bit_multipart)
{
    ps_buf b = {0};
    synth_opts o = {0, 1024, 40, NULL}; /* every record in 40-byte parts, across buffers */
    synth_b(&b, &o);
    got g;
    read_file("b32", &b, 0, &g);
    check_synth_b(&g);
    ps_warnings_fini(&g.w);
    ps_buf_fini(&b);
}

Test(blg, utf16_surrogates)
{
    ps_buf b = {0};
    synth_opts o = {1, 2048, 8000, "\xF0\x9F\x98\x80 x"}; /* U+1F600 as a surrogate pair */
    synth_b(&b, &o);
    got g;
    read_file("utf16", &b, 0, &g);
    cr_assert_eq(g.rc, 0);
    cr_assert_str_eq(g.paths[3], "\\\\HOST\\net(\xF0\x9F\x98\x80 x)\\packets/sec");
    ps_warnings_fini(&g.w);
    ps_buf_fini(&b);
    /* an unpaired high surrogate becomes U+FFFD */
    const unsigned char w[] = {0x41, 0, 0x00, 0xD8, 0x42, 0, 0, 0};
    char *s = blg_utf16_dup(w, sizeof w);
    cr_assert_str_eq(s, "A\xEF\xBF\xBD"
                        "B");
    free(s);
    cr_assert_null(blg_utf16_dup(w, 6)); /* no NUL inside the bound */
}

Test(blg, layout_a_objects)
{
    ps_buf b = {0};
    synth_a(&b, 0, 2048);
    got g;
    read_file("a", &b, 0, &g);
    cr_assert_eq(g.rc, 0, "%s", g.err.msg);
    cr_assert_eq(g.ncols, 12);
    cr_assert_eq(g.nrows, 3);
    cr_assert_str_eq(g.paths[0], "\\\\HOST\\Proc(x)\\% Time");
    cr_assert_str_eq(g.paths[2], "\\\\HOST\\Proc(x)\\% Busy"); /* its base is hidden */
    cr_assert_str_eq(g.paths[3], "\\\\HOST\\Proc(x)\\Up");
    cr_assert_str_eq(g.paths[4], "\\\\HOST\\Proc(y)\\% Time");
    cr_assert_str_eq(g.paths[8], "\\\\HOST\\Proc(y#1)\\% Time"); /* duplicate instance name */
    cr_assert_str_eq(g.zone, "Eastern Daylight Time"); /* July: daylight time */
    cr_assert_eq(g.bias, 240);
    cr_assert_eq(g.utc[0] - g.local[0], 240 * 60000);
    const double N = NAN;
    /* % Time: (k+1) 1e7 / 1e8 * 100; Ops: 50 (k+1) / (10000/1000); Busy 2.5e7/1e8*100;
     * Up: (5e7 + 1e8 i) / 1e7 s. x disappears in row 2. */
    const double want[3][12] = {
        {N, N, N, 5, N, N, N, 5, N, N, N, 5},
        {10, 5, 25, 15, 20, 10, 25, 15, 30, 15, 25, 15},
        {N, N, N, N, 20, 10, 25, 25, 30, 15, 25, 25},
    };
    for (size_t r = 0; r < 3; r++)
        for (size_t c = 0; c < 12; c++)
            eqv(g.v[r][c], want[r][c], r, c);
    ps_warnings_fini(&g.w);
    ps_buf_fini(&b);
}

Test(blg, time_zone_rules)
{
    blg_tz tz = {0};
    tz.bias = 480;
    tz.dst_bias = -60;
    uint16_t dst[8] = {0, 3, 0, 2, 2, 0, 0, 0}, std[8] = {0, 11, 0, 1, 2, 0, 0, 0};
    memcpy(tz.dst_date, dst, sizeof dst);
    memcpy(tz.std_date, std, sizeof std);
    /* 2020: DST from Sunday March 8 02:00 to Sunday November 1 02:00 (US rules) */
    cr_assert(!blg_tz_is_dst(&tz, ps_time_from_fields(2020, 3, 8, 1, 59, 59, 0)));
    cr_assert(blg_tz_is_dst(&tz, ps_time_from_fields(2020, 3, 8, 3, 0, 0, 0)));
    cr_assert(blg_tz_is_dst(&tz, ps_time_from_fields(2020, 11, 1, 1, 59, 0, 0)));
    cr_assert(!blg_tz_is_dst(&tz, ps_time_from_fields(2020, 11, 1, 2, 0, 0, 0)));
    cr_assert_eq(blg_tz_offset(&tz, ps_time_from_fields(2020, 7, 1, 0, 0, 0, 0)), 420);
    cr_assert_eq(blg_tz_offset(&tz, ps_time_from_fields(2020, 1, 1, 0, 0, 0, 0)), 480);
    /* 2021: 5th (= last) Sunday of October (southern-style rule reversed) */
    uint16_t last[8] = {0, 10, 0, 5, 3, 0, 0, 0};
    memcpy(tz.std_date, last, sizeof last);
    cr_assert(blg_tz_is_dst(&tz, ps_time_from_fields(2021, 10, 31, 2, 0, 0, 0))); /* Oct 31 2021 is a Sunday */
    cr_assert(!blg_tz_is_dst(&tz, ps_time_from_fields(2021, 10, 31, 3, 0, 0, 0)));
    cr_assert_str_eq(blg_tz_mui_name("@tzres.dll,-212"), "Pacific Standard Time");
    cr_assert_null(blg_tz_mui_name("@tzres.dll,-9999"));
    cr_assert_null(blg_tz_mui_name("Pacific Standard Time"));
    cr_assert_eq(blg_ft_to_ms(116444736000000000ULL + 15000), 1); /* 1.5 ms floors to 1 */
}

/* ------------------------------------------------------------------ hostile and damaged files */
static void synth(ps_buf *b, int ptr8, uint32_t S, size_t part)
{
    synth_opts o = {ptr8, S, part, NULL};
    synth_b(b, &o);
}

static char *find(const ps_buf *b, const char *needle, size_t n)
{
    for (size_t i = 0; i + n <= b->len; i++)
        if (memcmp(b->data + i, needle, n) == 0)
            return b->data + i;
    return NULL;
}

static void expect_einput(const char *name, const ps_buf *b, const char *needle)
{
    got g;
    read_file(name, b, 0, &g);
    int rc = g.rc ? g.rc : (g.next_rc < 0 ? -g.next_rc : 0);
    cr_assert_eq(rc, PS_EINPUT, "%s: rc %d (%s)", name, rc, g.err.msg);
    if (needle)
        cr_assert(strstr(g.err.msg, needle), "%s: message '%s' lacks '%s'", name, g.err.msg, needle);
    ps_warnings_fini(&g.w);
    /* lenient mode: never crashes, whatever it makes of the file */
    read_file(name, b, 1, &g);
    ps_warnings_fini(&g.w);
}

Test(blg_hostile, event_length_past_used)
{
    ps_buf b = {0};
    synth(&b, 1, 2048, 8000);
    bb_set32(&b, 2048 + 0x48, 0xC014FFF0u); /* size 0xFFF0, type 0x14, flags 0xC0 */
    expect_einput("len_past", &b, "does not fit");
    ps_buf_fini(&b);
}

/* --lenient: the damaged buffer is skipped with a warning, the samples of the other buffers stay */
Test(blg_hostile, lenient_skips_damaged_buffer)
{
    ps_buf b = {0};
    synth(&b, 1, 1024, 8000); /* 1 KiB buffers: the counter list and each record apart */
    size_t last = b.len - 1024;
    bb_set32(&b, last + 0x48, 0xC014FFF0u); /* the first event of the last buffer */
    got g;
    read_file("lenient", &b, 1, &g);
    cr_assert_eq(g.rc, 0, "%s", g.err.msg);
    cr_assert(g.nrows >= 1 && g.nrows < 4, "%zu rows", g.nrows);
    cr_assert(has_warning(&g, "does not fit its buffer (skipped)"));
    cr_assert(g.v[1][0] == 1000);
    ps_warnings_fini(&g.w);
    read_file("strict", &b, 0, &g);
    cr_assert_eq(g.rc, PS_EINPUT);
    ps_warnings_fini(&g.w);
    ps_buf_fini(&b);
}

Test(blg_hostile, zero_length_event_and_subrecord)
{
    ps_buf b = {0};
    synth(&b, 1, 2048, 8000);
    bb_set32(&b, 2048 + 0x48, 0xC0140000u); /* event size 0 */
    expect_einput("zero_event", &b, "does not fit");
    ps_buf_fini(&b);
    /* a data record whose first sub-record has length 0 */
    bb f;
    bb_begin(&f, 2048, 1, 0, "UTC", "UTC", 0);
    ps_buf l = {0}, d = {0};
    bb_list_begin(&l);
    bb_entry(&l, 0, 0x10000u, 1000, 0, "\\\\H", "o", NULL, NULL, "c");
    bb_record(&f, 0x20, 1, &l);
    bb_data_begin(&d);
    bb_u32(&d, 0x01034C42);
    bb_u32(&d, 0);
    bb_data_end(&d);
    bb_record(&f, 0x22, 2, &d);
    bb_finish(&f);
    expect_einput("zero_sub", &f.file, "sub-record");
    bb_free(&f);
    ps_buf_fini(&l);
    ps_buf_fini(&d);
}

Test(blg_hostile, parts_out_of_order)
{
    ps_buf b = {0};
    synth(&b, 1, 2048, 64); /* the counter list goes in 64-byte parts of 136-byte events */
    size_t e1 = 2048 + 0x48, e2 = e1 + 136;
    char tmp[136];
    memcpy(tmp, b.data + e1, 136);
    memcpy(b.data + e1, b.data + e2, 136);
    memcpy(b.data + e2, tmp, 136);
    expect_einput("order", &b, "out of order");
    ps_buf_fini(&b);
}

Test(blg_hostile, missing_middle_part)
{
    bb f;
    bb_begin(&f, 2048, 0, 0, "UTC", "UTC", 0);
    char frag[32] = {0};
    bb_event(&f, 0x20, 1, 1, 3, frag, sizeof frag);
    bb_event(&f, 0x20, 1, 3, 3, frag, sizeof frag);
    bb_finish(&f);
    expect_einput("middle", &f.file, "out of order");
    bb_free(&f);
}

Test(blg_hostile, huge_counts)
{
    /* part count far beyond the file */
    bb f;
    bb_begin(&f, 2048, 1, 0, "UTC", "UTC", 0);
    char frag[16] = {0};
    bb_event(&f, 0x20, 1, 1, 0xFFFFFFFFu, frag, sizeof frag);
    bb_finish(&f);
    expect_einput("nparts", &f.file, "parts");
    bb_free(&f);
    /* an instance array claiming 2^31 instances */
    ps_buf b = {0};
    synth(&b, 1, 2048, 8000);
    char *p = find(&b, "\x42\x4c\x03\x02", 4);
    cr_assert_not_null(p);
    bb_set32(&b, (size_t)(p - b.data) + 12, 0x7FFFFFFFu); /* tag, length, body length, N */
    expect_einput("ninst", &b, "instances");
    ps_buf_fini(&b);
    /* a counter-list entry longer than its record */
    ps_buf c = {0};
    synth(&c, 1, 2048, 8000);
    char *q = find(&c, "\xff\x06\x00\x00\x08\x00\x02\x00", 8);
    cr_assert_not_null(q);
    bb_set32(&c, (size_t)(q - c.data) + 8, 0x7FFFFFF8u);
    expect_einput("entrylen", &c, "outside its record");
    ps_buf_fini(&c);
}

Test(blg_hostile, object_instances_times_counters)
{
    /* layout A: 5 counters x 3 instances in a block; claim 60 instances instead: each would
     * need a definition and a counter block, which 60 * 5 values cannot fit */
    ps_buf b = {0};
    synth_a(&b, 0, 2048);
    char *p = find(&b, "P\0E\0R\0F\0", 8);
    cr_assert_not_null(p);
    size_t hl = (size_t)(unsigned char)p[0x18] | ((size_t)(unsigned char)p[0x19] << 8);
    bb_set32(&b, (size_t)(p - b.data) + hl + 0x28, 60); /* PERF_OBJECT_TYPE.NumInstances */
    expect_einput("objinst", &b, "instances of 5 counters");
    ps_buf_fini(&b);
}

Test(blg_hostile, string_offset_outside_entry)
{
    ps_buf b = {0};
    synth(&b, 1, 2048, 8000);
    char *q = find(&b, "\xff\x06\x00\x00\x08\x00\x02\x00", 8);
    cr_assert_not_null(q);
    bb_set32(&b, (size_t)(q - b.data) + 8 + 0x30, 0x10000); /* counter-name offset of entry 0 */
    expect_einput("stroff", &b, "string offset");
    ps_buf_fini(&b);
}

Test(blg_hostile, used_beyond_buffer)
{
    ps_buf b = {0};
    synth(&b, 1, 2048, 8000);
    bb_set32(&b, 2048 + 0x30, 2048 + 8);
    expect_einput("used", &b, "bytes-used");
    ps_buf_fini(&b);
}

Test(blg_hostile, not_blg_files)
{
    ps_buf b = {0};
    ps_buf_puts(&b, "\"(PDH-BIN 4.0)\" and some bytes");
    expect_einput("legacy", &b, "legacy PerfMon binary log");
    ps_buf_reset(&b);
    expect_einput("empty", &b, NULL);
    synth(&b, 1, 2048, 8000);
    b.len = 0x100; /* shorter than one buffer: the header is cut */
    expect_einput("short", &b, "too short");
    ps_buf_fini(&b);
    /* an ETW file with only the header buffer */
    bb f;
    bb_begin(&f, 2048, 1, 0, "UTC", "UTC", 0);
    bb_finish(&f);
    expect_einput("nopdh", &f.file, "without PerfMon counter data");
    bb_free(&f);
    unsigned char head[0x6C] = {0};
    cr_assert(!blg_probe_head(head, sizeof head));
    cr_assert(blg_probe_head((const unsigned char *)"(PDH-BIN 4.0)", 13));
}

/* No counter list before the end: the message says where the file ends (after how many buffers
 * of S = 2048 bytes), what it holds and why; the numbers from the synthetic file's own length. */
Test(blg_hostile, no_counter_list_where_and_why)
{
    ps_buf b = {0};
    synth(&b, 1, 2048, 8000);
    size_t whole = b.len / 2048;
    cr_assert_gt(whole, 1);
    b.len = 2048; /* cut at exactly one buffer: the header buffer */
    expect_einput("cut1", &b,
                  "ETW trace without PerfMon counter data: the file ends at byte 2048 (0x800) after 1 ETW buffer of "
                  "2048 bytes, holding only the log-file header: no counter list record (PDH event type 0x20); is the "
                  "file truncated?");
    /* the header's BuffersWritten (TRACE_LOGFILE_HEADER + 0x24, file offset 0x68 + 0x24) counts more */
    bb_set32(&b, 0x68 + 0x24, (uint32_t)whole);
    char want[400];
    snprintf(want, sizeof want, "; the file is truncated: its header counts %zu buffers written", whole);
    expect_einput("cut1n", &b, want);
    b.len = 1000; /* inside the header buffer */
    snprintf(want, sizeof want,
             "ends at byte 1000 (0x3e8) inside its first ETW buffer of 2048 bytes, holding only the log-file header: "
             "no counter list record (PDH event type 0x20); the file is truncated: its size is not a multiple of the "
             "buffer size, and its header counts %zu buffers written",
             whole);
    expect_einput("cut1k", &b, want);
    ps_buf_fini(&b);
}

/* Whole buffers of events of another provider (the PDH GUID changed in every event): an ETW
 * trace of another kind, with its event count. */
Test(blg_hostile, another_providers_trace)
{
    ps_buf b = {0};
    synth(&b, 1, 2048, 8000);
    size_t n = 0;
    for (char *p; (p = find(&b, (const char *)bb_pdh_guid, 16)) != NULL; n++)
        p[0] ^= 0x55;
    cr_assert_gt(n, 1);
    char want[300];
    snprintf(want, sizeof want,
             "the file ends at byte %zu (0x%zx) after %zu ETW buffers of 2048 bytes, holding %zu events, none from the "
             "PDH provider: no counter list record (PDH event type 0x20); an ETW trace of another provider, not a "
             "PerfMon log",
             b.len, b.len, b.len / 2048, n);
    expect_einput("otherprov", &b, want);
    ps_buf_fini(&b);
}

/* A data record before the counter list: named with its offset (the first event of buffer 1,
 * at 2048 + 0x48, is the list; its type made 0x22). */
Test(blg_hostile, data_before_counter_list)
{
    ps_buf b = {0};
    synth(&b, 1, 2048, 8000);
    cr_assert_eq((unsigned char)b.data[2048 + 0x48 + 4], 0x20);
    b.data[2048 + 0x48 + 4] = 0x22;
    expect_einput("datafirst", &b,
                  "ETW trace without PerfMon counter data: the data record (PDH event type 0x22) at offset 0x848 "
                  "comes before any counter list record");
    ps_buf_fini(&b);
}

/* ------------------------------------------------------------------ damaged but readable */
/* Regression (found by fuzz_blg): a bias near INT32_MAX overflowed bias + standard bias. */
Test(blg_damaged, time_zone_bias_out_of_range)
{
    ps_buf b = {0};
    synth(&b, 1, 2048, 8000);
    bb_set32(&b, 0x68 + 0x48 + 0x54, 2147483588u); /* StandardBias of the 64-bit header */
    got g;
    read_file("tzbias", &b, 0, &g);
    cr_assert_eq(g.rc, 0, "%s", g.err.msg);
    cr_assert_eq(g.nrows, 4);
    cr_assert(has_warning(&g, "bias in the file header is out of range"));
    cr_assert_eq(g.utc[0], g.local[0]);
    cr_assert_eq(g.has_bias, 0);
    ps_warnings_fini(&g.w);
    ps_buf_fini(&b);
}

Test(blg_damaged, truncated_file_keeps_whole_samples)
{
    ps_buf b = {0};
    synth(&b, 1, 1024, 8000); /* 1 KiB buffers: records spread over several buffers */
    size_t full = b.len;
    b.len = full - 1024 + 300; /* the last buffer is cut short */
    got g;
    read_file("trunc", &b, 0, &g);
    cr_assert_eq(g.rc, 0, "%s", g.err.msg);
    cr_assert(has_warning(&g, "truncated file"));
    cr_assert(g.nrows >= 1 && g.nrows < 4, "%zu rows", g.nrows);
    cr_assert(g.v[1][0] == 1000);
    ps_warnings_fini(&g.w);
    ps_buf_fini(&b);
}

/* The header's BuffersWritten counts more buffers than the file holds: cut at a buffer boundary,
 * read with a warning; a circular log (LogFileMode bit 0x2) may have written more than it keeps. */
Test(blg_damaged, header_counts_more_buffers)
{
    ps_buf b = {0};
    synth(&b, 1, 1024, 8000);
    size_t whole = b.len / 1024;
    bb_set32(&b, 0x68 + 0x24, (uint32_t)whole + 3); /* as if 3 more buffers were cut off */
    char want[200];
    snprintf(want, sizeof want,
             "truncated file: the log-file header counts %zu buffers written, the file holds %zu of 1024 bytes",
             whole + 3, whole);
    for (int circular = 0; circular < 2; circular++) {
        bb_set32(&b, 0x68 + 0x20, circular ? 0x2 : 0x1); /* LogFileMode */
        got g;
        read_file("bufcount", &b, 0, &g);
        cr_assert_eq(g.rc, 0, "%s", g.err.msg);
        cr_assert_eq(g.nrows, 4);
        cr_assert_eq(has_warning(&g, want), !circular, "circular %d", circular);
        ps_warnings_fini(&g.w);
    }
    ps_buf_fini(&b);
}

Test(blg_damaged, incomplete_record_at_end)
{
    bb f;
    synth_opts o = {1, 2048, 8000, NULL};
    ps_buf b = {0};
    synth_b(&b, &o);
    memset(&f, 0, sizeof f);
    f.S = 2048;
    f.ptr8 = 1;
    ps_buf_put(&f.file, b.data, b.len);
    char frag[100] = {0};
    bb_event(&f, 0x22, bb_ft(2020, 1, 15, 10, 0, 4, 0), 1, 2, frag, sizeof frag); /* part 2 never comes */
    bb_finish(&f);
    got g;
    read_file("incomplete", &f.file, 0, &g);
    cr_assert_eq(g.rc, 0, "%s", g.err.msg);
    cr_assert_eq(g.nrows, 4);
    cr_assert(has_warning(&g, "incomplete record at the end"));
    ps_warnings_fini(&g.w);
    bb_free(&f);
    ps_buf_fini(&b);
}

Test(blg_damaged, unknown_tag_and_event_type)
{
    bb f;
    bb_begin(&f, 2048, 1, 0, "UTC", "UTC", 0);
    ps_buf l = {0}, d = {0};
    bb_list_begin(&l);
    bb_entry(&l, 0, 0x10000u, 1000, 0, "\\\\H", "o", NULL, NULL, "c");
    bb_record(&f, 0x20, 1, &l);
    bb_record(&f, 0x30, 1, &l); /* an event type nobody knows */
    bb_data_begin(&d);
    bb_u32(&d, 0x09034C42); /* unknown tag, skipped by its length */
    bb_u32(&d, 16);
    bb_u64(&d, 0);
    bb_value(&d, 0, 2, 77, 0, 0);
    bb_data_end(&d);
    bb_record(&f, 0x22, bb_ft(2021, 5, 5, 5, 5, 5, 5), &d);
    bb_finish(&f);
    got g;
    read_file("unknowns", &f.file, 0, &g);
    cr_assert_eq(g.rc, 0, "%s", g.err.msg);
    cr_assert_eq(g.nrows, 1);
    cr_assert(g.v[0][0] == 77);
    cr_assert_str_eq(g.paths[0], "\\\\H\\o\\c");
    cr_assert_str_eq(g.zone, "UTC");
    cr_assert(has_warning(&g, "unknown sub-record tag 0x09034c42"));
    cr_assert(has_warning(&g, "unknown PDH event type 0x30"));
    ps_warnings_fini(&g.w);
    bb_free(&f);
    ps_buf_fini(&l);
    ps_buf_fini(&d);
}
