/* paper_html.c - ESRP papers given as HTML (perfscribe's own HTML output or a vendor's): the text
 * rebuilt into the lines a browser shows, then read by the text pipeline (paper.c) like the lines
 * of a PDF (paper_pdf.c). A table row is one line with its cells separated by a TAB; a paragraph,
 * heading, caption or list item is a line; <pre> keeps its lines. Nothing that is not shown as
 * text is read: <head>, <script>, <style>, <template> and <svg> (a chart's glyph outlines, its
 * accessible description) are skipped, and so is <nav> (contents, lists of figures and tables). Every location is mapped back to the line of the HTML
 * source. The walk is iterative: a deeply nested hostile file cannot exhaust the stack. */
#include "paper_internal.h"
#include "ps_parser.h"

#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define SNIFF_BYTES 1024

/* Elements whose text is not shown, and navigation (<nav>: contents and lists of figures and
 * tables name sections, they state nothing, as a PDF's dot-leader lines). */
static const char *const skipped[] = {"head", "script", "style", "template", "svg", "noscript", "nav"};
/* Elements that start and end a line. */
static const char *const blocks[] = {
    "p",  "div",   "h1",      "h2",      "h3",      "h4",      "h5",     "h6",         "li",
    "tr", "table", "caption", "section", "article", "header",  "footer", "main",       "aside",
    "ul", "ol",    "dl",      "dt",      "dd",      "pre",     "figure", "figcaption", "blockquote",
    "hr", "br",    "thead",   "tbody",   "tfoot",   "address", "title",  "body",       "html"};

static int in_list(const xmlChar *name, const char *const *list, size_t n)
{
    for (size_t i = 0; name && i < n; i++)
        if (strcasecmp((const char *)name, list[i]) == 0)
            return 1;
    return 0;
}

int ps_paper_is_html(const unsigned char *head, size_t n)
{
    n = n < SNIFF_BYTES ? n : SNIFF_BYTES;
    static const char *const marks[] = {"<!doctype html", "<html"};
    for (size_t i = 0; i < n; i++)
        for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++) {
            size_t ml = strlen(marks[k]);
            if (i + ml <= n && strncasecmp((const char *)head + i, marks[k], ml) == 0)
                return 1;
        }
    return 0;
}

typedef struct hw {
    ps_buf text;
    long *loc;
    size_t nlines, cap;
    size_t line_start; /* offset of the current line in text */
    long line_loc; /* source line of the current line's first text */
    int pre; /* inside <pre>: newlines kept */
    int space; /* a space is due before the next word */
} hw;

static void end_line(hw *h)
{
    if (h->text.len == h->line_start)
        return;
    while (h->text.len > h->line_start &&
           (h->text.data[h->text.len - 1] == ' ' || h->text.data[h->text.len - 1] == '\t'))
        h->text.len--;
    ps_buf_putc(&h->text, '\n');
    if (h->nlines == h->cap) {
        h->cap = h->cap ? 2 * h->cap : 256;
        h->loc = ps_xrealloc(h->loc, h->cap * sizeof *h->loc);
    }
    h->loc[h->nlines++] = h->line_loc;
    h->line_start = h->text.len;
    h->space = 0;
}

static void put_text(hw *h, const char *s, long line)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '\n' && h->pre) {
            end_line(h);
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
            h->space = h->text.len > h->line_start;
            continue;
        }
        if (h->text.len == h->line_start)
            h->line_loc = line;
        else if (h->space && h->text.data[h->text.len - 1] != '\t')
            ps_buf_putc(&h->text, ' ');
        h->space = 0;
        ps_buf_putc(&h->text, (char)c);
    }
}

static long node_line(const xmlNode *n)
{
    for (; n; n = n->parent) {
        long l = xmlGetLineNo(n);
        if (l > 0)
            return l;
    }
    return 1;
}

static void enter(hw *h, const xmlNode *n)
{
    if (in_list(n->name, blocks, sizeof blocks / sizeof blocks[0]))
        end_line(h);
    else if ((strcasecmp((const char *)n->name, "td") == 0 || strcasecmp((const char *)n->name, "th") == 0) &&
             h->text.len > h->line_start) {
        ps_buf_putc(&h->text, '\t');
        h->space = 0;
    }
    if (strcasecmp((const char *)n->name, "pre") == 0)
        h->pre++;
}

static void leave(hw *h, const xmlNode *n)
{
    if (strcasecmp((const char *)n->name, "pre") == 0 && h->pre > 0)
        h->pre--;
    if (in_list(n->name, blocks, sizeof blocks / sizeof blocks[0]))
        end_line(h);
}

/* Depth-first over the tree without recursion. */
static void walk(hw *h, xmlNode *root)
{
    xmlNode *n = root;
    while (n) {
        int descend = 0;
        if (n->type == XML_ELEMENT_NODE && !in_list(n->name, skipped, sizeof skipped / sizeof skipped[0])) {
            enter(h, n);
            descend = n->children != NULL;
            if (!descend)
                leave(h, n);
        } else if ((n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) && n->content)
            put_text(h, (const char *)n->content, node_line(n));
        if (descend) {
            n = n->children;
            continue;
        }
        while (n && n != root && !n->next) {
            n = n->parent;
            if (n && n->type == XML_ELEMENT_NODE)
                leave(h, n);
        }
        if (!n || n == root)
            break;
        n = n->next;
    }
    end_line(h);
}

int ps_paper_parse_html(const char *name, const void *data, size_t len, ps_paper **out, ps_warnings *w, ps_error *err)
{
    *out = NULL;
    /* a page that declares no charset is UTF-8 here (libxml2 would assume Latin-1) */
    const char *enc = "UTF-8";
    for (size_t i = 0; i + 7 <= len && i < SNIFF_BYTES; i++)
        if (strncasecmp((const char *)data + i, "charset", 7) == 0)
            enc = NULL;
    if (len > (size_t)INT32_MAX)
        return ps_error_set(err, PS_EINPUT, name, 0, 0, "HTML paper too large");
    htmlDocPtr doc =
        htmlReadMemory(data, (int)len, NULL, enc, HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING);
    xmlNode *root = doc ? xmlDocGetRootElement(doc) : NULL;
    if (!root) {
        if (doc)
            xmlFreeDoc(doc);
        return ps_error_set(err, PS_EINPUT, name, 0, 0, "not a readable HTML document");
    }
    hw h = {0};
    walk(&h, root);
    xmlFreeDoc(doc);
    int rc = h.text.len ? ps_paper_parse(name, h.text.data, h.text.len, out, w, err)
                        : ps_error_set(err, PS_EINPUT, name, 0, 0, "no text in the HTML paper");
    if (!rc)
        paper_remap_lines(*out, h.loc, h.nlines);
    ps_buf_fini(&h.text);
    free(h.loc);
    return rc;
}
