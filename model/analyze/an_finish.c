/* an_finish.c - from fine slices to final slices, statistics, alerts and the verdict.
 *
 * Final slices, per period of the logs (an_grid.c), the periods one after the other in time
 * order: in auto mode g = ceil(the period's fine slices / PS_AN_AUTO_SLICES) adjacent fine slices
 * (aligned on absolute multiples of g), at least the sampling interval, make one slice; with
 * --interval g = 1. Per slice: n, min, avg (mean of the samples), max, p95 (sketch, rule
 * statistic p95 only) and PAL's hourly trend (PalGenerateCounterStats.ps1, CalculateTrend and
 * CalculateHourlyTrend): the mean difference between neighbouring slice averages from the
 * period's first slice up to this one, scaled to one hour; 0 for a period's first slice. The
 * series' hourly trend is
 * the trend of its last slice. The test of a slice is PAL's StaticThreshold (PAL.ps1): one
 * statistic, or with statistic 'any' each of min, avg and max; the whole log's statistics get
 * the same test (OverallStaticThreshold).
 */
#include "an_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MS_PER_HOUR_I 3600000

void ps_an_acc_clear(ps_an_acc *a)
{
    memset(a, 0, sizeof *a);
}

void ps_an_acc_release(ps_an_acc *a)
{
    ps_sketch_free(a->sk);
    ps_an_acc_clear(a);
}

void ps_an_acc_absorb(ps_an_acc *dst, ps_an_acc *src)
{
    if (src->n) {
        if (dst->n == 0 || src->min < dst->min)
            dst->min = src->min;
        if (dst->n == 0 || src->max > dst->max)
            dst->max = src->max;
        dst->n += src->n;
        dst->sum += src->sum;
    }
    if (src->sk && !dst->sk) {
        dst->sk = src->sk;
    } else if (src->sk) {
        ps_sketch_merge(dst->sk, src->sk);
        ps_sketch_free(src->sk);
    }
    ps_an_acc_clear(src);
}

/* PAL's ConvertToDataType: Math.Round(v, digits), i.e. half to even (digits < 0: unchanged). */
static double pal_round(double v, int digits)
{
    if (digits < 0 || !isfinite(v))
        return v;
    double p = pow(10.0, digits);
    return nearbyint(v * p) / p;
}

/* PAL's CalculateHourlyTrend: a change per slice of slice_s seconds as a change per hour. */
static double hourly(double per_slice, double slice_s)
{
    if (slice_s < 3600)
        return per_slice * (3600.0 / slice_s);
    if (slice_s > 3600)
        return per_slice / (slice_s / 3600.0);
    return per_slice;
}

static enum ps_an_sev judge(const ps_an_rule *r, double v, double *limit)
{
    *limit = NAN;
    if (ps_an_compare(r->op, v, r->critical)) {
        *limit = r->critical;
        return PS_AN_CRITICAL;
    }
    if (ps_an_compare(r->op, v, r->warning)) {
        *limit = r->warning;
        return PS_AN_WARNING;
    }
    return PS_AN_OK;
}

/* Test the values by_stat[] (indexed by enum ps_an_stat) as the rule says: one statistic, or for
 * ANY the minimum, average and maximum (PAL's StaticThreshold); the most severe decides, and
 * among equally severe ones the most extreme (max for > and >=, min for < and <=). */
static enum ps_an_sev judge_stats(const ps_an_rule *r, const double *by_stat, double *value, enum ps_an_stat *vstat,
                                  unsigned *broke)
{
    static const enum ps_an_stat greater[] = {PS_AN_STAT_MAX, PS_AN_STAT_AVG, PS_AN_STAT_MIN};
    static const enum ps_an_stat less[] = {PS_AN_STAT_MIN, PS_AN_STAT_AVG, PS_AN_STAT_MAX};
    enum ps_an_stat one[] = {r->stat};
    const enum ps_an_stat *ord = r->stat != PS_AN_STAT_ANY                ? one
                                 : r->op == PS_AN_GT || r->op == PS_AN_GE ? greater
                                                                          : less;
    size_t n = r->stat != PS_AN_STAT_ANY ? 1 : 3;
    enum ps_an_sev sev = PS_AN_OK;
    double lim;
    *broke = 0;
    *vstat = ord[0];
    *value = by_stat[ord[0]];
    for (size_t k = 0; k < n; k++) {
        enum ps_an_sev s = judge(r, by_stat[ord[k]], &lim);
        if (s)
            *broke |= PS_AN_BIT(ord[k]);
        if (s > sev) {
            sev = s;
            *vstat = ord[k];
            *value = by_stat[ord[k]];
        }
    }
    return sev;
}

