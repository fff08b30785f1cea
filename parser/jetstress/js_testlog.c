/* js_testlog.c - the Jetstress Test Log: lines "M/D/YYYY h:mm:ss AM -- message" into typed
 * events. The catalogue L01-L32 (docs/formats.md#js-testlog) is a table of PCRE2 patterns,
 * compiled once (pthread_once) and matched caselessly against the message part.
 *
 * Numeric fields (ps_js_event.v) per line id, in line order; conversions noted:
 *   L05 cache settings     v0 min MB, v1 max MB          (KB/GB converted to MB)
 *   L06 flush thresholds   v0 start MB, v1 stop MB
 *   L07/L08 thresholds     v0 avg ms, v1 max ms, what = unit as written ("msec"/"seconds")
 *   L10 cache prerequisite who = counter path, v0 last, v1 lower bound, v2 upper (NaN = none)
 *   L11 logging started    v0 interval ms
 *   L14 slope              who = instance or volume ("M:"), v0 slope
 *   L15 tuning step        v0 transactions/s, v1 sessions, v2 IOPS
 *   L16 sessions actual    v0 sessions, v1 achieved IOPS, v2 target IOPS
 *   L17 instance result    who = instance, what = counter, v0 ms
 *   L18 volume result      who = "M:", what = counter, v0 ms, v1 seconds as written
 *   L19 latency exceeded   what = "database read"/"log write", v0 threshold as written, v1 ms
 *   L20 operation mix      v0 sessions, v1 inserts, v2 deletes, v3 replaces, v4 reads, v5 lazy %
 *   L21 tuning done        v0 1 succeeded / 0 failed
 *   L22 batch stats        v0 number of counts, v1 sum, v2 min, v3 max
 *   L25 instance states    v0 instances, v1 of them "(complete)"
 *   L26 .blg samples       who = path, v0 samples;   L30 .xml samples: who = path, v0 samples
 *   L28 stalls maximum     v0;   L29 stall samples: v0 count, v1 limit;   L32: who, v0 percent
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <math.h>
#include <pcre2.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "js_internal.h"

#define NUM "([0-9]+(?:\\.[0-9]+)?)"
#define INST "(Instance[0-9]+\\.[0-9]+)"

struct pat {
    int id; /* L-number */
    enum ps_js_event_kind kind;
    const char *re;
    int who, what; /* capture groups, 0 = none */
    int nums[6]; /* capture groups of v[0..5], 0 = none */
};

