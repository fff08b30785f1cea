/* doc_image.c - images named by the solution file (figures, the logo). They are inputs: read
 * with a size cap, noted so that no output replaces them, and checked here before libharu or a
 * browser sees them: the PNG chunk structure with CRCs, the IHDR fields and the inflated size
 * of the pixel data (zlib); the JPEG marker structure and its frame header. Dimensions are
 * limited before anything is allocated from them. */
#include "doc_build.h"
#include "ps_io.h"

#include <zlib.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static unsigned be16(const unsigned char *p)
{
    return (unsigned)p[0] << 8 | p[1];
}

static int dims_ok(unsigned w, unsigned h, const char **why)
{
    if (!w || !h)
        return *why = "width or height is 0", 0;
    if (w > DOC_IMAGE_MAX_SIDE || h > DOC_IMAGE_MAX_SIDE || (uint64_t)w * h > DOC_IMAGE_MAX_PIXELS)
        return *why = "image too large (at most 8000 pixels a side and 24 megapixels)", 0;
    return 1;
}

/* Bits per pixel of a PNG colour type at a bit depth; 0 when the pair is invalid or a depth
 * the PDF loader does not take (16 bits). */
static unsigned png_bpp(unsigned type, unsigned depth)
{
    static const struct {
        unsigned type, channels, depths;
    } t[] = {
        {0, 1, 1u << 1 | 1u << 2 | 1u << 4 | 1u << 8},
        {2, 3, 1u << 8},
        {3, 1, 1u << 1 | 1u << 2 | 1u << 4 | 1u << 8},
        {4, 2, 1u << 8},
        {6, 4, 1u << 8},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (t[i].type == type && depth < 32 && (t[i].depths >> depth & 1))
            return t[i].channels * depth;
    return 0;
}

/* Inflate the IDAT stream; 1 when it holds exactly `expect` bytes. */
static int png_pixels_ok(const unsigned char *p, size_t n, uint64_t expect)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit(&z) != Z_OK)
        return 0;
    unsigned char out[65536];
    uint64_t total = 0;
    int rc = Z_OK, ok = 1;
    for (size_t pos = 8; ok && rc != Z_STREAM_END && pos + 12 <= n;) {
        uint32_t len = be32(p + pos);
        if (memcmp(p + pos + 4, "IDAT", 4) == 0) {
            z.next_in = (unsigned char *)(p + pos + 8);
            z.avail_in = len;
            do { /* on while input is left or the last call filled the output (more may be pending) */
                z.next_out = out;
                z.avail_out = sizeof out;
                rc = inflate(&z, Z_NO_FLUSH);
                total += sizeof out - z.avail_out;
                ok = (rc == Z_OK || rc == Z_STREAM_END || rc == Z_BUF_ERROR) && total <= expect;
            } while (ok && rc == Z_OK && (z.avail_in || z.avail_out == 0));
        }
        pos += 12 + (size_t)len;
    }
    inflateEnd(&z);
    return ok && rc == Z_STREAM_END && total == expect;
}

