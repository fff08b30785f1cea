/* js_words_verdict.c - the verdict reasons and the ESRP qualification reasons worded from the
 * message catalogue (ps_js_words.h): the model gives the fields, the language the sentence. */
#include "ps_js_words.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* v with decimals digits, L's decimal mark, no grouping ("23.529", de "23,529"); NaN: L's n/a. */
static const char *fixed_num(const ps_lang *L, char *out, size_t n, double v, int decimals)
{
    if (isnan(v))
        return snprintf(out, n, "%s", ps_msg(L, PS_MSG_NA)), out;
    ps_fmt_num(out, n, v, decimals);
    char *dot = strchr(out, '.');
    const char *mark = (L ? L : ps_lang_en())->decimal;
    if (dot && strcmp(mark, ".") != 0) {
        char tail[64];
        snprintf(tail, sizeof tail, "%s", dot + 1);
        snprintf(dot, n - (size_t)(dot - out), "%s%s", mark, tail);
    }
    return out;
}

/* "20 ms", "1.25/s", "95%" (the unit after a space unless it starts with '/' or '%') */
static const char *with_unit(const ps_lang *L, char *out, size_t n, double v, int metric)
{
    char num[64];
    const char *u = ps_js_metric_unit(metric);
    ps_js_words_num(L, num, sizeof num, v);
    snprintf(out, n, "%s%s%s", num, u && *u && *u != '/' && *u != '%' ? " " : "", u ? u : "");
    return out;
}

static const char *machine(const char *m)
{
    return m ? m : "?";
}

/* The test as a reason names it: "Performance" (en), "Leistungstest" (de). */
static const char *test_words(const ps_lang *L, enum ps_test_type t)
{
    static const enum ps_msg_id ids[] = {[PS_TEST_UNKNOWN] = PS_MSG_W_TT_UNKNOWN,
                                         [PS_TEST_PERFORMANCE] = PS_MSG_W_TT_PERFORMANCE,
                                         [PS_TEST_STRESS] = PS_MSG_W_TT_STRESS,
                                         [PS_TEST_BACKUP] = PS_MSG_W_TT_BACKUP,
                                         [PS_TEST_SOFTRECOVERY] = PS_MSG_W_TT_SOFTRECOVERY};
    return ps_msg(L, (unsigned)t < sizeof ids / sizeof ids[0] ? ids[t] : PS_MSG_W_TT_UNKNOWN);
}

/* "{machine} {name}" into out */
static void who(const ps_lang *L, ps_buf *out, const char *m, const char *name)
{
    const ps_msg_field f[] = {{"machine", machine(m)}, {"name", name}};
    ps_msg_fill(out, ps_msg(L, PS_MSG_W_WHO), f, 2);
}

static const char *verdict_word(const ps_lang *L, int pass)
{
    return ps_msg(L, pass ? PS_MSG_PASS : PS_MSG_FAIL);
}

/* " - {why}" of Jetstress's printed reason, "" without one */
static void printed_why(const ps_lang *L, ps_buf *out, const char *why)
{
    const ps_msg_field f[] = {{"why", why}};
    if (why)
        ps_msg_fill(out, ps_msg(L, PS_MSG_W_PRINTED_WHY), f, 1);
}

