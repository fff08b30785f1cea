/* explain.c - why a Jetstress rule failed: while the counter logs stream, per (rule, instance)
 * run-length state of the samples beyond the rule's limit (count, runs, longest run, worst
 * sample) and a bounded buffer of samples around the longest run for a chart; after judging, a
 * ps_js_failure per failing reason with a classification (single spike, bursts, sustained) and
 * the times in the logs' local time with their zone, as data: the sentence is the renderer's
 * (ps_js_failure_words). Memory is flat in the number of samples. */
#include "judge/judge_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct zbuf {
    size_t n;
    ps_time t[PS_JS_ZOOM_MAX];
    double v[PS_JS_ZOOM_MAX];
} zbuf;

/* Run-length state of one per-sample test on one instance (or the host). */
typedef struct exc {
    uint64_t samples, over, runs, cur, longest;
    ps_time cur_first, cur_last, longest_first, longest_last, worst_at;
    double worst;
    ps_time ring_t[PS_JS_ZOOM_PRE]; /* the last samples, for the context before a run */
    double ring_v[PS_JS_ZOOM_PRE];
    size_t ring_n, ring_pos;
    zbuf *cand, *best; /* the current run's samples / the longest run's; NULL until needed */
    int best_post; /* samples still to append after the longest run */
    zbuf *wz; /* the samples around the worst sample; NULL until one is over */
    int wz_post; /* samples still to append after the worst one */
} exc;

/* One per-sample test: metric op limit. */
typedef struct wkey {
    int metric, op;
    double limit;
} wkey;

struct ps_js_watch {
    wkey *keys;
    size_t nkeys;
    exc **tab; /* tab[key][inst]; instance metrics: ninst slots; host metrics: slot 0 */
    size_t ninst;
    int zone_known; /* the first log's zone: */
    char *zone_name; /* its name, NULL when the log names none */
    int has_offset, offset_min; /* local - UTC in minutes, when the log gives it */
};

static const char *const class_names[] = {"not explained", "single spike", "bursts", "sustained"};

const char *ps_js_failure_class_name(enum ps_js_failure_class c)
{
    return (unsigned)c < sizeof class_names / sizeof class_names[0] ? class_names[c] : NULL;
}

void ps_js_watch_free(struct ps_js_watch *w)
{
    if (!w)
        return;
    for (size_t k = 0; k < w->nkeys; k++) {
        size_t n = w->keys[k].metric >= PS_JM_NINST ? 1 : w->ninst;
        for (size_t i = 0; w->tab[k] && i < n; i++) {
            free(w->tab[k][i].cand);
            free(w->tab[k][i].best);
            free(w->tab[k][i].wz);
        }
        free(w->tab[k]);
    }
    free(w->tab);
    free(w->keys);
    free(w->zone_name);
    free(w);
}

static void exc_init(exc *e)
{
    memset(e, 0, sizeof *e);
    e->worst = NAN;
    e->worst_at = e->cur_first = e->cur_last = e->longest_first = e->longest_last = PS_TIME_NONE;
}

void ps_js_watch_start(ps_js_server *s, const ps_js_judge_options *opt)
{
    ps_js_watch_free(s->watch);
    s->watch = NULL;
    if (s->test_type == PS_TEST_BACKUP || s->test_type == PS_TEST_SOFTRECOVERY)
        return;
    ps_thr_set rules = {0};
    js_server_rules(s, opt, NULL, &rules, NULL);
    struct ps_js_watch *w = ps_xcalloc(1, sizeof *w);
    w->keys = ps_xcalloc(rules.n ? rules.n : 1, sizeof *w->keys);
    for (size_t i = 0; i < rules.n; i++) {
        const ps_thr_rule *r = &rules.rules[i];
        int inst = r->scope == PS_THR_INSTANCE && r->metric < PS_JM_NINST;
        int host = r->scope == PS_THR_SERVER && r->metric >= PS_JM_NINST && r->metric < PS_JM_N;
        if (r->severity != PS_THR_ERROR || (!inst && !host))
            continue;
        size_t k = 0;
        while (k < w->nkeys &&
               !(w->keys[k].metric == r->metric && w->keys[k].op == (int)r->op && w->keys[k].limit == r->limit))
            k++;
        if (k == w->nkeys)
            w->keys[w->nkeys++] = (wkey){r->metric, (int)r->op, r->limit};
    }
    ps_thr_set_fini(&rules);
    w->tab = ps_xcalloc(w->nkeys ? w->nkeys : 1, sizeof *w->tab);
    for (size_t k = 0; k < w->nkeys; k++)
        if (w->keys[k].metric >= PS_JM_NINST) {
            w->tab[k] = ps_xmalloc(sizeof *w->tab[k]);
            exc_init(w->tab[k]);
        }
    s->watch = w;
}

