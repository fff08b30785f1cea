/* pdh_parallel.c - ps_log_summary_parallel: the data lines of a big plain-text PDH-CSV/TSV log
 * read in N byte ranges at once, each by its own thread into its own partial summary, the
 * partial summaries then appended in file order (ps_summary_append_part).
 *
 * The ranges are cut at line starts, so every worker parses whole lines exactly as the
 * sequential reader would. Differences that could arise, and how they are avoided:
 *   - decimal commas: the first value with '.' or ',' decides for the whole file; a worker
 *     only sees its range, so when any range decided for a decimal comma the parallel result
 *     is dropped and the caller reads the file sequentially (*done = 0);
 *   - line numbers: workers count lines from their range start; the lines before the range
 *     are counted only when an error or a console message has to be reported;
 *   - errors: the first error in file order wins (every earlier range parsed cleanly).
 * UTF-16 files, --lenient, other backends and small files are left to the sequential reader.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "log_internal.h"
#include "pdh_csv_internal.h"

#define AUTO_MIN_BYTES ((uint64_t)64 << 20) /* automatic mode: files at least this big */
#define MAX_THREADS 8

typedef struct part {
    const ps_log *log;
    const ps_csv_layout *lay;
    int (*keep)(void *ctx, const ps_row *row);
    void *ctx;
    uint64_t start, end; /* byte range [start, end), both at line starts */
    ps_summary sum; /* begun with the log's info */
    ps_csv_rows r;
    int status; /* 0 ok, else PS_E* with err (line relative to start) */
    ps_error err;
    uint64_t missing;
    int thread_ok;
    pthread_t th;
} part;

/* The rows of a part parsed into the free rows of its summary's buffer, then committed: those
 * outside -b/-e (keep) are squeezed out first. */
static void fill_direct(part *p, ps_csv_rows *r, ps_csv_batch *b, size_t rows)
{
    const ps_log *log = p->log;
    double *own = b->v;
    size_t nv = log->info.ncounters;
    ps_time *utc = ps_xmalloc(rows * sizeof *utc), *local = ps_xmalloc(rows * sizeof *local);
    ps_time bias = log->all.has_bias ? (ps_time)log->all.bias_minutes * 60000 : 0;
    for (;;) {
        size_t nfree, stride;
        b->v = ps_summary_rows_free(&p->sum, &nfree, &stride);
        b->stride = stride;
        b->cap = nfree < rows ? nfree : rows;
        ps_csv_fill(r, b);
        p->missing += b->missing;
        size_t kept = 0;
        for (size_t i = 0; i < b->n; i++) {
            ps_row row = {.local = b->t[i],
                          .utc = b->t[i] + bias,
                          .values = b->v + i * stride,
                          .nvalues = nv,
                          .line = b->line[i]};
            if (p->keep && !p->keep(p->ctx, &row))
                continue;
            if (kept != i)
                memmove(b->v + kept * stride, row.values, nv * sizeof *row.values);
            utc[kept] = row.utc;
            local[kept++] = row.local;
        }
        ps_summary_rows_commit(&p->sum, utc, local, kept);
        if (ps_csv_batch_last(b, &p->status, &p->err))
            break;
    }
    b->v = own;
    b->stride = 0;
    b->cap = rows;
    free(utc);
    free(local);
}

