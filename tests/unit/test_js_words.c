/* Unit tests: the Jetstress model's sentences worded from the message catalogue
 * (render/doc/i18n/ps_js_words.h): known fields, the expected sentence written by hand in
 * English, German and Japanese; every translation names the same fields as the English text. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "ps_js_words.h"

#define T0 ((ps_time)1773482400000LL) /* 2026-03-14 10:00:00.000 (local time of the logs) */
#define HMS(h, m, s, ms) (T0 + (ps_time)(((h)-10) * 3600 + (m)*60 + (s)) * 1000 + (ms))

/* bursts of database read latency beyond 20 ms: 12 of 240 samples in 3 runs, the longest 5
 * samples over one minute, the worst 48.25 ms */
static ps_js_failure bursts(void)
{
    ps_js_failure f = {0};
    f.metric = PS_IO_DB_READ_LAT;
    f.op = PS_THR_GT;
    f.limit = 20;
    f.samples = 240;
    f.over = 12;
    f.runs = 3;
    f.longest = 5;
    f.longest_first = HMS(10, 42, 17, 269);
    f.longest_last = HMS(10, 43, 17, 269);
    f.worst = 48.25;
    f.worst_at = HMS(10, 43, 2, 269);
    f.cls = PS_FAIL_BURSTS;
    f.zone_name = "W. Europe Standard Time";
    f.has_utc_offset = 1;
    f.utc_offset_min = 60;
    return f;
}

/* The sentence got, allocated by a wording function, is want (tag names its language in the
 * message: NULL is English); got is freed. */
static void text_eq(const char *tag, char *got, const char *want)
{
    cr_assert_str_eq(got, want, "%s", tag ? tag : "en");
    free(got);
}

/* The wording function for the record x: a failure, a verdict reason or a qualification reason. */
/* clang-format off */
#define WORDING(x) _Generic((x), ps_js_failure *: ps_js_failure_words, ps_verdict_reason *: ps_js_reason_words, \
                                 ps_qual_reason *: ps_js_qual_words)
/* clang-format on */

/* The record x worded in the language tag (NULL: English) is want. */
#define words_eq(tag, x, want) text_eq((tag), WORDING(x)(ps_lang_find(tag), (x)), (want))

Test(js_words, failure_english)
{
    ps_js_failure f = bursts();
    words_eq(NULL, &f,
             "bursts: 12 of 240 samples > 20 ms in 3 runs; longest run 5 samples, 2026-03-14 10:42:17.269 to "
             "10:43:17.269 (1 min 0 s); worst 48.25 ms at 2026-03-14 10:43:02.269 (W. Europe Standard Time, "
             "UTC+01:00)");
    /* one sample, one run, no zone known at all */
    f.cls = PS_FAIL_SPIKE;
    f.over = f.runs = f.longest = 1;
    f.samples = 80;
    f.longest_first = f.longest_last = f.worst_at = HMS(10, 10, 0, 0);
    f.worst = 2500;
    f.zone_name = NULL;
    f.has_utc_offset = 0;
    words_eq("en", &f,
             "single spike: 1 of 80 samples > 20 ms in 1 run; longest run 1 sample at 2026-03-14 10:10:00.000; "
             "worst 2500 ms at 2026-03-14 10:10:00.000 (the logs' local time, zone unknown)");
}

