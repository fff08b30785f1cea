/* doc_pdf_font.c - the fonts of the PDF document: DejaVu Sans (regular and bold) found through
 * fontconfig, a fallback face per character they lack (CJK, ...), text split into runs of one
 * face, widths from the fonts' own metrics, and at the end one subset per face embedded
 * through libharu with a ToUnicode CMap listing the codes used. Bold text whose characters
 * only a regular face has (CJK fonts often come without a bold face) is drawn in text render
 * mode 2 (fill, then stroke the outlines) so that it still prints bold.
 *
 * The measuring pass records every codepoint drawn per face; the subsets are made from that
 * record before the drawing pass, which must not meet a new codepoint (c->late). */
#include "doc_pdf_internal.h"

#include <cairo-ft.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <stdlib.h>
#include <string.h>

#define FAMILY "DejaVu Sans"
#define NO_FACE 255
#define MAX_FACES 250
/* characters the drawing pass prints that the measuring pass may not see (page numbers) */
#define ALWAYS "0123456789"
/* synthesised bold: outline stroke width per point of font size */
#define SYNTH_BOLD_STROKE 0.035

static int decode(const unsigned char **p, uint32_t *cp)
{
    const unsigned char *s = *p;
    unsigned c = s[0];
    size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    for (size_t k = 1; len && k < len; k++)
        if ((s[k] & 0xC0) != 0x80)
            len = 0;
    if (!len) {
        *p = s + 1;
        return -1;
    }
    uint32_t v = len == 1 ? c : len == 2 ? (c & 0x1F) : len == 3 ? (c & 0x0F) : (c & 0x07);
    for (size_t k = 1; k < len; k++)
        v = v << 6 | (s[k] & 0x3F);
    *p = s + len;
    *cp = v;
    return (v >= 0xD800 && v <= 0xDFFF) || (len > 1 && v < 0x80) ? -1 : 0;
}

static int add_face(pdf_ctx *c, const ps_font_file *ff, ps_error *err)
{
    for (size_t i = 0; i < c->nfaces; i++)
        if (strcmp(c->faces[i].file.path, ff->path) == 0 && c->faces[i].file.index == ff->index)
            return (int)i;
    if (c->nfaces >= MAX_FACES)
        return -1;
    ps_sfnt *sf;
    if (ps_sfnt_open(ff->path, ff->index, &sf, err) != 0)
        return -1;
    c->faces = ps_xrealloc(c->faces, (c->nfaces + 1) * sizeof *c->faces);
    c->faces[c->nfaces] = (pdf_face){.sf = sf, .file = *ff, .used = ps_xcalloc(8192, 1)};
    return (int)c->nfaces++;
}

/* Face drawing cp in style bold: the main face, else a face already open, else fontconfig's
 * fallback; -1 when no installed font has it. */
static int face_for(pdf_ctx *c, uint32_t cp, int bold)
{
    if (cp >= 0xFFFF)
        return -1;
    unsigned k = c->face_of[bold][cp];
    if (k)
        return k == NO_FACE ? -1 : (int)k - 1;
    int found = ps_sfnt_glyph(c->faces[c->main[bold]].sf, cp) ? c->main[bold] : -1;
    for (size_t i = 0; found < 0 && i < c->nfaces; i++) /* an open face of the right weight */
        if (c->faces[i].file.bold == bold && ps_sfnt_glyph(c->faces[i].sf, cp))
            found = (int)i;
    ps_font_file ff;
    ps_error e = {0};
    if (found < 0 && ps_font_fallback(cp, bold, &ff) == 0)
        found = add_face(c, &ff, &e); /* a regular face for bold text: pdf_show synthesises bold */
    for (size_t i = 0; found < 0 && i < c->nfaces; i++)
        if (ps_sfnt_glyph(c->faces[i].sf, cp))
            found = (int)i;
    c->face_of[bold][cp] = (unsigned char)(found < 0 ? NO_FACE : found + 1);
    return found;
}

int pdf_fonts_open(pdf_ctx *c, ps_error *err)
{
    c->face_of[0] = ps_xcalloc(0x10000, 1);
    c->face_of[1] = ps_xcalloc(0x10000, 1);
    for (int bold = 0; bold < 2; bold++) {
        ps_font_file ff;
        int rc = ps_font_find(FAMILY, bold, &ff, err);
        if (rc)
            return rc;
        int k = add_face(c, &ff, err);
        if (k < 0)
            return err->code ? err->code : PS_EIO;
        c->main[bold] = k;
        pdf_record(c, bold, ALWAYS);
    }
    return 0;
}

