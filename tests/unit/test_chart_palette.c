/* Unit tests: render/chart/palette.c - the chart colour table. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "ps_render.h"

Test(chart_palette, lightness_reference_values)
{
    /* CIE L*: white 100, black 0, mid grey #777777 = 50.03 (sRGB 119 -> Y 0.1845) */
    cr_assert_float_eq(ps_chart_lightness(0xffffff), 100.0, 1e-6);
    cr_assert_float_eq(ps_chart_lightness(0x000000), 0.0, 1e-9);
    cr_assert_float_eq(ps_chart_lightness(0x777777), 50.03, 0.02);
}

Test(chart_palette, series_distinct_in_greyscale)
{
    /* every pair of series colours differs by at least 7 L* (print in greyscale) and all are
     * dark enough to show on white (L* <= 80) */
    for (int i = 0; i < PS_CHART_NSERIES_ROLES; i++) {
        double li = ps_chart_lightness(ps_chart_palette(PS_ROLE_SERIES1 + i)->rgb);
        cr_assert(li <= 80, "series%d L* %.1f", i + 1, li);
        for (int j = i + 1; j < PS_CHART_NSERIES_ROLES; j++) {
            double lj = ps_chart_lightness(ps_chart_palette(PS_ROLE_SERIES1 + j)->rgb);
            cr_assert(fabs(li - lj) >= 7, "series%d %.1f vs series%d %.1f", i + 1, li, j + 1, lj);
        }
    }
    /* neighbours alternate: series1 and series2 differ by far more than the minimum */
    cr_assert(fabs(ps_chart_lightness(ps_chart_palette(0)->rgb) - ps_chart_lightness(ps_chart_palette(1)->rgb)) >= 20);
}

Test(chart_palette, dashes_distinct)
{
    /* series1 solid, every other series a different dash pattern */
    cr_assert_eq(ps_chart_palette(0)->ndash, 0);
    for (int i = 1; i < PS_CHART_NSERIES_ROLES; i++) {
        const ps_chart_color *a = ps_chart_palette(i);
        cr_assert(a->ndash >= 2 && a->ndash % 2 == 0, "series%d", i + 1);
        for (int j = 1; j < i; j++) {
            const ps_chart_color *b = ps_chart_palette(j);
            int same = a->ndash == b->ndash && memcmp(a->dash, b->dash, a->ndash * sizeof(double)) == 0;
            cr_assert(!same, "series%d and series%d share a dash", i + 1, j + 1);
        }
    }
}

Test(chart_palette, names_and_roles)
{
    static const char *const names[] = {"series1", "series8", "threshold", "shade", "grid",
                                        "axis",    "text",    "muted",     "pass",  "fail"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        int r = ps_chart_role_parse(names[i]);
        cr_assert(r >= 0, "%s", names[i]);
        cr_assert_str_eq(ps_chart_palette(r)->name, names[i]);
    }
    cr_assert_eq(ps_chart_role_parse("series9"), -1);
    cr_assert_eq(ps_chart_role_parse(NULL), -1);
    cr_assert_str_eq(ps_chart_palette(99)->name, "text");
    cr_assert_str_eq(ps_chart_palette(-1)->name, "text");
    /* the text, axis and grid greys are ordered dark -> light; the shade lighter than grid */
    double t = ps_chart_lightness(ps_chart_palette(PS_ROLE_TEXT)->rgb);
    double a = ps_chart_lightness(ps_chart_palette(PS_ROLE_AXIS)->rgb);
    double g = ps_chart_lightness(ps_chart_palette(PS_ROLE_GRID)->rgb);
    double s = ps_chart_lightness(ps_chart_palette(PS_ROLE_SHADE)->rgb);
    cr_assert(t < a && a < g && g < s && s < 100);
    /* pass and fail differ in lightness too */
    cr_assert(fabs(ps_chart_lightness(ps_chart_palette(PS_ROLE_PASS)->rgb) -
                   ps_chart_lightness(ps_chart_palette(PS_ROLE_FAIL)->rgb)) >= 2);
}
