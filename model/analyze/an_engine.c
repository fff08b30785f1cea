/* an_engine.c - the analysis engine: columns to series, rows to slice accumulators.
 *
 * Every series keeps one accumulator per fine slice of the grid of each period of the logs
 * (an_grid.c: logs of one time range share a grid; logs of different days have one each).
 */
#include "an_internal.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

ps_analysis *ps_an_new(const ps_an_ruleset *set, const ps_an_options *opt)
{
    ps_analysis *a = ps_xcalloc(1, sizeof *a);
    a->set = set;
    if (opt)
        a->opt = *opt;
    a->file_period = SIZE_MAX;
    a->res.rules = set;
    a->res.first = a->res.last = PS_TIME_NONE;
    ps_hash_init(&a->series_ix, 0);
    ps_hash_init(&a->proc_seen, PS_HASH_NOCASE);
    ps_hash_init(&a->proc_machine, PS_HASH_NOCASE);
    return a;
}

/* ------------------------------------------------------------------ series */

/* The series key: rule index, machine and instance (absent: no byte 1), NUL-separated. */
static void series_key(ps_buf *k, size_t rule, const char *machine, const char *inst)
{
    ps_buf_printf(k, "%zu", rule);
    ps_buf_putc(k, 0);
    ps_buf_puts(k, machine);
    ps_buf_putc(k, 0);
    if (inst) {
        ps_buf_putc(k, 1);
        ps_buf_puts(k, inst);
    }
}

static size_t series_get(ps_analysis *a, size_t rule, const char *machine, const char *inst)
{
    if (!machine)
        machine = "";
    ps_buf key = {0};
    series_key(&key, rule, machine, inst);
    size_t found = ps_hash_get(&a->series_ix, key.data, key.len);
    if (found != PS_HASH_NONE) {
        ps_buf_fini(&key);
        return found;
    }
    ps_hash_add(&a->series_ix, key.data, key.len, a->nseries);
    ps_buf_fini(&key);
    if (a->nseries == a->series_cap) {
        a->series_cap = a->series_cap ? a->series_cap * 2 : 64;
        a->series = ps_xrealloc(a->series, a->series_cap * sizeof *a->series);
        a->series_bind = ps_xrealloc(a->series_bind, a->series_cap * sizeof *a->series_bind);
    }
    a->series_bind[a->nseries] = SIZE_MAX;
    ps_an_series *s = &a->series[a->nseries];
    memset(s, 0, sizeof *s);
    s->rule = rule;
    s->machine = ps_xstrdup(machine);
    s->instance = ps_xstrdup(inst);
    s->trend_per_hour = NAN;
    ps_acc_init(&s->acc);
    ps_an_grid_new_series(a, s);
    return a->nseries++;
}

/* ------------------------------------------------------------------ processors */

/* Count a Processor instance (not _Total) of a machine once, whatever the file or counter. */
static void note_processor(ps_analysis *a, const ps_counter_path *en)
{
    if (!en->object || !en->instance || strcasecmp(en->object, "Processor") != 0 ||
        strcasecmp(en->instance, "_Total") == 0)
        return;
    const char *machine = en->machine ? en->machine : "";
    ps_buf key = {0};
    ps_buf_puts(&key, machine);
    ps_buf_putc(&key, 0);
    ps_buf_puts(&key, en->instance);
    if (ps_hash_put(&a->proc_seen, key.data, key.len, 1) == PS_HASH_NONE) {
        size_t m = ps_an_machine_index(a, machine);
        a->proc_n[m]++;
    }
    ps_buf_fini(&key);
}

