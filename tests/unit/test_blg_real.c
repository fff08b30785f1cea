/* Unit tests: the .blg reader on the real sample files in ../shared/real-samples/blg (read in
 * place, never copied; the tests skip when the folder is absent), and on the bundled sample of
 * samples/ cut short. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "blg_internal.h"

static const char *sample(const char *name)
{
    static char p[4][1024];
    static int k;
    k = (k + 1) % 4;
    const char *dir = getenv("PS_SHARED_DIR") ? getenv("PS_SHARED_DIR") : PS_SHARED_DIR;
    snprintf(p[k], sizeof p[k], "%s/real-samples/blg/%s", dir, name);
    if (access(p[k], R_OK) != 0)
        cr_skip_test("SKIP: %s not present", p[k]);
    return p[k];
}

static ps_log *open_ok(const char *path, ps_warnings *w)
{
    ps_log_options opt = {NULL, 0, w, NULL};
    ps_log *log = NULL;
    ps_error err;
    int rc = ps_log_open(path, &opt, &log, &err);
    cr_assert_eq(rc, 0, "%s: %s", path, err.msg);
    return log;
}

/* Golden: the decoded values equal the relog twin's (read by the CSV reader). */
Test(blg_real, golden_counter_samples)
{
    const char *blg = sample("PS_CounterSamples.blg"), *csv = sample("PS_CounterSamples.csv");
    ps_warnings w = {0};
    ps_log *a = open_ok(blg, &w), *b = open_ok(csv, &w);
    const ps_log_info *ia = ps_log_info_get(a), *ib = ps_log_info_get(b);
    cr_assert_eq(ia->ncounters, 10);
    cr_assert_eq(ib->ncounters, 10);
    for (size_t i = 0; i < 10; i++)
        cr_assert_str_eq(ia->header[i], ib->header[i]);
    cr_assert_str_eq(ia->timezone, "Pacific Standard Time");
    cr_assert_str_eq(ia->timezone, ib->timezone);
    cr_assert_eq(ia->bias_minutes, 480);
    cr_assert_str_eq(ia->counters[0].object, "network interface");
    cr_assert_str_eq(ia->counters[0].instance, "intel[r] ethernet connection i218-lm");
    cr_assert_str_eq(ia->counters[0].machine, "charlieparker");
    cr_assert_str_eq(ia->counters[5].counter, "% processor time");
    cr_assert_null(ia->counters[6].instance);
    ps_row ra, rb;
    ps_error err;
    size_t rows = 0, values = 0;
    double *va = calloc(10, sizeof *va);
    while (ps_log_next(a, &ra, &err) == 1) {
        memcpy(va, ra.values, 10 * sizeof *va);
        cr_assert_eq(ps_log_next(b, &rb, &err), 1);
        cr_assert_eq(ra.local, rb.local, "row %zu", rows);
        for (size_t i = 0; i < 10; i++) {
            cr_assert_eq(isnan(va[i]), isnan(rb.values[i]), "row %zu col %zu", rows, i);
            if (!isnan(va[i])) {
                values++;
                double d = fabs(va[i] - rb.values[i]), m = fabs(rb.values[i]);
                cr_assert(d <= 1e-12 * m, "row %zu col %zu: %.17g vs %.17g", rows, i, va[i], rb.values[i]);
            }
        }
        rows++;
    }
    cr_assert_eq(ps_log_next(b, &rb, &err), 0);
    cr_assert_eq(rows, 25);
    cr_assert_eq(values, 242);
    cr_assert_eq(ps_log_missing_values(a), 250 - 242);
    free(va);
    ps_log_close(a);
    ps_log_close(b);
    ps_warnings_fini(&w);
}

