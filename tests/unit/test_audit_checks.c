/* Unit tests: model/audit*.c - every check kind on a hand-made minimal paper, with the expected
 * value computed by hand, plus the clean twin that must pass. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "ps_parser.h"
#include "audit_test.h"

static ps_audit run_text(const char *text)
{
    ps_paper *p = NULL;
    ps_error err;
    cr_assert_eq(ps_paper_parse("m.txt", text, strlen(text), &p, NULL, &err), 0);
    ps_audit a = {0};
    ps_audit_run(p, NULL, &a);
    ps_paper_free(p);
    return a;
}

Test(checks, table_has_every_kind_once)
{
    size_t n;
    const ps_audit_check *c = ps_audit_checks(&n);
    const char *want[] = {"transfers-not-sum",
                          "unit-seconds-as-ms",
                          "aggregate-iops-not-sum",
                          "aggregate-latency-not-mean",
                          "target-iops-arithmetic",
                          "achieved-below-target",
                          "table-vs-log-mismatch",
                          "instances-vs-total-mismatch",
                          "table-vs-recomputed-mismatch",
                          "sample-count-mismatch",
                          "percentage-mismatch",
                          "verdict-inconsistent",
                          "wrong-test-used"};
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        int found = 0;
        for (size_t i = 0; i < n; i++)
            found += strcmp(c[i].kind, want[k]) == 0 && c[i].tolerance && c[i].explain;
        cr_assert_eq(found, 1, "%s", want[k]);
    }
}

Test(checks, transfers_sum_within_rounding_passes)
{
    /* 71.512 + 193.674 = 265.186; 265.187 is within 2 x 0.0005 + 0.0005 */
    ps_audit a = run_text("Database Disks Transfers/sec 265.187\nDatabase Disks Reads/sec 71.512\n"
                          "Database Disks Writes/sec 193.674\n");
    cr_assert_eq(a.n, 0);
    cr_assert_eq(a.checked, 1);
    ps_audit_fini(&a);
}

Test(checks, transfers_mean_and_plain_mismatch)
{
    ps_audit a = run_text("Database Disks Transfers/sec 132.593\nDatabase Disks Reads/sec 71.512\n"
                          "Database Disks Writes/sec 193.674\n");
    const ps_finding *f = get(&a, "transfers-not-sum");
    cr_assert_eq(f->severity, PS_SEV_ERROR);
    cr_assert_float_eq(f->stated, 132.593, 1e-9);
    cr_assert_float_eq(f->expected, 265.186, 1e-9);
    cr_assert_eq(f->line, 1);
    cr_assert(strstr(f->message, "mean"));
    ps_audit_fini(&a);
    a = run_text("Database Disks Transfers/sec 265.190\nDatabase Disks Reads/sec 71.512\n"
                 "Database Disks Writes/sec 193.674\n");
    f = get(&a, "transfers-not-sum");
    cr_assert_null(strstr(f->message, "mean"));
    ps_audit_fini(&a);
}

Test(checks, seconds_under_ms_exact_and_heuristic)
{
    ps_audit a = run_text("Average Database Disk Read Latency (ms) 0.012\n"
                          "Average Database Disk Write Latency (ms) 7.5\n"
                          "Average Log Disk Write Latency (ms) 0.002\n"
                          "Performance Test Result Report\nDisk Subsystem Performance\n"
                          "Database (M:) 0.012 0.008 10.000 10.000 (n/a)\nLog (L:) 0.000 0.002 0.000 5.000 7000.000\n");
    /* read 0.012 and log write 0.002 equal the seconds values digit for digit; 7.5 is fine */
    cr_assert_eq(count(&a, "unit-seconds-as-ms"), 2);
    for (size_t i = 0; i < a.n; i++)
        if (strcmp(a.findings[i].kind, "unit-seconds-as-ms") == 0) {
            cr_assert_eq(a.findings[i].severity, PS_SEV_ERROR);
            cr_assert_float_eq(a.findings[i].expected, a.findings[i].stated * 1000, 1e-9);
        }
    ps_audit_fini(&a);
    a = run_text("Average Database Disk Read Latency (ms) 0.015\nAverage Log Disk Write Latency (ms) 0.4\n");
    const ps_finding *f = get(&a, "unit-seconds-as-ms");
    cr_assert_eq(f->severity, PS_SEV_WARNING);
    cr_assert_eq(count(&a, "unit-seconds-as-ms"), 1); /* 0.4 ms log writes are plausible */
    ps_audit_fini(&a);
}

