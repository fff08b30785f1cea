/* Unit tests: parser/paper/paper.c - claims from hand-made paper text (values, printed precision,
 * line numbers, absent numbers, report contexts, test-log lines, percentage cells, hostile input). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ps_parser.h"

static ps_paper *parse(const char *text)
{
    ps_paper *p = NULL;
    ps_error err;
    ps_error_clear(&err);
    int rc = ps_paper_parse("t.txt", text, strlen(text), &p, NULL, &err);
    cr_assert_eq(rc, 0, "parse failed: %s", err.msg);
    return p;
}

/* n-th claim (0-based) of metric m, NULL when absent */
static const ps_claim *find(const ps_paper *p, enum ps_metric m, int nth)
{
    for (size_t i = 0; i < p->nclaims; i++)
        if (p->claims[i].metric == m && nth-- == 0)
            return &p->claims[i];
    return NULL;
}

static const ps_claim *find_col(const ps_paper *p, enum ps_metric m, const char *who, int col)
{
    for (size_t i = 0; i < p->nclaims; i++)
        if (p->claims[i].metric == m && p->claims[i].who && strcmp(p->claims[i].who, who) == 0 &&
            p->claims[i].col == col)
            return &p->claims[i];
    return NULL;
}

Test(paper, v2_summary_rows_with_precision_and_lines)
{
    ps_paper *p = parse("My paper\n"
                        "Tested with: ESRP - Storage Version 2.1\n"
                        "Database I/O Average Database Disk Transfers/sec 10.5 Average Database Disk Reads/sec 4.25\n"
                        "Average Database Disk Writes/sec 6.250 Average Database Disk Read Latency (ms) 12\n");
    cr_assert_eq(p->esrp_major, 2);
    const ps_claim *t = find(p, PS_M_DB_TRANSFERS, 0), *r = find(p, PS_M_DB_READS, 0);
    const ps_claim *w = find(p, PS_M_DB_WRITES, 0), *l = find(p, PS_M_DB_READ_LAT, 0);
    cr_assert(t && r && w && l);
    cr_assert_float_eq(t->value, 10.5, 1e-12);
    cr_assert_eq(t->decimals, 1);
    cr_assert_float_eq(t->half_unit, 0.05, 1e-12);
    cr_assert_eq(t->line, 3);
    cr_assert_str_eq(t->text, "10.5");
    cr_assert_float_eq(r->value, 4.25, 1e-12);
    cr_assert_eq(r->decimals, 2);
    cr_assert_eq(w->decimals, 3);
    cr_assert_eq(w->line, 4);
    cr_assert_float_eq(l->value, 12, 1e-12);
    cr_assert_eq(l->decimals, 0);
    /* one table: all four rows belong to "server 1" */
    cr_assert_eq(p->ntables, 1);
    cr_assert_str_eq(p->tables[0].server, "server 1");
    cr_assert_eq(t->table, 0);
    cr_assert_eq(l->table, 0);
    ps_paper_free(p);
}

Test(paper, v3_forms_tables_and_aggregate)
{
    ps_paper *p = parse("Database Disks Transfers/sec      1,234.5\n"
                        "Database Disks Reads/sec          1,000.0\n"
                        "Database Disks Transfers/sec      2000\n"
                        "Aggregate Performance across all servers\n"
                        "Database Disks Transfers/sec      3234.5\n");
    cr_assert_eq(p->ntables, 3);
    cr_assert_str_eq(p->tables[0].server, "server 1");
    cr_assert_str_eq(p->tables[1].server, "server 2");
    cr_assert_str_eq(p->tables[2].server, "aggregate");
    cr_assert_eq(p->tables[2].aggregate, 1);
    const ps_claim *t = find(p, PS_M_DB_TRANSFERS, 0);
    cr_assert_float_eq(t->value, 1234.5, 1e-9); /* thousands separator */
    cr_assert_eq(t->decimals, 1);
    cr_assert_eq(find(p, PS_M_DB_TRANSFERS, 1)->table, 1);
    cr_assert_eq(find(p, PS_M_DB_TRANSFERS, 2)->table, 2);
    ps_paper_free(p);
}

