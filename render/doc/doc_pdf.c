/* doc_pdf.c - the ESRP document as PDF with libharu: embedded font subsets (UTF-8), title
 * page, table of contents with page numbers, outline (bookmarks), running header and footer
 * "page X of Y", deterministic output (creation date from the document date, fixed /ID). */
#include "doc_pdf_internal.h"

#include <stdlib.h>
#include <string.h>

static void HPDF_STDCALL on_error(HPDF_STATUS error_no, HPDF_STATUS detail_no, void *user_data)
{
    pdf_ctx *c = user_data;
    if (!c->hpdf_error) {
        c->hpdf_error = error_no;
        c->hpdf_detail = detail_no;
    }
}

/* ------------------------------------------------------------------ text */

static void set_rgb_fill(HPDF_Page p, unsigned rgb)
{
    HPDF_Page_SetRGBFill(p, (HPDF_REAL)((rgb >> 16) & 255) / 255.0f, (HPDF_REAL)((rgb >> 8) & 255) / 255.0f,
                         (HPDF_REAL)(rgb & 255) / 255.0f);
}

static void set_rgb_stroke(HPDF_Page p, unsigned rgb)
{
    HPDF_Page_SetRGBStroke(p, (HPDF_REAL)((rgb >> 16) & 255) / 255.0f, (HPDF_REAL)((rgb >> 8) & 255) / 255.0f,
                           (HPDF_REAL)(rgb & 255) / 255.0f);
}

void pdf_draw_text(pdf_ctx *c, int bold, double size, double x, double y, const char *s, int anchor, unsigned rgb)
{
    if (!*s)
        return;
    pdf_touch(c);
    if (!c->render) {
        pdf_record(c, bold, s);
        return;
    }
    if (anchor)
        x -= pdf_width(c, bold, size, s) * (anchor == 1 ? 0.5 : 1.0);
    set_rgb_fill(c->cur, rgb);
    pdf_show(c, c->cur, bold, size, x, c->ph - y, 1, 0, s);
}

void pdf_fill_rect(pdf_ctx *c, double x, double y, double w, double h, unsigned rgb)
{
    pdf_touch(c);
    if (!c->render)
        return;
    set_rgb_fill(c->cur, rgb);
    HPDF_Page_Rectangle(c->cur, (HPDF_REAL)x, (HPDF_REAL)(c->ph - y - h), (HPDF_REAL)w, (HPDF_REAL)h);
    HPDF_Page_Fill(c->cur);
}

void pdf_stroke_line(pdf_ctx *c, double x1, double y1, double x2, double y2, unsigned rgb, double width, int dash)
{
    if (!c->render)
        return;
    const HPDF_UINT16 pattern[] = {(HPDF_UINT16)PDF_STYLE.line.dash_on, (HPDF_UINT16)PDF_STYLE.line.dash_off};
    set_rgb_stroke(c->cur, rgb);
    HPDF_Page_SetLineWidth(c->cur, (HPDF_REAL)width);
    HPDF_Page_SetDash(c->cur, dash ? pattern : NULL, dash ? 2 : 0, 0);
    HPDF_Page_MoveTo(c->cur, (HPDF_REAL)x1, (HPDF_REAL)(c->ph - y1));
    HPDF_Page_LineTo(c->cur, (HPDF_REAL)x2, (HPDF_REAL)(c->ph - y2));
    HPDF_Page_Stroke(c->cur);
    if (dash)
        HPDF_Page_SetDash(c->cur, NULL, 0, 0);
}

#define EN_DASH "\u2013"
#define EM_DASH "\u2014"

/* Characters after which a word longer than a line breaks ("Resilienz-|Exchange", paths). */
#define WORD_BREAK_AFTER "-/\\"

/* Length in bytes of the longest prefix of s[0..n) fitting width (at least one character). */
static size_t fit(pdf_ctx *c, int f, double size, const char *s, size_t n, double width)
{
    char *tmp = ps_xstrndup(s, n);
    size_t lo = 0;
    for (size_t i = 0; i < n;) {
        size_t len = 1;
        while (i + len < n && ((unsigned char)s[i + len] & 0xC0) == 0x80)
            len++;
        tmp[i + len] = 0;
        if (pdf_width(c, f, size, tmp) > width && lo > 0)
            break;
        if (i + len < n)
            tmp[i + len] = s[i + len];
        lo = i + len;
        i += len;
    }
    free(tmp);
    return lo;
}

