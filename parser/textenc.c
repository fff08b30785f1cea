/* textenc.c - byte order marks, UTF-8 validation, UTF-16 and legacy code pages to UTF-8. */
#include "textenc_internal.h"

#include <stdint.h>
#include <string.h>

#include "ps_model.h"

/* Unicode code points of bytes 0x80..0xFF (generated from Python's codecs; 0xFFFD where
 * the code page leaves a byte unassigned). */
static const uint16_t cp1252_hi[128] = {
    0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD,
    0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
    0x00A0, 0x00A1, 0x00A2, 0x00A3, 0x00A4, 0x00A5, 0x00A6, 0x00A7,
    0x00A8, 0x00A9, 0x00AA, 0x00AB, 0x00AC, 0x00AD, 0x00AE, 0x00AF,
    0x00B0, 0x00B1, 0x00B2, 0x00B3, 0x00B4, 0x00B5, 0x00B6, 0x00B7,
    0x00B8, 0x00B9, 0x00BA, 0x00BB, 0x00BC, 0x00BD, 0x00BE, 0x00BF,
    0x00C0, 0x00C1, 0x00C2, 0x00C3, 0x00C4, 0x00C5, 0x00C6, 0x00C7,
    0x00C8, 0x00C9, 0x00CA, 0x00CB, 0x00CC, 0x00CD, 0x00CE, 0x00CF,
    0x00D0, 0x00D1, 0x00D2, 0x00D3, 0x00D4, 0x00D5, 0x00D6, 0x00D7,
    0x00D8, 0x00D9, 0x00DA, 0x00DB, 0x00DC, 0x00DD, 0x00DE, 0x00DF,
    0x00E0, 0x00E1, 0x00E2, 0x00E3, 0x00E4, 0x00E5, 0x00E6, 0x00E7,
    0x00E8, 0x00E9, 0x00EA, 0x00EB, 0x00EC, 0x00ED, 0x00EE, 0x00EF,
    0x00F0, 0x00F1, 0x00F2, 0x00F3, 0x00F4, 0x00F5, 0x00F6, 0x00F7,
    0x00F8, 0x00F9, 0x00FA, 0x00FB, 0x00FC, 0x00FD, 0x00FE, 0x00FF,
};

static const uint16_t cp850_hi[128] = {
    0x00C7, 0x00FC, 0x00E9, 0x00E2, 0x00E4, 0x00E0, 0x00E5, 0x00E7,
    0x00EA, 0x00EB, 0x00E8, 0x00EF, 0x00EE, 0x00EC, 0x00C4, 0x00C5,
    0x00C9, 0x00E6, 0x00C6, 0x00F4, 0x00F6, 0x00F2, 0x00FB, 0x00F9,
    0x00FF, 0x00D6, 0x00DC, 0x00F8, 0x00A3, 0x00D8, 0x00D7, 0x0192,
    0x00E1, 0x00ED, 0x00F3, 0x00FA, 0x00F1, 0x00D1, 0x00AA, 0x00BA,
    0x00BF, 0x00AE, 0x00AC, 0x00BD, 0x00BC, 0x00A1, 0x00AB, 0x00BB,
    0x2591, 0x2592, 0x2593, 0x2502, 0x2524, 0x00C1, 0x00C2, 0x00C0,
    0x00A9, 0x2563, 0x2551, 0x2557, 0x255D, 0x00A2, 0x00A5, 0x2510,
    0x2514, 0x2534, 0x252C, 0x251C, 0x2500, 0x253C, 0x00E3, 0x00C3,
    0x255A, 0x2554, 0x2569, 0x2566, 0x2560, 0x2550, 0x256C, 0x00A4,
    0x00F0, 0x00D0, 0x00CA, 0x00CB, 0x00C8, 0x0131, 0x00CD, 0x00CE,
    0x00CF, 0x2518, 0x250C, 0x2588, 0x2584, 0x00A6, 0x00CC, 0x2580,
    0x00D3, 0x00DF, 0x00D4, 0x00D2, 0x00F5, 0x00D5, 0x00B5, 0x00FE,
    0x00DE, 0x00DA, 0x00DB, 0x00D9, 0x00FD, 0x00DD, 0x00AF, 0x00B4,
    0x00AD, 0x00B1, 0x2017, 0x00BE, 0x00B6, 0x00A7, 0x00F7, 0x00B8,
    0x00B0, 0x00A8, 0x00B7, 0x00B9, 0x00B3, 0x00B2, 0x25A0, 0x00A0,
};

static const char *const enc_names[] = {"ascii", "utf-8", "utf-16le", "utf-16be", "cp1252", "cp850"};

const char *ps_enc_name(enum ps_enc e) { return enc_names[e]; }

