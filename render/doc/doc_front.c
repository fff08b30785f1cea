/* doc_front.c - the vendor's part of the ESRP document: solution lookups, the front matter
 * (abstract, revisions, overview ... contact), the conclusion and acknowledgements. Every text
 * value is CommonMark, turned into blocks by doc_markdown.c. */
#include "doc_esrp_internal.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ solution lookups */

const ps_solution_entry *sol_entry(build_ctx *c, const char *section, const char *key)
{
    if (!c->sol)
        return NULL;
    for (size_t i = 0; i < c->sol->nentries; i++) {
        const ps_solution_entry *e = &c->sol->entries[i];
        if (strcmp(e->section, section) == 0 && strcmp(e->key, key) == 0) {
            c->used[i] = 1;
            return e;
        }
    }
    return NULL;
}

const char *sol_get(build_ctx *c, const char *section, const char *key)
{
    const ps_solution_entry *e = sol_entry(c, section, key);
    return e && e->value[0] ? e->value : NULL;
}

const char *sol_want(build_ctx *c, const char *section, const char *key)
{
    const char *v = sol_get(c, section, key);
    if (!v)
        ps_buf_printf(&c->missing, "%s%s.%s", c->missing.len ? ", " : "", section, key);
    return v;
}

const char *sol_need(build_ctx *c, const char *section, const char *key)
{
    const char *v = sol_want(c, section, key);
    return v ? v : ps_msg(c->d->lang, PS_MSG_NOT_PROVIDED);
}

void sol_text(build_ctx *c, const char *section, const char *key, int level, const char *fallback)
{
    const ps_solution_entry *e = sol_entry(c, section, key);
    if (c->rc)
        return;
    if (e && e->value[0]) {
        c->rc = doc_markdown(c->d, e->value, level, c->sol->source, e->line, c->err);
        return;
    }
    doc_para(c->d, "%s", fallback ? fallback : sol_need(c, section, key));
}

/* ------------------------------------------------------------------ front matter */

/* [document] revisions: one "DATE | description" line per revision, as a two-column table. */
static void revisions(build_ctx *c)
{
    const ps_solution_entry *e = sol_entry(c, "document", "revisions");
    if (!e || !e->value[0])
        return;
    const ps_lang *L = c->d->lang;
    doc_heading(c->d, 1, 0, "%s", ps_msg(L, PS_MSG_REVISIONS))->number = -1;
    doc_table *t = doc_table_new(c->d, ps_msg(L, PS_MSG_REVISIONS), 2);
    t->width[0] = 1;
    t->width[1] = 4;
    size_t r = doc_row(t, DOC_ROW_HEAD);
    doc_cell(t, r, 0, ps_msg(L, PS_MSG_COL_DATE));
    doc_cell(t, r, 1, ps_msg(L, PS_MSG_COL_DESCRIPTION));
    long line = e->line;
    for (const char *p = e->value; *p && !c->rc;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        const char *bar = memchr(p, '|', n);
        if (n && !bar) {
            c->rc =
                ps_error_set(c->err, PS_EINPUT, c->sol->source, line, 1,
                             "[document] revisions: expected 'DATE | description' on each line, got '%.*s'", (int)n, p);
            break;
        }
        if (n) {
            char *date = ps_xstrndup(p, (size_t)(bar - p)), *what = ps_xstrndup(bar + 1, n - (size_t)(bar - p) - 1);
            char *pd = doc_markdown_plain(date), *pw = doc_markdown_plain(what);
            r = doc_row(t, DOC_ROW_BODY);
            doc_cell(t, r, 0, pd);
            doc_cell(t, r, 1, pw);
            free(pd);
            free(pw);
            free(date);
            free(what);
        }
        line++;
        p = nl ? nl + 1 : p + n;
    }
}

/* One line of small print at the foot of the title page. */
static void cover_note(ps_doc *d, const char *text)
{
    d->cover_notes = ps_xrealloc(d->cover_notes, (d->ncover_notes + 1) * sizeof *d->cover_notes);
    d->cover_notes[d->ncover_notes++] = ps_xstrdup(text);
}

/* Copyright, trademarks and the document number, as small print at the foot of the title page
 * (as real papers print them on their notice page): in the body they would stand alone on a page
 * whenever no abstract or revisions precede the Introduction, which starts a page. */
