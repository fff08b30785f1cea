/* numfmt_bench.c - ps_fmt_g (render/out/numfmt.c) against snprintf("%.*g"), the reference:
 * N doubles of five kinds compared byte for byte, then the speed of both on counter-like
 * values. Built and run by bench/bench_numfmt.sh; exit status 1 on any difference.
 *
 *   numfmt_bench N [SEED]
 * Kinds, in turn: any bit pattern (every exponent, subnormals, negatives; inf/nan skipped),
 * counter readings (lognormal-ish magnitudes 1e-3..1e9 with 0..17 digits), integers below
 * 2^53, short decimals k/1000, and neighbours of powers of ten and of exact ties (x.5 * 10^j).
 * Digits: 17 for four values in five, else 1..17. */
#include "ps_numfmt.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

extern unsigned long long ps_numfmt_fallbacks; /* numfmt.c built with -DPS_NUMFMT_STATS */

static uint64_t state;

static uint64_t next(void) /* xorshift64* */
{
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 2685821657736338717ULL;
}

static double unit(void)
{
    return (double)(next() >> 11) / 9007199254740992.0;
}

static double pick(uint64_t i)
{
    double v;
    uint64_t r = next();
    switch (i % 5) {
    case 0: memcpy(&v, &r, sizeof v); return v;
    case 1:
        v = exp(unit() * 27.6 - 6.9); /* 1e-3 .. 1e9 */
        if (r & 1) { /* a reading with few digits */
            double s = pow(10, (double)(r >> 1 & 7));
            v = round(v * s) / s;
        }
        return v;
    case 2: return (double)(r >> 11);
    case 3: return (double)(int64_t)(r % 100000000) / 1000.0;
    default: {
        int j = (int)(r % 600) - 300;
        double p = pow(10, j);
        if (r >> 20 & 1)
            p *= 1.5 + (double)(r >> 30 & 15);
        int steps = (int)(r >> 40 & 7) - 3;
        for (; steps > 0; steps--)
            p = nextafter(p, INFINITY);
        for (; steps < 0; steps++)
            p = nextafter(p, 0);
        return p;
    }
    }
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    uint64_t n = argc > 1 ? strtoull(argv[1], NULL, 10) : 100000000;
    state = argc > 2 ? strtoull(argv[2], NULL, 10) : 88172645463325252ULL;
    uint64_t bad = 0, done = 0;
    char a[PS_FMT_G_MAX], b[PS_FMT_G_MAX];
    for (uint64_t i = 0; i < n; i++) {
        double v = pick(i);
        if (!isfinite(v))
            continue;
        int d = i % 5 ? 17 : 1 + (int)(next() % 17);
        ps_fmt_g(a, v, d);
        snprintf(b, sizeof b, "%.*g", d, v);
        done++;
        if (strcmp(a, b) != 0 && bad++ < 20)
            printf("MISMATCH %a digits %d: ps_fmt_g %s, snprintf %s\n", v, d, a, b);
    }
    printf("checked %llu doubles: %llu mismatches, %llu formatted by snprintf (ties, inf, nan)\n",
           (unsigned long long)done, (unsigned long long)bad, ps_numfmt_fallbacks);
    /* speed on counter readings, 17 digits (the relog writer's case) */
    enum { M = 1 << 20 };
    double *vals = malloc(M * sizeof *vals);
    for (int i = 0; i < M; i++)
        vals[i] = pick(1 + 5 * (uint64_t)i);
    size_t sink = 0;
    double best_f = 1e9, best_s = 1e9;
    for (int round = 0; round < 5; round++) {
        double t0 = now();
        for (int i = 0; i < M; i++)
            sink += (size_t)ps_fmt_g(a, vals[i], 17);
        double t1 = now();
        for (int i = 0; i < M; i++)
            sink += (size_t)snprintf(b, sizeof b, "%.17g", vals[i]);
        double t2 = now();
        best_f = t1 - t0 < best_f ? t1 - t0 : best_f;
        best_s = t2 - t1 < best_s ? t2 - t1 : best_s;
    }
    printf("speed (counter readings, 17 digits, best of 5): ps_fmt_g %.1f ns/value, snprintf %.1f ns/value "
           "(%.1fx) [%zu]\n",
           best_f * 1e9 / M, best_s * 1e9 / M, best_s / best_f, sink % 10);
    free(vals);
    return bad != 0;
}
