/* blg_cook.c - PDH counter types: two raw samples -> the value relog displays.
 * One table row per counter type (docs/formats.md#blg-types). Arithmetic: differences in 64-bit integers, then
 * doubles, dividing first in the order of docs/formats.md#blg-order so that the doubles equal Windows' own. */
#include "blg_internal.h"

#include <math.h>
#include <stddef.h>

enum formula {
    F_RATE, /* dX / (dY / F) */
    F_TIMER, /* (dX / dY) * 100 */
    F_TIMER_INV, /* 100 * (1 - dX / dY) */
    F_QUEUE, /* dX / dY */
    F_AVG_TIMER, /* (dX / F) / dB */
    F_RAW_FRACTION, /* (X1 / B1) * 100 */
    F_RAW, /* X1 */
    F_DELTA, /* dX */
    F_ELAPSED, /* (Y1 - X1) / F */
    F_MULTI, /* 100 * (dX / (dY / F)) / M1 */
    F_MULTI_INV, /* 100 * (M1 - dX / (dY / F)) / M1 */
    F_NS_MULTI, /* 100 * (dX / dY) / M1 */
    F_NS_MULTI_INV /* 100 * (M1 - dX / dY) / M1 */
};

static const struct rule {
    uint32_t type;
    const char *name;
    int samples; /* 1 or 2 */
    enum formula f;
    enum blg_ysrc ysrc; /* where layout A finds Y (or the base) */
    int multi; /* needs the multi base (layout A: next definition) */
    int zero_base; /* average type: a base that did not move (dB = 0, no operations in
                               the interval) gives 0, as Performance Monitor and relog show */
} rules[] = {
    {0x10410400u, "PERF_COUNTER_COUNTER", 2, F_RATE, BLG_Y_TICKS, 0, 0},
    {0x10410500u, "PERF_COUNTER_BULK_COUNT", 2, F_RATE, BLG_Y_TICKS, 0, 0},
    {0x00410400u, "PERF_SAMPLE_COUNTER", 2, F_RATE, BLG_Y_TICKS, 0, 0},
    {0x20410500u, "PERF_COUNTER_TIMER", 2, F_TIMER, BLG_Y_TICKS, 0, 0},
    {0x21410500u, "PERF_COUNTER_TIMER_INV", 2, F_TIMER_INV, BLG_Y_TICKS, 0, 0},
    {0x20510500u, "PERF_100NSEC_TIMER", 2, F_TIMER, BLG_Y_100NS, 0, 0},
    {0x21510500u, "PERF_100NSEC_TIMER_INV", 2, F_TIMER_INV, BLG_Y_100NS, 0, 0},
    {0x20610500u, "PERF_OBJ_TIME_TIMER", 2, F_TIMER, BLG_Y_OBJECT, 0, 0},
    {0x20470500u, "PERF_PRECISION_SYSTEM_TIMER", 2, F_TIMER, BLG_Y_BASE, 0, 0},
    {0x20570500u, "PERF_PRECISION_100NS_TIMER", 2, F_TIMER, BLG_Y_BASE, 0, 0},
    {0x20670500u, "PERF_PRECISION_OBJECT_TIMER", 2, F_TIMER, BLG_Y_BASE, 0, 0},
    {0x00450400u, "PERF_COUNTER_QUEUELEN_TYPE", 2, F_QUEUE, BLG_Y_TICKS, 0, 0},
    {0x00450500u, "PERF_COUNTER_LARGE_QUEUELEN_TYPE", 2, F_QUEUE, BLG_Y_TICKS, 0, 0},
    {0x00550500u, "PERF_COUNTER_100NS_QUEUELEN_TYPE", 2, F_QUEUE, BLG_Y_100NS, 0, 0},
    {0x00650500u, "PERF_COUNTER_OBJ_TIME_QUEUELEN_TYPE", 2, F_QUEUE, BLG_Y_OBJECT, 0, 0},
    {0x30020400u, "PERF_AVERAGE_TIMER", 2, F_AVG_TIMER, BLG_Y_BASE, 0, 1},
    {0x40020500u, "PERF_AVERAGE_BULK", 2, F_QUEUE, BLG_Y_BASE, 0, 1},
    {0x20C20400u, "PERF_SAMPLE_FRACTION", 2, F_TIMER, BLG_Y_BASE, 0, 0},
    {0x20020400u, "PERF_RAW_FRACTION", 1, F_RAW_FRACTION, BLG_Y_BASE, 0, 0},
    {0x20020500u, "PERF_LARGE_RAW_FRACTION", 1, F_RAW_FRACTION, BLG_Y_BASE, 0, 0},
    {0x00010000u, "PERF_COUNTER_RAWCOUNT", 1, F_RAW, BLG_Y_NONE, 0, 0},
    {0x00010100u, "PERF_COUNTER_LARGE_RAWCOUNT", 1, F_RAW, BLG_Y_NONE, 0, 0},
    {0x00000000u, "PERF_COUNTER_RAWCOUNT_HEX", 1, F_RAW, BLG_Y_NONE, 0, 0},
    {0x00000100u, "PERF_COUNTER_LARGE_RAWCOUNT_HEX", 1, F_RAW, BLG_Y_NONE, 0, 0},
    {0x00400400u, "PERF_COUNTER_DELTA", 2, F_DELTA, BLG_Y_NONE, 0, 0},
    {0x00400500u, "PERF_COUNTER_LARGE_DELTA", 2, F_DELTA, BLG_Y_NONE, 0, 0},
    {0x30240500u, "PERF_ELAPSED_TIME", 1, F_ELAPSED, BLG_Y_OBJECT, 0, 0},
    {0x22410500u, "PERF_COUNTER_MULTI_TIMER", 2, F_MULTI, BLG_Y_TICKS, 1, 0},
    {0x23410500u, "PERF_COUNTER_MULTI_TIMER_INV", 2, F_MULTI_INV, BLG_Y_TICKS, 1, 0},
    {0x22510500u, "PERF_100NSEC_MULTI_TIMER", 2, F_NS_MULTI, BLG_Y_100NS, 1, 0},
    {0x23510500u, "PERF_100NSEC_MULTI_TIMER_INV", 2, F_NS_MULTI_INV, BLG_Y_100NS, 1, 0},
};

