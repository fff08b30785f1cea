/* escape.c - JSON, HTML and CSV escaping; JSON numbers. */
#include "ps_render.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

/* Length of a valid UTF-8 sequence at s (max n bytes), 0 when invalid. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (!len || len > n)
        return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if (len == 2 && c < 0xC2)
        return 0;
    if (len == 3) {
        unsigned cp = ((c & 0x0F) << 12) | ((s[1] & 0x3F) << 6) | (s[2] & 0x3F);
        if (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))
            return 0;
    }
    if (len == 4) {
        unsigned cp = ((c & 0x07) << 18) | ((s[1] & 0x3F) << 12) | ((s[2] & 0x3F) << 6) | (s[3] & 0x3F);
        if (cp < 0x10000 || cp > 0x10FFFF)
            return 0;
    }
    return len;
}

/* One printable character at p (n bytes left): an ASCII byte or a whole valid UTF-8 sequence is
 * copied, an invalid byte becomes bad. Returns the bytes consumed (at least 1). */
static size_t put_text_char(ps_buf *b, const unsigned char *p, size_t n, const char *bad)
{
    if (p[0] < 0x80) {
        ps_buf_putc(b, (char)p[0]);
        return 1;
    }
    size_t l = utf8_len(p, n);
    if (!l) {
        ps_buf_puts(b, bad);
        return 1;
    }
    ps_buf_put(b, p, l);
    return l;
}

/* A UTF-8 bidirectional formatting character (U+061C, U+200E/F, U+202A..E, U+2066..9): text
 * after it would be shown reversed or reordered on a terminal (a "Trojan Source" label). */
static int bidi_control(const unsigned char *p, size_t l)
{
    if (l == 2)
        return p[0] == 0xd8 && p[1] == 0x9c;
    return l == 3 && p[0] == 0xe2 &&
           ((p[1] == 0x80 && (p[2] == 0x8e || p[2] == 0x8f || (p[2] >= 0xaa && p[2] <= 0xae))) ||
            (p[1] == 0x81 && p[2] >= 0xa6 && p[2] <= 0xa9));
}

/* ps_term_escape of n bytes; keep_lines: line feeds and tabs copied (a whole text output) */
static void term_escape(ps_buf *b, const char *s, size_t n, int keep_lines)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        size_t l = utf8_len(p + i, n - i);
        if (l == 1 && ((p[i] >= 0x20 && p[i] != 0x7f) || (keep_lines && (p[i] == '\n' || p[i] == '\t')))) {
            ps_buf_putc(b, (char)p[i++]);
        } else if (l > 1 && !(p[i] == 0xc2 && p[i + 1] < 0xa0) && !bidi_control(p + i, l)) { /* not C1, not bidi */
            ps_buf_put(b, s + i, l);
            i += l;
        } else {
            ps_buf_printf(b, "\\x%02x", p[i++]);
        }
    }
}

void ps_term_escape(ps_buf *b, const char *s)
{
    if (s)
        term_escape(b, s, strlen(s), 0);
}

void ps_term_escape_text(ps_buf *b, const char *s, size_t n)
{
    if (s)
        term_escape(b, s, n, 1);
}

void ps_json_str(ps_buf *b, const char *s)
{
    if (!s) {
        ps_buf_puts(b, "null");
        return;
    }
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s);
    ps_buf_putc(b, '"');
    for (size_t i = 0; i < n;) {
        unsigned c = p[i];
        if (c == '"' || c == '\\') {
            ps_buf_putc(b, '\\');
            ps_buf_putc(b, (char)c);
            i++;
        } else if (c < 0x20 || c == 0x7F) {
            static const char *esc[] = {[8] = "\\b", [9] = "\\t", [10] = "\\n", [12] = "\\f", [13] = "\\r"};
            if (c < 14 && esc[c])
                ps_buf_puts(b, esc[c]);
            else
                ps_buf_printf(b, "\\u%04x", c);
            i++;
        } else {
            i += put_text_char(b, p + i, n - i, "\\ufffd");
        }
    }
    ps_buf_putc(b, '"');
}

void ps_json_num(ps_buf *b, double v)
{
    if (!isfinite(v)) {
        ps_buf_puts(b, "null");
        return;
    }
    if (v == 0) {
        ps_buf_puts(b, "0");
        return;
    }
    char tmp[40];
    if (fabs(v) < 1e15 && v == floor(v)) {
        snprintf(tmp, sizeof tmp, "%.0f", v);
        ps_buf_puts(b, tmp);
        return;
    }
    /* the shortest of %.15g, %.16g and %.17g that reads back as v; ps_pdh_fmt_value prints
     * exactly what printf prints, mostly without printf's multi-precision arithmetic */
    for (int prec = 15; prec <= 17; prec++) {
        ps_pdh_fmt_value(tmp, sizeof tmp, v, prec);
        if (prec == 17 || strtod(tmp, NULL) == v)
            break;
    }
    ps_buf_puts(b, tmp);
}

void ps_html_escape(ps_buf *b, const char *s)
{
    if (!s)
        return;
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s);
    for (size_t i = 0; i < n;) {
        unsigned c = p[i];
        static const char *const entity[0x80] = {
            ['&'] = "&amp;", ['<'] = "&lt;", ['>'] = "&gt;", ['"'] = "&quot;", ['\''] = "&#39;"};
        if (c < 0x80 && entity[c]) {
            ps_buf_puts(b, entity[c]);
            i++;
        } else if (c < 0x20 && c != '\n' && c != '\t') {
            ps_buf_puts(b, "\xEF\xBF\xBD");
            i++;
        } else {
            i += put_text_char(b, p + i, n - i, "\xEF\xBF\xBD");
        }
    }
}

void ps_csv_field(ps_buf *b, const char *s, char sep)
{
    if (!s)
        return;
    if (!strchr(s, sep) && !strchr(s, '"') && !strchr(s, '\n') && !strchr(s, '\r')) {
        ps_buf_puts(b, s);
        return;
    }
    ps_buf_putc(b, '"');
    for (; *s; s++) {
        if (*s == '"')
            ps_buf_putc(b, '"');
        ps_buf_putc(b, *s);
    }
    ps_buf_putc(b, '"');
}

/* East Asian wide ranges (the common blocks; enough for machine, object and counter names). */
static const struct {
    uint32_t lo, hi;
} wide[] = {
    {0x1100, 0x115F}, {0x2E80, 0x303E}, {0x3041, 0x33FF}, {0x3400, 0x4DBF}, {0x4E00, 0x9FFF}, {0xA000, 0xA4CF},
    {0xAC00, 0xD7A3}, {0xF900, 0xFAFF}, {0xFE30, 0xFE4F}, {0xFF00, 0xFF60}, {0xFFE0, 0xFFE6}, {0x20000, 0x3FFFD},
};

int ps_text_width(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    int w = 0;
    while (*p) {
        unsigned c = *p;
        size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        uint32_t cp = n == 1 ? c : n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
        for (size_t k = 1; k < n; k++) {
            if ((p[k] & 0xC0) != 0x80) {
                n = 0;
                break;
            }
            cp = cp << 6 | (p[k] & 0x3F);
        }
        if (n == 0) { /* not UTF-8: one column for the byte */
            w++;
            p++;
            continue;
        }
        int cols = 1;
        for (size_t i = 0; i < sizeof wide / sizeof wide[0]; i++)
            if (cp >= wide[i].lo && cp <= wide[i].hi)
                cols = 2;
        w += cols;
        p += n;
    }
    return w;
}
