/* doc_pdf_rich.c - the vendor's rich text in the PDF: styled runs wrapped word by word (CJK
 * text breaks between characters), list items with bullets or numbers, block quotes, figures
 * and images. Strong text is the bold face, emphasis the regular face slanted, code a tinted
 * box, links blue with their URL after them and a link annotation. */
#include "doc_pdf_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct tok {
    const char *s;
    size_t n; /* into the sanitised run text */
    const doc_run *run;
    int space, newline; /* a space / a hard break before it */
    double w, x;
    size_t line;
} tok;

static size_t char_len(const unsigned char *p)
{
    return p[0] < 0x80 ? 1 : (p[0] >> 5) == 6 ? 2 : (p[0] >> 4) == 14 ? 3 : (p[0] >> 3) == 30 ? 4 : 1;
}

/* 1 when the character at p is CJK (a line may break before and after it). */
static int is_cjk(const unsigned char *p)
{
    return p[0] >= 0xE2 && !(p[0] == 0xE2 && p[1] < 0xBA) && p[0] < 0xF0;
}

/* Line-breaking rules (CJK kinsoku, and no line opening with a dash): closing punctuation, CJK
 * stops and dashes never start a line, opening brackets never end one. */
static const char *const NO_LINE_START[] = {"，", "。", "、", "：", "；", "！", "？", "）", "」",
                                            "』", "】", "》", "〉", "・", "ー", "…",  "％", "–",
                                            "—",  ",",  ".",  ":",  ";",  "!",  "?",  ")"};
static const char *const NO_LINE_END[] = {"（", "「", "『", "【", "《", "〈", "("};

static int tok_in(const tok *k, const char *const *set, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (k->n == strlen(set[i]) && memcmp(k->s, set[i], k->n) == 0)
            return 1;
    return 0;
}

static int no_line_start(const tok *k)
{
    return tok_in(k, NO_LINE_START, sizeof NO_LINE_START / sizeof *NO_LINE_START);
}

static int no_line_end(const tok *k)
{
    return tok_in(k, NO_LINE_END, sizeof NO_LINE_END / sizeof *NO_LINE_END);
}

static int run_bold(const doc_run *r)
{
    return r && (r->style & DOC_STRONG) ? PDF_BOLD : PDF_REGULAR;
}

static void push(tok **t, size_t *n, tok k)
{
    *t = ps_xrealloc(*t, (*n + 1) * sizeof **t);
    (*t)[(*n)++] = k;
}

/* Split the sanitised texts into tokens (words, CJK characters), links followed by " (URL)". */
static size_t tokens(char **texts, const doc_run *runs, size_t nruns, char **urls, tok **out)
{
    tok *t = NULL;
    size_t n = 0;
    int space = 0, newline = 0;
    for (size_t r = 0; r < nruns; r++) {
        for (int part = 0; part < 2; part++) {
            const char *s = part ? urls[r] : texts[r];
            if (!s)
                continue;
            if (part)
                space = 1;
            for (const unsigned char *p = (const unsigned char *)s; *p;) {
                if (*p == ' ' || *p == '\t') {
                    space = 1;
                    p++;
                    continue;
                }
                if (*p == '\n') {
                    newline = 1;
                    p++;
                    continue;
                }
                const unsigned char *e = p;
                if (is_cjk(p))
                    e += char_len(p);
                else
                    while (*e && *e != ' ' && *e != '\t' && *e != '\n' && !is_cjk(e))
                        e += char_len(e);
                push(&t, &n, (tok){(const char *)p, (size_t)(e - p), part ? NULL : &runs[r], space, newline, 0, 0, 0});
                space = newline = 0;
                p = e;
            }
        }
    }
    *out = t;
    return n;
}

static double tok_width(pdf_ctx *c, const tok *k, double size)
{
    char *s = ps_xstrndup(k->s, k->n);
    double w = pdf_width(c, run_bold(k->run), size, s);
    free(s);
    return w;
}

