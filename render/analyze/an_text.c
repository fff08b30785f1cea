/* an_text.c - perfscribe analyze: terminal text and JSON. */
#include "ps_render_analyze.h"
#include "an_render_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *ps_an_fmt_value(char *out, size_t n, double v)
{
    if (isnan(v))
        return "n/a";
    double a = fabs(v);
    return ps_fmt_num(out, n, v, a >= 1000 ? 0 : a >= 10 ? 1 : a >= 0.1 ? 2 : 4);
}

const char *ps_an_fmt_time(char *out, size_t n, ps_time t)
{
    if (t == PS_TIME_NONE)
        return "n/a";
    int y, mo, d, h, mi, s, ms;
    ps_time_to_fields(t, &y, &mo, &d, &h, &mi, &s, &ms);
    snprintf(out, n, "%04d-%02d-%02d %02d:%02d:%02d", y, mo, d, h, mi, s);
    return out;
}

#define num ps_an_fmt_value

/* The log's clock: local = UTC - bias when every log records the same zone. */
ps_time ps_an_log_clock(const ps_an_result *r, ps_time t)
{
    return r->zone_known && !r->zone_mixed ? t - (ps_time)r->bias_minutes * 60000 : t;
}

const char *ps_an_fmt_log_time(char *out, size_t n, const ps_an_result *r, ps_time t)
{
    if (t == PS_TIME_NONE)
        return "n/a";
    ps_an_fmt_time(out, n, ps_an_log_clock(r, t));
    if (r->zone_mixed && strlen(out) + 2 <= n)
        strcat(out, "Z");
    return out;
}

const char *ps_an_zone_text(char *out, size_t n, const ps_an_result *r)
{
    if (r->zone_mixed)
        snprintf(out, n, "UTC (logs of several time zones merged)");
    else if (!r->zone_known)
        snprintf(out, n, "as written in the log (the log does not record its time zone)");
    else {
        int off = -r->bias_minutes, a = off < 0 ? -off : off;
        snprintf(out, n, "local time of the log, UTC%c%02d:%02d%s%s%s", off < 0 ? '-' : '+', a / 60, a % 60,
                 r->zone_name ? " (" : "", r->zone_name ? r->zone_name : "", r->zone_name ? ")" : "");
    }
    return out;
}

#define when(out, n, t) ps_an_fmt_log_time(out, n, r, t)

void ps_an_periods_text(ps_buf *b, const ps_an_result *r)
{
    char t1[40], t2[40];
    if (r->nperiods < 2)
        return;
    ps_buf_printf(b,
                  "%zu periods sliced apart (logs more than an hour apart, and farther apart than the longer "
                  "one lasts, are not sliced on one grid):",
                  r->nperiods);
    for (size_t p = 0; p < r->nperiods; p++)
        ps_buf_printf(b, "%s %s to %s in %zu slice%s of %lld s", p ? ";" : "", when(t1, sizeof t1, r->periods[p].first),
                      when(t2, sizeof t2, r->periods[p].last), r->periods[p].nslices,
                      r->periods[p].nslices == 1 ? "" : "s", (long long)(r->periods[p].slice_ms / 1000));
}

/* "min avg max" style list of the statistics in mask broke. */
static const char *broke_list(char *out, size_t n, unsigned broke)
{
    out[0] = 0;
    for (int st = PS_AN_STAT_MIN; st <= PS_AN_STAT_TREND; st++)
        if (broke & PS_AN_BIT(st))
            snprintf(out + strlen(out), n - strlen(out), "%s%s", out[0] ? "+" : "",
                     ps_an_stat_name((enum ps_an_stat)st));
    return out;
}

static const char *path_of(const ps_an_rule *r)
{
    return r->ncounters ? r->counters[0] : r->expr_text;
}

