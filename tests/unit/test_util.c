/* Unit tests: model/error.c, buf.c, numtext.c and time.c, the escapes of render/out (values computed by hand). */
#include <criterion/criterion.h>
#include <locale.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ps_model.h"
#include "ps_render.h"

Test(time, civil_roundtrip)
{
    /* 2016-11-26 13:46:30.874: days since epoch = 17131 (computed with `date -u -d 2016-11-26 +%s` / 86400) */
    ps_time t = ps_time_from_fields(2016, 11, 26, 13, 46, 30, 874);
    cr_assert_eq(t, (int64_t)17131 * 86400000 + (13 * 3600 + 46 * 60 + 30) * 1000LL + 874);
    int y, mo, d, h, mi, s, ms;
    ps_time_to_fields(t, &y, &mo, &d, &h, &mi, &s, &ms);
    cr_assert(y == 2016 && mo == 11 && d == 26 && h == 13 && mi == 46 && s == 30 && ms == 874);
    ps_time_to_fields(-1, &y, &mo, &d, &h, &mi, &s, &ms);
    cr_assert(y == 1969 && mo == 12 && d == 31 && h == 23 && mi == 59 && s == 59 && ms == 999);
}

Test(time, parse_pdh)
{
    ps_time t;
    cr_assert_eq(ps_time_parse_pdh("02/25/2023 11:20:17.685", 23, &t), 0);
    char buf[40];
    cr_assert_str_eq(ps_time_format_iso(buf, sizeof buf, t), "2023-02-25T11:20:17.685Z");
    cr_assert_str_eq(ps_time_format_pdh(buf, sizeof buf, t), "02/25/2023 11:20:17.685");
    cr_assert_eq(ps_time_parse_pdh("02/30/2023 11:20:17.685", 23, &t), -1);
    cr_assert_eq(ps_time_parse_pdh("2/25/2023 11:20:17", 18, &t), 0); /* short dates: test_time_forms.c */
    cr_assert_eq(t, ps_time_from_fields(2023, 2, 25, 11, 20, 17, 0));
    cr_assert_eq(ps_time_parse_pdh("02/25/2023 11:20:17.685x", 24, &t), -1);
}

/* The PDH time stamp is written without printf on the usual path: it must equal printf's
 * "%02d/%02d/%04d %02d:%02d:%02d.%03d" of the fields, by hand for a few instants (years 1601,
 * 1970 and 9999, a leap day) and for 200,000 pseudo-random instants between 1601 and 9999;
 * years outside 0..9999 and a short buffer take printf itself. */
Test(time, format_pdh_matches_printf)
{
    char buf[40], want[64];
    cr_assert_str_eq(ps_time_format_pdh(buf, sizeof buf, ps_time_from_fields(1601, 1, 1, 0, 0, 0, 0)),
                     "01/01/1601 00:00:00.000");
    cr_assert_str_eq(ps_time_format_pdh(buf, sizeof buf, 0), "01/01/1970 00:00:00.000");
    cr_assert_str_eq(ps_time_format_pdh(buf, sizeof buf, ps_time_from_fields(2024, 2, 29, 23, 59, 59, 999)),
                     "02/29/2024 23:59:59.999");
    cr_assert_str_eq(ps_time_format_pdh(buf, sizeof buf, ps_time_from_fields(9999, 12, 31, 9, 8, 7, 6)),
                     "12/31/9999 09:08:07.006");
    cr_assert_str_eq(ps_time_format_pdh(buf, sizeof buf, ps_time_from_fields(10000, 1, 2, 3, 4, 5, 6)),
                     "01/02/10000 03:04:05.006");
    char small[12];
    cr_assert_str_eq(ps_time_format_pdh(small, sizeof small, 0), "01/01/1970 "); /* cut as snprintf cuts */
    ps_time lo = ps_time_from_fields(1601, 1, 1, 0, 0, 0, 0), hi = ps_time_from_fields(9999, 12, 31, 23, 59, 59, 999);
    uint64_t x = 88172645463325252ULL;
    for (int i = 0; i < 200000; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        ps_time t = lo + (ps_time)(x % (uint64_t)(hi - lo + 1));
        int y, mo, d, h, mi, sec, ms;
        ps_time_to_fields(t, &y, &mo, &d, &h, &mi, &sec, &ms);
        snprintf(want, sizeof want, "%02d/%02d/%04d %02d:%02d:%02d.%03d", mo, d, y, h, mi, sec, ms);
        cr_assert_str_eq(ps_time_format_pdh(buf, sizeof buf, t), want, "t = %lld", (long long)t);
    }
}

