/* Unit tests: parser/log/blg/blg_cook.c - every row of the counter-type table with a hand-computed raw
 * pair (the arithmetic is in the comment of each line), plus first samples, wrap, bad inputs. */
#include <criterion/criterion.h>
#include <math.h>

#include "blg_internal.h"

/* Two-sample type: (x0,y0) -> (x1,y1) with time base f and multi count m. */
static double cook2(uint32_t type, int64_t x0, int64_t y0, int64_t x1, int64_t y1, uint64_t f, uint32_t m, int *res)
{
    blg_raw p = {1, x0, y0, f, m}, c = {1, x1, y1, f, m};
    double v;
    *res = blg_cook(type, &p, &c, &v);
    return v;
}

#define OK2(type, x0, y0, x1, y1, f, m, want)                                                         \
    do {                                                                                              \
        int r_;                                                                                       \
        double v_ = cook2(type, x0, y0, x1, y1, f, m, &r_);                                           \
        cr_assert_eq(r_, BLG_COOK_OK, "type 0x%08x: result %d", (unsigned)(type), r_);                \
        cr_assert(v_ == (want), "type 0x%08x: %.17g != %.17g", (unsigned)(type), v_, (double)(want)); \
        /* a two-sample type has no value without its previous sample */                              \
        blg_raw c_ = {1, x1, y1, f, m}, p_ = {0};                                                     \
        double w_;                                                                                    \
        if (blg_cook(type, &p_, &c_, &w_) != BLG_COOK_OK)                                             \
            cr_assert(isnan(w_));                                                                     \
    } while (0)

#define BAD2(type, x0, y0, x1, y1, f, m)                                                             \
    do {                                                                                             \
        int r_;                                                                                      \
        double v_ = cook2(type, x0, y0, x1, y1, f, m, &r_);                                          \
        cr_assert_eq(r_, BLG_COOK_BAD, "type 0x%08x: result %d value %g", (unsigned)(type), r_, v_); \
        cr_assert(isnan(v_));                                                                        \
    } while (0)

Test(cook, rates)
{
    OK2(0x10410400u, 100, 1000, 600, 3000, 1000, 0, 250.0); /* COUNTER: 500 / (2000/1000) = 250 */
    OK2(0x10410500u, 0, 0, 3000, 1500, 500, 0, 1000.0); /* BULK_COUNT: 3000 / (1500/500) = 1000 */
    OK2(0x00410400u, 10, 0, 40, 100, 100, 0, 30.0); /* SAMPLE_COUNTER: 30 / (100/100) = 30 */
}

Test(cook, timers)
{
    OK2(0x20410500u, 0, 0, 250, 1000, 1000, 0, 25.0); /* COUNTER_TIMER: 250/1000*100 = 25 */
    OK2(0x21410500u, 0, 0, 250, 1000, 1000, 0, 75.0); /* TIMER_INV: 100*(1-0.25) = 75 */
    OK2(0x20510500u, 0, 0, 5000000, 10000000, 10000000, 0, 50.0); /* 100NSEC_TIMER: 0.5*100 */
    OK2(0x21510500u, 0, 0, 2500000, 10000000, 10000000, 0, 75.0); /* 100NSEC_TIMER_INV: 100*(1-0.25) */
    OK2(0x20610500u, 3, 8, 4, 16, 10000000, 0, 12.5); /* OBJ_TIME_TIMER: 1/8*100 = 12.5 */
    OK2(0x20470500u, 0, 4, 3, 8, 0, 0, 75.0); /* PRECISION_SYSTEM: 3/4*100 */
    OK2(0x20570500u, 0, 0, 1000000, 4000000, 10000000, 0, 25.0); /* PRECISION_100NS: 1e6/4e6*100 */
    OK2(0x20670500u, 5, 2, 6, 4, 0, 0, 50.0); /* PRECISION_OBJECT: 1/2*100 */
}

Test(cook, queues_and_averages)
{
    OK2(0x00450400u, 0, 0, 6000, 2000, 1000, 0, 3.0); /* QUEUELEN: 6000/2000 */
    OK2(0x00450500u, 0, 0, 1000, 4000, 1000, 0, 0.25); /* LARGE_QUEUELEN: 1000/4000 */
    OK2(0x00550500u, 0, 0, 15000000, 10000000, 10000000, 0, 1.5); /* 100NS_QUEUELEN: 1.5e7/1e7 */
    OK2(0x00650500u, 1, 1, 8, 3, 10000000, 0, 3.5); /* OBJ_TIME_QUEUELEN: 7/2 */
    OK2(0x30020400u, 0, 0, 500, 4, 1000, 0, 0.125); /* AVERAGE_TIMER: (500/1000)/4 s */
    OK2(0x40020500u, 0, 0, 8192, 2, 1000, 0, 4096.0); /* AVERAGE_BULK: 8192/2 */
    OK2(0x20C20400u, 0, 0, 1, 4, 0, 0, 25.0); /* SAMPLE_FRACTION: 1/4*100 */
}

