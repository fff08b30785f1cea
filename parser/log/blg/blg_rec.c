/* blg_rec.c - data records (event 0x22): layout B (PDH_RAW_COUNTER values and instance arrays)
 * and layout A (whole PERF_DATA_BLOCK objects), plus the catalog (event 0x23). */
#include "blg_internal.h"

#include <stdlib.h>
#include <string.h>

/* Store one raw sample in column c (pass 2) or create the column (pass 1). */
static void put_raw(blg_log *l, size_t c, const blg_raw *raw)
{
    if (c == (size_t)-1 || l->pass != 2)
        return;
    l->cols[c].cur = *raw;
    l->cols[c].seen = 1;
}

static int status_ok(uint32_t st)
{
    return st == 0 || st == 1;
}

static void bad_status(blg_log *l, uint32_t st, int *rec_bad)
{
    if (l->pass != 1)
        return;
    if (!l->bad_status)
        l->first_bad_status = st;
    l->bad_status++;
    *rec_bad = 1;
}

/* Numbered display name of an instance: "name", then "name#1", "name#2" ... within one array or
 * object. The result lives in l->instbuf until the next call. */
static const char *dup_name(blg_log *l, const char *name, size_t len)
{
    size_t seen = ps_hash_get(&l->dups, name, len);
    size_t nth = seen == PS_HASH_NONE ? 0 : seen + 1;
    ps_hash_put(&l->dups, name, len, nth);
    ps_buf *d = &l->instbuf;
    ps_buf_reset(d);
    ps_buf_put(d, name, len);
    if (nth) {
        ps_buf_putc(d, '#');
        blg_put_uint(d, nth);
    }
    return d->data;
}

/* Column of (entry ei, key): tried first at hint (instances come in the same order in every
 * record, so it is the column after the last one found), then through the map, which agrees
 * whenever the hint is taken (one column per key). */
static size_t col_find(blg_log *l, size_t ei, size_t hint, const char *key, const char *inst, const char *counter,
                       uint32_t type)
{
    if (hint < l->ncols) {
        const blg_col *c = &l->cols[hint];
        if (c->entry == ei && (key ? c->key && strcmp(c->key, key) == 0 : !c->key))
            return hint;
    }
    return blg_col_get(l, ei, key, inst, counter, type);
}

static int do_value(blg_log *l, size_t ei, const unsigned char *b, size_t blen, uint64_t off, int *rec_bad)
{
    blg_entry *e = &l->entries[ei];
    if (blen < 0x24)
        return blg_corrupt(&l->src, off, "raw counter value of %zu bytes", blen);
    size_t c = col_find(l, ei, e->hint, NULL, e->instance, e->counter, e->type);
    if (c != (size_t)-1)
        e->hint = c;
    blg_raw raw = {0};
    uint32_t st = blg_u32(b);
    raw.ok = status_ok(st);
    raw.x = blg_i64(b + 0x10);
    raw.y = blg_i64(b + 0x18);
    raw.m = blg_u32(b + 0x20);
    raw.f = e->freq;
    if (!raw.ok)
        bad_status(l, st, rec_bad);
    put_raw(l, c, &raw);
    return 0;
}

static int do_array(blg_log *l, size_t ei, const unsigned char *b, size_t blen, uint64_t off)
{
    blg_entry *e = &l->entries[ei];
    if (blen < 0x18)
        return blg_corrupt(&l->src, off, "instance array of %zu bytes", blen);
    uint32_t n = blg_u32(b + 4);
    if (n > (blen - 0x18) / 24)
        return blg_corrupt(&l->src, off, "instance array claims %u instances in %zu bytes", n, blen);
    if ((blg_u32(b + 8) || blg_u32(b + 12)) && !l->warned_array) {
        ps_warn(l->src.warn, "%s: instance array with non-zero header fields 0x%x 0x%x (decoding anyway)", l->src.path,
                blg_u32(b + 8), blg_u32(b + 12));
        l->warned_array = 1;
    }
    ps_hash_clear(&l->dups);
    size_t hint = e->hint, start = (size_t)-1;
    for (uint32_t i = 0; i < n; i++) {
        const unsigned char *it = b + 0x18 + (size_t)i * 24;
        uint32_t no = blg_u32(it);
        if (no >= blen || blg_utf16_to(&l->namebuf, b + no, blen - no) != 0)
            return blg_corrupt(&l->src, off, "instance %u: name offset %u outside the array", i, no);
        const char *disp = dup_name(l, l->namebuf.data, l->namebuf.len);
        size_t c = col_find(l, ei, hint, disp, disp, e->counter, e->type);
        if (c != (size_t)-1) {
            hint = c + 1;
            if (start == (size_t)-1)
                start = e->hint = c;
        }
        blg_raw raw = {1, blg_i64(it + 8), blg_i64(it + 16), e->freq, blg_u32(it + 4)};
        put_raw(l, c, &raw);
    }
    return 0;
}

