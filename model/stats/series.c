/* series.c - time series kept for charts: growth and thinning (see ps_stats.h). */
#include "ps_stats.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void ps_series_push(ps_series *s, ps_time t, double v)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 256;
        s->t = ps_xrealloc(s->t, s->cap * sizeof *s->t);
        s->v = ps_xrealloc(s->v, s->cap * sizeof *s->v);
    }
    s->t[s->n] = t;
    s->v[s->n++] = v;
}

void ps_series_fini(ps_series *s)
{
    free(s->label);
    free(s->t);
    free(s->v);
    memset(s, 0, sizeof *s);
}

void ps_series_thin(const ps_series *in, size_t buckets, ps_series *out)
{
    ps_series_thin_span(in, in->n ? in->t[0] : 0, in->n ? in->t[in->n - 1] : 0, buckets, out);
}

void ps_series_thin_span(const ps_series *in, ps_time t0, ps_time t1, size_t buckets, ps_series *out)
{
    free(out->t);
    free(out->v);
    out->t = NULL;
    out->v = NULL;
    out->n = out->cap = 0;
    if (in->n <= 2 * buckets || !buckets) {
        for (size_t k = 0; k < in->n; k++)
            ps_series_push(out, in->t[k], in->v[k]);
        return;
    }
    double span = (double)(t1 - t0) + 1;
    size_t k = 0;
    for (size_t b = 0; b < buckets && k < in->n; b++) {
        size_t imin = SIZE_MAX, imax = SIZE_MAX, first = k;
        while (k < in->n && (size_t)((double)(in->t[k] - t0) / span * (double)buckets) <= b) {
            if (isfinite(in->v[k])) {
                if (imin == SIZE_MAX || in->v[k] < in->v[imin])
                    imin = k;
                if (imax == SIZE_MAX || in->v[k] > in->v[imax])
                    imax = k;
            }
            k++;
        }
        if (k == first)
            continue;
        if (imin == SIZE_MAX) {
            ps_series_push(out, in->t[first], NAN);
            continue;
        }
        size_t a = imin < imax ? imin : imax, z = imin < imax ? imax : imin;
        ps_series_push(out, in->t[a], in->v[a]);
        if (z != a)
            ps_series_push(out, in->t[z], in->v[z]);
    }
}