/* Types that are never displayed themselves (bases, text, no data, histogram). */
static const struct {
    uint32_t type;
    const char *name;
} hidden_types[] = {
    {0x40030401u, "PERF_SAMPLE_BASE"},        {0x40030402u, "PERF_AVERAGE_BASE"},
    {0x40030403u, "PERF_RAW_BASE"},           {0x40030500u, "PERF_LARGE_RAW_BASE"},
    {0x42030500u, "PERF_COUNTER_MULTI_BASE"}, {0x00000B00u, "PERF_COUNTER_TEXT"},
    {0x40000200u, "PERF_COUNTER_NODATA"},     {0x80000000u, "PERF_COUNTER_HISTOGRAM_TYPE"},
};

int blg_rule_find(uint32_t type)
{
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
        if (rules[i].type == type)
            return (int)i;
    return -1;
}

static const struct rule *find(uint32_t type)
{
    int i = blg_rule_find(type);
    return i < 0 ? NULL : &rules[i];
}

static int is_hidden(uint32_t type)
{
    for (size_t i = 0; i < sizeof hidden_types / sizeof hidden_types[0]; i++)
        if (hidden_types[i].type == type)
            return 1;
    /* by the bit fields: TEXT type, or a COUNTER of subtype BASE */
    return (type & 0xC00u) == 0x800u || ((type & 0xC00u) == 0x400u && (type & 0xF0000u) == 0x30000u);
}

const char *blg_type_name(uint32_t type)
{
    const struct rule *r = find(type);
    if (r)
        return r->name;
    for (size_t i = 0; i < sizeof hidden_types / sizeof hidden_types[0]; i++)
        if (hidden_types[i].type == type)
            return hidden_types[i].name;
    return NULL;
}

int blg_type_info(uint32_t type, int *hidden, enum blg_ysrc *ysrc, int *multi)
{
    const struct rule *r = find(type);
    *hidden = !r && is_hidden(type);
    *ysrc = r ? r->ysrc : BLG_Y_NONE;
    *multi = r ? r->multi : 0;
    return r != NULL;
}

