/* js_counters.c - which PerfMon counters feed the Jetstress figures: name tables (English,
 * German, (Attached) forms, Jetstress 2007 LogicalDisk), instance-name rules, metric labels. */
#include "ps_model.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

/* Labels of every metric: report name, words for verdict reasons, canonical unit, weight. */
static const struct {
    const char *name, *words, *unit;
    int weight;
} metric_info[PS_JM_N] = {
    {"I/O Database Reads Average Latency", "database read latency", "ms", 2},
    {"I/O Database Writes Average Latency", "database write latency", "ms", 3},
    {"I/O Database Reads/sec", "database reads/sec", "/s", -1},
    {"I/O Database Writes/sec", "database writes/sec", "/s", -1},
    {"I/O Database Reads Average Bytes", "database read size", "B", -1},
    {"I/O Database Writes Average Bytes", "database write size", "B", -1},
    {"I/O Log Reads Average Latency", "log read latency", "ms", 8},
    {"I/O Log Writes Average Latency", "log write latency", "ms", 9},
    {"I/O Log Reads/sec", "log reads/sec", "/s", -1},
    {"I/O Log Writes/sec", "log writes/sec", "/s", -1},
    {"I/O Log Reads Average Bytes", "log read size", "B", -1},
    {"I/O Log Writes Average Bytes", "log write size", "B", -1},
    {"Database Maintenance IO Reads/sec", "maintenance reads/sec", "/s", -1},
    {"Database Maintenance IO Reads Average Bytes", "maintenance read size", "B", -1},
    {"% Processor Time", "processor time", "%", -1},
    {"Available MBytes", "available memory", "MB", -1},
    {"Free System Page Table Entries", "free system page table entries", "", -1},
    {"Transition Pages RePurposed/sec", "transition pages repurposed/sec", "/s", -1},
    {"Pool Nonpaged Bytes", "pool nonpaged bytes", "B", -1},
    {"Pool Paged Bytes", "pool paged bytes", "B", -1},
    {"Database Page Fault Stalls/sec", "database page fault stalls/sec", "/s", -1},
};

const char *ps_js_metric_name(int m)
{
    return m >= 0 && m < PS_JM_N ? metric_info[m].name : NULL;
}
const char *ps_js_metric_words(int m)
{
    return m >= 0 && m < PS_JM_N ? metric_info[m].words : NULL;
}
const char *ps_js_metric_unit(int m)
{
    return m >= 0 && m < PS_JM_N ? metric_info[m].unit : NULL;
}
int ps_js_metric_weight(int m)
{
    return m >= 0 && m < PS_JM_N ? metric_info[m].weight : -1;
}

/* The classification table: object name (normalised: lower case, single spaces) -> role.
 * Every PerfMon object a Jetstress or Exchange capture records is listed, so that a role is a
 * decision, not an accident of the counter table below. */
static const struct {
    const char *object;
    enum ps_js_role role;
} objects[] = {
    {"msexchange database ==> instances", PS_JS_ROLE_ESE_INSTANCE},
    {"msexchange-datenbank ==> instanzen", PS_JS_ROLE_ESE_INSTANCE},
    {"database ==> instances", PS_JS_ROLE_ESE_INSTANCE}, /* Exchange 2007 name */
    {"msexchange database", PS_JS_ROLE_ESE_PROCESS},
    {"msexchange-datenbank", PS_JS_ROLE_ESE_PROCESS},
    {"database", PS_JS_ROLE_ESE_PROCESS}, /* Exchange 2007 name */
    {"logicaldisk", PS_JS_ROLE_LOGICALDISK},
    {"logischer datenträger", PS_JS_ROLE_LOGICALDISK},
    {"physicaldisk", PS_JS_ROLE_PHYSICALDISK},
    {"physikalischer datenträger", PS_JS_ROLE_PHYSICALDISK},
    {"processor", PS_JS_ROLE_PROCESSOR},
    {"prozessor", PS_JS_ROLE_PROCESSOR},
    {"memory", PS_JS_ROLE_MEMORY},
    {"arbeitsspeicher", PS_JS_ROLE_MEMORY},
    {"system", PS_JS_ROLE_SYSTEM},
};
static const char *const role_names[PS_JS_ROLE_N] = {"other",        "ese-instance", "ese-process", "logicaldisk",
                                                     "physicaldisk", "processor",    "memory",      "system"};

