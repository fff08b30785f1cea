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

const char *ps_js_metric_name(int m) { return m >= 0 && m < PS_JM_N ? metric_info[m].name : NULL; }
const char *ps_js_metric_words(int m) { return m >= 0 && m < PS_JM_N ? metric_info[m].words : NULL; }
const char *ps_js_metric_unit(int m) { return m >= 0 && m < PS_JM_N ? metric_info[m].unit : NULL; }
int ps_js_metric_weight(int m) { return m >= 0 && m < PS_JM_N ? metric_info[m].weight : -1; }

/* Objects (normalised: lower case, single spaces). kind: 1 ESE instances, 2 ESE process object
 * (page fault stalls), 3 processor, 4 memory, 5 LogicalDisk (Jetstress 2007). */
static const struct { const char *object; int kind; } objects[] = {
    {"msexchange database ==> instances", 1},
    {"msexchange-datenbank ==> instanzen", 1},
    {"database ==> instances", 1},
    {"msexchange database", 2},
    {"msexchange-datenbank", 2},
    {"database", 2},
    {"processor", 3},
    {"prozessor", 3},
    {"memory", 4},
    {"arbeitsspeicher", 4},
    {"logicaldisk", 5},
    {"logischer datenträger", 5},
};

/* Counters (normalised; "/sek." and "/sek" become "/sec", "(attached)"/"(angefügt)" removed). */
static const struct { int kind; const char *counter; int metric; double scale; } counters[] = {
    {1, "i/o database reads average latency", 0, 1},
    {1, "i/o database writes average latency", 1, 1},
    {1, "i/o database reads/sec", 2, 1},
    {1, "i/o database writes/sec", 3, 1},
    {1, "i/o database reads average bytes", 4, 1},
    {1, "i/o database writes average bytes", 5, 1},
    {1, "i/o log reads average latency", 6, 1},
    {1, "i/o log writes average latency", 7, 1},
    {1, "i/o log reads/sec", 8, 1},
    {1, "i/o log writes/sec", 9, 1},
    {1, "i/o log reads average bytes", 10, 1},
    {1, "i/o log writes average bytes", 11, 1},
    {1, "database maintenance io reads/sec", PS_JM_MAINT_READS, 1},
    {1, "database maintenance io reads average bytes", PS_JM_MAINT_BYTES, 1},
    /* German (jetstress-esrp.md 5.3) */
    {1, "e/a: durchschnittliche wartezeit für datenbankleseoperationen", 0, 1},
    {1, "e/a: durchschnittliche wartezeit für datenbankschreiboperationen", 1, 1},
    {1, "e/a: datenbankleseoperationen/sec", 2, 1},
    {1, "e/a: datenbankschreiboperationen/sec", 3, 1},
    {1, "e/a: durchschnittliche wartezeit für protokollleseoperationen", 6, 1},
    {1, "e/a: durchschnittliche wartezeit für protokollschreiboperationen", 7, 1},
    {1, "e/a: protokollleseoperationen/sec", 8, 1},
    {1, "e/a: protokollschreiboperationen/sec", 9, 1},
    {2, "database page fault stalls/sec", PS_JM_STALLS, 1},
    {3, "% processor time", PS_JM_CPU, 1},
    {4, "available mbytes", PS_JM_AVAIL_MB, 1},
    {4, "free system page table entries", PS_JM_FREE_PTE, 1},
    {4, "transition pages repurposed/sec", PS_JM_TRANSITION, 1},
    {4, "pool nonpaged bytes", PS_JM_NONPAGED, 1},
    {4, "pool paged bytes", PS_JM_PAGED, 1},
    /* Jetstress 2007: LogicalDisk, latencies in seconds */
    {5, "avg. disk sec/read", 0, 1000},
    {5, "avg. disk sec/write", 1, 1000},
    {5, "disk reads/sec", 2, 1},
    {5, "disk writes/sec", 3, 1},
    {5, "avg. disk bytes/read", 4, 1},
    {5, "avg. disk bytes/write", 5, 1},
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

static int object_kind(const char *object)
{
    char o[256];
    normalise(object ? object : "", o, sizeof o);
    for (size_t i = 0; i < sizeof objects / sizeof objects[0]; i++)
        if (strcmp(o, objects[i].object) == 0)
            return objects[i].kind;
    return 0;
}

/* Counter lookup within an object kind; fills priority (attached) and scale. */
static int counter_metric(int kind, const char *counter, int *priority, double *scale)
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
        if (counters[i].kind == kind && strcmp(c, counters[i].counter) == 0) {
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

int ps_js_classify(const char *object, const char *instance, const char *counter, ps_js_counter_ref *out)
{
    memset(out, 0, sizeof *out);
    int kind = object_kind(object);
    if (!kind)
        return 0;
    int prio = 0;
    double scale = 1;
    int m = counter_metric(kind, counter, &prio, &scale);
    if (m < 0)
        return 0;
    out->metric = m;
    out->priority = prio;
    out->scale = scale;
    const char *inst = instance ? instance : "";
    if (kind == 1 || kind == 5) {
        if (strcasecmp(inst, "_total") == 0 || (strlen(inst) > 7 && strcasecmp(inst + strlen(inst) - 7, "/_total") == 0))
            out->is_total = 1;
        else if (!*inst)
            return 0;
        out->volume_2007 = kind == 5;
        instance_name(inst, out->instance, sizeof out->instance);
        return 1;
    }
    /* host counters: the processor must be _Total; the ESE process object prefers JetstressWin */
    if (kind == 3 && strcasecmp(inst, "_total") != 0)
        return 0;
    if (kind == 2 && *inst && strcasecmp(inst, "jetstresswin") != 0)
        out->priority = strcasecmp(inst, "_total") == 0 ? 2 : 1;
    return 1;
}

int ps_js_metric_from_counter(const char *object, const char *counter, double *scale, int *volume)
{
    int kind = object_kind(object);
    if (volume)
        *volume = kind == 5;
    int prio;
    double sc = 1;
    int m = kind ? counter_metric(kind, counter, &prio, &sc) : -1;
    if (scale)
        *scale = sc;
    return m;
}
