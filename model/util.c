/* util.c - errors, warnings, allocation, growable buffers, locale-free number formatting. */
#define _GNU_SOURCE 1   /* strtod_l (the C-locale number reader of ps_parse_double) */
#include "ps_model.h"

#include <ctype.h>
#include <locale.h>
#include <pthread.h>
#include <math.h>
#include <stdint.h>
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

static void oom(void)
{
    fputs("perfscribe: out of memory\n", stderr);
    abort();
}

void *ps_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        oom();
    return p;
}

void *ps_xaligned(size_t align, size_t n)
{
    void *p = NULL;
    if (posix_memalign(&p, align, n ? n : 1) != 0)
        oom();
    return p;
}

void *ps_xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        oom();
    return p;
}

void *ps_xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        oom();
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

void ps_buf_puts(ps_buf *b, const char *s) { ps_buf_put(b, s, strlen(s)); }

void ps_buf_putc(ps_buf *b, char c) { ps_buf_put(b, &c, 1); }

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

/* printf's %f uses the C locale's '.', but a program may have called setlocale(); we never
 * do, and additionally replace any ',' radix defensively. */
static void fix_radix(char *s)
{
    for (; *s; s++)
        if (*s == ',')
            *s = '.';
}

const char *ps_fmt_num(char *out, size_t n, double v, int decimals)
{
    if (isnan(v))
        snprintf(out, n, "n/a");
    else {
        snprintf(out, n, "%.*f", decimals, v);
        fix_radix(out);
        if (strcmp(out, "-0") == 0 || (out[0] == '-' && strspn(out + 1, "0.") == strlen(out + 1)))
            memmove(out, out + 1, strlen(out));   /* never print "-0.000" */
    }
    return out;
}

const ps_si_prefix ps_si_prefixes[] = {
    {1e12, "T", 0}, {1e9, "G", 0}, {1e6, "M", 0}, {1e3, "k", 0}, {1, "", 0},
    {1e-3, "m", 0.1}, {1e-6, "u", 1e-4}, {1e-9, "n", 1e-7},
};
const size_t ps_si_nprefixes = sizeof ps_si_prefixes / sizeof ps_si_prefixes[0];

const char *ps_fmt_si(char *out, size_t n, double v)
{
    const ps_si_prefix *pre = ps_si_prefixes;
    if (isnan(v))
        return snprintf(out, n, "n/a"), out;
    double a = fabs(v);
    if (a == 0)
        return snprintf(out, n, "0"), out;
    if (a >= 1e15 || a < 1e-6)
        return snprintf(out, n, "%.3g", v), fix_radix(out), out;
    for (size_t i = 0; i < ps_si_nprefixes; i++) {   /* a >= 1e-6 here: u at the latest */
        if (a >= pre[i].factor * 0.9995) {
            double s = v / pre[i].factor;
            double as = fabs(s);
            int dec = as >= 99.95 ? 0 : as >= 9.995 ? 1 : 2;
            snprintf(out, n, "%.*f%s", dec, s, pre[i].prefix);
            fix_radix(out);
            return out;
        }
    }
    snprintf(out, n, "%.3g", v);
    return out;
}

/* The "C" locale, made once: strtod_l with it reads '.' whatever LC_NUMERIC the program set. */
static pthread_once_t c_once = PTHREAD_ONCE_INIT;
static locale_t c_loc;
static void make_c_locale(void)
{
    c_loc = newlocale(LC_ALL_MASK, "C", (locale_t)0);
}
static locale_t c_numeric(void)
{
    pthread_once(&c_once, make_c_locale);
    return c_loc ? c_loc : LC_GLOBAL_LOCALE;
}

int ps_parse_double(const char *s, size_t len, double *out)
{
    size_t i = 0;
    char tmp[128];
    if (len == 0 || len >= sizeof tmp)
        return -1;
    if (s[i] == '+' || s[i] == '-')
        i++;
    size_t d0 = i;
    while (i < len && isdigit((unsigned char)s[i]))
        i++;
    size_t nd = i - d0;
    if (i < len && s[i] == '.') {
        i++;
        size_t f0 = i;
        while (i < len && isdigit((unsigned char)s[i]))
            i++;
        nd += i - f0;
    }
    if (nd == 0)
        return -1;
    if (i < len && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i < len && (s[i] == '+' || s[i] == '-'))
            i++;
        size_t e0 = i;
        while (i < len && isdigit((unsigned char)s[i]))
            i++;
        if (i == e0)
            return -1;
    }
    if (i != len)
        return -1;
    memcpy(tmp, s, len);
    tmp[len] = 0;
    double v = strtod_l(tmp, NULL, c_numeric());
    if (!isfinite(v))
        return -1;
    *out = v;
    return 0;
}
