/* font_internal.h - private to the font files (render/font). */
#ifndef PS_FONT_INTERNAL_H
#define PS_FONT_INTERNAL_H

#include "ps_font.h"

/* The tables a subset carries, in the (ascending) order of the table directory. */
enum sfnt_tag {
    T_OS2 = 0,
    T_CMAP,
    T_CVT,
    T_FPGM,
    T_GLYF,
    T_HEAD,
    T_HHEA,
    T_HMTX,
    T_LOCA,
    T_MAXP,
    T_NAME,
    T_POST,
    T_PREP,
    SFNT_NTAGS
};
extern const char *const sfnt_tags[SFNT_NTAGS];

struct ps_sfnt {
    unsigned char *data;
    size_t len; /* the whole file */
    size_t base; /* offset of this face's table directory */
    struct {
        uint32_t off, len;
        int present;
    } tab[SFNT_NTAGS];
    unsigned upem, nglyphs, nhmetrics;
    int loca_long;
    uint16_t *map; /* 65536 entries: BMP codepoint -> glyph */
};

static inline unsigned sfnt_u16(const unsigned char *p)
{
    return (unsigned)p[0] << 8 | p[1];
}
static inline uint32_t sfnt_u32(const unsigned char *p)
{
    return (uint32_t)sfnt_u16(p) << 16 | sfnt_u16(p + 2);
}

/* File offset and length of glyph gid's data; -1 when loca is inconsistent. */
int sfnt_glyph_range(const ps_sfnt *f, unsigned gid, uint32_t *off, uint32_t *len);

#endif
