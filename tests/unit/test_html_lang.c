/* Unit tests: element text of the HTML document with CJK runs marked by language. */
#include <criterion/criterion.h>
#include <string.h>

#include "doc_build.h"

static void check_in(const char *doclang, const char *in, const char *want)
{
    ps_buf b = {0};
    doc_html_text(&b, doclang, in);
    cr_assert_str_eq(b.data ? b.data : "", want);
    ps_buf_fini(&b);
}

static void check(const char *in, const char *want)
{
    check_in("en", in, want);
}

Test(html_lang, latin_is_only_escaped)
{
    check("A < B & \"C\" – é", "A &lt; B &amp; &quot;C&quot; – é");
}

Test(html_lang, chinese_runs)
{
    /* 測 and 試 are written so only in Traditional Chinese: zh-Hant, not a bare zh */
    check("Appendix A – 測試伺服器03", "Appendix A – <span lang=\"zh-Hant\">測試伺服器</span>03");
    check("測試（MBX03）", "<span lang=\"zh-Hant\">測試（</span>MBX03<span lang=\"zh-Hant\">）</span>");
    check("数据库 1", "<span lang=\"zh-Hans\">数据库</span> 1");
    /* no character tells the script apart: the bare tag */
    check("伺服器", "<span lang=\"zh\">伺服器</span>");
}

Test(html_lang, kana_makes_japanese_hangul_korean)
{
    check("東京サーバー1", "<span lang=\"ja\">東京サーバー</span>1");
    check("서버 <1>", "<span lang=\"ko\">서버</span> &lt;1&gt;");
}

Test(html_lang, document_language_needs_no_span)
{
    check_in("zh-Hant", "附錄 A – 測試伺服器03", "附錄 A – 測試伺服器03");
    check_in("zh-Hant", "伺服器", "伺服器");
    check_in("ja", "東京サーバー1", "東京サーバー1");
    check_in("ko", "서버 <1>", "서버 &lt;1&gt;");
    /* another CJK language inside a Chinese document still gets its own tag */
    check_in("zh-Hans", "サーバー", "<span lang=\"ja\">サーバー</span>");
    check_in("zh-Hans", "測試", "<span lang=\"zh-Hant\">測試</span>");
}

Test(html_lang, cjk_tags)
{
    cr_assert_null(doc_cjk_lang("en", "Server 1"));
    cr_assert_str_eq(doc_cjk_lang("zh-Hant", "伺服器"), "zh-Hant");
    cr_assert_str_eq(doc_cjk_lang("zh-Hans", "伺服器"), "zh-Hans");
    cr_assert_str_eq(doc_cjk_lang("de", "伺服器"), "zh");
    cr_assert_str_eq(doc_cjk_lang("en", "서버"), "ko");
}
