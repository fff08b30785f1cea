/* js_out_internal.h - internal to render/out: what the Jetstress outputs (js_out.c, js_json.c,
 * js_junit.c) share. */
#ifndef PS_JS_OUT_INTERNAL_H
#define PS_JS_OUT_INTERNAL_H

#include "ps_render.h"

/* Local wall-clock time without zone into out (n bytes): "2026-03-14T10:12:47.000"; "n/a" when
 * t is PS_TIME_NONE. Never fails (truncates to n). */
void js_local_iso(char *out, size_t n, ps_time t);
/* Whether the test has pass/fail criteria (Performance, Stress, unknown type); backup and soft
 * recovery have none. */
int js_has_criteria(const ps_js_server *s);

#endif
