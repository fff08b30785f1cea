/* store_load.c - read stored runs back: list, rebuild one as a ps_js_run, remove. Text is
 * sorted here (strcmp), never by the database's collation, so both backends give the same order. */
#include "store_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Tables holding a run's rows (run_id column), for removal. */
static const char *const run_tables[] = {"ps_tag",      "ps_file",     "ps_server", "ps_reason", "ps_threshold",
                                         "ps_log_file", "ps_instance", "ps_figure", "ps_host",   "ps_text",
                                         "ps_point",    "ps_recovery", "ps_event"};

char *ps_store_dup_col(ps_db_stmt *st, int i)
{
    return ps_xstrdup(ps_db_col_text(st, i));
}

static int tag_cmp(const void *a, const void *b)
{
    return strcmp(((const ps_store_tag *)a)->key, ((const ps_store_tag *)b)->key);
}

/* Prepare + run in one call; the caller reads the rows and finalizes. */
int ps_store_query(ps_db *db, const char *sql, const ps_db_val *v, size_t n, ps_db_stmt **st, ps_error *err)
{
    int rc = ps_db_prepare(db, sql, st, err);
    if (!rc)
        rc = ps_db_run(*st, v, n, err);
    return rc;
}

/* Tags and files of run id into m. */
int ps_store_meta_rows(ps_db *db, int64_t id, ps_store_meta *m, ps_error *err)
{
    ps_db_val v = ps_db_int(id);
    ps_db_stmt *st = NULL;
    int rc = ps_store_query(db, "SELECT key, value FROM ps_tag WHERE run_id = ?", &v, 1, &st, err);
    while (!rc && ps_db_next(st))
        ps_store_meta_tag(m, ps_db_col_text(st, 0), ps_db_col_text(st, 1));
    ps_db_finalize(st);
    if (m->ntags)
        qsort(m->tags, m->ntags, sizeof *m->tags, tag_cmp);
    if (!rc)
        rc =
            ps_store_query(db, "SELECT name, size, sha256 FROM ps_file WHERE run_id = ? ORDER BY seq", &v, 1, &st, err);
    while (!rc && ps_db_next(st)) {
        m->files = ps_xrealloc(m->files, (m->nfiles + 1) * sizeof *m->files);
        ps_store_file *f = &m->files[m->nfiles++];
        f->name = ps_store_dup_col(st, 0);
        f->size = (uint64_t)ps_db_col_int(st, 1);
        snprintf(f->sha256, sizeof f->sha256, "%s", ps_db_col_text(st, 2) ? ps_db_col_text(st, 2) : "");
    }
    ps_db_finalize(st);
    return rc;
}

void ps_store_meta_from_row(ps_db_stmt *st, ps_store_meta *m)
{
    m->label = ps_store_dup_col(st, 1);
    m->digest = ps_store_dup_col(st, 2);
    m->stored_at = ps_store_dup_col(st, 3);
    m->version = ps_store_dup_col(st, 4);
    m->profile = ps_store_dup_col(st, 5);
    m->lenient = (int)ps_db_col_int(st, 6);
    m->thresholds = ps_store_dup_col(st, 7);
}

static int entry_cmp(const void *a, const void *b)
{
    return strcmp(((const ps_store_entry *)a)->meta.label, ((const ps_store_entry *)b)->meta.label);
}

