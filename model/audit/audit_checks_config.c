/* audit_checks_config.c - configuration arithmetic of a paper: the tested profile with its
 * headroom, target IOPS, mailbox counts per server / database / solution, the share of the
 * capacity the databases use, and the Jetstress reports' own mailbox count and profile. */
#include "audit_internal.h"
#include "ps_loc.h"
#include "ps_audit_ext.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* First body claim of metric m with a number; a value outside column tables first. */
static const ps_claim *first_claim(const ps_paper *p, int m)
{
    const ps_claim *col = NULL;
    for (size_t i = 0; p && i < p->nclaims; i++) {
        const ps_claim *c = &p->claims[i];
        if ((int)c->metric != m || c->ctx != PS_CTX_BODY || isnan(c->value))
            continue;
        if (c->col == -1)
            return c;
        if (!col && c->col >= 0)
            col = c;
    }
    return col;
}

/* Body claim of metric m in server column j, else the plain value. */
static const ps_claim *column_claim(const ps_paper *p, int m, int j)
{
    for (size_t i = 0; p && i < p->nclaims; i++) {
        const ps_claim *c = &p->claims[i];
        if ((int)c->metric == m && c->ctx == PS_CTX_BODY && !isnan(c->value) && c->col == j)
            return c;
    }
    return first_claim(p, m);
}

/* The body claim of metric m in the server column named after the machine of view name
 * ("MBX02 Performance" -> column "MBX02"); fallback when the paper has no server column for m;
 * NULL when it has columns but none for that machine (nothing to compare). */
static const ps_claim *server_claim(const ps_paper *p, int m, const char *name, const ps_claim *fallback)
{
    size_t n = name ? strcspn(name, " ") : 0;
    int cols = 0;
    for (size_t i = 0; p && i < p->nclaims; i++) {
        const ps_claim *c = &p->claims[i];
        if ((int)c->metric != m || c->ctx != PS_CTX_BODY || isnan(c->value) || c->col < 0)
            continue;
        cols = 1;
        if (c->who && n && strlen(c->who) == n && strncmp(c->who, name, n) == 0)
            return c;
    }
    return cols ? NULL : fallback;
}

static int max_column(const ps_paper *p, const int *ms, size_t n)
{
    int mx = -1;
    for (size_t i = 0; p && i < p->nclaims; i++)
        for (size_t k = 0; k < n; k++)
            if ((int)p->claims[i].metric == ms[k] && p->claims[i].ctx == PS_CTX_BODY && p->claims[i].col > mx)
                mx = p->claims[i].col;
    return mx;
}

static aval cv(const ps_claim *c)
{
    return (aval){c->value, c->half_unit, c->text, c->line};
}

/* The one rule of every configuration check (docs/readme/audit-phrasing.md, "Configuration
 * values"): the IOPS profile, the tested IOPS, the headroom and the mailbox, server, database
 * and copy counts are inputs typed into Jetstress and the sizing, exact as printed (".12" is
 * 0.12, "0.1244" keeps its digits): their tolerance is 0. Measured or derived values (a target
 * IOPS as printed, sizes, capacities, percentages) keep half a unit of their last digit. */
static double config_h(const ps_claim *c)
{
    (void)c;
    return 0;
}

/* The tested IOPS per mailbox: stated, or profile x (1 + headroom). */
typedef struct tested_rate {
    double v, h;
    char words[160];
} tested_rate;

static int tested_of(const ps_paper *p, tested_rate *t)
{
    const ps_claim *prof = first_claim(p, PS_M_PROFILE_IOPS), *tested = first_claim(p, PS_M_TESTED_IOPS);
    const ps_claim *hr = first_claim(p, PS_M_HEADROOM_PCT);
    double hrv = hr ? hr->value / 100 : 0, hrh = hr ? config_h(hr) / 100 : 0;
    if (tested) {
        t->v = tested->value, t->h = config_h(tested);
        snprintf(t->words, sizeof t->words, "%s IOPS per mailbox", tested->text);
    } else if (prof) {
        t->v = prof->value * (1 + hrv), t->h = config_h(prof) * (1 + hrv) + prof->value * hrh;
        snprintf(t->words, sizeof t->words, "%s IOPS per mailbox x (1 + %s %%)", prof->text, hr ? hr->text : "0");
    } else {
        return 0;
    }
    return 1;
}

