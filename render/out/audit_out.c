/* audit_out.c - audit findings as text, JSON or a self-contained HTML page. */
#include "ps_render.h"
#include "ps_loc.h"
#include "ps_audit_out.h"

#include <math.h>
#include <string.h>

static void num(ps_buf *b, double v)
{
    char t[64];
    /* %.10g-like but locale independent: shortest of up to 6 decimals */
    int d = 6;
    ps_fmt_num(t, sizeof t, v, d);
    char *dot = strchr(t, '.');
    if (dot) {
        char *e = t + strlen(t) - 1;
        while (e > dot && *e == '0')
            *e-- = 0;
        if (e == dot)
            *e = 0;
    }
    ps_buf_puts(b, t);
}

/* The coverage sentence: what was read and what was not. */
static void coverage_words(ps_buf *b, const ps_audit_coverage *cv, int have_paper)
{
    if (!have_paper) {
        ps_buf_printf(b, "coverage: %zu values of Jetstress reports and logs read; no paper", cv->run_values);
        return;
    }
    ps_buf_printf(b, "coverage: read %zu numbers under %zu understood labels", cv->numbers_read, cv->labels_read);
    if (cv->run_values)
        ps_buf_printf(b, " and %zu run values", cv->run_values);
    ps_buf_printf(b, "; not understood: %zu labels, %zu numbers not attached to a claim", cv->labels_unread,
                  cv->numbers_unread);
}

static void unread_text(ps_buf *b, const ps_paper *p)
{
    for (size_t i = 0; p && i < p->nclaims; i++) {
        const ps_claim *c = &p->claims[i];
        if (ps_claim_is_reading(c))
            continue;
        char lb[48];
        ps_buf_printf(b, "%s:%s: unread: %s", p->source, ps_loc_format(lb, sizeof lb, c->line),
                      c->text ? c->text : "?");
        if (c->label)
            ps_buf_printf(b, " after '%s'", c->label);
        ps_buf_putc(b, '\n');
    }
}

static void render_text(ps_buf *b, const ps_audit *a)
{
    for (size_t i = 0; i < a->n; i++) {
        const ps_finding *f = &a->findings[i];
        char loc[48];
        ps_buf_printf(b, "%s", f->file ? f->file : "-");
        if (f->line > 0)
            ps_buf_printf(b, ":%s", ps_loc_format(loc, sizeof loc, f->line)); /* 12, or p3:L7 in a PDF */
        ps_buf_printf(b, ": %s: %s:", ps_severity_name(f->severity), f->kind);
        if (f->server)
            ps_buf_printf(b, " [%s]", f->server);
        ps_buf_printf(b, " %s", f->message ? f->message : "");
        if (!isnan(f->stated) || !isnan(f->expected)) {
            ps_buf_puts(b, " (stated ");
            if (isnan(f->stated))
                ps_buf_puts(b, "n/a");
            else
                num(b, f->stated);
            ps_buf_puts(b, ", expected ");
            if (isnan(f->expected))
                ps_buf_puts(b, "n/a");
            else
                num(b, f->expected);
            ps_buf_puts(b, ")");
        }
        ps_buf_putc(b, '\n');
    }
    ps_buf_printf(b,
                  "%zu findings: %zu errors, %zu warnings, %zu info; %zu numbers read, %zu checks made "
                  "(%zu percentages)\n",
                  a->n, ps_audit_count(a, PS_SEV_ERROR),
                  ps_audit_count(a, PS_SEV_WARNING) - ps_audit_count(a, PS_SEV_ERROR),
                  a->n - ps_audit_count(a, PS_SEV_WARNING), a->claims, a->checked, a->pct_checked);
}

/* "page" of a finding or claim in a PDF (its "line" is then the line on that page); none in a text paper. */
static void json_loc(ps_jw *j, long line)
{
    if (ps_loc_page(line))
        ps_jw_knum(j, "page", (double)ps_loc_page(line));
}