/* X difference; a negative difference of a DWORD-sized counter whose values fit 32 bits is
 * taken as a wrap and 2^32 is added. Subtraction in uint64 (no signed overflow). */
static int64_t diff_x(uint32_t type, const blg_raw *p, const blg_raw *c)
{
    int64_t d = (int64_t)((uint64_t)c->x - (uint64_t)p->x);
    if (d < 0 && (type & 0x300u) == 0 && p->x >= 0 && p->x <= 0xFFFFFFFFLL && c->x >= 0 && c->x <= 0xFFFFFFFFLL)
        d += 0x100000000LL;
    return d;
}

int blg_cook(uint32_t type, const blg_raw *prev, const blg_raw *cur, double *out)
{
    return blg_cook_rule(blg_rule_find(type), type, prev, cur, out);
}

int blg_cook_rule(int rule, uint32_t type, const blg_raw *prev, const blg_raw *cur, double *out)
{
    *out = NAN;
    const struct rule *r = rule < 0 || (size_t)rule >= sizeof rules / sizeof rules[0] ? NULL : &rules[rule];
    if (!r)
        return is_hidden(type) ? BLG_COOK_HIDDEN : BLG_COOK_UNKNOWN;
    if (!cur->ok)
        return BLG_COOK_BAD;
    if (r->samples == 2 && (!prev || !prev->ok))
        return BLG_COOK_FIRST;
    int64_t dx = 0, dy = 0;
    if (r->samples == 2) {
        dx = diff_x(type, prev, cur);
        dy = (int64_t)((uint64_t)cur->y - (uint64_t)prev->y);
    }
    if (r->zero_base && dy == 0 && dx >= 0) {
        *out = 0.0; /* no operation in the interval: 0, not missing (negative dB stays missing) */
        return BLG_COOK_OK;
    }
    double x = (double)dx, y = (double)dy, f = (double)cur->f, m = (double)cur->m, v;
    switch (r->f) {
    case F_RATE:
        if (dy <= 0 || cur->f == 0 || dx < 0)
            return BLG_COOK_BAD;
        v = x / (y / f);
        break;
    case F_TIMER:
        if (dy <= 0 || dx < 0)
            return BLG_COOK_BAD;
        v = (x / y) * 100.0;
        break;
    case F_TIMER_INV:
        if (dy <= 0 || dx < 0)
            return BLG_COOK_BAD;
        v = 100.0 * (1.0 - x / y);
        break;
    case F_QUEUE:
        if (dy <= 0 || dx < 0)
            return BLG_COOK_BAD;
        v = x / y;
        break;
    case F_AVG_TIMER:
        if (dy <= 0 || cur->f == 0 || dx < 0)
            return BLG_COOK_BAD;
        v = (x / f) / y;
        break;
    case F_RAW_FRACTION:
        if (cur->y <= 0 || cur->x < 0)
            return BLG_COOK_BAD;
        v = ((double)cur->x / (double)cur->y) * 100.0;
        break;
    case F_RAW: v = (double)cur->x; break;
    case F_DELTA: v = x; break;
    case F_ELAPSED: {
        int64_t d = (int64_t)((uint64_t)cur->y - (uint64_t)cur->x);
        if (cur->f == 0 || d < 0)
            return BLG_COOK_BAD;
        v = (double)d / f;
        break;
    }
    case F_MULTI:
    case F_MULTI_INV:
        if (dy <= 0 || cur->f == 0 || dx < 0 || cur->m == 0)
            return BLG_COOK_BAD;
        v = r->f == F_MULTI ? 100.0 * (x / (y / f)) / m : 100.0 * (m - x / (y / f)) / m;
        break;
    case F_NS_MULTI:
    case F_NS_MULTI_INV:
        if (dy <= 0 || dx < 0 || cur->m == 0)
            return BLG_COOK_BAD;
        v = r->f == F_NS_MULTI ? 100.0 * (x / y) / m : 100.0 * (m - x / y) / m;
        break;
    default: return BLG_COOK_UNKNOWN;
    }
    if (v < 0 && r->f != F_DELTA && r->f != F_RAW)
        return BLG_COOK_BAD; /* PDH_CALC_NEGATIVE_VALUE */
    if (!isfinite(v))
        return BLG_COOK_BAD;
    *out = v;
    return BLG_COOK_OK;
}