Test(paper, absent_numbers_are_nan_never_zero)
{
    ps_paper *p = parse(
        "Average Log Disk Write Latency (ms) 0.\n" /* digits lost at line end */
        "Average Database Disk Read Latency (ms) xyz\n" /* garbage */
        "Average Database Disk Write Latency (ms)\n" /* nothing */
        "Database Disks Reads/sec 12abc\n" /* number glued to letters */
        "Log Disks Writes/sec 0.5\n"
        "Target IOPS is 250 and \xE6\xAF\x8F\xE7\xA7\x92\xE7\x9B\xAE\xE6\xA8\x99\xE4\xBA\xA4\xE6\x98\x93 I/O \xE7\x82\xBA 168\n");
    const ps_claim *a = find(p, PS_M_LOG_WRITE_LAT, 0);
    cr_assert(a && isnan(a->value) && a->text == NULL && a->decimals == -1);
    cr_assert(isnan(find(p, PS_M_DB_READ_LAT, 0)->value));
    cr_assert(isnan(find(p, PS_M_DB_WRITE_LAT, 0)->value));
    cr_assert(isnan(find(p, PS_M_DB_READS, 0)->value));
    cr_assert_float_eq(find(p, PS_M_LOG_WRITES, 0)->value, 0.5, 1e-12);
    /* one filler word in prose: "is", zh "為" */
    cr_assert_float_eq(find(p, PS_M_TARGET_IOPS, 0)->value, 250, 0);
    cr_assert_float_eq(find(p, PS_M_TARGET_IOPS, 1)->value, 168, 0);
    ps_paper_free(p);
}

Test(paper, profile_with_headroom_and_target)
{
    ps_paper *p = parse("Number of Exchange mailboxes simulated 4,000\n"
                        "Number of active mailboxes/server 1000\n"
                        "Simulated profile: I/O\xE2\x80\x99s per second per mailbox (IOPS, include 20% headroom) 0.24\n"
                        "Target IOPS: 240\n");
    cr_assert_float_eq(find(p, PS_M_MAILBOXES, 0)->value, 4000, 1e-9);
    cr_assert_float_eq(find(p, PS_M_MAILBOXES_PER_SERVER, 0)->value, 1000, 1e-9);
    cr_assert_float_eq(find(p, PS_M_TESTED_IOPS, 0)->value, 0.24, 1e-12);
    cr_assert_float_eq(find(p, PS_M_HEADROOM_PCT, 0)->value, 20, 1e-12);
    cr_assert_float_eq(find(p, PS_M_TARGET_IOPS, 0)->value, 240, 1e-12);
    ps_paper_free(p);
}

Test(paper, reports_by_title_disk_rows_in_seconds)
{
    /* the title of one report is found twice; the disk table header is in another order */
    ps_paper *p = parse("Appendix B 24 Hour Stress Microsoft Exchange Server Jetstress Stress Test Result Report\n"
                        "Overall Test Result Pass Machine Name SRV-A\n"
                        "Disk Subsystem Performance LogicalDisk Disk Reads/sec Avg. Disk sec/Read Avg. Disk sec/Write "
                        "Disk Writes/sec Avg. Disk Bytes/Write Database (M:) 50.125 0.011 0.040 60.500 (n/a) "
                        "Log (L:) 0.000 0.000 0.003 20.250 7000.5\n"
                        "Checksum Statistics - All Disk Subsystem Performance (of checksum) Database (M:) 9 9 9 9 9\n"
                        "Microsoft Exchange Server Jetstress 2 Hour Performance\n");
    cr_assert_eq(p->nreports, 2);
    cr_assert_eq(p->reports[0].type, PS_TEST_STRESS);
    cr_assert_eq(p->reports[0].layout_2007, 1);
    cr_assert_str_eq(p->reports[0].name, "SRV-A Stress");
    cr_assert_eq(p->reports[1].type, PS_TEST_PERFORMANCE);
    cr_assert_float_eq(find(p, PS_M_VERDICT, 0)->value, 1, 0);
    const ps_claim *rl = find_col(p, PS_M_COL, "M:", 0); /* Avg. Disk sec/Read of the database volume */
    cr_assert(rl);
    cr_assert_float_eq(rl->value, 11, 1e-9); /* 0.011 s = 11 ms */
    cr_assert_float_eq(rl->half_unit, 0.5, 1e-12); /* 3 decimals of seconds */
    cr_assert_str_eq(rl->text, "0.011");
    cr_assert_float_eq(find_col(p, PS_M_COL, "M:", 2)->value, 50.125, 1e-9);
    cr_assert_float_eq(find_col(p, PS_M_COL, "M:", 3)->value, 60.5, 1e-9);
    cr_assert_null(find_col(p, PS_M_COL, "M:", 5)); /* (n/a): neither value nor absent */
    cr_assert_float_eq(find_col(p, PS_M_COL, "L:", 7)->value, 3, 1e-9);
    cr_assert_float_eq(find_col(p, PS_M_COL, "L:", 9)->value, 20.25, 1e-9);
    cr_assert_float_eq(find_col(p, PS_M_COL, "L:", 11)->value, 7000.5, 1e-9);
    /* the checksum disk table is not the run's table */
    size_t n = 0;
    for (size_t i = 0; i < p->nclaims; i++)
        n += p->claims[i].metric == PS_M_COL && p->claims[i].who && strcmp(p->claims[i].who, "M:") == 0;
    cr_assert_eq(n, 4);
    ps_paper_free(p);
}