/* One finding or unread claim a line. */
static void render_json(ps_buf *b, const ps_audit *a, const ps_audit_coverage *cv, const ps_paper *p, int list)
{
    ps_jw j;
    ps_jw_init(&j, b);
    ps_jw_obj(&j);
    ps_jw_karr(&j, "findings");
    for (size_t i = 0; i < a->n; i++) {
        const ps_finding *f = &a->findings[i];
        ps_jw_break(&j, "\n");
        ps_jw_obj(&j);
        ps_jw_kstr(&j, "kind", f->kind);
        ps_jw_kstr(&j, "severity", ps_severity_name(f->severity));
        ps_jw_kstr(&j, "file", f->file);
        json_loc(&j, f->line);
        ps_jw_knum(&j, "line", f->line > 0 ? (double)ps_loc_line(f->line) : NAN);
        ps_jw_kstr(&j, "server", f->server);
        ps_jw_kstr(&j, "metric", f->metric);
        ps_jw_knum(&j, "stated", f->stated);
        ps_jw_knum(&j, "expected", f->expected);
        ps_jw_kstr(&j, "message", f->message);
        ps_jw_obj_end(&j);
    }
    if (a->n)
        ps_jw_break(&j, "\n");
    ps_jw_arr_end(&j);
    ps_jw_kuint(&j, "claims", a->claims);
    ps_jw_kuint(&j, "checked", a->checked);
    ps_jw_kuint(&j, "percentages_checked", a->pct_checked);
    if (cv) {
        ps_jw_kobj(&j, "coverage");
        ps_jw_kuint(&j, "labels_read", cv->labels_read);
        ps_jw_kuint(&j, "numbers_read", cv->numbers_read);
        ps_jw_kuint(&j, "labels_unread", cv->labels_unread);
        ps_jw_kuint(&j, "numbers_unread", cv->numbers_unread);
        ps_jw_kuint(&j, "run_values", cv->run_values);
        ps_jw_obj_end(&j);
    }
    if (cv && list) {
        ps_jw_karr(&j, "unread");
        size_t k = 0;
        for (size_t i = 0; p && i < p->nclaims; i++) {
            const ps_claim *c = &p->claims[i];
            if (ps_claim_is_reading(c))
                continue;
            k++;
            ps_jw_break(&j, "\n");
            ps_jw_obj(&j);
            json_loc(&j, c->line);
            ps_jw_knum(&j, "line", (double)ps_loc_line(c->line));
            ps_jw_kstr(&j, "text", c->text);
            ps_jw_kstr(&j, "after", c->label);
            ps_jw_obj_end(&j);
        }
        if (k)
            ps_jw_break(&j, "\n");
        ps_jw_arr_end(&j);
    }
    ps_jw_obj_end(&j);
    ps_buf_putc(b, '\n');
}

static void td(ps_buf *b, const char *s)
{
    ps_buf_puts(b, "<td>");
    ps_html_escape(b, s);
    ps_buf_puts(b, "</td>");
}

static void td_num(ps_buf *b, double v)
{
    ps_buf_puts(b, "<td class=\"n\">");
    if (!isnan(v))
        num(b, v);
    ps_buf_puts(b, "</td>");
}

