/* ps_msg.h - the message catalogue of the documents (ESRP paper, trend and analyze PDFs):
 * every stock text a document prints, one table per language (render/doc/i18n/msg_LANG.c),
 * indexed by enum ps_msg_id, plus the language's number and date conventions.
 *
 * Adding a text: a new id at the end of its group below, its English text in msg_en.c and its
 * translation in every msg_*.c (tests/unit/test_msg.c fails on a missing text or a translation
 * whose printf conversions differ from the English ones). A text whose English form has no
 * conversion is never used as a format (it may hold a plain '%': "20% headroom"). */
#ifndef PS_MSG_H
#define PS_MSG_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum ps_msg_id {
    PS_MSG_PAGE_OF = 0, /* page furniture */
    PS_MSG_FIGURE_N,
    PS_MSG_TABLE_N,
    PS_MSG_LIST_OF_FIGURES,
    PS_MSG_LIST_OF_TABLES,
    PS_MSG_CONTENTS,
    PS_MSG_DRAFT, /* watermark of a run that does not qualify */
    PS_MSG_APPENDIX_N,
    PS_MSG_NOT_PROVIDED,
    PS_MSG_NA,
    PS_MSG_TITLE, /* "vendor product", mailboxes, RESILIENCY_WORD or "", SERVER_WORD or "", Exchange version */
    PS_MSG_TITLE_NO_VENDOR, /* the same without the vendor and product (neither given) */
    PS_MSG_RESILIENCY_WORD,
    PS_MSG_SERVER_WORD,
    PS_MSG_SUBTITLE,
    PS_MSG_COPYRIGHT, /* year, vendor */
    PS_MSG_TRADEMARKS,
    PS_MSG_DOC_NUMBER,
    PS_MSG_ABSTRACT,
    PS_MSG_REVISIONS,
    PS_MSG_COL_DATE,
    PS_MSG_COL_DESCRIPTION,
    PS_MSG_INTRODUCTION,
    PS_MSG_INTRO_P1, /* vendor, Exchange version */
    PS_MSG_INTRO_P1_NO_VENDOR, /* Exchange version (no vendor given) */
    PS_MSG_INTRO_P2,
    PS_MSG_DISCLAIMER,
    PS_MSG_DISCLAIMER_TEXT,
    PS_MSG_FEATURES,
    PS_MSG_SOLUTION_DESCRIPTION,
    PS_MSG_CUSTOMER_PROFILE,
    PS_MSG_TESTED_DEPLOYMENT,
    PS_MSG_TESTED_DEPLOYMENT_INTRO,
    PS_MSG_BEST_PRACTICES,
    PS_MSG_BEST_PRACTICES_INTRO,
    PS_MSG_BACKUP_STRATEGY,
    PS_MSG_CONTACT,
    PS_MSG_CONCLUSION,
    PS_MSG_CONCLUSION_P1, /* ESRP version */
    PS_MSG_CONCLUSION_P2,
    PS_MSG_ACKNOWLEDGEMENTS,
    PS_MSG_SUPPORT,
    PS_MSG_SUPPORT_ESRP,
    PS_MSG_SIMULATED_CONFIG,
    PS_MSG_PER_SERVER_CONFIG,
    PS_MSG_HARDWARE,
    PS_MSG_SOFTWARE,
    PS_MSG_DISKS,
    PS_MSG_HW_COMPONENTS,
    PS_MSG_SW_COMPONENTS,
    PS_MSG_VOLUME_SIZING,
    PS_MSG_COL_ITEM,
    PS_MSG_COL_VALUE,
    PS_MSG_COL_DATA,
    PS_MSG_COL_COMPONENT,
    PS_MSG_COL_VERSION,
    PS_MSG_ROW_MAILBOXES,
    PS_MSG_ROW_HOSTS,
    PS_MSG_ROW_DAGS,
    PS_MSG_ROW_SGS_PER_HOST,
    PS_MSG_ROW_SERVERS_PER_DAG,
    PS_MSG_ROW_STORES_PER_SG,
    PS_MSG_ROW_MBX_PER_SERVER,
    PS_MSG_ROW_MBX_PER_STORE,
    PS_MSG_ROW_DBS_PER_HOST,
    PS_MSG_ROW_LUNS_PER_SG,
    PS_MSG_ROW_COPIES_PER_DB,
    PS_MSG_ROW_MBX_PER_DB,
    PS_MSG_ROW_IOPS_MBX_V2,
    PS_MSG_ROW_DB_LUN_SIZE,
    PS_MSG_ROW_LOG_LUN_SIZE,
    PS_MSG_ROW_DB_SIZE_SERVER,
    PS_MSG_ROW_DB_SIZE_TOTAL,
    PS_MSG_ROW_CAPACITY_USED,
    PS_MSG_ROW_CONNECTIVITY,
    PS_MSG_ROW_STORAGE_MODEL,
    PS_MSG_ROW_CACHE,
    PS_MSG_ROW_CONTROLLERS,
    PS_MSG_ROW_PORTS,
    PS_MSG_ROW_BANDWIDTH,
    PS_MSG_ROW_SWITCH,
    PS_MSG_ROW_HBA,
    PS_MSG_ROW_HBAS_PER_HOST,
    PS_MSG_ROW_HOST_SERVER,
    PS_MSG_ROW_DISKS_TESTED,
    PS_MSG_ROW_MAX_SPINDLES,
    PS_MSG_ROW_HBA_DRIVER,
    PS_MSG_ROW_HBA_QUEUE_TARGET,
    PS_MSG_ROW_HBA_QUEUE_DEPTH_V2,
    PS_MSG_ROW_HBA_QUEUE_DEPTH,
    PS_MSG_ROW_MULTIPATHING,
    PS_MSG_ROW_HOST_OS,
    PS_MSG_ROW_ESE_VERSION,
    PS_MSG_ROW_REPLICATION,
    PS_MSG_ROW_DISK_TYPE,
    PS_MSG_ROW_RAW_PER_DISK,
    PS_MSG_ROW_DISKS_IN_TEST,
    PS_MSG_ROW_TOTAL_RAW,
    PS_MSG_ROW_SLICE_SIZE,
    PS_MSG_ROW_SLICES_PER_LUN,
    PS_MSG_ROW_RAID_LEVEL,
    PS_MSG_ROW_FORMATTED_CAPACITY,
    PS_MSG_ROW_STORAGE_UTIL,
    PS_MSG_ROW_DB_UTIL,
    PS_MSG_TEST_RESULT_SUMMARY,
    PS_MSG_SUMMARY_INTRO,
    PS_MSG_QUALIFICATION,
    PS_MSG_QUALIFIES,
    PS_MSG_NOT_QUALIFIES,
    PS_MSG_NO_PERFORMANCE_TEST,
    PS_MSG_RELIABILITY,
    PS_MSG_RELIABILITY_STRESS, /* duration, servers */
    PS_MSG_RELIABILITY_NO_STRESS,
    PS_MSG_RELIABILITY_LIST,
    PS_MSG_TEST_LINE, /* server, test title, Pass/Fail */
    PS_MSG_PASS,
    PS_MSG_FAIL,
    PS_MSG_NOT_JUDGED,
    PS_MSG_STORAGE_PERF,
    PS_MSG_PERF_INTRO, /* duration, duration */
    PS_MSG_PERF_INTRO_NODUR,
    PS_MSG_INDIVIDUAL_SERVER,
    PS_MSG_INDIVIDUAL_SERVER_TABLE,
    PS_MSG_AGGREGATE,
    PS_MSG_AGGREGATE_TABLE,
    PS_MSG_AGGREGATE_INTRO,
    PS_MSG_DB_IO,
    PS_MSG_LOG_IO,
    PS_MSG_LATENCY_NOTE,
    PS_MSG_BACKUP_RECOVERY,
    PS_MSG_READONLY,
    PS_MSG_READONLY_V2,
    PS_MSG_READONLY_INTRO,
    PS_MSG_READONLY_NOT_TESTED,
    PS_MSG_REPLAY,
    PS_MSG_REPLAY_INTRO,
    PS_MSG_REPLAY_NOT_TESTED,
    PS_MSG_COL_SERVER,
    PS_MSG_COL_MB_READ_SG,
    PS_MSG_COL_MB_READ_DB,
    PS_MSG_COL_MB_READ_SERVER,
    PS_MSG_COL_SEC_PER_LOG,
    PS_MSG_HOURS,
    PS_MSG_HOUR,
    PS_MSG_MINUTES,
    PS_MSG_MINUTE,
    PS_MSG_LIST_SEP,
    PS_MSG_RANGE, /* shortest, longest */
    PS_MSG_LIST_AND,
    PS_MSG_APPENDIX_TITLE,
    PS_MSG_TEST_PERFORMANCE,
    PS_MSG_TEST_STRESS,
    PS_MSG_TEST_BACKUP,
    PS_MSG_TEST_SOFTRECOVERY,
    PS_MSG_TEST_OTHER,
    PS_MSG_TEST_WITH_DURATION, /* test title, duration */
    PS_MSG_VERDICT_DETAILS,
    PS_MSG_CHARTS,
    PS_MSG_VERIFICATION,
    PS_MSG_VERIFY_P1, /* threshold profile(s) */
    PS_MSG_VERIFY_AGREE,
    PS_MSG_VERIFY_DIFFER,
    PS_MSG_VERIFY_REPORTED_ONLY,
    PS_MSG_VERIFY_VERDICT, /* server, test title, verdict, source words */
    PS_MSG_VERIFY_DISAGREE,
    PS_MSG_VERIFY_FILES,
    PS_MSG_USED_REPORT,
    PS_MSG_USED_LOG,
    PS_MSG_USED_CONFIG,
    PS_MSG_CHART_IOPS_TITLE, /* chart texts of the appendices */
    PS_MSG_CHART_READ_LAT_TITLE,
    PS_MSG_CHART_LATENCIES_TITLE,
    PS_MSG_CHART_RATES_TITLE,
    PS_MSG_CHART_DB_READ_LAT,
    PS_MSG_CHART_DB_WRITE_LAT,
    PS_MSG_CHART_LOG_WRITE_LAT,
    PS_MSG_CHART_DB_READS,
    PS_MSG_CHART_DB_WRITES,
    PS_MSG_CHART_LOG_WRITES,
    PS_MSG_CHART_PER_SECOND,
    PS_MSG_CHART_TIME_UTC,
    PS_MSG_CHART_TIME_LOCAL,
    PS_MSG_CHART_TIME_LOCAL_SHADED,
    PS_MSG_CHART_BAND,
    PS_MSG_CHART_WORST_HIGH,
    PS_MSG_CHART_WORST_LOW,
    PS_MSG_CHART_LIMIT,
    PS_MSG_CHART_AVG_LIMIT,
    PS_MSG_FAIL_HEADING, /* failure explanations (doc_failure.c) */
    PS_MSG_FAIL_INTRO,
    PS_MSG_FAIL_WHERE, /* server, test title, instance */
    PS_MSG_FAIL_WHY, /* the run's explanation */
    PS_MSG_FAIL_HOST,
    PS_MSG_FAIL_TITLE_RUN, /* server, instance, metric words, class word */
    PS_MSG_FAIL_TITLE_WORST, /* server, instance, metric words, class word */
    PS_MSG_FAIL_UNKNOWN, /* classes, in the order of enum ps_js_failure_class */
    PS_MSG_FAIL_SPIKE,
    PS_MSG_FAIL_BURSTS,
    PS_MSG_FAIL_SUSTAINED,
    PS_MSG_FAIL_LIMIT, /* value with unit */
    PS_MSG_FAIL_VALUE,
    PS_MSG_VSRC_NONE, /* where a verdict comes from, in the order of enum ps_verdict_source */
    PS_MSG_VSRC_RECOMPUTED,
    PS_MSG_VSRC_REPORTED,
    PS_MSG_VSRC_BOTH,
    PS_MSG_W_FAIL, /* the model's sentences (ps_js_words.h): named fields {name}, in any order */
    PS_MSG_W_FAIL_COUNTS_ONE,
    PS_MSG_W_FAIL_COUNTS,
    PS_MSG_W_FAIL_LONGEST_ONE,
    PS_MSG_W_FAIL_LONGEST,
    PS_MSG_W_FAIL_WORST,
    PS_MSG_W_ZONE_UNKNOWN,
    PS_MSG_W_ZONE_NO_NAME,
    PS_MSG_W_ZONE_OFFSET,
    PS_MSG_W_DUR_H,
    PS_MSG_W_DUR_M,
    PS_MSG_W_DUR_S,
    PS_MSG_W_WHO,
    PS_MSG_W_AGGREGATE,
    PS_MSG_W_TT_UNKNOWN,
    PS_MSG_W_TT_PERFORMANCE,
    PS_MSG_W_TT_STRESS,
    PS_MSG_W_TT_BACKUP,
    PS_MSG_W_TT_SOFTRECOVERY,
    PS_MSG_W_Q_TARGET_UNKNOWN,
    PS_MSG_W_Q_ACHIEVED_UNKNOWN,
    PS_MSG_W_Q_TARGET_MET,
    PS_MSG_W_Q_TARGET_MISSED,
    PS_MSG_W_Q_FROM_REPORT,
    PS_MSG_W_Q_FROM_CONFIG,
    PS_MSG_W_Q_FROM_OPTIONS,
    PS_MSG_W_Q_PRINTED,
    PS_MSG_W_Q_RECOMPUTED,
    PS_MSG_W_Q_RECOMPUTED_UNKNOWN,
    PS_MSG_W_REQUIRED_PASS,
    PS_MSG_W_PRINTED_WHY,
    PS_MSG_W_NO_PROFILE,
    PS_MSG_W_WARNING,
    PS_MSG_W_V_RULE,
    PS_MSG_W_STAT_AVG,
    PS_MSG_W_STAT_MIN,
    PS_MSG_W_STAT_MAX,
    PS_MSG_W_STAT_P95,
    PS_MSG_W_STAT_EXCEED,
    PS_MSG_W_V_COUNT,
    PS_MSG_W_V_COUNT_AT_LEAST,
    PS_MSG_W_V_DISAGREE,
    PS_MSG_W_V_AS_REPORTED,
    PS_MSG_W_V_REPORT_UNREADABLE,
    PS_MSG_W_V_NOT_JUDGED,
    PS_MSG_W_I_NO_LOG,
    PS_MSG_W_I_NO_WINDOW,
    PS_MSG_W_I_INSTANCES,
    PS_MSG_W_I_NO_MAX,
    PS_MSG_W_I_MISSING_ONE,
    PS_MSG_W_I_MISSING,
    PS_MSG_W_I_NOTHING,
    PS_MSG_W_V_NEGATIVE_MIN,
    PS_MSG_W_V_NEGATIVE_AVG,
    PS_MSG_W_V_ZERO_IOPS_TARGET,
    PS_MSG_W_V_ZERO_IOPS,
    PS_MSG_JM_DB_READ_LAT, /* metric words, in the order of enum ps_js_metric */
    PS_MSG_JM_DB_WRITE_LAT,
    PS_MSG_JM_DB_READS,
    PS_MSG_JM_DB_WRITES,
    PS_MSG_JM_DB_READ_SIZE,
    PS_MSG_JM_DB_WRITE_SIZE,
    PS_MSG_JM_LOG_READ_LAT,
    PS_MSG_JM_LOG_WRITE_LAT,
    PS_MSG_JM_LOG_READS,
    PS_MSG_JM_LOG_WRITES,
    PS_MSG_JM_LOG_READ_SIZE,
    PS_MSG_JM_LOG_WRITE_SIZE,
    PS_MSG_JM_MAINT_READS,
    PS_MSG_JM_MAINT_SIZE,
    PS_MSG_JM_CPU,
    PS_MSG_JM_AVAIL_MB,
    PS_MSG_JM_FREE_PTE,
    PS_MSG_JM_TRANSITION,
    PS_MSG_JM_NONPAGED,
    PS_MSG_JM_PAGED,
    PS_MSG_JM_STALLS,
    PS_MSG_SUM_TERM, /* the ESRP summary rows: ESRP's English term beside its translation (doc_esrp.c) */
    PS_MSG_SUM_DB_TRANSFERS,
    PS_MSG_SUM_DB_READS,
    PS_MSG_SUM_DB_WRITES,
    PS_MSG_SUM_DB_READ_LAT,
    PS_MSG_SUM_DB_WRITE_LAT,
    PS_MSG_SUM_LOG_WRITES,
    PS_MSG_SUM_LOG_WRITE_LAT,
    PS_MSG_SUM_V2_DB_TRANSFERS,
    PS_MSG_SUM_V2_DB_READS,
    PS_MSG_SUM_V2_DB_WRITES,
    PS_MSG_SUM_V2_LOG_WRITES,
    PS_MSG_FOOTER, /* the HTML footer (templates/report.html {{footer}}): {title}, {version} */
    PS_MSG_A11Y_CHART, /* the description of a chart for assistive technology (svg_a11y.c): named */
    PS_MSG_A11Y_KIND_TIME, /* fields; a sentence carries its leading space where the language */
    PS_MSG_A11Y_KIND_BARS, /* separates sentences by one. Kinds in the order of enum ps_chart_kind */
    PS_MSG_A11Y_KIND_BARS_LINE,
    PS_MSG_A11Y_SERIES_ONE, /* {kind}, {n}, {list} ("a, b") */
    PS_MSG_A11Y_SERIES,
    PS_MSG_A11Y_RIGHT_AXIS_SERIES, /* {series} */
    PS_MSG_A11Y_CATEGORIES, /* {list} */
    PS_MSG_A11Y_AXIS_X, /* axis names, in the order x, y, y2 */
    PS_MSG_A11Y_AXIS_Y,
    PS_MSG_A11Y_AXIS_Y2,
    PS_MSG_A11Y_AXIS, /* {axis}, {title} (A11Y_PAREN or ""), {min}, {max} */
    PS_MSG_A11Y_PAREN, /* {text} */
    PS_MSG_A11Y_NO_THRESHOLD,
    PS_MSG_A11Y_LIMIT, /* {series}, {value}, {label} (A11Y_PAREN or "") */
    PS_MSG_A11Y_THRESHOLD, /* {value}, {label} */
    PS_MSG_A11Y_SHADED_ONE, /* {n} */
    PS_MSG_A11Y_SHADED,
    PS_MSG_A11Y_BAND, /* {summary} */
    PS_MSG_A11Y_ITEM, /* {summary} */
    PS_MSG_A11Y_MIN_MAX, /* {label}, {min}, {max} */
    PS_MSG_A11Y_MIN_MEAN_MAX, /* {label}, {min}, {mean}, {max} */
    PS_MSG_A11Y_TIP, /* tooltip of a bar or point: {series}, {value} (with its unit) */
    PS_MSG_A11Y_TIP_CATEGORY, /* {series}, {category}, {value} */
    PS_MSG_CHART_NOT_DRAWN, /* a chart the document could not draw: {why} (the chart engine's error) */
    PS_MSG_DRAFT_NOTE, /* the line in the running header of every page of a run that does not qualify */
    PS_MSG_N /* number of texts; keep last */
};

