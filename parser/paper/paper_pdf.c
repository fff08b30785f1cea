/* paper_pdf.c - an ESRP paper given as a PDF: its text read with poppler-glib (glyphs with their
 * boxes), rebuilt into visual lines by baseline and into table cells by horizontal gaps, then read
 * by the paper text pipeline (paper.c) with every location turned into page and line.
 * poppler-glib is loaded at the first PDF (ps_dl.h): no other command pays for its start-up. */
#include "ps_paper_pdf.h"
#include "ps_dl.h"
#include "ps_parser.h"

#include <glib.h>
#include <poppler.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define PDF_MAGIC "%PDF-"
#define PDF_MAGIC_WINDOW 1024 /* readers accept the header anywhere in the first KiB */

/* The functions of poppler-glib and of the GLib/GObject it loads, typed from their headers; filled
 * by ps_dl_load in ps_pdf_text_lines (GLib's are found through poppler-glib's own dependencies). */
#define PDF_FUNCS(X)                                                                                               \
    X(poppler_document_new_from_bytes)                                                                             \
    X(poppler_document_get_n_pages) X(poppler_document_get_page) X(poppler_error_quark) X(poppler_page_get_text)   \
        X(poppler_page_get_text_layout) X(g_bytes_new_static) X(g_bytes_unref) X(g_clear_error) X(g_error_matches) \
            X(g_free) X(g_log_remove_handler) X(g_log_set_handler) X(g_object_unref) X(g_unichar_isspace)          \
                X(g_utf8_find_next_char) X(g_utf8_get_char) X(g_utf8_make_valid) X(g_utf8_validate)
static struct {
    PDF_FUNCS(PS_DL_FIELD)
} pdf;
#define PDF_SYM(fn) PS_DL_SYM(pdf, fn),
static const ps_dl_sym pdf_syms[] = {PDF_FUNCS(PDF_SYM)};
static ps_dl_lib pdf_lib = PS_DL_LIB(PS_SONAME_POPPLER_GLIB, PS_DEBPKG_POPPLER_GLIB, "reading PDF papers", pdf_syms);

int ps_paper_is_pdf(const unsigned char *head, size_t n)
{
    size_t lim = n < PDF_MAGIC_WINDOW ? n : PDF_MAGIC_WINDOW;
    for (size_t i = 0; i + sizeof PDF_MAGIC - 1 <= lim; i++)
        if (memcmp(head + i, PDF_MAGIC, sizeof PDF_MAGIC - 1) == 0)
            return 1;
    return 0;
}

int ps_paper_file_is_pdf(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    unsigned char head[PDF_MAGIC_WINDOW];
    size_t n = fread(head, 1, sizeof head, f);
    fclose(f);
    return ps_paper_is_pdf(head, n);
}

/* One glyph of a page: its box (points, y down), and its UTF-8 bytes in the page text. */
typedef struct glyph {
    double x1, y1, x2, y2;
    size_t off, idx;
    unsigned blen;
} glyph;

static double cy(const glyph *g)
{
    return (g->y1 + g->y2) / 2;
}
static double gh(const glyph *g)
{
    return g->y2 - g->y1 > 0 ? g->y2 - g->y1 : 1;
}

static int cmp_y(const void *a, const void *b)
{
    const glyph *x = a, *y = b;
    if (cy(x) != cy(y))
        return cy(x) < cy(y) ? -1 : 1;
    return x->idx < y->idx ? -1 : x->idx > y->idx;
}