void ps_an_render_text(ps_buf *b, const ps_an_result *r, const ps_an_doc_info *info)
{
    char t1[40], t2[40], n1[32], n2[32];
    const ps_an_ruleset *set = r->rules;
    ps_buf_printf(b, "perfscribe analyze: %s\n", ps_an_verdict_name(r, info->fail_on));
    ps_buf_printf(b, "rules: %s (%zu of %zu evaluated)\n", info->rules_label ? info->rules_label : "",
                  r->rules_evaluated, set->n);
    char zt[160];
    ps_buf_printf(b, "logs: %zu, machines: %zu, rows: %llu, from %s to %s, slices of %lld s\n", r->nfiles, r->nmachines,
                  (unsigned long long)r->rows, when(t1, sizeof t1, r->first), when(t2, sizeof t2, r->last),
                  (long long)(r->slice_ms / 1000));
    ps_buf_printf(b, "times: %s\n", ps_an_zone_text(zt, sizeof zt, r));
    if (r->nperiods > 1) {
        ps_an_periods_text(b, r);
        ps_buf_putc(b, '\n');
    }
    for (size_t f = 0; f < r->nfiles; f++)
        ps_buf_printf(b, "log %s: %s to %s, %llu rows analysed\n", r->files[f], when(t1, sizeof t1, r->file_first[f]),
                      when(t2, sizeof t2, r->file_last[f]), (unsigned long long)r->file_rows[f]);
    for (size_t m = 0; m < r->nmachines; m++)
        if (r->processors && r->processors[m])
            ps_buf_printf(b, "machine %s: %zu processors (%s)\n", r->machines[m][0] ? r->machines[m] : "-",
                          r->processors[m],
                          r->processors_set[m] ? "--set processors" : "Processor instances in the log");
    for (size_t m = 0; m < r->nmachines; m++)
        if (r->memory_mb && !isnan(r->memory_mb[m]))
            ps_buf_printf(b, "machine %s: %s MB physical memory (NUMA Node Memory Total MBytes in the log)\n",
                          r->machines[m][0] ? r->machines[m] : "-", num(n1, sizeof n1, r->memory_mb[m]));
    ps_an_render_answers_text(b, r);
    ps_an_render_notes_text(b, r, info);
    if (r->asked_ms)
        ps_buf_printf(b, "note: --interval %lld s widened to %lld s (at most %d slices are kept)\n",
                      (long long)(r->asked_ms / 1000), (long long)(r->slice_ms / 1000), PS_AN_MAX_SLICES);
    if (r->short_trends)
        ps_buf_printf(b,
                      "note: %zu trend rule%s judged over less than one hour of data: an hourly trend from less "
                      "than an hour may not be accurate (PAL's warning)%s\n",
                      r->short_trends, r->short_trends == 1 ? "" : "s",
                      " ; perfscribe's own trend rules do not alert then");
    if (r->localized_columns)
        ps_buf_printf(b, "localized counter names translated to English: %zu columns\n", r->localized_columns);
    ps_buf_printf(b, "alerts: %zu critical, %zu warning\n", r->criticals, r->warnings);
    for (size_t i = 0; i < r->nalerts; i++) {
        const ps_an_alert *a = &r->alerts[i];
        const ps_an_series *s = &r->series[a->series];
        const ps_an_rule *ru = &set->rules[s->rule];
        const ps_an_slice *sl = &s->slices[a->slice];
        char bl[40], c[3][32];
        ps_buf_printf(b, "  %-8s %s  %s  %s%s%s  %s %s %s %s%s", ps_an_sev_name(a->sev), when(t1, sizeof t1, a->start),
                      ru->id, s->machine[0] ? s->machine : "-", s->instance ? " " : "", s->instance ? s->instance : "",
                      ps_an_stat_name(a->stat), num(n1, sizeof n1, a->value), ps_an_op_name(ru->op),
                      num(n2, sizeof n2, a->limit), ru->unit ? ru->unit : "");
        if (ru->stat == PS_AN_STAT_ANY)
            ps_buf_printf(b, "  (broke: %s; min %s avg %s max %s)", broke_list(bl, sizeof bl, a->broke),
                          num(c[0], 32, sl->min), num(c[1], 32, sl->avg), num(c[2], 32, sl->max));
        ps_buf_putc(b, '\n');
    }
    ps_buf_puts(b, "\nper rule (count min avg max p95 p99 stddev trend/h):\n");
    for (size_t ri = 0; ri < set->n; ri++) {
        const ps_an_rule *ru = &set->rules[ri];
        if (ru->chart_only)
            ps_buf_printf(b, "%s  %s  [statistics only: %s]\n", ru->id, path_of(ru),
                          ru->question ? ru->question : "no limits");
        else if (ru->ncodes) {
            ps_buf v = {0};
            for (const char *q = ru->question; q && (q = strchr(q, '$'));) { /* "$NAME: text; $NAME: ..." */
                size_t n = strcspn(q, ":");
                ps_buf_printf(&v, "%s%.*s", v.len ? ", " : " from ", (int)n, q);
                q = strstr(q, "; $");
                q = q ? q + 2 : NULL;
            }
            ps_buf_printf(b, "%s  %s  [%s %s, limits computed per machine by PAL's threshold code%s]\n", ru->id,
                          path_of(ru), ps_an_stat_name(ru->stat), ps_an_op_name(ru->op), v.len ? v.data : "");
            ps_buf_fini(&v);
        } else
            ps_buf_printf(b, "%s  %s  [%s %s, warning %s, critical %s%s%s]\n", ru->id, path_of(ru),
                          ps_an_stat_name(ru->stat), ps_an_op_name(ru->op), num(n1, sizeof n1, ru->warning),
                          num(n2, sizeof n2, ru->critical), ru->unit ? " " : "", ru->unit ? ru->unit : "");
        if (!r->rule_series[ri]) {
            ps_buf_puts(b, "    not evaluated: no matching counter with values in the logs\n");
            continue;
        }
        for (size_t i = 0; i < r->nseries; i++) {
            const ps_an_series *s = &r->series[i];
            if (s->rule != ri || s->stats.count == 0)
                continue;
            char c[6][32];
            ps_buf_printf(b, "    %-8s %s%s%s  %llu %s %s %s %s %s %s %s", ps_an_sev_name(s->worst),
                          s->machine[0] ? s->machine : "-", s->instance ? " " : "", s->instance ? s->instance : "",
                          (unsigned long long)s->stats.count, num(c[0], 32, s->stats.min), num(c[1], 32, s->stats.mean),
                          num(c[2], 32, s->stats.max), num(c[3], 32, s->stats.p95), num(c[4], 32, s->stats.p99),
                          num(c[5], 32, s->stats.stddev), num(n1, sizeof n1, s->trend_per_hour));
            if (ru->ncodes && !s->unanswered)
                ps_buf_printf(b, "  limits: warning %s, critical %s", num(c[0], 32, s->warning),
                              num(c[1], 32, s->critical));
            if (s->unanswered)
                ps_buf_printf(b, "  not judged: needs an answer (--set NAME=VALUE): %s", s->unanswered);
            if (s->skipped_few_processors)
                ps_buf_printf(b, "  not judged: %s",
                              ru->per_processor ? "processor count unknown (--set processors=N)"
                                                : "fewer processors than min_processors");
            if (s->gated)
                ps_buf_printf(b, "  %zu slice%s over a limit not alerted: %s %s", s->gated, s->gated == 1 ? "" : "s",
                              ru->requires ? "no alert of" : "alerted by", ru->requires ? ru->requires : ru->unless);
            if (s->overall_sev) {
                char bl[40];
                ps_buf_printf(b, "  overall %s (%s)", ps_an_sev_name(s->overall_sev),
                              broke_list(bl, sizeof bl, s->overall_broke));
            }
            ps_buf_putc(b, '\n');
        }
    }
    if (set->pal_analyses || set->nrefused) {
        ps_buf_printf(b,
                      "\nPAL import: %zu analyses, %zu imported (%zu with limits computed from the answers), %zu "
                      "disabled, %zu refused\n",
                      set->pal_analyses, set->pal_analyses - set->pal_disabled - set->nrefused, set->pal_computed,
                      set->pal_disabled, set->nrefused);
        for (size_t i = 0; i < set->nrefused; i++)
            ps_buf_printf(b, "  refused: %s\n", set->refused[i]);
    }
}

