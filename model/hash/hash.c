/* hash.c - ps_hash: string-keyed open-addressing table (linear probing, FNV-1a); see ps_hash.h. */
#include "ps_hash.h"

#include <stdlib.h>
#include <string.h>

#include "ps_model.h"

#define FIRST_CAP 64 /* slots allocated for the first key */

static unsigned char fold(unsigned char c)
{
    return c >= 'A' && c <= 'Z' ? (unsigned char)(c - 'A' + 'a') : c;
}

uint64_t ps_hash_fnv1a_step(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * PS_HASH_FNV_PRIME;
    return h;
}

uint64_t ps_hash_fnv1a(const void *p, size_t n)
{
    return ps_hash_fnv1a_step(PS_HASH_FNV_BASIS, p, n);
}

uint64_t ps_hash_fnv1a_nocase(const void *p, size_t n)
{
    const unsigned char *b = p;
    uint64_t h = PS_HASH_FNV_BASIS;
    for (size_t i = 0; i < n; i++)
        h = (h ^ fold(b[i])) * PS_HASH_FNV_PRIME;
    return h;
}

static uint64_t key_hash(const ps_hash *h, const char *key, size_t klen)
{
    return (h->flags & PS_HASH_NOCASE) ? ps_hash_fnv1a_nocase(key, klen) : ps_hash_fnv1a(key, klen);
}

static int key_eq(const ps_hash *h, const ps_hash_slot *s, uint64_t hv, const char *key, size_t klen)
{
    if (s->hash != hv || s->klen != klen)
        return 0;
    if (!(h->flags & PS_HASH_NOCASE))
        return memcmp(s->key, key, klen) == 0;
    for (size_t i = 0; i < klen; i++)
        if (fold((unsigned char)s->key[i]) != fold((unsigned char)key[i]))
            return 0;
    return 1;
}

void ps_hash_init(ps_hash *h, unsigned flags)
{
    memset(h, 0, sizeof *h);
    h->flags = flags;
}

static void free_keys(ps_hash *h)
{
    if (h->flags & PS_HASH_BORROW)
        return;
    for (size_t i = 0; i < h->cap; i++)
        free((char *)h->slots[i].key);
}

void ps_hash_fini(ps_hash *h)
{
    free_keys(h);
    free(h->slots);
    unsigned flags = h->flags;
    ps_hash_init(h, flags);
}

void ps_hash_clear(ps_hash *h)
{
    free_keys(h);
    if (h->cap)
        memset(h->slots, 0, h->cap * sizeof *h->slots);
    h->count = 0;
}

/* Doubles the slot array. Old slots are moved starting after an empty one, so that every
 * probe chain is walked from its start and equal keys keep the order they were added in. */
static void grow(ps_hash *h)
{
    size_t ncap = h->cap ? h->cap * 2 : FIRST_CAP;
    ps_hash_slot *ns = ps_xcalloc(ncap, sizeof *ns);
    size_t start = 0;
    while (start < h->cap && h->slots[start].key)
        start++;
    for (size_t k = 0; k < h->cap; k++) {
        const ps_hash_slot *s = &h->slots[(start + 1 + k) & (h->cap - 1)];
        if (!s->key)
            continue;
        size_t i = s->hash & (ncap - 1);
        while (ns[i].key)
            i = (i + 1) & (ncap - 1);
        ns[i] = *s;
    }
    free(h->slots);
    h->slots = ns;
    h->cap = ncap;
}

size_t ps_hash_next(const ps_hash *h, const char *key, size_t klen, size_t *cursor)
{
    if (!h->cap)
        return PS_HASH_NONE;
    uint64_t hv = key_hash(h, key, klen);
    size_t i = *cursor ? (*cursor - 1) : (hv & (h->cap - 1));
    for (; h->slots[i].key; i = (i + 1) & (h->cap - 1))
        if (key_eq(h, &h->slots[i], hv, key, klen)) {
            *cursor = ((i + 1) & (h->cap - 1)) + 1;
            return h->slots[i].value;
        }
    *cursor = i + 1; /* stays at the empty slot: every later call ends here too */
    return PS_HASH_NONE;
}

size_t ps_hash_get(const ps_hash *h, const char *key, size_t klen)
{
    size_t cursor = 0;
    return ps_hash_next(h, key, klen, &cursor);
}

/* Stores a new key in the first empty slot of its chain (the table has room). */
static void insert(ps_hash *h, uint64_t hv, const char *key, size_t klen, size_t value)
{
    size_t i = hv & (h->cap - 1);
    while (h->slots[i].key)
        i = (i + 1) & (h->cap - 1);
    if (h->flags & PS_HASH_BORROW)
        h->slots[i].key = key;
    else {
        char *copy = ps_xmalloc(klen + 1); /* the key may hold NUL bytes: not strndup */
        if (klen)
            memcpy(copy, key, klen);
        copy[klen] = '\0';
        h->slots[i].key = copy;
    }
    h->slots[i].klen = klen;
    h->slots[i].hash = hv;
    h->slots[i].value = value;
    h->count++;
}

void ps_hash_add(ps_hash *h, const char *key, size_t klen, size_t value)
{
    if ((h->count + 1) * 2 > h->cap)
        grow(h);
    insert(h, key_hash(h, key, klen), key, klen, value);
}

size_t ps_hash_put(ps_hash *h, const char *key, size_t klen, size_t value)
{
    if ((h->count + 1) * 2 > h->cap)
        grow(h);
    uint64_t hv = key_hash(h, key, klen);
    for (size_t i = hv & (h->cap - 1); h->slots[i].key; i = (i + 1) & (h->cap - 1))
        if (key_eq(h, &h->slots[i], hv, key, klen)) {
            size_t old = h->slots[i].value;
            h->slots[i].value = value;
            return old;
        }
    insert(h, hv, key, klen, value);
    return PS_HASH_NONE;
}
