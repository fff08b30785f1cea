/* js_internal.h - private to parser/: Jetstress label tables and helpers shared by js_html.c,
 * js_labels.c, js_testlog.c, js_xml.c, js_discover.c and js_load.c. */
#ifndef PS_JS_INTERNAL_H
#define PS_JS_INTERNAL_H

#include <stddef.h>

#include <libxml/tree.h>

#include "ps_parser.h"
#include "textfile.h"

/* Maximum size of an HTML report or XML file read into memory. */
#define JS_MAX_INPUT (64u * 1024u * 1024u)

/* What a synonym names. */
enum js_kind { JS_K_SECTION = 1, JS_K_ROW, JS_K_COL, JS_K_TITLE, JS_K_RESULT, JS_K_SUMMARY_ROW };

/* Report sections. */
enum js_section {
    JS_SEC_NONE = 0,
    JS_SEC_SUMMARY,
    JS_SEC_SIZING,
    JS_SEC_PARAMS,
    JS_SEC_DBCONF,
    JS_SEC_TRANS,
    JS_SEC_MAINT,
    JS_SEC_REPL,
    JS_SEC_TOTAL,
    JS_SEC_HOST,
    JS_SEC_LOG,
    JS_SEC_DISK2007,
    JS_SEC_BACKUP,
    JS_SEC_SOFTREC,
    JS_SEC_CHECKSUM,
    JS_SEC_IGNORED,
    JS_SEC__N
};

/* Key/value rows (Test Summary, Sizing, System Parameters). */
enum js_field {
    JS_F_NONE = 0,
    JS_F_OVERALL,
    JS_F_MACHINE,
    JS_F_DESCRIPTION,
    JS_F_TEST_START,
    JS_F_TEST_END,
    JS_F_COLL_START,
    JS_F_COLL_END,
    JS_F_JS_VERSION,
    JS_F_ESE_VERSION,
    JS_F_OS,
    JS_F_PERF_LOG,
    JS_F_ACHIEVED,
    JS_F_TARGET,
    JS_F_INIT_SIZE,
    JS_F_FINAL_SIZE,
    JS_F_DB_FILES,
    JS_F_THREADS,
    JS_F_MIN_CACHE,
    JS_F_MAX_CACHE,
    JS_F_INSERT,
    JS_F_DELETE,
    JS_F_REPLACE,
    JS_F_READ,
    JS_F_LAZY,
    JS_F_BDM,
    JS_F_COPIES,
    JS_F__N
};

/* Column headers. JS_C_IO0 + i is column i of ps_io12. */
enum js_col {
    JS_C_NONE = 0,
    JS_C_KEY, /* first column: instance / counter / volume / database */
    JS_C_IO0,
    JS_C_IO11 = JS_C_IO0 + 11,
    JS_C_MAINT_RPS,
    JS_C_MAINT_BYTES,
    JS_C_AVG,
    JS_C_MIN,
    JS_C_MAX,
    JS_C_DISK_SEC_READ,
    JS_C_DISK_SEC_WRITE,
    JS_C_DISK_READS,
    JS_C_DISK_WRITES,
    JS_C_DISK_BYTES_READ,
    JS_C_DISK_BYTES_WRITE,
    JS_C_DB_SIZE_MB,
    JS_C_ELAPSED,
    JS_C_MB_PER_SEC,
    JS_C_LOGS_REPLAYED,
    JS_C_SEC_PER_LOG,
    JS_C__N
};

/* Normalise a label: trim, collapse whitespace (incl. U+00A0, U+3000), ASCII case-fold, drop a
 * trailing ':' or '：', and move a trailing parenthesised part into unit (without parentheses,
 * normalised the same way; "" if none). out/unit are always NUL-terminated. */
void js_label_norm(const char *in, char *out, size_t n, char *unit, size_t un);

