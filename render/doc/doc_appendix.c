/* doc_appendix.c - per-machine appendices of the ESRP document: one section per test found,
 * with the Jetstress report's tables as Jetstress prints them (its labels and units, instances
 * as rows; recomputed figures, a cell highlighted where the report printed another value: the
 * verification section says how), charts of the per-instance time series, and the test log. */
#include "doc_esrp_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Jetstress's label of the document's language (ps_msg.h: its own words where known, else English) */
#define J(id) ps_jsl(d->lang, PS_JSL_##id)

/* the twelve per-instance columns, in ps_io12 order */
static const enum ps_jsl_id io_labels[PS_IO12_N] = {
    PS_JSL_IO_DB_READ_LAT,   PS_JSL_IO_DB_WRITE_LAT,   PS_JSL_IO_DB_READS,       PS_JSL_IO_DB_WRITES,
    PS_JSL_IO_DB_READ_BYTES, PS_JSL_IO_DB_WRITE_BYTES, PS_JSL_IO_LOG_READ_LAT,   PS_JSL_IO_LOG_WRITE_LAT,
    PS_JSL_IO_LOG_READS,     PS_JSL_IO_LOG_WRITES,     PS_JSL_IO_LOG_READ_BYTES, PS_JSL_IO_LOG_WRITE_BYTES};

/* Order of the tests inside one appendix. */
static const enum ps_test_type test_order[] = {PS_TEST_PERFORMANCE, PS_TEST_STRESS, PS_TEST_BACKUP,
                                               PS_TEST_SOFTRECOVERY, PS_TEST_UNKNOWN};

/* "Performance Test (2 hours)": the duration is the collection window's; none for backup and
 * soft recovery or without a window. */
static void test_title(const ps_lang *L, const ps_js_server *s, char *out, size_t n)
{
    ps_time span =
        s->window_start != PS_TIME_NONE && s->window_end != PS_TIME_NONE ? s->window_end - s->window_start : 0;
    const char *title = doc_test_title(L, s->test_type);
    char d[64];
    if (s->test_type == PS_TEST_BACKUP || s->test_type == PS_TEST_SOFTRECOVERY || span <= 0)
        snprintf(out, n, "%s", title);
    else
        snprintf(out, n, ps_msg(L, PS_MSG_TEST_WITH_DURATION), title, doc_duration(L, span, d, sizeof d));
}

/* The title of the Jetstress report the section reproduces, as Jetstress prints it:
 * "Microsoft Exchange Jetstress 2013 Performance Test Result Report" (the audit finds the
 * appendix reports by it). */
static void report_title(ps_doc *d, const ps_js_server *s)
{
    static const enum ps_jsl_id kind[] = {[PS_TEST_PERFORMANCE] = PS_JSL_PERF_REPORT,
                                          [PS_TEST_STRESS] = PS_JSL_STRESS_REPORT,
                                          [PS_TEST_BACKUP] = PS_JSL_BACKUP_REPORT,
                                          [PS_TEST_SOFTRECOVERY] = PS_JSL_SOFTREC_REPORT};
    if ((size_t)s->test_type >= sizeof kind / sizeof kind[0] || s->test_type == PS_TEST_UNKNOWN)
        return;
    const char *k = ps_jsl(d->lang, kind[s->test_type]);
    const char *v = s->jetstress_version;
    int major = v ? atoi(v) : 0, minor = v && strchr(v, '.') ? atoi(strchr(v, '.') + 1) : 0;
    const char *year = major >= 15 ? (minor >= 1 ? "2016" : "2013") : major == 14 ? "2010" : major == 8 ? "2007" : NULL;
    doc_para(d, "Microsoft Exchange Jetstress%s%s %s", year ? " " : "", year ? year : "", k);
}

/* Rows Jetstress did not print (NaN, NULL) are left out, as Jetstress leaves them out. */
static void kv(doc_table *t, const char *k, const char *v)
{
    if (!v)
        return;
    size_t r = doc_row(t, DOC_ROW_BODY);
    doc_cell(t, r, 0, k);
    doc_cell(t, r, 1, v);
}

