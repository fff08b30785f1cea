/* Unit tests (issue 15): the phrasings of claims (numbers, profile and headroom forms, server
 * headings, servers as columns with TAB or space separated cells, units in cells), the new check
 * kinds each on a hand-made minimal input, the unit evidence from millisecond values, and the
 * numbers no claim used. Expected values are hand arithmetic written next to each input. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "ps_parser.h"
#include "ps_audit_ext.h"
#include "audit_test.h"

static ps_paper *parse(const char *text)
{
    ps_paper *p = NULL;
    ps_error err;
    cr_assert_eq(ps_paper_parse("m.txt", text, strlen(text), &p, NULL, &err), 0);
    return p;
}

static ps_audit run_text(const char *text)
{
    ps_paper *p = parse(text);
    ps_audit a = {0};
    ps_audit_run(p, NULL, &a);
    ps_paper_free(p);
    return a;
}

/* k-th claim (0-based) of metric m, NULL when absent */
static const ps_claim *nth(const ps_paper *p, int m, int k)
{
    for (size_t i = 0; i < p->nclaims; i++)
        if ((int)p->claims[i].metric == m && k-- == 0)
            return &p->claims[i];
    return NULL;
}

Test(phrasing, numbers_leading_dot_decimal_comma_space_thousands)
{
    ps_paper *p = parse("Mailboxes simulated 1 500\nUsers per server 1,500\nIOPS per mailbox .084\n"
                        "Database Disks Reads/sec 0,12\nDatabase Disks Writes/sec 500 500 500\n");
    cr_assert_float_eq(nth(p, PS_M_MAILBOXES, 0)->value, 1500, 0);
    cr_assert_float_eq(nth(p, PS_M_MAILBOXES_PER_SERVER, 0)->value, 1500, 0);
    cr_assert_float_eq(nth(p, PS_M_PROFILE_IOPS, 0)->value, 0.084, 1e-12);
    cr_assert_eq(nth(p, PS_M_PROFILE_IOPS, 0)->decimals, 3);
    cr_assert_float_eq(nth(p, PS_M_DB_READS, 0)->value, 0.12, 1e-12);
    cr_assert_float_eq(nth(p, PS_M_DB_WRITES, 0)->value, 500, 0); /* a list, never 500500500 */
    ps_paper_free(p);
}

Test(phrasing, profile_tested_and_headroom_forms)
{
    /* each line: profile, tested, headroom as vendors write them */
    static const struct {
        const char *text;
        double prof, tested, hr;
    } forms[] = {
        {"IOPS per mailbox 0.10 (0.12 tested)\nHeadroom 20%\n", 0.10, 0.12, 20},
        {"Mailbox profile: .084 IOPS per mailbox (.10 tested), includes 20% headroom\n", 0.084, 0.10, 20},
        {".10 IOPS per user, .12 tested, giving 20% headroom\n", 0.10, 0.12, 20},
        {"Estimated IOPS per mailbox 0,15 with a headroom of 25%\nTested IOPS per mailbox 0,1875\n", 0.15, 0.1875, 25},
    };
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        ps_paper *p = parse(forms[i].text);
        const ps_claim *pr = nth(p, PS_M_PROFILE_IOPS, 0), *t = nth(p, PS_M_TESTED_IOPS, 0);
        const ps_claim *h = nth(p, PS_M_HEADROOM_PCT, 0);
        cr_assert(pr && t && h, "form %zu", i);
        cr_assert_float_eq(pr->value, forms[i].prof, 1e-12, "form %zu", i);
        cr_assert_float_eq(t->value, forms[i].tested, 1e-12, "form %zu", i);
        cr_assert_float_eq(h->value, forms[i].hr, 1e-12, "form %zu", i);
        ps_paper_free(p);
    }
    /* "User profile 150 messages per day" is not a per-mailbox IOPS figure */
    ps_paper *p = parse("User profile 150 messages per day\n");
    cr_assert_null(nth(p, PS_M_PROFILE_IOPS, 0));
    ps_paper_free(p);
}