static const struct pat PATS[] = {
    {1, PS_EV_OTHER, "^Preparing for testing *\\.\\.\\.", 0, 0, {0}},
    {2, PS_EV_OTHER, "^Attaching databases *\\.\\.\\.", 0, 0, {0}},
    {3, PS_EV_OTHER, "^Preparations for testing are complete", 0, 0, {0}},
    {4, PS_EV_OTHER, "^Starting transaction dispatch", 0, 0, {0}},
    {5,
     PS_EV_CACHE_SETTINGS,
     "^Database cache settings: *\\( *minimum: *" NUM " *(KB|MB|GB), *maximum: *" NUM " *(KB|MB|GB) *\\)",
     0,
     0,
     {1, 3}},
    {6,
     PS_EV_FLUSH_THRESHOLDS,
     "^Database flush thresholds: *\\( *start: *" NUM " *(KB|MB|GB), *stop: *" NUM " *(KB|MB|GB) *\\)",
     0,
     0,
     {1, 3}},
    {7,
     PS_EV_DB_READ_THRESHOLDS,
     "^Database read latency thresholds: *\\( *average: *" NUM " *(msec|seconds)/read, *maximum: *" NUM
     " *(msec|seconds)/read *\\)",
     0,
     2,
     {1, 3}},
    {8,
     PS_EV_LOG_WRITE_THRESHOLDS,
     "^Log write latency thresholds: *\\( *average: *" NUM " *(msec|seconds)/write, *maximum: *" NUM
     " *(msec|seconds)/write *\\)",
     0,
     2,
     {1, 3}},
    {9, PS_EV_OTHER, "^Attaining prerequisites", 0, 0, {0}},
    {10,
     PS_EV_CACHE_PREREQ,
     "^(\\\\[^,]+), *Last: *" NUM " *\\( *lower bound: *" NUM ", *upper bound: *(none|[0-9]+(?:\\.[0-9]+)?) *\\)",
     1,
     0,
     {2, 3, 4}},
    {11,
     PS_EV_LOGGING_STARTED,
     "^Performance logging (?:started|begins) *\\( *interval: *([0-9]+) *ms *\\)",
     0,
     0,
     {1}},
    {12, PS_EV_LOGGING_ENDED, "^Performance logging (?:has ended|ends)", 0, 0, {0}},
    {13, PS_EV_TUNING_START, "^Automatic tuning (?:is starting|begins)", 0, 0, {0}},
    {14, PS_EV_SLOPE, "^(?:Volume )?(Instance[0-9]+\\.[0-9]+|[A-Za-z]:) has " NUM " for read latency slope", 1, 0, {2}},
    {15, PS_EV_TUNING_STEP, "^" NUM " batch transactions/sec and ([0-9]+) sessions have " NUM " IOPS", 0, 0, {1, 2, 3}},
    {16,
     PS_EV_SESSIONS_ACTUAL,
     "^([0-9]+) sessions have actual " NUM " IOPS *\\( *target IOPS: *" NUM " *\\)",
     0,
     0,
     {1, 2, 3}},
    {17, PS_EV_INSTANCE_RESULT, "^" INST " has " NUM " for (I/O [A-Za-z ]+ Average Latency)", 1, 3, {2}},
    {18, PS_EV_VOLUME_RESULT, "^Volume ([A-Za-z]:) has " NUM " for (Avg\\. Disk sec/(?:Read|Write))", 1, 3, {2, 2}},
    {19,
     PS_EV_LATENCY_EXCEEDED,
     "^(?:The )?process has average (database read|log write) latencies higher than *" NUM " *(msec)?",
     0,
     1,
     {2, 2}},
    {20,
     PS_EV_OPERATION_MIX,
     "^Operation mix: *Sessions *([0-9]+), *Inserts *([0-9]+)%, *Deletes *([0-9]+)%, *Replaces *([0-9]+)%, *Reads "
     "*([0-9]+)%, *Lazy Commits *([0-9]+)%",
     0,
     0,
     {1, 2, 3, 4, 5, 6}},
    {21, PS_EV_TUNING_DONE, "^Automatic tuning (succeeded|failed)", 0, 1, {0}},
    {22, PS_EV_BATCH_STATS, "^JetInterop batch transaction stats: *(.*?)\\.?$", 0, 0, {0}},
    {23, PS_EV_OTHER, "^Dispatching transactions ends", 0, 0, {0}},
    {24, PS_EV_OTHER, "^Shutting down databases", 0, 0, {0}},
    {25,
     PS_EV_INSTANCE_STATES,
     "^" INST " \\([a-z]+\\)(?:(?:, *| and )Instance[0-9]+\\.[0-9]+ \\([a-z]+\\))*",
     0,
     0,
     {0}},
    {26, PS_EV_BLG_SAMPLES, "^(.+\\.blg) has ([0-9]+) samples", 1, 0, {2}},
    {27, PS_EV_CREATING_REPORT, "^Creating test report", 0, 0, {0}},
    {28, PS_EV_STALLS_MAX, "^Test has " NUM " Maximum Database Page Fault Stalls/sec", 0, 0, {1}},
    {29,
     PS_EV_STALLS_SAMPLES,
     "^The test has ([0-9]+) Database Page Fault Stalls/sec samples higher than " NUM,
     0,
     0,
     {1, 2}},
    {30, PS_EV_XML_SAMPLES, "^(.+\\.xml) has ([0-9]+) samples queried", 1, 0, {2}},
    {31, PS_EV_CHECKSUM, "^Verifying database checksums", 0, 0, {0}},
    {32, PS_EV_CHECKSUM, "^([A-Za-z]:) \\(([0-9]+)% processed\\)", 1, 0, {2}},
};
#define NPATS (sizeof PATS / sizeof PATS[0])

