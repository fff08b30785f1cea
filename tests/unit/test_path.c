/* Unit tests: model/path.c counter path parsing. */
#include <criterion/criterion.h>
#include <string.h>

#include "ps_model.h"

static void parse_ok(const char *text, ps_counter_path *p)
{
    ps_error err;
    cr_assert_eq(ps_path_parse(text, p, &err), 0, "%s: %s", text, err.msg);
    cr_assert_str_eq(p->full, text);
}

static void check(const char *text, const char *machine, const char *object, const char *parent, const char *instance,
                  int index, const char *counter)
{
    ps_counter_path p;
    parse_ok(text, &p);
    if (machine)
        cr_assert_str_eq(p.machine, machine, "%s", text);
    else
        cr_assert_null(p.machine, "%s", text);
    cr_assert_str_eq(p.object, object, "%s", text);
    if (parent)
        cr_assert_str_eq(p.parent, parent, "%s", text);
    else
        cr_assert_null(p.parent, "%s", text);
    if (instance)
        cr_assert_str_eq(p.instance, instance, "%s", text);
    else
        cr_assert_null(p.instance, "%s", text);
    cr_assert_eq(p.index, index, "%s", text);
    cr_assert_str_eq(p.counter, counter, "%s", text);
    ps_path_fini(&p);
}

Test(path, plain_forms)
{
    check("\\\\HOST\\Memory\\Available MBytes", "HOST", "Memory", NULL, NULL, -1, "Available MBytes");
    check("\\Memory\\Available MBytes", NULL, "Memory", NULL, NULL, -1, "Available MBytes");
    check("\\\\h\\Processor(_Total)\\% Processor Time", "h", "Processor", NULL, "_Total", -1, "% Processor Time");
    check("\\LogicalDisk(C:)\\Avg. Disk sec/Read", NULL, "LogicalDisk", NULL, "C:", -1, "Avg. Disk sec/Read");
}

Test(path, exchange_names)
{
    check("\\\\sv\\msexchange-datenbank  ==> instanzen(information store/_total)\\e/a: datenbankleseoperationen/sek.",
          "sv", "msexchange-datenbank  ==> instanzen", "information store", "_total", -1,
          "e/a: datenbankleseoperationen/sek.");
    check(
        "\\MSExchange Database ==> Instances(edgetransport/transport mail database)\\I/O Database Reads (Attached) Average Latency",
        NULL, "MSExchange Database ==> Instances", "edgetransport", "transport mail database", -1,
        "I/O Database Reads (Attached) Average Latency");
}

Test(path, odd_instances)
{
    /* instance = first "(" after the object .. last ")" before the final backslash */
    check("\\\\c\\network interface(isatap.{ea2a01ef-c879-4737})\\bytes total/sec", "c", "network interface", NULL,
          "isatap.{ea2a01ef-c879-4737}", -1, "bytes total/sec");
    check("\\\\c\\network interface(intel[r] (x) ok, #1: yes)\\bytes total/sec", "c", "network interface", NULL,
          "intel[r] (x) ok, #1: yes", -1, "bytes total/sec");
    check("\\Processor Information(0,_Total)\\% Processor Time", NULL, "Processor Information", NULL, "0,_Total", -1,
          "% Processor Time");
    check("\\LogicalDisk(C:\\mount\\x)\\Free Megabytes", NULL, "LogicalDisk", NULL, "C:\\mount\\x", -1,
          "Free Megabytes");
    check("\\Process(svchost#12)\\Handle Count", NULL, "Process", NULL, "svchost", 12, "Handle Count");
    check("\\Thread(explorer/3#1)\\% Processor Time", NULL, "Thread", "explorer", "3", 1, "% Processor Time");
    /* parent split at the FIRST "/" */
    check("\\Thread(a/b/c)\\X", NULL, "Thread", "a", "b/c", -1, "X");
    check("\\Process(#1)\\X", NULL, "Process", NULL, "#1", -1, "X");
    check("\\Process(a#b)\\X", NULL, "Process", NULL, "a#b", -1, "X");
    check("\\Obj()\\X", NULL, "Obj", NULL, "", -1, "X");
}

Test(path, counters_with_punctuation)
{
    check("\\\\m\\Obj\\I/O Database Reads (Attached)/sec", "m", "Obj", NULL, NULL, -1,
          "I/O Database Reads (Attached)/sec");
    check("\\Obj(i)\\% time: (a)", NULL, "Obj", NULL, "i", -1, "% time: (a)");
}

Test(path, errors)
{
    const char *bad[] = {"",           "Memory\\Available", "\\\\HOST",   "\\\\HOST\\Memory",
                         "\\Memory\\", "\\\\\\Memory\\x",   "\\Obj(x\\y", "\\Obj(x)y\\z",
                         "notapath"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ps_counter_path p;
        ps_error err;
        cr_assert_eq(ps_path_parse(bad[i], &p, &err), PS_EINPUT, "\"%s\" accepted", bad[i]);
        cr_assert(strstr(err.msg, "not a counter path"), "%s", err.msg);
        ps_path_fini(&p);
    }
    ps_counter_path p;
    ps_error err;
    cr_assert_eq(ps_path_parse("\\Obj(a\tb)\\X", &p, &err), PS_EINPUT);
    cr_assert_str_eq(err.msg, "control character 0x09 in counter path");
    cr_assert_eq(err.col, 7);
    cr_assert_eq(ps_path_parse("\\Obj\\X\x7f", &p, &err), PS_EINPUT);
    cr_assert_eq(err.col, 7);
}
