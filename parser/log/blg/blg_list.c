/* blg_list.c - counter list (event 0x20), name table (event 0x24), counter paths and columns. */
#include "blg_internal.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ------------------------------------------------------------------ hash map */
static uint64_t hash(const char *k, size_t n)
{
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)k[i]) * 1099511628211ULL;
    return h;
}

size_t blg_map_get(const blg_map *m, const char *key, size_t klen)
{
    if (!m->cap)
        return (size_t)-1;
    for (size_t i = hash(key, klen) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        if (!m->keys[i])
            return (size_t)-1;
        if (strlen(m->keys[i]) == klen && memcmp(m->keys[i], key, klen) == 0)
            return m->vals[i];
    }
}

void blg_map_put(blg_map *m, const char *key, size_t klen, size_t val)
{
    if ((m->n + 1) * 2 > m->cap) {
        blg_map old = *m;
        m->cap = old.cap ? old.cap * 2 : 64;
        m->keys = ps_xcalloc(m->cap, sizeof *m->keys);
        m->vals = ps_xcalloc(m->cap, sizeof *m->vals);
        m->n = 0;
        for (size_t i = 0; i < old.cap; i++)
            if (old.keys[i]) {
                size_t j = hash(old.keys[i], strlen(old.keys[i])) & (m->cap - 1);
                while (m->keys[j])
                    j = (j + 1) & (m->cap - 1);
                m->keys[j] = old.keys[i];
                m->vals[j] = old.vals[i];
                m->n++;
            }
        free(old.keys);
        free(old.vals);
    }
    size_t i = hash(key, klen) & (m->cap - 1);
    for (; m->keys[i]; i = (i + 1) & (m->cap - 1))
        if (strlen(m->keys[i]) == klen && memcmp(m->keys[i], key, klen) == 0) {
            m->vals[i] = val;
            return;
        }
    m->keys[i] = ps_xstrndup(key, klen);
    m->vals[i] = val;
    m->n++;
}

void blg_map_clear(blg_map *m)
{
    for (size_t i = 0; i < m->cap; i++) {
        free(m->keys[i]);
        m->keys[i] = NULL;
    }
    m->n = 0;
}

void blg_map_free(blg_map *m)
{
    for (size_t i = 0; i < m->cap; i++)
        free(m->keys[i]);
    free(m->keys);
    free(m->vals);
    memset(m, 0, sizeof *m);
}

/* ------------------------------------------------------------------ duplicate instance names */
size_t blg_dups_add(blg_dups *d, const char *name, size_t len)
{
    if ((d->n + 1) * 2 > d->cap) {   /* grow: re-slot the items (their slot fields follow) */
        free(d->slots);
        d->cap = d->cap ? d->cap * 2 : 64;
        d->slots = ps_xcalloc(d->cap, sizeof *d->slots);
        for (size_t k = 0; k < d->n; k++) {
            size_t j = d->items[k].h & (d->cap - 1);
            while (d->slots[j])
                j = (j + 1) & (d->cap - 1);
            d->slots[j] = k + 1;
            d->items[k].slot = j;
        }
    }
    uint64_t h = hash(name, len);
    size_t j = h & (d->cap - 1);
    for (; d->slots[j]; j = (j + 1) & (d->cap - 1)) {
        blg_dup_item *it = &d->items[d->slots[j] - 1];
        if (it->h == h && it->len == len && memcmp(d->arena.data + it->off, name, len) == 0)
            return it->count++;
    }
    if (d->n == d->capitems) {
        d->capitems = d->capitems ? d->capitems * 2 : 32;
        d->items = ps_xrealloc(d->items, d->capitems * sizeof *d->items);
    }
    blg_dup_item *it = &d->items[d->n];
    it->h = h;
    it->off = d->arena.len;
    it->len = len;
    it->count = 1;
    it->slot = j;
    ps_buf_put(&d->arena, name, len);
    d->slots[j] = ++d->n;
    return 0;
}

void blg_dups_clear(blg_dups *d)
{
    for (size_t k = 0; k < d->n; k++)
        d->slots[d->items[k].slot] = 0;
    d->n = 0;
    ps_buf_reset(&d->arena);
}

void blg_dups_free(blg_dups *d)
{
    free(d->slots);
    free(d->items);
    ps_buf_free(&d->arena);
    memset(d, 0, sizeof *d);
}

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

static void entry_free(blg_entry *e)
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
            int rc = blg_corrupt(s, r->offset, "counter-list entry %zu: length %u outside its record", l->nentries,
                                 len);
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
            entry_free(&e);
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

size_t blg_col_get(blg_log *l, size_t entry, const char *key, const char *instance, const char *counter,
                   uint32_t type)
{
    size_t klen = map_key(&l->keybuf, entry, key);
    size_t c = blg_map_get(&l->colmap, l->keybuf.data, klen);
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
    blg_map_put(&l->colmap, l->keybuf.data, klen, l->ncols);
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
    return (x->seen > y->seen) - (x->seen < y->seen);   /* seen holds the creation order here */
}

void blg_cols_finish(blg_log *l)
{
    for (size_t i = 0; i < l->ncols; i++)
        l->cols[i].seen = (int)i;
    if (l->ncols > 1)
        qsort(l->cols, l->ncols, sizeof *l->cols, col_cmp);
    blg_map_free(&l->colmap);
    ps_buf k = {0};
    for (size_t i = 0; i < l->nentries; i++) {
        l->entries[i].ncols = 0;
        l->entries[i].hint = (size_t)-1;   /* column indices change here */
    }
    for (size_t i = 0; i < l->ncols; i++) {
        blg_col *c = &l->cols[i];
        c->seen = 0;
        blg_entry *e = &l->entries[c->entry];
        if (!e->ncols)
            e->col0 = e->hint = i;
        e->ncols++;
        size_t klen = map_key(&k, c->entry, c->key);
        blg_map_put(&l->colmap, k.data, klen, i);
    }
    ps_buf_free(&k);
}

void blg_log_free(blg_log *l)
{
    for (size_t i = 0; i < l->nentries; i++)
        entry_free(&l->entries[i]);
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
    blg_map_free(&l->colmap);
    ps_buf_free(&l->keybuf);
    ps_buf_free(&l->scratch);
    ps_buf_free(&l->objkey);
    ps_buf_free(&l->namebuf);
    ps_buf_free(&l->instbuf);
    blg_dups_free(&l->dups);
    free(l->values);
    blg_src_close(&l->src);
    memset(l, 0, sizeof *l);
}
