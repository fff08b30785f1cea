/* ps_model.h - perfscribe model library: the only thing pipeline stages share.
 *
 * Headers (one per domain; each includes what it builds on):
 *   ps_core.h                 status codes, error records, warnings, buffers, time, counter paths
 *   stats/ps_stats.h          per-counter statistics (accumulator, quantile sketch), summaries, log rows
 *   hash/ps_hash.h            the string-keyed hash table
 *   jetstress/ps_jetstress.h  Jetstress runs: reports, configuration, figures, solution description
 *   jetstress/ps_thresholds.h thresholds, profiles and verdicts
 *   audit/ps_audit_model.h    audit claims and findings
 *   trend/ps_trend.h          trends
 *   runs/ps_runs.h            the records of stored runs (label, tags, files; no database)
 * (analyze/ps_analyze.h, runs/ps_runs.h and stats/ps_cpu.h are included where they are used;
 * the results store is its own library, store/ps_store.h; file reading is io/ps_io.h.)
 *
 * Conventions: every public symbol starts with ps_. Functions that can fail return
 * int (0 = ok, otherwise a PS_E* code) and fill a caller-provided ps_error. Absent
 * numbers are NaN (test with isnan), never 0. Strings are UTF-8. Unless a comment says
 * otherwise, returned pointers are owned by the object they came from.
 */
#ifndef PS_MODEL_H
#define PS_MODEL_H

/* The model library is split into one public header per domain; this umbrella includes them
 * all, so #include "ps_model.h" still declares everything. */
#include "ps_core.h"
#include "ps_stats.h"
#include "ps_jetstress.h"
#include "ps_js_compute.h"
#include "ps_thresholds.h"
#include "ps_audit_model.h"
#include "ps_trend.h"

#endif /* PS_MODEL_H */
