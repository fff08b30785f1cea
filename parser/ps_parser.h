/* ps_parser.h - perfscribe parser library: every input format, read into the model.
 *
 * Sections:
 *   1. counter logs (PDH-CSV/TSV, .blg), detected by content, read as a stream of rows
 *   2. Jetstress: run discovery, HTML reports, XML, test log
 *   3. threshold files (own format, PAL XML)
 *   4. white-paper text (audit claims)
 *   5. solution description files
 *   6. trend table files
 *
 * Library code never prints or exits; errors come back in a ps_error with FILE:LINE:COL.
 */
#ifndef PS_PARSER_H
#define PS_PARSER_H

#include "ps_model.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ===================================================================== 1. counter logs */

typedef struct ps_log ps_log;  /* opaque streaming reader */

typedef struct ps_log_options {
    const ps_filter *filter;   /* NULL = every counter; filtered columns are not returned */
    int lenient;               /* 1: count bad rows/values and go on (see ps_log_bad_rows) */
    ps_warnings *warnings;     /* NULL = drop warnings */
} ps_log_options;

/* Open a counter log, detecting the format from the content (not the name): PDH-CSV, PDH-TSV
 * (any supported encoding) or a .blg binary log. Reads the header only.
 * Errors: PS_EIO (cannot open/read), PS_EINPUT (not a PerfMon log, bad header), each with
 * file/line/col. On success *out must be closed with ps_log_close. */
int ps_log_open(const char *path, const ps_log_options *opt, ps_log **out, ps_error *err);
/* Header facts; valid until ps_log_close. Counters are those kept by the filter. */
const ps_log_info *ps_log_info_get(const ps_log *log);
/* Read the next sample set into *row. Returns 1 with a row, 0 at end of file, or a negative
 * -PS_EINPUT / -PS_EIO with err filled (file, line, col). row->values is owned by the reader
 * and valid until the next call. */
int ps_log_next(ps_log *log, ps_row *row, ps_error *err);
/* In lenient mode: number of rows that were skipped or had malformed values. */
uint64_t ps_log_bad_rows(const ps_log *log);
/* Number of values that were missing because of a bad status (.blg) or blank cell. */
uint64_t ps_log_missing_values(const ps_log *log);
/* Bytes consumed so far and total size (for progress bars; total 0 when unknown). */
void ps_log_progress(const ps_log *log, uint64_t *done, uint64_t *total);
void ps_log_close(ps_log *log);

/* Backends (implemented in parser/pdh_csv.c and parser/blg_*.c): a backend recognises the
 * first bytes of a file and provides the reader. Used by ps_log_open only. */
typedef struct ps_log_backend {
    const char *name;                                   /* "pdh-text", "blg" */
    /* 1 if this backend reads a file starting with head[0..n) */
    int (*probe)(const unsigned char *head, size_t n);
    int (*open)(ps_log *log, ps_error *err);            /* fills log->info, log->impl */
    int (*next)(ps_log *log, ps_row *row, ps_error *err);
    void (*close)(ps_log *log);
} ps_log_backend;

/* ===================================================================== 2. Jetstress */
/* (owned by the Jetstress parsing work: parser/js_*.c) */

/* ===================================================================== 3. thresholds */

/* ===================================================================== 4. paper text */

/* ===================================================================== 5. solution file */

/* ===================================================================== 6. trend tables */

#ifdef __cplusplus
}
#endif
#endif /* PS_PARSER_H */
