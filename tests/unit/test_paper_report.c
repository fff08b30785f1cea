/* Unit tests: parser/paper/paper_report.c - an appendix Jetstress report read as a whole: a report
 * label wrapped onto a second line, and a report written with decimal commas (German, French
 * Windows). Expected values are the printed figures read by hand. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ps_parser.h"
#include "paper_internal.h"

static ps_paper *parse(const char *text)
{
    ps_paper *p = NULL;
    ps_error err;
    ps_error_clear(&err);
    int rc = ps_paper_parse("t.txt", text, strlen(text), &p, NULL, &err);
    cr_assert_eq(rc, 0, "parse failed: %s", err.msg);
    return p;
}

static const ps_claim *find(const ps_paper *p, int m, int nth)
{
    for (size_t i = 0; i < p->nclaims; i++)
        if ((int)p->claims[i].metric == m && nth-- == 0)
            return &p->claims[i];
    return NULL;
}

static const ps_claim *col(const ps_paper *p, const char *who, int c, int total)
{
    for (size_t i = 0; i < p->nclaims; i++)
        if (p->claims[i].metric == PS_M_COL && p->claims[i].who && strcmp(p->claims[i].who, who) == 0 &&
            p->claims[i].col == c && p->claims[i].total_table == total)
            return &p->claims[i];
    return NULL;
}

static size_t count(const ps_paper *p, int m)
{
    size_t n = 0;
    for (size_t i = 0; i < p->nclaims; i++)
        n += (int)p->claims[i].metric == m;
    return n;
}

#define PERF "Microsoft Exchange Jetstress 2013 Performance Test Result Report\n"

/* ------------------------------------------------------------------ wrapped labels */

Test(wrap, label_over_two_lines_read_at_the_value_line)
{
    ps_paper *p = parse(PERF "Overall Test Result Pass\n"
                             "Achieved Transactional I/O per\n"
                             "Second 190.000\n");
    const ps_claim *a = find(p, PS_M_ACHIEVED_IOPS, 0);
    cr_assert(a);
    cr_assert_float_eq(a->value, 190, 1e-9);
    cr_assert_eq(a->decimals, 3);
    cr_assert_eq(a->line, 4);
    cr_assert_str_eq(a->text, "190.000");
    cr_assert_eq(count(p, PS_MX_UNREAD), 0);
    ps_paper_free(p);
}

Test(wrap, paraphrased_layout_spaces_and_other_cut_points)
{
    /* pdftotext -layout: indented, runs of spaces; cut after "Transactional" and after "Page" */
    ps_paper *p = parse(PERF "  Target Transactional\t\n"
                             "     I/O per Second          1,200\n"
                             "  Database Page\n"
                             "  Fault Stalls/sec   0.250\n"
                             "  Collection Start\n"
                             "  Time: 3/14/2026 10:00:00 AM\n");
    const ps_claim *t = find(p, PS_M_TARGET_IOPS, 0);
    cr_assert(t);
    cr_assert_float_eq(t->value, 1200, 1e-9);
    cr_assert_eq(t->line, 3);
    const ps_claim *s = find(p, PS_M_STALLS_AVG, 0);
    cr_assert(s);
    cr_assert_float_eq(s->value, 0.25, 1e-9);
    cr_assert_eq(s->line, 5);
    const ps_claim *c = find(p, PS_M_COLLECTION_START, 0);
    cr_assert(c);
    cr_assert_eq(c->line, 7);
    cr_assert(!isnan(c->value));
    ps_paper_free(p);
}

Test(wrap, only_a_known_label_without_a_number_first)
{
    /* the first part holds a number; the join is no label; a blank line between; the paper body;
     * a label complete on the first line (its value lost, not taken from the next line) */
    ps_paper *p = parse(PERF "Achieved Transactional 2 I/O per\n"
                             "Second 190.000\n"
                             "Achieved results per\n"
                             "Second 191.000\n"
                             "Achieved Transactional I/O per\n"
                             "\n"
                             "Second 192.000\n");
    cr_assert_null(find(p, PS_M_ACHIEVED_IOPS, 0));
    cr_assert_eq(count(p, PS_MX_UNREAD), 4); /* the "2" and the three values */
    ps_paper_free(p);
    p = parse("Target Transactional I/O per\nSecond 200\n");
    cr_assert_null(find(p, PS_M_TARGET_IOPS, 0));
    ps_paper_free(p);
    p = parse(PERF "Achieved Transactional I/O per Second\n193.000\n");
    const ps_claim *a = find(p, PS_M_ACHIEVED_IOPS, 0);
    cr_assert(a && isnan(a->value) && a->line == 2);
    ps_paper_free(p);
}

