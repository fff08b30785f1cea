/* log_internal.h - private to parser/: the reader object shared by log.c and the backends. */
#ifndef PS_LOG_INTERNAL_H
#define PS_LOG_INTERNAL_H

#include <stdio.h>

#include "ps_parser.h"

struct ps_log {
    const ps_log_backend *backend;
    char *path;
    ps_log_options opt;
    /* Filled by the backend's open: every column of the file. */
    ps_log_info all;
    void *impl; /* backend state */
    uint64_t bad_rows; /* lenient mode: rows skipped / with bad values */
    uint64_t missing; /* missing values seen. .blg: every column's (bad status, no
                                   value). CSV: blank cells of the columns the filter keeps only
                                   (filtered-out cells are not read), added per batch of rows
                                   when the batch is taken */
    uint64_t bytes_done, bytes_total;
    /* Filtered view handed to callers (built by log.c). */
    ps_log_info info;
    size_t *keep; /* info.ncounters indices into all.counters */
    double *values; /* filtered values of the current row */
    char **header_kept;
    /* A pipe, device or standard input (read once): the open stream and the bytes ps_log_open
     * already read from it; the text backend takes both over (stream NULL: a regular file,
     * reopened by the backend from path). */
    FILE *stream;
    unsigned char *head;
    size_t nhead;
};

/* Free everything a backend's open stored in *info (counters with ps_path_fini, header cells,
 * timezone) - every string in it must be heap-allocated. Backends call it from close. */
void ps_log_info_release(ps_log_info *info);

/* Backends known to ps_log_open, tried in order. */
extern const ps_log_backend ps_backend_pdh_text;
extern const ps_log_backend ps_backend_blg;

#endif
