/* Unit tests: the counter classification table (model/jetstress/js_counters.c, object -> role) and the
 * rule of parser/jetstress/js_load.c that decides which object holds a server's instances. One test per
 * row of the table; the loader tests write small logs whose instance figures are known by hand. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ps_model.h"
#include "ps_parser.h"
#include "ps_pipeline.h"

/* ------------------------------------------------------------------ the table, row by row */

static void role_is(const char *object, enum ps_js_role want, const char *name)
{
    enum ps_js_role r = ps_js_object_role(object);
    cr_assert_eq(r, want, "%s: role %s, want %s", object, ps_js_role_name(r), name);
    cr_assert_str_eq(ps_js_role_name(r), name);
}

Test(js_roles, ese_instance_rows)
{
    role_is("MSExchange Database ==> Instances", PS_JS_ROLE_ESE_INSTANCE, "ese-instance");
    role_is("msexchange-datenbank  ==> instanzen", PS_JS_ROLE_ESE_INSTANCE, "ese-instance");
    role_is("Database ==> Instances", PS_JS_ROLE_ESE_INSTANCE, "ese-instance");
}

Test(js_roles, ese_process_rows)
{
    role_is("MSExchange Database", PS_JS_ROLE_ESE_PROCESS, "ese-process");
    role_is("MSExchange-Datenbank", PS_JS_ROLE_ESE_PROCESS, "ese-process");
    role_is("Database", PS_JS_ROLE_ESE_PROCESS, "ese-process");
}

Test(js_roles, disk_rows)
{
    role_is("LogicalDisk", PS_JS_ROLE_LOGICALDISK, "logicaldisk");
    role_is("Logischer Datenträger", PS_JS_ROLE_LOGICALDISK, "logicaldisk");
    role_is("PhysicalDisk", PS_JS_ROLE_PHYSICALDISK, "physicaldisk");
    role_is("Physikalischer Datenträger", PS_JS_ROLE_PHYSICALDISK, "physicaldisk");
}

Test(js_roles, host_rows)
{
    role_is("Processor", PS_JS_ROLE_PROCESSOR, "processor");
    role_is("Prozessor", PS_JS_ROLE_PROCESSOR, "processor");
    role_is("Memory", PS_JS_ROLE_MEMORY, "memory");
    role_is("Arbeitsspeicher", PS_JS_ROLE_MEMORY, "memory");
    role_is("System", PS_JS_ROLE_SYSTEM, "system");
}

Test(js_roles, other_rows)
{
    role_is("Process", PS_JS_ROLE_OTHER, "other");
    role_is("Network Interface", PS_JS_ROLE_OTHER, "other");
    role_is("", PS_JS_ROLE_OTHER, "other");
    role_is(NULL, PS_JS_ROLE_OTHER, "other");
    cr_assert_null(ps_js_role_name(PS_JS_ROLE_N));
}

/* What each role contributes, counter by counter. */
Test(js_roles, classify_per_role)
{
    ps_js_counter_ref r;
    /* ESE instance: an instance, prefixes JetstressWin/, Information Store/ or none */
    const char *prefixed[] = {"JetstressWin/Instance4711.1", "Information Store/Instance4711.1", "Instance4711.1"};
    for (int i = 0; i < 3; i++) {
        cr_assert(ps_js_classify("MSExchange Database ==> Instances", prefixed[i], "I/O Database Reads/sec", &r));
        cr_assert_eq(r.role, PS_JS_ROLE_ESE_INSTANCE);
        cr_assert_str_eq(r.instance, "Instance4711.1", "%s", prefixed[i]);
        cr_assert_not(r.is_total);
    }
    /* _Total is never an instance, with or without a prefix */
    cr_assert(ps_js_classify("MSExchange Database ==> Instances", "_Total", "I/O Database Reads/sec", &r));
    cr_assert(r.is_total);
    cr_assert(ps_js_classify("MSExchange Database ==> Instances", "JetstressWin/_Total", "I/O Log Writes/sec", &r));
    cr_assert(r.is_total);
    /* ESE process level: only the page fault stalls host row; I/O counters there are not read */
    cr_assert(ps_js_classify("MSExchange Database", "JetstressWin", "Database Page Fault Stalls/sec", &r));
    cr_assert_eq(r.metric, PS_JM_STALLS);
    cr_assert_eq(r.priority, 0);
    cr_assert(ps_js_classify("MSExchange Database", "Information Store", "Database Page Fault Stalls/sec", &r));
    cr_assert_eq(r.priority, 1);
    cr_assert_not(ps_js_classify("MSExchange Database", "JetstressWin", "I/O Database Reads/sec", &r));
    cr_assert_not(ps_js_classify("MSExchange Database", "Information Store", "I/O Database Reads Average Latency", &r));
    /* LogicalDisk: a volume (seconds -> ms); whether it is used is the loader's decision */
    cr_assert(ps_js_classify("LogicalDisk", "D:", "Avg. Disk sec/Read", &r));
    cr_assert_eq(r.role, PS_JS_ROLE_LOGICALDISK);
    cr_assert(r.volume_2007);
    cr_assert_eq(r.scale, 1000);
    cr_assert(ps_js_classify("LogicalDisk", "_Total", "Disk Reads/sec", &r));
    cr_assert(r.is_total);
    /* PhysicalDisk and System: never read */
    cr_assert_not(ps_js_classify("PhysicalDisk", "1 D:", "Avg. Disk sec/Read", &r));
    cr_assert_eq(r.role, PS_JS_ROLE_PHYSICALDISK);
    cr_assert_not(ps_js_classify("PhysicalDisk", "_Total", "Disk Reads/sec", &r));
    cr_assert_not(ps_js_classify("System", NULL, "Processor Queue Length", &r));
    cr_assert_eq(r.role, PS_JS_ROLE_SYSTEM);
    /* Processor: _Total only */
    cr_assert(ps_js_classify("Processor", "_Total", "% Processor Time", &r));
    cr_assert_eq(r.metric, PS_JM_CPU);
    cr_assert_not(ps_js_classify("Processor", "0", "% Processor Time", &r));
    /* Memory: the host rows of the report, nothing else */
    cr_assert(ps_js_classify("Memory", NULL, "Available MBytes", &r));
    cr_assert_eq(r.metric, PS_JM_AVAIL_MB);
    cr_assert_not(ps_js_classify("Memory", NULL, "Pages/sec", &r));
    /* other objects */
    cr_assert_not(ps_js_classify("Process", "JetstressWin", "% Processor Time", &r));
    cr_assert_eq(r.role, PS_JS_ROLE_OTHER);
}