void ps_js_watch_log(ps_js_server *s, const char *zone, int has_bias, int bias_minutes)
{
    if (!s->watch || s->watch->zone_known)
        return;
    s->watch->zone_known = 1;
    s->watch->zone_name = zone && *zone ? ps_xstrdup(zone) : NULL;
    s->watch->has_offset = has_bias != 0;
    s->watch->offset_min = -bias_minutes; /* UTC = local + bias: the offset is -bias */
}

static void grow(struct ps_js_watch *w, size_t ninst)
{
    if (ninst <= w->ninst)
        return;
    for (size_t k = 0; k < w->nkeys; k++) {
        if (w->keys[k].metric >= PS_JM_NINST)
            continue;
        w->tab[k] = ps_xrealloc(w->tab[k], ninst * sizeof *w->tab[k]);
        for (size_t i = w->ninst; i < ninst; i++)
            exc_init(&w->tab[k][i]);
    }
    w->ninst = ninst;
}

static void zpush(zbuf *z, ps_time t, double v, size_t cap)
{
    if (z && z->n < cap) {
        z->t[z->n] = t;
        z->v[z->n++] = v;
    }
}

/* 1 when a is farther beyond the limit than b in the rule's direction. */
static int worse(int op, double a, double b)
{
    return isnan(b) || ((op == PS_THR_GT || op == PS_THR_GE) ? a > b : a < b);
}

/* The run that just ended (or is open at the end) becomes the longest when it is longer. */
static void end_run(exc *e)
{
    if (e->cur > e->longest) {
        e->longest = e->cur;
        e->longest_first = e->cur_first;
        e->longest_last = e->cur_last;
        zbuf *t = e->best;
        e->best = e->cand;
        e->cand = t;
        e->best_post = PS_JS_ZOOM_POST;
    }
    e->cur = 0;
}

static void exc_add(exc *e, const wkey *k, ps_time t, double v)
{
    if (isnan(v))
        return;
    e->samples++;
    int new_worst = 0;
    if (ps_thr_violates((enum ps_thr_op)k->op, v, k->limit)) {
        e->over++;
        if (worse(k->op, v, e->worst)) { /* its chart buffer: the samples before it, it, those after */
            e->worst = v;
            e->worst_at = t;
            new_worst = 1;
            if (!e->wz)
                e->wz = ps_xmalloc(sizeof *e->wz);
            e->wz->n = 0;
            for (size_t i = 0; i < e->ring_n; i++) {
                size_t j = (e->ring_pos + PS_JS_ZOOM_PRE - e->ring_n + i) % PS_JS_ZOOM_PRE;
                zpush(e->wz, e->ring_t[j], e->ring_v[j], PS_JS_ZOOM_MAX);
            }
            zpush(e->wz, t, v, PS_JS_ZOOM_MAX);
            e->wz_post = PS_JS_ZOOM_POST;
        }
        if (!e->cur) { /* a run starts: its chart buffer begins with the samples before it */
            e->runs++;
            e->cur_first = t;
            if (!e->cand)
                e->cand = ps_xmalloc(sizeof *e->cand);
            e->cand->n = 0;
            for (size_t i = 0; i < e->ring_n; i++) {
                size_t j = (e->ring_pos + PS_JS_ZOOM_PRE - e->ring_n + i) % PS_JS_ZOOM_PRE;
                zpush(e->cand, e->ring_t[j], e->ring_v[j], PS_JS_ZOOM_MAX);
            }
        }
        e->cur++;
        e->cur_last = t;
        zpush(e->cand, t, v, PS_JS_ZOOM_MAX - PS_JS_ZOOM_POST);
    } else if (e->cur) {
        end_run(e);
    }
    if (e->best_post) {
        zpush(e->best, t, v, PS_JS_ZOOM_MAX);
        e->best_post--;
    }
    if (e->wz_post && !new_worst) {
        zpush(e->wz, t, v, PS_JS_ZOOM_MAX);
        e->wz_post--;
    }
    e->ring_t[e->ring_pos] = t;
    e->ring_v[e->ring_pos] = v;
    e->ring_pos = (e->ring_pos + 1) % PS_JS_ZOOM_PRE;
    if (e->ring_n < PS_JS_ZOOM_PRE)
        e->ring_n++;
}

