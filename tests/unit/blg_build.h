/* blg_build.h - builds synthetic .blg files byte by byte for the tests and the fuzz seeds
 * (our own bytes, following docs/blg-format.md; no third-party data). Header-only: static. */
#ifndef BLG_BUILD_H
#define BLG_BUILD_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ps_model.h"

static void bb_u16(ps_buf *b, unsigned v)
{
    unsigned char x[2] = {(unsigned char)v, (unsigned char)(v >> 8)};
    ps_buf_put(b, x, 2);
}
static void bb_u32(ps_buf *b, uint32_t v)
{
    bb_u16(b, v & 0xFFFF);
    bb_u16(b, v >> 16);
}
static void bb_u64(ps_buf *b, uint64_t v)
{
    bb_u32(b, (uint32_t)v);
    bb_u32(b, (uint32_t)(v >> 32));
}
static void bb_set32(ps_buf *b, size_t off, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        b->data[off + i] = (char)(v >> (8 * i));
}
static void bb_pad(ps_buf *b, size_t to, int byte)
{
    while (b->len < to)
        ps_buf_putc(b, (char)byte);
}
/* UTF-8 -> UTF-16LE with NUL (surrogate pairs for code points above U+FFFF). */
static void bb_wstr(ps_buf *b, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        uint32_t c = *p++;
        if (c >= 0xF0) {
            c = ((c & 7) << 18) | ((p[0] & 0x3Fu) << 12) | ((p[1] & 0x3Fu) << 6) | (p[2] & 0x3Fu);
            p += 3;
        } else if (c >= 0xE0) {
            c = ((c & 15) << 12) | ((p[0] & 0x3Fu) << 6) | (p[1] & 0x3Fu);
            p += 2;
        } else if (c >= 0xC0) {
            c = ((c & 31) << 6) | (p[0] & 0x3Fu);
            p += 1;
        }
        if (c >= 0x10000) {
            c -= 0x10000;
            bb_u16(b, 0xD800 | (c >> 10));
            bb_u16(b, 0xDC00 | (c & 0x3FF));
        } else
            bb_u16(b, c);
    }
    bb_u16(b, 0);
}

static const unsigned char bb_pdh_guid[16] = {0xb3, 0x3b, 0x3f, 0x93, 0x3e, 0x94, 0x0d, 0x49,
                                              0x9c, 0xed, 0x3c, 0xbb, 0x14, 0xc1, 0x44, 0x79};
static const unsigned char bb_log_guid[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};

/* The file being built. */
typedef struct bb {
    ps_buf file; /* finished buffers */
    ps_buf cur; /* buffer being filled */
    uint32_t S;
    int ptr8;
} bb;

static void bb_close_buffer(bb *f)
{
    if (!f->cur.len)
        return;
    bb_set32(&f->cur, 0x30, (uint32_t)f->cur.len);
    bb_pad(&f->cur, f->S, 0xFF);
    ps_buf_put(&f->file, f->cur.data, f->cur.len);
    ps_buf_reset(&f->cur);
}

static void bb_open_buffer(bb *f)
{
    bb_u32(&f->cur, f->S);
    bb_pad(&f->cur, 0x48, 0);
}