static void *work(void *arg)
{
    part *p = arg;
    const ps_log *log = p->log;
    ps_csv_rows *r = &p->r;
    r->path = log->path;
    r->sep = p->lay->sep;
    r->dec = '.';
    r->ncounters = p->lay->ncounters;
    r->skip = p->lay->skip;
    p->status = ps_lines_open_range(&r->in, log->path, p->start, p->end, &p->err);
    if (p->status)
        return NULL;
    size_t rows = ps_csv_batch_rows(r->ncounters);
    ps_csv_batch b;
    ps_csv_batch_init(&b, rows, r->ncounters);
    size_t nkeep = log->info.ncounters;
    int passthrough = nkeep == log->all.ncounters;
    double *vals = ps_xcalloc(nkeep ? nkeep : 1, sizeof *vals);
    if (passthrough) { /* rows parsed straight into the summary's row buffer */
        fill_direct(p, r, &b, rows);
        free(vals);
        ps_csv_batch_fini(&b);
        ps_summary_flush(&p->sum);
        return NULL;
    }
    for (;;) {
        ps_csv_fill(r, &b);
        p->missing += b.missing;
        for (size_t i = 0; i < b.n; i++) {
            ps_row row = {.local = b.t[i],
                          .utc = log->all.has_bias ? b.t[i] + (ps_time)log->all.bias_minutes * 60000 : b.t[i],
                          .values = b.v + i * r->ncounters,
                          .nvalues = nkeep,
                          .line = b.line[i]};
            if (!passthrough) {
                for (size_t k = 0; k < nkeep; k++)
                    vals[k] = row.values[log->keep[k]];
                row.values = vals;
            }
            if (!p->keep || p->keep(p->ctx, &row))
                ps_summary_add_row(&p->sum, &row);
        }
        if (ps_csv_batch_last(&b, &p->status, &p->err))
            break;
    }
    free(vals);
    ps_csv_batch_fini(&b);
    ps_summary_flush(&p->sum); /* the last rows, here rather than in collect() after the join */
    return NULL;
}

/* Number of '\n' bytes in [from, to) of fd. */
static long count_lines(int fd, uint64_t from, uint64_t to)
{
    static const size_t BUF = 1 << 16;
    char *buf = ps_xmalloc(BUF);
    long n = 0;
    while (from < to) {
        size_t want = to - from < BUF ? (size_t)(to - from) : BUF;
        ssize_t got = pread(fd, buf, want, (off_t)from);
        if (got <= 0)
            break;
        for (ssize_t i = 0; i < got; i++)
            n += buf[i] == '\n';
        from += (uint64_t)got;
    }
    free(buf);
    return n;
}

uint64_t ps_csv_line_start(int fd, uint64_t pos, uint64_t size)
{
    char buf[4096];
    uint64_t at = pos - 1;
    while (at < size) {
        ssize_t got = pread(fd, buf, sizeof buf, (off_t)at);
        if (got <= 0)
            break;
        char *nl = memchr(buf, '\n', (size_t)got);
        if (nl)
            return at + (uint64_t)(nl - buf) + 1;
        at += (uint64_t)got;
    }
    return size;
}

/* Lines of the file before byte pos of a range (header included). */
static long lines_before(const ps_log *log, const ps_csv_layout *lay, uint64_t pos)
{
    FILE *fp = fopen(log->path, "rb");
    if (!fp)
        return lay->header_lines;
    long n = lay->header_lines + count_lines(fileno(fp), lay->data_off, pos);
    fclose(fp);
    return n;
}

int ps_csv_threads(const ps_log *log, const ps_csv_layout *lay, int threads, uint64_t auto_min)
{
    if (threads == 1 || lay->utf16 || log->opt.lenient || lay->size <= lay->data_off)
        return 1;
    if (threads <= 0) {
        if (lay->size < auto_min)
            return 1;
        long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        threads = cpus < 1 ? 1 : (int)cpus;
    }
    return threads > MAX_THREADS ? MAX_THREADS : threads;
}

/* Cut the data part into n ranges at line starts. Returns 0, or PS_EIO. */
static int cut(const ps_log *log, const ps_csv_layout *lay, part *parts, int n, ps_error *err)
{
    FILE *fp = fopen(log->path, "rb");
    if (!fp)
        return ps_error_set(err, PS_EIO, log->path, 0, 0, "cannot open for parallel reading");
    uint64_t data = lay->size - lay->data_off, prev = lay->data_off;
    for (int k = 0; k < n; k++) {
        uint64_t end =
            k == n - 1
                ? lay->size
                : ps_csv_line_start(fileno(fp), lay->data_off + data / (uint64_t)n * (uint64_t)(k + 1), lay->size);
        parts[k].start = prev;
        parts[k].end = end < prev ? prev : end;
        prev = parts[k].end;
    }
    fclose(fp);
    return PS_OK;
}

