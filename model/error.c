/* error.c - error records and warnings (ps_core.h). */
#include "ps_model.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int ps_error_set(ps_error *err, int code, const char *file, long line, long col, const char *fmt, ...)
{
    if (!err)
        return code;
    err->code = code;
    snprintf(err->file, sizeof err->file, "%s", file ? file : "");
    err->line = line;
    err->col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return code;
}

void ps_error_clear(ps_error *err)
{
    if (err)
        memset(err, 0, sizeof *err);
}

void ps_error_format(const ps_error *err, char *out, size_t n)
{
    if (!err->file[0])
        snprintf(out, n, "%s", err->msg);
    else if (err->line <= 0)
        snprintf(out, n, "%s: %s", err->file, err->msg);
    else if (err->col <= 0)
        snprintf(out, n, "%s:%ld: %s", err->file, err->line, err->msg);
    else
        snprintf(out, n, "%s:%ld:%ld: %s", err->file, err->line, err->col, err->msg);
}

void ps_warn(ps_warnings *w, const char *fmt, ...)
{
    if (!w)
        return;
    ps_buf b = {0};
    va_list ap;
    va_start(ap, fmt);
    ps_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    if (w->n == w->cap) {
        w->cap = w->cap ? w->cap * 2 : 8;
        w->msgs = ps_xrealloc(w->msgs, w->cap * sizeof *w->msgs);
    }
    w->msgs[w->n++] = ps_buf_steal(&b);
}

void ps_warnings_fini(ps_warnings *w)
{
    if (!w)
        return;
    for (size_t i = 0; i < w->n; i++)
        free(w->msgs[i]);
    free(w->msgs);
    memset(w, 0, sizeof *w);
}