static pcre2_code *CODE[NPATS];
static pcre2_code *ENVELOPE;
static pthread_once_t ONCE = PTHREAD_ONCE_INIT;

static int toupper_ascii(int c)
{
    return c >= 'a' && c <= 'z' ? c - 32 : c;
}

static pcre2_code *compile(const char *re)
{
    int e;
    PCRE2_SIZE off;
    return pcre2_compile((PCRE2_SPTR)re, PCRE2_ZERO_TERMINATED, PCRE2_CASELESS | PCRE2_UTF, &e, &off, NULL);
}

static void init_patterns(void)
{
    for (size_t i = 0; i < NPATS; i++)
        CODE[i] = compile(PATS[i].re);
    ENVELOPE = compile("^\\s*([0-9]{1,2})/([0-9]{1,2})/([0-9]{4}) +([0-9]{1,2}):([0-9]{2}):([0-9]{2})"
                       "(?: *([AP]M))? +-- ?(.*)$");
}

/* Number of patterns that failed to compile (0 in a correct build; for tests). */
int js_testlog_selfcheck(void);
int js_testlog_selfcheck(void)
{
    pthread_once(&ONCE, init_patterns);
    int bad = !ENVELOPE;
    for (size_t i = 0; i < NPATS; i++)
        bad += !CODE[i];
    return bad;
}

static char *grp(pcre2_match_data *md, const char *s, int g)
{
    if (g <= 0 || (uint32_t)g >= pcre2_get_ovector_count(md))
        return NULL;
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
    if (ov[2 * g] == PCRE2_UNSET)
        return NULL;
    return ps_xstrndup(s + ov[2 * g], ov[2 * g + 1] - ov[2 * g]);
}

static double gnum(pcre2_match_data *md, const char *s, int g)
{
    char *t = grp(md, s, g);
    double v = NAN;
    if (t && ps_parse_double(t, strlen(t), &v) != 0)
        v = NAN;
    free(t);
    return v;
}

static double to_mb(double v, const char *unit)
{
    if (!unit)
        return v;
    if (strcasecmp(unit, "GB") == 0)
        return v * 1024;
    if (strcasecmp(unit, "KB") == 0)
        return v / 1024;
    return v;
}

/* Conversions that depend on the line (see the header comment). */
static void post(const struct pat *p, pcre2_match_data *md, const char *msg, ps_js_event *e)
{
    char *u1, *u2;
    switch (p->id) {
    case 5:
    case 6:
        u1 = grp(md, msg, 2);
        u2 = grp(md, msg, 4);
        e->v[0] = to_mb(e->v[0], u1);
        e->v[1] = to_mb(e->v[1], u2);
        free(u1);
        free(u2);
        break;
    case 7:
    case 8:
        if (e->what && strcasecmp(e->what, "seconds") == 0) {
            e->v[0] *= 1000;
            e->v[1] *= 1000;
        }
        break;
    case 18: e->v[0] *= 1000; break;
    case 19: {
        char *ms = grp(md, msg, 3);
        if (!ms && e->v[1] < 1) /* 2007: "higher than 0.020." is seconds */
            e->v[1] *= 1000;
        free(ms);
        break;
    }
    case 21: e->v[0] = strcasecmp(e->what, "succeeded") == 0; break;
    case 22: { /* "22851, 22851, 22790 and 22803" */
        char *list = grp(md, msg, 1);
        double n = 0, sum = 0, mn = NAN, mx = NAN;
        for (char *q = list; q && *q;) {
            if (*q < '0' || *q > '9') {
                q++;
                continue;
            }
            double v = 0;
            while (*q >= '0' && *q <= '9')
                v = v * 10 + (*q++ - '0');
            n++;
            sum += v;
            mn = isnan(mn) || v < mn ? v : mn;
            mx = isnan(mx) || v > mx ? v : mx;
        }
        free(list);
        e->v[0] = n;
        e->v[1] = n ? sum : NAN;
        e->v[2] = mn;
        e->v[3] = mx;
        break;
    }
    case 25: {
        double n = 0, done = 0;
        for (const char *q = msg; (q = js_strcasestr(q, "Instance")) != NULL; q += 8) {
            n++;
            const char *par = strchr(q, '(');
            if (par && strncasecmp(par, "(complete)", 10) == 0)
                done++;
        }
        e->v[0] = n;
        e->v[1] = done;
        break;
    }
    default: break;
    }
}

