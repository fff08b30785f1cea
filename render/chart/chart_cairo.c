/* chart_cairo.c - cairo drawing backend: PNG (image surface) and SVG (file or string).
 * Text uses cairo's toy API with "DejaVu Sans" (fontconfig) and unhinted metrics. */
#include "chart_internal.h"

#include <cairo-svg.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void set_rgb(cairo_t *cr, uint32_t c)
{
    cairo_set_source_rgb(cr, ((c >> 16) & 0xff) / 255.0, ((c >> 8) & 0xff) / 255.0, (c & 0xff) / 255.0);
}

static void c_save(void *ctx)
{
    cairo_save(ctx);
}
static void c_restore(void *ctx)
{
    cairo_restore(ctx);
}
static void c_move_to(void *ctx, double x, double y)
{
    cairo_move_to(ctx, x, y);
}
static void c_line_to(void *ctx, double x, double y)
{
    cairo_line_to(ctx, x, y);
}

static void c_clip(void *ctx, double x, double y, double w, double h)
{
    cairo_rectangle(ctx, x, y, w, h);
    cairo_clip(ctx);
}

static void c_fill_rect(void *ctx, double x, double y, double w, double h, uint32_t c)
{
    set_rgb(ctx, c);
    cairo_rectangle(ctx, x, y, w, h);
    cairo_fill(ctx);
}

static void c_stroke(void *ctx, double width, uint32_t c, const double *dash, size_t ndash)
{
    cairo_t *cr = ctx;
    set_rgb(cr, c);
    cairo_set_line_width(cr, width);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_cap(cr, ndash ? CAIRO_LINE_CAP_BUTT : CAIRO_LINE_CAP_ROUND);
    cairo_set_dash(cr, dash, (int)ndash, 0);
    cairo_stroke(cr);
}

static void c_fill(void *ctx, uint32_t c)
{
    set_rgb(ctx, c);
    cairo_close_path(ctx);
    cairo_fill(ctx);
}

static void c_text(void *ctx, double x, double y, const char *utf8, double size, int bold, int anchor, double rotate,
                   uint32_t c)
{
    cairo_t *cr = ctx;
    cairo_text_extents_t e;
    cairo_save(cr);
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                           bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
    cairo_text_extents(cr, utf8, &e);
    cairo_translate(cr, x, y);
    cairo_rotate(cr, rotate * M_PI / 180.0);
    double dx = anchor == PS_ANCHOR_MIDDLE ? -e.x_advance / 2 : anchor == PS_ANCHOR_END ? -e.x_advance : 0;
    cairo_move_to(cr, dx, 0);
    set_rgb(cr, c);
    cairo_show_text(cr, utf8);
    cairo_restore(cr);
}

