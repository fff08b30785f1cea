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
    static const struct {
        const char *label;
        int n;
    } cases[] = {{"資料庫讀取", 5}, {"ログ書き込み", 6}, {"데이터베이스", 6}, {"ＩＯＰＳ", 4}};
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        ps_chart_series s = {cases[c].label, -1, 3, text_v, NULL, 0, 0, 0, NULL};
        ps_chart_spec spec = one_series(&s);
        ps_chart_layout l;
        ps_error err;
        cr_assert_eq(ps_chart_layout_compute(&spec, &l, &err), 0, "%s", err.msg);
        cr_assert_eq(l.nlegend, 1);
        const ps_chart_text *t = &l.legend[0].text;
        cr_assert_str_eq(t->text, cases[c].label);
        cr_assert_float_eq(t->width, cases[c].n * t->size, 1e-9, "%s: width %g, want %d x %g", cases[c].label, t->width,
                           cases[c].n, t->size);
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
        cr_assert_geq(l.legend[1].swatch.x, a->x + a->width, "%g < %g", l.legend[1].swatch.x, a->x + a->width);
    ps_chart_layout_fini(&l);
}

/* The layout's title lines, first to last. */
static size_t title_lines(const ps_chart_layout *l, const ps_chart_text **out)
{
    size_t n = 0;
    if (l->title.text)
        out[n++] = &l->title;
    for (size_t i = 0; i < PS_CHART_TITLE_LINES - 1 && l->title_more[i].text; i++)
        out[n++] = &l->title_more[i];
    return n;
}

Test(chart_text, long_title_wraps_within_the_plot)
{
    /* The failure chart title of the demo paper (587 pt wide at 13 pt bold) on its 480 x 250 pt
     * chart: 2 lines, each at most the plot's width, words kept whole, the plot moved down by one
     * title line (13 x 1.3 = 16.9 pt) against the same chart with a short title. */
    static const char *const title = "MBX01 Instance5312.2: database read latency around its worst sample (bursts)";
    ps_chart_series s = {"read", -1, 3, text_v, NULL, 0, 0, 0, NULL};
    ps_chart_spec spec = one_series(&s);
    spec.width = 480;
    spec.height = 250;
    spec.title = "Short";
    ps_chart_layout l;
    ps_error err;
    cr_assert_eq(ps_chart_layout_compute(&spec, &l, &err), 0, "%s", err.msg);
    double plot_top_short = l.plot.y;
    ps_chart_layout_fini(&l);
    spec.title = title;
    cr_assert_gt(ps_chart_text_width(title, 13, 1), 480);
    cr_assert_eq(ps_chart_layout_compute(&spec, &l, &err), 0, "%s", err.msg);
    const ps_chart_text *t[PS_CHART_TITLE_LINES];
    size_t n = title_lines(&l, t);
    cr_assert_eq(n, 2, "%zu lines", n);
    ps_buf joined = {0};
    for (size_t i = 0; i < n; i++) {
        cr_assert_leq(t[i]->width, l.plot.w, "line %zu \"%s\": %g > plot %g", i, t[i]->text, t[i]->width, l.plot.w);
        cr_assert_leq(t[i]->x + t[i]->width, l.width - 12, "line %zu past the right margin", i);
        cr_assert_float_eq(t[i]->width, ps_chart_text_width(t[i]->text, 13, 1), 1e-9);
        if (i)
            cr_assert_float_eq(t[i]->y - t[i - 1]->y, 13 * 1.3, 1e-9);
        ps_buf_printf(&joined, "%s%s", i ? " " : "", t[i]->text);
    }
    cr_assert_str_eq(joined.data, title); /* broken at spaces, nothing lost */
    cr_assert_float_eq(l.plot.y - plot_top_short, 13 * 1.3, 1e-9);
    ps_buf_fini(&joined);
    ps_chart_layout_fini(&l);
}

Test(chart_text, very_long_and_cjk_titles)
{
    /* A 400-character title on a 300 pt chart: 3 lines at most, the last ending in "…", each
     * within the plot; a CJK title without spaces breaks between ideographs. */
    char longt[401];
    for (int i = 0; i < 400; i++)
        longt[i] = i % 8 == 7 ? ' ' : 'a' + i % 7;
    longt[400] = 0;
    static const char cjk[] = "資料庫讀取延遲時間在最差樣本周圍的變化情形資料庫讀取延遲時間在最差樣本周圍";
    const char *titles[2] = {longt, cjk};
    for (int k = 0; k < 2; k++) {
        ps_chart_series s = {"read", -1, 3, text_v, NULL, 0, 0, 0, NULL};
        ps_chart_spec spec = one_series(&s);
        spec.width = 300;
        spec.height = 300;
        spec.title = titles[k];
        ps_chart_layout l;
        ps_error err;
        cr_assert_eq(ps_chart_layout_compute(&spec, &l, &err), 0, "%s", err.msg);
        const ps_chart_text *t[PS_CHART_TITLE_LINES];
        size_t n = title_lines(&l, t);
        cr_assert_geq(n, 2);
        for (size_t i = 0; i < n; i++)
            cr_assert_leq(t[i]->width, l.plot.w, "%d line %zu: %g > %g", k, i, t[i]->width, l.plot.w);
        if (k == 0) {
            cr_assert_eq(n, PS_CHART_TITLE_LINES);
            const char *last = t[n - 1]->text;
            cr_assert_str_eq(last + strlen(last) - 3, "\xe2\x80\xa6");
        } else {
            /* 38 ideographs x 13 pt = 494 pt: the plot (about 250 pt) holds 19 per line */
            size_t per = (size_t)(l.plot.w / 13);
            cr_assert_eq(strlen(t[0]->text), per * 3, "%s", t[0]->text);
            cr_assert_eq(n, (38 + per - 1) / per);
        }
        ps_chart_layout_fini(&l);
    }
}
