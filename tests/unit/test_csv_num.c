/* Unit tests: parser/text/numparse.c against strtod (the reference) and hand values. */
#include <criterion/criterion.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numparse.h"
#include "ps_cpu.h"
#include "test_util.h"

static double P(const char *s, char dec)
{
    double v = -12345;
    cr_assert_eq(ps_num_parse(s, strlen(s), dec, &v), 0, "\"%s\" refused", s);
    return v;
}

static int refused(const char *s)
{
    double v;
    return ps_num_parse(s, strlen(s), '.', &v) != 0;
}

Test(csv_num, hand_values)
{
    cr_assert_eq(P("0", '.'), 0.0);
    cr_assert(signbit(P("-0", '.')));
    cr_assert_eq(P("42", '.'), 42.0);
    cr_assert_eq(P("+7", '.'), 7.0);
    cr_assert_eq(P("-0.25", '.'), -0.25);
    cr_assert_eq(P("1e3", '.'), 1000.0);
    cr_assert_eq(P("1.5E-2", '.'), 0.015);
    cr_assert_eq(P("000123.4500", '.'), 123.45);
    cr_assert_eq(P(".5", '.'), 0.5);
    cr_assert_eq(P("5.", '.'), 5.0);
    cr_assert_eq(P("5,036", ','), 5.036);
    cr_assert_eq(P("0,8", ','), 0.8);
    cr_assert_eq(P("12345678901234567890123", '.'), 12345678901234567890123.0);
    cr_assert_eq(P("84.878330883774523841", '.'), 84.878330883774523841); /* 20 digits */
    cr_assert_eq(P("2345.3290343446924", '.'), 2345.3290343446924);
    cr_assert_eq(P("1e300", '.'), 1e300);
    cr_assert_eq(P("1e-400", '.'), 0.0);
    cr_assert_eq(P("0.000000000000000000000000000001", '.'), 1e-30);
    cr_assert_eq(P("9007199254740993", '.'), 9007199254740992.0); /* tie: to even */
    cr_assert_eq(P("9007199254740995", '.'), 9007199254740996.0);
    cr_assert_eq(P("0.1", '.'), 0.1);
    cr_assert_eq(P("17976931348623157e292", '.'), 1.7976931348623157e308);
    cr_assert_eq(P("123456789012345678901234567890", '.'), 1.2345678901234568e29);
}

