/* Vendor text (CommonMark) mapped to document blocks (render/doc/doc_markdown.c) and the image
 * checks (render/doc/doc_image.c) on bytes made here. Expected blocks are written out by hand
 * from the CommonMark rules. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "doc_build.h"

static ps_doc *doc_new(void)
{
    return ps_xcalloc(1, sizeof(ps_doc));
}

static ps_doc *md(const char *text, int level)
{
    ps_doc *d = doc_new();
    ps_error err = {0};
    cr_assert_eq(doc_markdown(d, text, level, "/nonexistent/sol.ini", 10, &err), 0, "%s", err.msg);
    return d;
}

Test(doc_markdown, blocks_and_levels)
{
    ps_doc *d = md("Intro with *em*, **strong**, `code` and [a link](https://x.example/p).\n\n"
                   "# Sub\n"
                   "- one\n"
                   "- two\n"
                   "  - nested\n"
                   "\n"
                   "3. three\n"
                   "4. four\n"
                   "\n"
                   "> quoted\n",
                   1);
    cr_assert_eq(d->nblocks, 8);
    const doc_block *b = d->blocks;
    cr_assert_eq(b[0].kind, DOC_PARA);
    cr_assert_str_eq(b[0].text, "Intro with em, strong, code and a link.");
    /* runs: "Intro with " | em | ", " | strong | " " ... */
    cr_assert_eq(b[0].nruns, 9);
    cr_assert_eq(b[0].runs[1].style, DOC_EM);
    cr_assert_str_eq(b[0].runs[1].text, "em");
    cr_assert_eq(b[0].runs[3].style, DOC_STRONG);
    cr_assert_eq(b[0].runs[5].style, DOC_CODE);
    cr_assert_eq(b[0].runs[7].style, DOC_LINK);
    cr_assert_str_eq(b[0].runs[7].url, "https://x.example/p");
    cr_assert_eq(b[1].kind, DOC_HEADING);
    cr_assert_eq(b[1].level, 2); /* "#" under a level-1 section */
    cr_assert_str_eq(b[1].text, "Sub");
    cr_assert(b[2].kind == DOC_ITEM && b[2].level == 1 && b[2].number == 0 && !strcmp(b[2].text, "one"));
    cr_assert(b[3].kind == DOC_ITEM && b[3].level == 1 && !strcmp(b[3].text, "two"));
    cr_assert(b[4].kind == DOC_ITEM && b[4].level == 2 && !strcmp(b[4].text, "nested"));
    cr_assert(b[5].kind == DOC_ITEM && b[5].number == 3 && !strcmp(b[5].text, "three"));
    cr_assert(b[6].kind == DOC_ITEM && b[6].number == 4);
    cr_assert(b[7].kind == DOC_QUOTE && b[7].level == 1 && !strcmp(b[7].text, "quoted"));
    ps_doc_free(d);
}

Test(doc_markdown, raw_html_and_unsafe_links_stay_text)
{
    ps_doc *d = md("<b>x</b> [js](javascript:alert(1)) [rel](other.html)\n\n<div>block</div>\n", 1);
    cr_assert_eq(d->nblocks, 2);
    cr_assert_str_eq(d->blocks[0].text, "<b>x</b> js rel");
    for (size_t i = 0; i < d->blocks[0].nruns; i++)
        cr_assert_eq(d->blocks[0].runs[i].style & DOC_LINK, 0);
    cr_assert_eq(d->blocks[1].kind, DOC_LOG); /* an HTML block shown as written */
    cr_assert_str_eq(d->blocks[1].lines[0], "<div>block</div>");
    ps_doc_free(d);
}

Test(doc_markdown, table_with_caption)
{
    ps_doc *d = md("Table: LUNs\n\n| LUN | Size |\n|:--|--:|\n| DB1 | 1 TB |\n", 1);
    cr_assert_eq(d->nblocks, 1);
    const doc_table *t = d->blocks[0].table;
    cr_assert_not_null(t);
    cr_assert_str_eq(t->caption, "LUNs");
    cr_assert_eq(t->ncols, 2);
    cr_assert_eq(t->nrows, 2);
    cr_assert_eq(t->row_kind[0], DOC_ROW_HEAD);
    cr_assert_str_eq(t->cells[3], "1 TB");
    cr_assert(t->right[1] && !t->right[0]);
    ps_doc_free(d);
}

Test(doc_markdown, plain_text_of_a_cell)
{
    char *s = doc_markdown_plain("**64 GB** (mirrored)");
    cr_assert_str_eq(s, "64 GB (mirrored)");
    free(s);
    s = doc_markdown_plain("1. controller"); /* a list: kept as written */
    cr_assert_str_eq(s, "1. controller");
    free(s);
}

Test(doc_markdown, missing_image_is_an_error_with_its_line)
{
    ps_doc *d = doc_new();
    ps_error err = {0};
    int rc = doc_markdown(d, "text\n\n![Cap](nope.png)\n", 1, "/nonexistent/sol.ini", 10, &err);
    cr_assert_eq(rc, PS_EIO);
    cr_assert_eq(err.line, 12);
    cr_assert(strstr(err.msg, "image 'nope.png'"), "%s", err.msg);
    ps_doc_free(d);
}

/* ------------------------------------------------------------------ image checks */

static size_t chunk(unsigned char *o, const char *type, const unsigned char *data, uint32_t n)
{
    o[0] = (unsigned char)(n >> 24), o[1] = (unsigned char)(n >> 16), o[2] = (unsigned char)(n >> 8),
    o[3] = (unsigned char)n;
    memcpy(o + 4, type, 4);
    if (n)
        memcpy(o + 8, data, n);
    uint32_t crc = (uint32_t)crc32(0, o + 4, n + 4);
    o[8 + n] = (unsigned char)(crc >> 24), o[9 + n] = (unsigned char)(crc >> 16), o[10 + n] = (unsigned char)(crc >> 8),
          o[11 + n] = (unsigned char)crc;
    return 12 + n;
}

