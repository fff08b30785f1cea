/* doc_html.c - the ESRP document as one self-contained HTML file: the report.html template
 * with the CSS and the body inlined, charts as inline SVG, no scripts, no network references.
 * Every string of the document is escaped with ps_html_escape. */
#include "doc_build.h"
#include "ps_js_words.h"

#include <stdlib.h>
#include <string.h>

static void esc(ps_buf *b, const char *s)
{
    ps_html_escape(b, s ? s : "");
}

static void toc(const ps_doc *d, ps_buf *b)
{
    int open = 0; /* 0 none, 1 inside a level-1 item, 2 inside a nested list */
    ps_buf_puts(b, "<ol>\n");
    for (size_t i = 0; i < d->nblocks; i++) {
        const doc_block *k = &d->blocks[i];
        if (k->kind != DOC_HEADING || k->level > 2)
            continue;
        if (k->level == 1) {
            if (open == 2)
                ps_buf_puts(b, "</ol>");
            if (open)
                ps_buf_puts(b, "</li>\n");
            ps_buf_puts(b, "<li>");
            open = 1;
        } else {
            if (open == 0)
                ps_buf_puts(b, "<li>");
            if (open != 2)
                ps_buf_puts(b, "<ol>\n");
            ps_buf_puts(b, "<li>");
            open = 2;
        }
        ps_buf_printf(b, "<a href=\"#%s\">", k->anchor);
        doc_html_text(b, ps_doc_lang(d), k->text);
        ps_buf_puts(b, "</a>");
        if (k->level == 2)
            ps_buf_puts(b, "</li>\n");
    }
    if (open == 2)
        ps_buf_puts(b, "</ol>");
    if (open)
        ps_buf_puts(b, "</li>\n");
    ps_buf_puts(b, "</ol>\n");
}

static void table(const ps_lang *L, const char *lang, const doc_table *t, ps_buf *b)
{
    if (t->number) {
        ps_buf_printf(b, "<table id=\"tab-%d\">\n<caption>", t->number);
        ps_buf_printf(b, ps_msg(L, PS_MSG_TABLE_N), t->number);
        ps_buf_puts(b, ": ");
        doc_html_text(b, lang, t->caption);
        ps_buf_puts(b, "</caption>\n");
    } else {
        ps_buf_puts(b, "<table>\n");
    }
    size_t r = 0;
    if (t->nrows && t->row_kind[0] == DOC_ROW_HEAD) {
        ps_buf_puts(b, "<thead>\n");
        for (; r < t->nrows && t->row_kind[r] == DOC_ROW_HEAD; r++) {
            ps_buf_puts(b, "<tr>");
            for (size_t c = 0; c < t->ncols; c++) {
                ps_buf_puts(b, "<th scope=\"col\">");
                doc_html_text(b, lang, t->cells[r * t->ncols + c]);
                ps_buf_puts(b, "</th>");
            }
            ps_buf_puts(b, "</tr>\n");
        }
        ps_buf_puts(b, "</thead>\n");
    }
    ps_buf_puts(b, "<tbody>\n");
    for (; r < t->nrows; r++) {
        int kind = t->row_kind[r];
        ps_buf_puts(b, kind == DOC_ROW_GROUP   ? "<tr class=\"group\">"
                       : kind == DOC_ROW_TOTAL ? "<tr class=\"total\">"
                                               : "<tr>");
        if (kind == DOC_ROW_GROUP) {
            ps_buf_printf(b, "<td colspan=\"%zu\">", t->ncols);
            doc_html_text(b, lang, t->cells[r * t->ncols]);
            ps_buf_puts(b, "</td></tr>\n");
            continue;
        }
        for (size_t c = 0; c < t->ncols; c++) {
            int num = t->right[c], diff = t->flag[r * t->ncols + c];
            if (c == 0 && !num) { /* a text first column names its row */
                ps_buf_puts(b, "<th scope=\"row\">");
                doc_html_text(b, lang, t->cells[r * t->ncols + c]);
                ps_buf_puts(b, "</th>");
                continue;
            }
            if (num || diff)
                ps_buf_printf(b, "<td class=\"%s%s%s\">", num ? "num" : "", num && diff ? " " : "",
                              diff ? "differs" : "");
            else
                ps_buf_puts(b, "<td>");
            doc_html_text(b, lang, t->cells[r * t->ncols + c]);
            ps_buf_puts(b, "</td>");
        }
        ps_buf_puts(b, "</tr>\n");
    }
    ps_buf_puts(b, "</tbody>\n</table>\n");
}

