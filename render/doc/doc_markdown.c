/* doc_markdown.c - the vendor's CommonMark text as document blocks, parsed by cmark-gfm (the
 * reference C implementation with GitHub's table extension). The tree is mapped, never rendered
 * by cmark: raw HTML becomes text that each back end escapes; links keep only http(s) and
 * mailto destinations; images become numbered figures read and checked by doc_image.c. */
#include "doc_build.h"

#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

#include <stdlib.h>
#include <string.h>

#define MAX_HEADING_LEVEL 4
/* Deepest nesting of containers the text may use: block quotes and lists together, and
 * emphasis, strong and links inside one paragraph. Every walk over the tree is recursive, so
 * the bound keeps the stack small whatever the input (60,000 '>' would overflow it); a real
 * solution text nests a few levels. Deeper text is refused with its line (docs/limits.md). */
#define MAX_NESTING 32

typedef struct md_ctx {
    ps_doc *d;
    const char *base; /* the solution file: images are relative to its folder */
    long line; /* line of the value's first line in it */
    int level; /* heading level of the section holding the text */
    int note; /* paragraphs become DOC_NOTE (table footnotes) */
    ps_error *err;
    int rc;
    doc_run *runs;
    size_t nruns; /* inline runs being collected */
    int depth; /* containers open around the node being walked */
    cmark_node **images;
    size_t nimages; /* images met in the current paragraph */
} md_ctx;

static int is_type(cmark_node *n, const char *name)
{
    return strcmp(cmark_node_get_type_string(n), name) == 0;
}

static void add_run(md_ctx *m, const char *text, unsigned style, const char *url)
{
    if (!text || !*text)
        return;
    doc_run *last = m->nruns ? &m->runs[m->nruns - 1] : NULL;
    if (last && last->style == style && ((!last->url && !url) || (last->url && url && !strcmp(last->url, url)))) {
        size_t a = strlen(last->text), b = strlen(text);
        last->text = ps_xrealloc(last->text, a + b + 1);
        memcpy(last->text + a, text, b + 1);
        return;
    }
    m->runs = ps_xrealloc(m->runs, (m->nruns + 1) * sizeof *m->runs);
    m->runs[m->nruns++] = (doc_run){ps_xstrdup(text), style, url ? ps_xstrdup(url) : NULL};
}

/* Only destinations a reader can follow safely: web pages and mail addresses. */
static int safe_url(const char *u)
{
    return u && (strncmp(u, "https://", 8) == 0 || strncmp(u, "http://", 7) == 0 || strncmp(u, "mailto:", 7) == 0);
}

/* 1 (and m->rc set) when entering n would nest deeper than MAX_NESTING. */
static int too_deep(md_ctx *m, cmark_node *n)
{
    if (m->depth < MAX_NESTING)
        return 0;
    if (!m->rc)
        m->rc = ps_error_set(m->err, PS_EINPUT, m->base, m->line + cmark_node_get_start_line(n) - 1,
                             cmark_node_get_start_column(n),
                             "text nested deeper than %d levels (block quotes, lists, emphasis, links)", MAX_NESTING);
    return 1;
}

static void inlines_at(md_ctx *m, cmark_node *n, unsigned style, const char *url);

static void inlines(md_ctx *m, cmark_node *n, unsigned style, const char *url)
{
    if (too_deep(m, n))
        return;
    m->depth++;
    inlines_at(m, n, style, url);
    m->depth--;
}

static void inlines_at(md_ctx *m, cmark_node *n, unsigned style, const char *url)
{
    for (cmark_node *k = cmark_node_first_child(n); k && !m->rc; k = cmark_node_next(k)) {
        switch (cmark_node_get_type(k)) {
        case CMARK_NODE_TEXT:
        case CMARK_NODE_HTML_INLINE: /* raw HTML is text, escaped by the back ends */
            add_run(m, cmark_node_get_literal(k), style, url);
            break;
        case CMARK_NODE_CODE: add_run(m, cmark_node_get_literal(k), style | DOC_CODE, url); break;
        case CMARK_NODE_SOFTBREAK: add_run(m, " ", style, url); break;
        case CMARK_NODE_LINEBREAK: add_run(m, "\n", style, url); break;
        case CMARK_NODE_EMPH: inlines(m, k, style | DOC_EM, url); break;
        case CMARK_NODE_STRONG: inlines(m, k, style | DOC_STRONG, url); break;
        case CMARK_NODE_LINK: {
            const char *u = cmark_node_get_url(k);
            if (safe_url(u))
                inlines(m, k, style | DOC_LINK, u);
            else
                inlines(m, k, style, url);
            break;
        }
        case CMARK_NODE_IMAGE:
            m->images = ps_xrealloc(m->images, (m->nimages + 1) * sizeof *m->images);
            m->images[m->nimages++] = k;
            break;
        default:
            inlines(m, k, style, url); /* extension inlines: their text */
            break;
        }
    }
}

