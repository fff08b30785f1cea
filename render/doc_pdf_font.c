/* doc_pdf_font.c - which characters the embedded TrueType fonts can draw (cmap format 4 of
 * the (3,1) or (0,x) subtable), and replacing the others by '?'. */
#include "doc_pdf_internal.h"

#include <stdlib.h>
#include <string.h>

static unsigned u16(const unsigned char *p) { return (unsigned)p[0] << 8 | p[1]; }
static unsigned long u32(const unsigned char *p) { return (unsigned long)u16(p) << 16 | u16(p + 2); }

/* Largest font file read (a TrueType CJK font is 5 to 25 MiB). */
#define PDF_FONT_MAX_BYTES (64u * 1024u * 1024u)

static int read_file(const char *path, unsigned char **data, size_t *len)
{
    ps_buf b = {0};
    if (ps_buf_read_file(&b, path, PDF_FONT_MAX_BYTES) || !b.len) {
        ps_buf_free(&b);
        return -1;
    }
    *len = b.len;
    *data = (unsigned char *)ps_buf_steal(&b);
    return 0;
}

/* Set the bits of one format-4 subtable at p (n bytes available). */
static int format4(const unsigned char *p, size_t n, unsigned char *bits)
{
    if (n < 14 || u16(p) != 4)
        return -1;
    unsigned segs = u16(p + 6) / 2;
    if (14 + (size_t)segs * 8 + 2 > n)
        return -1;
    const unsigned char *ends = p + 14, *starts = ends + segs * 2 + 2, *deltas = starts + segs * 2,
                        *offs = deltas + segs * 2;
    for (unsigned s = 0; s < segs; s++) {
        unsigned end = u16(ends + 2 * s), start = u16(starts + 2 * s), delta = u16(deltas + 2 * s),
                 ro = u16(offs + 2 * s);
        for (unsigned cp = start; cp <= end && cp < 0xFFFF; cp++) {
            unsigned glyph;
            if (ro == 0) {
                glyph = (cp + delta) & 0xFFFF;
            } else {
                size_t at = (size_t)(offs + 2 * s - p) + ro + 2 * (size_t)(cp - start);
                if (at + 2 > n)
                    break;
                glyph = u16(p + at);
                if (glyph)
                    glyph = (glyph + delta) & 0xFFFF;
            }
            if (glyph)
                bits[cp >> 3] |= (unsigned char)(1u << (cp & 7));
        }
    }
    return 0;
}

int pdf_font_coverage(const char *path, unsigned char *bitmap, int intersect)
{
    unsigned char *f;
    size_t len;
    if (read_file(path, &f, &len))
        return -1;
    int rc = -1;
    unsigned ntables = len >= 12 ? u16(f + 4) : 0;
    for (unsigned i = 0; i < ntables && 12 + (size_t)i * 16 + 16 <= len; i++) {
        const unsigned char *rec = f + 12 + i * 16;
        if (memcmp(rec, "cmap", 4) != 0)
            continue;
        unsigned long off = u32(rec + 8), tlen = u32(rec + 12);
        if (off + tlen > len || tlen < 4)
            break;
        const unsigned char *cm = f + off;
        unsigned nsub = u16(cm + 2);
        for (unsigned k = 0; k < nsub && 4 + (size_t)k * 8 + 8 <= tlen; k++) {
            unsigned plat = u16(cm + 4 + k * 8), enc = u16(cm + 6 + k * 8);
            unsigned long so = u32(cm + 8 + k * 8);
            if (!((plat == 3 && enc == 1) || plat == 0) || so >= tlen)
                continue;
            unsigned char *bits = ps_xcalloc(8192, 1);
            if (format4(cm + so, tlen - so, bits) == 0) {
                for (size_t b = 0; b < 8192; b++)
                    bitmap[b] = intersect ? (unsigned char)(bitmap[b] & bits[b]) : (unsigned char)(bitmap[b] | bits[b]);
                rc = 0;
            }
            free(bits);
            if (rc == 0)
                break;
        }
        break;
    }
    free(f);
    return rc;
}

char *pdf_font_sanitize(const unsigned char *cover, const char *s, size_t *replaced)
{
    *replaced = 0;
    ps_buf b = {0};
    const unsigned char *p = (const unsigned char *)(s ? s : "");
    while (*p) {
        unsigned c = *p, cp;
        size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        int ok = len > 0;
        for (size_t k = 1; ok && k < len; k++)
            ok = (p[k] & 0xC0) == 0x80;
        if (!ok) {
            ps_buf_putc(&b, '?');
            (*replaced)++;
            p++;
            continue;
        }
        cp = len == 1 ? c : len == 2 ? (c & 0x1F) : len == 3 ? (c & 0x0F) : (c & 0x07);
        for (size_t k = 1; k < len; k++)
            cp = cp << 6 | (p[k] & 0x3F);
        if (c == '\n' || c == '\t' || (cp < 0x10000 && (cover[cp >> 3] & (1u << (cp & 7))))) {
            ps_buf_put(&b, p, len);
        } else {
            ps_buf_putc(&b, '?');
            (*replaced)++;
        }
        p += len;
    }
    if (!b.data)
        ps_buf_puts(&b, "");
    return ps_buf_steal(&b);
}