size_t pdf_wrap(pdf_ctx *c, int f, double size, const char *s, double width, char ***lines)
{
    size_t count = 0;
    if (lines)
        *lines = NULL;
    const char *p = s;
    do {
        const char *nl = strchr(p, '\n');
        size_t plen = nl ? (size_t)(nl - p) : strlen(p);
        size_t pos = 0;
        do {
            size_t rest = plen - pos, take = fit(c, f, size, p + pos, rest, width);
            if (take < rest) { /* break at the last space inside, if any */
                size_t sp = take; /* rather not a line that starts with a dash ("ESRP | – Storage") */
                while (sp > 0 && (p[pos + sp] != ' ' || strncmp(p + pos + sp + 1, EN_DASH, 3) == 0 ||
                                  strncmp(p + pos + sp + 1, EM_DASH, 3) == 0))
                    sp--;
                for (sp = sp ? sp : take; sp > 0 && p[pos + sp] != ' ';)
                    sp--;
                size_t hy = take; /* a word longer than the line: after its last hyphen or slash that fits */
                while (!sp && hy > 1 && !strchr(WORD_BREAK_AFTER, p[pos + hy - 1]))
                    hy--;
                if (sp > 0)
                    take = sp;
                else if (hy > 1)
                    take = hy;
            }
            if (lines) {
                *lines = ps_xrealloc(*lines, (count + 1) * sizeof **lines);
                (*lines)[count] = ps_xstrndup(p + pos, take);
            }
            count++;
            pos += take;
            while (pos < plen && p[pos] == ' ')
                pos++;
        } while (pos < plen);
        p = nl ? nl + 1 : NULL;
    } while (p);
    return count;
}

static void free_lines(char **lines, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(lines[i]);
    free(lines);
}

/* ------------------------------------------------------------------ pages */

void pdf_new_page(pdf_ctx *c)
{
    c->page++;
    c->y = c->mt;
    if (c->render) {
        c->cur = HPDF_AddPage(c->pdf);
        HPDF_Page_SetWidth(c->cur, (HPDF_REAL)c->pw);
        HPDF_Page_SetHeight(c->cur, (HPDF_REAL)c->ph);
    }
    size_t blk = c->cur_block;
    c->cur_block = SIZE_MAX; /* page furniture belongs to no block */
    pdf_watermark_page(c); /* first: under everything the page holds */
    if (c->page > 1) /* also when measuring: the header and footer texts are recorded */
        pdf_header_footer(c);
    c->cur_block = blk;
}

void pdf_need(pdf_ctx *c, double h)
{
    if (c->y + h > c->ph - c->mb && c->y > c->mt + PDF_STYLE.page.top_slack)
        pdf_new_page(c);
}

/* ------------------------------------------------------------------ blocks */

static void paragraph(pdf_ctx *c, int f, double size, const char *text, double indent, unsigned rgb, double after)
{
    char *t = pdf_text(c, text);
    char **l;
    size_t n = pdf_wrap(c, f, size, t, c->pw - c->ml - c->mr - indent, &l);
    for (size_t i = 0; i < n; i++) {
        pdf_need(c, size * PDF_STYLE.font.lead);
        c->y += size * PDF_STYLE.font.lead;
        pdf_draw_text(c, f, size, c->ml + indent, c->y - size * PDF_STYLE.font.descent, l[i], 0, rgb);
    }
    c->y += after;
    free_lines(l, n);
    free(t);
}

