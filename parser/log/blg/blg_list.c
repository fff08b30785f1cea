/* blg_list.c - counter list (event 0x20), name table (event 0x24), counter paths and columns. */
#include "blg_internal.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ------------------------------------------------------------------ counter list */
static char *entry_str(const unsigned char *sa, size_t salen, uint32_t off, int *bad)
{
    if (off == 0xFFFFFFFFu)
        return NULL;
    if (off >= salen) {
        *bad = 1;
        return NULL;
    }
    char *s = blg_utf16_dup(sa + off, salen - off);
    if (!s)
        *bad = 1;
    return s;
}

static void entry_fini(blg_entry *e)
{
    free(e->machine);
    free(e->object);
    free(e->instance);
    free(e->parent);
    free(e->counter);
}

int blg_list_parse(blg_log *l, const blg_record *r, ps_error *err)
{
    blg_src *s = &l->src;
    if (l->have_list) {
        ps_warn(s->warn, "%s: a second counter list at offset 0x%llx ignored", s->path, (unsigned long long)r->offset);
        return 0;
    }
    const unsigned char *p = r->data;
    size_t n = r->len;
    if (n < 8)
        return blg_corrupt(s, r->offset, "counter list of %zu bytes", n);
    if (blg_u32(p) != 0x6FF || blg_u32(p + 4) != 0x20008)
        ps_warn(s->warn, "%s: counter list starts 0x%x 0x%x (0x6ff 0x20008 expected); decoding anyway", s->path,
                blg_u32(p), blg_u32(p + 4));
    size_t off = 8, cap = 0;
    while (off + 4 <= n) {
        uint32_t len = blg_u32(p + off);
        if (len == 0)
            break;
        if (len < 0x36 || len > n - off) {
            int rc =
                blg_corrupt(s, r->offset, "counter-list entry %zu: length %u outside its record", l->nentries, len);
            if (rc)
                return rc;
            break;
        }
        const unsigned char *q = p + off;
        const unsigned char *sa = q + 0x34;
        size_t salen = len - 0x34;
        blg_entry e;
        memset(&e, 0, sizeof e);
        int bad = 0;
        e.flags = blg_u32(q + 4);
        e.type = blg_u32(q + 0x0C);
        e.freq = blg_u64(q + 0x10);
        e.scale = (int32_t)blg_u32(q + 0x18);
        e.machine = entry_str(sa, salen, blg_u32(q + 0x1C), &bad);
        e.object = entry_str(sa, salen, blg_u32(q + 0x20), &bad);
        e.instance = entry_str(sa, salen, blg_u32(q + 0x24), &bad);
        e.parent = entry_str(sa, salen, blg_u32(q + 0x28), &bad);
        e.index = blg_u32(q + 0x2C);
        e.counter = entry_str(sa, salen, blg_u32(q + 0x30), &bad);
        if (bad || !e.object || !e.counter) {
            entry_fini(&e);
            int rc = blg_corrupt(s, r->offset, "counter-list entry %zu: a string offset lies outside the entry",
                                 l->nentries);
            if (rc)
                return rc;
            off += len;
            continue;
        }
        if (e.machine && !e.machine[0]) {
            free(e.machine);
            e.machine = NULL;
        }
        e.hint = (size_t)-1;
        e.whole = (e.flags & 0x10) != 0 || strcmp(e.counter, "*") == 0;
        e.wildcard = !e.whole && ((e.flags & 1) || (e.instance && strcmp(e.instance, "*") == 0));
        if (l->nentries == cap) {
            cap = cap ? cap * 2 : 16;
            l->entries = ps_xrealloc(l->entries, cap * sizeof *l->entries);
        }
        l->entries[l->nentries++] = e;
        off += len;
    }
    if (!l->nentries)
        return blg_corrupt(s, r->offset, "counter list without entries");
    l->have_list = 1;
    (void)err;
    return 0;
}

/* ------------------------------------------------------------------ name table */
int blg_names_parse(blg_log *l, const blg_record *r, ps_error *err)
{
    (void)err;
    const unsigned char *p = r->data;
    size_t n = r->len, off = 0;
    char *machine = blg_utf16_dup(p, n);
    if (!machine)
        return blg_corrupt(&l->src, r->offset, "name table without a machine name");
    /* skip the machine name by code units (its UTF-8 length differs) */
    while (off + 1 < n && blg_u16(p + off) != 0)
        off += 2;
    off += 2;
    if (!l->names_machine)
        l->names_machine = machine;
    else
        free(machine);
    while (off + 1 < n) {
        char *idx = blg_utf16_dup(p + off, n - off);
        if (!idx)
            break;
        while (off + 1 < n && blg_u16(p + off) != 0)
            off += 2;
        off += 2;
        char *name = off < n ? blg_utf16_dup(p + off, n - off) : NULL;
        if (!name) {
            free(idx);
            break;
        }
        while (off + 1 < n && blg_u16(p + off) != 0)
            off += 2;
        off += 2;
        char *end;
        unsigned long k = strtoul(idx, &end, 10);
        /* index 1 carries the last index, not a name; cap by the record size (hostile input) */
        if (*idx && !*end && k > 1 && k < 4 * (uint64_t)l->src.fsize + 64 && k < 16u * 1024 * 1024) {
            if (k >= l->nnames) {
                size_t nn = l->nnames ? l->nnames : 256;
                while (nn <= k)
                    nn *= 2;
                l->names = ps_xrealloc(l->names, nn * sizeof *l->names);
                memset(l->names + l->nnames, 0, (nn - l->nnames) * sizeof *l->names);
                l->nnames = nn;
            }
            free(l->names[k]);
            l->names[k] = name;
            name = NULL;
        }
        free(idx);
        free(name);
    }
    return 0;
}

