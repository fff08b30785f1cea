/* blg_samples.h - synthetic .blg scenarios (our own bytes) shared by tests/unit/test_blg*.c and
 * the fuzz seed generator. Values are chosen so that every cooked number is easy by hand. */
#ifndef BLG_SAMPLES_H
#define BLG_SAMPLES_H

#include "blg_build.h"

/* Layout B scenario "synth_b": 4 records, 1 s apart from 01/15/2020 10:00:00.000 (Pacific,
 * standard time). Entries:
 *   0 \\HOST\disk\bytes/sec        PERF_COUNTER_BULK_COUNT, F = 1000, X = 1000 i^2, Y = 1000 + 1000 i
 *   1 \\HOST\memory\% used         PERF_RAW_FRACTION, X = 25 + i, B = 200; status bad in record 2
 *   2 \\HOST\net(*)\packets/sec    PERF_COUNTER_COUNTER wildcard, F = 1000, same Y as entry 0:
 *        record 0: a (X 0), b (X 0); 1: a 10, b 100, c 5; 2: b 200, c 10; 3: c 15, a 30, b 300
 *   3 \\HOST\odd\thing             unknown type 0x12345678 (a warning, always blank)
 * Expected columns: disk, memory, net(a), net(b), net(c), odd. */
typedef struct synth_opts {
    int ptr8; /* 64-bit headers (else 32-bit) */
    uint32_t S; /* buffer size */
    size_t part; /* record part size (8000 = PDH; smaller forces multi-part records) */
    const char *net_b; /* name of instance b (to test UTF-16 surrogates) */
} synth_opts;

static void synth_b(ps_buf *out, const synth_opts *o)
{
    bb f;
    bb_begin(&f, o->S, o->ptr8, 480, "@tzres.dll,-212", "@tzres.dll,-211", 1);
    ps_buf l = {0};
    bb_list_begin(&l);
    bb_entry(&l, 0, 0x10410500u, 1000, -4, "\\\\HOST", "disk", NULL, NULL, "bytes/sec");
    bb_entry(&l, 0, 0x20020400u, 1000, 0, "\\\\HOST", "memory", NULL, NULL, "% used");
    bb_entry(&l, 1, 0x10410400u, 1000, 0, "\\\\HOST", "net", "*", NULL, "packets/sec");
    bb_entry(&l, 0, 0x12345678u, 1000, 0, "\\\\HOST", "odd", NULL, NULL, "thing");
    bb_record_parts(&f, 0x20, bb_ft(2020, 1, 15, 10, 0, 0, 0), &l, o->part);
    ps_buf_fini(&l);
    const char *b = o->net_b ? o->net_b : "b";
    for (int i = 0; i < 4; i++) {
        uint64_t ft = bb_ft(2020, 1, 15, 10, 0, i, 0);
        ps_buf d = {0};
        bb_data_begin(&d);
        int64_t y = 1000 + 1000 * i;
        bb_value(&d, 0, ft, 1000LL * i * i, y, 0);
        bb_value(&d, i == 2 ? 0x800007D0u : 0, ft, i == 2 ? 0 : 25 + i, i == 2 ? 0 : 200, 0);
        const char *n0[] = {"a", b}, *n1[] = {"a", b, "c"}, *n2[] = {b, "c"}, *n3[] = {"c", "a", b};
        int64_t x0[] = {0, 0}, x1[] = {10, 100, 5}, x2[] = {200, 10}, x3[] = {15, 30, 300};
        int64_t ys[] = {y, y, y};
        const char *const *names[] = {n0, n1, n2, n3};
        const int64_t *xs[] = {x0, x1, x2, x3};
        size_t ns[] = {2, 3, 2, 3};
        bb_array(&d, ft, ns[i], names[i], xs[i], ys);
        bb_value(&d, 0, ft, 7, 7, 0);
        bb_data_end(&d);
        bb_record_parts(&f, 0x22, ft, &d, o->part);
        ps_buf_fini(&d);
    }
    bb_finish(&f);
    ps_buf_put(out, f.file.data, f.file.len);
    bb_free(&f);
}

