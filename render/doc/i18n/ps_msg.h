/* ps_msg.h - the message catalogue of the documents (ESRP paper, trend and analyze PDFs):
 * every stock text a document prints, one table per language (render/doc/i18n/msg_LANG.c),
 * indexed by enum ps_msg_id, plus the language's number and date conventions.
 *
 * Adding a text: a new id at the end of its group below, its English text in msg_en.c and its
 * translation in every msg_*.c (tests/unit/test_msg.c fails on a missing text or a translation
 * whose printf conversions differ from the English ones). */
#ifndef PS_MSG_H
#define PS_MSG_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum ps_msg_id {
    /* ---- page furniture (layout: running header/footer, lists, watermark) */
    PS_MSG_PAGE_OF = 0,          /* "Page %d of %d" */
    PS_MSG_FIGURE_N,             /* "Figure %d" */
    PS_MSG_TABLE_N,              /* "Table %d" */
    PS_MSG_LIST_OF_FIGURES,      /* "List of figures" */
    PS_MSG_LIST_OF_TABLES,       /* "List of tables" */
    PS_MSG_CONTENTS,             /* "Contents" */
    PS_MSG_DRAFT,                /* "DRAFT" (watermark of a run that does not qualify) */
    PS_MSG_APPENDIX_N,           /* "Appendix %s" */
    PS_MSG_NOT_PROVIDED,         /* "not provided" */
    PS_MSG_NA,                   /* "n/a" */
    PS_MSG_N                     /* number of texts; keep last */
};

/* A document language: BCP 47 tag as accepted by --lang, the tag written into the documents
 * (HTML lang, PDF /Lang: script subtags for Chinese), its texts and conventions. */
typedef struct ps_lang {
    const char *tag;             /* "en", "zh-TW", "zh-CN", "ja", "ko", "de", "fr", "es" */
    const char *doc_tag;         /* "en", "zh-Hant", "zh-Hans", ... */
    const char *name;            /* its own name: "English", "繁體中文" */
    const char *const *msg;      /* PS_MSG_N texts (UTF-8, never NULL) */
    const char *decimal;         /* decimal mark: "." or "," */
    const char *group;           /* thousands separator: ",", ".", U+00A0 */
    const char *date_fmt;        /* "%M %d, %y": %y year, %m month number, %M month name, %d day */
    const char *const *months;   /* 12 month names (for %M) */
    int cjk;                     /* 1: Chinese, Japanese or Korean text (no spaces between words) */
} ps_lang;

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
