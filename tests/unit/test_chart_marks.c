/* Unit tests: render/chart/chart_marks.c - per-series limit segments, min-max envelopes and the
 * placement of limit labels. Expected positions come from the layout's own axes (the linear map
 * of the y range onto the plot) and from the bar rectangles, and the envelope values are worked
 * out by hand below, so nothing is taken from the code under test. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ps_render.h"

static double ymap(const ps_chart_layout *l, double v)
{
    return l->plot.y + l->plot.h - (v - l->y.min) / (l->y.max - l->y.min) * l->plot.h;
}

/* Three latency bars per instance: DB reads limited at 20 ms, DB writes unlimited, log writes at
 * 10 ms. Every limited bar gets its own segment at its own limit; the label appears once. */
Test(chart_marks, each_series_has_its_own_limit)
{
    const char *cats[2] = {"Instance1", "Instance2"};
    double r[2] = {15, 22}, w[2] = {7, 8}, g[2] = {1.2, 11};
    ps_chart_series s[3] = {{.label = "DB read latency",
                             .role = -1,
                             .n = 2,
                             .v = r,
                             .has_limit = 1,
                             .limit = 20,
                             .limit_label = "limit 20 ms"},
                            {.label = "DB write latency", .role = -1, .n = 2, .v = w},
                            {.label = "Log write latency",
                             .role = -1,
                             .n = 2,
                             .v = g,
                             .has_limit = 1,
                             .limit = 10,
                             .limit_label = "limit 10 ms"}};
    ps_chart_spec spec = {.kind = PS_CHART_BARS, .categories = cats, .ncategories = 2, .series = s, .nseries = 3};
    ps_chart_layout l;
    ps_error err;
    cr_assert_eq(ps_chart_layout_compute(&spec, &l, &err), 0, "%s", err.msg);
    cr_assert_eq(l.nthresholds, 4, "2 limited series x 2 instances, got %zu", l.nthresholds);
    size_t labels = 0;
    for (size_t i = 0; i < l.nthresholds; i++) {
        const ps_chart_hline *h = &l.thresholds[i];
        cr_assert(h->series == 0 || h->series == 2, "no segment for the unlimited series (%ld)", h->series);
        double want = h->series == 0 ? 20 : 10;
        cr_assert_eq(h->value, want);
        cr_assert(fabs(h->y - ymap(&l, want)) < 1e-9);
        /* the segment spans exactly one bar of its series (plus the overhang), not the plot */
        int found = 0;
        for (size_t b = 0; b < l.nbars; b++)
            if ((long)l.bars[b].series == h->series && h->x1 < l.bars[b].r.x && h->x2 > l.bars[b].r.x + l.bars[b].r.w &&
                h->x2 - h->x1 < l.bars[b].r.w + 10)
                found = 1;
        cr_assert(found, "segment %zu is not across one bar of series %ld", i, h->series);
        cr_assert_lt(h->x2 - h->x1, l.plot.w / 4);
        labels += h->label.text != NULL;
    }
    cr_assert_eq(labels, 2, "one label per limited series");
    cr_assert_geq(l.y.max, 22);
    ps_buf dump = {0};
    ps_chart_dump_layout(&l, &dump);
    cr_assert(strstr(dump.data, " series 2\n") != NULL, "the dump names the series of a limit");
    ps_buf_fini(&dump);
    ps_chart_layout_fini(&l);
}

/* Two series, two columns over 0..3 s: column 0 holds t = 0 and 1 s, column 1 t = 2 and 3 s.
 * Column 0: values 1, 5 (A) and 2, 4 (B): lo 1, hi 5. Column 1: 3, NaN (A) and 6, 8 (B): lo 3, hi 8. */
Test(chart_marks, envelope_of_two_series)
{
    ps_time t[4] = {0, 1000, 2000, 3000};
    double a[4] = {1, 5, 3, NAN}, b[4] = {2, 4, 6, 8};
    ps_chart_series s[2] = {{.label = "A", .n = 4, .v = a, .t = t}, {.label = "B", .n = 4, .v = b, .t = t}};
    ps_time *et;
    double *lo, *hi;
    size_t n = ps_chart_envelope_build(s, 2, 2, &et, &lo, &hi);
    cr_assert_eq(n, 2);
    cr_assert_eq(et[0], 0);
    cr_assert_eq(lo[0], 1);
    cr_assert_eq(hi[0], 5);
    cr_assert_eq(et[1], 2000);
    cr_assert_eq(lo[1], 3);
    cr_assert_eq(hi[1], 8);
    /* means: A = 3, B = 5 */
    cr_assert_eq(ps_chart_series_extreme(s, 2, 1), 1);
    cr_assert_eq(ps_chart_series_extreme(s, 2, 0), 0);
    cr_assert_eq(ps_chart_series_extreme(s, 0, 1), 0, "none: n");
    free(et);
    free(lo);
    free(hi);
    size_t none = ps_chart_envelope_build(s, 0, 8, &et, &lo, &hi);
    cr_assert_eq(none, 0);
    free(et);
    free(lo);
    free(hi);
}

