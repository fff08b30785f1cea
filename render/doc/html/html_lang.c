/* html_lang.c - element text of the HTML document, escaped, with every run of Chinese, Japanese
 * or Korean characters in a <span lang> so that a screen reader reads it in that language (the
 * document itself is lang="en": its stock texts are English). The language is told by the
 * script: kana anywhere in the string make it Japanese, Hangul Korean, Han alone Chinese. */
#include "doc_internal.h"

#include <stdlib.h>
#include <string.h>

enum script { LATIN = 0, HAN, KANA, HANGUL, CJK_PUNCT };

static const struct { uint32_t lo, hi; enum script s; } scripts[] = {
    {0x1100, 0x11FF, HANGUL},    {0x2E80, 0x2FDF, HAN},    {0x3000, 0x303F, CJK_PUNCT},
    {0x3040, 0x30FF, KANA},      {0x3100, 0x312F, HAN},    {0x3130, 0x318F, HANGUL},
    {0x31F0, 0x31FF, KANA},      {0x3400, 0x4DBF, HAN},    {0x4E00, 0x9FFF, HAN},
    {0xAC00, 0xD7AF, HANGUL},    {0xF900, 0xFAFF, HAN},    {0xFF00, 0xFFEF, CJK_PUNCT},
};

/* Script of the UTF-8 character at *p (advanced past it). */
static enum script next(const unsigned char **p)
{
    const unsigned char *s = *p;
    uint32_t cp = s[0];
    size_t len = cp < 0x80 ? 1 : (cp >> 5) == 6 ? 2 : (cp >> 4) == 14 ? 3 : (cp >> 3) == 30 ? 4 : 1;
    for (size_t k = 1; k < len; k++)
        if ((s[k] & 0xC0) != 0x80)
            len = 1;
    if (len > 1) {
        cp = len == 2 ? (cp & 0x1F) : len == 3 ? (cp & 0x0F) : (cp & 0x07);
        for (size_t k = 1; k < len; k++)
            cp = cp << 6 | (s[k] & 0x3F);
    }
    *p = s + len;
    for (size_t i = 0; len > 1 && i < sizeof scripts / sizeof scripts[0]; i++)
        if (cp >= scripts[i].lo && cp <= scripts[i].hi)
            return scripts[i].s;
    return LATIN;
}

void doc_html_text(ps_buf *b, const char *s)
{
    s = s ? s : "";
    const char *lang = NULL;
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        enum script sc = next(&p);
        if (sc == KANA)
            lang = "ja";
        else if (sc == HANGUL && (!lang || strcmp(lang, "zh") == 0))
            lang = "ko";
        else if (sc == HAN && !lang)
            lang = "zh";
    }
    if (!lang) {
        ps_html_escape(b, s);
        return;
    }
    const unsigned char *p = (const unsigned char *)s, *run = p;
    int in_cjk = 0;
    while (*p) {
        const unsigned char *at = p;
        int cjk = next(&p) != LATIN;
        if (cjk != in_cjk) {
            char *part = ps_xstrndup((const char *)run, (size_t)(at - run));
            ps_html_escape(b, part);
            free(part);
            ps_buf_puts(b, cjk ? "<span lang=\"" : "</span>");
            if (cjk)
                ps_buf_printf(b, "%s\">", lang);
            run = at;
            in_cjk = cjk;
        }
    }
    ps_html_escape(b, (const char *)run);
    if (in_cjk)
        ps_buf_puts(b, "</span>");
}
