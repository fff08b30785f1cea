/* font_sfnt.c - one TrueType face read into memory: table directory (also inside a .ttc
 * collection), the Unicode cmap (format 12 or 4) as a BMP lookup table, advance widths. */
#include "font_internal.h"
#include "ps_io.h"

#include <stdlib.h>
#include <string.h>

const char *const sfnt_tags[SFNT_NTAGS] = {"OS/2", "cmap", "cvt ", "fpgm", "glyf", "head", "hhea",
                                           "hmtx", "loca", "maxp", "name", "post", "prep"};

static int bad(ps_error *err, const char *path, const char *what)
{
    return ps_error_set(err, PS_EINPUT, path, 0, 0, "not a usable TrueType font: %s", what);
}

/* BMP lookup from a format-4 subtable at p (n bytes). */
static void cmap4(ps_sfnt *f, const unsigned char *p, size_t n)
{
    if (n < 16)
        return;
    unsigned segs = sfnt_u16(p + 6) / 2;
    if (16 + (size_t)segs * 8 > n)
        return;
    const unsigned char *ends = p + 14, *starts = ends + segs * 2 + 2, *deltas = starts + segs * 2,
                        *offs = deltas + segs * 2;
    for (unsigned s = 0; s < segs; s++) {
        unsigned end = sfnt_u16(ends + 2 * s), start = sfnt_u16(starts + 2 * s), delta = sfnt_u16(deltas + 2 * s),
                 ro = sfnt_u16(offs + 2 * s);
        for (unsigned cp = start; cp <= end && cp < 0xFFFF; cp++) {
            unsigned g;
            if (ro == 0) {
                g = (cp + delta) & 0xFFFF;
            } else {
                size_t at = (size_t)(offs + 2 * s - p) + ro + 2 * (size_t)(cp - start);
                if (at + 2 > n)
                    break;
                g = sfnt_u16(p + at);
                if (g)
                    g = (g + delta) & 0xFFFF;
            }
            if (g < f->nglyphs)
                f->map[cp] = (uint16_t)g;
        }
    }
}

/* BMP part of a format-12 subtable. */
static void cmap12(ps_sfnt *f, const unsigned char *p, size_t n)
{
    if (n < 16)
        return;
    uint32_t groups = sfnt_u32(p + 12);
    if (groups > (n - 16) / 12)
        return;
    for (uint32_t i = 0; i < groups; i++) {
        const unsigned char *g = p + 16 + 12 * (size_t)i;
        uint32_t lo = sfnt_u32(g), hi = sfnt_u32(g + 4), gid = sfnt_u32(g + 8);
        for (uint32_t cp = lo; cp <= hi && cp < 0xFFFF; cp++)
            if (gid + (cp - lo) < f->nglyphs)
                f->map[cp] = (uint16_t)(gid + (cp - lo));
    }
}

static int load_cmap(ps_sfnt *f)
{
    const unsigned char *cm = f->data + f->tab[T_CMAP].off;
    size_t len = f->tab[T_CMAP].len;
    if (len < 4)
        return -1;
    const unsigned char *best = NULL;
    size_t best_len = 0;
    int best_rank = 0;
    for (unsigned k = 0, nsub = sfnt_u16(cm + 2); k < nsub && 4 + (size_t)k * 8 + 8 <= len; k++) {
        unsigned plat = sfnt_u16(cm + 4 + k * 8), enc = sfnt_u16(cm + 6 + k * 8);
        uint32_t so = sfnt_u32(cm + 8 + k * 8);
        if (so + 8 > len)
            continue;
        unsigned fmt = sfnt_u16(cm + so);
        int rank = fmt == 12 && (plat == 0 || (plat == 3 && enc == 10)) ? 2
                   : fmt == 4 && (plat == 0 || (plat == 3 && enc == 1)) ? 1
                                                                        : 0;
        if (rank > best_rank) {
            best_rank = rank;
            best = cm + so;
            best_len = len - so;
        }
    }
    if (!best)
        return -1;
    if (best_rank == 2)
        cmap12(f, best, best_len);
    else
        cmap4(f, best, best_len);
    return 0;
}

/* Largest font file read (a TrueType CJK font is 5 to 25 MiB). */
#define SFNT_MAX_BYTES ((size_t)64 * 1024 * 1024)

