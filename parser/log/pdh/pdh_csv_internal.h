/* pdh_csv_internal.h - private to parser/: line source of the PDH-CSV/TSV reader. */
#ifndef PS_PDH_CSV_INTERNAL_H
#define PS_PDH_CSV_INTERNAL_H

#include <stdint.h>
#include <stdio.h>

#include "ps_model.h"
#include "textenc.h"

#define PS_LINES_CHUNK ((size_t)1 << 20) /* bytes per read */
#define PS_LINES_MAX ((size_t)64 << 20) /* longest accepted line */

/* Streaming line reader: fixed read size, buffer grows only to the longest line (capped at
 * PS_LINES_MAX). UTF-16 input is converted to UTF-8 while reading; other input is passed
 * through as bytes. Lines are returned without "\n" / "\r\n" and may be modified in place. */
typedef struct ps_lines {
    FILE *fp;
    const char *path;
    int utf16, be; /* input is UTF-16 (big endian when be) */
    int bom; /* encoding announced by a BOM (-1 none) */
    char *buf;
    size_t cap, start, len, scan;
    unsigned char *raw; /* UTF-16: undecoded input */
    size_t rawoff, rawlen;
    int eof;
    int odd; /* UTF-16 input of an odd byte count: its last byte left out */
    uint64_t raw_read; /* bytes read from the file */
    uint64_t left; /* bytes still allowed to be read (UINT64_MAX: to end of file) */
    long line; /* number of the last line returned */
} ps_lines;

/* Open path, read the first chunk and its byte order mark. PS_EIO on failure. */
int ps_lines_open(ps_lines *l, const char *path, ps_error *err);
/* Like ps_lines_open on an open stream (a pipe or standard input) whose first npre bytes the
 * caller has already read into pre (copied): the lines start with them. The stream is owned
 * by l from now on (closed by ps_lines_close, also after an error). PS_EIO on failure. */
int ps_lines_open_stream(ps_lines *l, FILE *fp, const char *path, const unsigned char *pre, size_t npre, ps_error *err);
/* Open path for the byte range [start, end) of a plain-text (not UTF-16) file that starts
 * and ends at line boundaries (parallel chunk reading): no byte order mark is looked for, line
 * numbers count from 0 at start. PS_EIO on failure. */
int ps_lines_open_range(ps_lines *l, const char *path, uint64_t start, uint64_t end, ps_error *err);
/* Point a reader opened with ps_lines_open_range at another range [start, end) of the same
 * file, keeping its descriptor and buffer (lines count from 0 again). PS_EIO on failure. */
int ps_lines_reopen_range(ps_lines *l, uint64_t start, uint64_t end, ps_error *err);
/* Next line into *line / *n. Returns 1, 0 at end of input, or -PS_EIO / -PS_EINPUT (line
 * too long; UTF-16 of an odd byte count, at its last line) with err filled. */
int ps_lines_next(ps_lines *l, char **line, size_t *n, ps_error *err);
/* Bytes of the file consumed by the lines returned so far (approximate for UTF-16). */
uint64_t ps_lines_consumed(const ps_lines *l);
void ps_lines_close(ps_lines *l);

/* ------------------------------------------------------------------ rows (pdh_rows.c) */

enum { PS_DEC_UNDECIDED = 0, PS_DEC_POINT, PS_DEC_COMMA };

/* Row-reading state of one text log (owned by whoever reads the lines: the caller of
 * ps_csv_fill, which may be a producer thread). */
typedef struct ps_csv_rows {
    ps_lines in;
    const char *path;
    char sep; /* ',' or '\t' */
    int dec_mode; /* PS_DEC_*: the first value with '.' or ',' decides */
    char dec;
    size_t ncounters;
    int lenient;
    const unsigned char *skip; /* per column: 1 = filtered out, only tokenised (NULL: none) */
    long console_lines, console_first;
    /* time stamps going backwards (a DST fall-back, a clock set back): how often, the first */
    uint64_t nrows; /* rows returned */
    ps_time first_t, last_t; /* local time of the first and the last row returned */
    long first_line; /* line of the first row returned */
    uint64_t back_steps; /* rows earlier than the row before */
    long back_line; /* the first such row: its line, time and the time before it */
    ps_time back_t, back_prev;
} ps_csv_rows;