/* Warn once per token (separated by spaces and punctuation) that holds characters no font has. */
#define SEPARATORS " \n\t,;:()\"'[]{}<>/\\"
static void warn_token(pdf_ctx *c, const char *s, const char *at)
{
    const char *b = at, *e = at;
    while (b > s && !strchr(SEPARATORS, b[-1]))
        b--;
    while (*e && !strchr(SEPARATORS, *e))
        e++;
    char *tok = ps_xstrndup(b, (size_t)(e - b));
    for (size_t i = 0; i < c->nwarned; i++)
        if (strcmp(c->warned[i], tok) == 0) {
            free(tok);
            return;
        }
    c->warned = ps_xrealloc(c->warned, (c->nwarned + 1) * sizeof *c->warned);
    c->warned[c->nwarned++] = tok;
    ps_warn(c->w, "PDF: no installed font has some characters of \"%s\" (printed as '?'; the HTML output keeps them)",
            tok);
}

char *pdf_text(pdf_ctx *c, const char *s)
{
    ps_buf b = {0};
    const unsigned char *p = (const unsigned char *)(s ? s : "");
    while (*p) {
        const unsigned char *at = p;
        uint32_t cp = 0;
        if (decode(&p, &cp) != 0) {
            ps_buf_putc(&b, '?');
            continue;
        }
        if (cp < 0x20 || face_for(c, cp, 0) >= 0) {
            ps_buf_put(&b, at, (size_t)(p - at));
            continue;
        }
        ps_buf_putc(&b, '?');
        const char *pkg = ps_font_package(cp);
        if (pkg && !c->font_error.msg[0])
            ps_error_set(&c->font_error, PS_EIO, NULL, 0, 0,
                         "no installed font has U+%04X '%.*s' of \"%s\" (install the Debian package %s)", (unsigned)cp,
                         (int)(p - at), (const char *)at, s, pkg);
        else if (!pkg && c->render)
            warn_token(c, s, (const char *)at);
    }
    return b.data ? ps_buf_steal(&b) : ps_xstrdup("");
}

void pdf_record(pdf_ctx *c, int bold, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        uint32_t cp;
        if (decode(&p, &cp) != 0 || cp < 0x20)
            continue;
        int k = face_for(c, cp, bold);
        if (k < 0)
            continue;
        unsigned char *u = &c->faces[k].used[cp >> 3], bit = (unsigned char)(1u << (cp & 7));
        if (!(*u & bit) && c->render)
            c->late = 1; /* the subsets were made without it */
        *u |= bit;
    }
}

double pdf_width(pdf_ctx *c, int bold, double size, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    long w = 0;
    while (*p) {
        uint32_t cp;
        if (decode(&p, &cp) != 0 || cp < 0x20)
            continue;
        int k = face_for(c, cp, bold);
        if (k >= 0)
            w += ps_sfnt_advance(c->faces[k].sf, ps_sfnt_glyph(c->faces[k].sf, cp));
    }
    return (double)w * size / 1000.0;
}

void pdf_show(pdf_ctx *c, HPDF_Page page, int bold, double size, double x, double y, double ca, double sa,
              const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    pdf_record(c, bold, s);
    while (*p) {
        const unsigned char *start = p;
        uint32_t cp;
        int k = -1;
        while (*p && k < 0) { /* first drawable character */
            start = p;
            if (decode(&p, &cp) == 0 && cp >= 0x20)
                k = face_for(c, cp, bold);
        }
        if (k < 0 || !c->faces[k].font)
            break;
        const unsigned char *end = p;
        while (*end) { /* extend the run while the face stays the same */
            const unsigned char *q = end;
            if (decode(&q, &cp) != 0 || cp < 0x20 || face_for(c, cp, bold) != k)
                break;
            end = q;
        }
        char *run = ps_xstrndup((const char *)start, (size_t)(end - start));
        int synth = bold && !c->faces[k].file.bold; /* no bold face: outlines filled and stroked */
        if (synth) {
            HPDF_RGBColor fill = HPDF_Page_GetRGBFill(page);
            HPDF_Page_SetRGBStroke(page, fill.r, fill.g, fill.b);
            HPDF_Page_SetLineWidth(page, (HPDF_REAL)(size * SYNTH_BOLD_STROKE));
            HPDF_Page_SetLineJoin(page, HPDF_ROUND_JOIN);
        }
        HPDF_Page_SetFontAndSize(page, c->faces[k].font, (HPDF_REAL)size);
        HPDF_Page_BeginText(page);
        if (synth)
            HPDF_Page_SetTextRenderingMode(page, HPDF_FILL_THEN_STROKE);
        HPDF_Page_SetTextMatrix(page, (HPDF_REAL)ca, (HPDF_REAL)sa, (HPDF_REAL)(-sa + c->skew * ca),
                                (HPDF_REAL)(ca + c->skew * sa), (HPDF_REAL)x, (HPDF_REAL)y);
        HPDF_Page_ShowText(page, run);
        if (synth)
            HPDF_Page_SetTextRenderingMode(page, HPDF_FILL);
        HPDF_Page_EndText(page);
        if (synth)
            HPDF_Page_SetLineJoin(page, HPDF_MITER_JOIN);
        double w = pdf_width(c, bold, size, run);
        x += w * ca;
        y += w * sa;
        free(run);
        p = end;
    }
}

