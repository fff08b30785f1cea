/* Unit tests: render/out/numfmt.c - ps_fmt_g, "%.<d>g" without printf. Expected strings by
 * hand for chosen values (rounding, ties to even, exponent form, subnormals), then a few million
 * doubles against snprintf("%.*g"), glibc's exact reference (bench/bench_numfmt.sh runs 100
 * million). */
#include <criterion/criterion.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ps_numfmt.h"

static const char *g(double v, int d)
{
    static char out[PS_FMT_G_MAX];
    int n = ps_fmt_g(out, v, d);
    cr_assert_eq((size_t)n, strlen(out));
    return out;
}

Test(numfmt, by_hand)
{
    cr_assert_str_eq(g(0.1, 17), "0.10000000000000001"); /* 0.1000000000000000055511... */
    cr_assert_str_eq(g(1.0 / 3, 17), "0.33333333333333331");
    cr_assert_str_eq(g(2.0 / 3, 17), "0.66666666666666663");
    cr_assert_str_eq(g(12.5, 17), "12.5");
    cr_assert_str_eq(g(100, 17), "100");
    cr_assert_str_eq(g(-42, 17), "-42");
    cr_assert_str_eq(g(0, 17), "0");
    cr_assert_str_eq(g(-0.0, 17), "-0");
    cr_assert_str_eq(g(1e17, 17), "1e+17"); /* x = d: exponent form */
    cr_assert_str_eq(g(1e16, 17), "10000000000000000"); /* x = d - 1: plain */
    cr_assert_str_eq(g(0.0001, 17), "0.0001"); /* x = -4: plain */
    cr_assert_str_eq(g(0.00001, 17), "1.0000000000000001e-05");
    cr_assert_str_eq(g(9007199254740993.0, 17), "9007199254740992"); /* 2^53 + 1 is not a double */
    cr_assert_str_eq(g(123456789012345678.0, 17), "1.2345678901234568e+17");
    cr_assert_str_eq(g(DBL_MAX, 17), "1.7976931348623157e+308");
    cr_assert_str_eq(g(DBL_MIN, 17), "2.2250738585072014e-308");
    cr_assert_str_eq(g(4.9406564584124654e-324, 17), "4.9406564584124654e-324"); /* smallest subnormal */
    cr_assert_str_eq(g(1234.5, 3), "1.23e+03");
    cr_assert_str_eq(g(0.5, 1), "0.5");
    cr_assert_str_eq(g(9.5, 1), "1e+01"); /* rounding carries into the exponent */
    cr_assert_str_eq(g(99999999999999999.0, 17), "1e+17"); /* the double is 1e17 exactly */
    /* exact ties round to even: 2.5 -> 2, 3.5 -> 4, 0.125 -> 0.12 (all exact in binary) */
    cr_assert_str_eq(g(2.5, 1), "2");
    cr_assert_str_eq(g(3.5, 1), "4");
    cr_assert_str_eq(g(0.125, 2), "0.12");
    cr_assert_str_eq(g(0.375, 2), "0.38");
    cr_assert_str_eq(g(1e300 * 10, 17), "1.0000000000000001e+301");
    cr_assert_str_eq(g(INFINITY, 17), "inf");
    cr_assert_str_eq(g(0.1, 20), "0.10000000000000000555"); /* > 17 digits: snprintf */
    cr_assert_str_eq(g(0.1, 0), "0.10000000000000001"); /* out of range: 17 */
}

/* Values at the edges of the fast path: the carry of 1e23's digits into the exponent, the ends
 * of the directly tabled powers of ten (10^-24..10^39, so x = -23 and 41 at 17 digits), the
 * 0.000ddd form with a point after padding zeros, halves (exact ties) and digits that end in
 * zeros. Exact doubles as hex floats; the strings were printed by glibc's printf("%.*g") in a
 * separate program, not by ps_fmt_g. */
