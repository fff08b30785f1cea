/* Unit tests: render/chart/chart_layout.c - horizontal y bands (warning/critical ranges of analysis
 * rules). The plot maps the y range linearly: a band [lo, hi] must cover exactly the pixels of
 * ymap(hi)..ymap(lo), an open end reaches the plot edge, a band outside the range is dropped,
 * and bands never widen the y range (the thresholds do). Checked against the layout's own y
 * ticks, so the expected rectangles are computed independently of layout_bands. */
#include <criterion/criterion.h>
#include <math.h>

#include "ps_render.h"

static double ymap(const ps_chart_layout *l, double v)
{
    return l->plot.y + l->plot.h - (v - l->y.min) / (l->y.max - l->y.min) * l->plot.h;
}

Test(chart_bands, rectangles_follow_the_y_axis)
{
    ps_time t[4] = {0, 60000, 120000, 180000};
    double v[4] = {5, 12, 8, 18};
    ps_chart_series s = {.label = "D:", .role = -1, .n = 4, .v = v, .t = t};
    ps_chart_threshold thr[2] = {{.value = 15, .label = "warning 15"}, {.value = 25, .label = "critical 25"}};
    ps_chart_band bands[3] = {
        {15, 25, PS_ROLE_WARN_BAND}, {25, INFINITY, PS_ROLE_CRIT_BAND}, {1000, 2000, PS_ROLE_CRIT_BAND}};
    ps_chart_spec spec = {.kind = PS_CHART_TIME,
                          .series = &s,
                          .nseries = 1,
                          .thresholds = thr,
                          .nthresholds = 2,
                          .bands = bands,
                          .nbands = 3};
    ps_chart_layout l;
    ps_error err;
    cr_assert_eq(ps_chart_layout_compute(&spec, &l, &err), 0, "%s", err.msg);
    cr_assert_lt(l.y.max, 1000, "bands must not widen the y range (max %g)", l.y.max);
    cr_assert_geq(l.y.max, 25); /* the critical threshold line does */
    size_t nb = 0;
    for (size_t i = 0; i < l.nshades; i++) {
        const ps_chart_shade_box *b = &l.shades[i];
        if (!b->band)
            continue;
        nb++;
        cr_assert_eq(b->r.x, l.plot.x);
        cr_assert_eq(b->r.w, l.plot.w);
        if (b->role == PS_ROLE_WARN_BAND) {
            cr_assert(fabs(b->r.y - ymap(&l, 25)) < 1e-9 && fabs(b->r.y + b->r.h - ymap(&l, 15)) < 1e-9);
        } else {
            cr_assert_eq(b->role, PS_ROLE_CRIT_BAND);
            cr_assert(fabs(b->r.y - l.plot.y) < 1e-9, "open end reaches the top");
            cr_assert(fabs(b->r.y + b->r.h - ymap(&l, 25)) < 1e-9);
        }
    }
    cr_assert_eq(nb, 2, "the band above the range is dropped");
    cr_assert_neq(ps_chart_palette(PS_ROLE_WARN_BAND)->rgb, ps_chart_palette(PS_ROLE_CRIT_BAND)->rgb);
    cr_assert_eq(ps_chart_role_parse("crit-band"), PS_ROLE_CRIT_BAND);
    ps_chart_layout_fini(&l);
}
