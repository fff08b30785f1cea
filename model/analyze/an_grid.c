/* an_grid.c - the fine-slice grids of the analysis: one per period of the logs.
 *
 * A period is a time range with samples; each has its own grid of fine slices: slice i covers
 * [(base + i) * w, (base + i + 1) * w) ms UTC. In auto mode a grid starts 1 s wide and widens
 * (adjacent slices merged) whenever its samples would need more than AN_MAX_FINE slices, so
 * memory is bounded whatever the length of the logs; a fixed --interval widens only past
 * AN_MAX_FIXED slices. Every row of one file goes to one period (a log is one recording). A
 * file's first row joins the nearest period within max(its length, AN_PERIOD_GAP_MS) of it, or
 * starts a new one; two periods closer than max(the longer one's length, AN_PERIOD_GAP_MS)
 * merge (on the wider of their grids). So logs of different days are sliced each on their own
 * time range, at their own scale, while logs of one time range share one grid, whatever the
 * order of the files.
 *
 * A series' accumulators of a period are allocated when the series gets a sample in it.
 */
#include "an_internal.h"

#include <stdlib.h>
#include <string.h>

static int64_t floor_div(int64_t t, int64_t w)
{
    return t >= 0 ? t / w : -((-t + w - 1) / w);
}

static size_t limit_of(const ps_analysis *a)
{
    return a->opt.interval_ms > 0 ? AN_MAX_FIXED : a->opt.max_fine ? a->opt.max_fine : AN_MAX_FINE;
}

/* Grow the period's accumulator arrays (the series that have one) to hold need slices. */
static void grow(ps_analysis *a, size_t p, size_t need)
{
    an_period *g = &a->periods[p];
    if (need <= g->cap)
        return;
    size_t cap = g->cap ? g->cap : 16;
    while (cap < need)
        cap *= 2;
    for (size_t i = 0; i < a->nseries; i++) {
        ps_an_acc *f = a->series[i].fine[p];
        if (!f)
            continue;
        f = ps_xrealloc(f, cap * sizeof *f);
        for (size_t k = g->cap; k < cap; k++)
            ps_an_acc_clear(&f[k]);
        a->series[i].fine[p] = f;
    }
    g->cap = cap;
}

/* Put `shift` empty slices in front of the period. */
static void prepend(ps_analysis *a, size_t p, size_t shift)
{
    grow(a, p, a->periods[p].nfine + shift);
    an_period *g = &a->periods[p];
    for (size_t i = 0; i < a->nseries; i++) {
        ps_an_acc *f = a->series[i].fine[p];
        if (!f)
            continue;
        memmove(f + shift, f, g->nfine * sizeof *f);
        for (size_t k = 0; k < shift; k++)
            ps_an_acc_clear(&f[k]);
    }
    g->base -= (int64_t)shift;
    g->nfine += shift;
}

/* Auto mode widths (s): each a whole multiple of the one before, so slices merge exactly,
 * and round on the clock (minutes, hours, days); past the table the width doubles. */
static const int64_t auto_widths_s[] = {1,    2,    10,    20,    60,    120,    600,   1200,
                                        3600, 7200, 21600, 43200, 86400, 172800, 604800};

static int64_t next_factor(const ps_analysis *a, int64_t w)
{
    if (a->opt.interval_ms > 0)
        return 2;
    size_t n = sizeof auto_widths_s / sizeof auto_widths_s[0];
    for (size_t i = 0; i + 1 < n; i++)
        if (auto_widths_s[i] * 1000 == w)
            return auto_widths_s[i + 1] / auto_widths_s[i];
    return 2;
}

/* Widen the period's slices f times: groups of f slices aligned on absolute index multiples of
 * f merge. */