static void draw_with_cairo(const ps_chart_layout *l, cairo_t *cr)
{
    cairo_font_options_t *o = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(o, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(o, CAIRO_HINT_STYLE_NONE);
    cairo_set_font_options(cr, o);
    cairo_font_options_destroy(o);
    ps_chart_gc gc = {cr, c_save, c_restore, c_clip, c_fill_rect, c_move_to, c_line_to, c_stroke, c_text, c_fill};
    ps_chart_draw(l, &gc);
}

static cairo_status_t to_buf(void *closure, const unsigned char *data, unsigned int len)
{
    ps_buf_put(closure, data, len);
    return CAIRO_STATUS_SUCCESS;
}

static int cairo_fail(cairo_status_t st, const char *what, ps_error *err)
{
    return ps_error_set(err, PS_EIO, NULL, 0, 0, "chart: %s: %s", what, cairo_status_to_string(st));
}

/* Write bytes to path through an atomic ps_outfile. */
static int write_out(const char *path, const void *data, size_t len, ps_error *err)
{
    ps_outfile *o;
    int rc = ps_outfile_open(path, NULL, 0, &o, err);
    if (rc)
        return rc;
    if (fwrite(data, 1, len, ps_outfile_fp(o)) != len)
        return ps_outfile_fail(o, PS_EIO, err); /* "PATH: write error: REASON" */
    return ps_outfile_commit(o, err);
}

int ps_chart_render_png(const ps_chart_spec *spec, const char *path, ps_error *err)
{
    ps_chart_layout l;
    int rc = ps_chart_layout_compute(spec, &l, err);
    if (rc)
        return rc;
    int w = (int)ceil(l.width * PS_CHART_PNG_SCALE), h = (int)ceil(l.height * PS_CHART_PNG_SCALE);
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
    cairo_t *cr = cairo_create(s);
    cairo_scale(cr, PS_CHART_PNG_SCALE, PS_CHART_PNG_SCALE);
    draw_with_cairo(&l, cr);
    cairo_status_t st = cairo_status(cr);
    cairo_destroy(cr);
    ps_chart_layout_fini(&l);
    ps_buf png = {0};
    if (st == CAIRO_STATUS_SUCCESS)
        st = cairo_surface_write_to_png_stream(s, to_buf, &png);
    cairo_surface_destroy(s);
    rc = st == CAIRO_STATUS_SUCCESS ? write_out(path, png.data, png.len, err) : cairo_fail(st, "PNG", err);
    ps_buf_fini(&png);
    return rc;
}

/* Prefix every id cairo defines or references: id="x", href="#x", url(#x). cairo numbers
 * its surfaces with a process-wide counter ("surface6" on the second chart), so those ids are
 * renumbered in order of appearance to keep the output identical for identical charts. */
static void prefix_ids(const char *svg, const char *prefix, ps_buf *out)
{
    static const char *const marks[] = {"id=\"", "href=\"#", "url(#"};
    unsigned long seen[64];
    size_t nseen = 0;
    const char *p = svg, *copied = svg; /* one pass: each byte looked at once (linear) */
    while (*p) {
        size_t m = sizeof marks / sizeof marks[0];
        if (*p == 'i' || *p == 'h' || *p == 'u')
            for (m = 0; m < sizeof marks / sizeof marks[0] && strncmp(p, marks[m], strlen(marks[m])) != 0; m++)
                ;
        if (m == sizeof marks / sizeof marks[0]) {
            p++;
            continue;
        }
        size_t ml = strlen(marks[m]);
        ps_buf_put(out, copied, (size_t)(p - copied) + ml);
        ps_buf_puts(out, prefix);
        p += ml;
        if (strncmp(p, "surface", 7) == 0 && isdigit((unsigned char)p[7])) {
            char *end;
            unsigned long id = strtoul(p + 7, &end, 10);
            size_t k = 0;
            while (k < nseen && seen[k] != id)
                k++;
            if (k == nseen && nseen < sizeof seen / sizeof seen[0])
                seen[nseen++] = id;
            ps_buf_printf(out, "surface%zu", k + 1);
            p = end;
        }
        copied = p;
    }
    ps_buf_puts(out, copied);
}

int ps_chart_svg_string(const ps_chart_spec *spec, const char *id_prefix, ps_buf *out, ps_error *err)
{
    ps_chart_layout l;
    int rc = ps_chart_layout_compute(spec, &l, err);
    if (rc)
        return rc;
    ps_buf raw = {0};
    cairo_surface_t *s = cairo_svg_surface_create_for_stream(to_buf, &raw, l.width, l.height);
    cairo_svg_surface_restrict_to_version(s, CAIRO_SVG_VERSION_1_1);
    cairo_t *cr = cairo_create(s);
    draw_with_cairo(&l, cr);
    cairo_status_t st = cairo_status(cr);
    cairo_destroy(cr);
    cairo_surface_finish(s);
    if (st == CAIRO_STATUS_SUCCESS)
        st = cairo_surface_status(s);
    cairo_surface_destroy(s);
    ps_chart_layout_fini(&l);
    if (st != CAIRO_STATUS_SUCCESS) {
        ps_buf_fini(&raw);
        return cairo_fail(st, "SVG", err);
    }
    const char *body = raw.data ? raw.data : "";
    if (strncmp(body, "<?xml", 5) == 0 && strchr(body, '\n'))
        body = strchr(body, '\n') + 1;
    prefix_ids(body, id_prefix ? id_prefix : "", out);
    ps_buf_fini(&raw);
    return PS_OK;
}

int ps_chart_render_svg(const ps_chart_spec *spec, const char *path, ps_error *err)
{
    ps_buf b = {0};
    ps_buf_puts(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    int rc = ps_chart_svg_string(spec, NULL, &b, err);
    if (rc == PS_OK)
        rc = write_out(path, b.data, b.len, err);
    ps_buf_fini(&b);
    return rc;
}

void ps_chart_release_caches(void)
{
    cairo_debug_reset_static_data();
    FcFini();
}
