/* pdh_csv.c - PDH-CSV / PDH-TSV text counter log reader (backend "pdh-text").
 *
 * Header line: first cell "(PDH-CSV 4.0) (zone)(bias)", "(PDH-TSV 4.0) ...", typeperf's bare
 * "(PDH-CSV 4.0)", or tag-less "(zone)(bias)"; then one counter path per column. The
 * separator (',' or TAB) is the character after the first cell (content, not name, decides).
 * Data lines: a timestamp cell "MM/DD/YYYY HH:MM:SS.mmm" and one value per counter; " " and
 * empty cells are missing (NaN). Quoting is optional per cell ("" inside quotes is a quote).
 * Blank lines and console messages (a line that starts with a letter, has no quote and no
 * control character, e.g. typeperf's "Exiting, please wait...") are skipped.
 * Numbers use '.' or a decimal comma; the first value that has either decides for the file.
 * Error columns are 1-based byte columns in the line as decoded to UTF-8 (BOM excluded).
 */
#include <ctype.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "log_internal.h"
#include "pdh_csv_internal.h"

#define NBATCH 3 /* batches in flight when a reader thread is used */
#ifndef PS_CSV_THREAD_MIN
#define PS_CSV_THREAD_MIN ((uint64_t)8 << 20) /* files at least this big are parsed on a thread */
#endif
#define MAX_COUNTERS 250000 /* refuse bigger headers (memory per column) */
#define BATCH_VALUES 65536 /* values per batch (rows = this / counters) */

typedef struct csv {
    ps_csv_rows r;
    char *hdr_utf8; /* the header line converted from a legacy code page (NULL: none) */
    ps_csv_batch b[NBATCH];
    size_t nb; /* 1: parse on demand; NBATCH: producer thread */
    size_t cons; /* batches consumed so far */
    ps_csv_batch *cur; /* batch being handed out, NULL before the first */
    size_t pos; /* next row of cur */
    int finished; /* 1 after end of input or an error was returned */
    int final_status;
    ps_error final_err;
    /* producer thread (nb == NBATCH) */
    int threaded;
    pthread_t th;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int filled[NBATCH];
    int stop;
    int started; /* start_thread has run */
    uint64_t data_off; /* after the header (for ps_csv_get_layout) */
    long header_lines;
} csv;

/* ------------------------------------------------------------------ header */

static int lit(const char **p, const char *e, const char *s)
{
    size_t n = strlen(s);
    if ((size_t)(e - *p) < n || memcmp(*p, s, n) != 0)
        return 0;
    *p += n;
    return 1;
}

/* The format a first header cell names. */
enum tag_fmt {
    TAG_NONE, /* no "(PDH-...)" part: "(zone)(bias)" alone */
    TAG_CSV, /* "(PDH-CSV 4.0)" */
    TAG_TSV, /* "(PDH-TSV 4.0)" */
    TAG_LEGACY /* "(PDH-BIN": a Windows 2000/XP binary log */
};

/* What parse_tag made of the cell. */
enum tag_result {
    TAG_MALFORMED = -1, /* no PDH header cell */
    TAG_OK = 0,
    TAG_ZONE_UNREADABLE = 1 /* a PDH cell whose "(zone)(bias)" cannot be read: zone unknown */
};

/* Parse the first header cell into *fmt, the zone and the bias. TAG_ZONE_UNREADABLE: Russian
 * Windows cuts the zone short ("(PDH-CSV 4.0) (RTZ 2 ("). */
