/* ps_audit_model.h - audit claims, findings and the arithmetic checks on published figures.
 * Part of the public interface of its library; the umbrella header includes it. */
#ifndef PS_AUDIT_MODEL_H
#define PS_AUDIT_MODEL_H

#include "ps_thresholds.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ===================================================================== 8. audit */
/* (owned by the audit work; see model/audit/audit.c, model/audit/audit_checks.c, parser/paper/paper.c) */

enum ps_severity { PS_SEV_INFO = 0, PS_SEV_WARNING = 1, PS_SEV_ERROR = 2 };
/* "info", "warning", "error". */
const char *ps_severity_name(enum ps_severity s);

/* What a claim states. Summary-table metrics first (their order is the table row order). */
enum ps_metric {
    PS_M_DB_TRANSFERS = 0,
    PS_M_DB_READS,
    PS_M_DB_WRITES,
    PS_M_DB_READ_LAT,
    PS_M_DB_WRITE_LAT,
    PS_M_LOG_WRITES,
    PS_M_LOG_WRITE_LAT, /* 0..6: "Storage Performance Results" rows */
    PS_M_MAILBOXES,
    PS_M_MAILBOXES_PER_SERVER,
    PS_M_SERVERS,
    PS_M_PROFILE_IOPS, /* estimated IOPS per mailbox before headroom */
    PS_M_TESTED_IOPS, /* "Simulated profile: I/O's per second per mailbox" (after headroom) */
    PS_M_HEADROOM_PCT,
    PS_M_TARGET_IOPS,
    PS_M_ACHIEVED_IOPS,
    PS_M_BACKUP_MBS_DB,
    PS_M_BACKUP_MBS_SERVER,
    PS_M_REPLAY_SEC,
    PS_M_VERDICT, /* 1 Pass, 0 Fail */
    PS_M_COL, /* a report table cell: instance/volume `who`, io12 column `col` */
    PS_M_LOG_LAT, /* a final test-log latency line: `who`, io12 column `col` */
    PS_M_THR_DB_READ, /* average DB read latency threshold (ms) of the test log */
    PS_M_THR_LOG_WRITE, /* average log write latency threshold (ms) */
    PS_M_INTERVAL_MS, /* performance logging interval of the run (largest seen) */
    PS_M_BLG_SAMPLES,
    PS_M_XML_SAMPLES,
    PS_M_COLLECTION_START,
    PS_M_COLLECTION_END, /* value = ps_time (ms) as double */
    PS_M_STALLS_AVG, /* Database Page Fault Stalls/sec, host table average */
    PS_M_COUNT, /* the metrics above: a run's figures; the audit's claims follow */
    /* configuration arithmetic, the Jetstress report's own configuration, unread numbers */
    PS_MX_DATABASES_PER_SERVER = PS_M_COUNT,
    PS_MX_MAILBOXES_PER_DATABASE,
    PS_MX_DB_SIZE_GB, /* total database size, GB (TB x 1024) */
    PS_MX_CAPACITY_GB, /* formatted / usable capacity, GB */
    PS_MX_CAPACITY_USED_PCT, /* "% storage capacity used by Exchange database" */
    PS_MX_COPIES_PER_DATABASE,
    PS_MX_DAGS,
    PS_MX_TARGET_PER_SERVER, /* "Target IOPS per server" */
    PS_MX_REPORT_MAILBOXES, /* a Jetstress report's own mailbox count (its test description) */
    PS_MX_REPORT_IOPS, /* a Jetstress report's own IOPS per mailbox */
    PS_MX_UNREAD, /* a number attached to no claim: text = the number, label = words before it */
    PS_MX_COUNT /* every metric */
};
/* Stable key of any metric ("db_transfers_per_sec", "databases_per_server", ...); "unknown"
 * outside the enum. */
const char *ps_metric_key(enum ps_metric m);

/* Where in a paper a claim was read. */
enum ps_claim_ctx { PS_CTX_BODY = 0, PS_CTX_REPORT };

/* One number stated by a paper (or read from a report), with its printed precision. */
typedef struct ps_claim {
    enum ps_metric metric;
    enum ps_claim_ctx ctx;
    int table; /* body: index into ps_paper.tables for metrics 0..6, else -1 */
    int report; /* report context: index into ps_paper.reports, else -1 */
    char *who; /* PS_M_COL / PS_M_LOG_LAT: "Instance900.1" or a volume "M:"; else NULL */
    int col; /* io12 column for PS_M_COL / PS_M_LOG_LAT, else -1 */
    int total_table; /* 1: cell of the Total I/O table (2010+) */
    double value; /* canonical unit (ms, 1/s, count, percent); NaN = absent */
    double half_unit; /* half of the last printed digit, in the canonical unit */
    int decimals; /* printed decimals (-1 when absent) */
    char *text; /* the number exactly as printed, NULL when absent */
    char *label; /* the label as matched */
    long line; /* 1-based line in the paper */
} ps_claim;

