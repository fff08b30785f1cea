/* palette.c - the chart colour table: named roles, colours and line dashes.
 *
 * Series colours have distinct hues AND distinct CIE L* lightness (23, 31, 39, 48, 55, 63, 71,
 * 79: at least 7 apart) so that they stay apart in greyscale print; line series also get a
 * dash pattern per role (series1 solid). Adjacent series alternate dark / light. */
#include "ps_render.h"

#include <math.h>
#include <string.h>

static const double dash2[] = {6, 3};
static const double dash3[] = {2, 2};
static const double dash4[] = {8, 3, 2, 3};
static const double dash5[] = {12, 4};
static const double dash6[] = {3, 5};
static const double dash7[] = {8, 3, 2, 3, 2, 3};
static const double dash8[] = {4, 2};
static const double dash_thr[] = {5, 3};

#define D(a) a, sizeof a / sizeof a[0]
static const ps_chart_color palette[PS_ROLE_COUNT] = {
    {"series1", 0x1d4983, NULL, 0}, /* dark blue,   L* 31 */
    {"series2", 0xe47e19, D(dash2)}, /* orange,      L* 63 */
    {"series3", 0x2a8050, D(dash3)}, /* green,       L* 48 */
    {"series4", 0x661a33, D(dash4)}, /* maroon,      L* 23 */
    {"series5", 0x7fb3e3, D(dash5)}, /* light blue,  L* 71 */
    {"series6", 0x6a4c9c, D(dash6)}, /* purple,      L* 39 */
    {"series7", 0xe2c21c, D(dash7)}, /* gold,        L* 79 */
    {"series8", 0x848484, D(dash8)}, /* grey,        L* 55 */
    {"threshold", 0xc62828, D(dash_thr)}, /* red, dashed */
    {"shade", 0xececec, NULL, 0}, /* very light grey band */
    {"grid", 0xdedede, NULL, 0},          {"axis", 0x404040, NULL, 0},
    {"text", 0x202020, NULL, 0},          {"muted", 0x606060, NULL, 0}, /* subtitles, shade labels */
    {"pass", 0x2e7d32, NULL, 0},          {"fail", 0xc62828, NULL, 0},
    {"warn-band", 0xfff1c2, NULL, 0}, /* pale yellow: warning range of a rule */
    {"crit-band", 0xfbd3d3, NULL, 0}, /* pale red: critical range of a rule */
};

const ps_chart_color *ps_chart_palette(int role)
{
    if (role < 0 || role >= PS_ROLE_COUNT)
        role = PS_ROLE_TEXT;
    return &palette[role];
}

int ps_chart_role_parse(const char *name)
{
    for (int i = 0; name && i < PS_ROLE_COUNT; i++)
        if (strcmp(palette[i].name, name) == 0)
            return i;
    return -1;
}

static double lin(unsigned c)
{
    double v = c / 255.0;
    return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

double ps_chart_lightness(uint32_t rgb)
{
    double y = 0.2126 * lin((rgb >> 16) & 0xff) + 0.7152 * lin((rgb >> 8) & 0xff) + 0.0722 * lin(rgb & 0xff);
    return y > 216.0 / 24389.0 ? 116.0 * cbrt(y) - 16.0 : y * 24389.0 / 27.0;
}

#define TINT_SHARE 0.28 /* share of the colour in a band's tint (the rest is white) */

uint32_t ps_chart_tint(uint32_t rgb)
{
    uint32_t out = 0;
    for (int shift = 16; shift >= 0; shift -= 8) {
        double c = (double)((rgb >> shift) & 0xff);
        out |= (uint32_t)lround(255.0 - (255.0 - c) * TINT_SHARE) << shift;
    }
    return out;
}
