/* font_subset.c - a TrueType subset: the glyphs of the codepoints a document draws (plus
 * .notdef and the components of composite glyphs), renumbered in codepoint order so that the
 * new format-4 cmap is a few delta segments; glyf/loca (long offsets), hmtx, hhea, maxp and
 * head rewritten, post reduced to version 3 (no glyph names), OS/2, name and the hinting
 * tables (cvt, fpgm, prep) copied. */
#include "font_internal.h"

#include <stdlib.h>
#include <string.h>

/* composite glyph flags */
#define ARG_WORDS 0x0001
#define HAVE_SCALE 0x0008
#define MORE_COMPONENTS 0x0020
#define HAVE_XY_SCALE 0x0040
#define HAVE_2X2 0x0080

typedef struct glyphs {
    unsigned *old; /* new id -> old id */
    size_t n;
    int32_t *to_new; /* old id -> new id, -1 = not kept */
} glyphs;

static void keep(glyphs *g, unsigned old)
{
    if (g->to_new[old] >= 0)
        return;
    g->to_new[old] = (int32_t)g->n;
    g->old[g->n++] = old;
}

/* Walk the components of composite glyph data p (n bytes): fn(ctx, pointer to the 2-byte
 * glyph index) for each. -1 when truncated. */
static int components(unsigned char *p, size_t n, void (*fn)(void *ctx, unsigned char *idx), void *ctx)
{
    size_t at = 10;
    for (;;) {
        if (at + 4 > n)
            return -1;
        unsigned flags = sfnt_u16(p + at);
        fn(ctx, p + at + 2);
        at += 4 + ((flags & ARG_WORDS) ? 4 : 2);
        at += (flags & HAVE_SCALE) ? 2 : (flags & HAVE_XY_SCALE) ? 4 : (flags & HAVE_2X2) ? 8 : 0;
        if (!(flags & MORE_COMPONENTS))
            return at <= n ? 0 : -1;
    }
}

typedef struct walk {
    glyphs *g;
    const ps_sfnt *f;
    int bad;
} walk;

static void add_component(void *ctx, unsigned char *idx)
{
    walk *w = ctx;
    unsigned old = sfnt_u16(idx);
    if (old < w->f->nglyphs)
        keep(w->g, old);
    else
        w->bad = 1;
}

static void renumber(void *ctx, unsigned char *idx)
{
    const glyphs *g = ctx;
    unsigned nu = (unsigned)g->to_new[sfnt_u16(idx)];
    idx[0] = (unsigned char)(nu >> 8);
    idx[1] = (unsigned char)nu;
}

static void put16(ps_buf *b, unsigned v)
{
    unsigned char x[2] = {(unsigned char)(v >> 8), (unsigned char)v};
    ps_buf_put(b, x, 2);
}

static void put32(ps_buf *b, uint32_t v)
{
    put16(b, v >> 16);
    put16(b, v & 0xFFFF);
}

static void set16(ps_buf *b, size_t at, unsigned v)
{
    b->data[at] = (char)(unsigned char)(v >> 8);
    b->data[at + 1] = (char)(unsigned char)v;
}

static void pad4(ps_buf *b)
{
    while (b->len % 4)
        ps_buf_putc(b, 0);
}

/* Format-4 cmap (3,1) of the kept codepoints: one segment per run of consecutive codepoints
 * whose glyphs are consecutive too. */