/* Plain text of the collected runs. */
static char *runs_text(const doc_run *r, size_t n)
{
    ps_buf b = {0};
    for (size_t i = 0; i < n; i++)
        ps_buf_puts(&b, r[i].text);
    char *s = ps_buf_steal(&b);
    return s ? s : ps_xstrdup("");
}

/* Move the collected runs into a new block (nothing when they are only blanks). */
static doc_block *flush(md_ctx *m, enum doc_kind kind)
{
    char *text = runs_text(m->runs, m->nruns);
    int blank = text[strspn(text, " \n")] == 0;
    doc_block *b = NULL;
    if (!blank) {
        b = doc_add(m->d, kind, text);
        b->runs = m->runs;
        b->nruns = m->nruns;
    } else {
        doc_runs_free(m->runs, m->nruns);
    }
    free(text);
    m->runs = NULL;
    m->nruns = 0;
    return b;
}

/* Plain text of n's inlines. parent (may be NULL) gives the nesting so far and takes an error
 * (text nested too deep). */
static char *plain_of(md_ctx *parent, cmark_node *n)
{
    md_ctx t = {0};
    if (parent) {
        t.err = parent->err;
        t.base = parent->base;
        t.line = parent->line;
        t.depth = parent->depth;
    }
    inlines(&t, n, 0, NULL);
    if (parent && t.rc && !parent->rc)
        parent->rc = t.rc;
    char *s = runs_text(t.runs, t.nruns);
    doc_runs_free(t.runs, t.nruns);
    free(t.images);
    return s;
}

static void figures(md_ctx *m)
{
    for (size_t i = 0; i < m->nimages && !m->rc; i++) {
        cmark_node *k = m->images[i];
        doc_image *im = NULL;
        m->rc = doc_image_load(cmark_node_get_url(k), m->base, m->line + cmark_node_get_start_line(k) - 1,
                               cmark_node_get_start_column(k), &im, m->err);
        if (m->rc)
            break;
        char *caption = plain_of(m, k);
        doc_block *b = doc_add(m->d, DOC_FIGURE, caption);
        b->image = im;
        b->number = ++m->d->nfigures;
        free(caption);
    }
    free(m->images);
    m->images = NULL;
    m->nimages = 0;
}

/* "Table: caption" paragraph: the caption of the table next to it. */
static const char *table_caption_para(cmark_node *n)
{
    if (!n || cmark_node_get_type(n) != CMARK_NODE_PARAGRAPH)
        return NULL;
    cmark_node *t = cmark_node_first_child(n);
    if (!t || cmark_node_get_type(t) != CMARK_NODE_TEXT || cmark_node_next(t))
        return NULL;
    const char *s = cmark_node_get_literal(t);
    return s && strncmp(s, "Table:", 6) == 0 ? s + 6 + strspn(s + 6, " ") : NULL;
}

static const char *last_heading(const ps_doc *d)
{
    for (size_t i = d->nblocks; i-- > 0;)
        if (d->blocks[i].kind == DOC_HEADING)
            return d->blocks[i].text;
    return "Table";
}

static void table(md_ctx *m, cmark_node *n, const char *caption)
{
    size_t ncols = cmark_gfm_extensions_get_table_columns(n);
    if (!ncols)
        return;
    const uint8_t *align = cmark_gfm_extensions_get_table_alignments(n);
    doc_table *t = doc_table_new(m->d, caption ? caption : last_heading(m->d), ncols);
    for (size_t c = 0; c < ncols; c++)
        t->right[c] = align && align[c] == 'r';
    for (cmark_node *row = cmark_node_first_child(n); row; row = cmark_node_next(row)) {
        size_t r = doc_row(t, cmark_gfm_extensions_get_table_row_is_header(row) ? DOC_ROW_HEAD : DOC_ROW_BODY);
        size_t c = 0;
        for (cmark_node *cell = cmark_node_first_child(row); cell && c < ncols; cell = cmark_node_next(cell), c++) {
            char *s = plain_of(m, cell);
            doc_cell(t, r, c, s);
            free(s);
        }
    }
}

static void blocks(md_ctx *m, cmark_node *n, int list_level, int quote);

static void list(md_ctx *m, cmark_node *n, int list_level, int quote)
{
    if (too_deep(m, n))
        return;
    m->depth++;
    int ordered = cmark_node_get_list_type(n) == CMARK_ORDERED_LIST, number = cmark_node_get_list_start(n);
    for (cmark_node *it = cmark_node_first_child(n); it && !m->rc; it = cmark_node_next(it), number++) {
        /* the item's paragraphs make one item (a blank line between them a line break) */
        for (cmark_node *k = cmark_node_first_child(it); k; k = cmark_node_next(k))
            if (cmark_node_get_type(k) == CMARK_NODE_PARAGRAPH) {
                if (m->nruns)
                    add_run(m, "\n", 0, NULL);
                inlines(m, k, 0, NULL);
            }
        doc_block *b = flush(m, DOC_ITEM);
        if (!b)
            b = doc_add(m->d, DOC_ITEM, "");
        b->level = list_level + 1;
        b->number = ordered ? (number > 0 ? number : 1) : 0;
        figures(m);
        for (cmark_node *k = cmark_node_first_child(it); k && !m->rc; k = cmark_node_next(k))
            if (cmark_node_get_type(k) != CMARK_NODE_PARAGRAPH) {
                cmark_node *one = k; /* nested lists, quotes, code: in order after the item */
                if (cmark_node_get_type(one) == CMARK_NODE_LIST)
                    list(m, one, list_level + 1, quote);
                else
                    blocks(m, one, list_level + 1, quote);
            }
    }
    m->depth--;
}