static int check_png(const unsigned char *p, size_t n, unsigned *w, unsigned *h, const char **why)
{
    if (n < 8 + 25 || memcmp(p + 8 + 4, "IHDR", 4) != 0 || be32(p + 8) != 13)
        return *why = "truncated PNG or no IHDR header first", 0;
    const unsigned char *ih = p + 16;
    uint32_t W = be32(ih), H = be32(ih + 4);
    if (W > DOC_IMAGE_MAX_SIDE || H > DOC_IMAGE_MAX_SIDE)
        return dims_ok(DOC_IMAGE_MAX_SIDE + 1, 1, why);
    *w = W;
    *h = H;
    if (!dims_ok(*w, *h, why))
        return 0;
    unsigned depth = ih[8], type = ih[9], bpp = png_bpp(type, depth);
    if (!bpp)
        return *why = "unsupported PNG colour type or bit depth (8-bit RGB, grey or palette expected)", 0;
    if (ih[10] != 0 || ih[11] != 0 || ih[12] != 0)
        return *why = "unsupported PNG compression, filter or interlace method (save without interlacing)", 0;
    int idat = 0, plte = 0, iend = 0;
    size_t pos = 8;
    while (pos < n && !iend) {
        if (n - pos < 12)
            return *why = "truncated PNG (a chunk is cut)", 0;
        uint32_t len = be32(p + pos);
        if (len > n - pos - 12)
            return *why = "truncated PNG (a chunk is longer than the file)", 0;
        const unsigned char *type4 = p + pos + 4;
        for (int k = 0; k < 4; k++)
            if (!((type4[k] >= 'A' && type4[k] <= 'Z') || (type4[k] >= 'a' && type4[k] <= 'z')))
                return *why = "corrupt PNG (bad chunk name)", 0;
        if ((uint32_t)crc32(crc32(0, NULL, 0), type4, len + 4) != be32(p + pos + 8 + len))
            return *why = "corrupt PNG (chunk CRC mismatch)", 0;
        if (memcmp(type4, "IDAT", 4) == 0) {
            if (idat == 2)
                return *why = "corrupt PNG (IDAT chunks not consecutive)", 0;
            idat = 1;
        } else if (idat == 1) {
            idat = 2;
        }
        plte |= memcmp(type4, "PLTE", 4) == 0;
        iend = memcmp(type4, "IEND", 4) == 0;
        pos += 12 + (size_t)len;
    }
    if (!iend)
        return *why = "truncated PNG (no IEND chunk)", 0;
    if (!idat)
        return *why = "PNG without image data", 0;
    if (type == 3 && !plte)
        return *why = "palette PNG without a palette", 0;
    uint64_t row = ((uint64_t)*w * bpp + 7) / 8 + 1;
    if (!png_pixels_ok(p, n, row * *h))
        return *why = "corrupt PNG (the pixel data does not inflate to the image size)", 0;
    return 1;
}

static int check_jpeg(const unsigned char *p, size_t n, unsigned *w, unsigned *h, const char **why)
{
    size_t pos = 2;
    int frame = 0;
    while (pos < n) {
        if (p[pos] != 0xFF)
            return *why = "corrupt JPEG (a marker was expected)", 0;
        while (pos < n && p[pos] == 0xFF)
            pos++; /* fill bytes */
        if (pos >= n)
            break;
        unsigned m = p[pos++];
        if (m == 0xD9)
            return frame ? 1 : (*why = "JPEG without a frame header", 0);
        if (m == 0x00 || m == 0x01 || (m >= 0xD0 && m <= 0xD8))
            return *why = "corrupt JPEG (bad marker)", 0;
        if (n - pos < 2 || be16(p + pos) < 2 || be16(p + pos) > n - pos)
            return *why = "truncated JPEG (a segment is longer than the file)", 0;
        unsigned len = be16(p + pos);
        if (m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC) {
            if (m != 0xC0 && m != 0xC1 && m != 0xC2)
                return *why = "unsupported JPEG coding (baseline or progressive expected)", 0;
            if (len < 8 || p[pos + 2] != 8)
                return *why = "unsupported JPEG frame (8-bit samples expected)", 0;
            *h = be16(p + pos + 3);
            *w = be16(p + pos + 5);
            unsigned comps = p[pos + 7];
            if (comps != 1 && comps != 3)
                return *why = "unsupported JPEG colour (grey or YCbCr expected)", 0;
            if (len != 8 + 3 * comps)
                return *why = "corrupt JPEG (frame header length)", 0;
            if (!dims_ok(*w, *h, why))
                return 0;
            frame = 1;
        }
        pos += len;
        if (m == 0xDA) { /* scan: entropy-coded data up to the next marker that is not RSTn or stuffing */
            if (!frame)
                return *why = "corrupt JPEG (scan before the frame header)", 0;
            while (pos + 1 < n &&
                   !(p[pos] == 0xFF && p[pos + 1] != 0x00 && !(p[pos + 1] >= 0xD0 && p[pos + 1] <= 0xD7)))
                pos++;
            if (pos + 1 >= n)
                return *why = "truncated JPEG (no end of image)", 0;
        }
    }
    return *why = "truncated JPEG (no end of image)", 0;
}

