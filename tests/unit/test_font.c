/* Unit tests: fontconfig look-ups, the TrueType subsetter (checked by reading the subset back
 * and with fontconfig's own reader, fc-query) and the ToUnicode CMap text. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "ps_font.h"
#include "ps_render.h"
#include "test_util.h"

static void release(void)
{
    ps_chart_release_caches();
}

static ps_sfnt *open_dejavu(void)
{
    ps_font_file ff;
    ps_error err = {0};
    if (ps_font_find("DejaVu Sans", 0, &ff, &err) != 0)
        cr_skip("DejaVu Sans not installed (fonts-dejavu-core): %s", err.msg);
    ps_sfnt *f = NULL;
    cr_assert_eq(ps_sfnt_open(ff.path, ff.index, &f, &err), 0, "%s", err.msg);
    return f;
}

Test(font, missing_family_names_the_package, .fini = release)
{
    ps_font_file ff;
    ps_error err = {0};
    cr_assert_eq(ps_font_find("No Such Family 42", 0, &ff, &err), PS_EIO);
    cr_assert(strstr(err.msg, "No Such Family 42"), "%s", err.msg);
    cr_assert_str_eq(ps_font_package(0x6E2C), "fonts-wqy-microhei"); /* 測 */
    cr_assert_str_eq(ps_font_package(0xAC00), "fonts-wqy-microhei"); /* 가 */
    cr_assert_null(ps_font_package('A'));
}

/* "Hé!" + 測 (absent from DejaVu): the subset has .notdef, H, é, ! and the components of é when
 * it is composite; widths are the original ones; 測 is skipped. */
Test(font, subset_reads_back, .fini = release)
{
    ps_sfnt *f = open_dejavu();
    static const uint32_t cps[] = {'!', 'H', 0xE9, 0x6E2C};
    ps_buf ttf = {0};
    ps_error err = {0};
    cr_assert_eq(ps_sfnt_subset(f, cps, 4, &ttf, &err), 0, "%s", err.msg);
    cr_assert_lt(ttf.len, 20000, "subset of 3 glyphs is %zu bytes", ttf.len);
    const char *path = test_write_tmp("font_subset.ttf", ttf.data, ttf.len);
    ps_sfnt *s = NULL;
    cr_assert_eq(ps_sfnt_open(path, 0, &s, &err), 0, "%s", err.msg);
    /* 1 .notdef + 3 glyphs (+ 2 components if é is composite in this DejaVu) */
    unsigned ng = ps_sfnt_nglyphs(s);
    cr_assert(ng == 4 || ng == 6, "glyph count %u", ng);
    for (size_t i = 0; i < 3; i++) {
        cr_assert_neq(ps_sfnt_glyph(s, cps[i]), 0, "U+%04X lost", (unsigned)cps[i]);
        cr_assert_eq(ps_sfnt_advance(s, ps_sfnt_glyph(s, cps[i])), ps_sfnt_advance(f, ps_sfnt_glyph(f, cps[i])));
    }
    /* glyphs numbered in codepoint order: ! = 1, H = 2, é = 3 */
    cr_assert_eq(ps_sfnt_glyph(s, '!'), 1);
    cr_assert_eq(ps_sfnt_glyph(s, 'H'), 2);
    cr_assert_eq(ps_sfnt_glyph(s, 0xE9), 3);
    cr_assert_eq(ps_sfnt_glyph(s, 'A'), 0);
    cr_assert_eq(ps_sfnt_glyph(s, 0x6E2C), 0);
    ps_sfnt_free(s);
    ps_sfnt_free(f);
    ps_buf_fini(&ttf);
    if (system("command -v fc-query >/dev/null 2>&1") != 0)
        cr_skip("fc-query not installed");
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "fc-query --format '%%{charset}' %s 2>/dev/null", path);
    char *cs = test_run_cmd(cmd);
    cr_assert_str_eq(cs, "21 48 e9", "fontconfig reads the subset's charset as '%s'", cs);
    free(cs);
}

Test(font, cjk_subset_is_small, .fini = release)
{
    ps_font_file ff;
    if (ps_font_fallback(0x6E2C, 0, &ff) != 0)
        cr_skip("no CJK TrueType font installed (fonts-wqy-microhei)");
    ps_sfnt *f = NULL;
    ps_error err = {0};
    cr_assert_eq(ps_sfnt_open(ff.path, ff.index, &f, &err), 0, "%s", err.msg);
    /* 測試伺服器 */
    static const uint32_t cps[] = {0x4F3A, 0x5668, 0x670D, 0x6E2C, 0x8A66};
    ps_buf ttf = {0};
    cr_assert_eq(ps_sfnt_subset(f, cps, 5, &ttf, &err), 0, "%s", err.msg);
    cr_assert_gt(ps_sfnt_nglyphs(f), 20000);
    cr_assert_lt(ttf.len, 40000, "5 CJK glyphs of %s give %zu bytes", ff.path, ttf.len);
    ps_buf_fini(&ttf);
    ps_sfnt_free(f);
}

Test(font, tounicode_ranges_and_chars)
{
    /* space..quote is a run, A alone, 0xFE..0x101 crosses a 256 boundary, 測 alone */
    static const uint32_t cps[] = {0x20, 0x21, 0x22, 0x41, 0xFE, 0xFF, 0x100, 0x101, 0x6E2C};
    ps_buf b = {0};
    ps_font_tounicode_cmap(cps, 9, &b);
    cr_assert(strstr(b.data, "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n"));
    cr_assert(strstr(b.data, "3 beginbfrange\n<0020> <0022> <0020>\n<00FE> <00FF> <00FE>\n<0100> <0101> <0100>\n"
                             "endbfrange\n"),
              "%s", b.data);
    cr_assert(strstr(b.data, "2 beginbfchar\n<0041> <0041>\n<6E2C> <6E2C>\nendbfchar\n"), "%s", b.data);
    cr_assert(!strstr(b.data, "cidrange"));
    ps_buf_fini(&b);
}

Test(font, tounicode_blocks_of_100)
{
    uint32_t cps[250];
    for (size_t i = 0; i < 250; i++)
        cps[i] = (uint32_t)(0x4E00 + 2 * i); /* no two consecutive: 250 bfchar entries */
    ps_buf b = {0};
    ps_font_tounicode_cmap(cps, 250, &b);
    size_t blocks = 0;
    for (const char *p = b.data; (p = strstr(p, "beginbfchar")) != NULL; p++)
        blocks++;
    cr_assert_eq(blocks, 3);
    cr_assert(strstr(b.data, "100 beginbfchar\n<4E00> <4E00>\n"));
    cr_assert(strstr(b.data, "50 beginbfchar\n<4F90> <4F90>\n"), "%s", b.data); /* 0x4E00 + 2 * 200 */
    ps_buf_fini(&b);
}
