/* Unit tests: the JSON writer (render/out/json.c): commas, nesting, keys, line breaks, the
 * number and string forms; every expected text written out by hand. */
#include <criterion/criterion.h>
#include <math.h>

#include "ps_render.h"

Test(json_writer, nesting_and_commas)
{
    ps_buf b = {0};
    ps_jw j;
    ps_jw_init(&j, &b);
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
    ps_buf_fini(&b);
}

Test(json_writer, values)
{
    ps_buf b = {0};
    ps_jw j;
    ps_jw_init(&j, &b);
    ps_jw_arr(&j);
    ps_jw_str(&j, NULL);
    ps_jw_str(&j, "q\"\n");
    ps_jw_num(&j, NAN);
    ps_jw_num(&j, INFINITY);
    ps_jw_num(&j, 0.1);
    ps_jw_num(&j, -2.5);
    ps_jw_num(&j, 1e15);
    ps_jw_uint(&j, 18446744073709551615ull);   /* 2^64 - 1: a double would round it */
    ps_jw_arr_end(&j);
    cr_assert_str_eq(b.data, "[null,\"q\\\"\\n\",null,null,0.1,-2.5,1e+15,18446744073709551615]");
    ps_buf_fini(&b);
}

Test(json_writer, keys_are_escaped)
{
    ps_buf b = {0};
    ps_jw j;
    ps_jw_init(&j, &b);
    ps_jw_obj(&j);
    ps_jw_kuint(&j, "a\"b", 3);
    ps_jw_obj_end(&j);
    cr_assert_str_eq(b.data, "{\"a\\\"b\":3}");
    ps_buf_fini(&b);
}

/* A break is written after the comma of the next item, or before the closing bracket. */
Test(json_writer, line_breaks)
{
    ps_buf b = {0};
    ps_jw j;
    ps_jw_init(&j, &b);
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
    ps_buf_fini(&b);
}

/* The writer appends: what b held before stays. */
Test(json_writer, appends)
{
    ps_buf b = {0};
    ps_buf_puts(&b, "x=");
    ps_jw j;
    ps_jw_init(&j, &b);
    ps_jw_str(&j, "y");
    cr_assert_str_eq(b.data, "x=\"y\"");
    ps_buf_fini(&b);
}
