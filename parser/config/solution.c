/* solution.c - the solution description file (INI-like text for the ESRP document).
 *
 *   # comment
 *   [document]
 *   vendor = Contoso
 *   overview = First paragraph, which may continue
 *     on indented lines.
 *     .
 *     A lone "." (or a blank line) between indented lines starts a new paragraph.
 *
 * Values are CommonMark (docs/solution-format.md): continuation lines are kept as lines ("\n"
 * joined) with the indentation of the first one removed, so lists, nested lists, "#" headings
 * and tables survive. Only a '#' or ';' in the first column starts a comment.
 */
#include "ps_parser.h"
#include "textfile.h"

#include <stdlib.h>
#include <math.h>
#include <string.h>

typedef struct parse_state {
    const char *name;
    ps_solution *sol;
    ps_buf value; /* value being collected */
    int have_entry; /* value belongs to the last entry */
    int para_break; /* a "." or blank line was seen: next text starts a new paragraph */
    size_t indent; /* indentation of the value's first continuation line */
    int have_indent;
    char section[64];
} parse_state;

static int is_name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

static char lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

static char *name_dup(const char *s, size_t n)
{
    char *r = ps_xstrndup(s, n);
    for (char *p = r; *p; p++)
        *p = *p == '-' ? '_' : lower(*p);
    return r;
}

/* 1 when s[0..n) is valid UTF-8. *bad gets the offset of the first bad byte. */
static int utf8_ok(const unsigned char *s, size_t n, size_t *bad)
{
    for (size_t i = 0; i < n;) {
        unsigned c = s[i];
        size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        if (!len || i + len > n || (len == 2 && c < 0xC2)) {
            *bad = i;
            return 0;
        }
        for (size_t k = 1; k < len; k++)
            if ((s[i + k] & 0xC0) != 0x80) {
                *bad = i;
                return 0;
            }
        i += len;
    }
    return 1;
}

static void finish_value(parse_state *st)
{
    if (!st->have_entry)
        return;
    ps_solution_entry *e = &st->sol->entries[st->sol->nentries - 1];
    free(e->value);
    e->value = ps_buf_steal(&st->value);
    if (!e->value)
        e->value = ps_xstrdup("");
    st->have_entry = 0;
    st->para_break = 0;
    st->have_indent = 0;
}

/* Append one line of text (trailing blanks trimmed) to the value being collected. */
static void add_text(parse_state *st, const char *s, size_t n)
{
    if (!n)
        return;
    if (st->value.len)
        ps_buf_puts(&st->value, st->para_break ? "\n\n" : "\n");
    st->para_break = 0;
    ps_buf_put(&st->value, s, n);
}

static int parse_line(parse_state *st, const char *s, size_t n, long line, ps_error *err)
{
    size_t i = 0;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    size_t end = n;
    while (end > i && (s[end - 1] == ' ' || s[end - 1] == '\t' || s[end - 1] == '\r'))
        end--;
    if (i == end) { /* blank: a paragraph break when the value goes on */
        st->para_break = st->have_entry && st->value.len > 0;
        return 0;
    }
    if (i == 0 && (s[0] == '#' || s[0] == ';'))
        return 0; /* comment: never ends a value */
    if (i > 0) { /* continuation */
        if (!st->have_entry)
            return ps_error_set(err, PS_EINPUT, st->name, line, (long)i + 1,
                                "indented line continues nothing (values start with 'key = ...')");
        if (!st->have_indent) {
            st->indent = i;
            st->have_indent = 1;
        }
        size_t from = i < st->indent ? i : st->indent; /* keep indentation beyond the first line's */
        if (end - i == 1 && s[i] == '.')
            st->para_break = st->value.len > 0;
        else
            add_text(st, s + from, end - from);
        return 0;
    }
    finish_value(st);
    if (s[0] == '[') {
        size_t k = 1;
        while (k < end && is_name_char(s[k]))
            k++;
        if (k == 1 || k >= end || s[k] != ']' || k + 1 != end)
            return ps_error_set(err, PS_EINPUT, st->name, line, (long)(k < end ? k + 1 : end + 1),
                                "malformed section header (expected '[name]' with letters, digits, '_')");
        if (k - 1 >= sizeof st->section)
            return ps_error_set(err, PS_EINPUT, st->name, line, 2, "section name too long");
        char *nm = name_dup(s + 1, k - 1);
        strcpy(st->section, nm);
        free(nm);
        return 0;
    }
    size_t k = 0;
    while (k < end && is_name_char(s[k]))
        k++;
    size_t key_end = k;
    while (k < end && (s[k] == ' ' || s[k] == '\t'))
        k++;
    if (key_end == 0 || k >= end || s[k] != '=')
        return ps_error_set(err, PS_EINPUT, st->name, line, (long)(key_end == 0 ? 1 : k + 1),
                            key_end == 0 ? "expected 'key = value', '[section]' or '# comment'"
                                         : "expected '=' after the key");
    if (!st->section[0])
        return ps_error_set(err, PS_EINPUT, st->name, line, 1, "entry before the first [section]");
    char *key = name_dup(s, key_end);
    for (size_t e = 0; e < st->sol->nentries; e++) {
        const ps_solution_entry *o = &st->sol->entries[e];
        if (strcmp(o->section, st->section) == 0 && strcmp(o->key, key) == 0) {
            free(key);
            return ps_error_set(err, PS_EINPUT, st->name, line, 1, "'%s' repeated in [%s] (first on line %ld)", o->key,
                                o->section, o->line);
        }
    }
    ps_solution *sol = st->sol;
    sol->entries = ps_xrealloc(sol->entries, (sol->nentries + 1) * sizeof *sol->entries);
    ps_solution_entry *e = &sol->entries[sol->nentries++];
    e->section = ps_xstrdup(st->section);
    e->key = key;
    e->value = NULL;
    e->line = line;
    e->col = 1;
    k++;
    while (k < end && (s[k] == ' ' || s[k] == '\t'))
        k++;
    st->have_entry = 1;
    ps_buf_reset(&st->value);
    add_text(st, s + k, end - k);
    return 0;
}

