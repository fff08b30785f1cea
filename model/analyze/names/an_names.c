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

const char *ps_an_english_object(const char *name)
{
    if (!name)
        return NULL;
    size_t lo = 0, hi = ps_an_name_nobjects;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = cmp_folded(name, ps_an_name_objects[mid].key);
        if (c == 0)
            return ps_an_name_objects[mid].english;
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

const char *ps_an_english_counter(const char *object_en, const char *name)
{
    if (!object_en || !name)
        return NULL;
    size_t lo = 0, hi = ps_an_name_ncounters;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = cmp_folded(object_en, ps_an_name_counters[mid].object);
        if (c == 0)
            c = cmp_folded(name, ps_an_name_counters[mid].key);
        if (c == 0)
            return ps_an_name_counters[mid].english;
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

void ps_an_path_english(const ps_counter_path *p, ps_counter_path *out)
{
    const char *obj = ps_an_english_object(p->object);
    const char *object_en = obj ? obj : p->object;
    const char *cnt = ps_an_english_counter(object_en, p->counter);
    out->full = ps_xstrdup(p->full);
    out->machine = ps_xstrdup(p->machine);
    out->object = ps_xstrdup(object_en);
    out->parent = ps_xstrdup(p->parent);
    out->instance = ps_xstrdup(p->instance);
    out->index = p->index;
    out->counter = ps_xstrdup(cnt ? cnt : p->counter);
}
