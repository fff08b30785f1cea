/* an_notes.c - what the analysis assumed and what it left out, for every output: the answers
 * to PAL's questions (with where each came from) and the rules not judged for want of one. */
#include "an_render_internal.h"
#include "ps_hash.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Calls fn once per (rule, machine) with a series not judged for want of an answer, in series
 * order. */
static void each_unanswered(const ps_an_result *r, void (*fn)(void *ctx, const ps_an_series *s), void *ctx)
{
    ps_hash seen;
    ps_hash_init(&seen, 0);
    for (size_t i = 0; i < r->nseries; i++) {
        const ps_an_series *s = &r->series[i];
        if (!s->unanswered || s->stats.count == 0)
            continue;
        ps_buf key = {0};
        ps_buf_printf(&key, "%zu%c%s", s->rule, 0, s->machine);
        if (ps_hash_put(&seen, key.data, key.len, 1) == PS_HASH_NONE)
            fn(ctx, s);
        ps_buf_fini(&key);
    }
    ps_hash_fini(&seen);
}

typedef struct note_ctx {
    ps_buf *b;
    const ps_an_result *r;
    int n;
} note_ctx;
typedef struct jw_ctx {
    ps_jw *j;
    const ps_an_result *r;
} jw_ctx;

static void text_unanswered(void *ctx, const ps_an_series *s)
{
    note_ctx *c = ctx;
    if (c->n++ == 0)
        ps_buf_puts(c->b, "not judged for want of an answer (--set NAME=VALUE):\n");
    ps_buf_printf(c->b, "  %s on %s: %s\n", c->r->rules->rules[s->rule].id, s->machine[0] ? s->machine : "-",
                  s->unanswered);
}

void ps_an_render_answers_text(ps_buf *b, const ps_an_result *r)
{
    if (r->nanswers)
        ps_buf_puts(b, "answers to PAL's questions used by the limits (--set NAME=VALUE to answer):\n");
    for (size_t i = 0; i < r->nanswers; i++) {
        const ps_an_answer *a = &r->answers[i];
        ps_buf_printf(b, "  $%s = %s%s%s  (%s)", a->name, a->value, a->machine ? " on " : "",
                      a->machine ? (a->machine[0] ? a->machine : "-") : "", a->from);
        if (a->question)
            ps_buf_printf(b, "  %s", a->question);
        ps_buf_printf(b, "  [used by: %s]\n", a->rules);
    }
    note_ctx c = {b, r, 0};
    each_unanswered(r, text_unanswered, &c);
}

static void json_unanswered(void *ctx, const ps_an_series *s)
{
    jw_ctx *c = ctx;
    ps_jw_obj(c->j);
    ps_jw_kstr(c->j, "rule", c->r->rules->rules[s->rule].id);
    ps_jw_kstr(c->j, "machine", s->machine);
    ps_jw_kstr(c->j, "needs", s->unanswered);
    ps_jw_obj_end(c->j);
}

void ps_an_render_answers_json(ps_jw *j, const ps_an_result *r)
{
    ps_jw_karr(j, "answers");
    for (size_t i = 0; i < r->nanswers; i++) {
        const ps_an_answer *a = &r->answers[i];
        ps_jw_obj(j);
        ps_jw_kstr(j, "name", a->name);
        ps_jw_kstr(j, "value", a->value);
        ps_jw_kstr(j, "machine", a->machine);
        ps_jw_kstr(j, "from", a->from);
        ps_jw_kstr(j, "question", a->question);
        ps_jw_kstr(j, "rules", a->rules);
        ps_jw_obj_end(j);
    }
    ps_jw_arr_end(j);
    ps_jw_karr(j, "unanswered");
    jw_ctx c = {j, r};
    each_unanswered(r, json_unanswered, &c);
    ps_jw_arr_end(j);
}

/* ------------------------------------------------------------------ not analysed */