/* Counters read per role (normalised; "/sek." and "/sek" become "/sec", "(attached)"/"(angefügt)"
 * removed). PhysicalDisk, System and other objects have none: they are never read. */
static const struct {
    enum ps_js_role role;
    const char *counter;
    int metric;
    double scale;
} counters[] = {
    {PS_JS_ROLE_ESE_INSTANCE, "i/o database reads average latency", PS_IO_DB_READ_LAT, 1},
    {PS_JS_ROLE_ESE_INSTANCE, "i/o database writes average latency", PS_IO_DB_WRITE_LAT, 1},
    {PS_JS_ROLE_ESE_INSTANCE, "i/o database reads/sec", PS_IO_DB_READS, 1},
    {PS_JS_ROLE_ESE_INSTANCE, "i/o database writes/sec", PS_IO_DB_WRITES, 1},
    {PS_JS_ROLE_ESE_INSTANCE, "i/o database reads average bytes", PS_IO_DB_READ_BYTES, 1},
    {PS_JS_ROLE_ESE_INSTANCE, "i/o database writes average bytes", PS_IO_DB_WRITE_BYTES, 1},
    {PS_JS_ROLE_ESE_INSTANCE, "i/o log reads average latency", PS_IO_LOG_READ_LAT, 1},
    {PS_JS_ROLE_ESE_INSTANCE, "i/o log writes average latency", PS_IO_LOG_WRITE_LAT, 1},
    {PS_JS_ROLE_ESE_INSTANCE, "i/o log reads/sec", PS_IO_LOG_READS, 1},
    {PS_JS_ROLE_ESE_INSTANCE, "i/o log writes/sec", PS_IO_LOG_WRITES, 1},
    {PS_JS_ROLE_ESE_INSTANCE, "i/o log reads average bytes", PS_IO_LOG_READ_BYTES, 1},
    {PS_JS_ROLE_ESE_INSTANCE, "i/o log writes average bytes", PS_IO_LOG_WRITE_BYTES, 1},
    {PS_JS_ROLE_ESE_INSTANCE, "database maintenance io reads/sec", PS_JM_MAINT_READS, 1},
    {PS_JS_ROLE_ESE_INSTANCE, "database maintenance io reads average bytes", PS_JM_MAINT_BYTES, 1},
    /* German (jetstress-esrp.md 5.3) */
    {PS_JS_ROLE_ESE_INSTANCE, "e/a: durchschnittliche wartezeit für datenbankleseoperationen", PS_IO_DB_READ_LAT, 1},
    {PS_JS_ROLE_ESE_INSTANCE, "e/a: durchschnittliche wartezeit für datenbankschreiboperationen", PS_IO_DB_WRITE_LAT,
     1},
    {PS_JS_ROLE_ESE_INSTANCE, "e/a: datenbankleseoperationen/sec", PS_IO_DB_READS, 1},
    {PS_JS_ROLE_ESE_INSTANCE, "e/a: datenbankschreiboperationen/sec", PS_IO_DB_WRITES, 1},
    {PS_JS_ROLE_ESE_INSTANCE, "e/a: durchschnittliche wartezeit für protokollleseoperationen", PS_IO_LOG_READ_LAT, 1},
    {PS_JS_ROLE_ESE_INSTANCE, "e/a: durchschnittliche wartezeit für protokollschreiboperationen", PS_IO_LOG_WRITE_LAT,
     1},
    {PS_JS_ROLE_ESE_INSTANCE, "e/a: protokollleseoperationen/sec", PS_IO_LOG_READS, 1},
    {PS_JS_ROLE_ESE_INSTANCE, "e/a: protokollschreiboperationen/sec", PS_IO_LOG_WRITES, 1},
    {PS_JS_ROLE_ESE_PROCESS, "database page fault stalls/sec", PS_JM_STALLS, 1},
    {PS_JS_ROLE_PROCESSOR, "% processor time", PS_JM_CPU, 1},
    {PS_JS_ROLE_MEMORY, "available mbytes", PS_JM_AVAIL_MB, 1},
    {PS_JS_ROLE_MEMORY, "free system page table entries", PS_JM_FREE_PTE, 1},
    {PS_JS_ROLE_MEMORY, "transition pages repurposed/sec", PS_JM_TRANSITION, 1},
    {PS_JS_ROLE_MEMORY, "pool nonpaged bytes", PS_JM_NONPAGED, 1},
    {PS_JS_ROLE_MEMORY, "pool paged bytes", PS_JM_PAGED, 1},
    /* Jetstress 2007: LogicalDisk, latencies in seconds */
    {PS_JS_ROLE_LOGICALDISK, "avg. disk sec/read", PS_IO_DB_READ_LAT, 1000},
    {PS_JS_ROLE_LOGICALDISK, "avg. disk sec/write", PS_IO_DB_WRITE_LAT, 1000},
    {PS_JS_ROLE_LOGICALDISK, "disk reads/sec", PS_IO_DB_READS, 1},
    {PS_JS_ROLE_LOGICALDISK, "disk writes/sec", PS_IO_DB_WRITES, 1},
    {PS_JS_ROLE_LOGICALDISK, "avg. disk bytes/read", PS_IO_DB_READ_BYTES, 1},
    {PS_JS_ROLE_LOGICALDISK, "avg. disk bytes/write", PS_IO_DB_WRITE_BYTES, 1},
};