size_t ps_an_machine_index(ps_analysis *a, const char *machine)
{
    size_t m = ps_hash_get(&a->proc_machine, machine, strlen(machine));
    if (m == PS_HASH_NONE) {
        m = a->nproc_machines++;
        a->proc_n = ps_xrealloc(a->proc_n, a->nproc_machines * sizeof *a->proc_n);
        a->mem_total = ps_xrealloc(a->mem_total, a->nproc_machines * sizeof *a->mem_total);
        a->mem_nodes = ps_xrealloc(a->mem_nodes, a->nproc_machines * sizeof *a->mem_nodes);
        a->mem_row = ps_xrealloc(a->mem_row, a->nproc_machines * sizeof *a->mem_row);
        a->proc_n[m] = 0;
        a->mem_total[m] = a->mem_nodes[m] = NAN;
        a->mem_row[m] = 0;
        ps_hash_put(&a->proc_machine, machine, strlen(machine), m);
    }
    return m;
}

double ps_an_memory_mb_of(const ps_analysis *a, const char *machine, int *nodes)
{
    size_t m = ps_hash_get(&a->proc_machine, machine, strlen(machine));
    *nodes = 0;
    if (m == PS_HASH_NONE)
        return NAN;
    if (!isnan(a->mem_total[m]))
        return a->mem_total[m];
    *nodes = !isnan(a->mem_nodes[m]);
    return a->mem_nodes[m];
}

/* \NUMA Node Memory(*)\Total MBytes: the machine's physical memory (Windows 8 / Server 2012
 * and later). Read from every row of the file, whatever -b/-e select. */
static int note_memory(ps_analysis *a, const ps_counter_path *en, size_t col)
{
    if (!en->object || !en->counter || !en->instance || strcasecmp(en->object, "NUMA Node Memory") != 0 ||
        strcasecmp(en->counter, "Total MBytes") != 0)
        return 0;
    if (a->nmemcols == a->memcols_cap) {
        a->memcols_cap = a->memcols_cap ? a->memcols_cap * 2 : 8;
        a->memcols = ps_xrealloc(a->memcols, a->memcols_cap * sizeof *a->memcols);
    }
    a->memcols[a->nmemcols++] = (an_memcol){col, ps_an_machine_index(a, en->machine ? en->machine : ""),
                                            strcasecmp(en->instance, "_Total") == 0};
    return 1;
}

static void add_memory(ps_analysis *a, const ps_row *row)
{
    for (size_t i = 0; i < a->nmemcols; i++) {
        const an_memcol *mc = &a->memcols[i];
        double v = row->values[mc->col];
        if (isnan(v))
            continue;
        if (mc->total && (isnan(a->mem_total[mc->machine]) || v > a->mem_total[mc->machine]))
            a->mem_total[mc->machine] = v;
        if (!mc->total)
            a->mem_row[mc->machine] += v;
    }
    for (size_t i = 0; i < a->nmemcols; i++) {
        size_t m = a->memcols[i].machine;
        if (!a->memcols[i].total && a->mem_row[m] > 0) {
            if (isnan(a->mem_nodes[m]) || a->mem_row[m] > a->mem_nodes[m])
                a->mem_nodes[m] = a->mem_row[m];
            a->mem_row[m] = 0;
        }
    }
}

size_t ps_an_processors_of(const ps_analysis *a, const char *machine)
{
    size_t m = ps_hash_get(&a->proc_machine, machine, strlen(machine));
    return m == PS_HASH_NONE ? 0 : a->proc_n[m];
}

/* ------------------------------------------------------------------ columns */

static size_t add_cols(ps_analysis *a, size_t n)
{
    if (a->ncols + n > a->cols_cap) {
        a->cols_cap = (a->ncols + n) * 2;
        a->cols = ps_xrealloc(a->cols, a->cols_cap * sizeof *a->cols);
    }
    size_t first = a->ncols;
    for (size_t i = 0; i < n; i++)
        a->cols[first + i] = SIZE_MAX;
    a->ncols += n;
    return first;
}

