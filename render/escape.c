/* escape.c - JSON, HTML and CSV escaping; JSON numbers. */
#include "ps_render.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
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
        } else if (c < 0x80) {
            ps_buf_putc(b, (char)c);
            i++;
        } else {
            size_t l = utf8_len(p + i, n - i);
            if (l) {
                ps_buf_put(b, p + i, l);
                i += l;
            } else {
                ps_buf_puts(b, "\\ufffd");
                i++;
            }
        }
    }
    ps_buf_putc(b, '"');
}

/* The %.{p}g text of v (p = 15 or 16) made from its 17 significant digits d[0..17) and decimal
 * exponent e (as %.16e prints them), or 0 when that cannot be decided from them: a 17-digit
 * rounding S of v rounds to the p-digit rounding of v unless S is itself the midpoint between
 * two p-digit numbers (the digits after the cut are 5 or 50), because any such midpoint lying
 * between v and S would be a 17-digit number nearer to v than S. */
static int g_from_digits(char *out, const char *d, int e, int neg, int p)
{
    char r[18];
    memcpy(r, d, (size_t)p);
    const char *tail = d + p;
    if (tail[0] == '5' && (p == 16 || tail[1] == '0'))
        return 0;
    if (tail[0] >= '5') {   /* round up, carrying */
        int i = p - 1;
        while (i >= 0 && r[i] == '9')
            r[i--] = '0';
        if (i < 0) {
            r[0] = '1';
            e++;
        } else {
            r[i]++;
        }
    }
    int nd = p;
    while (nd > 1 && r[nd - 1] == '0')   /* %g drops trailing zeros */
        nd--;
    char *o = out;
    if (neg)
        *o++ = '-';
    if (e < -4 || e >= p) {   /* d.ddde+XX */
        *o++ = r[0];
        if (nd > 1) {
            *o++ = '.';
            memcpy(o, r + 1, (size_t)nd - 1);
            o += nd - 1;
        }
        o += sprintf(o, "e%c%02d", e < 0 ? '-' : '+', e < 0 ? -e : e);
    } else if (e < 0) {   /* 0.000ddd */
        *o++ = '0';
        *o++ = '.';
        for (int i = -1; i > e; i--)
            *o++ = '0';
        memcpy(o, r, (size_t)nd);
        o += nd;
    } else {   /* ddd.ddd */
        for (int i = 0; i < nd || i <= e; i++) {
            if (i == e + 1)
                *o++ = '.';
            *o++ = i < nd ? r[i] : '0';
        }
    }
    *o = 0;
    return 1;
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
    if (fabs(v) < 1e15 && v == floor(v)) {
        ps_buf_printf(b, "%.0f", v);
        return;
    }
    /* the shortest of %.15g, %.16g and %.17g that reads back as v: one printf for the 17
     * digits, the shorter forms rounded from them (printf again only on a midpoint) */
    char e17[40], tmp[40], digits[18];
    snprintf(e17, sizeof e17, "%.16e", v);
    const char *q = e17 + (v < 0);
    digits[0] = q[0];
    memcpy(digits + 1, q + 2, 16);
    digits[17] = 0;
    int e = atoi(q + 19);
    for (int prec = 15; prec <= 16; prec++) {
        if (!g_from_digits(tmp, digits, e, v < 0, prec))
            snprintf(tmp, sizeof tmp, "%.*g", prec, v);
        if (strtod(tmp, NULL) == v) {
            ps_buf_puts(b, tmp);
            return;
        }
    }
    snprintf(tmp, sizeof tmp, "%.17g", v);
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
        switch (c) {
        case '&': ps_buf_puts(b, "&amp;"); i++; continue;
        case '<': ps_buf_puts(b, "&lt;"); i++; continue;
        case '>': ps_buf_puts(b, "&gt;"); i++; continue;
        case '"': ps_buf_puts(b, "&quot;"); i++; continue;
        case '\'': ps_buf_puts(b, "&#39;"); i++; continue;
        default: break;
        }
        if (c < 0x20 && c != '\n' && c != '\t') {
            ps_buf_puts(b, "\xEF\xBF\xBD");
            i++;
        } else if (c < 0x80) {
            ps_buf_putc(b, (char)c);
            i++;
        } else {
            size_t l = utf8_len(p + i, n - i);
            if (l) {
                ps_buf_put(b, p + i, l);
                i += l;
            } else {
                ps_buf_puts(b, "\xEF\xBF\xBD");
                i++;
            }
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