/* A "Storage Performance Results" table of the paper body (one per server, or the aggregate). */
typedef struct ps_paper_table {
    char *server; /* "server 1", ..., "aggregate" */
    int aggregate;
    long line; /* line of its first row */
} ps_paper_table;

/* A Jetstress report reproduced in an appendix, identified by title (never by letter). */
typedef struct ps_paper_report {
    enum ps_test_type type;
    int layout_2007; /* LogicalDisk volumes with latencies in seconds */
    char *title; /* the title text matched */
    char *name; /* "MBX01 Performance" once the Machine Name row is read, else the title */
    long line;
} ps_paper_report;

/* One cell "p% [value unit]" of a relative-percentage trend table. */
typedef struct ps_pct_cell {
    long line;
    int block; /* table id: cells of consecutive lines form one table */
    double pct;
    int pct_decimals;
    double value;
    int value_decimals; /* NaN / -1 when lost */
    char unit[16]; /* lower-cased unit word ("iops", "msec", ...) */
} ps_pct_cell;

/* Everything read from one paper text. Free with ps_paper_free. */
typedef struct ps_paper {
    char *source;
    int esrp_major; /* 2, 3, 4; 0 when not stated */
    ps_claim *claims;
    size_t nclaims, capclaims;
    ps_paper_table *tables;
    size_t ntables, captables;
    ps_paper_report *reports;
    size_t nreports, capreports;
    ps_pct_cell *cells;
    size_t ncells, capcells;
    size_t sanitized_bytes; /* NUL / invalid UTF-8 bytes replaced by spaces */
} ps_paper;
/* Append a claim (strings copied; NULL allowed); returns it. */
ps_claim *ps_paper_add_claim(ps_paper *p, enum ps_metric m, enum ps_claim_ctx ctx, long line, const char *label,
                             const char *text, double value, int decimals, double scale);
void ps_paper_free(ps_paper *p); /* frees members and p itself; NULL ok */

/* One audit finding. Strings owned by the finding. */
typedef struct ps_finding {
    const char *kind; /* stable check name from the checks table ("transfers-not-sum") */
    enum ps_severity severity;
    char *file;
    long line;
    char *server; /* "server 1", "aggregate", machine name, NULL */
    char *metric; /* metric key or instance/column, NULL */
    double stated, expected; /* NaN when not applicable */
    char *message; /* the arithmetic in words */
} ps_finding;

/* One row of the checks table (model/audit/audit_checks.c). */
typedef struct ps_audit_check {
    const char *kind;
    enum ps_severity severity; /* default severity (some findings of a kind are lower) */
    const char *tolerance; /* the tolerance rule in words */
    const char *explain; /* one-line explanation template */
} ps_audit_check;
/* The checks table; *n receives its length. */
const ps_audit_check *ps_audit_checks(size_t *n);

typedef struct ps_audit {
    ps_finding *findings;
    size_t n, cap;
    size_t claims; /* numbers read (paper claims + report values) */
    size_t checked; /* comparisons made */
    size_t pct_checked; /* trend percentages compared (subset of checked) */
    ps_verdict_words_fn reason_words; /* set by the caller: the words of a recomputed verdict's reason in a
                                       * finding (the catalogue's ps_js_reason_words_en); NULL: not named */
} ps_audit;

/* Run every check over a paper (NULL allowed) and a Jetstress run (NULL allowed); findings
 * are appended to *out (zero-initialised by the caller) and sorted by severity (error first),
 * then file and line. Never fails. */
void ps_audit_run(const ps_paper *paper, const ps_js_run *run, ps_audit *out);
/* Number of findings of severity >= sev. */
size_t ps_audit_count(const ps_audit *a, enum ps_severity sev);
void ps_audit_fini(ps_audit *a); /* members only */

/* The interval rule (docs/formats.md#interval-rule): 1 when the printed percentage p (half-unit hp) is consistent with
 * value/base (half-units hv, hb); lo/hi receive the accepted interval. */
int ps_pct_consistent(double p, double hp, double value, double hv, double base, double hb, double *lo, double *hi);
/* Half of the last printed digit: 0.5 * 10^-decimals. */
double ps_half_unit(int decimals);

#ifdef __cplusplus
}
#endif
#endif /* PS_AUDIT_MODEL_H */