static enum tag_result parse_tag(const char *s, size_t n, enum tag_fmt *fmt, char **tz, int *has_bias, int *bias)
{
    const char *p = s, *e = s + n;
    *fmt = TAG_NONE;
    *tz = NULL;
    *has_bias = 0;
    if (lit(&p, e, "(PDH-")) {
        if (lit(&p, e, "CSV "))
            *fmt = TAG_CSV;
        else if (lit(&p, e, "TSV "))
            *fmt = TAG_TSV;
        else if (lit(&p, e, "BIN")) {
            *fmt = TAG_LEGACY;
            return TAG_OK;
        } else
            return TAG_MALFORMED;
        const char *v = p;
        while (p < e && (isdigit((unsigned char)*p) || *p == '.'))
            p++;
        if (p == v || !lit(&p, e, ")"))
            return TAG_MALFORMED;
        while (p < e && *p == ' ')
            p++;
        if (p == e)
            return TAG_OK;
    }
    /* "(zone)(bias)": the bias is the last parenthesised group */
    /* after a PDH tag the zone part is optional information */
    enum tag_result bad = *fmt != TAG_NONE ? TAG_ZONE_UNREADABLE : TAG_MALFORMED;
    if (e - p < 5 || *p != '(' || e[-1] != ')')
        return bad;
    const char *bo = e - 1;
    while (bo > p && *bo != '(')
        bo--;
    if (bo <= p + 1 || bo[-1] != ')')
        return bad;
    const char *b = bo + 1;
    int neg = 0;
    if (*b == '-' || *b == '+')
        neg = *b++ == '-';
    long v = 0;
    if (b == e - 1)
        return bad;
    for (; b < e - 1; b++) {
        if (!isdigit((unsigned char)*b) || v > 100000)
            return bad;
        v = v * 10 + (*b - '0');
    }
    if (v > 24 * 60)
        return bad;
    *tz = ps_xstrndup(p + 1, (size_t)(bo - 1 - (p + 1)));
    *has_bias = 1;
    *bias = (int)(neg ? -v : v);
    return TAG_OK;
}

static int ieq(const char *s, size_t n, const char *lit_)
{
    return strlen(lit_) == n && strncasecmp(s, lit_, n) == 0;
}

#define LEGACY_MSG                                                                                   \
    "legacy PerfMon binary log \"(PDH-BIN 4.0)\" (Windows 2000/XP) is not supported; convert it on " \
    "Windows with: relog <file> -f bin -o <new>.blg (or -f csv)"

#define COL(ptr) ((long)((ptr)-line) + 1)

/* "(PDH-BIN" within the first 64 bytes: a Windows 2000/XP binary log. */
static int has_legacy_marker(const char *s, size_t n)
{
    for (size_t i = 0; i + 8 <= n && i < 64; i++)
        if (memcmp(s + i, "(PDH-BIN", 8) == 0)
            return 1;
    return 0;
}