/* Suffixes that mark the (Attached) form (removed, priority 1). */
static const char *const attached_marks[] = {" (attached)", " (angefügt)", " (anhängend)"};
/* Spellings of "/sec" normalised to "/sec". */
static const char *const per_sec[] = {"/sek.", "/sek"};

/* Lower-case ASCII, collapse white space, trim. */
static void normalise(const char *in, char *out, size_t n)
{
    size_t k = 0;
    int space = 0;
    while (*in == ' ' || *in == '\t')
        in++;
    for (; *in && k + 1 < n; in++) {
        unsigned char c = (unsigned char)*in;
        if (c == ' ' || c == '\t') {
            space = 1;
            continue;
        }
        if (space && k + 2 < n)
            out[k++] = ' ';
        space = 0;
        out[k++] = (char)(c < 0x80 ? tolower(c) : c);
    }
    out[k] = 0;
}

static void replace_once(char *s, size_t n, const char *what, const char *with)
{
    char *p = strstr(s, what);
    if (!p)
        return;
    size_t lw = strlen(what), lr = strlen(with), rest = strlen(p + lw);
    if ((size_t)(p - s) + lr + rest + 1 > n)
        return;
    memmove(p + lr, p + lw, rest + 1);
    memcpy(p, with, lr);
}

enum ps_js_role ps_js_object_role(const char *object)
{
    char o[256];
    normalise(object ? object : "", o, sizeof o);
    for (size_t i = 0; i < sizeof objects / sizeof objects[0]; i++)
        if (strcmp(o, objects[i].object) == 0)
            return objects[i].role;
    return PS_JS_ROLE_OTHER;
}

const char *ps_js_role_name(enum ps_js_role role)
{
    return (unsigned)role < PS_JS_ROLE_N ? role_names[role] : NULL;
}

