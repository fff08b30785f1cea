/* chart_title.c - a chart title wrapped into lines no wider than the plot (chart_layout.c lays
 * them out from the top, one below the other). Lines break at spaces, and before a CJK
 * ideograph, kana or Hangul syllable (except the punctuation that must not start a line); a
 * word wider than the whole line is cut where it overflows. A title needing more lines than
 * allowed ends its last line with an ellipsis. */
#include "chart_internal.h"

#include <stdlib.h>
#include <string.h>

#define ELLIPSIS "\xe2\x80\xa6"

/* Bytes of the UTF-8 character at s (1 for a stray continuation byte). */
static size_t char_len(const unsigned char *s)
{
    size_t n = *s >= 0xF0 ? 4 : *s >= 0xE0 ? 3 : *s >= 0xC0 ? 2 : 1;
    for (size_t k = 1; k < n; k++)
        if ((s[k] & 0xC0) != 0x80)
            return k;
    return n;
}

/* Width of the n bytes at s. */
static double span_width(const char *s, size_t n, double size, int bold)
{
    char buf[512];
    if (n >= sizeof buf) { /* long spans: on the heap */
        char *h = ps_xstrndup(s, n);
        double w = ps_chart_text_width(h, size, bold);
        free(h);
        return w;
    }
    memcpy(buf, s, n);
    buf[n] = 0;
    return ps_chart_text_width(buf, size, bold);
}

/* 1 when the character at s is a full-width CJK one before which a line may break: three-byte
 * UTF-8 from U+2E80 on, minus the closing punctuation and marks that must not start a line. */
static int break_before(const unsigned char *s)
{
    static const char *const no_start[] = {"、", "。", "，", "．", "）", "」", "』", "】", "〕", "！",
                                           "？", "：", "；", "ー", "・", "〉", "》", "ゝ", "ゞ", "々"};
    if (!((*s >= 0xE3 && *s <= 0xED) || (*s == 0xE2 && s[1] >= 0xBA) || (*s == 0xEF && s[1] >= 0xBC && s[1] <= 0xBD)))
        return 0;
    for (size_t i = 0; i < sizeof no_start / sizeof *no_start; i++)
        if (memcmp(s, no_start[i], 3) == 0)
            return 0;
    return 1;
}

/* The n bytes at s, trailing spaces dropped, as a new string. */
static char *line_of(const char *s, size_t n)
{
    while (n && s[n - 1] == ' ')
        n--;
    return ps_xstrndup(s, n);
}

/* s cut to fit w with an ellipsis (s is consumed; the result is new). */
static char *ellipsize(char *s, double size, int bold, double w)
{
    double ew = ps_chart_text_width(ELLIPSIS, size, bold);
    size_t n = strlen(s);
    while (n && span_width(s, n, size, bold) + ew > w) {
        do
            n--;
        while (n && ((unsigned char)s[n] & 0xC0) == 0x80);
    }
    while (n && s[n - 1] == ' ')
        n--;
    char *out = ps_xmalloc(n + sizeof ELLIPSIS);
    memcpy(out, s, n);
    memcpy(out + n, ELLIPSIS, sizeof ELLIPSIS);
    free(s);
    return out;
}

size_t chart_title_wrap(const char *text, double size, int bold, double w, char **lines, size_t max)
{
    size_t nl = 0;
    const char *s = text ? text : "";
    while (*s == ' ')
        s++;
    while (*s && nl < max) {
        if (nl + 1 == max || span_width(s, strlen(s), size, bold) <= w) { /* the rest on one line */
            char *l = line_of(s, strlen(s));
            lines[nl++] = ps_chart_text_width(l, size, bold) <= w ? l : ellipsize(l, size, bold, w);
            break;
        }
        size_t i = 0, brk = 0, next = 0; /* line = s[0, brk), the next one starts at s + next */
        double lw = 0;
        while (s[i]) {
            const unsigned char *c = (const unsigned char *)s + i;
            size_t cl = char_len(c);
            if (*c == ' ') {
                brk = i;
                next = i + 1;
            } else if (i && break_before(c)) {
                brk = i;
                next = i;
            }
            double cw = span_width(s + i, cl, size, bold);
            if (*c != ' ' && lw + cw > w) {
                if (!brk) { /* one word wider than the line: cut it here (at least 1 character) */
                    brk = next = i ? i : cl;
                }
                break;
            }
            lw += cw;
            i += cl;
        }
        lines[nl++] = line_of(s, brk);
        s += next;
        while (*s == ' ')
            s++;
    }
    return nl;
}
