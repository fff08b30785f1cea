/* textenc_internal.h - private to parser/: text encodings of counter logs. */
#ifndef PS_TEXTENC_INTERNAL_H
#define PS_TEXTENC_INTERNAL_H

#include <stddef.h>

enum ps_enc {
    PS_ENC_ASCII = 0,
    PS_ENC_UTF8,
    PS_ENC_UTF16LE,
    PS_ENC_UTF16BE,
    PS_ENC_CP1252,
    PS_ENC_CP850
};

/* Name for ps_log_info.encoding: "ascii", "utf-8", "utf-16le", "utf-16be", "cp1252", "cp850". */
const char *ps_enc_name(enum ps_enc e);

/* Byte order mark at p[0..n): returns PS_ENC_UTF8 / PS_ENC_UTF16LE / PS_ENC_UTF16BE and its
 * length in *bomlen, or -1 (and *bomlen 0) when there is none. */
int ps_enc_bom(const unsigned char *p, size_t n, size_t *bomlen);

/* Classify BOM-less 8-bit text: ASCII, valid UTF-8, else legacy: CP850 when a byte that is
 * unassigned in Windows-1252 (0x81 0x8D 0x8F 0x90 0x9D) occurs, otherwise CP1252. */
enum ps_enc ps_enc_classify(const unsigned char *p, size_t n);

/* Offset of the first invalid UTF-8 sequence in p[0..n) (overlongs, surrogates and code points
 * above U+10FFFF are invalid), or n when all is valid. */
size_t ps_utf8_invalid_at(const unsigned char *p, size_t n);

/* Legacy 8-bit text (PS_ENC_CP1252 / PS_ENC_CP850) to UTF-8; other encodings are copied.
 * Returns a heap string (caller frees). */
char *ps_enc_to_utf8(const char *s, size_t n, enum ps_enc e);

/* Streaming UTF-16 (be = 1 for big endian) to UTF-8. Converts whole code units of in[0..n),
 * writing at most out_cap bytes (out_cap >= 4); a high surrogate whose partner is not yet in
 * the input is left unconsumed unless final is set. Unpaired surrogates become U+FFFD.
 * Returns the bytes written, *used the input bytes consumed (even unless final). */
size_t ps_utf16_to_utf8(const unsigned char *in, size_t n, int be, int final, char *out,
                        size_t out_cap, size_t *used);

#endif