static const char two_servers[] =
    "Individual Server Metrics\n"
    "Database Disks Reads/sec 100.0\nDatabase Disks Writes/sec 50.0\nAverage Database Disk Read Latency (ms) 10.0\n"
    "Individual Server Metrics\n"
    "Database Disks Reads/sec 300.0\nDatabase Disks Writes/sec 70.0\nAverage Database Disk Read Latency (ms) 20.0\n"
    "Aggregate Performance across all servers\n";

Test(checks, aggregate_sum_and_mean)
{
    char buf[2048];
    /* reads 100 + 300 = 400, writes 50 + 70 = 120, latency (10 + 20)/2 = 15 */
    snprintf(buf, sizeof buf,
             "%sDatabase Disks Reads/sec 400.0\nDatabase Disks Writes/sec 120.1\n"
             "Average Database Disk Read Latency (ms) 15.0\n",
             two_servers);
    ps_audit a = run_text(buf);
    cr_assert_eq(a.n, 0, "%s", a.n ? a.findings[0].message : "");
    ps_audit_fini(&a);
    snprintf(buf, sizeof buf,
             "%sDatabase Disks Reads/sec 400.0\nDatabase Disks Writes/sec 121.0\n"
             "Average Database Disk Read Latency (ms) 17.5\n",
             two_servers);
    a = run_text(buf);
    const ps_finding *f = get(&a, "aggregate-iops-not-sum");
    cr_assert_float_eq(f->expected, 120, 1e-9);
    cr_assert_str_eq(f->server, "aggregate");
    cr_assert_eq(f->line, 11);
    /* weighted by reads: (100 x 10 + 300 x 20) / 400 = 17.5 */
    f = get(&a, "aggregate-latency-not-mean");
    cr_assert_float_eq(f->expected, 15, 1e-9);
    cr_assert(strstr(f->message, "weighted"));
    ps_audit_fini(&a);
    snprintf(buf, sizeof buf, "%sAverage Database Disk Read Latency (ms) 30.0\n", two_servers);
    a = run_text(buf);
    cr_assert(strstr(get(&a, "aggregate-latency-not-mean")->message, "sum"));
    ps_audit_fini(&a);
}

Test(checks, target_arithmetic)
{
    /* single server: 1000 x 0.15 x (1 + 20 %) = 180 */
    ps_audit a = run_text("Number of Exchange mailboxes simulated 1000\nIOPS profile 0.15\nHeadroom 20%\n"
                          "Target IOPS 180\n");
    cr_assert_eq(a.n, 0);
    cr_assert_eq(a.checked, 1);
    ps_audit_fini(&a);
    a = run_text("Number of Exchange mailboxes simulated 1000\nIOPS profile 0.15\nHeadroom 20%\nTarget IOPS 200\n");
    const ps_finding *f = get(&a, "target-iops-arithmetic");
    cr_assert_float_eq(f->expected, 180, 1e-9);
    cr_assert_float_eq(f->stated, 200, 0);
    ps_audit_fini(&a);
    /* tested value vs profile and headroom: 0.15 x 1.2 = 0.18, printed 0.20 (its own kind since
     * issue 15: the headroom, not the target, is wrong) */
    a = run_text("IOPS profile 0.15\nHeadroom 20%\nSimulated profile: I/O's per second per mailbox 0.20\n");
    f = get(&a, "headroom-arithmetic");
    cr_assert_float_eq(f->expected, 0.18, 1e-12);
    ps_audit_fini(&a);
    /* report target and test-log target, 500 x 0.5 = 250; "0.5" allows 500 x 0.05 = 25 */
    a = run_text(
        "Number of Exchange mailboxes simulated 500\nSimulated profile: I/O's per second per mailbox 0.5\n"
        "Performance Test Result Report\nTarget Transactional I/O per Second 250\n"
        "Stress Test Result Report\n2/26/2009 8:53:04 PM -- 16 sessions have actual 383 IOPS (target IOPS: 280)\n");
    cr_assert_eq(count(&a, "target-iops-arithmetic"), 1);
    cr_assert_float_eq(get(&a, "target-iops-arithmetic")->stated, 280, 0);
    ps_audit_fini(&a);
}