/* Look a label up in the synonym table of the given kind. Tries the whole normalised text first,
 * then the text without its parenthesised unit. Comparison ignores whitespace, so labels wrapped
 * by PDF tools still match. Returns the id (enum js_section / js_field / js_col / ps_test_type)
 * or 0; *localized (may be NULL) is set to 1 when the matching variant is not ASCII. */
int js_lookup(enum js_kind kind, const char *label, int *localized);

/* Canonical English name of a section (for warnings). */
const char *js_section_name(enum js_section s);

/* Multiplier from a unit word to the canonical unit of a latency column ("sec" -> 1000,
 * "msec" -> 1); 1 for unknown words. */
double js_latency_unit_scale(const char *unit);

/* Parse a numeric cell: trims, accepts "(n/a)", "n/a", "-", "" as NaN (returns 1), strips '%',
 * thousands separators and a trailing unit word (copied to unit, may be NULL). dec_comma: 1 when
 * the document uses ',' as decimal separator. Returns 0 with a number, 1 for NaN, -1 when the
 * text is not a number. */
int js_parse_num(const char *s, int dec_comma, double *out, char *unit, size_t un);

/* The machine of the first "\\MACHINE\" in s: the name up to the next backslash (newly
 * allocated), or NULL when it is empty or another character of stop comes first (stop lists
 * the backslash and the characters that end a name). */
char *js_machine_in(const char *s, const char *stop);

/* Strip a "process/" prefix such as "JetstressWin/" from an instance name. */
const char *js_instance_basename(const char *name);

/* Next node in document order below root (NULL at the end), without recursion;
 * skip_children leaves n's subtree out. (js_xml.c) */
xmlNode *js_next_node(xmlNode *n, const xmlNode *root, int skip_children);

/* ASCII case-insensitive strstr (strcasestr is not POSIX). */
char *js_strcasestr(const char *hay, const char *needle);

/* Duplicate s trimmed of surrounding ASCII and Unicode spaces. */
char *js_trimdup(const char *s);

/* ---- report parse state and the key/value rows (js_html_rows.c), used by js_html.c */
typedef struct js_rstate {
    ps_js_report *r;
    ps_warnings *w;
    const char *path;
    int dec_comma;
    int localized;
    unsigned seen; /* bit per enum js_section */
    int io_tables; /* I/O tables without a known title so far */
    int fields; /* known row labels found */
    long bad_nums; /* number cells that could not be read (taken as absent) */
    char first_bad[48]; /* the first of them, for the warning */
    ps_hash inst_index; /* r's instance names -> index (js_instance_index); the parser
                             * finishes it (ps_hash_fini) */
    size_t inst_indexed; /* instances of r in inst_index so far */
} js_rstate;

#define JS_SEEN(st, s) ((st)->seen |= 1u << (s))

/* Index of the instance of st->r called raw (a "process/" prefix removed), appended when new:
 * one hash lookup (st->inst_index), linear in the rows of a report. */
size_t js_instance_index(js_rstate *st, const char *raw);
/* Append an instance called name (copied) with cleared figures to the array *v of *n; returns
 * its index (js_html_rows.c; also used by js_load.c). */
size_t js_instance_append(ps_js_instance **v, size_t *n, const char *name);
/* A number cell with the document's decimal separator; NaN when absent or not a number. */
double js_num(js_rstate *st, const char *s, char *unit, size_t un);
/* "h:mm:ss", "mm:ss" or plain seconds; NaN when unreadable. */
double js_duration_s(js_rstate *st, const char *s);
/* Store the value of a known row label into the report. line: source line for warnings. */
void js_set_field(js_rstate *st, enum js_field f, const char *v, long line);
/* Database Configuration row "Log path: X Database: Y" of instance label. */
void js_set_dbconf(js_rstate *st, const char *label, const char *v);
/* Copy of s with every whitespace run (incl. newlines) turned into one space. Caller frees. */
char *js_flat(const char *s);
/* Count one cell's vote for '.' or ',' as the decimal separator (unambiguous cells only). */
void js_vote_sep(const char *s, int *dot, int *comma);

#endif
