/* Unit tests: Jetstress test-log lines (parser/jetstress/js_testlog.c). Lines from the catalogue
 * (docs/formats.md#js-testlog); expected fields read off each line by hand. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ps_parser.h"

int js_testlog_selfcheck(void);

#define NEAR(a, b) cr_assert(fabs((a) - (b)) < 1e-9, "%s = %.12g, expected %.12g", #a, (double)(a), (double)(b))

static ps_js_event *EV;
static size_t NEV;

static void parse(const char *text)
{
    ps_js_testlog_parse(text, strlen(text), 10, &EV, &NEV);
}

static void done(void)
{
    for (size_t i = 0; i < NEV; i++) {
        free(EV[i].who);
        free(EV[i].what);
        free(EV[i].text);
    }
    free(EV);
    EV = NULL;
    NEV = 0;
}

TestSuite(js_testlog, .fini = done);

Test(js_testlog, patterns_compile)
{
    cr_assert_eq(js_testlog_selfcheck(), 0);
}

/* One line of each catalogue entry, in order L01..L32. */
static const char *CATALOGUE =
    "1/18/2016 9:58:08 AM -- Preparing for testing...\n"
    "1/18/2016 9:58:12 AM -- Attaching databases ...\n"
    "1/18/2016 9:58:12 AM -- Preparations for testing are complete.\n"
    "1/18/2016 9:58:12 AM -- Starting transaction dispatch..\n"
    "1/18/2016 9:58:12 AM -- Database cache settings:(minimum:128.0 MB, maximum:1.0 GB)\n"
    "1/18/2016 9:58:12 AM -- Database flush thresholds: (start: 10.2 MB, stop: 20.5 MB)\n"
    "1/18/2016 9:58:17 AM -- Database read latency thresholds: (average: 20 msec/read, maximum: 100 msec/read).\r\n"
    "1/18/2016 9:58:17 AM -- Log write latency thresholds: (average: 0.01 seconds/write, maximum: 0.05 seconds/write).\n"
    "1/18/2016 9:58:17 AM -- Attaining prerequisites:\n"
    "1/18/2016 10:03:03 AM -- \\MSExchange Database(JetstressWin)\\Database Cache Size, Last: 242327600.0 (lower bound: "
    "241591900.0, upper bound: none)\n"
    "1/18/2016 10:03:04 AM -- Performance logging started (interval: 5000 ms).\n"
    "1/18/2016 10:03:04 AM -- Performance logging has ended.\n"
    "1/18/2016 10:03:04 AM -- Automatic tuning is starting...\n"
    "1/18/2016 10:03:36 AM -- Instance900.1 has 0.07 for read latency slope.\n"
    "1/18/2016 10:05:43 AM -- 186 batch transactions/sec and 8 sessions have 270 IOPS.\n"
    "1/18/2016 10:05:43 AM -- 8 sessions have actual 270 IOPS (target IOPS:168)\n"
    "1/18/2016 10:05:43 AM -- Instance900.1 has 20.3 for I/O Database Reads Average Latency.\n"
    "2/26/2009 5:40:29 PM -- Volume M: has 0.0291 for Avg. Disk sec/Read.\n"
    "2/26/2009 5:40:29 PM -- Process has average database read latencies higher than 0.020.\n"
    "1/18/2016 10:05:43 AM -- Operation mix:sessions 4, Inserts 40%, Deletes 20%, Replaces 5%, Reads 35%, Lazy Commits 70%.\n"
    "1/18/2016 10:11:01 AM -- Automatic tuning succeeded.\n"
    "1/18/2016 12:11:03 PM -- JetInterop batch transaction stats: 22851, 22851, 22790 and 22803.\n"
    "1/18/2016 12:11:03 PM -- Dispatching transactions ends.\n"
    "1/18/2016 12:11:03 PM -- Shutting down databases...\n"
    "1/18/2016 12:11:09 PM -- Instance900.1 (complete), Instance900.2 (complete), Instance900.3 (complete) and "
    "Instance900.4 (failed)\n"
    "1/18/2016 12:11:09 PM -- C:\\JetStress_Report\\HDD(64k+SSD)\\Performance_2016_1_18_10_11_1.blg has 479 samples.\n"
    "1/18/2016 12:11:09 PM -- Creating test report...\n"
    "1/18/2016 12:11:13 PM -- Test has 0.5 Maximum Database Page Fault Stalls/sec.\n"
    "1/18/2016 12:11:13 PM -- The test has 3 Database Page Fault Stalls/sec samples higher than 0.\n"
    "1/18/2016 12:11:13 PM -- C:\\JetStress_Report\\Performance_2016_1_18_10_11_1.xml has 478 samples queried.\n"
    "2/27/2009 12:05:00 AM -- Verifying database checksums ...\n"
    "2/27/2009 12:59:59 PM -- M: (100% processed)\n";