Test(cook, multi_timers)
{
    OK2(0x22410500u, 0, 0, 1000, 2000, 1000, 4, 12500.0); /* MULTI_TIMER: 100*(1000/(2000/1000))/4 */
    OK2(0x23410500u, 0, 0, 2, 1000, 1000, 4, 50.0); /* MULTI_TIMER_INV: 100*(4-2/1)/4 */
    OK2(0x22510500u, 0, 0, 10000000, 10000000, 10000000, 2, 50.0); /* 100NSEC_MULTI: 100*(1)/2 */
    OK2(0x23510500u, 0, 0, 10000000, 10000000, 10000000, 4, 75.0); /* 100NSEC_MULTI_INV: 100*(4-1)/4 */
}

Test(cook, deltas)
{
    OK2(0x00400400u, 10, 0, 17, 0, 0, 0, 7.0); /* DELTA: 17-10 */
    OK2(0x00400500u, 100, 0, 50, 0, 0, 0, -50.0); /* LARGE_DELTA: 50-100 (a delta may fall) */
}

/* One-sample types: a value from the first sample on (no previous sample needed). */
static void ok1(uint32_t type, int64_t x, int64_t y, uint64_t f, double want)
{
    blg_raw p = {0}, c = {1, x, y, f, 0};
    double v;
    cr_assert_eq(blg_cook(type, &p, &c, &v), BLG_COOK_OK, "type 0x%08x", type);
    cr_assert(v == want, "type 0x%08x: %.17g != %.17g", type, v, want);
    cr_assert_eq(blg_cook(type, NULL, &c, &v), BLG_COOK_OK);
}

Test(cook, one_sample_types)
{
    ok1(0x20020400u, 3, 4, 0, 75.0); /* RAW_FRACTION: 3/4*100 */
    ok1(0x20020500u, 1, 8, 0, 12.5); /* LARGE_RAW_FRACTION: 1/8*100 */
    ok1(0x00010000u, 42, 0, 0, 42.0); /* RAWCOUNT */
    ok1(0x00010100u, 5000000000LL, 0, 0, 5e9); /* LARGE_RAWCOUNT */
    ok1(0x00000000u, 255, 0, 0, 255.0); /* RAWCOUNT_HEX: printed in decimal */
    ok1(0x00000100u, 4096, 0, 0, 4096.0); /* LARGE_RAWCOUNT_HEX */
    ok1(0x30240500u, 10000000, 50000000, 10000000, 4.0); /* ELAPSED: (5e7-1e7)/1e7 s */
}

Test(cook, first_sample_blank)
{
    blg_raw p = {0}, c = {1, 10, 10, 1000, 0};
    double v = 0;
    cr_assert_eq(blg_cook(0x10410400u, &p, &c, &v), BLG_COOK_FIRST);
    cr_assert(isnan(v));
    cr_assert_eq(blg_cook(0x21510500u, NULL, &c, &v), BLG_COOK_FIRST);
}

Test(cook, dword_wrap)
{
    /* COUNTER (DWORD): 0xFFFFFF00 -> 0x100 is +0x200 = 512 after adding 2^32; 512 / (1000/1000) */
    OK2(0x10410400u, 0xFFFFFF00LL, 0, 0x100, 1000, 1000, 0, 512.0);
    /* BULK_COUNT (LARGE): a fall is a reset, not a wrap -> missing */
    BAD2(0x10410500u, 0xFFFFFF00LL, 0, 0x100, 1000, 1000, 0);
}

/* Average types whose base did not move (no operation in the interval): 0 with a valid status,
 * as Performance Monitor and relog show an idle disk's Avg. Disk sec/Read; a time base that does
 * not move stays missing (bad_denominators). */
Test(cook, average_zero_base_is_zero)
{
    OK2(0x40020500u, 0, 7, 0, 7, 0, 0, 0.0); /* AVERAGE_BULK: dX = 0, dB = 0 */
    OK2(0x30020400u, 0, 7, 0, 7, 1000, 0, 0.0); /* AVERAGE_TIMER: dX = 0, dB = 0 */
    OK2(0x30020400u, 5, 7, 5, 7, 0, 0, 0.0); /* AVERAGE_TIMER: F = 0 does not matter then */
    OK2(0x40020500u, 0, 7, 10, 7, 0, 0, 0.0); /* AVERAGE_BULK: dB = 0 gives 0 even if dX moved */
}