Test(js_words, failure_german)
{
    ps_js_failure f = bursts();
    words_eq("de", &f,
             "Schübe: 12 von 240 Messwerten > 20 ms in 3 Folgen; längste Folge 5 Messwerte, 2026-03-14 "
             "10:42:17.269 bis 10:43:17.269 (1 min 0 s); schlechtester Wert 48,25 ms um 2026-03-14 10:43:02.269 "
             "(W. Europe Standard Time, UTC+01:00)");
    /* the zone's name unknown, its offset known (west of UTC); a run of 2 h 5 min 3 s */
    f.zone_name = NULL;
    f.utc_offset_min = -300;
    f.longest_last = f.longest_first + (ps_time)(2 * 3600 + 5 * 60 + 3) * 1000;
    f.cls = PS_FAIL_SUSTAINED;
    f.over = 150;
    f.runs = 1;
    words_eq("de-DE", &f,
             "anhaltend: 150 von 240 Messwerten > 20 ms in 1 Folge; längste Folge 5 Messwerte, 2026-03-14 "
             "10:42:17.269 bis 12:47:20.269 (2 h 5 min 3 s); schlechtester Wert 48,25 ms um 2026-03-14 "
             "10:43:02.269 (Name der Zeitzone unbekannt, UTC-05:00)");
}

Test(js_words, failure_japanese)
{
    ps_js_failure f = bursts();
    words_eq("ja", &f,
             "バースト: 240 サンプル中 12 サンプルが > 20 ms (3 区間)；最長区間は 5 サンプル、2026-03-14 "
             "10:42:17.269 ～ 10:43:17.269 (1 分 0 秒)；最悪値 48.25 ms (2026-03-14 10:43:02.269、"
             "W. Europe Standard Time、UTC+01:00)");
}

Test(js_words, fill_named_fields_in_any_order)
{
    ps_buf b = {0};
    const ps_msg_field f[] = {{"a", "1"}, {"bb", "two"}};
    ps_msg_fill(&b, "{bb} before {a}; {unknown} and { stay", f, 2);
    cr_assert_str_eq(b.data, "two before 1; {unknown} and { stay");
    ps_buf_fini(&b);
}

Test(js_words, numbers_in_the_language)
{
    char out[64];
    cr_assert_str_eq(ps_js_words_num(NULL, out, sizeof out, 22.4), "22.4");
    cr_assert_str_eq(ps_js_words_num(NULL, out, sizeof out, 20), "20");
    cr_assert_str_eq(ps_js_words_num(NULL, out, sizeof out, 0.000694), "0.000694");
    cr_assert_str_eq(ps_js_words_num(ps_lang_find("fr"), out, sizeof out, 1234.5), "1234,5");
    cr_assert_str_eq(ps_js_words_num(ps_lang_find("es"), out, sizeof out, 7), "7");
    cr_assert_str_eq(ps_js_metric_label(ps_lang_find("ko"), PS_IO_LOG_WRITE_LAT), "로그 쓰기 대기 시간");
    cr_assert_str_eq(ps_js_metric_label(NULL, PS_JM_STALLS), "database page fault stalls/sec");
    cr_assert_str_eq(ps_js_metric_label(NULL, PS_JM_N), "?");
}

/* The named fields of s, sorted and joined: "{a}{b}". */
static void fields_of(const char *s, char *out, size_t n)
{
    char names[32][32];
    size_t k = 0;
    for (const char *p = strchr(s, '{'); p && k < 32; p = strchr(p + 1, '{')) {
        const char *e = strchr(p, '}');
        if (!e || (size_t)(e - p) >= sizeof names[0])
            break;
        memcpy(names[k], p, (size_t)(e - p + 1));
        names[k++][e - p + 1] = 0;
    }
    qsort(names, k, sizeof names[0], (int (*)(const void *, const void *))strcmp);
    out[0] = 0;
    for (size_t i = 0; i < k; i++)
        if (!i || strcmp(names[i], names[i - 1]))
            strncat(out, names[i], n - strlen(out) - 1);
}

Test(js_words, translations_name_the_english_fields)
{
    size_t n = 0;
    const ps_lang *all = ps_lang_all(&n);
    for (int id = PS_MSG_W_FAIL; id < PS_MSG_N; id++) {
        char en[512], loc[512];
        fields_of(ps_msg(NULL, (enum ps_msg_id)id), en, sizeof en);
        for (size_t l = 1; l < n; l++) {
            fields_of(ps_msg(&all[l], (enum ps_msg_id)id), loc, sizeof loc);
            cr_assert_str_eq(loc, en, "%s text %d: %s", all[l].tag, id, ps_msg(&all[l], (enum ps_msg_id)id));
        }
    }
}

