/* ps_audit_out.h - audit output with its coverage: what the paper reader read and what it could
 * not (render/out/audit_out.c). */
#ifndef PS_AUDIT_OUT_H
#define PS_AUDIT_OUT_H

#include "ps_model.h"
#include "ps_audit_ext.h"

/* Render findings like ps_audit_render, then the coverage of the paper (NULL: a RUN-only audit):
 * text ends with a "coverage: ..." line, JSON gains a "coverage" object, HTML a paragraph. With
 * list_unread, every number attached to no claim is listed with its line and the words before it
 * (text: "FILE:LINE: unread: N after 'words'" lines before the summary; JSON: "unread" array;
 * HTML: a table). Appends to out; PS_EUSAGE for a format other than text, json or html. */
int ps_audit_render_coverage(ps_buf *out, const ps_audit *a, const ps_paper *paper, int list_unread, enum ps_format fmt,
                             const char *title, ps_error *err);

#endif