void ps_js_watch_sample(ps_js_server *s, size_t inst, ps_time local, const double *v)
{
    struct ps_js_watch *w = s->watch;
    if (!w)
        return;
    grow(w, inst + 1);
    for (size_t k = 0; k < w->nkeys; k++)
        if (w->keys[k].metric < PS_JM_NINST)
            exc_add(&w->tab[k][inst], &w->keys[k], local, v[w->keys[k].metric]);
}

void ps_js_watch_host(ps_js_server *s, ps_time local, const double *host)
{
    struct ps_js_watch *w = s->watch;
    for (size_t k = 0; w && k < w->nkeys; k++)
        if (w->keys[k].metric >= PS_JM_NINST)
            exc_add(w->tab[k], &w->keys[k], local, host[w->keys[k].metric - PS_JM_NINST]);
}

/* ------------------------------------------------------------------ explanation */

static enum ps_js_failure_class classify(const exc *e)
{
    if (!e->over)
        return PS_FAIL_UNKNOWN;
    if (2 * e->over >= e->samples)
        return PS_FAIL_SUSTAINED;
    if (e->runs == 1 && e->longest <= PS_JS_SPIKE_MAX)
        return PS_FAIL_SPIKE;
    return PS_FAIL_BURSTS;
}

void js_explain(ps_js_server *s, const ps_thr_rule *r, size_t inst)
{
    struct ps_js_watch *w = s->watch;
    if (!w || !s->verdict.nreasons)
        return;
    size_t k = 0;
    while (k < w->nkeys &&
           !(w->keys[k].metric == r->metric && w->keys[k].op == (int)r->op && w->keys[k].limit == r->limit))
        k++;
    int host = inst == JS_HOST;
    if (k == w->nkeys || host != (r->metric >= PS_JM_NINST) || (!host && inst >= w->ninst))
        return;
    exc *e = host ? w->tab[k] : &w->tab[k][inst];
    if (e->cur) /* a run still open at the end of the window */
        end_run(e);
    if (!e->over)
        return;
    ps_verdict *v = &s->verdict;
    v->failures = ps_xrealloc(v->failures, (v->nfailures + 1) * sizeof *v->failures);
    ps_js_failure *f = &v->failures[v->nfailures++];
    memset(f, 0, sizeof *f);
    f->reason = v->nreasons - 1;
    f->instance = host ? NULL : ps_xstrdup(s->instances[inst].name);
    f->metric = r->metric;
    f->op = (int)r->op;
    f->limit = r->limit;
    f->samples = e->samples;
    f->over = e->over;
    f->runs = e->runs;
    f->longest = e->longest;
    f->longest_first = e->longest_first;
    f->longest_last = e->longest_last;
    f->worst = e->worst;
    f->worst_at = e->worst_at;
    f->cls = classify(e);
    f->zone_name = w->zone_name ? ps_xstrdup(w->zone_name) : NULL;
    f->has_utc_offset = w->has_offset;
    f->utc_offset_min = w->offset_min;
    f->zoom.label = ps_xstrdup(host ? (s->machine ? s->machine : "?") : s->instances[inst].name);
    /* bursts whose worst sample lies outside the longest run: the chart shows the worst sample */
    int on_worst =
        f->cls == PS_FAIL_BURSTS && e->wz && (f->worst_at < f->longest_first || f->worst_at > f->longest_last);
    const zbuf *z = on_worst ? e->wz : e->best;
    f->zoom_on = on_worst ? PS_JS_ZOOM_WORST : PS_JS_ZOOM_LONGEST_RUN;
    for (size_t i = 0; z && i < z->n; i++)
        ps_series_push(&f->zoom, z->t[i], z->v[i]);
}
