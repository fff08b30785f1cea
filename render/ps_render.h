/* ps_render.h - perfscribe render library: every output format, from a const model.
 *
 * Headers (one per domain):
 *   output/ps_output.h  output files (atomic: temporary file + rename), formats
 *   out/ps_out.h        escaping and number helpers, summary output, relog-compatible log
 *                       writers, Jetstress tables, JSON, JUnit
 *   chart/ps_chart.h    charts: spec -> layout -> drawing backends (cairo PNG/SVG, libharu PDF)
 *   doc/ps_doc.h        documents (ESRP HTML and PDF), audit and trend outputs
 *
 * Renderers never print to stdout/stderr themselves: they write to the FILE* they are given
 * and report errors in a ps_error.
 */
#ifndef PS_RENDER_H
#define PS_RENDER_H

#include "ps_model.h"

/* The render library is split into one public header per domain; this umbrella includes them
 * all, so #include "ps_render.h" still declares everything. */
#include "ps_output.h"
#include "ps_out.h"
#include "ps_chart.h"
#include "ps_doc.h"

#endif /* PS_RENDER_H */