/* A verdict's reasons from their fields: a failing rule, a warning count rule whose count is a
 * lower bound, an aggregate rule, a test not judged. */
Test(js_words, verdict_reasons)
{
    ps_verdict v = {0};
    ps_verdict_reason *r = ps_verdict_add(&v, PS_VR_RULE, "MBX02");
    r->instance = strdup("Instance5120.3");
    r->stat = PS_THR_AVG;
    r->metric = PS_IO_DB_READ_LAT;
    r->op = PS_THR_GT;
    r->value = 23.529;
    r->limit = 20;
    words_eq(NULL, &v.reasons[0], "MBX02 Instance5120.3: average database read latency 23.529 ms > 20 ms");
    words_eq("de", &v.reasons[0], "MBX02 Instance5120.3: Datenbank-Leselatenz (Mittelwert) 23,529 ms > 20 ms");
    words_eq("ja", &v.reasons[0], "MBX02 Instance5120.3: データベース読み取り待機時間の平均 23.529 ms > 20 ms");

    r = ps_verdict_add(&v, PS_VR_RULE_COUNT, "S1");
    r->warning = 1;
    r->instance = strdup("Instance1.1");
    r->stat = PS_THR_EXCEED;
    r->metric = PS_IO_LOG_WRITE_LAT;
    r->op = PS_THR_GT;
    r->limit = 200;
    r->count = 12;
    r->exact = 0;
    r->max_errors = 10;
    words_eq(NULL, &v.reasons[1],
             "warning: S1 Instance1.1: at least 12 samples of log write latency > 200 ms (10 allowed)");
    words_eq("de", &v.reasons[1],
             "Warnung: S1 Instance1.1: mindestens 12 Messwerte der Protokoll-Schreiblatenz > 200 ms (10 zulässig)");

    r = ps_verdict_add(&v, PS_VR_RULE, NULL);
    r->aggregate = 1;
    r->stat = PS_THR_AVG;
    r->metric = PS_IO_DB_READS;
    r->op = PS_THR_LT;
    r->value = 1500.5;
    r->limit = 2000;
    words_eq(NULL, &v.reasons[2], "aggregate: average database reads/sec 1500.5/s < 2000/s");
    words_eq("de", &v.reasons[2], "gesamt: Datenbank-Lesevorgänge/s (Mittelwert) 1500,5/s < 2000/s");

    r = ps_verdict_add(&v, PS_VR_NOT_JUDGED, "MBX03");
    r->incomplete = PS_VRI_MISSING_COUNTERS;
    r->n = 3;
    words_eq(NULL, &v.reasons[3],
             "MBX03: not judged: 3 threshold checks without their counter, and no printed Jetstress verdict to fall "
             "back on");
    words_eq(
        "ja", &v.reasons[3],
        "MBX03: 判定なし: 3 件のしきい値チェックにカウンターなし。代わりに使える Jetstress の判定表示もありません");
    v.reasons[3].n = 1;
    words_eq(NULL, &v.reasons[3],
             "MBX03: not judged: 1 threshold check without its counter, and no printed Jetstress verdict to fall back "
             "on");
    ps_verdict_add_text(&v, "kept as stored");
    words_eq("fr", &v.reasons[4], "kept as stored");

    /* Jetstress's own words in a verdict that disagrees: quoted in the language's marks */
    r = ps_verdict_add(&v, PS_VR_DISAGREE, "MBX01");
    r->printed = 0;
    r->recomputed = 1;
    r->printed_reason = strdup("Instance1.1 has 25 msec");
    r->profile = strdup("jetstress-2013/strict");
    words_eq(NULL, &v.reasons[5],
             "MBX01: Jetstress printed Fail - Instance1.1 has 25 msec, recomputed Pass with jetstress-2013/strict");
    words_eq("de", &v.reasons[5],
             "MBX01: Jetstress meldete Nicht bestanden mit der Meldung „Instance1.1 has 25 msec“, neu berechnet mit "
             "jetstress-2013/strict: Bestanden");
    words_eq("zh-TW", &v.reasons[5],
             "MBX01: Jetstress 顯示 失敗，訊息為「Instance1.1 has 25 msec」，以 jetstress-2013/strict 重新計算為 通過");
    ps_verdict_fini(&v);
}