static an_binding *bind(ps_analysis *a, size_t series, size_t ncols)
{
    size_t i = a->series_bind[series];
    if (i < a->nbinds && a->binds[i].series == series)
        return &a->binds[i];
    a->series_bind[series] = a->nbinds;
    if (a->nbinds == a->binds_cap) {
        a->binds_cap = a->binds_cap ? a->binds_cap * 2 : 64;
        a->binds = ps_xrealloc(a->binds, a->binds_cap * sizeof *a->binds);
    }
    an_binding *b = &a->binds[a->nbinds++];
    b->series = series;
    b->first_col = add_cols(a, ncols);
    return b;
}

static int non_ascii(const char *s)
{
    for (; s && *s; s++)
        if ((unsigned char)*s >= 0x80)
            return 1;
    return 0;
}

/* A column whose name is in a language the name table does not translate. */
static void note_untranslated(ps_analysis *a, const ps_counter_path *p)
{
    size_t f = a->nfiles - 1;
    if (a->res.file_untranslated[f]++ == 0)
        a->res.file_untranslated_example[f] = ps_xstrdup(p->full);
}

static int operand_of(const ps_an_rule *r, const char *counter)
{
    for (size_t k = 0; counter && k < ps_an_expr_noperands(r->expr); k++)
        if (ps_glob_match(ps_an_expr_operand(r->expr, k), counter))
            return (int)k;
    return -1;
}

/* Bind column c (English path en, instance text inst) to rule ri's series when the rule
 * matches it; 1 when it does. */
static int match_column(ps_analysis *a, size_t ri, const ps_counter_path *en, const char *inst, size_t c,
                        size_t *maxops)
{
    const ps_an_rule *r = &a->set->rules[ri];
    if (!ps_an_rule_wants_instance(r, inst)) {
        if (!a->res.rule_total_only[ri] && !r->ninclude && !r->nexclude && !r->expr && inst &&
            strcasecmp(inst, "_Total") == 0 && ps_filter_match(r->filter, en))
            a->res.rule_total_only[ri] = 1; /* said when the rule finds nothing else */
        return 0;
    }
    if (r->expr) {
        int k = operand_of(r, en->counter);
        if (k < 0 || !ps_glob_match(r->object, en->object))
            return 0;
        size_t nops = ps_an_expr_noperands(r->expr);
        if (nops > *maxops)
            *maxops = nops;
        an_binding *b = bind(a, series_get(a, ri, en->machine, inst), nops);
        a->cols[b->first_col + (size_t)k] = c;
    } else {
        if (!ps_filter_match(r->filter, en))
            return 0;
        an_binding *b = bind(a, series_get(a, ri, en->machine, inst), 1);
        a->cols[b->first_col] = c;
    }
    return 1;
}