static void heading(pdf_ctx *c, size_t idx, const doc_block *b)
{
    double size = pdf_heading_size(b->level);
    if (b->page_break && c->y > c->mt + PDF_STYLE.page.top_slack)
        pdf_new_page(c);
    else
        pdf_need(c, pdf_keep_need(c, idx)); /* keep with what follows */
    c->y += b->level == 1 ? PDF_STYLE.text.h1_before : PDF_STYLE.text.h_before;
    if (!c->render)
        c->heading_page[idx] = c->page;
    if (c->render && b->level <= 2) {
        HPDF_Outline parent = b->level == 1 || !c->last_h1 ? NULL : c->last_h1;
        HPDF_Outline o = HPDF_CreateOutline(c->pdf, parent, b->text, HPDF_GetEncoder(c->pdf, "UTF-8"));
        HPDF_Destination dst = pdf_dest(c, c->y - PDF_STYLE.text.dest_above);
        HPDF_Outline_SetDestination(o, dst);
        c->dest[idx] = dst;
        HPDF_Outline_SetOpened(o, HPDF_FALSE);
        if (b->level == 1)
            c->last_h1 = o;
    }
    paragraph(c, PDF_BOLD, size, b->text, 0, PDF_STYLE.rgb.accent,
              b->level == 1 ? PDF_STYLE.text.h1_after : PDF_STYLE.text.h_after);
    if (b->level == 1) {
        pdf_stroke_line(c, c->ml, c->y, c->pw - c->mr, c->y, PDF_STYLE.rgb.accent, PDF_STYLE.line.h1_rule, 0);
        c->y += PDF_STYLE.text.h1_rule_after;
    }
}

static void log_lines(pdf_ctx *c, const doc_block *b, double size, int bullets)
{
    for (size_t i = 0; i < b->nlines; i++) {
        if (bullets) {
            pdf_need(c, PDF_STYLE.size.body * PDF_STYLE.font.lead);
            pdf_draw_text(c, PDF_REGULAR, PDF_STYLE.size.body, c->ml + PDF_STYLE.text.bullet_x,
                          c->y + PDF_STYLE.size.body * PDF_STYLE.font.lead -
                              PDF_STYLE.size.body * PDF_STYLE.font.descent,
                          "•", 0, PDF_STYLE.rgb.black);
        }
        paragraph(c, PDF_REGULAR, size, b->lines[i], bullets ? PDF_STYLE.text.bullet_indent : PDF_STYLE.text.log_indent,
                  bullets ? PDF_STYLE.rgb.black : PDF_STYLE.rgb.caption,
                  bullets ? PDF_STYLE.text.bullet_line_after : PDF_STYLE.text.log_line_after);
    }
    c->y += PDF_STYLE.text.log_after;
}

void pdf_mark(pdf_ctx *c, size_t idx)
{
    if (!c->render)
        c->heading_page[idx] = c->page;
    else {
        c->dest[idx] = pdf_dest(c, c->y - PDF_STYLE.text.dest_above);
    }
}

static void body(pdf_ctx *c)
{
    const ps_doc *d = c->d;
    for (size_t i = 0; i < d->nblocks; i++) {
        const doc_block *b = &d->blocks[i];
        c->cur_block = i;
        switch (b->kind) {
        case DOC_HEADING: heading(c, i, b); break;
        case DOC_PARA:
            pdf_need(c, pdf_keep_need(c, i));
            pdf_rich(c, b, PDF_STYLE.size.body, 0, PDF_STYLE.rgb.text, PDF_STYLE.text.para_after);
            break;
        case DOC_NOTE:
            pdf_need(c, pdf_keep_need(c, i));
            pdf_rich(c, b, PDF_STYLE.size.note, 0, PDF_STYLE.rgb.muted, PDF_STYLE.text.para_after);
            break;
        case DOC_TABLE:
            pdf_need(c, pdf_keep_need(c, i));
            pdf_table(c, b->table, pdf_tail(c, i), i);
            break;
        case DOC_ITEM:
            pdf_item(c, b, PDF_STYLE.size.body);
            if (i + 1 >= d->nblocks || d->blocks[i + 1].kind != DOC_ITEM)
                c->y += PDF_STYLE.text.list_after;
            break;
        case DOC_QUOTE: pdf_quote(c, b, PDF_STYLE.size.body); break;
        case DOC_FIGURE:
            pdf_need(c, pdf_keep_need(c, i));
            pdf_mark(c, i);
            pdf_figure(c, b, c->figure_no[i]);
            break;
        case DOC_CHART:
            pdf_need(c, pdf_keep_need(c, i));
            pdf_mark(c, i);
            pdf_chart(c, b->chart, c->figure_no ? c->figure_no[i] : 0);
            break;
        case DOC_LOG:
            pdf_need(c, pdf_keep_need(c, i));
            log_lines(c, b, PDF_STYLE.size.log, 0);
            break;
        case DOC_LIST:
            pdf_need(c, pdf_keep_need(c, i));
            log_lines(c, b, PDF_STYLE.size.body, 1);
            break;
        }
    }
    c->cur_block = SIZE_MAX;
}

