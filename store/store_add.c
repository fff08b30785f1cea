/* store_add.c - write one judged Jetstress run into the store (one transaction). */
#include "store_internal.h"
#include "ps_io.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int file_cmp(const void *a, const void *b)
{
    return strcmp(((const ps_store_file *)a)->name, ((const ps_store_file *)b)->name);
}

static void note_file(const char ***names, size_t *n, const char *name)
{
    if (!name)
        return;
    for (size_t i = 0; i < *n; i++)
        if (strcmp((*names)[i], name) == 0)
            return;
    *names = ps_xrealloc(*names, (*n + 1) * sizeof **names);
    (*names)[(*n)++] = name;
}

int ps_store_meta_files(ps_store_meta *m, const ps_js_run *run, const char *const *extra, size_t nextra, ps_error *err)
{
    const char **names = NULL;
    size_t n = 0;
    for (size_t i = 0; i < run->nservers; i++) {
        const ps_js_server *s = &run->servers[i];
        note_file(&names, &n, s->report ? s->report->source : NULL);
        note_file(&names, &n, s->config ? s->config->source : NULL);
        for (size_t k = 0; k < s->nlogs; k++)
            note_file(&names, &n, s->logs[k]);
    }
    for (size_t i = 0; i < nextra; i++)
        note_file(&names, &n, extra[i]);
    m->files = ps_xcalloc(n + 1, sizeof *m->files);
    int rc = PS_OK;
    for (size_t i = 0; i < n && !rc; i++) {
        m->files[i].name = ps_xstrdup(names[i]);
        m->nfiles = i + 1;
        rc = ps_sha256_file(names[i], m->files[i].sha256, &m->files[i].size, err);
    }
    free(names);
    if (rc)
        return rc;
    qsort(m->files, m->nfiles, sizeof *m->files, file_cmp);
    ps_sha256 h;
    ps_sha256_init(&h);
    for (size_t i = 0; i < m->nfiles; i++) {
        ps_sha256_update(&h, m->files[i].sha256, 64);
        const char *base = strrchr(m->files[i].name, '/'); /* the same files from another folder: same run */
        base = base ? base + 1 : m->files[i].name;
        ps_sha256_update(&h, base, strlen(base) + 1);
    }
    const char *opts[] = {m->profile ? m->profile : "", m->lenient ? "lenient" : "",
                          m->thresholds ? m->thresholds : ""};
    for (size_t i = 0; i < 3; i++)
        ps_sha256_update(&h, opts[i], strlen(opts[i]) + 1);
    char hex[65];
    ps_sha256_final(&h, hex);
    free(m->digest);
    m->digest = ps_xstrdup(hex);
    return PS_OK;
}

/* Writer state: the prepared statements of one transaction. */
typedef struct writer {
    ps_db *db;
    int64_t run;
    ps_db_stmt *fig, *text;
    ps_error *err;
    ps_verdict_words_fn reason_words; /* the reasons' words (ps_store_add_options) */
    ps_qual_words_fn qual_words;
} writer;

/* The stored words of a verdict reason (caller frees). */
static char *reason_text(const writer *w, const ps_verdict_reason *r)
{
    if (w->reason_words)
        return w->reason_words(r);
    return ps_xstrdup(r->kind == PS_VR_TEXT && r->text ? r->text : "");
}

static int put(ps_db *db, const char *sql, const ps_db_val *v, size_t n, ps_error *err)
{
    ps_db_stmt *st = NULL;
    int rc = ps_db_prepare(db, sql, &st, err);
    if (!rc)
        rc = ps_db_run(st, v, n, err);
    ps_db_finalize(st);
    return rc;
}

static int put_fig(writer *w, long server, long inst, const char *src, const char *key, double v)
{
    if (isnan(v))
        return PS_OK;
    ps_db_val a[] = {ps_db_int(w->run), ps_db_int(server), ps_db_int(inst),
                     ps_db_text(src),   ps_db_text(key),   ps_db_real(v)};
    return ps_db_run(w->fig, a, 6, w->err);
}

