/* ps_audit_ext.h - the aggregate column of configuration claims, and the coverage of an audit:
 * what the paper reader read and what it could not (the claim metrics are enum ps_metric of
 * ps_audit_model.h). Shared by parser/paper (which makes
 * these claims), model/audit (which checks and counts them) and render/out (which prints them). */
#ifndef PS_AUDIT_EXT_H
#define PS_AUDIT_EXT_H

#include <stddef.h>

#include "ps_model.h"

/* ps_claim.col of a configuration value read from an aggregate / total column ("servers as
 * columns" tables); a value of column j has col = j, a value outside such a table col = -1. */
#define PS_CLAIM_COL_AGGREGATE (-2)

/* 1 when a claim is a real reading (not an unread number). */
int ps_claim_is_reading(const ps_claim *c);

/* What one audit read and what it could not. */
typedef struct ps_audit_coverage {
    size_t labels_read; /* labels of the paper matched to a claim kind (absent numbers included) */
    size_t numbers_read; /* of which a number was read */
    size_t labels_unread; /* distinct (line, words) before numbers attached to no claim */
    size_t numbers_unread; /* numbers attached to no claim (page, figure, date numbers excluded) */
    size_t run_values; /* values of RUN reports and logs (no paper) */
} ps_audit_coverage;

/* Count the coverage of a paper (NULL allowed) and an audit (for RUN values). Never fails. */
void ps_audit_coverage_of(const ps_paper *p, const ps_audit *a, ps_audit_coverage *out);

#endif