static int read_header(ps_log *log, ps_csv_rows *c, ps_error *err)
{
    char *line;
    size_t n;
    int rc;
    do {
        rc = ps_lines_next(&c->in, &line, &n, err);
        if (rc < 0)
            return -rc;
        if (rc == 0)
            return ps_error_set(err, PS_EINPUT, log->path, c->in.line, 1, "no header line, not a PerfMon log");
    } while (ps_csv_blank_line(line, n));
    long ln = c->in.line;
    char *nul = memchr(line, 0, n);
    if (nul)
        return ps_error_set(err, PS_EINPUT, log->path, ln, COL(nul), "NUL byte in the header line");
    if (n >= 5 && strncasecmp(line, "#TYPE", 5) == 0)
        return ps_error_set(err, PS_EINPUT, log->path, ln, 1,
                            "not a PerfMon log (Get-Counter Path,CookedValue export)");
    if (has_legacy_marker(line, n))
        return ps_error_set(err, PS_EINPUT, log->path, ln, 1, "%s", LEGACY_MSG);
    /* encoding of the names: a BOM, else --encoding, else detected; a legacy code page is
     * converted to UTF-8 here, once for the whole line (columns then count in UTF-8) */
    enum ps_enc enc, forced;
    int force = log->opt.encoding != NULL;
    if (force && ps_enc_lookup(log->opt.encoding, &forced) != 0)
        return ps_error_set(err, PS_EINPUT, log->path, 0, 0, "unknown encoding '%s'", log->opt.encoding);
    if (c->in.utf16)
        enc = (enum ps_enc)c->in.bom;
    else if (c->in.bom == PS_ENC_UTF8 || (force && forced == PS_ENC_UTF8)) {
        size_t bad = ps_utf8_invalid_at((const unsigned char *)line, n);
        if (bad < n)
            return ps_error_set(
                err, PS_EINPUT, log->path, ln, (long)bad + 1, "invalid UTF-8 in the header of a file %s",
                c->in.bom == PS_ENC_UTF8 ? "marked UTF-8 (byte order mark)" : "read as --encoding utf-8");
        enc = PS_ENC_UTF8;
    } else
        enc = force ? forced : ps_enc_detect((const unsigned char *)line, n);
    log->all.encoding = ps_enc_name(enc);
    if (enc >= PS_ENC_CP1252) {
        csv *self = log->impl; /* owns the converted line until close */
        free(self->hdr_utf8);
        self->hdr_utf8 = ps_enc_to_utf8(line, n, enc, &n);
        line = self->hdr_utf8;
    }

    /* first cell decides the separator */
    char *e = line + n, *cs, *errpos;
    size_t cn;
    const char *why;
    char sep = ',';
    if (n > 0 && line[0] != '"') {
        char *t = line;
        while (t < e && *t != ',' && *t != '\t')
            t++;
        if (t < e)
            sep = *t;
    } else {
        char *q = n > 1 ? memchr(line + 1, '"', n - 1) : NULL;
        while (q && q + 1 < e && q[1] == '"')
            q = memchr(q + 2, '"', (size_t)(e - q - 2));
        if (q && q + 1 < e)
            sep = q[1] == '\t' ? '\t' : ',';
    }
    c->sep = sep;
    char *p = ps_csv_cell(line, e, sep, &cs, &cn, &errpos, &why);
    if (!p)
        return ps_error_set(err, PS_EINPUT, log->path, ln, COL(errpos), "%s in the header", why);
    if (ieq(cs, cn, "Path")) {
        char *cs2 = NULL;
        size_t cn2 = 0;
        if (p < e && ps_csv_cell(p + 1, e, sep, &cs2, &cn2, &errpos, &why) && ieq(cs2, cn2, "CookedValue"))
            return ps_error_set(err, PS_EINPUT, log->path, ln, 1,
                                "not a PerfMon log (Get-Counter Path,CookedValue export)");
    }
    enum tag_fmt fmt;
    int has_bias = 0, bias = 0;
    char *tz = NULL;
    char snip[101];
    enum tag_result tag = parse_tag(cs, cn, &fmt, &tz, &has_bias, &bias);
    if (tag == TAG_MALFORMED)
        return ps_error_set(err, PS_EINPUT, log->path, ln, 1,
                            "malformed first header cell \"%s\" (expected \"(PDH-CSV 4.0) (zone)(bias)\")",
                            ps_csv_snippet(snip, sizeof snip, cs, cn));
    if (fmt == TAG_LEGACY)
        return ps_error_set(err, PS_EINPUT, log->path, ln, 1, "%s", LEGACY_MSG);
    if (tag == TAG_ZONE_UNREADABLE)
        ps_warn(log->opt.warnings,
                "%s:%ld:1: time zone cell \"%s\" cannot be read (cut short?): zone unknown, times taken as local",
                log->path, ln, ps_csv_snippet(snip, sizeof snip, cs, cn));
    log->all.timezone = tz;
    log->all.has_bias = has_bias;
    log->all.bias_minutes = has_bias ? bias : 0;
    log->all.format = sep == '\t' ? "tsv" : "csv";
    if (p == e)
        return ps_error_set(err, PS_EINPUT, log->path, ln, COL(e), "header has no counter columns");

    size_t cap = 16, k = 0;
    ps_counter_path *paths = ps_xcalloc(cap, sizeof *paths);
    char **hdr = ps_xcalloc(cap, sizeof *hdr);
    log->all.counters = paths;
    log->all.header = (const char *const *)hdr;
    while (p < e) {
        char *start = p + 1;
        p = ps_csv_cell(start, e, sep, &cs, &cn, &errpos, &why);
        if (!p)
            return ps_error_set(err, PS_EINPUT, log->path, ln, COL(errpos), "%s in the header", why);
        if (k == MAX_COUNTERS)
            return ps_error_set(err, PS_EINPUT, log->path, ln, COL(start), "header has more than %d counter columns",
                                MAX_COUNTERS);
        if (k == cap) {
            cap *= 2;
            paths = ps_xrealloc(paths, cap * sizeof *paths);
            hdr = ps_xrealloc(hdr, cap * sizeof *hdr);
            log->all.counters = paths;
            log->all.header = (const char *const *)hdr;
        }
        hdr[k] = ps_xstrndup(cs, cn);
        ps_error pe;
        log->all.ncounters = k + 1;
        if (ps_path_parse(hdr[k], &paths[k], &pe) != PS_OK) {
            long col = COL(start) + (pe.col > 0 ? pe.col - 1 + (*start == '"') : 0);
            return ps_error_set(err, PS_EINPUT, log->path, ln, col, "column %zu: %s", k + 2, pe.msg);
        }
        k++;
    }
    c->ncounters = k;
    return PS_OK;
}