/* Face f for cairo (FreeType through the same file and index), unhinted; made once. */
static cairo_font_face_t *outline_face(pdf_face *f)
{
    if (!f->outline) {
        FcPattern *pat = FcPatternCreate();
        FcPatternAddString(pat, FC_FILE, (const FcChar8 *)f->file.path);
        FcPatternAddInteger(pat, FC_INDEX, f->file.index);
        FcPatternAddBool(pat, FC_HINTING, FcFalse);
        f->outline = cairo_ft_font_face_create_for_pattern(pat);
        FcPatternDestroy(pat);
    }
    return f->outline;
}

/* Append the cairo path of glyph gid of face f at size (origin on the baseline, y down) to
 * page as PDF path operators: (u, v) of the glyph maps to (x + u ca + v sa, y + u sa - v ca). */
static void glyph_path(cairo_t *cr, pdf_face *f, unsigned gid, double size, HPDF_Page page, double x, double y,
                       double ca, double sa)
{
    cairo_set_font_face(cr, outline_face(f));
    cairo_set_font_size(cr, size);
    cairo_new_path(cr);
    cairo_glyph_t g = {.index = gid, .x = 0, .y = 0};
    cairo_glyph_path(cr, &g, 1);
    cairo_path_t *path = cairo_copy_path(cr);
#define PX(pt) ((HPDF_REAL)(x + (pt).x * ca + (pt).y * sa))
#define PY(pt) ((HPDF_REAL)(y + (pt).x * sa - (pt).y * ca))
    for (int i = 0; path->status == CAIRO_STATUS_SUCCESS && i < path->num_data; i += path->data[i].header.length) {
        const cairo_path_data_t *d = &path->data[i];
        switch (d->header.type) {
        case CAIRO_PATH_MOVE_TO: HPDF_Page_MoveTo(page, PX(d[1].point), PY(d[1].point)); break;
        case CAIRO_PATH_LINE_TO: HPDF_Page_LineTo(page, PX(d[1].point), PY(d[1].point)); break;
        case CAIRO_PATH_CURVE_TO:
            HPDF_Page_CurveTo(page, PX(d[1].point), PY(d[1].point), PX(d[2].point), PY(d[2].point), PX(d[3].point),
                              PY(d[3].point));
            break;
        case CAIRO_PATH_CLOSE_PATH: HPDF_Page_ClosePath(page); break;
        }
    }
#undef PX
#undef PY
    cairo_path_destroy(path);
}

void pdf_show_outlines(pdf_ctx *c, HPDF_Page page, int bold, double size, double x, double y, double ca, double sa,
                       const char *s)
{
    int synth = 0, any = 0; /* libharu sets line width and colours outside a path only: find out first */
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        uint32_t cp;
        int k = decode(&p, &cp) == 0 && cp >= 0x20 ? face_for(c, cp, bold) : -1;
        any |= k >= 0;
        synth |= k >= 0 && bold && !c->faces[k].file.bold;
    }
    if (!any)
        return;
    if (synth) { /* no bold face: the outlines filled and stroked, as pdf_show does */
        HPDF_RGBColor fill = HPDF_Page_GetRGBFill(page);
        HPDF_Page_SetRGBStroke(page, fill.r, fill.g, fill.b);
        HPDF_Page_SetLineWidth(page, (HPDF_REAL)(size * SYNTH_BOLD_STROKE));
        HPDF_Page_SetLineJoin(page, HPDF_ROUND_JOIN);
    }
    cairo_surface_t *surf = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1);
    cairo_t *cr = cairo_create(surf);
    cairo_font_options_t *fo = cairo_font_options_create();
    cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
    cairo_set_font_options(cr, fo);
    cairo_font_options_destroy(fo);
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        uint32_t cp;
        int k = decode(&p, &cp) == 0 && cp >= 0x20 ? face_for(c, cp, bold) : -1;
        if (k < 0)
            continue;
        pdf_face *f = &c->faces[k];
        unsigned gid = ps_sfnt_glyph(f->sf, cp);
        glyph_path(cr, f, gid, size, page, x, y, ca, sa);
        double w = ps_sfnt_advance(f->sf, gid) * size / 1000.0;
        x += w * ca;
        y += w * sa;
    }
    cairo_destroy(cr);
    cairo_surface_destroy(surf);
    if (HPDF_Page_GetGMode(page) != HPDF_GMODE_PATH_OBJECT) /* every glyph blank (spaces) */
        return;
    if (synth) {
        HPDF_Page_FillStroke(page);
        HPDF_Page_SetLineJoin(page, HPDF_MITER_JOIN);
    } else {
        HPDF_Page_Fill(page);
    }
}