int doc_image_check(const unsigned char *p, size_t n, enum doc_image_type *type, unsigned *w, unsigned *h,
                    const char **why)
{
    *w = *h = 0;
    if (n >= 8 && memcmp(p, "\x89PNG\r\n\x1a\n", 8) == 0) {
        *type = DOC_IMAGE_PNG;
        return check_png(p, n, w, h, why);
    }
    if (n >= 3 && p[0] == 0xFF && p[1] == 0xD8 && p[2] == 0xFF) {
        *type = DOC_IMAGE_JPEG;
        return check_jpeg(p, n, w, h, why);
    }
    *why = "not a PNG or JPEG image";
    return 0;
}

int doc_input_regular(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return 0; /* errno from stat: the caller's open error */
    if (S_ISREG(st.st_mode) || S_ISDIR(st.st_mode)) /* a folder: the caller's own message */
        return 1;
    errno = EINVAL;
    return 0;
}

int doc_image_load(const char *path, const char *base, long line, long col, doc_image **out, ps_error *err)
{
    *out = NULL;
    if (!path || !*path)
        return ps_error_set(err, PS_EINPUT, base, line, col, "image without a path");
    if (strstr(path, "://") || strncmp(path, "data:", 5) == 0)
        return ps_error_set(err, PS_EINPUT, base, line, col,
                            "image '%s': only local PNG or JPEG files (no URLs; documents embed their images)", path);
    ps_buf full = {0};
    const char *slash = base ? strrchr(base, '/') : NULL;
    if (path[0] != '/' && slash)
        ps_buf_put(&full, base, (size_t)(slash - base + 1));
    ps_buf_puts(&full, path);
    ps_buf b = {0};
    int r = doc_input_regular(full.data) ? ps_buf_read_file(&b, full.data, DOC_IMAGE_MAX_BYTES) : PS_READ_EOPEN;
    int rc = 0;
    if (r == PS_READ_EOPEN && errno == EINVAL)
        rc = ps_error_set(err, PS_EINPUT, base, line, col,
                          "image '%s': %s is not a regular file (a FIFO, device or terminal)", path, full.data);
    else if (r == PS_READ_EOPEN)
        rc = ps_error_set(err, PS_EIO, base, line, col, "image '%s': cannot open %s: %s", path, full.data,
                          strerror(errno));
    else if (r == PS_READ_EISDIR)
        rc = ps_error_set(err, PS_EINPUT, base, line, col, "image '%s': is a directory, not a PNG or JPEG file", path);
    else if (r == PS_READ_ETOOBIG)
        rc = ps_error_set(err, PS_EINPUT, base, line, col, "image '%s': larger than %u MiB", path,
                          DOC_IMAGE_MAX_BYTES >> 20);
    else if (r)
        rc = ps_error_set(err, PS_EIO, base, line, col, "image '%s': read error: %s", path, strerror(errno));
    doc_image im = {0};
    const char *why = NULL;
    if (!rc && !doc_image_check((const unsigned char *)b.data, b.len, &im.type, &im.width, &im.height, &why))
        rc = ps_error_set(err, PS_EINPUT, base, line, col, "image '%s': %s", path, why);
    ps_buf_fini(&full);
    if (rc) {
        ps_buf_fini(&b);
        return rc;
    }
    im.len = b.len;
    im.data = (unsigned char *)ps_buf_steal(&b);
    im.path = ps_xstrdup(path);
    *out = ps_xcalloc(1, sizeof **out);
    **out = im;
    return 0;
}
