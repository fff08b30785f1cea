/* an_names.c - localized object and counter names to English (binary search in the table). */
#include "an_names.h"
#include "ps_analyze.h"

#include <stdlib.h>
#include <string.h>

/* strcmp of the ASCII-folded bytes of a against the (already folded) key b. */
static int cmp_folded(const char *a, const char *b)
{
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    for (;; x++, y++) {
        unsigned cx = *x >= 'A' && *x <= 'Z' ? *x + 32u : *x;
        if (cx != *y || !cx)
            return (int)cx - (int)*y;
    }
}

static const char *find_object(const ps_an_name_object *t, size_t n, const char *name)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = cmp_folded(name, t[mid].key);
        if (c == 0)
            return t[mid].english;
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

static const char *find_counter(const ps_an_name_counter *t, size_t n, const char *object_en, const char *name)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = cmp_folded(object_en, t[mid].object);
        if (c == 0)
            c = cmp_folded(name, t[mid].key);
        if (c == 0)
            return t[mid].english;
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

/* The generated table first, then the hand-written Russian one (an_names_ru.c). */
const char *ps_an_english_object(const char *name)
{
    if (!name)
        return NULL;
    const char *e = find_object(ps_an_name_objects, ps_an_name_nobjects, name);
    return e ? e : find_object(ps_an_name_ru_objects, ps_an_name_ru_nobjects, name);
}

const char *ps_an_english_counter(const char *object_en, const char *name)
{
    if (!object_en || !name)
        return NULL;
    const char *e = find_counter(ps_an_name_counters, ps_an_name_ncounters, object_en, name);
    return e ? e : find_counter(ps_an_name_ru_counters, ps_an_name_ru_ncounters, object_en, name);
}

void ps_an_path_english(const ps_counter_path *p, ps_counter_path *out)
{
    ps_path_copy(out, p);
    const char *obj = ps_an_english_object(p->object);
    if (obj) {
        free(out->object);
        out->object = ps_xstrdup(obj);
    }
    const char *cnt = ps_an_english_counter(out->object, p->counter);
    if (cnt) {
        free(out->counter);
        out->counter = ps_xstrdup(cnt);
    }
}