/* A document language: BCP 47 tag as accepted by --lang, the tag written into the documents
 * (HTML lang, PDF /Lang: script subtags for Chinese), its texts and conventions. */
typedef struct ps_lang {
    const char *tag; /* "en", "zh-TW", "zh-CN", "ja", "ko", "de", "fr", "es" */
    const char *doc_tag; /* "en", "zh-Hant", "zh-Hans", ... */
    const char *name; /* its own name: "English", "繁體中文" */
    const char *const *msg; /* PS_MSG_N texts (UTF-8, never NULL) */
    const char *decimal; /* decimal mark: "." or "," */
    const char *group; /* thousands separator: ",", ".", U+00A0 */
    const char *date_fmt; /* "%M %d, %y": %y year, %m month number, %M month name, %d day */
    const char *const *months; /* 12 month names (for %M) */
    int cjk; /* 1: Chinese, Japanese or Korean text (no spaces between words) */
    const char *const *jsl; /* Jetstress's labels in this language (PS_JSL_N, NULL entries:
                                  * English), NULL when unknown (ps_jsl) */
} ps_lang;

/* Jetstress's own report labels. The appendices reproduce Jetstress's tables, so they print the
 * labels Jetstress prints in the document's language where those are known from a real report
 * (zh-TW: the QNAP report of docs/formats.md#js-labels; parser/jetstress/js_labels.c reads the
 * same words), and Jetstress's English labels otherwise: a translation Jetstress never printed
 * would match no Jetstress report. The audit (parser/paper) reads both. Table: i18n/jsl.c. */
