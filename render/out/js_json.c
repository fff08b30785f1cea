/* js_json.c - the Jetstress run as JSON (the schema of docs/formats.md), through the one JSON
 * writer (ps_json.h). */
#include "ps_render.h"
#include "js_out_internal.h"
#include "ps_js_words.h"

#include <stdlib.h>

#include <math.h>

/* A JSON array of strings. */
static void json_strings(ps_jw *j, const char *k, char *const *s, size_t n)
{
    ps_jw_karr(j, k);
    for (size_t i = 0; i < n; i++)
        ps_jw_str(j, s[i]);
    ps_jw_arr_end(j);
}

static void json_io12(ps_jw *j, const char *k, const ps_io12 *io)
{
    ps_jw_kobj(j, k);
    for (int i = 0; i < PS_IO12_N; i++)
        ps_jw_knum(j, ps_io12_key(i), ps_io12_get(io, i));
    ps_jw_obj_end(j);
}

/* "key":{"k1":v1,"k2":v2} */
static void json_pair(ps_jw *j, const char *key, const char *k1, double v1, const char *k2, double v2)
{
    ps_jw_kobj(j, key);
    ps_jw_knum(j, k1, v1);
    ps_jw_knum(j, k2, v2);
    ps_jw_obj_end(j);
}

static void json_figures(ps_jw *j, const ps_js_figures *f)
{
    json_io12(j, "transactional", &f->transactional);
    json_pair(j, "maintenance", "reads_per_sec", f->maint_reads_per_sec, "read_bytes", f->maint_read_bytes);
    json_pair(j, "replication", "log_reads_per_sec", f->repl_log_reads_per_sec, "log_read_bytes",
              f->repl_log_read_bytes);
    json_io12(j, "total", &f->total);
}

static void json_summary(ps_jw *j, const char *k, const ps_js_summary *m)
{
    ps_jw_kobj(j, k);
#define KNUM(f) ps_jw_knum(j, #f, m->f);
    PS_JS_SUMMARY_FIELDS(KNUM)
#undef KNUM
    ps_jw_obj_end(j);
}

/* Per-sample IOPS-weighted window means of the four latencies (logs only). */
static void json_io_weighted(ps_jw *j, const ps_js_server *s, size_t i)
{
    static const int lat[PS_IO12_NLAT] = PS_IO12_LATENCY_COLS;
    const ps_js_inst_acc *a = s->stats && i < s->stats->ninst ? &s->stats->inst[i] : NULL;
    ps_jw_key(j, "io_weighted");
    if (!a || !s->instances[i].has_computed) {
        ps_jw_null(j);
        return;
    }
    ps_jw_obj(j);
    for (size_t k = 0; k < sizeof lat / sizeof lat[0]; k++)
        ps_jw_knum(j, ps_io12_key(lat[k]), a->wrate[lat[k]] > 0 ? a->wsum[lat[k]] / a->wrate[lat[k]] : NAN);
    ps_jw_obj_end(j);
}

static void json_instance(ps_jw *j, const ps_js_server *s, size_t i)
{
    const ps_js_instance *in = &s->instances[i];
    ps_jw_obj(j);
    ps_jw_kstr(j, "instance", in->name);
    const ps_js_figures *fig = ps_js_instance_figures(in);
    ps_js_figures none;
    ps_js_figures_clear(&none);
    json_figures(j, fig ? fig : &none);
    ps_jw_key(j, "reported");
    if (in->has_reported) {
        ps_jw_obj(j);
        json_figures(j, &in->reported);
        ps_jw_obj_end(j);
    } else {
        ps_jw_null(j);
    }
    ps_jw_kstr(j, "source", in->has_computed ? "logs" : in->has_reported ? "report" : NULL);
    ps_jw_knum(j, "samples", in->has_computed ? (double)in->samples : NAN);
    json_io_weighted(j, s, i);
    ps_jw_obj_end(j);
}

/* Local wall-clock time without zone, null when absent. */
static void json_time(ps_jw *j, const char *k, ps_time t)
{
    char buf[40];
    js_local_iso(buf, sizeof buf, t);
    ps_jw_kstr(j, k, t == PS_TIME_NONE ? NULL : buf);
}

/* One failure explanation: {"reason","instance","metric","limit","samples","over","runs",
 * "longest_run":{"samples","first","last"},"worst":{"value","at"},"class","zone","text"}. */
static void json_failure(ps_jw *j, const ps_js_failure *x)
{
    ps_jw_obj(j);
    ps_jw_knum(j, "reason", (double)x->reason);
    ps_jw_kstr(j, "instance", x->instance);
    ps_jw_kstr(j, "metric", ps_js_metric_name(x->metric));
    ps_jw_kstr(j, "op", ps_thr_op_text((enum ps_thr_op)x->op));
    ps_jw_knum(j, "limit", x->limit);
    ps_jw_knum(j, "samples", (double)x->samples);
    ps_jw_knum(j, "over", (double)x->over);
    ps_jw_knum(j, "runs", (double)x->runs);
    ps_jw_kobj(j, "longest_run");
    ps_jw_knum(j, "samples", (double)x->longest);
    json_time(j, "first", x->longest_first);
    json_time(j, "last", x->longest_last);
    ps_jw_obj_end(j);
    ps_jw_kobj(j, "worst");
    ps_jw_knum(j, "value", x->worst);
    json_time(j, "at", x->worst_at);
    ps_jw_obj_end(j);
    ps_jw_kstr(j, "class", ps_js_failure_class_name(x->cls));
    ps_buf zone = {0};
    ps_js_failure_zone(NULL, &zone, x);
    char *text = ps_js_failure_words(NULL, x);
    ps_jw_kstr(j, "zone", zone.data);
    ps_jw_kstr(j, "text", text);
    ps_buf_fini(&zone);
    free(text);
    ps_jw_obj_end(j);
}

