/* Unit tests: Jetstress HTML reports (parser/jetstress/js_html.c, parser/jetstress/js_labels.c).
 * Expected values are the ones written by hand into tests/data/jetstress/ (one file per layout). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "js_internal.h"
#include "ps_parser.h"

#define DATA PS_SOURCE_DIR "/tests/data/jetstress/"
#define NEAR(a, b) cr_assert(fabs((a) - (b)) < 1e-9, "%s = %.12g, expected %.12g", #a, (double)(a), (double)(b))

static ps_js_report *load(const char *path, ps_warnings *w)
{
    ps_js_report *r = NULL;
    ps_error e = {0};
    int rc = ps_js_report_read(path, &r, w, &e);
    cr_assert_eq(rc, 0, "%s: %s", path, e.msg);
    return r;
}

static int has_warning(const ps_warnings *w, const char *needle)
{
    for (size_t i = 0; i < w->n; i++)
        if (strstr(w->msgs[i], needle))
            return 1;
    return 0;
}

static const ps_js_instance *inst(const ps_js_report *r, const char *name)
{
    for (size_t i = 0; i < r->ninstances; i++)
        if (strcmp(r->instances[i].name, name) == 0)
            return &r->instances[i];
    cr_assert_fail("instance %s not found", name);
    return NULL;
}

Test(js_labels, normalise)
{
    char out[128], unit[32];
    js_label_norm("  I/O  Database Reads Average Latency\t(msec) : ", out, sizeof out, unit, sizeof unit);
    cr_assert_str_eq(out, "i/o database reads average latency");
    cr_assert_str_eq(unit, "msec");
    js_label_norm("初始資料庫大小 (位元組)", out, sizeof out, unit, sizeof unit);
    cr_assert_str_eq(out, "初始資料庫大小");
    cr_assert_str_eq(unit, "位元組");
    cr_assert_eq(js_lookup(JS_K_ROW, "MACHINE NAME:", NULL), JS_F_MACHINE);
    int loc = 0;
    cr_assert_eq(js_lookup(JS_K_COL, "I/O 記錄檔讀取 / 秒", &loc), JS_C_IO0 + 8);
    cr_assert_eq(loc, 1);
    cr_assert_eq(js_lookup(JS_K_SECTION, "Disk Subsystem Performance (of checksum)", NULL), JS_SEC_IGNORED);
    cr_assert_eq(js_lookup(JS_K_SECTION, "Disk Subsystem Performance", NULL), JS_SEC_DISK2007);
    cr_assert_eq(js_lookup(JS_K_ROW, "Unknown label", NULL), 0);
}

Test(js_labels, numbers)
{
    double v;
    char unit[16];
    cr_assert_eq(js_parse_num("1,234.5", 0, &v, NULL, 0), 0);
    NEAR(v, 1234.5);
    cr_assert_eq(js_parse_num("1.234,5", 1, &v, NULL, 0), 0);
    NEAR(v, 1234.5);
    cr_assert_eq(js_parse_num(" 40% ", 0, &v, NULL, 0), 0);
    NEAR(v, 40);
    cr_assert_eq(js_parse_num("128.0 MB", 0, &v, unit, sizeof unit), 0);
    NEAR(v, 128);
    cr_assert_str_eq(unit, "mb");
    cr_assert_eq(js_parse_num("(n/a)", 0, &v, NULL, 0), 1);
    cr_assert(isnan(v));
    cr_assert_eq(js_parse_num("", 0, &v, NULL, 0), 1);
    cr_assert_eq(js_parse_num("True", 0, &v, NULL, 0), -1);
    cr_assert(isnan(v));
}

Test(js_report, en2013_crlf_fail_every_field)
{
    ps_warnings w = {0};
    ps_js_report *r = load(DATA "en2013-fail.html", &w);
    cr_assert_eq(r->test_type, PS_TEST_PERFORMANCE);
    cr_assert_str_eq(r->language, "en");
    cr_assert_eq(r->layout_2007, 0);
    cr_assert_eq(r->result, 0);
    cr_assert_str_eq(
        r->result_reason,
        "The test has 1.05381856535713 Average Database Page Fault Stalls/sec. This should be not higher than 1.");
    cr_assert_str_eq(r->machine, "EXCH-TEST02");
    cr_assert_str_eq(r->description, "Two instances, hand written");
    cr_assert_str_eq(r->jetstress_version, "15.01.0466.031");
    cr_assert_str_eq(r->ese_version, "15.01.0225.042");
    cr_assert_str_eq(r->os, "Windows Server 2012 R2 Standard (6.2.9200.0)");
    /* 12 AM = hour 0; the run crosses midnight into the new year */
    cr_assert_eq(r->test_start, ps_time_from_fields(2015, 12, 31, 23, 58, 8, 0));
    cr_assert_eq(r->test_end, ps_time_from_fields(2016, 1, 1, 2, 11, 9, 0));
    cr_assert_eq(r->collection_start, ps_time_from_fields(2016, 1, 1, 0, 11, 17, 0));
    cr_assert_eq(r->collection_end, ps_time_from_fields(2016, 1, 1, 2, 10, 54, 0));
    cr_assert_eq(r->nperf_logs, 2);
    cr_assert_str_eq(r->perf_logs[0], "C:\\JS\\Tuning_2016_1_1_0_3_3.blg");
    cr_assert_str_eq(r->perf_logs[1], "C:\\JS\\Performance_2016_1_1_0_11_1.blg");
    NEAR(r->achieved_iops, 1234.5);
    NEAR(r->target_iops, 1000);
    NEAR(r->initial_db_bytes, 2199023255552.0);
    NEAR(r->final_db_bytes, 2200096997376.0);
    NEAR(r->db_files, 2);
    NEAR(r->thread_count, 12);
    NEAR(r->min_cache_mb, 64);
    NEAR(r->max_cache_mb, 512); /* 0.5 GB */
    NEAR(r->insert_pct, 40);
    NEAR(r->delete_pct, 20);
    NEAR(r->replace_pct, 5);
    NEAR(r->read_pct, 35);
    NEAR(r->lazy_commit_pct, 70);
    cr_assert_eq(r->bdm, 0);
    NEAR(r->copies_per_db, 3);
    cr_assert_eq(r->ninstances, 2);
    const ps_js_instance *a = inst(r, "Instance900.1"), *b = inst(r, "Instance900.2");
    cr_assert_str_eq(a->log_path, "H:\\log1");
    cr_assert_str_eq(a->db_path, "D:\\Jetstress001001.edb");
    cr_assert_str_eq(b->log_path, "H:\\log2");
    cr_assert_str_eq(b->db_path, "E:\\Jetstress002001.edb");
    cr_assert_eq(a->has_reported, 1);
    /* transactional, header order shuffled in the file: mapped by text */
    const ps_io12 *t = &a->reported.transactional;
    NEAR(t->db_read_latency_ms, 14.4);
    NEAR(t->db_write_latency_ms, 8.25);
    NEAR(t->db_reads_per_sec, 300.125);
    NEAR(t->db_writes_per_sec, 200.5);
    NEAR(t->db_read_bytes, 34000);
    NEAR(t->db_write_bytes, 36000);
    NEAR(t->log_read_latency_ms, 1.1);
    NEAR(t->log_write_latency_ms, 1.05);
    NEAR(t->log_reads_per_sec, 0.5);
    NEAR(t->log_writes_per_sec, 12.5);
    NEAR(t->log_read_bytes, 230000);
    NEAR(t->log_write_bytes, 9000);
    cr_assert(isnan(b->reported.transactional.db_read_latency_ms)); /* "(n/a)" */
    NEAR(b->reported.transactional.log_writes_per_sec, 13.5);
    NEAR(a->reported.maint_reads_per_sec, 9.5);
    NEAR(a->reported.maint_read_bytes, 261000);
    NEAR(b->reported.maint_reads_per_sec, 9.75);
    NEAR(b->reported.repl_log_reads_per_sec, 0.6);
    NEAR(b->reported.repl_log_read_bytes, 231000);
    NEAR(a->reported.total.db_reads_per_sec, 309.625);
    NEAR(a->reported.total.db_read_bytes, 40951.5);
    NEAR(b->reported.total.db_read_latency_ms, 15.5);
    NEAR(b->reported.total.log_write_bytes, 9100);
    cr_assert_eq(r->nhost, 3);
    cr_assert_str_eq(r->host[0].counter, "% Processor Time");
    NEAR(r->host[0].avg, 2.5);
    NEAR(r->host[0].min, 0.5);
    NEAR(r->host[0].max, 9.75);
    NEAR(r->host[1].avg, 12000);
    NEAR(r->host[2].max, 7);
    NEAR(r->page_fault_stalls_avg, 1.054);
    cr_assert_eq(r->nevents, 5);
    cr_assert_eq(r->events[1].kind, PS_EV_DB_READ_THRESHOLDS);
    cr_assert_eq(r->events[1].when, ps_time_from_fields(2016, 1, 1, 0, 0, 1, 0));
    cr_assert_eq(r->events[4].line_id, 17);
    cr_assert_eq(r->events[4].final_block, 1);
    NEAR(r->events[4].v[0], 15.5);
    cr_assert_eq(r->nrecovery, 0);
    cr_assert_eq(w.n, 0, "unexpected warning: %s", w.n ? w.msgs[0] : "");
    ps_js_report_free(r);
    ps_warnings_fini(&w);
}

