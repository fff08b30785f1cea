/* js_discover.c - find the Jetstress run in files and folders: classify every file by content
 * (name second), parse reports and configurations, group by (machine, test type), attach counter
 * logs and the nearest JetstressConfig.xml. Counter logs are only sniffed here, never read. */
#include "js_internal.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

enum fkind { FK_OTHER = 0, FK_REPORT, FK_CONFIG, FK_RESULT_XML, FK_LOG };

typedef struct dfile {
    char *path;
    enum fkind kind;
    char *machine; /* from a counter log header (\\MACHINE\...), NULL if unknown */
    ps_js_report *report; /* FK_REPORT */
    ps_js_result_xml rx; /* FK_RESULT_XML */
    int used;
    int ignored_report; /* an HTML report candidate that could not be read */
    int read_errno; /* the file could not be opened or read: why */
    int named; /* given on the command line (not found in a folder): the run needs it */
} dfile;

typedef struct dstate {
    dfile *f;
    size_t n, cap;
    struct {
        dev_t dev;
        ino_t ino;
    } * seen;
    size_t nseen;
} dstate;

static int seen_before(dstate *d, const struct stat *st)
{
    for (size_t i = 0; i < d->nseen; i++)
        if (d->seen[i].dev == st->st_dev && d->seen[i].ino == st->st_ino)
            return 1;
    d->seen = ps_xrealloc(d->seen, (d->nseen + 1) * sizeof *d->seen);
    d->seen[d->nseen].dev = st->st_dev;
    d->seen[d->nseen++].ino = st->st_ino;
    return 0;
}

static void add_file(dstate *d, const char *path)
{
    if (d->n == d->cap) {
        d->cap = d->cap ? d->cap * 2 : 32;
        d->f = ps_xrealloc(d->f, d->cap * sizeof *d->f);
    }
    memset(&d->f[d->n], 0, sizeof d->f[0]);
    d->f[d->n++].path = ps_xstrdup(path);
}

/* Walk a directory tree without recursion; a directory (or file) reached twice - through a
 * symbolic link loop or twice on the command line - is visited once. */
static int walk_dir(dstate *d, const char *root, ps_error *err)
{
    char **stack = ps_xmalloc(sizeof *stack);
    size_t ns = 1;
    stack[0] = ps_xstrdup(root);
    while (ns) {
        char *dir = stack[--ns];
        DIR *dp = opendir(dir);
        if (!dp) {
            int rc = ps_error_set(err, PS_EIO, dir, 0, 0, "cannot open directory: %s", strerror(errno));
            free(dir);
            while (ns)
                free(stack[--ns]);
            free(stack);
            return rc;
        }
        struct dirent *de;
        while ((de = readdir(dp)) != NULL) {
            if (de->d_name[0] == '.')
                continue; /* ".", "..", hidden files */
            ps_buf p = {0};
            ps_buf_printf(&p, "%s/%s", dir, de->d_name);
            struct stat st;
            if (stat(p.data, &st) != 0 || seen_before(d, &st)) {
                ps_buf_fini(&p);
                continue;
            }
            if (S_ISDIR(st.st_mode)) {
                stack = ps_xrealloc(stack, (ns + 1) * sizeof *stack);
                stack[ns++] = ps_buf_steal(&p);
            } else {
                if (S_ISREG(st.st_mode))
                    add_file(d, p.data);
                ps_buf_fini(&p);
            }
        }
        closedir(dp);
        free(dir);
    }
    free(stack);
    return PS_OK;
}

static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/'), *b = strrchr(p, '\\');
    if (b && (!s || b > s))
        s = b;
    return s ? s + 1 : p;
}

/* File stem: base name without its last extension (n bytes written to out). */
static void stem_of(const char *p, char *out, size_t n)
{
    const char *b = base_name(p), *dot = strrchr(b, '.');
    size_t l = dot ? (size_t)(dot - b) : strlen(b);
    snprintf(out, n, "%.*s", (int)l, b);
}

static const char *ext_of(const char *p)
{
    const char *d = strrchr(base_name(p), '.');
    return d ? d + 1 : "";
}

