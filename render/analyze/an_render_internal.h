/* an_render_internal.h - private to render/analyze. */
#ifndef PS_AN_RENDER_INTERNAL_H
#define PS_AN_RENDER_INTERNAL_H

#include "doc_build.h"
#include "ps_render_analyze.h"

/* Render d with render into b (through a memory stream). Errors: those of render, PS_EIO. */
int ps_an_doc_to_buf(const ps_doc *d, ps_doc_render_fn render, ps_buf *b, ps_error *err);

/* t (UTC) on the clock the outputs show (an_text.c; see ps_an_fmt_log_time). */
ps_time ps_an_log_clock(const ps_an_result *r, ps_time t);

/* an_notes.c: the answers to PAL's questions the limits used and the rules not judged for want
 * of one; text lines, and the JSON members "answers":[...],"unanswered":[...] of the open object */
void ps_an_render_answers_text(ps_buf *b, const ps_an_result *r);
void ps_an_render_answers_json(ps_jw *j, const ps_an_result *r);
/* What was not analysed and why (a file in an untranslated language, a rule whose only match
 * is the _Total it leaves out): fn(ctx, file or rule id, reason) for each, in a fixed order. */
void ps_an_not_analysed(const ps_an_result *r, void (*fn)(void *ctx, const char *what, const char *why), void *ctx);
/* The run's warnings and what was not analysed: "warning: ..." / "not analysed: ..." lines, and
 * the JSON members "warnings":[...],"not_analysed":[{"what","why"}...] of the open object */
void ps_an_render_notes_text(ps_buf *b, const ps_an_result *r, const ps_an_doc_info *info);
void ps_an_render_notes_json(ps_jw *j, const ps_an_result *r, const ps_an_doc_info *info);
/* The document section "What was assumed and what was not analysed" (an_notes.c). */
void ps_an_doc_notes(ps_doc *d, const ps_an_result *r, const ps_an_doc_info *info);

#endif
