/* paper_internal.h - private to parser/paper*.c: the PCRE2 pattern tables of the paper reader. */
#ifndef PS_PAPER_INTERNAL_H
#define PS_PAPER_INTERNAL_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "ps_model.h"

/* What a pattern finds in a line of paper text. */
enum pp_kind {
    PP_LABEL,      /* a labelled number; id = enum ps_metric, value read after the match */
    PP_TITLE,      /* an appendix report title; id = enum ps_test_type */
    PP_SECTION,    /* a section inside a report; id = enum pp_section */
    PP_MARK,       /* body markers; id = enum pp_mark */
    PP_DISKHDR,    /* 2007 Disk Subsystem column header; id = column 0..4 */
    PP_DISKROW,    /* 2007 "Database (M:)" / "Log (L:)"; group 1 role word, group 2 drive */
    PP_INSTROW,    /* 2010+ "Instance900.1" followed by numbers; group 1 name */
    PP_TIMESTAMP,  /* test-log line prefix (date and time, then " -- ") */
    PP_LOG         /* test-log message pattern (anchored at the message); id = enum pp_log */
};

enum pp_section { PS_SEC_NONE = 0, PS_SEC_TRANS, PS_SEC_TOTAL, PS_SEC_OTHER, PS_SEC_DISK, PS_SEC_CHECKSUM,
                  PS_SEC_HOST, PS_SEC_LOG };
enum pp_mark { PM_AGGREGATE = 0, PM_SERVER, PM_ESRP_VERSION, PM_MACHINE };
enum pp_log { PL_FINAL = 0, PL_INST_LAT, PL_VOL_LAT, PL_TARGET, PL_THR_READ, PL_THR_LOG, PL_INTERVAL, PL_BLG,
              PL_XML };
/* Where a label is accepted. */
enum pp_where { PW_ANY = 0, PW_BODY, PW_REPORT };

typedef struct paper_pattern {
    enum pp_kind kind;
    int id;
    enum pp_where where;
    const char *esrp;     /* ESRP versions whose papers use this wording: "2", "3 4", "any" */
    const char *re;
} paper_pattern;

typedef struct paper_patterns {
    size_t n;
    const paper_pattern *def;
    pcre2_code **code;
    pcre2_match_data *md;
    pcre2_match_context *mctx;
    pcre2_code *pct;      /* "p% [value unit]" cells */
} paper_patterns;

/* Compile the table (UTF, caseless) with match and depth limits. 0 or PS_EINPUT (bad pattern). */
int paper_patterns_init(paper_patterns *pp, ps_error *err);
void paper_patterns_free(paper_patterns *pp);
/* Match pattern code at subject offset; returns rc of pcre2_match (>0 on a match). */
int paper_match(paper_patterns *pp, pcre2_code *code, const char *s, size_t len, size_t off, uint32_t opts);

#endif