/* ------------------------------------------------------------------ paths */
char *blg_entry_path(const blg_entry *e, const char *instance, const char *counter)
{
    ps_buf b = {0};
    if (e->machine) {
        if (strncmp(e->machine, "\\\\", 2) != 0)
            ps_buf_puts(&b, "\\\\");
        ps_buf_puts(&b, e->machine);
    }
    ps_buf_putc(&b, '\\');
    ps_buf_puts(&b, e->object);
    if (instance) {
        ps_buf_putc(&b, '(');
        if (e->parent) {
            ps_buf_puts(&b, e->parent);
            ps_buf_putc(&b, '/');
        }
        ps_buf_puts(&b, instance);
        if (e->index && instance == e->instance)
            ps_buf_printf(&b, "#%u", e->index);
        ps_buf_putc(&b, ')');
    }
    ps_buf_putc(&b, '\\');
    ps_buf_puts(&b, counter);
    return ps_buf_steal(&b);
}

/* ------------------------------------------------------------------ columns */
void blg_put_uint(ps_buf *b, uint64_t v)
{
    char d[24];
    size_t n = 0;
    do {
        d[sizeof d - 1 - n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    ps_buf_put(b, d + sizeof d - n, n);
}

static size_t map_key(ps_buf *k, size_t entry, const char *key)
{
    ps_buf_reset(k);
    blg_put_uint(k, entry);
    ps_buf_putc(k, '\x1f');
    if (key)
        ps_buf_puts(k, key);
    return k->len;
}

size_t blg_col_get(blg_log *l, size_t entry, const char *key, const char *instance, const char *counter, uint32_t type)
{
    size_t klen = map_key(&l->keybuf, entry, key);
    size_t c = ps_hash_get(&l->colmap, l->keybuf.data, klen);
    if (c != (size_t)-1 || l->pass != 1)
        return c;
    if (l->ncols == l->capcols) {
        l->capcols = l->capcols ? l->capcols * 2 : 64;
        l->cols = ps_xrealloc(l->cols, l->capcols * sizeof *l->cols);
    }
    blg_col *col = &l->cols[l->ncols];
    memset(col, 0, sizeof *col);
    col->entry = entry;
    col->key = key ? ps_xstrdup(key) : NULL;
    col->path = blg_entry_path(&l->entries[entry], instance, counter);
    col->inst = instance ? ps_xstrdup(instance) : NULL;
    col->cname = ps_xstrdup(counter);
    col->type = type;
    col->rule = blg_rule_find(type);
    ps_hash_put(&l->colmap, l->keybuf.data, klen, l->ncols);
    int hidden = 0;
    enum blg_ysrc ys;
    int multi;
    if (!blg_type_info(type, &hidden, &ys, &multi) && !hidden) {
        l->warned_unknown++;
        ps_warn(l->src.warn, "%s: %s: unknown counter type 0x%08x: no values", l->src.path, col->path, type);
    }
    return l->ncols++;
}

static int col_cmp(const void *a, const void *b)
{
    const blg_col *x = a, *y = b;
    if (x->entry != y->entry)
        return x->entry < y->entry ? -1 : 1;
    return (x->seen > y->seen) - (x->seen < y->seen); /* seen holds the creation order here */
}

void blg_cols_finish(blg_log *l)
{
    for (size_t i = 0; i < l->ncols; i++)
        l->cols[i].seen = (int)i;
    if (l->ncols > 1)
        qsort(l->cols, l->ncols, sizeof *l->cols, col_cmp);
    ps_hash_fini(&l->colmap);
    ps_buf k = {0};
    for (size_t i = 0; i < l->nentries; i++) {
        l->entries[i].ncols = 0;
        l->entries[i].hint = (size_t)-1; /* column indices change here */
    }
    for (size_t i = 0; i < l->ncols; i++) {
        blg_col *c = &l->cols[i];
        c->seen = 0;
        blg_entry *e = &l->entries[c->entry];
        if (!e->ncols)
            e->col0 = e->hint = i;
        e->ncols++;
        size_t klen = map_key(&k, c->entry, c->key);
        ps_hash_put(&l->colmap, k.data, klen, i);
    }
    ps_buf_fini(&k);
}

void blg_log_free_work(blg_log *l)
{
    ps_buf_fini(&l->keybuf);
    ps_buf_fini(&l->scratch);
    ps_buf_fini(&l->objkey);
    ps_buf_fini(&l->namebuf);
    ps_buf_fini(&l->instbuf);
    ps_hash_fini(&l->dups);
}

void blg_log_fini(blg_log *l)
{
    for (size_t i = 0; i < l->nentries; i++)
        entry_fini(&l->entries[i]);
    free(l->entries);
    for (size_t i = 0; i < l->nnames; i++)
        free(l->names[i]);
    free(l->names);
    free(l->names_machine);
    for (size_t i = 0; i < l->ncols; i++) {
        free(l->cols[i].path);
        free(l->cols[i].key);
        free(l->cols[i].inst);
        free(l->cols[i].cname);
    }
    free(l->cols);
    ps_hash_fini(&l->colmap);
    blg_log_free_work(l);
    free(l->values);
    blg_src_close(&l->src);
    memset(l, 0, sizeof *l);
}
