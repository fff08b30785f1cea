/* Unit tests: render/out/summary.c - JSON, CSV and text of a tiny summary built by hand.
 * With two values per counter every quantile has rank floor(q * 1) = 0, i.e. the exact min,
 * so every expected number below is hand arithmetic: mean (100+300)/2 = 200, stddev
 * sqrt((100^2 + 100^2) / 1) = 141.4213562373095 (Python repr(math.sqrt(20000))). */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "ps_model.h"
#include "ps_render.h"

#define S 1000

static ps_summary sum;

static void build(void)
{
    static ps_counter_path paths[2] = {{.full = "\\\\MBX01\\Memory\\Available MBytes",
                                        .machine = "MBX01",
                                        .object = "Memory",
                                        .index = -1,
                                        .counter = "Available MBytes"},
                                       {.full = "\\\\MBX01\\LogicalDisk(HarddiskVolume1/D:#1)\\Avg. Disk sec/Read",
                                        .machine = "MBX01",
                                        .object = "LogicalDisk",
                                        .parent = "HarddiskVolume1",
                                        .instance = "D:",
                                        .index = 1,
                                        .counter = "Avg. Disk sec/Read"}};
    ps_log_info info = {.path = "mbx \"01\".csv",
                        .format = "csv",
                        .timezone = "Pacific Standard Time",
                        .has_bias = 1,
                        .bias_minutes = 480,
                        .ncounters = 2,
                        .counters = paths};
    ps_summary_init(&sum);
    ps_summary_begin_file(&sum, &info);
    ps_time t0 = ps_time_from_fields(2026, 1, 5, 10, 0, 0, 0);
    double r1[] = {100, NAN}, r2[] = {300, 0.005};
    ps_row row = {.local = t0, .utc = t0 + 480 * 60 * S, .values = r1, .nvalues = 2, .line = 2};
    ps_summary_add_row(&sum, &row);
    row.local += 15 * S;
    row.utc += 15 * S;
    row.values = r2;
    ps_summary_add_row(&sum, &row);
    ps_summary_end_file(&sum, 0);
    ps_summary_finish(&sum);
}

static void teardown(void)
{
    ps_summary_fini(&sum);
}

TestSuite(summary_render, .init = build, .fini = teardown);

Test(summary_render, json)
{
    ps_buf b = {0};
    ps_error err;
    cr_assert_eq(ps_summary_render(&b, &sum, &(ps_render_opts){.fmt = PS_FMT_JSON}, &err), PS_OK);
    const char *want =
        "{\"generator\":\"perfscribe summary\",\"utc_known\":true,"
        "\"quantiles\":{\"method\":\"log-bucket sketch (DDSketch)\",\"relative_accuracy\":0.01},\n"
        "\"files\":[\n"
        " {\"path\":\"mbx \\\"01\\\".csv\",\"format\":\"csv\",\"timezone\":\"Pacific Standard Time\","
        "\"bias_minutes\":480,\"utc_known\":true,\"samples\":2,\"malformed_rows\":0,"
        "\"first\":\"2026-01-05T18:00:00.000Z\",\"last\":\"2026-01-05T18:00:15.000Z\","
        "\"first_local\":\"2026-01-05T10:00:00.000\",\"last_local\":\"2026-01-05T10:00:15.000\"}],\n"
        "\"counters\":[\n"
        " {\"path\":\"\\\\\\\\MBX01\\\\Memory\\\\Available MBytes\",\"machine\":\"MBX01\",\"object\":\"Memory\","
        "\"parent\":null,\"instance\":null,\"index\":null,\"counter\":\"Available MBytes\",\"count\":2,"
        "\"missing\":0,\"min\":100,\"max\":300,\"mean\":200,\"stddev\":141.4213562373095,\"p50\":100,"
        "\"p95\":100,\"p99\":100,\"time_weighted_mean\":null,\"first\":\"2026-01-05T18:00:00.000Z\","
        "\"last\":\"2026-01-05T18:00:15.000Z\"},\n"
        " {\"path\":\"\\\\\\\\MBX01\\\\LogicalDisk(HarddiskVolume1/D:#1)\\\\Avg. Disk sec/Read\","
        "\"machine\":\"MBX01\",\"object\":\"LogicalDisk\",\"parent\":\"HarddiskVolume1\",\"instance\":\"D:\","
        "\"index\":1,\"counter\":\"Avg. Disk sec/Read\",\"count\":1,\"missing\":1,\"min\":0.005,"
        "\"max\":0.005,\"mean\":0.005,\"stddev\":null,\"p50\":0.005,\"p95\":0.005,\"p99\":0.005,"
        "\"time_weighted_mean\":null,\"first\":\"2026-01-05T18:00:15.000Z\","
        "\"last\":\"2026-01-05T18:00:15.000Z\"}]}\n";
    cr_assert_str_eq(b.data, want);
    ps_buf_fini(&b);
}

Test(summary_render, csv)
{
    ps_buf b = {0};
    cr_assert_eq(ps_summary_render(&b, &sum, &(ps_render_opts){.fmt = PS_FMT_CSV}, NULL), PS_OK);
    const char *want = "path,machine,object,parent,instance,index,counter,count,missing,min,max,mean,stddev,"
                       "p50,p95,p99,time_weighted_mean,first,last\n"
                       "\\\\MBX01\\Memory\\Available MBytes,MBX01,Memory,,,,Available MBytes,2,0,100,300,200,"
                       "141.4213562373095,100,100,100,,2026-01-05T18:00:00.000Z,2026-01-05T18:00:15.000Z\n"
                       "\\\\MBX01\\LogicalDisk(HarddiskVolume1/D:#1)\\Avg. Disk sec/Read,MBX01,LogicalDisk,"
                       "HarddiskVolume1,D:,1,Avg. Disk sec/Read,1,1,0.005,0.005,0.005,,0.005,0.005,0.005,,"
                       "2026-01-05T18:00:15.000Z,2026-01-05T18:00:15.000Z\n";
    cr_assert_str_eq(b.data, want);
    ps_buf_fini(&b);
}

Test(summary_render, text)
{
    ps_buf b = {0};
    cr_assert_eq(ps_summary_render(&b, &sum, &(ps_render_opts){.fmt = PS_FMT_TEXT}, NULL), PS_OK);
    const char *want =
        "mbx \"01\".csv: csv, Pacific Standard Time (bias 480 min), 2 samples, "
        "2026-01-05T18:00:00.000Z .. 2026-01-05T18:00:15.000Z\n"
        "\n"
        "COUNTER                                                       COUNT  MISSING      MIN      MAX"
        "     MEAN   STDDEV      P50      P95      P99\n"
        "\\\\MBX01\\Memory\\Available MBytes                                   2        0      100      300"
        "      200      141      100      100      100\n"
        "\\\\MBX01\\LogicalDisk(HarddiskVolume1/D:#1)\\Avg. Disk sec/Read      1        1    5.00m    5.00m"
        "    5.00m        -    5.00m    5.00m    5.00m\n";
    cr_assert_str_eq(b.data, want);
    ps_buf_fini(&b);
}

Test(summary_render, bad_format)
{
    ps_buf b = {0};
    ps_error err;
    cr_assert_eq(ps_summary_render(&b, &sum, &(ps_render_opts){.fmt = PS_FMT_PDF}, &err), PS_EUSAGE);
    cr_assert_eq(b.len, 0);
    cr_assert(strstr(err.msg, "text, csv or json"));
}
