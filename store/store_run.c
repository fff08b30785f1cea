/* store_run.c - rebuild one stored run as a ps_js_run (what the renderers and the trend take). */
#include "store_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void clear_fields(const ps_store_field *f, void *obj)
{
    for (; f->key; f++)
        *(double *)((char *)obj + f->off) = NAN;
}

/* The field of obj that key names in table f (of the field's type), or NULL. */
static void *field_of(const ps_store_field *f, void *obj, const char *key)
{
    for (; f->key; f++)
        if (strcmp(f->key, key) == 0)
            return (char *)obj + f->off;
    return NULL;
}

static double *field_slot(const ps_store_field *f, void *obj, const char *key)
{
    return field_of(f, obj, key);
}

static ps_js_report *new_report(void)
{
    ps_js_report *r = ps_xcalloc(1, sizeof *r);
    clear_fields(ps_store_report_fields, r);
    r->result = -1;
    r->bdm = -1;
    for (const ps_store_field *f = ps_store_report_times; f->key; f++)
        *(ps_time *)((char *)r + f->off) = PS_TIME_NONE;
    return r;
}

static ps_js_config *new_config(void)
{
    ps_js_config *c = ps_xcalloc(1, sizeof *c);
    clear_fields(ps_store_config_fields, c);
    c->strict = c->lenient = (ps_js_threshold_set){NAN, NAN, NAN, NAN};
    return c;
}

/* One ps_figure row into the run. */
static void figure_into(ps_js_run *run, int64_t si, int64_t ii, const char *src, const char *key, double v)
{
    if (si == PS_STORE_AGGREGATE) {
        double *d = field_slot(ps_store_summary_fields, &run->aggregate, key);
        if (d)
            *d = v;
        return;
    }
    if (si < 0 || (size_t)si >= run->nservers)
        return;
    ps_js_server *s = &run->servers[si];
    if (ii >= 0 && (size_t)ii < s->ninstances) {
        ps_js_instance *in = &s->instances[ii];
        if (strcmp(src, PS_SRC_WEIGHTED) == 0) {
            for (int k = 0; k < PS_IO12_NLAT; k++)
                if (strcmp(key, ps_io12_key(ps_store_weighted_cols[k])) == 0) {
                    s->stats->inst[ii].wsum[ps_store_weighted_cols[k]] = v;
                    s->stats->inst[ii].wrate[ps_store_weighted_cols[k]] = 1;
                }
            return;
        }
        ps_js_figures *f = strcmp(src, PS_SRC_RECOMPUTED) == 0 ? &in->computed
                           : strcmp(src, PS_SRC_REPORTED) == 0 ? &in->reported
                                                               : NULL;
        char buf[96];
        for (int k = 0; f && k < PS_STORE_NFIG; k++)
            if (strcmp(key, ps_store_fig_key(k, buf, sizeof buf)) == 0)
                *ps_store_fig_slot(f, k) = v;
        return;
    }
    double *d = NULL;
    if (strcmp(src, PS_SRC_SUMMARY) == 0)
        d = field_slot(ps_store_summary_fields, &s->summary, key);
    else if (strcmp(src, PS_SRC_CONFIG) == 0 && s->config)
        d = field_slot(ps_store_config_fields, s->config, key);
    else if (strcmp(src, PS_SRC_REPORT) == 0 && s->report) {
        int *i = field_of(ps_store_report_ints, s->report, key);
        ps_time *t = i ? NULL : field_of(ps_store_report_times, s->report, key);
        if (i)
            *i = (int)v;
        else if (t)
            *t = (ps_time)v;
        else
            d = field_slot(ps_store_report_fields, s->report, key);
    }
    if (d)
        *d = v;
}

enum { PS_STORE_MAX_PERF_LOGS = 64 }; /* a hand-edited index cannot make a huge array */