/* The title page's small print (copyright, trademarks, document number), its last line just
 * above the margin over the bottom band. */
static void cover_notes(pdf_ctx *c)
{
    const double size = PDF_STYLE.size.note, lead = size * PDF_STYLE.font.lead;
    double h = 0;
    for (size_t i = 0; i < c->d->ncover_notes; i++) {
        char *t = pdf_text(c, c->d->cover_notes[i]), **l;
        size_t n = pdf_wrap(c, PDF_REGULAR, size, t, c->pw - c->ml - c->mr, &l);
        h += (double)n * lead + (i ? PDF_STYLE.text.para_after : 0);
        free_lines(l, n);
        free(t);
    }
    double top = c->ph - PDF_STYLE.furniture.band - c->mb - h;
    if (top > c->y) /* below the date; else right after it */
        c->y = top;
    for (size_t i = 0; i < c->d->ncover_notes; i++)
        paragraph(c, PDF_REGULAR, size, c->d->cover_notes[i], 0, PDF_STYLE.rgb.muted,
                  i + 1 < c->d->ncover_notes ? PDF_STYLE.text.para_after : 0);
}

static void title_page(pdf_ctx *c)
{
    pdf_new_page(c);
    pdf_fill_rect(c, 0, 0, c->pw, PDF_STYLE.furniture.band, PDF_STYLE.rgb.accent);
    if (c->d->logo) { /* at most logo_max_w x logo_h points, above the vendor's name */
        const doc_image *im = c->d->logo;
        double lh = PDF_STYLE.furniture.logo_h, lw = lh * im->width / im->height;
        if (lw > PDF_STYLE.furniture.logo_max_w) {
            lw = PDF_STYLE.furniture.logo_max_w;
            lh = lw * im->height / im->width;
        }
        pdf_image_draw(c, im, c->ml, PDF_STYLE.furniture.logo_bottom - lh - PDF_STYLE.furniture.logo_gap, lw, lh);
    }
    c->y = PDF_STYLE.furniture.text_top;
    if (c->d->vendor && *c->d->vendor) /* none without a solution file */
        paragraph(c, PDF_REGULAR, PDF_STYLE.size.vendor, c->d->vendor, 0, PDF_STYLE.rgb.muted,
                  PDF_STYLE.furniture.vendor_after);
    paragraph(c, PDF_BOLD, PDF_STYLE.size.title, c->d->title, 0, PDF_STYLE.rgb.accent, PDF_STYLE.furniture.title_after);
    paragraph(c, PDF_REGULAR, PDF_STYLE.size.subtitle, c->d->subtitle, 0, PDF_STYLE.rgb.accent,
              PDF_STYLE.furniture.subtitle_after);
    paragraph(c, PDF_REGULAR, PDF_STYLE.size.date, c->d->date_text, 0, PDF_STYLE.rgb.text,
              PDF_STYLE.furniture.date_after);
    cover_notes(c);
    pdf_fill_rect(c, 0, c->ph - PDF_STYLE.furniture.band, c->pw, PDF_STYLE.furniture.band, PDF_STYLE.rgb.accent);
}

#define TOC_NUMBER_ROOM "999"

/* Lines of a contents or list entry: text wrapped beside the page number (continuation lines
 * hang by toc.hang). Caller frees with free_lines. */
static size_t entry_wrap(pdf_ctx *c, int f, double size, double indent, const char *t, char ***l)
{
    /* room for the widest page number either pass may print: the lines must not change once the pages are known */
    double avail = c->pw - c->ml - c->mr - indent - PDF_STYLE.toc.hang -
                   pdf_width(c, PDF_REGULAR, size, TOC_NUMBER_ROOM) - PDF_STYLE.toc.number_gap;
    return pdf_wrap(c, f, size, t, avail, l);
}

/* One entry of the contents or a list: text (wrapped when longer than a line), dot leader and
 * page number on its last line, link to block i over all of it. */