Test(phrasing, servers_as_columns_tab_and_spaces_with_heading_names)
{
    static const char *const texts[] = {
        "\tJS01\tJS02\tTotal\nDatabase Disks Reads/sec\t100.0\t200.0\t300.0\n"
        "Database Disks Writes/sec\t50.0\t60.0\t110.0\n",
        "                          JS01       JS02       Total\nDatabase Disks Reads/sec  100.0      200.0      300.0\n"
        "Database Disks Writes/sec  50.0       60.0       110.0\n"};
    for (size_t i = 0; i < 2; i++) {
        ps_paper *p = parse(texts[i]);
        cr_assert_eq(p->ntables, 3, "text %zu", i);
        cr_assert_str_eq(p->tables[0].server, "JS01");
        cr_assert_str_eq(p->tables[1].server, "JS02");
        cr_assert(p->tables[2].aggregate);
        cr_assert_float_eq(nth(p, PS_M_DB_READS, 1)->value, 200, 0);
        cr_assert_eq(nth(p, PS_M_DB_WRITES, 2)->table, 2);
        ps_paper_free(p);
        /* every column is checked: the aggregate 300 = 100 + 200, 110 = 50 + 60 */
        ps_audit a = run_text(texts[i]);
        cr_assert_eq(a.n, 0, "%s", a.n ? a.findings[0].message : "");
        ps_audit_fini(&a);
    }
    ps_audit a = run_text("\tJS01\tJS02\tTotal\nDatabase Disks Reads/sec\t100.0\t200.0\t310.0\n");
    cr_assert_float_eq(get(&a, "aggregate-iops-not-sum")->expected, 300, 1e-9);
    ps_audit_fini(&a);
}

Test(phrasing, server_headings_name_row_tables)
{
    ps_paper *p = parse("Server 1 (JS01)\nDatabase Disks Reads/sec 1.0\nJS02\nDatabase Disks Reads/sec 2.0\n"
                        "Mailbox server 3\nDatabase Disks Reads/sec 3.0\nAll servers\nDatabase Disks Reads/sec 6.0\n");
    cr_assert_eq(p->ntables, 4);
    cr_assert_str_eq(p->tables[0].server, "Server 1 (JS01)");
    cr_assert_str_eq(p->tables[1].server, "JS02");
    cr_assert_str_eq(p->tables[2].server, "Mailbox server 3");
    cr_assert(p->tables[3].aggregate);
    ps_paper_free(p);
}

Test(phrasing, units_in_cells_and_labels)
{
    ps_paper *p = parse("Average Database Disk Read Latency 0.012 s\nDB write latency (sec) 0.004\n"
                        "Log write latency 900 us\nAverage Log Disk Write Latency 1.5 ms\n");
    cr_assert_float_eq(nth(p, PS_M_DB_READ_LAT, 0)->value, 12, 1e-9);
    cr_assert_float_eq(nth(p, PS_M_DB_WRITE_LAT, 0)->value, 4, 1e-9);
    cr_assert_float_eq(nth(p, PS_M_LOG_WRITE_LAT, 0)->value, 0.9, 1e-9);
    cr_assert_float_eq(nth(p, PS_M_LOG_WRITE_LAT, 1)->value, 1.5, 1e-9);
    ps_paper_free(p);
    /* seconds named by the paper are not a unit mistake */
    ps_audit a = run_text("Average Database Disk Read Latency (s) 0.012\n");
    cr_assert_eq(count(&a, "unit-seconds-as-ms"), 0);
    ps_audit_fini(&a);
}

Test(phrasing, prose_and_headings_are_not_rows)
{
    ps_paper *p = parse("Database Reads Average Latency (msec) is the average length in time to wait\n"
                        "Read Latency DBs Write Latency DBs Write latency LOGs\n"
                        "scenario of (2,500 users per database) Table 15 reports\n");
    for (size_t i = 0; i < p->nclaims; i++)
        cr_assert(!ps_claim_is_reading(&p->claims[i]), "claim %s", p->claims[i].label);
    ps_paper_free(p);
}

