/* Unit tests: the document message catalogue (render/doc/i18n): every language has every text,
 * translations keep the English printf conversions, tags, numbers and dates per language. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "ps_msg.h"

/* The printf conversions of s in order ("%d%d"), "%%" skipped. */
static void conversions(const char *s, char *out, size_t n)
{
    size_t o = 0;
    for (const char *p = s; *p; p++) {
        if (*p != '%')
            continue;
        p++;
        if (*p == '%')
            continue;
        while (*p && strchr("0123456789.-+#*l", *p))
            p++;
        if (!*p || !strchr("diouxXeEfFgGcsp", *p))
            continue; /* "20% headroom": a plain percent sign */
        if (o + 2 < n) {
            out[o++] = '%';
            out[o++] = *p;
        }
        if (!*p)
            break;
    }
    out[o] = 0;
}

Test(msg, every_language_complete_and_conversions_match)
{
    size_t n = 0;
    const ps_lang *all = ps_lang_all(&n);
    cr_assert_geq(n, 8);
    cr_assert_str_eq(all[0].tag, "en");
    for (size_t l = 0; l < n; l++)
        for (int id = 0; id < PS_MSG_N; id++) {
            const char *s = all[l].msg[id];
            cr_assert_not_null(s, "%s: text %d missing", all[l].tag, id);
            cr_assert(s[0], "%s: text %d empty", all[l].tag, id);
            char a[64], b[64];
            conversions(all[0].msg[id], a, sizeof a);
            if (!a[0])
                continue; /* a text without conversions is never a format ("20% headroom" is text) */
            conversions(s, b, sizeof b);
            cr_assert_str_eq(b, a, "%s: text %d '%s' has conversions %s, English has %s", all[l].tag, id, s, b, a);
        }
}

Test(msg, find_tags_and_aliases)
{
    cr_assert_str_eq(ps_lang_find("zh-TW")->tag, "zh-TW");
    cr_assert_str_eq(ps_lang_find("zh_tw")->tag, "zh-TW");
    cr_assert_str_eq(ps_lang_find("zh-Hant")->tag, "zh-TW");
    cr_assert_str_eq(ps_lang_find("zh-Hant-TW")->tag, "zh-TW");
    cr_assert_str_eq(ps_lang_find("zh-HK")->tag, "zh-TW");
    cr_assert_str_eq(ps_lang_find("zh-Hans")->tag, "zh-CN");
    cr_assert_str_eq(ps_lang_find("zh-CN")->doc_tag, "zh-Hans");
    cr_assert_str_eq(ps_lang_find("zh-TW")->doc_tag, "zh-Hant");
    cr_assert_str_eq(ps_lang_find("de-DE")->tag, "de");
    cr_assert_str_eq(ps_lang_find("EN-us")->tag, "en");
    cr_assert_str_eq(ps_lang_find("ja")->tag, "ja");
    cr_assert_null(ps_lang_find("zh"));
    cr_assert_null(ps_lang_find("deu"));
    cr_assert_null(ps_lang_find("x"));
    cr_assert_null(ps_lang_find(NULL));
    cr_assert_str_eq(ps_msg(NULL, PS_MSG_PAGE_OF), "Page %d of %d");
    cr_assert_str_eq(ps_msg(ps_lang_find("de"), PS_MSG_PAGE_OF), "Seite %d von %d");
}

Test(msg, numbers_per_language)
{
    char b[64];
    cr_assert_str_eq(ps_lang_num(ps_lang_en(), b, sizeof b, 3750, 0), "3,750");
    cr_assert_str_eq(ps_lang_num(NULL, b, sizeof b, 1234567.25, 2), "1,234,567.25");
    cr_assert_str_eq(ps_lang_num(ps_lang_en(), b, sizeof b, 999, 1), "999.0");
    cr_assert_str_eq(ps_lang_num(ps_lang_en(), b, sizeof b, -1500.5, 1), "-1,500.5");
    cr_assert_str_eq(ps_lang_num(ps_lang_en(), b, sizeof b, -0.0001, 2), "0.00");
    cr_assert_str_eq(ps_lang_num(ps_lang_find("de"), b, sizeof b, 3750.5, 1), "3.750,5");
    cr_assert_str_eq(ps_lang_num(ps_lang_find("es"), b, sizeof b, 12, 3), "12,000");
    cr_assert_str_eq(ps_lang_num(ps_lang_find("fr"), b, sizeof b, 3750.5, 1), "3\xc2\xa0"
                                                                              "750,5");
    cr_assert_str_eq(ps_lang_num(ps_lang_find("zh-TW"), b, sizeof b, 3750, 0), "3,750");
    cr_assert_str_eq(ps_lang_num(ps_lang_en(), b, sizeof b, NAN, 0), "n/a");
}

Test(msg, dates_per_language)
{
    char b[64];
    cr_assert_str_eq(ps_lang_date(ps_lang_en(), b, sizeof b, 2026, 12, 2), "December 2, 2026");
    cr_assert_str_eq(ps_lang_date(ps_lang_find("zh-TW"), b, sizeof b, 2026, 3, 14), "2026年3月14日");
    cr_assert_str_eq(ps_lang_date(ps_lang_find("ko"), b, sizeof b, 2026, 3, 14), "2026년 3월 14일");
    cr_assert_str_eq(ps_lang_date(ps_lang_find("de"), b, sizeof b, 2026, 3, 4), "4. März 2026");
    cr_assert_str_eq(ps_lang_date(ps_lang_find("fr"), b, sizeof b, 2026, 8, 1), "1 août 2026");
    cr_assert_str_eq(ps_lang_date(ps_lang_find("es"), b, sizeof b, 2026, 1, 30), "30 de enero de 2026");
    cr_assert_str_eq(ps_lang_date(ps_lang_en(), b, 8, 2026, 12, 2), "Decembe"); /* truncated, terminated */
}