Test(paper, instance_rows_and_final_log_block)
{
    ps_paper *p =
        parse("Performance Test Result Report\n"
              "Transactional I/O Performance\n"
              "Instance77.1 14.250 8.000 40.000 30.000 35000 36000 1.000 1.100 0.500 15.000 200000 9000\n"
              "Instance77.1 Log path: H:\\log1 Database: D:\\x.edb\n"
              "Total I/O Performance\n"
              "Instance77.1 14.250 8.000 48.000 30.000 80000 36000 1.000 1.100 0.500 15.000 200000 9000\n"
              "Test Log 1/18/2016 9:58:08 AM -- Instance77.1 has 19.0 for I/O Database Reads Average Latency.\n"
              "1/18/2016 12:10:54 PM -- Creating test report... 1/18/2016 12:10:54 PM -- Instance77.1 has "
              "14.3 for I/O Database Reads Average Latency. 1/18/2016 12:10:54 PM -- Instance77.1 has 1.1 "
              "for I/O Log Writes Average Latency.\n"
              "1/18/2016 12:10:55 PM -- C:\\Program Files\\R\\Performance_1.xml has 478 samples queried.\n");
    cr_assert_float_eq(find_col(p, PS_M_COL, "Instance77.1", 2)->value, 40, 1e-9);
    cr_assert_eq(find_col(p, PS_M_COL, "Instance77.1", 2)->total_table, 0);
    size_t total = 0;
    for (size_t i = 0; i < p->nclaims; i++)
        total += p->claims[i].total_table;
    cr_assert_eq(total, 12);
    const ps_claim *l0 = find_col(p, PS_M_LOG_LAT, "Instance77.1", 0);
    cr_assert(l0);
    cr_assert_float_eq(l0->value, 14.3, 1e-9); /* the tuning line 19.0 is not final */
    cr_assert_eq(l0->line, 8);
    cr_assert_float_eq(find_col(p, PS_M_LOG_LAT, "Instance77.1", 7)->value, 1.1, 1e-9);
    cr_assert_float_eq(find(p, PS_M_XML_SAMPLES, 0)->value, 478, 0);
    ps_paper_free(p);
}

Test(paper, test_log_target_not_a_table_label)
{
    ps_paper *p = parse("Stress Test Result Report\n"
                        "2/26/2009 8:53:04 PM -- 16 sessions have actual 383 IOPS (target IOPS: 250) "
                        "2/26/2009 8:53:04 PM -- Database read latency thresholds: (average: 0.02 seconds/read, "
                        "maximum: 0.05 seconds/read).\n");
    const ps_claim *t = find(p, PS_M_TARGET_IOPS, 0);
    cr_assert(t && t->who && strcmp(t->who, "test log") == 0);
    cr_assert_float_eq(t->value, 250, 0);
    cr_assert_null(find(p, PS_M_TARGET_IOPS, 1));
    cr_assert_float_eq(find(p, PS_M_THR_DB_READ, 0)->value, 20, 1e-9); /* seconds -> ms */
    ps_paper_free(p);
}

