/* chart_fixtures.h - the three example chart specs shared by the chart tests (header-only,
 * static data; included by tests/unit/test_chart_*.c). */
#ifndef PS_CHART_FIXTURES_H
#define PS_CHART_FIXTURES_H

#include <math.h>
#include <stdio.h>

#include "ps_render.h"

/* Whole file as a NUL-terminated string (caller frees), NULL when unreadable. */
static inline char *fix_slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    ps_buf b = {0};
    char tmp[4096];
    size_t n;
    while ((n = fread(tmp, 1, sizeof tmp, f)) > 0)
        ps_buf_put(&b, tmp, n);
    fclose(f);
    return ps_buf_steal(&b);
}

/* Time series: 2016-11-26 10:00:00 .. 12:00:00, one point every 15 minutes (9 points),
 * 3 series, one gap (NaN) in series 2, a threshold at 20 and the first 30 minutes shaded. */
#define FIX_T(m) ((ps_time)1480154400000LL + (ps_time)(m)*60000)
static const ps_time fix_times[9] = {FIX_T(0),  FIX_T(15), FIX_T(30),  FIX_T(45), FIX_T(60),
                                     FIX_T(75), FIX_T(90), FIX_T(105), FIX_T(120)};
static const double fix_s1[9] = {12, 14, 15, 13, 16, 18, 17, 15, 14};
static const double fix_s2[9] = {8, 9, NAN, 10, 11, 9, 8, 7, 9};
static const double fix_s3[9] = {3, 4, 5, 4, 6, 22, 5, 4, 3};
static const ps_chart_series fix_time_series[3] = {{"DB read latency", -1, 9, fix_s1, fix_times, 0, 0, 0, NULL},
                                                   {"DB write latency", -1, 9, fix_s2, fix_times, 0, 0, 0, NULL},
                                                   {"Log write latency", -1, 9, fix_s3, fix_times, 0, 0, 0, NULL}};
static const ps_chart_threshold fix_thresholds[1] = {{20, "Limit 20 ms", 0}};
static const ps_chart_shade fix_shades[1] = {{FIX_T(0), FIX_T(30), "warm-up"}};

static inline ps_chart_spec fix_time_spec(void)
{
    ps_chart_spec s = {0};
    s.kind = PS_CHART_TIME;
    s.title = "Database latency";
    s.subtitle = "EXCH-MBX01, Performance test";
    s.x_label = "Time (UTC)";
    s.y = (ps_chart_axis){"Latency", "ms"};
    s.series = fix_time_series;
    s.nseries = 3;
    s.thresholds = fix_thresholds;
    s.nthresholds = 1;
    s.shades = fix_shades;
    s.nshades = 1;
    s.y_include_zero = 1;
    s.legend_stats = 1;
    return s;
}

/* Grouped bars: 2 groups x 3 series with value labels. */
static const char *const fix_groups[2] = {"Server A", "Server B"};
static const double fix_b1[2] = {1500, 2250};
static const double fix_b2[2] = {1200, 1980};
static const double fix_b3[2] = {300, 270};
static const ps_chart_series fix_bar_series[3] = {{"Reads/s", -1, 2, fix_b1, NULL, 0, 0, 0, NULL},
                                                  {"Writes/s", -1, 2, fix_b2, NULL, 0, 0, 0, NULL},
                                                  {"Log writes/s", -1, 2, fix_b3, NULL, 0, 0, 0, NULL}};

static inline ps_chart_spec fix_bar_spec(void)
{
    ps_chart_spec s = {0};
    s.kind = PS_CHART_BARS;
    s.title = "Achieved IOPS";
    s.y = (ps_chart_axis){"Operations", "IOPS"};
    s.categories = fix_groups;
    s.ncategories = 2;
    s.series = fix_bar_series;
    s.nseries = 3;
    s.value_labels = 1;
    return s;
}

/* Bars + line: IOPS bars per server and the read latency line on a second axis. */
static const char *const fix_servers[4] = {"MBX01", "MBX02", "MBX03", "MBX04"};
static const double fix_iops[4] = {4200, 3900, 4600, 4100};
static const double fix_lat[4] = {11.2, 14.8, 9.5, 17.3};
static const ps_chart_series fix_bl_series[2] = {{"Transactional IOPS", -1, 4, fix_iops, NULL, 0, 0, 0, NULL},
                                                 {"DB read latency", -1, 4, fix_lat, NULL, 1, 0, 0, NULL}};
static const ps_chart_threshold fix_bl_thresholds[1] = {{20, "20 ms", 1}};

static inline ps_chart_spec fix_bar_line_spec(void)
{
    ps_chart_spec s = {0};
    s.kind = PS_CHART_BARS_LINE;
    s.title = "IOPS and read latency per server";
    s.y = (ps_chart_axis){"Transactional IOPS", NULL};
    s.y2 = (ps_chart_axis){"Read latency", "ms"};
    s.categories = fix_servers;
    s.ncategories = 4;
    s.series = fix_bl_series;
    s.nseries = 2;
    s.thresholds = fix_bl_thresholds;
    s.nthresholds = 1;
    s.value_labels = 1;
    s.legend_stats = 1;
    return s;
}

#endif
