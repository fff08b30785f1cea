/* Unit tests: the CSV reader on the third-party samples in $PS_SHARED_DIR/real-samples (read
 * in place, skipped when absent). Expected counts and sums were computed with Python's csv
 * module and float() (an independent route), first/last facts read from the files. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ps_parser.h"

#define RS PS_SHARED_DIR "/real-samples/"

typedef struct expect {
    const char *file;
    const char *format, *tz;
    int bias; /* 9999: no bias */
    size_t ncounters, rows;
    uint64_t missing;
    double sum; /* of all present values */
    const char *first, *last; /* PDH timestamps */
    const char *header0; /* first counter column */
} expect;

static const expect samples[] = {
    {"csv/india-tz-memory-cpu-330-samples.csv", "csv", "India Standard Time", -330, 3, 330, 1, 241637.54721429077,
     "02/25/2023 11:20:17.685", "02/25/2023 11:25:46.688", "\\\\Z_ANXX1_HPPAVX1\\Memory\\% Committed Bytes In Use"},
    {"csv/india-tz-memory-cpu-small.csv", "csv", "India Standard Time", -330, 4, 17, 2, 224993.5450823624,
     "02/25/2023 06:01:52.001", "02/25/2023 06:02:08.016", "\\\\ZANXX1I9\\Memory\\% Committed Bytes In Use"},
    {"csv/perfmon-mcp-cpu-detailed.csv", "csv", "Pacific Standard Time", 480, 6, 5, 0, 70469.8,
     "12/01/2026 10:00:00.000", "12/01/2026 10:00:04.000", "\\\\TESTHOST\\Processor(0)\\% Processor Time"},
    {"csv/perfmon-mcp-mellanox-rss.csv", "csv", "Pacific Standard Time", 480, 6, 5, 0, 3593000.0,
     "12/01/2026 10:00:00.000", "12/01/2026 10:00:04.000",
     "\\\\TESTHOST\\Mellanox Adapter Receive Side Scaling per CPU(RqNum_0)\\Packets/sec"},
    {"csv/perfmon-mcp-system-overview.csv", "csv", "Pacific Standard Time", 480, 4, 5, 0, 6237887.500000001,
     "12/01/2026 10:00:00.000", "12/01/2026 10:00:04.000", "\\\\TESTHOST\\Processor(_Total)\\% Processor Time"},
    {"csv/typeperf-style-small.csv", "csv", NULL, 9999, 2, 30, 0, 394754400.0, "02/11/2026 10:00:00.900",
     "02/11/2026 10:29:00.900", "\\\\SERVER\\Process(test1)\\Private Bytes"},
    {"blg/PS_CounterSamples.csv", "csv", "Pacific Standard Time", 480, 10, 25, 8, 77878.14340379975,
     "11/26/2016 13:46:30.874", "11/26/2016 13:47:42.983",
     "\\\\charlieparker\\network interface(intel[r] ethernet connection i218-lm)\\bytes total/sec"},
    {"blg/PS_CounterSamples.tsv", "tsv", "Pacific Standard Time", 480, 10, 25, 8, 77878.14340379975,
     "11/26/2016 13:46:30.874", "11/26/2016 13:47:42.983",
     "\\\\charlieparker\\network interface(intel[r] ethernet connection i218-lm)\\bytes total/sec"},
};

static int have(const char *path)
{
    return access(path, R_OK) == 0;
}

static void check_sample(const expect *x, const char *path)
{
    ps_log *log;
    ps_error err;
    cr_assert_eq(ps_log_open(path, NULL, &log, &err), 0, "%s: %s", path, err.msg);
    const ps_log_info *in = ps_log_info_get(log);
    cr_assert_str_eq(in->format, x->format, "%s", path);
    if (x->tz)
        cr_assert_str_eq(in->timezone, x->tz, "%s", path);
    else
        cr_assert_null(in->timezone, "%s", path);
    cr_assert_eq(in->has_bias, x->bias != 9999, "%s", path);
    if (x->bias != 9999)
        cr_assert_eq(in->bias_minutes, x->bias, "%s", path);
    cr_assert_str_eq(in->encoding, "ascii");
    cr_assert_eq(in->ncounters, x->ncounters, "%s", path);
    cr_assert_str_eq(in->header[0], x->header0, "%s", path);
    ps_row r;
    size_t rows = 0;
    double sum = 0;
    ps_time first = 0, last = 0;
    int rc;
    while ((rc = ps_log_next(log, &r, &err)) > 0) {
        if (!rows)
            first = r.local;
        last = r.local;
        cr_assert_eq(r.utc, r.local + (x->bias != 9999 ? x->bias : 0) * 60000LL);
        for (size_t i = 0; i < r.nvalues; i++)
            if (!isnan(r.values[i]))
                sum += r.values[i];
        rows++;
    }
    cr_assert_eq(rc, 0, "%s: %s", path, err.msg);
    cr_assert_eq(rows, x->rows, "%s", path);
    cr_assert_eq(ps_log_missing_values(log), x->missing, "%s", path);
    cr_assert(fabs(sum - x->sum) <= 1e-12 * fabs(x->sum), "%s: sum %.17g", path, sum);
    char a[32], b[32];
    cr_assert_str_eq(ps_time_format_pdh(a, sizeof a, first), x->first);
    cr_assert_str_eq(ps_time_format_pdh(b, sizeof b, last), x->last);
    ps_log_close(log);
}