/* ------------------------------------------------------------------ the loader's rule */

static char dir[512];

static void drop_scratch(void)
{
    if (!dir[0])
        return;
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
}
TestSuite(js_roles, .fini = drop_scratch);

/* Write a 2-row log; cols and two rows of values. */
static void write_log(const char *path, const char *const *cols, int n, const double *r1, const double *r2)
{
    FILE *fp = fopen(path, "w");
    cr_assert(fp);
    fprintf(fp, "\"(PDH-CSV 4.0) (UTC)(0)\"");
    for (int c = 0; c < n; c++)
        fprintf(fp, ",\"%s\"", cols[c]);
    fprintf(fp, "\r\n\"03/14/2026 10:00:00.000\"");
    for (int c = 0; c < n; c++)
        fprintf(fp, ",\"%.17g\"", r1[c]);
    fprintf(fp, "\r\n\"03/14/2026 10:00:15.000\"");
    for (int c = 0; c < n; c++)
        fprintf(fp, ",\"%.17g\"", r2[c]);
    fprintf(fp, "\r\n");
    fclose(fp);
}

/* The scratch folder, made once. */
static void scratch(void)
{
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "/tmp/ps_js_roles_XXXXXX");
        cr_assert_not_null(mkdtemp(dir));
    }
}

static ps_js_run *load_files(const char *const *names, const char *const *texts, size_t n)
{
    scratch();
    static char paths[4][700];
    const char *pp[4];
    for (size_t i = 0; i < n; i++) {
        snprintf(paths[i], sizeof paths[i], "%s/%s", dir, names[i]);
        if (texts[i]) {
            FILE *fp = fopen(paths[i], "w");
            fputs(texts[i], fp);
            fclose(fp);
        }
        pp[i] = paths[i];
    }
    ps_js_run *run = NULL;
    ps_error err = {0};
    cr_assert_eq(ps_pipeline_load(pp, n, NULL, &run, NULL, &err), PS_OK, "%s", err.msg);
    return run;
}