static void legal(build_ctx *c)
{
    const ps_lang *L = c->d->lang;
    int y, mo, dd, h, mi, sec, ms;
    ps_time_to_fields(c->d->date, &y, &mo, &dd, &h, &mi, &sec, &ms);
    const char *holder = sol_get(c, "document", "copyright_holder");
    holder = holder ? holder : c->d->vendor;
    ps_buf t = {0};
    if (*holder) { /* no line "(c) 2026 ." when nobody is named */
        ps_buf_printf(&t, ps_msg(L, PS_MSG_COPYRIGHT), y, holder);
        cover_note(c->d, t.data);
        ps_buf_reset(&t);
    }
    const char *tm = sol_get(c, "document", "trademarks");
    cover_note(c->d, tm ? tm : ps_msg(L, PS_MSG_TRADEMARKS));
    const char *num = sol_get(c, "document", "number");
    if (num) {
        ps_buf_printf(&t, ps_msg(L, PS_MSG_DOC_NUMBER), num);
        cover_note(c->d, t.data);
    }
    ps_buf_fini(&t);
}

void doc_front(build_ctx *c)
{
    ps_doc *d = c->d;
    const ps_lang *L = d->lang;
    const char *ver = doc_exchange_version(c);
    if (sol_get(c, "text", "abstract")) {
        doc_heading(d, 1, 1, "%s", ps_msg(L, PS_MSG_ABSTRACT))->number = -1;
        sol_text(c, "text", "abstract", 1, NULL);
    }
    revisions(c);
    legal(c);
    doc_heading(d, 1, 1, "%s", ps_msg(L, PS_MSG_INTRODUCTION));
    if (*d->vendor)
        doc_para(d, ps_msg(L, PS_MSG_INTRO_P1), d->vendor, ver);
    else
        doc_para(d, ps_msg(L, PS_MSG_INTRO_P1_NO_VENDOR), ver);
    doc_para(d, "%s", ps_msg(L, PS_MSG_INTRO_P2));
    if (sol_get(c, "text", "overview"))
        sol_text(c, "text", "overview", 1, NULL);
    doc_heading(d, 2, 0, "%s", ps_msg(L, PS_MSG_DISCLAIMER));
    sol_text(c, "text", "disclaimer", 2, ps_msg(L, PS_MSG_DISCLAIMER_TEXT));
    doc_heading(d, 1, 0, "%s", ps_msg(L, PS_MSG_FEATURES));
    sol_text(c, "text", "features", 1, NULL);
    doc_heading(d, 1, 0, "%s", ps_msg(L, PS_MSG_SOLUTION_DESCRIPTION));
    sol_text(c, "text", "solution_description", 1, NULL);
    doc_heading(d, 2, 0, "%s", ps_msg(L, PS_MSG_CUSTOMER_PROFILE));
    sol_text(c, "text", "customer_profile", 2, NULL);
    doc_heading(d, 1, 1, "%s", ps_msg(L, PS_MSG_TESTED_DEPLOYMENT));
    doc_para(d, "%s", ps_msg(L, PS_MSG_TESTED_DEPLOYMENT_INTRO));
    doc_tested_deployment(c);
    doc_heading(d, 1, 1, "%s", ps_msg(L, PS_MSG_BEST_PRACTICES));
    doc_para(d, "%s", ps_msg(L, PS_MSG_BEST_PRACTICES_INTRO));
    sol_text(c, "text", "best_practices", 1, NULL);
    doc_heading(d, 2, 0, "%s", ps_msg(L, PS_MSG_BACKUP_STRATEGY));
    sol_text(c, "text", "backup_strategy", 2, NULL);
    doc_heading(d, 2, 0, "%s", ps_msg(L, PS_MSG_CONTACT));
    sol_text(c, "text", "contact", 2, NULL);
}

void doc_conclusion(build_ctx *c)
{
    const ps_lang *L = c->d->lang;
    doc_heading(c->d, 1, 1, "%s", ps_msg(L, PS_MSG_CONCLUSION));
    doc_para(c->d, ps_msg(L, PS_MSG_CONCLUSION_P1), doc_esrp_version_text(c->d->esrp));
    doc_para(c->d, "%s", ps_msg(L, PS_MSG_CONCLUSION_P2));
    if (sol_get(c, "text", "conclusion"))
        sol_text(c, "text", "conclusion", 1, NULL);
    if (sol_get(c, "text", "acknowledgements")) {
        doc_heading(c->d, 1, 0, "%s", ps_msg(L, PS_MSG_ACKNOWLEDGEMENTS));
        sol_text(c, "text", "acknowledgements", 1, NULL);
    }
}

/* The last appendix: the vendor's support text and resources, then the ESRP program's page. */
void doc_support(build_ctx *c, const char *letter)
{
    const ps_lang *L = c->d->lang;
    doc_heading(c->d, 1, 1, ps_msg(L, PS_MSG_APPENDIX_TITLE), letter, ps_msg(L, PS_MSG_SUPPORT));
    if (sol_get(c, "text", "support"))
        sol_text(c, "text", "support", 1, NULL);
    doc_block *b = doc_add(c->d, DOC_LIST, NULL);
    b->lines = ps_xcalloc(1, sizeof *b->lines);
    b->lines[b->nlines++] = ps_xstrdup(ps_msg(L, PS_MSG_SUPPORT_ESRP));
}
