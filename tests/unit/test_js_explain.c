/* Unit tests: failure explanation (model/jetstress/explain.c) fed sample by sample as the loader
 * does, on long synthetic streams whose runs are known by construction. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ps_model.h"
#include "words_util.h"

#define T0 ((ps_time)1773482400000LL) /* 2026-03-14 10:00:00.000 */

/* A one-instance Performance server with logs, streamed n samples of database read latency
 * lat(i) at 15 s intervals through the statistics and the watch, then judged (jetstress-2013). */
static void run(ps_js_run *r, uint64_t n, double (*lat)(uint64_t))
{
    memset(r, 0, sizeof *r);
    r->nservers = 1;
    r->servers = calloc(1, sizeof *r->servers);
    ps_js_server *s = &r->servers[0];
    s->machine = strdup("U1");
    s->test_type = PS_TEST_PERFORMANCE;
    s->nlogs = 1;
    s->logs = calloc(1, sizeof *s->logs);
    s->logs[0] = strdup("u1.csv");
    s->ninstances = 1;
    s->instances = calloc(1, sizeof *s->instances);
    s->instances[0].name = strdup("Instance1.1");
    s->stats = calloc(1, sizeof *s->stats);
    s->stats->ninst = 1;
    s->stats->inst = calloc(1, sizeof *s->stats->inst);
    ps_js_judge_options jo = {"jetstress-2013", 0, NULL};
    ps_js_watch_start(s, &jo);
    ps_js_watch_log(s, "UTC", 1, 0);
    for (uint64_t i = 0; i < n; i++) {
        double v[PS_JM_NINST], host[PS_JM_NHOST];
        for (int m = 0; m < PS_JM_NINST; m++)
            v[m] = NAN;
        for (int h = 0; h < PS_JM_NHOST; h++)
            host[h] = 0;
        v[PS_IO_DB_READ_LAT] = lat(i);
        v[PS_IO_LOG_WRITE_LAT] = 1;
        v[PS_IO_DB_READS] = 100;
        v[PS_IO_DB_WRITES] = 50;
        ps_time t = T0 + (ps_time)i * 15000;
        ps_js_inst_acc_add(&s->stats->inst[0], v);
        ps_js_watch_sample(s, 0, t, v);
        for (int h = 0; h < PS_JM_NHOST; h++)
            ps_js_stat_add(&s->stats->host[h], host[h]);
        ps_js_watch_host(s, t, host);
    }
    ps_js_server_finish(s);
    s->window_samples = n;
    ps_js_summarize(s, NAN, &s->summary);
    ps_error err = {0};
    cr_assert_eq(ps_js_judge(r, &jo, &err), PS_OK);
}

static const ps_js_failure *failure(const ps_js_run *r, double limit)
{
    const ps_verdict *v = &r->servers[0].verdict;
    for (size_t i = 0; i < v->nfailures; i++)
        if (v->failures[i].limit == limit)
            return &v->failures[i];
    return NULL;
}

/* 1,000,000 samples: 5 ms, runs of 3 samples of 150 ms starting every 10,000 samples (100 runs,
 * 300 samples > 100 ms), one of them 400 ms at sample 500,001. The mean stays below 20 ms. */
static double bursts(uint64_t i)
{
    if (i == 500001)
        return 400;
    return i % 10000 < 3 ? 150 : 5;
}

