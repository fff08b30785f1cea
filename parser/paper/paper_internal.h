/* paper_internal.h - private to parser/paper*.c: the PCRE2 pattern tables of the paper reader. */
#ifndef PS_PAPER_INTERNAL_H
#define PS_PAPER_INTERNAL_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "ps_model.h"
#include "ps_audit_ext.h"

/* What a pattern finds in a line of paper text. */
enum pp_kind {
    PP_LABEL, /* a labelled number; id = enum ps_metric, value read after the match */
    PP_TITLE, /* an appendix report title; id = enum ps_test_type */
    PP_SECTION, /* a section inside a report; id = enum pp_section */
    PP_MARK, /* body markers; id = enum pp_mark */
    PP_DISKHDR, /* 2007 Disk Subsystem column header; id = column 0..4 */
    PP_DISKROW, /* 2007 "Database (M:)" / "Log (L:)"; group 1 role word, group 2 drive */
    PP_INSTROW, /* 2010+ "Instance900.1" followed by numbers; group 1 name */
    PP_TIMESTAMP, /* test-log line prefix (date and time, then " -- ") */
    PP_LOG, /* test-log message pattern (anchored at the message); id = enum pp_log */
    PP_SERVERHDR, /* a line that only names a server ("Server 1 (JS01)", "JS01"); id = enum pp_srv */
    PP_NUMFIRST, /* a number before its words ("0.10 IOPS per user"); id = metric, group 1 the number */
    PP_TESTED, /* "0.12 tested" / "tested at 0.12"; group 1 the number */
    PP_HEADROOM /* "20% headroom"; group 1 the percentage */
};
enum pp_srv { PSV_NUMBERED = 0, PSV_HOST, PSV_AGGREGATE };

enum pp_section {
    PS_SEC_NONE = 0,
    PS_SEC_TRANS,
    PS_SEC_TOTAL,
    PS_SEC_OTHER,
    PS_SEC_DISK,
    PS_SEC_CHECKSUM,
    PS_SEC_HOST,
    PS_SEC_LOG
};
enum pp_mark { PM_AGGREGATE = 0, PM_SERVER, PM_ESRP_VERSION, PM_MACHINE };
enum pp_log { PL_FINAL = 0, PL_INST_LAT, PL_VOL_LAT, PL_TARGET, PL_THR_READ, PL_THR_LOG, PL_INTERVAL, PL_BLG, PL_XML };
/* Where a label is accepted. */
enum pp_where { PW_ANY = 0, PW_BODY, PW_REPORT };

typedef struct paper_pattern {
    enum pp_kind kind;
    int id;
    enum pp_where where;
    const char *esrp; /* ESRP versions whose papers use this wording: "2", "3 4", "any" */
    const char *re;
} paper_pattern;

typedef struct paper_patterns {
    size_t n;
    const paper_pattern *def;
    pcre2_code **code;
    pcre2_match_data *md;
    pcre2_match_context *mctx;
    pcre2_code *pct; /* "p% [value unit]" cells */
} paper_patterns;

/* Compile the table (UTF, caseless) with match and depth limits. 0 or PS_EINPUT (bad pattern). */
int paper_patterns_init(paper_patterns *pp, ps_error *err);
void paper_patterns_fini(paper_patterns *pp);
/* Match pattern code at subject offset; returns rc of pcre2_match (>0 on a match). */
int paper_match(paper_patterns *pp, pcre2_code *code, const char *s, size_t len, size_t off, uint32_t opts);

/* ---------------------------------------------------------------- reader state (paper*.c) */
#define PP_NGROUPS 8
#define PP_MAX_COLS 16 /* servers as columns: at most this many value columns */
#define PP_MAX_IOPS_PER_MAILBOX 5.0 /* a per-mailbox IOPS figure is below this */
#define PP_HEADING_REACH 40 /* a heading row names columns of rows up to this many lines below */
#define PP_ROLE_REACH 40 /* bytes before a profile number searched for "tested" / "simulated" */
#define PP_LABEL_REACH 60 /* bytes of words kept before an unread number */
#define PP_CELL_GAP 2 /* spaces that separate two table cells (a TAB always does) */
#define PP_MAX_EVENTS_PER_LINE 4096 /* pattern matches kept of one line */

/* One pattern match on a line. */
typedef struct pev {
    size_t so, eo;
    size_t pat;
    size_t g[PP_NGROUPS][2]; /* group offsets, (SIZE_MAX, SIZE_MAX) when unset */
    int dropped;
} pev;

