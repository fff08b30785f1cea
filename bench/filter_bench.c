/* filter_bench.c - micro-benchmark of the counter filter (model/stats/filter.c): COLS columns of
 * a wide log tested against PATS patterns, every pattern exact (the columns analyze re-opens a
 * log with, or a long -cf file), plus the patterns with a wildcard.
 *
 *   filter_bench [COLS [PATS]]     (default 200,000 columns, 4,000 exact patterns)
 *
 * The columns: "\\BENCH01\LogicalDisk(Dnnnnnn)\Avg. Disk sec/Read"; the patterns: every
 * (COLS / PATS)-th column's path (so PATS columns match), and the same patterns with the
 * counter's last letter replaced by '*' (globbed). Three timings in ns per column: the hash
 * lookup (ps_filter_match) on the exact patterns over every column, then, over the first
 * SLOW_COLS columns only (they cost patterns x columns), the reference that globs every pattern
 * in turn (ps_filter_match_each, the filter before the table) and ps_filter_match on the
 * wildcard patterns. Exit status 1 when the lookup and the reference disagree on a column or the
 * lookup does not match PATS columns.
 * Built and run by bench/bench_filter.sh.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ps_model.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#define SLOW_COLS 2000

static size_t pass(const ps_filter *f, const ps_counter_path *cols, size_t n,
                   int (*match)(const ps_filter *, const ps_counter_path *), double *secs)
{
    double t0 = now();
    size_t hits = 0;
    for (size_t i = 0; i < n; i++)
        hits += (size_t)match(f, &cols[i]);
    *secs = now() - t0;
    return hits;
}

int main(int argc, char **argv)
{
    size_t ncols = argc > 1 ? strtoul(argv[1], NULL, 10) : 200000, npats = argc > 2 ? strtoul(argv[2], NULL, 10) : 4000;
    if (!ncols || !npats || npats > ncols)
        return fprintf(stderr, "usage: filter_bench [COLS [PATS <= COLS]]\n"), 2;
    ps_counter_path *cols = calloc(ncols, sizeof *cols);
    ps_filter *exact = ps_filter_new(), *glob = ps_filter_new();
    size_t step = ncols / npats;
    for (size_t i = 0; i < ncols; i++) {
        char text[128];
        ps_error err;
        snprintf(text, sizeof text, "\\\\BENCH01\\LogicalDisk(D%06zu)\\Avg. Disk sec/Read", i);
        if (ps_path_parse(text, &cols[i], &err))
            return fprintf(stderr, "%s: %s\n", text, err.msg), 1;
        if (i % step == 0 && i / step < npats) {
            ps_filter_add(exact, text, &err);
            text[strlen(text) - 1] = '*';
            ps_filter_add(glob, text, &err);
        }
    }
    double te, tr, tg;
    size_t he = pass(exact, cols, ncols, ps_filter_match, &te);
    size_t nslow = ncols < SLOW_COLS ? ncols : SLOW_COLS;
    size_t hr = pass(exact, cols, nslow, ps_filter_match_each, &tr);
    size_t hg = pass(glob, cols, nslow, ps_filter_match, &tg);
    size_t want_slow = (nslow + step - 1) / step;
    printf("%zu columns x %zu patterns (%zu exact)\n", ncols, npats, ps_filter_exact_count(exact));
    printf("%-48s %12.1f ns/column (%zu columns: %.3f s)\n", "exact patterns, hash lookup", te * 1e9 / (double)ncols,
           ncols, te);
    printf("%-48s %12.1f ns/column (%zu columns; all: %.1f s)\n", "exact patterns, each globbed (reference)",
           tr * 1e9 / (double)nslow, nslow, tr * (double)ncols / (double)nslow);
    printf("%-48s %12.1f ns/column (%zu columns; all: %.1f s)\n", "wildcard patterns, globbed",
           tg * 1e9 / (double)nslow, nslow, tg * (double)ncols / (double)nslow);
    int bad = he != npats || hr != want_slow || hg != want_slow;
    for (size_t i = 0; i < nslow; i++)
        bad |= ps_filter_match(exact, &cols[i]) != ps_filter_match_each(exact, &cols[i]);
    if (bad)
        fprintf(stderr, "matches: lookup %zu (want %zu), reference %zu and wildcard %zu (want %zu), or a column differs\n",
                he, npats, hr, hg, want_slow);
    for (size_t i = 0; i < ncols; i++)
        ps_path_fini(&cols[i]);
    free(cols);
    ps_filter_free(exact);
    ps_filter_free(glob);
    return bad;
}