/* Machine of the first "\\MACHINE\" in a text counter log header (8-bit, UTF-8 with or
 * without BOM, UTF-16LE or UTF-16BE with BOM; non-ASCII UTF-16 characters become '?'). */
static char *header_machine(const unsigned char *h, size_t n)
{
    char line[4096];
    size_t o = 0, i = 0, step = 1;
    int be = 0;
    if (n >= 2 && ((h[0] == 0xFF && h[1] == 0xFE) || (h[0] == 0xFE && h[1] == 0xFF)))
        i = 2, step = 2, be = h[0] == 0xFE;
    else if (n >= 3 && h[0] == 0xEF && h[1] == 0xBB && h[2] == 0xBF)
        i = 3;
    for (; i + step <= n && o + 1 < sizeof line; i += step) {
        unsigned c = step == 1 ? h[i] : h[i + be], hi = step == 1 ? 0 : h[i + !be];
        if (hi == 0 && c == '\n')
            break;
        line[o++] = hi ? '?' : (char)c;
    }
    line[o] = 0;
    return js_machine_in(line, "\\\",\t");
}

/* Classify one file by its first bytes (content first, extension second). */
static enum fkind sniff(dfile *f)
{
    unsigned char h[4096];
    FILE *fp = fopen(f->path, "rb");
    if (!fp) {
        f->read_errno = errno;
        return FK_OTHER;
    }
    size_t n = fread(h, 1, sizeof h - 1, fp);
    if (ferror(fp))
        f->read_errno = errno ? errno : EIO;
    fclose(fp);
    if (f->read_errno)
        return FK_OTHER;
    h[n] = 0;
    if (n == 0 && strcasecmp(base_name(f->path), "JetstressConfig.xml") == 0)
        return FK_CONFIG; /* an empty configuration is refused (named) or listed as ignored, never silent */
    const char *e = ext_of(f->path);
    /* counter logs: the readers' own probe decides (the one sniffer, ps_log_probe) */
    const char *log_format = ps_log_probe(f->path, h, n);
    if (log_format) {
        if (strcmp(log_format, "pdh-text") == 0)
            f->machine = header_machine(h, n);
        return FK_LOG;
    }
    size_t skip = (n >= 3 && h[0] == 0xEF && h[1] == 0xBB && h[2] == 0xBF) ? 3 : 0;
    /* UTF-16 text (BOM): look at the ASCII characters only (a non-ASCII one becomes '?') */
    char narrow[sizeof h / 2 + 1];
    const char *text = (const char *)h;
    if (n >= 2 && ((h[0] == 0xFF && h[1] == 0xFE) || (h[0] == 0xFE && h[1] == 0xFF))) {
        int be = h[0] == 0xFE;
        size_t o = 0;
        for (size_t i = 2; i + 1 < n; i += 2) {
            unsigned lo = h[i + be], hi = h[i + !be];
            narrow[o++] = hi || lo >= 0x80 ? '?' : lo ? (char)lo : ' ';
        }
        narrow[o] = 0;
        text = narrow;
        skip = 0;
    }
    const char *t = text + skip;
    while (*t == ' ' || *t == '\r' || *t == '\n' || *t == '\t')
        t++;
    if (*t != '<')
        return FK_OTHER;
    if (js_strcasestr(t, "<html") || js_strcasestr(t, "<!doctype html") || js_strcasestr(t, "<fieldset"))
        return FK_REPORT;
    if (js_strcasestr(t, "<configuration") && strcasecmp(base_name(f->path), "JetstressConfig.xml") != 0 &&
        !js_strcasestr(text, "TestDesignInfo"))
        return FK_RESULT_XML;
    if (js_strcasestr(t, "<configuration"))
        return FK_CONFIG;
    if (strcasecmp(e, "xml") == 0)
        return FK_RESULT_XML;
    return strcasecmp(e, "htm") == 0 || strcasecmp(e, "html") == 0 ? FK_REPORT : FK_OTHER;
}

static char *dir_of(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? ps_xstrndup(p, (size_t)(s - p)) : ps_xstrdup(".");
}

/* ------------------------------------------------------------------ servers */