Test(checks, achieved_below_target_only_for_performance)
{
    ps_audit a = run_text("Performance Test Result Report\nAchieved Transactional I/O per Second 160.500\n"
                          "Target Transactional I/O per Second 168\n"
                          "Stress Test Result Report\nAchieved Transactional I/O per Second 100.000\n"
                          "Target Transactional I/O per Second 168\n");
    cr_assert_eq(count(&a, "achieved-below-target"), 1);
    const ps_finding *f = get(&a, "achieved-below-target");
    cr_assert_float_eq(f->stated, 160.5, 1e-9);
    cr_assert_float_eq(f->expected, 168, 0);
    cr_assert_eq(f->line, 2);
    ps_audit_fini(&a);
}

static const char report_2013[] =
    "Performance Test Result Report\nOverall Test Result %s\nMachine Name EX1\n"
    "Achieved Transactional I/O per Second %s\nTransactional I/O Performance\n"
    "Instance9.1 14.412 8.000 40.000 30.000 35000 36000 1.000 1.100 0.500 15.000 200000 9000\n"
    "Instance9.2 %s 8.000 41.000 31.000 35000 36000 1.000 1.040 0.500 15.000 200000 9000\n"
    "Total I/O Performance\n"
    "Instance9.1 14.412 8.000 50.000 30.000 35000 36000 1.000 1.100 0.500 15.000 200000 9000\n"
    "Instance9.2 14.000 8.000 51.000 31.000 35000 36000 1.000 1.040 0.500 15.000 200000 9000\n"
    "Host System Performance Database Page Fault Stalls/sec %s 0.000 3.000\n"
    "Test Log\n1/18/2016 12:10:54 PM -- Creating test report...\n"
    "1/18/2016 12:10:54 PM -- Instance9.1 has %s for I/O Database Reads Average Latency.\n"
    "1/18/2016 12:10:54 PM -- Instance9.2 has 1.0 for I/O Log Writes Average Latency.\n";

static ps_audit run_report(const char *verdict, const char *achieved, const char *lat2, const char *stalls,
                           const char *loglat)
{
    char buf[4096];
    snprintf(buf, sizeof buf, report_2013, verdict, achieved, lat2, stalls, loglat);
    return run_text(buf);
}

Test(checks, report_consistent_passes)
{
    /* achieved = 40 + 30 + 41 + 31 = 142; 14.412 -> log 14.4; 1.040 -> 1.0 */
    ps_audit a = run_report("Pass", "142.000", "14.000", "0.000", "14.4");
    cr_assert_eq(a.n, 0, "%s", a.n ? a.findings[0].message : "");
    ps_audit_fini(&a);
}

Test(checks, table_vs_log)
{
    ps_audit a = run_report("Pass", "142.000", "14.000", "0.000", "14.5");
    const ps_finding *f = get(&a, "table-vs-log-mismatch");
    cr_assert_float_eq(f->stated, 14.412, 1e-9);
    cr_assert_float_eq(f->expected, 14.5, 1e-9);
    cr_assert_eq(f->line, 14);
    cr_assert_str_eq(f->server, "EX1 Performance");
    cr_assert_eq(a.n, 1);
    ps_audit_fini(&a);
}