int ps_enc_bom(const unsigned char *p, size_t n, size_t *bomlen)
{
    *bomlen = 0;
    if (n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF) {
        *bomlen = 3;
        return PS_ENC_UTF8;
    }
    if (n >= 2 && p[0] == 0xFF && p[1] == 0xFE) {
        *bomlen = 2;
        return PS_ENC_UTF16LE;
    }
    if (n >= 2 && p[0] == 0xFE && p[1] == 0xFF) {
        *bomlen = 2;
        return PS_ENC_UTF16BE;
    }
    return -1;
}

size_t ps_utf8_invalid_at(const unsigned char *p, size_t n)
{
    size_t i = 0;
    while (i < n) {
        unsigned c = p[i];
        if (c < 0x80) {
            i++;
            continue;
        }
        size_t len;
        uint32_t cp, min;
        if (c >= 0xC2 && c <= 0xDF) {
            len = 2, cp = c & 0x1F, min = 0x80;
        } else if (c >= 0xE0 && c <= 0xEF) {
            len = 3, cp = c & 0x0F, min = 0x800;
        } else if (c >= 0xF0 && c <= 0xF4) {
            len = 4, cp = c & 0x07, min = 0x10000;
        } else {
            return i;
        }
        if (i + len > n)
            return i;
        for (size_t k = 1; k < len; k++) {
            if ((p[i + k] & 0xC0) != 0x80)
                return i;
            cp = cp << 6 | (p[i + k] & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return i;
        i += len;
    }
    return n;
}

enum ps_enc ps_enc_classify(const unsigned char *p, size_t n)
{
    size_t i = 0;
    while (i < n && p[i] < 0x80)
        i++;
    if (i == n)
        return PS_ENC_ASCII;
    if (ps_utf8_invalid_at(p, n) == n)
        return PS_ENC_UTF8;
    for (; i < n; i++)
        if (p[i] == 0x81 || p[i] == 0x8D || p[i] == 0x8F || p[i] == 0x90 || p[i] == 0x9D)
            return PS_ENC_CP850;
    return PS_ENC_CP1252;
}

static size_t put_utf8(char *o, uint32_t cp)
{
    if (cp < 0x80) {
        o[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (char)(0xC0 | cp >> 6);
        o[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        o[0] = (char)(0xE0 | cp >> 12);
        o[1] = (char)(0x80 | (cp >> 6 & 0x3F));
        o[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    o[0] = (char)(0xF0 | cp >> 18);
    o[1] = (char)(0x80 | (cp >> 12 & 0x3F));
    o[2] = (char)(0x80 | (cp >> 6 & 0x3F));
    o[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

char *ps_enc_to_utf8(const char *s, size_t n, enum ps_enc e)
{
    if (e != PS_ENC_CP1252 && e != PS_ENC_CP850)
        return ps_xstrndup(s, n);
    const uint16_t *hi = e == PS_ENC_CP850 ? cp850_hi : cp1252_hi;
    char *out = ps_xmalloc(n * 3 + 1), *o = out;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        o += c < 0x80 ? put_utf8(o, c) : put_utf8(o, hi[c - 0x80]);
    }
    *o = 0;
    return out;
}

size_t ps_utf16_to_utf8(const unsigned char *in, size_t n, int be, int final, char *out,
                        size_t out_cap, size_t *used)
{
    size_t i = 0, o = 0;
    while (i + 2 <= n && o + 4 <= out_cap) {
        uint32_t u = be ? (uint32_t)in[i] << 8 | in[i + 1] : (uint32_t)in[i + 1] << 8 | in[i];
        if (u < 0x80) {   /* ASCII fast path */
            out[o++] = (char)u;
            i += 2;
            continue;
        }
        if (u >= 0xD800 && u <= 0xDBFF) {
            if (i + 4 > n) {
                if (!final)
                    break;   /* wait for the low surrogate */
                u = 0xFFFD;
                i += 2;
            } else {
                uint32_t l = be ? (uint32_t)in[i + 2] << 8 | in[i + 3] : (uint32_t)in[i + 3] << 8 | in[i + 2];
                if (l >= 0xDC00 && l <= 0xDFFF) {
                    u = 0x10000 + ((u - 0xD800) << 10) + (l - 0xDC00);
                    i += 4;
                } else {
                    u = 0xFFFD;
                    i += 2;
                }
            }
        } else {
            if (u >= 0xDC00 && u <= 0xDFFF)
                u = 0xFFFD;
            i += 2;
        }
        o += put_utf8(out + o, u);
    }
    if (final && i + 1 == n && o + 3 <= out_cap) {   /* odd trailing byte */
        o += put_utf8(out + o, 0xFFFD);
        i++;
    }
    *used = i;
    return o;
}
