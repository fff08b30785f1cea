/* js_load.c - ps_js_load_server: stream every counter log attached to one server of a discovered
 * Jetstress run through the per-instance accumulators over the collection window, then compute
 * its figures (model/jetstress/js_compute.c). With keep_series the window's samples go into the
 * chart series; with keep_outside as well the samples outside the window (the report shades
 * them). The run as a whole is loaded by the pipeline (cli/pipeline/pipeline.c). */
#include "js_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* What one log column feeds. */
enum col_kind {
    COL_UNUSED, /* no Jetstress metric, or a duplicate of a better column */
    COL_INSTANCE, /* a per-instance metric (inst, metric) */
    COL_HOST, /* a host metric (metric >= PS_JM_NINST) */
    COL_TOTAL /* an ESE _Total rate, cross-checked against the instances' sum */
};

/* Where one log column goes. */
typedef struct colmap {
    enum col_kind kind;
    int metric;
    size_t inst;
    double scale;
    int priority;
} colmap;

/* Rate metrics cross-checked against _Total. */
static const int total_rates[] = {PS_IO_DB_READS, PS_IO_DB_WRITES, PS_IO_LOG_READS, PS_IO_LOG_WRITES};

/* Instance names of a server -> their index, ASCII case-insensitive (ps_hash): one lookup per
 * report row or log column, so 16,000 instances stay linear. The index catches up with
 * instances appended since the last lookup. */
typedef struct inst_index {
    ps_hash h;
    size_t n; /* instances of s indexed so far */
} inst_index;

static size_t find_instance(inst_index *x, const ps_js_server *s, const char *name)
{
    if (!x->h.flags)
        ps_hash_init(&x->h, PS_HASH_NOCASE);
    for (; x->n < s->ninstances; x->n++)
        if (s->instances[x->n].name &&
            ps_hash_get(&x->h, s->instances[x->n].name, strlen(s->instances[x->n].name)) == PS_HASH_NONE)
            ps_hash_add(&x->h, s->instances[x->n].name, strlen(s->instances[x->n].name), x->n);
    return ps_hash_get(&x->h, name, strlen(name));
}

static void sync_stats(ps_js_server *s, int keep_series)
{
    ps_js_server_stats *st = s->stats;
    if (st->ninst < s->ninstances) {
        st->inst = ps_xrealloc(st->inst, s->ninstances * sizeof *st->inst);
        memset(st->inst + st->ninst, 0, (s->ninstances - st->ninst) * sizeof *st->inst);
        for (size_t i = st->ninst; i < s->ninstances; i++)
            st->inst[i].last = PS_TIME_NONE;
        st->ninst = s->ninstances;
    }
    if (keep_series && s->nseries < s->ninstances) {
        s->series_iops = ps_xrealloc(s->series_iops, s->ninstances * sizeof *s->series_iops);
        s->series_read_lat = ps_xrealloc(s->series_read_lat, s->ninstances * sizeof *s->series_read_lat);
        for (size_t i = s->nseries; i < s->ninstances; i++) {
            memset(&s->series_iops[i], 0, sizeof s->series_iops[i]);
            memset(&s->series_read_lat[i], 0, sizeof s->series_read_lat[i]);
            s->series_iops[i].label = ps_xstrdup(s->instances[i].name);
            s->series_read_lat[i].label = ps_xstrdup(s->instances[i].name);
        }
        s->nseries = s->ninstances;
    }
}

/* Instances named by the report come first, in report order, with their reported figures. */
static void seed_from_report(ps_js_server *s)
{
    const ps_js_report *r = s->report;
    if (!r)
        return;
    inst_index idx = {0};
    for (size_t i = 0; i < r->ninstances; i++) {
        const ps_js_instance *ri = &r->instances[i];
        if (!ri->name)
            continue;
        size_t k = find_instance(&idx, s, ri->name);
        if (k == (size_t)-1)
            k = js_instance_append(&s->instances, &s->ninstances, ri->name);
        ps_js_instance *in = &s->instances[k];
        if (!in->has_reported && ri->has_reported) {
            in->reported = ri->reported;
            in->has_reported = 1;
        }
        if (!in->log_path && ri->log_path)
            in->log_path = ps_xstrdup(ri->log_path);
        if (!in->db_path && ri->db_path)
            in->db_path = ps_xstrdup(ri->db_path);
    }
    ps_hash_fini(&idx.h);
}

