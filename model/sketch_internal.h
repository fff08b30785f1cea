/* sketch_internal.h - private to model/: the sketch insert fused with the accumulator's
 * second pass (stats.c). */
#ifndef PS_SKETCH_INTERNAL_H
#define PS_SKETCH_INTERNAL_H

#include <stddef.h>

#include "ps_model.h"

/* ps_sketch_add_strided for a run whose smallest and largest non-NaN values lo and hi the
 * caller already has, and in the same pass *m2 = the sum of (v - mean)^2 over the non-NaN
 * values, in index order (so exactly the loop the caller would run). Never fails. */
void ps_sketch_add_run_m2(ps_sketch *s, const double *v, size_t stride, size_t n, double lo, double hi,
                          double mean, double *m2);

#endif