static void add_alert(ps_analysis *a, size_t series, size_t slice, const ps_an_slice *sl, double limit, size_t *cap)
{
    ps_an_result *res = &a->res;
    if (res->nalerts == *cap) {
        *cap = *cap ? *cap * 2 : 64;
        res->alerts = ps_xrealloc(res->alerts, *cap * sizeof *res->alerts);
    }
    res->alerts[res->nalerts++] =
        (ps_an_alert){series, slice, sl->start, sl->end, sl->value, limit, sl->vstat, sl->broke, sl->sev};
}

/* How a period is cut into final slices: g fine slices each, from fine index gbase * g on. */
typedef struct an_cut {
    size_t p;
    int64_t g, gbase;
    size_t first, n;
} an_cut;

/* One series' slices of period c (its first at j0 of s->slices): statistics, PAL's trend (from
 * the period's first slice: a trend does not run across the time between two periods) and the
 * test. */
static void finish_period(ps_analysis *a, ps_an_series *s, const ps_an_rule *r, const an_cut *c, int judged)
{
    const an_period *pd = &a->periods[c->p];
    ps_an_acc *fine = s->fine[c->p];
    double slice_s = (double)(c->g * pd->w) / 1000.0, diffs = 0, prev = NAN;
    for (size_t jl = 0; jl < c->n; jl++) {
        ps_an_acc m = {0};
        int64_t lo = (c->gbase + (int64_t)jl) * c->g; /* absolute fine index of the slice's first */
        for (int64_t k = lo; fine && k < lo + c->g; k++)
            if (k >= pd->base && k < pd->base + (int64_t)pd->nfine)
                ps_an_acc_absorb(&m, &fine[k - pd->base]);
        ps_an_slice *sl = &s->slices[c->first + jl];
        sl->start = lo * pd->w;
        sl->end = (lo + c->g) * pd->w;
        sl->n = m.n;
        sl->min = m.n ? pal_round(m.min, r->digits) : NAN;
        sl->max = m.n ? pal_round(m.max, r->digits) : NAN;
        sl->avg = m.n ? pal_round(m.sum / (double)m.n, r->digits) : NAN;
        sl->p95 = m.sk ? ps_sketch_quantile(m.sk, 0.95) : NAN;
        /* PAL's CalculateTrend: the mean of the differences between neighbouring slice averages
         * from the first slice up to this one (0 where either is missing), per hour */
        if (jl > 0 && !isnan(prev) && !isnan(sl->avg))
            diffs += sl->avg - prev;
        prev = sl->avg;
        sl->trend = jl == 0 ? 0 : hourly(diffs / (double)jl, slice_s);
        if (r->digits >= 0)
            sl->trend = pal_round(sl->trend, 0);
        ps_an_acc_release(&m);
        const double by_stat[] = {sl->min, sl->avg, sl->max, sl->p95, sl->trend};
        sl->sev = judged ? judge_stats(r, by_stat, &sl->value, &sl->vstat, &sl->broke) : PS_AN_OK;
        if (!judged)
            sl->value = by_stat[r->stat == PS_AN_STAT_ANY ? PS_AN_STAT_AVG : r->stat], sl->vstat = r->stat;
        if (sl->sev > s->worst)
            s->worst = sl->sev;
    }
}

/* judged = 0: statistics only (chart-only rules, or a trend over too little data). r: the
 * series' rule with its limits as they apply to this machine (per processor). */
