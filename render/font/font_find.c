/* font_find.c - choosing font files through fontconfig: a family by name and weight, and a
 * fallback face for a character the main font lacks. Only TrueType files qualify (libharu
 * cannot embed CFF outlines). */
#include "font_internal.h"

#include <fontconfig/fontconfig.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* Debian packages that provide a family the renderers ask for by name. */
static const struct {
    const char *family, *package;
} family_packages[] = {
    {"DejaVu Sans", "fonts-dejavu-core"},
    {"DejaVu Serif", "fonts-dejavu-core"},
    {"DejaVu Sans Mono", "fonts-dejavu-core"},
};

/* Scripts whose characters DejaVu lacks, and the Debian package with a TrueType font for them. */
static const struct {
    uint32_t lo, hi;
    const char *package;
} script_packages[] = {
    {0x0E00, 0x0E7F, "fonts-thai-tlwg-ttf"}, /* Thai */
    {0x1100, 0x11FF, "fonts-wqy-microhei"}, /* Hangul Jamo */
    {0x2E80, 0x2FDF, "fonts-wqy-microhei"}, /* CJK radicals */
    {0x3000, 0x31FF, "fonts-wqy-microhei"}, /* CJK symbols, kana, bopomofo, Hangul compat. */
    {0x3400, 0x4DBF, "fonts-wqy-microhei"}, /* CJK extension A */
    {0x4E00, 0x9FFF, "fonts-wqy-microhei"}, /* CJK unified ideographs */
    {0xAC00, 0xD7AF, "fonts-wqy-microhei"}, /* Hangul syllables */
    {0xF900, 0xFAFF, "fonts-wqy-microhei"}, /* CJK compatibility ideographs */
    {0xFF00, 0xFFEF, "fonts-wqy-microhei"}, /* half- and full-width forms */
};

const char *ps_font_package(uint32_t cp)
{
    for (size_t i = 0; i < sizeof script_packages / sizeof script_packages[0]; i++)
        if (cp >= script_packages[i].lo && cp <= script_packages[i].hi)
            return script_packages[i].package;
    return NULL;
}

static int is_truetype(FcPattern *p)
{
    FcChar8 *fmt = NULL;
    return FcPatternGetString(p, FC_FONTFORMAT, 0, &fmt) == FcResultMatch && strcmp((const char *)fmt, "TrueType") == 0;
}

static int has_family(FcPattern *p, const char *family)
{
    FcChar8 *name;
    for (int i = 0; FcPatternGetString(p, FC_FAMILY, i, &name) == FcResultMatch; i++)
        if (strcasecmp((const char *)name, family) == 0)
            return 1;
    return 0;
}

/* A usable file: fontconfig names it, it is TrueType and our reader accepts it. */
static int take(FcPattern *p, ps_font_file *out)
{
    FcChar8 *file = NULL;
    int index = 0;
    if (!is_truetype(p) || FcPatternGetString(p, FC_FILE, 0, &file) != FcResultMatch)
        return -1;
    FcPatternGetInteger(p, FC_INDEX, 0, &index);
    ps_sfnt *f = NULL;
    ps_error e = {0};
    if (ps_sfnt_open((const char *)file, index, &f, &e) != 0)
        return -1;
    ps_sfnt_free(f);
    snprintf(out->path, sizeof out->path, "%s", (const char *)file);
    out->index = index;
    int weight = FC_WEIGHT_REGULAR;
    double wd;
    if (FcPatternGetInteger(p, FC_WEIGHT, 0, &weight) != FcResultMatch &&
        FcPatternGetDouble(p, FC_WEIGHT, 0, &wd) == FcResultMatch)
        weight = (int)wd;
    out->bold = weight >= FC_WEIGHT_DEMIBOLD;
    return 0;
}

/* Fonts in fontconfig's order of preference for pattern p (destroyed). */
static FcFontSet *sorted(FcPattern *p, int bold)
{
    FcPatternAddInteger(p, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR);
    FcPatternAddInteger(p, FC_SLANT, FC_SLANT_ROMAN);
    FcConfigSubstitute(NULL, p, FcMatchPattern);
    FcDefaultSubstitute(p);
    FcResult r;
    FcFontSet *set = FcFontSort(NULL, p, FcFalse, NULL, &r);
    FcPatternDestroy(p);
    return set;
}

int ps_font_find(const char *family, int bold, ps_font_file *out, ps_error *err)
{
    if (!FcInit())
        return ps_error_set(err, PS_EIO, NULL, 0, 0, "fontconfig cannot be initialised");
    FcPattern *p = FcPatternCreate();
    FcPatternAddString(p, FC_FAMILY, (const FcChar8 *)family);
    FcFontSet *set = sorted(p, bold);
    int found = 0;
    for (int i = 0; set && i < set->nfont && !found; i++)
        found = has_family(set->fonts[i], family) && take(set->fonts[i], out) == 0;
    if (set)
        FcFontSetDestroy(set);
    if (found)
        return 0;
    const char *pkg = NULL;
    for (size_t i = 0; i < sizeof family_packages / sizeof family_packages[0] && !pkg; i++)
        if (strcasecmp(family, family_packages[i].family) == 0)
            pkg = family_packages[i].package;
    if (pkg)
        return ps_error_set(err, PS_EIO, NULL, 0, 0,
                            "font \"%s\"%s: fontconfig finds no TrueType file of it (install the Debian package %s)",
                            family, bold ? " (bold)" : "", pkg);
    return ps_error_set(err, PS_EIO, NULL, 0, 0, "font \"%s\"%s: fontconfig finds no TrueType file of it", family,
                        bold ? " (bold)" : "");
}

int ps_font_fallback(uint32_t cp, int bold, ps_font_file *out)
{
    if (!FcInit())
        return -1;
    FcPattern *p = FcPatternCreate();
    FcPatternAddString(p, FC_FAMILY, (const FcChar8 *)"sans-serif");
    FcCharSet *cs = FcCharSetCreate();
    FcCharSetAddChar(cs, cp);
    FcPatternAddCharSet(p, FC_CHARSET, cs);
    FcCharSetDestroy(cs);
    FcFontSet *set = sorted(p, bold);
    int found = 0;
    for (int i = 0; set && i < set->nfont && !found; i++) {
        FcCharSet *have = NULL;
        if (FcPatternGetCharSet(set->fonts[i], FC_CHARSET, 0, &have) != FcResultMatch || !FcCharSetHasChar(have, cp))
            continue;
        found = take(set->fonts[i], out) == 0;
    }
    if (set)
        FcFontSetDestroy(set);
    return found ? 0 : -1;
}
