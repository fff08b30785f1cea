/* ts_write.c - the OpenMetrics and InfluxDB line protocol writers (ps_ts.h): series from the
 * columns, Influx lines as the rows come, OpenMetrics series from blocks spilled to a temporary
 * file. */
#include "ps_ts.h"
#include "ps_hash.h"
#include "ps_numfmt.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SPILL_BUDGET ((size_t)16 << 20) /* bytes of rows kept in memory before a spill */
#define FLUSH_BYTES ((size_t)1 << 20) /* text handed to the sink at a time (no line limit) */
#define NS_PER_MS 1000000
#define MS_MAX_NS (INT64_MAX / NS_PER_MS) /* the last millisecond whose nanoseconds fit int64 */

struct ps_ts_writer {
    ps_ts_format f;
    size_t ncol;
    ps_ts_sink sink;
    size_t max_lines;
    ps_buf b; /* text not handed to the sink yet */
    size_t lines; /* lines in b */
    uint64_t count; /* samples or points handed over */
    size_t *order; /* kept columns in output order: OpenMetrics family by family, Influx by point */
    size_t norder;
    char **prefix; /* per column: OpenMetrics "metric{labels} ", Influx "field=" (NULL: left out) */
    char **head; /* OpenMetrics: HELP and TYPE before a family's first series; Influx: the
                        * point's "measurement,tags " before its first field (else NULL) */
    /* OpenMetrics blocks: R rows, column by column; full ones spilled to fd */
    int fd;
    size_t R, r, nblocks;
    double *blk;
    ps_time *blk_t;
};