/* ---------------------------------------------------------------- new check kinds, minimal */

Test(new_kinds, mailboxes_total)
{
    /* 2,000 per server x 2 servers = 4,000 */
    ps_audit a = run_text("Mailboxes simulated 4000\nActive mailboxes per server 2000\nNumber of servers 2\n");
    cr_assert_eq(count(&a, "mailboxes-total-arithmetic"), 0);
    ps_audit_fini(&a);
    a = run_text("Mailboxes simulated 4500\nActive mailboxes per server 2000\nNumber of servers 2\n");
    const ps_finding *f = get(&a, "mailboxes-total-arithmetic");
    cr_assert_float_eq(f->stated, 4500, 0);
    cr_assert_float_eq(f->expected, 4000, 0);
    cr_assert_eq(f->line, 1);
    ps_audit_fini(&a);
    /* servers as columns: 1,000 + 1,200 = 2,200 */
    a = run_text("\tJS01\tJS02\nMailboxes per server\t1,000\t1,200\nNumber of mailboxes simulated 2,000\n");
    cr_assert_float_eq(get(&a, "mailboxes-total-arithmetic")->expected, 2200, 0);
    ps_audit_fini(&a);
}

Test(new_kinds, mailboxes_per_database)
{
    /* 250 x 4 = 1,000; with 2 copies 500 x 4 = 2,000 = 1,000 x 2 also holds */
    ps_audit a = run_text("Number of active mailboxes/server 1000\nNumber of databases/host 4\n"
                          "Number of mailboxes/database 250\n");
    cr_assert_eq(a.n, 0);
    cr_assert_eq(a.checked, 1);
    ps_audit_fini(&a);
    a = run_text("Number of active mailboxes/server 1000\nNumber of databases/host 4\nNumber of copies/database 2\n"
                 "Number of mailboxes/database 500\n");
    cr_assert_eq(a.n, 0);
    ps_audit_fini(&a);
    a = run_text(
        "Number of active mailboxes/server 1000\nNumber of databases/host 4\nNumber of mailboxes/database 300\n");
    const ps_finding *f = get(&a, "mailboxes-per-database-arithmetic");
    cr_assert_float_eq(f->expected, 1200, 0);
    cr_assert_float_eq(f->stated, 1000, 0);
    ps_audit_fini(&a);
}

Test(new_kinds, target_from_tested_headroom_and_capacity)
{
    /* 1,000 x 0.12 = 120 per server; 0.10 x 1.2 = 0.12 */
    ps_audit a = run_text("Mailboxes per server 1000\nIOPS per mailbox 0.10 (0.12 tested), includes 20% headroom\n"
                          "Target IOPS per server 120\n");
    cr_assert_eq(a.n, 0, "%s", a.n ? a.findings[0].message : "");
    cr_assert_eq(a.checked, 2);
    ps_audit_fini(&a);
    a = run_text("Mailboxes per server 1000\nIOPS per mailbox 0.10 (0.15 tested), includes 20% headroom\n"
                 "Target IOPS per server 120\n");
    cr_assert_float_eq(get(&a, "headroom-arithmetic")->expected, 0.12, 1e-12);
    cr_assert_float_eq(get(&a, "target-iops-arithmetic")->expected, 150, 1e-9); /* 1,000 x 0.15 */
    ps_audit_fini(&a);
    /* 489 / 836 = 58.49 % prints 58 % or 59 % (interval [58.4, 58.6] +- 0.5) */
    a = run_text("% storage capacity used by Exchange database 489/836 = 59%\n");
    cr_assert_eq(a.n, 0);
    cr_assert_eq(a.checked, 1);
    ps_audit_fini(&a);
    a = run_text("Total database size for performance testing (GB) 489\nTotal formatted capacity (TB) 0.816\n"
                 "% storage capacity used by Exchange database 50%\n");
    /* 0.816 TB = 835.584 GB: 489 / 835.584 = 58.52 % */
    cr_assert_float_eq(get(&a, "capacity-percentage-arithmetic")->expected, 100 * 489 / 835.584, 1e-6);
    ps_audit_fini(&a);
}