/* "k": ISO 8601 in the log's clock: with its UTC offset when known, Z when logs of several zones
 * merged (UTC), no suffix when the log records no zone; null when absent. */
static void jtime(ps_jw *j, const char *k, const ps_an_result *r, ps_time t)
{
    char iso[48];
    ps_jw_key(j, k);
    if (t == PS_TIME_NONE) {
        ps_jw_null(j);
        return;
    }
    ps_time_format_iso(iso, sizeof iso, ps_an_log_clock(r, t));
    size_t n = strlen(iso);
    if (!r->zone_mixed && n && iso[n - 1] == 'Z') {
        iso[--n] = 0;
        if (r->zone_known) {
            int off = -r->bias_minutes, a = off < 0 ? -off : off;
            snprintf(iso + n, sizeof iso - n, "%c%02d:%02d", off < 0 ? '-' : '+', a / 60, a % 60);
        }
    }
    ps_jw_str(j, iso);
}

static void json_machines(ps_jw *j, const ps_an_result *r)
{
    ps_jw_karr(j, "machines");
    for (size_t m = 0; m < r->nmachines; m++) {
        ps_jw_obj(j);
        ps_jw_kstr(j, "name", r->machines[m]);
        ps_jw_kuint(j, "processors", r->processors ? r->processors[m] : 0);
        ps_jw_kstr(j, "processors_from",
                   !r->processors || !r->processors[m] ? "unknown"
                   : r->processors_set[m]              ? "--set"
                                                       : "log");
        ps_jw_knum(j, "memory_mb", r->memory_mb ? r->memory_mb[m] : NAN);
        ps_jw_obj_end(j);
    }
    ps_jw_arr_end(j);
}