Test(blg_real, bad_counter_samples)
{
    ps_warnings w = {0};
    ps_log *log = open_ok(sample("PS_BadCounterSamples.blg"), &w);
    const ps_log_info *info = ps_log_info_get(log);
    cr_assert_eq(info->ncounters, 26);
    cr_assert_str_eq(info->timezone, "SA Eastern Standard Time");
    cr_assert_eq(info->bias_minutes, 180);
    for (size_t i = 0; i < 26; i++) {
        cr_assert_str_eq(info->counters[i].object, "Processor");
        cr_assert_str_eq(info->counters[i].instance, "_Total");
        for (size_t j = 0; j < i; j++)
            cr_assert_str_neq(info->counters[i].machine, info->counters[j].machine);
    }
    ps_row r;
    ps_error err;
    size_t rows = 0;
    ps_time last = PS_TIME_NONE;
    while (ps_log_next(log, &r, &err) == 1) {
        cr_assert(r.local >= last);
        cr_assert_eq(r.utc - r.local, 180 * 60000);
        last = r.local;
        for (size_t i = 0; i < r.nvalues; i++)
            cr_assert(isnan(r.values[i]) || (r.values[i] >= 0 && r.values[i] <= 100));
        rows++;
    }
    cr_assert_eq(rows, 275);
    uint64_t bad, badrec;
    blg_log_stats(log, &bad, &badrec);
    cr_assert_eq(bad, 52);
    cr_assert_eq(badrec, 5);
    int warned = 0;
    for (size_t i = 0; i < w.n; i++)
        warned |= strstr(w.msgs[i], "52 values in 5 samples have a bad status") != NULL;
    cr_assert(warned);
    ps_log_close(log);
    ps_warnings_fini(&w);
}

/* Count the events of type 0x22 by walking the buffers here (independently of the reader). */
static size_t count_data_events(const char *path, size_t *records)
{
    FILE *fp = fopen(path, "rb");
    cr_assert_not_null(fp);
    unsigned char *buf = malloc(65536);
    size_t n = 0;
    *records = 0;
    while (fread(buf, 1, 65536, fp) == 65536) {
        uint32_t used = blg_u32(buf + 0x30);
        for (uint32_t off = 0x48; off + 8 <= used;) {
            const unsigned char *e = buf + off;
            uint32_t len = (e[2] == 1 || e[2] == 2) ? blg_u16(e + 4) : blg_u16(e);
            if (e[2] != 1 && e[2] != 2 && e[4] == 0x22) {
                n++;
                if (blg_u32(e + 0x30 + 16) == 1)
                    (*records)++;
            }
            off += (len + 7) & ~7u;
        }
    }
    free(buf);
    fclose(fp);
    return n;
}

Test(blg_real, tx_basic_perf_counters)
{
    const char *path = sample("Tx_BasicPerfCounters.blg");
    size_t records;
    count_data_events(path, &records);
    ps_warnings w = {0};
    ps_log *log = open_ok(path, &w);
    const ps_log_info *info = ps_log_info_get(log);
    cr_assert_eq(info->ncounters, 10); /* 5 PhysicalDisk counters + Processor(*) with 5 instances */
    cr_assert_str_eq(info->header[0], "\\\\GEORGIS3\\PhysicalDisk(0 C:)\\Avg. Disk Bytes/Read");
    cr_assert_str_eq(info->header[5], "\\\\GEORGIS3\\Processor(0)\\% Processor Time");
    cr_assert_str_eq(info->header[9], "\\\\GEORGIS3\\Processor(_Total)\\% Processor Time");
    ps_row r;
    ps_error err;
    size_t rows = 0, nan_cpu = 0, zero_avg = 0;
    ps_time last = 0;
    while (ps_log_next(log, &r, &err) == 1) {
        if (rows) {
            cr_assert(r.local - last >= 900 && r.local - last <= 1100, "step %lld ms", (long long)(r.local - last));
            /* the PhysicalDisk averages have a value in every interval: an idle interval (dB = 0)
             * reads 0, as in Performance Monitor, never missing */
            for (size_t i = 0; i < 5; i++) {
                cr_assert(!isnan(r.values[i]) && r.values[i] >= 0, "row %zu column %zu", rows, i);
                zero_avg += i == 0 && r.values[i] == 0;
            }
            /* an inverse timer whose idle time outruns the clock computes below 0: missing (docs/formats.md#blg-invalid) */
            for (size_t i = 5; i < 10; i++) {
                cr_assert(isnan(r.values[i]) || (r.values[i] >= 0 && r.values[i] <= 100));
                nan_cpu += isnan(r.values[i]);
            }
        }
        last = r.local;
        rows++;
    }
    cr_assert_eq(rows, records);
    cr_assert(nan_cpu <= 5, "%zu missing processor values", nan_cpu);
    /* Avg. Disk Bytes/Read: 453 idle intervals (before the zero-base rule: 147 values of 600) */
    cr_assert_eq(zero_avg, 453);
    cr_assert(rows >= 600 && rows <= 602, "%zu rows", rows);
    ps_log_close(log);
    ps_warnings_fini(&w);
}