Test(new_kinds, report_configuration_against_the_paper)
{
    static const char ok[] =
        "Number of Exchange mailboxes simulated 500\nNumber of hosts 1\n"
        "Simulated profile: I/O's per second per mailbox 0.50\n"
        "Performance Test Result Report\nTest Description 4-SAS drives, mailboxes=500, IOPS=0.50\n";
    ps_audit a = run_text(ok);
    cr_assert_eq(a.n, 0);
    ps_audit_fini(&a);
    a = run_text("Number of Exchange mailboxes simulated 500\nNumber of hosts 1\n"
                 "Simulated profile: I/O's per second per mailbox 0.50\n"
                 "Performance Test Result Report\nTest Description 450 mailboxes at 0.40 IOPS per mailbox\n");
    cr_assert_eq(count(&a, "report-config-mismatch"), 2);
    ps_audit_fini(&a);
}

/* ---------------------------------------------------------------- units */

static const char appendix[] = "Performance Test Result Report\nMachine Name JS01\n"
                               "Transactional I/O Performance\n"
                               "Instance1.1 12.0 4.0 90.0 50.0 1 1 0.0 1.3 0.0 30.0 0 1\n";

Test(units, seconds_printed_as_ms_against_ms_values)
{
    char buf[1024];
    /* log write latency 1.3 ms in the appendix; 0.001 = 1.3 / 1000 at 3 decimals */
    snprintf(buf, sizeof buf, "JS01\nAverage Log Disk Write Latency (ms) 0.001\n%s", appendix);
    ps_audit a = run_text(buf);
    const ps_finding *f = get(&a, "unit-seconds-as-ms");
    cr_assert_eq(f->severity, PS_SEV_ERROR);
    cr_assert_float_eq(f->expected, 1.3, 1e-9);
    ps_audit_fini(&a);
    /* 0.002 is not 1.3 / 1000 at 3 decimals (0.0013 -> 0.001): only the plausibility warning */
    snprintf(buf, sizeof buf, "JS01\nAverage Log Disk Write Latency (ms) 0.002\n%s", appendix);
    a = run_text(buf);
    cr_assert_eq(get(&a, "unit-seconds-as-ms")->severity, PS_SEV_WARNING);
    ps_audit_fini(&a);
    /* without other evidence: below 0.05 ms a warning, 0.4 ms plausible */
    a = run_text("Average Log Disk Write Latency (ms) 0.04\n");
    cr_assert(strstr(get(&a, "unit-seconds-as-ms")->message, "implausible for storage"));
    ps_audit_fini(&a);
    a = run_text("Average Log Disk Write Latency (ms) 0.4\n");
    cr_assert_eq(count(&a, "unit-seconds-as-ms"), 0);
    ps_audit_fini(&a);
}

/* ---------------------------------------------------------------- coverage */

Test(coverage, unread_numbers_with_their_words_and_filters)
{
    ps_paper *p = parse("Figure 3 shows Table 12 of page\n5.2 Characterize the mailbox size\n"
                        "Number of storage groups / host 4\nDatabase Disks Reads/sec 12.5\n"
                        "Windows Server 2012 R2, ESE 15.0.847.30, 1/18/2016 9:58:08 AM, SC5400\n"
                        "Quota per mailbox 2048 MB\n");
    ps_audit_coverage cv;
    ps_audit_coverage_of(p, NULL, &cv);
    cr_assert_eq(cv.numbers_read, 1);
    cr_assert_eq(cv.numbers_unread, 2, "%zu", cv.numbers_unread); /* 4 and 2048 */
    cr_assert_eq(cv.labels_unread, 2);
    const ps_claim *u = nth(p, PS_MX_UNREAD, 0);
    cr_assert_str_eq(u->text, "4");
    cr_assert_str_eq(u->label, "Number of storage groups / host");
    cr_assert_eq(u->line, 3);
    cr_assert_str_eq(nth(p, PS_MX_UNREAD, 1)->label, "Quota per mailbox");
    ps_paper_free(p);
}