static int body(const ps_doc *d, ps_buf *b, ps_warnings *w)
{
    int *fig = doc_figure_numbers(d, NULL);
    doc_html_lists lists = {0};
    const char *lang = ps_doc_lang(d);
    int quote = 0; /* open <blockquote> elements */
    for (size_t i = 0; i < d->nblocks; i++) {
        const doc_block *k = &d->blocks[i];
        if (k->kind != DOC_ITEM)
            doc_html_lists_close(b, &lists, 0);
        for (int want = k->kind == DOC_QUOTE ? k->level : 0; quote > want; quote--)
            ps_buf_puts(b, "</blockquote>\n");
        switch (k->kind) {
        case DOC_ITEM: doc_html_item(b, lang, &lists, k); break;
        case DOC_QUOTE:
            for (; quote < k->level; quote++)
                ps_buf_puts(b, "<blockquote>\n");
            ps_buf_puts(b, "<p>");
            doc_html_runs(b, lang, k);
            ps_buf_puts(b, "</p>\n");
            break;
        case DOC_FIGURE: doc_html_figure(b, d->lang, lang, k, fig[i]); break;
        case DOC_HEADING:
            ps_buf_printf(b, "<h%d id=\"%s\"%s>", k->level, k->anchor, k->page_break ? " class=\"pagebreak\"" : "");
            doc_html_text(b, lang, k->text);
            ps_buf_printf(b, "</h%d>\n", k->level);
            break;
        case DOC_PARA:
        case DOC_NOTE:
            ps_buf_puts(b, k->kind == DOC_NOTE ? "<p class=\"note\">" : "<p>");
            doc_html_runs(b, lang, k);
            ps_buf_puts(b, "</p>\n");
            break;
        case DOC_TABLE: table(d->lang, lang, k->table, b); break;
        case DOC_CHART: {
            ps_error cerr = {0};
            ps_buf svg = {0};
            if (doc_chart_svg(k->chart, i, &svg, &cerr) == 0) {
                if (fig[i])
                    ps_buf_printf(b, "<figure class=\"chart\" id=\"fig-%d\">\n", fig[i]);
                else
                    ps_buf_puts(b, "<figure class=\"chart\">\n");
                ps_buf_put(b, svg.data, svg.len);
                if (fig[i]) {
                    ps_buf_puts(b, "<figcaption>");
                    ps_buf_printf(b, ps_msg(d->lang, PS_MSG_FIGURE_N), fig[i]);
                    ps_buf_puts(b, ": ");
                    doc_html_text(b, lang, doc_chart_title(k->chart));
                    ps_buf_puts(b, "</figcaption>\n");
                }
                ps_buf_puts(b, "</figure>\n");
            } else { /* one bad chart does not lose the document */
                ps_warn(w, "chart %s not drawn: %s", k->chart->id, cerr.msg);
                ps_buf note = {0};
                const ps_msg_field f[] = {{"why", cerr.msg}};
                ps_msg_fill(&note, ps_msg(d->lang, PS_MSG_CHART_NOT_DRAWN), f, 1);
                ps_buf_puts(b, "<p class=\"note\">");
                doc_html_text(b, lang, note.data);
                ps_buf_puts(b, "</p>\n");
                ps_buf_fini(&note);
            }
            ps_buf_fini(&svg);
            break;
        }
        case DOC_LOG:
            ps_buf_puts(b, "<pre class=\"log\">");
            for (size_t n = 0; n < k->nlines; n++) {
                doc_html_text(b, lang, k->lines[n]);
                ps_buf_putc(b, '\n');
            }
            ps_buf_puts(b, "</pre>\n");
            break;
        case DOC_LIST:
            ps_buf_puts(b, "<ul>\n");
            for (size_t n = 0; n < k->nlines; n++) {
                ps_buf_puts(b, "<li>");
                doc_html_text(b, lang, k->lines[n]);
                ps_buf_puts(b, "</li>\n");
            }
            ps_buf_puts(b, "</ul>\n");
            break;
        }
    }
    doc_html_lists_close(b, &lists, 0);
    for (; quote > 0; quote--)
        ps_buf_puts(b, "</blockquote>\n");
    free(fig);
    return 0;
}

