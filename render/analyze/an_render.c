/* an_render.c - the analysis outputs chosen from a table of {format, function} (the renderer
 * shape of ps_output.h). */
#include "ps_render.h"
#include "ps_render_analyze.h"

static int an_text(ps_buf *out, const ps_an_result *r, const ps_render_opts *o, ps_error *err)
{
    (void)err;
    ps_an_render_text(out, r, o->info);
    return PS_OK;
}

static int an_json(ps_buf *out, const ps_an_result *r, const ps_render_opts *o, ps_error *err)
{
    (void)err;
    ps_an_render_json(out, r, o->info);
    return PS_OK;
}

static int an_doc(ps_buf *out, const ps_an_result *r, const ps_render_opts *o, ps_error *err)
{
    return ps_an_render_doc(out, r, o->info, o->fmt, err);
}

static const struct {
    enum ps_format fmt;
    int (*fn)(ps_buf *out, const ps_an_result *r, const ps_render_opts *o, ps_error *err);
} renderers[] = {
    {PS_FMT_TEXT, an_text},
    {PS_FMT_JSON, an_json},
    {PS_FMT_HTML, an_doc},
    {PS_FMT_PDF, an_doc},
};

int ps_an_render(ps_buf *out, const ps_an_result *r, const ps_render_opts *o, ps_error *err)
{
    for (size_t i = 0; i < sizeof renderers / sizeof renderers[0]; i++)
        if (renderers[i].fmt == o->fmt)
            return renderers[i].fn(out, r, o, err);
    return ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "analyze cannot be written as %s (use text, json, html or pdf)",
                        ps_format_name(o->fmt));
}