/* ------------------------------------------------------------------ headroom */
static void check_headroom(actx *c)
{
    const ps_paper *p = c->paper;
    const ps_claim *prof = first_claim(p, PS_M_PROFILE_IOPS), *tested = first_claim(p, PS_M_TESTED_IOPS);
    const ps_claim *hr = first_claim(p, PS_M_HEADROOM_PCT);
    if (!prof || !tested || !hr)
        return;
    double hrv = hr->value / 100, hrh = config_h(hr) / 100, e = prof->value * (1 + hrv);
    c->out->checked++;
    if (!audit_differs(tested->value, e, config_h(prof) * (1 + hrv) + prof->value * hrh + config_h(tested)))
        return;
    char b1[64], lb1[48], lb2[48];
    audit_add(c, "headroom-arithmetic", PS_SEV_ERROR, p->source, tested->line, NULL, "tested_iops_per_mailbox",
              tested->value, e, "tested IOPS per mailbox %s != profile %s x (1 + %s %%) = %s (line %s, line %s)",
              tested->text, prof->text, hr->text, AUDIT_NUM(b1, e, 4), ps_loc_format(lb1, sizeof lb1, prof->line),
              ps_loc_format(lb2, sizeof lb2, hr->line));
}

/* ------------------------------------------------------------------ target */
static void check_one_target(actx *c, aval stated, const char *file, const char *where, double expect, double tol,
                             const char *how)
{
    if (isnan(stated.v))
        return;
    c->out->checked++;
    if (!audit_differs(stated.v, expect, tol + stated.h))
        return;
    char b1[64], b2[64];
    audit_add(c, "target-iops-arithmetic", PS_SEV_ERROR, file, stated.line, where, "target_iops", stated.v, expect,
              "target IOPS %s != %s = %s", AUDIT_FMT(b1, stated), how, AUDIT_NUM(b2, expect, 3));
}

static size_t server_tables(const actx *c)
{
    size_t n = 0;
    for (size_t i = 0; i < c->nsums; i++)
        n += !c->sums[i].aggregate;
    return n;
}

static void check_target(actx *c)
{
    const ps_paper *p = c->paper;
    const ps_claim *mb = first_claim(p, PS_M_MAILBOXES), *mps = first_claim(p, PS_M_MAILBOXES_PER_SERVER);
    const ps_claim *srv = first_claim(p, PS_M_SERVERS);
    tested_rate t;
    if (!tested_of(p, &t))
        return;
    char how[256];
    size_t nsrv = server_tables(c);
    int single = nsrv <= 1 && (!srv || srv->value == 1);
    /* per server: only with a stated per-server count, or a single server */
    const ps_claim *per = mps ? mps : single ? mb : NULL;
    for (size_t i = 0; p && i < p->nclaims; i++) {
        const ps_claim *cl = &p->claims[i];
        int j = cl->col;
        if (cl->ctx != PS_CTX_BODY || isnan(cl->value) ||
            !((int)cl->metric == PS_MX_TARGET_PER_SERVER || ((int)cl->metric == PS_M_TARGET_IOPS && j >= 0)))
            continue;
        const ps_claim *pj = j >= 0 ? column_claim(p, PS_M_MAILBOXES_PER_SERVER, j) : per;
        if (!pj)
            continue;
        snprintf(how, sizeof how, "%s mailboxes x %s", pj->text, t.words);
        check_one_target(c, cv(cl), p->source, cl->who, pj->value * t.v, pj->value * t.h + t.v * config_h(pj), how);
    }
    if (per) {
        for (size_t i = 0; i < c->nviews; i++) {
            const aview *v = &c->views[i];
            const ps_claim *pv = server_claim(p, PS_M_MAILBOXES_PER_SERVER, v->name, per);
            if (v->type == PS_TEST_BACKUP || v->type == PS_TEST_SOFTRECOVERY || !pv)
                continue;
            double e = pv->value * t.v, tol = pv->value * t.h + t.v * config_h(pv);
            snprintf(how, sizeof how, "%s mailboxes x %s", pv->text, t.words);
            check_one_target(c, isnan(v->target.v) ? v->log_target : v->target, v->file, v->name, e, tol, how);
        }
        double e = per->value * t.v, tol = per->value * t.h + t.v * config_h(per);
        snprintf(how, sizeof how, "%s mailboxes x %s", per->text, t.words);
        for (size_t i = 0; single && p && i < p->nclaims; i++) {
            const ps_claim *cl = &p->claims[i];
            if (cl->metric == PS_M_TARGET_IOPS && cl->ctx == PS_CTX_BODY && !isnan(cl->value) && cl->col == -1)
                check_one_target(c, cv(cl), p->source, NULL, e, tol, how);
        }
    }
    if (!mb)
        return;
    /* solution: stated body targets, and the sum of the Performance reports' targets */
    double e = mb->value * t.v, tol = mb->value * t.h + t.v * config_h(mb);
    snprintf(how, sizeof how, "%s mailboxes x %s", mb->text, t.words);
    for (size_t i = 0; p && i < p->nclaims; i++) {
        const ps_claim *cl = &p->claims[i];
        if (cl->metric == PS_M_TARGET_IOPS && cl->ctx == PS_CTX_BODY && !isnan(cl->value) &&
            (cl->col == PS_CLAIM_COL_AGGREGATE || (cl->col == -1 && (!per || !single))))
            check_one_target(c, cv(cl), p->source, "solution", e, tol, how);
    }
    if (per && single)
        return;
    double sum = 0, h = 0;
    size_t n = 0;
    long line = 0;
    for (size_t i = 0; i < c->nviews; i++) {
        const aview *v = &c->views[i];
        if (v->type != PS_TEST_PERFORMANCE || !p || v->file != p->source)
            continue;
        if (isnan(v->target.v))
            return;
        sum += v->target.v;
        h += v->target.h;
        line = line ? line : v->target.line;
        n++;
    }
    if (n >= 2 && n == nsrv) {
        char how2[600];
        snprintf(how2, sizeof how2, "%s (sum of the %zu Performance reports' targets)", how, n);
        check_one_target(c, (aval){sum, h, NULL, line}, p->source, "solution", e, tol, how2);
    }
}

