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
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "log_internal.h"
#include "numparse_internal.h"
#include "pdh_csv_internal.h"

enum { DEC_UNDECIDED = 0, DEC_POINT, DEC_COMMA };

typedef struct csv {
    ps_lines in;
    char sep;
    int dec_mode;
    char dec;
    size_t ncounters;
    double *values;
    long console_lines, console_first;
    int ended;
} csv;

/* ------------------------------------------------------------------ cells */

/* One cell starting at p (line ends at e). On success returns the position of the separator
 * or e, with the unquoted content in [*cs, *cs + *cn) (unquoted in place). NULL on a quote
 * error, with *errpos at the offending character and *why set. */
static char *cell(char *p, char *e, char sep, char **cs, size_t *cn, char **errpos, const char **why)
{
    if (p < e && *p == '"') {
        char *r = p + 1, *w = p + 1;
        *cs = p + 1;
        for (;;) {
            char *q = memchr(r, '"', (size_t)(e - r));
            if (!q) {
                *errpos = p;
                *why = "unterminated quoted field";
                return NULL;
            }
            if (w != r)
                memmove(w, r, (size_t)(q - r));
            w += q - r;
            if (q + 1 < e && q[1] == '"') {   /* doubled quote */
                *w++ = '"';
                r = q + 2;
                continue;
            }
            if (q + 1 < e && q[1] != sep) {
                *errpos = q + 1;
                *why = "unexpected character after closing quote";
                return NULL;
            }
            *cn = (size_t)(w - *cs);
            return q + 1;
        }
    }
    char *q = memchr(p, sep, (size_t)(e - p));
    if (!q)
        q = e;
    *cs = p;
    *cn = (size_t)(q - p);
    return q;
}

static int all_blank(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ')
            return 0;
    return 1;
}

/* ------------------------------------------------------------------ header */

static int lit(const char **p, const char *e, const char *s)
{
    size_t n = strlen(s);
    if ((size_t)(e - *p) < n || memcmp(*p, s, n) != 0)
        return 0;
    *p += n;
    return 1;
}

/* Parse the first header cell. fmt: 0 none, 1 CSV, 2 TSV, 3 legacy binary. */
static int parse_tag(const char *s, size_t n, int *fmt, char **tz, int *has_bias, int *bias)
{
    const char *p = s, *e = s + n;
    *fmt = 0;
    *tz = NULL;
    *has_bias = 0;
    if (lit(&p, e, "(PDH-")) {
        if (lit(&p, e, "CSV "))
            *fmt = 1;
        else if (lit(&p, e, "TSV "))
            *fmt = 2;
        else if (lit(&p, e, "BIN")) {
            *fmt = 3;
            return 0;
        } else
            return -1;
        const char *v = p;
        while (p < e && (isdigit((unsigned char)*p) || *p == '.'))
            p++;
        if (p == v || !lit(&p, e, ")"))
            return -1;
        while (p < e && *p == ' ')
            p++;
        if (p == e)
            return 0;
    }
    /* "(zone)(bias)": the bias is the last parenthesised group */
    if (e - p < 5 || *p != '(' || e[-1] != ')')
        return -1;
    const char *bo = e - 1;
    while (bo > p && *bo != '(')
        bo--;
    if (bo <= p + 1 || bo[-1] != ')')
        return -1;
    const char *b = bo + 1;
    int neg = 0;
    if (*b == '-' || *b == '+')
        neg = *b++ == '-';
    long v = 0;
    if (b == e - 1)
        return -1;
    for (; b < e - 1; b++) {
        if (!isdigit((unsigned char)*b) || v > 100000)
            return -1;
        v = v * 10 + (*b - '0');
    }
    if (v > 24 * 60)
        return -1;
    *tz = ps_xstrndup(p + 1, (size_t)(bo - 1 - (p + 1)));
    *has_bias = 1;
    *bias = (int)(neg ? -v : v);
    return 0;
}

static int is_blank_line(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
            return 0;
    return 1;
}

static int ieq(const char *s, size_t n, const char *lit_)
{
    return strlen(lit_) == n && strncasecmp(s, lit_, n) == 0;
}

#define LEGACY_MSG                                                                              \
    "legacy PerfMon binary log \"(PDH-BIN 4.0)\" (Windows 2000/XP) is not supported; convert it on " \
    "Windows with: relog <file> -f bin -o <new>.blg (or -f csv)"

#define COL(ptr) ((long)((ptr) - line) + 1)