/* ------------------------------------------------------------------ batches */

/* Producer thread: fill the batches in turn until end of input, an error or stop. */
static void *producer(void *arg)
{
    csv *c = arg;
    for (size_t i = 0;; i++) {
        size_t k = i % NBATCH;
        pthread_mutex_lock(&c->mu);
        while (c->filled[k] && !c->stop)
            pthread_cond_wait(&c->cv, &c->mu);
        int stop = c->stop;
        pthread_mutex_unlock(&c->mu);
        if (stop)
            break;
        ps_csv_fill(&c->r, &c->b[k]);
        pthread_mutex_lock(&c->mu);
        c->filled[k] = 1;
        pthread_cond_broadcast(&c->cv);
        pthread_mutex_unlock(&c->mu);
        if (c->b[k].status != 0)
            break;
    }
    return NULL;
}

/* The next filled batch (parsing it now when there is no producer thread). */
static ps_csv_batch *acquire(csv *c)
{
    if (!c->threaded) {
        ps_csv_fill(&c->r, &c->b[0]);
        return &c->b[0];
    }
    size_t k = c->cons % NBATCH;
    pthread_mutex_lock(&c->mu);
    while (!c->filled[k])
        pthread_cond_wait(&c->cv, &c->mu);
    pthread_mutex_unlock(&c->mu);
    return &c->b[k];
}

static void release(csv *c)
{
    if (c->threaded) {
        pthread_mutex_lock(&c->mu);
        c->filled[c->cons % NBATCH] = 0;
        pthread_cond_broadcast(&c->cv);
        pthread_mutex_unlock(&c->mu);
    }
    c->cons++;
}

static void stop_thread(csv *c)
{
    if (!c->threaded)
        return;
    pthread_mutex_lock(&c->mu);
    c->stop = 1;
    pthread_cond_broadcast(&c->cv);
    pthread_mutex_unlock(&c->mu);
    pthread_join(c->th, NULL);
    pthread_mutex_destroy(&c->mu);
    pthread_cond_destroy(&c->cv);
    c->threaded = 0;
}

/* ------------------------------------------------------------------ backend */

static int probe(const unsigned char *head, size_t n)
{
    char tmp[512];
    size_t bomlen, k = 0;
    int bom = ps_enc_bom(head, n, &bomlen);
    if (bom == PS_ENC_UTF16LE || bom == PS_ENC_UTF16BE) {
        size_t used;
        k = ps_utf16_to_utf8(head + bomlen, n - bomlen, bom == PS_ENC_UTF16BE, 0, tmp, sizeof tmp, &used);
    } else {
        k = n - bomlen < sizeof tmp ? n - bomlen : sizeof tmp;
        memcpy(tmp, head + bomlen, k);
    }
    size_t i = 0;
    while (i < k && (tmp[i] == '\r' || tmp[i] == '\n' || tmp[i] == ' ' || tmp[i] == '\t'))
        i++;
    const char *s = tmp + i;
    size_t m = k - i;
    /* claimed only so that open_ refuses them with their own message (2): legacy binary,
     * Get-Counter exports */
    if (has_legacy_marker(s, m))
        return 2;
    if ((m >= 6 && strncasecmp(s, "\"Path\"", 6) == 0) || (m >= 5 && strncasecmp(s, "#TYPE", 5) == 0))
        return 2;
    if (m >= 2 && s[0] == '"' && s[1] == '(')
        return 1;
    if (m >= 5 && (memcmp(s, "(PDH-", 5) == 0))
        return 1;
    if (m >= 2 && s[0] == '(' && memchr(s, ')', m))
        return memchr(s, '\n', m) != NULL || m < 256; /* tag-less "(zone)(bias)" line */
    return 0;
}

