/* textenc.h - private to parser/: text encodings of counter logs. */
#ifndef PS_TEXTENC_H
#define PS_TEXTENC_H

#include <stddef.h>

enum ps_enc {
    PS_ENC_ASCII = 0,
    PS_ENC_UTF8,
    PS_ENC_UTF16LE,
    PS_ENC_UTF16BE,
    PS_ENC_CP1252,
    PS_ENC_CP850,
    PS_ENC_CP1250,
    PS_ENC_CP1251,
    PS_ENC_CP1253,
    PS_ENC_CP1254,
    PS_ENC_CP866,
    PS_ENC_CP932, /* Shift-JIS (Microsoft) */
    PS_ENC_CP936, /* GBK */
    PS_ENC_CP949, /* Unified Hangul Code (EUC-KR superset) */
    PS_ENC_CP950 /* Big5 (Microsoft) */
};

/* Name for ps_log_info.encoding: "ascii", "utf-8", "utf-16le", "utf-16be", "cp1252", "cp850",
 * "cp1250", "cp1251", "cp1253", "cp1254", "cp866", "cp932", "cp936", "cp949", "cp950". */
const char *ps_enc_name(enum ps_enc e);

/* Byte order mark at p[0..n): returns PS_ENC_UTF8 / PS_ENC_UTF16LE / PS_ENC_UTF16BE and its
 * length in *bomlen, or -1 (and *bomlen 0) when there is none. */
int ps_enc_bom(const unsigned char *p, size_t n, size_t *bomlen);

/* Classify BOM-less 8-bit text (codepage.c): ASCII, valid UTF-8, else the legacy code page
 * that scores best under the heuristic documented there and in docs/readme/csv.md. Looks at
 * the first 64 KiB. */
enum ps_enc ps_enc_detect(const unsigned char *p, size_t n);

/* The encoding named by --encoding (ps_enc_name names, "windows-1251", "shift_jis", "gbk",
 * "big5", "euc-kr", "utf-8", ...; case-insensitive) into *out: 0, or -1 when unknown. */
int ps_enc_lookup(const char *name, enum ps_enc *out);

/* Offset of the first invalid UTF-8 sequence in p[0..n) (overlongs, surrogates and code points
 * above U+10FFFF are invalid), or n when all is valid. */
size_t ps_utf8_invalid_at(const unsigned char *p, size_t n);

/* Legacy code-page text (PS_ENC_CP*) to UTF-8 with glibc iconv (a byte or sequence the page
 * does not define becomes U+FFFD); other encodings are copied. Returns a NUL-terminated heap
 * string (caller frees), its length in *len when len is not NULL. */
char *ps_enc_to_utf8(const char *s, size_t n, enum ps_enc e, size_t *len);

/* Streaming UTF-16 (be = 1 for big endian) to UTF-8. Converts whole code units of in[0..n),
 * writing at most out_cap bytes (out_cap >= 4); a high surrogate whose partner is not yet in
 * the input is left unconsumed unless final is set. Unpaired surrogates become U+FFFD.
 * Returns the bytes written, *used the input bytes consumed (even unless final). */
size_t ps_utf16_to_utf8(const unsigned char *in, size_t n, int be, int final, char *out, size_t out_cap, size_t *used);

#endif