static void kvnum(doc_table *t, const char *k, double v, int dec, const char *unit)
{
    char b[64];
    if (isnan(v))
        return;
    size_t r = doc_row(t, DOC_ROW_BODY);
    doc_cell(t, r, 0, k);
    if (unit)
        doc_cellf(t, r, 1, "%s%s", ps_fmt_num(b, sizeof b, v, dec), unit);
    else
        doc_cell(t, r, 1, ps_fmt_num(b, sizeof b, v, dec));
}

/* 1 when any of the n values is a number. */
static int any_value(const double *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isnan(v[i]))
            return 1;
    return 0;
}

static doc_table *kv_table(ps_doc *d, const char *caption)
{
    doc_table *t = doc_table_new(d, caption, 2);
    t->width[0] = 2;
    t->width[1] = 3;
    size_t r = doc_row(t, DOC_ROW_HEAD);
    doc_cell(t, r, 0, caption);
    return t;
}

/* Overall Test Result as Jetstress prints it ("Pass", "Fail - reason"); without a report, the
 * recomputed verdict. How it was checked is the verification section's. */
static const char *overall_result(const ps_lang *L, const ps_js_server *s, char *b, size_t n)
{
    const char *pass = ps_jsl(L, PS_JSL_PASS), *fail = ps_jsl(L, PS_JSL_FAIL);
    if (s->report && s->report->result >= 0)
        snprintf(b, n, "%s%s%s", s->report->result ? pass : fail, s->report->result_reason ? " - " : "",
                 s->report->result_reason ? s->report->result_reason : "");
    else
        snprintf(b, n, "%s",
                 s->verdict.result == PS_VERDICT_PASS   ? pass
                 : s->verdict.result == PS_VERDICT_FAIL ? fail
                                                        : "n/a");
    return b;
}

/* A figure: recomputed when there is one, the report's otherwise; the cell highlighted where the
 * report printed another value (same rule as the verification section's count). */
static void figure(doc_table *t, const char *label, double comp, double rep, int dec)
{
    char a[48];
    if (isnan(comp) && isnan(rep))
        return;
    size_t r = doc_row(t, DOC_ROW_BODY);
    doc_cell(t, r, 0, label);
    double v = isnan(comp) ? rep : comp;
    doc_cell(t, r, 1, ps_fmt_num(a, sizeof a, v, dec));
    if (!isnan(comp) && !isnan(rep) && fabs(comp - rep) > fmax(0.0005, 0.001 * fabs(rep)))
        t->flag[r * t->ncols + 1] = 1;
}