/* The same zh-TW report in three encodings: UTF-8 with BOM and no meta charset, UTF-16LE with
 * BOM, Big5 declared by a meta charset (files made with iconv from the UTF-8 one). */
static void check_zh(const char *file)
{
    ps_warnings w = {0};
    ps_js_report *r = load(file, &w);
    cr_assert_str_eq(r->language, "zh-TW");
    cr_assert_eq(r->test_type, PS_TEST_PERFORMANCE);
    cr_assert_eq(r->result, 1);
    cr_assert_null(r->result_reason);
    cr_assert_str_eq(r->machine, "JETSTRESS-TEST01");
    cr_assert_str_eq(r->description, "QNAP 測試");
    cr_assert_eq(r->test_end, ps_time_from_fields(2016, 1, 18, 12, 11, 9, 0)); /* 12 PM = noon */
    cr_assert_eq(r->nperf_logs, 2);
    cr_assert_str_eq(r->perf_logs[1], "C:\\JetStress_Report\\Performance_2016_1_18_10_11_1.blg");
    NEAR(r->achieved_iops, 232.125);
    NEAR(r->target_iops, 168);
    NEAR(r->db_files, 4);
    NEAR(r->thread_count, 5);
    NEAR(r->max_cache_mb, 1024);
    NEAR(r->read_pct, 35);
    cr_assert_eq(r->bdm, 1);
    NEAR(r->copies_per_db, 2);
    cr_assert_eq(r->ninstances, 1);
    const ps_js_instance *a = &r->instances[0];
    cr_assert_str_eq(a->log_path, "H:\\log1");
    cr_assert_str_eq(a->db_path, "D:\\Jetstress001001.edb");
    NEAR(a->reported.transactional.db_read_latency_ms, 14.375);
    NEAR(a->reported.transactional.log_write_latency_ms, 1.0625);
    NEAR(a->reported.transactional.log_reads_per_sec, 0.5); /* header "I/O 記錄檔讀取 / 秒" */
    NEAR(a->reported.transactional.log_write_bytes, 8800);
    NEAR(a->reported.maint_reads_per_sec, 8.5);
    NEAR(a->reported.repl_log_read_bytes, 232000);
    NEAR(a->reported.total.db_reads_per_sec, 43.75);
    cr_assert_eq(r->nhost, 2);
    NEAR(r->host[0].avg, 3.25);
    NEAR(r->page_fault_stalls_avg, 0);
    cr_assert_eq(r->nevents, 2);
    cr_assert_eq(r->events[1].kind, PS_EV_STALLS_MAX);
    cr_assert_eq(w.n, 0, "unexpected warning: %s", w.n ? w.msgs[0] : "");
    ps_js_report_free(r);
    ps_warnings_fini(&w);
}

