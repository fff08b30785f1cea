/* textenc.c - byte order marks, UTF-8 validation, UTF-16 to UTF-8 (legacy code pages: codepage.c). */
#include "textenc.h"

#include <stdint.h>
#include <string.h>

#include "ps_model.h"

static const char *const enc_names[] = {"ascii", "utf-8",  "utf-16le", "utf-16be", "cp1252",
                                        "cp850", "cp1250", "cp1251",   "cp1253",   "cp1254",
                                        "cp866", "cp932",  "cp936",    "cp949",    "cp950"};

const char *ps_enc_name(enum ps_enc e)
{
    return enc_names[e];
}

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

size_t ps_utf16_to_utf8(const unsigned char *in, size_t n, int be, int final, char *out, size_t out_cap, size_t *used)
{
    size_t i = 0, o = 0;
    while (i + 2 <= n && o + 4 <= out_cap) {
        uint32_t u = be ? (uint32_t)in[i] << 8 | in[i + 1] : (uint32_t)in[i + 1] << 8 | in[i];
        if (u < 0x80) { /* ASCII fast path */
            out[o++] = (char)u;
            i += 2;
            continue;
        }
        if (u >= 0xD800 && u <= 0xDBFF) {
            if (i + 4 > n) {
                if (!final)
                    break; /* wait for the low surrogate */
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
    if (final && i + 1 == n && o + 3 <= out_cap) { /* odd trailing byte */
        o += put_utf8(out + o, 0xFFFD);
        i++;
    }
    *used = i;
    return o;
}