Test(checks, achieved_vs_instances_notes_total)
{
    /* total table: 50 + 30 + 51 + 31 = 162 */
    ps_audit a = run_report("Pass", "162.000", "14.000", "0.000", "14.4");
    const ps_finding *f = get(&a, "instances-vs-total-mismatch");
    cr_assert_eq(f->severity, PS_SEV_WARNING);
    cr_assert_float_eq(f->expected, 142, 1e-9);
    cr_assert(strstr(f->message, "total, not transactional"));
    ps_audit_fini(&a);
}

Test(checks, verdicts)
{
    ps_audit a = run_report("Pass", "142.000", "22.000", "0.000", "14.4");
    cr_assert(strstr(get(&a, "verdict-inconsistent")->message, "Instance9.2"));
    cr_assert_eq(get(&a, "verdict-inconsistent")->severity, PS_SEV_ERROR);
    ps_audit_fini(&a);
    a = run_report("Pass", "142.000", "14.000", "1.054", "14.4");
    cr_assert(strstr(get(&a, "verdict-inconsistent")->message, "Stalls"));
    ps_audit_fini(&a);
    a = run_report("Fail - something", "142.000", "14.000", "0.000", "14.4");
    cr_assert_eq(get(&a, "verdict-inconsistent")->severity, PS_SEV_WARNING);
    ps_audit_fini(&a);
    /* 20.000 is not above 20 ms */
    a = run_report("Pass", "142.000", "20.000", "1.000", "14.4");
    cr_assert_eq(count(&a, "verdict-inconsistent"), 0);
    ps_audit_fini(&a);
}

Test(checks, samples_vs_window)
{
    /* 10:11:17 .. 12:10:54 = 7177 s / 15 s = 478.5: 478 fits, 470 does not; queried > .blg is an error */
    const char *fmt = "Performance Test Result Report\nCollection Start Time 1/18/2016 10:11:17 AM\n"
                      "Collection End Time 1/18/2016 12:10:54 PM\n"
                      "1/18/2016 10:11:01 AM -- Performance logging started (interval: 15000 ms).\n"
                      "1/18/2016 12:11:09 PM -- C:\\R\\P.blg has %s samples.\n"
                      "1/18/2016 12:11:09 PM -- C:\\R\\P.xml has %s samples queried.\n";
    char buf[1024];
    snprintf(buf, sizeof buf, fmt, "479", "478");
    ps_audit a = run_text(buf);
    cr_assert_eq(a.n, 0);
    cr_assert_eq(a.checked, 2);
    ps_audit_fini(&a);
    snprintf(buf, sizeof buf, fmt, "479", "470");
    a = run_text(buf);
    const ps_finding *f = get(&a, "sample-count-mismatch");
    cr_assert_eq(f->severity, PS_SEV_WARNING);
    cr_assert_float_eq(f->expected, 7177.0 / 15, 1e-9);
    ps_audit_fini(&a);
    snprintf(buf, sizeof buf, fmt, "477", "478");
    a = run_text(buf);
    cr_assert_eq(get(&a, "sample-count-mismatch")->severity, PS_SEV_ERROR);
    ps_audit_fini(&a);
}

Test(checks, percentage_interval_rule)
{
    double lo, hi;
    /* interval rule (docs/formats.md#interval-rule) */
    cr_assert(ps_pct_consistent(122, 0.5, 8.8, 0.05, 7.3, 0.05, &lo, &hi));
    cr_assert_float_eq(lo, 100 * 8.75 / 7.35 - 0.5, 1e-9);
    cr_assert_float_eq(hi, 100 * 8.85 / 7.25 + 0.5, 1e-9);
    cr_assert(ps_pct_consistent(214, 0.5, 15.5, 0.05, 7.3, 0.05, NULL, NULL));
    cr_assert(ps_pct_consistent(97, 0.5, 0.9, 0.05, 1.0, 0.05, &lo, &hi));
    /* the dossier's [81.0, 100.0] is value/base alone; the printed percentage adds +-0.5 */
    cr_assert_float_eq(lo, 100 * 0.85 / 1.05 - 0.5, 1e-9);
    cr_assert_float_eq(hi, 100.0 + 0.5, 1e-9);
    cr_assert(ps_pct_consistent(76, 0.5, 4.0, 0.05, 5.2, 0.05, NULL, NULL));
    /* IOPS need about +-0.6 points: 1383/1530 = 90.39 */
    cr_assert(ps_pct_consistent(90, 0.5, 1383, 0.5, 1530, 0.5, NULL, NULL));
    cr_assert(!ps_pct_consistent(92, 0.5, 1383, 0.5, 1530, 0.5, NULL, NULL));
    cr_assert(!ps_pct_consistent(89, 0.5, 1383, 0.5, 1530, 0.5, NULL, NULL));
}

