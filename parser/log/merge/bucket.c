/* bucket.c - averages over fixed time buckets (ps_bucket, ps_merge.h).
 *
 * Each column's sum is kept twice: plainly, and scaled by 2^-SCALE_EXP. The plain sum gives
 * the mean (so every ordinary log averages exactly as before); only when it overflowed (two
 * values near 1e308 make +inf, or +inf and -inf a NaN, though every value is finite) the
 * scaled sum gives it: the scaling is exact for every value above 2^-422, and smaller ones
 * cannot matter beside a sum that overflowed. */
#include "ps_merge.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SCALE_EXP 600
#define SCALE_DOWN 0x1p-600 /* 2^-SCALE_EXP: a multiplication, exact like ldexp */

void ps_bucket_init(ps_bucket *b, size_t n, ps_time ms)
{
    memset(b, 0, sizeof *b);
    b->ms = ms > 0 ? ms : 1;
    b->n = n;
    b->sum = ps_xcalloc(n ? n : 1, sizeof *b->sum);
    b->wide = ps_xcalloc(n ? n : 1, sizeof *b->wide);
    b->avg = ps_xcalloc(n ? n : 1, sizeof *b->avg);
    b->cnt = ps_xcalloc(n ? n : 1, sizeof *b->cnt);
}

/* Close the open bucket: its means into b->avg. */
static void close_bucket(ps_bucket *b)
{
    for (size_t i = 0; i < b->n; i++)
        b->avg[i] = !b->cnt[i]            ? NAN
                    : isfinite(b->sum[i]) ? b->sum[i] / (double)b->cnt[i]
                                          : ldexp(b->wide[i] / (double)b->cnt[i], SCALE_EXP);
    b->open = 0;
    b->written = 1;
}

int ps_bucket_add(ps_bucket *b, ps_time t, const double *v, ps_time *start_out, const double **avg)
{
    int closed = 0;
    if (!b->have_t0) {
        b->t0 = t;
        b->have_t0 = 1;
    }
    ps_time d = t - b->t0;
    ps_time k = d >= 0 ? d / b->ms : -((-d + b->ms - 1) / b->ms);
    ps_time start = b->t0 + k * b->ms;
    if ((b->open || b->written) && start < b->start) {
        start = b->start; /* time went backwards: buckets stay in order, the row joins the latest */
        b->folded++;
    }
    if (b->open && start != b->start) {
        close_bucket(b);
        *start_out = b->start;
        *avg = b->avg;
        closed = 1;
    }
    if (!b->open) {
        b->open = 1;
        b->start = start;
        memset(b->sum, 0, b->n * sizeof *b->sum);
        memset(b->wide, 0, b->n * sizeof *b->wide);
        memset(b->cnt, 0, b->n * sizeof *b->cnt);
    }
    for (size_t i = 0; i < b->n; i++)
        if (!isnan(v[i])) {
            b->sum[i] += v[i];
            b->wide[i] += v[i] * SCALE_DOWN;
            b->cnt[i]++;
        }
    return closed;
}

int ps_bucket_finish(ps_bucket *b, ps_time *start, const double **avg)
{
    if (!b->open)
        return 0;
    close_bucket(b);
    *start = b->start;
    *avg = b->avg;
    return 1;
}

void ps_bucket_fini(ps_bucket *b)
{
    free(b->sum);
    free(b->wide);
    free(b->avg);
    free(b->cnt);
    memset(b, 0, sizeof *b);
}