/* ------------------------------------------------------------------ layout A */
typedef struct objctx {
    const unsigned char *obj;
    size_t olen;
    int64_t ticks, freq, t100, otime, ofreq;
    uint64_t off;
} objctx;

/* One counter definition, with its type-table facts looked up once per object. */
typedef struct cdef {
    uint32_t title, type, size, offset;
    int known, hidden, multi;
    int base_ok; /* the next definition is a base counter */
    enum blg_ysrc ys;
} cdef;

static int read_data(const unsigned char *blk, size_t blen, const cdef *d, int64_t *v)
{
    size_t sz = d->size == 8 ? 8 : 4;
    if (d->offset > blen || blen - d->offset < sz)
        return -1;
    *v = sz == 8 ? blg_i64(blk + d->offset) : (int64_t)blg_u32(blk + d->offset);
    return 0;
}

static const char *counter_name(blg_log *l, uint32_t title)
{
    if (title < l->nnames && l->names[title])
        return l->names[title];
    ps_buf_reset(&l->scratch);
    ps_buf_printf(&l->scratch, "%u", title);
    return l->scratch.data;
}

/* Column of counter i of instance inst (NULL = object without instances), prev the column of
 * this instance's previous counter ((size_t)-1 for its first, then hint is tried) and iid that
 * column's instance id. The columns of one instance are consecutive, so prev + 1 is tried
 * first: checked by title, position and instance id (a string compare for the first counter
 * only); else the key "instance 0x1f title 0x1f position" (names can repeat) goes through the
 * map, which gives the same column whenever the guess is taken. */
static size_t object_col(blg_log *l, size_t ei, const cdef *d, uint32_t i, const char *inst, size_t prev, uint32_t iid,
                         size_t hint)
{
    size_t c = prev == (size_t)-1 ? hint : prev + 1;
    if (c < l->ncols) {
        const blg_col *cc = &l->cols[c];
        if (cc->entry == ei && cc->title == d->title && cc->defidx == i &&
            (prev != (size_t)-1 ? cc->iid == iid
             : cc->inst         ? inst && strcmp(cc->inst, inst) == 0
                                : !inst))
            return c;
    }
    ps_buf *k = &l->objkey;
    ps_buf_reset(k);
    if (inst)
        ps_buf_puts(k, inst);
    ps_buf_putc(k, '\x1f');
    blg_put_uint(k, d->title);
    ps_buf_putc(k, '\x1f');
    blg_put_uint(k, i);
    if (l->pass != 1)
        return blg_col_get(l, ei, k->data, inst, NULL, d->type);
    size_t before = l->ncols;
    char *cname = ps_xstrdup(counter_name(l, d->title));
    c = blg_col_get(l, ei, k->data, inst, cname, d->type);
    free(cname);
    blg_col *nc = &l->cols[c];
    nc->title = d->title;
    nc->defidx = i;
    if (l->ncols > before) /* new: the instance's id, or a new one for its first column */
        nc->iid = prev != (size_t)-1 ? iid : ++l->next_iid;
    return c;
}

/* Values of one instance (inst NULL = object without instances) from counter block blk;
 * *hint: where its first column is looked for first, then the column after its last.
 * Returns its first column ((size_t)-1 when none). */
