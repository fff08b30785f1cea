/* doc_verify.c - what the ESRP document says about its own numbers: the ESRP qualification of
 * the run (from the model's ps_js_qualify_run, never recomputed here) and the one section
 * "Verification of the Results": sources, recomputation, agreement with the printed reports,
 * and the files read with their SHA-256, named by file name only (no path of this machine). */
#include "doc_esrp_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ps_io.h"

void doc_qualification(build_ctx *c)
{
    const ps_lang *L = c->d->lang;
    ps_qualification q = {0};
    ps_js_qualify_run(c->run, &q);
    doc_heading(c->d, 2, 0, "%s", ps_msg(L, PS_MSG_QUALIFICATION));
    if (q.assessed && q.result == PS_VERDICT_PASS) {
        doc_para(c->d, "%s", ps_msg(L, PS_MSG_QUALIFIES));
    } else {
        doc_para(c->d, "%s", ps_msg(L, PS_MSG_NOT_QUALIFIES));
        doc_block *b = doc_add(c->d, DOC_LIST, NULL);
        b->lines = ps_xcalloc(q.nreasons + 1, sizeof *b->lines);
        for (size_t i = 0; i < q.nreasons; i++)
            if (q.reasons[i].met != PS_VERDICT_PASS)
                b->lines[b->nlines++] = ps_js_qual_words(L, &q.reasons[i]);
        if (!q.assessed)
            b->lines[b->nlines++] = ps_xstrdup(ps_msg(L, PS_MSG_NO_PERFORMANCE_TEST));
        free(c->d->watermark);
        c->d->watermark = ps_xstrdup(ps_msg(L, PS_MSG_DRAFT));
    }
    ps_qualification_fini(&q);
}

/* The file name of a path (either slash): documents never print where this machine keeps it. */
const char *doc_file_name(const char *path)
{
    const char *a = strrchr(path, '/'), *b = strrchr(path, '\\');
    const char *p = a > b ? a : b;
    return p ? p + 1 : path;
}

/* Cells where the recomputed figure differs from the one the report prints (the appendix tables'
 * rule: 0.1% or 0.0005). */
static size_t differing(const ps_js_server *s)
{
    size_t n = 0;
    for (size_t i = 0; i < s->ninstances; i++) {
        const ps_js_instance *in = &s->instances[i];
        if (!in->has_computed || !in->has_reported)
            continue;
        for (int k = 0; k < PS_IO12_N; k++) {
            double a = ps_io12_get(&in->computed.transactional, k), r = ps_io12_get(&in->reported.transactional, k);
            if (!isnan(r) && (isnan(a) || fabs(a - r) > fmax(0.0005, 0.001 * fabs(r))))
                n++;
        }
    }
    return n;
}

/* One file read for server s: "  NAME (use)" and its digest on the next line. */
static void file_lines(const ps_lang *L, ps_buf *out, const char *path, enum ps_msg_id use)
{
    if (!path)
        return;
    char hex[65];
    uint64_t size;
    ps_error e = {0};
    int ok = ps_sha256_file(path, hex, &size, &e) == 0;
    ps_buf_printf(out, "  %s (%s)\n    SHA-256 %s\n", doc_file_name(path), ps_msg(L, use),
                  ok ? hex : ps_msg(L, PS_MSG_NA));
}

void doc_verification(build_ctx *c)
{
    const ps_lang *L = c->d->lang;
    const ps_js_run *run = c->run;
    doc_heading(c->d, 1, 1, "%s", ps_msg(L, PS_MSG_VERIFICATION));
    ps_buf prof = {0}, who = {0};
    for (size_t i = 0; i < run->nservers; i++) {
        const char *p = run->servers[i].verdict.profile;
        if (p && strcmp(p, "none") != 0 && !strstr(prof.data ? prof.data : "", p))
            ps_buf_printf(&prof, "%s%s", prof.len ? ps_msg(L, PS_MSG_LIST_SEP) : "", p);
    }
    doc_para(c->d, ps_msg(L, PS_MSG_VERIFY_P1), prof.len ? prof.data : ps_msg(L, PS_MSG_NA));
    size_t ndiff = 0;
    for (size_t i = 0; i < run->nservers; i++) {
        const ps_js_server *s = &run->servers[i];
        ndiff += differing(s);
        int computed = 0;
        for (size_t k = 0; k < s->ninstances; k++)
            computed |= s->instances[k].has_computed;
        if (!computed && s->ninstances)
            ps_buf_printf(&who, "%s%s (%s)", who.len ? ps_msg(L, PS_MSG_LIST_SEP) : "", s->machine ? s->machine : "?",
                          doc_test_title(L, s->test_type));
    }
    if (ndiff)
        doc_para(c->d, ps_msg(L, PS_MSG_VERIFY_DIFFER), ps_fmt_num((char[32]){0}, 32, (double)ndiff, 0));
    else
        doc_para(c->d, "%s", ps_msg(L, PS_MSG_VERIFY_AGREE));
    if (who.len)
        doc_para(c->d, ps_msg(L, PS_MSG_VERIFY_REPORTED_ONLY), who.data);
    ps_buf_fini(&prof);
    ps_buf_fini(&who);
    /* every test's verdict and where it comes from */
    doc_block *b = doc_add(c->d, DOC_LIST, NULL);
    b->lines = ps_xcalloc(run->nservers, sizeof *b->lines);
    for (size_t i = 0; i < run->nservers; i++) {
        const ps_js_server *s = &run->servers[i];
        ps_buf line = {0};
        unsigned src = (unsigned)s->verdict.source <= PS_VSRC_BOTH ? (unsigned)s->verdict.source : 0;
        ps_buf_printf(&line, ps_msg(L, PS_MSG_VERIFY_VERDICT), s->machine ? s->machine : "?",
                      doc_test_title(L, s->test_type), doc_verdict_word(L, s->verdict.result),
                      ps_msg(L, (enum ps_msg_id)(PS_MSG_VSRC_NONE + src)));
        if (s->verdict.disagree)
            ps_buf_printf(&line, "; %s", ps_msg(L, PS_MSG_VERIFY_DISAGREE));
        b->lines[b->nlines++] = ps_buf_steal(&line);
    }
    /* the files, by name (never where this machine keeps them), with their digests, per test */
    doc_heading(c->d, 2, 0, "%s", ps_msg(L, PS_MSG_VERIFY_FILES));
    ps_buf lines = {0};
    for (size_t i = 0; i < run->nservers; i++) {
        const ps_js_server *s = &run->servers[i];
        ps_buf_printf(&lines, "%s – %s\n", s->machine ? s->machine : "?", doc_test_title(L, s->test_type));
        file_lines(L, &lines, s->report ? s->report->source : NULL, PS_MSG_USED_REPORT);
        for (size_t k = 0; k < s->nlogs; k++)
            file_lines(L, &lines, s->logs[k], PS_MSG_USED_LOG);
        file_lines(L, &lines, s->config ? s->config->source : NULL, PS_MSG_USED_CONFIG);
    }
    doc_block *lb = doc_add(c->d, DOC_LOG, NULL);
    for (char *p = lines.data; p && *p;) {
        char *nl = strchr(p, '\n');
        lb->lines = ps_xrealloc(lb->lines, (lb->nlines + 1) * sizeof *lb->lines);
        lb->lines[lb->nlines++] = ps_xstrndup(p, nl ? (size_t)(nl - p) : strlen(p));
        p = nl ? nl + 1 : p + strlen(p);
    }
    ps_buf_fini(&lines);
}