Test(cook, bad_denominators)
{
    BAD2(0x10410400u, 0, 5, 10, 5, 1000, 0); /* dY = 0 */
    BAD2(0x10410400u, 0, 5, 10, 4, 1000, 0); /* dY < 0 */
    BAD2(0x10410400u, 0, 0, 10, 4, 0, 0); /* F = 0 */
    BAD2(0x20510500u, 0, 0, 10, 0, 0, 0); /* timer dY = 0 */
    BAD2(0x40020500u, 0, 7, 10, 6, 0, 0); /* average bulk dB < 0 */
    BAD2(0x30020400u, 0, 7, 10, 6, 1000, 0); /* average timer dB < 0 */
    BAD2(0x40020500u, 10, 7, 5, 7, 0, 0); /* average bulk dB = 0 but dX < 0 (LARGE: reset) */
    BAD2(0x30020400u, 0, 7, 10, 8, 0, 0); /* average timer F = 0 */
    BAD2(0x22410500u, 0, 0, 10, 10, 1000, 0); /* multi timer M = 0 */
    BAD2(0x21510500u, 0, 0, 20, 10, 0, 0); /* inverse timer below 0: 100*(1-2) */
    BAD2(0x00450500u, 10, 0, 5, 10, 0, 0); /* queue length fell (LARGE) */
    blg_raw c = {1, 5, 0, 0, 0};
    double v;
    cr_assert_eq(blg_cook(0x20020400u, NULL, &c, &v), BLG_COOK_BAD); /* raw fraction B1 = 0 */
    cr_assert(isnan(v));
    blg_raw e = {1, 9, 5, 1000, 0};
    cr_assert_eq(blg_cook(0x30240500u, NULL, &e, &v), BLG_COOK_BAD); /* elapsed: start after now */
}

Test(cook, status_hidden_unknown)
{
    blg_raw p = {1, 0, 0, 1000, 0}, c = {0, 10, 1000, 1000, 0};
    double v = 0;
    cr_assert_eq(blg_cook(0x10410400u, &p, &c, &v), BLG_COOK_BAD); /* current status bad */
    cr_assert(isnan(v));
    c.ok = 1;
    p.ok = 0;
    cr_assert_eq(blg_cook(0x10410400u, &p, &c, &v), BLG_COOK_FIRST); /* previous status bad */
    cr_assert_eq(blg_cook(0x40030500u, &p, &c, &v), BLG_COOK_HIDDEN); /* PERF_LARGE_RAW_BASE */
    cr_assert_eq(blg_cook(0x42030500u, &p, &c, &v), BLG_COOK_HIDDEN); /* MULTI_BASE */
    cr_assert_eq(blg_cook(0x00000B00u, &p, &c, &v), BLG_COOK_HIDDEN); /* TEXT */
    cr_assert_eq(blg_cook(0x40030401u, &p, &c, &v), BLG_COOK_HIDDEN); /* SAMPLE_BASE */
    cr_assert_eq(blg_cook(0x12345678u, &p, &c, &v), BLG_COOK_UNKNOWN);
    cr_assert(isnan(v));
    cr_assert_str_eq(blg_type_name(0x21510500u), "PERF_100NSEC_TIMER_INV");
    cr_assert_null(blg_type_name(0x12345678u));
    int hidden, multi;
    enum blg_ysrc ys;
    cr_assert(blg_type_info(0x20570500u, &hidden, &ys, &multi) && ys == BLG_Y_BASE && !hidden);
    cr_assert(blg_type_info(0x23510500u, &hidden, &ys, &multi) && ys == BLG_Y_100NS && multi);
    cr_assert(!blg_type_info(0x40030500u, &hidden, &ys, &multi) && hidden);
}

/* Evaluation order (docs/formats.md#blg-order): the rate is dX / (dY / F), not dX * F / dY. With dX = 1,
 * dY = 9, F = 7: 1/(9/7) = 0.7777777777777777 while 1*7/9 = 0.7777777777777778 (checked with
 * Python floats) - one ulp apart. */
Test(cook, evaluation_order)
{
    int r;
    double v = cook2(0x10410400u, 0, 0, 1, 9, 7, 0, &r);
    cr_assert_eq(r, BLG_COOK_OK);
    cr_assert(v == 0.7777777777777777);
    cr_assert(v != 0.7777777777777778);
    /* percentages: (dX/dY)*100, here 7/100*100 = 7.000000000000001 while 100*7/100 = 7 */
    v = cook2(0x20510500u, 0, 0, 7, 100, 10000000, 0, &r);
    cr_assert(v == (7.0 / 100.0) * 100.0);
    cr_assert(v != 7.0);
}
