/* Unit tests: with keep_series + keep_outside, ps_pipeline_load keeps every counter-log sample in the
 * chart series, also those outside the collection window, without changing any figure; the report
 * places the window on the series with the loader's local-UTC offset and shades the rest.
 * Expected values were read from samples/jetstress/MBX01/Performance_2026_3_14_10_11_2.csv with
 * Python's csv module: 483 rows; the report's window 10:11:17 .. 12:11:03 (local) holds rows
 * 2..481 (480 samples); header bias -60 -> UTC = local - 1 h. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "doc_fixture.h"
#include "ps_parser.h"
#include "ps_pipeline.h"
#include "ps_render.h"

/* keep: 0 no series, 1 window samples, 2 all samples */
static ps_js_run *load(const char *dir, int keep)
{
    const char *paths[] = {dir};
    ps_js_options opt = {0};
    opt.keep_series = keep > 0;
    opt.keep_outside = keep > 1;
    ps_js_run *run = NULL;
    ps_error err = {0};
    cr_assert_eq(ps_pipeline_load(paths, 1, &opt, &run, NULL, &err), 0, "%s", err.msg);
    return run;
}

static const ps_js_server *performance(const ps_js_run *run)
{
    for (size_t i = 0; i < run->nservers; i++)
        if (run->servers[i].test_type == PS_TEST_PERFORMANCE)
            return &run->servers[i];
    cr_assert_fail("no Performance server");
    return NULL;
}

static size_t series_of(const ps_js_server *s, const char *label)
{
    for (size_t i = 0; i < s->nseries; i++)
        if (strcmp(s->series_iops[i].label, label) == 0)
            return i;
    cr_assert_fail("no series %s", label);
    return 0;
}

static void sample_is(const ps_series *io, const ps_series *lat, size_t j, ps_time utc, double iops, double ms)
{
    cr_assert_eq(io->t[j], utc, "sample %zu", j);
    cr_assert_eq(lat->t[j], utc);
    cr_assert_float_eq(io->v[j], iops, 1e-9, "sample %zu", j);
    cr_assert_float_eq(lat->v[j], ms, 1e-9, "sample %zu", j);
}

Test(js_series, out_of_window_samples_kept)
{
    ps_js_run *run = load(PS_SOURCE_DIR "/samples/jetstress/MBX01", 2);
    const ps_js_server *s = performance(run);
    cr_assert_eq(s->window_samples, 480);
    cr_assert_eq(s->nseries, 4);
    for (size_t i = 0; i < s->nseries; i++) {
        cr_assert_eq(s->series_iops[i].n, 483, "%s", s->series_iops[i].label);
        cr_assert_eq(s->series_read_lat[i].n, 483);
    }
    cr_assert(s->has_local_minus_utc);
    cr_assert_eq(s->local_minus_utc, 3600000);
    size_t k = series_of(s, "Instance4711.1");
    const ps_series *io = &s->series_iops[k], *lat = &s->series_read_lat[k];
    /* row 1 (before the window): 10:11:02.269 local; reads + writes 54.934, read latency 21.084 */
    sample_is(io, lat, 0, ps_time_from_fields(2026, 3, 14, 9, 11, 2, 269), 54.934, 21.084);
    /* row 2: the window's first sample */
    sample_is(io, lat, 1, ps_time_from_fields(2026, 3, 14, 9, 11, 17, 375), 55.61, 14.295);
    /* rows 482 and 483 (after the window) */
    sample_is(io, lat, 481, ps_time_from_fields(2026, 3, 14, 11, 11, 17, 364), 53.443, 15.219);
    sample_is(io, lat, 482, ps_time_from_fields(2026, 3, 14, 11, 11, 32, 268), 60.943, 15.977);
    for (size_t j = 1; j < io->n; j++)
        cr_assert_gt(io->t[j], io->t[j - 1]);
    ps_js_run_free(run);
}

/* Every figure (JSON and text renderings of the whole run) is the same without series, with
 * the window's samples and with all samples; keep_series alone keeps the window's samples only
 * (MBX01: 480 of 483), keep_outside adds the others. */
