/* an_notes.c - what the analysis assumed and what it left out, for every output: the answers
 * to PAL's questions (with where each came from) and the rules not judged for want of one. */
#include "an_render_internal.h"
#include "ps_hash.h"

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

typedef struct note_ctx { ps_buf *b; const ps_an_result *r; int n; } note_ctx;

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

static void jkey(ps_buf *b, const char *k)
{
    ps_json_str(b, k);
    ps_buf_putc(b, ':');
}

static void json_unanswered(void *ctx, const ps_an_series *s)
{
    note_ctx *c = ctx;
    ps_buf_puts(c->b, c->n++ ? ",{" : "{");
    jkey(c->b, "rule");
    ps_json_str(c->b, c->r->rules->rules[s->rule].id);
    ps_buf_putc(c->b, ',');
    jkey(c->b, "machine");
    ps_json_str(c->b, s->machine);
    ps_buf_putc(c->b, ',');
    jkey(c->b, "needs");
    ps_json_str(c->b, s->unanswered);
    ps_buf_putc(c->b, '}');
}

void ps_an_render_answers_json(ps_buf *b, const ps_an_result *r)
{
    ps_buf_puts(b, ",\"answers\":[");
    for (size_t i = 0; i < r->nanswers; i++) {
        const ps_an_answer *a = &r->answers[i];
        ps_buf_puts(b, i ? ",{" : "{");
        jkey(b, "name");
        ps_json_str(b, a->name);
        ps_buf_putc(b, ',');
        jkey(b, "value");
        ps_json_str(b, a->value);
        ps_buf_putc(b, ',');
        jkey(b, "machine");
        if (a->machine)
            ps_json_str(b, a->machine);
        else
            ps_buf_puts(b, "null");
        ps_buf_putc(b, ',');
        jkey(b, "from");
        ps_json_str(b, a->from);
        ps_buf_putc(b, ',');
        jkey(b, "question");
        if (a->question)
            ps_json_str(b, a->question);
        else
            ps_buf_puts(b, "null");
        ps_buf_putc(b, ',');
        jkey(b, "rules");
        ps_json_str(b, a->rules);
        ps_buf_putc(b, '}');
    }
    ps_buf_puts(b, "],\"unanswered\":[");
    note_ctx c = {b, r, 0};
    each_unanswered(r, json_unanswered, &c);
    ps_buf_putc(b, ']');
}