static size_t col(const ps_log_info *info, const char *path)
{
    for (size_t i = 0; i < info->ncounters; i++)
        if (strcmp(info->header[i], path) == 0)
            return i;
    cr_assert_fail("no column %s", path);
    return 0;
}

Test(blg_real, pal_layout_a)
{
    ps_warnings w = {0};
    ps_log *log = open_ok(sample("PAL_SamplePerfmonLog.blg"), &w);
    const ps_log_info *info = ps_log_info_get(log);
    const blg_log *l = log->impl;
    cr_assert_eq(l->cat_samples, 11); /* the catalog agrees with the records (else a warning) */
    cr_assert_eq(l->cat_objects, 8);
    for (size_t i = 0; i < w.n; i++)
        cr_assert_null(strstr(w.msgs[i], "catalog"), "%s", w.msgs[i]);
    cr_assert_str_eq(info->timezone, "Eastern Daylight Time"); /* August 2007 */
    cr_assert_eq(info->bias_minutes, 240);
    size_t up = col(info, "\\\\ZACH-PC\\System\\System Up Time");
    size_t pt = col(info, "\\\\ZACH-PC\\Processor(_Total)\\% Processor Time");
    size_t ut = col(info, "\\\\ZACH-PC\\Processor(_Total)\\% User Time");
    size_t kt = col(info, "\\\\ZACH-PC\\Processor(_Total)\\% Privileged Time");
    col(info, "\\\\ZACH-PC\\Process(svchost#12)\\% Processor Time"); /* 13 svchost instances */
    double uptime0 = (double)(l->src.start_time - l->src.boot_time) / 1e7;
    ps_row r;
    ps_error err;
    size_t rows = 0;
    ps_time last = 0;
    while (ps_log_next(log, &r, &err) == 1) {
        cr_assert(r.local > last);
        if (rows == 0)
            cr_assert(fabs(r.values[up] - uptime0) < 1.0, "uptime %g vs %g", r.values[up], uptime0);
        else {
            cr_assert(fabs(r.values[up] - uptime0 - 60.0 * (double)rows) < 5.0);
            double p = r.values[pt], u = r.values[ut], k = r.values[kt];
            cr_assert(p >= 0 && p <= 100);
            cr_assert(fabs(p - (u + k)) < 0.5, "%g vs %g + %g", p, u, k);
        }
        last = r.local;
        rows++;
    }
    cr_assert_eq(rows, 11);
    ps_log_close(log);
    ps_warnings_fini(&w);
}

Test(blg_real, corrupt_text_named_blg)
{
    const char *path = sample("PS_CorruptBlg.blg");
    unsigned char head[4096];
    FILE *fp = fopen(path, "rb");
    size_t n = fread(head, 1, sizeof head, fp);
    fclose(fp);
    cr_assert(!blg_probe_head(head, n));
    ps_log *log;
    ps_error err;
    cr_assert_eq(ps_log_open(path, NULL, &log, &err), PS_EINPUT);
    cr_assert(strstr(err.msg, "text"), "%s", err.msg);
}

static uint32_t le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The first 2048 bytes of src (inside its header buffer of S bytes, S the u32 at offset 0) as a
 * file of their own: the reader refuses it (PS_EINPUT) and says where it ends and that it is
 * cut short. *S, the intact file's size and its header's BuffersWritten (TRACE_LOGFILE_HEADER
 * at 0x68, field + 0x24) come back for the expected text. */
static void open_cut_2048(const char *src, const char *name, ps_error *err, uint32_t *S, uint64_t *size, uint32_t *bw)
{
    unsigned char head[2048];
    FILE *in = fopen(src, "rb");
    cr_assert_not_null(in);
    cr_assert_eq(fread(head, 1, sizeof head, in), sizeof head);
    cr_assert_eq(fseek(in, 0, SEEK_END), 0);
    *size = (uint64_t)ftell(in);
    fclose(in);
    *S = le32(head);
    *bw = le32(head + 0x68 + 0x24);
    cr_assert_gt(*S, sizeof head, "%s: buffer size %u", src, *S);
    char cut[1024];
    snprintf(cut, sizeof cut, "%s/test_blg_real_cut_%s.blg", PS_BINARY_DIR, name);
    FILE *out = fopen(cut, "wb");
    cr_assert_not_null(out);
    cr_assert_eq(fwrite(head, 1, sizeof head, out), sizeof head);
    fclose(out);
    ps_log *log = NULL;
    int rc = ps_log_open(cut, NULL, &log, err);
    remove(cut);
    cr_assert_eq(rc, PS_EINPUT, "%s: rc %d (%s)", cut, rc, err->msg);
    cr_assert(strstr(err->file, cut) != NULL, "the error names the file: %s", err->file);
}

