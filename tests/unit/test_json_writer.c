/* Unit tests: the JSON writer (render/out/json.c): commas, nesting, keys, line breaks, the
 * number and string forms; every expected text written out by hand. */
#include <criterion/criterion.h>
#include <math.h>

#include "ps_render.h"

#include <stdint.h>

/* Every test writes through j into b, a fresh empty buffer. */
static ps_buf b;
static ps_jw j;

static void setup(void)
{
    b = (ps_buf){0};
    ps_jw_init(&j, &b);
}

static void teardown(void) {}

TestSuite(json_writer, .init = setup, .fini = teardown);

Test(json_writer, nesting_and_commas)
{
    ps_jw_obj(&j);
    ps_jw_kstr(&j, "a", "x");
    ps_jw_karr(&j, "b");
    ps_jw_num(&j, 1);
    ps_jw_obj(&j);
    ps_jw_obj_end(&j);
    ps_jw_arr(&j);
    ps_jw_arr_end(&j);
    ps_jw_null(&j);
    ps_jw_arr_end(&j);
    ps_jw_kobj(&j, "c");
    ps_jw_kbool(&j, "t", 7);
    ps_jw_kbool(&j, "f", 0);
    ps_jw_obj_end(&j);
    ps_jw_obj_end(&j);
    cr_assert_str_eq(b.data, "{\"a\":\"x\",\"b\":[1,{},[],null],\"c\":{\"t\":true,\"f\":false}}");
}

Test(json_writer, values)
{
    ps_jw_arr(&j);
    ps_jw_str(&j, NULL);
    ps_jw_str(&j, "q\"\n");
    ps_jw_num(&j, NAN);
    ps_jw_num(&j, INFINITY);
    ps_jw_num(&j, 0.1);
    ps_jw_num(&j, -2.5);
    ps_jw_num(&j, 1e15);
    ps_jw_uint(&j, 18446744073709551615ull); /* 2^64 - 1: a double would round it */
    ps_jw_arr_end(&j);
    cr_assert_str_eq(b.data, "[null,\"q\\\"\\n\",null,null,0.1,-2.5,1e+15,18446744073709551615]");
}

Test(json_writer, keys_are_escaped)
{
    ps_jw_obj(&j);
    ps_jw_kuint(&j, "a\"b", 3);
    ps_jw_obj_end(&j);
    cr_assert_str_eq(b.data, "{\"a\\\"b\":3}");
}

/* A break is written after the comma of the next item, or before the closing bracket. */
Test(json_writer, line_breaks)
{
    ps_jw_obj(&j);
    ps_jw_kuint(&j, "n", 2);
    ps_jw_break(&j, "\n");
    ps_jw_karr(&j, "rows");
    for (int i = 0; i < 2; i++) {
        ps_jw_break(&j, "\n ");
        ps_jw_num(&j, i);
    }
    ps_jw_break(&j, "\n");
    ps_jw_arr_end(&j);
    ps_jw_karr(&j, "none");
    ps_jw_arr_end(&j);
    ps_jw_obj_end(&j);
    cr_assert_str_eq(b.data, "{\"n\":2,\n\"rows\":[\n 0,\n 1\n],\"none\":[]}");
}

/* The writer appends: what b held before stays. */
Test(json_writer, appends)
{
    ps_buf_puts(&b, "x=");
    ps_jw_init(&j, &b);
    ps_jw_str(&j, "y");
    cr_assert_str_eq(b.data, "x=\"y\"");
}

/* Records from a field table: keys are the member names, values by kind, one object per record. */
typedef struct rec {
    char *name;
    double v;
    uint64_t n;
    char hex[5];
} rec;

Test(json_writer, records_from_a_field_table)
{
    static const ps_jw_field f[] = {PS_JW_FIELD(rec, PS_JW_STR, name), PS_JW_FIELD(rec, PS_JW_NUM, v),
                                    PS_JW_FIELD(rec, PS_JW_U64, n), PS_JW_FIELD(rec, PS_JW_CHARS, hex)};
    char quote[] = "a\"";
    rec r[2] = {{quote, 0.5, 18446744073709551615ull, "ab01"}, {NULL, NAN, 0, ""}};
    ps_jw_obj(&j);
    ps_jw_karr_records(&j, "rows", r, 2, sizeof *r, f, 4);
    ps_jw_karr_records(&j, "none", r, 0, sizeof *r, f, 4);
    ps_jw_obj_end(&j);
    cr_assert_str_eq(b.data, "{\"rows\":[{\"name\":\"a\\\"\",\"v\":0.5,\"n\":18446744073709551615,\"hex\":\"ab01\"},"
                             "{\"name\":null,\"v\":null,\"n\":0,\"hex\":\"\"}],\"none\":[]}");
}
