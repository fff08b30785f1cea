/* trend_render.c - a trend's outputs chosen from a table of {format, function} (the renderer
 * shape of ps_output.h). */
#include "ps_render.h"

#include <stdio.h>
#include <stdlib.h>

static int trend_text(ps_buf *out, const ps_trend *t, const ps_render_opts *o, ps_error *err)
{
    (void)o;
    (void)err;
    ps_trend_render_text(t, out);
    return PS_OK;
}

static int trend_json(ps_buf *out, const ps_trend *t, const ps_render_opts *o, ps_error *err)
{
    (void)o;
    (void)err;
    ps_trend_render_json(t, out);
    return PS_OK;
}

static int trend_html(ps_buf *out, const ps_trend *t, const ps_render_opts *o, ps_error *err)
{
    (void)o;
    (void)err;
    ps_trend_render_html(t, out);
    return PS_OK;
}

/* The PDF writer works on a FILE: render into memory, then append. */
static int trend_pdf(ps_buf *out, const ps_trend *t, const ps_render_opts *o, ps_error *err)
{
    char *mem = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&mem, &len);
    if (!fp)
        return ps_error_set(err, PS_EIO, NULL, 0, 0, "out of memory");
    int rc = ps_trend_render_pdf(t, o->date, fp, o->warnings, err);
    if (fclose(fp) && !rc)
        rc = ps_error_set(err, PS_EIO, NULL, 0, 0, "out of memory");
    if (!rc)
        ps_buf_put(out, mem, len);
    free(mem);
    return rc;
}

static const struct {
    enum ps_format fmt;
    int (*fn)(ps_buf *out, const ps_trend *t, const ps_render_opts *o, ps_error *err);
} renderers[] = {
    {PS_FMT_TEXT, trend_text},
    {PS_FMT_JSON, trend_json},
    {PS_FMT_HTML, trend_html},
    {PS_FMT_PDF, trend_pdf},
};

int ps_trend_render(ps_buf *out, const ps_trend *t, const ps_render_opts *o, ps_error *err)
{
    for (size_t i = 0; i < sizeof renderers / sizeof renderers[0]; i++)
        if (renderers[i].fmt == o->fmt)
            return renderers[i].fn(out, t, o, err);
    return ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "trend cannot be written as %s (use text, json, html or pdf)",
                        ps_format_name(o->fmt));
}
