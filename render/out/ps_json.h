/* ps_json.h - the one JSON writer: objects, arrays, keys, string escaping and numbers in the
 * exact form, with the commas and the optional line breaks of every JSON output (json.c).
 * Part of the public interface of its library; ps_out.h includes it.
 *
 *   ps_jw j;
 *   ps_jw_init(&j, b);
 *   ps_jw_obj(&j);                          {
 *   ps_jw_kstr(&j, "machine", "EX01");        "machine":"EX01",
 *   ps_jw_karr(&j, "values");                 "values":[
 *   ps_jw_num(&j, 1.5);                         1.5,
 *   ps_jw_num(&j, NAN);                         null
 *   ps_jw_arr_end(&j);                        ]
 *   ps_jw_obj_end(&j);                      }
 *
 * A value is a string, a number, true/false/null, or an object or array opened here and closed
 * by its _end call; in an object every value follows a key. The writer never fails: it appends
 * to b (ps_buf grows or aborts on out-of-memory). Nesting deeper than PS_JW_DEPTH levels is a
 * programming error (assert). */
#ifndef PS_JSON_H
#define PS_JSON_H

#include "ps_model.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Append s as a JSON string literal (with quotes); NULL -> null. Invalid UTF-8 bytes become U+FFFD. */
void ps_json_str(ps_buf *b, const char *s);
/* Append a number in the exact form: NaN/inf -> null; integers below 1e15 without fraction; else
 * the shortest of %.15g, %.16g and %.17g that reads back as v. Also the number form of the CSV
 * outputs and the chart layouts. */
void ps_json_num(ps_buf *b, double v);

#define PS_JW_DEPTH 32
typedef struct ps_jw {
    ps_buf *b;
    int depth; /* open objects and arrays */
    unsigned char items[PS_JW_DEPTH]; /* 1 when the open container at that depth has an item */
    int keyed; /* a key was written: its value follows, no comma */
    const char *brk; /* ps_jw_break text still to write, or NULL */
} ps_jw;

/* Start writing JSON at the end of b (b stays the caller's). */
void ps_jw_init(ps_jw *j, ps_buf *b);
/* Open / close an object or an array (the value of the key just written, or an item). */
void ps_jw_obj(ps_jw *j);
void ps_jw_obj_end(ps_jw *j);
void ps_jw_arr(ps_jw *j);
void ps_jw_arr_end(ps_jw *j);
/* The key of the next value of the open object (escaped like a string). */
void ps_jw_key(ps_jw *j, const char *k);
/* Values: a string (NULL -> null), a number (ps_json_num: not finite -> null), an unsigned
 * integer (all 64 bits exact), true/false (v != 0), null. */
void ps_jw_str(ps_jw *j, const char *s);
void ps_jw_num(ps_jw *j, double v);
void ps_jw_uint(ps_jw *j, unsigned long long v);
void ps_jw_bool(ps_jw *j, int v);
void ps_jw_null(ps_jw *j);
/* Layout: write text (a line break and indent: "\n", "\n ") before the next item or key of the
 * open container, after its comma; or before its closing bracket when no item comes. Text is
 * not copied: a literal. */
void ps_jw_break(ps_jw *j, const char *text);

/* A key and its value in one call. */
void ps_jw_kstr(ps_jw *j, const char *k, const char *s);
void ps_jw_knum(ps_jw *j, const char *k, double v);
void ps_jw_kuint(ps_jw *j, const char *k, unsigned long long v);
void ps_jw_kbool(ps_jw *j, const char *k, int v);
void ps_jw_kobj(ps_jw *j, const char *k); /* "k":{ */
void ps_jw_karr(ps_jw *j, const char *k); /* "k":[ */

/* Records written from a table of their fields: the JSON key is the member's name, the value
 * the member read at its offset, by kind. */
typedef enum ps_jw_kind {
    PS_JW_STR, /* char * (NULL -> null) */
    PS_JW_CHARS, /* char array in the record, NUL-terminated */
    PS_JW_NUM, /* double (ps_jw_num) */
    PS_JW_U64 /* uint64_t (ps_jw_uint) */
} ps_jw_kind;
typedef struct ps_jw_field {
    const char *key;
    ps_jw_kind kind;
    size_t off;
} ps_jw_field;
#define PS_JW_FIELD(type, kind, member)         \
    {                                           \
#member, (kind), offsetof(type, member) \
    }
/* The nf fields of record rec as key/value pairs of the open object, in table order. */
void ps_jw_fields(ps_jw *j, const void *rec, const ps_jw_field *f, size_t nf);
/* "k":[ one object per record of recs[0..n) (each size bytes), with the fields of f ] */
void ps_jw_karr_records(ps_jw *j, const char *k, const void *recs, size_t n, size_t size, const ps_jw_field *f,
                        size_t nf);

#ifdef __cplusplus
}
#endif

#endif
