/* draw_figures.c - draws the bundled sample's pictures with cairo:
 *   samples/solution/topology.png  three mailbox servers, two switches, one array (Figure 1)
 *   samples/solution/logo.png      the fictional vendor's logo
 *   /tmp/lun-layout.png            database and log LUNs on the array (Figure 2), committed as
 *                                  a JPEG so that the sample exercises both image loaders
 * Build and run from the repository root:
 *   cc samples/gen/draw_figures.c $(pkg-config --cflags --libs cairo) -o /tmp/draw_figures && /tmp/draw_figures
 *   convert /tmp/lun-layout.png -strip -quality 85 samples/solution/lun-layout.jpg
 */
#include <cairo.h>
#include <stdio.h>

static void box(cairo_t *cr, double x, double y, double w, double h, double r, double g, double b, const char *label,
                const char *sub)
{
    cairo_set_source_rgb(cr, r, g, b);
    cairo_rectangle(cr, x, y, w, h);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    cairo_set_line_width(cr, 1.5);
    cairo_stroke(cr);
    cairo_text_extents_t e;
    cairo_set_font_size(cr, 15);
    cairo_text_extents(cr, label, &e);
    cairo_move_to(cr, x + (w - e.width) / 2, y + h / 2 - (sub ? 2 : -5));
    cairo_show_text(cr, label);
    if (sub) {
        cairo_set_font_size(cr, 11);
        cairo_text_extents(cr, sub, &e);
        cairo_move_to(cr, x + (w - e.width) / 2, y + h / 2 + 15);
        cairo_show_text(cr, sub);
    }
}

static void link(cairo_t *cr, double x1, double y1, double x2, double y2, int dash)
{
    static const double d[] = {6, 4};
    cairo_set_source_rgb(cr, dash ? 0.75 : 0.0, dash ? 0.35 : 0.23, dash ? 0.0 : 0.44);
    cairo_set_line_width(cr, 2);
    cairo_set_dash(cr, d, dash ? 2 : 0, 0);
    cairo_move_to(cr, x1, y1);
    cairo_line_to(cr, x2, y2);
    cairo_stroke(cr);
    cairo_set_dash(cr, d, 0, 0);
}

static int topology(const char *path)
{
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 900, 440);
    cairo_t *cr = cairo_create(s);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    const char *names[] = {"MBX01", "MBX02", "MBX03"};
    for (int i = 0; i < 3; i++) {
        double x = 90 + i * 260;
        link(cr, x + 80, 110, 250, 215, 0);
        link(cr, x + 80, 110, 650, 215, 0);
        link(cr, x + 160, 60, x + 260 > 840 ? x + 160 : x + 260, 60, 1);
    }
    for (int i = 0; i < 3; i++)
        box(cr, 90 + i * 260, 30, 160, 80, 0.86, 0.90, 0.95, names[i], "Exchange 2013, DAG1");
    box(cr, 150, 215, 200, 50, 0.93, 0.93, 0.88, "Switch A", "10 GbE iSCSI");
    box(cr, 550, 215, 200, 50, 0.93, 0.93, 0.88, "Switch B", "10 GbE iSCSI");
    link(cr, 250, 265, 370, 330, 0);
    link(cr, 650, 265, 530, 330, 0);
    box(cr, 300, 330, 300, 80, 0.80, 0.88, 0.80, "Contoso CS-4000", "2 controllers, 24 x 1.2 TB SAS");
    cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, 11);
    cairo_move_to(cr, 20, 430);
    cairo_show_text(cr, "solid: iSCSI paths (MPIO round robin)   dashed: DAG replication network");
    cairo_destroy(cr);
    int rc = cairo_surface_write_to_png(s, path) == CAIRO_STATUS_SUCCESS ? 0 : 1;
    cairo_surface_destroy(s);
    return rc;
}

static int logo(const char *path)
{
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 360, 100);
    cairo_t *cr = cairo_create(s);
    for (int i = 0; i < 3; i++) { /* three stacked disks */
        cairo_set_source_rgb(cr, 0.0, 0.23 + 0.12 * i, 0.44 + 0.1 * i);
        cairo_rectangle(cr, 12, 14 + i * 26, 70, 20);
        cairo_fill(cr);
    }
    cairo_set_source_rgb(cr, 0.0, 0.23, 0.44);
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size(cr, 40);
    cairo_move_to(cr, 96, 58);
    cairo_show_text(cr, "Contoso");
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, 17);
    cairo_move_to(cr, 98, 84);
    cairo_show_text(cr, "STORAGE");
    cairo_destroy(cr);
    int rc = cairo_surface_write_to_png(s, path) == CAIRO_STATUS_SUCCESS ? 0 : 1;
    cairo_surface_destroy(s);
    return rc;
}

static int luns(const char *path)
{
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 800, 300);
    cairo_t *cr = cairo_create(s);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    char name[32], sub[32];
    for (int i = 0; i < 4; i++) { /* per server: four database LUNs and four log LUNs */
        snprintf(name, sizeof name, "DB%d", i + 1);
        snprintf(sub, sizeof sub, "1 TB RAID-10");
        box(cr, 30 + i * 190, 30, 170, 90, 0.86, 0.90, 0.95, name, sub);
        snprintf(name, sizeof name, "LOG%d", i + 1);
        snprintf(sub, sizeof sub, "100 GB RAID-10");
        box(cr, 30 + i * 190, 160, 170, 60, 0.95, 0.90, 0.80, name, sub);
    }
    cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, 12);
    cairo_move_to(cr, 30, 270);
    cairo_show_text(cr, "per mailbox server: 4 database LUNs and 4 log LUNs, 64 KB allocation unit");
    cairo_destroy(cr);
    int rc = cairo_surface_write_to_png(s, path) == CAIRO_STATUS_SUCCESS ? 0 : 1;
    cairo_surface_destroy(s);
    return rc;
}

int main(void)
{
    int rc =
        topology("samples/solution/topology.png") | logo("samples/solution/logo.png") | luns("/tmp/lun-layout.png");
    if (rc)
        fprintf(stderr, "draw_figures: cannot write the PNG files\n");
    return rc;
}
