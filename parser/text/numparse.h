/* numparse.h - private to parser/: fast locale-independent decimal number scanner. */
#ifndef PS_NUMPARSE_H
#define PS_NUMPARSE_H

#include <stddef.h>
#include <stdint.h>

/* Scan one decimal number at p (never reading at or past end):
 *   [+-] digits [dec digits] [(e|E) [+-] digits]   with at least one mantissa digit,
 * where dec is the decimal separator ('.' or ','). "inf", "nan", hex and empty text are refused.
 * On success stores the value in *out (finite; correctly rounded, at worst within 1 ulp for
 * texts over 127 characters) and returns the pointer just past the number; the caller checks
 * what follows.
 * Returns NULL when no number starts at p or it overflows to infinity. Never allocates. */
const char *ps_num_scan(const char *p, const char *end, char dec, double *out);

/* Whole-string form: 0 and *out when s[0..len) is exactly one number, else -1. */
int ps_num_parse(const char *s, size_t len, char dec, double *out);

/* The same result as ps_num_parse, faster for cells of the logged shape "[-]I[.F]" (up to 8
 * integer and 19 fraction digits): the caller knows where the cell ends and guarantees that the
 * 32 bytes before s + len and the 34 bytes from s are readable (words are loaded around the
 * cell). */
int ps_num_parse_cell(const char *s, size_t len, char dec, double *out);

/* k cells at once (k <= PS_NUM_CELLS_MAX; more are not read): s[j][0..len[j]) is cell j, with
 * the same readable bytes around it as ps_num_parse_cell needs; its value goes to vals[idx[j]].
 * Returns 0, or -1 when some cell is not a number (the vals written so far are unspecified:
 * the caller parses the cells again one by one for its message). */
#define PS_NUM_CELLS_MAX 64
int ps_num_parse_cells(const char *const *s, const uint8_t *len, const uint32_t *idx, size_t k, char dec, double *vals);

/* For tests: the same through one form, impl 0 portable (SWAR), 1 SSE2, 2 AVX2; -2 when that
 * form is not in this build or not on this processor. ps_num_parse_cell uses the best one here,
 * chosen before main from ps_cpu_features() (never changed afterwards). */
int ps_num_parse_cell_with(int impl, const char *s, size_t len, char dec, double *out);

/* For tests: ps_num_parse_cells through one form, impl 0 the per-cell one (SSE2 or portable),
 * 1 AVX2 cell by cell, 2 AVX-512, 3 AVX2 eight at a time; -2 when that form cannot run here. */
int ps_num_parse_cells_with(int impl, const char *const *s, const uint8_t *len, const uint32_t *idx, size_t k, char dec,
                            double *vals);

#if defined(__x86_64__) && defined(__GNUC__)
#define PS_NUM_HAVE_AVX512 1
#else
#define PS_NUM_HAVE_AVX512 0
#endif

/* ps_num_parse_cells on AVX-512 processors (numparse_avx512.c; same results). It reads less:
 * only s[j][0] and the 32 bytes before each cell's end. Only called when ps_num_have_avx512()
 * is 1; a build without AVX-512 support parses cell by cell. */
int ps_num_cells_avx512(const char *const *s, const uint8_t *len, const uint32_t *idx, size_t k, char dec,
                        double *vals);

/* Its value step, for tests: cell c (c < k <= 64) has the 8-digit groups g1, g2, g3 of its
 * mantissa m = (g1 * 10^8 + g2) * 10^8 + g3 in grp[8c + 1], grp[8c + 4], grp[8c + 5] (where the
 * digit step leaves them; grp holds 8 * k rounded up to 64 readable dwords) and its fraction
 * digit count f in nf[c] & 0xFF (bit 8: negative). out[c] becomes the correctly rounded
 * (-)m * 10^-f. Returns a bit mask of the cells it did not decide: nf[c] above 0x1FF, f over
 * 23, g1 over 999, and values within 2^-100 of a midpoint between two doubles (exact ties
 * included); out[c] of those is unspecified. */
uint64_t ps_num_values_avx512(const uint32_t *grp, const unsigned *nf, size_t k, double *out);

/* 10^-f = hi[f] + lo[f] for f = 0..23 to 106 bits (zeros up to 31), for the vector value steps. */
extern const double ps_num_pow10_hi[32], ps_num_pow10_lo[32];

/* ps_num_parse_cells for AVX2 processors with FMA (numparse_avx2.c; same results, and it reads
 * as ps_num_cells_avx512 does: s[j][0] and the 32 bytes before each cell's end). */
int ps_num_cells_avx2x8(const char *const *s, const uint8_t *len, const uint32_t *idx, size_t k, char dec,
                        double *vals);

/* Its value step, for tests (AVX2 with FMA only): cells c < 4 with groups g1[c], g2[c], g3[c]
 * and w[c] as nf in ps_num_values_avx512; returns the 4-bit mask of the cells not decided. */
unsigned ps_num_values4_avx2(const uint32_t *g1, const uint32_t *g2, const uint32_t *g3, const unsigned *w,
                             double *out);

/* 1 when the AVX-512 text forms run here (ps_cpu_features() has PS_CPU_AVX512_TEXT), else 0. */
int ps_num_have_avx512(void);

#endif
