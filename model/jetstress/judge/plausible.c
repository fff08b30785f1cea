/* plausible.c - plausibility checks of a server's figures before its verdict: a test that
 * recorded no I/O at all, or negative latencies, is not judged as normal. */
#include "judge_internal.h"

#include <math.h>

/* Latency columns, in ms, that can never be negative. */
static const int latencies[] = {PS_IO_DB_READ_LAT, PS_IO_DB_WRITE_LAT, PS_IO_LOG_READ_LAT, PS_IO_LOG_WRITE_LAT};

int js_plausibility(ps_js_server *s)
{
    int fails = 0;
    for (size_t i = 0; i < s->ninstances; i++) {
        const ps_js_instance *in = &s->instances[i];
        const ps_js_figures *f = ps_js_instance_figures(in);
        for (size_t k = 0; f && k < sizeof latencies / sizeof latencies[0]; k++) {
            int c = latencies[k];
            double mean = ps_io12_get(&f->transactional, c);
            const ps_js_stat *st = s->stats && i < s->stats->ninst && in->has_computed ? &s->stats->inst[i].m[c] : NULL;
            double low = st && st->n ? st->min : mean;
            if (low < 0) {
                ps_verdict_reason *x = ps_verdict_add(&s->verdict, PS_VR_NEGATIVE, s->machine);
                x->instance = ps_xstrdup(in->name);
                x->metric = c;
                x->min_sample = st && st->n;
                x->value = low;
                fails++;
                break;
            }
        }
    }
    /* zero database I/O: every instance has its read and write rates, and all are 0 (absent
     * counters are a missing value, not an implausible one) */
    double target = s->summary.target_transactional_iops, achieved = 0;
    size_t with_rates = 0;
    for (size_t i = 0; i < s->ninstances; i++) {
        const ps_js_figures *f = ps_js_instance_figures(&s->instances[i]);
        double r = f ? f->transactional.db_reads_per_sec : NAN, w = f ? f->transactional.db_writes_per_sec : NAN;
        if (!isnan(r) && !isnan(w)) {
            with_rates++;
            achieved += r + w;
        }
    }
    if (s->ninstances && with_rates == s->ninstances && achieved == 0) {
        ps_verdict_add(&s->verdict, PS_VR_ZERO_IOPS, s->machine)->target = target > 0 ? target : NAN;
        fails++;
    }
    return fails;
}
