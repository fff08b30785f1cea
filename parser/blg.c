/* blg.c - .blg binary log backend (placeholder until the reader lands). */
#include "log_internal.h"

static int probe(const unsigned char *head, size_t n) { (void)head; (void)n; return 0; }
static int open_(ps_log *log, ps_error *err) { return ps_error_set(err, PS_EINPUT, log->path, 0, 0, ".blg reader not built"); }
static int next(ps_log *log, ps_row *row, ps_error *err) { (void)log; (void)row; (void)err; return 0; }
static void close_(ps_log *log) { ps_log_info_release(&log->all); }

const ps_log_backend ps_backend_blg = {"blg", probe, open_, next, close_};
