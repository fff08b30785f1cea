/* filter.c - relog-style counter filters (-c PATH; the -cf FILE reader is io/filter_file.c).
 *
 * A pattern is a counter path whose parts may contain '*' (any run, also empty). Matching is
 * per part and ASCII case-insensitive:
 *   machine : a pattern without "\\machine" matches every machine (and paths without one);
 *             "\\*" as well; any other machine pattern needs a path with a matching machine.
 *   object  : glob on the object name.
 *   instance: a pattern without "(...)" matches only paths without an instance; "(*)" matches
 *             every path that has one (parent and #index included); otherwise the glob is
 *             matched against the whole instance text "parent/instance#n".
 *   counter : glob on the counter name.
 *
 * Exact patterns (no '*' in the object, the counter and the instance; the machine absent, "*" or
 * without '*') are keys of one hash table (the project's ps_hash, ASCII case-insensitive like the
 * glob): a path is looked up under its machine and under "any machine", so a filter of N exact
 * patterns costs two lookups per column, not N glob matches. A pattern with a wildcard is
 * globbed only against the columns of its object (patterns by object name in a second table),
 * unless the object itself holds the wildcard.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ps_model.h"

struct ps_filter {
    ps_counter_path *pats;
    char **inst; /* whole instance text of each pattern, NULL when it has none */
    size_t n, cap;
    size_t *glob; /* the patterns with a wildcard in the object (indexes in pats) */
    size_t nglob;
    ps_hash keys; /* key_of of every exact pattern -> its index */
    ps_hash by_object; /* the other wildcard patterns: object -> index (a multimap) */
};

/* Key separators: bytes no counter path part holds. */
#define KEY_ANY_MACHINE '\x1c'
#define KEY_MACHINE '\x1d'
#define KEY_SEP '\x1f'
#define KEY_NO_INSTANCE '\x1e'

/* The table key of machine (NULL: any machine), object, instance text (NULL: none), counter. */
static void key_of(ps_buf *k, const char *machine, const char *object, const char *inst, const char *counter)
{
    k->len = 0;
    ps_buf_putc(k, machine ? KEY_MACHINE : KEY_ANY_MACHINE);
    if (machine)
        ps_buf_puts(k, machine);
    ps_buf_putc(k, KEY_SEP);
    ps_buf_puts(k, object ? object : "");
    ps_buf_putc(k, KEY_SEP);
    if (inst) {
        ps_buf_putc(k, '(');
        ps_buf_puts(k, inst);
    } else
        ps_buf_putc(k, KEY_NO_INSTANCE);
    ps_buf_putc(k, KEY_SEP);
    ps_buf_puts(k, counter ? counter : "");
}

static int has_star(const char *s)
{
    return s && strchr(s, '*') != NULL;
}

ps_filter *ps_filter_new(void)
{
    ps_filter *f = ps_xcalloc(1, sizeof(ps_filter));
    ps_hash_init(&f->keys, PS_HASH_NOCASE);
    ps_hash_init(&f->by_object, PS_HASH_NOCASE);
    return f;
}

size_t ps_filter_count(const ps_filter *f)
{
    return f ? f->n : 0;
}

char *ps_path_instance_text(const ps_counter_path *p)
{
    if (!p->instance)
        return NULL;
    ps_buf b = {0};
    if (p->parent) {
        ps_buf_puts(&b, p->parent);
        ps_buf_putc(&b, '/');
    }
    ps_buf_puts(&b, p->instance);
    if (p->index >= 0)
        ps_buf_printf(&b, "#%d", p->index);
    return ps_buf_steal(&b);
}

