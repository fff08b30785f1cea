/* doc_tree.c - the document tree: adding blocks, tables and cells, freeing it all. */
#include "doc_build.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ tree helpers */

doc_block *doc_add(ps_doc *d, enum doc_kind kind, const char *text)
{
    if (d->nblocks == d->cap) {
        d->cap = d->cap ? d->cap * 2 : 64;
        d->blocks = ps_xrealloc(d->blocks, d->cap * sizeof *d->blocks);
    }
    doc_block *b = &d->blocks[d->nblocks++];
    memset(b, 0, sizeof *b);
    b->kind = kind;
    b->text = ps_xstrdup(text);
    return b;
}

doc_block *doc_heading(ps_doc *d, int level, int page_break, const char *fmt, ...)
{
    ps_buf t = {0};
    va_list ap;
    va_start(ap, fmt);
    ps_buf_vprintf(&t, fmt, ap);
    va_end(ap);
    doc_block *b = doc_add(d, DOC_HEADING, t.data ? t.data : "");
    ps_buf_fini(&t);
    b->level = level;
    b->page_break = page_break;
    char a[32];
    snprintf(a, sizeof a, "s%zu", d->nblocks);
    b->anchor = ps_xstrdup(a);
    return b;
}

void doc_para(ps_doc *d, const char *fmt, ...)
{
    ps_buf t = {0};
    va_list ap;
    va_start(ap, fmt);
    ps_buf_vprintf(&t, fmt, ap);
    va_end(ap);
    doc_add(d, DOC_PARA, t.data ? t.data : "");
    ps_buf_fini(&t);
}

doc_table *doc_table_new(ps_doc *d, const char *caption, size_t ncols)
{
    doc_block *b = doc_add(d, DOC_TABLE, NULL);
    doc_table *t = ps_xcalloc(1, sizeof *t);
    t->caption = ps_xstrdup(caption);
    t->ncols = ncols;
    t->right = ps_xcalloc(ncols, 1);
    t->width = ps_xcalloc(ncols, sizeof *t->width);
    for (size_t i = 0; i < ncols; i++)
        t->width[i] = 1;
    b->table = t;
    return t;
}

size_t doc_row(doc_table *t, enum doc_row_kind kind)
{
    size_t r = t->nrows++;
    t->cells = ps_xrealloc(t->cells, t->nrows * t->ncols * sizeof *t->cells);
    t->flag = ps_xrealloc(t->flag, t->nrows * t->ncols);
    t->row_kind = ps_xrealloc(t->row_kind, t->nrows);
    memset(&t->cells[r * t->ncols], 0, t->ncols * sizeof *t->cells);
    memset(&t->flag[r * t->ncols], 0, t->ncols);
    t->row_kind[r] = (unsigned char)kind;
    return r;
}

void doc_cell(doc_table *t, size_t row, size_t col, const char *text)
{
    char **c = &t->cells[row * t->ncols + col];
    free(*c);
    *c = ps_xstrdup(text);
}

void doc_cellf(doc_table *t, size_t row, size_t col, const char *fmt, ...)
{
    ps_buf b = {0};
    va_list ap;
    va_start(ap, fmt);
    ps_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    doc_cell(t, row, col, b.data ? b.data : "");
    ps_buf_fini(&b);
}

const char *doc_num(char *out, size_t n, double v, int decimals)
{
    return ps_fmt_num(out, n, v, decimals);
}

const char *doc_time(char *out, size_t n, ps_time t)
{
    if (t == PS_TIME_NONE) {
        snprintf(out, n, "n/a");
        return out;
    }
    int y, mo, d, h, mi, s, ms;
    ps_time_to_fields(t, &y, &mo, &d, &h, &mi, &s, &ms);
    snprintf(out, n, "%d/%d/%d %d:%02d:%02d %s", mo, d, y, h % 12 ? h % 12 : 12, mi, s, h < 12 ? "AM" : "PM");
    return out;
}

void doc_runs_free(doc_run *r, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(r[i].text);
        free(r[i].url);
    }
    free(r);
}

void doc_image_free(doc_image *im)
{
    if (!im)
        return;
    free(im->data);
    free(im->path);
    free(im);
}

/* Free n strings and their array. */
static void strv_free(char **v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

static void table_free(doc_table *t)
{
    strv_free(t->cells, t->nrows * t->ncols);
    free(t->row_kind);
    free(t->flag);
    free(t->right);
    free(t->width);
    free(t->caption);
    free(t);
}

static void chart_free(doc_chart *c)
{
    free(c->id);
    free(c->title);
    free(c->ylabel);
    free(c->threshold_label);
    for (size_t i = 0; c->bar_limit_label && i < c->nbars; i++)
        free(c->bar_limit_label[i]);
    free(c->bar_limit_label);
    free(c->bar_limit);
    free(c->shade);
    strv_free(c->groups, c->ngroups);
    strv_free(c->bars, c->nbars);
    free(c->values);
    free(c);
}

void ps_doc_free(ps_doc *d)
{
    if (!d)
        return;
    for (size_t i = 0; i < d->nblocks; i++) {
        doc_block *b = &d->blocks[i];
        free(b->text);
        free(b->anchor);
        if (b->table)
            table_free(b->table);
        if (b->chart)
            chart_free(b->chart);
        strv_free(b->lines, b->nlines);
        doc_runs_free(b->runs, b->nruns);
        doc_image_free(b->image);
    }
    free(d->blocks);
    free(d->title);
    free(d->subtitle);
    free(d->watermark);
    strv_free(d->cover_notes, d->ncover_notes);
    free(d->date_text);
    free(d->author);
    free(d->vendor);
    free(d->template_dir);
    doc_image_free(d->logo);
    free(d);
}

const char *ps_doc_lang(const ps_doc *d)
{
    return d->lang ? d->lang->doc_tag : "en";
}

void ps_doc_set_watermark(ps_doc *d, const char *text)
{
    free(d->watermark);
    d->watermark = text && *text ? ps_xstrdup(text) : NULL;
}

int *doc_figure_numbers(const ps_doc *d, int *count)
{
    int *no = ps_xcalloc(d->nblocks + 1, sizeof *no), n = 0;
    for (size_t i = 0; i < d->nblocks; i++) {
        const doc_block *b = &d->blocks[i];
        if (b->kind == DOC_FIGURE || (b->kind == DOC_CHART && doc_chart_title(b->chart)))
            no[i] = ++n;
    }
    if (count)
        *count = n;
    return no;
}