static void summary_tables(ps_doc *d, const ps_js_server *s)
{
    const ps_js_report *r = s->report;
    char b[1024], t1[48];
    doc_table *t = kv_table(d, J(TEST_SUMMARY));
    kv(t, J(OVERALL), overall_result(d->lang, s, b, sizeof b));
    if (r && r->result >= 0 && s->verdict.result != PS_VERDICT_UNKNOWN &&
        (r->result == 1) != (s->verdict.result == PS_VERDICT_PASS))
        t->flag[(t->nrows - 1) * t->ncols + 1] = 1; /* the recomputed verdict differs: verification section */
    kv(t, J(MACHINE), s->machine);
    kv(t, J(DESCRIPTION), r ? r->description : NULL);
    if (r && r->test_start != PS_TIME_NONE)
        kv(t, J(TEST_START), doc_time(t1, sizeof t1, r->test_start));
    if (r && r->test_end != PS_TIME_NONE)
        kv(t, J(TEST_END), doc_time(t1, sizeof t1, r->test_end));
    if (s->window_start != PS_TIME_NONE)
        kv(t, J(COLL_START), doc_time(t1, sizeof t1, s->window_start));
    if (s->window_end != PS_TIME_NONE)
        kv(t, J(COLL_END), doc_time(t1, sizeof t1, s->window_end));
    kv(t, J(JS_VERSION), s->jetstress_version);
    kv(t, J(ESE_VERSION), r ? r->ese_version : NULL);
    kv(t, J(OS), r ? r->os : NULL);
    if (r && r->nperf_logs) { /* as the report prints it (the files read: verification section) */
        ps_buf logs = {0};
        for (size_t i = 0; i < r->nperf_logs; i++)
            ps_buf_printf(&logs, "%s%s", i ? "\n" : "", r->perf_logs[i]);
        kv(t, J(PERF_LOG), logs.data);
        ps_buf_fini(&logs);
    }

    const double sizing[] = {
        s->summary.achieved_transactional_iops, r ? r->achieved_iops : NAN,  s->summary.target_transactional_iops,
        r ? r->initial_db_bytes : NAN,          r ? r->final_db_bytes : NAN, r ? r->db_files : NAN};
    if (any_value(sizing, sizeof sizing / sizeof sizing[0])) {
        t = kv_table(d, J(SIZING));
        figure(t, J(ACHIEVED), sizing[0], sizing[1], 3);
        kvnum(t, J(TARGET), sizing[2], 0, NULL);
        kvnum(t, J(INIT_SIZE), sizing[3], 0, NULL);
        kvnum(t, J(FINAL_SIZE), sizing[4], 0, NULL);
        kvnum(t, J(DB_FILES), sizing[5], 0, NULL);
    }
    const double params[] = {r ? r->thread_count : NAN,   r ? r->min_cache_mb : NAN,    r ? r->max_cache_mb : NAN,
                             r ? r->insert_pct : NAN,     r ? r->delete_pct : NAN,      r ? r->replace_pct : NAN,
                             r ? r->read_pct : NAN,       r ? r->lazy_commit_pct : NAN, r ? r->copies_per_db : NAN,
                             r && r->bdm >= 0 ? 1.0 : NAN};
    if (any_value(params, sizeof params / sizeof params[0])) {
        t = kv_table(d, J(PARAMS));
        kvnum(t, J(THREADS), params[0], 0, NULL);
        kvnum(t, J(MIN_CACHE), params[1], 1, " MB");
        kvnum(t, J(MAX_CACHE), params[2], 1, " MB");
        kvnum(t, J(INSERT), params[3], 0, "%");
        kvnum(t, J(DELETE), params[4], 0, "%");
        kvnum(t, J(REPLACE), params[5], 0, "%");
        kvnum(t, J(READ), params[6], 0, "%");
        kvnum(t, J(LAZY), params[7], 0, "%");
        if (r->bdm >= 0)
            kv(t, J(BDM), r->bdm ? "True" : "False");
        kvnum(t, J(COPIES), params[8], 0, NULL);
    }
    int paths = 0;
    for (size_t i = 0; i < s->ninstances; i++)
        paths |= s->instances[i].log_path || s->instances[i].db_path;
    if (paths) {
        t = doc_table_new(d, J(DBCONF), 3);
        size_t row = doc_row(t, DOC_ROW_HEAD);
        doc_cell(t, row, 0, J(INSTANCE));
        doc_cell(t, row, 1, J(LOG_PATH));
        doc_cell(t, row, 2, J(DATABASE));
        for (size_t i = 0; i < s->ninstances; i++) {
            row = doc_row(t, DOC_ROW_BODY);
            doc_cell(t, row, 0, s->instances[i].name);
            doc_cell(t, row, 1, s->instances[i].log_path ? s->instances[i].log_path : "n/a");
            doc_cell(t, row, 2, s->instances[i].db_path ? s->instances[i].db_path : "n/a");
        }
    }
}

/* Cell: the recomputed value (the report's without a counter log), highlighted where the report
 * printed another value. */
static void figure_cell(doc_table *t, size_t row, size_t col, const ps_js_instance *in, double comp, double rep)
{
    char a[48];
    double v = in->has_computed ? comp : rep;
    doc_cell(t, row, col, ps_fmt_num(a, sizeof a, v, 3));
    if (in->has_computed && in->has_reported && !isnan(rep) &&
        (isnan(comp) || fabs(comp - rep) > fmax(0.0005, 0.001 * fabs(rep))))
        t->flag[row * t->ncols + col] = 1;
}

static double fig_get(const ps_js_figures *f, int group, int i)
{
    switch (group) {
    case 0: return ps_io12_get(&f->transactional, i);
    case 1: return i == 0 ? f->maint_reads_per_sec : f->maint_read_bytes;
    case 2: return i == 0 ? f->repl_log_reads_per_sec : f->repl_log_read_bytes;
    default: return ps_io12_get(&f->total, i);
    }
}

/* The four Jetstress instance tables, instances as rows and the counters as columns, as the
 * report prints them. */
