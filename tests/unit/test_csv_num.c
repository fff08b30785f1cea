/* Unit tests: parser/numparse.c against strtod (the reference) and hand values. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numparse_internal.h"

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
    cr_assert_eq(P("84.878330883774523841", '.'), 84.878330883774523841);   /* 20 digits */
    cr_assert_eq(P("2345.3290343446924", '.'), 2345.3290343446924);
    cr_assert_eq(P("1e300", '.'), 1e300);
    cr_assert_eq(P("1e-400", '.'), 0.0);
    cr_assert_eq(P("0.000000000000000000000000000001", '.'), 1e-30);
    cr_assert_eq(P("9007199254740993", '.'), 9007199254740992.0);   /* tie: to even */
    cr_assert_eq(P("9007199254740995", '.'), 9007199254740996.0);
    cr_assert_eq(P("0.1", '.'), 0.1);
    cr_assert_eq(P("17976931348623157e292", '.'), 1.7976931348623157e308);
    cr_assert_eq(P("123456789012345678901234567890", '.'), 1.2345678901234568e29);
}

Test(csv_num, refusals)
{
    const char *bad[] = {"", "-", "+", ".", "e5", "1e", "1e+", "inf", "-inf", "nan", "NaN", "0x10",
                         "1e400", "1.2.3", "1,5", " 1", "1 ", "--1", "12x"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        cr_assert(refused(bad[i]), "\"%s\" accepted", bad[i]);
    double v;
    cr_assert_eq(ps_num_parse("1.5", 3, ',', &v), -1);   /* '.' is not the separator */
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
    rnd_state ^= rnd_state << 13;
    rnd_state ^= rnd_state >> 7;
    rnd_state ^= rnd_state << 17;
    return rnd_state;
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
        cr_assert_eq(got, x, "\"%s\": %.17g", buf, got);   /* %.17g round-trips exactly */
    }
    /* the contract is 1 ulp; the implementation is correctly rounded (Eisel-Lemire/strtod) */
    cr_assert_eq(exact, n, "only %lu of %lu exact", exact, n);
}