char *ps_js_qual_words(const ps_lang *L, const ps_qual_reason *r)
{
    char achieved[64], target[64], mbx[64], iops[64];
    ps_buf w = {0}, from = {0}, why = {0}, out = {0};
    who(L, &w, r->machine, test_words(L, r->test_type));
    fixed_num(L, achieved, sizeof achieved, r->value, 3);
    ps_js_words_num(L, target, sizeof target, r->required);
    ps_js_words_num(L, mbx, sizeof mbx, r->config_mailboxes);
    ps_js_words_num(L, iops, sizeof iops, r->config_iops);
    const ps_msg_field cf[] = {{"mailboxes", mbx}, {"iops", iops}};
    static const enum ps_msg_id from_ids[] = {PS_MSG_W_Q_FROM_REPORT, PS_MSG_W_Q_FROM_REPORT, PS_MSG_W_Q_FROM_CONFIG,
                                              PS_MSG_W_Q_FROM_OPTIONS};
    ps_msg_fill(&from, ps_msg(L, from_ids[(unsigned)r->target_from < 4 ? r->target_from : 0]), cf, 2);
    printed_why(L, &why, r->printed_reason);
    int pass = r->met == PS_VERDICT_PASS;
    const ps_msg_field f[] = {
        {"who", w.data},
        {"achieved", achieved},
        {"target", target},
        {"from", from.data},
        {"verdict", verdict_word(L, pass)},
        {"why", why.data ? why.data : ""},
        {"required", pass ? "" : ps_msg(L, PS_MSG_W_REQUIRED_PASS)},
        {"profile", r->profile ? r->profile : ps_msg(L, PS_MSG_W_NO_PROFILE)},
    };
    enum ps_msg_id id;
    if (r->criterion == PS_QUAL_TARGET_IOPS)
        id = r->target_from == PS_QTF_NONE ? PS_MSG_W_Q_TARGET_UNKNOWN
             : isnan(r->value)             ? PS_MSG_W_Q_ACHIEVED_UNKNOWN
             : pass                        ? PS_MSG_W_Q_TARGET_MET
                                           : PS_MSG_W_Q_TARGET_MISSED;
    else if (r->criterion == PS_QUAL_PRINTED_VERDICT)
        id = PS_MSG_W_Q_PRINTED;
    else
        id = r->met == PS_VERDICT_UNKNOWN ? PS_MSG_W_Q_RECOMPUTED_UNKNOWN : PS_MSG_W_Q_RECOMPUTED;
    ps_msg_fill(&out, ps_msg(L, id), f, sizeof f / sizeof f[0]);
    ps_buf_fini(&w);
    ps_buf_fini(&from);
    ps_buf_fini(&why);
    return ps_buf_steal(&out);
}

/* Why a recomputation is incomplete, in L */
static void incomplete(const ps_lang *L, ps_buf *out, const ps_verdict_reason *r)
{
    static const enum ps_msg_id ids[] = {[PS_VRI_NONE] = PS_MSG_W_I_NOTHING,
                                         [PS_VRI_NO_LOG] = PS_MSG_W_I_NO_LOG,
                                         [PS_VRI_NO_WINDOW_SAMPLE] = PS_MSG_W_I_NO_WINDOW,
                                         [PS_VRI_INSTANCES] = PS_MSG_W_I_INSTANCES,
                                         [PS_VRI_NO_MAX_SAMPLES] = PS_MSG_W_I_NO_MAX,
                                         [PS_VRI_MISSING_COUNTERS] = PS_MSG_W_I_MISSING,
                                         [PS_VRI_NOTHING_EVALUATED] = PS_MSG_W_I_NOTHING};
    char n[32], of[32];
    snprintf(n, sizeof n, "%zu", r->n);
    snprintf(of, sizeof of, "%zu", r->of);
    enum ps_msg_id id = (unsigned)r->incomplete < sizeof ids / sizeof ids[0] ? ids[r->incomplete] : PS_MSG_W_I_NOTHING;
    if (id == PS_MSG_W_I_MISSING && r->n == 1)
        id = PS_MSG_W_I_MISSING_ONE;
    const ps_msg_field f[] = {{"n", n}, {"of", of}};
    ps_msg_fill(out, ps_msg(L, id), f, 2);
}

static const enum ps_msg_id stat_ids[] = {PS_MSG_W_STAT_AVG, PS_MSG_W_STAT_MIN, PS_MSG_W_STAT_MAX, PS_MSG_W_STAT_P95,
                                          PS_MSG_W_STAT_EXCEED};