void ps_an_not_analysed(const ps_an_result *r, void (*fn)(void *ctx, const char *what, const char *why), void *ctx)
{
    const ps_an_ruleset *set = r->rules;
    for (size_t f = 0; f < r->nfiles; f++) {
        if (!r->file_untranslated || !r->file_untranslated[f])
            continue;
        ps_buf b = {0}, need = {0};
        size_t nneed = 0;
        for (size_t ri = 0; ri < set->n; ri++)
            if (!r->rule_series[ri] && nneed++ < 6)
                ps_buf_printf(&need, "%s%s", need.len ? ", " : "",
                              set->rules[ri].ncounters ? set->rules[ri].counters[0] : set->rules[ri].expr_text);
        ps_buf_printf(&b, "%zu column%s named in a language perfscribe does not translate (code page %s; e.g. %s)",
                      r->file_untranslated[f], r->file_untranslated[f] == 1 ? "" : "s",
                      r->file_encoding[f] ? r->file_encoding[f] : "unknown",
                      r->file_untranslated_example[f] ? r->file_untranslated_example[f] : "?");
        if (nneed)
            ps_buf_printf(&b, "; the rules not evaluated need %s%s", need.data, nneed > 6 ? ", ..." : "");
        fn(ctx, r->files[f], b.data);
        ps_buf_fini(&b);
        ps_buf_fini(&need);
    }
    for (size_t ri = 0; ri < set->n; ri++) {
        if (r->rule_series[ri] || !r->rule_total_only || !r->rule_total_only[ri])
            continue;
        ps_buf b = {0};
        ps_buf_printf(&b,
                      "only the _Total instance matches %s, and the rule leaves _Total out (PAL's usual "
                      "exclusion; a rule line 'include = _Total' tests it)",
                      set->rules[ri].counters[0]);
        fn(ctx, set->rules[ri].id, b.data);
        ps_buf_fini(&b);
    }
}

static void text_not_analysed(void *ctx, const char *what, const char *why)
{
    ps_buf_printf(ctx, "not analysed: %s: %s\n", what, why);
}

void ps_an_render_notes_text(ps_buf *b, const ps_an_result *r, const ps_an_doc_info *info)
{
    for (size_t i = 0; i < info->nwarnings; i++)
        ps_buf_printf(b, "warning: %s\n", info->warnings[i]);
    ps_an_not_analysed(r, text_not_analysed, b);
}

static void json_not_analysed(void *ctx, const char *what, const char *why)
{
    ps_jw *j = ctx;
    ps_jw_obj(j);
    ps_jw_kstr(j, "what", what);
    ps_jw_kstr(j, "why", why);
    ps_jw_obj_end(j);
}

void ps_an_render_notes_json(ps_jw *j, const ps_an_result *r, const ps_an_doc_info *info)
{
    ps_jw_karr(j, "warnings");
    for (size_t i = 0; i < info->nwarnings; i++)
        ps_jw_str(j, info->warnings[i]);
    ps_jw_arr_end(j);
    ps_jw_karr(j, "not_analysed");
    ps_an_not_analysed(r, json_not_analysed, j);
    ps_jw_arr_end(j);
}

/* ------------------------------------------------------------------ document */

static void list_line(doc_block *list, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void list_line(doc_block *list, const char *fmt, ...)
{
    ps_buf l = {0};
    va_list ap;
    va_start(ap, fmt);
    ps_buf_vprintf(&l, fmt, ap);
    va_end(ap);
    list->lines = ps_xrealloc(list->lines, (list->nlines + 1) * sizeof *list->lines);
    list->lines[list->nlines++] = ps_buf_steal(&l);
}

static void doc_unanswered(void *ctx, const ps_an_series *s)
{
    note_ctx *c = ctx;
    list_line((doc_block *)c->b, "%s on %s: not judged, needs an answer: %s", c->r->rules->rules[s->rule].id,
              s->machine[0] ? s->machine : "-", s->unanswered);
}

static void doc_not_analysed(void *ctx, const char *what, const char *why)
{
    list_line(ctx, "%s: %s", what, why);
}

void ps_an_doc_notes(ps_doc *d, const ps_an_result *r, const ps_an_doc_info *info)
{
    doc_heading(d, 1, 0, "Assumptions and what was not analysed");
    if (r->nanswers) {
        doc_para(d, "Answers to PAL's questions the limits were computed from (perfscribe analyze --set NAME=VALUE "
                    "answers them):");
        doc_block *l = doc_add(d, DOC_LIST, NULL);
        for (size_t i = 0; i < r->nanswers; i++) {
            const ps_an_answer *a = &r->answers[i];
            list_line(l, "$%s = %s%s%s (%s)%s%s; used by %s", a->name, a->value, a->machine ? " on " : "",
                      a->machine ? a->machine : "", a->from, a->question ? ": " : "", a->question ? a->question : "",
                      a->rules);
        }
    }
    doc_block *l = doc_add(d, DOC_LIST, NULL);
    note_ctx c = {(ps_buf *)l, r, 0};
    each_unanswered(r, doc_unanswered, &c);
    ps_an_not_analysed(r, doc_not_analysed, l);
    for (size_t i = 0; i < info->nwarnings; i++)
        list_line(l, "Warning: %s", info->warnings[i]);
    if (!l->nlines)
        l->kind = DOC_PARA, l->text = ps_xstrdup("Nothing else was left out: no warning while reading the logs, no "
                                                 "column in an untranslated language, no rule without an answer "
                                                 "or held back by its _Total exclusion.");
}
