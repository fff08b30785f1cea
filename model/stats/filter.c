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
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ps_model.h"

struct ps_filter {
    ps_counter_path *pats;
    char **inst; /* whole instance text of each pattern, NULL when it has none */
    size_t n, cap;
};

ps_filter *ps_filter_new(void)
{
    return ps_xcalloc(1, sizeof(ps_filter));
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
    }
    f->inst[f->n] = ps_path_instance_text(&p);
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
    for (size_t i = 0; i < f->n; i++)
        if (match_one(&f->pats[i], f->inst[i], p))
            return 1;
    return 0;
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
    free(f);
}