static void instance_tables(ps_doc *d, const ps_js_server *s)
{
    static const enum ps_jsl_id groups[] = {PS_JSL_TRANS, PS_JSL_MAINT, PS_JSL_REPL, PS_JSL_TOTAL};
    static const enum ps_jsl_id g1[] = {PS_JSL_MAINT_READS, PS_JSL_MAINT_BYTES};
    static const enum ps_jsl_id g2[] = {PS_JSL_IO_LOG_READS, PS_JSL_IO_LOG_READ_BYTES};
    int any_comp = 0, any_rep = 0;
    for (size_t i = 0; i < s->ninstances; i++) {
        any_comp |= s->instances[i].has_computed;
        any_rep |= s->instances[i].has_reported;
    }
    if (!s->ninstances || (!any_comp && !any_rep))
        return;
    /* Jetstress's twelve-column tables in two halves (database, log) that fit a portrait page;
     * the audit reads which half a table holds from its header row */
    for (int g = 0; g < 4; g++) {
        int wide = g == 0 || g == 3;
        doc_heading(d, 3, 0, "%s", ps_jsl(d->lang, groups[g]));
        for (int half = 0; half < (wide ? 2 : 1); half++) {
            int first = wide ? half * PS_IO12_N / 2 : 0, ncols = wide ? PS_IO12_N / 2 : 2;
            doc_table *t = doc_table_new(d, ps_jsl(d->lang, groups[g]), (size_t)ncols + 1);
            t->width[0] = 1.5;
            for (int k = 1; k <= ncols; k++)
                t->right[k] = 1;
            size_t r = doc_row(t, DOC_ROW_HEAD);
            doc_cell(t, r, 0, J(INST_KEY));
            for (int i = 0; i < ncols; i++)
                doc_cell(t, r, (size_t)i + 1, ps_jsl(d->lang, g == 1 ? g1[i] : g == 2 ? g2[i] : io_labels[first + i]));
            for (size_t k = 0; k < s->ninstances; k++) {
                const ps_js_instance *in = &s->instances[k];
                r = doc_row(t, DOC_ROW_BODY);
                doc_cell(t, r, 0, in->name);
                for (int i = 0; i < ncols; i++)
                    figure_cell(t, r, (size_t)i + 1, in, fig_get(&in->computed, g, first + i),
                                fig_get(&in->reported, g, first + i));
            }
        }
    }
}

static void host_table(ps_doc *d, const ps_js_server *s)
{
    const ps_js_host_row *h = s->nhost ? s->host : s->report ? s->report->host : NULL;
    size_t nh = s->nhost ? s->nhost : s->report ? s->report->nhost : 0;
    if (!nh)
        return;
    doc_heading(d, 3, 0, "%s", J(HOST));
    doc_table *t = doc_table_new(d, J(HOST), 4);
    t->width[0] = 3;
    t->right[1] = t->right[2] = t->right[3] = 1;
    size_t r = doc_row(t, DOC_ROW_HEAD);
    doc_cell(t, r, 0, J(COUNTER));
    doc_cell(t, r, 1, J(AVERAGE));
    doc_cell(t, r, 2, J(MINIMUM));
    doc_cell(t, r, 3, J(MAXIMUM));
    for (size_t i = 0; i < nh; i++) {
        char a[48];
        r = doc_row(t, DOC_ROW_BODY);
        doc_cell(t, r, 0, h[i].counter);
        doc_cell(t, r, 1, ps_fmt_num(a, sizeof a, h[i].avg, 3));
        doc_cell(t, r, 2, ps_fmt_num(a, sizeof a, h[i].min, 3));
        doc_cell(t, r, 3, ps_fmt_num(a, sizeof a, h[i].max, 3));
    }
}

/* A chart block of server s with the id "<machine>.<test>.<what>". */
static doc_chart *chart_block(ps_doc *d, const ps_js_server *s, enum doc_chart_kind kind, const char *what,
                              const char *title, const char *ylabel)
{
    doc_block *b = doc_add(d, DOC_CHART, NULL);
    doc_chart *c = ps_xcalloc(1, sizeof *c);
    c->kind = kind;
    ps_buf id = {0};
    ps_buf_printf(&id, "%s.%s.%s", s->machine ? s->machine : "unknown", ps_test_type_name(s->test_type), what);
    c->id = ps_buf_steal(&id);
    c->title = ps_xstrdup(title);
    c->ylabel = ps_xstrdup(ylabel);
    c->threshold = NAN;
    c->lang = d->lang;
    b->chart = c;
    return c;
}