static void render_html(ps_buf *b, const ps_audit *a, const char *title, const ps_audit_coverage *cv, const ps_paper *p,
                        int list)
{
    ps_buf_puts(b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                   "<meta name=\"generator\" content=\"perfscribe " PS_VERSION "\"><title>");
    ps_html_escape(b, title ? title : "perfscribe audit");
    ps_buf_puts(b, "</title>\n<style>body{font-family:sans-serif;margin:1.5em}table{border-collapse:collapse}"
                   "td,th{border:1px solid #bbb;padding:3px 6px;vertical-align:top}td.n{text-align:right}"
                   "tr.error td:first-child{background:#f4c7c3}tr.warning td:first-child{background:#fce8b2}"
                   "tr.info td:first-child{background:#e8f0fe}</style></head><body>\n<h1>");
    ps_html_escape(b, title ? title : "perfscribe audit");
    ps_buf_printf(b,
                  "</h1>\n<p>%zu findings: %zu errors, %zu warnings, %zu info. %zu numbers read, %zu checks "
                  "made (%zu percentages).</p>\n",
                  a->n, ps_audit_count(a, PS_SEV_ERROR),
                  ps_audit_count(a, PS_SEV_WARNING) - ps_audit_count(a, PS_SEV_ERROR),
                  a->n - ps_audit_count(a, PS_SEV_WARNING), a->claims, a->checked, a->pct_checked);
    ps_buf_puts(b, "<table>\n<tr><th>Severity</th><th>Kind</th><th>Location</th><th>Server</th><th>Metric</th>"
                   "<th>Stated</th><th>Expected</th><th>Arithmetic</th></tr>\n");
    for (size_t i = 0; i < a->n; i++) {
        const ps_finding *f = &a->findings[i];
        ps_buf_printf(b, "<tr class=\"%s\">", ps_severity_name(f->severity));
        td(b, ps_severity_name(f->severity));
        td(b, f->kind);
        ps_buf_puts(b, "<td>");
        char loc[48];
        ps_html_escape(b, f->file ? f->file : "-");
        if (f->line > 0)
            ps_buf_printf(b, ":%s", ps_loc_format(loc, sizeof loc, f->line));
        ps_buf_puts(b, "</td>");
        td(b, f->server);
        td(b, f->metric);
        td_num(b, f->stated);
        td_num(b, f->expected);
        td(b, f->message);
        ps_buf_puts(b, "</tr>\n");
    }
    ps_buf_puts(b, "</table>\n");
    if (cv) {
        ps_buf b2 = {0};
        coverage_words(&b2, cv, p != NULL);
        ps_buf_puts(b, "<p>");
        ps_html_escape(b, b2.data ? b2.data : "");
        ps_buf_puts(b, ".</p>\n");
        ps_buf_fini(&b2);
    }
    if (cv && list) {
        ps_buf_puts(b, "<table>\n<tr><th>Line</th><th>Number</th><th>After</th></tr>\n");
        for (size_t i = 0; p && i < p->nclaims; i++) {
            const ps_claim *c = &p->claims[i];
            if (ps_claim_is_reading(c))
                continue;
            char lb[48];
            ps_buf_printf(b, "<tr><td class=\"n\">%s</td>", ps_loc_format(lb, sizeof lb, c->line));
            td(b, c->text);
            td(b, c->label);
            ps_buf_puts(b, "</tr>\n");
        }
        ps_buf_puts(b, "</table>\n");
    }
    ps_buf_puts(b, "</body></html>\n");
}

static void audit_text(ps_buf *out, const ps_audit *a, const char *title)
{
    (void)title;
    render_text(out, a);
}

static void audit_json(ps_buf *out, const ps_audit *a, const char *title)
{
    (void)title;
    render_json(out, a, NULL, NULL, 0);
}

static void audit_html(ps_buf *out, const ps_audit *a, const char *title)
{
    render_html(out, a, title, NULL, NULL, 0);
}

static const struct {
    enum ps_format fmt;
    void (*fn)(ps_buf *out, const ps_audit *a, const char *title);
} renderers[] = {
    {PS_FMT_TEXT, audit_text},
    {PS_FMT_JSON, audit_json},
    {PS_FMT_HTML, audit_html},
};

int ps_audit_render(ps_buf *out, const ps_audit *a, const ps_render_opts *o, ps_error *err)
{
    for (size_t i = 0; i < sizeof renderers / sizeof renderers[0]; i++)
        if (renderers[i].fmt == o->fmt) {
            renderers[i].fn(out, a, o->title);
            return PS_OK;
        }
    return ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "audit output format '%s' not supported (text, json, html)",
                        ps_format_name(o->fmt));
}

int ps_audit_render_coverage(ps_buf *out, const ps_audit *a, const ps_paper *paper, int list_unread, enum ps_format fmt,
                             const char *title, ps_error *err)
{
    ps_audit_coverage cv;
    ps_audit_coverage_of(paper, a, &cv);
    switch (fmt) {
    case PS_FMT_TEXT:
        if (list_unread)
            unread_text(out, paper);
        render_text(out, a);
        coverage_words(out, &cv, paper != NULL);
        ps_buf_puts(out, list_unread || !(cv.labels_unread || cv.numbers_unread) ? "\n" : " (--unread lists them)\n");
        return 0;
    case PS_FMT_JSON: render_json(out, a, &cv, paper, list_unread); return 0;
    case PS_FMT_HTML: render_html(out, a, title, &cv, paper, list_unread); return 0;
    default:
        return ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "audit output format '%s' not supported (text, json, html)",
                            ps_format_name(fmt));
    }
}