static unsigned tok_rgb(const tok *k, unsigned rgb)
{
    if (!k->run)
        return PDF_STYLE.rgb.muted; /* the URL after a link */
    return k->run->style & DOC_LINK ? PDF_STYLE.rgb.link : k->run->style & DOC_CODE ? PDF_STYLE.rgb.code : rgb;
}

static void draw_tok(pdf_ctx *c, const tok *k, double size, double x, double base, unsigned rgb)
{
    char *s = ps_xstrndup(k->s, k->n);
    if (k->run && (k->run->style & DOC_CODE))
        pdf_fill_rect(c, x - PDF_STYLE.text.code_pad, base - size * PDF_STYLE.font.ascent,
                      k->w + 2 * PDF_STYLE.text.code_pad, size * PDF_STYLE.font.code_box, PDF_STYLE.rgb.code_bg);
    c->skew = k->run && (k->run->style & DOC_EM) ? PDF_STYLE.font.em_skew : 0;
    pdf_draw_text(c, run_bold(k->run), size, x, base, s, 0, tok_rgb(k, rgb));
    c->skew = 0;
    if (c->render && k->run && (k->run->style & DOC_LINK)) {
        HPDF_Rect r = {(HPDF_REAL)x, (HPDF_REAL)(c->ph - base - size * PDF_STYLE.font.link_below),
                       (HPDF_REAL)(x + k->w), (HPDF_REAL)(c->ph - base + size * PDF_STYLE.font.ascent)};
        HPDF_Annotation a = HPDF_Page_CreateURILinkAnnot(c->cur, r, k->run->url);
        if (a)
            HPDF_LinkAnnot_SetBorderStyle(a, 0, 0, 0);
    }
    free(s);
}

/* A block's runs (or its text) as tokens placed on lines; free with rich_fini. */
typedef struct rich {
    char **texts, **urls;
    size_t nruns;
    tok *t;
    size_t n;
    size_t nlines;
    doc_run plain; /* the run of a block without runs (its text, unstyled) */
} rich;

static void rich_layout(pdf_ctx *c, const doc_block *b, double size, double indent, rich *o)
{
    o->plain = (doc_run){b->text ? b->text : (char *)"", 0, NULL};
    const doc_run *runs = b->nruns ? b->runs : &o->plain;
    size_t nruns = b->nruns ? b->nruns : 1;
    char **texts = ps_xcalloc(nruns, sizeof *texts), **urls = ps_xcalloc(nruns, sizeof *urls);
    for (size_t r = 0; r < nruns; r++) {
        texts[r] = pdf_text(c, runs[r].text);
        int last_of_link = (runs[r].style & DOC_LINK) &&
                           !(r + 1 < nruns && (runs[r + 1].style & DOC_LINK) && !strcmp(runs[r + 1].url, runs[r].url));
        if (last_of_link && strcmp(runs[r].text, runs[r].url) != 0) {
            ps_buf u = {0};
            ps_buf_printf(&u, "(%s)", runs[r].url);
            urls[r] = pdf_text(c, u.data);
            ps_buf_fini(&u);
        }
    }
    tok *t;
    size_t n = tokens(texts, runs, nruns, urls, &t);
    double width = c->pw - c->ml - c->mr - indent, space = pdf_width(c, PDF_REGULAR, size, " "), x = 0;
    size_t line = 0, first = 0; /* first: the token that opens the current line */
    for (size_t i = 0; i < n; i++) {
        t[i].w = tok_width(c, &t[i], size);
        double sp = t[i].space && x > 0 ? space : 0;
        if (i > 0 && (t[i].newline || (x > 0 && x + sp + t[i].w > width))) {
            size_t start =
                i; /* the new line opens at start: earlier when t[start] may not start a line or t[start - 1] end one */
            while (!t[i].newline && start > first + 1 && (no_line_start(&t[start]) || no_line_end(&t[start - 1])))
                start--;
            line++;
            first = start;
            x = 0;
            for (size_t k = start; k < i; k++) { /* carried down with t[i] */
                t[k].x = x + (k > start && t[k].space ? space : 0);
                t[k].line = line;
                x = t[k].x + t[k].w;
            }
            sp = t[i].space && x > 0 ? space : 0;
        }
        t[i].x = x + sp;
        t[i].line = line;
        x += sp + t[i].w;
    }
    o->texts = texts;
    o->urls = urls;
    o->nruns = nruns;
    o->t = t;
    o->n = n;
    o->nlines = n ? line + 1 : 0;
}