static void write_cmap(ps_buf *t, const ps_sfnt *f, const glyphs *g, const uint32_t *cps, size_t n)
{
    size_t cap = n + 1, segs = 0;
    unsigned *start = ps_xcalloc(cap, sizeof *start), *end = ps_xcalloc(cap, sizeof *end),
             *delta = ps_xcalloc(cap, sizeof *delta);
    for (size_t i = 0; i < n; i++) {
        unsigned old = ps_sfnt_glyph(f, cps[i]);
        if (!old || (i && cps[i] == cps[i - 1]))
            continue;
        unsigned d = ((unsigned)g->to_new[old] - cps[i]) & 0xFFFF;
        if (segs && end[segs - 1] + 1 == cps[i] && delta[segs - 1] == d) {
            end[segs - 1] = cps[i];
            continue;
        }
        start[segs] = end[segs] = cps[i];
        delta[segs++] = d;
    }
    start[segs] = end[segs] = 0xFFFF;
    delta[segs++] = 1;
    unsigned range = 1, sel = 0;
    while (range * 2 <= segs) {
        range *= 2;
        sel++;
    }
    put16(t, 0); /* cmap version */
    put16(t, 1); /* one subtable */
    put16(t, 3); /* Windows */
    put16(t, 1); /* Unicode BMP */
    put32(t, 12);
    put16(t, 4);
    put16(t, (unsigned)(16 + 8 * segs));
    put16(t, 0);
    put16(t, (unsigned)(2 * segs));
    put16(t, 2 * range);
    put16(t, sel);
    put16(t, (unsigned)(2 * segs - 2 * range));
    for (size_t s = 0; s < segs; s++)
        put16(t, end[s]);
    put16(t, 0);
    for (size_t s = 0; s < segs; s++)
        put16(t, start[s]);
    for (size_t s = 0; s < segs; s++)
        put16(t, delta[s]);
    for (size_t s = 0; s < segs; s++)
        put16(t, 0);
    free(start);
    free(end);
    free(delta);
}

static void copy_table(ps_buf *t, const ps_sfnt *f, int tag)
{
    if (f->tab[tag].present)
        ps_buf_put(t, f->data + f->tab[tag].off, f->tab[tag].len);
}

static uint32_t checksum(const unsigned char *p, size_t n)
{
    uint32_t sum = 0;
    for (size_t i = 0; i < n; i += 4) {
        unsigned char w[4] = {0};
        memcpy(w, p + i, n - i < 4 ? n - i : 4);
        sum += sfnt_u32(w);
    }
    return sum;
}

/* Every table of the subset, in sfnt_tags order. */
static int build_tables(const ps_sfnt *f, glyphs *g, const uint32_t *cps, size_t n, ps_buf *t, ps_error *err)
{
    ps_buf loca = {0};
    for (size_t i = 0; i < g->n; i++) { /* glyf, growing g->old with composite components */
        uint32_t off, len;
        if (sfnt_glyph_range(f, g->old[i], &off, &len))
            return ps_error_set(err, PS_EINPUT, NULL, 0, 0, "font: bad loca entry for glyph %u", g->old[i]);
        put32(&loca, (uint32_t)t[T_GLYF].len);
        if (!len)
            continue;
        size_t at = t[T_GLYF].len;
        ps_buf_put(&t[T_GLYF], f->data + off, len);
        if (len >= 10 && (f->data[off] & 0x80)) { /* numberOfContours < 0: composite */
            walk w = {g, f, 0};
            if (components((unsigned char *)t[T_GLYF].data + at, len, add_component, &w) || w.bad) {
                ps_buf_fini(&loca);
                return ps_error_set(err, PS_EINPUT, NULL, 0, 0, "font: bad composite glyph %u", g->old[i]);
            }
        }
        pad4(&t[T_GLYF]);
    }
    put32(&loca, (uint32_t)t[T_GLYF].len);
    /* second walk: the component indices, now that every kept glyph has its new number */
    for (size_t i = 0; i < g->n; i++) {
        uint32_t a = sfnt_u32((unsigned char *)loca.data + 4 * i), b = sfnt_u32((unsigned char *)loca.data + 4 * i + 4);
        unsigned char *p = (unsigned char *)t[T_GLYF].data + a;
        if (b - a >= 10 && (p[0] & 0x80))
            components(p, b - a, renumber, g);
    }
    t[T_LOCA] = loca;
    for (size_t i = 0; i < g->n; i++) {
        unsigned old = g->old[i], m = old < f->nhmetrics ? old : f->nhmetrics - 1;
        const unsigned char *hm = f->data + f->tab[T_HMTX].off;
        put16(&t[T_HMTX], sfnt_u16(hm + 4 * m));
        size_t lsb =
            old < f->nhmetrics ? 4 * (size_t)old + 2 : 4 * (size_t)f->nhmetrics + 2 * (size_t)(old - f->nhmetrics);
        put16(&t[T_HMTX], lsb + 2 <= f->tab[T_HMTX].len ? sfnt_u16(hm + lsb) : 0);
    }
    write_cmap(&t[T_CMAP], f, g, cps, n);
    copy_table(&t[T_HHEA], f, T_HHEA);
    set16(&t[T_HHEA], 34, (unsigned)g->n);
    copy_table(&t[T_MAXP], f, T_MAXP);
    set16(&t[T_MAXP], 4, (unsigned)g->n);
    copy_table(&t[T_HEAD], f, T_HEAD);
    memset(t[T_HEAD].data + 8, 0, 4); /* checkSumAdjustment, set at the end */
    set16(&t[T_HEAD], 50, 1); /* long loca offsets */
    if (f->tab[T_POST].present && f->tab[T_POST].len >= 32)
        ps_buf_put(&t[T_POST], f->data + f->tab[T_POST].off, 32);
    else
        ps_buf_put(&t[T_POST], "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", 32);
    set16(&t[T_POST], 0, 3); /* version 3.0: no glyph names */
    set16(&t[T_POST], 2, 0);
    copy_table(&t[T_OS2], f, T_OS2);
    copy_table(&t[T_NAME], f, T_NAME);
    copy_table(&t[T_CVT], f, T_CVT);
    copy_table(&t[T_FPGM], f, T_FPGM);
    copy_table(&t[T_PREP], f, T_PREP);
    return 0;
}