Test(js_report, zh_tw_utf8_bom)
{
    check_zh(DATA "zh2013-bom.html");
}
Test(js_report, zh_tw_utf16le_bom)
{
    check_zh(DATA "zh2013-utf16le.html");
}
Test(js_report, zh_tw_big5_meta)
{
    check_zh(DATA "zh2013-big5.html");
}

Test(js_report, layout_2007_cp1252_seconds_to_ms)
{
    ps_warnings w = {0};
    ps_js_report *r = load(DATA "js2007-cp1252.html", &w);
    cr_assert_eq(r->layout_2007, 1);
    cr_assert_eq(r->test_type, PS_TEST_STRESS);
    cr_assert_eq(r->result, 1);
    cr_assert_str_eq(r->description, "Intel\xc2\xae SRCSASRB 4-SAS drives, mailboxes=500"); /* 0xAE -> U+00AE */
    NEAR(r->thread_count, 3);
    NEAR(r->insert_pct, 25);
    NEAR(r->lazy_commit_pct, 80);
    cr_assert_eq(r->ninstances, 2); /* the checksum disk table is ignored */
    const ps_io12 *db = &inst(r, "Database (M:)")->reported.transactional;
    const ps_io12 *lg = &inst(r, "Log (L:)")->reported.transactional;
    NEAR(db->db_read_latency_ms, 10);
    NEAR(db->db_write_latency_ms, 36);
    NEAR(db->db_reads_per_sec, 71.512);
    NEAR(db->db_writes_per_sec, 193.674);
    cr_assert(isnan(db->db_write_bytes));
    cr_assert(isnan(db->log_writes_per_sec));
    NEAR(lg->log_read_latency_ms, 0);
    NEAR(lg->log_write_latency_ms, 2);
    NEAR(lg->log_writes_per_sec, 35.534);
    NEAR(lg->log_write_bytes, 7164.125);
    cr_assert(isnan(lg->db_reads_per_sec));
    cr_assert_eq(r->nevents, 2);
    NEAR(r->events[0].v[0], 20); /* 0.02 seconds/read */
    NEAR(r->events[0].v[1], 50);
    cr_assert_eq(r->events[1].kind, PS_EV_VOLUME_RESULT);
    NEAR(r->events[1].v[0], 29.1);
    cr_assert_eq(r->events[1].when, ps_time_from_fields(2009, 2, 27, 0, 40, 29, 0));
    cr_assert_eq(w.n, 0, "unexpected warning: %s", w.n ? w.msgs[0] : "");
    ps_js_report_free(r);
    ps_warnings_fini(&w);
}