static void finish_series(ps_analysis *a, ps_an_series *s, const ps_an_rule *r, const an_cut *cuts, size_t ncuts,
                          size_t nslices, int judged)
{
    /* chart points: the fine slices that hold samples, period by period */
    size_t npts = 0;
    for (size_t c = 0; c < ncuts; c++)
        npts += a->periods[cuts[c].p].nfine;
    s->npoints = 0;
    s->points = ps_xcalloc(npts ? npts : 1, sizeof *s->points);
    for (size_t c = 0; c < ncuts; c++) {
        const an_period *pd = &a->periods[cuts[c].p];
        for (size_t k = 0; s->fine[cuts[c].p] && k < pd->nfine; k++) {
            const ps_an_acc *f = &s->fine[cuts[c].p][k];
            if (!f->n)
                continue;
            ps_an_point *p = &s->points[s->npoints++];
            p->t = (pd->base + (int64_t)k) * pd->w + pd->w / 2;
            p->avg = f->sum / (double)f->n;
            p->min = f->min;
            p->max = f->max;
        }
    }
    s->nslices = nslices;
    s->slices = ps_xcalloc(nslices ? nslices : 1, sizeof *s->slices);
    for (size_t c = 0; c < ncuts; c++)
        finish_period(a, s, r, &cuts[c], judged);
    s->trend_per_hour = nslices ? s->slices[nslices - 1].trend : NAN;
    ps_acc_finish(&s->acc, &s->stats);
    /* PAL's OverallStaticThreshold: the same test on the whole log's statistics */
    const double overall[] = {pal_round(s->stats.min, r->digits), pal_round(s->stats.mean, r->digits),
                              pal_round(s->stats.max, r->digits), s->stats.p95, s->trend_per_hour};
    double v;
    enum ps_an_stat vs;
    s->overall_sev = judged && s->stats.count ? judge_stats(r, overall, &v, &vs, &s->overall_broke) : PS_AN_OK;
    ps_an_grid_free_series(a, s);
}

static int cmp_str(const char *x, const char *y)
{
    if (!x || !y)
        return x ? 1 : y ? -1 : 0;
    return strcmp(x, y);
}

static int cmp_series(const void *pa, const void *pb)
{
    const ps_an_series *x = pa, *y = pb;
    if (x->rule != y->rule)
        return x->rule < y->rule ? -1 : 1;
    int c = strcmp(x->machine, y->machine);
    return c ? c : cmp_str(x->instance, y->instance);
}

static int cmp_alert(const void *pa, const void *pb)
{
    const ps_an_alert *x = pa, *y = pb;
    if (x->sev != y->sev)
        return x->sev > y->sev ? -1 : 1;
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    return x->series < y->series ? -1 : x->series > y->series;
}

/* The periods in time order, each cut into final slices: in auto mode g = ceil(fine slices /
 * PS_AN_AUTO_SLICES), never finer than the period's sampling interval; with --interval g = 1.
 * Fills the result's periods, slice_ms and asked_ms; *nslices = all the periods' slices. */
static an_cut *plan_periods(ps_analysis *a, size_t *nslices)
{
    ps_an_result *res = &a->res;
    an_cut *cuts = ps_xcalloc(a->nperiods + 1, sizeof *cuts);
    for (size_t c = 0; c < a->nperiods; c++) { /* insertion by start: few periods */
        size_t k = c;
        for (; k > 0 && a->periods[cuts[k - 1].p].lo > a->periods[c].lo; k--)
            cuts[k] = cuts[k - 1];
        cuts[k].p = c;
    }
    res->periods = ps_xcalloc(a->nperiods + 1, sizeof *res->periods);
    res->nperiods = a->nperiods;
    res->slice_ms = a->opt.interval_ms > 0 ? a->opt.interval_ms : AN_AUTO_START_MS; /* no sample */
    *nslices = 0;
    for (size_t c = 0; c < a->nperiods; c++) {
        const an_period *pd = &a->periods[cuts[c].p];
        int64_t g = 1;
        if (a->opt.interval_ms <= 0 && !a->opt.max_fine) {
            g = ((int64_t)pd->nfine + PS_AN_AUTO_SLICES - 1) / PS_AN_AUTO_SLICES;
            /* never finer than the sampling interval: no slice left empty between two samples */
            int64_t sample = pd->sample_ms ? pd->sample_ms : res->sample_ms;
            int64_t gs = sample > 0 ? (sample + pd->w - 1) / pd->w : 1;
            if (gs > g)
                g = gs;
        }
        int64_t gbase = pd->base >= 0 ? pd->base / g : -((-pd->base + g - 1) / g);
        int64_t glast = pd->base + (int64_t)pd->nfine - 1;
        glast = glast >= 0 ? glast / g : -((-glast + g - 1) / g);
        cuts[c].g = g;
        cuts[c].gbase = gbase;
        cuts[c].first = *nslices;
        cuts[c].n = (size_t)(glast - gbase + 1);
        *nslices += cuts[c].n;
        res->periods[c] = (ps_an_period){pd->lo, pd->hi, g * pd->w, cuts[c].first, cuts[c].n};
        if (c == 0)
            res->slice_ms = g * pd->w;
        if (pd->widened)
            res->asked_ms = a->opt.interval_ms;
    }
    return cuts;
}

