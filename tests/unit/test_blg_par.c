/* Unit tests: the .blg reader on several threads (ps_log_blg_threads) gives exactly what one
 * thread gives - rows, values, times, missing counts, warnings, errors - on the real samples
 * ($PS_SHARED_DIR, skipped when absent), on a generated multi-buffer file whose records cross
 * buffer (and so chunk) boundaries, and on hostile variants of it. Chunks of one buffer are
 * used so that even small files are cut into many pieces. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <math.h>
#include <string.h>

#include "blg_internal.h"
#include "blg_samples.h"
#include "ps_blg.h"

/* Everything a reader shows, as text: open status, header, rows, end status, warnings. */
static void dump(const char *path, int lenient, int threads, size_t chunk, ps_buf *out, int *went_parallel)
{
    ps_warnings w = {0};
    ps_error err = {0};
    ps_log_options opt = {NULL, lenient, &w, NULL};
    ps_log *log = NULL;
    int rc = ps_log_open(path, &opt, &log, &err);
    ps_buf_printf(out, "open %d %s\n", rc, rc ? err.msg : "");
    *went_parallel = 0;
    if (!rc) {
        cr_assert_eq(ps_log_blg_threads(log, threads, chunk), 1);
        const ps_log_info *info = ps_log_info_get(log);
        for (size_t i = 0; i < info->ncounters; i++)
            ps_buf_printf(out, "col %s\n", info->header[i]);
        ps_buf_printf(out, "zone %s %d\n", info->timezone ? info->timezone : "", info->bias_minutes);
        ps_row row;
        while ((rc = ps_log_next(log, &row, &err)) == 1) {
            const blg_log *l = log->impl;
            *went_parallel |= l->par != NULL;
            ps_buf_printf(out, "row %ld %lld %lld", row.line, (long long)row.local, (long long)row.utc);
            for (size_t i = 0; i < row.nvalues; i++)
                ps_buf_printf(out, isnan(row.values[i]) ? " -" : " %.17g", row.values[i]);
            ps_buf_putc(out, '\n');
        }
        ps_buf_printf(out, "end %d %s missing %llu\n", rc, rc ? err.msg : "",
                      (unsigned long long)ps_log_missing_values(log));
        ps_log_close(log);
    }
    for (size_t i = 0; i < w.n; i++)
        ps_buf_printf(out, "warn %s\n", w.msgs[i]);
    ps_warnings_fini(&w);
}

/* One thread against 2 and 3 (chunks of 1 and 2 buffers), strict and lenient. Returns 1 when
 * some run went parallel. */
static int same_any_threads(const char *path)
{
    int any = 0;
    for (int lenient = 0; lenient < 2; lenient++) {
        ps_buf one = {0};
        int par;
        dump(path, lenient, 1, 1, &one, &par);
        cr_assert_eq(par, 0);
        static const int thr[] = {2, 3, 2};
        static const size_t chunk[] = {1, 1, 2};
        for (size_t k = 0; k < sizeof thr / sizeof thr[0]; k++) {
            ps_buf many = {0};
            dump(path, lenient, thr[k], chunk[k], &many, &par);
            any |= par;
            cr_assert_str_eq(many.data, one.data, "%s: %d threads, chunks of %zu buffers, lenient %d differ", path,
                             thr[k], chunk[k], lenient);
            ps_buf_fini(&many);
        }
        ps_buf_fini(&one);
    }
    return any;
}

static const char *write_tmp(const char *name, const void *p, size_t n)
{
    static char path[512];
    snprintf(path, sizeof path, "%s/test_blg_par_%s.blg", PS_BINARY_DIR, name);
    FILE *fp = fopen(path, "wb");
    cr_assert_not_null(fp);
    if (n)
        fwrite(p, 1, n, fp);
    fclose(fp);
    return path;
}

/* Generated layout-B log: 1 KiB buffers, records cut in 64-byte parts (many cross a buffer
 * boundary), NREC records 1 s apart. Entry 0 is a raw count with X = 3 i (value 3 i exactly);
 * entry 1 an instance array whose instances come and go (i % 3 == 0: "a" and "b", else "a",
 * "b", "c"; i % 7 == 0: "a" twice, shown "a" and "a#1") with PERF_COUNTER_COUNTER X = 5 i,
 * Y = 1000 i, F = 1000 (value 5 /s from the second record of a run). */