/* Qualification reasons from their fields: a target missed (from JetstressConfig.xml) and a
 * printed Fail with Jetstress's own words. */
Test(js_words, qualification_reasons)
{
    ps_qual_reason t = {0};
    t.criterion = PS_QUAL_TARGET_IOPS;
    t.met = PS_VERDICT_FAIL;
    t.value = 228.256;
    t.required = 300;
    t.machine = "MBX01";
    t.test_type = PS_TEST_PERFORMANCE;
    t.target_from = PS_QTF_CONFIG;
    t.config_mailboxes = 300;
    t.config_iops = 1;
    words_eq(NULL, &t,
             "MBX01 Performance: achieved transactional IOPS 228.256 < target 300 (target from JetstressConfig.xml: "
             "300 mailboxes x 1 IOPS)");
    words_eq("de", &t,
             "MBX01 Leistungstest: erreichte Transaktions-IOPS 228,256 < Ziel 300 (Ziel aus JetstressConfig.xml: 300 "
             "Postfächer x 1 IOPS)");
    words_eq("ja", &t,
             "MBX01 パフォーマンス テスト: 達成したトランザクション IOPS 228.256 < 目標 300 (目標の出典: "
             "JetstressConfig.xml: 300 メールボックス x 1 IOPS)");
    ps_qual_reason p = {0};
    p.criterion = PS_QUAL_PRINTED_VERDICT;
    p.met = PS_VERDICT_FAIL;
    p.machine = "MBX02";
    p.test_type = PS_TEST_PERFORMANCE;
    p.printed_reason = "Instance5120.3 has 23.529 msec average";
    words_eq(NULL, &p,
             "MBX02 Performance: Jetstress printed Fail - Instance5120.3 has 23.529 msec average (required: Pass)");
    /* in a document language, Jetstress's own (English) words are a quotation in that language's
     * quotation marks, the sentence around it is the language's */
    words_eq("de", &p,
             "MBX02 Leistungstest: Jetstress meldete Nicht bestanden mit der Meldung „Instance5120.3 has 23.529 msec "
             "average“ (erforderlich: Bestanden)");
    words_eq("fr", &p,
             "MBX02 test de performances : Jetstress a indiqué Échec avec le message «\u00a0Instance5120.3 has 23.529 "
             "msec average\u00a0» (requis : Réussi)");
    words_eq("es", &p,
             "MBX02 prueba de rendimiento: Jetstress indicó No superada con el mensaje «Instance5120.3 has 23.529 msec "
             "average» (se requiere: Superada)");
    words_eq("ja", &p,
             "MBX02 パフォーマンス テスト: Jetstress の表示は 不合格、メッセージ「Instance5120.3 has 23.529 msec "
             "average」 (必要: 合格)");
    words_eq(
        "ko", &p,
        "MBX02 성능 테스트: Jetstress 표시 결과 실패, 메시지 “Instance5120.3 has 23.529 msec average” (필수: 통과)");
    words_eq("zh-CN", &p,
             "MBX02 性能测试: Jetstress 显示 失败，消息为“Instance5120.3 has 23.529 msec average” (必须: 通过)");
    words_eq("zh-TW", &p,
             "MBX02 效能測試: Jetstress 顯示 失敗，訊息為「Instance5120.3 has 23.529 msec average」 (必須: 通過)");
}