/* ------------------------------------------------------------------ decimal commas */

Test(numfmt, number_classes)
{
    static const struct {
        const char *t;
        int want;
    } cases[] = {
        {"0,6", PNC_COMMA},      {"12,5", PNC_COMMA},      {"35000,000", PNC_COMMA},     {"0,012", PNC_COMMA},
        {"1.234,5", PNC_COMMA},  {"1.234.567", PNC_COMMA}, {"0.6", PNC_POINT},           {"35000.000", PNC_POINT},
        {"1,234.5", PNC_POINT},  {"1,234,567", PNC_POINT}, {"15,484", PNC_EITHER_COMMA}, {"190.000", PNC_EITHER_POINT},
        {"1500", PNC_NONE},      {"14.03.2026", PNC_NONE}, {"15.0.847.30", PNC_NONE},    {"1,23,4567", PNC_NONE},
        {"1.234,5.6", PNC_NONE}, {"000,000", PNC_NONE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        cr_assert_eq(paper_number_class(cases[i].t, strlen(cases[i].t)), cases[i].want, "%s", cases[i].t);
}

Test(numfmt, german_report_read_with_decimal_commas)
{
    ps_paper *p = parse("Body: 1,150 mailboxes per server, tested at 0.12 IOPS.\n" PERF "Machine Name MBX1\n"
                        "Collection Start Time 14.03.2026 10:00:00\n"
                        "Achieved Transactional I/O per Second 190,000\n"
                        "Transactional I/O Performance\n"
                        "Instance3256.1 15,484 7,753 60,000 40,000 35000,000 36000,000 1,000 1,100 0,600 28,000 "
                        "226000,000 9500,000\n"
                        "Test Log\n"
                        "14.03.2026 12:00:00 -- Creating test report...\n"
                        "14.03.2026 12:00:01 -- Instance3256.1 has 15,5 for I/O Database Reads Average Latency.\n");
    const ps_claim *c0 = col(p, "Instance3256.1", 0, 0);
    cr_assert(c0);
    cr_assert_float_eq(c0->value, 15.484, 1e-9);
    cr_assert_eq(c0->decimals, 3);
    cr_assert_str_eq(c0->text, "15,484"); /* as printed */
    cr_assert_float_eq(col(p, "Instance3256.1", 3, 0)->value, 40, 1e-9);
    cr_assert_float_eq(col(p, "Instance3256.1", 4, 0)->value, 35000, 1e-9);
    cr_assert_float_eq(col(p, "Instance3256.1", 8, 0)->value, 0.6, 1e-9);
    cr_assert_float_eq(col(p, "Instance3256.1", 11, 0)->value, 9500, 1e-9);
    cr_assert_float_eq(find(p, PS_M_ACHIEVED_IOPS, 0)->value, 190, 1e-9);
    const ps_claim *l = find(p, PS_M_LOG_LAT, 0);
    cr_assert(l);
    cr_assert_float_eq(l->value, 15.5, 1e-9);
    cr_assert(!isnan(find(p, PS_M_COLLECTION_START, 0)->value)); /* the date is not swapped */
    cr_assert_eq(count(p, PS_MX_UNREAD), 1); /* the body's 1,150 (a body number, read as ever) */
    cr_assert_str_eq(find(p, PS_MX_UNREAD, 0)->text, "1,150");
    ps_paper_free(p);
    /* a number split by an ASCII space ("35 000,000"): the row stops there, never "000,000" = 0 */
    p = parse(PERF "Instance1.1 15,484 7,753 60,000 40,000 35 000,000 0,600\n");
    cr_assert_null(col(p, "Instance1.1", 5, 0));
    ps_paper_free(p);
}

Test(numfmt, each_report_by_its_own_evidence)
{
    /* paraphrased: an en-US Performance report and a French Stress report in one paper, TAB
     * cells (pdftotext -layout), a French thousands "1.234,5" and "0,012" seconds thresholds */
    ps_paper *p = parse(PERF "Achieved Transactional I/O per Second\t1,234.500\n"
                             "Instance1.1\t12.000\t6.000\t70.000\t40.000\n"
                             "Microsoft Exchange Jetstress 2013 Stress Test Result Report\n"
                             "Achieved Transactional I/O per Second\t1.234,500\n"
                             "Instance1.1\t12,000\t6,000\t70,000\t40,000\n"
                             "14/03/2026 10:00:00 -- Database read latency thresholds: (average: 0,020 seconds/read, "
                             "maximum: 0,100 seconds/read).\n");
    cr_assert_float_eq(find(p, PS_M_ACHIEVED_IOPS, 0)->value, 1234.5, 1e-9);
    cr_assert_float_eq(find(p, PS_M_ACHIEVED_IOPS, 1)->value, 1234.5, 1e-9);
    cr_assert_str_eq(find(p, PS_M_ACHIEVED_IOPS, 1)->text, "1.234,500");
    const ps_claim *a = NULL, *b = NULL;
    for (size_t i = 0; i < p->nclaims; i++)
        if (p->claims[i].metric == PS_M_COL && p->claims[i].col == 2) {
            if (a)
                b = &p->claims[i];
            else
                a = &p->claims[i];
        }
    cr_assert(a && b);
    cr_assert_float_eq(a->value, 70, 1e-9);
    cr_assert_float_eq(b->value, 70, 1e-9);
    cr_assert_float_eq(find(p, PS_M_THR_DB_READ, 0)->value, 20, 1e-9); /* 0,020 s = 20 ms */
    ps_paper_free(p);
}

Test(numfmt, ambiguous_report_leaves_three_digit_groups_unread)
{
    /* both a decimal comma (0,6) and a decimal point (12.5): "15,484" could be either */
    ps_paper *p = parse(PERF "Achieved Transactional I/O per Second 12.5\n"
                             "Instance3256.1 15,484 7,753 60,000 40,000 0,6\n");
    cr_assert_null(col(p, "Instance3256.1", 0, 0));
    cr_assert_float_eq(col(p, "Instance3256.1", 4, 0)->value, 0.6, 1e-9); /* a comma either way */
    cr_assert_eq(count(p, PS_MX_UNREAD), 4);
    cr_assert_str_eq(find(p, PS_MX_UNREAD, 0)->text, "15,484");
    cr_assert_float_eq(find(p, PS_M_ACHIEVED_IOPS, 0)->value, 12.5, 1e-9);
    ps_paper_free(p);
    /* French: a narrow no-break space groups thousands ("35\u202f000,000" reads "35,000,000") */
    p = parse(PERF "Instance3256.1 15,484 7,753 60,000 40,000 35\u202f000,000 0,600\n");
    cr_assert_null(col(p, "Instance3256.1", 4, 0));
    cr_assert_float_eq(col(p, "Instance3256.1", 5, 0)->value, 0.6, 1e-9);
    cr_assert_eq(count(p, PS_MX_UNREAD), 5);
    ps_paper_free(p);
    /* no evidence at all: "1,150" alone in a report is not guessed */
    p = parse(PERF "Achieved Transactional I/O per Second 1,150\n");
    cr_assert_null(find(p, PS_M_ACHIEVED_IOPS, 0));
    cr_assert_eq(count(p, PS_MX_UNREAD), 1);
    ps_paper_free(p);
    /* a decimal point in the same report: "1,150" is a thousands group, as ever */
    p = parse(PERF "Achieved Transactional I/O per Second 1,150\nInstance1.1 12.5 6.0 70.5 40.25\n");
    cr_assert_float_eq(find(p, PS_M_ACHIEVED_IOPS, 0)->value, 1150, 1e-9);
    ps_paper_free(p);
}

/* A localized paper's summary row: ESRP's term, its translation in parentheses (ASCII or not,
 * wrapped in its cell or not), then the value; an English "(sec)" unit or a parenthesized number
 * is no translation. A number closing the line before a quoted Jetstress sentence ("23.529 msec
 * average / database read latency.") is that sentence's, not a row without its value. */
Test(gloss, translated_summary_rows_and_wrapped_quotes)
{
    ps_paper *p = parse("Individual Server Metrics\n"
                        "Database Disks Transfers/sec (Datenbank-Datenträger: Übertragungen/s)    228.253\n"
                        "Database Disks Reads/sec (Lecturas/s de los discos de base de datos)    140.661\n"
                        "Database Disks Writes/sec (データベース ディスク書き込み/秒)    87.592\n"
                        "Average Database Disk Read Latency (ms) (Latence moyenne de lecture des   15.208\n"
                        "disques de base de données (ms))\n"
                        "MBX02: Jetstress printed Fail - Instance5120.3 has 23.529 msec average\n"
                        "database read latency. This should be not higher than 20 msec.\n");
    const ps_claim *c = find(p, PS_M_DB_TRANSFERS, 0);
    cr_assert(c && c->value == 228.253);
    cr_assert((c = find(p, PS_M_DB_READS, 0)) && c->value == 140.661);
    cr_assert((c = find(p, PS_M_DB_WRITES, 0)) && c->value == 87.592);
    cr_assert((c = find(p, PS_M_DB_READ_LAT, 0)) && c->value == 15.208);
    cr_assert_eq(count(p, PS_M_DB_READ_LAT), 1, "the quoted sentence is no row");
    ps_paper_free(p);
}