Test(js_testlog, catalogue_l01_to_l32)
{
    parse(CATALOGUE);
    cr_assert_eq(NEV, 32);
    for (size_t i = 0; i < NEV; i++) {
        cr_assert_eq(EV[i].line_id, (int)i + 1, "line %zu: id %d (%s)", i, EV[i].line_id, EV[i].text);
        cr_assert_eq(EV[i].line, 10 + (long)i);
        cr_assert_eq(EV[i].final_block, i > 26, "line %zu final_block", i);
    }
    cr_assert_eq(EV[0].when, ps_time_from_fields(2016, 1, 18, 9, 58, 8, 0));
    cr_assert_str_eq(EV[0].text, "Preparing for testing...");
    /* L05 1.0 GB = 1024 MB */
    cr_assert_eq(EV[4].kind, PS_EV_CACHE_SETTINGS);
    NEAR(EV[4].v[0], 128);
    NEAR(EV[4].v[1], 1024);
    NEAR(EV[5].v[0], 10.2);
    NEAR(EV[5].v[1], 20.5);
    cr_assert_eq(EV[6].kind, PS_EV_DB_READ_THRESHOLDS);
    NEAR(EV[6].v[0], 20);
    NEAR(EV[6].v[1], 100);
    cr_assert_str_eq(EV[6].what, "msec");
    cr_assert_eq(EV[7].kind, PS_EV_LOG_WRITE_THRESHOLDS);
    NEAR(EV[7].v[0], 10); /* 0.01 s */
    NEAR(EV[7].v[1], 50);
    cr_assert_str_eq(EV[9].who, "\\MSExchange Database(JetstressWin)\\Database Cache Size");
    NEAR(EV[9].v[0], 242327600.0);
    NEAR(EV[9].v[1], 241591900.0);
    cr_assert(isnan(EV[9].v[2]));
    NEAR(EV[10].v[0], 5000);
    cr_assert_eq(EV[13].kind, PS_EV_SLOPE);
    cr_assert_str_eq(EV[13].who, "Instance900.1");
    NEAR(EV[13].v[0], 0.07);
    NEAR(EV[14].v[0], 186);
    NEAR(EV[14].v[1], 8);
    NEAR(EV[14].v[2], 270);
    NEAR(EV[15].v[0], 8);
    NEAR(EV[15].v[1], 270);
    NEAR(EV[15].v[2], 168);
    cr_assert_str_eq(EV[16].who, "Instance900.1");
    cr_assert_str_eq(EV[16].what, "I/O Database Reads Average Latency");
    NEAR(EV[16].v[0], 20.3);
    cr_assert_str_eq(EV[17].who, "M:");
    cr_assert_str_eq(EV[17].what, "Avg. Disk sec/Read");
    NEAR(EV[17].v[0], 29.1);
    NEAR(EV[17].v[1], 0.0291);
    cr_assert_eq(EV[17].when, ps_time_from_fields(2009, 2, 26, 17, 40, 29, 0));
    cr_assert_str_eq(EV[18].what, "database read");
    NEAR(EV[18].v[0], 0.020);
    NEAR(EV[18].v[1], 20);
    NEAR(EV[19].v[0], 4);
    NEAR(EV[19].v[1], 40);
    NEAR(EV[19].v[2], 20);
    NEAR(EV[19].v[3], 5);
    NEAR(EV[19].v[4], 35);
    NEAR(EV[19].v[5], 70);
    NEAR(EV[20].v[0], 1);
    NEAR(EV[21].v[0], 4);
    NEAR(EV[21].v[1], 22851 + 22851 + 22790 + 22803);
    NEAR(EV[21].v[2], 22790);
    NEAR(EV[21].v[3], 22851);
    NEAR(EV[24].v[0], 4);
    NEAR(EV[24].v[1], 3);
    cr_assert_str_eq(EV[25].who, "C:\\JetStress_Report\\HDD(64k+SSD)\\Performance_2016_1_18_10_11_1.blg");
    NEAR(EV[25].v[0], 479);
    cr_assert_eq(EV[26].kind, PS_EV_CREATING_REPORT);
    NEAR(EV[27].v[0], 0.5);
    NEAR(EV[28].v[0], 3);
    NEAR(EV[28].v[1], 0);
    cr_assert_eq(EV[29].kind, PS_EV_XML_SAMPLES);
    NEAR(EV[29].v[0], 478);
    /* 12 AM = hour 0, 12 PM = hour 12 */
    cr_assert_eq(EV[30].when, ps_time_from_fields(2009, 2, 27, 0, 5, 0, 0));
    cr_assert_eq(EV[31].when, ps_time_from_fields(2009, 2, 27, 12, 59, 59, 0));
    cr_assert_str_eq(EV[31].who, "M:");
    NEAR(EV[31].v[0], 100);
}