static void text_into(ps_js_server *s, const char *key, const char *value)
{
    char **slot = NULL;
    if (strncmp(key, "perf_log.", 9) == 0 && s->report) { /* the report's Performance Log, in order */
        ps_js_report *r = s->report;
        size_t i = strtoul(key + 9, NULL, 10);
        if (i >= PS_STORE_MAX_PERF_LOGS)
            return;
        for (; r->nperf_logs <= i; r->nperf_logs++) {
            r->perf_logs = ps_xrealloc(r->perf_logs, (r->nperf_logs + 1) * sizeof *r->perf_logs);
            r->perf_logs[r->nperf_logs] = ps_xstrdup("");
        }
        slot = &r->perf_logs[i];
    } else if (strncmp(key, "report.", 7) == 0 && s->report)
        slot = field_of(ps_store_report_texts, s->report, key + 7);
    else if (strncmp(key, "config.", 7) == 0 && s->config)
        slot = field_of(ps_store_config_texts, s->config, key + 7);
    else if (strncmp(key, "series.", 7) == 0) {
        int iops = strncmp(key + 7, PS_KIND_IOPS ".", strlen(PS_KIND_IOPS) + 1) == 0;
        size_t i = strtoul(strrchr(key, '.') + 1, NULL, 10);
        if (i < s->nseries)
            slot = &(iops ? s->series_iops : s->series_read_lat)[i].label;
    }
    if (slot) {
        free(*slot);
        *slot = ps_xstrdup(value);
    }
}

static ps_time time_col(ps_db_stmt *st, int i)
{
    return ps_db_col_null(st, i) ? PS_TIME_NONE : ps_db_col_int(st, i);
}

/* Servers (with empty report/config where the run had one) of run id. */
static int load_servers(ps_db *db, int64_t id, ps_js_run *run, ps_error *err)
{
    ps_db_val v = ps_db_int(id);
    ps_db_stmt *st = NULL;
    int rc = ps_store_query(
        db,
        "SELECT machine, test_type, jetstress_version, window_start, window_end,"
        " window_samples, local_minus_utc, verdict, verdict_profile, has_report, has_config, verdict_source,"
        " verdict_disagree"
        " FROM ps_server WHERE run_id = ? ORDER BY idx",
        &v, 1, &st, err);
    while (!rc && ps_db_next(st)) {
        run->servers = ps_xrealloc(run->servers, (run->nservers + 1) * sizeof *run->servers);
        ps_js_server *s = &run->servers[run->nservers++];
        memset(s, 0, sizeof *s);
        s->machine = ps_store_dup_col(st, 0);
        s->test_type = ps_test_type_parse(ps_db_col_text(st, 1));
        s->jetstress_version = ps_store_dup_col(st, 2);
        s->window_start = time_col(st, 3);
        s->window_end = time_col(st, 4);
        s->window_samples = (uint64_t)ps_db_col_int(st, 5);
        s->has_local_minus_utc = !ps_db_col_null(st, 6);
        s->local_minus_utc = ps_db_col_int(st, 6);
        s->verdict.result = ps_store_verdict_parse(ps_db_col_text(st, 7));
        s->verdict.profile = ps_store_dup_col(st, 8);
        s->report = ps_db_col_int(st, 9) ? new_report() : NULL;
        s->config = ps_db_col_int(st, 10) ? new_config() : NULL;
        s->verdict.source = ps_verdict_source_parse(ps_db_col_text(st, 11));
        s->verdict.disagree = ps_db_col_int(st, 12) != 0;
        ps_js_summary_clear(&s->summary);
    }
    ps_db_finalize(st);
    return rc;
}

/* One row of a per-server list (column 0 is server_idx, checked by each_server_row). */
typedef void server_row_fn(ps_js_server *s, ps_db_stmt *st);