Test(checks, percentage_tables_row_and_column_major)
{
    /* row-major (one metric per row) and scenario-major (one scenario per group of metrics) */
    ps_audit a = run_text("A 100% [900 IOPS] 150% [1350 IOPS] 200% [1800 IOPS] 100% [7.3 msec] 122% [8.8 msec] "
                          "214% [15.5 msec]\n"
                          "\n"
                          "B 100% [1530 IOPS] 100% [1.0 msec] 92% [1383 IOPS] 97% [0.9 msec]\n");
    cr_assert_eq(count(&a, "percentage-mismatch"), 1);
    const ps_finding *f = get(&a, "percentage-mismatch");
    cr_assert_float_eq(f->stated, 92, 0);
    cr_assert_float_eq(f->expected, 100.0 * 1383 / 1530, 1e-9);
    cr_assert_eq(f->line, 3);
    cr_assert_eq(a.pct_checked, 6);
    ps_audit_fini(&a);
}

Test(checks, wrong_test_and_instances_vs_total)
{
    const char *fmt = "Database Disks Reads/sec %s\nDatabase Disks Writes/sec %s\nLog Disks Writes/sec %s\n"
                      "24 Hour Stress Test Result Report\nDisk Subsystem Performance\n"
                      "Database (M:) 0.010 0.036 71.512 193.674 (n/a)\nLog (L:) 0.000 0.002 0.000 35.534 7164.000\n"
                      "2 Hour Performance Test Result Report\nDisk Subsystem Performance\n"
                      "Database (M:) 0.012 0.071 139.504 134.646 (n/a)\nLog (L:) 0.000 0.002 0.000 75.691 12308.349\n";
    char buf[2048];
    snprintf(buf, sizeof buf, fmt, "71.512", "193.674", "35.534");
    ps_audit a = run_text(buf);
    cr_assert_eq(count(&a, "wrong-test-used"), 1);
    cr_assert_eq(count(&a, "instances-vs-total-mismatch"), 0); /* reported once, as the wrong test */
    ps_audit_fini(&a);
    snprintf(buf, sizeof buf, fmt, "139.504", "134.646", "75.691");
    a = run_text(buf);
    cr_assert_eq(a.n, 0, "%s", a.n ? a.findings[0].message : "");
    ps_audit_fini(&a);
    snprintf(buf, sizeof buf, fmt, "139.504", "134.646", "70.000");
    a = run_text(buf);
    const ps_finding *f = get(&a, "instances-vs-total-mismatch");
    cr_assert_float_eq(f->expected, 75.691, 1e-9);
    cr_assert_eq(f->line, 3);
    ps_audit_fini(&a);
}

Test(checks, absent_is_never_a_wrong_value)
{
    ps_audit a = run_text("Database Disks Transfers/sec 265.186\nDatabase Disks Reads/sec 71.512\n"
                          "Database Disks Writes/sec 0.\n"
                          "Average Database Disk Read Latency (ms) 0.\n");
    cr_assert_eq(count(&a, "transfers-not-sum"), 0);
    cr_assert_eq(count(&a, "unit-seconds-as-ms"), 0);
    cr_assert_eq(count(&a, "absent-value"), 2);
    cr_assert_eq(ps_audit_count(&a, PS_SEV_WARNING), 0);
    cr_assert_eq(get(&a, "absent-value")->line, 3); /* sorted by location */
    ps_audit_fini(&a);
}

