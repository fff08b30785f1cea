/* Unit tests: paper text as Windows and PDF tools write it (issue 18 item 11): UTF-16 with and
 * without a byte order mark, no-break spaces, decimal commas. Expected values are the printed
 * figures read by hand. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ps_parser.h"

static const char head[] = "Tested with: ESRP - Storage Version 2.1\n";

static ps_paper *parse_bytes(const char *text, size_t len, ps_warnings *w)
{
    ps_paper *p = NULL;
    ps_error err;
    ps_error_clear(&err);
    int rc = ps_paper_parse("t.txt", text, len, &p, w, &err);
    cr_assert_eq(rc, 0, "parse failed: %s", err.msg);
    return p;
}

static ps_paper *parse(const char *line)
{
    char text[512];
    snprintf(text, sizeof text, "%s%s\n", head, line);
    return parse_bytes(text, strlen(text), NULL);
}

static const ps_claim *first(const ps_paper *p, enum ps_metric m)
{
    for (size_t i = 0; i < p->nclaims; i++)
        if (p->claims[i].metric == m)
            return &p->claims[i];
    return NULL;
}

/* value of the first transfers claim, NAN when there is none or it has no number */
static double transfers(const char *figure, int *dec)
{
    char line[128];
    snprintf(line, sizeof line, "Average Database Disk Transfers/sec %s", figure);
    ps_paper *p = parse(line);
    const ps_claim *c = first(p, PS_M_DB_TRANSFERS);
    double v = c ? c->value : NAN;
    if (dec)
        *dec = c ? c->decimals : -1;
    ps_paper_free(p);
    return v;
}

Test(paper_text, decimal_comma_is_a_decimal_point)
{
    int d;
    cr_assert_float_eq(transfers("0,20", &d), 0.20, 1e-12); /* was read as 20 */
    cr_assert_eq(d, 2);
    cr_assert_float_eq(transfers("12,5", &d), 12.5, 1e-12);
    cr_assert_eq(d, 1);
    cr_assert_float_eq(transfers("0,200", &d), 0.2, 1e-12); /* "0," never starts thousands */
    cr_assert_eq(d, 3);
}

Test(paper_text, thousands_commas_still_group)
{
    int d;
    cr_assert_float_eq(transfers("1,234", &d), 1234, 1e-9);
    cr_assert_eq(d, 0);
    cr_assert_float_eq(transfers("1,234,567.25", &d), 1234567.25, 1e-6);
    cr_assert_eq(d, 2);
}

Test(paper_text, mixed_separators_are_unreadable_not_misread)
{
    cr_assert(isnan(transfers("1.234,56", NULL)));
    cr_assert(isnan(transfers("1,23,4567", NULL)));
    cr_assert(isnan(transfers("0,20.5", NULL)));
}

Test(paper_text, no_break_spaces)
{
    /* U+00A0 between label and figure, U+202F as thousands separator */
    cr_assert_float_eq(transfers("\xC2\xA0"
                                 "150.250",
                                 NULL),
                       150.25, 1e-12);
    cr_assert_float_eq(transfers("1\xE2\x80\xAF"
                                 "234.5",
                                 NULL),
                       1234.5, 1e-9);
    cr_assert_float_eq(transfers("1\xC2\xA0"
                                 "234",
                                 NULL),
                       1234, 1e-9);
}

/* UTF-8 text to UTF-16 (BMP only), little or big endian, with or without BOM */
static char *to_utf16(const char *s, int be, int bom, size_t *len)
{
    size_t n = strlen(s);
    char *out = malloc(2 * n + 4), *o = out;
    if (bom) {
        *o++ = be ? '\xFE' : '\xFF';
        *o++ = be ? '\xFF' : '\xFE';
    }
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        unsigned cp = c;
        if (c >= 0xE0) {
            cp = (c & 0x0Fu) << 12 | ((unsigned char)s[i + 1] & 0x3Fu) << 6 | ((unsigned char)s[i + 2] & 0x3Fu);
            i += 3;
        } else if (c >= 0xC0) {
            cp = (c & 0x1Fu) << 6 | ((unsigned char)s[i + 1] & 0x3Fu);
            i += 2;
        } else {
            i++;
        }
        *o++ = (char)(be ? cp >> 8 : cp & 0xFF);
        *o++ = (char)(be ? cp & 0xFF : cp >> 8);
    }
    *len = (size_t)(o - out);
    return out;
}

Test(paper_text, utf16_with_and_without_bom)
{
    static const char text[] = "Tested with: ESRP - Storage Version 2.1\n"
                               "Average Database Disk Transfers/sec \xC2\xA0"
                               "150.250\n"
                               "Average Database Disk Reads/sec 100.200\n";
    for (int be = 0; be < 2; be++)
        for (int bom = 0; bom < 2; bom++) {
            size_t len;
            char *u = to_utf16(text, be, bom, &len);
            ps_paper *p = parse_bytes(u, len, NULL);
            const ps_claim *c = first(p, PS_M_DB_TRANSFERS), *r = first(p, PS_M_DB_READS);
            cr_assert(c && r, "be=%d bom=%d: %zu claims", be, bom, p->nclaims);
            cr_assert_float_eq(c->value, 150.25, 1e-12);
            cr_assert_float_eq(r->value, 100.2, 1e-12);
            ps_paper_free(p);
            free(u);
        }
}

Test(paper_text, utf16_odd_length_warns)
{
    static const char text[] = "Tested with: ESRP - Storage Version 2.1\nAverage Database Disk Reads/sec 100.200\n";
    size_t len;
    char *u = to_utf16(text, 0, 1, &len);
    u[len] = 'x'; /* one stray byte */
    ps_warnings w = {0};
    ps_paper *p = parse_bytes(u, len + 1, &w);
    cr_assert(first(p, PS_M_DB_READS));
    cr_assert_eq(w.n, 1);
    cr_assert_str_eq(w.msgs[0],
                     "t.txt: UTF-16 text of an odd number of bytes: the last byte (half a character) ignored");
    ps_warnings_fini(&w);
    ps_paper_free(p);
    free(u);
}
