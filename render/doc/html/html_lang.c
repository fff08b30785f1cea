/* html_lang.c - element text of the HTML document, escaped, with every run of Chinese, Japanese
 * or Korean characters that is not in the document's own language (<html lang>) in a <span
 * lang> so that a screen reader reads it in that language. The language is told by the script:
 * kana anywhere in the string make it Japanese, Hangul Korean, Han alone Chinese, Traditional
 * or Simplified when a character only one of the two scripts writes says so. */
#include "doc_build.h"

#include <stdlib.h>
#include <string.h>

enum script { LATIN = 0, HAN, KANA, HANGUL, CJK_PUNCT };

static const struct {
    uint32_t lo, hi;
    enum script s;
} scripts[] = {
    {0x1100, 0x11FF, HANGUL}, {0x2E80, 0x2FDF, HAN},    {0x3000, 0x303F, CJK_PUNCT}, {0x3040, 0x30FF, KANA},
    {0x3100, 0x312F, HAN},    {0x3130, 0x318F, HANGUL}, {0x31F0, 0x31FF, KANA},      {0x3400, 0x4DBF, HAN},
    {0x4E00, 0x9FFF, HAN},    {0xAC00, 0xD7AF, HANGUL}, {0xF900, 0xFAFF, HAN},       {0xFF00, 0xFFEF, CJK_PUNCT},
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

/* Common characters written differently in the two Chinese scripts (the same words, in order). */
static const char TRADITIONAL[] =
    "測試資庫讀寫數據結時間們這個為來國與頁記錄務體單傳輸設備證態總計報項處實際檔執運統圖遲說讓機過還發經點對開關應該";
static const char SIMPLIFIED[] =
    "测试资库读写数据结时间们这个为来国与页记录务体单传输设备证态总计报项处实际档执运统图迟说让机过还发经点对开关应该";

/* 1 when the 3-byte character at p occurs in the character list set. */
static int in_set(const unsigned char *p, const char *set)
{
    char ch[4] = {(char)p[0], (char)p[1], (char)p[2], 0};
    return p[0] >= 0xE0 && p[0] < 0xF0 && strstr(set, ch) != NULL;
}

const char *doc_cjk_lang(const char *doclang, const char *s)
{
    int kana = 0, hangul = 0, han = 0, trad = 0, simp = 0;
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p;) {
        const unsigned char *at = p;
        enum script sc = next(&p);
        kana |= sc == KANA;
        hangul |= sc == HANGUL;
        han |= sc == HAN;
        if (sc == HAN && p - at == 3) {
            trad |= in_set(at, TRADITIONAL) && !in_set(at, SIMPLIFIED);
            simp |= in_set(at, SIMPLIFIED) && !in_set(at, TRADITIONAL);
        }
    }
    if (kana)
        return "ja";
    if (hangul)
        return "ko";
    if (!han)
        return NULL;
    if (trad != simp)
        return trad ? "zh-Hant" : "zh-Hans";
    return doclang && strncmp(doclang, "zh", 2) == 0 && (!doclang[2] || doclang[2] == '-') ? doclang : "zh";
}

/* 1 when tags a and b name the same primary language ("zh-Hant" and "zh", not "zh-Hant" and "zh-Hans"). */
static int same_language(const char *a, const char *b)
{
    size_t na = strcspn(a, "-"), nb = strcspn(b, "-");
    if (na != nb || strncmp(a, b, na) != 0)
        return 0;
    if (!a[na] || !b[nb])
        return 1;
    return strcmp(a + na, b + nb) == 0;
}

void doc_html_text(ps_buf *b, const char *doclang, const char *s)
{
    s = s ? s : "";
    const char *lang = doc_cjk_lang(doclang, s);
    if (!lang || same_language(lang, doclang ? doclang : "en")) {
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