Test(js_series, figures_unchanged)
{
    ps_js_run *r[3];
    for (int k = 0; k < 3; k++)
        r[k] = load(PS_SOURCE_DIR "/samples/jetstress", k);
    for (size_t i = 0; i < r[0]->nservers; i++) {
        const ps_js_server *s0 = &r[0]->servers[i], *s1 = &r[1]->servers[i], *s2 = &r[2]->servers[i];
        cr_assert_eq(s0->nseries, 0);
        cr_assert_eq(s1->window_samples, s0->window_samples);
        cr_assert_eq(s2->window_samples, s0->window_samples);
        if (!s0->nlogs)
            continue;
        cr_assert_eq(s1->series_iops[0].n, s0->window_samples, "%s", s0->machine);
        /* the Stress log is a .blg: its first sample has no value (two-sample counter types) */
        cr_assert_eq(s2->series_iops[0].n, s0->window_samples + (s0->test_type == PS_TEST_STRESS ? 2 : 3),
                     "%s: 1 sample before, 2 after", s0->machine);
    }
    void (*fn[])(ps_buf *, const ps_js_run *) = {ps_js_render_json, ps_js_render_text};
    for (size_t f = 0; f < 2; f++) {
        ps_buf x[3] = {{0}};
        for (int k = 0; k < 3; k++)
            fn[f](&x[k], r[k]);
        cr_assert_gt(x[0].len, 1000);
        for (int k = 1; k < 3; k++) {
            cr_assert_eq(x[k].len, x[0].len);
            cr_assert_eq(memcmp(x[k].data, x[0].data, x[0].len), 0);
        }
        for (int k = 0; k < 3; k++)
            ps_buf_fini(&x[k]);
    }
    for (int k = 0; k < 3; k++)
        ps_js_run_free(r[k]);
}

static size_t count(const char *hay, const char *needle)
{
    size_t n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

/* 400 samples 15 s apart from 10:11:17 UTC (doc_fixture); the window is samples 120..179 in
 * local time = UTC + 1 h: 11:41:17 .. 11:56:02 local. Shifted by -15 min instead of -1 h it also
 * holds 60 samples, so only the loader's offset places it right: axis from 11:11:17 local, the
 * first shade up to 10:41:17 UTC = 120 of 399 intervals of the plot width. */
Test(js_series, loader_offset_places_the_window)
{
    ps_js_run *run = doc_fixture_run(NULL, 400);
    ps_js_server *s = &run->servers[0];
    s->window_start = ps_time_from_fields(2016, 1, 18, 11, 41, 17, 0);
    s->window_end = ps_time_from_fields(2016, 1, 18, 11, 56, 2, 0);
    s->window_samples = 60;
    s->has_local_minus_utc = 1;
    s->local_minus_utc = 3600000;
    ps_warnings w = {0};
    ps_error err = {0};
    ps_doc_options opt = {.esrp = 4, .date = ps_time_from_fields(2026, 11, 30, 0, 0, 0, 0)};
    ps_doc *d = NULL;
    cr_assert_eq(ps_doc_build(run, NULL, &opt, &d, &w, &err), 0, "%s", err.msg);
    ps_buf b = {0};
    ps_doc_dump_layout(d, &b);
    const char *c = strstr(b.data, "[chart SERVER1.Performance.iops]");
    cr_assert_not_null(c);
    const char *range = "axis.x.range = 2016-01-18T11:11:17.000Z 2016-01-18T12:51:02.000Z ";
    cr_assert_eq(strncmp(strstr(c, "axis.x.range = "), range, strlen(range)), 0, "%.300s", strstr(c, "axis.x.range"));
    double px, py, pw, ph, sx, sy, sw, sh, tx, ty, tw, th;
    cr_assert_eq(sscanf(strstr(c, "\nplot = "), "\nplot = %lf %lf %lf %lf", &px, &py, &pw, &ph), 4);
    cr_assert_eq(sscanf(strstr(c, "\nshade.0 = "), "\nshade.0 = %lf %lf %lf %lf", &sx, &sy, &sw, &sh), 4);
    cr_assert_eq(sscanf(strstr(c, "\nshade.1 = "), "\nshade.1 = %lf %lf %lf %lf", &tx, &ty, &tw, &th), 4);
    cr_assert_float_eq(sx, px, 0.01);
    cr_assert_float_eq(sw, pw * 120.0 / 399.0, 0.01);
    /* second shade from 10:56:02 UTC (sample 179) to the last sample (399) */
    cr_assert_float_eq(tx, px + pw * 179.0 / 399.0, 0.01);
    cr_assert_float_eq(tw, pw * 220.0 / 399.0, 0.01);
    cr_assert_eq(count(b.data, "\nshade.0 = "), 2, "iops and latency charts of SERVER1");
    ps_buf_fini(&b);
    ps_doc_free(d);
    ps_warnings_fini(&w);
    ps_js_run_free(run);
    ps_chart_release_caches();
}