/* ------------------------------------------------------------------ mailbox counts */
static void check_mailboxes_total(actx *c)
{
    const ps_paper *p = c->paper;
    const ps_claim *mb = NULL;
    for (size_t i = 0; p && i < p->nclaims && !mb; i++)
        if ((int)p->claims[i].metric == PS_M_MAILBOXES && p->claims[i].ctx == PS_CTX_BODY &&
            !isnan(p->claims[i].value) && p->claims[i].col < 0)
            mb = &p->claims[i];
    if (!mb)
        return;
    char b1[64], b2[64], how[256];
    double e = 0, tol = config_h(mb); /* counts are exact: a printed "2" servers is 2, not 2 +- 0.5 */
    size_t ncol = 0;
    for (size_t i = 0; i < p->nclaims; i++) {
        const ps_claim *cl = &p->claims[i];
        if ((int)cl->metric == PS_M_MAILBOXES_PER_SERVER && cl->ctx == PS_CTX_BODY && cl->col >= 0 &&
            !isnan(cl->value)) {
            e += cl->value;
            ncol++;
        }
    }
    if (ncol >= 2) {
        snprintf(how, sizeof how, "the sum of the %zu server columns", ncol);
    } else {
        const ps_claim *mps = first_claim(p, PS_M_MAILBOXES_PER_SERVER), *srv = first_claim(p, PS_M_SERVERS);
        const ps_claim *dags = first_claim(p, PS_MX_DAGS);
        if (!mps || !srv)
            return;
        double d = dags ? dags->value : 1;
        e = mps->value * srv->value * d;
        snprintf(how, sizeof how, "%s mailboxes per server x %s servers%s%s%s", mps->text, srv->text, dags ? " x " : "",
                 dags ? dags->text : "", dags ? " DAGs" : "");
    }
    c->out->checked++;
    if (!audit_differs(mb->value, e, tol))
        return;
    audit_add(c, "mailboxes-total-arithmetic", PS_SEV_ERROR, p->source, mb->line, "solution", "mailboxes", mb->value, e,
              "mailboxes simulated %s != %s = %s", AUDIT_FMT(b1, cv(mb)), how, AUDIT_NUM(b2, e, 0));
}

static void check_mailboxes_per_database(actx *c)
{
    const ps_paper *p = c->paper;
    static const int ms[3] = {PS_MX_MAILBOXES_PER_DATABASE, PS_MX_DATABASES_PER_SERVER, PS_M_MAILBOXES_PER_SERVER};
    int last = max_column(p, ms, 3);
    const ps_claim *copies = first_claim(p, PS_MX_COPIES_PER_DATABASE);
    for (int j = last < 0 ? -1 : 0; j <= last; j++) {
        const ps_claim *mpd = column_claim(p, ms[0], j), *dps = column_claim(p, ms[1], j);
        const ps_claim *mps = column_claim(p, ms[2], j);
        if (!mps && !first_claim(p, PS_MX_DATABASES_PER_SERVER))
            continue;
        if (!mps) {
            const ps_claim *srv = first_claim(p, PS_M_SERVERS);
            if (server_tables(c) <= 1 && srv && srv->value == 1)
                mps = first_claim(p, PS_M_MAILBOXES); /* one server: all mailboxes are its own */
        }
        if (!mpd || !dps || !mps)
            continue;
        double e = mpd->value * dps->value; /* counts are exact */
        c->out->checked++;
        if (!audit_differs(mps->value, e, config_h(mps)))
            continue;
        if (copies && copies->value > 1 && !audit_differs(mps->value * copies->value, e, 0))
            continue; /* the databases per server count the passive copies too */
        char b1[64], b2[64], lb1[48];
        audit_add(c, "mailboxes-per-database-arithmetic", PS_SEV_ERROR, p->source, mpd->line, mps->who,
                  "mailboxes_per_server", mps->value, e,
                  "%s mailboxes per database x %s databases per server = %s, but mailboxes per server is %s "
                  "(line %s)%s",
                  mpd->text, dps->text, AUDIT_NUM(b1, e, 0), AUDIT_FMT(b2, cv(mps)),
                  ps_loc_format(lb1, sizeof lb1, mps->line),
                  copies && copies->value > 1 ? " (nor that x the copies per database)" : "");
    }
}

