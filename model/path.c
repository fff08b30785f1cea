/* path.c - PDH counter paths: "\\machine\object(parent/instance#n)\counter".
 *
 * Grammar (one PCRE2 pattern, compiled once):
 *   optional "\\machine" (machine: no backslash), then "\object" (object: no backslash, no
 *   "("), then an optional "(instance)" that runs from the first "(" after the object to the
 *   last ")" before the final backslash (it may contain anything, backslashes included), then
 *   "\counter": the text after the last backslash (non-empty; may contain ( ) / % : .).
 * The instance splits into parent and instance at its FIRST "/", and a trailing "#digits"
 * is the duplicate index. Control characters (0x00-0x1F, 0x7F) are refused.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "ps_model.h"

static pcre2_code *path_re;

static const char PATH_RE[] = "^(?:\\\\\\\\([^\\\\]+))?" /* \\machine */
                              "\\\\([^\\\\(]+)" /* \object */
                              "(?:\\((.*)\\))?" /* (instance) - greedy: to the last ")" before "\counter" */
                              "\\\\([^\\\\]+)$"; /* \counter */

static pcre2_code *compiled(void)
{
    if (!path_re) {
        int ec;
        PCRE2_SIZE eo;
        path_re = pcre2_compile((PCRE2_SPTR)PATH_RE, PCRE2_ZERO_TERMINATED, PCRE2_DOTALL, &ec, &eo, NULL);
        if (!path_re)
            abort(); /* a bug in the constant above, not an input error */
    }
    return path_re;
}

static char *group(pcre2_match_data *md, const char *text, int g)
{
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
    if ((int)pcre2_get_ovector_count(md) <= g || ov[2 * g] == PCRE2_UNSET)
        return NULL;
    return ps_xstrndup(text + ov[2 * g], ov[2 * g + 1] - ov[2 * g]);
}

/* Split "parent/name#n" in place into the path's parent, instance and index. */
static void split_instance(ps_counter_path *p, char *inst)
{
    p->index = -1;
    char *slash = strchr(inst, '/');
    if (slash) {
        p->parent = ps_xstrndup(inst, (size_t)(slash - inst));
        memmove(inst, slash + 1, strlen(slash + 1) + 1);
    }
    char *hash = strrchr(inst, '#');
    if (hash && hash[1] && hash - inst > 0 && strspn(hash + 1, "0123456789") == strlen(hash + 1) &&
        strlen(hash + 1) <= 9) {
        p->index = atoi(hash + 1);
        *hash = 0;
    }
    p->instance = inst;
}

int ps_path_parse(const char *text, ps_counter_path *out, ps_error *err)
{
    memset(out, 0, sizeof *out);
    out->index = -1;
    for (const unsigned char *c = (const unsigned char *)text; *c; c++)
        if (*c < 0x20 || *c == 0x7F)
            return ps_error_set(err, PS_EINPUT, NULL, 0, (long)(c - (const unsigned char *)text) + 1,
                                "control character 0x%02X in counter path", *c);
    pcre2_code *re = compiled();
    pcre2_match_data *md = pcre2_match_data_create_from_pattern(re, NULL);
    int rc = pcre2_match(re, (PCRE2_SPTR)text, strlen(text), 0, 0, md, NULL);
    if (rc < 0) {
        pcre2_match_data_free(md);
        return ps_error_set(err, PS_EINPUT, NULL, 0, 0,
                            "not a counter path (expected \\\\machine\\object(instance)\\counter): \"%.200s\"", text);
    }
    out->full = ps_xstrdup(text);
    out->machine = group(md, text, 1);
    out->object = group(md, text, 2);
    char *inst = group(md, text, 3);
    out->counter = group(md, text, 4);
    pcre2_match_data_free(md);
    if (inst)
        split_instance(out, inst);
    return PS_OK;
}

void ps_path_copy(ps_counter_path *d, const ps_counter_path *s)
{
    d->full = ps_xstrdup(s->full);
    d->machine = ps_xstrdup(s->machine);
    d->object = ps_xstrdup(s->object);
    d->parent = ps_xstrdup(s->parent);
    d->instance = ps_xstrdup(s->instance);
    d->index = s->index;
    d->counter = ps_xstrdup(s->counter);
}

void ps_path_fini(ps_counter_path *p)
{
    if (!p)
        return;
    free(p->full);
    free(p->machine);
    free(p->object);
    free(p->parent);
    free(p->instance);
    free(p->counter);
    memset(p, 0, sizeof *p);
    p->index = -1;
}
