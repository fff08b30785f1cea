/* audit_checks_units.c - latency units of the paper's summary tables: a value printed under
 * "(ms)" that is really in seconds (the same digits as an appendix "Avg. Disk sec/..." value, or
 * a recomputed / appendix millisecond value divided by 1000), and latencies too small for any
 * storage. */
#include "audit_internal.h"
#include "ps_loc.h"
#include "ps_audit_ext.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define SECONDS_CEILING 1.0 /* a latency in seconds printed as ms reads below this */
#define IMPLAUSIBLE_MS 0.05 /* below this, no disk or flash latency is plausible (ms) */

static const int lat_metrics[3] = {PS_M_DB_READ_LAT, PS_M_DB_WRITE_LAT, PS_M_LOG_WRITE_LAT};

/* A millisecond reference value for a server table: what, where and its value. */
typedef struct uref {
    double v;
    const char *what;
    const char *where;
    long line;
} uref;

/* Performance views of the paper's appendices, in order (at most max). */
static size_t paper_perf_views(const actx *c, const aview **out, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < c->nviews && n < max; i++)
        if (c->views[i].type == PS_TEST_PERFORMANCE && c->views[i].ninst && c->paper &&
            c->views[i].file == c->paper->source)
            out[n++] = &c->views[i];
    return n;
}

/* References for latency metric m of server table k (k = SIZE_MAX: the aggregate). */
static size_t refs_for(const actx *c, const asum *s, int m, size_t k, uref *out, size_t max)
{
    size_t nsrv = 0, n = 0;
    for (size_t i = 0; i < c->nsums; i++)
        nsrv += !c->sums[i].aggregate;
    const aview *perf[64];
    size_t nperf = paper_perf_views(c, perf, 64);
    /* the server's Performance report: the one named like the table ("JS01" / "JS01 Performance"),
     * else the k-th when every server has one */
    const aview *pv = NULL;
    size_t sl = s->server ? strlen(s->server) : 0;
    for (size_t i = 0; i < nperf && !pv && sl; i++)
        if (perf[i]->name && strncmp(perf[i]->name, s->server, sl) == 0 &&
            (perf[i]->name[sl] == ' ' || perf[i]->name[sl] == 0))
            pv = perf[i];
    if (!pv && k != (size_t)-1 && nperf == nsrv && k < nperf)
        pv = perf[k];
    if (pv && n + 2 <= max) {
        aval d[7], r[7];
        audit_view_summary(pv, 0, d);
        audit_view_summary(pv, 1, r);
        if (!isnan(d[m].v) && !pv->y2007)
            out[n++] = (uref){d[m].v, "the mean of its Performance report's instances", pv->name, pv->line};
        if (!isnan(r[m].v))
            out[n++] = (uref){r[m].v, "recomputed from the counter logs", pv->name, pv->line};
    }
    if (k != (size_t)-1 && c->ncomp == nsrv && k < c->ncomp && !isnan(c->comp[k].m[m].v) && n < max)
        out[n++] = (uref){c->comp[k].m[m].v, "recomputed from the counter logs", c->comp[k].server, 0};
    if (k == (size_t)-1 && c->has_comp_agg && !isnan(c->comp_agg.m[m].v) && n < max)
        out[n++] = (uref){c->comp_agg.m[m].v, "recomputed from the counter logs", "aggregate", 0};
    return n;
}

/* 2007 appendix value printed with the same digits (seconds); returns the view or NULL. */
static const aview *same_digits(const actx *c, aval a, const ainst **hin, int *hcol)
{
    static const int cols[PS_IO12_NLAT] = PS_IO12_LATENCY_COLS;
    for (size_t i = 0; i < c->nviews; i++) {
        const aview *v = &c->views[i];
        if (!v->y2007)
            continue;
        for (size_t j = 0; j < v->ninst; j++)
            for (int q = 0; q < PS_IO12_NLAT; q++) {
                const aval *x = &v->inst[j].col[cols[q]];
                char sec[64];
                const char *xt = x->text;
                if (!xt && !isnan(x->v)) /* a RUN's 2007 report: seconds printed like the paper */
                    xt = AUDIT_NUM(sec, x->v / 1000, audit_decimals(a));
                if (xt && strcmp(xt, a.text) == 0) {
                    *hin = &v->inst[j];
                    *hcol = cols[q];
                    return v;
                }
            }
    }
    return NULL;
}

void audit_checks_units(actx *c, const asum *s, size_t k)
{
    for (int q = 0; q < 3; q++) {
        int m = lat_metrics[q];
        aval a = s->m[m];
        if (isnan(a.v) || !a.text || a.v == 0 || a.v >= SECONDS_CEILING)
            continue;
        c->out->checked++;
        char b1[64], b2[64], b3[64], lb1[48];
        const char *key = ps_metric_key(m);
        const ainst *hin = NULL;
        int hcol = -1;
        const aview *hit = same_digits(c, a, &hin, &hcol);
        if (hit) {
            audit_add(c, "unit-seconds-as-ms", PS_SEV_ERROR, s->file, a.line, s->server, key, a.v, a.v * 1000,
                      "%s %s equals digit for digit the %s value %s of %s (line %s), which is in seconds: "
                      "%s s = %s ms",
                      audit_metric_names[m], a.text,
                      (hcol == 0 || hcol == 6) ? "Avg. Disk sec/Read" : "Avg. Disk sec/Write", a.text,
                      hit->name ? hit->name : "an appendix report", ps_loc_format(lb1, sizeof lb1, hin->col[hcol].line),
                      a.text, AUDIT_NUM(b1, a.v * 1000, 1));
            continue;
        }
        uref refs[4];
        size_t nr = refs_for(c, s, m, k, refs, 4);
        const uref *sec = NULL;
        for (size_t i = 0; i < nr && !sec; i++)
            /* equal to ref / 1000 at the printed precision, and not equal to ref itself */
            if (!audit_differs(a.v, refs[i].v / 1000, a.h) && audit_differs(a.v, refs[i].v, a.h + 0.01 * refs[i].v))
                sec = &refs[i];
        if (sec) {
            audit_add(c, "unit-seconds-as-ms", PS_SEV_ERROR, s->file, a.line, s->server, key, a.v, sec->v,
                      "%s %s is %s ms / 1000 = %s at its printed precision (%s, %s): a value in seconds "
                      "printed under (ms)",
                      audit_metric_names[m], AUDIT_FMT(b1, a), AUDIT_NUM(b2, sec->v, 3),
                      AUDIT_NUM(b3, sec->v / 1000, 4), sec->what, sec->where ? sec->where : "?");
        } else if (a.v < IMPLAUSIBLE_MS) {
            audit_add(c, "unit-seconds-as-ms", PS_SEV_WARNING, s->file, a.line, s->server, key, a.v, a.v * 1000,
                      "%s %s ms is implausible for storage (below %s ms); as seconds it would be %s ms",
                      audit_metric_names[m], AUDIT_FMT(b2, a), AUDIT_NUM(b3, IMPLAUSIBLE_MS, 2),
                      AUDIT_NUM(b1, a.v * 1000, 1));
        }
    }
}