Test(checks, percentage_table_without_a_base_is_skipped)
{
    /* minimal: two cells, neither is 100 % - the base cannot be identified, nothing is checked */
    ps_audit a = run_text("IOPS 95% [200 IOPS] 110% [220 IOPS]\n");
    cr_assert_eq(count(&a, "percentage-table-skipped"), 1);
    cr_assert_eq(get(&a, "percentage-table-skipped")->line, 1);
    cr_assert_eq(a.pct_checked, 0);
    ps_audit_fini(&a);
    /* paraphrased: TAB cells, a space before %, decimal commas, relative to an absent product */
    a = run_text("Relative to the previous model\nIOPS\t118 % [220 IOPS]\t109,5 % [190 IOPS]\n"
                 "Read latency\t91 % [13,0 ms]\t97 % [17,0 ms]\n");
    cr_assert_eq(count(&a, "percentage-table-skipped"), 1);
    cr_assert_eq(get(&a, "percentage-table-skipped")->line, 2);
    cr_assert_eq(ps_audit_count(&a, PS_SEV_ERROR), 0);
    ps_audit_fini(&a);
}

Test(checks, absent_value_in_other_words)
{
    /* paraphrase of absent_is_never_a_wrong_value: the value went to the next page, or its digits
     * were lost ("8."), under rows written "DB Writes/s" / "Log write latency (ms)" */
    ps_audit a = run_text("Server 1 (NWMBX1)\nDB Transfers/s 205.000\nDB Reads/s 120.000\nDB Writes/s 8.\n"
                          "Log write latency (ms)\n");
    cr_assert_eq(count(&a, "absent-value"), 2);
    cr_assert_eq(get(&a, "absent-value")->line, 4);
    cr_assert_eq(count(&a, "transfers-not-sum"), 0); /* never compared with a lost value */
    cr_assert_eq(a.n, 2);
    ps_audit_fini(&a);
}

/* Issue 28: configuration values are exact as printed. 9,000 mailboxes at ".10 IOPS per user,
 * .12 tested" make 9,000 x 0.12 = 1,080 IOPS, not the printed 1,120 (a tolerance on 0.12 as if it
 * were 0.1244 hid it: 9,000 x 0.005 = 45 > 40); a profile printed 0.1244 keeps its digits:
 * 9,000 x 0.1244 = 1,119.6, within the half-unit of the printed target 1,120. */
Test(checks, configuration_values_exact_as_printed)
{
    ps_audit a = run_text("Number of Exchange mailboxes simulated 9,000\nIOPS per mailbox .10 (.12 tested)\n"
                          "Target IOPS 1,120\n");
    const ps_finding *f = get(&a, "target-iops-arithmetic");
    cr_assert_float_eq(f->stated, 1120, 0);
    cr_assert_float_eq(f->expected, 1080, 1e-9);
    cr_assert(strstr(f->message, "9,000 mailboxes x .12 IOPS per mailbox"), "%s", f->message);
    ps_audit_fini(&a);
    a = run_text("Number of Exchange mailboxes simulated 9,000\nTested IOPS per mailbox 0.1244\nTarget IOPS 1,120\n");
    cr_assert_eq(count(&a, "target-iops-arithmetic"), 0);
    cr_assert_eq(a.checked, 1);
    ps_audit_fini(&a);
    /* the same rule for the headroom: 0.10 x (1 + 20 %) = 0.12 exactly passes, 0.13 is flagged
     * (a tolerance of half a unit on 0.10 and 0.13 would have let 0.12 +- 0.011 through) */
    a = run_text("IOPS profile 0.10\nHeadroom 20%\nTested IOPS per mailbox 0.12\n");
    cr_assert_eq(count(&a, "headroom-arithmetic"), 0);
    ps_audit_fini(&a);
    a = run_text("IOPS profile 0.10\nHeadroom 20%\nTested IOPS per mailbox 0.13\n");
    cr_assert_float_eq(get(&a, "headroom-arithmetic")->expected, 0.12, 1e-12);
    ps_audit_fini(&a);
}
