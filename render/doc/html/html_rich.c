/* html_rich.c - the vendor's rich text in the HTML document: styled runs, nested lists, block
 * quotes, figures and the logo as data URIs (no external reference), the lists of figures and
 * tables. Every text goes through doc_html_text (escaped); link destinations were limited to
 * http(s) and mailto by doc_markdown.c and are attribute-escaped here. */
#include "doc_build.h"

#include <stdlib.h>
#include <string.h>

static void base64(ps_buf *b, const unsigned char *p, size_t n)
{
    static const char a[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (size_t i = 0; i < n; i += 3) {
        unsigned v = (unsigned)p[i] << 16 | (i + 1 < n ? (unsigned)p[i + 1] << 8 : 0) | (i + 2 < n ? p[i + 2] : 0);
        char q[4] = {a[v >> 18 & 63], a[v >> 12 & 63], i + 1 < n ? a[v >> 6 & 63] : '=', i + 2 < n ? a[v & 63] : '='};
        ps_buf_put(b, q, 4);
    }
}

void doc_html_image(ps_buf *b, const doc_image *im, const char *alt, const char *cls)
{
    ps_buf_printf(b, "<img class=\"%s\" width=\"%u\" height=\"%u\" alt=\"", cls, im->width, im->height);
    ps_html_escape(b, alt ? alt : "");
    ps_buf_printf(b, "\" src=\"data:image/%s;base64,", im->type == DOC_IMAGE_PNG ? "png" : "jpeg");
    base64(b, im->data, im->len);
    ps_buf_puts(b, "\">");
}

static const struct {
    unsigned style;
    const char *open, *close;
} tags[] = {
    {DOC_STRONG, "<strong>", "</strong>"},
    {DOC_EM, "<em>", "</em>"},
    {DOC_CODE, "<code>", "</code>"},
};

void doc_html_runs(ps_buf *b, const char *lang, const doc_block *k)
{
    if (!k->nruns) {
        doc_html_text(b, lang, k->text);
        return;
    }
    for (size_t i = 0; i < k->nruns; i++) {
        const doc_run *r = &k->runs[i];
        if (r->style & DOC_LINK) {
            ps_buf_puts(b, "<a href=\"");
            ps_html_escape(b, r->url);
            ps_buf_puts(b, "\">");
        }
        for (size_t t = 0; t < sizeof tags / sizeof tags[0]; t++)
            if (r->style & tags[t].style)
                ps_buf_puts(b, tags[t].open);
        for (const char *p = r->text; *p;) { /* a hard line break is <br> */
            size_t n = strcspn(p, "\n");
            char *part = ps_xstrndup(p, n);
            doc_html_text(b, lang, part);
            free(part);
            p += n;
            if (*p == '\n') {
                ps_buf_puts(b, "<br>");
                p++;
            }
        }
        for (size_t t = sizeof tags / sizeof tags[0]; t-- > 0;)
            if (r->style & tags[t].style)
                ps_buf_puts(b, tags[t].close);
        if (r->style & DOC_LINK)
            ps_buf_puts(b, "</a>");
    }
}

void doc_html_lists_close(ps_buf *b, doc_html_lists *st, int to)
{
    while (st->depth > to) {
        ps_buf_puts(b, st->ordered[st->depth - 1] ? "</li>\n</ol>\n" : "</li>\n</ul>\n");
        st->depth--;
    }
}

void doc_html_item(ps_buf *b, const char *lang, doc_html_lists *st, const doc_block *k)
{
    int level = k->level < 1 ? 1 : k->level > DOC_HTML_MAX_LISTS ? DOC_HTML_MAX_LISTS : k->level;
    int ordered = k->number > 0;
    doc_html_lists_close(b, st, level);
    if (st->depth == level && st->ordered[level - 1] != ordered)
        doc_html_lists_close(b, st, level - 1); /* a list of the other kind starts */
    if (st->depth == level)
        ps_buf_puts(b, "</li>\n");
    while (st->depth < level) {
        st->ordered[st->depth] = ordered;
        if (st->depth + 1 == level && ordered && k->number != 1)
            ps_buf_printf(b, "<ol start=\"%d\">\n", k->number);
        else
            ps_buf_puts(b, ordered && st->depth + 1 == level ? "<ol>\n" : "<ul>\n");
        st->depth++;
        if (st->depth < level)
            ps_buf_puts(b, "<li>");
    }
    ps_buf_puts(b, "<li>");
    doc_html_runs(b, lang, k);
}

void doc_html_figure(ps_buf *b, const ps_lang *L, const char *lang, const doc_block *k, int number)
{
    ps_buf_printf(b, "<figure class=\"figure\" id=\"fig-%d\">\n", number);
    doc_html_image(b, k->image, k->text, "figure");
    ps_buf_puts(b, "\n<figcaption>");
    ps_buf_printf(b, ps_msg(L, PS_MSG_FIGURE_N), number);
    ps_buf_puts(b, ": ");
    doc_html_text(b, lang, k->text);
    ps_buf_puts(b, "</figcaption>\n</figure>\n");
}

void doc_html_figure_lists(ps_buf *b, const ps_doc *d)
{
    int nfig = 0, *fig = doc_figure_numbers(d, &nfig);
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 0 ? !nfig : !d->ntables)
            continue;
        ps_buf_printf(b, "<nav class=\"lists\" aria-label=\"%s\">\n<h2>", pass ? "tables" : "figures");
        doc_html_text(b, ps_doc_lang(d), ps_msg(d->lang, pass ? PS_MSG_LIST_OF_TABLES : PS_MSG_LIST_OF_FIGURES));
        ps_buf_puts(b, "</h2>\n<ol>\n");
        for (size_t i = 0; i < d->nblocks; i++) {
            const doc_block *k = &d->blocks[i];
            int num = pass == 0 ? fig[i] : k->table ? k->table->number : 0;
            if (!num)
                continue;
            ps_buf_printf(b, "<li><a href=\"#%s-%d\">", pass ? "tab" : "fig", num);
            ps_buf_printf(b, ps_msg(d->lang, pass ? PS_MSG_TABLE_N : PS_MSG_FIGURE_N), num);
            ps_buf_puts(b, ": ");
            doc_html_text(b, ps_doc_lang(d),
                          pass                   ? k->table->caption
                          : k->kind == DOC_CHART ? doc_chart_title(k->chart)
                                                 : k->text);
            ps_buf_puts(b, "</a></li>\n");
        }
        ps_buf_puts(b, "</ol>\n</nav>\n");
    }
    free(fig);
}