static void json_zone(ps_jw *j, const ps_an_result *r)
{
    char zt[160];
    ps_jw_kobj(j, "time_zone");
    ps_jw_kstr(j, "shown", ps_an_zone_text(zt, sizeof zt, r));
    ps_jw_knum(j, "utc_offset_minutes", r->zone_known && !r->zone_mixed ? -(double)r->bias_minutes : NAN);
    ps_jw_kstr(j, "name", r->zone_name && !r->zone_mixed ? r->zone_name : NULL);
    ps_jw_kbool(j, "mixed", r->zone_mixed);
    ps_jw_obj_end(j);
}

static void json_periods(ps_jw *j, const ps_an_result *r)
{
    ps_jw_karr(j, "periods");
    for (size_t p = 0; p < r->nperiods; p++) {
        ps_jw_obj(j);
        jtime(j, "first", r, r->periods[p].first);
        jtime(j, "last", r, r->periods[p].last);
        ps_jw_knum(j, "slice_seconds", (double)r->periods[p].slice_ms / 1000.0);
        ps_jw_kuint(j, "first_slice", r->periods[p].first_slice);
        ps_jw_kuint(j, "slices", r->periods[p].nslices);
        ps_jw_obj_end(j);
    }
    ps_jw_arr_end(j);
}

static void json_files(ps_jw *j, const ps_an_result *r)
{
    ps_jw_karr(j, "files");
    for (size_t i = 0; i < r->nfiles; i++)
        ps_jw_str(j, r->files[i]);
    ps_jw_arr_end(j);
    ps_jw_karr(j, "file_ranges");
    for (size_t i = 0; i < r->nfiles; i++) {
        ps_jw_obj(j);
        ps_jw_kstr(j, "file", r->files[i]);
        jtime(j, "first", r, r->file_first[i]);
        jtime(j, "last", r, r->file_last[i]);
        ps_jw_kuint(j, "rows_analysed", r->file_rows[i]);
        ps_jw_obj_end(j);
    }
    ps_jw_arr_end(j);
}