/* Start a file: buffer 0 with the log-file header. bias/std names as given (UTF-8). */
static void bb_begin(bb *f, uint32_t S, int ptr8, int32_t bias, const char *std_name, const char *dst_name,
                     int us_dst_rule)
{
    memset(f, 0, sizeof *f);
    f->S = S;
    f->ptr8 = ptr8;
    bb_open_buffer(f);
    ps_buf h = {0}; /* TRACE_LOGFILE_HEADER */
    bb_u32(&h, S);
    bb_u32(&h, 0x0A | (0 << 8)); /* version 10.0 */
    bb_u32(&h, 14393); /* build */
    bb_u32(&h, 4); /* processors */
    bb_u64(&h, 0); /* end time */
    bb_pad(&h, 0x28, 0);
    bb_u32(&h, 1); /* start buffers */
    bb_u32(&h, ptr8 ? 8 : 4); /* pointer size */
    bb_u32(&h, 0);
    bb_u32(&h, 0);
    bb_pad(&h, ptr8 ? 0x48 : 0x40, 0); /* pointers */
    size_t tz = h.len;
    bb_u32(&h, (uint32_t)bias);
    ps_buf n = {0};
    bb_wstr(&n, std_name);
    ps_buf_put(&h, n.data, n.len < 64 ? n.len : 64);
    bb_pad(&h, tz + 0x44, 0);
    if (us_dst_rule) { /* 1st Sunday of November, 02:00 */
        bb_u16(&h, 0);
        bb_u16(&h, 11);
        bb_u16(&h, 0);
        bb_u16(&h, 1);
        bb_u16(&h, 2);
    }
    bb_pad(&h, tz + 0x58, 0);
    ps_buf_reset(&n);
    bb_wstr(&n, dst_name);
    ps_buf_put(&h, n.data, n.len < 64 ? n.len : 64);
    ps_buf_fini(&n);
    bb_pad(&h, tz + 0x98, 0);
    if (us_dst_rule) { /* 2nd Sunday of March, 02:00 */
        bb_u16(&h, 0);
        bb_u16(&h, 3);
        bb_u16(&h, 0);
        bb_u16(&h, 2);
        bb_u16(&h, 2);
    }
    bb_pad(&h, tz + 0xA8, 0);
    bb_u32(&h, us_dst_rule ? (uint32_t)-60 : 0);
    bb_pad(&h, (ptr8 ? 0x118 : 0x110), 0);
    bb_wstr(&h, "01020304-0506-0708-090a-0b0c0d0e0f10");
    bb_wstr(&h, "C:\\PerfLogs\\synthetic.blg");
    ps_buf *c = &f->cur;
    bb_u16(c, 2);
    ps_buf_putc(c, (char)(ptr8 ? 2 : 1));
    ps_buf_putc(c, (char)0xC0);
    bb_u16(c, (unsigned)(0x20 + h.len));
    bb_pad(c, 0x48 + 0x20, 0);
    ps_buf_put(c, h.data, h.len);
    ps_buf_fini(&h);
    bb_pad(c, (c->len + 7) & ~(size_t)7, 0);
    bb_close_buffer(f);
}

/* One PDH event (one part) into the current buffer (a new buffer when it does not fit). */
static void bb_event(bb *f, int evtype, uint64_t ft, uint32_t part, uint32_t nparts, const void *frag, size_t n)
{
    size_t len = 0x30 + 24 + n, padded = (len + 7) & ~(size_t)7;
    if (f->cur.len && f->cur.len + padded > f->S)
        bb_close_buffer(f);
    if (!f->cur.len)
        bb_open_buffer(f);
    ps_buf *c = &f->cur;
    bb_u16(c, (unsigned)len);
    ps_buf_putc(c, (char)(f->ptr8 ? 0x14 : 0x0A));
    ps_buf_putc(c, (char)0xC0);
    ps_buf_putc(c, (char)evtype);
    ps_buf_putc(c, 0);
    bb_u16(c, 60);
    bb_u32(c, 100);
    bb_u32(c, 200);
    bb_u64(c, ft);
    ps_buf_put(c, bb_pdh_guid, 16);
    bb_u64(c, 0);
    ps_buf_put(c, bb_log_guid, 16);
    bb_u32(c, part);
    bb_u32(c, nparts);
    ps_buf_put(c, frag, n);
    bb_pad(c, c->len + (padded - len), 0);
}

/* A whole logical record, cut into parts of `part` bytes (8000 as PDH does). */
static void bb_record_parts(bb *f, int evtype, uint64_t ft, const ps_buf *rec, size_t part)
{
    size_t n = rec->len, np = n ? (n + part - 1) / part : 1;
    for (size_t i = 0; i < np; i++) {
        size_t k = n - i * part < part ? n - i * part : part;
        bb_event(f, evtype, ft, (uint32_t)(i + 1), (uint32_t)np, rec->data + i * part, k);
    }
}
static void bb_record(bb *f, int evtype, uint64_t ft, const ps_buf *rec)
{
    bb_record_parts(f, evtype, ft, rec, 8000);
}

static void bb_finish(bb *f)
{
    bb_close_buffer(f);
}
static void bb_free(bb *f)
{
    ps_buf_fini(&f->file);
    ps_buf_fini(&f->cur);
}