char *ps_js_reason_words(const ps_lang *L, const ps_verdict_reason *r)
{
    if (r->kind == PS_VR_TEXT)
        return ps_xstrdup(r->text ? r->text : "");
    char value[80], limit[80], allowed[64], count[32], target[64], fixed[64];
    ps_buf w = {0}, why = {0}, inc = {0}, out = {0};
    if (r->aggregate)
        ps_buf_puts(&w, ps_msg(L, PS_MSG_W_AGGREGATE));
    else if (r->instance)
        who(L, &w, r->machine, r->instance);
    else
        ps_buf_puts(&w, machine(r->machine));
    with_unit(L, value, sizeof value, r->value, r->metric);
    with_unit(L, limit, sizeof limit, r->limit, r->metric);
    ps_js_words_num(L, allowed, sizeof allowed, r->max_errors);
    snprintf(count, sizeof count, "%llu", (unsigned long long)r->count);
    fixed_num(L, target, sizeof target, r->target, 3);
    fixed_num(L, fixed, sizeof fixed, r->value, 3);
    printed_why(L, &why, r->printed_reason);
    incomplete(L, &inc, r);
    const ps_msg_field f[] = {
        {"who", w.data},
        {"machine", machine(r->machine)},
        {"stat", ps_msg(L, stat_ids[(unsigned)r->stat < 5 ? r->stat : 0])},
        {"metric", ps_js_metric_label(L, r->metric)},
        {"value", r->kind == PS_VR_NEGATIVE ? fixed : value},
        {"op", ps_thr_op_text((enum ps_thr_op)r->op)},
        {"limit", limit},
        {"count", count},
        {"allowed", allowed},
        {"printed", verdict_word(L, r->printed)},
        {"recomputed", verdict_word(L, r->recomputed)},
        {"why", why.data ? why.data : ""},
        {"profile", r->profile ? r->profile : ps_msg(L, PS_MSG_W_NO_PROFILE)},
        {"incomplete", inc.data},
        {"file", r->file},
        {"target", target},
    };
    static const enum ps_msg_id ids[] = {
        [PS_VR_TEXT] = PS_MSG_W_V_RULE,
        [PS_VR_RULE] = PS_MSG_W_V_RULE,
        [PS_VR_RULE_COUNT] = PS_MSG_W_V_COUNT,
        [PS_VR_DISAGREE] = PS_MSG_W_V_DISAGREE,
        [PS_VR_AS_REPORTED] = PS_MSG_W_V_AS_REPORTED,
        [PS_VR_REPORT_UNREADABLE] = PS_MSG_W_V_REPORT_UNREADABLE,
        [PS_VR_NOT_JUDGED] = PS_MSG_W_V_NOT_JUDGED,
        [PS_VR_NEGATIVE] = PS_MSG_W_V_NEGATIVE_AVG,
        [PS_VR_ZERO_IOPS] = PS_MSG_W_V_ZERO_IOPS,
    };
    enum ps_msg_id id = (unsigned)r->kind < sizeof ids / sizeof ids[0] ? ids[r->kind] : PS_MSG_W_V_RULE;
    if (r->kind == PS_VR_RULE_COUNT && !r->exact)
        id = PS_MSG_W_V_COUNT_AT_LEAST;
    else if (r->kind == PS_VR_NEGATIVE && r->min_sample)
        id = PS_MSG_W_V_NEGATIVE_MIN;
    else if (r->kind == PS_VR_ZERO_IOPS && !isnan(r->target) && r->target > 0)
        id = PS_MSG_W_V_ZERO_IOPS_TARGET;
    ps_buf body = {0};
    ps_msg_fill(&body, ps_msg(L, id), f, sizeof f / sizeof f[0]);
    const ps_msg_field wf[] = {{"reason", body.data}};
    if (r->warning)
        ps_msg_fill(&out, ps_msg(L, PS_MSG_W_WARNING), wf, 1);
    else
        ps_buf_puts(&out, body.data ? body.data : "");
    ps_buf_fini(&body);
    ps_buf_fini(&w);
    ps_buf_fini(&why);
    ps_buf_fini(&inc);
    return ps_buf_steal(&out);
}

char *ps_js_reason_words_en(const ps_verdict_reason *r)
{
    return ps_js_reason_words(NULL, r);
}

char *ps_js_qual_words_en(const ps_qual_reason *r)
{
    return ps_js_qual_words(NULL, r);
}