Test(js_report, backup)
{
    ps_warnings w = {0};
    ps_js_report *r = load(DATA "backup.html", &w);
    cr_assert_eq(r->test_type, PS_TEST_BACKUP);
    cr_assert_str_eq(r->machine, "MBX07");
    cr_assert(isnan(r->achieved_iops)); /* empty cell */
    cr_assert_eq(r->nrecovery, 3);
    cr_assert_str_eq(r->recovery[0].label, "Instance3100.1");
    cr_assert_eq(r->recovery[0].is_summary, 0);
    NEAR(r->recovery[0].db_size_mb, 262144.5);
    NEAR(r->recovery[0].elapsed_s, 43 * 60 + 41);
    NEAR(r->recovery[0].mb_per_sec, 100.0);
    NEAR(r->recovery[1].elapsed_s, 21 * 60 + 50);
    cr_assert_eq(r->recovery[2].is_summary, 1);
    NEAR(r->recovery[2].elapsed_s, 1965.5);
    NEAR(r->recovery[2].mb_per_sec, 100.015);
    cr_assert(isnan(r->recovery[2].logs_replayed));
    cr_assert_eq(w.n, 0, "unexpected warning: %s", w.n ? w.msgs[0] : "");
    ps_js_report_free(r);
    ps_warnings_fini(&w);
}

