/* paper_report.c - reading an appendix Jetstress report as a whole: the number format its own
 * figures are written in (decimal point or decimal comma, decided from evidence inside the
 * report), and a report label wrapped across two lines by a narrow column. */
#include "paper_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}
static int is_alpha(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/* a character before a number that makes it part of a name or path ("Instance2002.1", "H:\log1") */
static int joins_name(char c)
{
    return is_alpha(c) || is_digit(c) || c == '_' || c == '\\' || c == '/' || c == '.' || c == ',' || c == '-' ||
           c == '#' || (unsigned char)c >= 0x80;
}

enum pp_numclass paper_number_class(const char *t, size_t n)
{
    size_t groups[16], ng = 0, cur = 0;
    char seps[16];
    for (size_t i = 0; i < n; i++) {
        if (is_digit(t[i])) {
            cur++;
            continue;
        }
        if ((t[i] != '.' && t[i] != ',') || cur == 0 || ng == 15)
            return PNC_NONE;
        seps[ng] = t[i];
        groups[ng++] = cur;
        cur = 0;
    }
    if (cur == 0)
        return PNC_NONE;
    groups[ng] = cur;
    if (ng == 0)
        return PNC_NONE;
    if (groups[0] > 1 && t[0] == '0')
        return PNC_NONE; /* "000,000": the rest of a number split by a space ("35 000,000") */
    char last = seps[ng - 1];
    int zero_first = groups[0] == 1 && t[0] == '0';
    /* the separators before the last one must be thousands groups of the other kind */
    for (size_t k = 0; k + 1 < ng; k++)
        if (groups[k + 1] != 3 || groups[0] > 3 || zero_first)
            return PNC_NONE;
    int all_last = 1;
    for (size_t k = 0; k < ng; k++)
        all_last &= seps[k] == last;
    if (ng > 1 && all_last) /* "1,234,567" / "1.234.567": thousands groups only */
        return groups[ng] == 3 ? (last == ',' ? PNC_POINT : PNC_COMMA) : PNC_NONE;
    for (size_t k = 0; k + 1 < ng; k++)
        if (seps[k] == last)
            return PNC_NONE;
    /* one decimal separator (after thousands groups of the other kind, if any) */
    int either = ng == 1 && groups[1] == 3 && groups[0] <= 3 && !zero_first;
    if (last == ',')
        return either ? PNC_EITHER_COMMA : PNC_COMMA;
    return either ? PNC_EITHER_POINT : PNC_POINT;
}

/* Calls fn on each number token of s[0, n) that is not part of a name: a run of digits with
 * single '.' or ',' between them, without a '.' or ',' that ends a sentence. */
static void each_number(char *s, size_t n, void (*fn)(char *t, size_t len, void *arg), void *arg)
{
    size_t i = 0;
    while (i < n) {
        if (!is_digit(s[i]) || (i > 0 && joins_name(s[i - 1]))) {
            i++;
            continue;
        }
        size_t j = i;
        while (j < n && (is_digit(s[j]) || ((s[j] == '.' || s[j] == ',') && j + 1 < n && is_digit(s[j + 1]))))
            j++;
        fn(s + i, j - i, arg);
        i = j;
        while (i < n && (is_digit(s[i]) || s[i] == '.' || s[i] == ','))
            i++;
    }
}

struct evidence {
    size_t comma, point, either_comma;
};

static void count_evidence(char *t, size_t len, void *arg)
{
    struct evidence *ev = arg;
    enum pp_numclass c = paper_number_class(t, len);
    ev->comma += c == PNC_COMMA;
    ev->point += c == PNC_POINT;
    ev->either_comma += c == PNC_EITHER_COMMA;
}

static int title_line(paper_patterns *pp, const char *s, size_t n)
{
    for (size_t i = 0; i < pp->n; i++)
        if (pp->def[i].kind == PP_TITLE && paper_match(pp, pp->code[i], s, n, 0, 0) > 0)
            return 1;
    return 0;
}

enum pp_numfmt paper_report_numfmt(rd *r)
{
    struct evidence ev = {0, 0, 0};
    size_t i = r->line_off;
    int first = 1;
    char *tmp = NULL;
    while (i < r->text_len) {
        size_t j = i;
        while (j < r->text_len && r->text[j] != '\n' && r->text[j] != '\f')
            j++;
        if (!first && title_line(&r->pp, r->text + i, j - i))
            break; /* the next report */
        first = 0;
        tmp = ps_xrealloc(tmp, j - i + 1);
        memcpy(tmp, r->text + i, j - i);
        each_number(tmp, j - i, count_evidence, &ev);
        i = j + 1;
    }
    free(tmp);
    if ((ev.comma && ev.point) || (!ev.comma && !ev.point && ev.either_comma))
        return PNF_AMBIGUOUS; /* both decimal forms, or "1,150" and nothing to tell it by */
    return ev.comma ? PNF_COMMA : PNF_POINT;
}

static void swap_token(char *t, size_t len, void *arg)
{
    (void)arg;
    enum pp_numclass c = paper_number_class(t, len);
    if (c == PNC_NONE)
        return;
    for (size_t k = 0; k < len; k++)
        t[k] = t[k] == ',' ? '.' : t[k] == '.' ? ',' : t[k];
}

void paper_swap_separators(char *s, size_t n)
{
    each_number(s, n, swap_token, NULL);
}

void paper_report_claims(rd *r, size_t first, int fmt)
{
    if (fmt == PNF_POINT)
        return;
    for (size_t i = first; i < r->p->nclaims; i++) {
        ps_claim *c = &r->p->claims[i];
        if (!c->text || !c->text[0])
            continue;
        size_t len = strlen(c->text);
        enum pp_numclass k = paper_number_class(c->text, len);
        if (fmt == PNF_COMMA) {
            if (k != PNC_NONE) /* the line was read with its separators swapped: print it as written */
                swap_token(c->text, len, NULL);
            continue;
        }
        int groups_only = k == PNC_POINT && !strchr(c->text, '.'); /* "35,000,000" (or "35 000,000") */
        if ((k != PNC_EITHER_COMMA && !groups_only) || c->metric == PS_MX_UNREAD)
            continue;
        /* "15,484" in a report that writes both decimal forms: 15.484 or 15484, not read; nor
         * "35,000,000", which a French no-break space makes of 35 000,000 */
        if (c->who) {
            free(c->label);
            c->label = ps_xstrdup(c->who);
        }
        c->metric = PS_MX_UNREAD;
        c->value = NAN;
        c->decimals = -1;
        c->half_unit = 0;
        c->table = -1;
        c->col = -1;
        c->total_table = 0;
    }
}

/* ------------------------------------------------------------------ wrapped labels */

char *paper_wrapped_label(rd *r, const char *s, size_t n, size_t *outn)
{
    if (!r->wrap_prev || r->cur_report < 0)
        return NULL;
    size_t a = 0;
    while (a < n && (s[a] == ' ' || s[a] == '\t'))
        a++;
    if (a == n)
        return NULL;
    size_t pn = r->wrap_prevn;
    char *j = ps_xmalloc(pn + 1 + (n - a) + 1);
    memcpy(j, r->wrap_prev, pn);
    j[pn] = ' ';
    memcpy(j + pn + 1, s + a, n - a);
    size_t jn = pn + 1 + (n - a);
    j[jn] = 0;
    for (size_t i = 0; i < r->pp.n; i++) {
        const paper_pattern *d = &r->pp.def[i];
        if (d->kind != PP_LABEL || d->where == PW_BODY)
            continue;
        if (paper_match(&r->pp, r->pp.code[i], j, jn, 0, PCRE2_ANCHORED) <= 0)
            continue;
        PCRE2_SIZE *ov = pcre2_get_ovector_pointer(r->pp.md);
        if (ov[1] > pn + 1) { /* the label runs on into this line */
            *outn = jn;
            return j;
        }
    }
    free(j);
    return NULL;
}

void paper_remember_line(rd *r, const char *s, size_t n, int joined)
{
    free(r->wrap_prev);
    r->wrap_prev = NULL;
    if (joined || r->cur_report < 0)
        return;
    size_t a = 0, b = n;
    while (a < b && (s[a] == ' ' || s[a] == '\t'))
        a++;
    while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t'))
        b--;
    if (a == b)
        return;
    for (size_t i = a; i < b; i++)
        if (is_digit(s[i]))
            return; /* the first part of a wrapped label holds no number */
    r->wrap_prev = ps_xstrndup(s + a, b - a);
    r->wrap_prevn = b - a;
}
