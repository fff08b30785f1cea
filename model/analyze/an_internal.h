/* an_internal.h - private to model/analyze: the engine's state shared by its files. */
#ifndef PS_AN_INTERNAL_H
#define PS_AN_INTERNAL_H

#include "ps_analyze.h"
#include "ps_hash.h"

/* Auto mode keeps at most this many fine slices (a power-of-two multiple of 1 s wide) and
 * groups them into at most PS_AN_AUTO_SLICES final slices at the end. */
#define AN_MAX_FINE (4 * PS_AN_AUTO_SLICES)
/* A fixed --interval that would need more slices than this is widened (bounded memory). */
#define AN_MAX_FIXED PS_AN_MAX_SLICES
#define AN_AUTO_START_MS 1000

/* One fine slice of one series. */
typedef struct ps_an_acc {
    uint64_t n;
    double sum, min, max;
    ps_sketch *sk;           /* p95 rules only */
} ps_an_acc;

/* Columns of the current file feeding one series: ncols consecutive entries of cols
 * (direct rule: 1; derived rule: one per expression operand, SIZE_MAX = absent). */
typedef struct an_binding {
    size_t series;
    size_t first_col;        /* index in ps_analysis.cols */
} an_binding;

/* Limits of a computed (PAL code) rule on one machine. */
typedef struct an_limits { double warn, crit; int op; char *unanswered; } an_limits;
/* A \NUMA Node Memory(*)\Total MBytes column of the current file. */
typedef struct an_memcol { size_t col, machine; int total; } an_memcol;

struct ps_analysis {
    const ps_an_ruleset *set;
    ps_an_options opt;
    ps_an_result res;
    ps_an_series *series; size_t nseries, series_cap;
    ps_hash series_ix;       /* "rule|machine|instance" -> index in series (until ps_an_finish) */
    size_t *series_bind;     /* per series: its binding in the current file (valid when it points
                                back at the series), series_cap entries */
    ps_time prev_t;          /* previous row of the current file (sampling interval) */
    ps_hash proc_seen;       /* "machine NUL instance" of every Processor instance but _Total */
    ps_hash proc_machine;    /* machine -> index in proc_n */
    size_t *proc_n; size_t nproc_machines;
    /* per machine of proc_machine: physical memory read from the log (MB, NaN unknown): the
     * _Total instance's largest value, and the largest sum of the node instances in one row */
    double *mem_total, *mem_nodes, *mem_row;
    an_memcol *memcols; size_t nmemcols, memcols_cap;   /* current file */
    /* computed limits per "rule NUL machine", answers per "name NUL machine" and their rules */
    ps_hash lim_ix, ans_ix, ans_rule;
    an_limits *lims; size_t nlims, lims_cap;
    /* grid of fine slices: slice i covers [(base + i) * w, (base + i + 1) * w) ms UTC */
    int64_t w, base;
    size_t nfine, cap;       /* every series' fine array has cap entries */
    int widened;
    /* current file */
    const struct ps_log_info *info;
    an_binding *binds; size_t nbinds, binds_cap;
    size_t *cols; size_t ncols, cols_cap;
    double *opv;             /* operand values scratch */
    size_t columns_used, file_localized;
    unsigned char *used; size_t nused;   /* per column of the current file */
    char **files; size_t nfiles;
    int zone_seen;
    int finished;
};

/* an_engine.c */
/* Processors of machine seen in the logs (Processor instances but _Total); 0 when none. */
size_t ps_an_processors_of(const ps_analysis *a, const char *machine);

/* Machine index (processor and memory tables) of machine, added when new. */
size_t ps_an_machine_index(ps_analysis *a, const char *machine);
/* Physical memory of machine read from the log in MB, NaN when unknown; *nodes = 1 when it is
 * the sum of the NUMA node instances (no _Total). */
double ps_an_memory_mb_of(const ps_analysis *a, const char *machine, int *nodes);

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