Test(js_report, soft_recovery)
{
    ps_warnings w = {0};
    ps_js_report *r = load(DATA "softrecovery.html", &w);
    cr_assert_eq(r->test_type, PS_TEST_SOFTRECOVERY);
    cr_assert_eq(r->result, 0);
    cr_assert_str_eq(r->result_reason, "Database recovery error");
    cr_assert_eq(r->nrecovery, 3);
    NEAR(r->recovery[0].logs_replayed, 500);
    NEAR(r->recovery[0].elapsed_s, 145.5);
    NEAR(r->recovery[0].sec_per_log, 0.291); /* 145.5 / 500 */
    NEAR(r->recovery[1].sec_per_log, 0.3);
    cr_assert_eq(r->recovery[2].is_summary, 1);
    NEAR(r->recovery[2].sec_per_log, 0.2955);
    ps_js_report_free(r);
    ps_warnings_fini(&w);
}

Test(js_report, decimal_comma_canonical_columns_missing_sections)
{
    ps_warnings w = {0};
    ps_js_report *r = load(DATA "decimal-comma.html", &w);
    cr_assert_eq(r->result, 0);
    cr_assert_str_eq(r->result_reason, "too slow"); /* em dash without spaces */
    NEAR(r->achieved_iops, 1234.5);
    NEAR(r->target_iops, 1000);
    cr_assert_eq(r->ninstances, 1);
    const ps_io12 *t = &r->instances[0].reported.transactional;
    NEAR(t->db_read_latency_ms, 14.375);
    NEAR(t->db_read_bytes, 33000);
    NEAR(t->log_write_latency_ms, 1.0625);
    NEAR(t->log_write_bytes, 8800);
    cr_assert(has_warning(&w, "Transactional I/O Performance: column headers not recognised"));
    cr_assert(has_warning(&w, "section 'Host System Performance' missing"));
    cr_assert(has_warning(&w, "section 'Background Database Maintenance I/O Performance' missing"));
    cr_assert(has_warning(&w, "section 'Test Log' missing"));
    cr_assert(!has_warning(&w, "section 'Test Summary' missing"));
    cr_assert(!has_warning(&w, "section 'Transactional I/O Performance' missing"));
    ps_js_report_free(r);
    ps_warnings_fini(&w);
}

static char *write_tmp(const char *content, size_t len)
{
    char *path = strdup("/tmp/ps_js_html_XXXXXX");
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    cr_assert_eq(write(fd, content, len), (ssize_t)len);
    close(fd);
    return path;
}

Test(js_report, not_a_report_and_missing_file)
{
    const char *html = "<html><body><table><tr><td>Hello</td><td>World</td></tr></table></body></html>";
    char *p = write_tmp(html, strlen(html));
    ps_js_report *r = NULL;
    ps_error e = {0};
    cr_assert_eq(ps_js_report_read(p, &r, NULL, &e), PS_EINPUT);
    cr_assert(strstr(e.msg, "not a Jetstress report"));
    cr_assert_null(r);
    unlink(p);
    free(p);
    cr_assert_eq(ps_js_report_read("/nonexistent/x.html", &r, NULL, &e), PS_EIO);
}

Test(js_report, deep_nesting)
{
    ps_buf b = {0};
    ps_buf_puts(
        &b,
        "<html><body><fieldset><legend>Test Summary</legend><table><tr><td>Machine Name</td><td>DEEP</td></tr></table></fieldset>");
    for (int i = 0; i < 200000; i++)
        ps_buf_puts(&b, "<div><span>");
    ps_buf_puts(&b, "x</body></html>");
    char *p = write_tmp(b.data, b.len);
    ps_js_report *r = NULL;
    ps_error e = {0};
    ps_warnings w = {0};
    cr_assert_eq(ps_js_report_read(p, &r, &w, &e), 0, "%s", e.msg);
    cr_assert_str_eq(r->machine, "DEEP");
    ps_js_report_free(r);
    ps_warnings_fini(&w);
    ps_buf_fini(&b);
    unlink(p);
    free(p);
}

