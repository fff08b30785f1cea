/* an_render_internal.h - private to render/analyze. */
#ifndef PS_AN_RENDER_INTERNAL_H
#define PS_AN_RENDER_INTERNAL_H

#include "doc_build.h"
#include "ps_render_analyze.h"

/* Render d with render into b (through a memory stream). Errors: those of render, PS_EIO. */
int ps_an_doc_to_buf(const ps_doc *d, ps_doc_render_fn render, ps_buf *b, ps_error *err);

/* t (UTC) on the clock the outputs show (an_text.c; see ps_an_fmt_log_time). */
ps_time ps_an_log_clock(const ps_an_result *r, ps_time t);

/* an_text.c: "N periods sliced apart ...: FIRST to LAST in N slices of S s; ..." (no line feed)
 * when the logs' samples fall in several periods; nothing for one. */
void ps_an_periods_text(ps_buf *b, const ps_an_result *r);

/* an_rule_chart.c: the chart panels of a result (small multiples): one per period, at most
 * PS_AN_MAX_PANELS (more periods: the widest gaps separate the panels). A panel's points are
 * those whose time (UTC) is in (lo, hi]: the boundary between two panels is the middle of the
 * gap between them (one panel: every point). */
typedef struct ps_an_panel {
    size_t p0, np; /* its periods */
    ps_time first, last; /* UTC range of their samples */
    ps_time lo, hi;
} ps_an_panel;
/* The panels of r into out (PS_AN_MAX_PANELS places); returns their count (at least 1). */
size_t ps_an_panels(const ps_an_result *r, ps_an_panel *out);
/* The points of s in panel p: s->points[*from .. *from + returned count). */
size_t ps_an_panel_points(const ps_an_series *s, const ps_an_panel *p, size_t *from);
/* *head = "TITLE, period K of N" ("TITLE, periods K to L of N"), *range (unless range is NULL) =
 * "FIRST to LAST" on the logs' clock (both heap). */
void ps_an_panel_texts(const ps_an_result *r, const char *title, const ps_an_panel *p, char **head, char **range);

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