static void coarsen(ps_analysis *a, size_t p)
{
    int64_t f = next_factor(a, a->periods[p].w);
    int64_t rem = a->periods[p].base % f;
    if (rem < 0)
        rem += f;
    if (rem)
        prepend(a, p, (size_t)rem);
    an_period *g = &a->periods[p];
    size_t n = (g->nfine + (size_t)f - 1) / (size_t)f;
    for (size_t i = 0; i < a->nseries; i++) {
        ps_an_acc *fs = a->series[i].fine[p];
        if (!fs)
            continue;
        for (size_t k = 0; k < n; k++) { /* k <= f k: the group is read before fs[k] is written */
            ps_an_acc m = fs[(size_t)f * k];
            for (size_t j = 1; j < (size_t)f && (size_t)f * k + j < g->nfine; j++)
                ps_an_acc_absorb(&m, &fs[(size_t)f * k + j]);
            fs[k] = m;
        }
        for (size_t k = n; k < g->nfine; k++)
            ps_an_acc_clear(&fs[k]); /* moved away above */
    }
    g->nfine = n;
    g->base /= f;
    g->w *= f;
    g->widened = a->opt.interval_ms > 0;
}

/* A new, empty period holding time t; returns its index. */
static size_t new_period(ps_analysis *a, ps_time t)
{
    if (a->nperiods == a->periods_cap) {
        a->periods_cap = a->periods_cap ? a->periods_cap * 2 : 4;
        a->periods = ps_xrealloc(a->periods, a->periods_cap * sizeof *a->periods);
        for (size_t i = 0; i < a->nseries; i++) {
            a->series[i].fine = ps_xrealloc(a->series[i].fine, a->periods_cap * sizeof *a->series[i].fine);
            memset(a->series[i].fine + a->nperiods, 0, (a->periods_cap - a->nperiods) * sizeof *a->series[i].fine);
        }
    }
    an_period *g = &a->periods[a->nperiods];
    memset(g, 0, sizeof *g);
    g->w = a->opt.interval_ms > 0 ? a->opt.interval_ms : AN_AUTO_START_MS;
    g->base = floor_div(t, g->w);
    g->nfine = 1;
    g->lo = g->hi = t;
    grow(a, a->nperiods, 16);
    return a->nperiods++;
}

/* Time from t to the period (0 inside it). */
static int64_t distance(const an_period *g, ps_time t)
{
    return t < g->lo ? g->lo - t : t > g->hi ? t - g->hi : 0;
}

static int64_t reach(const an_period *g)
{
    return g->hi - g->lo > AN_PERIOD_GAP_MS ? g->hi - g->lo : AN_PERIOD_GAP_MS;
}

static int near_periods(const an_period *x, const an_period *y)
{
    int64_t gap = x->lo > y->hi ? x->lo - y->hi : y->lo > x->hi ? y->lo - x->hi : 0;
    return gap <= reach(x) || gap <= reach(y);
}

/* Merge period q into p (same-width grids made first) and remove q; returns p's new index. */
static size_t merge(ps_analysis *a, size_t p, size_t q)
{
    while (a->periods[p].w < a->periods[q].w)
        coarsen(a, p);
    while (a->periods[q].w < a->periods[p].w)
        coarsen(a, q);
    int64_t lo, hi;
    for (;;) {
        const an_period *x = &a->periods[p], *y = &a->periods[q];
        lo = x->base < y->base ? x->base : y->base;
        hi = x->base + (int64_t)x->nfine > y->base + (int64_t)y->nfine ? x->base + (int64_t)x->nfine
                                                                       : y->base + (int64_t)y->nfine;
        if (hi - lo <= (int64_t)limit_of(a))
            break;
        coarsen(a, p);
        coarsen(a, q);
    }
    an_period *x = &a->periods[p], *y = &a->periods[q];
    size_t n = (size_t)(hi - lo), cap = 16;
    while (cap < n)
        cap *= 2;
    for (size_t i = 0; i < a->nseries; i++) {
        ps_an_acc **fine = a->series[i].fine;
        if (!fine[p] && !fine[q])
            continue;
        ps_an_acc *m = ps_xcalloc(cap, sizeof *m);
        if (fine[p])
            memcpy(m + (x->base - lo), fine[p], x->nfine * sizeof *m); /* moved: the sketches too */
        for (size_t k = 0; fine[q] && k < y->nfine; k++)
            ps_an_acc_absorb(&m[(size_t)(y->base - lo) + k], &fine[q][k]);
        if (fine[q])
            for (size_t k = 0; k < y->cap; k++)
                ps_an_acc_release(&fine[q][k]);
        free(fine[p]);
        free(fine[q]);
        fine[p] = m;
        fine[q] = NULL;
    }
    x->base = lo;
    x->nfine = n;
    x->cap = cap;
    x->lo = x->lo < y->lo ? x->lo : y->lo;
    x->hi = x->hi > y->hi ? x->hi : y->hi;
    x->widened |= y->widened;
    if (y->sample_ms && (!x->sample_ms || y->sample_ms < x->sample_ms))
        x->sample_ms = y->sample_ms;
    size_t last = --a->nperiods; /* q's place takes the last period */
    if (q != last) {
        a->periods[q] = a->periods[last];
        for (size_t i = 0; i < a->nseries; i++) {
            a->series[i].fine[q] = a->series[i].fine[last];
            a->series[i].fine[last] = NULL;
        }
    }
    if (a->file_period == last)
        a->file_period = q;
    return p == last ? q : p;
}

