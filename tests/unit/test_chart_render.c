/* Unit tests: chart backends (cairo PNG/SVG, libharu PDF). Files are checked for validity and
 * for a few pixels / elements the layout predicts; never compared byte for byte. */
#include <criterion/criterion.h>
#include <cairo.h>
#include <hpdf.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chart_fixtures.h"
#include "ps_render.h"

#define DEJAVU "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
#define DEJAVU_BOLD "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

/* free cairo's / fontconfig's caches at the end of each test so LeakSanitizer stays quiet */
static void release(void)
{
    ps_chart_release_caches();
}

static void out_path(char *buf, size_t n, const char *name)
{
    snprintf(buf, n, "%s/chart_test_%s", PS_BINARY_DIR, name);
}

static uint32_t pixel(cairo_surface_t *s, double x_pt, double y_pt)
{
    int x = (int)(x_pt * PS_CHART_PNG_SCALE), y = (int)(y_pt * PS_CHART_PNG_SCALE);
    const unsigned char *d = cairo_image_surface_get_data(s);
    uint32_t v;
    memcpy(&v, d + (size_t)y * (size_t)cairo_image_surface_get_stride(s) + (size_t)x * 4, 4);
    return v & 0xffffff;
}

static void check_png(const ps_chart_spec *spec, const char *name)
{
    char path[1024];
    ps_error err;
    out_path(path, sizeof path, name);
    cr_assert_eq(ps_chart_render_png(spec, path, &err), 0, "%s", err.msg);
    FILE *f = fopen(path, "rb");
    unsigned char sig[8] = {0};
    cr_assert(f && fread(sig, 1, 8, f) == 8);
    fclose(f);
    cr_assert(memcmp(sig, "\x89PNG\r\n\x1a\n", 8) == 0);
    cairo_surface_t *s = cairo_image_surface_create_from_png(path);
    cr_assert_eq(cairo_surface_status(s), CAIRO_STATUS_SUCCESS);
    /* 600 x 340 pt at 2 px per pt */
    cr_assert_eq(cairo_image_surface_get_width(s), 1200);
    cr_assert_eq(cairo_image_surface_get_height(s), 680);
    cairo_surface_flush(s);
    ps_chart_layout l;
    cr_assert_eq(ps_chart_layout_compute(spec, &l, &err), 0);
    /* corner: white background */
    cr_assert_eq(pixel(s, 1, 1), 0xffffff);
    /* the middle of every bar has its series colour */
    for (size_t i = 0; i < l.nbars; i++) {
        const ps_chart_bar *b = &l.bars[i];
        cr_assert_eq(pixel(s, b->r.x + b->r.w / 2, b->r.y + b->r.h * 0.75), ps_chart_palette(b->role)->rgb, "bar %zu",
                     i);
    }
    /* shaded ranges: a point inside the shade, away from lines and grid */
    for (size_t i = 0; i < l.nshades; i++)
        cr_assert_eq(pixel(s, l.shades[i].r.x + l.shades[i].r.w * 0.55, l.plot.y + l.plot.h * 0.07),
                     ps_chart_palette(PS_ROLE_SHADE)->rgb);
    ps_chart_layout_fini(&l);
    cairo_surface_destroy(s);
}

Test(chart_render, png_files, .fini = release)
{
    ps_chart_spec a = fix_time_spec(), b = fix_bar_spec(), c = fix_bar_line_spec();
    check_png(&a, "time.png");
    check_png(&b, "bars.png");
    check_png(&c, "bar_line.png");
}

Test(chart_render, png_write_error_is_eio, .fini = release)
{
    ps_chart_spec a = fix_bar_spec();
    ps_error err;
    cr_assert_eq(ps_chart_render_png(&a, "/nonexistent-dir/x.png", &err), PS_EIO);
    a.nseries = 0;
    cr_assert_eq(ps_chart_render_png(&a, "/tmp/never-written.png", &err), PS_EUSAGE);
    cr_assert_neq(access("/tmp/never-written.png", F_OK), 0);
}

Test(chart_render, svg_file_parses, .fini = release)
{
    char path[1024];
    ps_error err;
    ps_chart_spec specs[3] = {fix_time_spec(), fix_bar_spec(), fix_bar_line_spec()};
    const char *names[3] = {"time.svg", "bars.svg", "bar_line.svg"};
    for (int i = 0; i < 3; i++) {
        out_path(path, sizeof path, names[i]);
        cr_assert_eq(ps_chart_render_svg(&specs[i], path, &err), 0, "%s", err.msg);
        xmlDocPtr doc = xmlReadFile(path, NULL, XML_PARSE_NONET);
        cr_assert(doc, "%s does not parse", path);
        xmlNodePtr root = xmlDocGetRootElement(doc);
        cr_assert_str_eq((const char *)root->name, "svg");
        xmlChar *w = xmlGetProp(root, (const xmlChar *)"width");
        cr_assert_str_eq((const char *)w, "600pt");
        xmlFree(w);
        xmlFreeDoc(doc);
    }
}