int ps_sfnt_open(const char *path, int index, ps_sfnt **out, ps_error *err)
{
    *out = NULL;
    ps_buf b = {0};
    int rd = ps_buf_read_file(&b, path, SFNT_MAX_BYTES);
    if (rd || b.len < 12) {
        ps_buf_fini(&b);
        return rd == PS_READ_ETOOBIG ? ps_error_set(err, PS_EINPUT, path, 0, 0, "font file larger than 64 MiB")
                                     : ps_error_set(err, PS_EIO, path, 0, 0, "cannot read the font file");
    }
    ps_sfnt *f = ps_xcalloc(1, sizeof *f);
    f->len = b.len;
    f->data = (unsigned char *)ps_buf_steal(&b);
    int rc = 0;
    const unsigned char *d = f->data;
    if (memcmp(d, "ttcf", 4) == 0) {
        uint32_t n = sfnt_u32(d + 8);
        if (index < 0 || (uint32_t)index >= n || 12 + 4 * (size_t)n > f->len)
            rc = bad(err, path, "no such face in the collection");
        else
            f->base = sfnt_u32(d + 12 + 4 * (size_t)index);
    }
    if (!rc && (f->base + 12 > f->len || sfnt_u32(d + f->base) != 0x00010000))
        rc = bad(err, path, "CFF or unknown outlines (libharu embeds TrueType glyf outlines only)");
    unsigned ntab = rc ? 0 : sfnt_u16(d + f->base + 4);
    for (unsigned i = 0; i < ntab && f->base + 12 + 16 * (size_t)(i + 1) <= f->len; i++) {
        const unsigned char *rec = d + f->base + 12 + 16 * i;
        for (int t = 0; t < SFNT_NTAGS; t++)
            if (memcmp(rec, sfnt_tags[t], 4) == 0) {
                uint32_t off = sfnt_u32(rec + 8), len = sfnt_u32(rec + 12);
                if (off <= f->len && len <= f->len - off) {
                    f->tab[t].off = off;
                    f->tab[t].len = len;
                    f->tab[t].present = 1;
                }
            }
    }
    static const int need[] = {T_HEAD, T_HHEA, T_MAXP, T_HMTX, T_LOCA, T_GLYF, T_CMAP};
    for (size_t i = 0; !rc && i < sizeof need / sizeof need[0]; i++)
        if (!f->tab[need[i]].present)
            rc = bad(err, path, "a required table (head, hhea, maxp, hmtx, loca, glyf, cmap) is missing");
    if (!rc && (f->tab[T_HEAD].len < 54 || f->tab[T_HHEA].len < 36 || f->tab[T_MAXP].len < 6))
        rc = bad(err, path, "truncated head, hhea or maxp table");
    if (!rc) {
        f->upem = sfnt_u16(d + f->tab[T_HEAD].off + 18);
        f->loca_long = sfnt_u16(d + f->tab[T_HEAD].off + 50) != 0;
        f->nglyphs = sfnt_u16(d + f->tab[T_MAXP].off + 4);
        f->nhmetrics = sfnt_u16(d + f->tab[T_HHEA].off + 34);
        if (!f->upem || !f->nglyphs || !f->nhmetrics || f->nhmetrics > f->nglyphs ||
            (size_t)f->nhmetrics * 4 > f->tab[T_HMTX].len ||
            (size_t)(f->nglyphs + 1) * (f->loca_long ? 4 : 2) > f->tab[T_LOCA].len)
            rc = bad(err, path, "inconsistent glyph counts");
    }
    if (!rc) {
        f->map = ps_xcalloc(0x10000, sizeof *f->map);
        if (load_cmap(f) != 0)
            rc = bad(err, path, "no Unicode cmap");
    }
    if (rc) {
        ps_sfnt_free(f);
        return rc;
    }
    *out = f;
    return 0;
}

void ps_sfnt_free(ps_sfnt *f)
{
    if (!f)
        return;
    free(f->data);
    free(f->map);
    free(f);
}

unsigned ps_sfnt_glyph(const ps_sfnt *f, uint32_t cp)
{
    return cp < 0xFFFF ? f->map[cp] : 0;
}

unsigned ps_sfnt_nglyphs(const ps_sfnt *f)
{
    return f->nglyphs;
}

int ps_sfnt_advance(const ps_sfnt *f, unsigned gid)
{
    unsigned i = gid < f->nhmetrics ? gid : f->nhmetrics - 1;
    unsigned adv = sfnt_u16(f->data + f->tab[T_HMTX].off + 4 * (size_t)i);
    return (int)((uint32_t)adv * 1000 / f->upem);
}

int sfnt_glyph_range(const ps_sfnt *f, unsigned gid, uint32_t *off, uint32_t *len)
{
    const unsigned char *loca = f->data + f->tab[T_LOCA].off;
    uint32_t a, b;
    if (f->loca_long) {
        a = sfnt_u32(loca + 4 * (size_t)gid);
        b = sfnt_u32(loca + 4 * (size_t)gid + 4);
    } else {
        a = 2u * sfnt_u16(loca + 2 * (size_t)gid);
        b = 2u * sfnt_u16(loca + 2 * (size_t)gid + 2);
    }
    if (b < a || b > f->tab[T_GLYF].len)
        return -1;
    *off = f->tab[T_GLYF].off + a;
    *len = b - a;
    return 0;
}
