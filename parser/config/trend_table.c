/* trend_table.c - the trend table file: absolute figures per label. */
#include "ps_parser.h"
#include "ps_io.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_LINE 65536
#define MAX_COLS 256
#define MAX_BYTES (8L * 1024 * 1024) /* a published-figures table is a few KiB */

typedef struct cell {
    char *text;
    long col; /* 1-based column of the cell's first character */
} cell;

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = 0;
    return s;
}

/* Split one line into cells (CSV quoting). Returns the count, -1 on an unterminated quote. */
static int split(char *line, cell *cells, int max, long *bad_col)
{
    int n = 0;
    char *p = line;
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (n == max)
            return *bad_col = p - line + 1, -2;
        cells[n].col = p - line + 1;
        if (*p == '"') {
            char *w = ++p, *start = p;
            for (;;) {
                if (!*p)
                    return *bad_col = cells[n].col, -1;
                if (*p == '"' && p[1] == '"') {
                    *w++ = '"';
                    p += 2;
                } else if (*p == '"') {
                    p++;
                    break;
                } else
                    *w++ = *p++;
            }
            *w = 0;
            cells[n].text = start;
            while (*p && *p != ',')
                p++;
        } else {
            cells[n].text = p;
            while (*p && *p != ',')
                p++;
        }
        int last = *p == 0;
        *p = 0;
        cells[n].text = trim(cells[n].text);
        n++;
        if (last)
            return n;
        p++;
    }
}

/* "Total IOPS performed [IOPS]" -> title "Total IOPS performed", unit "IOPS" */
static void split_unit(const char *h, char **title, char **unit)
{
    const char *lb = strrchr(h, '[');
    const char *rb = lb ? strchr(lb, ']') : NULL;
    if (lb && rb) {
        size_t tl = (size_t)(lb - h);
        while (tl && isspace((unsigned char)h[tl - 1]))
            tl--;
        *title = ps_xstrndup(h, tl);
        *unit = ps_xstrndup(lb + 1, (size_t)(rb - lb - 1));
    } else {
        *title = ps_xstrdup(h);
        *unit = ps_xstrdup("");
    }
}

static char *slug(const char *title)
{
    char *k = ps_xstrdup(title);
    size_t w = 0;
    for (size_t i = 0; k[i]; i++) {
        unsigned char c = (unsigned char)k[i];
        if (isalnum(c))
            k[w++] = (char)tolower(c);
        else if (w && k[w - 1] != '_')
            k[w++] = '_';
    }
    while (w && k[w - 1] == '_')
        w--;
    k[w] = 0;
    return k;
}

static int decimals_of(const char *s)
{
    const char *dot = strchr(s, '.');
    if (!dot)
        return 0;
    int d = 0;
    for (dot++; isdigit((unsigned char)*dot); dot++)
        d++;
    return d;
}

/* Number with optional thousands separators "1,530" (only in quoted cells) and unit suffix
 * removed by the caller. */
static int parse_number(const char *s, double *v)
{
    char tmp[64];
    size_t w = 0;
    for (const char *p = s; *p && w < sizeof tmp - 1; p++)
        if (*p != ',' && *p != '_')
            tmp[w++] = *p;
    tmp[w] = 0;
    while (w && (tmp[w - 1] == '%' || isspace((unsigned char)tmp[w - 1])))
        tmp[--w] = 0;
    return ps_parse_double(tmp, w, v);
}

static int is_time_unit(const char *u)
{
    return strcasecmp(u, "ms") == 0 || strcasecmp(u, "msec") == 0 || strcasecmp(u, "s") == 0 ||
           strcasecmp(u, "sec") == 0;
}

/* Read one line into line (capacity MAX_LINE + 1). Returns 1 with a line, 0 at end of file,
 * -1 when longer than MAX_LINE, -2 at a NUL byte (*len = its position). */
static int read_line(FILE *fp, char *line, size_t *len)
{
    size_t n = 0;
    int c;
    while ((c = getc(fp)) != EOF) {
        if (c == 0) {
            *len = n;
            return -2;
        }
        if (n == MAX_LINE)
            return -1;
        line[n++] = (char)c;
        if (c == '\n')
            break;
    }
    line[n] = 0;
    *len = n;
    return n ? 1 : 0;
}

