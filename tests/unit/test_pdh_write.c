/* Unit tests: render/out/pdh_write.c - the relog-compatible CSV/TSV writer (expected text by hand). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ps_render.h"

Test(pdh_write, csv_header_and_rows)
{
    ps_pdh_style s;
    ps_pdh_style_init(&s, PS_FMT_CSV);
    cr_assert_str_eq(s.eol, "\r\n");
    cr_assert_eq(s.digits, 17);
    ps_buf b = {0};
    const char *cells[] = {"\\\\h\\memory\\% committed bytes in use", "\\\\h\\a \"b\"\\c"};
    ps_pdh_write_header(&b, &s, "Pacific Standard Time", 1, 480, cells, 2);
    cr_assert_str_eq(b.data, "\"(PDH-CSV 4.0) (Pacific Standard Time)(480)\",\"\\\\h\\memory\\% committed bytes in "
                             "use\",\"\\\\h\\a \"\"b\"\"\\c\"\r\n");
    ps_buf_reset(&b);
    double v[] = {NAN, 2345.3290343446924, 0.0, -0.0, 86.93735103284412, 1e21};
    ps_pdh_write_row(&b, &s, ps_time_from_fields(2016, 11, 26, 13, 46, 30, 874), v, 6);
    cr_assert_str_eq(b.data, "\"11/26/2016 13:46:30.874\",\" \",\"2345.3290343446924\",\"0\",\"0\","
                             "\"86.93735103284412\",\"1e+21\"\r\n");
    ps_buf_fini(&b);
}

Test(pdh_write, tsv_unknown_zone_lf)
{
    ps_pdh_style s;
    ps_pdh_style_init(&s, PS_FMT_TSV);
    s.eol = "\n";
    ps_buf b = {0};
    const char *cells[] = {"\\x\\y"};
    ps_pdh_write_header(&b, &s, NULL, 0, 0, cells, 1);
    cr_assert_str_eq(b.data, "\"(PDH-TSV 4.0)\"\t\"\\x\\y\"\n");
    ps_buf_reset(&b);
    ps_pdh_write_header(&b, &s, "India Standard Time", 1, -330, cells, 1);
    cr_assert_str_eq(b.data, "\"(PDH-TSV 4.0) (India Standard Time)(-330)\"\t\"\\x\\y\"\n");
    ps_buf_reset(&b);
    double v[] = {0.1, INFINITY};
    ps_pdh_write_row(&b, &s, 0, v, 2);
    /* 0.1 with 17 significant digits is 0.10000000000000001 (as relog prints it) */
    cr_assert_str_eq(b.data, "\"01/01/1970 00:00:00.000\"\t\"0.10000000000000001\"\t\" \"\n");
    ps_buf_fini(&b);
    char out[64];
    cr_assert_str_eq(ps_pdh_fmt_value(out, sizeof out, 0.1, 20), "0.10000000000000000555");
    cr_assert_str_eq(ps_pdh_fmt_value(out, sizeof out, 1234.5, 3), "1.23e+03");
}

/* The fast path of ps_pdh_fmt_value agrees with glibc's exact printf("%.*g") on many values:
 * random bit patterns over every magnitude, short decimals (k/1000), integers, and halfway cases. */
Test(pdh_write, fast_format_matches_printf)
{
    uint64_t st = 88172645463325252ULL;
    char a[64], b[64];
    static const int digits[] = {17, 15, 6, 3, 1};
    for (int round = 0; round < 400000; round++) {
        st ^= st << 13;
        st ^= st >> 7;
        st ^= st << 17;
        double v;
        switch (round % 4) {
        case 0: {
            uint64_t bits = st & 0xBFFFFFFFFFFFFFFFULL; /* exponents below 2^1 ... and above */
            bits = (bits & 0x800FFFFFFFFFFFFFULL) | ((uint64_t)(900 + (st >> 52) % 250) << 52);
            memcpy(&v, &bits, sizeof v);
            break;
        }
        case 1: v = (double)(int64_t)(st % 100000000) / 1000.0; break;
        case 2: v = (double)(st % 1000000000000ULL); break;
        default: v = ((double)(st % 2000001) - 1000000.0) * 0.5; break;
        }
        if (!isfinite(v) || v == 0)
            continue;
        int d = digits[round % 5];
        ps_pdh_fmt_value(a, sizeof a, v, d);
        snprintf(b, sizeof b, "%.*g", d, v);
        cr_assert_str_eq(a, b, "%.17g with %d digits", v, d);
    }
}
