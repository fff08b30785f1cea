/* text2pdf.c - test helper: lay a text file out as a PDF the way a typeset paper prints it, with
 * cairo's PDF surface. Each run of characters separated by two or more spaces is drawn at its own
 * x position (the advance of the text before it), so the PDF holds positioned words and no
 * spaces, as PDF generators of papers do; -p sets a proportional font instead of a monospaced
 * one. A page is as wide as the longest line needs (A4 landscape at least; long prose lines of the
 * seeds make wide pages rather than wrapped lines). Blank lines are blank space. The font has
 * CJK glyphs (WenQuanYi Micro Hei) so localized papers keep their text.
 *
 *   text2pdf IN.txt OUT.pdf [LINES_PER_PAGE] [-p]
 *
 * Exit 0, or 1 with a message on stderr (a test helper, not part of perfscribe). */
#include <cairo-pdf.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAGE_W 842.0 /* A4 landscape, points */
#define PAGE_W_MAX 14400.0 /* the widest page PDF allows */
#define PAGE_H 595.0
#define MARGIN 36.0
#define FONT_PT 7.0
#define LEADING 8.5

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: text2pdf IN.txt OUT.pdf [LINES_PER_PAGE] [-p]\n");
        return 1;
    }
    long per_page = argc > 3 && argv[3][0] != '-' ? strtol(argv[3], NULL, 10) : 60;
    int prop = argc > 3 && strcmp(argv[argc - 1], "-p") == 0;
    if (per_page < 1 || per_page * LEADING > PAGE_H - 2 * MARGIN) {
        fprintf(stderr, "text2pdf: %ld lines do not fit a page\n", per_page);
        return 1;
    }
    FILE *in = fopen(argv[1], "rb");
    if (!in) {
        perror(argv[1]);
        return 1;
    }
    /* the whole text, then the widest line */
    size_t cap = 1 << 16, len = 0, got;
    char *all = malloc(cap + 1);
    while (all && (got = fread(all + len, 1, cap - len, in)) > 0)
        if ((len += got) == cap)
            all = realloc(all, (cap *= 2) + 1);
    fclose(in);
    if (!all)
        return 1;
    all[len] = 0;
    cairo_surface_t *surf = cairo_pdf_surface_create(argv[2], PAGE_W, PAGE_H);
    cairo_pdf_surface_set_metadata(surf, CAIRO_PDF_METADATA_CREATE_DATE, "2026-01-01T00:00:00Z");
    cairo_t *cr = cairo_create(surf);
    cairo_select_font_face(cr, prop ? "WenQuanYi Micro Hei" : "WenQuanYi Micro Hei Mono", CAIRO_FONT_SLANT_NORMAL,
                           CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, FONT_PT);
    cairo_text_extents_t ex;
    double width = PAGE_W;
    for (char *save = NULL, *l = strtok_r(all, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        cairo_text_extents(cr, l, &ex);
        if (ex.x_advance + 2 * MARGIN > width)
            width = ex.x_advance + 2 * MARGIN;
    }
    width = width > PAGE_W_MAX ? PAGE_W_MAX : width;
    cairo_pdf_surface_set_size(surf, width, PAGE_H);
    for (size_t i = 0; i < len; i++)
        all[i] = all[i] ? all[i] : '\n'; /* strtok_r's NULs back to line ends */
    long row = 0;
    for (char *line = all, *next; line < all + len; line = next) {
        next = strchr(line, '\n');
        next = next ? next + 1 : all + len;
        line[strcspn(line, "\r\n")] = 0;
        if (row == per_page) {
            cairo_show_page(cr);
            row = 0;
        }
        double y = MARGIN + LEADING * (double)(row + 1);
        row++;
        /* runs split at two or more spaces; a single space stays inside the run */
        for (size_t i = 0; line[i];) {
            while (line[i] == ' ')
                i++;
            if (!line[i])
                break;
            size_t j = i;
            while (line[j] && !(line[j] == ' ' && (line[j + 1] == ' ' || !line[j + 1])))
                j++;
            char keep_end = line[j];
            line[j] = 0;
            char keep = line[i];
            line[i] = 0;
            cairo_text_extents(cr, line, &ex); /* the advance of the text before the run */
            line[i] = keep;
            cairo_move_to(cr, MARGIN + (i ? ex.x_advance : 0), y);
            cairo_show_text(cr, line + i);
            line[j] = keep_end;
            i = j;
        }
    }
    free(all);
    cairo_show_page(cr);
    cairo_destroy(cr);
    cairo_surface_finish(surf);
    int bad = cairo_surface_status(surf) != CAIRO_STATUS_SUCCESS;
    cairo_surface_destroy(surf);
    cairo_debug_reset_static_data(); /* font caches freed: a clean exit under leak checkers */
    FcFini();
    if (bad) {
        fprintf(stderr, "text2pdf: cannot write %s\n", argv[2]);
        return 1;
    }
    return 0;
}
