/* ps_blg.h - options of the .blg (binary PerfMon log) reader beyond ps_log_options. */
#ifndef PS_BLG_H
#define PS_BLG_H

#include <stddef.h>

#include "ps_parser.h"

/* Decoding threads for a .blg log opened with ps_log_open: threads 0 = automatic (one per
 * online CPU, at most 8, for files of 8 MiB and more), 1 = one thread (the sequential walk),
 * N = N decoding threads (at most 8) besides the caller's. chunk_buffers: ETW buffers per unit
 * of work (0 = about 1 MiB; tests use 1 to cut small files). The rows, warnings and errors are
 * the same with any number of threads; a file in which the first pass met corruption (possible
 * with lenient reading) is always read on one thread. Call after ps_log_open and before the
 * first ps_log_next. Returns 1 when taken, 0 when log is not a .blg reader or reading started
 * (nothing changes). Never fails otherwise; owns nothing. */
int ps_log_blg_threads(ps_log *log, int threads, size_t chunk_buffers);

#endif
