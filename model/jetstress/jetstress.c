/* jetstress.c - small helpers of the Jetstress model: names, column access, freeing. */
#include "ps_model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const struct {
    enum ps_test_type t;
    const char *name;
    const char *alias;
} test_names[] = {
    {PS_TEST_PERFORMANCE, "Performance", "perf"},
    {PS_TEST_STRESS, "Stress", "stress"},
    {PS_TEST_BACKUP, "DatabaseBackup", "backup"},
    {PS_TEST_SOFTRECOVERY, "SoftRecovery", "soft recovery"},
};

const char *ps_test_type_name(enum ps_test_type t)
{
    for (size_t i = 0; i < sizeof test_names / sizeof test_names[0]; i++)
        if (test_names[i].t == t)
            return test_names[i].name;
    return "Unknown";
}

enum ps_test_type ps_test_type_parse(const char *s)
{
    if (!s)
        return PS_TEST_UNKNOWN;
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r'))
        n--;
    for (size_t i = 0; i < sizeof test_names / sizeof test_names[0]; i++) {
        if ((strlen(test_names[i].name) == n && strncasecmp(s, test_names[i].name, n) == 0) ||
            (strlen(test_names[i].alias) == n && strncasecmp(s, test_names[i].alias, n) == 0))
            return test_names[i].t;
    }
    if (n == 12 && strncasecmp(s, "softrecovery", n) == 0)
        return PS_TEST_SOFTRECOVERY;
    if (n == 15 && strncasecmp(s, "database backup", n) == 0)
        return PS_TEST_BACKUP;
    return PS_TEST_UNKNOWN;
}

static const char *const io12_keys[PS_IO12_N] = {"db_read_latency_ms",  "db_write_latency_ms",  "db_reads_per_sec",
                                                 "db_writes_per_sec",   "db_read_bytes",        "db_write_bytes",
                                                 "log_read_latency_ms", "log_write_latency_ms", "log_reads_per_sec",
                                                 "log_writes_per_sec",  "log_read_bytes",       "log_write_bytes"};

double *ps_io12_at(ps_io12 *io, int i)
{
    double *f[PS_IO12_N] = {&io->db_read_latency_ms,  &io->db_write_latency_ms,  &io->db_reads_per_sec,
                            &io->db_writes_per_sec,   &io->db_read_bytes,        &io->db_write_bytes,
                            &io->log_read_latency_ms, &io->log_write_latency_ms, &io->log_reads_per_sec,
                            &io->log_writes_per_sec,  &io->log_read_bytes,       &io->log_write_bytes};
    return (i >= 0 && i < PS_IO12_N) ? f[i] : NULL;
}

double ps_io12_get(const ps_io12 *io, int i)
{
    double *p = ps_io12_at((ps_io12 *)io, i);
    return p ? *p : NAN;
}

const char *ps_io12_key(int i)
{
    return (i >= 0 && i < PS_IO12_N) ? io12_keys[i] : NULL;
}

void ps_io12_clear(ps_io12 *io)
{
    for (int i = 0; i < PS_IO12_N; i++)
        *ps_io12_at(io, i) = NAN;
}

void ps_js_figures_clear(ps_js_figures *f)
{
    ps_io12_clear(&f->transactional);
    ps_io12_clear(&f->total);
    f->maint_reads_per_sec = f->maint_read_bytes = NAN;
    f->repl_log_reads_per_sec = f->repl_log_read_bytes = NAN;
}

void ps_js_summary_clear(ps_js_summary *s)
{
#define CLEAR(f) s->f = NAN;
    PS_JS_SUMMARY_FIELDS(CLEAR)
#undef CLEAR
}

ps_verdict_reason *ps_verdict_add(ps_verdict *v, enum ps_vr_kind kind, const char *machine)
{
    v->reasons = ps_xrealloc(v->reasons, (v->nreasons + 1) * sizeof *v->reasons);
    ps_verdict_reason *r = &v->reasons[v->nreasons++];
    memset(r, 0, sizeof *r);
    r->kind = kind;
    r->machine = machine ? ps_xstrdup(machine) : NULL;
    r->value = r->limit = r->max_errors = r->target = NAN;
    r->exact = 1;
    return r;
}

