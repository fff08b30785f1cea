/* cpu.c - the one processor probe (see ps_cpu.h). */
#include "ps_cpu.h"

#if defined(__x86_64__) && defined(__GNUC__)

static unsigned probe(int avx512_allowed)
{
    unsigned f = 0;
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2"))
        f |= PS_CPU_AVX2;
    if (__builtin_cpu_supports("fma"))
        f |= PS_CPU_FMA;
    if (!avx512_allowed)
        return f;
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl"))
        f |= PS_CPU_AVX512;
    if ((f & PS_CPU_AVX512) && (f & PS_CPU_FMA) && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512vbmi2") &&
        __builtin_cpu_supports("avx512vpopcntdq") && __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt"))
        f |= PS_CPU_AVX512_TEXT;
    return f;
}

#else

static unsigned probe(int avx512_allowed)
{
    (void)avx512_allowed;
    return 0;
}

#endif

static unsigned features;
static int probed;

unsigned ps_cpu_features(void)
{
    if (!probed) {
        features = probe(1);
        probed = 1;
    }
    return features;
}

int ps_cpu_use_avx512(int on)
{
    int was = (ps_cpu_features() & PS_CPU_AVX512_TEXT) != 0;
    features = probe(on);
    return was;
}

/* Before main, so that threads only read the answer. */
__attribute__((constructor)) static void probe_before_main(void)
{
    ps_cpu_features();
}