static void json_alerts(ps_jw *j, const ps_an_result *r)
{
    const ps_an_ruleset *set = r->rules;
    ps_jw_kobj(j, "alert_counts");
    ps_jw_kuint(j, "critical", r->criticals);
    ps_jw_kuint(j, "warning", r->warnings);
    ps_jw_obj_end(j);
    ps_jw_karr(j, "alerts");
    for (size_t i = 0; i < r->nalerts; i++) {
        const ps_an_alert *a = &r->alerts[i];
        const ps_an_series *s = &r->series[a->series];
        ps_jw_obj(j);
        ps_jw_kstr(j, "severity", ps_an_sev_name(a->sev));
        ps_jw_kstr(j, "rule", set->rules[s->rule].id);
        jtime(j, "start", r, a->start);
        jtime(j, "end", r, a->end);
        ps_jw_kstr(j, "machine", s->machine);
        ps_jw_kstr(j, "instance", s->instance);
        ps_jw_kuint(j, "slice", a->slice);
        ps_jw_kstr(j, "statistic", ps_an_stat_name(a->stat));
        ps_jw_knum(j, "value", a->value);
        ps_jw_knum(j, "limit", a->limit);
        ps_jw_karr(j, "broke");
        for (int st = PS_AN_STAT_MIN; st <= PS_AN_STAT_TREND; st++)
            if (a->broke & PS_AN_BIT(st))
                ps_jw_str(j, ps_an_stat_name((enum ps_an_stat)st));
        ps_jw_arr_end(j);
        ps_jw_obj_end(j);
    }
    ps_jw_arr_end(j);
}

/* One series of a rule: its statistics, limits and slices. */
static void json_series(ps_jw *j, const ps_an_result *r, const ps_an_rule *ru, const ps_an_series *s)
{
    ps_jw_obj(j);
    ps_jw_kstr(j, "machine", s->machine);
    ps_jw_kstr(j, "instance", s->instance);
    ps_jw_kstr(j, "worst", ps_an_sev_name(s->worst));
    ps_jw_kuint(j, "count", s->stats.count);
    const char *k[] = {"min", "avg", "max", "p95", "p99", "stddev", "trend_per_hour"};
    const double v[] = {s->stats.min, s->stats.mean,   s->stats.max,     s->stats.p95,
                        s->stats.p99, s->stats.stddev, s->trend_per_hour};
    for (size_t i = 0; i < 7; i++)
        ps_jw_knum(j, k[i], v[i]);
    ps_jw_kstr(j, "overall_severity", ps_an_sev_name(s->overall_sev));
    ps_jw_knum(j, "warning", s->warning);
    ps_jw_knum(j, "critical", s->critical);
    ps_jw_kuint(j, "gated_slices", s->gated);
    ps_jw_kbool(j, "judged", !(s->skipped_few_processors || ru->chart_only || s->unanswered));
    if (s->unanswered)
        ps_jw_kstr(j, "unanswered", s->unanswered);
    ps_jw_karr(j, "slices");
    for (size_t i = 0; i < s->nslices; i++) {
        const ps_an_slice *sl = &s->slices[i];
        ps_jw_obj(j);
        jtime(j, "start", r, sl->start);
        ps_jw_kuint(j, "n", sl->n);
        ps_jw_knum(j, "value", sl->value);
        const char *sk[] = {"min", "avg", "max", "trend"};
        const double sv[] = {sl->min, sl->avg, sl->max, sl->trend};
        for (size_t q = 0; q < 4; q++)
            ps_jw_knum(j, sk[q], sv[q]);
        ps_jw_kstr(j, "severity", ps_an_sev_name(sl->sev));
        ps_jw_obj_end(j);
    }
    ps_jw_arr_end(j);
    ps_jw_obj_end(j);
}

