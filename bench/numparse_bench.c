/* numparse_bench.c - micro-benchmark of ps_num_scan (parser/text/numparse.c) on real relog cells.
 *
 *   numparse_bench [CSV [LINES [ROUNDS]]]
 *
 * Loads the first LINES data lines (default 2000) of CSV (default
 * bench/data/relog-2000x20000.csv), takes every quoted cell after the timestamp that is not
 * relog's blank " ", and calls ps_num_scan on each cell in file order (row by row, as
 * parser/log/pdh/pdh_rows.c does: p at the first character of the cell, end at the end of the line).
 * Every result is first checked against strtod bit for bit (and the scan must stop at the
 * closing quote). Then two timings, each the best of ROUNDS passes over all values (default:
 * about 1.5 s of passes), in ns per value:
 *   parser order  the loop of parser/log/pdh/pdh_rows.c: each scan starts just after the cell the
 *                 previous one ended (so the end pointer is on the critical path), blank
 *                 cells skipped as there, values stored to a row array;
 *   independent   the cell starts are known in advance (the scans can overlap freely);
 *   cell form     ps_num_parse_cell on each cell, whose length is known (as parser/log/pdh/pdh_rows.c
 *                 calls it: the closing quote is found first).
 * Exit status 1 on any mismatch.
 * Built and run by bench/bench_numparse.sh.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "numparse.h"

/* numparse.c's slow path calls the model's strict strtod wrapper; the bench does without the
 * model library (the texts here are all plain numbers, so plain strtod is the same). */
int ps_parse_double(const char *s, size_t len, double *out);
int ps_parse_double(const char *s, size_t len, double *out)
{
    char *e;
    double v = strtod(s, &e);
    if (e != s + len)
        return -1;
    *out = v;
    return 0;
}