#define NREC 120
static void gen_b(ps_buf *out)
{
    bb f;
    bb_begin(&f, 1024, 1, 480, "@tzres.dll,-212", "@tzres.dll,-211", 1);
    ps_buf l = {0};
    bb_list_begin(&l);
    bb_entry(&l, 0, 0x00010100u, 1000, 0, "\\\\GEN", "queue", NULL, NULL, "items");
    bb_entry(&l, 1, 0x10410400u, 1000, 0, "\\\\GEN", "net", "*", NULL, "packets/sec");
    bb_record_parts(&f, 0x20, bb_ft(2024, 3, 1, 8, 0, 0, 0), &l, 64);
    ps_buf_fini(&l);
    for (int i = 0; i < NREC; i++) {
        uint64_t ft = bb_ft(2024, 3, 1, 8, i / 60, i % 60, 0);
        ps_buf d = {0};
        bb_data_begin(&d);
        bb_value(&d, 0, ft, 3LL * i, 0, 0);
        const char *n3[] = {"a", "b", "c"}, *n2[] = {"a", "b"}, *dup[] = {"a", "a", "c"};
        int64_t x[] = {5LL * i, 5LL * i, 5LL * i}, y[] = {1000LL * i, 1000LL * i, 1000LL * i};
        bb_array(&d, ft, i % 3 == 0 ? 2 : 3, i % 7 == 0 ? dup : i % 3 == 0 ? n2 : n3, x, y);
        bb_data_end(&d);
        bb_record_parts(&f, 0x22, ft, &d, 64);
        ps_buf_fini(&d);
    }
    bb_finish(&f);
    ps_buf_put(out, f.file.data, f.file.len);
    bb_free(&f);
}

Test(blg_par, generated_multi_buffer_same_and_hand_values)
{
    ps_buf b = {0};
    gen_b(&b);
    cr_assert_gt(b.len / 1024, 40, "the generated log should span many buffers");
    const char *path = write_tmp("gen", b.data, b.len);
    cr_assert(same_any_threads(path), "the parallel reader was not used");
    /* the values themselves, read on 3 threads: queue\items = 3 i */
    ps_log_options opt = {0};
    ps_log *log;
    ps_error err;
    cr_assert_eq(ps_log_open(path, &opt, &log, &err), 0, "%s", err.msg);
    ps_log_blg_threads(log, 3, 1);
    ps_row row;
    int n = 0, rc;
    while ((rc = ps_log_next(log, &row, &err)) == 1) {
        cr_assert_eq(row.values[0], 3.0 * n, "record %d: %g", n, row.values[0]);
        n++;
    }
    cr_assert_eq(rc, 0, "%s", err.msg);
    cr_assert_eq(n, NREC);
    ps_log_close(log);
    ps_buf_fini(&b);
}

Test(blg_par, layout_a_and_small_parts)
{
    ps_buf b = {0};
    synth_a(&b, 0, 1024);
    cr_assert(same_any_threads(write_tmp("a", b.data, b.len)));
    ps_buf_fini(&b);
    ps_buf c = {0};
    synth_opts o = {1, 1024, 100, NULL};
    synth_b(&c, &o);
    cr_assert(same_any_threads(write_tmp("b", c.data, c.len)));
    ps_buf_fini(&c);
}

Test(blg_par, hostile_variants)
{
    ps_buf b = {0};
    gen_b(&b);
    size_t S = 1024, nb = b.len / S;
    /* truncated in the middle of a buffer, and at a buffer boundary inside a record */
    cr_assert(same_any_threads(write_tmp("trunc_mid", b.data, b.len - S / 2 - 100)));
    cr_assert(same_any_threads(write_tmp("trunc_edge", b.data, (nb / 2) * S)));
    /* corrupt header: buffer size field */
    ps_buf h = {0};
    ps_buf_put(&h, b.data, b.len);
    h.data[0] = 0x13;
    same_any_threads(write_tmp("bad_header", h.data, h.len));
    /* an event marker destroyed in a middle buffer (strict: error; lenient: skipped, then the
     * reader stays on one thread) */
    ps_buf_reset(&h);
    ps_buf_put(&h, b.data, b.len);
    h.data[(nb / 2) * S + 0x48 + 3] = 0;
    same_any_threads(write_tmp("bad_marker", h.data, h.len));
    /* a record part number changed (out of order) */
    ps_buf_reset(&h);
    ps_buf_put(&h, b.data, b.len);
    size_t ev = (nb / 3) * S + 0x48;
    bb_set32(&h, ev + 0x30 + 16, 7);
    same_any_threads(write_tmp("bad_part", h.data, h.len));
    /* bytes-used of a middle buffer out of range */
    ps_buf_reset(&h);
    ps_buf_put(&h, b.data, b.len);
    bb_set32(&h, (nb / 4) * S + 0x30, 0x10);
    same_any_threads(write_tmp("bad_used", h.data, h.len));
    ps_buf_fini(&h);
    ps_buf_fini(&b);
}

Test(blg_par, real_samples)
{
    const char *dir = getenv("PS_SHARED_DIR") ? getenv("PS_SHARED_DIR") : PS_SHARED_DIR;
    char d[600];
    snprintf(d, sizeof d, "%s/real-samples/blg", dir);
    DIR *dp = opendir(d);
    if (!dp)
        cr_skip_test("SKIP: %s not present", d);
    struct dirent *de;
    int n = 0, par = 0;
    while ((de = readdir(dp))) {
        size_t len = strlen(de->d_name);
        if (len < 4 || strcmp(de->d_name + len - 4, ".blg") != 0)
            continue;
        char p[1200];
        snprintf(p, sizeof p, "%s/%s", d, de->d_name);
        par += same_any_threads(p);
        n++;
    }
    closedir(dp);
    cr_assert_gt(n, 0);
    cr_assert_gt(par, 0, "no real sample was read in parallel");
}
