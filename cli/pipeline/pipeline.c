/* pipeline.c - ps_pipeline: a Jetstress run from its files to its verdicts (ps_pipeline.h). */
#include "ps_pipeline.h"

#include <stdlib.h>

/* Moves every warning of from to the end of to (to may be NULL: they are dropped). */
static void move_warnings(ps_warnings *to, ps_warnings *from)
{
    for (size_t i = 0; i < from->n; i++)
        ps_warn(to, "%s", from->msgs[i]);
    ps_warnings_fini(from);
}

/* ps_pipeline_load; with jo, every server's logs also stream through the run-length state of
 * the rules the judge will apply (failure explanations, ps_js_watch_start). */
static int load(const char *const *paths, size_t npaths, const ps_js_options *opt, const ps_js_judge_options *jo,
                ps_js_run **out, ps_warnings *w, ps_error *err)
{
    *out = NULL;
    ps_js_run *run = NULL;
    int rc = ps_js_discover(paths, npaths, &run, err); /* read: classify every file */
    for (size_t i = 0; !rc && i < run->nservers; i++) {
        if (jo)
            ps_js_watch_start(&run->servers[i], jo);
        rc = ps_js_load_server(run, i, opt, err); /* model: stream the logs */
    }
    if (rc) {
        if (run)
            move_warnings(w, &run->warnings);
        ps_js_run_free(run);
        return rc;
    }
    ps_js_aggregate(run); /* compute: servers and solution */
    *out = run;
    return PS_OK;
}

int ps_pipeline_load(const char *const *paths, size_t npaths, const ps_js_options *opt, ps_js_run **out, ps_warnings *w,
                     ps_error *err)
{
    return load(paths, npaths, opt, NULL, out, w, err);
}

int ps_pipeline_jetstress(const char *const *paths, size_t npaths, const ps_pipeline_opts *o, ps_js_run **out,
                          ps_warnings *w, ps_error *err)
{
    ps_thr_set extra = {0};
    int rc;
    *out = NULL;
    if (o->thresholds && (rc = ps_thr_read(o->thresholds, &extra, w, err)) != PS_OK) {
        ps_thr_set_fini(&extra);
        return rc;
    }
    if (o->thresholds && extra.skipped)
        ps_warn(w, "%s: %zu rules on counters the Jetstress pipeline does not track were ignored", o->thresholds,
                extra.skipped);
    ps_js_run *run = NULL;
    ps_js_judge_options jo = {o->profile, o->lenient_thresholds, o->thresholds ? &extra : NULL};
    if (o->profile && !ps_js_profile_canonical(o->profile))
        rc = ps_js_judge(NULL, &jo, err); /* the unknown profile's error, before loading */
    else
        rc = load(paths, npaths, &o->load, &jo, &run, w, err);
    if (!rc) {
        rc = ps_js_judge(run, &jo, err); /* judge */
        if (!rc && !o->no_qualification)
            ps_js_qualify(run); /* ESRP: target reached, verdicts pass */
        move_warnings(w, &run->warnings);
        if (!rc && !run->nservers && !o->allow_empty)
            rc = ps_error_set(err, PS_EINPUT, paths[0], 0, 0, "no Jetstress report or counter log found");
    }
    ps_thr_set_fini(&extra);
    if (rc) {
        ps_js_run_free(run);
        run = NULL;
    }
    *out = run;
    return rc;
}
