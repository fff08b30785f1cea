/* blg.c - the .blg backend of ps_log: probe by content, open = pass 1 (counter list, name
 * table, column discovery over every record, checks), next = pass 2 (one cooked sample set per
 * data record). Memory: one ETW buffer, one reassembled record and the columns. */
#include "blg_internal.h"
#include "ps_blg.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int probe(const unsigned char *head, size_t n)
{
    return blg_probe_head(head, n);
}

/* The public path struct from the column's parts (for names ps_path_parse refuses). */
static void fill_path(ps_counter_path *p, const blg_entry *e, const blg_col *c)
{
    memset(p, 0, sizeof *p);
    p->full = ps_xstrdup(c->path);
    if (e->machine)
        p->machine = ps_xstrdup(strncmp(e->machine, "\\\\", 2) == 0 ? e->machine + 2 : e->machine);
    p->object = ps_xstrdup(e->object);
    p->parent = c->inst ? ps_xstrdup(e->parent) : NULL;
    p->instance = c->inst ? ps_xstrdup(c->inst) : NULL;
    p->index = c->inst && !c->key && e->index ? (int)e->index : -1;
    p->counter = ps_xstrdup(c->cname);
}

static void build_info(ps_log *log, blg_log *l)
{
    ps_log_info *info = &log->all;
    info->format = "blg";
    info->encoding = "utf-16le";
    info->ncounters = l->ncols;
    info->counters = ps_xcalloc(l->ncols ? l->ncols : 1, sizeof *info->counters);
    const char **hdr = ps_xcalloc(l->ncols ? l->ncols : 1, sizeof *hdr);
    for (size_t i = 0; i < l->ncols; i++) {
        const blg_col *c = &l->cols[i];
        const blg_entry *e = &l->entries[c->entry];
        ps_error perr;
        /* the same split as the text reader's (e.g. "svchost#12" -> instance + index); the
         * column's own parts when the path does not parse (odd characters in names) */
        if (ps_path_parse(c->path, &info->counters[i], &perr) != PS_OK)
            fill_path(&info->counters[i], e, c);
        hdr[i] = ps_xstrdup(c->path);
    }
    info->header = hdr;
    const blg_tz *tz = &l->src.tz;
    int dst = l->has_first && blg_tz_is_dst(tz, blg_ft_to_ms(l->first_time));
    info->timezone = ps_xstrdup(dst ? tz->dst_name : tz->std_name);
    info->has_bias = tz->valid;
    info->bias_minutes = tz->bias + (dst ? tz->dst_bias : tz->std_bias);
    if (!tz->valid)
        ps_warn(log->opt.warnings, "%s: the time zone bias in the file header is out of range: ignored", log->path);
    if (!(dst ? tz->dst_known : tz->std_known))
        ps_warn(log->opt.warnings, "%s: time zone name %s is not in the table of known zones; printed as stored",
                log->path, info->timezone);
}

static int pass1(ps_log *log, blg_log *l, ps_error *err)
{
    blg_record r;
    int rc, warned_type = 0;
    while ((rc = blg_src_next(&l->src, &r, err)) == 1) {
        switch (r.type) {
        case BLG_EV_LIST: rc = blg_list_parse(l, &r, err); break;
        case BLG_EV_NAMES: rc = blg_names_parse(l, &r, err); break;
        case BLG_EV_DATA:
            if (!l->have_list)
                return ps_error_set(err, PS_EINPUT, log->path, 0, 0,
                                    "ETW trace without PerfMon counter data: the data record (PDH event type "
                                    "0x22) at offset 0x%llx comes before any counter list record",
                                    (unsigned long long)r.offset);
            rc = blg_data_parse(l, &r, err);
            if (rc == 0) {
                if (!l->has_first)
                    l->first_time = r.time;
                l->has_first = 1;
                l->records++;
            }
            break;
        case BLG_EV_CATALOG: rc = blg_catalog_parse(l, &r, err); break;
        default:
            if (!warned_type)
                ps_warn(log->opt.warnings, "%s: unknown PDH event type 0x%02x skipped", log->path, r.type);
            warned_type = 1;
            rc = 0;
        }
        if (rc)
            return -rc;
    }
    if (rc < 0)
        return -rc;
    if (!l->have_list)
        return blg_no_counter_list(&l->src, err);
    return PS_OK;
}

