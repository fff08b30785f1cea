/* pdh_rows.c - data lines of PDH-CSV/TSV logs: cells, values, timestamps, batches of rows.
 *
 * Fast path per value: ps_num_scan straight on the (quoted or bare) cell; anything else (blank
 * cells, doubled quotes, decimal commas, errors) takes the general cell tokenizer.
 * Columns in messages are 1-based byte columns of the line (as decoded to UTF-8).
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "numparse.h"
#include "pdh_csv_internal.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The first '"' in the 32 bytes at p (all readable), or NULL when there is none. The closing
 * quote of a cell is found before its number is parsed: the next cell's start then does not
 * wait for the number's digits to be counted, and the parses of successive cells overlap. */
static inline const char *quote32(const char *p)
{
#if defined(__SSE2__)
    const __m128i q = _mm_set1_epi8('"');
    unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)p), q)) |
                 (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + 16)), q)) << 16;
    return m ? p + __builtin_ctz(m) : NULL;
#else
    return memchr(p, '"', 32);
#endif
}

#define COL(ptr) ((long)((ptr)-line) + 1)

char *ps_csv_cell(char *p, char *e, char sep, char **cs, size_t *cn, char **errpos, const char **why)
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
            if (q + 1 < e && q[1] == '"') { /* doubled quote */
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

const char *ps_csv_snippet(char *out, size_t outsz, const char *s, size_t n)
{
    if (n > outsz - 1)
        n = outsz - 1;
    int utf8 = ps_utf8_invalid_at((const unsigned char *)s, n) == n;
    for (size_t i = 0; i < n; i++) {
        unsigned char b = (unsigned char)s[i];
        out[i] = b < 0x20 || b == 0x7F || (b >= 0x80 && !utf8) ? '?' : (char)b;
    }
    out[n] = 0;
    return out;
}

int ps_csv_blank_line(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
            return 0;
    return 1;
}

/* A console message such as typeperf's "The command completed successfully.": starts with a
 * letter, no quote, no control character. */
static int is_console_line(const char *s, size_t n)
{
    if (n == 0 || !isalpha((unsigned char)s[0]))
        return 0;
    for (size_t i = 0; i < n; i++)
        if (s[i] == '"' || (unsigned char)s[i] < 0x20 || s[i] == 0x7F)
            return 0;
    return 1;
}

static int all_blank(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ')
            return 0;
    return 1;
}

/* Slow path for one value cell: blanks, decimal comma decision, errors.
 * Returns 0 with *v (NaN for blank; *blank set), -1 on a malformed number. */
static int slow_value(ps_csv_rows *c, const char *s, size_t n, double *v, int *blank)
{
    *blank = 0;
    if (all_blank(s, n)) {
        *v = NAN;
        *blank = 1;
        return 0;
    }
    if (c->dec_mode == PS_DEC_UNDECIDED) {
        const char *comma = memchr(s, ',', n);
        if (comma && !memchr(s, '.', n) && !memchr(comma + 1, ',', n - (size_t)(comma + 1 - s))) {
            if (ps_num_parse(s, n, ',', v) != 0)
                return -1;
            c->dec_mode = PS_DEC_COMMA;
            c->dec = ',';
            return 0;
        }
    }
    if (ps_num_parse(s, n, c->dec, v) != 0)
        return -1;
    if (c->dec_mode == PS_DEC_UNDECIDED && memchr(s, '.', n))
        c->dec_mode = PS_DEC_POINT;
    return 0;
}

/* Report err at col of line, preferring a NUL byte anywhere in the line. */
static int row_error(ps_csv_rows *c, const char *line, size_t n, long col, const char *msg, ps_error *err)
{
    const char *nul = memchr(line, 0, n);
    if (nul)
        return ps_error_set(err, PS_EINPUT, c->path, c->in.line, COL(nul), "NUL byte in a data line");
    return ps_error_set(err, PS_EINPUT, c->path, c->in.line, col, "%s", msg);
}

/* The whole value part of a line of quoted numbers (relog's own form) once the file has decided
 * for a decimal point, p at the separator after the timestamp: the cells are cut first, then
 * their numbers parsed a group at a time (ps_num_parse_cells), so that the parses overlap.
 * Returns 1 with vals filled and *nmiss the blank cells, or 0 when anything is unusual (a bare
 * or malformed cell, a field count that differs, a cell that is not a number): the caller then
 * reads the line again cell by cell, which gives the messages and the lenient handling. */
static int parse_values_grouped(const ps_csv_rows *c, const char *line, const char *p, const char *e, double *vals,
                                uint64_t *nmiss)
{
    const char sep = c->sep;
    const char *cs[PS_NUM_CELLS_MAX];
    uint8_t cl[PS_NUM_CELLS_MAX];
    uint32_t ci[PS_NUM_CELLS_MAX];
    size_t k = 0, i = 0;
    uint64_t blanks = 0;
    /* where a cell may start so that every check below holds without looking at the line's
     * ends: 36 bytes readable after p (quote32, the cell's words) and 32 before its closing
     * quote, which lies past p + 1 */
    const size_t len = (size_t)(e - line);
    if (ps_num_have_avx512())
        return ps_csv_values_avx512(line, p, e, sep, c->ncounters, vals, nmiss);
    while (i < c->ncounters) {
        size_t at = (size_t)(p - line);
        if (at >= 31 && at + 36 <= len) {
            if (p[1] != '"')
                return 0; /* not quoted */
            if (p[2] == ' ' && p[3] == '"' && p[4] == sep) {
                vals[i++] = NAN;
                blanks++;
                p += 4;
                continue;
            }
            const char *q = quote32(p + 2);
            if (q && q[1] == sep) {
                cs[k] = p + 2;
                cl[k] = (uint8_t)(q - p - 2);
                ci[k++] = (uint32_t)i++;
                p = q + 1;
                if (k == PS_NUM_CELLS_MAX) {
                    if (ps_num_parse_cells(cs, cl, ci, k, '.', vals) != 0)
                        return 0;
                    k = 0;
                }
                continue;
            }
        }
        /* near the ends of the line, or a long cell: every check */
        if (e - p < 4 || p[1] != '"')
            return 0; /* missing field, or not quoted */
        p++;
        if (p[1] == ' ' && p[2] == '"' && (p + 3 == e || p[3] == sep)) {
            vals[i++] = NAN;
            blanks++;
            p += 3;
            continue;
        }
        double v;
        const char *q = ps_num_scan(p + 1, e, '.', &v);
        if (!q || q >= e || *q != '"' || (q + 1 != e && q[1] != sep))
            return 0;
        vals[i++] = v;
        p = q + 1;
    }
    if (p != e || (k && ps_num_parse_cells(cs, cl, ci, k, '.', vals) != 0))
        return 0;
    *nmiss += blanks;
    return 1;
}

/* Parse one data line into vals/t. Returns 1 with a row (*bad set when a value was malformed
 * in lenient mode), 0 when the line was skipped (lenient), -PS_EINPUT on error. */
static int parse_row(ps_csv_rows *c, char *line, size_t n, double *vals, ps_time *t, uint64_t *missing, int *bad,
                     ps_error *err)
{
    char *e = line + n, *cs, *errpos, *p;
    size_t cn;
    const char *why;
    char msg[300], snip[48];
    const char sep = c->sep;
    int lenient = c->lenient;
    uint64_t nmiss = 0;
    *bad = 0;

    /* timestamp */
    if (n > 0 && line[0] == '"' && (p = memchr(line + 1, '"', n - 1)) && (p + 1 == e || p[1] == sep)) {
        cs = line + 1;
        cn = (size_t)(p - cs);
        p++;
    } else if (!(p = ps_csv_cell(line, e, sep, &cs, &cn, &errpos, &why))) {
        if (lenient)
            return 0;
        return -row_error(c, line, n, COL(errpos), why, err);
    }
    if (ps_time_parse_pdh(cs, cn, t) != 0) {
        if (lenient)
            return 0;
        snprintf(msg, sizeof msg, "malformed timestamp \"%s\" (expected MM/DD/YYYY HH:MM:SS.mmm)",
                 ps_csv_snippet(snip, 41, cs, cn));
        return -row_error(c, line, n, 1, msg, err);
    }
    if (c->dec_mode == PS_DEC_POINT && !c->skip && parse_values_grouped(c, line, p, e, vals, missing))
        return 1;
    for (size_t i = 0; i < c->ncounters; i++) {
        if (p == e) {
            if (lenient)
                return 0;
            snprintf(msg, sizeof msg, "row has %zu fields, the header has %zu", i + 1, c->ncounters + 1);
            return -row_error(c, line, n, COL(e), msg, err);
        }
        p++; /* separator */
        char *start = p;
        double v;
        if (c->skip && c->skip[i]) { /* filtered out: find the cell end, no value */
            const char *q;
            vals[i] = NAN;
            if (p < e && *p == '"') {
                q = memchr(p + 1, '"', (size_t)(e - p - 1));
                if (q && (q + 1 == e || q[1] == sep)) {
                    p = (char *)q + 1;
                    continue;
                }
            } else {
                q = memchr(p, sep, (size_t)(e - p));
                p = q ? (char *)q : e;
                continue;
            }
            if (!(p = ps_csv_cell(start, e, sep, &cs, &cn, &errpos, &why))) {
                if (lenient)
                    return 0;
                return -row_error(c, line, n, COL(errpos), why, err);
            }
            continue;
        }
        /* fast path: one number, quoted or not; relog's blank cell " " */
        if (p < e && *p == '"') {
            if (e - p >= 3 && p[1] == ' ' && p[2] == '"' && (p + 3 == e || p[3] == sep)) {
                vals[i] = NAN;
                nmiss++;
                p += 3;
                continue;
            }
            if (e - p >= 35) {
                const char *q = quote32(p + 1);
                if (q && q - line >= 32 && (q + 1 == e || q[1] == sep) &&
                    ps_num_parse_cell(p + 1, (size_t)(q - p - 1), c->dec, &v) == 0) {
                    if (c->dec_mode == PS_DEC_UNDECIDED && memchr(p + 1, c->dec, (size_t)(q - p - 1)))
                        c->dec_mode = PS_DEC_POINT;
                    vals[i] = v;
                    p = (char *)q + 1;
                    continue;
                }
            }
            const char *q = ps_num_scan(p + 1, e, c->dec, &v);
            if (q && q < e && *q == '"' && (q + 1 == e || q[1] == sep)) {
                if (c->dec_mode == PS_DEC_UNDECIDED && memchr(p + 1, c->dec, (size_t)(q - p - 1)))
                    c->dec_mode = PS_DEC_POINT;
                vals[i] = v;
                p = (char *)q + 1;
                continue;
            }
        } else {
            const char *q = ps_num_scan(p, e, c->dec, &v);
            if (q && (q == e || *q == sep)) {
                if (c->dec_mode == PS_DEC_UNDECIDED && memchr(p, c->dec, (size_t)(q - p)))
                    c->dec_mode = PS_DEC_POINT;
                vals[i] = v;
                p = (char *)q;
                continue;
            }
        }
        p = ps_csv_cell(start, e, sep, &cs, &cn, &errpos, &why);
        if (!p) {
            if (lenient)
                return 0;
            return -row_error(c, line, n, COL(errpos), why, err);
        }
        int blank;
        if (slow_value(c, cs, cn, &vals[i], &blank) != 0) {
            if (!lenient) {
                snprintf(msg, sizeof msg, "malformed number \"%s\" in column %zu%s", ps_csv_snippet(snip, 41, cs, cn),
                         i + 2,
                         c->dec_mode == PS_DEC_COMMA && memchr(cs, '.', cn) ? " (this file uses decimal commas)" : "");
                return -row_error(c, line, n, COL(start), msg, err);
            }
            if (memchr(line, 0, n))
                return 0; /* binary garbage: drop the whole row */
            vals[i] = NAN;
            *bad = 1;
        }
        nmiss += (uint64_t)blank;
    }
    if (p != e) {
        if (lenient)
            return 0;
        snprintf(msg, sizeof msg, "row has more fields than the header (%zu)", c->ncounters + 1);
        return -row_error(c, line, n, COL(p + 1), msg, err);
    }
    *missing += nmiss;
    return 1;
}

void ps_csv_batch_init(ps_csv_batch *b, size_t cap, size_t ncounters)
{
    memset(b, 0, sizeof *b);
    b->cap = cap;
    b->t = ps_xcalloc(cap, sizeof *b->t);
    b->line = ps_xcalloc(cap, sizeof *b->line);
    b->v = ps_xcalloc(cap * (ncounters ? ncounters : 1), sizeof *b->v);
}

void ps_csv_batch_fini(ps_csv_batch *b)
{
    free(b->t);
    free(b->line);
    free(b->v);
    memset(b, 0, sizeof *b);
}

void ps_csv_fill(ps_csv_rows *r, ps_csv_batch *b)
{
    b->n = 0;
    b->missing = b->bad = 0;
    b->status = 0;
    while (b->n < b->cap) {
        char *line;
        size_t n;
        int rc = ps_lines_next(&r->in, &line, &n, &b->err);
        if (rc <= 0) {
            b->status = rc < 0 ? rc : 1;
            break;
        }
        if (ps_csv_blank_line(line, n))
            continue;
        if (is_console_line(line, n)) {
            if (!r->console_lines++)
                r->console_first = r->in.line;
            continue;
        }
        int bad;
        rc = parse_row(r, line, n, b->v + b->n * (b->stride ? b->stride : r->ncounters), &b->t[b->n], &b->missing, &bad,
                       &b->err);
        if (rc < 0) {
            b->status = rc;
            break;
        }
        b->bad += (uint64_t)(rc == 0 || bad);
        if (rc == 1) {
            ps_time t = b->t[b->n];
            if (r->nrows++ && t < r->last_t && !r->back_steps++) { /* the first backward step */
                r->back_line = r->in.line;
                r->back_t = t;
                r->back_prev = r->last_t;
            }
            if (r->nrows == 1)
                r->first_t = t, r->first_line = r->in.line;
            r->last_t = t;
            b->line[b->n++] = r->in.line;
        }
    }
    b->bytes_done = ps_lines_consumed(&r->in);
}

int ps_csv_batch_last(const ps_csv_batch *b, int *status, ps_error *err)
{
    if (b->status == 0)
        return 0;
    if (b->status < 0) {
        *status = -b->status;
        *err = b->err;
    }
    return 1;
}

size_t ps_csv_batch_rows(size_t ncounters)
{
    size_t rows = 65536 / (ncounters ? ncounters : 1);
    return rows < 1 ? 1 : rows > 1024 ? 1024 : rows;
}

void ps_csv_warn_backwards(const ps_csv_rows *r, ps_warnings *w)
{
    if (!r->back_steps)
        return;
    char t1[40], t2[40];
    ps_warn(w,
            "%s:%ld: time stamps go backwards (%s after %s)%s; the time range is the earliest to the latest, "
            "time-weighted means are not computed",
            r->path, r->back_line, ps_time_format_pdh(t1, sizeof t1, r->back_t),
            ps_time_format_pdh(t2, sizeof t2, r->back_prev), r->back_steps > 1 ? ", and again later" : "");
}