/* Jetstress 2007: a LogicalDisk volume ("M:") maps to the report row "Database (M:)" or
 * "Log (L:)"; a log volume's columns are the log columns. */
static int ci_contains(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (; *hay; hay++)
        if (strncasecmp(hay, needle, n) == 0)
            return 1;
    return 0;
}

/* The report row of a volume, NULL when the report has instance rows but none for this drive
 * (a system or other volume the test did not use); the drive itself without report rows. */
static const char *volume_row(const ps_js_server *s, const char *drive, int *is_log)
{
    *is_log = 0;
    char want[140];
    snprintf(want, sizeof want, "(%s)", drive);
    for (size_t i = 0; i < s->ninstances; i++) {
        const char *n = s->instances[i].name;
        if (n && ci_contains(n, want)) {
            *is_log = strncasecmp(n, "log", 3) == 0;
            return n;
        }
    }
    return s->report && s->report->ninstances ? NULL : drive;
}

static const int db_to_log[6] = {PS_IO_LOG_READ_LAT, PS_IO_LOG_WRITE_LAT,  PS_IO_LOG_READS,
                                 PS_IO_LOG_WRITES,   PS_IO_LOG_READ_BYTES, PS_IO_LOG_WRITE_BYTES};

/* Which object holds a server's instances. The ESE instance counters, when the log has any, are
 * the instances and nothing else is; LogicalDisk volumes are the instances only in the Jetstress
 * 2007 form: a 2007 report, a config with UseEseCounters false, or no ESE instance counter. */
static enum ps_js_role instance_role(const ps_js_server *s, const ps_log_info *info)
{
    if ((s->report && s->report->layout_2007) || (s->config && s->config->ese_counters_off))
        return PS_JS_ROLE_LOGICALDISK;
    int jetstress = s->report || s->config;
    for (size_t c = 0; c < info->ncounters; c++) {
        const ps_counter_path *p = &info->counters[c];
        ps_js_counter_ref ref;
        if (ps_js_classify(p->object, p->instance, p->counter, &ref) && ref.role == PS_JS_ROLE_ESE_INSTANCE &&
            !ref.is_total)
            return PS_JS_ROLE_ESE_INSTANCE;
        jetstress = jetstress || ps_js_counter_names_jetstress(p);
    }
    /* no report, no configuration, nothing naming Jetstress: a plain server log, whose
     * LogicalDisk volumes are no databases (PS_JS_ROLE_OTHER: no instance column) */
    return jetstress ? PS_JS_ROLE_LOGICALDISK : PS_JS_ROLE_OTHER;
}

/* Keep only the best-priority column per (instance, metric) and per host metric (the first
 * column among equals): one hash lookup per column, linear in the columns. */
static void keep_best_columns(size_t n, colmap *map)
{
    ps_hash best = {0};
    ps_hash_init(&best, 0);
    for (int pass = 0; pass < 2; pass++)
        for (size_t c = 0; c < n; c++) {
            if (map[c].kind != COL_INSTANCE && map[c].kind != COL_HOST)
                continue;
            size_t key[3] = {(size_t)map[c].kind, map[c].kind == COL_INSTANCE ? map[c].inst : 0, (size_t)map[c].metric};
            size_t at = ps_hash_get(&best, (const char *)key, sizeof key);
            if (pass == 0 && at == PS_HASH_NONE)
                ps_hash_add(&best, (const char *)key, sizeof key, c);
            else if (pass == 0 && map[c].priority < map[at].priority)
                ps_hash_put(&best, (const char *)key, sizeof key, c);
            else if (pass == 1 && at != c)
                map[c].kind = COL_UNUSED;
        }
    ps_hash_fini(&best);
}

