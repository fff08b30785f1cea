/* Unit tests: the description and tooltips of an accessible inline SVG chart
 * (ps_chart_svg_accessible), in English without a language and worded from the catalogue with one. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "ps_render.h"

/* Two bar series over two categories: Reads 1234.5 and 20 (mean 627.25) with its own limit
 * 1500, Writes 10.25 and 30 (mean 20.125). */
static const double reads[] = {1234.5, 20}, writes[] = {10.25, 30};
static const char *const cats[] = {"A", "B"};

static char *svg_of(const char *tag)
{
    ps_chart_series s[2] = {
        {.label = "Reads", .role = -1, .n = 2, .v = reads, .has_limit = 1, .limit = 1500, .limit_label = "L1"},
        {.label = "Writes", .role = -1, .n = 2, .v = writes},
    };
    ps_chart_spec spec = {
        .kind = PS_CHART_BARS, .title = "T", .categories = cats, .ncategories = 2, .series = s, .nseries = 2};
    spec.y.unit = "ms";
    ps_buf b = {0};
    ps_error err = {0};
    int rc = ps_chart_svg_accessible(&spec, "x-", tag ? ps_lang_find(tag) : NULL, &b, &err);
    cr_assert_eq(rc, 0, "%s", err.msg);
    return ps_buf_steal(&b);
}

/* the text of <desc id="x-desc"> */
static char *desc_of(const char *svg)
{
    const char *a = strstr(svg, "<desc id=\"x-desc\">"), *e = a ? strstr(a, "</desc>") : NULL;
    cr_assert(a && e);
    a += strlen("<desc id=\"x-desc\">");
    return strndup(a, (size_t)(e - a));
}

static void has(const char *text, const char *want)
{
    cr_assert(strstr(text, want), "missing '%s' in: %s", want, text);
}

static void starts(const char *text, const char *want)
{
    cr_assert(strncmp(text, want, strlen(want)) == 0, "'%s' does not start with '%s'", text, want);
}

Test(svg_a11y, english_without_a_language)
{
    char *svg = svg_of(NULL), *d = desc_of(svg);
    starts(d, "Bar chart of 2 series: Reads, Writes. Categories: A, B. Vertical axis");
    has(d, " Limit of Reads at 1500 (L1).");
    has(d, " Reads: minimum 20, mean 627.25, maximum 1234.5. Writes: minimum 10.25, mean 20.125, maximum 30.");
    has(svg, "<title>Reads, A: 1234.5 ms</title>");
    free(d);
    free(svg);
}

Test(svg_a11y, worded_in_the_language)
{
    char *svg = svg_of("de"), *d = desc_of(svg);
    starts(d, "Säulendiagramm mit 2 Datenreihen: Reads, Writes. Kategorien: A, B. Vertikale Achse");
    has(d, " Grenzwert für Reads: 1500 (L1).");
    has(d, " Reads: Minimum 20, Mittelwert 627,25, Maximum 1234,5. Writes: Minimum 10,25, Mittelwert 20,125, "
           "Maximum 30.");
    has(svg, "<title>Reads, A: 1234,5 ms</title>");
    cr_assert_null(strstr(d, "minimum"));
    free(d);
    free(svg);
    svg = svg_of("ja");
    d = desc_of(svg);
    starts(d, "棒グラフ (系列 2 個): Reads、Writes。カテゴリ: A、B。縦軸");
    has(d, "Readsの上限: 1500 (L1)。");
    has(d, "Reads: 最小 20、平均 627.25、最大 1234.5。Writes: 最小 10.25、平均 20.125、最大 30。");
    free(d);
    free(svg);
}