int ps_sfnt_subset(const ps_sfnt *f, const uint32_t *cps, size_t n, ps_buf *out, ps_error *err)
{
    glyphs g = {ps_xcalloc(f->nglyphs + 1, sizeof *g.old), 0, ps_xmalloc((f->nglyphs + 1) * sizeof *g.to_new)};
    for (unsigned i = 0; i < f->nglyphs; i++)
        g.to_new[i] = -1;
    keep(&g, 0);
    for (size_t i = 0; i < n; i++) {
        unsigned old = ps_sfnt_glyph(f, cps[i]);
        if (old)
            keep(&g, old);
    }
    ps_buf t[SFNT_NTAGS] = {{0}};
    int rc = build_tables(f, &g, cps, n, t, err);
    if (!rc) {
        size_t base = out->len, ntab = SFNT_NTAGS, off = 12 + 16 * ntab;
        put32(out, 0x00010000);
        put16(out, (unsigned)ntab);
        put16(out, 128); /* searchRange for 13 tables: 16 * 8 */
        put16(out, 3);
        put16(out, (unsigned)(16 * ntab - 128));
        for (size_t k = 0; k < ntab; k++) {
            ps_buf_put(out, sfnt_tags[k], 4);
            put32(out, checksum((const unsigned char *)t[k].data, t[k].len));
            put32(out, (uint32_t)off);
            put32(out, (uint32_t)t[k].len);
            off += (t[k].len + 3) / 4 * 4;
        }
        size_t head_at = 0;
        for (size_t k = 0; k < ntab; k++) {
            if (k == T_HEAD)
                head_at = out->len;
            if (t[k].len)
                ps_buf_put(out, t[k].data, t[k].len);
            pad4(out);
        }
        uint32_t adj = 0xB1B0AFBAu - checksum((const unsigned char *)out->data + base, out->len - base);
        unsigned char *h = (unsigned char *)out->data + head_at + 8;
        h[0] = (unsigned char)(adj >> 24);
        h[1] = (unsigned char)(adj >> 16);
        h[2] = (unsigned char)(adj >> 8);
        h[3] = (unsigned char)adj;
    }
    for (int k = 0; k < SFNT_NTAGS; k++)
        ps_buf_fini(&t[k]);
    free(g.old);
    free(g.to_new);
    return rc;
}