static ps_js_server *server_for(ps_js_run *run, const char *machine, enum ps_test_type t)
{
    for (size_t i = 0; i < run->nservers; i++)
        if (strcasecmp(run->servers[i].machine, machine) == 0 && run->servers[i].test_type == t)
            return &run->servers[i];
    run->servers = ps_xrealloc(run->servers, (run->nservers + 1) * sizeof *run->servers);
    ps_js_server *s = &run->servers[run->nservers++];
    memset(s, 0, sizeof *s);
    s->machine = ps_xstrdup(machine);
    s->test_type = t;
    s->window_start = s->window_end = PS_TIME_NONE;
    ps_js_summary_clear(&s->summary);
    s->verdict.result = PS_VERDICT_UNKNOWN;
    return s;
}

static void server_add_log(ps_js_server *s, const char *path)
{
    s->logs = ps_xrealloc(s->logs, (s->nlogs + 1) * sizeof *s->logs);
    s->logs[s->nlogs++] = ps_xstrdup(path);
}

static void take_report(ps_js_server *s, ps_js_report *r)
{
    s->report = r;
    s->jetstress_version = ps_xstrdup(r->jetstress_version);
    s->window_start = r->collection_start;
    s->window_end = r->collection_end;
    s->instances = ps_xcalloc(r->ninstances ? r->ninstances : 1, sizeof *s->instances);
    for (size_t i = 0; i < r->ninstances; i++) {
        s->instances[i] = r->instances[i];
        s->instances[i].name = ps_xstrdup(r->instances[i].name);
        s->instances[i].log_path = ps_xstrdup(r->instances[i].log_path);
        s->instances[i].db_path = ps_xstrdup(r->instances[i].db_path);
    }
    s->ninstances = r->ninstances;
}

/* Report of a server whose file stem or "Performance Log" entries have this stem. */
static ps_js_server *server_by_stem(ps_js_run *run, const char *stem)
{
    char st[512];
    for (size_t i = 0; i < run->nservers; i++) {
        ps_js_report *r = run->servers[i].report;
        if (!r)
            continue;
        stem_of(r->source, st, sizeof st);
        if (strcasecmp(st, stem) == 0)
            return &run->servers[i];
        for (size_t k = 0; k < r->nperf_logs; k++) {
            stem_of(r->perf_logs[k], st, sizeof st);
            if (strcasecmp(st, stem) == 0)
                return &run->servers[i];
        }
    }
    return NULL;
}

static enum ps_test_type type_from_name(const char *path)
{
    char stem[64];
    const char *b = base_name(path);
    snprintf(stem, sizeof stem, "%.*s", (int)strcspn(b, "_."), b);
    return ps_test_type_parse(stem);
}

static void attach_log(ps_js_run *run, dfile *f)
{
    char stem[512];
    stem_of(f->path, stem, sizeof stem);
    ps_js_server *s = server_by_stem(run, stem);
    if (s && f->machine && strcasecmp(f->machine, s->machine) != 0)
        ps_warn(&run->warnings, "%s: counter paths name machine %s but the report %s says %s", f->path, f->machine,
                s->report->source, s->machine);
    if (!s && f->machine) { /* machine match: prefer Performance, then Stress, then any */
        static const enum ps_test_type pref[] = {PS_TEST_PERFORMANCE, PS_TEST_STRESS, PS_TEST_BACKUP,
                                                 PS_TEST_SOFTRECOVERY, PS_TEST_UNKNOWN};
        for (size_t k = 0; k < sizeof pref / sizeof pref[0] && !s; k++)
            for (size_t i = 0; i < run->nservers && !s; i++)
                if (strcasecmp(run->servers[i].machine, f->machine) == 0 && run->servers[i].test_type == pref[k])
                    s = &run->servers[i];
    }
    if (!s) {
        enum ps_test_type t = type_from_name(f->path);
        char *dir = dir_of(f->path);
        const char *m = f->machine ? f->machine : base_name(dir);
        if (t == PS_TEST_UNKNOWN)
            t = PS_TEST_PERFORMANCE;
        ps_warn(&run->warnings, "%s: no report for this counter log; server %s (%s) from its %s", f->path, m,
                ps_test_type_name(t), f->machine ? "counter paths" : "folder name");
        s = server_for(run, m, t);
        free(dir);
    }
    server_add_log(s, f->path);
    f->used = 1;
}