/* Map every column of a log; returns the number of instance columns. */
static size_t map_columns(ps_js_server *s, const ps_log_info *info, colmap *map, ps_warnings *w)
{
    inst_index idx = {0};
    int warned_machine = 0;
    size_t ninst_cols = 0;
    enum ps_js_role inst_role = instance_role(s, info);
    for (size_t c = 0; c < info->ncounters; c++) {
        const ps_counter_path *p = &info->counters[c];
        map[c].kind = COL_UNUSED;
        if (!warned_machine && p->machine && s->machine && strcasecmp(p->machine, s->machine) != 0) {
            ps_warn(w, "%s: counters of machine %s attached to server %s (machine names differ)", info->path,
                    p->machine, s->machine);
            warned_machine = 1;
        }
        ps_js_counter_ref ref;
        if (!ps_js_classify(p->object, p->instance, p->counter, &ref))
            continue;
        map[c].metric = ref.metric;
        map[c].scale = ref.scale;
        map[c].priority = ref.priority;
        if (ref.metric >= PS_JM_NINST) {
            map[c].kind = COL_HOST;
            continue;
        }
        if (ref.role != inst_role)
            continue; /* LogicalDisk beside ESE instances, or ESE counters in the 2007 form */
        if (ref.is_total) { /* the ESE _Total is checked against the sum; a volume _Total is not */
            for (size_t k = 0; k < sizeof total_rates / sizeof total_rates[0]; k++)
                if (ref.metric == total_rates[k] && ref.priority == 0 && ref.role == PS_JS_ROLE_ESE_INSTANCE)
                    map[c].kind = COL_TOTAL;
            continue;
        }
        const char *name = ref.instance;
        if (ref.volume_2007) {
            int is_log = 0;
            name = volume_row(s, ref.instance, &is_log);
            if (!name)
                continue;
            if (is_log && ref.metric < (int)(sizeof db_to_log / sizeof db_to_log[0]))
                map[c].metric = db_to_log[ref.metric];
        }
        size_t k = find_instance(&idx, s, name);
        if (k == (size_t)-1)
            k = js_instance_append(&s->instances, &s->ninstances, name);
        map[c].kind = COL_INSTANCE;
        map[c].inst = k;
        ninst_cols++;
    }
    ps_hash_fini(&idx.h);
    keep_best_columns(info->ncounters, map);
    return ninst_cols;
}

typedef struct window {
    ps_time start, end; /* PS_TIME_NONE = open */
    int start_utc, end_utc; /* given in UTC: made local at the first row of a log */
} window;

static int in_window(const window *wd, ps_time t)
{
    return (wd->start == PS_TIME_NONE || t >= wd->start) && (wd->end == PS_TIME_NONE || t <= wd->end);
}

/* Append one sample of instance i to its chart series; a sample not after the series' last one
 * (overlapping logs) is left out, so that every series stays in time order. */
static void push_series(ps_js_server *s, size_t i, ps_time utc, const double *v)
{
    ps_series *io = &s->series_iops[i];
    if (io->n && utc <= io->t[io->n - 1])
        return;
    ps_series_push(io, utc, v[PS_IO_DB_READS] + v[PS_IO_DB_WRITES]);
    ps_series_push(&s->series_read_lat[i], utc, v[PS_IO_DB_READ_LAT]);
}

static int has_value(const double *v)
{
    for (int m = 0; m < PS_JM_NINST; m++)
        if (!isnan(v[m]))
            return 1;
    return 0;
}

/* A counter log without report, configuration or Jetstress counter: not a Jetstress run */
#define PLAIN_LOG_HINT                                                                      \
    "; nothing names Jetstress and no report or JetstressConfig.xml is beside it: a plain " \
    "server log (use 'perfscribe analyze' or 'summary')"

