/* Unit tests: model/stats/filter.c relog-style counter filters (the -cf reader: io/filter_file.c). */
#include <criterion/criterion.h>
#include <stdio.h>
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
