/* Unit tests: the bundled sample run is self-consistent. The counter logs are read here with a
 * minimal CSV tokenizer of their own (independent of the log readers), averaged over the report's
 * collection window, and compared with every figure the report prints (3 decimals) - the same
 * definitions samples/jetstress/README.md documents for the recomputation. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ps_parser.h"

#define MAXCOL 200

typedef struct csvsum {
    size_t ncol;
    char *name[MAXCOL];
    double sum[MAXCOL], min[MAXCOL], max[MAXCOL];
    size_t n; /* samples inside the window */
    size_t rows; /* all rows */
} csvsum;

/* Split one CSV line of quoted fields into cells (in place). */
static size_t split(char *line, char **cells, size_t max)
{
    size_t n = 0;
    char *p = line;
    while (*p == '"' && n < max) {
        char *q = strchr(p + 1, '"');
        cr_assert_not_null(q);
        *q = 0;
        cells[n++] = p + 1;
        p = q + 1;
        if (*p == ',')
            p++;
    }
    return n;
}

static void read_csv(const char *path, ps_time from, ps_time to, csvsum *s)
{
    FILE *raw = fopen(path, "rb");
    cr_assert_not_null(raw, "%s", path);
    /* a UTF-16LE log (MBX03) holds ASCII text only: keep the low bytes after the BOM */
    static char text[1 << 22];
    size_t len = fread(text, 1, sizeof text - 1, raw);
    fclose(raw);
    if (len >= 2 && (unsigned char)text[0] == 0xFF && (unsigned char)text[1] == 0xFE) {
        size_t k = 0;
        for (size_t i = 2; i + 1 < len; i += 2) {
            cr_assert_eq(text[i + 1], 0, "non-ASCII UTF-16 in %s", path);
            text[k++] = text[i];
        }
        len = k;
    }
    FILE *f = fmemopen(text, len, "rb");
    cr_assert_not_null(f);
    static char line[1 << 16];
    char *cells[MAXCOL + 1];
    memset(s, 0, sizeof *s);
    cr_assert_not_null(fgets(line, sizeof line, f));
    line[strcspn(line, "\r\n")] = 0;
    size_t n = split(line, cells, MAXCOL + 1);
    cr_assert(n > 1 && n <= MAXCOL);
    s->ncol = n - 1;
    for (size_t i = 1; i < n; i++) {
        s->name[i - 1] = strdup(cells[i]);
        s->min[i - 1] = INFINITY;
        s->max[i - 1] = -INFINITY;
    }
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        cr_assert_eq(split(line, cells, MAXCOL + 1), n);
        s->rows++;
        ps_time t;
        cr_assert_eq(ps_time_parse_pdh(cells[0], strlen(cells[0]), &t), 0);
        if (t < from || t > to)
            continue;
        s->n++;
        for (size_t i = 1; i < n; i++) {
            double v;
            cr_assert_eq(ps_parse_double(cells[i], strlen(cells[i]), &v), 0);
            s->sum[i - 1] += v;
            s->min[i - 1] = v < s->min[i - 1] ? v : s->min[i - 1];
            s->max[i - 1] = v > s->max[i - 1] ? v : s->max[i - 1];
        }
    }
    fclose(f);
}

static double mean_of(const csvsum *s, const char *suffix)
{
    for (size_t i = 0; i < s->ncol; i++) {
        size_t l = strlen(s->name[i]), k = strlen(suffix);
        if (l >= k && strcmp(s->name[i] + l - k, suffix) == 0)
            return s->sum[i] / (double)s->n;
    }
    cr_assert_fail("column *%s not found", suffix);
    return NAN;
}

static size_t col_of(const csvsum *s, const char *suffix)
{
    for (size_t i = 0; i < s->ncol; i++) {
        size_t l = strlen(s->name[i]), k = strlen(suffix);
        if (l >= k && strcmp(s->name[i] + l - k, suffix) == 0)
            return i;
    }
    cr_assert_fail("column *%s not found", suffix);
    return 0;
}

#define PRINTED(v, printed, what)                                                                             \
    cr_assert(fabs((v) - (printed)) <= 0.0005 + 1e-9, "%s: recomputed %.6f, printed %.3f", what, (double)(v), \
              (double)(printed))

static const char *const IO12[PS_IO12_N] = {"I/O Database Reads Average Latency",
                                            "I/O Database Writes Average Latency",
                                            "I/O Database Reads/sec",
                                            "I/O Database Writes/sec",
                                            "I/O Database Reads Average Bytes",
                                            "I/O Database Writes Average Bytes",
                                            "I/O Log Reads Average Latency",
                                            "I/O Log Writes Average Latency",
                                            "I/O Log Reads/sec",
                                            "I/O Log Writes/sec",
                                            "I/O Log Reads Average Bytes",
                                            "I/O Log Writes Average Bytes"};