void ps_an_begin_file(ps_analysis *a, const struct ps_log_info *info)
{
    a->info = info;
    a->nbinds = a->ncols = 0;
    a->prev_t = PS_TIME_NONE;
    a->file_period = SIZE_MAX;
    a->columns_used = 0;
    a->file_localized = 0;
    a->nmemcols = 0;
    a->files = ps_xrealloc(a->files, (a->nfiles + 1) * sizeof *a->files);
    a->res.file_first = ps_xrealloc(a->res.file_first, (a->nfiles + 1) * sizeof *a->res.file_first);
    a->res.file_last = ps_xrealloc(a->res.file_last, (a->nfiles + 1) * sizeof *a->res.file_last);
    a->res.file_rows = ps_xrealloc(a->res.file_rows, (a->nfiles + 1) * sizeof *a->res.file_rows);
    a->res.file_first[a->nfiles] = a->res.file_last[a->nfiles] = PS_TIME_NONE;
    a->res.file_rows[a->nfiles] = 0;
    a->res.file_untranslated =
        ps_xrealloc(a->res.file_untranslated, (a->nfiles + 1) * sizeof *a->res.file_untranslated);
    a->res.file_untranslated_example =
        ps_xrealloc(a->res.file_untranslated_example, (a->nfiles + 1) * sizeof *a->res.file_untranslated_example);
    a->res.file_encoding = ps_xrealloc(a->res.file_encoding, (a->nfiles + 1) * sizeof *a->res.file_encoding);
    a->res.file_untranslated[a->nfiles] = 0;
    a->res.file_untranslated_example[a->nfiles] = NULL;
    a->res.file_encoding[a->nfiles] = ps_xstrdup(info->encoding);
    if (!a->res.rule_total_only)
        a->res.rule_total_only = ps_xcalloc(a->set->n + 1, 1);
    a->files[a->nfiles++] = ps_xstrdup(info->path);
    if (!a->zone_seen) {
        a->zone_seen = 1;
        a->res.zone_known = info->has_bias;
        a->res.bias_minutes = info->has_bias ? info->bias_minutes : 0;
        a->res.zone_name = info->timezone ? ps_xstrdup(info->timezone) : NULL;
    } else if (info->has_bias != a->res.zone_known || (info->has_bias && info->bias_minutes != a->res.bias_minutes)) {
        a->res.zone_mixed = 1;
    }
    size_t maxops = 1, nc = info->ncounters;
    unsigned char *used = ps_xcalloc(nc + 1, 1);
    ps_counter_path *en = ps_xcalloc(nc + 1, sizeof *en);
    char **inst = ps_xcalloc(nc + 1, sizeof *inst);
    for (size_t c = 0; c < nc; c++) {
        ps_an_path_english(&info->counters[c], &en[c]);
        int same_obj =
            !strcmp(en[c].object ? en[c].object : "", info->counters[c].object ? info->counters[c].object : "");
        int same_ctr =
            !strcmp(en[c].counter ? en[c].counter : "", info->counters[c].counter ? info->counters[c].counter : "");
        if (!same_obj || !same_ctr)
            a->file_localized++;
        if ((same_obj && non_ascii(en[c].object)) || (same_ctr && non_ascii(en[c].counter)))
            note_untranslated(a, &info->counters[c]);
        note_processor(a, &en[c]);
        used[c] = (unsigned char)note_memory(a, &en[c], c);
        inst[c] = ps_path_instance_text(&en[c]);
    }
    ps_an_match_index(a, en, nc);
    for (size_t ri = 0; ri < a->set->n; ri++) {
        size_t *cand, ncand = ps_an_match_candidates(a, ri, &cand);
        for (size_t i = 0; i < (ncand == SIZE_MAX ? nc : ncand); i++) {
            size_t c = ncand == SIZE_MAX ? i : cand[i];
            if (match_column(a, ri, &en[c], inst[c], c, &maxops))
                used[c] = 1;
        }
    }
    for (size_t c = 0; c < nc; c++) {
        free(inst[c]);
        ps_path_fini(&en[c]);
    }
    free(inst);
    free(en);
    /* a derived series whose file lacks one of its operands gives no value: drop the binding */
    size_t keep = 0;
    for (size_t i = 0; i < a->nbinds; i++) {
        const ps_an_rule *r = &a->set->rules[a->series[a->binds[i].series].rule];
        size_t n = r->expr ? ps_an_expr_noperands(r->expr) : 1, k;
        for (k = 0; k < n && a->cols[a->binds[i].first_col + k] != SIZE_MAX; k++)
            ;
        if (k == n)
            a->binds[keep++] = a->binds[i];
    }
    a->nbinds = keep;
    for (size_t c = 0; c < info->ncounters; c++)
        a->columns_used += used[c];
    free(a->used);
    a->used = used;
    a->nused = info->ncounters;
    a->opv = ps_xrealloc(a->opv, maxops * sizeof *a->opv);
    a->res.localized_columns += a->file_localized;
}