/* One block node (not its siblings); a container's children in order. */
static void blocks(md_ctx *m, cmark_node *n, int list_level, int quote)
{
    switch (cmark_node_get_type(n)) {
    case CMARK_NODE_DOCUMENT:
        for (cmark_node *k = cmark_node_first_child(n); k && !m->rc; k = cmark_node_next(k)) {
            const char *cap = table_caption_para(k);
            cmark_node *next = cmark_node_next(k);
            if (cap && next && is_type(next, "table")) { /* "Table: caption" then the table */
                char *c = ps_xstrdup(cap);
                table(m, next, c);
                free(c);
                k = next;
                continue;
            }
            blocks(m, k, list_level, quote);
        }
        break;
    case CMARK_NODE_BLOCK_QUOTE:
        if (too_deep(m, n))
            break;
        m->depth++;
        for (cmark_node *k = cmark_node_first_child(n); k && !m->rc; k = cmark_node_next(k))
            blocks(m, k, list_level, quote + 1);
        m->depth--;
        break;
    case CMARK_NODE_LIST: list(m, n, list_level, quote); break;
    case CMARK_NODE_PARAGRAPH:
        inlines(m, n, 0, NULL);
        if (quote) {
            doc_block *b = flush(m, DOC_QUOTE);
            if (b)
                b->level = quote;
        } else {
            flush(m, m->note ? DOC_NOTE : DOC_PARA);
        }
        figures(m);
        break;
    case CMARK_NODE_HEADING: {
        int level = m->level + cmark_node_get_heading_level(n);
        char *s = plain_of(m, n);
        doc_heading(m->d, level > MAX_HEADING_LEVEL ? MAX_HEADING_LEVEL : level, 0, "%s", s);
        free(s);
        break;
    }
    case CMARK_NODE_CODE_BLOCK:
    case CMARK_NODE_HTML_BLOCK: { /* shown as written: preformatted, escaped */
        doc_block *b = doc_add(m->d, DOC_LOG, NULL);
        const char *s = cmark_node_get_literal(n);
        for (const char *p = s ? s : ""; *p;) {
            size_t len = strcspn(p, "\n");
            b->lines = ps_xrealloc(b->lines, (b->nlines + 1) * sizeof *b->lines);
            b->lines[b->nlines++] = ps_xstrndup(p, len);
            p += len + (p[len] == '\n');
        }
        break;
    }
    default:
        if (is_type(n, "table"))
            table(m, n, NULL);
        break; /* thematic breaks: nothing */
    }
}

static cmark_node *parse(const char *md)
{
    cmark_gfm_core_extensions_ensure_registered();
    cmark_parser *p = cmark_parser_new(CMARK_OPT_DEFAULT);
    cmark_syntax_extension *ext = cmark_find_syntax_extension("table");
    if (ext)
        cmark_parser_attach_syntax_extension(p, ext);
    cmark_parser_feed(p, md, strlen(md));
    cmark_node *doc = cmark_parser_finish(p);
    cmark_parser_free(p);
    return doc;
}

static int run(ps_doc *d, const char *md, int level, int note, const char *base, long line, ps_error *err)
{
    md_ctx m = {.d = d, .base = base, .line = line, .level = level, .note = note, .err = err};
    cmark_node *doc = parse(md);
    blocks(&m, doc, 0, 0);
    cmark_node_free(doc);
    doc_runs_free(m.runs, m.nruns);
    free(m.images);
    return m.rc;
}

int doc_markdown(ps_doc *d, const char *md, int level, const char *base, long line, ps_error *err)
{
    return run(d, md, level, 0, base, line, err);
}

int doc_markdown_note(ps_doc *d, const char *md, const char *base, long line, ps_error *err)
{
    return run(d, md, 0, 1, base, line, err);
}

char *doc_markdown_plain(const char *md)
{
    cmark_node *doc = parse(md);
    cmark_node *k = cmark_node_first_child(doc);
    char *s = NULL;
    /* one paragraph: its text; anything else ("1. x" is a list) stays as written */
    if (k && !cmark_node_next(k) && cmark_node_get_type(k) == CMARK_NODE_PARAGRAPH)
        s = plain_of(NULL, k);
    cmark_node_free(doc);
    return s ? s : ps_xstrdup(md);
}
