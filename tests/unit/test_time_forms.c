/* Unit tests: every time-stamp form Windows writes in a locale's short date is read by the CSV
 * reader (ps_time_parse_pdh); the expected fields are written out by hand. */
#include <criterion/criterion.h>
#include <string.h>

#include "ps_model.h"

#define T(y, mo, d, h, mi, s, ms) ps_time_from_fields(y, mo, d, h, mi, s, ms)

static ps_time parse(const char *s)
{
    ps_time t = 0;
    cr_assert_eq(ps_time_parse_pdh(s, strlen(s), &t), 0, "'%s' refused", s);
    return t;
}

static void refused(const char *s)
{
    ps_time t;
    cr_assert_eq(ps_time_parse_pdh(s, strlen(s), &t), -1, "'%s' accepted", s);
}

Test(time_forms, us_short_dates)
{
    cr_assert_eq(parse("01/13/2026 08:00:00.000"), T(2026, 1, 13, 8, 0, 0, 0)); /* PDH's own form */
    cr_assert_eq(parse("1/13/2026 08:00:00"), T(2026, 1, 13, 8, 0, 0, 0));
    cr_assert_eq(parse("01/3/2026 8:00:00 AM"), T(2026, 1, 3, 8, 0, 0, 0));
    cr_assert_eq(parse("1/3/2026 12:05:09 AM"), T(2026, 1, 3, 0, 5, 9, 0));
    cr_assert_eq(parse("1/3/2026 12:05 PM"), T(2026, 1, 3, 12, 5, 0, 0));
    cr_assert_eq(parse("1/3/2026 11:59:59.5 PM"), T(2026, 1, 3, 23, 59, 59, 500));
    cr_assert_eq(parse("01/13/2026 08:00"), T(2026, 1, 13, 8, 0, 0, 0)); /* no seconds */
    cr_assert_eq(parse("01/13/2026 18:00"), T(2026, 1, 13, 18, 0, 0, 0)); /* 24-hour clock */
}

Test(time_forms, day_first_and_year_first)
{
    cr_assert_eq(parse("13.01.2026 08:00:00"), T(2026, 1, 13, 8, 0, 0, 0)); /* German, Russian */
    cr_assert_eq(parse("3.1.2026 8:00"), T(2026, 1, 3, 8, 0, 0, 0)); /* Czech, Finnish */
    cr_assert_eq(parse("3.1.2026 8.00.00"), T(2026, 1, 3, 8, 0, 0, 0)); /* Finnish clock */
    cr_assert_eq(parse("13-01-2026 08:00:00"), T(2026, 1, 13, 8, 0, 0, 0)); /* Dutch */
    cr_assert_eq(parse("2026-01-13 08:00:00.250"), T(2026, 1, 13, 8, 0, 0, 250)); /* ISO, Swedish */
    cr_assert_eq(parse("2026/1/13 8:00:00"), T(2026, 1, 13, 8, 0, 0, 0)); /* Chinese, Japanese */
    cr_assert_eq(parse("2026. 01. 13. 8:00:00"), T(2026, 1, 13, 8, 0, 0, 0)); /* Hungarian */
    cr_assert_eq(parse("2026-01-13T08:00:00"), T(2026, 1, 13, 8, 0, 0, 0));
}

Test(time_forms, refused_forms)
{
    refused("13/01/2026 08:00:00"); /* slashes are month first: month 13 */
    refused("02/30/2023 11:20:17"); /* no such day */
    refused("1/13/26 08:00:00"); /* two-digit year: the century is unknown */
    refused("2026-01-13"); /* no time */
    refused("01/13/2026 8"); /* no minutes */
    refused("01/13/2026 13:00 PM"); /* 13 PM */
    refused("01.13/2026 08:00"); /* mixed separators */
    refused("01/13/2026 08:00:00x");
}