int ps_trend_table_read(const char *path, ps_trend *t, ps_error *err)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return ps_error_set(err, PS_EIO, path, 0, 0, "cannot open: %s", strerror(errno));
    ps_input_note(path); /* never replaced by an output of this process */
    char *line = ps_xmalloc(MAX_LINE + 1);
    long total = 0;
    cell cells[MAX_COLS];
    int ncols = 0, load_col = -1, config_col = -1, rc = PS_OK;
    size_t metric_of[MAX_COLS];
    int *decimals = NULL;
    size_t first_label = t->nlabels;
    long lineno = 0;
    int r;
    size_t len;
    while ((r = read_line(fp, line, &len)) != 0) {
        lineno++;
        if (r == -1) {
            rc = ps_error_set(err, PS_EINPUT, path, lineno, MAX_LINE + 1, "line longer than %d bytes", MAX_LINE);
            break;
        }
        if (r == -2) {
            rc = ps_error_set(err, PS_EINPUT, path, lineno, (long)len + 1, "NUL byte: not a text file");
            break;
        }
        if ((total += (long)len) > MAX_BYTES) { /* an endless pipe of short lines stops here */
            rc = ps_error_set(err, PS_EINPUT, path, lineno, 1, "trend table larger than %ld MiB", MAX_BYTES >> 20);
            break;
        }
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = 0;
        char *s = line;
        if (lineno == 1 && (unsigned char)s[0] == 0xEF && (unsigned char)s[1] == 0xBB && (unsigned char)s[2] == 0xBF)
            s += 3;
        char *st = s;
        while (isspace((unsigned char)*st))
            st++;
        if (!*st || *st == '#')
            continue;
        long bad = 0;
        int n = split(s, cells, MAX_COLS, &bad);
        if (n < 0) {
            rc = ps_error_set(err, PS_EINPUT, path, lineno, bad,
                              n == -1 ? "unterminated quoted field" : "too many columns (at most 256)");
            break;
        }
        if (!ncols) {
            if (n < 2 || strcasecmp(cells[0].text, "label") != 0) {
                rc = ps_error_set(err, PS_EINPUT, path, lineno, 1, "expected a header line 'label, Title [unit], ...'");
                break;
            }
            ncols = n;
            decimals = ps_xcalloc((size_t)n, sizeof *decimals);
            for (int c = 1; c < n; c++) {
                char *title, *unit;
                split_unit(cells[c].text, &title, &unit);
                if (!*title) {
                    free(title);
                    free(unit);
                    rc = ps_error_set(err, PS_EINPUT, path, lineno, cells[c].col, "empty column title");
                    goto done;
                }
                if (strcasecmp(unit, "config") == 0) {
                    int again = config_col >= 0;
                    config_col = c;
                    free(title);
                    free(unit);
                    if (again) {
                        rc = ps_error_set(err, PS_EINPUT, path, lineno, cells[c].col, "a second [config] column");
                        goto done;
                    }
                    continue;
                }
                if (strcasecmp(unit, "load") == 0) {
                    if (load_col >= 0) {
                        free(title);
                        free(unit);
                        rc = ps_error_set(err, PS_EINPUT, path, lineno, cells[c].col, "a second [load] column");
                        goto done;
                    }
                    load_col = c;
                    free(t->load_name);
                    t->load_name = ps_xstrdup(title);
                } else {
                    const char *std = ps_trend_run_metric_key(title);
                    char *key = std ? ps_xstrdup(std) : slug(title);
                    metric_of[c] = ps_trend_metric_index(t, key, title, unit, 0, is_time_unit(unit));
                    free(key);
                }
                free(title);
                free(unit);
            }
            continue;
        }
        if (n != ncols) {
            rc = ps_error_set(err, PS_EINPUT, path, lineno, n > ncols ? cells[ncols].col : (long)len + 1,
                              "%d fields, the header has %d", n, ncols);
            break;
        }
        if (!*cells[0].text) {
            rc = ps_error_set(err, PS_EINPUT, path, lineno, 1, "empty label");
            break;
        }
        if (ps_trend_find_label(t, cells[0].text) >= 0) {
            rc = ps_error_set(err, PS_EINPUT, path, lineno, 1, "label '%s' given twice", cells[0].text);
            break;
        }
        size_t l = ps_trend_add_label(t, cells[0].text);
        for (int c = 1; c < n; c++) {
            double v;
            if (c == config_col) {
                ps_trend_set_config(t, l, *cells[c].text ? cells[c].text : NULL);
                continue;
            }
            if (!*cells[c].text || strcmp(cells[c].text, "-") == 0 || strcasecmp(cells[c].text, "n/a") == 0)
                continue; /* absent */
            if (parse_number(cells[c].text, &v) != 0) {
                rc =
                    ps_error_set(err, PS_EINPUT, path, lineno, cells[c].col, "malformed number '%.40s'", cells[c].text);
                goto done;
            }
            if (c == load_col) {
                t->load[l] = v;
                continue;
            }
            int d = decimals_of(cells[c].text);
            if (d > decimals[c])
                decimals[c] = d;
            ps_trend_set(t, l, metric_of[c], v);
        }
    }
    if (rc == PS_OK && ferror(fp))
        rc = ps_error_set(err, PS_EIO, path, 0, 0, "read error: %s", strerror(errno));
    if (rc == PS_OK && !ncols)
        rc = ps_error_set(err, PS_EINPUT, path, lineno ? lineno : 1, 1, "no header line: not a trend table");
    if (rc == PS_OK && t->nlabels == first_label)
        rc = ps_error_set(err, PS_EINPUT, path, lineno, 1, "no data lines");
    if (rc == PS_OK)
        for (int c = 1; c < ncols; c++)
            if (c != load_col && c != config_col)
                t->metrics[metric_of[c]].decimals = decimals[c];
done:
    free(decimals);
    free(line);
    fclose(fp);
    return rc;
}