static int stream_log(ps_js_server *s, const char *path, window *wd, const ps_js_options *opt, ps_warnings *w,
                      ps_error *err)
{
    ps_log_options lo = {0};
    lo.lenient = opt ? opt->lenient : 0;
    lo.encoding = opt ? opt->encoding : NULL;
    lo.warnings = w;
    ps_log *log;
    int rc = ps_log_open(path, &lo, &log, err);
    if (rc)
        return rc;
    const ps_log_info *info = ps_log_info_get(log);
    int keep = opt && opt->keep_series, outside = keep && opt->keep_outside;
    colmap *map = ps_xcalloc(info->ncounters ? info->ncounters : 1, sizeof *map);
    size_t ncols = map_columns(s, info, map, w);
    if (!ncols) {
        free(map);
        ps_log_close(log);
        return ps_error_set(err, PS_EINPUT, path, 0, 0,
                            "no MSExchange Database ==> Instances counters in this log (nor the "
                            "LogicalDisk counters of the Jetstress 2007 form)%s",
                            s->report || s->config ? "" : PLAIN_LOG_HINT);
    }
    ps_js_server_stats *st = s->stats;
    sync_stats(s, keep);
    ps_js_watch_log(s, info->timezone, info->has_bias, info->bias_minutes); /* failure explanation */
    size_t ni = s->ninstances;
    double *vals = ps_xmalloc(ni * PS_JM_NINST * sizeof *vals);
    double host[PS_JM_NHOST], tot[PS_IO12_N];
    uint64_t rows = 0, overlap = 0;
    ps_row row;
    while ((rc = ps_log_next(log, &row, err)) > 0) {
        if (wd->start_utc || wd->end_utc) { /* -b/-e in UTC: the log's local clock from now on */
            wd->start += wd->start_utc && wd->start != PS_TIME_NONE ? row.local - row.utc : 0;
            wd->end += wd->end_utc && wd->end != PS_TIME_NONE ? row.local - row.utc : 0;
            wd->start_utc = wd->end_utc = 0;
        }
        int inside = in_window(wd, row.local);
        if (!inside && !outside) {
            if (wd->end != PS_TIME_NONE && row.local > wd->end)
                break;
            continue;
        }
        for (size_t k = 0; k < ni * PS_JM_NINST; k++)
            vals[k] = NAN;
        for (int h = 0; h < PS_JM_NHOST; h++)
            host[h] = NAN;
        for (int k = 0; k < PS_IO12_N; k++)
            tot[k] = NAN;
        for (size_t c = 0; c < row.nvalues; c++) {
            double v = row.values[c] * map[c].scale;
            if (map[c].kind == COL_INSTANCE)
                vals[map[c].inst * PS_JM_NINST + (size_t)map[c].metric] = v;
            else if (map[c].kind == COL_HOST)
                host[map[c].metric - PS_JM_NINST] = v;
            else if (map[c].kind == COL_TOTAL)
                tot[map[c].metric] = v;
        }
        if (!inside) { /* outside the window: charts only, no statistics */
            for (size_t i = 0; i < ni; i++)
                if (has_value(vals + i * PS_JM_NINST))
                    push_series(s, i, row.utc, vals + i * PS_JM_NINST);
            continue;
        }
        int used = 0, dup = 0;
        for (size_t i = 0; i < ni; i++) {
            const double *v = vals + i * PS_JM_NINST;
            if (!has_value(v))
                continue;
            ps_js_inst_acc *a = &st->inst[i];
            if (a->last != PS_TIME_NONE && row.local <= a->last) {
                dup = 1;
                continue;
            }
            a->last = row.local;
            ps_js_inst_acc_add(a, v);
            ps_js_watch_sample(s, i, row.local, v);
            used = 1;
            if (keep)
                push_series(s, i, row.utc, v);
        }
        overlap += dup;
        if (!used)
            continue;
        rows++;
        for (int h = 0; h < PS_JM_NHOST; h++)
            ps_js_stat_add(&st->host[h], host[h]);
        ps_js_watch_host(s, row.local, host);
        int total_ok = 1;
        for (size_t k = 0; k < sizeof total_rates / sizeof total_rates[0]; k++) {
            int m = total_rates[k];
            double sum = 0;
            for (size_t i = 0; i < ni; i++)
                sum += vals[i * PS_JM_NINST + (size_t)m];
            if (isnan(tot[m]) || isnan(sum))
                total_ok = 0;
        }
        if (total_ok) {
            for (size_t k = 0; k < sizeof total_rates / sizeof total_rates[0]; k++) {
                int m = total_rates[k];
                st->total_logged[m] += tot[m];
                for (size_t i = 0; i < ni; i++)
                    st->total_summed[m] += vals[i * PS_JM_NINST + (size_t)m];
            }
            st->total_rows++;
        }
        if (!s->has_local_minus_utc) {
            s->has_local_minus_utc = 1;
            s->local_minus_utc = row.local - row.utc;
        }
        if (s->window_start == PS_TIME_NONE || row.local < s->window_start)
            s->window_start = row.local;
        if (s->window_end == PS_TIME_NONE || row.local > s->window_end)
            s->window_end = row.local;
    }
    free(vals);
    free(map);
    ps_log_close(log);
    if (rc < 0)
        return -rc;
    if (overlap)
        ps_warn(w, "%s: %llu samples overlap another log of %s and were ignored", path, (unsigned long long)overlap,
                s->machine ? s->machine : "?");
    if (!rows && !overlap) {
        char a[32] = "start", b[32] = "end";
        if (wd->start != PS_TIME_NONE)
            ps_time_format_pdh(a, sizeof a, wd->start);
        if (wd->end != PS_TIME_NONE)
            ps_time_format_pdh(b, sizeof b, wd->end);
        ps_warn(w, "%s: no samples inside the collection window %s - %s", path, a, b);
    }
    return PS_OK;
}