int ps_store_list(ps_db *db, const char *const *where, size_t nwhere, ps_store_entry **out, size_t *n, ps_error *err)
{
    *out = NULL;
    *n = 0;
    ps_buf sql = {0};
    ps_buf_puts(&sql, PS_STORE_RUN_COLS);
    ps_db_val *v = ps_xcalloc(2 * nwhere + 1, sizeof *v);
    char **keys = ps_xcalloc(nwhere + 1, sizeof *keys);
    for (size_t i = 0; i < nwhere; i++) {
        const char *eq = strchr(where[i], '=');
        keys[i] = eq ? ps_xstrndup(where[i], (size_t)(eq - where[i])) : ps_xstrdup(where[i]);
        v[2 * i] = ps_db_text(keys[i]);
        v[2 * i + 1] = ps_db_text(eq ? eq + 1 : "");
        ps_buf_printf(&sql, "%s id IN (SELECT run_id FROM ps_tag WHERE key = ? AND value = ?)", i ? " AND" : " WHERE");
    }
    ps_db_stmt *st = NULL;
    int64_t *ids = NULL;
    int rc = ps_store_query(db, sql.data, v, 2 * nwhere, &st, err);
    while (!rc && ps_db_next(st)) {
        *out = ps_xrealloc(*out, (*n + 1) * sizeof **out);
        ids = ps_xrealloc(ids, (*n + 1) * sizeof *ids);
        memset(&(*out)[*n], 0, sizeof **out);
        ids[*n] = ps_db_col_int(st, 0);
        ps_store_meta_from_row(st, &(*out)[(*n)++].meta);
    }
    ps_db_finalize(st);
    ps_buf_fini(&sql);
    for (size_t i = 0; i < nwhere; i++)
        free(keys[i]);
    free(keys);
    free(v);
    for (size_t i = 0; i < *n && !rc; i++) {
        ps_store_entry *e = &(*out)[i];
        ps_db_val id = ps_db_int(ids[i]);
        rc = ps_store_meta_rows(db, ids[i], &e->meta, err);
        if (!rc)
            rc = ps_store_query(db,
                                "SELECT COUNT(*), SUM(CASE WHEN verdict = 'fail' THEN 1 ELSE 0 END),"
                                " SUM(CASE WHEN verdict = 'pass' THEN 1 ELSE 0 END) FROM ps_server WHERE run_id = ?",
                                &id, 1, &st, err);
        if (!rc && ps_db_next(st)) {
            e->nservers = (size_t)ps_db_col_int(st, 0);
            e->result = ps_db_col_int(st, 1)   ? PS_VERDICT_FAIL
                        : ps_db_col_int(st, 2) ? PS_VERDICT_PASS
                                               : PS_VERDICT_UNKNOWN;
        }
        ps_db_finalize(st);
        st = NULL;
    }
    free(ids);
    if (rc) {
        ps_store_list_free(*out, *n);
        *out = NULL;
        *n = 0;
        return rc;
    }
    if (*n)
        qsort(*out, *n, sizeof **out, entry_cmp);
    return PS_OK;
}

int ps_store_remove(ps_db *db, const char *label, int *removed, ps_error *err)
{
    *removed = 0;
    ps_db_val lab = ps_db_text(label);
    int64_t id = 0;
    int rc = ps_db_begin(db, 1, err);
    if (!rc)
        rc = ps_db_query_int(db, "SELECT id FROM ps_run WHERE label = ?", &lab, 1, &id, err);
    for (size_t i = 0; i < sizeof run_tables / sizeof run_tables[0] && !rc && id; i++) {
        char sql[96];
        snprintf(sql, sizeof sql, "DELETE FROM %s WHERE run_id = ?", run_tables[i]);
        ps_db_val v = ps_db_int(id);
        ps_db_stmt *st = NULL;
        if (!(rc = ps_db_prepare(db, sql, &st, err)))
            rc = ps_db_run(st, &v, 1, err);
        ps_db_finalize(st);
    }
    if (!rc && id) {
        ps_db_val v = ps_db_int(id);
        ps_db_stmt *st = NULL;
        if (!(rc = ps_db_prepare(db, "DELETE FROM ps_run WHERE id = ?", &st, err)))
            rc = ps_db_run(st, &v, 1, err);
        ps_db_finalize(st);
    }
    if (rc) {
        ps_db_rollback(db);
        return rc;
    }
    rc = ps_db_commit(db, err);
    *removed = !rc && id;
    return rc;
}