/* Counter lookup within an object role; fills priority (attached) and scale. */
static int counter_metric(enum ps_js_role role, const char *counter, int *priority, double *scale)
{
    char c[256];
    normalise(counter ? counter : "", c, sizeof c);
    *priority = 0;
    for (size_t i = 0; i < sizeof attached_marks / sizeof attached_marks[0]; i++)
        if (strstr(c, attached_marks[i])) {
            replace_once(c, sizeof c, attached_marks[i], "");
            *priority = 1;
        }
    size_t len = strlen(c);
    for (size_t i = 0; i < sizeof per_sec / sizeof per_sec[0]; i++) {
        size_t l = strlen(per_sec[i]);
        if (len >= l && strcmp(c + len - l, per_sec[i]) == 0) {
            c[len - l] = 0;
            strcat(c, "/sec");
            break;
        }
    }
    for (size_t i = 0; i < sizeof counters / sizeof counters[0]; i++)
        if (counters[i].role == role && strcmp(c, counters[i].counter) == 0) {
            *scale = counters[i].scale;
            return counters[i].metric;
        }
    return -1;
}

/* Instance name: drop "<process>/", then keep "Instance<N>.<k>" when present. */
static void instance_name(const char *inst, char *out, size_t n)
{
    const char *slash = strrchr(inst, '/');
    const char *s = slash ? slash + 1 : inst;
    for (const char *p = s; *p; p++) {
        if (strncasecmp(p, "instance", 8) != 0 || !isdigit((unsigned char)p[8]))
            continue;
        const char *q = p + 8;
        while (isdigit((unsigned char)*q))
            q++;
        if (*q != '.' || !isdigit((unsigned char)q[1]))
            continue;
        q++;
        while (isdigit((unsigned char)*q))
            q++;
        snprintf(out, n, "%.*s", (int)(q - p), p);
        return;
    }
    snprintf(out, n, "%s", s);
}

/* The _Total instance, with or without a process prefix ("JetstressWin/_Total"). */
static int is_total_instance(const char *inst)
{
    size_t l = strlen(inst);
    return strcasecmp(inst, "_total") == 0 || (l > 7 && strcasecmp(inst + l - 7, "/_total") == 0);
}

int ps_js_classify(const char *object, const char *instance, const char *counter, ps_js_counter_ref *out)
{
    memset(out, 0, sizeof *out);
    enum ps_js_role role = ps_js_object_role(object);
    out->role = role;
    if (role == PS_JS_ROLE_OTHER)
        return 0;
    int prio = 0;
    double scale = 1;
    int m = counter_metric(role, counter, &prio, &scale);
    if (m < 0)
        return 0;
    out->metric = m;
    out->priority = prio;
    out->scale = scale;
    const char *inst = instance ? instance : "";
    if (role == PS_JS_ROLE_ESE_INSTANCE || role == PS_JS_ROLE_LOGICALDISK) {
        if (is_total_instance(inst))
            out->is_total = 1;
        else if (!*inst)
            return 0;
        out->volume_2007 = role == PS_JS_ROLE_LOGICALDISK;
        instance_name(inst, out->instance, sizeof out->instance);
        return 1;
    }
    /* host counters: the processor must be _Total; the ESE process object prefers JetstressWin,
     * then another process (Information Store), then _Total */
    if (role == PS_JS_ROLE_PROCESSOR && strcasecmp(inst, "_total") != 0)
        return 0;
    if (role == PS_JS_ROLE_ESE_PROCESS && *inst && strcasecmp(inst, "jetstresswin") != 0)
        out->priority = strcasecmp(inst, "_total") == 0 ? 2 : 1;
    return 1;
}

int ps_js_metric_from_counter(const char *object, const char *counter, double *scale, int *volume)
{
    enum ps_js_role role = ps_js_object_role(object);
    if (volume)
        *volume = role == PS_JS_ROLE_LOGICALDISK;
    int prio;
    double sc = 1;
    int m = role != PS_JS_ROLE_OTHER ? counter_metric(role, counter, &prio, &sc) : -1;
    if (scale)
        *scale = sc;
    return m;
}

int ps_js_counter_names_jetstress(const ps_counter_path *p)
{
    const char *parts[] = {p->object, p->parent, p->instance};
    for (size_t i = 0; i < 3; i++)
        if (parts[i] && ps_glob_match("*jetstress*", parts[i]))
            return 1;
    return p->instance && ps_glob_match("*Database*", p->object) && strncasecmp(p->instance, "Instance", 8) == 0 &&
           isdigit((unsigned char)p->instance[8]);
}
