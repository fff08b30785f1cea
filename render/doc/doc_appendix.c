/* doc_appendix.c - per-machine appendices of the ESRP document: one section per test found,
 * with the Jetstress tables (recomputed figures, reported ones beside them where they differ),
 * charts of the per-instance time series, and the test log. */
#include "doc_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define INSTANCES_PER_TABLE 4

static const char *const io_labels[PS_IO12_N] = {
    "I/O Database Reads Average Latency (msec)", "I/O Database Writes Average Latency (msec)",
    "I/O Database Reads/sec", "I/O Database Writes/sec", "I/O Database Reads Average Bytes",
    "I/O Database Writes Average Bytes", "I/O Log Reads Average Latency (msec)",
    "I/O Log Writes Average Latency (msec)", "I/O Log Reads/sec", "I/O Log Writes/sec",
    "I/O Log Reads Average Bytes", "I/O Log Writes Average Bytes"};

/* Order of the tests inside one appendix. */
static const enum ps_test_type test_order[] = {PS_TEST_PERFORMANCE, PS_TEST_STRESS, PS_TEST_BACKUP,
                                               PS_TEST_SOFTRECOVERY, PS_TEST_UNKNOWN};

static const char *const test_titles[] = {"Performance Test", "Stress Test", "Database Backup Test",
                                          "Soft Recovery Test", "Test"};

/* "Performance Test (2 hours)": the duration is the collection window's, rounded to hours (to
 * minutes below one hour); none for backup / soft recovery or without a window. */
static void test_title(const ps_js_server *s, size_t o, char *out, size_t n)
{
    ps_time span = s->window_start != PS_TIME_NONE && s->window_end != PS_TIME_NONE ? s->window_end - s->window_start : 0;
    long hours = (long)((span + 1800000) / 3600000), minutes = (long)((span + 30000) / 60000);
    if (o >= 2 || span <= 0)
        snprintf(out, n, "%s", test_titles[o]);
    else if (hours >= 1)
        snprintf(out, n, "%s (%ld hour%s)", test_titles[o], hours, hours == 1 ? "" : "s");
    else
        snprintf(out, n, "%s (%ld minute%s)", test_titles[o], minutes, minutes == 1 ? "" : "s");
}

static void kv(doc_table *t, const char *k, const char *v)
{
    size_t r = doc_row(t, DOC_ROW_BODY);
    doc_cell(t, r, 0, k);
    doc_cell(t, r, 1, v ? v : "n/a");
}