void ps_verdict_add_text(ps_verdict *v, const char *text)
{
    ps_verdict_add(v, PS_VR_TEXT, NULL)->text = ps_xstrdup(text ? text : "");
}

static const char *const vsrc_names[] = {"none", "recomputed", "reported", "both"};
static const char *const vsrc_words[] = {"no criteria", "recomputed", "as reported, not recomputed",
                                         "reported and recomputed"};

const char *ps_verdict_source_name(enum ps_verdict_source s)
{
    return (unsigned)s < sizeof vsrc_names / sizeof vsrc_names[0] ? vsrc_names[s] : NULL;
}

enum ps_verdict_source ps_verdict_source_parse(const char *name)
{
    for (size_t i = 0; name && i < sizeof vsrc_names / sizeof vsrc_names[0]; i++)
        if (strcmp(name, vsrc_names[i]) == 0)
            return (enum ps_verdict_source)i;
    return PS_VSRC_NONE;
}

const char *ps_verdict_source_words(enum ps_verdict_source s)
{
    return (unsigned)s < sizeof vsrc_words / sizeof vsrc_words[0] ? vsrc_words[s] : NULL;
}

void ps_verdict_fini(ps_verdict *v)
{
    for (size_t i = 0; i < v->nfailures; i++) {
        ps_js_failure *f = &v->failures[i];
        free(f->instance);
        free(f->zone_name);
        ps_series_fini(&f->zoom);
    }
    free(v->failures);
    for (size_t i = 0; i < v->nreasons; i++) {
        ps_verdict_reason *r = &v->reasons[i];
        free(r->machine);
        free(r->instance);
        free(r->printed_reason);
        free(r->profile);
        free(r->file);
        free(r->text);
    }
    free(v->reasons);
    free(v->profile);
    memset(v, 0, sizeof *v);
}

static void instances_free(ps_js_instance *in, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(in[i].name);
        free(in[i].log_path);
        free(in[i].db_path);
    }
    free(in);
}

static void host_free(ps_js_host_row *h, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(h[i].counter);
    free(h);
}

void ps_js_report_free(ps_js_report *r)
{
    if (!r)
        return;
    free(r->source);
    free(r->language);
    free(r->result_reason);
    free(r->machine);
    free(r->description);
    free(r->jetstress_version);
    free(r->ese_version);
    free(r->os);
    for (size_t i = 0; i < r->nperf_logs; i++)
        free(r->perf_logs[i]);
    free(r->perf_logs);
    instances_free(r->instances, r->ninstances);
    host_free(r->host, r->nhost);
    for (size_t i = 0; i < r->nrecovery; i++)
        free(r->recovery[i].label);
    free(r->recovery);
    for (size_t i = 0; i < r->nevents; i++) {
        free(r->events[i].who);
        free(r->events[i].what);
        free(r->events[i].text);
    }
    free(r->events);
    free(r);
}

void ps_js_config_free(ps_js_config *c)
{
    if (!c)
        return;
    free(c->source);
    free(c->jetstress_version);
    free(c->ese_version);
    free(c);
}

void ps_js_run_free(ps_js_run *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->nservers; i++) {
        ps_js_server *s = &r->servers[i];
        free(s->machine);
        free(s->jetstress_version);
        instances_free(s->instances, s->ninstances);
        ps_js_report_free(s->report);
        ps_js_config_free(s->config);
        for (size_t k = 0; k < s->nlogs; k++)
            free(s->logs[k]);
        free(s->logs);
        host_free(s->host, s->nhost);
        ps_verdict_fini(&s->verdict);
        ps_qualification_fini(&s->qualification);
        free(s->ignored_report);
        ps_js_server_stats_free(s->stats);
        ps_js_watch_free(s->watch);
        for (size_t k = 0; k < s->nseries; k++) {
            if (s->series_iops)
                ps_series_fini(&s->series_iops[k]);
            if (s->series_read_lat)
                ps_series_fini(&s->series_read_lat[k]);
        }
        free(s->series_iops);
        free(s->series_read_lat);
    }
    free(r->servers);
    ps_warnings_fini(&r->warnings);
    free(r);
}