Test(chart_render, svg_deterministic_escaped_and_prefixed, .fini = release)
{
    ps_error err;
    ps_chart_spec s = fix_time_spec();
    ps_buf a = {0}, b = {0}, c = {0};
    cr_assert_eq(ps_chart_svg_string(&s, NULL, &a, &err), 0);
    cr_assert_eq(ps_chart_svg_string(&s, NULL, &b, &err), 0);
    cr_assert_eq(a.len, b.len);
    cr_assert(memcmp(a.data, b.data, a.len) == 0, "two renders differ");
    cr_assert(strncmp(a.data, "<svg", 4) == 0, "inline SVG starts with <svg");
    /* hostile label: text is drawn as glyph outlines, no markup from the input survives */
    ps_chart_series ser[3];
    memcpy(ser, fix_time_series, sizeof ser);
    ser[0].label = "<script>alert(1)</script>&\"";
    s.series = ser;
    s.title = "</svg><script>x</script>";
    cr_assert_eq(ps_chart_svg_string(&s, "c7-", &c, &err), 0);
    cr_assert_null(strstr(c.data, "<script"));
    cr_assert_null(strstr(c.data, "alert"));
    xmlDocPtr doc = xmlReadMemory(c.data, (int)c.len, "c.svg", NULL, XML_PARSE_NONET);
    cr_assert(doc);
    xmlFreeDoc(doc);
    /* every id and every reference carries the prefix */
    size_t ids = 0;
    for (const char *p = c.data; (p = strstr(p, "id=\"")) != NULL; p += 4, ids++)
        cr_assert(strncmp(p + 4, "c7-", 3) == 0, "%.30s", p);
    cr_assert(ids > 10);
    for (const char *p = c.data; (p = strstr(p, "href=\"#")) != NULL; p += 7)
        cr_assert(strncmp(p + 7, "c7-", 3) == 0, "%.30s", p);
    for (const char *p = c.data; (p = strstr(p, "url(#")) != NULL; p += 5)
        cr_assert(strncmp(p + 5, "c7-", 3) == 0, "%.30s", p);
    ps_buf_fini(&a);
    ps_buf_fini(&b);
    ps_buf_fini(&c);
}

static void hpdf_quiet(HPDF_STATUS e, HPDF_STATUS d, void *u)
{
    (void)e;
    (void)d;
    (void)u;
}

Test(chart_render, pdf_page, .fini = release)
{
    if (access(DEJAVU, R_OK) != 0)
        cr_skip_test("DejaVu Sans not installed");
    HPDF_Doc doc = HPDF_New(hpdf_quiet, NULL);
    cr_assert(doc);
    HPDF_SetCompressionMode(doc, HPDF_COMP_ALL);
    HPDF_UseUTFEncodings(doc);
    HPDF_SetCurrentEncoder(doc, "UTF-8");
    const char *fn = HPDF_LoadTTFontFromFile(doc, DEJAVU, HPDF_TRUE);
    const char *fb = HPDF_LoadTTFontFromFile(doc, DEJAVU_BOLD, HPDF_TRUE);
    cr_assert(fn && fb);
    HPDF_Font font = HPDF_GetFont(doc, fn, "UTF-8"), bold = HPDF_GetFont(doc, fb, "UTF-8");
    HPDF_Page page = HPDF_AddPage(doc);
    HPDF_Page_SetSize(page, HPDF_PAGE_SIZE_A4, HPDF_PAGE_PORTRAIT);
    ps_chart_spec specs[3] = {fix_time_spec(), fix_bar_spec(), fix_bar_line_spec()};
    ps_error err;
    /* three charts stacked on one A4 page (595 x 842 pt), 515 x 240 each */
    for (int i = 0; i < 3; i++)
        cr_assert_eq(
            ps_chart_draw_hpdf(&specs[i], doc, page, font, bold, 40, 842 - 40 - 260.0 * (i + 1), 515, 240, &err), 0,
            "%s", err.msg);
    /* no font is a usage error, nothing drawn */
    cr_assert_eq(ps_chart_draw_hpdf(&specs[0], doc, page, NULL, NULL, 0, 0, 300, 200, &err), PS_EUSAGE);
    char path[1024];
    out_path(path, sizeof path, "charts.pdf");
    cr_assert_eq(HPDF_SaveToFile(doc, path), HPDF_OK);
    HPDF_Free(doc);
    FILE *f = fopen(path, "rb");
    char head[8] = {0};
    cr_assert(f && fread(head, 1, 5, f) == 5);
    fclose(f);
    cr_assert(memcmp(head, "%PDF-", 5) == 0);
    char cmd[2300];
    if (system("command -v qpdf >/dev/null 2>&1") == 0) {
        snprintf(cmd, sizeof cmd, "qpdf --check '%s' >/dev/null 2>&1", path);
        cr_assert_eq(system(cmd), 0, "qpdf --check failed on %s", path);
    }
    if (system("command -v pdftotext >/dev/null 2>&1") == 0) {
        /* the text is real text: titles and tick labels come back out */
        char txt[1100];
        snprintf(txt, sizeof txt, "%s.txt", path);
        snprintf(cmd, sizeof cmd, "pdftotext '%s' '%s' 2>/dev/null", path, txt);
        cr_assert_eq(system(cmd), 0);
        char *text = fix_slurp(txt);
        cr_assert(text);
        cr_assert(strstr(text, "Database latency"), "%s", text);
        cr_assert(strstr(text, "Achieved IOPS"));
        cr_assert(strstr(text, "10:30"));
        cr_assert(strstr(text, "Limit 20 ms"));
        free(text);
    }
}
