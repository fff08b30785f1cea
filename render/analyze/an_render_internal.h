/* an_render_internal.h - private to render/analyze. */
#ifndef PS_AN_RENDER_INTERNAL_H
#define PS_AN_RENDER_INTERNAL_H

#include "doc_build.h"
#include "ps_render_analyze.h"

/* Render d with render into b (through a memory stream). Errors: those of render, PS_EIO. */
int ps_an_doc_to_buf(const ps_doc *d, ps_doc_render_fn render, ps_buf *b, ps_error *err);

/* t (UTC) on the clock the outputs show (an_text.c; see ps_an_fmt_log_time). */
ps_time ps_an_log_clock(const ps_an_result *r, ps_time t);

#endif
