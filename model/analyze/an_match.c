/* an_match.c - which columns of a log a rule may match, through the one hash table.
 *
 * The columns of the current file are indexed by their English "object NUL counter" (ASCII
 * case-insensitive, as the glob matcher compares). A rule whose object and counter patterns hold
 * no '*' (every pattern of a direct rule; the object and every operand of a derived rule) looks
 * up its keys and tests only the columns found there; a rule with a wildcard object or counter
 * scans the columns once (per file, never per row). The candidates are then tested exactly as
 * before (filter, instance globs), so the matches are the same as testing every column against
 * every rule: a literal glob matches only the names equal to it, which share its key.
 */
#include "an_internal.h"

#include <stdlib.h>
#include <string.h>

struct an_rkey {
    char **keys;
    size_t *lens;
    size_t n;
    int scan; /* a wildcard object or counter: test every column */
};

static void key_of(ps_buf *k, const char *object, const char *counter)
{
    k->len = 0;
    ps_buf_puts(k, object ? object : "");
    ps_buf_putc(k, 0);
    ps_buf_puts(k, counter ? counter : "");
}

static void add_key(struct an_rkey *rk, const char *object, const char *counter)
{
    if (!object || !counter || strchr(object, '*') || strchr(counter, '*')) {
        rk->scan = 1;
        return;
    }
    ps_buf k = {0};
    key_of(&k, object, counter);
    rk->keys = ps_xrealloc(rk->keys, (rk->n + 1) * sizeof *rk->keys);
    rk->lens = ps_xrealloc(rk->lens, (rk->n + 1) * sizeof *rk->lens);
    rk->lens[rk->n] = k.len;
    rk->keys[rk->n++] = ps_buf_steal(&k);
}

/* The keys of every rule, computed once per analysis. */
static void rule_keys(ps_analysis *a)
{
    if (a->rkeys)
        return;
    a->rkeys = ps_xcalloc(a->set->n + 1, sizeof *a->rkeys);
    for (size_t ri = 0; ri < a->set->n; ri++) {
        const ps_an_rule *r = &a->set->rules[ri];
        struct an_rkey *rk = &a->rkeys[ri];
        if (r->expr) {
            size_t n = ps_an_expr_noperands(r->expr);
            for (size_t k = 0; k < n && !rk->scan; k++)
                add_key(rk, r->object, ps_an_expr_operand(r->expr, k));
            rk->scan |= n == 0;
        } else {
            for (size_t i = 0; i < r->ncounters && !rk->scan; i++) {
                ps_counter_path p;
                ps_error e;
                if (ps_path_parse(r->counters[i], &p, &e) != PS_OK) {
                    rk->scan = 1; /* not reached: the filter compiled these patterns */
                    break;
                }
                add_key(rk, p.object, p.counter);
                ps_path_fini(&p);
            }
            rk->scan |= r->ncounters == 0;
        }
    }
}

void ps_an_match_index(ps_analysis *a, const ps_counter_path *en, size_t ncols)
{
    rule_keys(a);
    if (!a->colix_init) {
        ps_hash_init(&a->colix, PS_HASH_NOCASE);
        a->colix_init = 1;
    }
    ps_hash_clear(&a->colix);
    /* key -> bucket; a bucket's columns chained in column order (head, tail; next per column) */
    a->bhead = ps_xrealloc(a->bhead, (ncols + 1) * sizeof *a->bhead);
    a->btail = ps_xrealloc(a->btail, (ncols + 1) * sizeof *a->btail);
    a->cnext = ps_xrealloc(a->cnext, (ncols + 1) * sizeof *a->cnext);
    size_t nb = 0;
    ps_buf k = {0};
    for (size_t c = 0; c < ncols; c++) {
        key_of(&k, en[c].object, en[c].counter);
        size_t b = ps_hash_get(&a->colix, k.data, k.len);
        a->cnext[c] = SIZE_MAX;
        if (b == PS_HASH_NONE) {
            ps_hash_put(&a->colix, k.data, k.len, b = nb++);
            a->bhead[b] = c;
        } else {
            a->cnext[a->btail[b]] = c;
        }
        a->btail[b] = c;
    }
    ps_buf_fini(&k);
}

static int cmp_size(const void *x, const void *y)
{
    size_t p = *(const size_t *)x, q = *(const size_t *)y;
    return p < q ? -1 : p > q;
}

size_t ps_an_match_candidates(ps_analysis *a, size_t rule, size_t **out)
{
    const struct an_rkey *rk = &a->rkeys[rule];
    if (rk->scan)
        return SIZE_MAX;
    size_t n = 0;
    for (size_t i = 0; i < rk->n; i++) {
        size_t b = ps_hash_get(&a->colix, rk->keys[i], rk->lens[i]);
        for (size_t c = b == PS_HASH_NONE ? SIZE_MAX : a->bhead[b]; c != SIZE_MAX; c = a->cnext[c]) {
            if (n == a->cand_cap) {
                a->cand_cap = a->cand_cap ? a->cand_cap * 2 : 64;
                a->cand = ps_xrealloc(a->cand, a->cand_cap * sizeof *a->cand);
            }
            a->cand[n++] = c;
        }
    }
    if (rk->n > 1 && n > 1) { /* several keys: column order, each column once */
        qsort(a->cand, n, sizeof *a->cand, cmp_size);
        size_t m = 1;
        for (size_t i = 1; i < n; i++)
            if (a->cand[i] != a->cand[m - 1])
                a->cand[m++] = a->cand[i];
        n = m;
    }
    *out = a->cand;
    return n;
}

size_t ps_an_scan_rules(const ps_an_ruleset *set)
{
    ps_analysis tmp = {.set = set};
    rule_keys(&tmp);
    size_t n = 0;
    for (size_t ri = 0; ri < set->n; ri++)
        n += tmp.rkeys[ri].scan != 0;
    ps_an_match_free(&tmp);
    return n;
}

void ps_an_match_free(ps_analysis *a)
{
    for (size_t ri = 0; a->rkeys && ri < a->set->n; ri++) {
        for (size_t i = 0; i < a->rkeys[ri].n; i++)
            free(a->rkeys[ri].keys[i]);
        free(a->rkeys[ri].keys);
        free(a->rkeys[ri].lens);
    }
    free(a->rkeys);
    a->rkeys = NULL;
    if (a->colix_init)
        ps_hash_fini(&a->colix);
    a->colix_init = 0;
    free(a->cand);
    free(a->bhead);
    free(a->btail);
    free(a->cnext);
    a->cand = a->bhead = a->btail = a->cnext = NULL;
    a->cand_cap = 0;
}