Test(numfmt, edges_printed_by_printf)
{
    static const struct {
        double v;
        int d;
        const char *want;
    } cases[] = {
        {0x1.52d02c7e14af6p+76, 17, "9.9999999999999992e+22"}, /* the double nearest 1e23 */
        {0x1.52d02c7e14af6p+76, 16, "9.999999999999999e+22"},
        {0x1.52d02c7e14af6p+76, 15, "1e+23"},
        {0x1.8e757928e0c9ep-14, 1, "0.0001"}, /* 9.5e-5: rounds to x = -4 */
        {0x1.02e85be111841p-13, 17, "0.000123456789"},
        {0x1.e2408p+16, 6, "123456"}, /* 123456.5: tie to even */
        {0x1.e2418p+16, 6, "123458"}, /* 123457.5 */
        {0x1.2d6878p+20, 17, "1234567.5"},
        {0x1.c6bf52634p+49, 17, "1000000000000000"},
        {0x1.aa535d3d0cp+53, 17, "15000000000000000"},
        {0x1.25dfa371a19e7p+136, 17, "1e+41"}, /* k = -25: composed power */
        {0x1.60a5f7552857cp+134, 17, "3.0000000000000002e+40"}, /* k = -24: tabled */
        {0x1.d03a3e67cd5fbp-80, 17, "1.5e-24"}, /* k = 40: composed */
        {0x1.ef2d0f5da7dd9p-84, 17, "1e-25"},
        {0x1.56e1fc2f8f359p-997, 17, "1e-300"},
        {0x0.0000000000001p-1022, 1, "5e-324"},
        {0x0.0000000000005p-1022, 2, "2.5e-323"},
        {0x1.0624dd2f1a9fcp-10, 17, "0.001"},
        {0x1.e847fffffffffp+19, 17, "999999.99999999988"},
        {0x1.e666666666666p-1, 1, "0.9"}, /* 0.95 is below the tie */
        {0x1.8ep+6, 2, "1e+02"}, /* 99.5: tie, even 100 */
        {0x1.0f0cf064dd592p+73, 17, "1e+22"},
        {0x1p+52, 17, "4503599627370496"},
        {0x1.00004b04p+33, 17, "8589973000"},
        {0x1.3333333333333p-2, 17, "0.29999999999999999"},
        {0x1.4f8b588e368f1p-17, 1, "1e-05"},
        {0x1.edd2f1a9fbe77p+6, 17, "123.456"},
        {0x1.81cd6e9e1b08ap+16, 10, "98765.4321"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        cr_assert_str_eq(g(cases[i].v, cases[i].d), cases[i].want, "%a with %d digits", cases[i].v, cases[i].d);
}

static uint64_t st = 0x9E3779B97F4A7C15ULL;

static uint64_t rnd(void)
{
    st ^= st << 13;
    st ^= st >> 7;
    st ^= st << 17;
    return st;
}

/* Random bit patterns (every exponent, subnormals, both signs), counter-like readings 0.001 ..
 * 1e9, integers below 2^53 and short decimals, at 17 digits and at 1..17. */
Test(numfmt, matches_snprintf_on_millions, .timeout = 120)
{
    char a[PS_FMT_G_MAX], b[PS_FMT_G_MAX];
    long checked = 0;
    for (long i = 0; i < 2000000; i++) {
        uint64_t r = rnd();
        double v;
        switch (i % 4) {
        case 0: memcpy(&v, &r, sizeof v); break;
        case 1: v = 0.001 + (double)(r >> 11) / 9007199254740992.0 * 1e9; break;
        case 2: v = (double)(r >> 11); break;
        default: v = (double)(r % 100000000) / (r & 1 ? 1000.0 : 8.0); break;
        }
        if (!isfinite(v))
            continue;
        int d = i % 3 ? 17 : 1 + (int)(rnd() % 17);
        ps_fmt_g(a, v, d);
        snprintf(b, sizeof b, "%.*g", d, v);
        cr_assert_str_eq(a, b, "%a with %d digits", v, d);
        checked++;
    }
    cr_assert_gt(checked, 1900000);
}

/* The neighbours of every power of ten and of halfway values, where rounding is hardest. */
Test(numfmt, powers_of_ten_and_ties)
{
    char a[PS_FMT_G_MAX], b[PS_FMT_G_MAX];
    for (int j = -323; j <= 308; j++) {
        double base[] = {pow(10, j), 5 * pow(10, j), 1.5 * pow(10, j), 9.5 * pow(10, j)};
        for (size_t k = 0; k < sizeof base / sizeof base[0]; k++) {
            double v = base[k];
            for (int s = 0; s < 4 && v != 0; s++)
                v = nextafter(v, 0);
            for (int s = 0; s < 9 && isfinite(v); s++, v = nextafter(v, INFINITY))
                for (int d = 1; d <= 17; d += 4) {
                    ps_fmt_g(a, v, d);
                    snprintf(b, sizeof b, "%.*g", d, v);
                    cr_assert_str_eq(a, b, "%a with %d digits", v, d);
                }
        }
    }
}