static void check_total(const ps_js_server *s, ps_warnings *w)
{
    const ps_js_server_stats *st = s->stats;
    if (!st->total_rows)
        return;
    for (size_t k = 0; k < sizeof total_rates / sizeof total_rates[0]; k++) {
        int m = total_rates[k];
        double n = (double)st->total_rows;
        double lg = st->total_logged[m] / n, sm = st->total_summed[m] / n;
        /* rounding: every logged value may be off by half a unit of its last digit (3 decimals) */
        double tol = 0.0005 * (double)(s->ninstances + 1) + 1e-6 * fabs(sm);
        if (fabs(lg - sm) > tol) {
            char a[64], b[64];
            ps_warn(w, "%s: _Total %s (mean %s) differs from the sum of the instances (mean %s)",
                    s->machine ? s->machine : "?", ps_js_metric_name(m), ps_fmt_num(a, sizeof a, lg, 3),
                    ps_fmt_num(b, sizeof b, sm, 3));
        }
    }
}

static double choose_target(const ps_js_server *s, const ps_js_options *opt, ps_warnings *w)
{
    double user = NAN;
    if (s->test_type == PS_TEST_BACKUP || s->test_type == PS_TEST_SOFTRECOVERY)
        return NAN; /* no transactional target for these tests */
    if (opt && opt->mailboxes > 0 && opt->iops_per_mailbox > 0)
        user = opt->mailboxes * opt->iops_per_mailbox;
    double t = NAN;
    const char *from = NULL;
    if (s->report && !isnan(s->report->target_iops)) {
        t = s->report->target_iops;
        from = "the report";
    } else if (s->config && !isnan(s->config->mailbox_count) && !isnan(s->config->mailbox_iops)) {
        t = s->config->mailbox_count * s->config->mailbox_iops;
        from = "JetstressConfig.xml";
    }
    if (isnan(t))
        return user;
    if (!isnan(user) && fabs(user - t) > 1e-9 * fabs(t)) {
        char a[64], b[64];
        ps_warn(w, "%s: target %s IOPS from %s used; --mailboxes x --iops-per-mailbox = %s ignored",
                s->machine ? s->machine : "?", ps_fmt_num(a, sizeof a, t, 3), from, ps_fmt_num(b, sizeof b, user, 3));
    }
    return t;
}