const ps_an_result *ps_an_finish(ps_analysis *a)
{
    ps_an_result *res = &a->res;
    if (a->finished)
        return res;
    a->finished = 1;
    ps_hash_fini(&a->series_ix); /* indexes change with the sort below */
    if (a->nseries > 1)
        qsort(a->series, a->nseries, sizeof *a->series, cmp_series);
    size_t ncuts = a->nperiods, nslices = 0;
    an_cut *cuts = plan_periods(a, &nslices);
    int64_t longest = -1;
    for (size_t c = 0; c < ncuts; c++)
        if (a->periods[c].hi - a->periods[c].lo > longest)
            longest = a->periods[c].hi - a->periods[c].lo;
    int short_data = longest < MS_PER_HOUR_I;
    unsigned char *short_rule = ps_xcalloc(a->set->n ? a->set->n : 1, 1);
    res->nslices = nslices;
    res->rule_series = ps_xcalloc(a->set->n ? a->set->n : 1, sizeof *res->rule_series);
    /* 1. statistics and slice severities, with per-processor limits */
    for (size_t i = 0; i < a->nseries; i++) {
        ps_an_series *s = &a->series[i];
        const ps_an_rule *r = &a->set->rules[s->rule];
        ps_an_rule rr = *r;
        size_t np = a->opt.processors ? a->opt.processors : ps_an_processors_of(a, s->machine);
        if (r->per_processor) {
            rr.warning *= (double)(np ? np : 1);
            rr.critical *= (double)(np ? np : 1);
        }
        if (r->ncodes) { /* PAL's threshold code, run with this machine's answers */
            const an_limits *L = ps_an_code_limits(a, s->rule, s->machine);
            rr.warning = L->warn;
            rr.critical = L->crit;
            if (L->op >= 0)
                rr.op = (enum ps_an_op)L->op;
            s->unanswered = L->unanswered;
        }
        s->warning = rr.warning;
        s->critical = rr.critical;
        int trend_short = r->stat == PS_AN_STAT_TREND && short_data;
        s->skipped_few_processors = (double)np < r->min_processors || (r->per_processor && np == 0);
        int judged = !r->chart_only && !(trend_short && !r->pal) && !s->skipped_few_processors && !s->unanswered;
        finish_series(a, s, &rr, cuts, ncuts, nslices, judged);
        if (s->stats.count && trend_short && !short_rule[s->rule]++)
            res->short_trends++;
    }
    /* 2. requires / unless: a slice alerts only when the named rule alerts (does not alert) on the
     *    same machine in the same slice; the named rule is defined earlier, so it has no gate
     *    loop, but it may be gated itself: rules are gated in the order they are defined */
    /* the gate rule's alerts per machine and slice: "rule NUL machine" -> first slice index in
     *    gate_sev (nslices entries), the most severe of its series there */
    ps_hash gate_ix;
    ps_hash_init(&gate_ix, 0);
    unsigned char *gate_sev = NULL;
    size_t ngates = 0;
    int any_gate = 0;
    for (size_t ri = 0; ri < a->set->n && !any_gate; ri++)
    any_gate = a->set->rules[ri].requires || a->set->rules[ri].unless;
    size_t *order = any_gate ? ps_an_by_rule(a) : NULL; /* series by rule: gates complete first */
    for (size_t oi = 0; oi < a->nseries && any_gate; oi++) {
        ps_an_series *s = &a->series[order[oi]];
        ps_buf key = {0};
        ps_buf_printf(&key, "%zu%c%s", s->rule, 0, s->machine);
        size_t g0 = ps_hash_get(&gate_ix, key.data, key.len);
        if (g0 == PS_HASH_NONE) {
            g0 = ngates++ * nslices;
            gate_sev = ps_xrealloc(gate_sev, ngates * (nslices ? nslices : 1));
            memset(gate_sev + g0, 0, nslices);
            ps_hash_put(&gate_ix, key.data, key.len, g0);
        }
        ps_buf_fini(&key);
        s->gated = 0;
        for (size_t j = 0; j < s->nslices && j < nslices; j++) {
            const ps_an_rule *r = &a->set->rules[s->rule];
            const char *gate = r->requires ? r->requires : r->unless;
            if (gate) { /* gated first: rules are gated in the order they are defined */
                size_t q = ps_an_rule_index(a->set, gate);
                ps_buf k2 = {0};
                ps_buf_printf(&k2, "%zu%c%s", q, 0, s->machine);
                size_t q0 = ps_hash_get(&gate_ix, k2.data, k2.len);
                ps_buf_fini(&k2);
                int other = q0 != PS_HASH_NONE && gate_sev[q0 + j] > PS_AN_OK;
                ps_an_slice *sl = &s->slices[j];
                if (sl->sev && other == (r->unless != NULL)) {
                    sl->sev = PS_AN_OK;
                    s->gated++;
                }
            }
            if (s->slices[j].sev > gate_sev[g0 + j])
                gate_sev[g0 + j] = (unsigned char)s->slices[j].sev;
        }
        if (a->set->rules[s->rule].requires || a->set->rules[s->rule].unless) {
            s->worst = PS_AN_OK;
            for (size_t j = 0; j < s->nslices; j++)
                if (s->slices[j].sev > s->worst)
                    s->worst = s->slices[j].sev;
        }
    }
    ps_hash_fini(&gate_ix);
    free(gate_sev);
    free(order);
    /* 3. alerts, counts, machines */
    size_t cap = 0;
    ps_hash machine_ix;
    ps_hash_init(&machine_ix, 0);
    unsigned char *unanswered_rule = ps_xcalloc(a->set->n ? a->set->n : 1, 1);
    for (size_t i = 0; i < a->nseries; i++) {
        ps_an_series *s = &a->series[i];
        const ps_an_rule *r = &a->set->rules[s->rule];
        if (s->stats.count == 0)
            continue; /* every value missing: not evidence */
        if (res->rule_series[s->rule]++ == 0 && !r->chart_only)
            res->rules_evaluated++;
        for (size_t j = 0; j < s->nslices; j++) {
            ps_an_slice *sl = &s->slices[j];
            if (sl->sev == PS_AN_OK)
                continue;
            add_alert(a, i, j, sl, sl->sev == PS_AN_CRITICAL ? s->critical : s->warning, &cap);
            if (sl->sev == PS_AN_CRITICAL)
                res->criticals++;
            else
                res->warnings++;
            if (sl->sev > res->worst)
                res->worst = sl->sev;
        }
        if (s->unanswered && !unanswered_rule[s->rule]++)
            res->unanswered_rules++;
        if (ps_hash_put(&machine_ix, s->machine, strlen(s->machine), 1) == PS_HASH_NONE) {
            size_t m = res->nmachines;
            int nodes;
            res->machines = ps_xrealloc(res->machines, (m + 1) * sizeof *res->machines);
            res->processors = ps_xrealloc(res->processors, (m + 1) * sizeof *res->processors);
            res->processors_set = ps_xrealloc(res->processors_set, (m + 1) * sizeof *res->processors_set);
            res->memory_mb = ps_xrealloc(res->memory_mb, (m + 1) * sizeof *res->memory_mb);
            res->processors[m] = a->opt.processors ? a->opt.processors : ps_an_processors_of(a, s->machine);
            res->processors_set[m] = a->opt.processors != 0;
            res->memory_mb[m] = ps_an_memory_mb_of(a, s->machine, &nodes);
            res->machines[res->nmachines++] = ps_xstrdup(s->machine);
        }
    }
    ps_hash_fini(&machine_ix);
    free(cuts);
    free(unanswered_rule);
    free(short_rule);
    if (res->nalerts > 1)
        qsort(res->alerts, res->nalerts, sizeof *res->alerts, cmp_alert);
    res->series = a->series;
    res->nseries = a->nseries;
    res->files = a->files;
    res->nfiles = a->nfiles;
    return res;
}

