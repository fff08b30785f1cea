/* merge.c - several counter logs as one table: column union, k-way merge by time, -b/-e/-t
 * selection and bucket averages (ps_merge.h). */
#include "merge_internal.h"
#include "ps_hash.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

size_t ps_merge_columns(const ps_log_info *const *infos, size_t nin, const char ***cells, size_t **maps)
{
    size_t total = 0, n = 0;
    for (size_t k = 0; k < nin; k++)
        total += infos[k]->ncounters;
    ps_hash cols; /* header path (case-insensitive, every repeat its own entry) -> output column */
    ps_hash_init(&cols, PS_HASH_NOCASE | PS_HASH_BORROW);
    const char **c = ps_xcalloc(total ? total : 1, sizeof *c);
    size_t *mark = ps_xcalloc(total ? total : 1, sizeof *mark); /* output column -> input k + 1 */
    for (size_t k = 0; k < nin; k++) {
        const ps_log_info *info = infos[k];
        maps[k] = ps_xcalloc(info->ncounters ? info->ncounters : 1, sizeof *maps[k]);
        for (size_t j = 0; j < info->ncounters; j++) {
            const char *key = info->header[j];
            size_t klen = strlen(key), cur = 0, col;
            /* the first repeat of this path that this input has not taken yet, else a new one */
            while ((col = ps_hash_next(&cols, key, klen, &cur)) != PS_HASH_NONE && mark[col] == k + 1)
                ;
            if (col == PS_HASH_NONE) {
                col = n;
                ps_hash_add(&cols, key, klen, col);
                c[n++] = key;
            }
            mark[col] = k + 1;
            maps[k][j] = col;
        }
    }
    ps_hash_fini(&cols);
    free(mark);
    *cells = c;
    return n;
}

ps_merge *ps_merge_new(ps_log *const *logs, size_t nin, const ps_merge_opts *o)
{
    ps_merge *m = ps_xcalloc(1, sizeof *m);
    m->o = *o;
    if (m->o.every < 1)
        m->o.every = 1;
    m->nin = nin;
    m->in = ps_xcalloc(nin ? nin : 1, sizeof *m->in);
    const ps_log_info **infos = ps_xcalloc(nin ? nin : 1, sizeof *infos);
    size_t **maps = ps_xcalloc(nin ? nin : 1, sizeof *maps);
    for (size_t k = 0; k < nin; k++) {
        m->in[k].log = logs[k];
        m->in[k].info = infos[k] = ps_log_info_get(logs[k]);
    }
    m->ncol = ps_merge_columns(infos, nin, &m->cells, maps);
    m->use_utc = 1;
    for (size_t k = 0; k < nin; k++) {
        ps_merge_input *in = &m->in[k];
        in->map = maps[k];
        in->vals = ps_xcalloc(in->info->ncounters ? in->info->ncounters : 1, sizeof *in->vals);
        m->use_utc &= in->info->has_bias;
    }
    const ps_log_info *i0 = m->in[0].info;
    for (size_t k = 0; k < nin; k++) {
        const ps_log_info *ik = m->in[k].info;
        m->in[k].same_zone = ik->has_bias == i0->has_bias && ik->bias_minutes == i0->bias_minutes &&
                             ((!ik->timezone && !i0->timezone) ||
                              (ik->timezone && i0->timezone && strcmp(ik->timezone, i0->timezone) == 0));
    }
    m->row = ps_xcalloc(m->ncol ? m->ncol : 1, sizeof *m->row);
    if (m->o.bucket_ms > 0)
        ps_bucket_init(&m->bk, m->ncol, m->o.bucket_ms);
    free(infos);
    free(maps);
    return m;
}

const char *const *ps_merge_cells(const ps_merge *m, size_t *ncol)
{
    *ncol = m->ncol;
    return m->cells;
}

/* Load input in's next row (a copy of its values). Returns 0 or PS_E*. */
static int advance(ps_merge_input *in, ps_error *err)
{
    int rc = ps_log_next(in->log, &in->row, err);
    in->has = rc == 1;
    if (rc == 1)
        memcpy(in->vals, in->row.values, in->row.nvalues * sizeof *in->vals);
    return rc < 0 ? -rc : 0;
}

int ps_merge_start(ps_merge *m, ps_error *err)
{
    int rc = 0;
    for (size_t k = 0; k < m->nin && !rc; k++)
        rc = advance(&m->in[k], err);
    return rc;
}

int ps_merge_keep_time(const ps_merge_opts *o, ps_time local, ps_time utc)
{
    return !((o->has_b && (o->b_utc ? utc : local) < o->b) || (o->has_e && (o->e_utc ? utc : local) > o->e));
}

int ps_merge_next(ps_merge *m, ps_time *out_t, const double **values, ps_error *err)
{
    const ps_log_info *i0 = m->in[0].info;
    while (!m->ended) {
        size_t first = m->nin;
        ps_time key = 0;
        for (size_t k = 0; k < m->nin; k++) {
            if (!m->in[k].has)
                continue;
            ps_time kk = m->use_utc ? m->in[k].row.utc : m->in[k].row.local;
            if (first == m->nin || kk < key) {
                first = k;
                key = kk;
            }
        }
        if (first == m->nin) {
            m->ended = 1;
            break;
        }
        /* rows are printed in the first input's clock: another zone's rows are shifted to it */
        ps_time local = m->in[first].row.local, utc = m->in[first].row.utc;
        if (m->use_utc && !m->in[first].same_zone)
            local = utc - (ps_time)i0->bias_minutes * 60000;
        for (size_t i = 0; i < m->ncol; i++)
            m->row[i] = NAN;
        for (size_t k = first; k < m->nin; k++) {
            ps_merge_input *in = &m->in[k];
            if (!in->has || (m->use_utc ? in->row.utc : in->row.local) != key)
                continue;
            for (size_t j = 0; j < in->info->ncounters; j++)
                if (isnan(m->row[in->map[j]]))
                    m->row[in->map[j]] = in->vals[j];
            int rc = advance(in, err);
            if (rc)
                return -rc;
        }
        if (!ps_merge_keep_time(&m->o, local, utc))
            continue;
        if (m->kept++ % (uint64_t)m->o.every != 0)
            continue;
        if (m->o.bucket_ms <= 0) {
            *out_t = local;
            *values = m->row;
            return 1;
        }
        if (ps_bucket_add(&m->bk, local, m->row, out_t, values))
            return 1;
    }
    if (m->o.bucket_ms > 0 && ps_bucket_finish(&m->bk, out_t, values))
        return 1;
    return 0;
}

void ps_merge_progress(const ps_merge *m, uint64_t *done, uint64_t *total)
{
    *done = *total = 0;
    for (size_t k = 0; k < m->nin; k++) {
        uint64_t d, t;
        ps_log_progress(m->in[k].log, &d, &t);
        *done += d;
        *total += t;
    }
}

uint64_t ps_merge_folded(const ps_merge *m)
{
    return m->o.bucket_ms > 0 ? m->bk.folded : 0;
}

void ps_merge_free(ps_merge *m)
{
    if (!m)
        return;
    for (size_t k = 0; k < m->nin; k++) {
        free(m->in[k].vals);
        free(m->in[k].map);
    }
    if (m->o.bucket_ms > 0)
        ps_bucket_fini(&m->bk);
    free(m->in);
    free(m->row);
    free(m->cells);
    free(m);
}
