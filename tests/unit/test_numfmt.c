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
    cr_assert_str_eq(g(0.1, 17), "0.10000000000000001");   /* 0.1000000000000000055511... */
    cr_assert_str_eq(g(1.0 / 3, 17), "0.33333333333333331");
    cr_assert_str_eq(g(2.0 / 3, 17), "0.66666666666666663");
    cr_assert_str_eq(g(12.5, 17), "12.5");
    cr_assert_str_eq(g(100, 17), "100");
    cr_assert_str_eq(g(-42, 17), "-42");
    cr_assert_str_eq(g(0, 17), "0");
    cr_assert_str_eq(g(-0.0, 17), "-0");
    cr_assert_str_eq(g(1e17, 17), "1e+17");                 /* x = d: exponent form */
    cr_assert_str_eq(g(1e16, 17), "10000000000000000");     /* x = d - 1: plain */
    cr_assert_str_eq(g(0.0001, 17), "0.0001");              /* x = -4: plain */
    cr_assert_str_eq(g(0.00001, 17), "1.0000000000000001e-05");
    cr_assert_str_eq(g(9007199254740993.0, 17), "9007199254740992");   /* 2^53 + 1 is not a double */
    cr_assert_str_eq(g(123456789012345678.0, 17), "1.2345678901234568e+17");
    cr_assert_str_eq(g(DBL_MAX, 17), "1.7976931348623157e+308");
    cr_assert_str_eq(g(DBL_MIN, 17), "2.2250738585072014e-308");
    cr_assert_str_eq(g(4.9406564584124654e-324, 17), "4.9406564584124654e-324");   /* smallest subnormal */
    cr_assert_str_eq(g(1234.5, 3), "1.23e+03");
    cr_assert_str_eq(g(0.5, 1), "0.5");
    cr_assert_str_eq(g(9.5, 1), "1e+01");                   /* rounding carries into the exponent */
    cr_assert_str_eq(g(99999999999999999.0, 17), "1e+17");  /* the double is 1e17 exactly */
    /* exact ties round to even: 2.5 -> 2, 3.5 -> 4, 0.125 -> 0.12 (all exact in binary) */
    cr_assert_str_eq(g(2.5, 1), "2");
    cr_assert_str_eq(g(3.5, 1), "4");
    cr_assert_str_eq(g(0.125, 2), "0.12");
    cr_assert_str_eq(g(0.375, 2), "0.38");
    cr_assert_str_eq(g(1e300 * 10, 17), "1.0000000000000001e+301");
    cr_assert_str_eq(g(INFINITY, 17), "inf");
    cr_assert_str_eq(g(0.1, 20), "0.10000000000000000555");   /* > 17 digits: snprintf */
    cr_assert_str_eq(g(0.1, 0), "0.10000000000000001");       /* out of range: 17 */
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