static void kvnum(doc_table *t, const char *k, double v, int dec, const char *unit)
{
    char b[64];
    size_t r = doc_row(t, DOC_ROW_BODY);
    doc_cell(t, r, 0, k);
    if (unit && !isnan(v))
        doc_cellf(t, r, 1, "%s%s", ps_fmt_num(b, sizeof b, v, dec), unit);
    else
        doc_cell(t, r, 1, ps_fmt_num(b, sizeof b, v, dec));
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

static const char *verdict_text(const ps_js_server *s, char *b, size_t n)
{
    const char *mine = s->verdict.result == PS_VERDICT_PASS   ? "Pass"
                       : s->verdict.result == PS_VERDICT_FAIL ? "Fail"
                                                              : "not judged";
    if (s->report && s->report->result >= 0)
        snprintf(b, n, "%s (recomputed%s%s); Jetstress reported %s%s%s", mine, s->verdict.profile ? ", " : "",
                 s->verdict.profile ? s->verdict.profile : "", s->report->result ? "Pass" : "Fail",
                 s->report->result_reason ? " - " : "", s->report->result_reason ? s->report->result_reason : "");
    else
        snprintf(b, n, "%s (recomputed%s%s)", mine, s->verdict.profile ? ", " : "",
                 s->verdict.profile ? s->verdict.profile : "");
    return b;
}

static void summary_tables(ps_doc *d, const ps_js_server *s)
{
    const ps_js_report *r = s->report;
    char b[1024], t1[48], t2[48];
    doc_table *t = kv_table(d, "Test Summary");
    kv(t, "Overall Test Result", verdict_text(s, b, sizeof b));
    kv(t, "Machine Name", s->machine);
    kv(t, "Test Type", ps_test_type_name(s->test_type));
    kv(t, "Test Description", r ? r->description : NULL);
    kv(t, "Test Start Time", doc_time(t1, sizeof t1, r ? r->test_start : PS_TIME_NONE));
    kv(t, "Test End Time", doc_time(t1, sizeof t1, r ? r->test_end : PS_TIME_NONE));
    kv(t, "Collection Start Time", doc_time(t1, sizeof t1, s->window_start));
    kv(t, "Collection End Time", doc_time(t2, sizeof t2, s->window_end));
    kv(t, "Jetstress Version", s->jetstress_version);
    kv(t, "ESE Version", r ? r->ese_version : NULL);
    kv(t, "Operating System", r ? r->os : NULL);
    ps_buf logs = {0};
    for (size_t i = 0; i < s->nlogs; i++)
        ps_buf_printf(&logs, "%s%s", i ? "\n" : "", s->logs[i]);
    kv(t, "Performance Log", logs.len ? logs.data : "none read");
    ps_buf_fini(&logs);
    snprintf(b, sizeof b, "%llu", (unsigned long long)s->window_samples);
    kv(t, "Samples in the collection window", b);

    t = kv_table(d, "Database Sizing and Throughput");
    double achieved = s->summary.achieved_transactional_iops;
    kvnum(t, "Achieved Transactional I/O per Second (recomputed)", achieved, 3, NULL);
    if (r)
        kvnum(t, "Achieved Transactional I/O per Second (reported)", r->achieved_iops, 3, NULL);
    kvnum(t, "Target Transactional I/O per Second", s->summary.target_transactional_iops, 0, NULL);
    if (r) {
        kvnum(t, "Initial Database Size (bytes)", r->initial_db_bytes, 0, NULL);
        kvnum(t, "Final Database Size (bytes)", r->final_db_bytes, 0, NULL);
        kvnum(t, "Database Files (Count)", r->db_files, 0, NULL);

        t = kv_table(d, "Jetstress System Parameters");
        kvnum(t, "Thread Count", r->thread_count, 0, NULL);
        kvnum(t, "Minimum Database Cache", r->min_cache_mb, 1, " MB");
        kvnum(t, "Maximum Database Cache", r->max_cache_mb, 1, " MB");
        kvnum(t, "Insert Operations", r->insert_pct, 0, "%");
        kvnum(t, "Delete Operations", r->delete_pct, 0, "%");
        kvnum(t, "Replace Operations", r->replace_pct, 0, "%");
        kvnum(t, "Read Operations", r->read_pct, 0, "%");
        kvnum(t, "Lazy Commits", r->lazy_commit_pct, 0, "%");
        kv(t, "Run Background Database Maintenance", r->bdm < 0 ? "n/a" : r->bdm ? "True" : "False");
        kvnum(t, "Number of Copies per Database", r->copies_per_db, 0, NULL);
    }
    int paths = 0;
    for (size_t i = 0; i < s->ninstances; i++)
        paths |= s->instances[i].log_path || s->instances[i].db_path;
    if (paths) {
        t = doc_table_new(d, "Database Configuration", 3);
        size_t row = doc_row(t, DOC_ROW_HEAD);
        doc_cell(t, row, 0, "Instance");
        doc_cell(t, row, 1, "Log path");
        doc_cell(t, row, 2, "Database");
        for (size_t i = 0; i < s->ninstances; i++) {
            row = doc_row(t, DOC_ROW_BODY);
            doc_cell(t, row, 0, s->instances[i].name);
            doc_cell(t, row, 1, s->instances[i].log_path ? s->instances[i].log_path : "n/a");
            doc_cell(t, row, 2, s->instances[i].db_path ? s->instances[i].db_path : "n/a");
        }
    }
}

/* Cell text: the recomputed value, and the reported one beside it when they differ. */
static void figure_cell(doc_table *t, size_t row, size_t col, const ps_js_instance *in, double comp, double rep)
{
    char a[48], b[48];
    if (!in->has_computed) {
        doc_cell(t, row, col, ps_fmt_num(b, sizeof b, rep, 3));
        return;
    }
    doc_cell(t, row, col, ps_fmt_num(a, sizeof a, comp, 3));
    if (!in->has_reported || isnan(rep))
        return;
    double tol = fmax(0.0005, 0.001 * fabs(rep));
    if (isnan(comp) || fabs(comp - rep) > tol) {
        doc_cellf(t, row, col, "%s\nreport: %s", a, ps_fmt_num(b, sizeof b, rep, 3));
        t->flag[row * t->ncols + col] = 1;
    }
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

static void instance_tables(ps_doc *d, const ps_js_server *s)
{
    static const char *const groups[] = {"Transactional I/O Performance", "Background Database Maintenance I/O Performance",
                                         "Log Replication I/O Performance", "Total I/O Performance"};
    static const char *const g1[] = {"Database Maintenance IO Reads/sec", "Database Maintenance IO Reads Average Bytes"};
    static const char *const g2[] = {"I/O Log Reads/sec", "I/O Log Reads Average Bytes"};
    int any_comp = 0, any_rep = 0;
    for (size_t i = 0; i < s->ninstances; i++) {
        any_comp |= s->instances[i].has_computed;
        any_rep |= s->instances[i].has_reported;
    }
    if (!s->ninstances || (!any_comp && !any_rep))
        return;
    doc_heading(d, 3, 0, "Instance I/O Performance");
    doc_add(d, DOC_NOTE, any_comp && any_rep
                             ? "Values recomputed from the counter logs over the collection window; where the "
                               "Jetstress report prints a different value, it is shown below (\"report:\") and "
                               "the cell is highlighted."
                         : any_comp ? "Values recomputed from the counter logs over the collection window."
                                    : "Values as printed in the Jetstress report (no counter log was read).");
    for (size_t first = 0; first < s->ninstances; first += INSTANCES_PER_TABLE) {
        size_t n = s->ninstances - first < INSTANCES_PER_TABLE ? s->ninstances - first : INSTANCES_PER_TABLE;
        doc_table *t = doc_table_new(d, "Instance I/O Performance", n + 1);
        t->width[0] = 2.6;
        for (size_t k = 1; k <= n; k++)
            t->right[k] = 1;
        size_t r = doc_row(t, DOC_ROW_HEAD);
        doc_cell(t, r, 0, "MSExchange Database ==> Instances");
        for (size_t k = 0; k < n; k++)
            doc_cell(t, r, k + 1, s->instances[first + k].name);
        for (int g = 0; g < 4; g++) {
            r = doc_row(t, DOC_ROW_GROUP);
            doc_cell(t, r, 0, groups[g]);
            int nrows = (g == 1 || g == 2) ? 2 : PS_IO12_N;
            for (int i = 0; i < nrows; i++) {
                r = doc_row(t, DOC_ROW_BODY);
                doc_cell(t, r, 0, g == 1 ? g1[i] : g == 2 ? g2[i] : io_labels[i]);
                for (size_t k = 0; k < n; k++) {
                    const ps_js_instance *in = &s->instances[first + k];
                    figure_cell(t, r, k + 1, in, fig_get(&in->computed, g, i), fig_get(&in->reported, g, i));
                }
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
    doc_heading(d, 3, 0, "Host System Performance");
    doc_table *t = doc_table_new(d, "Host System Performance", 4);
    t->width[0] = 3;
    t->right[1] = t->right[2] = t->right[3] = 1;
    size_t r = doc_row(t, DOC_ROW_HEAD);
    doc_cell(t, r, 0, "Counter");
    doc_cell(t, r, 1, "Average");
    doc_cell(t, r, 2, "Minimum");
    doc_cell(t, r, 3, "Maximum");
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
    for (size_t i = 0; i < c->nseries; i++)   /* the span of all series, not only the first one's */
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
static doc_chart *time_chart(ps_doc *d, const ps_js_server *s, const char *what, const char *title,
                             const char *unit, ps_series *series)
{
    doc_chart *c = chart_block(d, s, DOC_CHART_TIME, what, title, unit);
    c->series = series;
    c->nseries = s->nseries;
    place_window(c, s);
    return c;
}

static void charts(ps_doc *d, const ps_js_server *s)
{
    size_t samples = 0;
    for (size_t i = 0; i < s->nseries; i++)
        samples += (s->series_iops ? s->series_iops[i].n : 0) + (s->series_read_lat ? s->series_read_lat[i].n : 0);
    size_t n = s->ninstances;
    if (!samples && !n)
        return;
    doc_heading(d, 3, 0, "Charts");
    if (samples && s->series_iops)
        time_chart(d, s, "iops", "Database I/O per second per instance (reads + writes)", "IOPS", s->series_iops);
    if (samples && s->series_read_lat) {
        doc_chart *c = time_chart(d, s, "read_latency", "Database read latency per instance", "ms", s->series_read_lat);
        c->threshold = 20;
        c->threshold_label = ps_xstrdup("20 ms");
    }
    if (!n)
        return;
    static const char *const lat_bars[] = {"DB read latency", "DB write latency", "Log write latency"};
    static const int lat_idx[] = {0, 1, 7};
    static const char *const rate_bars[] = {"DB reads/s", "DB writes/s", "Log writes/s"};
    static const int rate_idx[] = {2, 3, 9};
    for (int which = 0; which < 2; which++) {
        doc_chart *c = chart_block(d, s, DOC_CHART_BARS, which ? "rates" : "latencies",
                                   which ? "Transactional I/O rates per instance" : "Average latencies per instance",
                                   which ? "per second" : "ms");
        c->ngroups = n;
        c->nbars = 3;
        c->groups = ps_xcalloc(n, sizeof *c->groups);
        c->bars = ps_xcalloc(3, sizeof *c->bars);
        c->values = ps_xcalloc(n * 3, sizeof *c->values);
        for (size_t b = 0; b < 3; b++)
            c->bars[b] = ps_xstrdup(which ? rate_bars[b] : lat_bars[b]);
        for (size_t i = 0; i < n; i++) {
            const ps_js_instance *in = &s->instances[i];
            c->groups[i] = ps_xstrdup(in->name);
            const ps_io12 *io = in->has_computed ? &in->computed.transactional : &in->reported.transactional;
            for (size_t b = 0; b < 3; b++)
                c->values[i * 3 + b] = ps_io12_get(io, which ? rate_idx[b] : lat_idx[b]);
        }
        if (!which)
            c->threshold = 20;
    }
}

static void recovery_table(ps_doc *d, const ps_js_server *s)
{
    if (!s->report || !s->report->nrecovery)
        return;
    int backup = s->test_type == PS_TEST_BACKUP;
    doc_heading(d, 3, 0, backup ? "Database Backup Statistics" : "Soft Recovery Statistics");
    doc_table *t = doc_table_new(d, backup ? "Database Backup Statistics" : "Soft Recovery Statistics", 4);
    t->width[0] = 2;
    t->right[1] = t->right[2] = t->right[3] = 1;
    size_t r = doc_row(t, DOC_ROW_HEAD);
    doc_cell(t, r, 0, "Database Instance");
    doc_cell(t, r, 1, backup ? "Database Size (MBytes)" : "Log files replayed");
    doc_cell(t, r, 2, "Elapsed Seconds");
    doc_cell(t, r, 3, backup ? "MBytes/sec" : "Seconds per log");
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
        doc_heading(d, 3, 0, "Verdict Details");
        doc_block *b = doc_add(d, DOC_LIST, NULL);
        b->lines = ps_xcalloc(s->verdict.nreasons, sizeof *b->lines);
        for (size_t i = 0; i < s->verdict.nreasons; i++)
            b->lines[b->nlines++] = ps_xstrdup(s->verdict.reasons[i]);
    }
    if (!s->report || !s->report->nevents)
        return;
    doc_heading(d, 3, 0, "Test Log");
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

void doc_build_appendices(ps_doc *d, const ps_js_run *run)
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
        if (letter < 26)
            snprintf(l, sizeof l, "%c", 'A' + letter);
        else
            snprintf(l, sizeof l, "%c%d", 'A' + letter % 26, letter / 26);
        letter++;
        doc_heading(d, 1, 1, "Appendix %s – %s", l, first->machine ? first->machine : "unknown machine");
        int nth = 0;
        for (size_t o = 0; o < sizeof test_order / sizeof test_order[0]; o++)
            for (size_t k = i; k < run->nservers; k++) {
                const ps_js_server *s = &run->servers[k];
                if (!same_machine(s, first) || s->test_type != test_order[o])
                    continue;
                char title[64];
                test_title(s, o, title, sizeof title);
                doc_heading(d, 2, nth++ > 0, "%s – %s", title, s->machine ? s->machine : "unknown");
                summary_tables(d, s);
                instance_tables(d, s);
                host_table(d, s);
                recovery_table(d, s);
                charts(d, s);
                verdict_and_log(d, s);
            }
    }
}