static size_t lower_bound(const ps_series *s, ps_time t)
{
    size_t lo = 0, hi = s->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (s->t[mid] < t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* UTC - local time of the series: the loader's (s->local_minus_utc) when it gives one, else the
 * multiple of 15 minutes (within 14 hours) for which the shifted window holds exactly
 * window_samples samples, nearest to zero first. Returns 0 when there is none. */
static int window_offset(const ps_series *ref, const ps_js_server *s, ps_time *off)
{
    if (s->has_local_minus_utc) {
        *off = -s->local_minus_utc;
        return 1;
    }
    const ps_time q = 15 * 60 * 1000;
    for (int k = 0; k <= 56; k++)
        for (int sign = 1; sign >= -1; sign -= 2) {
            *off = (ps_time)(sign * k) * q;
            size_t in = lower_bound(ref, s->window_end + *off + 1) - lower_bound(ref, s->window_start + *off);
            if (in == s->window_samples)
                return 1;
        }
    return 0;
}

/* Place the collection window (logs' local time) on the series (UTC), shade what lies outside
 * the window and let the x axis show local time. Without an offset the axis stays in UTC,
 * unshaded. */
static void place_window(doc_chart *c, const ps_js_server *s)
{
    const ps_series *ref = NULL;
    for (size_t i = 0; i < c->nseries && !ref; i++)
        if (c->series[i].n)
            ref = &c->series[i];
    ps_time off;
    if (!ref || s->window_start == PS_TIME_NONE || s->window_end == PS_TIME_NONE || !s->window_samples ||
        !window_offset(ref, s, &off))
        return;
    ps_time lo = ref->t[0], hi = ref->t[ref->n - 1], ws = s->window_start + off, we = s->window_end + off;
    for (size_t i = 0; i < c->nseries; i++) /* the span of all series, not only the first one's */
        if (c->series[i].n) {
            lo = c->series[i].t[0] < lo ? c->series[i].t[0] : lo;
            hi = c->series[i].t[c->series[i].n - 1] > hi ? c->series[i].t[c->series[i].n - 1] : hi;
        }
    c->has_local = 1;
    c->to_local = -off;
    c->shade = ps_xcalloc(2, sizeof *c->shade);
    if (ws > lo)
        c->shade[c->nshade++] = (doc_span){lo, ws};
    if (we < hi)
        c->shade[c->nshade++] = (doc_span){we, hi};
}

/* A time chart of one series per instance, window placed. */
static doc_chart *time_chart(ps_doc *d, const ps_js_server *s, const char *what, const char *title, const char *unit,
                             ps_series *series)
{
    doc_chart *c = chart_block(d, s, DOC_CHART_TIME, what, title, unit);
    c->series = series;
    c->nseries = s->nseries;
    place_window(c, s);
    return c;
}

/* The average-latency limits the judge applied to s: its verdict's profile ("jetstress-2013/strict"),
 * else the thresholds of its JetstressConfig.xml; NaN where there is none. */
static ps_js_threshold_set server_limits(const ps_js_server *s)
{
    ps_js_threshold_set set = {NAN, NAN, NAN, NAN};
    const char *p = s->verdict.profile;
    if (p) {
        char *base = ps_xstrndup(p, strcspn(p, "/ "));
        int rc = ps_js_profile_set(base, strstr(p, "/lenient") != NULL, &set);
        free(base);
        if (rc == 0)
            return set;
    }
    if (s->config && s->config->has_lenient && s->test_type == PS_TEST_STRESS)
        return s->config->lenient;
    if (s->config && s->config->has_strict)
        return s->config->strict;
    return (ps_js_threshold_set){NAN, NAN, NAN, NAN};
}

/* "limit 20 ms" (fmt PS_MSG_CHART_LIMIT or _AVG_LIMIT) in d's language; NULL for NaN. */
static char *limit_text(const ps_doc *d, enum ps_msg_id fmt, double ms)
{
    if (isnan(ms))
        return NULL;
    char num[32], text[128];
    snprintf(text, sizeof text, ps_msg(d->lang, fmt),
             ps_lang_num(d->lang, num, sizeof num, ms, ms == floor(ms) ? 0 : 1));
    return ps_xstrdup(text);
}

static void charts(ps_doc *d, const ps_js_server *s)
{
    size_t samples = 0;
    for (size_t i = 0; i < s->nseries; i++)
        samples += (s->series_iops ? s->series_iops[i].n : 0) + (s->series_read_lat ? s->series_read_lat[i].n : 0);
    size_t n = s->ninstances;
    if (!samples && !n)
        return;
    ps_js_threshold_set lim = server_limits(s);
    doc_heading(d, 3, 0, "%s", ps_msg(d->lang, PS_MSG_CHARTS));
    if (samples && s->series_iops) {
        doc_chart *c = time_chart(d, s, "iops", ps_msg(d->lang, PS_MSG_CHART_IOPS_TITLE), "IOPS", s->series_iops);
        c->envelope = 1; /* worst: the lowest rate */
    }
    if (samples && s->series_read_lat) {
        doc_chart *c =
            time_chart(d, s, "read_latency", ps_msg(d->lang, PS_MSG_CHART_READ_LAT_TITLE), "ms", s->series_read_lat);
        c->envelope = c->worst_high = 1;
        c->threshold = lim.avg_db_read_ms;
        c->threshold_label = limit_text(d, PS_MSG_CHART_AVG_LIMIT, lim.avg_db_read_ms);
    }
    if (!n)
        return;
    static const enum ps_msg_id lat_bars[] = {PS_MSG_CHART_DB_READ_LAT, PS_MSG_CHART_DB_WRITE_LAT,
                                              PS_MSG_CHART_LOG_WRITE_LAT};
    static const int lat_idx[] = {0, 1, 7};
    static const enum ps_msg_id rate_bars[] = {PS_MSG_CHART_DB_READS, PS_MSG_CHART_DB_WRITES, PS_MSG_CHART_LOG_WRITES};
    static const int rate_idx[] = {2, 3, 9};
    /* the averages each latency bar is judged against: DB reads and log writes (no DB write limit) */
    const double lat_limit[] = {lim.avg_db_read_ms, NAN, lim.avg_log_write_ms};
    for (int which = 0; which < 2; which++) {
        doc_chart *c = chart_block(d, s, DOC_CHART_BARS, which ? "rates" : "latencies",
                                   ps_msg(d->lang, which ? PS_MSG_CHART_RATES_TITLE : PS_MSG_CHART_LATENCIES_TITLE),
                                   which ? ps_msg(d->lang, PS_MSG_CHART_PER_SECOND) : "ms");
        c->ngroups = n;
        c->nbars = 3;
        c->groups = ps_xcalloc(n, sizeof *c->groups);
        c->bars = ps_xcalloc(3, sizeof *c->bars);
        c->values = ps_xcalloc(n * 3, sizeof *c->values);
        for (size_t b = 0; b < 3; b++)
            c->bars[b] = ps_xstrdup(ps_msg(d->lang, which ? rate_bars[b] : lat_bars[b]));
        for (size_t i = 0; i < n; i++) {
            const ps_js_instance *in = &s->instances[i];
            c->groups[i] = ps_xstrdup(in->name);
            const ps_io12 *io = in->has_computed ? &in->computed.transactional : &in->reported.transactional;
            for (size_t b = 0; b < 3; b++)
                c->values[i * 3 + b] = ps_io12_get(io, which ? rate_idx[b] : lat_idx[b]);
        }
        if (!which) {
            c->bar_limit = ps_xcalloc(3, sizeof *c->bar_limit);
            c->bar_limit_label = ps_xcalloc(3, sizeof *c->bar_limit_label);
            for (size_t b = 0; b < 3; b++) {
                c->bar_limit[b] = lat_limit[b];
                c->bar_limit_label[b] = limit_text(d, PS_MSG_CHART_LIMIT, lat_limit[b]);
            }
        }
    }
}

static void recovery_table(ps_doc *d, const ps_js_server *s)
{
    if (!s->report || !s->report->nrecovery)
        return;
    int backup = s->test_type == PS_TEST_BACKUP;
    doc_heading(d, 3, 0, "%s", backup ? J(BACKUP_STATS) : J(SOFTREC_STATS));
    doc_table *t = doc_table_new(d, backup ? J(BACKUP_STATS) : J(SOFTREC_STATS), 4);
    t->width[0] = 2;
    t->right[1] = t->right[2] = t->right[3] = 1;
    size_t r = doc_row(t, DOC_ROW_HEAD);
    doc_cell(t, r, 0, J(DB_INSTANCE));
    doc_cell(t, r, 1, backup ? J(DB_SIZE_MB) : J(LOGS_REPLAYED));
    doc_cell(t, r, 2, J(ELAPSED_S));
    doc_cell(t, r, 3, backup ? J(MB_PER_SEC) : J(SEC_PER_LOG));
    for (size_t i = 0; i < s->report->nrecovery; i++) {
        const ps_js_recovery_row *rr = &s->report->recovery[i];
        char a[48];
        r = doc_row(t, rr->is_summary ? DOC_ROW_TOTAL : DOC_ROW_BODY);
        doc_cell(t, r, 0, rr->label);
        doc_cell(t, r, 1, ps_fmt_num(a, sizeof a, backup ? rr->db_size_mb : rr->logs_replayed, backup ? 3 : 0));
        doc_cell(t, r, 2, ps_fmt_num(a, sizeof a, rr->elapsed_s, 3));
        double v = backup ? rr->mb_per_sec : rr->sec_per_log;
        if (isnan(v) && !backup && rr->logs_replayed > 0)
            v = rr->elapsed_s / rr->logs_replayed;
        doc_cell(t, r, 3, ps_fmt_num(a, sizeof a, v, 3));
    }
}

static void verdict_and_log(ps_doc *d, const ps_js_server *s)
{
    if (s->verdict.nreasons) {
        doc_heading(d, 3, 0, "%s", ps_msg(d->lang, PS_MSG_VERDICT_DETAILS));
        doc_block *b = doc_add(d, DOC_LIST, NULL);
        b->lines = ps_xcalloc(s->verdict.nreasons, sizeof *b->lines);
        for (size_t i = 0; i < s->verdict.nreasons; i++)
            b->lines[b->nlines++] = ps_js_reason_words(d->lang, &s->verdict.reasons[i]);
    }
    if (!s->report || !s->report->nevents)
        return;
    doc_heading(d, 3, 0, "%s", J(TEST_LOG));
    doc_block *b = doc_add(d, DOC_LOG, NULL);
    b->lines = ps_xcalloc(s->report->nevents, sizeof *b->lines);
    for (size_t i = 0; i < s->report->nevents; i++) {
        const ps_js_event *e = &s->report->events[i];
        char t[48];
        ps_buf line = {0};
        if (e->when != PS_TIME_NONE)
            ps_buf_printf(&line, "%s -- ", doc_time(t, sizeof t, e->when));
        ps_buf_puts(&line, e->text ? e->text : "");
        b->lines[b->nlines++] = ps_buf_steal(&line);
    }
}

static int same_machine(const ps_js_server *a, const ps_js_server *b)
{
    if (!a->machine || !b->machine)
        return a->machine == b->machine;
    return strcmp(a->machine, b->machine) == 0;
}

void doc_appendix_letter(int i, char *out, size_t n)
{
    if (i < 26)
        snprintf(out, n, "%c", 'A' + i);
    else
        snprintf(out, n, "%c%d", 'A' + i % 26, i / 26);
}

int doc_build_appendices(ps_doc *d, const ps_js_run *run)
{
    int letter = 0;
    for (size_t i = 0; i < run->nservers; i++) {
        const ps_js_server *first = &run->servers[i];
        int seen = 0;
        for (size_t k = 0; k < i && !seen; k++)
            seen = same_machine(&run->servers[k], first);
        if (seen)
            continue;
        char l[16];
        doc_appendix_letter(letter++, l, sizeof l);
        doc_heading(d, 1, 1, ps_msg(d->lang, PS_MSG_APPENDIX_TITLE), l, first->machine ? first->machine : "?");
        int nth = 0;
        for (size_t o = 0; o < sizeof test_order / sizeof test_order[0]; o++)
            for (size_t k = i; k < run->nservers; k++) {
                const ps_js_server *s = &run->servers[k];
                if (!same_machine(s, first) || s->test_type != test_order[o])
                    continue;
                char title[160];
                test_title(d->lang, s, title, sizeof title);
                doc_heading(d, 2, nth++ > 0, "%s – %s", title, s->machine ? s->machine : "unknown");
                report_title(d, s);
                summary_tables(d, s);
                instance_tables(d, s);
                host_table(d, s);
                recovery_table(d, s);
                charts(d, s);
                verdict_and_log(d, s);
            }
    }
    return letter;
}
