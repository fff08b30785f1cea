/* ps_pipeline.h - the run pipeline: read -> model -> compute -> judge for a Jetstress run.
 *
 * Every command that works on a Jetstress run (jetstress, check, report, trend, store add,
 * audit) loads it through these two functions, so that discovery, log reading, the figures and
 * the verdicts are produced the same way everywhere. The library sits between the front end and
 * the other libraries: cli -> ps_pipeline -> ps_parser / ps_render -> ps_model.
 */
#ifndef PS_PIPELINE_H
#define PS_PIPELINE_H

#include "ps_model.h"
#include "ps_parser.h"

/* What ps_pipeline_jetstress does beyond loading. */
typedef struct ps_pipeline_opts {
    ps_js_options load; /* discovery and log reading: window, encoding, --lenient, series */
    const char *profile; /* threshold profile, NULL = from each report's version */
    const char *thresholds; /* extra rule file (perfscribe format or PAL XML), NULL = none */
    int lenient_thresholds; /* judge every server with the lenient (Stress) threshold set */
    int allow_empty; /* a run without any server is not an error (audit) */
    int no_qualification; /* 1 = Jetstress's own verdict only: no ESRP qualification (ps_js_qualify) */
} ps_pipeline_opts;

/* Read and compute: discover the run in paths (folders, reports, configs, counter logs), read
 * every server's counter logs (streaming) and compute the per-instance, per-server and
 * aggregate figures. Does not judge. opt may be NULL (defaults).
 * On success *out is the caller's (ps_js_run_free) and its warnings stay in (*out)->warnings.
 * On error *out is NULL, err says why, and the warnings gathered before the failure are
 * appended to w (when w is not NULL): a failed load still reports what it noticed. */
int ps_pipeline_load(const char *const *paths, size_t npaths, const ps_js_options *opt, ps_js_run **out, ps_warnings *w,
                     ps_error *err);

/* The whole pipeline: read the extra threshold file (its warnings to w), load and compute
 * (ps_pipeline_load), then judge every test (ps_js_judge) and, unless o->no_qualification,
 * qualify every Performance test for ESRP (ps_js_qualify). The run's warnings are appended to w
 * after the threshold file's, whether it succeeds or fails. A run without servers is a PS_EINPUT
 * error unless o->allow_empty. On success *out is the caller's; on error it is NULL. */
int ps_pipeline_jetstress(const char *const *paths, size_t npaths, const ps_pipeline_opts *o, ps_js_run **out,
                          ps_warnings *w, ps_error *err);

#endif
