/* audit_internal.h - private to model/audit*.c: uniform views of papers and runs for the checks. */
#ifndef PS_AUDIT_INTERNAL_H
#define PS_AUDIT_INTERNAL_H

#include "ps_model.h"

/* One stated or computed value with its printed precision. v NaN = absent. */
typedef struct aval {
    double v, h; /* value and half-unit (canonical unit) */
    const char *text; /* as printed, NULL when unknown */
    long line;
} aval;

#define AV_NONE ((aval){NAN, 0, NULL, 0})

/* One instance (2010+) or volume (2007) of a report. */
typedef struct ainst {
    const char *name;
    int role; /* 2007 volume: 0 database, 1 log; 2010+ instance: -1 */
    aval col[PS_IO12_N]; /* Transactional table (2007: Disk Subsystem) */
    aval logv[PS_IO12_N]; /* final test-log latencies */
    aval comp[PS_IO12_N]; /* recomputed from counter logs */
    int has_comp;
} ainst;

/* One Jetstress report: from a paper appendix or from a RUN. */
typedef struct aview {
    const char *file;
    long line; /* title line (paper) or 0 */
    const char *name; /* "Performance report (line 40)" / machine name */
    enum ps_test_type type;
    int y2007;
    aval verdict, achieved, target, log_target, blg, xml, interval, stalls, thr_read, thr_log;
    aval cstart, cend;
    aval log_samples; /* RUN: counter-log samples inside the window (first..last sample) */
    double log_span_ms;
    ainst *inst;
    size_t ninst, capinst;
    ps_hash inst_index; /* instance name -> index in inst (view_inst) */
    aval total_sum_rw; /* Σ reads+writes of the Total I/O table (A5 note) */
    const ps_verdict *computed_verdict; /* RUN only */
} aview;

/* One summary table of a paper body (or a computed server summary). */
typedef struct asum {
    const char *file;
    const char *server;
    int aggregate;
    long line;
    aval m[7]; /* PS_M_DB_TRANSFERS .. PS_M_LOG_WRITE_LAT */
} asum;

typedef struct actx {
    const ps_paper *paper;
    const ps_js_run *run;
    aview *views;
    size_t nviews;
    asum *sums;
    size_t nsums; /* paper body tables */
    asum *comp;
    size_t ncomp; /* computed server summaries of the run (Performance) */
    asum comp_agg;
    int has_comp_agg; /* the run's computed aggregate */
    ps_audit *out;
} actx;

/* Add a finding (message printf-style). server/metric may be NULL. */
void audit_add(actx *c, const char *kind, enum ps_severity sev, const char *file, long line, const char *server,
               const char *metric, double stated, double expected, const char *fmt, ...)
    __attribute__((format(printf, 10, 11)));
/* Format v with the printed text when known, else with `decimals` (3) into buf. */
const char *audit_fmt(char *buf, size_t n, aval v);

/* 1 when |stated - expected| exceeds tol (plus a relative 1e-9 for binary rounding). */
int audit_differs(double stated, double expected, double tol);
/* Format an aval / a number into a char array (its size taken with sizeof). */
#define AUDIT_FMT(buf, a) audit_fmt(buf, sizeof buf, a)
#define AUDIT_NUM(buf, v, d) ps_fmt_num(buf, sizeof buf, v, d)

/* Server-level figures of a report view: sums of rates, plain means of latencies
 * (index like ps_metric 0..6); with propagated half-units. */
void audit_view_summary(const aview *v, int computed, aval out[7]);

/* Row names of the summary metrics 0..6 as ESRP papers print them. */
extern const char *const audit_metric_names[7];
/* Printed decimals of a value (3 when unknown). */
int audit_decimals(aval a);

/* The checks: audit_checks.c runs them all. */
void audit_checks_run(actx *c);
void audit_checks_units(actx *c, const asum *s, size_t server_index); /* audit_checks_units.c */
void audit_checks_config(actx *c); /* audit_checks_config.c */
void audit_checks_reports(actx *c); /* audit_checks_reports.c */
void audit_checks_percent(actx *c); /* audit_checks_reports.c */

#endif
