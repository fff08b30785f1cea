/* buf.c - allocation that ends the process on out-of-memory, and the growable byte buffer
 * (ps_core.h). The library prints nothing itself: the program installs the handler that says
 * why it stops (ps_set_oom_handler), as redis's zmalloc does. */
#include "ps_model.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static ps_oom_handler *oom_handler;

void ps_set_oom_handler(ps_oom_handler *h)
{
    oom_handler = h;
}

static void oom(size_t n)
{
    if (oom_handler)
        oom_handler(n);
    abort(); /* the handler returned, or there is none */
}

void *ps_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        oom(n);
    return p;
}

void *ps_xaligned(size_t align, size_t n)
{
    void *p = NULL;
    if (posix_memalign(&p, align, n ? n : 1) != 0)
        oom(n);
    return p;
}

void *ps_xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        oom(n * size);
    return p;
}

void *ps_xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        oom(n);
    return p;
}

char *ps_xstrdup(const char *s)
{
    return s ? ps_xstrndup(s, strlen(s)) : NULL;
}

char *ps_xstrndup(const char *s, size_t n)
{
    char *p = ps_xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

static void buf_grow(ps_buf *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->len + extra + 1)
        cap *= 2;
    b->data = ps_xrealloc(b->data, cap);
    b->cap = cap;
}

char *ps_buf_room(ps_buf *b, size_t n)
{
    buf_grow(b, n);
    return b->data + b->len;
}

void ps_buf_put(ps_buf *b, const void *p, size_t n)
{
    buf_grow(b, n);
    memcpy(b->data + b->len, p, n);
    b->len += n;
    b->data[b->len] = 0;
}

void ps_buf_puts(ps_buf *b, const char *s)
{
    ps_buf_put(b, s, strlen(s));
}

void ps_buf_putc(ps_buf *b, char c)
{
    ps_buf_put(b, &c, 1);
}

void ps_buf_vprintf(ps_buf *b, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0)
        return;
    buf_grow(b, (size_t)n);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
}

void ps_buf_printf(ps_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ps_buf_vprintf(b, fmt, ap);
    va_end(ap);
}

void ps_buf_reset(ps_buf *b)
{
    b->len = 0;
    if (b->data)
        b->data[0] = 0;
}

void ps_buf_fini(ps_buf *b)
{
    free(b->data);
    memset(b, 0, sizeof *b);
}

char *ps_buf_steal(ps_buf *b)
{
    char *p = b->data ? b->data : ps_xstrdup("");
    memset(b, 0, sizeof *b);
    return p;
}