struct cell {
    const char *p, *end; /* first character of the number, end of its line */
    uint32_t len; /* length of the number text (up to the closing quote) */
};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "bench/data/relog-2000x20000.csv";
    long want_lines = argc > 2 ? atol(argv[2]) : 2000;
    long rounds = argc > 3 ? atol(argv[3]) : 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 2;
    }
    /* read the header and want_lines data lines into one buffer */
    size_t cap = 1 << 20, len = 0;
    char *buf = malloc(cap);
    char *line = NULL;
    size_t lcap = 0;
    ssize_t n;
    long lines = -1; /* the header does not count */
    size_t *starts = malloc(sizeof(size_t) * (size_t)(want_lines + 2));
    while (lines < want_lines && (n = getline(&line, &lcap, f)) > 0) {
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
            n--;
        if (len + (size_t)n + 1 > cap) {
            while (len + (size_t)n + 1 > cap)
                cap *= 2;
            buf = realloc(buf, cap);
        }
        starts[lines + 1] = len;
        memcpy(buf + len, line, (size_t)n);
        len += (size_t)n;
        buf[len++] = '\n';
        lines++;
    }
    fclose(f);
    free(line);
    if (lines <= 0) {
        fprintf(stderr, "%s: no data lines\n", path);
        return 2;
    }
    starts[lines + 1] = len;
    buf = realloc(buf, len + 64); /* the scanners load whole words past the last cell */
    memset(buf + len, 0, 64);
    /* collect the number cells */
    size_t ncap = 1 << 16, ncells = 0, nblank = 0;
    struct cell *cells = malloc(sizeof *cells * ncap);
    for (long l = 1; l <= lines; l++) {
        const char *s = buf + starts[l], *e = buf + starts[l + 1] - 1; /* without '\n' */
        int col = 0;
        while (s < e) {
            if (*s != '"')
                break;
            const char *q = memchr(s + 1, '"', (size_t)(e - s - 1));
            if (!q)
                break;
            if (col > 0) {
                if (q - s == 2 && s[1] == ' ') {
                    nblank++;
                } else {
                    if (ncells == ncap)
                        cells = realloc(cells, sizeof *cells * (ncap *= 2));
                    cells[ncells++] = (struct cell){s + 1, e, (uint32_t)(q - s - 1)};
                }
            }
            col++;
            s = q + 1;
            if (s < e && *s == ',')
                s++;
        }
    }
    /* check every result against strtod, bit for bit */
    size_t bad = 0;
    for (size_t i = 0; i < ncells; i++) {
        char tmp[128];
        size_t k = cells[i].len < sizeof tmp - 1 ? cells[i].len : sizeof tmp - 1;
        memcpy(tmp, cells[i].p, k);
        tmp[k] = 0;
        double want = strtod(tmp, NULL), got = 0;
        const char *q = ps_num_scan(cells[i].p, cells[i].end, '.', &got);
        double cg = 0;
        int crc = ps_num_parse_cell(cells[i].p, cells[i].len, '.', &cg);
        if (!q || q != cells[i].p + cells[i].len || memcmp(&want, &got, 8) != 0 || crc != 0 ||
            memcmp(&want, &cg, 8) != 0) {
            if (bad < 10)
                fprintf(stderr, "mismatch: \"%s\": got %.17g (%s), strtod %.17g\n", tmp, got,
                        !q                               ? "refused"
                        : q != cells[i].p + cells[i].len ? "wrong end"
                        : crc                            ? "cell refused"
                                                         : "value",
                        want);
            bad++;
        }
    }
    /* time it */
    double best_row = 1e30, best_ind = 1e30, best_cell = 1e30, total = 0, sink = 0;
    double *vals = malloc(sizeof(double) * 65536);
    long r = 0;
    size_t row_fail = 0;
    for (;;) {
        /* as parser/log/pdh/pdh_rows.c: p at the separator before each cell */
        double t0 = now();
        for (long l = 1; l <= lines; l++) {
            const char *p = buf + starts[l], *e = buf + starts[l + 1] - 1;
            p = memchr(p + 1, '"', (size_t)(e - p - 1)); /* end of the timestamp */
            if (!p)
                continue;
            p++;
            for (size_t i = 0; p < e; i++) {
                p++; /* separator */
                double v;
                if (e - p >= 3 && p[1] == ' ' && p[2] == '"') {
                    vals[i & 65535] = 0;
                    p += 3;
                    continue;
                }
                const char *q = ps_num_scan(p + 1, e, '.', &v);
                if (!q || *q != '"') {
                    row_fail++;
                    break;
                }
                vals[i & 65535] = v;
                p = q + 1;
            }
            sink += vals[l & 1023];
        }
        double t1 = now(), acc = 0;
        for (size_t i = 0; i < ncells; i++) {
            double v;
            const char *q = ps_num_scan(cells[i].p, cells[i].end, '.', &v);
            acc += q ? v : 1.0;
        }
        double t2 = now();
        for (size_t i = 0; i < ncells; i++) { /* the cell form: the length is known */
            double v;
            acc += ps_num_parse_cell(cells[i].p, cells[i].len, '.', &v) == 0 ? v : 1.0;
        }
        double t3 = now();
        sink += acc;
        if (t1 - t0 < best_row)
            best_row = t1 - t0;
        if (t2 - t1 < best_ind)
            best_ind = t2 - t1;
        if (t3 - t2 < best_cell)
            best_cell = t3 - t2;
        total += t3 - t0;
        r++;
        if (rounds > 0 ? r >= rounds : (total >= 1.5 && r >= 3))
            break;
    }
    printf("%s: %ld lines, %zu values (%zu blank cells skipped), %ld rounds\n", path, lines, ncells, nblank, r);
    printf("ps_num_scan: %.2f ns/value in parser order, %.2f ns/value independent (best rounds)\n",
           best_row * 1e9 / (double)ncells, best_ind * 1e9 / (double)ncells);
    printf("ps_num_parse_cell: %.2f ns/value (cells of known length, the form the CSV reader uses)\n",
           best_cell * 1e9 / (double)ncells);
    if (row_fail)
        printf("rows cut short in parser order: %zu\n", row_fail / (size_t)r);
    if (sink == 1.2345) /* keep the results alive */
        printf("\n");
    printf("mismatches against strtod: %zu\n", bad);
    free(vals);
    free(cells);
    free(starts);
    free(buf);
    return bad ? 1 : 0;
}