/* Counter-list entry (layout B or A). instance/parent NULL = none. */
static void bb_entry(ps_buf *l, uint32_t flags, uint32_t type, uint64_t freq, int32_t scale, const char *machine,
                     const char *object, const char *instance, const char *parent, const char *counter)
{
    ps_buf s = {0};
    uint32_t om, oo, oi = 0xFFFFFFFFu, op = 0xFFFFFFFFu, oc;
    om = (uint32_t)s.len;
    bb_wstr(&s, machine);
    oo = (uint32_t)s.len;
    bb_wstr(&s, object);
    if (instance) {
        oi = (uint32_t)s.len;
        bb_wstr(&s, instance);
    }
    if (parent) {
        op = (uint32_t)s.len;
        bb_wstr(&s, parent);
    }
    oc = (uint32_t)s.len;
    bb_wstr(&s, counter);
    uint32_t len = (uint32_t)((0x34 + s.len + 7) & ~(size_t)7);
    size_t start = l->len;
    bb_u32(l, len);
    bb_u32(l, flags);
    bb_u32(l, 0);
    bb_u32(l, type);
    bb_u64(l, freq);
    bb_u32(l, (uint32_t)scale);
    bb_u32(l, om);
    bb_u32(l, oo);
    bb_u32(l, oi);
    bb_u32(l, op);
    bb_u32(l, 0);
    bb_u32(l, oc);
    ps_buf_put(l, s.data, s.len);
    bb_pad(l, start + len, 0);
    ps_buf_fini(&s);
}
static void bb_list_begin(ps_buf *l)
{
    bb_u32(l, 0x6FF);
    bb_u32(l, 0x20008);
}

/* Data record (layout B): begin the container, add sub-records, end (patches the length). */
static void bb_data_begin(ps_buf *d)
{
    bb_u32(d, 0x00034C42);
    bb_u32(d, 0);
}
static void bb_data_end(ps_buf *d)
{
    bb_set32(d, 4, (uint32_t)d->len);
}
static void bb_value(ps_buf *d, uint32_t status, uint64_t ft, int64_t x, int64_t y, uint32_t m)
{
    bb_u32(d, 0x01034C42);
    bb_u32(d, 48);
    bb_u32(d, status);
    bb_u64(d, ft);
    bb_u32(d, 0);
    bb_u64(d, (uint64_t)x);
    bb_u64(d, (uint64_t)y);
    bb_u32(d, m);
    bb_u32(d, 0);
}
/* Instance array: n instances names[i] with (x[i], y[i]). */
static void bb_array(ps_buf *d, uint64_t ft, size_t n, const char *const *names, const int64_t *x, const int64_t *y)
{
    ps_buf body = {0}, str = {0};
    size_t items = 0x18 + 24 * n;
    uint32_t *offs = calloc(n ? n : 1, sizeof *offs);
    for (size_t i = 0; i < n; i++) {
        offs[i] = (uint32_t)(items + str.len);
        bb_wstr(&str, names[i]);
    }
    bb_u32(&body, 0);
    bb_u32(&body, (uint32_t)n);
    bb_u32(&body, 0);
    bb_u32(&body, 0);
    bb_u64(&body, ft);
    for (size_t i = 0; i < n; i++) {
        bb_u32(&body, offs[i]);
        bb_u32(&body, 1);
        bb_u64(&body, (uint64_t)x[i]);
        bb_u64(&body, (uint64_t)y[i]);
    }
    ps_buf_put(&body, str.data, str.len);
    bb_pad(&body, (body.len + 7) & ~(size_t)7, 0);
    bb_set32(&body, 0, (uint32_t)body.len);
    bb_u32(d, 0x02034C42);
    bb_u32(d, (uint32_t)(body.len + 8));
    ps_buf_put(d, body.data, body.len);
    ps_buf_fini(&body);
    ps_buf_fini(&str);
    free(offs);
}

/* Layout A: one 0x05034C42 sub-record holding a PERF_DATA_BLOCK with one object.
 * nc counter definitions (title[i], type[i], 8-byte data at block offset 8 + 8 i; size[i] 4 or 8);
 * ni instances (ni < 0: no instances) named inst[k]; data[k * nc + i]. */