Test(time, parse_user)
{
    ps_time t, u;
    int utc;
    cr_assert_eq(ps_time_parse_user("1/18/2016 9:58:08 AM", &t, &utc), 0);
    cr_assert_eq(ps_time_parse_user("2016-01-18T09:58:08", &u, &utc), 0);
    cr_assert_eq(t, u);
    cr_assert_eq(utc, 0);
    cr_assert_eq(ps_time_parse_user("1/18/2016 12:05:00 AM", &t, NULL), 0);
    cr_assert_eq(ps_time_parse_user("2016-01-18 00:05", &u, NULL), 0);
    cr_assert_eq(t, u);
    cr_assert_eq(ps_time_parse_user("1/18/2016 12:05:00 PM", &t, NULL), 0);
    cr_assert_eq(ps_time_parse_user("2016-01-18T12:05:00", &u, NULL), 0);
    cr_assert_eq(t, u);
    cr_assert_eq(ps_time_parse_user("2016-01-18T17:35:00+05:30", &t, &utc), 0);
    cr_assert_eq(utc, 1);
    cr_assert_eq(ps_time_parse_user("2016-01-18T12:05:00Z", &u, NULL), 0);
    cr_assert_eq(t, u);
    cr_assert_eq(ps_time_parse_user("2016-13-18", &t, NULL), -1);
    cr_assert_eq(ps_time_parse_user("yesterday", &t, NULL), -1);
}

Test(util, parse_double)
{
    double v;
    cr_assert_eq(ps_parse_double("0.71440175634446267949", 22, &v), 0);
    cr_assert_float_eq(v, 0.71440175634446267949, 1e-17);
    cr_assert_eq(ps_parse_double("-12e3", 5, &v), 0);
    cr_assert_eq(v, -12000.0);
    cr_assert_eq(ps_parse_double("1e999", 5, &v), -1);
    cr_assert_eq(ps_parse_double("nan", 3, &v), -1);
    cr_assert_eq(ps_parse_double("5,036", 5, &v), -1);
    cr_assert_eq(ps_parse_double("", 0, &v), -1);
    cr_assert_eq(ps_parse_double(".", 1, &v), -1);
}

/* ps_parse_double reads '.' even when the program runs in a locale whose decimal separator is a
 * comma (strtod would stop at the '.' there). Needs a German or French locale installed. */
Test(util, parse_double_ignores_lc_numeric)
{
    static const char *comma_locales[] = {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "fr_FR.utf8", "ru_RU.UTF-8"};
    const char *got = NULL;
    for (size_t i = 0; i < sizeof comma_locales / sizeof comma_locales[0] && !got; i++)
        got = setlocale(LC_NUMERIC, comma_locales[i]);
    if (!got)
        cr_skip("no locale with a decimal comma is installed (install 'locales' and generate de_DE.UTF-8)");
    double v = 0;
    int rc = ps_parse_double("2.5", 3, &v);
    setlocale(LC_NUMERIC, "C");
    cr_assert_eq(rc, 0);
    cr_assert_eq(v, 2.5);
}

Test(util, formatting)
{
    char b[32];
    cr_assert_str_eq(ps_fmt_num(b, sizeof b, 14.075, 1), "14.1");
    cr_assert_str_eq(ps_fmt_num(b, sizeof b, -0.0001, 3), "0.000");
    cr_assert_str_eq(ps_fmt_num(b, sizeof b, NAN, 3), "n/a");
    cr_assert_str_eq(ps_fmt_si(b, sizeof b, 12345.0), "12.3k");
    cr_assert_str_eq(ps_fmt_si(b, sizeof b, 242327600.0), "242M");
    cr_assert_str_eq(ps_fmt_si(b, sizeof b, 0.5), "500m");
    cr_assert_str_eq(ps_fmt_si(b, sizeof b, 7.0), "7.00");
}