static void check_server(const char *html, const char *csv, size_t ninst)
{
    ps_js_report *r = NULL;
    ps_error e = {0};
    cr_assert_eq(ps_js_report_read(html, &r, NULL, &e), 0, "%s", e.msg);
    csvsum s;
    read_csv(csv, r->collection_start, r->collection_end, &s);
    cr_assert_eq(s.rows, 483);
    cr_assert_eq(s.n, 480, "%zu samples in the window", s.n);
    cr_assert_eq(r->ninstances, ninst);
    double achieved = 0;
    char key[300];
    for (size_t i = 0; i < r->ninstances; i++) {
        const ps_js_instance *in = &r->instances[i];
        double m[PS_IO12_N];
        for (int k = 0; k < PS_IO12_N; k++) {
            snprintf(key, sizeof key, "%s)\\%s", in->name, IO12[k]);
            m[k] = mean_of(&s, key);
            PRINTED(m[k], ps_io12_get(&in->reported.transactional, k), key);
        }
        snprintf(key, sizeof key, "%s)\\Database Maintenance IO Reads/sec", in->name);
        double mr = mean_of(&s, key);
        PRINTED(mr, in->reported.maint_reads_per_sec, key);
        snprintf(key, sizeof key, "%s)\\Database Maintenance IO Reads Average Bytes", in->name);
        double mb = mean_of(&s, key);
        PRINTED(mb, in->reported.maint_read_bytes, key);
        PRINTED(m[8], in->reported.repl_log_reads_per_sec, "replication reads");
        PRINTED(m[10], in->reported.repl_log_read_bytes, "replication bytes");
        /* total: db reads + maintenance reads, read bytes weighted by reads, rest transactional */
        PRINTED(m[2] + mr, in->reported.total.db_reads_per_sec, "total reads/s");
        PRINTED((m[2] * m[4] + mr * mb) / (m[2] + mr), in->reported.total.db_read_bytes, "total read bytes");
        for (int k = 0; k < PS_IO12_N; k++)
            if (k != 2 && k != 4)
                PRINTED(m[k], ps_io12_get(&in->reported.total, k), IO12[k]);
        achieved += m[2] + m[3];
        /* final test-log lines = window means at 1 decimal */
        int finals = 0;
        for (size_t k = 0; k < r->nevents; k++) {
            const ps_js_event *ev = &r->events[k];
            if (!ev->final_block || ev->line_id != 17 || strcmp(ev->who, in->name) != 0)
                continue;
            double v = strstr(ev->what, "Database Reads") ? m[0] : strstr(ev->what, "Log Writes") ? m[7] : m[6];
            char want[32];
            ps_fmt_num(want, sizeof want, v, 1);
            double w1;
            cr_assert_eq(ps_parse_double(want, strlen(want), &w1), 0);
            cr_assert(fabs(w1 - ev->v[0]) < 1e-9, "%s %s: %s vs %.1f", in->name, ev->what, want, ev->v[0]);
            finals++;
        }
        cr_assert_eq(finals, 3);
    }
    PRINTED(achieved, r->achieved_iops, "achieved IOPS");
    /* host table: mean / min / max over the window */
    for (size_t i = 0; i < r->nhost; i++) {
        snprintf(key, sizeof key, "\\%s", r->host[i].counter);
        size_t c = col_of(&s, key);
        PRINTED(s.sum[c] / (double)s.n, r->host[i].avg, r->host[i].counter);
        PRINTED(s.min[c], r->host[i].min, r->host[i].counter);
        PRINTED(s.max[c], r->host[i].max, r->host[i].counter);
    }
    cr_assert_eq(r->nhost, 7);
    /* _Total: its reads/s are the sums over the instances */
    double sum_reads = 0;
    for (size_t i = 0; i < r->ninstances; i++) {
        snprintf(key, sizeof key, "%s)\\I/O Database Reads/sec", r->instances[i].name);
        sum_reads += mean_of(&s, key);
    }
    cr_assert(fabs(mean_of(&s, "_Total)\\I/O Database Reads/sec") - sum_reads) <= 0.0005 * (ninst + 1));
    /* sample-count lines of the test log */
    for (size_t k = 0; k < r->nevents; k++) {
        if (r->events[k].kind == PS_EV_BLG_SAMPLES)
            cr_assert_eq(r->events[k].v[0], 483.0);
        if (r->events[k].kind == PS_EV_XML_SAMPLES)
            cr_assert_eq(r->events[k].v[0], 480.0);
    }
    for (size_t i = 0; i < s.ncol; i++)
        free(s.name[i]);
    ps_js_report_free(r);
}

#define S PS_SOURCE_DIR "/samples/jetstress/"
Test(js_sample, mbx01_figures_from_samples)
{
    check_server(S "MBX01/Performance_2026_3_14_10_11_2.html", S "MBX01/Performance_2026_3_14_10_11_2.csv", 4);
}
Test(js_sample, mbx02_figures_from_samples)
{
    check_server(S "MBX02/Performance_2026_3_14_10_12_40.html", S "MBX02/Performance_2026_3_14_10_12_40.csv", 5);
}
Test(js_sample, mbx03_figures_from_samples_across_midnight)
{
    check_server(S "MBX03/Performance_2026_3_14_22_41_15.html", S "MBX03/Performance_2026_3_14_22_41_15.csv", 6);
}
