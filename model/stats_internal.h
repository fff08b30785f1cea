/* stats_internal.h - private to model/ (and its unit tests): the batch forms of the
 * accumulator and the sketch that summary.c feeds, and the aligned allocation it uses. */
#ifndef PS_STATS_INTERNAL_H
#define PS_STATS_INTERNAL_H

#include <stddef.h>

#include "ps_model.h"

/* n bytes aligned to align (a power of two, a multiple of sizeof(void *)); free() releases it.
 * Aborts on out-of-memory like the other ps_x* helpers. */
void *ps_xaligned(size_t align, size_t n);

/* ps_acc_add_many for the values v[0], v[stride], ..., v[(n-1) * stride] (one column of a
 * row-major batch). t_all_set != 0 promises that no t[i] is PS_TIME_NONE (a faster loop); 0 is
 * always correct. Never fails; a->sketch grows as needed (ps_x* allocation). */
void ps_acc_add_strided(ps_acc *a, const ps_time *t, int t_all_set, const double *v, size_t stride, size_t n);
/* Hint: a and its sketch's buckets will be updated soon (cache prefetch; no effect otherwise). */
void ps_acc_prefetch(const ps_acc *a);
/* Hint: the sketch's positive buckets in use will be updated soon (cache prefetch only). */
void ps_sketch_prefetch(const ps_sketch *s);

/* ps_sketch_add_many (with a stride) for a run whose smallest and largest non-NaN values lo and hi the
 * caller already has, and in the same pass *m2 = the sum of (v - mean)^2 over the non-NaN
 * values, in index order (so exactly the loop the caller would run). Never fails. */
void ps_sketch_add_run_m2(ps_sketch *s, const double *v, size_t stride, size_t n, double lo, double hi,
                          double mean, double *m2);

#endif
