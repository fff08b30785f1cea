/* ps_store_out.h - output of 'perfscribe store': stored runs as text and JSON. */
#ifndef PS_STORE_OUT_H
#define PS_STORE_OUT_H

#include "ps_render.h"
#include "ps_runs.h"

/* The list of stored runs: text (one aligned line per run) or JSON {"runs":[...]}. Appends to b. */
void ps_store_render_list(ps_buf *b, const ps_store_entry *e, size_t n, enum ps_format fmt);
/* One stored run: its metadata (label, time, version, digest, options, tags, files with
 * SHA-256 and size, each server's verdict with its source and reasons) and its figures (the
 * 'jetstress' text tables or the 'jetstress --json' document under "run"). Appends to b. */
void ps_store_render_show(ps_buf *b, const ps_store_meta *m, const ps_js_run *run, enum ps_format fmt);
/* Result of 'store add' / 'store rm' in words or as JSON. existing: label already holding the
 * same inputs (add only), NULL otherwise. */
void ps_store_render_add(ps_buf *b, const ps_store_meta *m, const ps_js_run *run, int added, const char *existing,
                         enum ps_format fmt);
void ps_store_render_rm(ps_buf *b, const char *label, enum ps_format fmt);

#endif