static void json_verdict(ps_jw *j, const ps_verdict *v)
{
    ps_jw_kobj(j, "verdict");
    ps_jw_kstr(j, "result", v->result == PS_VERDICT_PASS ? "pass" : v->result == PS_VERDICT_FAIL ? "fail" : "unknown");
    ps_jw_kstr(j, "source", v->source == PS_VSRC_NONE ? NULL : ps_verdict_source_name(v->source));
    ps_jw_kstr(j, "profile", v->profile);
    ps_jw_karr(j, "reasons");
    for (size_t k = 0; k < v->nreasons; k++) {
        char *t = ps_js_reason_words(NULL, &v->reasons[k]);
        ps_jw_str(j, t);
        free(t);
    }
    ps_jw_arr_end(j);
    ps_jw_karr(j, "failures");
    for (size_t k = 0; k < v->nfailures; k++)
        json_failure(j, &v->failures[k]);
    ps_jw_arr_end(j);
    ps_jw_obj_end(j);
}

/* "qualification":{"result","achieved","target","target_from","reasons":[{criterion,met,value,
 * required,text}]}, null when not assessed. */
static void json_qualification(ps_jw *j, const ps_qualification *q)
{
    static const char *const met[] = {"fail", "pass"};
    ps_jw_key(j, "qualification");
    if (!q->assessed) {
        ps_jw_null(j);
        return;
    }
    ps_jw_obj(j);
    ps_jw_kstr(j, "result", q->result == PS_VERDICT_UNKNOWN ? "unknown" : met[q->result]);
    ps_jw_knum(j, "achieved_transactional_iops", q->achieved);
    ps_jw_knum(j, "target_transactional_iops", q->target);
    ps_jw_kstr(j, "target_from", ps_qual_target_from_name(q->target_from));
    ps_jw_karr(j, "reasons");
    for (size_t k = 0; k < q->nreasons; k++) {
        const ps_qual_reason *r = &q->reasons[k];
        ps_jw_obj(j);
        ps_jw_kstr(j, "criterion", ps_qual_criterion_name(r->criterion));
        ps_jw_kstr(j, "met", r->met == PS_VERDICT_UNKNOWN ? "unknown" : met[r->met]);
        ps_jw_knum(j, "value", r->value);
        ps_jw_knum(j, "required", r->required);
        char *t = ps_js_qual_words(NULL, r);
        ps_jw_kstr(j, "text", t);
        free(t);
        ps_jw_obj_end(j);
    }
    ps_jw_arr_end(j);
    ps_jw_obj_end(j);
}

static const ps_jw_field host_fields[] = {
    PS_JW_FIELD(ps_js_host_row, PS_JW_STR, counter), PS_JW_FIELD(ps_js_host_row, PS_JW_NUM, avg),
    PS_JW_FIELD(ps_js_host_row, PS_JW_NUM, min), PS_JW_FIELD(ps_js_host_row, PS_JW_NUM, max)};

static void json_server(ps_jw *j, const ps_js_server *s)
{
    ps_jw_obj(j);
    ps_jw_kstr(j, "machine", s->machine);
    ps_jw_kstr(j, "test_type", ps_test_type_name(s->test_type));
    ps_jw_kstr(j, "jetstress_version", s->jetstress_version);
    ps_jw_kobj(j, "window");
    json_time(j, "start", s->window_start);
    json_time(j, "end", s->window_end);
    ps_jw_knum(j, "samples", (double)s->window_samples);
    ps_jw_obj_end(j);
    ps_jw_karr(j, "instances");
    for (size_t i = 0; i < s->ninstances; i++)
        json_instance(j, s, i);
    ps_jw_arr_end(j);
    json_summary(j, "server", &s->summary);
    json_verdict(j, &s->verdict);
    json_qualification(j, &s->qualification);
    ps_jw_karr_records(j, "host", s->host, s->nhost, sizeof *s->host, host_fields,
                       sizeof host_fields / sizeof *host_fields);
    ps_jw_kstr(j, "jetstress_result", !s->report || s->report->result < 0 ? NULL : s->report->result ? "pass" : "fail");
    ps_jw_knum(j, "reported_achieved_transactional_iops", s->report ? s->report->achieved_iops : NAN);
    json_strings(j, "logs", s->logs, s->nlogs);
    ps_jw_obj_end(j);
}

void ps_js_json_run(ps_jw *j, const ps_js_run *run)
{
    ps_jw_obj(j);
    ps_jw_kstr(j, "generator", "perfscribe " PS_VERSION);
    ps_jw_karr(j, "servers");
    for (size_t i = 0; i < run->nservers; i++)
        json_server(j, &run->servers[i]);
    ps_jw_arr_end(j);
    json_summary(j, "aggregate", &run->aggregate);
    ps_qualification q;
    ps_js_qualify_run(run, &q);
    json_qualification(j, &q);
    ps_qualification_fini(&q);
    json_strings(j, "warnings", run->warnings.msgs, run->warnings.n);
    ps_jw_obj_end(j);
}

void ps_js_render_json(ps_buf *b, const ps_js_run *run)
{
    ps_jw j;
    ps_jw_init(&j, b);
    ps_js_json_run(&j, run);
    ps_buf_putc(b, '\n');
}
