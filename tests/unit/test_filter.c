/* Unit tests: model/stats/filter.c relog-style counter filters (the -cf reader: io/filter_file.c). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ps_model.h"
#include "ps_io.h"

/* 1 when the single pattern pat matches path text */
static int m(const char *pat, const char *text)
{
    ps_filter *f = ps_filter_new();
    ps_error err;
    cr_assert_eq(ps_filter_add(f, pat, &err), 0, "%s: %s", pat, err.msg);
    ps_counter_path p;
    cr_assert_eq(ps_path_parse(text, &p, &err), 0, "%s: %s", text, err.msg);
    int r = ps_filter_match(f, &p);
    ps_path_fini(&p);
    ps_filter_free(f);
    return r;
}

Test(filter, empty_matches_all)
{
    ps_filter *f = ps_filter_new();
    ps_counter_path p;
    cr_assert_eq(ps_path_parse("\\\\h\\Memory\\Pages/sec", &p, NULL), 0);
    cr_assert_eq(ps_filter_count(f), 0);
    cr_assert(ps_filter_match(f, &p));
    cr_assert(ps_filter_match(NULL, &p));
    ps_path_fini(&p);
    ps_filter_free(f);
}

Test(filter, machine_rules)
{
    cr_assert(m("\\Memory\\Pages/sec", "\\\\HOST\\Memory\\Pages/sec")); /* no machine: any */
    cr_assert(m("\\Memory\\Pages/sec", "\\Memory\\Pages/sec"));
    cr_assert(m("\\\\*\\Memory\\Pages/sec", "\\\\HOST\\Memory\\Pages/sec"));
    cr_assert(m("\\\\*\\Memory\\Pages/sec", "\\Memory\\Pages/sec"));
    cr_assert(m("\\\\host\\Memory\\Pages/sec", "\\\\HOST\\Memory\\Pages/sec")); /* case-insensitive */
    cr_assert(m("\\\\SRV*\\Memory\\Pages/sec", "\\\\srv042\\Memory\\Pages/sec"));
    cr_assert(!m("\\\\OTHER\\Memory\\Pages/sec", "\\\\HOST\\Memory\\Pages/sec"));
    cr_assert(!m("\\\\HOST\\Memory\\Pages/sec", "\\Memory\\Pages/sec"));
}

Test(filter, instance_rules)
{
    const char *rd = "\\\\h\\LogicalDisk(C:)\\Avg. Disk sec/Read";
    cr_assert(m("\\LogicalDisk(*)\\Avg. Disk sec/Read", rd));
    cr_assert(m("\\LogicalDisk(c:)\\avg. disk sec/read", rd));
    cr_assert(!m("\\LogicalDisk(D:)\\Avg. Disk sec/Read", rd));
    cr_assert(!m("\\LogicalDisk\\Avg. Disk sec/Read", rd)); /* no "(..)": instance-less only */
    cr_assert(m("\\Memory\\Pages/sec", "\\Memory\\Pages/sec"));
    cr_assert(!m("\\Memory(*)\\Pages/sec", "\\Memory\\Pages/sec")); /* "(*)": needs an instance */
    /* (*) covers parent and index; other globs see "parent/instance#n" */
    const char *th = "\\Thread(explorer/3#1)\\% Processor Time";
    cr_assert(m("\\Thread(*)\\% Processor Time", th));
    cr_assert(m("\\Thread(explorer/*)\\% Processor Time", th));
    cr_assert(m("\\Thread(*#1)\\% Processor Time", th));
    cr_assert(!m("\\Thread(3)\\% Processor Time", th));
    cr_assert(m("\\Process(svchost*)\\Handle Count", "\\Process(svchost#2)\\Handle Count"));
    cr_assert(!m("\\Process(svchost)\\Handle Count", "\\Process(svchost#2)\\Handle Count"));
}

Test(filter, object_and_counter_globs)
{
    cr_assert(m("\\\\*\\Processor(*)\\% Processor Time", "\\\\X\\Processor(_Total)\\% Processor Time"));
    cr_assert(m("\\Processor(*)\\*", "\\\\X\\Processor(0)\\Interrupts/sec"));
    cr_assert(m("\\MSExchange Database*(*)\\I/O * (Attached)*",
                "\\\\e\\MSExchange Database ==> Instances(x/y)\\I/O Database Reads (Attached) Average Latency"));
    cr_assert(!m("\\Processor(*)\\% User Time", "\\\\X\\Processor(0)\\% Processor Time"));
    cr_assert(!m("\\Processor*(*)\\*", "\\\\X\\Memory\\Pages/sec"));
    cr_assert(m("\\*(*)\\*", "\\\\X\\Processor(0)\\Interrupts/sec"));
    cr_assert(m("\\*\\*", "\\\\X\\Memory\\Pages/sec"));
    cr_assert(!m("\\*\\*", "\\\\X\\Processor(0)\\Interrupts/sec"));
}

Test(filter, bad_pattern)
{
    ps_filter *f = ps_filter_new();
    ps_error err;
    cr_assert_eq(ps_filter_add(f, "Processor", &err), PS_EUSAGE);
    cr_assert(strstr(err.msg, "bad counter filter \"Processor\""), "%s", err.msg);
    cr_assert_eq(ps_filter_count(f), 0);
    ps_filter_free(f);
}