static int open_(ps_log *log, ps_error *err)
{
    blg_log *l = ps_xcalloc(1, sizeof *l);
    log->impl = l;
    int rc = blg_src_open(&l->src, log->path, log->opt.lenient, log->opt.warnings, err);
    if (rc)
        return rc;
    l->pass = 1;
    rc = pass1(log, l, err);
    if (rc)
        return rc;
    blg_cols_finish(l);
    build_info(log, l);
    if (l->bad_status)
        ps_warn(log->opt.warnings, "%s: %llu values in %llu samples have a bad status (first 0x%08X%s) and are missing",
                log->path, (unsigned long long)l->bad_status, (unsigned long long)l->bad_status_records,
                l->first_bad_status, l->first_bad_status == 0x800007D0u ? " PDH_CSTATUS_NO_MACHINE" : "");
    if (l->have_catalog && l->cat_samples != l->records)
        ps_warn(log->opt.warnings, "%s: the catalog counts %llu samples, %llu complete ones were read", log->path,
                (unsigned long long)l->cat_samples, (unsigned long long)l->records);
    if (l->records == 0)
        ps_warn(log->opt.warnings, "%s: no samples in the log", log->path);
    l->records = 0;
    l->values = ps_xcalloc(l->ncols ? l->ncols : 1, sizeof *l->values);
    log->bytes_total = l->src.fsize;
    l->src.warn = NULL; /* pass 2 meets the same things again: stay silent */
    l->pass = 2;
    return blg_src_rewind(&l->src, err);
}

/* One row from the columns' cur/seen of the record just decoded (time: its FILETIME). */
static void cook_row(ps_log *log, blg_log *l, ps_row *row, uint64_t time)
{
    for (size_t i = 0; i < l->ncols; i++) {
        blg_col *c = &l->cols[i];
        double v = NAN;
        if (c->seen) {
            blg_cook_rule(c->rule, c->type, &c->prev, &c->cur, &v);
            c->prev = c->cur;
        } else
            c->prev.ok = 0;
        if (isnan(v))
            log->missing++;
        l->values[i] = v;
    }
    l->records++;
    ps_time local = blg_ft_to_ms(time);
    row->local = local;
    row->utc = local + (ps_time)blg_tz_offset(&l->src.tz, local) * 60000;
    row->values = l->values;
    row->nvalues = l->ncols;
    row->line = (long)l->records;
}

static int next_parallel(ps_log *log, blg_log *l, ps_row *row, ps_error *err)
{
    const blg_raw *raw;
    uint64_t time, done;
    int rc = blg_par_next(l, &raw, &time, &done, err);
    if (rc != 1) {
        if (rc == 0)
            log->bytes_done = log->bytes_total;
        return rc;
    }
    for (size_t i = 0; i < l->ncols; i++) {
        blg_col *c = &l->cols[i];
        c->seen = raw[i].ok != BLG_PAR_ABSENT;
        c->cur = raw[i];
    }
    cook_row(log, l, row, time);
    log->bytes_done = done < log->bytes_total ? done : log->bytes_total;
    return 1;
}

static int next(ps_log *log, ps_row *row, ps_error *err)
{
    blg_log *l = log->impl;
    if (!l->par_decided) {
        l->par_decided = 1;
        int rc = blg_par_start(l, l->threads, l->chunk_buffers, err);
        if (rc)
            return -rc;
    }
    if (l->par)
        return next_parallel(log, l, row, err);
    blg_record r;
    int rc;
    while ((rc = blg_src_next(&l->src, &r, err)) == 1) {
        if (r.type != BLG_EV_DATA)
            continue;
        for (size_t i = 0; i < l->ncols; i++)
            l->cols[i].seen = 0;
        rc = blg_data_parse(l, &r, err);
        if (rc)
            return rc;
        cook_row(log, l, row, r.time);
        log->bytes_done = l->src.bufidx * (uint64_t)l->src.bufsize;
        if (log->bytes_done > log->bytes_total)
            log->bytes_done = log->bytes_total;
        return 1;
    }
    log->bytes_done = log->bytes_total;
    return rc;
}

int ps_log_blg_threads(ps_log *log, int threads, size_t chunk_buffers)
{
    if (!log || log->backend != &ps_backend_blg || !log->impl)
        return 0;
    blg_log *l = log->impl;
    if (l->par_decided)
        return 0;
    l->threads = threads;
    l->chunk_buffers = chunk_buffers;
    return 1;
}

static void close_(ps_log *log)
{
    blg_log *l = log->impl;
    if (l) {
        blg_par_stop(l);
        blg_log_fini(l);
        free(l);
    }
    log->impl = NULL;
    ps_log_info_release(&log->all);
}

/* Statistics for tests and messages: bad-status values and the samples that held them. */
void blg_log_stats(const ps_log *log, uint64_t *bad_values, uint64_t *bad_records)
{
    const blg_log *l = log->impl;
    *bad_values = l ? l->bad_status : 0;
    *bad_records = l ? l->bad_status_records : 0;
}

const ps_log_backend ps_backend_blg = {"blg", probe, open_, next, close_};