static int open_(ps_log *log, ps_error *err)
{
    csv *c = ps_xcalloc(1, sizeof *c);
    log->impl = c;
    c->r.dec = '.';
    c->r.path = log->path;
    c->r.lenient = log->opt.lenient;
    struct stat st;
    int rc;
    if (log->stream) { /* a pipe: the head bytes ps_log_open read come first */
        rc = ps_lines_open_stream(&c->r.in, log->stream, log->path, log->head, log->nhead, err);
        log->stream = NULL;
    } else
        rc = ps_lines_open(&c->r.in, log->path, err);
    if (rc)
        return rc;
    if (fstat(fileno(c->r.in.fp), &st) == 0 && S_ISREG(st.st_mode))
        log->bytes_total = (uint64_t)st.st_size;
    rc = read_header(log, &c->r, err);
    log->bytes_done = c->data_off = ps_lines_consumed(&c->r.in);
    c->header_lines = c->r.in.line;
    if (rc)
        return rc;
    if (log->opt.filter && ps_filter_count(log->opt.filter) > 0) {
        unsigned char *skip = ps_xcalloc(c->r.ncounters, 1);
        size_t nskip = 0;
        for (size_t i = 0; i < c->r.ncounters; i++)
            nskip += skip[i] = !ps_filter_match(log->opt.filter, &log->all.counters[i]);
        if (nskip)
            c->r.skip = skip;
        else
            free(skip);
    }
    size_t rows = BATCH_VALUES / c->r.ncounters;
    rows = rows < 1 ? 1 : rows > 1024 ? 1024 : rows;
    c->nb = log->bytes_total >= PS_CSV_THREAD_MIN ? NBATCH : 1;
    for (size_t i = 0; i < c->nb; i++)
        ps_csv_batch_init(&c->b[i], rows, c->r.ncounters);
    return PS_OK;
}

/* Start the producer thread on the first read (not in open_: a log read by
 * ps_log_summary_parallel never reads through this reader). */
static void start_thread(csv *c)
{
    c->started = 1;
    if (c->nb != NBATCH)
        return;
    pthread_mutex_init(&c->mu, NULL);
    pthread_cond_init(&c->cv, NULL);
    c->threaded = pthread_create(&c->th, NULL, producer, c) == 0;
    if (!c->threaded) { /* no thread: parse on demand */
        pthread_mutex_destroy(&c->mu);
        pthread_cond_destroy(&c->cv);
    }
}

int ps_csv_get_layout(const ps_log *log, ps_csv_layout *out)
{
    if (log->backend != &ps_backend_pdh_text || !log->impl)
        return -1;
    const csv *c = log->impl; /* fields below are fixed once open_ has returned */
    if (c->started)
        return -1; /* already being read sequentially */
    out->sep = c->r.sep;
    out->utf16 = c->r.in.utf16;
    out->ncounters = c->r.ncounters;
    out->skip = c->r.skip;
    out->data_off = c->data_off;
    out->header_lines = c->header_lines;
    out->size = log->bytes_total;
    return 0;
}

static int next(ps_log *log, ps_row *row, ps_error *err)
{
    csv *c = log->impl;
    if (!c->started)
        start_thread(c);
    for (;;) {
        if (c->finished) {
            if (c->final_status < 0 && err)
                *err = c->final_err;
            return c->final_status;
        }
        ps_csv_batch *b = c->cur;
        if (b && c->pos < b->n) {
            size_t i = c->pos++;
            row->local = b->t[i];
            row->utc = log->all.has_bias ? b->t[i] + (ps_time)log->all.bias_minutes * 60000 : b->t[i];
            row->values = b->v + i * c->r.ncounters;
            row->nvalues = c->r.ncounters;
            row->line = b->line[i];
            return 1;
        }
        if (b) {
            if (b->status != 0) {
                c->finished = 1;
                c->final_status = b->status < 0 ? b->status : 0;
                c->final_err = b->err;
                stop_thread(c); /* the producer has ended too */
                if (b->status > 0)
                    ps_csv_warn_backwards(&c->r, log->opt.warnings);
                if (b->status > 0 && c->r.console_lines)
                    ps_warn(log->opt.warnings, "%s: skipped %ld console message line(s), first at line %ld", log->path,
                            c->r.console_lines, c->r.console_first);
                continue;
            }
            release(c);
        }
        c->cur = b = acquire(c);
        c->pos = 0;
        log->bad_rows += b->bad;
        log->missing += b->missing;
        log->bytes_done = b->bytes_done;
    }
}

static void close_(ps_log *log)
{
    csv *c = log->impl;
    if (c) {
        stop_thread(c);
        ps_lines_close(&c->r.in);
        free(c->hdr_utf8);
        free((void *)c->r.skip);
        for (size_t i = 0; i < NBATCH; i++)
            ps_csv_batch_fini(&c->b[i]);
        free(c);
        log->impl = NULL;
    }
    ps_log_info_release(&log->all);
}

const ps_log_backend ps_backend_pdh_text = {"pdh-text", probe, open_, next, close_};