typedef struct bb_obj {
    uint32_t title;
    int64_t ticks, freq, t100, otime, ofreq;
    uint32_t nc;
    const uint32_t *ctitle, *ctype, *csize;
    int32_t ni;
    const char *const *inst;
    const int64_t *data;
} bb_obj;
static void bb_object(ps_buf *d, const bb_obj *o)
{
    ps_buf b = {0};
    ps_buf_put(&b, "P\0E\0R\0F\0", 8);
    bb_u32(&b, 1);
    bb_u32(&b, 1);
    bb_u32(&b, 1);
    bb_u32(&b, 0); /* total, patched */
    bb_u32(&b, 0); /* header length, patched */
    bb_u32(&b, 1);
    bb_u32(&b, 0);
    bb_pad(&b, 0x38, 0); /* SYSTEMTIME left 0 */
    bb_u64(&b, (uint64_t)o->ticks);
    bb_u64(&b, (uint64_t)o->freq);
    bb_u64(&b, (uint64_t)o->t100);
    bb_u32(&b, 10);
    bb_u32(&b, 0x58);
    bb_wstr(&b, "HOST");
    bb_pad(&b, (b.len + 7) & ~(size_t)7, 0);
    size_t obj = b.len;
    bb_set32(&b, 0x18, (uint32_t)obj);
    uint32_t deflen = 64 + 40 * o->nc;
    bb_u32(&b, 0); /* object total, patched */
    bb_u32(&b, deflen);
    bb_u32(&b, 64);
    bb_u32(&b, o->title);
    bb_u32(&b, 0);
    bb_u32(&b, o->title + 1);
    bb_u32(&b, 0);
    bb_u32(&b, 100);
    bb_u32(&b, o->nc);
    bb_u32(&b, 0);
    bb_u32(&b, (uint32_t)o->ni);
    bb_u32(&b, 0);
    bb_u64(&b, (uint64_t)o->otime);
    bb_u64(&b, (uint64_t)o->ofreq);
    for (uint32_t i = 0; i < o->nc; i++) {
        bb_u32(&b, 40);
        bb_u32(&b, o->ctitle[i]);
        bb_u32(&b, 0);
        bb_u32(&b, o->ctitle[i] + 1);
        bb_u32(&b, 0);
        bb_u32(&b, 0);
        bb_u32(&b, 100);
        bb_u32(&b, o->ctype[i]);
        bb_u32(&b, o->csize[i]);
        bb_u32(&b, 8 + 8 * i);
    }
    int32_t nblocks = o->ni < 0 ? 1 : o->ni;
    for (int32_t k = 0; k < nblocks; k++) {
        if (o->ni >= 0) {
            ps_buf nm = {0};
            bb_wstr(&nm, o->inst[k]);
            uint32_t il = (uint32_t)((24 + nm.len + 7) & ~(size_t)7);
            size_t st = b.len;
            bb_u32(&b, il);
            bb_u32(&b, 0);
            bb_u32(&b, 0);
            bb_u32(&b, (uint32_t)-1);
            bb_u32(&b, 24);
            bb_u32(&b, (uint32_t)nm.len);
            ps_buf_put(&b, nm.data, nm.len);
            bb_pad(&b, st + il, 0);
            ps_buf_fini(&nm);
        }
        bb_u32(&b, 8 + 8 * o->nc);
        bb_u32(&b, 0);
        for (uint32_t i = 0; i < o->nc; i++)
            bb_u64(&b, (uint64_t)o->data[(size_t)k * o->nc + i]);
    }
    bb_set32(&b, obj, (uint32_t)(b.len - obj));
    bb_set32(&b, 0x14, (uint32_t)b.len);
    bb_u32(d, 0x05034C42);
    bb_u32(d, (uint32_t)(b.len + 8));
    ps_buf_put(d, b.data, b.len);
    ps_buf_fini(&b);
}
/* Name-table record (0x24): machine, then "index","name" pairs. */
static void bb_names(ps_buf *r, const char *machine, size_t n, const char *const *pairs)
{
    bb_wstr(r, machine);
    for (size_t i = 0; i < 2 * n; i++)
        bb_wstr(r, pairs[i]);
}

/* FILETIME of a local civil time. */
static uint64_t bb_ft(int y, int mo, int d, int h, int mi, int s, int ms)
{
    return (uint64_t)(ps_time_from_fields(y, mo, d, h, mi, s, ms) * 10000 + 116444736000000000LL);
}

#endif