static int cmp_x(const void *a, const void *b)
{
    const glyph *x = a, *y = b;
    if (x->x1 != y->x1)
        return x->x1 < y->x1 ? -1 : 1;
    return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/* Reading direction of a page: the way most neighbouring characters of one word advance. */
enum pdf_dir { DIR_RIGHT = 0, DIR_DOWN, DIR_UP, DIR_LEFT, DIR_N };

/* Turn the glyph boxes of a rotated page (a landscape appendix set with /Rotate, text read top
 * to bottom or bottom to top) so that text reads left to right and lines go down the page. */
static void upright(glyph *g, size_t n)
{
    size_t votes[DIR_N] = {0};
    for (size_t i = 1; i < n; i++) {
        if (g[i].idx != g[i - 1].idx + 1)
            continue; /* a space or a line end between them */
        double dx = (g[i].x1 + g[i].x2 - g[i - 1].x1 - g[i - 1].x2) / 2, dy = cy(&g[i]) - cy(&g[i - 1]);
        if (dx * dx >= dy * dy)
            votes[dx >= 0 ? DIR_RIGHT : DIR_LEFT]++;
        else
            votes[dy >= 0 ? DIR_DOWN : DIR_UP]++;
    }
    int dir = DIR_RIGHT;
    for (int d = 1; d < DIR_N; d++)
        if (votes[d] > votes[dir])
            dir = d;
    if (dir == DIR_RIGHT)
        return;
    for (size_t i = 0; i < n; i++) {
        glyph *q = &g[i];
        double x1 = q->x1, x2 = q->x2, y1 = q->y1, y2 = q->y2;
        switch (dir) {
        case DIR_DOWN: q->x1 = y1, q->x2 = y2, q->y1 = -x2, q->y2 = -x1; break; /* (x, y) -> (y, -x) */
        case DIR_UP: q->x1 = -y2, q->x2 = -y1, q->y1 = x1, q->y2 = x2; break; /* (x, y) -> (-y, x) */
        default: q->x1 = -x2, q->x2 = -x1, q->y1 = -y2, q->y2 = -y1; break; /* (x, y) -> (-x, -y) */
        }
    }
}

/* The PDF library's messages (damaged objects, fonts) go to GLib's log under its domain:
 * counted here, never printed. */
static void on_pdf_message(const gchar *domain, GLogLevelFlags level, const gchar *msg, gpointer data)
{
    ps_pdf_lines *l = data;
    if (l->pdf_messages++ == 0)
        snprintf(l->first_message, sizeof l->first_message, "%s", msg ? msg : "");
}

/* Append the glyphs g[0..n) of one visual line: sorted by x, a glyph printed twice at almost the
 * same place (fake bold) kept once, gaps turned into nothing, a space or a TAB. */
static void emit_line(ps_buf *b, const char *text, glyph *g, size_t n)
{
    qsort(g, n, sizeof *g, cmp_x);
    double h = 0;
    for (size_t i = 0; i < n; i++)
        h += gh(&g[i]);
    h /= (double)n;
    double right = g[0].x2;
    ps_buf_put(b, text + g[0].off, g[0].blen);
    for (size_t i = 1; i < n; i++) {
        const glyph *p = &g[i - 1], *c = &g[i];
        if (c->blen == p->blen && memcmp(text + c->off, text + p->off, c->blen) == 0 &&
            c->x1 - p->x1 < PS_PDF_SPACE_GAP * h)
            continue; /* overprinted */
        double gap = c->x1 - right;
        if (gap > PS_PDF_CELL_GAP * h)
            ps_buf_putc(b, '\t');
        else if (gap > PS_PDF_SPACE_GAP * h)
            ps_buf_putc(b, ' ');
        ps_buf_put(b, text + c->off, c->blen);
        if (c->x2 > right)
            right = c->x2;
    }
    ps_buf_putc(b, '\n');
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Glyphs far taller than the page's body text (PS_PDF_DISPLAY_TEXT times the median height) are a
 * watermark or a decoration drawn across the text, never a claim: dropped, so a "DRAFT" stamped over
 * a table cannot split its rows. Returns the number of glyphs kept (in order). */
static size_t drop_display_text(glyph *g, size_t ng)
{
    if (ng < 8)
        return ng;
    double *h = ps_xmalloc(ng * sizeof *h);
    for (size_t i = 0; i < ng; i++)
        h[i] = gh(&g[i]);
    qsort(h, ng, sizeof *h, cmp_double);
    double limit = PS_PDF_DISPLAY_TEXT * h[ng / 2];
    free(h);
    size_t n = 0;
    for (size_t i = 0; i < ng; i++)
        if (gh(&g[i]) <= limit)
            g[n++] = g[i];
    return n;
}

/* One page: glyphs with boxes from the page text and its layout (one rectangle per character
 * of the text), grouped into lines by their vertical centres. Lines are appended to b and their
 * locations to *locs. */
static void read_page(PopplerPage *page, long pageno, ps_buf *b, long **locs, size_t *nlines, size_t *cap)
{
    char *text = pdf.poppler_page_get_text(page);
    PopplerRectangle *rects = NULL;
    guint nr = 0;
    if (!text)
        return;
    if (!pdf.g_utf8_validate(text, -1, NULL)) {
        char *valid = pdf.g_utf8_make_valid(text, -1);
        pdf.g_free(text);
        text = valid;
    }
    if (!pdf.poppler_page_get_text_layout(page, &rects, &nr))
        nr = 0;
    glyph *g = ps_xmalloc(((size_t)nr + 1) * sizeof *g);
    size_t ng = 0, k = 0;
    for (const char *p = text; *p && k < nr; p = pdf.g_utf8_find_next_char(p, NULL), k++) {
        gunichar c = pdf.g_utf8_get_char(p);
        if (pdf.g_unichar_isspace(c) || c == 0xFEFF)
            continue;
        const PopplerRectangle *r = &rects[k];
        glyph *q = &g[ng++];
        q->x1 = r->x1 < r->x2 ? r->x1 : r->x2;
        q->x2 = r->x1 < r->x2 ? r->x2 : r->x1;
        q->y1 = r->y1 < r->y2 ? r->y1 : r->y2;
        q->y2 = r->y1 < r->y2 ? r->y2 : r->y1;
        q->off = (size_t)(p - text);
        q->blen = (unsigned)(pdf.g_utf8_find_next_char(p, NULL) - p);
        q->idx = k;
    }
    ng = drop_display_text(g, ng);
    upright(g, ng);
    qsort(g, ng, sizeof *g, cmp_y);
    long line = 0;
    for (size_t s = 0; s < ng;) {
        double ref = cy(&g[s]), tol = PS_PDF_SAME_LINE * gh(&g[s]);
        size_t e = s + 1;
        while (e < ng && cy(&g[e]) - ref <= tol)
            e++;
        emit_line(b, text, g + s, e - s);
        if (*nlines == *cap) {
            *cap = *cap ? 2 * *cap : 256;
            *locs = ps_xrealloc(*locs, *cap * sizeof **locs);
        }
        (*locs)[(*nlines)++] = ps_loc_paged(pageno, ++line);
        s = e;
    }
    free(g);
    pdf.g_free(rects);
    pdf.g_free(text);
}

int ps_pdf_text_lines(const char *name, const void *data, size_t len, ps_pdf_lines *out, ps_error *err)
{
    memset(out, 0, sizeof *out);
    int rc = ps_dl_load(&pdf_lib, name, err);
    if (!rc)
        rc = ps_pdf_streams_check(name, data, len, err); /* bounded inflation, before poppler */
    if (rc)
        return rc;
    guint handler = pdf.g_log_set_handler(
        "Poppler", (GLogLevelFlags)(G_LOG_LEVEL_MASK | G_LOG_FLAG_FATAL | G_LOG_FLAG_RECURSION), on_pdf_message, out);
    GBytes *bytes = pdf.g_bytes_new_static(data, len);
    GError *gerr = NULL;
    PopplerDocument *doc = pdf.poppler_document_new_from_bytes(bytes, NULL, &gerr);
    if (!doc) {
        if (gerr && pdf.g_error_matches(gerr, pdf.poppler_error_quark(), POPPLER_ERROR_ENCRYPTED))
            rc = ps_error_set(err, PS_EINPUT, name, 0, 0, "encrypted PDF (a password is needed)");
        else
            rc = ps_error_set(err, PS_EINPUT, name, 0, 0, "not a readable PDF: %s",
                              gerr && gerr->message ? gerr->message : "unknown error");
    }
    pdf.g_clear_error(&gerr);
    int npages = doc ? pdf.poppler_document_get_n_pages(doc) : 0;
    if (!rc && npages <= 0)
        rc = ps_error_set(err, PS_EINPUT, name, 0, 0, "PDF without pages");
    if (!rc && npages > PS_PDF_MAX_PAGES)
        rc = ps_error_set(err, PS_EINPUT, name, 0, 0, "PDF of %d pages (at most %ld are read)", npages,
                          (long)PS_PDF_MAX_PAGES);
    ps_buf b = {0};
    size_t cap = 0;
    for (int i = 0; !rc && i < npages; i++) {
        PopplerPage *page = pdf.poppler_document_get_page(doc, i);
        if (!page)
            continue;
        read_page(page, i + 1, &b, &out->loc, &out->nlines, &cap);
        pdf.g_object_unref(page);
        if (b.len > PS_PAPER_MAX_BYTES)
            rc = ps_error_set(err, PS_EINPUT, name, 0, 0, "PDF text larger than %u MiB", PS_PAPER_MAX_BYTES >> 20);
    }
    if (!rc && out->nlines == 0)
        rc = ps_error_set(err, PS_EINPUT, name, 0, 0, "no text in the PDF (scanned pages? only images)");
    if (doc)
        pdf.g_object_unref(doc);
    pdf.g_bytes_unref(bytes);
    pdf.g_log_remove_handler("Poppler", handler);
    out->npages = npages;
    out->len = b.len;
    out->text = ps_buf_steal(&b);
    if (rc)
        ps_pdf_lines_fini(out);
    return rc;
}

void ps_pdf_lines_fini(ps_pdf_lines *l)
{
    free(l->text);
    free(l->loc);
    l->text = NULL;
    l->loc = NULL;
    l->len = l->nlines = 0;
}

static long remap(const long *loc, size_t n, long line)
{
    return line >= 1 && (size_t)line <= n ? loc[line - 1] : line;
}

void paper_remap_lines(ps_paper *p, const long *loc, size_t n)
{
    for (size_t i = 0; i < p->nclaims; i++)
        p->claims[i].line = remap(loc, n, p->claims[i].line);
    for (size_t i = 0; i < p->ntables; i++)
        p->tables[i].line = remap(loc, n, p->tables[i].line);
    for (size_t i = 0; i < p->nreports; i++)
        p->reports[i].line = remap(loc, n, p->reports[i].line);
    for (size_t i = 0; i < p->ncells; i++)
        p->cells[i].line = remap(loc, n, p->cells[i].line);
}

int ps_paper_parse_pdf(const char *name, const void *data, size_t len, ps_paper **out, ps_warnings *w, ps_error *err)
{
    *out = NULL;
    ps_pdf_lines l;
    int rc = ps_pdf_text_lines(name, data, len, &l, err);
    if (rc)
        return rc;
    if (l.pdf_messages)
        ps_warn(w, "%s: damaged PDF, %zu problems while reading it (first: %s); its text may be incomplete", name,
                l.pdf_messages, l.first_message);
    rc = ps_paper_parse(name, l.text, l.len, out, w, err);
    if (!rc)
        paper_remap_lines(*out, l.loc, l.nlines);
    ps_pdf_lines_fini(&l);
    return rc;
}