/* Add the reader's warning "FILE:LINE: time stamps go backwards ..." to w when r saw a row
 * earlier than the one before it (nothing otherwise). */
void ps_csv_warn_backwards(const ps_csv_rows *r, ps_warnings *w);

struct ps_log;
/* Layout of an opened pdh-text log, for reading its data lines in parallel chunks. */
typedef struct ps_csv_layout {
    char sep;
    int utf16; /* 1: UTF-16 input (not split into chunks) */
    size_t ncounters;
    const unsigned char *skip; /* owned by the log */
    uint64_t data_off; /* file offset of the first byte after the header line */
    long header_lines; /* lines up to and including the header */
    uint64_t size; /* file size (0: unknown, not a regular file) */
} ps_csv_layout;

/* Fill *out when log is read by the pdh-text backend; returns 0, or -1 for another backend. */
int ps_csv_get_layout(const struct ps_log *log, ps_csv_layout *out);

/* Parallel chunk reading (pdh_parallel.c, also used by parser/log/merge): the first line start
 * at or after pos in the file open as fd (pos itself when byte pos - 1 is '\n'; size when there
 * is none); pos >= 1. */
uint64_t ps_csv_line_start(int fd, uint64_t pos, uint64_t size);
/* Threads to read the log with: 1 for UTF-16, --lenient or an empty data part; threads <= 0
 * (automatic) gives one per online CPU when the file has auto_min bytes or more, else 1; at
 * most 8. */
int ps_csv_threads(const struct ps_log *log, const ps_csv_layout *lay, int threads, uint64_t auto_min);

/* A run of parsed rows. */
typedef struct ps_csv_batch {
    size_t n, cap; /* rows held, capacity */
    ps_time *t; /* cap local timestamps */
    long *line; /* cap source lines */
    double *v; /* cap * ncounters values, NaN = missing */
    size_t stride; /* doubles from one row's values to the next (0: ncounters) */
    uint64_t missing, bad; /* blank cells / bad or skipped rows among these lines */
    uint64_t bytes_done; /* file bytes consumed after the last row */
    int status; /* 0: more may follow, 1: end of input, else -PS_E* after the rows */
    ps_error err; /* when status < 0 */
} ps_csv_batch;

void ps_csv_batch_init(ps_csv_batch *b, size_t cap, size_t ncounters);
void ps_csv_batch_fini(ps_csv_batch *b);
/* Read lines until b is full, the input ends or an error occurs (recorded in b->status and
 * b->err after the rows before it). Skips blank lines and console messages. */
void ps_csv_fill(ps_csv_rows *r, ps_csv_batch *b);
/* After the rows of a filled batch are used: 0 when more may follow, else 1 (the input ended,
 * or failed: then *status = PS_E* and *err = the batch's error). */
int ps_csv_batch_last(const ps_csv_batch *b, int *status, ps_error *err);
/* Rows per batch for ncounters columns in a parallel chunk reader (about 64 K values). */
size_t ps_csv_batch_rows(size_t ncounters);

/* One cell starting at p (line ends at e): returns the position of the separator or e with
 * the unquoted content in [*cs, *cs + *cn) (unquoted in place), or NULL on a quote error with
 * *errpos at the offending character and *why set. */
char *ps_csv_cell(char *p, char *e, char sep, char **cs, size_t *cn, char **errpos, const char **why);
/* s[0..n) cut to outsz - 1 bytes for a message, control characters (and every byte >= 0x80
 * when the cut text is not valid UTF-8) replaced by '?'. Returns out. */
const char *ps_csv_snippet(char *out, size_t outsz, const char *s, size_t n);
/* The value part [p, e) of a relog line (p at the separator after the timestamp, line the
 * line's start, before p) when every one of its ncells cells is quoted: the values into
 * vals[0..ncells) (" " is missing: NaN, counted in *nmiss). Returns 1, or 0 when the line has
 * any other shape or a cell is not a number (vals then unspecified: the caller reads the line
 * again cell by cell). AVX-512 only (pdh_cut_avx512.c): call it when ps_num_have_avx512(). */
int ps_csv_values_avx512(const char *line, const char *p, const char *e, char sep, size_t ncells, double *vals,
                         uint64_t *nmiss);
/* 1 when s[0..n) holds only spaces, tabs and CRs. */
int ps_csv_blank_line(const char *s, size_t n);

#endif