/* "(PDH-BIN" within the first 64 bytes: a Windows 2000/XP binary log. */
static int has_legacy_marker(const char *s, size_t n)
{
    for (size_t i = 0; i + 8 <= n && i < 64; i++)
        if (memcmp(s + i, "(PDH-BIN", 8) == 0)
            return 1;
    return 0;
}

static int read_header(ps_log *log, csv *c, ps_error *err)
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
    } while (is_blank_line(line, n));
    long ln = c->in.line;
    char *nul = memchr(line, 0, n);
    if (nul)
        return ps_error_set(err, PS_EINPUT, log->path, ln, COL(nul), "NUL byte in the header line");
    if (n >= 5 && strncasecmp(line, "#TYPE", 5) == 0)
        return ps_error_set(err, PS_EINPUT, log->path, ln, 1,
                            "not a PerfMon log (Get-Counter Path,CookedValue export)");
    if (has_legacy_marker(line, n))
        return ps_error_set(err, PS_EINPUT, log->path, ln, 1, "%s", LEGACY_MSG);
    /* encoding of the names */
    enum ps_enc enc;
    if (c->in.utf16)
        enc = (enum ps_enc)c->in.bom;
    else if (c->in.bom == PS_ENC_UTF8) {
        size_t bad = ps_utf8_invalid_at((const unsigned char *)line, n);
        if (bad < n)
            return ps_error_set(err, PS_EINPUT, log->path, ln, (long)bad + 1,
                                "invalid UTF-8 in the header of a file marked UTF-8 (byte order mark)");
        enc = PS_ENC_UTF8;
    } else
        enc = ps_enc_classify((const unsigned char *)line, n);
    log->all.encoding = ps_enc_name(enc);

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
    char *p = cell(line, e, sep, &cs, &cn, &errpos, &why);
    if (!p)
        return ps_error_set(err, PS_EINPUT, log->path, ln, COL(errpos), "%s in the header", why);
    if (ieq(cs, cn, "Path")) {
        char *cs2 = NULL;
        size_t cn2 = 0;
        if (p < e && cell(p + 1, e, sep, &cs2, &cn2, &errpos, &why) && ieq(cs2, cn2, "CookedValue"))
            return ps_error_set(err, PS_EINPUT, log->path, ln, 1,
                                "not a PerfMon log (Get-Counter Path,CookedValue export)");
    }
    int fmt, has_bias = 0, bias = 0;
    char *tz = NULL;
    if (parse_tag(cs, cn, &fmt, &tz, &has_bias, &bias) != 0)
        return ps_error_set(err, PS_EINPUT, log->path, ln, 1,
                            "malformed first header cell \"%.*s\" (expected \"(PDH-CSV 4.0) (zone)(bias)\")",
                            (int)(cn > 100 ? 100 : cn), cs);
    if (fmt == 3)
        return ps_error_set(err, PS_EINPUT, log->path, ln, 1, "%s", LEGACY_MSG);
    if (tz && (enc == PS_ENC_CP1252 || enc == PS_ENC_CP850)) {
        char *u = ps_enc_to_utf8(tz, strlen(tz), enc);
        free(tz);
        tz = u;
    }
    log->all.timezone = tz;
    log->all.has_bias = has_bias;
    log->all.bias_minutes = has_bias ? bias : 0;
    log->all.format = sep == '\t' ? "tsv" : "csv";
    if (p == e)
        return ps_error_set(err, PS_EINPUT, log->path, ln, COL(e) , "header has no counter columns");

    size_t cap = 16, k = 0;
    ps_counter_path *paths = ps_xcalloc(cap, sizeof *paths);
    char **hdr = ps_xcalloc(cap, sizeof *hdr);
    log->all.counters = paths;
    log->all.header = (const char *const *)hdr;
    while (p < e) {
        char *start = p + 1;
        p = cell(start, e, sep, &cs, &cn, &errpos, &why);
        if (!p)
            return ps_error_set(err, PS_EINPUT, log->path, ln, COL(errpos), "%s in the header", why);
        if (k == cap) {
            cap *= 2;
            paths = ps_xrealloc(paths, cap * sizeof *paths);
            hdr = ps_xrealloc(hdr, cap * sizeof *hdr);
            log->all.counters = paths;
            log->all.header = (const char *const *)hdr;
        }
        hdr[k] = ps_enc_to_utf8(cs, cn, enc);
        ps_error pe;
        log->all.ncounters = k + 1;
        if (ps_path_parse(hdr[k], &paths[k], &pe) != PS_OK) {
            long col = COL(start) + (pe.col > 0 ? pe.col - 1 + (*start == '"') : 0);
            return ps_error_set(err, PS_EINPUT, log->path, ln, col, "column %zu: %s", k + 2, pe.msg);
        }
        k++;
    }
    c->ncounters = k;
    c->values = ps_xcalloc(k, sizeof *c->values);
    return PS_OK;
}

