/* js_render.c - the Jetstress run's text outputs chosen from a table of {format, function}
 * (the renderer shape of ps_output.h). */
#include "ps_render.h"

static const struct {
    enum ps_format fmt;
    void (*fn)(ps_buf *out, const ps_js_run *run);
} renderers[] = {
    {PS_FMT_TEXT, ps_js_render_text},
    {PS_FMT_JSON, ps_js_render_json},
    {PS_FMT_JUNIT, ps_js_render_junit},
};

int ps_js_render(ps_buf *out, const ps_js_run *run, const ps_render_opts *o, ps_error *err)
{
    for (size_t i = 0; i < sizeof renderers / sizeof renderers[0]; i++)
        if (renderers[i].fmt == o->fmt) {
            renderers[i].fn(out, run);
            return PS_OK;
        }
    return ps_error_set(err, PS_EUSAGE, NULL, 0, 0,
                        "jetstress output cannot be written as %s (use text, json or junit)", ps_format_name(o->fmt));
}