static void entry(pdf_ctx *c, size_t i, int f, double size, double indent, const char *text)
{
    char *t = pdf_text(c, text), pg[16];
    snprintf(pg, sizeof pg, "%d", c->heading_page[i]);
    double pgw = pdf_width(c, PDF_REGULAR, size, pg), first = c->y + PDF_STYLE.toc.line, x = c->ml + indent;
    char **l;
    size_t n = entry_wrap(c, f, size, indent, t, &l);
    for (size_t k = 0; k < n; k++) {
        c->y += PDF_STYLE.toc.line;
        x = c->ml + indent + (k ? PDF_STYLE.toc.hang : 0);
        pdf_draw_text(c, f, size, x, c->y, l[k], 0, PDF_STYLE.rgb.text);
    }
    for (x += pdf_width(c, f, size, n ? l[n - 1] : "") + PDF_STYLE.toc.leader_start;
         x < c->pw - c->mr - pgw - PDF_STYLE.toc.leader_end; x += PDF_STYLE.toc.leader_step)
        pdf_draw_text(c, PDF_REGULAR, size, x, c->y, ".", 0, PDF_STYLE.rgb.leader);
    pdf_draw_text(c, PDF_REGULAR, size, c->pw - c->mr, c->y, pg, 2, PDF_STYLE.rgb.text);
    /* the link annotation is added once the target page exists (see add_links) */
    if (c->render) {
        c->links = ps_xrealloc(c->links, (c->nlinks + 1) * sizeof *c->links);
        c->links[c->nlinks++] = (pdf_link){c->cur, c->ph - c->y - PDF_STYLE.toc.link_below, c->ph - first + size, i};
    }
    free_lines(l, n);
    free(t);
}

/* Height of entry(c, i, ...) */
static double entry_height(pdf_ctx *c, int f, double size, double indent, const char *text)
{
    char *t = pdf_text(c, text);
    size_t n = entry_wrap(c, f, size, indent, t, NULL);
    free(t);
    return (double)(n ? n : 1) * PDF_STYLE.toc.line;
}

static void toc(pdf_ctx *c)
{
    pdf_new_page(c); /* the measuring pass goes through too: it records the characters */
    paragraph(c, PDF_BOLD, PDF_STYLE.size.contents_title, ps_msg(c->d->lang, PS_MSG_CONTENTS), 0, PDF_STYLE.rgb.accent,
              PDF_STYLE.toc.title_after);
    for (size_t i = 0; i < c->d->nblocks; i++) {
        const doc_block *b = &c->d->blocks[i];
        if (b->kind != DOC_HEADING || b->level > 2)
            continue;
        int f = b->level == 1 ? PDF_BOLD : PDF_REGULAR;
        double size = b->level == 1 ? PDF_STYLE.size.toc_h1 : PDF_STYLE.size.toc_entry,
               indent = b->level == 1 ? 0 : PDF_STYLE.toc.h2_indent;
        pdf_need(c, entry_height(c, f, size, indent, b->text));
        entry(c, i, f, size, indent, b->text);
    }
}

/* "List of figures" (images and charts) and "List of tables" on the pages after the contents. */
static void figure_lists(pdf_ctx *c)
{
    const ps_doc *d = c->d;
    if (!c->nfigures && !d->ntables)
        return;
    pdf_new_page(c);
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 0 ? !c->nfigures : !d->ntables)
            continue;
        pdf_need(c, PDF_STYLE.size.contents_title * PDF_STYLE.font.lead + PDF_STYLE.toc.title_after +
                        PDF_STYLE.toc.keep_entries * PDF_STYLE.toc.line);
        paragraph(c, PDF_BOLD, PDF_STYLE.size.contents_title,
                  ps_msg(d->lang, pass == 0 ? PS_MSG_LIST_OF_FIGURES : PS_MSG_LIST_OF_TABLES), 0, PDF_STYLE.rgb.accent,
                  PDF_STYLE.toc.title_after);
        for (size_t i = 0; i < d->nblocks; i++) {
            const doc_block *b = &d->blocks[i];
            int num = pass == 0 ? c->figure_no[i] : (b->table ? b->table->number : 0);
            if (!num)
                continue;
            char n[64];
            snprintf(n, sizeof n, ps_msg(d->lang, pass == 0 ? PS_MSG_FIGURE_N : PS_MSG_TABLE_N), num);
            const char *what = pass == 1              ? b->table->caption
                               : b->kind == DOC_CHART ? doc_chart_title(b->chart)
                                                      : b->text;
            ps_buf t = {0};
            ps_buf_printf(&t, "%s: %s", n, what ? what : "");
            pdf_need(c, entry_height(c, PDF_REGULAR, PDF_STYLE.size.toc_entry, 0, t.data));
            entry(c, i, PDF_REGULAR, PDF_STYLE.size.toc_entry, 0, t.data);
            ps_buf_fini(&t);
        }
        c->y += PDF_STYLE.toc.list_after;
    }
}