static void json_rules(ps_jw *j, const ps_an_result *r)
{
    const ps_an_ruleset *set = r->rules;
    ps_jw_karr(j, "rules");
    for (size_t ri = 0; ri < set->n; ri++) {
        const ps_an_rule *ru = &set->rules[ri];
        ps_jw_obj(j);
        ps_jw_kstr(j, "id", ru->id);
        ps_jw_kstr(j, "title", ru->title);
        ps_jw_kstr(j, "counter", path_of(ru));
        ps_jw_kstr(j, "unit", ru->unit ? ru->unit : "");
        ps_jw_kstr(j, "statistic", ps_an_stat_name(ru->stat));
        ps_jw_kstr(j, "operator", ps_an_op_name(ru->op));
        ps_jw_knum(j, "warning", ru->warning);
        ps_jw_knum(j, "critical", ru->critical);
        ps_jw_kstr(j, "source", ru->source ? ru->source : "");
        ps_jw_kbool(j, "statistics_only", ru->chart_only);
        ps_jw_kbool(j, "computed_limits", ru->ncodes != 0);
        if (ru->question)
            ps_jw_kstr(j, "question", ru->question);
        ps_jw_kbool(j, "evaluated", r->rule_series[ri] != 0);
        ps_jw_karr(j, "series");
        for (size_t i = 0; i < r->nseries; i++)
            if (r->series[i].rule == ri && r->series[i].stats.count != 0)
                json_series(j, r, ru, &r->series[i]);
        ps_jw_arr_end(j);
        ps_jw_obj_end(j);
    }
    ps_jw_arr_end(j);
}

void ps_an_render_json(ps_buf *b, const ps_an_result *r, const ps_an_doc_info *info)
{
    const ps_an_ruleset *set = r->rules;
    ps_jw j;
    ps_jw_init(&j, b);
    ps_jw_obj(&j);
    ps_jw_kstr(&j, "schema", "perfscribe-analyze/1");
    ps_jw_kstr(&j, "verdict", ps_an_verdict_name(r, info->fail_on));
    ps_jw_kstr(&j, "fail_on", ps_an_sev_name(info->fail_on));
    ps_jw_kuint(&j, "rules_evaluated", r->rules_evaluated);
    ps_jw_kuint(&j, "rules_total", set->n);
    ps_jw_kuint(&j, "rows", r->rows);
    ps_jw_knum(&j, "slice_seconds", (double)r->slice_ms / 1000.0);
    jtime(&j, "first", r, r->first);
    jtime(&j, "last", r, r->last);
    ps_jw_knum(&j, "sample_seconds", r->sample_ms ? (double)r->sample_ms / 1000.0 : NAN);
    ps_jw_knum(&j, "interval_asked_seconds", r->asked_ms ? (double)r->asked_ms / 1000.0 : NAN);
    ps_jw_kuint(&j, "short_trend_rules", r->short_trends);
    json_periods(&j, r);
    json_machines(&j, r);
    ps_an_render_answers_json(&j, r);
    ps_an_render_notes_json(&j, r, info);
    json_zone(&j, r);
    ps_jw_kuint(&j, "localized_columns", r->localized_columns);
    json_files(&j, r);
    json_alerts(&j, r);
    json_rules(&j, r);
    size_t stats_only = 0;
    for (size_t ri = 0; ri < set->n; ri++)
        stats_only += set->rules[ri].pal && set->rules[ri].chart_only;
    ps_jw_kobj(&j, "pal_import");
    ps_jw_kuint(&j, "analyses", set->pal_analyses);
    ps_jw_kuint(&j, "disabled", set->pal_disabled);
    ps_jw_kuint(&j, "statistics_only", stats_only);
    ps_jw_kuint(&j, "computed", set->pal_computed);
    ps_jw_karr(&j, "refused");
    for (size_t i = 0; i < set->nrefused; i++)
        ps_jw_str(&j, set->refused[i]);
    ps_jw_arr_end(&j);
    ps_jw_obj_end(&j);
    ps_jw_obj_end(&j);
    ps_buf_putc(b, '\n');
}
