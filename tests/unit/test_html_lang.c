/* Unit tests: element text of the HTML document with CJK runs marked by language. */
#include <criterion/criterion.h>
#include <string.h>

#include "doc_internal.h"

static void check(const char *in, const char *want)
{
    ps_buf b = {0};
    doc_html_text(&b, in);
    cr_assert_str_eq(b.data ? b.data : "", want);
    ps_buf_fini(&b);
}

Test(html_lang, latin_is_only_escaped) { check("A < B & \"C\" – é", "A &lt; B &amp; &quot;C&quot; – é"); }

Test(html_lang, chinese_runs)
{
    check("Appendix A – 測試伺服器03", "Appendix A – <span lang=\"zh\">測試伺服器</span>03");
    check("測試（MBX03）", "<span lang=\"zh\">測試（</span>MBX03<span lang=\"zh\">）</span>");
}

Test(html_lang, kana_makes_japanese_hangul_korean)
{
    check("東京サーバー1", "<span lang=\"ja\">東京サーバー</span>1");
    check("서버 <1>", "<span lang=\"ko\">서버</span> &lt;1&gt;");
}
