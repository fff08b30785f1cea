/* an_internal.h - private to model/analyze: the engine's state shared by its files. */
#ifndef PS_AN_INTERNAL_H
#define PS_AN_INTERNAL_H

#include "ps_analyze.h"
#include "ps_hash.h"

/* Auto mode keeps at most this many fine slices per period (a power-of-two multiple of 1 s
 * wide) and groups them into at most PS_AN_AUTO_SLICES final slices at the end. */
#define AN_MAX_FINE (4 * PS_AN_AUTO_SLICES)
/* A fixed --interval that would need more slices than this is widened (bounded memory). */
#define AN_MAX_FIXED PS_AN_MAX_SLICES
#define AN_AUTO_START_MS 1000
/* Logs this far apart (or farther than the longer one lasts) are sliced as separate periods. */
#define AN_PERIOD_GAP_MS 3600000

/* One fine slice of one series. */
typedef struct ps_an_acc {
    uint64_t n;
    double sum, min, max;
    ps_sketch *sk; /* p95 rules only */
} ps_an_acc;

/* One period of the logs and its grid of fine slices: slice i covers [(base + i) * w,
 * (base + i + 1) * w) ms UTC; every series' array of the period has cap entries (an_grid.c). */
typedef struct an_period {
    int64_t w, base;
    size_t nfine, cap;
    int widened; /* a fixed --interval was widened */
    ps_time lo, hi; /* UTC range of its samples */
    int64_t sample_ms; /* smallest gap between two rows of one file in it (0: unknown) */
} an_period;

/* Columns of the current file feeding one series: ncols consecutive entries of cols
 * (direct rule: 1; derived rule: one per expression operand, SIZE_MAX = absent). */
typedef struct an_binding {
    size_t series;
    size_t first_col; /* index in ps_analysis.cols */
} an_binding;

/* Limits of a computed (PAL code) rule on one machine. */
typedef struct an_limits {
    double warn, crit;
    int op;
    char *unanswered;
} an_limits;
/* A \NUMA Node Memory(*)\Total MBytes column of the current file. */
typedef struct an_memcol {
    size_t col, machine;
    int total;
} an_memcol;

struct ps_analysis {
    const ps_an_ruleset *set;
    ps_an_options opt;
    ps_an_result res;
    ps_an_series *series;
    size_t nseries, series_cap;
    ps_hash series_ix; /* "rule|machine|instance" -> index in series (until ps_an_finish) */
    size_t *series_bind; /* per series: its binding in the current file (valid when it points
                                back at the series), series_cap entries */
    ps_time prev_t; /* previous row of the current file (sampling interval) */
    ps_hash proc_seen; /* "machine NUL instance" of every Processor instance but _Total */
    ps_hash proc_machine; /* machine -> index in proc_n */
    size_t *proc_n;
    size_t nproc_machines;
    /* per machine of proc_machine: physical memory read from the log (MB, NaN unknown): the
     * _Total instance's largest value, and the largest sum of the node instances in one row */
    double *mem_total, *mem_nodes, *mem_row;
    an_memcol *memcols;
    size_t nmemcols, memcols_cap; /* current file */
    /* computed limits per "rule NUL machine", answers per "name NUL machine" and their rules */
    ps_hash lim_ix, ans_ix, ans_rule;
    an_limits *lims;
    size_t nlims, lims_cap;
    an_period *periods;
    size_t nperiods, periods_cap; /* every series' fine[] has periods_cap */
    size_t file_period; /* the current file's period, SIZE_MAX before its first row */
    /* current file */
    const struct ps_log_info *info;
    an_binding *binds;
    size_t nbinds, binds_cap;
    size_t *cols;
    size_t ncols, cols_cap;
    double *opv; /* operand values scratch */
    size_t columns_used, file_localized;
    unsigned char *used;
    size_t nused; /* per column of the current file */
    char **files;
    size_t nfiles;
    int zone_seen;
    int finished;
    /* column matching (an_match.c): per rule its object\counter keys; the current file's
     * columns by key; the candidate list of one rule */
    struct an_rkey *rkeys;
    ps_hash colix;
    int colix_init;
    size_t *bhead, *btail, *cnext;
    size_t *cand, cand_cap;
};

/* an_engine.c */
/* Processors of machine seen in the logs (Processor instances but _Total); 0 when none. */
size_t ps_an_processors_of(const ps_analysis *a, const char *machine);

/* Machine index (processor and memory tables) of machine, added when new. */
size_t ps_an_machine_index(ps_analysis *a, const char *machine);
/* Physical memory of machine read from the log in MB, NaN when unknown; *nodes = 1 when it is
 * the sum of the NUMA node instances (no _Total). */
double ps_an_memory_mb_of(const ps_analysis *a, const char *machine, int *nodes);

/* an_grid.c */
/* Fine slice index of time t (UTC ms) of the current file, *period its period; creates,
 * extends, widens or merges periods as needed. */
size_t ps_an_grid_slot(ps_analysis *a, ps_time t, size_t *period);
/* Accumulator k of period p of series s (allocated with the period's slices when first used). */
ps_an_acc *ps_an_grid_acc(ps_analysis *a, ps_an_series *s, size_t p, size_t k);
/* A new series' per-period arrays (none allocated yet) / all of them freed. */
void ps_an_grid_new_series(ps_analysis *a, ps_an_series *s);
void ps_an_grid_free_series(ps_analysis *a, ps_an_series *s);

/* an_match.c */
/* Index the current file's columns (en: their English paths) by object and counter. */
void ps_an_match_index(ps_analysis *a, const ps_counter_path *en, size_t ncols);
/* The columns rule may match, in column order (*out owned by a, valid until the next call), or
 * SIZE_MAX when the rule has a wildcard object or counter and every column is a candidate. */
size_t ps_an_match_candidates(ps_analysis *a, size_t rule, size_t **out);
void ps_an_match_free(ps_analysis *a);

/* an_answers.c */
/* Limits of computed rule `rule` on machine (cached; owned by a). */
const an_limits *ps_an_code_limits(ps_analysis *a, size_t rule, const char *machine);
void ps_an_answers_free(ps_analysis *a);

/* an_finish.c */
/* Indices of the series ordered by rule (stable; counting sort). Caller frees. */
size_t *ps_an_by_rule(const ps_analysis *a);
/* dst += src; src's sketch is moved or merged and freed; src is left empty. */
void ps_an_acc_absorb(ps_an_acc *dst, ps_an_acc *src);
/* Empty accumulator (does not free: see ps_an_acc_release). */
void ps_an_acc_clear(ps_an_acc *a);
void ps_an_acc_release(ps_an_acc *a);

#endif