Test(js_testlog, midnight_and_unknown_lines)
{
    parse("12/31/2015 11:59:59 PM -- Something new happened.\n"
          "\n"
          "   \n"
          "1/1/2016 12:00:14 AM -- Performance logging begins (interval: 15000 ms).\n"
          "no timestamp here\n"
          "1/18/ :11:13 PM -- Instance900.1 has 1.1 for I/O Log Writes Average Latency.\n"
          "13/40/2016 9:00:00 AM -- Automatic tuning failed.\n");
    cr_assert_eq(NEV, 5);
    cr_assert_eq(EV[0].kind, PS_EV_OTHER);
    cr_assert_eq(EV[0].line_id, 0);
    cr_assert_eq(EV[0].when, ps_time_from_fields(2015, 12, 31, 23, 59, 59, 0));
    cr_assert_eq(EV[1].when, ps_time_from_fields(2016, 1, 1, 0, 0, 14, 0));
    cr_assert_eq(EV[1].line, 13);
    cr_assert(EV[1].when > EV[0].when);
    NEAR(EV[1].v[0], 15000);
    cr_assert_eq(EV[2].kind, PS_EV_OTHER);
    cr_assert_eq(EV[2].when, PS_TIME_NONE);
    /* damaged timestamp (PDF extraction): message still classified, time unknown */
    cr_assert_eq(EV[3].line_id, 17);
    cr_assert_eq(EV[3].when, PS_TIME_NONE);
    cr_assert_str_eq(EV[3].what, "I/O Log Writes Average Latency");
    /* impossible date: time unknown, message classified */
    cr_assert_eq(EV[4].when, PS_TIME_NONE);
    cr_assert_eq(EV[4].kind, PS_EV_TUNING_DONE);
    NEAR(EV[4].v[0], 0);
}

Test(js_testlog, final_block_keys)
{
    parse("1/18/2016 10:11:01 AM -- Instance900.1 has 15.9 for I/O Database Reads Average Latency.\n"
          "1/18/2016 12:11:09 PM -- Creating test report...\n"
          "1/18/2016 12:11:13 PM -- Instance900.1 has 14.4 for I/O Database Reads Average Latency.\n"
          "1/18/2016 12:11:13 PM -- Instance900.1 has 1.1 for I/O Log Writes Average Latency.\n");
    cr_assert_eq(NEV, 4);
    cr_assert_eq(EV[0].final_block, 0);
    cr_assert_eq(EV[1].final_block, 0);
    cr_assert_eq(EV[2].final_block, 1);
    NEAR(EV[2].v[0], 14.4);
    cr_assert_eq(EV[3].final_block, 1);
}

Test(js_testlog, empty)
{
    parse("");
    cr_assert_eq(NEV, 0);
}
