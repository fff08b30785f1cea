/* store_out.c - text and JSON of 'perfscribe store' (list, show, add, rm). */
#include "ps_store_out.h"
#include "ps_js_words.h"

#include <stdio.h>
#include <string.h>
#include <stdlib.h>

static const char *result_word(int r)
{
    return r == PS_VERDICT_PASS ? "pass" : r == PS_VERDICT_FAIL ? "fail" : "unknown";
}

static const ps_jw_field file_fields[] = {PS_JW_FIELD(ps_store_file, PS_JW_STR, name),
                                          PS_JW_FIELD(ps_store_file, PS_JW_U64, size),
                                          PS_JW_FIELD(ps_store_file, PS_JW_CHARS, sha256)};

static void json_meta(ps_jw *j, const ps_store_meta *m)
{
    ps_jw_kstr(j, "label", m->label);
    ps_jw_kstr(j, "stored_at", m->stored_at);
    ps_jw_kstr(j, "perfscribe_version", m->version);
    ps_jw_kstr(j, "digest", m->digest);
    ps_jw_kobj(j, "options");
    ps_jw_kstr(j, "profile", m->profile);
    ps_jw_kbool(j, "lenient", m->lenient);
    ps_jw_kstr(j, "thresholds", m->thresholds);
    ps_jw_obj_end(j);
    ps_jw_kobj(j, "tags");
    for (size_t i = 0; i < m->ntags; i++)
        ps_jw_kstr(j, m->tags[i].key, m->tags[i].value);
    ps_jw_obj_end(j);
    ps_jw_karr_records(j, "files", m->files, m->nfiles, sizeof *m->files, file_fields,
                       sizeof file_fields / sizeof *file_fields);
}

/* A stored text in a text output, escaped as every message is (ps_term_escape: a label, tag,
 * file or machine name holding ESC or a line feed - typed so, or a database edited by hand -
 * stays one field on one line), padded with spaces to width characters. */
static void field(ps_buf *b, const char *s, size_t width)
{
    size_t at = b->len;
    ps_term_escape(b, s ? s : "");
    for (size_t n = b->len - at; n < width; n++)
        ps_buf_putc(b, ' ');
}

static void text_tags(ps_buf *b, const ps_store_meta *m)
{
    for (size_t i = 0; i < m->ntags; i++) {
        ps_buf_puts(b, i ? " " : "");
        field(b, m->tags[i].key, 0);
        ps_buf_putc(b, '=');
        field(b, m->tags[i].value, 0);
    }
}

void ps_store_render_list(ps_buf *b, const ps_store_entry *e, size_t n, enum ps_format fmt)
{
    if (fmt == PS_FMT_JSON) {
        ps_jw j;
        ps_jw_init(&j, b);
        ps_jw_obj(&j);
        ps_jw_karr(&j, "runs");
        for (size_t i = 0; i < n; i++) {
            ps_jw_obj(&j);
            json_meta(&j, &e[i].meta);
            ps_jw_kuint(&j, "servers", e[i].nservers);
            ps_jw_kstr(&j, "verdict", result_word(e[i].result));
            ps_jw_obj_end(&j);
        }
        ps_jw_arr_end(&j);
        ps_jw_obj_end(&j);
        ps_buf_putc(b, '\n');
        return;
    }
    ps_buf_printf(b, "%-24s %7s %-8s %-24s %s\n", "LABEL", "SERVERS", "VERDICT", "STORED", "TAGS");
    for (size_t i = 0; i < n; i++) {
        field(b, e[i].meta.label, 24);
        ps_buf_printf(b, " %7zu %-8s ", e[i].nservers, result_word(e[i].result));
        field(b, e[i].meta.stored_at, 24);
        ps_buf_putc(b, ' ');
        text_tags(b, &e[i].meta);
        ps_buf_putc(b, '\n');
    }
    ps_buf_printf(b, "%zu stored run%s\n", n, n == 1 ? "" : "s");
}

static void json_verdicts(ps_jw *j, const ps_js_run *run)
{
    ps_jw_karr(j, "verdicts");
    for (size_t i = 0; i < run->nservers; i++) {
        const ps_js_server *s = &run->servers[i];
        ps_jw_obj(j);
        ps_jw_kstr(j, "machine", s->machine);
        ps_jw_kstr(j, "test_type", ps_test_type_name(s->test_type));
        ps_jw_kstr(j, "result", result_word(s->verdict.result));
        ps_jw_kstr(j, "profile", s->verdict.profile);
        ps_jw_kstr(j, "source", ps_store_verdict_source(s));
        ps_jw_karr(j, "reasons");
        for (size_t k = 0; k < s->verdict.nreasons; k++) {
            char *t = ps_js_reason_words(NULL, &s->verdict.reasons[k]);
            ps_jw_str(j, t);
            free(t);
        }
        ps_jw_arr_end(j);
        ps_jw_obj_end(j);
    }
    ps_jw_arr_end(j);
}