/* Six capital letters naming the subset (PDF: "tag+PostScriptName"), from the glyph set. */
static void subset_tag(const pdf_face *f, size_t index, char tag[7])
{
    uint64_t h = ps_hash_fnv1a_step(PS_HASH_FNV_BASIS ^ index, f->used, 0x10000 / 8); /* the BMP bit map */
    for (int i = 0; i < 6; i++, h /= 26)
        tag[i] = (char)('A' + h % 26);
    tag[6] = 0;
}

int pdf_fonts_embed(pdf_ctx *c, ps_error *err)
{
    for (size_t i = 0; i < c->nfaces; i++) {
        pdf_face *f = &c->faces[i];
        uint32_t *cps = ps_xmalloc(0x10000 * sizeof *cps);
        size_t n = 0;
        for (uint32_t cp = 0; cp < 0xFFFF; cp++)
            if (f->used[cp >> 3] & (1u << (cp & 7)))
                cps[n++] = cp;
        ps_buf ttf = {0};
        int rc = n ? ps_sfnt_subset(f->sf, cps, n, &ttf, err) : 0;
        free(cps);
        if (rc || !n) {
            ps_buf_fini(&ttf);
            if (rc)
                return rc;
            continue;
        }
        HPDF_Stream st = HPDF_MemStream_New(c->pdf->mmgr, (HPDF_UINT)ttf.len);
        HPDF_FontDef def = NULL;
        if (st && HPDF_Stream_Write(st, (const HPDF_BYTE *)ttf.data, (HPDF_UINT)ttf.len) == HPDF_OK)
            def = HPDF_TTFontDef_Load(c->pdf->mmgr, st, HPDF_TRUE); /* owns st */
        ps_buf_fini(&ttf);
        char tag[7];
        subset_tag(f, i, tag);
        if (def && HPDF_Doc_RegisterFontDef(c->pdf, def) == HPDF_OK) { /* the document owns def */
            HPDF_TTFontDef_SetTagName(def, tag);
            f->font = HPDF_GetFont(c->pdf, def->base_font, "UTF-8");
        } else if (def) {
            HPDF_FontDef_Free(def);
        }
        if (!f->font)
            return ps_error_set(err, PS_EIO, f->file.path, 0, 0, "libharu cannot embed the font subset (error 0x%04X)",
                                (unsigned)c->hpdf_error);
    }
    return 0;
}

/* libharu 2.3 gives a Type0 font with the UTF-8 encoder a CMap that is not a ToUnicode
 * mapping; replace its content by the codes this face drew. */
void pdf_fonts_tounicode(pdf_ctx *c)
{
    static const char *const drop[] = {"CIDSystemInfo", "CMapName", "Type", "WMode"};
    uint32_t *cps = ps_xmalloc(0x10000 * sizeof *cps);
    for (size_t i = 0; i < c->nfaces; i++) {
        pdf_face *f = &c->faces[i];
        HPDF_Dict tu = f->font ? HPDF_Dict_GetItem(f->font, "ToUnicode", HPDF_OCLASS_DICT) : NULL;
        if (!tu || !tu->stream)
            continue;
        size_t n = 0;
        for (uint32_t cp = 0; cp < 0xFFFF; cp++)
            if (f->used[cp >> 3] & (1u << (cp & 7)))
                cps[n++] = cp;
        ps_buf cmap = {0};
        ps_font_tounicode_cmap(cps, n, &cmap);
        HPDF_MemStream_FreeData(tu->stream);
        HPDF_Stream_Write(tu->stream, (const HPDF_BYTE *)cmap.data, (HPDF_UINT)cmap.len);
        ps_buf_fini(&cmap);
        for (size_t k = 0; k < sizeof drop / sizeof drop[0]; k++)
            HPDF_Dict_RemoveElement(tu, drop[k]); /* not a CMap resource: no such keys */
        tu->filter = HPDF_STREAM_FILTER_FLATE_DECODE;
    }
    free(cps);
}

void pdf_fonts_fini(pdf_ctx *c)
{
    for (size_t i = 0; i < c->nfaces; i++) {
        ps_sfnt_free(c->faces[i].sf);
        free(c->faces[i].used);
        if (c->faces[i].outline)
            cairo_font_face_destroy(c->faces[i].outline);
    }
    free(c->faces);
    free(c->face_of[0]);
    free(c->face_of[1]);
    for (size_t i = 0; i < c->nwarned; i++)
        free(c->warned[i]);
    free(c->warned);
}
