/* runs.c - the records of stored runs (see ps_runs.h): memory only. */
#include "ps_runs.h"

#include <stdlib.h>
#include <string.h>

void ps_store_meta_fini(ps_store_meta *m)
{
    free(m->label);
    for (size_t i = 0; i < m->ntags; i++) {
        free(m->tags[i].key);
        free(m->tags[i].value);
    }
    free(m->tags);
    for (size_t i = 0; i < m->nfiles; i++)
        free(m->files[i].name);
    free(m->files);
    free(m->digest);
    free(m->stored_at);
    free(m->version);
    free(m->profile);
    free(m->thresholds);
    memset(m, 0, sizeof *m);
}

void ps_store_meta_tag(ps_store_meta *m, const char *key, const char *value)
{
    m->tags = ps_xrealloc(m->tags, (m->ntags + 1) * sizeof *m->tags);
    m->tags[m->ntags++] = (ps_store_tag){ps_xstrdup(key), ps_xstrdup(value)};
}

void ps_store_list_free(ps_store_entry *e, size_t n)
{
    for (size_t i = 0; i < n; i++)
        ps_store_meta_fini(&e[i].meta);
    free(e);
}

const char *ps_store_verdict_source(const ps_js_server *s)
{
    return ps_verdict_source_name(s->verdict.source);
}