static int put_fields(writer *w, long server, const char *src, const ps_store_field *f, const void *obj)
{
    int rc = PS_OK;
    for (; f->key && !rc; f++)
        rc = put_fig(w, server, PS_STORE_SERVER, src, f->key, *(const double *)((const char *)obj + f->off));
    return rc;
}

static int put_text(writer *w, long server, const char *key, const char *value)
{
    if (!value)
        return PS_OK;
    ps_db_val a[] = {ps_db_int(w->run), ps_db_int(server), ps_db_text(key), ps_db_text(value)};
    return ps_db_run(w->text, a, 4, w->err);
}

static int put_texts(writer *w, long server, const char *prefix, const ps_store_field *f, const void *obj)
{
    int rc = PS_OK;
    char key[96];
    for (; f->key && !rc; f++) {
        snprintf(key, sizeof key, "%s.%s", prefix, f->key);
        rc = put_text(w, server, key, *(char *const *)((const char *)obj + f->off));
    }
    return rc;
}

static int put_figures(writer *w, long server, long inst, const char *src, const ps_js_figures *f)
{
    int rc = PS_OK;
    char key[96];
    for (int k = 0; k < PS_STORE_NFIG && !rc; k++)
        rc = put_fig(w, server, inst, src, ps_store_fig_key(k, key, sizeof key),
                     *ps_store_fig_slot((ps_js_figures *)f, k));
    return rc;
}

/* Where the verdict came from, as the judge decided it (ps_verdict_source_name). */
static int put_threshold(writer *w, long server, const char *name, const ps_js_threshold_set *t)
{
    ps_db_val a[] = {ps_db_int(w->run),
                     ps_db_int(server),
                     ps_db_text(name),
                     ps_db_real(t->avg_db_read_ms),
                     ps_db_real(t->max_db_read_ms),
                     ps_db_real(t->avg_log_write_ms),
                     ps_db_real(t->max_log_write_ms)};
    return put(w->db,
               "INSERT INTO ps_threshold (run_id, server_idx, set_name, avg_db_read_ms, max_db_read_ms,"
               " avg_log_write_ms, max_log_write_ms) VALUES (?, ?, ?, ?, ?, ?, ?)",
               a, 7, w->err);
}

/* The latency set of the verdict's profile ("jetstress-2013/strict ...") and of the config. */
static int put_thresholds(writer *w, long server, const ps_js_server *s)
{
    int rc = PS_OK;
    const char *p = s->verdict.profile;
    if (p) {
        size_t len = strcspn(p, "/ ");
        char *base = ps_xstrndup(p, len);
        ps_js_threshold_set set;
        if (ps_js_profile_set(base, strstr(p, "/lenient") != NULL, &set) == 0)
            rc = put_threshold(w, server, "profile", &set);
        free(base);
    }
    if (!rc && s->config && s->config->has_strict)
        rc = put_threshold(w, server, "config/strict", &s->config->strict);
    if (!rc && s->config && s->config->has_lenient)
        rc = put_threshold(w, server, "config/lenient", &s->config->lenient);
    return rc;
}

static int put_series(writer *w, long server, const char *kind, const ps_series *ser, size_t n)
{
    static const char *const cols[] = {"run_id", "server_idx", "instance_idx", "kind", "seq", "t", "v"};
    ps_db_copy *c = NULL;
    char key[64];
    int rc = PS_OK;
    for (size_t i = 0; i < n && !rc; i++) { /* before the bulk load: nothing else runs during COPY */
        snprintf(key, sizeof key, "series.%s.%zu", kind, i);
        rc = put_text(w, server, key, ser[i].label ? ser[i].label : "");
    }
    if (!rc)
        rc = ps_db_copy_begin(w->db, "ps_point", cols, 7, &c, w->err);
    ps_series thin = {0};
    for (size_t i = 0; i < n && !rc; i++) {
        ps_series_thin(&ser[i], PS_STORE_SERIES_BUCKETS, &thin);
        for (size_t k = 0; k < thin.n && !rc; k++) {
            ps_db_val a[] = {ps_db_int(w->run),     ps_db_int(server),    ps_db_int((int64_t)i), ps_db_text(kind),
                             ps_db_int((int64_t)k), ps_db_int(thin.t[k]), ps_db_real(thin.v[k])};
            rc = ps_db_copy_row(c, a, w->err);
        }
    }
    ps_series_fini(&thin);
    if (rc) {
        ps_db_copy_abort(c);
        return rc;
    }
    return ps_db_copy_end(c, w->err);
}

