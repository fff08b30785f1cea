/* json.c - the one JSON writer (ps_json.h): commas, keys, nesting and line breaks; the string
 * and number forms are ps_json_str and ps_json_num (escape.c). */
#include "ps_json.h"

#include <assert.h>

void ps_jw_init(ps_jw *j, ps_buf *b)
{
    *j = (ps_jw){.b = b};
}

/* Before a key, or a value that follows no key: the comma after the previous item, then the
 * pending break. */
static void item(ps_jw *j)
{
    if (j->keyed) {
        j->keyed = 0;
        return;
    }
    if (j->depth > 0) {
        if (j->items[j->depth - 1])
            ps_buf_putc(j->b, ',');
        j->items[j->depth - 1] = 1;
    }
    if (j->brk) {
        ps_buf_puts(j->b, j->brk);
        j->brk = NULL;
    }
}

static void jw_open(ps_jw *j, char c)
{
    item(j);
    assert(j->depth < PS_JW_DEPTH);
    j->items[j->depth++] = 0;
    ps_buf_putc(j->b, c);
}

static void jw_close(ps_jw *j, char c)
{
    assert(j->depth > 0 && !j->keyed);
    if (j->brk) {
        ps_buf_puts(j->b, j->brk);
        j->brk = NULL;
    }
    j->depth--;
    ps_buf_putc(j->b, c);
}

void ps_jw_obj(ps_jw *j)
{
    jw_open(j, '{');
}
void ps_jw_obj_end(ps_jw *j)
{
    jw_close(j, '}');
}
void ps_jw_arr(ps_jw *j)
{
    jw_open(j, '[');
}
void ps_jw_arr_end(ps_jw *j)
{
    jw_close(j, ']');
}

void ps_jw_key(ps_jw *j, const char *k)
{
    item(j);
    ps_json_str(j->b, k);
    ps_buf_putc(j->b, ':');
    j->keyed = 1;
}

void ps_jw_str(ps_jw *j, const char *s)
{
    item(j);
    ps_json_str(j->b, s);
}

void ps_jw_num(ps_jw *j, double v)
{
    item(j);
    ps_json_num(j->b, v);
}

void ps_jw_uint(ps_jw *j, unsigned long long v)
{
    item(j);
    ps_buf_printf(j->b, "%llu", v);
}

void ps_jw_bool(ps_jw *j, int v)
{
    item(j);
    ps_buf_puts(j->b, v ? "true" : "false");
}

void ps_jw_null(ps_jw *j)
{
    item(j);
    ps_buf_puts(j->b, "null");
}

void ps_jw_break(ps_jw *j, const char *text)
{
    j->brk = text;
}

void ps_jw_kstr(ps_jw *j, const char *k, const char *s)
{
    ps_jw_key(j, k);
    ps_jw_str(j, s);
}

void ps_jw_knum(ps_jw *j, const char *k, double v)
{
    ps_jw_key(j, k);
    ps_jw_num(j, v);
}

void ps_jw_kuint(ps_jw *j, const char *k, unsigned long long v)
{
    ps_jw_key(j, k);
    ps_jw_uint(j, v);
}

void ps_jw_kbool(ps_jw *j, const char *k, int v)
{
    ps_jw_key(j, k);
    ps_jw_bool(j, v);
}

void ps_jw_kobj(ps_jw *j, const char *k)
{
    ps_jw_key(j, k);
    ps_jw_obj(j);
}

void ps_jw_karr(ps_jw *j, const char *k)
{
    ps_jw_key(j, k);
    ps_jw_arr(j);
}

void ps_jw_fields(ps_jw *j, const void *rec, const ps_jw_field *f, size_t nf)
{
    for (size_t i = 0; i < nf; i++) {
        const char *at = (const char *)rec + f[i].off;
        ps_jw_key(j, f[i].key);
        switch (f[i].kind) {
        case PS_JW_STR: ps_jw_str(j, *(char *const *)at); break;
        case PS_JW_CHARS: ps_jw_str(j, at); break;
        case PS_JW_NUM: ps_jw_num(j, *(const double *)at); break;
        case PS_JW_U64: ps_jw_uint(j, *(const uint64_t *)at); break;
        }
    }
}

void ps_jw_karr_records(ps_jw *j, const char *k, const void *recs, size_t n, size_t size, const ps_jw_field *f,
                        size_t nf)
{
    ps_jw_karr(j, k);
    for (size_t i = 0; i < n; i++) {
        ps_jw_obj(j);
        ps_jw_fields(j, (const char *)recs + i * size, f, nf);
        ps_jw_obj_end(j);
    }
    ps_jw_arr_end(j);
}