void ps_store_render_show(ps_buf *b, const ps_store_meta *m, const ps_js_run *run, enum ps_format fmt)
{
    if (fmt == PS_FMT_JSON) {
        ps_jw j;
        ps_jw_init(&j, b);
        ps_jw_obj(&j);
        json_meta(&j, m);
        json_verdicts(&j, run);
        ps_jw_key(&j, "run");
        ps_js_json_run(&j, run);
        ps_jw_obj_end(&j);
        ps_buf_putc(b, '\n');
        return;
    }
    ps_buf_puts(b, "label:     ");
    field(b, m->label, 0);
    ps_buf_puts(b, "\nstored:    ");
    field(b, m->stored_at, 0);
    ps_buf_puts(b, " by perfscribe ");
    field(b, m->version, 0);
    ps_buf_puts(b, "\ndigest:    ");
    field(b, m->digest, 0);
    ps_buf_puts(b, "\noptions:   profile ");
    field(b, m->profile ? m->profile : "(from the run)", 0);
    ps_buf_printf(b, "%s%s", m->lenient ? ", lenient" : "", m->thresholds ? ", thresholds " : "");
    field(b, m->thresholds, 0);
    ps_buf_puts(b, "\ntags:      ");
    text_tags(b, m);
    ps_buf_puts(b, "\nfiles:\n");
    for (size_t i = 0; i < m->nfiles; i++) {
        ps_buf_puts(b, "  ");
        field(b, m->files[i].sha256, 0);
        ps_buf_printf(b, "  %12llu  ", (unsigned long long)m->files[i].size);
        field(b, m->files[i].name, 0);
        ps_buf_putc(b, '\n');
    }
    ps_buf_puts(b, "verdicts:\n");
    for (size_t i = 0; i < run->nservers; i++) {
        const ps_js_server *s = &run->servers[i];
        ps_buf_puts(b, "  ");
        field(b, s->machine ? s->machine : "?", 0);
        ps_buf_printf(b, " %s: %s (", ps_test_type_name(s->test_type), result_word(s->verdict.result));
        field(b, s->verdict.profile ? s->verdict.profile : "none", 0);
        ps_buf_printf(b, "; source %s)\n", ps_store_verdict_source(s));
        for (size_t k = 0; k < s->verdict.nreasons; k++) {
            ps_buf_puts(b, "    ");
            char *t = ps_js_reason_words(NULL, &s->verdict.reasons[k]);
            field(b, t, 0);
            free(t);
            ps_buf_putc(b, '\n');
        }
    }
    ps_buf_putc(b, '\n');
    ps_js_render_text(b, run);
}

void ps_store_render_add(ps_buf *b, const ps_store_meta *m, const ps_js_run *run, int added, const char *existing,
                         enum ps_format fmt)
{
    if (fmt == PS_FMT_JSON) {
        ps_jw j;
        ps_jw_init(&j, b);
        ps_jw_obj(&j);
        ps_jw_kbool(&j, "added", added);
        ps_jw_kstr(&j, "existing", existing);
        json_meta(&j, m);
        json_verdicts(&j, run);
        ps_jw_obj_end(&j);
        ps_buf_putc(b, '\n');
        return;
    }
    if (!added) {
        field(b, m->label, 0);
        ps_buf_puts(b, ": the same inputs are stored already as '");
        field(b, existing ? existing : "?", 0);
        ps_buf_puts(b, "'; nothing added\n");
        return;
    }
    ps_buf_puts(b, "stored '");
    field(b, m->label, 0);
    ps_buf_printf(b, "': %zu server%s, %zu file%s, digest %.16s...\n", run->nservers, run->nservers == 1 ? "" : "s",
                  m->nfiles, m->nfiles == 1 ? "" : "s", m->digest ? m->digest : "");
    ps_js_render_verdicts(b, run);
}

void ps_store_render_rm(ps_buf *b, const char *label, enum ps_format fmt)
{
    if (fmt == PS_FMT_JSON) {
        ps_jw j;
        ps_jw_init(&j, b);
        ps_jw_obj(&j);
        ps_jw_kstr(&j, "removed", label);
        ps_jw_obj_end(&j);
        ps_buf_putc(b, '\n');
        return;
    }
    ps_buf_puts(b, "removed '");
    field(b, label, 0);
    ps_buf_puts(b, "'\n");
}