/* Result of the finished parts, in file order: *done 0 to fall back, else PS_OK or the first
 * error (its line made absolute). Appends to sum only when everything parsed. */
static int collect(ps_log *log, const ps_csv_layout *lay, part *parts, int n, ps_summary *sum, int *done, ps_error *err)
{
    for (int k = 0; k < n; k++) {
        if (parts[k].r.dec_mode == PS_DEC_COMMA) {
            *done = 0; /* decimal commas: the sequential reader decides once for the file */
            return PS_OK;
        }
        if (parts[k].status) {
            if (err) {
                *err = parts[k].err;
                if (err->line > 0)
                    err->line += lines_before(log, lay, parts[k].start);
            }
            return parts[k].status;
        }
    }
    long console = 0, first = 0;
    ps_csv_rows all = {.path = log->path}; /* the parts' backward steps, in file order */
    for (int k = 0; k < n; k++) {
        const ps_csv_rows *r = &parts[k].r;
        if (r->nrows) {
            long before =
                r->back_steps || (all.nrows && r->first_t < all.last_t) ? lines_before(log, lay, parts[k].start) : 0;
            if (all.nrows && r->first_t < all.last_t && !all.back_steps++) {
                all.back_line = r->first_line + before;
                all.back_t = r->first_t;
                all.back_prev = all.last_t;
            }
            if (r->back_steps && !all.back_steps) {
                all.back_line = r->back_line + before;
                all.back_t = r->back_t;
                all.back_prev = r->back_prev;
            }
            all.back_steps += r->back_steps;
            all.nrows += r->nrows;
            all.last_t = r->last_t;
        }
        if (parts[k].r.console_lines && !console)
            first = parts[k].r.console_first + lines_before(log, lay, parts[k].start);
        console += parts[k].r.console_lines;
        log->missing += parts[k].missing;
        ps_summary_append_part(sum, &parts[k].sum);
    }
    ps_csv_warn_backwards(&all, log->opt.warnings);
    if (console)
        ps_warn(log->opt.warnings, "%s: skipped %ld console message line(s), first at line %ld", log->path, console,
                first);
    log->bytes_done = log->bytes_total;
    return PS_OK;
}

int ps_log_summary_parallel(ps_log *log, int threads, int (*keep)(void *ctx, const ps_row *row), void *ctx,
                            ps_summary *sum, int *done, ps_error *err)
{
    ps_csv_layout lay;
    *done = 0;
    if (ps_csv_get_layout(log, &lay) != 0)
        return PS_OK;
    int n = ps_csv_threads(log, &lay, threads, AUTO_MIN_BYTES);
    if (n < 2)
        return PS_OK;
    part *parts = ps_xcalloc((size_t)n, sizeof *parts);
    int rc = cut(log, &lay, parts, n, err);
    *done = 1;
    if (rc) {
        free(parts);
        return rc;
    }
    for (int k = 0; k < n; k++) {
        part *p = &parts[k];
        p->log = log;
        p->lay = &lay;
        p->keep = keep;
        p->ctx = ctx;
        ps_summary_init(&p->sum);
        ps_summary_begin_file(&p->sum, &log->info);
        p->thread_ok = k > 0 && pthread_create(&p->th, NULL, work, p) == 0;
    }
    for (int k = 0; k < n; k++) /* the first range (and any that got no thread) here */
        if (!parts[k].thread_ok)
            work(&parts[k]);
    for (int k = 0; k < n; k++)
        if (parts[k].thread_ok)
            pthread_join(parts[k].th, NULL);
    rc = collect(log, &lay, parts, n, sum, done, err);
    for (int k = 0; k < n; k++) {
        ps_summary_fini(&parts[k].sum);
        ps_lines_close(&parts[k].r.in);
    }
    free(parts);
    return rc;
}