Test(filter, from_file)
{
    mkdir(PS_BINARY_DIR "/csv_tmp", 0777);
    const char *path = PS_BINARY_DIR "/csv_tmp/filters.txt";
    FILE *fp = fopen(path, "wb");
    fputs("\xEF\xBB\xBF# counters to keep\r\n\r\n  \\Memory\\Pages/sec  \r\n\\LogicalDisk(*)\\*\n#\\Processor(*)\\*\n",
          fp);
    fclose(fp);
    ps_filter *f = ps_filter_new();
    ps_error err;
    cr_assert_eq(ps_filter_add_file(f, path, &err), 0, "%s", err.msg);
    cr_assert_eq(ps_filter_count(f), 2);
    ps_counter_path p;
    cr_assert_eq(ps_path_parse("\\\\h\\LogicalDisk(C:)\\Free Megabytes", &p, NULL), 0);
    cr_assert(ps_filter_match(f, &p));
    ps_path_fini(&p);
    cr_assert_eq(ps_path_parse("\\\\h\\Processor(0)\\Interrupts/sec", &p, NULL), 0);
    cr_assert(!ps_filter_match(f, &p));
    ps_path_fini(&p);
    ps_filter_free(f);

    fp = fopen(path, "wb");
    fputs("\\Memory\\Pages/sec\n\nbogus line\n", fp);
    fclose(fp);
    f = ps_filter_new();
    cr_assert_eq(ps_filter_add_file(f, path, &err), PS_EUSAGE);
    cr_assert_str_eq(err.file, path);
    cr_assert_eq(err.line, 3);
    ps_filter_free(f);

    f = ps_filter_new();
    cr_assert_eq(ps_filter_add_file(f, PS_BINARY_DIR "/csv_tmp/no-such-file", &err), PS_EIO);
    ps_filter_free(f);
}

/* Exact patterns are looked up in a hash table, wildcard ones globbed (filter.c): the answer
 * equals globbing every pattern (ps_filter_match_each) for every path of a grid of machines,
 * objects, instances and counters in several letter cases, with the patterns one at a time, all
 * together and in subsets. */
Test(filter, exact_lookup_equals_glob)
{
    static const char *const machines[] = {NULL, "HOST", "host", "srv1"};
    static const char *const objects[] = {"Processor", "PROCESSOR", "Memory", "Thread", "Process"};
    static const char *const insts[] = {NULL, "_Total", "0", "explorer/3#1", "svchost#2", "svchost", "EXPLORER/3#1"};
    static const char *const counters[] = {"% Processor Time", "Pages/sec", "handle count", "Handle Count"};
    static const char *const pmach[] = {"", "\\\\*", "\\\\HOST", "\\\\Srv1", "\\\\SRV*", "\\\\other"};
    static const char *const pobj[] = {"Processor", "processor", "Memory", "Thread", "Proc*", "Process"};
    static const char *const pinst[] = {"",       "(*)",          "(_total)", "(0)",      "(explorer/3#1)",
                                        "(svchost)", "(svchost#2)", "(svchost*)", "(*#1)"};
    static const char *const pctr[] = {"% Processor Time", "Pages/sec", "Handle Count", "*", "% * Time"};
#define N(a) (sizeof(a) / sizeof((a)[0]))
    size_t npaths = N(machines) * N(objects) * N(insts) * N(counters), np = 0;
    ps_counter_path *paths = calloc(npaths, sizeof *paths);
    for (size_t a = 0; a < N(machines); a++)
        for (size_t b = 0; b < N(objects); b++)
            for (size_t c = 0; c < N(insts); c++)
                for (size_t d = 0; d < N(counters); d++) {
                    char text[256];
                    snprintf(text, sizeof text, "%s%s%s\\%s%s%s%s\\%s", machines[a] ? "\\\\" : "",
                             machines[a] ? machines[a] : "", "", objects[b], insts[c] ? "(" : "",
                             insts[c] ? insts[c] : "", insts[c] ? ")" : "", counters[d]);
                    cr_assert_eq(ps_path_parse(text, &paths[np++], NULL), 0, "%s", text);
                }
    ps_filter *all = ps_filter_new(), *third = ps_filter_new();
    size_t npat = 0, hits = 0;
    for (size_t a = 0; a < N(pmach); a++)
        for (size_t b = 0; b < N(pobj); b++)
            for (size_t c = 0; c < N(pinst); c++)
                for (size_t d = 0; d < N(pctr); d++) {
                    char pat[256];
                    ps_error err;
                    snprintf(pat, sizeof pat, "%s\\%s%s\\%s", pmach[a], pobj[b], pinst[c], pctr[d]);
                    ps_filter *one = ps_filter_new();
                    cr_assert_eq(ps_filter_add(one, pat, &err), 0, "%s: %s", pat, err.msg);
                    cr_assert_eq(ps_filter_add(all, pat, &err), 0);
                    if (npat++ % 3 == 0)
                        cr_assert_eq(ps_filter_add(third, pat, &err), 0);
                    for (size_t i = 0; i < np; i++) {
                        int got = ps_filter_match(one, &paths[i]);
                        cr_assert_eq(got, ps_filter_match_each(one, &paths[i]), "%s on %s", pat, paths[i].full);
                        hits += (size_t)got;
                    }
                    ps_filter_free(one);
                }
    /* both ways are exercised: patterns without '*' (the machine "\\*" aside) are exact */
    cr_assert_eq(ps_filter_exact_count(all), (size_t)5 * 5 * 6 * 3, /* machines x objects x instances x counters */ "%zu", ps_filter_exact_count(all));
    cr_assert(hits > 0);
    for (size_t i = 0; i < np; i++) {
        cr_assert_eq(ps_filter_match(all, &paths[i]), ps_filter_match_each(all, &paths[i]), "%s", paths[i].full);
        cr_assert_eq(ps_filter_match(third, &paths[i]), ps_filter_match_each(third, &paths[i]), "%s",
                     paths[i].full);
        ps_path_fini(&paths[i]);
    }
    free(paths);
    ps_filter_free(all);
    ps_filter_free(third);
#undef N
}
