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

static int status_ok(uint32_t st) { return st == 0 || st == 1; }

static void bad_status(blg_log *l, uint32_t st, int *rec_bad)
{
    if (l->pass != 1)
        return;
    if (!l->bad_status)
        l->first_bad_status = st;
    l->bad_status++;
    *rec_bad = 1;
}

/* Numbered display name of an instance: "name", then "name#1", "name#2" ... within one sample. */
static const char *dup_name(blg_log *l, const char *name)
{
    size_t len = strlen(name);
    size_t seen = blg_map_get(&l->dups, name, len);
    size_t nth = seen == (size_t)-1 ? 0 : seen + 1;
    blg_map_put(&l->dups, name, len, nth);
    ps_buf_reset(&l->scratch);
    ps_buf_puts(&l->scratch, name);
    if (nth)
        ps_buf_printf(&l->scratch, "#%zu", nth);
    return l->scratch.data;
}

static int do_value(blg_log *l, size_t ei, const unsigned char *b, size_t blen, uint64_t off, int *rec_bad)
{
    blg_entry *e = &l->entries[ei];
    if (blen < 0x24)
        return blg_corrupt(&l->src, off, "raw counter value of %zu bytes", blen);
    size_t c = blg_col_get(l, ei, NULL, e->instance, e->counter, e->type);
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
        ps_warn(l->src.warn, "%s: instance array with non-zero header fields 0x%x 0x%x (decoding anyway)",
                l->src.path, blg_u32(b + 8), blg_u32(b + 12));
        l->warned_array = 1;
    }
    blg_map_clear(&l->dups);
    for (uint32_t i = 0; i < n; i++) {
        const unsigned char *it = b + 0x18 + (size_t)i * 24;
        uint32_t no = blg_u32(it);
        char *name = no < blen ? blg_utf16_dup(b + no, blen - no) : NULL;
        if (!name)
            return blg_corrupt(&l->src, off, "instance %u: name offset %u outside the array", i, no);
        const char *disp = dup_name(l, name);
        free(name);
        size_t c = blg_col_get(l, ei, disp, disp, e->counter, e->type);
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

typedef struct cdef {
    uint32_t title, type, size, offset;
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

/* Values of one instance (inst NULL = object without instances) from counter block blk. */
static void object_values(blg_log *l, size_t ei, const objctx *o, const cdef *defs, uint32_t nd, const char *inst,
                          const unsigned char *blk, size_t blen)
{
    size_t prev = (size_t)-1;
    for (uint32_t i = 0; i < nd; i++) {
        int hidden = 0, multi = 0;
        enum blg_ysrc ys = BLG_Y_NONE;
        int known = blg_type_info(defs[i].type, &hidden, &ys, &multi);
        if (hidden)
            continue;
        blg_raw raw = {0};
        raw.ok = known && read_data(blk, blen, &defs[i], &raw.x) == 0;
        switch (ys) {
        case BLG_Y_TICKS: raw.y = o->ticks; raw.f = (uint64_t)o->freq; break;
        case BLG_Y_100NS: raw.y = o->t100; raw.f = 10000000u; break;
        case BLG_Y_OBJECT: raw.y = o->otime; raw.f = (uint64_t)o->ofreq; break;
        case BLG_Y_BASE: raw.f = (uint64_t)o->freq; break;
        case BLG_Y_NONE: raw.f = (uint64_t)o->freq; break;
        }
        if (ys == BLG_Y_BASE || multi) {
            int64_t base = 0;
            int okb = i + 1 < nd && read_data(blk, blen, &defs[i + 1], &base) == 0;
            int hb = 0, mb = 0;
            enum blg_ysrc yb;
            if (okb && (blg_type_info(defs[i + 1].type, &hb, &yb, &mb) || !hb))
                okb = 0;   /* the next definition is not a base counter */
            raw.ok = raw.ok && okb;
            if (ys == BLG_Y_BASE)
                raw.y = base;
            else
                raw.m = (uint32_t)base;
        }
        /* the columns of one instance are consecutive: try the one after the previous first */
        size_t c = (size_t)-1;
        if (prev != (size_t)-1 && prev + 1 < l->ncols) {
            const blg_col *cc = &l->cols[prev + 1];
            if (cc->entry == ei && cc->title == defs[i].title && cc->defidx == i &&
                (cc->inst ? inst && strcmp(cc->inst, inst) == 0 : !inst))
                c = prev + 1;
        }
        if (c == (size_t)-1) {
            /* key: display instance, title index and position (counter names can repeat) */
            ps_buf *k = &l->objkey;
            ps_buf_reset(k);
            if (inst)
                ps_buf_puts(k, inst);
            ps_buf_putc(k, '\x1f');
            blg_put_uint(k, defs[i].title);
            ps_buf_putc(k, '\x1f');
            blg_put_uint(k, i);
            if (l->pass == 1) {
                char *cname = ps_xstrdup(counter_name(l, defs[i].title));
                c = blg_col_get(l, ei, k->data, inst, cname, defs[i].type);
                free(cname);
                l->cols[c].title = defs[i].title;
                l->cols[c].defidx = i;
            } else
                c = blg_col_get(l, ei, k->data, inst, NULL, defs[i].type);
        }
        prev = c;
        put_raw(l, c, &raw);
    }
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
        p += dl;
    }
    p = deflen;
    if (ni < 0) {
        uint32_t bl = p + 4 <= o.olen ? blg_u32(o.obj + p) : 0;
        if (bl < 4 || bl > o.olen - p) {
            rc = blg_corrupt(s, off, "counter block does not fit its object");
            goto out;
        }
        object_values(l, ei, &o, defs, nc, NULL, o.obj + p, bl);
        goto out;
    }
    /* every instance carries a definition and a block with every counter's data: real objects
     * hold at least 4 bytes per value, which bounds the work (defs may overlap in hostile data) */
    if ((uint64_t)ni > o.olen / 28 || (uint64_t)ni * nc > o.olen / 4) {
        rc = blg_corrupt(s, off, "object claims %d instances of %u counters in %zu bytes", ni, nc, o.olen);
        goto out;
    }
    blg_map_clear(&l->dups);
    for (int32_t k = 0; k < ni; k++) {
        uint32_t il = p + 24 <= o.olen ? blg_u32(o.obj + p) : 0;
        if (il < 24 || il > o.olen - p) {
            rc = blg_corrupt(s, off, "instance definition %d does not fit its object", k);
            goto out;
        }
        const unsigned char *id = o.obj + p;
        uint32_t no = blg_u32(id + 0x10), nl = blg_u32(id + 0x14);
        char *name = NULL;
        if (no < il && nl <= il - no) {
            if (codepage == 0)
                name = blg_utf16_dup(id + no, nl);
            else
                name = ps_xstrndup((const char *)id + no, nl);
        }
        if (!name)
            name = ps_xstrdup("");
        char *disp = ps_xstrdup(dup_name(l, name));
        free(name);
        p += il;
        uint32_t bl = p + 4 <= o.olen ? blg_u32(o.obj + p) : 0;
        if (bl < 4 || bl > o.olen - p) {
            free(disp);
            rc = blg_corrupt(s, off, "counter block of instance %d does not fit its object", k);
            goto out;
        }
        object_values(l, ei, &o, defs, nc, disp, o.obj + p, bl);
        free(disp);
        p += bl;
    }
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