/* The band is one polygon: the upper edge left to right then the lower edge back, on the axes;
 * its legend entry comes first and is marked as an envelope; it widens the y range. */
Test(chart_marks, envelope_layout)
{
    ps_time t[3] = {0, 60000, 120000};
    double worst[3] = {9, 11, 10}, lo[3] = {2, 3, 1}, hi[3] = {9, 30, 10};
    ps_chart_series s = {.label = "Instance 3 (highest average)", .role = 0, .n = 3, .v = worst, .t = t};
    ps_chart_envelope e = {.label = "range of 4 instances (min-max)", .role = 0, .n = 3, .t = t, .lo = lo, .hi = hi};
    ps_chart_spec spec = {.kind = PS_CHART_TIME, .series = &s, .nseries = 1, .envelopes = &e, .nenvelopes = 1};
    ps_chart_layout l;
    ps_error err;
    cr_assert_eq(ps_chart_layout_compute(&spec, &l, &err), 0, "%s", err.msg);
    cr_assert_geq(l.y.max, 30, "the band's maximum is inside the y range");
    cr_assert_eq(l.nareas, 1);
    const ps_chart_area *a = &l.areas[0];
    cr_assert_eq(a->n, 6);
    double xs[3] = {l.plot.x, l.plot.x + l.plot.w / 2, l.plot.x + l.plot.w};
    for (int k = 0; k < 3; k++) {
        cr_assert(fabs(a->xy[2 * k] - xs[k]) < 1e-9 && fabs(a->xy[2 * k + 1] - ymap(&l, hi[k])) < 1e-9, "upper %d", k);
        cr_assert(fabs(a->xy[2 * (5 - k)] - xs[k]) < 1e-9 && fabs(a->xy[2 * (5 - k) + 1] - ymap(&l, lo[k])) < 1e-9,
                  "lower %d", k);
    }
    cr_assert_neq(a->rgb, ps_chart_palette(PS_ROLE_SERIES1)->rgb, "filled with a tint, not the line colour");
    cr_assert_gt(ps_chart_lightness(a->rgb), ps_chart_lightness(ps_chart_palette(PS_ROLE_SERIES1)->rgb) + 20);
    cr_assert_eq(l.nlegend, 2);
    cr_assert(l.legend[0].envelope && l.legend[0].min == 1 && l.legend[0].max == 30);
    cr_assert(!l.legend[1].envelope);
    ps_chart_layout_fini(&l);
}

/* A series running through the default label spot (right end, above the line) pushes the label
 * elsewhere; the label then meets no point of the series. Without data there it stays put. */
Test(chart_marks, limit_label_avoids_the_data)
{
    ps_time t[40];
    double v[40], flat[40];
    for (int i = 0; i < 40; i++) {
        t[i] = (ps_time)i * 60000;
        v[i] = i >= 30 ? 21.5 : 5; /* just above the line at the right end */
        flat[i] = 5;
    }
    ps_chart_threshold thr = {.value = 20, .label = "limit 20 ms"};
    for (int pass = 0; pass < 2; pass++) {
        ps_chart_series s = {.label = "x", .role = -1, .n = 40, .v = pass ? flat : v, .t = t};
        ps_chart_spec spec = {.kind = PS_CHART_TIME,
                              .series = &s,
                              .nseries = 1,
                              .thresholds = &thr,
                              .nthresholds = 1,
                              .y_include_zero = 1};
        ps_chart_layout l;
        ps_error err;
        cr_assert_eq(ps_chart_layout_compute(&spec, &l, &err), 0, "%s", err.msg);
        const ps_chart_text *lab = &l.thresholds[0].label;
        double x0 = lab->anchor == PS_ANCHOR_END      ? lab->x - lab->width
                    : lab->anchor == PS_ANCHOR_MIDDLE ? lab->x - lab->width / 2
                                                      : lab->x;
        double top = lab->y - lab->size, bottom = lab->y + 1;
        if (pass) {
            cr_assert_eq(lab->anchor, PS_ANCHOR_END, "no collision: right end");
            cr_assert_lt(lab->y, l.thresholds[0].y, "no collision: above the line");
            ps_chart_layout_fini(&l);
            continue;
        }
        for (size_t i = 0; i < l.nlines; i++)
            for (size_t k = 0; k < l.lines[i].n; k++) {
                double px = l.lines[i].xy[2 * k], py = l.lines[i].xy[2 * k + 1];
                cr_assert(!(px >= x0 && px <= x0 + lab->width && py >= top && py <= bottom),
                          "label at %g,%g covers the point %g,%g", lab->x, lab->y, px, py);
            }
        ps_chart_layout_fini(&l);
    }
}