/* Nearest JetstressConfig.xml: the one in the deepest folder that contains the anchor file. */
static dfile *nearest_config(dstate *d, const char *anchor)
{
    dfile *best = NULL;
    size_t best_len = 0;
    for (size_t i = 0; i < d->n; i++) {
        if (d->f[i].kind != FK_CONFIG)
            continue;
        char *dir = dir_of(d->f[i].path);
        size_t l = strlen(dir);
        int inside = strcmp(dir, ".") == 0 || (strncmp(anchor, dir, l) == 0 && anchor[l] == '/');
        if (inside && (!best || l > best_len)) {
            best = &d->f[i];
            best_len = l;
        }
        free(dir);
    }
    return best;
}

static int cmp_server(const void *a, const void *b)
{
    const ps_js_server *x = a, *y = b;
    int c = strcasecmp(x->machine, y->machine);
    if (!c)
        c = strcmp(x->machine, y->machine);
    return c ? c : (int)x->test_type - (int)y->test_type;
}

static int cmp_file(const void *a, const void *b)
{
    return strcmp(((const dfile *)a)->path, ((const dfile *)b)->path);
}

static void result_xml_check(ps_js_run *run, dfile *f)
{
    char stem[512];
    stem_of(f->path, stem, sizeof stem);
    ps_js_server *s = server_by_stem(run, stem);
    if (!s) {
        ps_warn(&run->warnings, "%s: result XML without a matching report, ignored", f->path);
        return;
    }
    f->used = 1;
    for (size_t i = 0; i < s->report->nevents; i++) {
        const ps_js_event *e = &s->report->events[i];
        if (e->kind == PS_EV_XML_SAMPLES && f->rx.samples >= 0 && e->v[0] != (double)f->rx.samples)
            ps_warn(&run->warnings, "%s: %ld <%s> records, the test log says %.0f samples queried", f->path,
                    f->rx.samples, f->rx.sample_element, e->v[0]);
    }
}

/* Marks of the documents perfscribe writes, looked for in a file's first 8 KiB: the HTML
 * generator meta tag (report, trend, audit), the JSON "generator" key, the XML comment (JUnit)
 * and the PDF Creator. Such a file is never taken for an input of a run. */
static const char *const own_marks[] = {
    "<meta name=\"generator\" content=\"perfscribe",
    "\"generator\":\"perfscribe",
    "<!-- generated by perfscribe",
    "/Creator <FEFF0070006500720066007300630072006900620065",
};

static int written_by_perfscribe(const char *path)
{
    char h[8192];
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return 0;
    size_t n = fread(h, 1, sizeof h - 1, fp);
    fclose(fp);
    h[n] = 0;
    for (size_t i = 0; i < n; i++) /* search past NUL bytes too (PDF streams) */
        if (!h[i])
            h[i] = ' ';
    int pdf = n >= 5 && memcmp(h, "%PDF-", 5) == 0;
    for (size_t k = 0; k < sizeof own_marks / sizeof own_marks[0]; k++)
        if ((k < 3 || pdf) && strstr(h, own_marks[k]))
            return 1;
    return 0;
}