Test(paper, percentage_cells_and_blocks)
{
    ps_paper *p = parse("Total IOPS 100% [1,530 IOPS] 90% [1383 IOPS] 107% [1.\n"
                        "Latency 100% [7.7 msec] 106.5% [8.2 msec]\n"
                        "\n"
                        "x 100% [900 IOps]\n");
    cr_assert_eq(p->ncells, 6);
    cr_assert_float_eq(p->cells[0].value, 1530, 0);
    cr_assert_eq(p->cells[0].value_decimals, 0);
    cr_assert_str_eq(p->cells[0].unit, "iops");
    cr_assert_float_eq(p->cells[1].pct, 90, 0);
    cr_assert(isnan(p->cells[2].value)); /* "[1." cut off */
    cr_assert_float_eq(p->cells[2].pct, 107, 0);
    cr_assert_float_eq(p->cells[4].pct, 106.5, 1e-12);
    cr_assert_eq(p->cells[4].pct_decimals, 1);
    cr_assert_eq(p->cells[4].value_decimals, 1);
    cr_assert_str_eq(p->cells[4].unit, "msec");
    cr_assert_eq(p->cells[0].block, p->cells[4].block);
    cr_assert_neq(p->cells[5].block, p->cells[4].block);
    cr_assert_eq(p->cells[5].line, 4);
    ps_paper_free(p);
}

Test(paper, toc_line_is_not_a_report_title)
{
    ps_paper *p = parse("Appendix A Stress Test Result Report ............ 12\n"
                        "Database Disks Reads/sec 5\n");
    cr_assert_eq(p->nreports, 0);
    cr_assert_eq(find(p, PS_M_DB_READS, 0)->ctx, PS_CTX_BODY);
    ps_paper_free(p);
}

Test(paper, hostile_nul_invalid_utf8_huge_line)
{
    /* NUL and invalid UTF-8 inside a label: replaced by spaces, the rest still read */
    const char t1[] = "Database Disks Reads/sec \0\xff\xfe 12.5\nLog Disks Writes/sec \xc3\xc3 7\n";
    ps_paper *p = NULL;
    ps_error err;
    ps_warnings w = {0};
    cr_assert_eq(ps_paper_parse("h.txt", t1, sizeof t1 - 1, &p, &w, &err), 0);
    cr_assert_eq(p->sanitized_bytes, 5);
    cr_assert_eq(w.n, 1);
    cr_assert_float_eq(find(p, PS_M_DB_READS, 0)->value, 12.5, 1e-12);
    cr_assert_float_eq(find(p, PS_M_LOG_WRITES, 0)->value, 7, 1e-12);
    ps_paper_free(p);
    ps_warnings_fini(&w);
    /* a 4 MiB line of digits, brackets and percent signs: no crash, bounded work */
    size_t n = 4u << 20;
    char *big = malloc(n + 64);
    for (size_t i = 0; i < n; i++)
        big[i] = "9%[ (.,"[i % 7];
    strcpy(big + n, "\nDatabase Disks Reads/sec 3\n");
    cr_assert_eq(ps_paper_parse("big.txt", big, strlen(big), &p, &w, &err), 0);
    cr_assert_float_eq(find(p, PS_M_DB_READS, 0)->value, 3, 0);
    ps_paper_free(p);
    ps_warnings_fini(&w);
    free(big);
}

Test(paper, read_errors)
{
    ps_paper *p = NULL;
    ps_error err;
    cr_assert_eq(ps_paper_read("/nonexistent/paper.txt", &p, NULL, &err), PS_EIO);
    cr_assert_str_eq(err.file, "/nonexistent/paper.txt");
    cr_assert_null(p);
    char path[] = "/tmp/ps_paper_empty_XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    close(fd);
    cr_assert_eq(ps_paper_read(path, &p, NULL, &err), PS_EINPUT);
    remove(path);
}