size_t *ps_an_by_rule(const ps_analysis *a)
{
    size_t n = a->set->n, *start = ps_xcalloc(n + 1, sizeof *start), *order = ps_xcalloc(a->nseries + 1, sizeof *order);
    for (size_t i = 0; i < a->nseries; i++)
        start[a->series[i].rule + 1]++;
    for (size_t r = 0; r < n; r++)
        start[r + 1] += start[r];
    for (size_t i = 0; i < a->nseries; i++)
        order[start[a->series[i].rule]++] = i;
    free(start);
    return order;
}

void ps_an_free(ps_analysis *a)
{
    if (!a)
        return;
    for (size_t i = 0; i < a->nseries; i++) {
        ps_an_series *s = &a->series[i];
        ps_an_grid_free_series(a, s);
        free(s->machine);
        free(s->instance);
        free(s->slices);
        free(s->points);
        ps_acc_fini(&s->acc);
    }
    free(a->series);
    free(a->series_bind);
    ps_hash_fini(&a->series_ix);
    for (size_t i = 0; i < a->nfiles; i++)
        free(a->files[i]);
    free(a->files);
    for (size_t i = 0; i < a->res.nmachines; i++)
        free(a->res.machines[i]);
    free(a->res.machines);
    free(a->res.processors);
    free(a->res.file_first);
    free(a->res.file_last);
    free(a->res.file_rows);
    for (size_t i = 0; i < a->nfiles; i++) {
        free(a->res.file_untranslated_example[i]);
        free(a->res.file_encoding[i]);
    }
    free(a->res.file_untranslated);
    free(a->res.file_untranslated_example);
    free(a->res.file_encoding);
    free(a->res.rule_total_only);
    free(a->res.zone_name);
    free(a->res.processors_set);
    ps_hash_fini(&a->proc_seen);
    ps_hash_fini(&a->proc_machine);
    free(a->proc_n);
    free(a->mem_total);
    free(a->mem_nodes);
    free(a->mem_row);
    free(a->memcols);
    free(a->res.memory_mb);
    ps_an_answers_free(a);
    ps_an_match_free(a);
    free(a->res.alerts);
    free(a->res.periods);
    free(a->periods);
    free(a->res.rule_series);
    free(a->binds);
    free(a->cols);
    free(a->opv);
    free(a->used);
    free(a);
}

int ps_an_status(const ps_an_result *r, enum ps_an_sev fail_on)
{
    if (r->rules_evaluated == 0)
        return PS_EFAIL;
    return r->worst >= fail_on ? PS_EFAIL : PS_OK;
}

const char *ps_an_verdict_name(const ps_an_result *r, enum ps_an_sev fail_on)
{
    if (r->rules_evaluated == 0)
        return "no evidence";
    return r->worst >= fail_on ? "fail" : "pass";
}

char *ps_an_series_label(const ps_an_result *r, const ps_an_series *s)
{
    ps_buf b = {0};
    if (r->nmachines > 1 && s->machine[0])
        ps_buf_printf(&b, "%s ", s->machine);
    ps_buf_puts(&b, s->instance ? s->instance : r->rules->rules[s->rule].title);
    return ps_buf_steal(&b);
}