/* Layout A scenario "synth_a": name table, one whole-object entry \\HOST\Proc(*)\*, 3 records at
 * 10 s. Object clock 10 MHz; block ticks F = 1000. Counters (titles):
 *   10 "% Time"    PERF_100NSEC_TIMER (X in 100 ns, Y = PerfTime100nSec)
 *   12 "Ops/sec"   PERF_COUNTER_COUNTER (Y = PerfTime ticks, F = PerfFreq)
 *   14 "% Busy"    PERF_PRECISION_100NS_TIMER with base 16 (PERF_LARGE_RAW_BASE, hidden)
 *   18 "Up"        PERF_ELAPSED_TIME (Y = object time, F = object freq)
 * Instances: record 0: x, y, y; record 1: x, y, y; record 2: y, y (x gone). */
static void synth_a(ps_buf *out, int ptr8, uint32_t S)
{
    bb f;
    bb_begin(&f, S, ptr8, 300, "@tzres.dll,-112", "@tzres.dll,-111", 1);
    ps_buf n = {0};
    const char *pairs[] = {"1",       "20", "9",      "Proc", "10",        "% Time", "12",
                           "Ops/sec", "14", "% Busy", "16",   "Busy Base", "18",     "Up"};
    bb_names(&n, "\\\\HOST", 7, pairs);
    bb_record(&f, 0x24, bb_ft(2020, 7, 1, 12, 0, 0, 0), &n);
    ps_buf_fini(&n);
    ps_buf l = {0};
    bb_list_begin(&l);
    bb_entry(&l, 0x10, 0x10, 0, 0, "\\\\HOST", "Proc", "*", NULL, "*");
    bb_record(&f, 0x20, bb_ft(2020, 7, 1, 12, 0, 0, 0), &l);
    ps_buf_fini(&l);
    static const uint32_t ctitle[] = {10, 12, 14, 16, 18};
    static const uint32_t ctype[] = {0x20510500u, 0x10410400u, 0x20570500u, 0x40030500u, 0x30240500u};
    static const uint32_t csize[] = {8, 4, 8, 8, 8};
    for (int i = 0; i < 3; i++) {
        uint64_t ft = bb_ft(2020, 7, 1, 12, 0, 10 * i, 0);
        /* per instance: %Time X, Ops X, Busy X, Busy base, Up start */
        int64_t data[3 * 5];
        const char *inst3[] = {"x", "y", "y"}, *inst2[] = {"y", "y"};
        for (int k = 0; k < 3; k++) {
            int64_t *d = data + 5 * k;
            d[0] = (int64_t)(k + 1) * 10000000 * i; /* k+1 seconds of 100 ns per 10 s step */
            d[1] = (int64_t)(k + 1) * 50 * i; /* 5 (k+1) ops per second */
            d[2] = (int64_t)25000000 * i; /* 2.5 s per 10 s */
            d[3] = 1000000000 + (int64_t)100000000 * i; /* 10 s of 100 ns per step */
            d[4] = 0;
        }
        ps_buf d = {0};
        bb_data_begin(&d);
        bb_obj ob = {9,
                     1000 + 10000 * i,
                     1000,
                     1000000000 + 100000000LL * i,
                     50000000 + 100000000LL * i,
                     10000000,
                     5,
                     ctitle,
                     ctype,
                     csize,
                     i < 2 ? 3 : 2,
                     i < 2 ? inst3 : inst2,
                     i < 2 ? data : data + 5};
        bb_object(&d, &ob);
        bb_data_end(&d);
        bb_record(&f, 0x22, ft, &d);
        ps_buf_fini(&d);
    }
    bb_finish(&f);
    ps_buf_put(out, f.file.data, f.file.len);
    bb_free(&f);
}

#endif