/* One table cell of a line: [so, eo) without the spaces around it. */
typedef struct pcell {
    size_t so, eo;
} pcell;

typedef struct rd {
    ps_paper *p;
    paper_patterns pp;
    ps_warnings *w;
    int limit_warned;
    /* state */
    int cur_report;
    size_t report_first_claim;
    int section, final;
    int colorder[5], nhdr;
    char vol[26]; /* 2007 volume roles: 0 unknown, 1 database, 2 log */
    int cur_table;
    size_t server_tables; /* tables so far that are not the aggregate ("server N" names) */
    unsigned seen;
    int pending_new, pending_agg;
    char *pending_name; /* a server heading waiting for its first row ("Server 1 (JS01)") */
    int block, prev_line_cells;
    pev *ev;
    /* the current line, and the spans of it that claims used */
    const char *ls;
    size_t ln;
    size_t (*used)[2];
    size_t nused, capused;
    int log_line; /* the line holds test-log messages */
    /* servers as columns: the tables of the current column block */
    int colt[PP_MAX_COLS];
    int ncolt;
    unsigned colseen;
    char *hdr[PP_MAX_COLS]; /* cells of the last heading row (no numbers) */
    int nhdrcells;
    long hdr_line;
    /* an instance row wrapped by the transcription: its name and the next column to read */
    char *inst_who;
    int inst_next, inst_total;
    int inst_first, inst_cols; /* columns of the instance table under way: Jetstress's 12 from 0, or
                                 * a half (the database or the log 6) named by its header row */
    int inst_hdr, inst_hdr_db, inst_hdr_log; /* a header row under way (its cells may wrap onto
                                 * the next lines) and whether it named database / log columns */
    /* the whole text and the current line's offset in it (look-ahead over a report) */
    const char *text;
    size_t text_len, line_off;
    int cur_fmt; /* enum pp_numfmt of the current report */
    /* the previous report line when it may be the first part of a wrapped label */
    char *wrap_prev;
    size_t wrap_prevn;
    int prev_number_unit; /* the previous line ended with a number and its unit ("23.529 msec"),
                           * maybe and one word ("23.529 msec average") */
} rd;

/* paper_report.c: a report as a whole */
/* How a number token is written: a decimal comma ("0,6", "35000,000", "1.234,5"), a decimal
 * point ("0.6", "35000.000", "1,234.5"), either one with a group of three digits ("15,484":
 * 15.484 or 15484; "190.000"), or neither (no separator, dates, versions). */
enum pp_numclass { PNC_NONE = 0, PNC_COMMA, PNC_POINT, PNC_EITHER_COMMA, PNC_EITHER_POINT };
/* The number format of a report: decimal point (as ever), decimal comma, or both seen. */
enum pp_numfmt { PNF_POINT = 0, PNF_COMMA, PNF_AMBIGUOUS };
enum pp_numclass paper_number_class(const char *t, size_t n);
/* The format of the report whose title is on the current line (r->line_off), decided from the
 * number tokens up to the next report title: decimal comma when some token can only be a
 * decimal comma and none only a decimal point; both, or none but a "1,150": ambiguous; else
 * decimal point. */
enum pp_numfmt paper_report_numfmt(rd *r);
/* In place: ',' and '.' swapped inside each number token that is not part of a name (the
 * line of a decimal-comma report then reads as a decimal-point one; dates stay as written). */
void paper_swap_separators(char *s, size_t n);
/* After a line of the current report: claims from index first on get their printed text back
 * (fmt PNF_COMMA), or "15,484"-like values become unread numbers (ambiguous report). */
void paper_report_claims(rd *r, size_t first, int fmt);
/* When the previous line (no number) and the start of s[0, n) are one known report label
 * wrapped by the transcription: the joined line (heap, *outn bytes, caller frees); else NULL. */
char *paper_wrapped_label(rd *r, const char *s, size_t n, size_t *outn);
/* Remember s[0, n) as the possible first part of a wrapped label (a report line without
 * digits; none after a join). */
void paper_remember_line(rd *r, const char *s, size_t n, int joined);

/* paper.c */
/* Read one line s[0, n) (line number `line`, starting at r->line_off of the text) into claims:
 * a wrapped report label joined, a decimal-comma report line read with its separators swapped. */