Test(util, json_and_html)
{
    ps_buf b = {0};
    ps_json_str(&b, "a\"b\\c\n\x01<\xff");
    cr_assert_str_eq(b.data, "\"a\\\"b\\\\c\\n\\u0001<\\ufffd\"");
    ps_buf_reset(&b);
    ps_json_num(&b, 0.1);
    ps_buf_putc(&b, ' ');
    ps_json_num(&b, 168);
    ps_buf_putc(&b, ' ');
    ps_json_num(&b, NAN);
    cr_assert_str_eq(b.data, "0.1 168 null");
    ps_buf_reset(&b);
    ps_html_escape(&b, "<script>alert('x')&</script>");
    cr_assert_str_eq(b.data, "&lt;script&gt;alert(&#39;x&#39;)&amp;&lt;/script&gt;");
    ps_buf_reset(&b);
    ps_csv_field(&b, "Processor Information(0,_Total)", ',');
    ps_buf_putc(&b, ',');
    ps_csv_field(&b, "say \"hi\"", ',');
    cr_assert_str_eq(b.data, "\"Processor Information(0,_Total)\",\"say \"\"hi\"\"\"");
    ps_buf_fini(&b);
}

Test(util, error_format)
{
    ps_error e;
    ps_error_clear(&e);
    ps_error_set(&e, PS_EINPUT, "x.csv", 12, 7, "malformed number '%s'", "1.2.3");
    char line[700];
    ps_error_format(&e, line, sizeof line);
    cr_assert_str_eq(line, "x.csv:12:7: malformed number '1.2.3'");
    ps_error_set(&e, PS_EIO, "y", 0, 0, "gone");
    ps_error_format(&e, line, sizeof line);
    cr_assert_str_eq(line, "y: gone");
}

/* ps_json_num gives exactly the text of the plain method (the shortest of %.15g, %.16g and
 * %.17g that reads back) for random doubles of every magnitude, and for values whose 17-digit
 * form ends on a midpoint (…5, …50), carries (9.9999…), and the %g switch to exponents. */
static void json_num_reference(char *out, double v)
{
    for (int prec = 15; prec <= 17; prec++) {
        snprintf(out, 40, "%.*g", prec, v);
        if (strtod(out, NULL) == v)
            return;
    }
}

Test(util, json_num_equals_printf_shortest)
{
    uint64_t x = 0x9E3779B97F4A7C15u;
    static const double hand[] = {0.1,
                                  0.3,
                                  2.5e-5,
                                  1e-5,
                                  0.0001,
                                  123456789012345.6,
                                  999999999999999.9,
                                  9.9999999999999995,
                                  0.99999999999999989,
                                  1e21,
                                  1.5e300,
                                  4.9e-324,
                                  2.2250738585072014e-308,
                                  1234567.5,
                                  0.015151156217893159,
                                  1e15 + 0.5};
    ps_buf b = {0};
    char want[48];
    for (int i = 0; i < 400000; i++) {
        double v;
        if (i < (int)(sizeof hand / sizeof hand[0])) {
            v = hand[i];
        } else {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            if (i % 3 == 0) { /* any bit pattern */
                memcpy(&v, &x, sizeof v);
                if (!isfinite(v))
                    continue;
            } else { /* decimal-looking values of logs: 1..17 digits at some scale */
                v = (double)(x % 100000000000000000ull) / pow(10, (int)(x >> 58) % 20);
            }
        }
        for (int sgn = 0; sgn < 2; sgn++, v = -v) {
            b.len = 0;
            ps_json_num(&b, v);
            ps_buf_putc(&b, 0);
            if (v == 0 || (fabs(v) < 1e15 && v == floor(v)))
                continue;
            json_num_reference(want, v);
            cr_assert_str_eq(b.data, want, "%.17g", v);
        }
    }
    ps_buf_fini(&b);
}

/* Terminal columns of UTF-8 text, by hand: Cyrillic letters one column each, CJK ideographs two,
 * a byte that is not UTF-8 one. */
Test(util, text_width)
{
    cr_assert_eq(ps_text_width(""), 0);
    cr_assert_eq(ps_text_width("COUNTER"), 7);
    cr_assert_eq(ps_text_width("\xd0\x9f\xd1\x80\xd0\xbe\xd1\x86\xd0\xb5\xd1\x81\xd1\x81\xd0\xbe\xd1\x80"),
                 9); /* Процессор */
    cr_assert_eq(ps_text_width("\xe6\xb8\xac\xe8\xa9\xa6\xe4\xbc\xba\xe6\x9c\x8d\xe5\x99\xa8"
                               "03"),
                 12); /* 測試伺服器03 */
    cr_assert_eq(ps_text_width("M\xc3\xa9moire"), 7); /* Mémoire */
    cr_assert_eq(ps_text_width("a\xff"
                               "b"),
                 3);
    cr_assert_eq(ps_text_width("\xef\xbc\xa1"), 2); /* fullwidth A */
}
