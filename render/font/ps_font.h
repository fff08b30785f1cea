/* ps_font.h - fonts for the PDF writer: TrueType faces found through fontconfig, their
 * metrics, and subsets that hold only the glyphs a document draws.
 *
 * A face is one TrueType (glyf-outline) font of a .ttf file or of a .ttc collection, read into
 * memory. Only the Basic Multilingual Plane is mapped (libharu's UTF-8 text is UCS-2).
 * CFF-flavoured OpenType is refused: libharu embeds TrueType outlines only. */
#ifndef PS_FONT_H
#define PS_FONT_H

#include "ps_model.h"

#include <stdint.h>

typedef struct ps_sfnt ps_sfnt;

/* Read face index (0 for a .ttf) of the font file at path. 0 and *out (free with
 * ps_sfnt_free), PS_EIO when the file cannot be read, PS_EINPUT when it is not a TrueType
 * font with glyf outlines and a Unicode cmap. */
int ps_sfnt_open(const char *path, int index, ps_sfnt **out, ps_error *err);
void ps_sfnt_free(ps_sfnt *f);
/* Glyph of BMP codepoint cp (0 = the face has none; cp > 0xFFFF gives 0). */
unsigned ps_sfnt_glyph(const ps_sfnt *f, uint32_t cp);
/* Advance width of glyph gid in 1/1000 em, truncated as PDF /W arrays hold it. */
int ps_sfnt_advance(const ps_sfnt *f, unsigned gid);
/* Number of glyphs of the face (maxp). */
unsigned ps_sfnt_nglyphs(const ps_sfnt *f);

/* Write into out (appended) a TrueType file holding .notdef, the glyphs of the n codepoints
 * cps (ascending, BMP, each mapped by the face; others are skipped) and the components of the
 * composite ones, renumbered, with a format-4 cmap of exactly those codepoints and hinting
 * tables copied (empty when the face has none). Advance widths are unchanged. 0 or
 * PS_EINPUT (malformed glyph data). */
int ps_sfnt_subset(const ps_sfnt *f, const uint32_t *cps, size_t n, ps_buf *out, ps_error *err);

/* A font file chosen by fontconfig. */
typedef struct ps_font_file {
    char path[1024];
    int index; /* face in a collection */
    int bold; /* 1: a bold face (fontconfig weight semibold or heavier); 0: the
                                 * renderer synthesises bold from it (stroked outlines) */
} ps_font_file;

/* The face of family (e.g. "DejaVu Sans"), bold or regular, through fontconfig: the best
 * TrueType match whose family is the one asked for. PS_EIO naming the Debian package that
 * provides the family when none is installed. */
int ps_font_find(const char *family, int bold, ps_font_file *out, ps_error *err);
/* A TrueType face (sans-serif preferred, bold when asked and available: out->bold says which)
 * holding codepoint cp. 0 found, -1 none installed. */
int ps_font_fallback(uint32_t cp, int bold, ps_font_file *out);
/* Debian package with a TrueType font for cp's script (CJK, Hangul, kana, Thai), or NULL. */
const char *ps_font_package(uint32_t cp);

/* Append to out a ToUnicode CMap for a font whose 2-byte codes are the BMP codepoints cps
 * (n, ascending, no duplicates): bfrange entries for runs, bfchar for single codes, at most
 * 100 entries per block. */
void ps_font_tounicode_cmap(const uint32_t *cps, size_t n, ps_buf *out);

#endif
