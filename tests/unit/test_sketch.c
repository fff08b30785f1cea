/* Unit tests: model/stats/sketch.c - quantiles within PS_SKETCH_ALPHA of the exact quantiles
 * (exact = value of rank floor(q (n-1)) in the sorted data, computed here with qsort). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#include "ps_model.h"

/* Deterministic generator (xorshift64*), uniform in [0, 1). */
static uint64_t rng_state;
static double urand(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (double)((rng_state * 2685821657736338717ULL) >> 11) / 9007199254740992.0;
}
static double nrand(void)
{
    double u1 = urand(), u2 = urand();
    if (u1 < 1e-300)
        u1 = 1e-300;
    return sqrt(-2 * log(u1)) * cos(2 * M_PI * u2);
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static const double qs[] = {0, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 0.999, 1};

static void check_quantiles(double *v, size_t n, const char *what)
{
    ps_sketch *s = ps_sketch_new();
    for (size_t i = 0; i < n; i++)
        ps_sketch_add(s, v[i]);
    cr_assert_eq(ps_sketch_count(s), n);
    qsort(v, n, sizeof *v, cmp_d);
    for (size_t k = 0; k < sizeof qs / sizeof qs[0]; k++) {
        double exact = v[(size_t)floor(qs[k] * (double)(n - 1))];
        double est = ps_sketch_quantile(s, qs[k]);
        double tol = PS_SKETCH_ALPHA * fabs(exact) + 1e-12 * fabs(exact);
        cr_assert(fabs(est - exact) <= tol, "%s q=%g: sketch %.17g exact %.17g", what, qs[k], est, exact);
    }
    ps_sketch_free(s);
}

#define N 20000

Test(sketch, uniform)
{
    static double v[N];
    rng_state = 42;
    for (size_t i = 0; i < N; i++)
        v[i] = 100 * urand();
    check_quantiles(v, N, "uniform");
}

Test(sketch, lognormal)
{
    static double v[N];
    rng_state = 7;
    for (size_t i = 0; i < N; i++)
        v[i] = exp(1.5 * nrand() - 5); /* latency-like, seconds */
    check_quantiles(v, N, "lognormal");
}

Test(sketch, zeros_and_negatives)
{
    static double v[N];
    rng_state = 99;
    for (size_t i = 0; i < N; i++) {
        double u = urand();
        v[i] = u < 0.3 ? 0 : u < 0.6 ? -exp(3 * nrand()) : exp(2 * nrand() + 4);
    }
    check_quantiles(v, N, "mixed");
}

Test(sketch, all_negative_and_integers)
{
    static double v[N];
    rng_state = 5;
    for (size_t i = 0; i < N; i++)
        v[i] = -(double)(1 + (int)(urand() * 5000));
    check_quantiles(v, N, "negative");
    for (size_t i = 0; i < N; i++)
        v[i] = (double)(int)(urand() * 20); /* small integers with zeros: exact buckets */
    check_quantiles(v, N, "small integers");
}

Test(sketch, tiny_by_hand)
{
    ps_sketch *s = ps_sketch_new();
    cr_assert(isnan(ps_sketch_quantile(s, 0.5)));
    double v[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    for (int i = 0; i < 10; i++)
        ps_sketch_add(s, v[i]);
    ps_sketch_add(s, NAN); /* ignored */
    cr_assert_eq(ps_sketch_count(s), 10);
    /* rank floor(0.5 * 9) = 4 -> 5; floor(0.95 * 9) = 8 -> 9; q=0 -> min, q=1 -> max exactly */
    cr_assert(fabs(ps_sketch_quantile(s, 0.5) - 5) <= 0.05);
    cr_assert(fabs(ps_sketch_quantile(s, 0.95) - 9) <= 0.09);
    cr_assert_eq(ps_sketch_quantile(s, 0), 1);
    cr_assert_eq(ps_sketch_quantile(s, 1), 10);
    ps_sketch_free(s);
}

Test(sketch, merge_equals_adding_all)
{
    rng_state = 1234;
    ps_sketch *a = ps_sketch_new(), *b = ps_sketch_new(), *all = ps_sketch_new();
    for (int i = 0; i < 5000; i++) {
        double x = exp(2 * nrand());
        double y = i % 7 == 0 ? 0 : -exp(nrand()) * 1000;
        ps_sketch_add(a, x);
        ps_sketch_add(b, y);
        ps_sketch_add(all, x);
        ps_sketch_add(all, y);
    }
    ps_sketch_merge(a, b);
    cr_assert_eq(ps_sketch_count(a), ps_sketch_count(all));
    for (int k = 0; k <= 100; k++)
        cr_assert_eq(ps_sketch_quantile(a, k / 100.0), ps_sketch_quantile(all, k / 100.0), "q=%d%%", k);
    ps_sketch_free(a);
    ps_sketch_free(b);
    ps_sketch_free(all);
}

Test(sketch, bounded_memory_collapses_lowest)
{
    /* magnitudes from 1e-200 to 1e200: far more than 2048 buckets; the sketch must stay
     * bounded and keep the upper quantiles accurate (the lowest buckets are collapsed). */
    ps_sketch *s = ps_sketch_new();
    static double v[4001];
    for (int i = 0; i <= 4000; i++) {
        v[i] = pow(10, (i - 2000) / 10.0);
        ps_sketch_add(s, v[i]);
    }
    /* top of the range: rank floor(0.99 * 4000) = 3960 -> 10^196 */
    double est = ps_sketch_quantile(s, 0.99);
    cr_assert(fabs(est - v[3960]) <= PS_SKETCH_ALPHA * v[3960] * (1 + 1e-12), "%g", est);
    cr_assert(fabs(ps_sketch_quantile(s, 0.995) - v[3980]) <= PS_SKETCH_ALPHA * v[3980] * (1 + 1e-12));
    /* 2048 buckets of ln(gamma) ~ 0.02 in the piecewise-linear log2 span 2^40.96 ~ 10^12.3:
     * everything below ~10^187.7 sits in the lowest kept bucket, so p75 (10^100) reads ~10^188 */
    double low = ps_sketch_quantile(s, 0.75);
    cr_assert(low > 1e187 && low < 1e189, "%g", low);
    /* bottom: collapsed, but never below min */
    cr_assert(ps_sketch_quantile(s, 0.01) >= v[0]);
    cr_assert_eq(ps_sketch_quantile(s, 0), v[0]);
    ps_sketch_free(s);
}

Test(sketch, counters_widen_past_32_bits)
{
    /* values 1..10, then merged into itself 33 times: 2^33 copies of each value, more than a
     * 32-bit bucket counter holds. Rank floor(0.5 (n-1)) = 5 * 2^33 - 1 is the last 5. */
    ps_sketch *s = ps_sketch_new();
    for (int i = 1; i <= 10; i++)
        ps_sketch_add(s, i);
    for (int k = 0; k < 33; k++)
        ps_sketch_merge(s, s);
    cr_assert_eq(ps_sketch_count(s), (uint64_t)10 << 33);
    cr_assert(fabs(ps_sketch_quantile(s, 0.5) - 5) <= 0.05, "%g", ps_sketch_quantile(s, 0.5));
    cr_assert(fabs(ps_sketch_quantile(s, 0.85) - 9) <= 0.09, "%g", ps_sketch_quantile(s, 0.85));
    cr_assert_eq(ps_sketch_quantile(s, 1), 10);
    ps_sketch_free(s);
}
