/* ps_js_words.h - the Jetstress model's sentences in a document language: the explanation of a
 * failing rule, the verdict reasons and the ESRP qualification reasons are data in the model
 * (model/jetstress/ps_jetstress.h); these functions word them from the message catalogue
 * (ps_msg.h, the PS_MSG_W_* texts: named fields "{name}" a translation may order freely). The
 * English text (L NULL or English) is the one the command line, JSON, JUnit and the store print. */
#ifndef PS_JS_WORDS_H
#define PS_JS_WORDS_H

#include "ps_model.h"
#include "ps_msg.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One named field of a catalogue text: "{name}" is replaced by value. */
typedef struct ps_msg_field {
    const char *name, *value;
} ps_msg_field;
/* Append tmpl to out with every "{name}" of fields[0..n) replaced by its value; a "{" that opens
 * no known name is copied as written. */
void ps_msg_fill(ps_buf *out, const char *tmpl, const ps_msg_field *fields, size_t n);
/* The words of a Jetstress metric (enum ps_js_metric) in L: "database read latency"; "?" when
 * out of range. Never NULL. */
const char *ps_js_metric_label(const ps_lang *L, int metric);
/* A number as the verdict sentences print it, in L's decimal mark: up to 3 decimals (6 below
 * 0.1), trailing zeros removed ("22.4", "20", "0.000694"; de "22,4"). Returns out. */
const char *ps_js_words_num(const ps_lang *L, char *out, size_t n, double v);
/* The logs' zone of failure f in L, appended to out: "W. Europe Standard Time, UTC+01:00",
 * "zone name unknown, UTC+01:00", "the logs' local time, zone unknown". */
void ps_js_failure_zone(const ps_lang *L, ps_buf *out, const ps_js_failure *f);
/* The explanation of failure f in L (caller frees): "bursts: 12 of 240 samples > 20 ms in 3
 * runs; longest run 5 samples, 2026-03-14 10:42:17.269 to 10:43:17.269 (1 min 0 s); worst
 * 48.2 ms at 2026-03-14 10:43:02.269 (W. Europe Standard Time, UTC+01:00)" (docs/readme/jetstress.md
 * "Failure explanation"). Times in the logs' local time, ISO form in every language. */
char *ps_js_failure_words(const ps_lang *L, const ps_js_failure *f);
/* The sentence of verdict reason r in L (caller frees): "MBX02 Instance5120.3: average database
 * read latency 23.529 ms > 20 ms", "warning: S1: average log writes/sec 21/s > 20/s", "MBX03: not
 * judged: 1 threshold check without its counter, and no printed Jetstress verdict to fall back
 * on"; a PS_VR_TEXT reason: its text as kept. */
char *ps_js_reason_words(const ps_lang *L, const ps_verdict_reason *r);
/* The sentence of ESRP qualification reason r in L (caller frees): "MBX01 Performance: achieved
 * transactional IOPS 228.256 < target 300 (target from JetstressConfig.xml: 300 mailboxes x 1
 * IOPS)", "MBX01 Performance: Jetstress printed Fail - ... (required: Pass)". */
char *ps_js_qual_words(const ps_lang *L, const ps_qual_reason *r);
/* English (ps_verdict_words_fn, ps_qual_words_fn: for the store and the audit). */
char *ps_js_reason_words_en(const ps_verdict_reason *r);
char *ps_js_qual_words_en(const ps_qual_reason *r);

#ifdef __cplusplus
}
#endif
#endif
