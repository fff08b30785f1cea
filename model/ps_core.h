/* ps_core.h - errors, warnings, allocation, buffers, time, counter paths.
 * Part of the public interface of its library; the umbrella header includes it. */
#ifndef PS_CORE_H
#define PS_CORE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ===================================================================== 1. errors */

/* Status codes; the CLI maps them 1:1 to exit codes. */
enum ps_status {
    PS_OK = 0,
    PS_EFAIL = 1, /* verdict fail or audit findings (not an error of the program) */
    PS_EUSAGE = 2, /* bad command line */
    PS_EINPUT = 3, /* bad input file */
    PS_EIO = 4 /* I/O error (open, read, write, rename) */
};

/* One error record: the CLI prints "perfscribe: FILE:LINE:COL: message" (FILE, LINE and COL
 * are left out when empty/0). Library code fills it and returns; it never prints. */
typedef struct ps_error {
    int code; /* enum ps_status */
    char file[512];
    long line; /* 1-based, 0 = unknown */
    long col; /* 1-based, 0 = unknown */
    char msg[512];
} ps_error;

/* Fill err (may be NULL: then nothing happens) and return code. file may be NULL. */
int ps_error_set(ps_error *err, int code, const char *file, long line, long col, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
/* Clear err to code PS_OK and empty strings. */
void ps_error_clear(ps_error *err);
/* Format err as "FILE:LINE:COL: message" (parts left out when absent) into out (size n). */
void ps_error_format(const ps_error *err, char *out, size_t n);

/* Warnings collected by library code for the CLI to print (each once, in order). */
typedef struct ps_warnings {
    char **msgs;
    size_t n, cap;
} ps_warnings;
/* Append a formatted warning; w may be NULL (then it is dropped). Never fails (drops on OOM). */
void ps_warn(ps_warnings *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Free all messages; w stays usable. */
void ps_warnings_fini(ps_warnings *w);

/* Allocation helpers: on out-of-memory they call the handler set by ps_set_oom_handler (with the
 * size asked for), then abort(); the only place in the libraries that may end the process. */
void *ps_xmalloc(size_t n);
void *ps_xcalloc(size_t n, size_t size);
void *ps_xrealloc(void *p, size_t n);
char *ps_xstrdup(const char *s); /* s may be NULL -> NULL */
char *ps_xstrndup(const char *s, size_t n);
/* n bytes aligned to align (a power of two, a multiple of sizeof(void *)); free() releases it. */
void *ps_xaligned(size_t align, size_t n);
/* What to do before the process aborts on out-of-memory (the program prints its message there);
 * NULL (the default) aborts silently. Set it once at start, before any thread runs. */
typedef void ps_oom_handler(size_t size);
void ps_set_oom_handler(ps_oom_handler *h);

/* Growable byte buffer; always NUL-terminated. Zero-initialise, then use. */
typedef struct ps_buf {
    char *data;
    size_t len, cap;
} ps_buf;
void ps_buf_put(ps_buf *b, const void *p, size_t n);
void ps_buf_puts(ps_buf *b, const char *s);
void ps_buf_putc(ps_buf *b, char c);
void ps_buf_printf(ps_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ps_buf_vprintf(ps_buf *b, const char *fmt, va_list ap);
void ps_buf_reset(ps_buf *b); /* len = 0, keeps memory */
/* Room for n more bytes and a NUL after b->len; returns b->data + b->len. The caller writes
 * there directly, then adds the count written to b->len and stores the NUL at data[len]. */
char *ps_buf_room(ps_buf *b, size_t n);
void ps_buf_fini(ps_buf *b); /* frees the data (members only); b is zeroed */
char *ps_buf_steal(ps_buf *b); /* caller owns the result; b is emptied */

/* Locale-independent number formatting (always '.' as decimal separator).
 * ps_fmt_num: %.*f with `decimals`, NaN -> "n/a"; returns out. */
const char *ps_fmt_num(char *out, size_t n, double v, int decimals);
/* The SI prefixes, largest first: the one table behind ps_fmt_si and the chart axes
 * (ps_chart_si_prefix). chart_below: an axis whose largest value is below it is labelled with
 * this prefix (the small prefixes only; 0 for the others). */
typedef struct ps_si_prefix {
    double factor;
    const char *prefix;
    double chart_below;
} ps_si_prefix;
extern const ps_si_prefix ps_si_prefixes[];
extern const size_t ps_si_nprefixes;
/* ps_fmt_si: 3 significant digits with SI prefix (k, M, G, T; m, u below 1) e.g. "12.3k"; NaN -> "n/a". */
const char *ps_fmt_si(char *out, size_t n, double v);
/* Locale-independent strtod: accepts [-+]digits[.digits][e[-+]digits], "inf"/"nan" refused.
 * Returns 0 and *out on success, -1 when s[0..len) is not entirely a number. */
int ps_parse_double(const char *s, size_t len, double *out);

/* ===================================================================== 2. time */

/* Times are int64 milliseconds since 1970-01-01 00:00:00 in a "wall clock" that has no
 * timezone attached; log readers convert local to UTC with the file's bias. */
typedef int64_t ps_time;
#define PS_TIME_NONE INT64_MIN

/* Days-from-civil based conversions (proleptic Gregorian, no libc timezone use). */
ps_time ps_time_from_fields(int year, int mon, int day, int hour, int min, int sec, int ms);
void ps_time_to_fields(ps_time t, int *year, int *mon, int *day, int *hour, int *min, int *sec, int *ms);
/* A PDH-CSV time stamp: "MM/DD/YYYY HH:MM:SS.mmm" as PDH writes it, or any short date Windows
 * writes in a locale (M/D/YYYY, D.M.YYYY, D-M-YYYY, YYYY-M-D, YYYY/M/D, YYYY. M. D.) with
 * H:MM[:SS[.fff]] [AM|PM] (docs/readme/csv.md). Returns 0 and *out, -1 on malformed text. */
int ps_time_parse_pdh(const char *s, size_t len, ps_time *out);
/* User-supplied -b/-e times: relog forms "M/D/YYYY H:MM:SS [AM|PM]", "M/D/YYYY HH:MM:SS.mmm",
 * and ISO 8601 "YYYY-MM-DD[THH:MM[:SS[.mmm]]][Z|+hh:mm]". Offset-less values are taken as-is
 * (same clock as the log's local time); a Z/offset value is converted to UTC and *is_utc set. */
int ps_time_parse_user(const char *s, ps_time *out, int *is_utc);
/* ISO 8601 "YYYY-MM-DDTHH:MM:SS.mmmZ" (always with Z; out needs 32 bytes). */
const char *ps_time_format_iso(char *out, size_t n, ps_time t);
/* PDH "MM/DD/YYYY HH:MM:SS.mmm" (out needs 24 bytes). */
const char *ps_time_format_pdh(char *out, size_t n, ps_time t);

/* ===================================================================== 3. counter paths */

/* A parsed PDH counter path. All strings are owned by the struct; absent parts are NULL
 * (index is -1 when there is no "#n" suffix). `full` is the text as written. */
typedef struct ps_counter_path {
    char *full;
    char *machine; /* without the leading "\\" */
    char *object;
    char *parent; /* "parent" of "parent/instance", NULL if none */
    char *instance; /* without "#n" */
    int index; /* n of "#n", -1 if none */
    char *counter;
} ps_counter_path;

/* Parse "\\machine\object(parent/instance#n)\counter" or "\object(instance)\counter".
 * Fills *out (free with ps_path_fini). Returns PS_EINPUT with err->msg on malformed text. */
int ps_path_parse(const char *text, ps_counter_path *out, ps_error *err);
void ps_path_fini(ps_counter_path *p); /* members only; NULL ok */
/* A deep copy of s into *d (every string duplicated, NULL stays NULL; free with ps_path_fini).
 * Never fails (allocation failure aborts). */
void ps_path_copy(ps_counter_path *d, const ps_counter_path *s);
/* Whole instance text "parent/instance#n" as written (heap, caller frees), NULL without one. */
char *ps_path_instance_text(const ps_counter_path *p);

/* relog-style filter set: patterns like "\LogicalDisk(*)\Avg. Disk sec/Read" or
 * "\\*\Processor(*)\*"; '*' matches any run in each part; matching is case-insensitive.
 * An empty filter matches everything. */
typedef struct ps_filter ps_filter;
ps_filter *ps_filter_new(void);
/* Add one pattern; PS_EUSAGE with a message when it is not a counter path pattern. */
int ps_filter_add(ps_filter *f, const char *pattern, ps_error *err);
size_t ps_filter_count(const ps_filter *f);
/* 1 when p matches one of the patterns (or the filter is empty), else 0. Exact patterns (no
 * '*' but in the machine part "\\*") are looked up in a hash table (two lookups per path);
 * a pattern with a wildcard is globbed only against paths of its object (unless the object
 * holds the wildcard): linear in columns + patterns for exact patterns. */
int ps_filter_match(const ps_filter *f, const ps_counter_path *p);
/* The same answer by globbing every pattern in turn (the reference ps_filter_match is tested
 * against; patterns x paths). */
int ps_filter_match_each(const ps_filter *f, const ps_counter_path *p);
/* How many of the patterns are exact (looked up, not globbed). */
size_t ps_filter_exact_count(const ps_filter *f);
void ps_filter_free(ps_filter *f);
/* Case-insensitive (ASCII) glob with '*' only (the filter's part matching); s NULL matches
 * only "*" and "". */
int ps_glob_match(const char *pat, const char *s);

#ifdef __cplusplus
}
#endif
#endif /* PS_CORE_H */
