/* Unit tests: model/analyze/an_match.c - rules matched to columns through the hash index of the
 * columns (object\counter), on a log of 200,000 columns with every built-in pack loaded.
 *
 * The log (machine M1), and what each built-in rule must match (hand count from the packs'
 * counter, object, include and default _Total exclusion lines):
 *   \Processor(0..63 and _Total)\% Processor Time       processor-time (_Total only): 1 series,
 *                                                        processor-time-each (not _Total): 64
 *   \Processor(0..63, _Total)\% Privileged Time         processor-privileged (_Total only): 1
 *   \Processor(0..63, _Total)\% Interrupt Time          processor-interrupt (not _Total): 64
 *   \LogicalDisk(D000..D099, _Total)\ four counters      disk-read/write-latency, disk-queue,
 *                                                        disk-free-space: 100 each (not _Total)
 *   \logicaldisk(x:)\AVG. DISK SEC/READ                 disk-read-latency too (ASCII case folded): 101
 *   \Network Interface(nic0..3)\Bytes Total/sec, Current Bandwidth, Output Queue Length
 *                                                        network-utilization (derived): 4,
 *                                                        network-output-queue: 4
 *   \System\Processor Queue Length, \Memory\Available MBytes   1 each
 *   \Process(_Total)\Handle Count (handles), \Process(idle)\Handle Count (not included)
 *   \SQLServer:Buffer Manager\Page life expectancy and \MSSQL$I1:Buffer Manager\... (the pack's
 *                                                        wildcard object \*:Buffer Manager): both
 *                                                        columns, one series (no instance)
 *   \Filler(k)\Counter j                                 nothing, up to 200,000 columns
 * Columns used: 65 + 1 + 64 (processor) + 401 (disks) + 12 (network) + 2 + 1 + 2 = 548.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ps_analyze.h"
#include "ps_rules.h"

#define NCOLS 200000

static ps_counter_path *cols;
static unsigned char *want; /* 1 when the column must be used */
static size_t ncols;

static void col(const char *object, const char *inst, const char *counter, int used)
{
    cr_assert_lt(ncols, NCOLS);
    ps_counter_path *p = &cols[ncols];
    char full[256];
    snprintf(full, sizeof full, "\\\\M1\\%s%s%s%s\\%s", object, inst ? "(" : "", inst ? inst : "", inst ? ")" : "",
             counter);
    p->full = strdup(full);
    p->machine = strdup("M1");
    p->object = strdup(object);
    p->instance = inst ? strdup(inst) : NULL;
    p->index = -1;
    p->counter = strdup(counter);
    want[ncols++] = (unsigned char)used;
}

static void make_log(void)
{
    cols = calloc(NCOLS, sizeof *cols);
    want = calloc(NCOLS, 1);
    char inst[32];
    const char *cpu[] = {"% Processor Time", "% Privileged Time", "% Interrupt Time"};
    for (int k = 0; k < 3; k++) {
        for (int i = 0; i < 64; i++) {
            snprintf(inst, sizeof inst, "%d", i);
            col("Processor", inst, cpu[k], k != 1);
        }
        col("Processor", "_Total", cpu[k], k != 2);
    }
    const char *disk[] = {"Avg. Disk sec/Read", "Avg. Disk sec/Write", "Current Disk Queue Length", "% Free Space"};
    for (int k = 0; k < 4; k++) {
        for (int i = 0; i < 100; i++) {
            snprintf(inst, sizeof inst, "D%03d", i);
            col("LogicalDisk", inst, disk[k], 1);
        }
        col("LogicalDisk", "_Total", disk[k], 0);
    }
    col("logicaldisk", "x:", "AVG. DISK SEC/READ", 1);
    const char *nic[] = {"Bytes Total/sec", "Current Bandwidth", "Output Queue Length"};
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++) {
            snprintf(inst, sizeof inst, "nic%d", i);
            col("Network Interface", inst, nic[k], 1);
        }
    col("System", NULL, "Processor Queue Length", 1);
    col("Memory", NULL, "Available MBytes", 1);
    col("Process", "_Total", "Handle Count", 1);
    col("Process", "idle", "Handle Count", 0);
    col("SQLServer:Buffer Manager", NULL, "Page life expectancy", 1);
    col("MSSQL$I1:Buffer Manager", NULL, "Page life expectancy", 1);
    for (int i = 0; ncols < NCOLS; i++) {
        char c[32];
        snprintf(inst, sizeof inst, "%d", i / 10);
        snprintf(c, sizeof c, "Counter %d", i % 10);
        col("Filler", inst, c, 0);
    }
}

static void free_log(void)
{
    for (size_t i = 0; i < ncols; i++) {
        free(cols[i].full);
        free(cols[i].machine);
        free(cols[i].object);
        free(cols[i].instance);
        free(cols[i].counter);
    }
    free(cols);
    free(want);
    ncols = 0;
}

static size_t series_of(const ps_an_result *r, const ps_an_ruleset *set, const char *id)
{
    size_t ri = ps_an_rule_index(set, id);
    cr_assert_neq(ri, SIZE_MAX, "no rule %s", id);
    return r->rule_series[ri];
}