static int classify_all(dstate *d, ps_js_run *run, ps_error *err)
{
    for (size_t i = 0; i < d->n; i++) {
        dfile *f = &d->f[i];
        if (written_by_perfscribe(f->path)) { /* an output of an earlier perfscribe command */
            f->kind = FK_OTHER;
            continue;
        }
        f->kind = sniff(f);
        int rc = PS_OK;
        if (f->kind == FK_REPORT) {
            ps_error e2;
            rc = ps_js_report_read(f->path, &f->report, &run->warnings, &e2);
            if (rc == PS_EINPUT) {
                ps_warn(&run->warnings, "%s: ignored (%s)", f->path, e2.msg);
                f->kind = FK_OTHER;
                f->ignored_report = 1;
                rc = PS_OK;
            } else if (rc && err) {
                *err = e2;
            }
        } else if (f->kind == FK_CONFIG) {
            ps_js_config *c = NULL;
            ps_error e2;
            rc = ps_js_config_read(f->path, &c, &run->warnings, &e2);
            ps_js_config_free(c);
            if (rc == PS_EINPUT && !f->named) { /* found in a folder: listed and skipped like any unreadable file */
                ps_warn(&run->warnings, "%s: ignored (%s)", f->path, e2.msg);
                f->kind = FK_OTHER;
                rc = PS_OK;
            } else if (rc && err) {
                *err = e2;
            }
        } else if (f->kind == FK_RESULT_XML) {
            ps_error e2;
            if (ps_js_result_xml_read(f->path, &f->rx, &run->warnings, &e2) != PS_OK) {
                ps_warn(&run->warnings, "%s: ignored (%s)", f->path, e2.msg);
                f->kind = FK_OTHER;
            }
        } else if (f->read_errno && f->named) { /* named on the command line: the run needs it */
            rc = ps_error_set(err, PS_EIO, f->path, 0, 0, "cannot open: %s", strerror(f->read_errno));
        } else if (f->read_errno) { /* found in a folder: its reason, whatever its name */
            ps_warn(&run->warnings, "%s: cannot read (%s), ignored", f->path, strerror(f->read_errno));
        } else if (f->kind == FK_OTHER) {
            const char *e = ext_of(f->path);
            if (!strcasecmp(e, "csv") || !strcasecmp(e, "tsv") || !strcasecmp(e, "blg"))
                ps_warn(&run->warnings, "%s: not a PerfMon counter log, ignored", f->path);
        }
        if (rc)
            return rc;
    }
    return PS_OK;
}

/* Machine named in the header of a counter log paired with report r by file stem. */
static const char *paired_log_machine(const dstate *d, const ps_js_report *r)
{
    char want[512], st[512];
    for (size_t i = 0; i < d->n; i++) {
        if (d->f[i].kind != FK_LOG || !d->f[i].machine)
            continue;
        stem_of(d->f[i].path, st, sizeof st);
        stem_of(r->source, want, sizeof want);
        int match = strcasecmp(st, want) == 0;
        for (size_t k = 0; k < r->nperf_logs && !match; k++) {
            stem_of(r->perf_logs[k], want, sizeof want);
            match = strcasecmp(st, want) == 0;
        }
        if (match)
            return d->f[i].machine;
    }
    return NULL;
}

static void free_files(dstate *d)
{
    for (size_t i = 0; i < d->n; i++) {
        free(d->f[i].path);
        free(d->f[i].machine);
        ps_js_report_free(d->f[i].report);
        ps_js_result_xml_fini(&d->f[i].rx);
    }
    free(d->f);
    free(d->seen);
}

/* Why a pipe, a device or standard input is refused as (part of) a run. */
#define NOT_A_FILE "a Jetstress run is read from files and folders (save it to a file first)"