/* ------------------------------------------------------------------ capacity */
static const ps_claim *same_line_or_first(const ps_paper *p, int m, long line)
{
    for (size_t i = 0; i < p->nclaims; i++)
        if ((int)p->claims[i].metric == m && p->claims[i].line == line && !isnan(p->claims[i].value))
            return &p->claims[i];
    return first_claim(p, m);
}

static void check_capacity(actx *c)
{
    const ps_paper *p = c->paper;
    const ps_claim *pct = first_claim(p, PS_MX_CAPACITY_USED_PCT);
    if (!pct)
        return;
    const ps_claim *size = same_line_or_first(p, PS_MX_DB_SIZE_GB, pct->line);
    const ps_claim *cap = same_line_or_first(p, PS_MX_CAPACITY_GB, pct->line);
    if (!size || !cap)
        return;
    double lo, hi;
    c->out->checked++;
    if (ps_pct_consistent(pct->value, pct->half_unit, size->value, size->half_unit, cap->value, cap->half_unit, &lo,
                          &hi))
        return;
    char b1[64], b2[64], lb1[48], lb2[48];
    double e = 100 * size->value / cap->value;
    audit_add(c, "capacity-percentage-arithmetic", PS_SEV_ERROR, p->source, pct->line, NULL, "capacity_used_pct",
              pct->value, e,
              "%% storage capacity used %s %% != database size %s / capacity %s = %s %% "
              "(lines %s, %s; accepted [%s, %s])",
              pct->text, size->text, cap->text, AUDIT_NUM(b1, e, 2), ps_loc_format(lb1, sizeof lb1, size->line),
              ps_loc_format(lb2, sizeof lb2, cap->line), AUDIT_NUM(b2, lo, 1), AUDIT_NUM((char[64]){0}, hi, 1));
}

/* ------------------------------------------------------------------ report vs paper */
static void check_report_config(actx *c)
{
    const ps_paper *p = c->paper;
    const ps_claim *mb = first_claim(p, PS_M_MAILBOXES), *mps = first_claim(p, PS_M_MAILBOXES_PER_SERVER);
    const ps_claim *srv = first_claim(p, PS_M_SERVERS);
    int single = server_tables(c) <= 1 && (!srv || srv->value == 1);
    const ps_claim *per_all = mps ? mps : single ? mb : NULL;
    tested_rate t;
    int have_t = tested_of(p, &t);
    for (size_t i = 0; p && i < p->nclaims; i++) {
        const ps_claim *cl = &p->claims[i];
        if (cl->ctx != PS_CTX_REPORT || isnan(cl->value) || cl->report < 0 || (size_t)cl->report >= p->nreports)
            continue;
        const aview *v = &c->views[cl->report]; /* the paper's views come first, in report order */
        char b1[64], b2[64], lb1[48];
        const ps_claim *per = server_claim(p, PS_M_MAILBOXES_PER_SERVER, v->name, per_all);
        if ((int)cl->metric == PS_MX_REPORT_MAILBOXES && per) {
            c->out->checked++;
            if (audit_differs(cl->value, per->value, config_h(cl) + config_h(per)))
                audit_add(c, "report-config-mismatch", PS_SEV_ERROR, p->source, cl->line, v->name, "report_mailboxes",
                          cl->value, per->value,
                          "the report simulated %s mailboxes but the paper states %s "
                          "mailboxes per server (line %s)",
                          AUDIT_FMT(b1, cv(cl)), AUDIT_FMT(b2, cv(per)), ps_loc_format(lb1, sizeof lb1, per->line));
        } else if ((int)cl->metric == PS_MX_REPORT_IOPS && have_t) {
            c->out->checked++;
            if (audit_differs(cl->value, t.v, config_h(cl) + t.h))
                audit_add(c, "report-config-mismatch", PS_SEV_ERROR, p->source, cl->line, v->name,
                          "report_iops_per_mailbox", cl->value, t.v,
                          "the report ran %s IOPS per mailbox but the "
                          "paper tests %s = %s",
                          AUDIT_FMT(b1, cv(cl)), t.words, AUDIT_NUM(b2, t.v, 4));
        }
    }
}

void audit_checks_config(actx *c)
{
    if (!c->paper)
        return;
    check_headroom(c);
    check_target(c);
    check_mailboxes_total(c);
    check_mailboxes_per_database(c);
    check_capacity(c);
    check_report_config(c);
}
