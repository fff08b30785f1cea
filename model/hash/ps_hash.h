/* ps_hash.h - the project's one string-keyed hash table and its hash function.
 *
 * A ps_hash maps byte-string keys (with an explicit length, so keys need not be NUL-terminated)
 * to size_t values, typically an index into the caller's own array. It is open addressing with
 * linear probing over a power-of-two slot array, kept at most half full; the hash is 64-bit
 * FNV-1a. Each slot remembers its key's hash, so growing never rehashes a string.
 *
 * Options (ps_hash_init flags):
 *   PS_HASH_NOCASE  keys compare and hash with ASCII letters folded to lower case (bytes >= 0x80
 *                   compare as they are: locale-independent, as PDH compares counter paths);
 *   PS_HASH_BORROW  the table keeps the caller's key pointers instead of copies; the caller
 *                   keeps every key alive and unchanged while it is in the table.
 * A key may be in the table more than once (ps_hash_add); ps_hash_put replaces the value of the
 * first equal key instead. Iteration over equal keys (ps_hash_next) returns them in the order
 * they were added.
 *
 * Memory: every function that grows the table aborts on out-of-memory like the ps_x* helpers;
 * none of them fails otherwise. The table never frees the values (they are plain numbers).
 */
#ifndef PS_HASH_H
#define PS_HASH_H

#include <stddef.h>
#include <stdint.h>

/* A value no lookup returns for a present key: "absent". */
#define PS_HASH_NONE ((size_t)-1)

enum {
    PS_HASH_NOCASE = 1u << 0, /* ASCII case-insensitive keys */
    PS_HASH_BORROW = 1u << 1, /* keys are the caller's, not copied */
};

typedef struct ps_hash_slot {
    const char *key; /* NULL: empty slot; owned by the table unless PS_HASH_BORROW */
    size_t klen;
    uint64_t hash;
    size_t value;
} ps_hash_slot;

typedef struct ps_hash {
    ps_hash_slot *slots;
    size_t cap; /* slots: 0 or a power of two */
    size_t count; /* keys in the table */
    unsigned flags;
} ps_hash;

/* The hash's start value and multiplier. The multiplier is FNV's 64-bit prime; the start value
 * is the published FNV-1a offset basis (14695981039346656037) without its last digit, as the
 * project has always used it: PDF font subset tags derive from it, so it stays for byte-identical
 * outputs. Any such start value spreads keys equally well. */
#define PS_HASH_FNV_BASIS 1469598103934665603ULL
#define PS_HASH_FNV_PRIME 1099511628211ULL

/* 64-bit FNV-1a of n bytes, from PS_HASH_FNV_BASIS. Pure; p may be NULL when n is 0. */
uint64_t ps_hash_fnv1a(const void *p, size_t n);
/* FNV-1a continued from the state h over n more bytes (h = PS_HASH_FNV_BASIS: ps_hash_fnv1a);
 * for hashing data in pieces or from another start value. Pure. */
uint64_t ps_hash_fnv1a_step(uint64_t h, const void *p, size_t n);
/* The same over the bytes with ASCII 'A'..'Z' folded to 'a'..'z' (the PS_HASH_NOCASE hash). */
uint64_t ps_hash_fnv1a_nocase(const void *p, size_t n);

/* An empty table with these PS_HASH_* flags; allocates nothing until the first key. */
void ps_hash_init(ps_hash *h, unsigned flags);
/* Frees the slots and the copied keys (not borrowed ones) and leaves h empty, ready for
 * ps_hash_init again. h itself is the caller's. Safe on a zeroed or already finished table. */
void ps_hash_fini(ps_hash *h);
/* Removes every key (freeing copies) but keeps the slot array for reuse. */
void ps_hash_clear(ps_hash *h);

/* Value of the first key equal to key[0..klen), or PS_HASH_NONE when there is none. */
size_t ps_hash_get(const ps_hash *h, const char *key, size_t klen);
/* Iterates over every key equal to key[0..klen): start with *cursor = 0; each call returns the
 * next such key's value (in the order they were added) and advances *cursor, and returns
 * PS_HASH_NONE at the end. Any ps_hash_add/put/clear invalidates the cursor. */
size_t ps_hash_next(const ps_hash *h, const char *key, size_t klen, size_t *cursor);
/* Adds key[0..klen) -> value even when an equal key is already present (a multimap entry). The
 * key is copied (a NUL is appended) unless the table borrows keys. */
void ps_hash_add(ps_hash *h, const char *key, size_t klen, size_t value);
/* Sets the value of the first key equal to key[0..klen) or adds the key when it is absent.
 * Returns the value it replaced, or PS_HASH_NONE when the key was added. */
size_t ps_hash_put(ps_hash *h, const char *key, size_t klen, size_t value);

#endif