int ps_js_discover(const char *const *paths, size_t npaths, ps_js_run **out, ps_error *err)
{
    *out = NULL;
    dstate d = {0};
    int rc = PS_OK;
    for (size_t i = 0; i < npaths && !rc; i++) {
        struct stat st;
        if (strcmp(paths[i], "-") == 0) {
            rc = ps_error_set(err, PS_EUSAGE, paths[i], 0, 0, "standard input is not read here: %s", NOT_A_FILE);
        } else if (stat(paths[i], &st) != 0) {
            rc = ps_error_set(err, PS_EIO, paths[i], 0, 0, "cannot open: %s", strerror(errno));
        } else if (!S_ISDIR(st.st_mode) && !S_ISREG(st.st_mode)) { /* read once, it would be gone */
            rc = ps_error_set(err, PS_EINPUT, paths[i], 0, 0, "not a regular file or folder (a pipe or device): %s",
                              NOT_A_FILE);
        } else if (seen_before(&d, &st)) {
            continue;
        } else if (S_ISDIR(st.st_mode)) {
            size_t l = strlen(paths[i]);
            char *p = ps_xstrndup(paths[i], l > 1 && paths[i][l - 1] == '/' ? l - 1 : l);
            rc = walk_dir(&d, p, err);
            free(p);
        } else {
            add_file(&d, paths[i]);
            d.f[d.n - 1].named = 1;
        }
    }
    if (rc) { /* a path that does not exist: nothing read */
        free_files(&d);
        return rc;
    }
    ps_js_run *run = ps_xcalloc(1, sizeof *run);
    ps_js_summary_clear(&run->aggregate);
    if (d.n)
        qsort(d.f, d.n, sizeof *d.f, cmp_file);
    rc = classify_all(&d, run, err);
    if (rc) {
        free_files(&d);
        *out = run; /* for its warnings; the caller frees it */
        return rc;
    }
    /* 1. one server per (machine, test type) with a report */
    for (size_t i = 0; i < d.n; i++) {
        dfile *f = &d.f[i];
        if (f->kind != FK_REPORT)
            continue;
        ps_js_report *r = f->report;
        char *dir = dir_of(f->path);
        const char *m = r->machine && *r->machine ? r->machine : NULL;
        if (!m && (m = paired_log_machine(&d, r)) != NULL)
            ps_warn(&run->warnings, "%s: no Machine Name in the report; using %s from its counter log", f->path, m);
        if (!m) {
            m = base_name(dir);
            ps_warn(&run->warnings, "%s: no Machine Name in the report; using the folder name %s", f->path, m);
        }
        ps_js_server *s = server_for(run, m, r->test_type);
        if (s->report) {
            ps_warn(&run->warnings, "%s: second %s report for %s ignored (using %s)", f->path,
                    ps_test_type_name(r->test_type), s->machine, s->report->source);
        } else {
            take_report(s, r);
            f->report = NULL;
            f->used = 1;
        }
        free(dir);
    }
    /* 2. counter logs (tuning logs are not part of the result) */
    for (size_t i = 0; i < d.n; i++) {
        dfile *f = &d.f[i];
        if (f->kind != FK_LOG)
            continue;
        if (strncasecmp(base_name(f->path), "Tuning_", 7) == 0) {
            ps_warn(&run->warnings, "%s: tuning-phase log, not used", f->path);
            continue;
        }
        attach_log(run, f);
    }
    /* 3. result XML, 4. nearest configuration (own copy per server) */
    for (size_t i = 0; i < d.n; i++)
        if (d.f[i].kind == FK_RESULT_XML)
            result_xml_check(run, &d.f[i]);
    for (size_t i = 0; i < run->nservers && !rc; i++) {
        ps_js_server *s = &run->servers[i];
        const char *anchor = s->report ? s->report->source : s->nlogs ? s->logs[0] : NULL;
        dfile *c = anchor ? nearest_config(&d, anchor) : NULL;
        if (c) {
            ps_warnings dummy = {0};
            rc = ps_js_config_read(c->path, &s->config, &dummy, err);
            ps_warnings_fini(&dummy);
            c->used = 1;
            if (!rc && !s->jetstress_version && s->config->jetstress_version)
                s->jetstress_version = ps_xstrdup(s->config->jetstress_version);
        }
        for (size_t k = 0; !s->report && s->nlogs && !s->ignored_report && k < d.n; k++) {
            /* a report beside the logs that could not be read: the logs alone do not make a pass */
            char *a = dir_of(d.f[k].path), *b = dir_of(s->logs[0]);
            if (d.f[k].ignored_report && strcmp(a, b) == 0)
                s->ignored_report = ps_xstrdup(d.f[k].path);
            free(a);
            free(b);
        }
        if (!s->report)
            ps_warn(&run->warnings, "%s (%s): no Jetstress report found", s->machine, ps_test_type_name(s->test_type));
        else if (!s->nlogs && (s->test_type == PS_TEST_PERFORMANCE || s->test_type == PS_TEST_STRESS))
            ps_warn(&run->warnings, "%s (%s): no counter log found for %s", s->machine, ps_test_type_name(s->test_type),
                    s->report->source);
    }
    for (size_t i = 0; i < d.n && !rc; i++)
        if (d.f[i].kind == FK_CONFIG && !d.f[i].used)
            ps_warn(&run->warnings, "%s: configuration not used by any server", d.f[i].path);
    free_files(&d);
    if (rc) {
        *out = run; /* for its warnings; the caller frees it */
        return rc;
    }
    if (run->nservers)
        qsort(run->servers, run->nservers, sizeof *run->servers, cmp_server);
    if (run->nservers == 0)
        ps_warn(&run->warnings, "no Jetstress report or counter log found");
    *out = run;
    return PS_OK;
}