/* The period of a row at t of the current file: its file's, else the nearest within reach, else
 * a new one; periods now near the file's merge into it. */
static size_t period_of(ps_analysis *a, ps_time t)
{
    size_t p = a->file_period;
    if (p == SIZE_MAX) {
        int64_t best = -1;
        for (size_t i = 0; i < a->nperiods; i++) {
            int64_t d = distance(&a->periods[i], t);
            if (d <= reach(&a->periods[i]) && (best < 0 || d < best))
                best = d, p = i;
        }
        if (p == SIZE_MAX)
            p = new_period(a, t);
        a->file_period = p;
    }
    an_period *g = &a->periods[p];
    if (t >= g->lo && t <= g->hi)
        return p;
    if (t < g->lo)
        g->lo = t;
    if (t > g->hi)
        g->hi = t;
    for (size_t i = 0; i < a->nperiods; i++)
        if (i != p && near_periods(&a->periods[p], &a->periods[i])) {
            p = merge(a, p, i);
            a->file_period = p;
            i = SIZE_MAX; /* look again: the period grew (the loop's ++ makes it 0) */
        }
    return p;
}

size_t ps_an_grid_slot(ps_analysis *a, ps_time t, size_t *period)
{
    size_t p = period_of(a, t);
    size_t limit = limit_of(a);
    *period = p;
    for (;;) {
        an_period *g = &a->periods[p];
        int64_t idx = floor_div(t, g->w);
        int64_t lo = idx < g->base ? idx : g->base;
        int64_t hi = idx >= g->base + (int64_t)g->nfine ? idx : g->base + (int64_t)g->nfine - 1;
        if (hi - lo + 1 <= (int64_t)limit) {
            if (idx < g->base)
                prepend(a, p, (size_t)(g->base - idx));
            else if (idx >= g->base + (int64_t)g->nfine) {
                grow(a, p, (size_t)(idx - g->base + 1));
                a->periods[p].nfine = (size_t)(idx - a->periods[p].base + 1);
            }
            return (size_t)(idx - a->periods[p].base);
        }
        coarsen(a, p);
    }
}

ps_an_acc *ps_an_grid_acc(ps_analysis *a, ps_an_series *s, size_t p, size_t k)
{
    if (!s->fine[p]) {
        s->fine[p] = ps_xcalloc(a->periods[p].cap, sizeof *s->fine[p]);
        for (size_t i = 0; i < a->periods[p].cap; i++)
            ps_an_acc_clear(&s->fine[p][i]);
    }
    return &s->fine[p][k];
}

void ps_an_grid_new_series(ps_analysis *a, ps_an_series *s)
{
    s->fine = ps_xcalloc(a->periods_cap ? a->periods_cap : 1, sizeof *s->fine);
}

void ps_an_grid_free_series(ps_analysis *a, ps_an_series *s)
{
    for (size_t p = 0; s->fine && p < a->nperiods; p++) {
        for (size_t k = 0; s->fine[p] && k < a->periods[p].cap; k++)
            ps_an_acc_release(&s->fine[p][k]);
        free(s->fine[p]);
    }
    free(s->fine);
    s->fine = NULL;
}
