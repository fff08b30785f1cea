/* paper_pdf_streams.c - the inflated size of a PDF's compressed streams, bounded before poppler
 * reads the file (issue 31 item 10: a 2 MB PDF whose content inflates to 2 GB took 15 s).
 *
 * The data of every stream that inflates (zlib: FlateDecode) is inflated here into a scratch
 * buffer, counting bytes, and so is that output while it inflates again (a chain of FlateDecode
 * filters, up to PDF_MAX_FILTERS stages). Stream dictionaries are not read: a hostile file
 * could call a page's content an image or hide its /Filter; data that does not inflate (JPEG
 * images, plain streams) ends at its first bytes. One stream may inflate to
 * PDF_STREAM_INFLATED_MAX bytes (a page's content: the per-page bound), all of them together to
 * PDF_INFLATED_MAX (the per-document bound); each stage of a chain counts. The scan is linear:
 * each "stream" keyword is looked at once and the search goes on after the compressed data an
 * inflate consumed; each inflate stops at the bounds. */
#include "ps_paper_pdf.h"
#include "ps_parser.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define PDF_STREAM_INFLATED_MAX (64u << 20) /* one stream, e.g. a page's content */
#define PDF_INFLATED_MAX (256u << 20) /* the whole document (= PS_PAPER_MAX_BYTES) */
#define PDF_MAX_FILTERS 4 /* FlateDecode stages measured in one chain */
#define PDF_CHUNK 65536

/* First occurrence of word in p[0..end) (words are short: linear in the text), NULL if none. */
static const unsigned char *find(const unsigned char *p, const unsigned char *end, const char *word)
{
    size_t n = strlen(word);
    while (end - p >= (ptrdiff_t)n) {
        const unsigned char *c = memchr(p, word[0], (size_t)(end - p) - n + 1);
        if (!c)
            return NULL;
        if (memcmp(c, word, n) == 0)
            return c;
        p = c + 1;
    }
    return NULL;
}

/* A chain of FlateDecode stages: each stage's output is the next stage's input. */
typedef struct chain {
    z_stream z[PDF_MAX_FILTERS];
    unsigned char buf[PDF_MAX_FILTERS][PDF_CHUNK];
    int n, ended[PDF_MAX_FILTERS], over;
    size_t total, doc_before; /* bytes out of every stage of this stream; of the streams before */
} chain;

/* Inflate in[0..len) through stage k and the stages after it, counting every stage's output;
 * stops at the bounds. Returns the bytes of in consumed. */
static size_t feed(chain *c, int k, const unsigned char *in, size_t len)
{
    z_stream *z = &c->z[k];
    z->next_in = (Bytef *)in;
    z->avail_in = len > UINT32_MAX ? UINT32_MAX : (uInt)len;
    while (!c->over && !c->ended[k]) {
        z->next_out = c->buf[k];
        z->avail_out = PDF_CHUNK;
        int r = inflate(z, Z_NO_FLUSH);
        size_t got = PDF_CHUNK - z->avail_out;
        c->total += got;
        c->over = c->total > PDF_STREAM_INFLATED_MAX || c->doc_before + c->total > PDF_INFLATED_MAX;
        if (got && k + 1 < c->n && !c->over)
            feed(c, k + 1, c->buf[k], got); /* takes all of it before buf[k] is written again */
        if (r != Z_OK && r != Z_BUF_ERROR)
            c->ended[k] = 1; /* the end of the stage's data, or data it cannot read */
        else if (!got)
            break; /* all input taken */
    }
    return len - z->avail_in;
}

/* Inflate the chain of n stages over in[0..len): *used = compressed bytes consumed, *stream_total
 * = the output of every stage. 1 when a bound was passed. */
static int inflate_chain(const unsigned char *in, size_t len, int n, size_t *used, size_t *stream_total,
                         size_t doc_before)
{
    chain *c = ps_xcalloc(1, sizeof *c);
    c->doc_before = doc_before;
    for (c->n = 0; c->n < n && inflateInit(&c->z[c->n]) == Z_OK; c->n++)
        ;
    *used = c->n ? feed(c, 0, in, len) : 0;
    *stream_total = c->total;
    int over = c->over;
    for (int k = 0; k < c->n; k++)
        inflateEnd(&c->z[k]);
    free(c);
    return over;
}

int ps_pdf_streams_check(const char *name, const void *data, size_t len, ps_error *err)
{
    const unsigned char *p = data, *end = p + len, *from = p;
    size_t total = 0;
    for (const unsigned char *s; (s = find(from, end, "stream")) != NULL;) {
        const unsigned char *next = s + 6;
        /* "endstream" is no start; the data begins after CRLF or LF */
        int is_start = !(s - p >= 3 && memcmp(s - 3, "end", 3) == 0) && next < end &&
                       (*next == '\n' || (*next == '\r' && next + 1 < end && next[1] == '\n'));
        if (is_start) {
            /* whatever the dictionary says (it is not trusted: a content stream may call itself
             * an image), data that inflates is measured, and so is its output while that
             * inflates again (a chain of FlateDecode filters) */
            next += *next == '\r' ? 2 : 1;
            size_t used = 0, got = 0;
            if (inflate_chain(next, (size_t)(end - next), PDF_MAX_FILTERS, &used, &got, total))
                return ps_error_set(
                    err, PS_EINPUT, name, 0, 0, "PDF stream at byte %zu inflates to more than %u MiB (%s); refused",
                    (size_t)(s - p), (got > PDF_STREAM_INFLATED_MAX ? PDF_STREAM_INFLATED_MAX : PDF_INFLATED_MAX) >> 20,
                    got > PDF_STREAM_INFLATED_MAX ? "the bound of one stream" : "the bound of the whole document");
            total += got;
            next += used;
        }
        from = next;
    }
    return PS_OK;
}
