/* Unit tests: model/stats/stats.c - statistics of values near the double range (the
 * overflow-safe form), checked against exact values computed with Python's fractions. */
#include <criterion/criterion.h>
#include <math.h>

#include "ps_model.h"

#define S 1000 /* one second in ps_time units */

/* Values near the double range (stats.c: overflow-safe form). Expected values computed exactly
 * with Python's fractions (and math.isqrt for the square root, correctly rounded):
 *   from fractions import Fraction as F; a, c = F(1e308), F(1.5e308); xs = [a, -a, c]
 *   m = sum(xs) / 3                              -> float 5e+307
 *   var = sum((x - m)**2 for x in xs) / 2        -> sqrt 1.3228756555322954e+308
 *   tw = (a * 1000 + (-a) * 2000) / 3000         -> float -3.333333333333333e+307
 * and for 1, 2, 3 (at 0, 1, 2 s) followed by the same three at 4, 5, 8 s:
 *   mean 2.5e+307, stddev 8.803408430829504e+307, time-weighted mean -2.5e+307. */
#define HUGE_N 3
static const double huge_v[HUGE_N] = {1e308, -1e308, 1.5e308};
static const ps_time huge_t[HUGE_N] = {0, 1 * S, 3 * S};

/* ulps: how far (in units of the last place) stddev may be from the correctly rounded value:
 * 0 for the three values; Welford's and Chan's updates round more often than the exact formula,
 * so the six-value runs get 2. The mean and time-weighted mean must be exact in every form. */
static void huge_expect(const ps_acc *a, double mean, double sd, double tw, int ulps, double p50)
{
    ps_stats st;
    ps_acc_finish(a, &st);
    cr_assert_eq(st.min, -1e308);
    cr_assert_eq(st.max, 1.5e308);
    cr_assert_eq(st.mean, mean, "mean %.17g", st.mean);
    cr_assert(fabs(st.stddev - sd) <= ulps * 0x1p-52 * sd, "stddev %.17g", st.stddev);
    cr_assert_eq(st.time_weighted_mean, tw, "time-weighted mean %.17g", st.time_weighted_mean);
    /* p50 within 1 % (rank 1 of 3: 1e308, whose bucket's value no longer overflows); NaN: not
     * checked (1, 2, 3 beside 1e308 span more buckets than the sketch keeps: the lowest collapse) */
    cr_assert(isnan(p50) || fabs(st.p50 - p50) <= 0.01 * p50, "p50 %.17g", st.p50);
}

Test(stats, near_double_range)
{
    ps_acc a, b, c, d;
    /* value by value, and as one batch */
    ps_acc_init(&a);
    for (int i = 0; i < HUGE_N; i++)
        ps_acc_add(&a, huge_t[i], huge_v[i]);
    huge_expect(&a, 5e+307, 1.3228756555322954e+308, -3.333333333333333e+307, 0, 1e308);
    ps_acc_init(&b);
    ps_acc_add_many(&b, huge_t, huge_v, HUGE_N);
    huge_expect(&b, 5e+307, 1.3228756555322954e+308, -3.333333333333333e+307, 0, 1e308);
    /* appended in two parts, the first narrow (1, 2, 3) and the second wide */
    const double v6[] = {1, 2, 3, 1e308, -1e308, 1.5e308};
    const ps_time t6[] = {0, 1 * S, 2 * S, 4 * S, 5 * S, 8 * S};
    ps_acc_init(&c);
    ps_acc_init(&d);
    ps_acc_add_many(&c, t6, v6, 3);
    ps_acc_add_many(&d, t6 + 3, v6 + 3, 3);
    ps_acc_append(&c, &d);
    huge_expect(&c, 2.5e+307, 8.803408430829504e+307, -2.5e+307, 2, NAN);
    ps_acc_fini(&c);
    /* the same six as one batch (narrow start, the batch turns wide) and value by value */
    ps_acc_init(&c);
    ps_acc_add_many(&c, t6, v6, 6);
    huge_expect(&c, 2.5e+307, 8.803408430829504e+307, -2.5e+307, 2, NAN);
    ps_acc_fini(&c);
    ps_acc_init(&c);
    for (int i = 0; i < 6; i++)
        ps_acc_add(&c, t6[i], v6[i]);
    huge_expect(&c, 2.5e+307, 8.803408430829504e+307, -2.5e+307, 2, NAN);
    /* merge (another file): wide into narrow and narrow into wide give the same mean/stddev */
    ps_acc e, f;
    ps_acc_init(&e);
    ps_acc_init(&f);
    ps_acc_add_many(&e, t6, v6, 3);
    ps_acc_merge(&e, &a);
    ps_acc_add_many(&f, huge_t, huge_v, HUGE_N);
    ps_acc_merge(&f, &e); /* a's values twice and 1, 2, 3 */
    ps_stats se, sf;
    ps_acc_finish(&e, &se);
    ps_acc_finish(&f, &sf);
    /* e: 1, 2, 3, 1e308, -1e308, 1.5e308 (no interval bridged): mean 2.5e+307, stddev as above */
    cr_assert_eq(se.mean, 2.5e+307, "%.17g", se.mean);
    cr_assert(fabs(se.stddev - 8.803408430829504e+307) <= 2 * 0x1p-52 * 8.803408430829504e+307, "%.17g", se.stddev);
    cr_assert(isfinite(sf.mean) && isfinite(sf.stddev) && sf.count == 9);
    ps_acc_fini(&a);
    ps_acc_fini(&b);
    ps_acc_fini(&c);
    ps_acc_fini(&d);
    ps_acc_fini(&e);
    ps_acc_fini(&f);
}