static void add_links(pdf_ctx *c)
{
    for (size_t i = 0; i < c->nlinks; i++) {
        HPDF_Destination dst = c->dest[c->links[i].block];
        if (!dst)
            continue;
        HPDF_Rect r = {(HPDF_REAL)c->ml, (HPDF_REAL)c->links[i].y0, (HPDF_REAL)(c->pw - c->mr),
                       (HPDF_REAL)c->links[i].y1};
        HPDF_Annotation a = HPDF_Page_CreateLinkAnnot(c->links[i].page, r, dst);
        HPDF_LinkAnnot_SetBorderStyle(a, 0, 0, 0);
    }
}

static void layout(pdf_ctx *c)
{
    c->page = 0;
    c->last_h1 = NULL;
    title_page(c);
    toc(c);
    figure_lists(c);
    pdf_new_page(c);
    body(c);
    if (c->render)
        add_links(c);
}

/* ------------------------------------------------------------------ document */

static void doc_info(pdf_ctx *c)
{
    HPDF_SetInfoAttr(c->pdf, HPDF_INFO_TITLE, c->d->title);
    HPDF_SetInfoAttr(c->pdf, HPDF_INFO_AUTHOR, c->d->author);
    HPDF_SetInfoAttr(c->pdf, HPDF_INFO_SUBJECT, c->d->subtitle);
    HPDF_SetInfoAttr(c->pdf, HPDF_INFO_CREATOR, "perfscribe " PS_VERSION);
    int y, mo, d, h, mi, s, ms;
    ps_time_to_fields(c->d->date, &y, &mo, &d, &h, &mi, &s, &ms);
    HPDF_Date date = {y, mo, d, h, mi, s, 'Z', 0, 0};
    HPDF_SetInfoDateAttr(c->pdf, HPDF_INFO_CREATION_DATE, date);
    HPDF_SetInfoDateAttr(c->pdf, HPDF_INFO_MOD_DATE, date);
}

/* libharu derives a trailer /ID from the clock (2.3.0 writes one only for encrypted files):
 * when there is one, replace both halves by a hash of the file (ps_hash's FNV-1a of everything
 * before the trailer, from two start values), which keeps the output reproducible. */
static void fix_id(ps_buf *b)
{
    char *id = NULL;
    for (char *p = b->data; (p = strstr(p, "/ID")) != NULL; p += 3)
        id = p;
    if (!id)
        return;
    char *o = strchr(id, '<');
    if (!o)
        return;
    size_t n = (size_t)(id - b->data);
    uint64_t h1 = ps_hash_fnv1a(b->data, n), h2 = ps_hash_fnv1a_step(PS_HASH_FNV_PRIME, b->data, n);
    char hex[33];
    snprintf(hex, sizeof hex, "%016llX%016llX", (unsigned long long)h1, (unsigned long long)h2);
    for (int k = 0; k < 2 && o; k++) {
        char *e = strchr(o, '>');
        if (!e || e - o - 1 != 32)
            return;
        memcpy(o + 1, hex, 32);
        o = strchr(e, '<');
    }
}