/* A real log cut at 2048 bytes: its header counts the buffers the intact file has (size / S). */
Test(blg_real, cut_at_2048_bytes)
{
    ps_error err;
    uint32_t S, bw;
    uint64_t size;
    open_cut_2048(sample("PS_CounterSamples.blg"), "counter_samples", &err, &S, &size, &bw);
    char want[400];
    snprintf(want, sizeof want,
             "ETW trace without PerfMon counter data: the file ends at byte 2048 (0x800) inside its first ETW buffer "
             "of %u bytes, holding only the log-file header: no counter list record (PDH event type 0x20); the file "
             "is truncated: its size is not a multiple of the buffer size, and its header counts %llu buffers "
             "written",
             S, (unsigned long long)(size / S));
    cr_assert_str_eq(err.msg, want);
}

/* The bundled Jetstress sample cut at 2048 bytes; its writer leaves BuffersWritten 0, so the
 * size alone shows the cut. */
Test(blg_real, bundled_sample_cut_at_2048_bytes)
{
    ps_error err;
    uint32_t S, bw;
    uint64_t size;
    open_cut_2048(PS_SOURCE_DIR "/samples/jetstress/MBX01/Stress/Stress_2026_3_16_9_30_5.blg", "bundled", &err, &S,
                  &size, &bw);
    cr_assert_eq(bw, 0);
    char want[400];
    snprintf(want, sizeof want,
             "ETW trace without PerfMon counter data: the file ends at byte 2048 (0x800) inside its first ETW buffer "
             "of %u bytes, holding only the log-file header: no counter list record (PDH event type 0x20); the file "
             "is truncated: its size is not a multiple of the buffer size",
             S);
    cr_assert_str_eq(err.msg, want);
}

/* A real log cut at a buffer boundary after its counter list: the samples of the buffers present
 * are read, with a warning that names the buffers the header counts (the intact file's size / S)
 * and those the file holds. */
Test(blg_real, cut_at_a_buffer_boundary)
{
    const char *src = sample("Tx_BasicPerfCounters.blg");
    FILE *in = fopen(src, "rb");
    cr_assert_not_null(in);
    cr_assert_eq(fseek(in, 0, SEEK_END), 0);
    uint64_t size = (uint64_t)ftell(in);
    rewind(in);
    unsigned char *data = malloc(size);
    cr_assert_eq(fread(data, 1, size, in), size);
    fclose(in);
    uint32_t S = le32(data);
    uint64_t keep = size / S / 2;
    char cut[1024];
    snprintf(cut, sizeof cut, "%s/test_blg_real_cut_tx.blg", PS_BINARY_DIR);
    FILE *out = fopen(cut, "wb");
    cr_assert_not_null(out);
    cr_assert_eq(fwrite(data, 1, keep * S, out), keep * S);
    fclose(out);
    free(data);
    ps_warnings w = {0};
    ps_log *log = open_ok(cut, &w);
    ps_row r;
    ps_error err;
    size_t rows = 0;
    while (ps_log_next(log, &r, &err) == 1)
        rows++;
    ps_log_close(log);
    remove(cut);
    cr_assert_gt(rows, 0);
    char want[300];
    snprintf(
        want, sizeof want,
        "truncated file: the log-file header counts %llu buffers written, the file holds %llu of %u bytes; reading "
        "the samples present",
        (unsigned long long)(size / S), (unsigned long long)keep, S);
    int warned = 0;
    for (size_t i = 0; i < w.n; i++)
        warned |= strstr(w.msgs[i], want) != NULL;
    cr_assert(warned, "no warning '%s' (%zu warnings)", want, w.n);
    ps_warnings_fini(&w);
}
