/* ps_audit_ext.h - audit claims beyond the metrics of ps_model.h (configuration arithmetic, the
 * Jetstress report's own configuration, words that were not understood) and the coverage of an
 * audit: what the paper reader read and what it could not. Shared by parser/paper (which makes
 * these claims), model/audit (which checks and counts them) and render/out (which prints them). */
#ifndef PS_AUDIT_EXT_H
#define PS_AUDIT_EXT_H

#include <stddef.h>

#include "ps_model.h"

/* Claim metrics that continue enum ps_metric (stored in ps_claim.metric as that enum type). */
enum ps_metric_ext {
    PS_MX_DATABASES_PER_SERVER = PS_M_COUNT,
    PS_MX_MAILBOXES_PER_DATABASE,
    PS_MX_DB_SIZE_GB,         /* total database size, GB (TB x 1024) */
    PS_MX_CAPACITY_GB,        /* formatted / usable capacity, GB */
    PS_MX_CAPACITY_USED_PCT,  /* "% storage capacity used by Exchange database" */
    PS_MX_COPIES_PER_DATABASE,
    PS_MX_DAGS,
    PS_MX_TARGET_PER_SERVER,  /* "Target IOPS per server" */
    PS_MX_REPORT_MAILBOXES,   /* a Jetstress report's own mailbox count (its test description) */
    PS_MX_REPORT_IOPS,        /* a Jetstress report's own IOPS per mailbox */
    PS_MX_UNREAD,             /* a number attached to no claim: text = the number, label = words before it */
    PS_MX_COUNT
};

/* ps_claim.col of a configuration value read from an aggregate / total column ("servers as
 * columns" tables); a value of column j has col = j, a value outside such a table col = -1. */
#define PS_CLAIM_COL_AGGREGATE (-2)

/* Stable key of any metric, plain or extended ("databases_per_server", ...). */
const char *ps_metric_key_ext(int m);

/* 1 when a claim is a real reading (not an unread number). */
int ps_claim_is_reading(const ps_claim *c);

/* What one audit read and what it could not. */
typedef struct ps_audit_coverage {
    size_t labels_read;       /* labels of the paper matched to a claim kind (absent numbers included) */
    size_t numbers_read;      /* of which a number was read */
    size_t labels_unread;     /* distinct (line, words) before numbers attached to no claim */
    size_t numbers_unread;    /* numbers attached to no claim (page, figure, date numbers excluded) */
    size_t run_values;        /* values of RUN reports and logs (no paper) */
} ps_audit_coverage;

/* Count the coverage of a paper (NULL allowed) and an audit (for RUN values). Never fails. */
void ps_audit_coverage_of(const ps_paper *p, const ps_audit *a, ps_audit_coverage *out);

#endif