/* Render d to fp; fp NULL: the measuring pass alone, the pages of every block into first/last. */
static int render(const ps_doc *d, FILE *fp, int *first, int *last, ps_warnings *w, ps_error *err)
{
    pdf_ctx c = {.d = d, .w = w, .cur_block = SIZE_MAX, .first_page = first, .last_page = last};
    c.figure_no = doc_figure_numbers(d, &c.nfigures);
    c.heading_page = ps_xcalloc(d->nblocks + 1, sizeof *c.heading_page);
    c.dest = ps_xcalloc(d->nblocks + 1, sizeof *c.dest);
    c.pw = d->paper_letter ? PDF_STYLE.page.letter_w : PDF_STYLE.page.a4_w;
    c.ph = d->paper_letter ? PDF_STYLE.page.letter_h : PDF_STYLE.page.a4_h;
    c.ml = c.mr = PDF_STYLE.page.margin_x;
    c.mt = PDF_STYLE.page.margin_top;
    c.mb = PDF_STYLE.page.margin_bottom;
    int rc = 0;
    c.pdf = HPDF_New(on_error, &c);
    if (!c.pdf)
        rc = ps_error_set(err, PS_EIO, NULL, 0, 0, "libharu: cannot create a document");
    if (!rc) {
        HPDF_SetCompressionMode(c.pdf, HPDF_COMP_ALL);
        HPDF_SetPageMode(c.pdf, HPDF_PAGE_MODE_USE_OUTLINE);
        HPDF_UseUTFEncodings(c.pdf);
        HPDF_SetCurrentEncoder(c.pdf, "UTF-8");
        pdf_set_lang(&c);
        rc = pdf_fonts_open(&c, err);
    }
    if (!rc) { /* measure: page numbers, and every character drawn with each face */
        doc_info(&c);
        c.render = 0;
        layout(&c);
        c.npages = c.page;
        if (c.font_error.msg[0])
            rc = ps_error_set(err, c.font_error.code, NULL, 0, 0, "PDF: %s", c.font_error.msg);
    }
    if (!rc && fp)
        rc = pdf_fonts_embed(&c, err);
    if (!rc && fp) {
        c.render = 1;
        layout(&c);
        pdf_fonts_tounicode(&c);
        if (c.late)
            rc =
                ps_error_set(err, PS_EIO, NULL, 0, 0, "PDF: a character was drawn that the measuring pass did not see");
        else if (c.image_error.msg[0])
            rc = ps_error_set(err, c.image_error.code, NULL, 0, 0, "%s", c.image_error.msg);
        else if (c.chart_error.msg[0])
            rc = ps_error_set(err, c.chart_error.code ? c.chart_error.code : PS_EIO, NULL, 0, 0, "chart: %s",
                              c.chart_error.msg);
        else if (c.hpdf_error)
            rc = ps_error_set(err, PS_EIO, NULL, 0, 0, "libharu error 0x%04X (detail %u) while drawing",
                              (unsigned)c.hpdf_error, (unsigned)c.hpdf_detail);
    }
    ps_buf out = {0};
    if (!rc && fp && HPDF_SaveToStream(c.pdf) != HPDF_OK)
        rc = ps_error_set(err, PS_EIO, NULL, 0, 0, "libharu error 0x%04X while saving", (unsigned)c.hpdf_error);
    if (!rc && fp) {
        HPDF_ResetStream(c.pdf);
        for (;;) {
            HPDF_BYTE chunk[65536];
            HPDF_UINT32 n = sizeof chunk;
            HPDF_STATUS st = HPDF_ReadFromStream(c.pdf, chunk, &n);
            if (n)
                ps_buf_put(&out, chunk, n);
            if (st != HPDF_OK)
                break;
        }
        fix_id(&out);
        if (fwrite(out.data, 1, out.len, fp) != out.len)
            rc = ps_error_set(err, PS_EIO, NULL, 0, 0, "write error");
    }
    ps_buf_fini(&out);
    if (c.pdf)
        HPDF_Free(c.pdf);
    pdf_fonts_fini(&c);
    free(c.heading_page);
    free(c.figure_no);
    free(c.dest);
    free(c.links);
    free(c.images);
    return rc;
}

int ps_doc_render_pdf(const ps_doc *d, FILE *fp, ps_warnings *w, ps_error *err)
{
    return render(d, fp, NULL, NULL, w, err);
}

int pdf_block_pages(const ps_doc *d, int *first, int *last, ps_error *err)
{
    ps_warnings w = {0};
    memset(first, 0, d->nblocks * sizeof *first);
    memset(last, 0, d->nblocks * sizeof *last);
    int rc = render(d, NULL, first, last, &w, err);
    ps_warnings_fini(&w);
    return rc;
}