static size_t object_values(blg_log *l, size_t ei, const objctx *o, const cdef *defs, uint32_t nd, const char *inst,
                            const unsigned char *blk, size_t blen, size_t *hint)
{
    size_t prev = (size_t)-1, first = (size_t)-1;
    uint32_t iid = 0;
    for (uint32_t i = 0; i < nd; i++) {
        const cdef *d = &defs[i];
        if (d->hidden)
            continue;
        blg_raw raw = {0};
        raw.ok = d->known && read_data(blk, blen, d, &raw.x) == 0;
        switch (d->ys) {
        case BLG_Y_TICKS:
            raw.y = o->ticks;
            raw.f = (uint64_t)o->freq;
            break;
        case BLG_Y_100NS:
            raw.y = o->t100;
            raw.f = 10000000u;
            break;
        case BLG_Y_OBJECT:
            raw.y = o->otime;
            raw.f = (uint64_t)o->ofreq;
            break;
        case BLG_Y_BASE: raw.f = (uint64_t)o->freq; break;
        case BLG_Y_NONE: raw.f = (uint64_t)o->freq; break;
        }
        if (d->ys == BLG_Y_BASE || d->multi) {
            int64_t base = 0;
            int okb = d->base_ok && read_data(blk, blen, &defs[i + 1], &base) == 0;
            raw.ok = raw.ok && okb;
            if (d->ys == BLG_Y_BASE)
                raw.y = base;
            else
                raw.m = (uint32_t)base;
        }
        size_t c = object_col(l, ei, d, i, inst, prev, iid, *hint);
        if (c != (size_t)-1 && prev == (size_t)-1)
            iid = l->cols[c].iid;
        if (c != (size_t)-1 && first == (size_t)-1)
            first = c;
        prev = c;
        put_raw(l, c, &raw);
    }
    if (prev != (size_t)-1)
        *hint = prev + 1;
    return first;
}

static int do_object(blg_log *l, size_t ei, const unsigned char *b, size_t blen, uint64_t off)
{
    blg_src *s = &l->src;
    if (blen < 0x58 || memcmp(b, "P\0E\0R\0F\0", 8) != 0)
        return blg_corrupt(s, off, "object block without a PERF_DATA_BLOCK signature");
    size_t total = blg_u32(b + 0x14), hl = blg_u32(b + 0x18);
    if (total > blen)
        total = blen;
    if (hl < 0x58 || hl > total || total - hl < 64)
        return blg_corrupt(s, off, "PERF_DATA_BLOCK header length %zu outside its %zu bytes", hl, total);
    objctx o = {0};
    o.ticks = blg_i64(b + 0x38);
    o.freq = blg_i64(b + 0x40);
    o.t100 = blg_i64(b + 0x48);
    o.obj = b + hl;
    o.olen = blg_u32(o.obj);
    if (o.olen > total - hl || o.olen < 64)
        return blg_corrupt(s, off, "PERF_OBJECT_TYPE of %zu bytes outside its block", o.olen);
    uint32_t deflen = blg_u32(o.obj + 4), hdrlen = blg_u32(o.obj + 8), nc = blg_u32(o.obj + 0x20);
    int32_t ni = (int32_t)blg_u32(o.obj + 0x28);
    uint32_t codepage = blg_u32(o.obj + 0x2C);
    o.otime = blg_i64(o.obj + 0x30);
    o.ofreq = blg_i64(o.obj + 0x38);
    if (hdrlen > o.olen || deflen > o.olen || nc > (o.olen - hdrlen) / 40)
        return blg_corrupt(s, off, "PERF_OBJECT_TYPE with %u counters does not fit", nc);
    blg_entry *e = &l->entries[ei];
    size_t hint = e->hint;
    cdef *defs = ps_xcalloc(nc ? nc : 1, sizeof *defs);
    size_t p = hdrlen;
    int rc = 0;
    for (uint32_t i = 0; i < nc; i++) {
        uint32_t dl = p + 40 <= o.olen ? blg_u32(o.obj + p) : 0;
        if (dl < 40 || dl > o.olen - p) {
            rc = blg_corrupt(s, off, "counter definition %u does not fit its object", i);
            nc = i;
            goto out;
        }
        defs[i].title = blg_u32(o.obj + p + 4);
        defs[i].type = blg_u32(o.obj + p + 0x1C);
        defs[i].size = blg_u32(o.obj + p + 0x20);
        defs[i].offset = blg_u32(o.obj + p + 0x24);
        defs[i].known = blg_type_info(defs[i].type, &defs[i].hidden, &defs[i].ys, &defs[i].multi);
        p += dl;
    }
    for (uint32_t i = 0; i + 1 < nc; i++) /* a base is a hidden type outside the table */
        defs[i].base_ok = !defs[i + 1].known && defs[i + 1].hidden;
    p = deflen;
    if (ni < 0) {
        uint32_t bl = p + 4 <= o.olen ? blg_u32(o.obj + p) : 0;
        if (bl < 4 || bl > o.olen - p) {
            rc = blg_corrupt(s, off, "counter block does not fit its object");
            goto out;
        }
        size_t first = object_values(l, ei, &o, defs, nc, NULL, o.obj + p, bl, &hint);
        if (first != (size_t)-1)
            e->hint = first;
        goto out;
    }
    /* every instance carries a definition and a block with every counter's data: real objects
     * hold at least 4 bytes per value, which bounds the work (defs may overlap in hostile data) */
    if ((uint64_t)ni > o.olen / 28 || (uint64_t)ni * nc > o.olen / 4) {
        rc = blg_corrupt(s, off, "object claims %d instances of %u counters in %zu bytes", ni, nc, o.olen);
        goto out;
    }
    ps_hash_clear(&l->dups);
    size_t start = (size_t)-1;
    for (int32_t k = 0; k < ni; k++) {
        uint32_t il = p + 24 <= o.olen ? blg_u32(o.obj + p) : 0;
        if (il < 24 || il > o.olen - p) {
            rc = blg_corrupt(s, off, "instance definition %d does not fit its object", k);
            goto out;
        }
        const unsigned char *id = o.obj + p;
        uint32_t no = blg_u32(id + 0x10), nl = blg_u32(id + 0x14);
        ps_buf *name = &l->namebuf;
        int named = 0;
        if (no < il && nl <= il - no) {
            if (codepage == 0)
                named = blg_utf16_to(name, id + no, nl) == 0;
            else { /* single-byte names: up to the first NUL, as stored */
                ps_buf_reset(name);
                ps_buf_put(name, id + no, strnlen((const char *)id + no, nl));
                named = 1;
            }
        }
        if (!named) {
            ps_buf_reset(name);
            ps_buf_put(name, "", 0);
        }
        const char *disp = dup_name(l, name->data, name->len);
        p += il;
        uint32_t bl = p + 4 <= o.olen ? blg_u32(o.obj + p) : 0;
        if (bl < 4 || bl > o.olen - p) {
            rc = blg_corrupt(s, off, "counter block of instance %d does not fit its object", k);
            goto out;
        }
        size_t first = object_values(l, ei, &o, defs, nc, disp, o.obj + p, bl, &hint);
        if (start == (size_t)-1)
            start = first;
        p += bl;
    }
    if (start != (size_t)-1)
        e->hint = start;
out:
    free(defs);
    return rc;
}