/* ------------------------------------------------------------------ rows */

/* A console message such as typeperf's "The command completed successfully." */
static int is_console_line(const char *s, size_t n)
{
    if (n == 0 || !isalpha((unsigned char)s[0]))
        return 0;
    for (size_t i = 0; i < n; i++)
        if (s[i] == '"' || (unsigned char)s[i] < 0x20 || s[i] == 0x7F)
            return 0;
    return 1;
}

/* Slow path for one value cell: blanks, decimal comma decision, errors.
 * Returns 0 with *v (NaN for blank; *blank set), -1 on a malformed number. */
static int slow_value(csv *c, const char *s, size_t n, double *v, int *blank)
{
    *blank = 0;
    if (all_blank(s, n)) {
        *v = NAN;
        *blank = 1;
        return 0;
    }
    if (c->dec_mode == DEC_UNDECIDED) {
        const char *comma = memchr(s, ',', n);
        if (comma && !memchr(s, '.', n) && !memchr(comma + 1, ',', n - (size_t)(comma + 1 - s))) {
            if (ps_num_parse(s, n, ',', v) != 0)
                return -1;
            c->dec_mode = DEC_COMMA;
            c->dec = ',';
            return 0;
        }
    }
    if (ps_num_parse(s, n, c->dec, v) != 0)
        return -1;
    if (c->dec_mode == DEC_UNDECIDED && memchr(s, '.', n))
        c->dec_mode = DEC_POINT;
    return 0;
}

/* Report err at col of line, preferring a NUL byte anywhere in the line. */
static int row_error(ps_log *log, csv *c, const char *line, size_t n, long col, const char *msg,
                     ps_error *err)
{
    const char *nul = memchr(line, 0, n);
    if (nul)
        return ps_error_set(err, PS_EINPUT, log->path, c->in.line, COL(nul), "NUL byte in a data line");
    return ps_error_set(err, PS_EINPUT, log->path, c->in.line, col, "%s", msg);
}

/* Parse one data line. Returns 1 with a row, 0 when the line was skipped (lenient),
 * -PS_EINPUT on error. */
