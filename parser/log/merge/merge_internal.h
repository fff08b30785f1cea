/* merge_internal.h - private to parser/log/merge: the merge object shared by merge.c and
 * merge_parallel.c. */
#ifndef PS_MERGE_INTERNAL_H
#define PS_MERGE_INTERNAL_H

#include "ps_merge.h"

typedef struct ps_merge_input {
    ps_log *log;
    const ps_log_info *info;
    ps_row row;
    double *vals; /* copy of the current row */
    size_t *map; /* input column -> output column */
    int has; /* a current row is loaded */
    int same_zone; /* same zone and bias as the first input: print its own local time */
} ps_merge_input;

struct ps_merge {
    ps_merge_opts o;
    ps_merge_input *in;
    size_t nin;
    const char **cells;
    size_t ncol;
    int use_utc; /* every input knows its bias: merge on UTC */
    double *row; /* the merged row */
    uint64_t kept; /* rows inside -b/-e so far (for -t) */
    int ended; /* every input is at its end */
    ps_bucket bk; /* when o.bucket_ms > 0 */
};

/* 1 when a row at local / utc is inside the -b / -e window of o. */
int ps_merge_keep_time(const ps_merge_opts *o, ps_time local, ps_time utc);

#endif
