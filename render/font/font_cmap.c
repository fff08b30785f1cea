/* font_cmap.c - the ToUnicode CMap of a font whose codes are Unicode codepoints (libharu's
 * UTF-8 text with Identity-H: 2-byte code = UCS-2 value), listing only the codes used. */
#include "ps_font.h"

#define BLOCK 100 /* entries per beginbfrange/beginbfchar block (PDF limit) */

typedef struct entry {
    uint32_t lo, hi;
} entry;

static void flush(ps_buf *out, const entry *e, size_t n, int ranges)
{
    if (!n)
        return;
    ps_buf_printf(out, "%zu begin%s\n", n, ranges ? "bfrange" : "bfchar");
    for (size_t i = 0; i < n; i++)
        if (ranges)
            ps_buf_printf(out, "<%04X> <%04X> <%04X>\n", (unsigned)e[i].lo, (unsigned)e[i].hi, (unsigned)e[i].lo);
        else
            ps_buf_printf(out, "<%04X> <%04X>\n", (unsigned)e[i].lo, (unsigned)e[i].lo);
    ps_buf_printf(out, "end%s\n", ranges ? "bfrange" : "bfchar");
}

void ps_font_tounicode_cmap(const uint32_t *cps, size_t n, ps_buf *out)
{
    ps_buf_puts(out, "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
                     "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
                     "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
                     "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n");
    entry ranges[BLOCK], chars[BLOCK];
    size_t nr = 0, nc = 0;
    for (size_t i = 0; i < n;) {
        /* a run of consecutive codes that stays inside one block of 256 (same high byte) */
        size_t j = i + 1;
        while (j < n && cps[j] == cps[j - 1] + 1 && (cps[j] >> 8) == (cps[i] >> 8))
            j++;
        if (j - i >= 2) {
            ranges[nr++] = (entry){cps[i], cps[j - 1]};
            if (nr == BLOCK) {
                flush(out, ranges, nr, 1);
                nr = 0;
            }
        } else {
            chars[nc++] = (entry){cps[i], cps[i]};
            if (nc == BLOCK) {
                flush(out, chars, nc, 0);
                nc = 0;
            }
        }
        i = j;
    }
    flush(out, ranges, nr, 1);
    flush(out, chars, nc, 0);
    ps_buf_puts(out, "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n");
}
