/* judge_internal.h - private to the Jetstress judge (model/jetstress/thresholds.c, model/jetstress/judge/). */
#ifndef PS_JUDGE_INTERNAL_H
#define PS_JUDGE_INTERNAL_H

#include "ps_model.h"

/* What judging one server's rules found. */
typedef struct js_tally {
    int profile_fails; /* error violations of the Jetstress profile's rules */
    int extra_fails; /* error violations of --thresholds rules */
    int evaluated; /* rule evaluations made (profile and extra) */
    int profile_missing; /* profile rule evaluations that had no value (missing counters) */
    int skipped_max; /* maximum-latency checks without samples ... */
    int skipped_metric; /* ... the first one's metric (PS_JM_*) and instance, for the warning */
    const char *skipped_instance;
} js_tally;

/* Settle s->verdict.result and .source from the tally and the report's printed verdict (README
 * "Verdict sources"): the printed verdict stands, marked "as reported, not recomputed", when the
 * recomputation could not evaluate every profile rule; a disagreement between printed and
 * recomputed verdicts fails. Adds the reason lines that say so. */
void js_verdict_settle(ps_js_server *s, const js_tally *t);

/* Plausibility of a server's figures: a negative latency (an instance's average or minimum
 * sample) and zero achieved transactional IOPS each add a failing reason "implausible: ...".
 * Returns the number of reasons added. */
int js_plausibility(ps_js_server *s);

/* The judge's rules for one server (profile chosen as ps_js_judge does; its warnings to w, which
 * may be NULL): the profile's rules first, then the extra ones, appended to *rules. *name (when
 * not NULL) receives the verdict's profile text ("jetstress-2013/strict + FILE"). Returns the
 * number of profile rules. */
size_t js_server_rules(const ps_js_server *s, const ps_js_judge_options *opt, ps_warnings *w, ps_thr_set *rules,
                       char **name);

/* Attach to s->verdict the explanation of its last reason, a failing error rule r on instance
 * inst (JS_HOST: the server's host counters), from s->watch; nothing without a watch entry. */
#define JS_HOST ((size_t)-1)
void js_explain(ps_js_server *s, const ps_thr_rule *r, size_t inst);

#endif