enum ps_jsl_id {
    PS_JSL_TEST_SUMMARY = 0,
    PS_JSL_OVERALL,
    PS_JSL_MACHINE,
    PS_JSL_DESCRIPTION,
    PS_JSL_TEST_START,
    PS_JSL_TEST_END,
    PS_JSL_COLL_START,
    PS_JSL_COLL_END,
    PS_JSL_JS_VERSION,
    PS_JSL_ESE_VERSION,
    PS_JSL_OS,
    PS_JSL_PERF_LOG,
    PS_JSL_SIZING,
    PS_JSL_ACHIEVED,
    PS_JSL_TARGET,
    PS_JSL_INIT_SIZE,
    PS_JSL_FINAL_SIZE,
    PS_JSL_DB_FILES,
    PS_JSL_PARAMS,
    PS_JSL_THREADS,
    PS_JSL_MIN_CACHE,
    PS_JSL_MAX_CACHE,
    PS_JSL_INSERT,
    PS_JSL_DELETE,
    PS_JSL_REPLACE,
    PS_JSL_READ,
    PS_JSL_LAZY,
    PS_JSL_BDM,
    PS_JSL_COPIES,
    PS_JSL_DBCONF,
    PS_JSL_INSTANCE,
    PS_JSL_LOG_PATH,
    PS_JSL_DATABASE,
    PS_JSL_TRANS,
    PS_JSL_MAINT,
    PS_JSL_REPL,
    PS_JSL_TOTAL,
    PS_JSL_INST_KEY,
    PS_JSL_IO_DB_READ_LAT,
    PS_JSL_IO_DB_WRITE_LAT,
    PS_JSL_IO_DB_READS,
    PS_JSL_IO_DB_WRITES,
    PS_JSL_IO_DB_READ_BYTES,
    PS_JSL_IO_DB_WRITE_BYTES,
    PS_JSL_IO_LOG_READ_LAT,
    PS_JSL_IO_LOG_WRITE_LAT,
    PS_JSL_IO_LOG_READS,
    PS_JSL_IO_LOG_WRITES,
    PS_JSL_IO_LOG_READ_BYTES,
    PS_JSL_IO_LOG_WRITE_BYTES,
    PS_JSL_MAINT_READS,
    PS_JSL_MAINT_BYTES,
    PS_JSL_HOST,
    PS_JSL_COUNTER,
    PS_JSL_AVERAGE,
    PS_JSL_MINIMUM,
    PS_JSL_MAXIMUM,
    PS_JSL_TEST_LOG,
    PS_JSL_PASS,
    PS_JSL_FAIL,
    PS_JSL_PERF_REPORT,
    PS_JSL_STRESS_REPORT,
    PS_JSL_BACKUP_REPORT,
    PS_JSL_SOFTREC_REPORT,
    PS_JSL_BACKUP_STATS, /* the backup and soft-recovery statistics tables */
    PS_JSL_SOFTREC_STATS,
    PS_JSL_DB_INSTANCE,
    PS_JSL_DB_SIZE_MB,
    PS_JSL_LOGS_REPLAYED,
    PS_JSL_ELAPSED_S,
    PS_JSL_MB_PER_SEC,
    PS_JSL_SEC_PER_LOG,
    PS_JSL_N
};
/* The label id in l's Jetstress language, English when l has none or the label is not known in it
 * (l NULL: English). Never NULL. The id'th English label is ps_jsl(NULL, id). */
