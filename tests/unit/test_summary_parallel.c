/* Unit tests: ps_log_summary_parallel (parser/log/pdh/pdh_parallel.c) against the sequential reader.
 * A ~74 MB CSV is generated here (values by formula, blank cells, uneven intervals); the
 * parallel summary (2, 3, 4 and 7 chunks) must equal the sequential one: count, missing, min,
 * max, first, last and the quantiles exactly, mean, stddev and time-weighted mean within
 * 1e-12 relative. Errors must carry the sequential reader's exact line and column. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ps_parser.h"

#define NC 100
#define NR 72000

static int blank(int r, int c)
{
    return (r + c) % 9 == 4;
}

/* Write the file once (content is deterministic; tmp + rename against parallel test runs).
 * bad1/bad2 > 0: data rows whose column 57 holds a malformed number. */
static const char *gen(const char *name, int bad1, int bad2)
{
    static char path[600];
    char tmp[700];
    mkdir(PS_BINARY_DIR "/par_tmp", 0777);
    snprintf(path, sizeof path, "%s/par_tmp/%s", PS_BINARY_DIR, name);
    if (access(path, R_OK) == 0)
        return path;
    snprintf(tmp, sizeof tmp, "%s.%ld", path, (long)getpid());
    FILE *fp = fopen(tmp, "wb");
    cr_assert_not_null(fp);
    fputs("\"(PDH-CSV 4.0) (Pacific Standard Time)(480)\"", fp);
    for (int c = 0; c < NC; c++)
        fprintf(fp, ",\"\\\\HOST\\Obj(i%d)\\Counter %d\"", c, c);
    fputs("\r\n", fp);
    for (int r = 0; r < NR; r++) {
        long ms = (long)r * 1000 + (r % 11 == 5 ? 300 : 0); /* uneven intervals */
        long s = ms / 1000;
        fprintf(fp, "\"01/02/2024 %02ld:%02ld:%02ld.%03ld\"", s / 3600, s / 60 % 60, s % 60, ms % 1000);
        for (int c = 0; c < NC; c++) {
            if (blank(r, c))
                fputs(",\" \"", fp);
            else if ((r == bad1 || r == bad2) && c == 57)
                fputs(",\"1.2.3\"", fp);
            else
                fprintf(fp, ",\"%d.%03d\"", (r * 37 + c * 101) % 5000, (r * 7 + c) % 1000);
        }
        fputs("\r\n", fp);
    }
    cr_assert_eq(fclose(fp), 0);
    cr_assert_eq(rename(tmp, path), 0);
    return path;
}

typedef struct window {
    ps_time b, e;
} window;

static int in_window(void *ctx, const ps_row *row)
{
    const window *w = ctx;
    return row->local >= w->b && row->local <= w->e;
}

/* Summary of path: threads 1 = the plain ps_log_next loop. Returns the status. */
static int summarize(const char *path, const ps_filter *f, window *w, int threads, ps_summary *s, ps_error *err)
{
    ps_log_options lo = {.filter = f};
    ps_log *log;
    int rc = ps_log_open(path, &lo, &log, err);
    cr_assert_eq(rc, PS_OK, "%s", err->msg);
    ps_summary_init(s);
    ps_summary_begin_file(s, ps_log_info_get(log));
    int done = 0;
    rc = ps_log_summary_parallel(log, threads, w ? in_window : NULL, w, s, &done, err);
    cr_assert_eq(done, threads > 1);
    ps_row row;
    while (!done && (rc = ps_log_next(log, &row, err)) > 0)
        if (!w || in_window(w, &row))
            ps_summary_add_row(s, &row);
    rc = rc < 0 ? -rc : rc;
    ps_summary_end_file(s, 0);
    ps_summary_finish(s);
    ps_log_close(log);
    return rc;
}

static void same_num(double a, double b, const char *what, size_t i)
{
    cr_assert(isnan(a) == isnan(b), "%s of counter %zu: %.17g vs %.17g", what, i, a, b);
    if (!isnan(a))
        cr_assert(a == b, "%s of counter %zu: %.17g vs %.17g", what, i, a, b);
}

static void close_num(double a, double b, const char *what, size_t i)
{
    cr_assert(isnan(a) == isnan(b), "%s of counter %zu: %.17g vs %.17g", what, i, a, b);
    if (!isnan(a))
        cr_assert(fabs(a - b) <= 1e-12 * fabs(b), "%s of counter %zu: %.17g vs %.17g", what, i, a, b);
}

static void compare(const ps_summary *p, const ps_summary *q)
{
    cr_assert_eq(p->ncounters, q->ncounters);
    cr_assert_eq(p->files[0].samples, q->files[0].samples);
    cr_assert_eq(p->files[0].first, q->files[0].first);
    cr_assert_eq(p->files[0].last, q->files[0].last);
    cr_assert_eq(p->files[0].first_local, q->files[0].first_local);
    for (size_t i = 0; i < p->ncounters; i++) {
        const ps_stats *a = &p->counters[i].stats, *b = &q->counters[i].stats;
        cr_assert_str_eq(p->counters[i].path.full, q->counters[i].path.full);
        cr_assert_eq(a->count, b->count, "count of %zu", i);
        cr_assert_eq(a->missing, b->missing, "missing of %zu", i);
        cr_assert_eq(a->first, b->first);
        cr_assert_eq(a->last, b->last);
        same_num(a->min, b->min, "min", i);
        same_num(a->max, b->max, "max", i);
        same_num(a->p50, b->p50, "p50", i);
        same_num(a->p95, b->p95, "p95", i);
        same_num(a->p99, b->p99, "p99", i);
        close_num(a->mean, b->mean, "mean", i);
        close_num(a->stddev, b->stddev, "stddev", i);
        close_num(a->time_weighted_mean, b->time_weighted_mean, "time-weighted mean", i);
    }
}