Test(an_match, built_in_packs_on_200000_columns)
{
    ps_an_ruleset set = {0};
    ps_error err = {0};
    for (const char *const *p = ps_rules_pack_names(); *p; p++)
        cr_assert_eq(ps_rules_load_pack(*p, &set, &err), PS_OK, "%s: %s", *p, err.msg);
    /* the SQL Server pack's three rules name the object \*:...: they scan; every other looks up */
    cr_assert_eq(ps_an_scan_rules(&set), 3);
    make_log();
    ps_log_info info = {.path = "wide.csv", .format = "csv", .ncounters = ncols, .counters = cols};
    ps_analysis *a = ps_an_new(&set, &(ps_an_options){.interval_ms = 60000});
    ps_an_begin_file(a, &info);
    size_t used = 0, wrong = 0;
    for (size_t c = 0; c < ncols; c++) {
        used += want[c];
        if (ps_an_column_used(a, c) != want[c] && wrong++ < 5)
            cr_log_error("column %zu %s: used %d, want %d", c, cols[c].full, ps_an_column_used(a, c), want[c]);
    }
    cr_assert_eq(wrong, 0);
    cr_assert_eq(used, 548);
    cr_assert_eq(ps_an_file_columns(a), 548);
    double *v = malloc(ncols * sizeof *v);
    for (size_t c = 0; c < ncols; c++)
        v[c] = 1;
    ps_row row = {.local = 0, .utc = 0, .values = v, .nvalues = ncols};
    ps_an_add_row(a, &row);
    ps_an_end_file(a);
    const ps_an_result *r = ps_an_finish(a);
    const struct {
        const char *id;
        size_t n;
    } expect[] = {
        {"processor-time", 1},
        {"processor-information-time", 0},
        {"processor-time-each", 64},
        {"processor-privileged", 1},
        {"processor-interrupt", 64},
        {"processor-queue", 1},
        {"memory-available", 1},
        {"memory-committed", 0},
        {"memory-pages", 0},
        {"paging-file-usage", 0},
        {"disk-read-latency", 101},
        {"disk-write-latency", 100},
        {"disk-queue", 100},
        {"disk-free-space", 100},
        {"network-utilization", 4},
        {"network-output-queue", 4},
        {"handles", 1},
    };
    size_t total = 0;
    for (size_t i = 0; i < sizeof expect / sizeof expect[0]; i++) {
        cr_expect_eq(series_of(r, &set, expect[i].id), expect[i].n, "%s: %zu series, want %zu", expect[i].id,
                     series_of(r, &set, expect[i].id), expect[i].n);
        total += expect[i].n;
    }
    /* the other packs: only the SQL Server page life expectancy rule finds its two columns */
    size_t other = 0;
    for (size_t ri = 0; ri < set.n; ri++)
        other += r->rule_series[ri];
    cr_assert_eq(other - total, 1);
    free(v);
    ps_an_free(a);
    ps_an_ruleset_fini(&set);
    free_log();
}

/* A rule with several literal counters and a derived rule whose operands come from several
 * buckets: each column is tested once, in column order, so when two columns feed one series (B
 * then A of instance x for rule two) the later column wins, as when every column was tested
 * against every rule (in bucket order, A then B, B would win). */
Test(an_match, several_keys_and_operands)
{
    static const char text[] = "[pack]\ntitle = t\n\n"
                               "[rule two]\ncounter = \\Obj(*)\\A\ncounter = \\obj(*)\\b\nwarning = 1\n\n"
                               "[rule sum]\nobject = OBJ\nexpression = {A} + {B}\nwarning = 100\n";
    ps_an_ruleset set = {0};
    ps_error err = {0};
    cr_assert_eq(ps_rules_parse_text(text, strlen(text), "t", &set, &err), PS_OK, "%s", err.msg);
    cr_assert_eq(ps_an_scan_rules(&set), 0);
    cols = calloc(8, sizeof *cols);
    want = calloc(8, 1);
    col("Obj", "x", "B", 1);
    col("Obj", "x", "A", 1);
    col("Other", "x", "A", 0);
    col("OBJ", "y", "a", 1);
    ps_log_info info = {.path = "t.csv", .format = "csv", .ncounters = ncols, .counters = cols};
    ps_analysis *a = ps_an_new(&set, &(ps_an_options){.interval_ms = 60000});
    ps_an_begin_file(a, &info);
    for (size_t c = 0; c < ncols; c++)
        cr_assert_eq(ps_an_column_used(a, c), want[c], "column %zu", c);
    const double v[] = {10, 20, 1000, 5};
    ps_an_add_row(a, &(ps_row){.values = v, .nvalues = 4});
    ps_an_end_file(a);
    const ps_an_result *r = ps_an_finish(a);
    /* two: x (column A, 20) and y (a, 5); sum: x = A 20 + B 10 = 30; y has no B: no series */
    cr_assert_eq(series_of(r, &set, "two"), 2);
    cr_assert_eq(series_of(r, &set, "sum"), 1);
    for (size_t i = 0; i < r->nseries; i++) {
        const ps_an_series *s = &r->series[i];
        if (s->stats.count == 0)
            continue; /* sum of y: bound to a, then dropped for want of B */
        if (s->rule == ps_an_rule_index(&set, "sum")) {
            cr_assert_str_eq(s->instance, "x");
            cr_assert_eq(s->stats.mean, 30);
        } else if (strcmp(s->instance, "x") == 0) {
            cr_assert_eq(s->stats.count, 1);
            cr_assert_eq(s->stats.mean, 20);
        }
    }
    ps_an_free(a);
    ps_an_ruleset_fini(&set);
    free_log();
}