static void put_i64(ps_buf *b, int64_t v)
{
    char tmp[24];
    size_t n = 0;
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    do {
        tmp[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        ps_buf_putc(b, '-');
    char *p = ps_buf_room(b, n);
    for (size_t i = 0; i < n; i++)
        p[i] = tmp[n - 1 - i];
    b->len += n;
    b->data[b->len] = 0;
}

/* The shortest of 15, 16 or 17 significant digits that reads back as v (0.004, not
 * 0.0040000000000000001). */
static void put_value(ps_buf *b, double v)
{
    char *p = ps_buf_room(b, PS_FMT_G_MAX);
    int n = 0;
    for (int digits = 15; digits <= 17; digits++) {
        double back;
        n = ps_fmt_g(p, v, digits);
        if (digits == 17 || (ps_parse_double(p, (size_t)n, &back) == 0 && back == v))
            break;
    }
    b->len += (size_t)n;
    b->data[b->len] = 0;
}

/* OpenMetrics time stamp: seconds with the milliseconds, "1700000000.250" */
static void put_seconds(ps_buf *b, ps_time ms)
{
    uint64_t m = ms < 0 ? (uint64_t)0 - (uint64_t)ms : (uint64_t)ms;
    if (ms < 0)
        ps_buf_putc(b, '-');
    put_i64(b, (int64_t)(m / 1000));
    unsigned frac = (unsigned)(m % 1000);
    char f[5] = {'.', (char)('0' + frac / 100), (char)('0' + frac / 10 % 10), (char)('0' + frac % 10), 0};
    ps_buf_puts(b, f);
}

/* Hand b to the sink when it is full (force: whatever it holds). */
static int flush(ps_ts_writer *tw, int force, ps_error *err)
{
    if (!tw->b.len || (!force && tw->b.len < FLUSH_BYTES && (!tw->max_lines || tw->lines < tw->max_lines)))
        return 0;
    int rc = tw->sink.put(tw->sink.ctx, tw->b.data, tw->b.len, tw->lines, err);
    ps_buf_reset(&tw->b);
    tw->lines = 0;
    return rc;
}

/* Columns to series: names, duplicates left out, the output order. */
static void plan(ps_ts_writer *tw, const char *const *cells, ps_warnings *w)
{
    size_t n = tw->ncol;
    ps_ts_names *nm = ps_xcalloc(n ? n : 1, sizeof *nm);
    int *ok = ps_xcalloc(n ? n : 1, sizeof *ok);
    size_t *group = ps_xcalloc(n ? n : 1, sizeof *group);
    ps_hash series, groups;
    ps_hash_init(&series, 0);
    ps_hash_init(&groups, 0);
    size_t ngroups = 0;
    ps_buf key = {0};
    for (size_t j = 0; j < n; j++) {
        ps_counter_path p;
        ps_error e = {0};
        if (ps_path_parse(cells[j], &p, &e)) {
            ps_warn(w, "column %zu ('%s') is no counter path: left out", j + 1, cells[j]);
            continue;
        }
        ps_ts_names_of(&p, &nm[j]);
        ps_path_fini(&p);
        int om = tw->f == PS_TS_OPENMETRICS;
        ps_buf_reset(&key);
        ps_buf_printf(&key, om ? "%s%s" : "%s%s %s", om ? nm[j].metric : nm[j].measurement,
                      om ? nm[j].labels : nm[j].tags, nm[j].field);
        size_t was = ps_hash_get(&series, key.data, key.len);
        if (was != PS_HASH_NONE) {
            ps_warn(w, "column %zu ('%s') names the same %s as column %zu ('%s'): left out", j + 1, cells[j],
                    om ? "series" : "field", was + 1, cells[was]);
            continue;
        }
        ps_hash_put(&series, key.data, key.len, j);
        ok[j] = 1;
        /* the family (OpenMetrics metric) or point (Influx measurement and tags) */
        ps_buf_reset(&key);
        ps_buf_puts(&key, om ? nm[j].metric : nm[j].measurement);
        if (!om)
            ps_buf_puts(&key, nm[j].tags);
        size_t g = ps_hash_get(&groups, key.data, key.len);
        if (g == PS_HASH_NONE) {
            g = ngroups++;
            ps_hash_put(&groups, key.data, key.len, g);
        }
        group[j] = g;
    }
    /* counting sort of the kept columns by group, column order inside each */
    size_t *start = ps_xcalloc(ngroups + 1, sizeof *start);
    for (size_t j = 0; j < n; j++)
        if (ok[j])
            start[group[j] + 1]++;
    for (size_t g = 0; g < ngroups; g++)
        start[g + 1] += start[g];
    tw->order = ps_xcalloc(n ? n : 1, sizeof *tw->order);
    tw->prefix = ps_xcalloc(n ? n : 1, sizeof *tw->prefix);
    tw->head = ps_xcalloc(n ? n : 1, sizeof *tw->head);
    size_t *fill = ps_xcalloc(ngroups ? ngroups : 1, sizeof *fill);
    for (size_t j = 0; j < n; j++) {
        if (!ok[j])
            continue;
        size_t g = group[j];
        tw->order[start[g] + fill[g]] = j;
        ps_buf_reset(&key);
        if (tw->f == PS_TS_OPENMETRICS) {
            if (!fill[g])
                ps_buf_printf(&key, "# HELP %s %s\n# TYPE %s gauge\n", nm[j].metric, nm[j].help, nm[j].metric);
            tw->head[j] = fill[g] ? NULL : ps_xstrdup(key.data);
            ps_buf_reset(&key);
            ps_buf_printf(&key, "%s%s ", nm[j].metric, nm[j].labels);
        } else {
            if (!fill[g]) {
                ps_buf_printf(&key, "%s%s ", nm[j].measurement, nm[j].tags);
                tw->head[j] = ps_xstrdup(key.data);
                ps_buf_reset(&key);
            }
            ps_buf_printf(&key, "%s=", nm[j].field);
        }
        tw->prefix[j] = ps_xstrdup(key.data);
        fill[g]++;
    }
    tw->norder = start[ngroups];
    for (size_t j = 0; j < n; j++)
        ps_ts_names_fini(&nm[j]);
    free(nm);
    free(ok);
    free(group);
    free(start);
    free(fill);
    ps_buf_fini(&key);
    ps_hash_fini(&series);
    ps_hash_fini(&groups);
}

ps_ts_writer *ps_ts_writer_new(ps_ts_format f, const char *const *cells, size_t ncol, ps_ts_sink sink, size_t max_lines,
                               ps_warnings *w, ps_error *err)
{
    ps_ts_writer *tw = ps_xcalloc(1, sizeof *tw);
    tw->f = f;
    tw->ncol = ncol;
    tw->sink = sink;
    tw->max_lines = max_lines;
    tw->fd = -1;
    plan(tw, cells, w);
    if (f == PS_TS_OPENMETRICS) {
        tw->R = SPILL_BUDGET / (sizeof(double) * (ncol + 1));
        if (tw->R < 1)
            tw->R = 1;
        tw->blk = ps_xmalloc(tw->R * (ncol ? ncol : 1) * sizeof *tw->blk);
        tw->blk_t = ps_xmalloc(tw->R * sizeof *tw->blk_t);
        const char *dir = getenv("TMPDIR");
        char path[4096];
        snprintf(path, sizeof path, "%s/perfscribe-openmetrics.XXXXXX", dir && *dir ? dir : "/tmp");
        tw->fd = mkstemp(path);
        if (tw->fd < 0) {
            ps_error_set(err, PS_EIO, path, 0, 0, "cannot create the temporary file for the series: %s",
                         strerror(errno));
            ps_ts_writer_free(tw);
            return NULL;
        }
        unlink(path); /* unnamed from now on: gone when the process ends, however it ends */
    }
    return tw;
}

void ps_ts_writer_set_block_rows(ps_ts_writer *tw, size_t rows)
{
    if (tw->f != PS_TS_OPENMETRICS || tw->r || tw->nblocks || rows < 1)
        return;
    tw->R = rows;
    tw->blk = ps_xrealloc(tw->blk, tw->R * (tw->ncol ? tw->ncol : 1) * sizeof *tw->blk);
    tw->blk_t = ps_xrealloc(tw->blk_t, tw->R * sizeof *tw->blk_t);
}

static int write_all(int fd, const void *p, size_t n, ps_error *err)
{
    const char *c = p;
    while (n) {
        ssize_t k = write(fd, c, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return ps_error_set(err, PS_EIO, NULL, 0, 0, "temporary file of the series: write error: %s",
                                k < 0 ? strerror(errno) : "no space");
        c += k;
        n -= (size_t)k;
    }
    return 0;
}

static int read_all(int fd, void *p, size_t n, off_t at, ps_error *err)
{
    char *c = p;
    while (n) {
        ssize_t k = pread(fd, c, n, at);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return ps_error_set(err, PS_EIO, NULL, 0, 0, "temporary file of the series: read error: %s",
                                k < 0 ? strerror(errno) : "short file");
        c += k;
        n -= (size_t)k;
        at += k;
    }
    return 0;
}

/* Close the point begun at line_start: its time stamp and line end, or, without any field, the
 * point taken back out. */
static void end_point(ps_ts_writer *tw, size_t line_start, size_t fields, ps_time utc)
{
    if (!fields) {
        tw->b.len = line_start;
        return;
    }
    ps_buf_putc(&tw->b, ' ');
    put_i64(&tw->b, utc * NS_PER_MS);
    ps_buf_putc(&tw->b, '\n');
    tw->lines++;
    tw->count++;
}

static int influx_row(ps_ts_writer *tw, ps_time utc, const double *v, ps_error *err)
{
    if (utc > MS_MAX_NS || utc < -MS_MAX_NS)
        return ps_error_set(err, PS_EINPUT, NULL, 0, 0,
                            "a time stamp outside 1677-2262 cannot be written in nanoseconds (Influx line protocol)");
    size_t line_start = tw->b.len, fields = 0;
    for (size_t i = 0; i < tw->norder; i++) {
        size_t j = tw->order[i];
        if (tw->head[j]) { /* a new point */
            end_point(tw, line_start, fields, utc);
            line_start = tw->b.len;
            fields = 0;
            ps_buf_puts(&tw->b, tw->head[j]);
        }
        if (isnan(v[j]))
            continue;
        if (fields++)
            ps_buf_putc(&tw->b, ',');
        ps_buf_puts(&tw->b, tw->prefix[j]);
        put_value(&tw->b, v[j]);
    }
    end_point(tw, line_start, fields, utc);
    if (tw->b.data)
        tw->b.data[tw->b.len] = 0;
    return flush(tw, 0, err);
}

int ps_ts_writer_row(ps_ts_writer *tw, ps_time utc, const double *v, ps_error *err)
{
    if (tw->f == PS_TS_INFLUX)
        return influx_row(tw, utc, v, err);
    for (size_t j = 0; j < tw->ncol; j++)
        tw->blk[j * tw->R + tw->r] = v[j];
    tw->blk_t[tw->r++] = utc;
    if (tw->r < tw->R)
        return 0;
    int rc = write_all(tw->fd, tw->blk_t, tw->R * sizeof *tw->blk_t, err);
    if (!rc)
        rc = write_all(tw->fd, tw->blk, tw->R * tw->ncol * sizeof *tw->blk, err);
    tw->r = 0;
    tw->nblocks++;
    return rc;
}

/* One series' samples of one block (values v, times t, n rows). */
static int om_block(ps_ts_writer *tw, const char *prefix, const ps_time *t, const double *v, size_t n, ps_error *err)
{
    int rc = 0;
    for (size_t i = 0; i < n && !rc; i++) {
        if (isnan(v[i]))
            continue;
        ps_buf_puts(&tw->b, prefix);
        put_value(&tw->b, v[i]);
        ps_buf_putc(&tw->b, ' ');
        put_seconds(&tw->b, t[i]);
        ps_buf_putc(&tw->b, '\n');
        tw->lines++;
        tw->count++;
        rc = flush(tw, 0, err);
    }
    return rc;
}

static int om_finish(ps_ts_writer *tw, ps_error *err)
{
    size_t R = tw->R, block_bytes = R * (tw->ncol + 1) * sizeof(double);
    double *v = ps_xmalloc(R * sizeof *v);
    ps_time *t = ps_xmalloc(R * sizeof *t);
    int rc = 0;
    for (size_t i = 0; i < tw->norder && !rc; i++) {
        size_t j = tw->order[i];
        if (tw->head[j])
            ps_buf_puts(&tw->b, tw->head[j]);
        for (size_t k = 0; k < tw->nblocks && !rc; k++) {
            off_t at = (off_t)(k * block_bytes);
            rc = read_all(tw->fd, t, R * sizeof *t, at, err);
            if (!rc)
                rc = read_all(tw->fd, v, R * sizeof *v, at + (off_t)((1 + j) * R * sizeof *v), err);
            if (!rc)
                rc = om_block(tw, tw->prefix[j], t, v, R, err);
        }
        if (!rc)
            rc = om_block(tw, tw->prefix[j], tw->blk_t, tw->blk + j * R, tw->r, err);
    }
    free(v);
    free(t);
    if (!rc)
        ps_buf_puts(&tw->b, "# EOF\n");
    return rc;
}

int ps_ts_writer_finish(ps_ts_writer *tw, ps_error *err)
{
    int rc = tw->f == PS_TS_OPENMETRICS ? om_finish(tw, err) : 0;
    return rc ? rc : flush(tw, 1, err);
}

uint64_t ps_ts_writer_count(const ps_ts_writer *tw)
{
    return tw->count;
}

void ps_ts_writer_free(ps_ts_writer *tw)
{
    if (!tw)
        return;
    for (size_t j = 0; j < tw->ncol; j++) {
        if (tw->prefix)
            free(tw->prefix[j]);
        if (tw->head)
            free(tw->head[j]);
    }
    free(tw->prefix);
    free(tw->head);
    free(tw->order);
    free(tw->blk);
    free(tw->blk_t);
    if (tw->fd >= 0)
        close(tw->fd);
    ps_buf_fini(&tw->b);
    free(tw);
}