static int put_instance(writer *w, long server, const ps_js_server *s, size_t i)
{
    const ps_js_instance *in = &s->instances[i];
    ps_db_val a[] = {ps_db_int(w->run),
                     ps_db_int(server),
                     ps_db_int((int64_t)i),
                     ps_db_text(in->name),
                     ps_db_text(in->log_path),
                     ps_db_text(in->db_path),
                     ps_db_int((int64_t)in->samples),
                     ps_db_int(in->has_computed),
                     ps_db_int(in->has_reported)};
    int rc = put(w->db,
                 "INSERT INTO ps_instance (run_id, server_idx, idx, name, log_path, db_path, samples,"
                 " has_computed, has_reported) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                 a, 9, w->err);
    if (!rc && in->has_computed)
        rc = put_figures(w, server, (long)i, PS_SRC_RECOMPUTED, &in->computed);
    if (!rc && in->has_reported)
        rc = put_figures(w, server, (long)i, PS_SRC_REPORTED, &in->reported);
    const ps_js_inst_acc *acc = s->stats && i < s->stats->ninst ? &s->stats->inst[i] : NULL;
    for (int k = 0; k < 4 && !rc && acc && in->has_computed; k++) {
        int c = ps_store_weighted_cols[k];
        rc = put_fig(w, server, (long)i, PS_SRC_WEIGHTED, ps_io12_key(c),
                     acc->wrate[c] > 0 ? acc->wsum[c] / acc->wrate[c] : NAN);
    }
    return rc;
}

static int put_server(writer *w, long idx, const ps_js_server *s)
{
    ps_db_val a[] = {ps_db_int(w->run),
                     ps_db_int(idx),
                     ps_db_text(s->machine),
                     ps_db_text(ps_test_type_name(s->test_type)),
                     ps_db_text(s->jetstress_version),
                     s->window_start == PS_TIME_NONE ? ps_db_text(NULL) : ps_db_int(s->window_start),
                     s->window_end == PS_TIME_NONE ? ps_db_text(NULL) : ps_db_int(s->window_end),
                     ps_db_int((int64_t)s->window_samples),
                     s->has_local_minus_utc ? ps_db_int(s->local_minus_utc) : ps_db_text(NULL),
                     ps_db_text(ps_store_verdict_word(s->verdict.result)),
                     ps_db_text(s->verdict.profile),
                     ps_db_text(ps_store_verdict_source(s)),
                     ps_db_int(s->report != NULL),
                     ps_db_int(s->config != NULL),
                     ps_db_int(s->verdict.disagree != 0)};
    int rc = put(w->db,
                 "INSERT INTO ps_server (run_id, idx, machine, test_type, jetstress_version, window_start,"
                 " window_end, window_samples, local_minus_utc, verdict, verdict_profile, verdict_source,"
                 " has_report, has_config, verdict_disagree) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                 a, 15, w->err);
    for (size_t k = 0; k < s->verdict.nreasons && !rc; k++) {
        char *t = reason_text(w, &s->verdict.reasons[k]);
        ps_db_val r[] = {ps_db_int(w->run), ps_db_int(idx), ps_db_int((int64_t)k), ps_db_text(t)};
        rc = put(w->db, "INSERT INTO ps_reason (run_id, server_idx, seq, text) VALUES (?, ?, ?, ?)", r, 4, w->err);
        free(t);
    }
    for (size_t k = 0; k < s->nlogs && !rc; k++) {
        ps_db_val r[] = {ps_db_int(w->run), ps_db_int(idx), ps_db_int((int64_t)k), ps_db_text(s->logs[k])};
        rc = put(w->db, "INSERT INTO ps_log_file (run_id, server_idx, seq, path) VALUES (?, ?, ?, ?)", r, 4, w->err);
    }
    for (size_t k = 0; k < s->nhost && !rc; k++) {
        ps_db_val r[] = {ps_db_int(w->run),          ps_db_int(idx),
                         ps_db_int((int64_t)k),      ps_db_text(s->host[k].counter),
                         ps_db_real(s->host[k].avg), ps_db_real(s->host[k].min),
                         ps_db_real(s->host[k].max)};
        rc = put(w->db,
                 "INSERT INTO ps_host (run_id, server_idx, seq, counter, avg, min, max)"
                 " VALUES (?, ?, ?, ?, ?, ?, ?)",
                 r, 7, w->err);
    }
    if (!rc)
        rc = put_thresholds(w, idx, s);
    for (size_t i = 0; i < s->ninstances && !rc; i++)
        rc = put_instance(w, idx, s, i);
    if (!rc)
        rc = put_fields(w, idx, PS_SRC_SUMMARY, ps_store_summary_fields, &s->summary);
    /* ESRP qualification (issue 28): "qualification" = pass / fail / unknown, and per criterion
     * "qualification.<criterion>" = "<met>: <its sentence>" (ps_js_qualify_server) */
    for (size_t k = 0; !rc && s->qualification.assessed && k <= s->qualification.nreasons; k++) {
        static const char *const met[] = {"unknown", "fail", "pass"}; /* index result + 1 */
        const ps_qual_reason *q = k ? &s->qualification.reasons[k - 1] : NULL;
        char key[64];
        ps_buf v = {0};
        snprintf(key, sizeof key, "qualification%s%s", q ? "." : "", q ? ps_qual_criterion_name(q->criterion) : "");
        char *t = q && w->qual_words ? w->qual_words(q) : NULL;
        ps_buf_printf(&v, "%s%s%s", met[(q ? q->met : s->qualification.result) + 1], q ? ": " : "", t ? t : "");
        free(t);
        rc = put_text(w, idx, key, v.data);
        ps_buf_fini(&v);
    }
    if (!rc && s->config) {
        rc = put_fields(w, idx, PS_SRC_CONFIG, ps_store_config_fields, s->config);
        if (!rc)
            rc = put_texts(w, idx, "config", ps_store_config_texts, s->config);
    }
    if (!rc && s->report) {
        const ps_js_report *r = s->report;
        rc = put_fields(w, idx, PS_SRC_REPORT, ps_store_report_fields, r);
        if (!rc)
            rc = put_texts(w, idx, "report", ps_store_report_texts, r);
        for (size_t k = 0; k < r->nperf_logs && !rc; k++) { /* "perf_log.<k>": the logs the report names */
            char key[40];
            snprintf(key, sizeof key, "perf_log.%zu", k);
            rc = put_text(w, idx, key, r->perf_logs[k]);
        }
        for (const ps_store_field *f = ps_store_report_ints; f->key && !rc; f++)
            rc = put_fig(w, idx, PS_STORE_SERVER, PS_SRC_REPORT, f->key, *(const int *)((const char *)r + f->off));
        for (const ps_store_field *f = ps_store_report_times; f->key && !rc; f++) {
            ps_time t = *(const ps_time *)((const char *)r + f->off);
            rc = put_fig(w, idx, PS_STORE_SERVER, PS_SRC_REPORT, f->key, t == PS_TIME_NONE ? NAN : (double)t);
        }
        if (!rc)
            rc = ps_store_put_testlog(w->db, w->run, idx, r, w->err);
    }
    if (!rc && s->nseries && s->series_iops)
        rc = put_series(w, idx, PS_KIND_IOPS, s->series_iops, s->nseries);
    if (!rc && s->nseries && s->series_read_lat)
        rc = put_series(w, idx, PS_KIND_READ_LAT, s->series_read_lat, s->nseries);
    return rc;
}

static int put_meta(writer *w, const ps_store_meta *m)
{
    ps_db_val a[] = {ps_db_int(w->run),      ps_db_text(m->label),   ps_db_text(m->digest), ps_db_text(m->stored_at),
                     ps_db_text(m->version), ps_db_text(m->profile), ps_db_int(m->lenient), ps_db_text(m->thresholds)};
    int rc = put(w->db,
                 "INSERT INTO ps_run (id, label, digest, stored_at, version, profile, lenient, thresholds)"
                 " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                 a, 8, w->err);
    for (size_t i = 0; i < m->ntags && !rc; i++) {
        ps_db_val t[] = {ps_db_int(w->run), ps_db_text(m->tags[i].key), ps_db_text(m->tags[i].value)};
        rc = put(w->db, "INSERT INTO ps_tag (run_id, key, value) VALUES (?, ?, ?)", t, 3, w->err);
    }
    for (size_t i = 0; i < m->nfiles && !rc; i++) {
        ps_db_val f[] = {ps_db_int(w->run), ps_db_int((int64_t)i), ps_db_text(m->files[i].name),
                         ps_db_int((int64_t)m->files[i].size), ps_db_text(m->files[i].sha256)};
        rc = put(w->db, "INSERT INTO ps_file (run_id, seq, name, size, sha256) VALUES (?, ?, ?, ?, ?)", f, 5, w->err);
    }
    return rc;
}

/* Label of the run stored with digest, or NULL. */
static int find_digest(ps_db *db, const char *digest, char **label, ps_error *err)
{
    ps_db_stmt *st = NULL;
    ps_db_val d = ps_db_text(digest);
    *label = NULL;
    int rc = ps_db_prepare(db, "SELECT label FROM ps_run WHERE digest = ?", &st, err);
    if (!rc)
        rc = ps_db_run(st, &d, 1, err);
    if (!rc && ps_db_next(st))
        *label = ps_xstrdup(ps_db_col_text(st, 0));
    ps_db_finalize(st);
    return rc;
}

int ps_store_add(ps_db *db, const ps_store_meta *m, const ps_js_run *run, const ps_store_add_options *opt, int *added,
                 char **existing, ps_error *err)
{
    *added = 0;
    *existing = NULL;
    int rc = ps_db_begin(db, 1, err);
    if (rc)
        return rc;
    int64_t have = 0;
    ps_db_val lab = ps_db_text(m->label);
    rc = find_digest(db, m->digest, existing, err);
    if (!rc && *existing) {
        ps_db_rollback(db);
        return PS_OK;
    }
    if (!rc)
        rc = ps_db_query_int(db, "SELECT COUNT(*) FROM ps_run WHERE label = ?", &lab, 1, &have, err);
    if (!rc && have)
        rc = ps_error_set(err, PS_EUSAGE, ps_db_name(db), 0, 0,
                          "label '%s' already holds other inputs (store rm it first, or choose another label)",
                          m->label);
    writer w = {db, 0, NULL, NULL, err, opt ? opt->reason_words : NULL, opt ? opt->qual_words : NULL};
    if (!rc)
        rc = ps_db_query_int(db, "SELECT COALESCE(MAX(id), 0) + 1 FROM ps_run", NULL, 0, &w.run, err);
    if (!rc)
        rc = ps_db_prepare(db,
                           "INSERT INTO ps_figure (run_id, server_idx, instance_idx, source, key, value)"
                           " VALUES (?, ?, ?, ?, ?, ?)",
                           &w.fig, err);
    if (!rc)
        rc =
            ps_db_prepare(db, "INSERT INTO ps_text (run_id, server_idx, key, value) VALUES (?, ?, ?, ?)", &w.text, err);
    if (!rc)
        rc = put_meta(&w, m);
    for (size_t i = 0; i < run->nservers && !rc; i++) {
        rc = put_server(&w, (long)i, &run->servers[i]);
        if (!rc && opt && opt->hold_seconds > 0 && i == run->nservers / 2) {
            struct timespec ts = {(time_t)opt->hold_seconds,
                                  (long)((opt->hold_seconds - floor(opt->hold_seconds)) * 1e9)};
            nanosleep(&ts, NULL);
        }
    }
    if (!rc)
        rc = put_fields(&w, PS_STORE_AGGREGATE, PS_SRC_SUMMARY, ps_store_summary_fields, &run->aggregate);
    ps_db_finalize(w.fig);
    ps_db_finalize(w.text);
    if (rc) {
        ps_db_rollback(db);
        return rc;
    }
    rc = ps_db_commit(db, err);
    *added = rc == PS_OK;
    return rc;
}
