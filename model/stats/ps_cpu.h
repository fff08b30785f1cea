/* ps_cpu.h - the one processor probe and the one switch for the vector forms.
 *
 * The number parser, the line cutter and the statistics have forms for AVX2 and AVX-512
 * processors; every form gives the same results bit for bit, so the choice only changes speed.
 * The processor is probed once, before main (threads only read the answer); the program may
 * then turn every AVX-512 form off (ps_cpu_use_avx512(0): the CLI does it when the environment
 * variable PERFSCRIBE_NO_AVX512 is set and not empty; the library reads no environment). */
#ifndef PS_CPU_H
#define PS_CPU_H

/* Feature groups, as the vector forms need them. */
enum {
    PS_CPU_AVX2 = 1u << 0, /* avx2 */
    PS_CPU_FMA = 1u << 1, /* fma (with avx2: the eight-cell AVX2 number form) */
    PS_CPU_AVX512 = 1u << 2, /* avx512f + dq + vl: the statistics lanes */
    PS_CPU_AVX512_TEXT = 1u << 3, /* the above + bw, vbmi, vbmi2, vpopcntdq, fma, bmi2, popcnt: parser and cutter */
};

/* The PS_CPU_* bits the vector forms may use on this processor (0 off x86-64 or without GCC
 * builtins). Never fails; cheap (a load). */
unsigned ps_cpu_features(void);

/* Turn the AVX-512 groups off (on = 0) or back to what the processor has (on != 0). Returns
 * whether PS_CPU_AVX512_TEXT was in effect before. Never fails. Not thread-safe: call it at start
 * (the CLI) or between tests, while no reader is running. */
int ps_cpu_use_avx512(int on);

#endif