static void instance_row(ps_js_server *s, ps_db_stmt *st)
{
    s->instances = ps_xrealloc(s->instances, (s->ninstances + 1) * sizeof *s->instances);
    ps_js_instance *in = &s->instances[s->ninstances++];
    memset(in, 0, sizeof *in);
    in->name = ps_store_dup_col(st, 1);
    in->log_path = ps_store_dup_col(st, 2);
    in->db_path = ps_store_dup_col(st, 3);
    in->samples = (uint64_t)ps_db_col_int(st, 4);
    in->has_computed = (int)ps_db_col_int(st, 5);
    in->has_reported = (int)ps_db_col_int(st, 6);
    ps_js_figures_clear(&in->computed);
    ps_js_figures_clear(&in->reported);
}

static void reason_row(ps_js_server *s, ps_db_stmt *st)
{
    ps_verdict_add_text(&s->verdict, ps_db_col_text(st, 1));
}

static void log_row(ps_js_server *s, ps_db_stmt *st)
{
    s->logs = ps_xrealloc(s->logs, (s->nlogs + 1) * sizeof *s->logs);
    s->logs[s->nlogs++] = ps_store_dup_col(st, 1);
}

static void host_row(ps_js_server *s, ps_db_stmt *st)
{
    s->host = ps_xrealloc(s->host, (s->nhost + 1) * sizeof *s->host);
    s->host[s->nhost++] =
        (ps_js_host_row){ps_store_dup_col(st, 1), ps_db_col_real(st, 2), ps_db_col_real(st, 3), ps_db_col_real(st, 4)};
}

/* The per-server lists of a run, in the order they are read back. */
static const struct {
    const char *sql; /* run_id = ? bound; column 0 is server_idx */
    server_row_fn *row;
} server_lists[] = {
    {"SELECT server_idx, name, log_path, db_path, samples, has_computed, has_reported"
     " FROM ps_instance WHERE run_id = ? ORDER BY server_idx, idx",
     instance_row},
    {"SELECT server_idx, text FROM ps_reason WHERE run_id = ? ORDER BY server_idx, seq", reason_row},
    {"SELECT server_idx, path FROM ps_log_file WHERE run_id = ? ORDER BY server_idx, seq", log_row},
    {"SELECT server_idx, counter, avg, min, max FROM ps_host WHERE run_id = ? ORDER BY server_idx, seq", host_row},
};

/* Instances, reasons, logs, host rows of every server; rows naming no server of the run are
 * skipped. */
static int load_lists(ps_db *db, int64_t id, ps_js_run *run, ps_error *err)
{
    ps_db_val v = ps_db_int(id);
    int rc = PS_OK;
    for (size_t q = 0; !rc && q < sizeof server_lists / sizeof server_lists[0]; q++) {
        ps_db_stmt *st = NULL;
        rc = ps_store_query(db, server_lists[q].sql, &v, 1, &st, err);
        while (!rc && ps_db_next(st)) {
            int64_t si = ps_db_col_int(st, 0);
            if (si >= 0 && (size_t)si < run->nservers)
                server_lists[q].row(&run->servers[si], st);
        }
        ps_db_finalize(st);
    }
    return rc;
}

/* Room for the series and the weighted means: one slot per instance. */
static void prepare_slots(ps_db *db, int64_t id, ps_js_run *run, ps_error *err)
{
    ps_db_val v = ps_db_int(id);
    for (size_t i = 0; i < run->nservers; i++) {
        ps_js_server *s = &run->servers[i];
        s->stats = ps_xcalloc(1, sizeof *s->stats);
        s->stats->ninst = s->ninstances;
        s->stats->inst = ps_xcalloc(s->ninstances + 1, sizeof *s->stats->inst);
    }
    int64_t points = 0;
    ps_db_query_int(db, "SELECT COUNT(*) FROM ps_point WHERE run_id = ?", &v, 1, &points, err);
    for (size_t i = 0; i < run->nservers && points; i++) {
        ps_js_server *s = &run->servers[i];
        s->nseries = s->ninstances;
        s->series_iops = ps_xcalloc(s->ninstances + 1, sizeof *s->series_iops);
        s->series_read_lat = ps_xcalloc(s->ninstances + 1, sizeof *s->series_read_lat);
    }
}

