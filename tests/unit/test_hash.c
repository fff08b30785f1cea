/* Unit tests: model/hash (ps_hash). The hash values were computed in Python (a three-line loop
 * over the bytes with the start value and prime of ps_hash.h, modulo 2^64); the table's answers
 * are checked against the keys and values the test put in. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "ps_hash.h"

Test(hash, fnv1a_vectors)
{
    cr_assert_eq(ps_hash_fnv1a("", 0), 0x14650fb0739d0383ULL);
    cr_assert_eq(ps_hash_fnv1a("a", 1), 0x44bd8ad473cd9906ULL);
    cr_assert_eq(ps_hash_fnv1a("foobar", 6), 0x88fad7c0a8ff07f2ULL);
    cr_assert_eq(ps_hash_fnv1a_step(ps_hash_fnv1a("foo", 3), "bar", 3), 0x88fad7c0a8ff07f2ULL);
    cr_assert_eq(ps_hash_fnv1a_step(PS_HASH_FNV_PRIME, "a", 1), 0x38500000317d6ULL);
    /* folding: only ASCII letters change */
    cr_assert_eq(ps_hash_fnv1a_nocase("FooBar", 6), 0x88fad7c0a8ff07f2ULL);
    cr_assert_neq(ps_hash_fnv1a_nocase("\xC3\x89", 2), ps_hash_fnv1a_nocase("\xC3\xA9", 2));
}

Test(hash, put_get_replace)
{
    ps_hash h;
    ps_hash_init(&h, 0);
    cr_assert_eq(ps_hash_get(&h, "x", 1), PS_HASH_NONE);
    cr_assert_eq(ps_hash_put(&h, "alpha", 5, 1), PS_HASH_NONE);
    cr_assert_eq(ps_hash_put(&h, "beta", 4, 2), PS_HASH_NONE);
    cr_assert_eq(ps_hash_put(&h, "alpha", 5, 7), 1); /* replaced, returns the old value */
    cr_assert_eq(h.count, 2);
    cr_assert_eq(ps_hash_get(&h, "alpha", 5), 7);
    cr_assert_eq(ps_hash_get(&h, "ALPHA", 5), PS_HASH_NONE); /* case-sensitive table */
    cr_assert_eq(ps_hash_get(&h, "alphabet", 5), 7); /* only klen bytes count */
    cr_assert_eq(ps_hash_get(&h, "alp", 3), PS_HASH_NONE);
    ps_hash_clear(&h);
    cr_assert_eq(h.count, 0);
    cr_assert_eq(ps_hash_get(&h, "beta", 4), PS_HASH_NONE);
    ps_hash_fini(&h);
    cr_assert_eq(h.cap, 0);
    ps_hash_fini(&h); /* twice is safe */
}

Test(hash, embedded_nul_and_nocase)
{
    ps_hash h;
    ps_hash_init(&h, PS_HASH_NOCASE);
    ps_hash_add(&h, "A\0b", 3, 10);
    ps_hash_add(&h, "A\0c", 3, 11);
    cr_assert_eq(ps_hash_get(&h, "a\0B", 3), 10);
    cr_assert_eq(ps_hash_get(&h, "a\0C", 3), 11);
    cr_assert_eq(ps_hash_get(&h, "a", 1), PS_HASH_NONE);
    ps_hash_fini(&h);
}

/* Many keys through several growths, each added three times: every key finds its three
 * values in the order they were added, wherever the probe chains wrapped. */
Test(hash, multimap_order_through_growth)
{
    enum { N = 5000, REPS = 3 };
    ps_hash h;
    ps_hash_init(&h, PS_HASH_NOCASE);
    char key[32];
    for (int r = 0; r < REPS; r++)
        for (int i = 0; i < N; i++) {
            int n = snprintf(key, sizeof key, r % 2 ? "KEY-%d" : "key-%d", i);
            ps_hash_add(&h, key, (size_t)n, (size_t)(r * N + i));
        }
    cr_assert_eq(h.count, (size_t)N * REPS);
    cr_assert_leq(h.count * 2, h.cap);
    for (int i = 0; i < N; i++) {
        int n = snprintf(key, sizeof key, "Key-%d", i);
        size_t cursor = 0;
        for (int r = 0; r < REPS; r++)
            cr_assert_eq(ps_hash_next(&h, key, (size_t)n, &cursor), (size_t)(r * N + i), "key %d rep %d", i, r);
        cr_assert_eq(ps_hash_next(&h, key, (size_t)n, &cursor), PS_HASH_NONE);
        cr_assert_eq(ps_hash_next(&h, key, (size_t)n, &cursor), PS_HASH_NONE);
    }
    ps_hash_fini(&h);
}

Test(hash, borrowed_keys)
{
    char a[] = "Processor(_Total)", b[] = "Memory";
    ps_hash h;
    ps_hash_init(&h, PS_HASH_BORROW);
    ps_hash_add(&h, a, strlen(a), 0);
    ps_hash_add(&h, b, strlen(b), 1);
    cr_assert_eq(h.slots[ps_hash_fnv1a(a, strlen(a)) & (h.cap - 1)].key, a); /* no copy */
    cr_assert_eq(ps_hash_get(&h, "Memory", 6), 1);
    ps_hash_fini(&h); /* frees no key */
}