static int parse_row(ps_log *log, csv *c, char *line, size_t n, ps_row *row, ps_error *err)
{
    char *e = line + n, *cs, *errpos, *p;
    size_t cn;
    const char *why;
    char msg[300];
    const char sep = c->sep;
    int lenient = log->opt.lenient, bad = 0;
    uint64_t missing = 0;

    /* timestamp */
    if (n > 0 && line[0] == '"' && (p = memchr(line + 1, '"', n - 1)) && (p + 1 == e || p[1] == sep)) {
        cs = line + 1;
        cn = (size_t)(p - cs);
        p++;
    } else if (!(p = cell(line, e, sep, &cs, &cn, &errpos, &why))) {
        if (lenient)
            goto skip;
        return -row_error(log, c, line, n, COL(errpos), why, err);
    }
    ps_time t;
    if (ps_time_parse_pdh(cs, cn, &t) != 0) {
        if (lenient)
            goto skip;
        snprintf(msg, sizeof msg, "malformed timestamp \"%.*s\" (expected MM/DD/YYYY HH:MM:SS.mmm)",
                 (int)(cn > 40 ? 40 : cn), cs);
        return -row_error(log, c, line, n, 1, msg, err);
    }
    double *vals = c->values;
    for (size_t i = 0; i < c->ncounters; i++) {
        if (p == e) {
            if (lenient)
                goto skip;
            snprintf(msg, sizeof msg, "row has %zu fields, the header has %zu", i + 1, c->ncounters + 1);
            return -row_error(log, c, line, n, COL(e), msg, err);
        }
        p++;   /* separator */
        char *start = p;
        double v;
        /* fast path: one number, quoted or not */
        if (p < e && *p == '"') {
            const char *q = ps_num_scan(p + 1, e, c->dec, &v);
            if (q && q < e && *q == '"' && (q + 1 == e || q[1] == sep)) {
                if (c->dec_mode == DEC_UNDECIDED && memchr(p + 1, c->dec, (size_t)(q - p - 1)))
                    c->dec_mode = DEC_POINT;
                vals[i] = v;
                p = (char *)q + 1;
                continue;
            }
        } else {
            const char *q = ps_num_scan(p, e, c->dec, &v);
            if (q && (q == e || *q == sep)) {
                if (c->dec_mode == DEC_UNDECIDED && memchr(p, c->dec, (size_t)(q - p)))
                    c->dec_mode = DEC_POINT;
                vals[i] = v;
                p = (char *)q;
                continue;
            }
        }
        p = cell(start, e, sep, &cs, &cn, &errpos, &why);
        if (!p) {
            if (lenient)
                goto skip;
            return -row_error(log, c, line, n, COL(errpos), why, err);
        }
        int blank;
        if (slow_value(c, cs, cn, &vals[i], &blank) != 0) {
            if (!lenient) {
                snprintf(msg, sizeof msg, "malformed number \"%.*s\" in column %zu%s", (int)(cn > 40 ? 40 : cn),
                         cs, i + 2,
                         c->dec_mode == DEC_COMMA && memchr(cs, '.', cn) ? " (this file uses decimal commas)" : "");
                return -row_error(log, c, line, n, COL(start), msg, err);
            }
            if (memchr(line, 0, n))
                goto skip;   /* binary garbage: drop the whole row */
            vals[i] = NAN;
            bad = 1;
        }
        missing += (uint64_t)blank;
    }
    if (p != e) {
        if (lenient)
            goto skip;
        snprintf(msg, sizeof msg, "row has more fields than the header (%zu)", c->ncounters + 1);
        return -row_error(log, c, line, n, COL(p + 1), msg, err);
    }
    log->bad_rows += (uint64_t)bad;
    log->missing += missing;
    row->local = t;
    row->utc = log->all.has_bias ? t + (ps_time)log->all.bias_minutes * 60000 : t;
    row->values = vals;
    row->nvalues = c->ncounters;
    row->line = c->in.line;
    return 1;
skip:
    log->bad_rows++;
    return 0;
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
    if (m >= 2 && s[0] == '"' && s[1] == '(')
        return 1;
    if (m >= 5 && (memcmp(s, "(PDH-", 5) == 0))
        return 1;
    if (m >= 2 && s[0] == '(' && memchr(s, ')', m))
        return memchr(s, '\n', m) != NULL || m < 256;   /* tag-less "(zone)(bias)" line */
    if (m >= 6 && strncasecmp(s, "\"Path\"", 6) == 0)
        return 1;
    if (m >= 5 && strncasecmp(s, "#TYPE", 5) == 0)
        return 1;
    return 0;
}

static int open_(ps_log *log, ps_error *err)
{
    csv *c = ps_xcalloc(1, sizeof *c);
    log->impl = c;
    c->dec = '.';
    struct stat st;
    int rc = ps_lines_open(&c->in, log->path, err);
    if (rc)
        return rc;
    if (fstat(fileno(c->in.fp), &st) == 0 && S_ISREG(st.st_mode))
        log->bytes_total = (uint64_t)st.st_size;
    rc = read_header(log, c, err);
    log->bytes_done = ps_lines_consumed(&c->in);
    return rc;
}

static int next(ps_log *log, ps_row *row, ps_error *err)
{
    csv *c = log->impl;
    char *line;
    size_t n;
    if (c->ended)
        return 0;
    for (;;) {
        int rc = ps_lines_next(&c->in, &line, &n, err);
        log->bytes_done = ps_lines_consumed(&c->in);
        if (rc < 0)
            return rc;
        if (rc == 0) {
            c->ended = 1;
            if (c->console_lines)
                ps_warn(log->opt.warnings, "%s: skipped %ld console message line(s), first at line %ld",
                        log->path, c->console_lines, c->console_first);
            return 0;
        }
        if (is_blank_line(line, n))
            continue;
        if (is_console_line(line, n)) {
            if (!c->console_lines++)
                c->console_first = c->in.line;
            continue;
        }
        rc = parse_row(log, c, line, n, row, err);
        if (rc != 0)
            return rc;
    }
}

static void close_(ps_log *log)
{
    csv *c = log->impl;
    if (c) {
        ps_lines_close(&c->in);
        free(c->values);
        free(c);
        log->impl = NULL;
    }
    ps_log_info_release(&log->all);
}

const ps_log_backend ps_backend_pdh_text = {"pdh-text", probe, open_, next, close_};