static void rich_fini(rich *o)
{
    free(o->t);
    for (size_t r = 0; r < o->nruns; r++) {
        free(o->texts[r]);
        free(o->urls[r]);
    }
    free(o->texts);
    free(o->urls);
}

double pdf_rich_height(pdf_ctx *c, const doc_block *b, double size, double indent, double after)
{
    rich o;
    rich_layout(c, b, size, indent, &o);
    double h = (double)o.nlines * size * PDF_STYLE.font.lead + after;
    rich_fini(&o);
    return h;
}

void pdf_rich(pdf_ctx *c, const doc_block *b, double size, double indent, unsigned rgb, double after)
{
    rich o;
    rich_layout(c, b, size, indent, &o);
    double *h = ps_xcalloc(o.nlines + 1, sizeof *h);
    for (size_t l = 0; l < o.nlines; l++)
        h[l] = size * PDF_STYLE.font.lead;
    pdf_run_spec spec = {.h = h,
                         .n = o.nlines,
                         .avail_first = c->ph - c->mb - c->y,
                         .avail_page = c->ph - c->mb - c->mt,
                         .min_first = PDF_MIN_LINES,
                         .min_last = PDF_MIN_LINES};
    size_t *starts = ps_xcalloc(o.nlines + 2, sizeof *starts), nstarts = pdf_paginate(&spec, starts), next = 0;
    for (size_t i = 0, l = 0; o.n && l < o.nlines; l++) {
        if (next < nstarts && starts[next] == l) {
            pdf_new_page(c);
            next++;
        }
        c->y += size * PDF_STYLE.font.lead;
        for (; i < o.n && o.t[i].line == l; i++)
            draw_tok(c, &o.t[i], size, c->ml + indent + o.t[i].x, c->y - size * PDF_STYLE.font.descent, rgb);
    }
    c->y += after;
    free(starts);
    free(h);
    rich_fini(&o);
}

void pdf_item(pdf_ctx *c, const doc_block *b, double size)
{
    static const char *const bullets[] = {"•", "◦", "▪"};
    int level = b->level < 1 ? 1 : b->level > PDF_STYLE.text.max_level ? PDF_STYLE.text.max_level : b->level;
    double indent = PDF_STYLE.text.item_step * level;
    char mark[16];
    if (b->number)
        snprintf(mark, sizeof mark, "%d.", b->number);
    else
        snprintf(mark, sizeof mark, "%s", bullets[(level - 1) % 3]);
    double text_indent = indent + PDF_STYLE.text.item_text_gap;
    double open = pdf_rich_height(c, b, size, text_indent, 0); /* the lines pdf_rich keeps together */
    double lines = PDF_MIN_LINES * size * PDF_STYLE.font.lead;
    pdf_need(c, open < 2 * lines ? open : lines);
    pdf_draw_text(c, PDF_REGULAR, size, c->ml + indent - PDF_STYLE.text.item_mark_gap,
                  c->y + size * PDF_STYLE.font.lead - size * PDF_STYLE.font.descent, mark, 2, PDF_STYLE.rgb.text);
    pdf_rich(c, b, size, text_indent, PDF_STYLE.rgb.text, PDF_STYLE.text.item_after);
}

