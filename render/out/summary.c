/* summary.c - 'perfscribe summary' output: aligned text, CSV (one line per counter) and JSON.
 * Timestamps are ISO 8601 UTC of the rows' utc time; when a file's zone is unknown its
 * times are the writer's local clock and "utc_known" is false. Absent values are null (JSON),
 * empty (CSV) or "n/a"/"-" (text).
 */
#include "ps_render.h"

#include <math.h>
#include <string.h>

/* Column order of the CSV output (the JSON objects use the same keys). */
static const char *const csv_cols[] = {"path",
                                       "machine",
                                       "object",
                                       "parent",
                                       "instance",
                                       "index",
                                       "counter",
                                       "count",
                                       "missing",
                                       "min",
                                       "max",
                                       "mean",
                                       "stddev",
                                       "p50",
                                       "p95",
                                       "p99",
                                       "time_weighted_mean",
                                       "first",
                                       "last"};
#define NCOLS (sizeof csv_cols / sizeof csv_cols[0])

/* The numeric statistics shown in every format, in output order. */
typedef struct stat_col {
    const char *key, *title;
    size_t off;
} stat_col;
static const stat_col stat_cols[] = {
    {"min", "MIN", offsetof(ps_stats, min)},
    {"max", "MAX", offsetof(ps_stats, max)},
    {"mean", "MEAN", offsetof(ps_stats, mean)},
    {"stddev", "STDDEV", offsetof(ps_stats, stddev)},
    {"p50", "P50", offsetof(ps_stats, p50)},
    {"p95", "P95", offsetof(ps_stats, p95)},
    {"p99", "P99", offsetof(ps_stats, p99)},
    {"time_weighted_mean", "TW-MEAN", offsetof(ps_stats, time_weighted_mean)},
};
#define NSTATS (sizeof stat_cols / sizeof stat_cols[0])

static double stat_at(const ps_stats *st, size_t i)
{
    double v;
    memcpy(&v, (const char *)st + stat_cols[i].off, sizeof v);
    return v;
}

static int all_utc_known(const ps_summary *s)
{
    for (size_t i = 0; i < s->nfiles; i++)
        if (!s->files[i].has_bias)
            return 0;
    return 1;
}

/* ISO 8601 of t; local = 1 leaves out the Z. NONE -> NULL. */
static const char *iso(char *out, size_t n, ps_time t, int local)
{
    if (t == PS_TIME_NONE)
        return NULL;
    ps_time_format_iso(out, n, t);
    if (local)
        out[strlen(out) - 1] = 0;
    return out;
}

/* ------------------------------------------------------------------ JSON */

static void json_time(ps_jw *j, const char *k, ps_time t, int local)
{
    char tmp[40];
    ps_jw_kstr(j, k, iso(tmp, sizeof tmp, t, local));
}

static void json_file(ps_jw *j, const ps_summary_file *f)
{
    ps_jw_obj(j);
    ps_jw_kstr(j, "path", f->path);
    ps_jw_kstr(j, "format", f->format);
    ps_jw_kstr(j, "timezone", f->timezone);
    ps_jw_knum(j, "bias_minutes", f->has_bias ? f->bias_minutes : NAN);
    ps_jw_kbool(j, "utc_known", f->has_bias);
    ps_jw_kuint(j, "samples", f->samples);
    ps_jw_kuint(j, "malformed_rows", f->bad_rows);
    json_time(j, "first", f->first, 0);
    json_time(j, "last", f->last, 0);
    json_time(j, "first_local", f->first_local, 1);
    json_time(j, "last_local", f->last_local, 1);
    ps_jw_obj_end(j);
}

static void json_counter(ps_jw *j, const ps_summary_counter *c)
{
    const ps_counter_path *p = &c->path;
    const ps_stats *st = &c->stats;
    const char *strs[] = {p->full, p->machine, p->object, p->parent, p->instance};
    ps_jw_obj(j);
    for (int i = 0; i < 5; i++)
        ps_jw_kstr(j, csv_cols[i], strs[i]);
    ps_jw_knum(j, "index", p->index >= 0 ? p->index : NAN);
    ps_jw_kstr(j, "counter", p->counter);
    ps_jw_kuint(j, "count", st->count);
    ps_jw_kuint(j, "missing", st->missing);
    for (size_t i = 0; i < NSTATS; i++)
        ps_jw_knum(j, stat_cols[i].key, stat_at(st, i));
    json_time(j, "first", st->first, 0);
    json_time(j, "last", st->last, 0);
    ps_jw_obj_end(j);
}

/* One file, one counter a line. */
static void render_json(ps_buf *b, const ps_summary *s)
{
    ps_jw j;
    ps_jw_init(&j, b);
    ps_jw_obj(&j);
    ps_jw_kstr(&j, "generator", "perfscribe summary");
    ps_jw_kbool(&j, "utc_known", all_utc_known(s));
    ps_jw_kobj(&j, "quantiles");
    ps_jw_kstr(&j, "method", "log-bucket sketch (DDSketch)");
    ps_jw_knum(&j, "relative_accuracy", PS_SKETCH_ALPHA);
    ps_jw_obj_end(&j);
    ps_jw_break(&j, "\n");
    ps_jw_karr(&j, "files");
    for (size_t i = 0; i < s->nfiles; i++) {
        ps_jw_break(&j, "\n ");
        json_file(&j, &s->files[i]);
    }
    ps_jw_arr_end(&j);
    ps_jw_break(&j, "\n");
    ps_jw_karr(&j, "counters");
    for (size_t i = 0; i < s->ncounters; i++) {
        ps_jw_break(&j, "\n ");
        json_counter(&j, &s->counters[i]);
    }
    ps_jw_arr_end(&j);
    ps_jw_obj_end(&j);
    ps_buf_putc(b, '\n');
}

