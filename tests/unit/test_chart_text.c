/* Unit tests: chart text as laid out (render/chart/chart_legend.c, chart_layout.c) - the widths
 * of CJK legend labels and the wrapping of long titles, read from the layout structs as text.
 * Expected values are hand arithmetic: a CJK ideograph, kana or Hangul syllable is 1 em wide,
 * so n of them at size s measure n * s points. */
#include <criterion/criterion.h>
#include <string.h>

#include "ps_render.h"

static const double text_v[3] = {1, 2, 3};
static const char *const cat3[3] = {"a", "b", "c"};

/* A bar chart of one series labelled label, without min/avg/max in the legend. */
static ps_chart_spec one_series(const ps_chart_series *s)
{
    ps_chart_spec spec = {0};
    spec.kind = PS_CHART_BARS;
    spec.categories = cat3;
    spec.ncategories = 3;
    spec.series = s;
    spec.nseries = 1;
    spec.y = (ps_chart_axis){"IOPS", NULL};
    return spec;
}

Test(chart_text, cjk_legend_label_is_one_em_per_character)
{
    /* zh-TW "資料庫讀取" (5 ideographs), ja "ログ書き込み" (6 kana/kanji), ko "데이터베이스" (6
     * Hangul syllables), fullwidth "ＩＯＰＳ" (4): each n x 8 pt at the 8 pt legend size. */
    static const struct { const char *label; int n; } cases[] = {
        {"資料庫讀取", 5}, {"ログ書き込み", 6}, {"데이터베이스", 6}, {"ＩＯＰＳ", 4}};
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        ps_chart_series s = {cases[c].label, -1, 3, text_v, NULL, 0, 0, 0, NULL};
        ps_chart_spec spec = one_series(&s);
        ps_chart_layout l;
        ps_error err;
        cr_assert_eq(ps_chart_layout_compute(&spec, &l, &err), 0, "%s", err.msg);
        cr_assert_eq(l.nlegend, 1);
        const ps_chart_text *t = &l.legend[0].text;
        cr_assert_str_eq(t->text, cases[c].label);
        cr_assert_float_eq(t->width, cases[c].n * t->size, 1e-9, "%s: width %g, want %d x %g",
                           cases[c].label, t->width, cases[c].n, t->size);
        cr_assert_float_eq(t->size, 8.0, 1e-9);
        ps_chart_layout_fini(&l);
    }
}

Test(chart_text, cjk_legend_items_do_not_overlap)
{
    /* Two series with 8-ideograph labels: the second item starts after the first one's text
     * (8 x 8 = 64 pt) ends, on the same row or on the next. */
    ps_chart_series s[2] = {{"資料庫讀取延遲時間", -1, 3, text_v, NULL, 0, 0, 0, NULL},
                            {"記錄寫入延遲時間長", -1, 3, text_v, NULL, 0, 0, 0, NULL}};
    ps_chart_spec spec = one_series(&s[0]);
    spec.nseries = 2;
    ps_chart_layout l;
    ps_error err;
    cr_assert_eq(ps_chart_layout_compute(&spec, &l, &err), 0, "%s", err.msg);
    cr_assert_eq(l.nlegend, 2);
    const ps_chart_text *a = &l.legend[0].text, *b = &l.legend[1].text;
    cr_assert_float_eq(a->width, 9 * 8.0, 1e-9);
    if (a->y == b->y)
        cr_assert_geq(l.legend[1].swatch.x, a->x + a->width, "%g < %g", l.legend[1].swatch.x,
                      a->x + a->width);
    ps_chart_layout_fini(&l);
}
