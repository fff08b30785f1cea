/* store_fields.c - which model fields the store keeps, by key: written by store_add.c and read
 * back by store_load.c from these same tables. A field the model gains is stored by adding a
 * row here; old databases simply lack its rows (read back as NaN / NULL). */
#include "store_internal.h"

#include <stdio.h>
#include <string.h>

#define F(T, f)            \
    {                      \
#f, offsetof(T, f) \
    }

#define SUMMARY_FIELD(f) F(ps_js_summary, f),
const ps_store_field ps_store_summary_fields[] = {PS_JS_SUMMARY_FIELDS(SUMMARY_FIELD){NULL, 0}};

const ps_store_field ps_store_config_fields[] = {
    F(ps_js_config, duration_s),         F(ps_js_config, log_interval_ms), F(ps_js_config, log_interval2_ms),
    F(ps_js_config, max_latency_errors), F(ps_js_config, mailbox_count),   F(ps_js_config, mailbox_iops),
    F(ps_js_config, thread_count),       F(ps_js_config, copies_per_db),   F(ps_js_config, mailbox_quota_mb),
    F(ps_js_config, insert_pct),         F(ps_js_config, delete_pct),      F(ps_js_config, replace_pct),
    F(ps_js_config, read_pct),           F(ps_js_config, lazy_commit_pct), {NULL, 0}};

const ps_store_field ps_store_report_fields[] = {F(ps_js_report, achieved_iops),
                                                 F(ps_js_report, target_iops),
                                                 F(ps_js_report, initial_db_bytes),
                                                 F(ps_js_report, final_db_bytes),
                                                 F(ps_js_report, db_files),
                                                 F(ps_js_report, thread_count),
                                                 F(ps_js_report, min_cache_mb),
                                                 F(ps_js_report, max_cache_mb),
                                                 F(ps_js_report, insert_pct),
                                                 F(ps_js_report, delete_pct),
                                                 F(ps_js_report, replace_pct),
                                                 F(ps_js_report, read_pct),
                                                 F(ps_js_report, lazy_commit_pct),
                                                 F(ps_js_report, copies_per_db),
                                                 F(ps_js_report, page_fault_stalls_avg),
                                                 {NULL, 0}};

const ps_store_field ps_store_report_texts[] = {
    F(ps_js_report, source),      F(ps_js_report, language),    F(ps_js_report, result_reason),
    F(ps_js_report, machine),     F(ps_js_report, description), F(ps_js_report, jetstress_version),
    F(ps_js_report, ese_version), F(ps_js_report, os),          {NULL, 0}};

const ps_store_field ps_store_report_ints[] = {
    F(ps_js_report, result), F(ps_js_report, bdm), F(ps_js_report, layout_2007), {NULL, 0}};

const ps_store_field ps_store_report_times[] = {F(ps_js_report, test_start),
                                                F(ps_js_report, test_end),
                                                F(ps_js_report, collection_start),
                                                F(ps_js_report, collection_end),
                                                {NULL, 0}};

const ps_store_field ps_store_config_texts[] = {
    F(ps_js_config, source), F(ps_js_config, jetstress_version), F(ps_js_config, ese_version), {NULL, 0}};

const int ps_store_weighted_cols[PS_IO12_NLAT] = PS_IO12_LATENCY_COLS;

/* Figures beyond the two io12 tables: maintenance and replication pairs. */
static const ps_store_field extra_figs[] = {
    {"maintenance.reads_per_sec", offsetof(ps_js_figures, maint_reads_per_sec)},
    {"maintenance.read_bytes", offsetof(ps_js_figures, maint_read_bytes)},
    {"replication.log_reads_per_sec", offsetof(ps_js_figures, repl_log_reads_per_sec)},
    {"replication.log_read_bytes", offsetof(ps_js_figures, repl_log_read_bytes)}};

const char *ps_store_fig_key(int k, char *buf, size_t n)
{
    if (k < PS_IO12_N)
        snprintf(buf, n, "transactional.%s", ps_io12_key(k));
    else if (k < PS_IO12_N + 4)
        snprintf(buf, n, "%s", extra_figs[k - PS_IO12_N].key);
    else
        snprintf(buf, n, "total.%s", ps_io12_key(k - PS_IO12_N - 4));
    return buf;
}

double *ps_store_fig_slot(ps_js_figures *f, int k)
{
    if (k < PS_IO12_N)
        return ps_io12_at(&f->transactional, k);
    if (k < PS_IO12_N + 4)
        return (double *)((char *)f + extra_figs[k - PS_IO12_N].off);
    return ps_io12_at(&f->total, k - PS_IO12_N - 4);
}

static const char *const verdict_words[] = {"fail", "pass"};

const char *ps_store_verdict_word(enum ps_verdict_result r)
{
    return r == PS_VERDICT_PASS || r == PS_VERDICT_FAIL ? verdict_words[r] : "unknown";
}

enum ps_verdict_result ps_store_verdict_parse(const char *s)
{
    for (int i = 0; i < 2; i++)
        if (s && strcmp(s, verdict_words[i]) == 0)
            return (enum ps_verdict_result)i;
    return PS_VERDICT_UNKNOWN;
}
