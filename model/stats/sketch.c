/* sketch.c - mergeable quantile sketch with relative accuracy PS_SKETCH_ALPHA (DDSketch style).
 *
 * Mapping. A value v != 0 goes to bucket k = floor(L(|v|) / w) where
 *     L(x) = e + (m - 1)   for x = m * 2^e, m in [1, 2)      (a piecewise-linear log2)
 * and w = ln(gamma), gamma = (1 + alpha) / (1 - alpha). L is monotone and its derivative with
 * respect to ln(x) is m >= 1, so a bucket of width w in L spans at most a factor gamma in value:
 * lo <= x < hi with hi / lo <= gamma. Reporting 2 lo hi / (lo + hi) for every value of the
 * bucket is then off by at most (gamma - 1) / (gamma + 1) = alpha relative. L costs a few bit
 * operations instead of a log() call (the sketch is fed tens of millions of values); the price
 * is up to 2x more buckets than an exact log mapping (ln 2 / w ~ 35 buckets per octave).
 *
 * Stores. Positive values, negative values (by magnitude) and zeros are counted separately.
 * Each store is a dense array of counters over a contiguous bucket range that grows as values
 * arrive. A store never holds more than PS_SKETCH_MAX_BUCKETS buckets (2048, ~ a factor 2e12
 * between the smallest and the largest magnitude): beyond that the LOWEST buckets (smallest
 * magnitudes) are collapsed into the lowest kept bucket. Quantiles that fall into a collapsed
 * bucket lose the accuracy guarantee; the upper quantiles (p50/p95/p99 of latency-like data)
 * keep it. Magnitudes below 2^-1000 (~1e-301, including subnormals) count as zero.
 *
 * Quantile definition: the value of rank floor(q (n - 1)) (0-based) in the sorted values, i.e.
 * the lower of the two neighbours, no interpolation. Rank 0 and rank n-1 return the exact min
 * and max (kept aside); other answers are clamped to [min, max].
 */
#include "ps_model.h"
#include "stats_internal.h"

#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define PS_SKETCH_MAX_BUCKETS 2048
#define GROW_STEP 64
#define MIN_MAGNITUDE 0x1p-1000

/* Bucket counters are 32-bit (4 bytes per bucket keeps a store of a few hundred buckets within a
 * few cache lines); a store switches to 64-bit counters the first time one would overflow. */
typedef struct store {
    void *c; /* counters of buckets off .. off + len - 1: uint32_t, or uint64_t if wide */
    int wide;
    int32_t off; /* bucket index of counter 0 */
    int32_t len; /* buckets in use (room for cap) */
    int32_t cap;
    uint64_t n;
} store;

/* Values are first appended to a small per-sketch buffer and moved into the buckets PENDING_N
 * at a time: a log with thousands of counters feeds each sketch one value per row, and adding
 * straight into the buckets then costs a cache miss per value; a batch reuses the same few
 * cache lines. Read functions flush first (the buffer is a cache: they stay logically const). */
#define PENDING_N 256

struct ps_sketch {
    store pos, neg;
    uint64_t zeros;
    double min, max;
    double *pending; /* PENDING_N values not yet in the buckets (allocated on first add) */
    uint32_t npending;
};

static double inv_w; /* 1 / ln(gamma) */
static double w_;
static pthread_once_t consts_once = PTHREAD_ONCE_INIT; /* sketches are made on several threads */

static void compute_consts(void)
{
    double gamma = (1 + PS_SKETCH_ALPHA) / (1 - PS_SKETCH_ALPHA);
    w_ = log(gamma);
    inv_w = 1 / w_;
}

static void init_consts(void)
{
    pthread_once(&consts_once, compute_consts);
}