static void classify(const char *msg, ps_js_event *e, pcre2_match_data *md)
{
    size_t len = strlen(msg);
    for (size_t i = 0; i < NPATS; i++) {
        if (!CODE[i] || pcre2_match(CODE[i], (PCRE2_SPTR)msg, len, 0, 0, md, NULL) < 0)
            continue;
        const struct pat *p = &PATS[i];
        e->kind = p->kind;
        e->line_id = p->id;
        e->who = grp(md, msg, p->who);
        e->what = grp(md, msg, p->what);
        for (int k = 0; k < 6; k++)
            e->v[k] = p->nums[k] ? gnum(md, msg, p->nums[k]) : NAN;
        post(p, md, msg, e);
        return;
    }
}

void ps_js_testlog_parse(const char *text, size_t len, long first_line, ps_js_event **ev, size_t *n)
{
    pthread_once(&ONCE, init_patterns);
    *ev = NULL;
    *n = 0;
    size_t cap = 0;
    int final_block = 0;
    pcre2_match_data *md = pcre2_match_data_create(16, NULL);
    long lineno = first_line;
    for (size_t pos = 0; pos < len; lineno++) {
        size_t l = 0;
        while (pos + l < len && text[pos + l] != '\n')
            l++;
        char *line = ps_xstrndup(text + pos, l), *t = js_trimdup(line);
        free(line);
        pos += l + 1;
        if (!*t) {
            free(t);
            continue;
        }
        ps_js_event e;
        memset(&e, 0, sizeof e);
        e.kind = PS_EV_OTHER;
        e.when = PS_TIME_NONE;
        e.line = lineno;
        for (int k = 0; k < 6; k++)
            e.v[k] = NAN;
        const char *msg = t;
        char *owned = NULL;
        if (ENVELOPE && pcre2_match(ENVELOPE, (PCRE2_SPTR)t, strlen(t), 0, 0, md, NULL) >= 0) {
            int f[6];
            for (int k = 0; k < 6; k++)
                f[k] = (int)gnum(md, t, k + 1);
            char *ampm = grp(md, t, 7);
            int h = f[3];
            int ok = f[0] >= 1 && f[0] <= 12 && f[1] >= 1 && f[1] <= 31 && f[4] < 60 && f[5] < 61;
            if (ampm) {
                ok = ok && h >= 1 && h <= 12;
                h = h % 12 + (toupper_ascii(ampm[0]) == 'P' ? 12 : 0);
                free(ampm);
            }
            if (ok && h < 24)
                e.when = ps_time_from_fields(f[2], f[0], f[1], h, f[4], f[5] > 59 ? 59 : f[5], 0);
            owned = grp(md, t, 8);
            msg = owned;
        } else {
            const char *dash = strstr(t, " -- ");
            if (dash)
                msg = dash + 4;
        }
        e.text = ps_xstrdup(msg);
        classify(msg, &e, md);
        if (e.line_id == 27)
            final_block = 1;
        else
            e.final_block = final_block;
        free(owned);
        free(t);
        if (*n == cap) {
            cap = cap ? cap * 2 : 64;
            *ev = ps_xrealloc(*ev, cap * sizeof **ev);
        }
        (*ev)[(*n)++] = e;
    }
    pcre2_match_data_free(md);
}