static int load_values(ps_db *db, int64_t id, ps_js_run *run, ps_error *err)
{
    ps_db_val v = ps_db_int(id);
    ps_db_stmt *st = NULL;
    int rc = ps_store_query(db, "SELECT server_idx, instance_idx, source, key, value FROM ps_figure WHERE run_id = ?",
                            &v, 1, &st, err);
    while (!rc && ps_db_next(st))
        figure_into(run, ps_db_col_int(st, 0), ps_db_col_int(st, 1), ps_db_col_text(st, 2), ps_db_col_text(st, 3),
                    ps_db_col_real(st, 4));
    ps_db_finalize(st);
    if (!rc)
        rc = ps_store_query(db, "SELECT server_idx, key, value FROM ps_text WHERE run_id = ?", &v, 1, &st, err);
    while (!rc && ps_db_next(st)) {
        int64_t si = ps_db_col_int(st, 0);
        if (si >= 0 && (size_t)si < run->nservers)
            text_into(&run->servers[si], ps_db_col_text(st, 1), ps_db_col_text(st, 2));
    }
    ps_db_finalize(st);
    if (!rc)
        rc = ps_store_query(db,
                            "SELECT server_idx, instance_idx, kind, t, v FROM ps_point WHERE run_id = ?"
                            " ORDER BY server_idx, kind, instance_idx, seq",
                            &v, 1, &st, err);
    while (!rc && ps_db_next(st)) {
        int64_t si = ps_db_col_int(st, 0), ii = ps_db_col_int(st, 1);
        if (si < 0 || (size_t)si >= run->nservers || ii < 0 || (size_t)ii >= run->servers[si].nseries)
            continue;
        ps_js_server *s = &run->servers[si];
        int iops = strcmp(ps_db_col_text(st, 2), PS_KIND_IOPS) == 0;
        ps_series_push(&(iops ? s->series_iops : s->series_read_lat)[ii], ps_db_col_int(st, 3), ps_db_col_real(st, 4));
    }
    ps_db_finalize(st);
    return rc;
}

int ps_store_load(ps_db *db, const char *label, ps_js_run **out, ps_store_meta *meta, ps_error *err)
{
    *out = NULL;
    memset(meta, 0, sizeof *meta);
    ps_db_val lab = ps_db_text(label);
    ps_db_stmt *st = NULL;
    int64_t id = 0;
    int rc = ps_db_begin(db, 0, err); /* one consistent snapshot */
    if (rc)
        return rc;
    rc = ps_store_query(db, PS_STORE_RUN_COLS " WHERE label = ?", &lab, 1, &st, err);
    if (!rc && ps_db_next(st)) {
        id = ps_db_col_int(st, 0);
        ps_store_meta_from_row(st, meta);
    } else if (!rc) {
        rc = ps_error_set(err, PS_EUSAGE, ps_db_name(db), 0, 0, "no stored run labelled '%s'", label);
    }
    ps_db_finalize(st);
    ps_js_run *run = ps_xcalloc(1, sizeof *run);
    ps_js_summary_clear(&run->aggregate);
    if (!rc)
        rc = ps_store_meta_rows(db, id, meta, err);
    if (!rc)
        rc = load_servers(db, id, run, err);
    if (!rc)
        rc = load_lists(db, id, run, err);
    if (!rc)
        prepare_slots(db, id, run, err);
    if (!rc)
        rc = load_values(db, id, run, err);
    if (!rc)
        rc = ps_store_load_testlog(db, id, run, err);
    ps_db_rollback(db);
    if (rc) {
        ps_js_run_free(run);
        ps_store_meta_fini(meta);
        return rc;
    }
    ps_js_qualify(run); /* ESRP qualification: follows from the stored figures and verdicts */
    *out = run;
    return PS_OK;
}