const char *ps_jsl(const ps_lang *l, enum ps_jsl_id id);
/* 1 when Jetstress's labels of l are known (the appendices then use them). */
int ps_jsl_known(const ps_lang *l);

/* The languages, English first; *n = how many. Static storage, never NULL. */
const ps_lang *ps_lang_all(size_t *n);
/* English (the default). */
const ps_lang *ps_lang_en(void);
/* The language of tag: exact or case-insensitive, '_' taken as '-', the document tag
 * ("zh-Hant", "zh-Hans"), region forms ("de-DE", "zh-Hant-TW", "zh-HK" = zh-TW, "zh-SG" = zh-CN)
 * accepted. NULL when unknown, ambiguous (a bare "zh") or tag is NULL. */
const ps_lang *ps_lang_find(const char *tag);
/* The text of id in l (NULL l: English). Never NULL. */
const char *ps_msg(const ps_lang *l, enum ps_msg_id id);
/* Number v with decimals digits in l's convention, thousands grouped: "3,750", "3.750,5",
 * "3 750,5" (NBSP). NaN: l's "n/a". Returns out. */
const char *ps_lang_num(const ps_lang *l, char *out, size_t n, double v, int decimals);
/* A calendar date (y, m 1..12, d) in l's convention: "December 2, 2026", "2026年12月2日",
 * "2. Dezember 2026". Returns out. */
const char *ps_lang_date(const ps_lang *l, char *out, size_t n, int y, int m, int d);

#ifdef __cplusplus
}
#endif
#endif