/* Keys whose value is a count: a positive number, "," allowed as thousands separator. The one
 * validation that 'report' and 'trend' share. */
static const struct {
    const char *section, *key;
} numeric_keys[] = {
    {"document", "mailboxes"},
    {"hardware", "disks_tested"},
    {"simulated", "dags"},
    {"simulated", "servers_per_dag"},
};

/* Value of a count: 0 and *out, or -1 when it is not a positive number. */
static int count_value(const char *value, double *out)
{
    char num[64];
    size_t w = 0;
    for (const char *p = value; *p; p++) {
        if (*p == ',')
            continue;
        if (w + 1 >= sizeof num)
            return -1;
        num[w++] = *p;
    }
    num[w] = 0;
    return ps_parse_double(num, w, out) == 0 && *out > 0 && isfinite(*out) ? 0 : -1;
}

static int validate(const ps_solution *sol, ps_error *err)
{
    for (size_t i = 0; i < sol->nentries; i++) {
        const ps_solution_entry *e = &sol->entries[i];
        double v;
        for (size_t k = 0; k < sizeof numeric_keys / sizeof numeric_keys[0]; k++)
            if (strcmp(e->section, numeric_keys[k].section) == 0 && strcmp(e->key, numeric_keys[k].key) == 0 &&
                count_value(e->value, &v) != 0)
                return ps_error_set(err, PS_EINPUT, sol->source, e->line, e->col,
                                    "[%s] %s: expected a positive number, got '%s'", e->section, e->key, e->value);
    }
    return 0;
}

int ps_solution_number(const ps_solution *sol, const char *section, const char *key, double *out)
{
    for (size_t i = 0; sol && i < sol->nentries; i++) {
        const ps_solution_entry *e = &sol->entries[i];
        if (strcmp(e->section, section) == 0 && strcmp(e->key, key) == 0)
            return count_value(e->value, out) == 0;
    }
    return 0;
}

int ps_solution_parse(const char *text, size_t len, const char *name, ps_solution **out, ps_error *err)
{
    *out = NULL;
    parse_state st = {0};
    st.name = name ? name : "-";
    st.sol = ps_xcalloc(1, sizeof *st.sol);
    st.sol->source = ps_xstrdup(st.name);
    size_t pos = 0;
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        pos = 3;
    long line = 1;
    int rc = 0;
    while (pos < len && !rc) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t n = nl ? (size_t)(nl - (text + pos)) : len - pos;
        size_t bad;
        if (memchr(text + pos, '\0', n))
            rc = ps_error_set(err, PS_EINPUT, st.name, line, 1, "NUL byte: not a text file");
        else if ((rc = ps_text_line_check(st.name, text + pos, n, line, err)) != 0)
            ; /* line longer than 65536 bytes (F5) */
        else if (!utf8_ok((const unsigned char *)text + pos, n, &bad))
            rc = ps_error_set(err, PS_EINPUT, st.name, line, (long)bad + 1, "invalid UTF-8 (save the file as UTF-8)");
        else
            rc = parse_line(&st, text + pos, n, line, err);
        pos += n + (nl ? 1 : 0);
        line++;
    }
    if (!rc)
        finish_value(&st);
    if (!rc)
        rc = validate(st.sol, err);
    ps_buf_fini(&st.value);
    if (rc) {
        if (st.have_entry) { /* keep the struct consistent for freeing */
            ps_solution_entry *e = &st.sol->entries[st.sol->nentries - 1];
            if (!e->value)
                e->value = ps_xstrdup("");
        }
        ps_solution_free(st.sol);
        return rc;
    }
    *out = st.sol;
    return 0;
}

int ps_solution_read(const char *path, ps_solution **out, ps_error *err)
{
    *out = NULL;
    ps_buf b = {0};
    int r = ps_text_read(path, &b, err); /* at most 8 MiB (F5), noted as an input (F27) */
    if (r) {
        ps_buf_fini(&b);
        return r;
    }
    int rc = ps_solution_parse(b.data ? b.data : "", b.len, path, out, err);
    ps_buf_fini(&b);
    return rc;
}

void ps_solution_free(ps_solution *sol)
{
    if (!sol)
        return;
    for (size_t i = 0; i < sol->nentries; i++) {
        free(sol->entries[i].section);
        free(sol->entries[i].key);
        free(sol->entries[i].value);
    }
    free(sol->entries);
    free(sol->source);
    free(sol);
}