int blg_data_parse(blg_log *l, const blg_record *r, ps_error *err)
{
    (void)err;
    blg_src *s = &l->src;
    const unsigned char *p = r->data;
    size_t n = r->len;
    if (n < 8 || blg_u32(p) != BLG_TAG_SAMPLE || blg_u32(p + 4) < 8 || blg_u32(p + 4) > n)
        return blg_corrupt(s, r->offset, "data record without its sample container");
    n = blg_u32(p + 4);
    size_t off = 8, ei = 0;
    int rec_bad = 0;
    while (off + 8 <= n) {
        uint32_t tag = blg_u32(p + off), len = blg_u32(p + off + 4);
        if ((tag & 0xFFFF) != 0x4C42 || len < 8 || len > n - off)
            return blg_corrupt(s, r->offset, "sub-record %zu: tag 0x%08x length %u outside its record", ei, tag, len);
        const unsigned char *body = p + off + 8;
        size_t blen = len - 8;
        int rc = 0;
        if (tag == BLG_TAG_VALUE || tag == BLG_TAG_ARRAY || tag == BLG_TAG_OBJECT) {
            if (ei >= l->nentries)
                return blg_corrupt(s, r->offset, "more sub-records than the %zu counters of the list", l->nentries);
            if (tag == BLG_TAG_VALUE)
                rc = do_value(l, ei, body, blen, r->offset, &rec_bad);
            else if (tag == BLG_TAG_ARRAY)
                rc = do_array(l, ei, body, blen, r->offset);
            else
                rc = do_object(l, ei, body, blen, r->offset);
            ei++;
        } else if (!l->warned_tag) {
            ps_warn(s->warn, "%s: unknown sub-record tag 0x%08x skipped", s->path, tag);
            l->warned_tag = 1;
        }
        if (rc)
            return rc;
        off += len;
    }
    if (ei != l->nentries)
        return blg_corrupt(s, r->offset, "data record holds %zu sub-records for %zu counters", ei, l->nentries);
    l->bad_status_records += rec_bad;
    return 0;
}

int blg_catalog_parse(blg_log *l, const blg_record *r, ps_error *err)
{
    (void)err;
    if (r->len < 0x20)
        return blg_corrupt(&l->src, r->offset, "catalog of %zu bytes", r->len);
    l->have_catalog = 1;
    l->cat_samples = blg_u32(r->data + 0x10);
    l->cat_objects = blg_u32(r->data + 0x14);
    return 0;
}