#define X "\\\\MB1\\"
/* ESE instances beside every other object a capture holds: only the two instances count. */
Test(js_roles, ese_instances_alone_are_instances)
{
    const char *cols[] = {X "MSExchange Database ==> Instances(JetstressWin/Instance7.1)\\I/O Database Reads/sec",
                          X "MSExchange Database ==> Instances(JetstressWin/Instance7.2)\\I/O Database Reads/sec",
                          X "MSExchange Database ==> Instances(JetstressWin/_Total)\\I/O Database Reads/sec",
                          X "MSExchange Database(JetstressWin)\\I/O Database Reads/sec",
                          X "MSExchange Database(Information Store)\\Database Page Fault Stalls/sec",
                          X "MSExchange Database(JetstressWin)\\Database Page Fault Stalls/sec",
                          X "LogicalDisk(C:)\\Disk Reads/sec",
                          X "LogicalDisk(D:)\\Avg. Disk sec/Read",
                          X "LogicalDisk(_Total)\\Disk Reads/sec",
                          X "PhysicalDisk(1 D:)\\Disk Reads/sec",
                          X "PhysicalDisk(_Total)\\Disk Reads/sec",
                          X "Processor(0)\\% Processor Time",
                          X "Processor(_Total)\\% Processor Time",
                          X "Memory\\Pages/sec",
                          X "System\\Processor Queue Length"};
    const double r1[] = {10, 20, 30, 30, 5, 0, 99, 0.5, 99, 99, 99, 90, 4, 7, 3};
    const double r2[] = {14, 26, 40, 40, 7, 0, 99, 0.5, 99, 99, 99, 90, 6, 7, 3};
    const char *names[] = {"mb1.csv"};
    char path[700];
    scratch();
    snprintf(path, sizeof path, "%s/mb1.csv", dir);
    write_log(path, cols, 15, r1, r2);
    const char *texts[] = {NULL};
    ps_js_run *run = load_files(names, texts, 1);
    cr_assert_eq(run->nservers, 1);
    const ps_js_server *s = &run->servers[0];
    cr_assert_eq(s->ninstances, 2, "only the ESE instances: %zu", s->ninstances);
    cr_assert_str_eq(s->instances[0].name, "Instance7.1");
    cr_assert_str_eq(s->instances[1].name, "Instance7.2");
    /* by hand: (10+14)/2 = 12, (20+26)/2 = 23, server 35 */
    cr_assert_float_eq(s->summary.db_reads_per_sec, 35.0, 1e-12);
    cr_assert_float_eq(s->instances[0].computed.transactional.db_reads_per_sec, 12.0, 1e-12);
    /* host: processor _Total (4+6)/2 = 5, stalls from JetstressWin (0), not Information Store */
    int seen_cpu = 0, seen_stalls = 0;
    for (size_t i = 0; i < s->nhost; i++) {
        if (strcmp(s->host[i].counter, "% Processor Time") == 0) {
            cr_assert_float_eq(s->host[i].avg, 5.0, 1e-12);
            seen_cpu = 1;
        }
        if (strcmp(s->host[i].counter, "Database Page Fault Stalls/sec") == 0) {
            cr_assert_float_eq(s->host[i].avg, 0.0, 1e-12);
            seen_stalls = 1;
        }
    }
    cr_assert(seen_cpu && seen_stalls);
    /* the ESE _Total equals the sum (30 = 10 + 20, 40 = 14 + 26): no warning */
    for (size_t i = 0; i < run->warnings.n; i++)
        cr_assert(!strstr(run->warnings.msgs[i], "_Total"), "%s", run->warnings.msgs[i]);
    ps_js_run_free(run);
}

/* No ESE instance counter at all: the LogicalDisk volumes are the instances (2007 form), never
 * their _Total; PhysicalDisk stays out. */
Test(js_roles, no_ese_counters_volume_form)
{
    /* a Jetstress 2007 log: Database(JetstressWin) but no ESE instance (issue 31 item 19: without
     * any Jetstress counter, report or configuration it would be a plain server log) */
    const char *cols[] = {X "LogicalDisk(M:)\\Disk Reads/sec", X "LogicalDisk(_Total)\\Disk Reads/sec",
                          X "PhysicalDisk(2 M:)\\Disk Reads/sec", X "Database(JetstressWin)\\Database Cache Size"};
    const double r1[] = {100, 100, 100, 3}, r2[] = {140, 140, 140, 5};
    scratch();
    char path[700];
    snprintf(path, sizeof path, "%s/vol.csv", dir);
    write_log(path, cols, 4, r1, r2);
    const char *names[] = {"vol.csv"}, *texts[] = {NULL};
    ps_js_run *run = load_files(names, texts, 1);
    const ps_js_server *s = &run->servers[0];
    cr_assert_eq(s->ninstances, 1);
    cr_assert_str_eq(s->instances[0].name, "M:");
    cr_assert_float_eq(s->instances[0].computed.transactional.db_reads_per_sec, 120.0, 1e-12);
    ps_js_run_free(run);
}

/* UseEseCounters false in the config: the volumes are the instances although ESE counters exist. */
Test(js_roles, config_use_ese_counters_false)
{
    const char *cols[] = {X "MSExchange Database ==> Instances(Instance7.1)\\I/O Database Reads/sec",
                          X "LogicalDisk(M:)\\Disk Reads/sec"};
    const double r1[] = {10, 100}, r2[] = {14, 140};
    scratch();
    char path[700];
    snprintf(path, sizeof path, "%s/Performance_1.csv", dir);
    write_log(path, cols, 2, r1, r2);
    const char *cfg = "<?xml version=\"1.0\"?>\n<configuration><TestDesignInfo><Type>Performance</Type>"
                      "<UseEseCounters>false</UseEseCounters></TestDesignInfo></configuration>\n";
    const char *names[] = {"Performance_1.csv", "JetstressConfig.xml"}, *texts[] = {NULL, cfg};
    ps_js_run *run = load_files(names, texts, 2);
    const ps_js_server *s = &run->servers[0];
    cr_assert_not_null(s->config);
    cr_assert_eq(s->config->ese_counters_off, 1);
    cr_assert_eq(s->ninstances, 1);
    cr_assert_str_eq(s->instances[0].name, "M:");
    cr_assert_float_eq(s->instances[0].computed.transactional.db_reads_per_sec, 120.0, 1e-12);
    ps_js_run_free(run);
}