void ps_an_restart_file(ps_analysis *a, const struct ps_log_info *info)
{
    size_t untranslated = 0;
    char *example = NULL;
    if (a->nfiles) { /* the reopened file reads fewer columns: keep what the first pass saw */
        free(a->files[--a->nfiles]);
        untranslated = a->res.file_untranslated[a->nfiles];
        example = a->res.file_untranslated_example[a->nfiles];
        free(a->res.file_encoding[a->nfiles]);
    }
    a->res.localized_columns -= a->file_localized;
    ps_an_begin_file(a, info);
    free(a->res.file_untranslated_example[a->nfiles - 1]);
    a->res.file_untranslated[a->nfiles - 1] = untranslated;
    a->res.file_untranslated_example[a->nfiles - 1] = example;
}

size_t ps_an_file_columns(const ps_analysis *a)
{
    return a->nbinds ? a->columns_used : 0;
}

int ps_an_column_used(const ps_analysis *a, size_t col)
{
    return col < a->nused && a->used[col];
}

/* ------------------------------------------------------------------ rows */

static int in_window(const ps_an_options *o, const ps_row *row)
{
    if (o->has_b && (o->b_utc ? row->utc : row->local) < o->b)
        return 0;
    if (o->has_e && (o->e_utc ? row->utc : row->local) > o->e)
        return 0;
    return 1;
}

void ps_an_add_row(ps_analysis *a, const struct ps_row *row)
{
    if (a->nfiles) {
        size_t f = a->nfiles - 1;
        if (a->res.file_first[f] == PS_TIME_NONE || row->utc < a->res.file_first[f])
            a->res.file_first[f] = row->utc;
        if (a->res.file_last[f] == PS_TIME_NONE || row->utc > a->res.file_last[f])
            a->res.file_last[f] = row->utc;
    }
    add_memory(a, row);
    if (!in_window(&a->opt, row) || a->nbinds == 0)
        return;
    if (a->nfiles)
        a->res.file_rows[a->nfiles - 1]++;
    ps_time t = row->utc;
    a->res.rows++;
    size_t p, k = ps_an_grid_slot(a, t, &p);
    if (a->prev_t != PS_TIME_NONE && t > a->prev_t) {
        int64_t gap = t - a->prev_t;
        if (a->res.sample_ms == 0 || gap < a->res.sample_ms)
            a->res.sample_ms = gap;
        if (a->periods[p].sample_ms == 0 || gap < a->periods[p].sample_ms)
            a->periods[p].sample_ms = gap;
    }
    a->prev_t = t;
    if (a->res.first == PS_TIME_NONE || t < a->res.first)
        a->res.first = t;
    if (a->res.last == PS_TIME_NONE || t > a->res.last)
        a->res.last = t;
    for (size_t i = 0; i < a->nbinds; i++) {
        const an_binding *b = &a->binds[i];
        ps_an_series *s = &a->series[b->series];
        const ps_an_rule *r = &a->set->rules[s->rule];
        double v;
        if (r->expr) {
            size_t n = ps_an_expr_noperands(r->expr);
            for (size_t j = 0; j < n; j++)
                a->opv[j] = row->values[a->cols[b->first_col + j]];
            v = ps_an_expr_eval(r->expr, a->opv);
        } else {
            v = row->values[a->cols[b->first_col]];
        }
        v *= r->scale;
        ps_acc_add(&s->acc, t, v);
        if (isnan(v))
            continue;
        ps_an_acc *f = ps_an_grid_acc(a, s, p, k);
        if (f->n == 0 || v < f->min)
            f->min = v;
        if (f->n == 0 || v > f->max)
            f->max = v;
        f->n++;
        f->sum += v;
        if (r->stat == PS_AN_STAT_P95) {
            if (!f->sk)
                f->sk = ps_sketch_new();
            ps_sketch_add(f->sk, v);
        }
    }
}

void ps_an_end_file(ps_analysis *a)
{
    a->info = NULL;
    a->nmemcols = 0;
    a->nbinds = a->ncols = 0;
}