/* Piecewise-linear log2 from the IEEE-754 bits (x normal, > 0). */
static inline double lin_log2(double x)
{
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    int e = (int)((bits >> 52) & 0x7ff) - 1023;
    uint64_t mb = (bits & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL;
    double m;
    memcpy(&m, &mb, sizeof m);
    return e + (m - 1);
}

/* Inverse of lin_log2. */
static double lin_exp2(double l)
{
    double e = floor(l);
    return ldexp(1 + (l - e), (int)e);
}

/* floor() for |y| well inside the int32 range (|lin_log2| <= 1024, times 1 / w ~ 50): a cast
 * and a correction, no libm call. */
static inline int32_t ifloor(double y)
{
    int32_t k = (int32_t)y;
    return k - (y < (double)k);
}

static inline int32_t bucket_of(double mag)
{
    return ifloor(lin_log2(mag) * inv_w);
}

/* Lower bound of bucket k (in value). */
static double bucket_lo(int32_t k)
{
    return lin_exp2((double)k * w_);
}

/* Representative value of bucket k: the harmonic mean 2 lo hi / (lo + hi) of its bounds (written
 * so that it does not overflow), within alpha of every value of the bucket. */
static double bucket_value(int32_t k)
{
    double lo = bucket_lo(k), hi = bucket_lo(k + 1);
    return lo / (1 + lo / hi) * 2; /* = 2 lo / (1 + lo / hi) exactly, also for lo > DBL_MAX / 2 */
}

static inline size_t esz(const store *s)
{
    return s->wide ? sizeof(uint64_t) : sizeof(uint32_t);
}
static inline uint64_t get(const store *s, int32_t i)
{
    return s->wide ? ((const uint64_t *)s->c)[i] : ((const uint32_t *)s->c)[i];
}
static inline void set(store *s, int32_t i, uint64_t v)
{
    if (s->wide)
        ((uint64_t *)s->c)[i] = v;
    else
        ((uint32_t *)s->c)[i] = (uint32_t)v;
}
/* Counters i .. i + n - 1 set to zero. */
static void zero(store *s, int32_t i, int32_t n)
{
    memset((char *)s->c + (size_t)i * esz(s), 0, (size_t)n * esz(s));
}
/* Move n counters from index src to index dst (ranges may overlap). */
static void move(store *s, int32_t dst, int32_t src, int32_t n)
{
    memmove((char *)s->c + (size_t)dst * esz(s), (char *)s->c + (size_t)src * esz(s), (size_t)n * esz(s));
}

static void widen(store *s)
{
    uint64_t *w = ps_xcalloc((size_t)(s->cap ? s->cap : 1), sizeof *w);
    for (int32_t i = 0; i < s->len; i++)
        w[i] = ((uint32_t *)s->c)[i];
    free(s->c);
    s->c = w;
    s->wide = 1;
}

static inline void put(store *s, int32_t i, uint64_t cnt)
{
    if (!s->wide) {
        uint32_t *c = s->c;
        if (cnt <= UINT32_MAX - c[i]) {
            c[i] += (uint32_t)cnt;
            return;
        }
        widen(s);
    }
    ((uint64_t *)s->c)[i] += cnt;
}

static void store_reserve(store *s, int32_t need)
{
    if (need <= s->cap)
        return;
    int32_t cap = s->cap ? s->cap : GROW_STEP;
    while (cap < need)
        cap *= 2;
    if (cap > PS_SKETCH_MAX_BUCKETS)
        cap = PS_SKETCH_MAX_BUCKETS;
    s->c = ps_xrealloc(s->c, (size_t)cap * esz(s));
    zero(s, s->cap, cap - s->cap);
    s->cap = cap;
}

/* Add cnt to bucket k, growing the range or collapsing its lowest buckets. */
static void store_add(store *s, int32_t k, uint64_t cnt)
{
    s->n += cnt;
    if (s->len == 0) {
        store_reserve(s, 1);
        s->off = k;
        s->len = 1;
        put(s, 0, cnt);
        return;
    }
    int32_t i = k - s->off;
    if (i >= 0 && i < s->len) {
        put(s, i, cnt);
        return;
    }
    if (i < 0) {
        int32_t grow = -i;
        if ((int64_t)s->len + grow > PS_SKETCH_MAX_BUCKETS) {
            /* below the kept range and no room: extend downwards as far as the cap allows,
             * the rest collapses into the lowest kept bucket */
            grow = PS_SKETCH_MAX_BUCKETS - s->len;
            if (grow <= 0) {
                put(s, 0, cnt);
                return;
            }
        }
        store_reserve(s, s->len + grow);
        move(s, grow, 0, s->len);
        zero(s, 0, grow);
        s->off -= grow;
        s->len += grow;
        put(s, k < s->off ? 0 : k - s->off, cnt);
        return;
    }
    /* above the range */
    int64_t need = (int64_t)i + 1;
    if (need > PS_SKETCH_MAX_BUCKETS) {
        /* shift the range up: the lowest `drop` + 1 buckets collapse into the new lowest one */
        int32_t drop = (int32_t)(need - PS_SKETCH_MAX_BUCKETS);
        uint64_t low = 0;
        int32_t upto = drop < s->len ? drop : s->len - 1;
        for (int32_t j = 0; j <= upto; j++)
            low += get(s, j);
        store_reserve(s, PS_SKETCH_MAX_BUCKETS);
        if (drop < s->len) {
            move(s, 0, drop, s->len - drop);
            zero(s, s->len - drop, PS_SKETCH_MAX_BUCKETS - (s->len - drop));
        } else {
            zero(s, 0, PS_SKETCH_MAX_BUCKETS);
        }
        s->off = k - (PS_SKETCH_MAX_BUCKETS - 1);
        s->len = PS_SKETCH_MAX_BUCKETS;
        set(s, 0, low);
        put(s, k - s->off, cnt);
        return;
    }
    store_reserve(s, (int32_t)need);
    zero(s, s->len, (int32_t)need - s->len);
    s->len = (int32_t)need;
    put(s, i, cnt);
}

ps_sketch *ps_sketch_new(void)
{
    init_consts();
    ps_sketch *s = ps_xcalloc(1, sizeof *s);
    s->min = INFINITY;
    s->max = -INFINITY;
    return s;
}

/* One value into a store: the common case (bucket in range, 32-bit counter far from full)
 * inline, everything else through store_add. */
static inline void store_inc(store *st, int32_t k)
{
    uint32_t i = (uint32_t)(k - st->off);
    if (i < (uint32_t)st->len && !st->wide && ((uint32_t *)st->c)[i] < UINT32_MAX) {
        ((uint32_t *)st->c)[i]++;
        st->n++;
    } else {
        store_add(st, k, 1);
    }
}

static inline void insert(ps_sketch *s, double v)
{
    if (v < s->min)
        s->min = v;
    if (v > s->max)
        s->max = v;
    if (v > MIN_MAGNITUDE && v <= DBL_MAX)
        store_inc(&s->pos, bucket_of(v));
    else if (v < -MIN_MAGNITUDE && v >= -DBL_MAX)
        store_add(&s->neg, bucket_of(-v), 1);
    else if (v > -MIN_MAGNITUDE && v < MIN_MAGNITUDE)
        s->zeros++;
    else if (v > 0) /* +inf: highest representable bucket */
        store_add(&s->pos, bucket_of(DBL_MAX), 1);
    else
        store_add(&s->neg, bucket_of(DBL_MAX), 1);
}

static void flush(ps_sketch *s)
{
    for (uint32_t i = 0; i < s->npending; i++)
        insert(s, s->pending[i]);
    s->npending = 0;
}

void ps_sketch_add(ps_sketch *s, double v)
{
    if (isnan(v))
        return;
    if (s->npending == PENDING_N)
        flush(s);
    if (!s->pending)
        s->pending = ps_xmalloc(PENDING_N * sizeof *s->pending);
    s->pending[s->npending++] = v;
}

/* Bit patterns of the smallest magnitude counted as non-zero and of DBL_MAX: a positive normal
 * value x in (MIN_MAGNITUDE, DBL_MAX] is exactly one whose bits minus POS_LO_BITS, as an
 * unsigned number, are below POS_SPAN (negative values, infinities and NaNs fall outside). */
#define POS_LO_BITS UINT64_C(0x0170000000000001) /* the double just above 2^-1000 */
#define POS_SPAN (UINT64_C(0x7FEFFFFFFFFFFFFF) - POS_LO_BITS + 1)

/* Batch insertion. The common case (a positive normal value whose bucket is in the 32-bit
 * store's range) runs on local copies of the store fields: a store through the counter array
 * could otherwise alias them and force reloads every value. Everything else goes through
 * insert() with the locals written back first.
 * The loop of ps_sketch_add_many; checked = 0 when no 32-bit counter can overflow in it.
 * With m2 (the fused form for ps_acc), the squared deviations from mean of the non-NaN values
 * are summed into *m2 in the same pass, and min/max are not tracked here: the caller passes
 * the run's smallest and largest value in lo, hi. */
static inline __attribute__((always_inline)) void add_run(ps_sketch *s, const double *v, size_t stride, size_t n,
                                                          int checked, double lo_in, double hi_in, double mean,
                                                          double *m2)
{
    const double iw = inv_w;
    double lo = s->min, hi = s->max, sq = 0;
    store *st = &s->pos;
    uint32_t *c = st->wide ? NULL : st->c;
    int32_t off = st->off;
    uint32_t len = c ? (uint32_t)st->len : 0;
    uint64_t added = 0;
    for (size_t i = 0; i < n; i++) {
        double x = v[i * stride];
        uint64_t bits;
        memcpy(&bits, &x, sizeof bits);
        if (bits - POS_LO_BITS < POS_SPAN) {
            uint32_t j = (uint32_t)(ifloor(lin_log2(x) * iw) - off);
            if (j < len && (!checked || c[j] < UINT32_MAX)) {
                c[j]++;
                added++;
                if (m2) {
                    sq += (x - mean) * (x - mean);
                } else {
                    lo = x < lo ? x : lo;
                    hi = x > hi ? x : hi;
                }
                continue;
            }
        } else if (isnan(x)) {
            continue;
        }
        if (m2)
            sq += (x - mean) * (x - mean);
        st->n += added;
        added = 0;
        s->min = lo;
        s->max = hi;
        insert(s, x);
        lo = s->min;
        hi = s->max;
        c = st->wide ? NULL : st->c;
        off = st->off;
        len = c ? (uint32_t)st->len : 0;
    }
    st->n += added;
    if (m2) {
        *m2 = sq;
        lo = lo_in < lo ? lo_in : lo;
        hi = hi_in > hi ? hi_in : hi;
    }
    s->min = lo;
    s->max = hi;
}

/* GCC's basic-block vectorizer would pack lo and hi into one register and lengthen both
 * loop-carried chains by the unpacking (see stats.c). */
#if defined(__GNUC__) && !defined(__clang__)
#define NO_SLP __attribute__((optimize("no-tree-slp-vectorize")))
#else
#define NO_SLP
#endif

NO_SLP void ps_sketch_add_many(ps_sketch *s, const double *v, size_t n)
{
    const size_t stride = 1;
    flush(s);
    /* a counter never exceeds its store's total: below 2^32 - 1 after this call, none can overflow */
    if (s->pos.n + n < UINT32_MAX)
        add_run(s, v, stride, n, 0, 0, 0, 0, NULL);
    else
        add_run(s, v, stride, n, 1, 0, 0, 0, NULL);
}

NO_SLP void ps_sketch_add_run_m2(ps_sketch *s, const double *v, size_t stride, size_t n, double lo, double hi,
                                 double mean, double *m2)
{
    flush(s);
    if (s->pos.n + n < UINT32_MAX)
        add_run(s, v, stride, n, 0, lo, hi, mean, m2);
    else
        add_run(s, v, stride, n, 1, lo, hi, mean, m2);
}

uint32_t *ps_sketch_pos_direct(ps_sketch *s, int32_t *off, uint32_t *len)
{
    flush(s);
    store *st = &s->pos;
    *off = st->off;
    *len = st->c && !st->wide ? (uint32_t)st->len : 0;
    return *len ? st->c : NULL;
}

void ps_sketch_pos_added(ps_sketch *s, uint64_t n)
{
    s->pos.n += n;
}

uint64_t ps_sketch_pos_count(const ps_sketch *s)
{
    return s->pos.n;
}

void ps_sketch_insert1(ps_sketch *s, double v)
{
    insert(s, v);
}

void ps_sketch_widen(ps_sketch *s, double lo, double hi)
{
    s->min = lo < s->min ? lo : s->min;
    s->max = hi > s->max ? hi : s->max;
}

double ps_sketch_inv_w(void)
{
    init_consts();
    return inv_w;
}

void ps_sketch_prefetch(const ps_sketch *s)
{
    const store *st = &s->pos;
    __builtin_prefetch(s);
    if (!st->c)
        return;
    const char *c = st->c, *end = c + (size_t)st->len * esz(st);
    for (; c < end; c += 64)
        __builtin_prefetch(c, 1);
}

static void store_merge(store *d, const store *s)
{
    if (s->len == 0)
        return;
    /* first stretch d over the range of s (empty counts: two moves at most instead of one per
     * bucket), then the highest buckets first so that a collapse in d keeps the top */
    store_add(d, s->off + s->len - 1, 0);
    store_add(d, s->off, 0);
    if (!d->wide && !s->wide && d->off <= s->off && s->off + s->len <= d->off + d->len &&
        d->n + s->n <= UINT32_MAX) { /* d covers s and no counter can overflow: add in place */
        uint32_t *dc = (uint32_t *)d->c + (s->off - d->off);
        const uint32_t *sc = s->c;
        for (int32_t j = 0; j < s->len; j++)
            dc[j] += sc[j];
        d->n += s->n;
        return;
    }
    for (int32_t j = s->len - 1; j >= 0; j--)
        if (get(s, j))
            store_add(d, s->off + j, get(s, j));
}

void ps_sketch_merge(ps_sketch *dst, const ps_sketch *src)
{
    if (!src)
        return;
    flush((ps_sketch *)src);
    flush(dst);
    store_merge(&dst->pos, &src->pos);
    store_merge(&dst->neg, &src->neg);
    dst->zeros += src->zeros;
    if (src->min < dst->min)
        dst->min = src->min;
    if (src->max > dst->max)
        dst->max = src->max;
}

uint64_t ps_sketch_count(const ps_sketch *s)
{
    return s->pos.n + s->neg.n + s->zeros + s->npending;
}

double ps_sketch_quantile(const ps_sketch *s, double q)
{
    flush((ps_sketch *)s);
    uint64_t n = ps_sketch_count(s);
    if (n == 0 || isnan(q))
        return NAN;
    if (q < 0)
        q = 0;
    if (q > 1)
        q = 1;
    uint64_t rank = (uint64_t)floor(q * (double)(n - 1));
    if (rank == 0)
        return s->min;
    if (rank >= n - 1)
        return s->max;
    double v;
    uint64_t seen = 0;
    if (rank < s->neg.n) {
        /* negatives: largest magnitude first */
        int32_t j = s->neg.len - 1;
        for (; j > 0; j--) {
            seen += get(&s->neg, j);
            if (seen > rank)
                break;
        }
        v = -bucket_value(s->neg.off + j);
    } else if (rank < s->neg.n + s->zeros) {
        v = 0;
    } else {
        seen = s->neg.n + s->zeros;
        int32_t j = 0;
        for (; j < s->pos.len - 1; j++) {
            seen += get(&s->pos, j);
            if (seen > rank)
                break;
        }
        v = bucket_value(s->pos.off + j);
    }
    if (v < s->min)
        v = s->min;
    if (v > s->max)
        v = s->max;
    return v;
}

void ps_sketch_free(ps_sketch *s)
{
    if (!s)
        return;
    free(s->pos.c);
    free(s->neg.c);
    free(s->pending);
    free(s);
}