/* ------------------------------------------------------------------ CSV */

/* An undefined value (NaN, or an overflowed inf) is an empty cell, never "null". */
static void csv_num(ps_buf *b, double v)
{
    if (isfinite(v))
        ps_json_num(b, v);
}

static void csv_time(ps_buf *b, ps_time t)
{
    char tmp[40];
    const char *s = iso(tmp, sizeof tmp, t, 0);
    if (s)
        ps_buf_puts(b, s);
}

static void render_csv(ps_buf *b, const ps_summary *s)
{
    for (size_t i = 0; i < NCOLS; i++) {
        if (i)
            ps_buf_putc(b, ',');
        ps_buf_puts(b, csv_cols[i]);
    }
    ps_buf_putc(b, '\n');
    for (size_t c = 0; c < s->ncounters; c++) {
        const ps_counter_path *p = &s->counters[c].path;
        const ps_stats *st = &s->counters[c].stats;
        const char *strs[] = {p->full, p->machine, p->object, p->parent, p->instance};
        for (int i = 0; i < 5; i++) {
            ps_csv_field(b, strs[i], ',');
            ps_buf_putc(b, ',');
        }
        if (p->index >= 0)
            ps_buf_printf(b, "%d", p->index);
        ps_buf_putc(b, ',');
        ps_csv_field(b, p->counter, ',');
        ps_buf_printf(b, ",%llu,%llu", (unsigned long long)st->count, (unsigned long long)st->missing);
        for (size_t i = 0; i < NSTATS; i++) {
            ps_buf_putc(b, ',');
            csv_num(b, stat_at(st, i));
        }
        ps_buf_putc(b, ',');
        csv_time(b, st->first);
        ps_buf_putc(b, ',');
        csv_time(b, st->last);
        ps_buf_putc(b, '\n');
    }
}

/* ------------------------------------------------------------------ text */

static void text_files(ps_buf *b, const ps_summary *s)
{
    for (size_t i = 0; i < s->nfiles; i++) {
        const ps_summary_file *f = &s->files[i];
        char t1[40], t2[40];
        ps_term_escape(b, f->path); /* a file name may hold ESC or a newline */
        ps_buf_printf(b, ": %s, ", f->format ? f->format : "?");
        if (f->timezone)
            ps_term_escape(b, f->timezone);
        else
            ps_buf_puts(b, "zone unknown");
        if (f->has_bias)
            ps_buf_printf(b, " (bias %d min)", f->bias_minutes);
        ps_buf_printf(b, ", %llu samples", (unsigned long long)f->samples);
        if (f->samples) {
            int local = !f->has_bias;
            ps_buf_printf(b, ", %s .. %s%s", iso(t1, sizeof t1, local ? f->first_local : f->first, local),
                          iso(t2, sizeof t2, local ? f->last_local : f->last, local), local ? " (local time)" : "");
        }
        if (f->bad_rows)
            ps_buf_printf(b, ", %llu malformed row%s (--lenient)", (unsigned long long)f->bad_rows,
                          f->bad_rows == 1 ? "" : "s");
        ps_buf_putc(b, '\n');
    }
}

static void render_text(ps_buf *b, const ps_summary *s)
{
    text_files(b, s);
    size_t nstats = NSTATS - 1; /* TW-MEAN only when some counter has one */
    for (size_t c = 0; c < s->ncounters; c++)
        if (!isnan(s->counters[c].stats.time_weighted_mean))
            nstats = NSTATS;
    int wpath = (int)strlen("COUNTER");
    int wcount = (int)strlen("COUNT");
    for (size_t c = 0; c < s->ncounters; c++) {
        int l = ps_text_width(s->counters[c].path.full);
        if (l > wpath)
            wpath = l;
        char tmp[32];
        l = snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)s->counters[c].stats.count);
        if (l > wcount)
            wcount = l;
    }
    ps_buf_printf(b, "\n%-*s  %*s  %7s", wpath, "COUNTER", wcount, "COUNT", "MISSING");
    for (size_t i = 0; i < nstats; i++)
        ps_buf_printf(b, "  %7s", stat_cols[i].title);
    ps_buf_putc(b, '\n');
    for (size_t c = 0; c < s->ncounters; c++) {
        const ps_stats *st = &s->counters[c].stats;
        const char *path = s->counters[c].path.full; /* padded to wpath terminal columns */
        ps_buf_printf(b, "%s%*s  %*llu  %7llu", path, wpath - ps_text_width(path), "", wcount,
                      (unsigned long long)st->count, (unsigned long long)st->missing);
        for (size_t i = 0; i < nstats; i++) {
            char num[32];
            double v = stat_at(st, i);
            ps_buf_printf(b, "  %7s", isnan(v) ? "-" : ps_fmt_si(num, sizeof num, v));
        }
        ps_buf_putc(b, '\n');
    }
    if (s->ncounters == 0)
        ps_buf_puts(b, "(no counters)\n");
}

static const struct {
    enum ps_format fmt;
    void (*fn)(ps_buf *out, const ps_summary *s);
} renderers[] = {
    {PS_FMT_TEXT, render_text},
    {PS_FMT_CSV, render_csv},
    {PS_FMT_JSON, render_json},
};

int ps_summary_render(ps_buf *out, const ps_summary *s, const ps_render_opts *o, ps_error *err)
{
    for (size_t i = 0; i < sizeof renderers / sizeof renderers[0]; i++)
        if (renderers[i].fmt == o->fmt) {
            renderers[i].fn(out, s);
            return PS_OK;
        }
    return ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "summary cannot be written as %s (use text, csv or json)",
                        ps_format_name(o->fmt));
}