Test(csv_num, refusals)
{
    const char *bad[] = {"",    "-",    "+",     ".",     "e5",  "1e", "1e+", "inf", "-inf", "nan",
                         "NaN", "0x10", "1e400", "1.2.3", "1,5", " 1", "1 ",  "--1", "12x"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        cr_assert(refused(bad[i]), "\"%s\" accepted", bad[i]);
    double v;
    cr_assert_eq(ps_num_parse("1.5", 3, ',', &v), -1); /* '.' is not the separator */
}

Test(csv_num, scan_stops_at_delimiter)
{
    const char s[] = "123.25\",\"7";
    double v;
    const char *e = ps_num_scan(s, s + sizeof s - 1, '.', &v);
    cr_assert_eq(e, s + 6);
    cr_assert_eq(v, 123.25);
}

/* distance in ulps between two finite doubles of the same sign */
static uint64_t ulps(double a, double b)
{
    int64_t x, y;
    memcpy(&x, &a, 8);
    memcpy(&y, &b, 8);
    return x > y ? (uint64_t)(x - y) : (uint64_t)(y - x);
}

static uint64_t rnd_state = 0x9E3779B97F4A7C15u;
static uint64_t rnd(void)
{
    return test_xorshift(&rnd_state);
}

Test(csv_num, random_against_strtod)
{
    char buf[64];
    unsigned long exact = 0, n = 0;
    for (int i = 0; i < 300000; i++) {
        /* random digit strings: 1..22 digits, point anywhere, optional exponent, sign */
        int nd = 1 + (int)(rnd() % 22), point = (int)(rnd() % (unsigned)(nd + 1)), k = 0;
        if (rnd() % 2)
            buf[k++] = '-';
        for (int d = 0; d < nd; d++) {
            if (d == point && d > 0)
                buf[k++] = '.';
            buf[k++] = (char)('0' + rnd() % 10);
        }
        if (rnd() % 4 == 0)
            k += snprintf(buf + k, sizeof buf - (size_t)k, "e%d", (int)(rnd() % 80) - 40);
        buf[k] = 0;
        double want = strtod(buf, NULL), got;
        cr_assert_eq(ps_num_parse(buf, (size_t)k, '.', &got), 0, "\"%s\" refused", buf);
        uint64_t u = ulps(want, got);
        cr_assert(u <= 1 || (want == 0 && got == 0), "\"%s\": %.17g vs strtod %.17g", buf, got, want);
        exact += want == got;
        n++;
        /* and the %.17g text of a random double round-trips within 1 ulp */
        double x = (double)(rnd() >> 11) / 9007199254740992.0 * pow(10, (int)(rnd() % 14) - 4);
        k = snprintf(buf, sizeof buf, "%.17g", x);
        cr_assert_eq(ps_num_parse(buf, (size_t)k, '.', &got), 0, "\"%s\" refused", buf);
        cr_assert_eq(got, x, "\"%s\": %.17g", buf, got); /* %.17g round-trips exactly */
    }
    /* the contract is 1 ulp; the implementation is correctly rounded (Eisel-Lemire/strtod) */
    cr_assert_eq(exact, n, "only %lu of %lu exact", exact, n);
}

/* ps_num_scan inside a long line (the fast path for "[-]I[.F]" needs 34 bytes after the
 * number): every result must equal strtod exactly and stop at the closing quote, for random
 * texts of the logged shape and for texts the fast path must hand over (exponents, long
 * mantissas, a '+' sign, no integer digits). */
Test(csv_num, scan_in_line_against_strtod)
{
    char text[64], line[160];
    for (int i = 0; i < 300000; i++) {
        int k = 0, kind = (int)(rnd() % 8);
        if (rnd() % 4 == 0)
            text[k++] = kind == 7 ? '+' : '-';
        int ni = kind == 6 ? 0 : 1 + (int)(rnd() % 9), nf = (int)(rnd() % 23);
        if (ni > 0 && rnd() % 3 == 0) /* integer part zero */
            for (int d = 0; d < ni; d++)
                text[k++] = '0';
        else
            for (int d = 0; d < ni; d++)
                text[k++] = (char)('0' + rnd() % 10);
        if (nf > 0 || rnd() % 2) {
            text[k++] = '.';
            int zeros = (int)(rnd() % 4);
            for (int d = 0; d < nf; d++)
                text[k++] = (char)('0' + (d < zeros ? 0 : rnd() % 10));
        }
        if (kind == 5)
            k += snprintf(text + k, sizeof text - (size_t)k, "%ce%d", '0' + (int)(rnd() % 10), (int)(rnd() % 40) - 20);
        text[k] = 0;
        if (ni == 0 && nf == 0)
            continue; /* no digit at all: not a number */
        int n = snprintf(line, sizeof line, "\"%s\",\"12345678.123456789012\",\"0.5\",\"7\"", text);
        double want = strtod(text, NULL), got = -1;
        const char *e = ps_num_scan(line + 1, line + n, '.', &got);
        cr_assert(e != NULL, "\"%s\" refused", text);
        cr_assert_eq(e, line + 1 + k, "\"%s\": stopped at offset %ld", text, (long)(e - line - 1));
        cr_assert(got == want && signbit(got) == signbit(want), "\"%s\": %.17g vs strtod %.17g", text, got, want);
    }
    /* hand values through the fast path (a long tail follows each) */
    static const struct {
        const char *s;
        double v;
    } hand[] = {
        {"24.593369108748387", 24.593369108748387},
        {"0.020712752914222775", 0.020712752914222775},
        {"12493601.484651633", 12493601.484651633},
        {"-0.5", -0.5},
        {"7", 7.0},
        {"7.", 7.0},
        {"0", 0.0},
        {"00012.50", 12.5},
        {"99999999.999999999", 99999999.999999999},
        {"0.0000000000000000001", 1e-19},
        {"9007199254740993", 9007199254740992.0},
    };
    for (size_t i = 0; i < sizeof hand / sizeof hand[0]; i++) {
        int n = snprintf(line, sizeof line, "%s\",\"0123456789012345678901234567890123456789\"", hand[i].s);
        double got = -1;
        const char *e = ps_num_scan(line, line + n, '.', &got);
        cr_assert(e && *e == '"', "%s", hand[i].s);
        cr_assert_eq(got, hand[i].v, "%s: %.17g", hand[i].s, got);
    }
}

/* Every digit-count combination the fast path distinguishes, bit for bit against strtod:
 * 1..9 integer digits (the 9th leaves the fast path) and 0..22 fraction digits (0 with and
 * without the separator), so 19 digits in all, 20, and more; leading fraction zeros; an
 * integer part of zeros ("0.F", "00.F"); a sign; the number followed by '"', ',', a tab, an
 * exponent (which belongs to the number) or a bare 'e' (refused, as "1e" is). Each text is
 * scanned inside a long line (the fast path, 34 bytes readable) and at the end of its buffer
 * (the general path), and both must agree with strtod and stop right after the number. */
static void check_shape(const char *text, const char *follow)
{
    char line[200], whole[80];
    int bare_e = follow[0] == 'e' && follow[1] == '"';
    int expo = (follow[0] == 'e' || follow[0] == 'E') && !bare_e;
    size_t tl = strlen(text), el = 0;
    if (expo) { /* the exponent is part of the number */
        el = 1 + (follow[1] == '+' || follow[1] == '-');
        el += strspn(follow + el, "0123456789");
    }
    snprintf(whole, sizeof whole, "%s%.*s", text, (int)el, follow);
    double want = strtod(whole, NULL);
    int n = snprintf(line, sizeof line, "%s%s\"12345678.123456789012\",\"0.5\",\"7\",\"99\"", text, follow);
    for (int pass = 0; pass < 2; pass++) {
        /* pass 0: the whole line follows; pass 1: the buffer ends right after the follower */
        const char *end = pass == 0 ? line + n : line + tl + strlen(follow);
        double got = -12345;
        const char *e = ps_num_scan(line, end, '.', &got);
        if (bare_e) {
            cr_assert(e == NULL, "\"%s\" + \"%s\" (pass %d): accepted", text, follow, pass);
            continue;
        }
        cr_assert(e != NULL, "\"%s\" + \"%s\" (pass %d): refused", text, follow, pass);
        cr_assert_eq(e, line + tl + el, "\"%s\" + \"%s\" (pass %d): stopped at offset %ld", text, follow, pass,
                     (long)(e - line));
        cr_assert(memcmp(&got, &want, sizeof got) == 0, "\"%s\" + \"%s\" (pass %d): %.17g vs strtod %.17g", text,
                  follow, pass, got, want);
    }
    /* the cell form: the text alone as a cell whose end is known, with digits and separators
     * before and after it (they must not leak into the number) */
    char cell[200];
    int pre = snprintf(cell, sizeof cell, "1234567.89012345678901234567.8901234567\",\"");
    snprintf(cell + pre, sizeof cell - (size_t)pre, "%s%s9.87654321098765432109876543210\"", text, follow);
    double cw = strtod(text, NULL);
    for (int impl = -1; impl <= 2; impl++) { /* -1: the one chosen for this processor */
        double cg = -12345;
        int rc = impl < 0 ? ps_num_parse_cell(cell + pre, tl, '.', &cg)
                          : ps_num_parse_cell_with(impl, cell + pre, tl, '.', &cg);
        if (rc == -2)
            continue; /* that form is not available here */
        cr_assert_eq(rc, 0, "cell \"%s\" refused (form %d)", text, impl);
        cr_assert(memcmp(&cg, &cw, sizeof cg) == 0, "cell \"%s\" (form %d): %.17g vs strtod %.17g", text, impl, cg, cw);
    }
}

Test(csv_num, fast_path_shapes_against_strtod)
{
    static const char *follow[] = {"\",\"", ",", "\t", "e7\"", "E-3\"", "e+12,", "e\""};
    char text[64];
    unsigned long count = 0;
    for (int ni = 1; ni <= 9; ni++)
        for (int nf = -1; nf <= 22; nf++) /* -1: no separator */
            for (int neg = 0; neg < 2; neg++)
                for (int izero = 0; izero < 2; izero++)
                    for (int fzeros = 0; fzeros <= 3; fzeros += 1 + (fzeros == 1)) /* 0, 1, 3 */
                        for (int rep = 0; rep < 40; rep++) {
                            if (fzeros && nf < fzeros)
                                continue;
                            int k = 0;
                            if (neg)
                                text[k++] = '-';
                            for (int d = 0; d < ni; d++) /* no leading zero unless izero */
                                text[k++] = (char)(izero ? '0' : '0' + (d == 0 ? 1 + rnd() % 9 : rnd() % 10));
                            if (nf >= 0) {
                                text[k++] = '.';
                                for (int d = 0; d < nf; d++)
                                    text[k++] = (char)('0' + (d < fzeros ? 0 : rnd() % 10));
                            }
                            /* now and then all 9s or a final 5 (carries, ties near the digits) */
                            if (rep == 1)
                                for (int d = neg; d < k; d++)
                                    if (text[d] != '.' && !(izero && d < neg + ni))
                                        text[d] = '9';
                            if (rep == 2 && k > neg + 1 && text[k - 1] != '.')
                                text[k - 1] = '5';
                            text[k] = 0;
                            check_shape(text, follow[rep % (sizeof follow / sizeof follow[0])]);
                            count++;
                        }
    cr_assert_eq(count, 9ul * 2 * 2 * (24 + 22 + 20) * 40); /* every combination ran */
}

/* ps_num_parse_cell gives exactly what ps_num_parse gives (result code and value) for cells
 * the fast path must refuse or hand on: exponents, two separators, letters, spaces, no digit,
 * more than 19 significant digits, 9+ integer digits, decimal commas, a lone sign. */
Test(csv_num, cell_form_equals_parse)
{
    static const char *texts[] = {
        "1e5",
        "1.5E-3",
        "1.2.3",
        "12a",
        "a12",
        " 5",
        "5 ",
        "",
        "-",
        "+5",
        ".5",
        "5.",
        "-0",
        "-0.0",
        "123456789.5",
        "1234567890123456789",
        "12345678901234567890",
        "0.12345678901234567890123",
        "00000000000000000000001.5",
        "99999999.9999999999",
        "1,5",
        "0,0151",
        "-7,25",
        "1.5,",
        "\"5\"",
        "0.0000000000000000000000001",
        "18446744073709551616",
        "4.9406564584124654e-324",
    };
    char buf[160];
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        for (int d = 0; d < 2; d++) {
            char dec = d ? ',' : '.';
            size_t n = strlen(texts[i]);
            int pre = snprintf(buf, sizeof buf, "9999999999999999999.99999999999999999999,");
            snprintf(buf + pre, sizeof buf - (size_t)pre, "%s,88888888888888888888888888888888888888888", texts[i]);
            double a = -1;
            int ra = ps_num_parse(texts[i], n, dec, &a), forms = 0;
            for (int impl = -1; impl <= 2; impl++) {
                double b = -2;
                int rb = impl < 0 ? ps_num_parse_cell(buf + pre, n, dec, &b)
                                  : ps_num_parse_cell_with(impl, buf + pre, n, dec, &b);
                if (rb == -2)
                    continue;
                forms++;
                cr_assert_eq(ra, rb, "\"%s\" (dec '%c', form %d): %d vs %d", texts[i], dec, impl, ra, rb);
                if (ra == 0)
                    cr_assert(memcmp(&a, &b, sizeof a) == 0, "\"%s\" (form %d): %.17g vs %.17g", texts[i], impl, a, b);
            }
            cr_assert(forms >= 2, "the portable form and the chosen one always run");
        }
}

/* Texts a hair's breadth from a rounding boundary: the midpoint of two neighbouring doubles
 * (exact in long double), printed with 17 to 19 significant digits in plain decimal form, as
 * a cell. The fast forms must either round it exactly as strtod does or hand it on. Also
 * random 16- to 19-digit mantissas at every scale of the cell form. */
Test(csv_num, cell_form_near_midpoints)
{
    char text[96], cell[200];
    unsigned long n = 0;
    for (int i = 0; i < 200000; i++) {
        double d;
        int digits = 17 + (int)(rnd() % 3);
        if (i % 2) {
            uint64_t bits = (rnd() % (UINT64_C(0x4430000000000000) - UINT64_C(0x3B00000000000000))) +
                            UINT64_C(0x3B00000000000000); /* about 1e-24 .. 1e20 */
            memcpy(&d, &bits, sizeof d);
            long double mid = (long double)d + ((long double)nextafter(d, INFINITY) - (long double)d) / 2;
            int e10 = (int)floorl(log10l(mid));
            int frac = digits - 1 - e10;
            if (frac < 0 || frac > 23 || e10 > 7)
                continue;
            snprintf(text, sizeof text, "%.*Lf", frac, mid);
        } else {
            uint64_t m = rnd() % UINT64_C(10000000000000000000);
            int nf = (int)(rnd() % 20);
            snprintf(text, sizeof text, "%llu", (unsigned long long)m);
            size_t L = strlen(text);
            if ((size_t)nf >= L)
                continue;
            memmove(text + L - nf + 1, text + L - nf, (size_t)nf + 1);
            text[L - nf] = '.';
        }
        size_t tl = strlen(text);
        int pre = snprintf(cell, sizeof cell, "9999999999999999999.999999999999999999999,\"");
        snprintf(cell + pre, sizeof cell - (size_t)pre, "%s\",\"1234567890123456789012345678901234567890\"", text);
        double want = strtod(text, NULL);
        for (int impl = -1; impl <= 2; impl++) {
            double got = -1;
            int rc = impl < 0 ? ps_num_parse_cell(cell + pre, tl, '.', &got)
                              : ps_num_parse_cell_with(impl, cell + pre, tl, '.', &got);
            if (rc == -2)
                continue;
            cr_assert_eq(rc, 0, "\"%s\" refused (form %d)", text, impl);
            cr_assert(memcmp(&got, &want, sizeof got) == 0, "\"%s\" (form %d): %.17g vs strtod %.17g", text, impl, got,
                      want);
        }
        n++;
    }
    cr_assert(n > 100000, "only %lu texts", n);
}

/* One random cell text for the batch test: mostly relog's 17-digit shape at every scale, texts
 * next to a rounding boundary, and now and then exact ties, powers of two, zeros, long
 * integers, exponents and non-numbers. */
static void batch_text(char *text, size_t size, int kind)
{
    static const char *fixed[] = {
        "4503599627370496.5",
        "4503599627370497.5",
        "9007199254740993",
        "9007199254740995",
        "0.5",
        "1",
        "0.25",
        "1024",
        "0.125",
        "0",
        "-0",
        "0.000",
        "-0.0",
        "2",
        "4",
        "0.0625",
        "1e5",
        "12a",
        "123456789.5",
        "1234567890123456789",
        "0.00000000000000000001",
        "99999999.99999999999999",
        "-4503599627370498.5",
        "8",
        "65536",
        "0.0009765625",
        "1.5",
        "-1.5",
        "3.0000000000000004",
        "0.30000000000000004",
    };
    uint64_t r = rnd();
    if (kind % 7 == 3) {
        snprintf(text, size, "%s", fixed[r % (sizeof fixed / sizeof fixed[0])]);
        return;
    }
    if (kind % 7 == 5) { /* next to the midpoint of two doubles (exact in long double) */
        uint64_t b = (r % (UINT64_C(0x4190000000000000) - UINT64_C(0x3C00000000000000))) + UINT64_C(0x3C00000000000000);
        double d;
        memcpy(&d, &b, sizeof d);
        long double mid = (long double)d + ((long double)nextafter(d, INFINITY) - (long double)d) / 2;
        int e10 = (int)floorl(log10l(mid)), f = 16 + (int)(rnd() % 3) - e10;
        if (f >= 0 && f <= 23) {
            snprintf(text, size, "%.*Lf", f, mid);
            return;
        }
    }
    uint64_t bits = (r % (UINT64_C(0x4190000000000000) - UINT64_C(0x3C00000000000000))) + UINT64_C(0x3C00000000000000);
    double d;
    memcpy(&d, &bits, sizeof d); /* about 1e-19 .. 1e8 */
    int e10 = (int)floor(log10(d)), sig = 15 + (int)(rnd() % 5);
    int frac = sig - 1 - e10;
    if (frac < 0)
        frac = 0;
    snprintf(text, size, "%s%.*f", kind % 5 == 1 ? "-" : "", frac > 23 ? 23 : frac, d);
}

/* ps_num_parse_cells in every form gives, cell for cell, exactly what strtod gives, in groups
 * of 1 to 64 cells; a group holding a non-number is refused (-1) by every form alike. */
Test(csv_num, cell_batches_against_strtod)
{
    enum { CELLS = 64, W = 40 };
    static char line[CELLS * W + 64];
    const char *cs[CELLS];
    uint8_t cl[CELLS];
    uint32_t ci[CELLS];
    double want[CELLS * 2], got[CELLS * 2];
    unsigned long groups = 0, refused = 0;
    for (int g = 0; g < 30000; g++) {
        size_t k = 1 + (size_t)(rnd() % CELLS), at = 32;
        int bad = 0;
        memset(line, '7', sizeof line);
        for (size_t j = 0; j < k; j++) {
            char text[W];
            batch_text(text, sizeof text, (int)(rnd() % 1000));
            size_t n = strlen(text);
            memcpy(line + at, text, n);
            line[at + n] = '"';
            cs[j] = line + at;
            cl[j] = (uint8_t)n;
            ci[j] = (uint32_t)(2 * j + (size_t)(g & 1)); /* the values land apart */
            char *end;
            want[j] = strtod(text, &end);
            if (*end || strchr(text, 'e'))
                bad |= *end != 0;
            at += n + 3;
        }
        for (int impl = 0; impl <= 3; impl++) {
            for (size_t j = 0; j < 2 * k; j++)
                got[j] = -77.0;
            int rc = ps_num_parse_cells_with(impl, cs, cl, ci, k, '.', got);
            if (rc == -2)
                continue;
            cr_assert_eq(rc, bad ? -1 : 0, "group %d (form %d): %d", g, impl, rc);
            if (bad)
                continue;
            for (size_t j = 0; j < k; j++)
                cr_assert(memcmp(&got[ci[j]], &want[j], sizeof want[j]) == 0,
                          "\"%.*s\" (form %d): %.17g vs strtod %.17g", (int)cl[j], cs[j], impl, got[ci[j]], want[j]);
        }
        groups++;
        refused += (unsigned long)bad;
    }
    cr_assert(groups == 30000 && refused > 100 && refused < groups / 2, "%lu groups, %lu refused", groups, refused);
}

/* The 8-digit groups of a mantissa below 10^19: m = (a * 10^8 + b) * 10^8 + c. */
static void groups_of(uint64_t m, uint32_t *a, uint32_t *b, uint32_t *c)
{
    *a = (uint32_t)(m / UINT64_C(10000000000000000));
    *b = (uint32_t)(m / 100000000 % 100000000);
    *c = (uint32_t)(m % 100000000);
}

/* The first six cells of the value step tests: 4503599627370496.5 and .6; 2^53 + 1; 0.5; -0;
 * 0.9999999999999999999 (redo: the mask of the cells handed back). */
static void tie_cells_checked(const double *out, uint64_t redo)
{
    cr_assert(redo & 1, "the tie 4503599627370496.5 must be handed back");
    cr_assert(redo & 4, "the tie 2^53 + 1 must be handed back");
    cr_assert(!(redo & 2) && out[1] == 4503599627370497.0, "4503599627370496.6 is decided: %.17g", out[1]);
    cr_assert(!(redo & 8) && out[3] == 0.5);
    cr_assert(!(redo & 16) && out[4] == 0.0 && signbit(out[4]), "-0 keeps its sign");
    cr_assert(!(redo & 32) && out[5] == strtod("0.9999999999999999999", NULL));
}

/* The AVX-512 value step on its own: exact ties and values next to them, decided or handed back. */
Test(csv_num, avx512_values_ties)
{
    if (!ps_num_have_avx512())
        cr_skip("this processor has no AVX-512 text forms (or they were turned off)");
    /* 4503599627370496.5 and .5 neighbours; 2^53 + 1; 0.5; 0; a 19-digit mantissa */
    uint64_t m[6] = {UINT64_C(45035996273704965),  UINT64_C(45035996273704966), UINT64_C(9007199254740993), 5, 0,
                     UINT64_C(9999999999999999999)};
    unsigned nf[6] = {1, 1, 0, 1, 0x100, 19};
    uint32_t grp[64] = {0};
    for (int c = 0; c < 6; c++) /* where the digit step leaves the groups */
        groups_of(m[c], &grp[8 * c + 1], &grp[8 * c + 4], &grp[8 * c + 5]);
    double out[6];
    uint64_t redo = ps_num_values_avx512(grp, nf, 6, out);
    tie_cells_checked(out, redo);
}

/* The same for the AVX2 value step (four cells). */
Test(csv_num, avx2_values_ties)
{
    if ((ps_cpu_features() & (PS_CPU_AVX2 | PS_CPU_FMA)) != (PS_CPU_AVX2 | PS_CPU_FMA))
        cr_skip("this processor has no AVX2 with FMA");
    uint64_t m[8] = {UINT64_C(45035996273704965),
                     UINT64_C(45035996273704966),
                     UINT64_C(9007199254740993),
                     5,
                     0,
                     UINT64_C(9999999999999999999),
                     UINT64_C(45035996273704975),
                     7};
    unsigned w[8] = {1, 1, 0, 1, 0x100, 19, 1, UINT_MAX};
    uint32_t g1[8], g2[8], g3[8];
    for (int c = 0; c < 8; c++)
        groups_of(m[c], &g1[c], &g2[c], &g3[c]);
    double out[8];
    unsigned redo =
        ps_num_values4_avx2(g1, g2, g3, w, out) | ps_num_values4_avx2(g1 + 4, g2 + 4, g3 + 4, w + 4, out + 4) << 4;
    tie_cells_checked(out, redo);
    cr_assert(redo & 64, "the tie 4503599627370497.5 must be handed back");
    cr_assert(redo & 128, "a refused cell is handed back");
}