Test(summary_parallel, equals_sequential)
{
    const char *path = gen("plain.csv", -1, -1);
    ps_summary seq, par;
    ps_error err;
    cr_assert_eq(summarize(path, NULL, NULL, 1, &seq, &err), PS_OK);
    /* independent facts: rows, blanks of column 0 (r % 9 == 4), uneven -> tw mean given */
    cr_assert_eq(seq.files[0].samples, NR);
    cr_assert_eq(seq.counters[0].stats.missing, (NR + 4) / 9);
    cr_assert_eq(seq.counters[0].stats.count, NR - (NR + 4) / 9);
    cr_assert(!isnan(seq.counters[0].stats.time_weighted_mean));
    int threads[] = {2, 3, 4, 7};
    for (size_t k = 0; k < sizeof threads / sizeof threads[0]; k++) {
        cr_assert_eq(summarize(path, NULL, NULL, threads[k], &par, &err), PS_OK);
        compare(&par, &seq);
        ps_summary_fini(&par);
    }
    ps_summary_fini(&seq);
}

Test(summary_parallel, first_error_in_file_order)
{
    /* rows 51840 (72 % into the data: end of the 3rd of 4 chunks) and 70000 are bad */
    const char *path = gen("bad.csv", 51840, 70000);
    ps_summary seq, par;
    ps_error es, ep;
    cr_assert_eq(summarize(path, NULL, NULL, 1, &seq, &es), PS_EINPUT);
    cr_assert_eq(es.line, 51840 + 2); /* header is line 1, row r is line r + 2 */
    for (int t = 2; t <= 4; t++) {
        memset(&ep, 0, sizeof ep);
        cr_assert_eq(summarize(path, NULL, NULL, t, &par, &ep), PS_EINPUT);
        cr_assert_eq(ep.line, es.line, "threads %d: line %ld", t, ep.line);
        cr_assert_eq(ep.col, es.col);
        cr_assert_str_eq(ep.msg, es.msg);
        cr_assert_str_eq(ep.file, es.file);
        ps_summary_fini(&par);
    }
    ps_summary_fini(&seq);
}

Test(summary_parallel, window_and_filter)
{
    const char *path = gen("plain.csv", -1, -1);
    window w = {ps_time_from_fields(2024, 1, 2, 2, 46, 40, 0), /* row 10000 */
                ps_time_from_fields(2024, 1, 2, 11, 6, 40, 0)}; /* row 40000 */
    ps_filter *f = ps_filter_new();
    ps_error err;
    cr_assert_eq(ps_filter_add(f, "\\\\HOST\\Obj(i1*)\\*", &err), PS_OK);
    ps_summary seq, par;
    cr_assert_eq(summarize(path, f, &w, 1, &seq, &err), PS_OK);
    cr_assert_eq(seq.ncounters, 11); /* i1, i10 .. i19 */
    cr_assert_eq(seq.files[0].samples, 30001); /* rows 10000 .. 40000 */
    cr_assert_eq(summarize(path, f, &w, 3, &par, &err), PS_OK);
    compare(&par, &seq);
    ps_summary_fini(&par);
    ps_summary_fini(&seq);
    ps_filter_free(f);
}

Test(summary_parallel, decimal_comma_falls_back)
{
    /* values "r,5" with a decimal comma: chunks cannot decide alone, so *done stays 0 and
     * the log is still readable from its start (mean of r + 0.5 for r = 0..299 is 150) */
    char path[600];
    mkdir(PS_BINARY_DIR "/par_tmp", 0777);
    snprintf(path, sizeof path, "%s/par_tmp/comma.%ld.csv", PS_BINARY_DIR, (long)getpid());
    FILE *fp = fopen(path, "wb");
    cr_assert_not_null(fp);
    fputs("\"(PDH-CSV 4.0) (UTC)(0)\",\"\\\\HOST\\Obj\\A\"\r\n", fp);
    for (int r = 0; r < 300; r++)
        fprintf(fp, "\"01/02/2024 00:%02d:%02d.000\",\"%d,5\"\r\n", r / 60, r % 60, r);
    cr_assert_eq(fclose(fp), 0);
    ps_log *log;
    ps_error err;
    cr_assert_eq(ps_log_open(path, NULL, &log, &err), PS_OK);
    ps_summary s;
    ps_summary_init(&s);
    ps_summary_begin_file(&s, ps_log_info_get(log));
    int done = 1;
    cr_assert_eq(ps_log_summary_parallel(log, 3, NULL, NULL, &s, &done, &err), PS_OK);
    cr_assert_eq(done, 0);
    ps_row row;
    int rc;
    while ((rc = ps_log_next(log, &row, &err)) > 0)
        ps_summary_add_row(&s, &row);
    cr_assert_eq(rc, 0, "%s", err.msg);
    ps_summary_end_file(&s, 0);
    ps_summary_finish(&s);
    cr_assert_eq(s.files[0].samples, 300);
    cr_assert_eq(s.counters[0].stats.count, 300);
    cr_assert_float_eq(s.counters[0].stats.mean, 150.0, 1e-9);
    ps_summary_fini(&s);
    ps_log_close(log);
    unlink(path);
}