Test(js_report, bundled_sample_numbers)
{
    /* figures printed by samples/gen/gen_jetstress.py when it wrote the sample */
    ps_warnings w = {0};
    ps_js_report *r = load(PS_SOURCE_DIR "/samples/jetstress/MBX02/Performance_2026_3_14_10_12_40.html", &w);
    cr_assert_eq(r->result, 0);
    NEAR(r->achieved_iops, 292.446);
    NEAR(r->target_iops, 250);
    cr_assert_eq(r->ninstances, 5);
    NEAR(inst(r, "Instance5120.3")->reported.transactional.db_read_latency_ms, 23.529);
    /* the final L17 lines agree with the table at 1 decimal */
    size_t finals = 0;
    for (size_t i = 0; i < r->nevents; i++) {
        const ps_js_event *e = &r->events[i];
        if (!e->final_block || e->line_id != 17)
            continue;
        finals++;
        const ps_io12 *t = &inst(r, e->who)->reported.transactional;
        double v = strstr(e->what, "Database Reads") ? t->db_read_latency_ms
                   : strstr(e->what, "Log Writes")   ? t->log_write_latency_ms
                                                     : t->log_read_latency_ms;
        cr_assert(fabs(v - e->v[0]) <= 0.05 + 1e-9, "%s %s: table %.3f log %.1f", e->who, e->what, v, e->v[0]);
    }
    cr_assert_eq(finals, 15);
    cr_assert_eq(w.n, 0);
    ps_js_report_free(r);
    ps_warnings_fini(&w);
}

Test(js_report, test_log_events_carry_source_lines)
{
    const char *path = PS_SOURCE_DIR "/samples/jetstress/MBX01/Performance_2026_3_14_10_11_2.html";
    ps_js_report *r = load(path, NULL);
    /* read the file's lines independently */
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f);
    static char lines[2000][600];
    size_t n = 0;
    while (n < 2000 && fgets(lines[n], sizeof lines[n], f))
        n++;
    fclose(f);
    cr_assert_eq(r->nevents, 58);
    for (size_t i = 0; i < r->nevents; i++) {
        const ps_js_event *e = &r->events[i];
        cr_assert(e->line >= 1 && (size_t)e->line <= n, "event %zu line %ld", i, e->line);
        cr_assert(strstr(lines[e->line - 1], e->text), "event %zu '%s' not on line %ld", i, e->text, e->line);
        cr_assert_neq(e->when, PS_TIME_NONE);
    }
    ps_js_report_free(r);
}

Test(js_report, latency_units_from_header_and_cell)
{
    const char *html =
        "<html><body><fieldset><legend>Transactional I/O Performance</legend><table>"
        "<tr><td>MSExchange Database ==&gt; Instances</td><td>I/O Database Reads Average Latency (sec)</td>"
        "<td>I/O Database Writes Average Latency (msec)</td><td>I/O Log Writes Average Latency</td></tr>"
        "<tr><td>Instance1.1</td><td>0.0144</td><td>0.0125 sec</td><td>1.5 msec</td></tr>"
        "</table></fieldset></body></html>";
    char *p = write_tmp(html, strlen(html));
    ps_warnings w = {0};
    ps_js_report *r = load(p, &w);
    const ps_io12 *t = &r->instances[0].reported.transactional;
    NEAR(t->db_read_latency_ms, 14.4); /* header (sec) */
    NEAR(t->db_write_latency_ms, 12.5); /* cell unit wins over header (msec) */
    NEAR(t->log_write_latency_ms, 1.5);
    ps_js_report_free(r);
    ps_warnings_fini(&w);
    unlink(p);
    free(p);
}