/* Replace {{name}} placeholders of tpl. Unknown names are an error (a typo in a template). */
static int expand(const ps_doc *d, const char *tpl, const char *css, ps_buf *out, ps_warnings *w, ps_error *err)
{
    const char *p = tpl;
    long line = 1;
    for (;;) {
        const char *o = strstr(p, "{{");
        if (!o) {
            ps_buf_puts(out, p);
            return 0;
        }
        for (const char *q = p; q < o; q++)
            line += *q == '\n';
        ps_buf_put(out, p, (size_t)(o - p));
        const char *c = strstr(o, "}}");
        if (!c)
            return ps_error_set(err, PS_EINPUT, "report.html", line, 0, "unterminated '{{' in the template");
        size_t n = (size_t)(c - o - 2);
        const char *name = o + 2;
#define IS(s) (n == sizeof(s) - 1 && memcmp(name, s, n) == 0)
        if (IS("title"))
            esc(out, d->title);
        else if (IS("subtitle"))
            esc(out, d->subtitle);
        else if (IS("vendor"))
            esc(out, d->vendor);
        else if (IS("author"))
            esc(out, d->author);
        else if (IS("date"))
            esc(out, d->date_text);
        else if (IS("version"))
            esc(out, PS_VERSION);
        else if (IS("footer")) {
            ps_buf f = {0};
            const ps_msg_field fl[] = {{"title", d->title}, {"version", PS_VERSION}};
            ps_msg_fill(&f, ps_msg(d->lang, PS_MSG_FOOTER), fl, 2);
            esc(out, f.data);
            ps_buf_fini(&f);
        } else if (IS("lang"))
            esc(out, ps_doc_lang(d));
        else if (IS("watermark")) {
            if (d->watermark) { /* the mark as generated content (never selected, copied or read out), the line as text */
                ps_buf_puts(out, "<div class=\"watermark\" aria-hidden=\"true\" data-mark=\"");
                esc(out, d->watermark);
                ps_buf_puts(out, "\"></div>\n<p class=\"draftline\" role=\"note\">");
                doc_html_text(out, ps_doc_lang(d), ps_msg(d->lang, PS_MSG_DRAFT_NOTE));
                ps_buf_puts(out, "</p>");
            }
        } else if (IS("cover_notes")) {
            if (d->ncover_notes)
                ps_buf_puts(out, "<div class=\"legal\">\n");
            for (size_t i = 0; i < d->ncover_notes; i++) {
                ps_buf_puts(out, "<p class=\"legal\">");
                doc_html_text(out, ps_doc_lang(d), d->cover_notes[i]);
                ps_buf_puts(out, "</p>\n");
            }
            if (d->ncover_notes)
                ps_buf_puts(out, "</div>");
        } else if (IS("contents"))
            esc(out, ps_msg(d->lang, PS_MSG_CONTENTS));
        else if (IS("paper"))
            ps_buf_puts(out, d->paper_letter ? "letter" : "A4");
        else if (IS("css"))
            ps_buf_puts(out, css);
        else if (IS("toc"))
            toc(d, out);
        else if (IS("lists"))
            doc_html_figure_lists(out, d);
        else if (IS("logo")) {
            if (d->logo)
                doc_html_image(out, d->logo, d->vendor, "logo");
        } else if (IS("header_logo")) {
            if (d->logo)
                doc_html_image(out, d->logo, d->vendor, "header-logo");
        } else if (IS("body")) {
            int rc = body(d, out, w);
            if (rc)
                return rc;
        } else
            return ps_error_set(err, PS_EINPUT, "report.html", line, 0, "unknown placeholder '{{%.*s}}'", (int)n, name);
#undef IS
        p = c + 2;
    }
}

int ps_doc_render_html(const ps_doc *d, FILE *fp, ps_warnings *w, ps_error *err)
{
    char *tpl = NULL, *css = NULL;
    int rc = doc_template_load(d->template_dir, "report.html", &tpl, err);
    if (!rc)
        rc = doc_template_load(d->template_dir, "report.css", &css, err);
    ps_buf out = {0};
    if (!rc)
        rc = expand(d, tpl, css, &out, w, err);
    if (!rc && out.len && fwrite(out.data, 1, out.len, fp) != out.len)
        rc = ps_error_set(err, PS_EIO, NULL, 0, 0, "write error");
    ps_buf_fini(&out);
    free(tpl);
    free(css);
    return rc;
}

static const struct {
    enum ps_format f;
    ps_doc_render_fn fn;
} renderers[] = {
    {PS_FMT_HTML, ps_doc_render_html},
    {PS_FMT_PDF, ps_doc_render_pdf},
};

ps_doc_render_fn ps_doc_renderer(enum ps_format f)
{
    for (size_t i = 0; i < sizeof renderers / sizeof renderers[0]; i++)
        if (renderers[i].f == f)
            return renderers[i].fn;
    return NULL;
}