Test(explain, bursts_in_a_long_stream)
{
    ps_js_run *r = malloc(sizeof *r);
    run(r, 1000000, bursts);
    const ps_js_failure *f = failure(r, 100);
    cr_assert_not_null(f, "%s", r->servers[0].verdict.nreasons ? rw(&r->servers[0].verdict.reasons[0]) : "no reason");
    cr_assert_eq(f->over, 300);
    cr_assert_eq(f->runs, 100);
    cr_assert_eq(f->longest, 3); /* the first run of 3 */
    cr_assert_eq(f->longest_first, T0);
    cr_assert_eq(f->longest_last, T0 + 2 * 15000);
    cr_assert_eq(f->worst, 400);
    cr_assert_eq(f->worst_at, T0 + (ps_time)500001 * 15000);
    cr_assert_eq(f->cls, PS_FAIL_BURSTS);
    /* bursts whose worst sample (400 ms at sample 500,001) lies outside the longest run (samples
     * 0-2): the chart buffer is the 16 samples before it (499,985..500,000: 500,000 is a 150 ms
     * burst start, 500,001 the worst, 500,002 back to 150), it, and the 16 after: 33, bounded */
    cr_assert_eq(f->zoom_on, PS_JS_ZOOM_WORST);
    cr_assert_eq(f->zoom.n, PS_JS_ZOOM_PRE + 1 + PS_JS_ZOOM_POST);
    cr_assert_eq(f->zoom.t[0], T0 + (ps_time)(500001 - PS_JS_ZOOM_PRE) * 15000);
    cr_assert_eq(f->zoom.v[PS_JS_ZOOM_PRE - 1], 150); /* sample 500,000 */
    cr_assert_eq(f->zoom.v[PS_JS_ZOOM_PRE], 400); /* the worst */
    cr_assert_eq(f->zoom.v[PS_JS_ZOOM_PRE + 1], 150); /* sample 500,002 */
    cr_assert_eq(f->zoom.v[PS_JS_ZOOM_PRE + 2], 5); /* sample 500,003 */
    cr_assert_eq(f->zoom.t[f->zoom.n - 1], T0 + (ps_time)(500001 + PS_JS_ZOOM_POST) * 15000);
    cr_assert_null(failure(r, 20)); /* the mean passes: no explanation */
    ps_js_run_free(r);
}

/* Exactly half the window beyond the limit is sustained; one sample less is bursts. A longest run
 * longer than the chart buffer keeps 16 samples before it and its first samples, at most 96. */
static uint64_t half_over;
static double half(uint64_t i)
{
    return i >= 1000 && i < 1000 + half_over ? 150 : 5;
}

Test(explain, sustained_boundary)
{
    static const struct {
        uint64_t over;
        enum ps_js_failure_class want;
    } cases[] = {{2000, PS_FAIL_SUSTAINED}, {1999, PS_FAIL_BURSTS}};
    for (size_t c = 0; c < 2; c++) {
        half_over = cases[c].over;
        ps_js_run *r = malloc(sizeof *r);
        run(r, 4000, half);
        const ps_js_failure *f = failure(r, 100);
        cr_assert_not_null(f);
        cr_assert_eq(f->cls, cases[c].want, "over %llu", (unsigned long long)cases[c].over);
        cr_assert_eq(f->longest, cases[c].over);
        cr_assert_eq(f->zoom_on, PS_JS_ZOOM_LONGEST_RUN); /* one run: it holds the worst sample */
        cr_assert_eq(f->zoom.n, PS_JS_ZOOM_MAX - PS_JS_ZOOM_POST + PS_JS_ZOOM_POST);
        cr_assert_eq(f->zoom.t[0], T0 + (ps_time)(1000 - PS_JS_ZOOM_PRE) * 15000);
        ps_js_run_free(r);
    }
}

/* Two samples in one run is still a single spike; three is bursts. */
static int spike_len;
static double spike(uint64_t i)
{
    return i >= 100 && i < 100 + (uint64_t)spike_len ? 10000 : 5;
}

Test(explain, spike_rule)
{
    for (spike_len = 1; spike_len <= 3; spike_len++) {
        ps_js_run *r = malloc(sizeof *r);
        run(r, 400, spike);
        const ps_js_failure *f = failure(r, 20); /* the mean fails: (399*5 + 10000)/400 = 29.99 > 20 */
        cr_assert_not_null(f, "len %d", spike_len);
        cr_assert_eq(f->cls, spike_len <= PS_JS_SPIKE_MAX ? PS_FAIL_SPIKE : PS_FAIL_BURSTS, "len %d", spike_len);
        cr_assert_str_eq(f->zone_name, "UTC");
        cr_assert(f->has_utc_offset);
        cr_assert_eq(f->utc_offset_min, 0);
        ps_js_run_free(r);
    }
}