void pdf_quote(pdf_ctx *c, const doc_block *b, double size)
{
    int level = b->level < 1 ? 1 : b->level > PDF_STYLE.text.max_level ? PDF_STYLE.text.max_level : b->level;
    double indent = PDF_STYLE.text.quote_step * level, y0 = c->y;
    int page = c->page;
    pdf_rich(c, b, size, indent, PDF_STYLE.rgb.caption, 0);
    if (page == c->page) /* the bar beside the quote (on the page where it ends) */
        pdf_fill_rect(c, c->ml + indent - PDF_STYLE.text.quote_bar_x, y0 + PDF_STYLE.text.quote_bar_top,
                      PDF_STYLE.text.quote_bar_w, c->y - y0, PDF_STYLE.rgb.quote_bar);
    c->y += PDF_STYLE.text.quote_after;
}

HPDF_Image pdf_image_get(pdf_ctx *c, const doc_image *im)
{
    for (size_t i = 0; i < c->nimages; i++)
        if (c->images[i].im == im)
            return c->images[i].h;
    HPDF_Image h = im->type == DOC_IMAGE_PNG ? HPDF_LoadPngImageFromMem(c->pdf, im->data, (HPDF_UINT)im->len)
                                             : HPDF_LoadJpegImageFromMem(c->pdf, im->data, (HPDF_UINT)im->len);
    if (!h && !c->image_error.msg[0])
        ps_error_set(&c->image_error, PS_EINPUT, NULL, 0, 0,
                     "image '%s': the PDF library cannot read it (libharu error 0x%04X)", im->path,
                     (unsigned)c->hpdf_error);
    c->hpdf_error = 0; /* reported as the image's error, not as a drawing error */
    c->images = ps_xrealloc(c->images, (c->nimages + 1) * sizeof *c->images);
    c->images[c->nimages++] = (pdf_image){im, h};
    return h;
}

void pdf_image_draw(pdf_ctx *c, const doc_image *im, double x, double y, double w, double h)
{
    if (!c->render)
        return;
    HPDF_Image img = pdf_image_get(c, im);
    if (img)
        HPDF_Page_DrawImage(c->cur, img, (HPDF_REAL)x, (HPDF_REAL)(c->ph - y - h), (HPDF_REAL)w, (HPDF_REAL)h);
}

/* Size of a figure's image: the text width, at most half the body height. */
static void figure_size(pdf_ctx *c, const doc_image *im, double *w, double *h)
{
    double maxh = (c->ph - c->mt - c->mb) * PDF_STYLE.block.figure_max_h;
    *w = c->pw - c->ml - c->mr;
    *h = *w * im->height / im->width;
    if (*h > maxh) {
        *h = maxh;
        *w = *h * im->width / im->height;
    }
}

double pdf_figure_height(pdf_ctx *c, const doc_block *b)
{
    double w, h;
    figure_size(c, b->image, &w, &h);
    return h;
}

void pdf_figure(pdf_ctx *c, const doc_block *b, int number)
{
    const doc_image *im = b->image;
    double tw = c->pw - c->ml - c->mr, w, h;
    figure_size(c, im, &w, &h);
    ps_buf cap = {0};
    char fig[64];
    snprintf(fig, sizeof fig, ps_msg(c->d->lang, PS_MSG_FIGURE_N), number);
    ps_buf_printf(&cap, "%s: %s", fig, b->text);
    char *t = pdf_text(c, cap.data);
    char **l;
    double cap_size = PDF_STYLE.size.caption;
    size_t n = pdf_wrap(c, PDF_BOLD, cap_size, t, tw, &l);
    pdf_need(c, h + PDF_STYLE.block.figure_need + (double)n * cap_size * PDF_STYLE.font.lead);
    c->y += PDF_STYLE.block.figure_before;
    pdf_image_draw(c, im, c->ml + (tw - w) / 2, c->y, w, h);
    c->y += h + PDF_STYLE.block.figure_gap;
    for (size_t i = 0; i < n; i++) {
        c->y += cap_size * PDF_STYLE.font.lead;
        pdf_draw_text(c, PDF_BOLD, cap_size, c->ml + tw / 2, c->y - cap_size * PDF_STYLE.font.descent, l[i], 1,
                      PDF_STYLE.rgb.caption);
        free(l[i]);
    }
    free(l);
    c->y += PDF_STYLE.block.figure_after;
    free(t);
    ps_buf_fini(&cap);
}
