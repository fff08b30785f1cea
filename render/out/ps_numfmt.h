/* ps_numfmt.h - numbers written as printf("%.<digits>g") does in the C locale, without printf
 * for the common case (the relog writer's 17 significant digits, render/out/pdh_write.c).
 * Depends on the C library only (bench/bench_numfmt.sh builds it on its own). */
#ifndef PS_NUMFMT_H
#define PS_NUMFMT_H

#ifdef __cplusplus
extern "C" {
#endif

#define PS_FMT_G_MAX 64 /* bytes ps_fmt_g may write, the terminating NUL included */

/* Write v into out[PS_FMT_G_MAX] exactly as snprintf(out, PS_FMT_G_MAX, "%.*g", digits, v)
 * writes it in the C locale (correctly rounded, ties to even; "-0", "inf", "nan" as printf;
 * '.' as the decimal point whatever the process locale). digits outside 1..40 is taken as 17.
 * Returns the length written (without the NUL). Never fails; thread-safe, no allocation.
 * How: for 1..17 digits, v times a power of ten held to 125 bits gives the digits; when the
 * scaled value lies within 2^-52 of a rounding tie (essentially only exact ties) the result
 * comes from snprintf, as it does for more than 17 digits and for inf / nan. */
int ps_fmt_g(char *out, double v, int digits);

#ifdef __cplusplus
}
#endif

#endif