int ps_filter_add(ps_filter *f, const char *pattern, ps_error *err)
{
    ps_counter_path p;
    ps_error e;
    if (ps_path_parse(pattern, &p, &e) != PS_OK)
        return ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "bad counter filter \"%.200s\": %s", pattern, e.msg);
    if (f->n == f->cap) {
        f->cap = f->cap ? f->cap * 2 : 8;
        f->pats = ps_xrealloc(f->pats, f->cap * sizeof *f->pats);
        f->inst = ps_xrealloc(f->inst, f->cap * sizeof *f->inst);
        f->glob = ps_xrealloc(f->glob, f->cap * sizeof *f->glob);
    }
    char *inst = ps_path_instance_text(&p);
    int any = !p.machine || strcmp(p.machine, "*") == 0;
    int exact = !has_star(p.object) && !has_star(p.counter) && !has_star(inst) && (any || !has_star(p.machine));
    if (exact) {
        ps_buf k = {0};
        key_of(&k, any ? NULL : p.machine, p.object, inst, p.counter);
        ps_hash_add(&f->keys, k.data, k.len, f->n);
        ps_buf_fini(&k);
    } else if (!has_star(p.object))
        ps_hash_add(&f->by_object, p.object, strlen(p.object), f->n);
    else
        f->glob[f->nglob++] = f->n;
    f->inst[f->n] = inst;
    f->pats[f->n++] = p;
    return PS_OK;
}

int ps_glob_match(const char *pat, const char *s)
{
    const char *star = NULL, *mark = NULL;
    if (!s)
        s = "";
    while (*s) {
        if (*pat == '*') {
            star = pat++;
            mark = s;
        } else if (*pat && tolower((unsigned char)*pat) == tolower((unsigned char)*s)) {
            pat++;
            s++;
        } else if (star) {
            pat = star + 1;
            s = ++mark;
        } else {
            return 0;
        }
    }
    while (*pat == '*')
        pat++;
    return *pat == 0;
}

static int match_one(const ps_counter_path *pat, const char *pinst, const ps_counter_path *p)
{
    if (pat->machine && strcmp(pat->machine, "*") != 0 && !(p->machine && ps_glob_match(pat->machine, p->machine)))
        return 0;
    if (!ps_glob_match(pat->object, p->object) || !ps_glob_match(pat->counter, p->counter))
        return 0;
    if (!pinst)
        return p->instance == NULL;
    if (!p->instance)
        return 0;
    if (strcmp(pinst, "*") == 0)
        return 1;
    char *inst = ps_path_instance_text(p);
    int ok = ps_glob_match(pinst, inst);
    free(inst);
    return ok;
}

int ps_filter_match(const ps_filter *f, const ps_counter_path *p)
{
    if (!f || f->n == 0)
        return 1;
    if (f->keys.count) {
        char *inst = ps_path_instance_text(p);
        ps_buf k = {0};
        key_of(&k, NULL, p->object, inst, p->counter);
        int hit = ps_hash_get(&f->keys, k.data, k.len) != PS_HASH_NONE;
        if (!hit && p->machine) {
            key_of(&k, p->machine, p->object, inst, p->counter);
            hit = ps_hash_get(&f->keys, k.data, k.len) != PS_HASH_NONE;
        }
        ps_buf_fini(&k);
        free(inst);
        if (hit)
            return 1;
    }
    size_t cursor = 0, i;
    while (f->by_object.count && p->object &&
           (i = ps_hash_next(&f->by_object, p->object, strlen(p->object), &cursor)) != PS_HASH_NONE)
        if (match_one(&f->pats[i], f->inst[i], p))
            return 1;
    for (i = 0; i < f->nglob; i++)
        if (match_one(&f->pats[f->glob[i]], f->inst[f->glob[i]], p))
            return 1;
    return 0;
}

int ps_filter_match_each(const ps_filter *f, const ps_counter_path *p)
{
    if (!f || f->n == 0)
        return 1;
    for (size_t i = 0; i < f->n; i++)
        if (match_one(&f->pats[i], f->inst[i], p))
            return 1;
    return 0;
}

size_t ps_filter_exact_count(const ps_filter *f)
{
    return f ? f->n - f->nglob - f->by_object.count : 0;
}

void ps_filter_free(ps_filter *f)
{
    if (!f)
        return;
    for (size_t i = 0; i < f->n; i++) {
        ps_path_fini(&f->pats[i]);
        free(f->inst[i]);
    }
    free(f->pats);
    free(f->inst);
    free(f->glob);
    ps_hash_fini(&f->keys);
    ps_hash_fini(&f->by_object);
    free(f);
}