static int load_server(ps_js_run *run, ps_js_server *s, const ps_js_options *opt, ps_error *err)
{
    ps_warnings *w = &run->warnings;
    seed_from_report(s);
    if (!s->jetstress_version && s->report && s->report->jetstress_version)
        s->jetstress_version = ps_xstrdup(s->report->jetstress_version);
    window wd = {PS_TIME_NONE, PS_TIME_NONE, 0, 0};
    if (s->report && s->report->collection_start != PS_TIME_NONE && s->report->collection_end != PS_TIME_NONE) {
        wd.start = s->report->collection_start;
        wd.end = s->report->collection_end;
        if (opt && (opt->has_begin || opt->has_end) && s->nlogs)
            ps_warn(w, "%s: the report's collection window is used; -b/-e ignored", s->machine ? s->machine : "?");
    } else if (opt) {
        if (opt->has_begin)
            wd.start = opt->begin, wd.start_utc = opt->begin_utc;
        if (opt->has_end)
            wd.end = opt->end, wd.end_utc = opt->end_utc;
    }
    s->window_start = s->window_end = PS_TIME_NONE;
    s->window_samples = 0;
    s->has_local_minus_utc = 0;
    if (!s->stats)
        s->stats = ps_xcalloc(1, sizeof *s->stats);
    for (size_t i = 0; i < s->nlogs; i++) {
        int rc = stream_log(s, s->logs[i], &wd, opt, w, err);
        if (rc)
            return rc;
    }
    if (s->nlogs) {
        ps_js_server_finish(s);
        for (size_t i = 0; i < s->ninstances; i++) /* logs may split instances: count times once */
            if (s->instances[i].samples > s->window_samples)
                s->window_samples = s->instances[i].samples;
        check_total(s, w);
        int any_reported = 0;
        for (size_t i = 0; i < s->ninstances; i++)
            any_reported |= s->instances[i].has_reported;
        for (size_t i = 0; i < s->ninstances; i++) {
            const ps_js_instance *in = &s->instances[i];
            if (in->has_reported && !in->has_computed)
                ps_warn(w, "%s %s: in the report but not in the counter logs (left out of the server sums)",
                        s->machine ? s->machine : "?", in->name);
            else if (any_reported && !in->has_reported && in->has_computed)
                ps_warn(w, "%s %s: in the counter logs but not in the report", s->machine ? s->machine : "?", in->name);
        }
    } else if (s->report) {
        s->window_start = s->report->collection_start;
        s->window_end = s->report->collection_end;
        size_t missing = 0;
        for (size_t i = 0; i < s->ninstances; i++)
            missing += !s->instances[i].has_reported;
        if (missing && s->test_type != PS_TEST_BACKUP && s->test_type != PS_TEST_SOFTRECOVERY)
            ps_warn(w,
                    "%s: %zu of %zu instances have no figures in the report %s and there is no counter log "
                    "(their figures and the server sums are n/a)",
                    s->machine ? s->machine : "?", missing, s->ninstances, s->report->source ? s->report->source : "");
    }
    if (wd.start != PS_TIME_NONE && s->nlogs)
        s->window_start = wd.start;
    if (wd.end != PS_TIME_NONE && s->nlogs)
        s->window_end = wd.end;
    if ((!s->nhost) && s->report && s->report->nhost) {
        s->host = ps_xcalloc(s->report->nhost, sizeof *s->host);
        for (size_t i = 0; i < s->report->nhost; i++) {
            s->host[i] = s->report->host[i];
            s->host[i].counter = ps_xstrdup(s->report->host[i].counter);
        }
        s->nhost = s->report->nhost;
    }
    ps_js_summarize(s, choose_target(s, opt, w), &s->summary);
    return PS_OK;
}

int ps_js_load_server(ps_js_run *run, size_t i, const ps_js_options *opt, ps_error *err)
{
    return load_server(run, &run->servers[i], opt, err);
}