void paper_do_line(rd *r, const char *s, size_t n, long line);
ps_claim *paper_add(rd *r, enum ps_metric m, long line, const char *label, const char *num, size_t nl, double v,
                    int dec, double scale);
ps_claim *paper_add_value(rd *r, enum ps_metric m, long line, const char *label, const char *s, size_t n, int at_eol,
                          double scale);
/* Start a body table named `name` (NULL: "server N"); aggregate 1 for the aggregate. Returns its index. */
int paper_new_table(rd *r, long line, const char *name, int aggregate);
/* Mark s[so, eo) of the current line as used by a claim. */
void paper_mark_used(rd *r, const char *s, size_t so, size_t eo);

/* paper_rows.c: report rows and test-log lines */
void paper_log_message(rd *r, const char *s, size_t a, size_t b, long line);
void paper_disk_row(rd *r, const char *s, size_t a, size_t b, const pev *e, long line);
void paper_inst_row(rd *r, const char *s, size_t a, size_t b, const pev *e, long line);
/* When the previous line was an instance row cut short at its end and s[0, n) holds only numbers,
 * read them as that row's next columns and return 1; else forget the row and return 0. */
void paper_inst_header(rd *r, const char *s, size_t n);
int paper_inst_continue(rd *r, const char *s, size_t n, long line);
void paper_pct_cells(rd *r, const char *s, size_t n, long line);
int paper_take_time(const char *s, size_t n, ps_time *out);

/* paper_values.c: the value after a label */
/* Scale to ms of a latency: the label's unit (group 1) or the unit after the number; 1 for ms. */
double paper_latency_scale(const char *s, size_t a, size_t b, const pev *e);
/* 1 when s[a, b) after a label is prose or a heading (a long word, two words, ")"), not a value. */
int paper_prose_after(const char *s, size_t a, size_t b);
/* 1 when the first number of s[a, b) is a percentage ("100% [7.7 msec]"). */
int paper_value_is_percent(const char *s, size_t a, size_t b);
int paper_is_latency(int m);
int paper_is_config(int m);
/* Scale to GB of a size row: 1024 for TB (label group 1 or the unit after the number). */
double paper_size_scale(const char *s, size_t a, size_t b, const pev *e);
/* "% capacity used": "489/836 = 59%" gives the size, capacity and percentage claims. */
void paper_capacity_pct(rd *r, const char *s, size_t a, size_t b, const char *label, long line);

/* paper_cells.c: table cells, servers as columns, headings, profile words, unread numbers */
/* Split s[a, b) into cells at TABs and runs of PP_CELL_GAP+ spaces; returns the count (<= max). */
size_t paper_cells(const char *s, size_t a, size_t b, pcell *out, size_t max);
/* A summary or configuration label followed by two or more number cells: one claim per column
 * (summary rows go to the column tables). Returns 1 when the row was read that way. */
int paper_column_row(rd *r, enum ps_metric m, const char *label, const char *s, size_t a, size_t b, long line,
                     double scale);
/* A line without numbers and with 2+ cells: remembered as the heading of column tables. */
void paper_heading_cells(rd *r, const char *s, size_t n, long line);
void paper_server_heading(rd *r, const char *s, const pev *e);
void paper_profile_event(rd *r, const char *s, size_t n, const pev *e, long line);
/* Numbers of the line that no claim used: PS_MX_UNREAD claims (page, figure, date and version
 * numbers are not counted). */
void paper_unread_scan(rd *r, const char *s, size_t n, long line);
void paper_cells_fini(rd *r);

/* Every claim, table, report and cell line n (1-based) of p becomes loc[n - 1] (lines beyond n
 * stay): the locations of the text a PDF or HTML paper was rebuilt into, mapped back. */
void paper_remap_lines(ps_paper *p, const long *loc, size_t n);
/* paper_html.c: 1 when head[0..n) starts an HTML document ("<!DOCTYPE html" or "<html" within
 * its first KiB); and ps_paper_parse for one: the lines a browser shows (a table row per line,
 * cells TAB-separated; <head>, <script>, <style>, <svg> skipped), locations mapped back to the
 * HTML source lines. PS_EINPUT when libxml2 finds no document or no text. */
int ps_paper_is_html(const unsigned char *head, size_t n);
int ps_paper_parse_html(const char *name, const void *data, size_t len, ps_paper **out, ps_warnings *w, ps_error *err);

#endif