/* A w x h 8-bit RGB PNG whose IDAT inflates to `raw` bytes (w * 3 + 1) * h when right. */
static size_t make_png(unsigned char *o, uint32_t w, uint32_t h, size_t raw)
{
    size_t n = 0;
    memcpy(o, "\x89PNG\r\n\x1a\n", 8);
    n = 8;
    unsigned char ih[13] = {(unsigned char)(w >> 24),
                            (unsigned char)(w >> 16),
                            (unsigned char)(w >> 8),
                            (unsigned char)w,
                            (unsigned char)(h >> 24),
                            (unsigned char)(h >> 16),
                            (unsigned char)(h >> 8),
                            (unsigned char)h,
                            8,
                            2,
                            0,
                            0,
                            0};
    n += chunk(o + n, "IHDR", ih, 13);
    unsigned char *zero = calloc(raw, 1), z[4096];
    uLongf zn = sizeof z;
    compress(z, &zn, zero, raw);
    free(zero);
    n += chunk(o + n, "IDAT", z, (uint32_t)zn);
    n += chunk(o + n, "IEND", NULL, 0);
    return n;
}

Test(doc_image, png_checks)
{
    unsigned char buf[8192];
    enum doc_image_type type;
    unsigned w, h;
    const char *why = NULL;
    size_t n = make_png(buf, 4, 3, (4 * 3 + 1) * 3);
    cr_assert(doc_image_check(buf, n, &type, &w, &h, &why), "%s", why);
    cr_assert(type == DOC_IMAGE_PNG && w == 4 && h == 3);
    cr_assert_not(doc_image_check(buf, n - 5, &type, &w, &h, &why)); /* IEND cut */
    n = make_png(buf, 4, 3, (4 * 3 + 1) * 2); /* one row short */
    cr_assert_not(doc_image_check(buf, n, &type, &w, &h, &why));
    cr_assert_str_eq(why, "corrupt PNG (the pixel data does not inflate to the image size)");
    n = make_png(buf, 30000, 30000, 16);
    cr_assert_not(doc_image_check(buf, n, &type, &w, &h, &why));
    cr_assert(strstr(why, "too large"));
    n = make_png(buf, 4, 3, (4 * 3 + 1) * 3);
    buf[40] ^= 1; /* a byte of IDAT: its CRC no longer matches */
    cr_assert_not(doc_image_check(buf, n, &type, &w, &h, &why));
    cr_assert_str_eq(why, "corrupt PNG (chunk CRC mismatch)");
}

Test(doc_image, jpeg_checks)
{
    /* SOI, SOF0 (8-bit, 2 x 3 pixels, 1 component), SOS, one entropy byte, EOI */
    static const unsigned char ok[] = {0xFF, 0xD8, 0xFF, 0xC0, 0, 11, 8, 0, 3, 0,  2, 1,    1,    0x11,
                                       0,    0xFF, 0xDA, 0,    8, 1,  1, 0, 0, 63, 0, 0x12, 0xFF, 0xD9};
    enum doc_image_type type;
    unsigned w, h;
    const char *why = NULL;
    cr_assert(doc_image_check(ok, sizeof ok, &type, &w, &h, &why), "%s", why);
    cr_assert(type == DOC_IMAGE_JPEG && w == 2 && h == 3);
    unsigned char bad[sizeof ok];
    memcpy(bad, ok, sizeof ok);
    bad[3] = 0x01; /* not a segment marker */
    cr_assert_not(doc_image_check(bad, sizeof bad, &type, &w, &h, &why));
    cr_assert_str_eq(why, "corrupt JPEG (bad marker)");
    memcpy(bad, ok, sizeof ok);
    bad[3] = 0xC3; /* lossless coding */
    cr_assert_not(doc_image_check(bad, sizeof bad, &type, &w, &h, &why));
    cr_assert(strstr(why, "unsupported JPEG coding"));
    cr_assert_not(doc_image_check(ok, sizeof ok - 2, &type, &w, &h, &why)); /* no EOI */
    cr_assert_not(doc_image_check((const unsigned char *)"GIF89a", 6, &type, &w, &h, &why));
    cr_assert_str_eq(why, "not a PNG or JPEG image");
}

Test(doc_image, png_pixel_data_over_many_chunks_and_buffers)
{
    /* 400 x 300 RGB: 361,200 raw bytes (several inflate buffers), the zlib stream split into
     * IDAT chunks of 100 bytes */
    static unsigned char out[65536];
    size_t raw = (400 * 3 + 1) * 300, n = 8;
    unsigned char *zero = calloc(raw, 1), z[8192];
    uLongf zn = sizeof z;
    cr_assert_eq(compress(z, &zn, zero, raw), Z_OK);
    free(zero);
    memcpy(out, "\x89PNG\r\n\x1a\n", 8);
    unsigned char ih[13] = {0, 0, 400 >> 8, 400 & 255, 0, 0, 300 >> 8, 300 & 255, 8, 2, 0, 0, 0};
    n += chunk(out + n, "IHDR", ih, 13);
    for (size_t off = 0; off < zn; off += 100)
        n += chunk(out + n, "IDAT", z + off, (uint32_t)(zn - off < 100 ? zn - off : 100));
    n += chunk(out + n, "IEND", NULL, 0);
    enum doc_image_type type;
    unsigned w, h;
    const char *why = NULL;
    cr_assert(doc_image_check(out, n, &type, &w, &h, &why), "%s", why);
    cr_assert(w == 400 && h == 300);
}