Test(csv_real, samples)
{
    int seen = 0;
    for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++) {
        char path[600];
        snprintf(path, sizeof path, "%s%s", RS, samples[i].file);
        if (!have(path))
            continue;
        check_sample(&samples[i], path);
        seen++;
    }
    if (!seen)
        cr_skip_test("real samples not present in " RS);
}

/* individual values, by hand from the file text */
Test(csv_real, values)
{
    const char *path = RS "csv/india-tz-memory-cpu-small.csv";
    if (!have(path))
        cr_skip_test("%s not present", path);
    ps_log *log;
    ps_error err;
    cr_assert_eq(ps_log_open(path, NULL, &log, &err), 0);
    const ps_log_info *in = ps_log_info_get(log);
    cr_assert_str_eq(in->counters[2].instance, "0,_Total");
    ps_row r;
    cr_assert_eq(ps_log_next(log, &r, &err), 1);
    cr_assert_eq(r.values[0], 55.366360572019210906);
    cr_assert_eq(r.values[1], 13201.0);
    cr_assert(isnan(r.values[2]) && isnan(r.values[3]));
    cr_assert_eq(ps_log_next(log, &r, &err), 1);
    cr_assert_eq(r.values[2], 2.021504018213504672);
    ps_log_close(log);
}

Test(csv_real, tsv_twin_equals_csv)
{
    const char *pc = RS "blg/PS_CounterSamples.csv", *pt = RS "blg/PS_CounterSamples.tsv";
    if (!have(pc) || !have(pt))
        cr_skip_test("PS_CounterSamples twins not present");
    ps_log *a, *b;
    ps_error err;
    cr_assert_eq(ps_log_open(pc, NULL, &a, &err), 0);
    cr_assert_eq(ps_log_open(pt, NULL, &b, &err), 0);
    for (size_t i = 0; i < 10; i++)
        cr_assert_str_eq(ps_log_info_get(a)->header[i], ps_log_info_get(b)->header[i]);
    ps_row ra, rb;
    int n = 0;
    while (ps_log_next(a, &ra, &err) > 0) {
        cr_assert_eq(ps_log_next(b, &rb, &err), 1);
        cr_assert_eq(ra.local, rb.local);
        cr_assert_eq(memcmp(ra.values, rb.values, 10 * sizeof(double)), 0, "row %d", n);
        n++;
    }
    cr_assert_eq(ps_log_next(b, &rb, &err), 0);
    cr_assert_eq(n, 25);
    ps_log_close(a);
    ps_log_close(b);
}

Test(csv_real, corrupt_blg_is_text)
{
    const char *path = RS "blg/PS_CorruptBlg.blg";
    if (!have(path))
        cr_skip_test("%s not present", path);
    ps_log *log;
    ps_error err;
    cr_assert_eq(ps_log_open(path, NULL, &log, &err), PS_EINPUT);
    cr_assert(strstr(err.msg, "text log with a .blg name"), "%s", err.msg);
    /* read under a .csv name (a temporary link in the build tree, never in the repository) */
    mkdir(PS_BINARY_DIR "/csv_tmp", 0777);
    const char *link = PS_BINARY_DIR "/csv_tmp/corrupt-as-text.csv";
    unlink(link);
    cr_assert_eq(symlink(path, link), 0);
    expect x = {NULL,
                "csv",
                "Pacific Daylight Time",
                420,
                9,
                500,
                8,
                15858369.632711722,
                "05/29/2008 11:36:51.794",
                "05/29/2008 11:45:20.279",
                "\\\\CHANDSR-X86\\Processor(0)\\% Processor Time"};
    check_sample(&x, link);
    unlink(link);
}

Test(csv_real, getcounter_export_refused)
{
    const char *path = RS "csv/exchange-getcounter-german.txt";
    if (!have(path))
        cr_skip_test("%s not present", path);
    ps_log *log;
    ps_error err;
    cr_assert_eq(ps_log_open(path, NULL, &log, &err), PS_EINPUT);
    cr_assert_str_eq(err.msg, "not a PerfMon log (Get-Counter Path,CookedValue export)");
    cr_assert_eq(err.line, 1);
}
