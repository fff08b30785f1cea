/* Unit tests: Jetstress computation (model/jetstress/js_counters.c, model/jetstress/js_compute.c, parser/jetstress/js_load.c).
 * Truth by construction: counter logs are written from chosen per-instance means (each sample =
 * mean + a zero-sum deterministic perturbation), and every figure is checked against the chosen
 * values, combined by hand below. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ps_model.h"
#include "ps_parser.h"
#include "ps_pipeline.h"

#define NM PS_JM_NINST
#define NS 40 /* samples inside the window */
#define NPRE 4 /* samples before and after the window (must be excluded) */

/* Chosen means: db rd lat, db wr lat, db reads/s, db writes/s, db rd B, db wr B, log rd lat,
 * log wr lat, log reads/s, log writes/s, log rd B, log wr B, maint reads/s, maint rd B. */
static const double A[3][NM] = {
    {10, 5, 100, 50, 32768, 36864, 1, 2, 1, 20, 200000, 8192, 10, 262144},
    {12, 6, 80, 40, 34000, 35000, 1.5, 2.5, 2, 25, 210000, 9000, 8, 262144},
    {20, 8, 60, 30, 33000, 37000, 2, 3, 1.5, 22, 220000, 8500, 12, 250000},
};
static const double B[2][NM] = {
    {6, 4, 150, 90, 32000, 36000, 0.5, 1, 3, 40, 230000, 9500, 20, 260000},
    {9, 7, 120, 70, 31000, 34000, 0.75, 1.25, 2.5, 35, 225000, 9100, 15, 255000},
};
static const char *const counter_names[NM] = {"I/O Database Reads Average Latency",
                                              "I/O Database Writes Average Latency",
                                              "I/O Database Reads/sec",
                                              "I/O Database Writes/sec",
                                              "I/O Database Reads Average Bytes",
                                              "I/O Database Writes Average Bytes",
                                              "I/O Log Reads Average Latency",
                                              "I/O Log Writes Average Latency",
                                              "I/O Log Reads/sec",
                                              "I/O Log Writes/sec",
                                              "I/O Log Reads Average Bytes",
                                              "I/O Log Writes Average Bytes",
                                              "Database Maintenance IO Reads/sec",
                                              "Database Maintenance IO Reads Average Bytes"};
/* Perturbation amplitude per metric (exact binary fractions) and the zero-sum pattern. */
static const double amp[NM] = {0.5, 0.25, 4, 2, 64, 64, 0.125, 0.25, 0.25, 1, 128, 32, 0.5, 256};
static const double pat[4] = {-1.5, -0.5, 0.5, 1.5};
static const double CPU = 5.0, CPU_AMP = 2.0;

static void write_log(const char *path, const char *machine, const double (*m)[NM], int ninst, int with_total)
{
    FILE *fp = fopen(path, "w");
    cr_assert(fp);
    fprintf(fp, "\"(PDH-CSV 4.0) (W. Europe Standard Time)(-60)\"");
    for (int i = 0; i < ninst; i++)
        for (int k = 0; k < NM; k++)
            fprintf(fp, ",\"\\\\%s\\MSExchange Database ==> Instances(JetstressWin/Instance%d.%d)\\%s\"", machine,
                    900 + ninst, i + 1, counter_names[k]);
    if (with_total)
        for (int k = 2; k <= 3; k++)
            fprintf(fp, ",\"\\\\%s\\MSExchange Database ==> Instances(JetstressWin/_Total)\\%s\"", machine,
                    counter_names[k]);
    fprintf(fp, ",\"\\\\%s\\Processor(_Total)\\%% Processor Time\"\r\n", machine);
    for (int s = 0; s < NS + 2 * NPRE; s++) {
        int in_win = s >= NPRE && s < NPRE + NS;
        int sec = 15 * s;
        fprintf(fp, "\"03/14/2026 10:%02d:%02d.000\"", sec / 60, sec % 60);
        double p = pat[s % 4];
        double tot[NM] = {0};
        for (int i = 0; i < ninst; i++)
            for (int k = 0; k < NM; k++) {
                double v = in_win ? m[i][k] + amp[k] * p : 1000.0;
                tot[k] += v;
                fprintf(fp, ",\"%.17g\"", v);
            }
        if (with_total)
            for (int k = 2; k <= 3; k++)
                fprintf(fp, ",\"%.17g\"", tot[k]);
        fprintf(fp, ",\"%.17g\"\r\n", in_win ? CPU + CPU_AMP * p : 99.0);
    }
    fclose(fp);
}

static void near(double got, double want, const char *what)
{
    cr_assert(fabs(got - want) <= 1e-9 * fmax(1.0, fabs(want)), "%s: got %.17g, want %.17g", what, got, want);
}

static const ps_js_server *server_named(const ps_js_run *r, const char *m)
{
    for (size_t i = 0; i < r->nservers; i++)
        if (strcmp(r->servers[i].machine, m) == 0)
            return &r->servers[i];
    cr_assert_fail("server %s missing", m);
    return NULL;
}

static void check_instance(const ps_js_instance *in, const double *m)
{
    cr_assert(in->has_computed);
    cr_assert_eq(in->samples, NS);
    const ps_js_figures *f = &in->computed;
    for (int k = 0; k < PS_IO12_N; k++)
        near(ps_io12_get(&f->transactional, k), m[k], ps_io12_key(k));
    near(f->maint_reads_per_sec, m[12], "maint reads");
    near(f->maint_read_bytes, m[13], "maint bytes");
    near(f->repl_log_reads_per_sec, m[8], "repl reads");
    near(f->repl_log_read_bytes, m[10], "repl bytes");
    for (int k = 0; k < PS_IO12_N; k++)
        if (k != 2 && k != 4)
            near(ps_io12_get(&f->total, k), m[k], ps_io12_key(k));
    near(f->total.db_reads_per_sec, m[2] + m[12], "total reads");
    near(f->total.db_read_bytes, (m[2] * m[4] + m[12] * m[13]) / (m[2] + m[12]), "total read bytes");
}

/* Server figures combined by hand from the chosen means. */
static void check_server(const ps_js_summary *s, const double (*m)[NM], int n, double target)
{
    double r = 0, w = 0, lw = 0, rl = 0, wl = 0, lwl = 0, rlw = 0, wlw = 0, lwlw = 0;
    for (int i = 0; i < n; i++) {
        r += m[i][2];
        w += m[i][3];
        lw += m[i][9];
        rl += m[i][0] / n;
        wl += m[i][1] / n;
        lwl += m[i][7] / n;
        rlw += m[i][0] * m[i][2];
        wlw += m[i][1] * m[i][3];
        lwlw += m[i][7] * m[i][9];
    }
    near(s->db_reads_per_sec, r, "db reads");
    near(s->db_writes_per_sec, w, "db writes");
    near(s->db_transfers_per_sec, r + w, "transfers");
    near(s->achieved_transactional_iops, r + w, "achieved");
    near(s->target_transactional_iops, target, "target");
    near(s->log_writes_per_sec, lw, "log writes");
    near(s->db_read_latency_ms, rl, "read lat");
    near(s->db_write_latency_ms, wl, "write lat");
    near(s->log_write_latency_ms, lwl, "log write lat");
    near(s->db_read_latency_ms_weighted, rlw / r, "read lat w");
    near(s->db_write_latency_ms_weighted, wlw / w, "write lat w");
    near(s->log_write_latency_ms_weighted, lwlw / lw, "log write lat w");
}

static char dir[512];

/* A scratch folder of this test (one process per test), removed by the suite's fini (F23). */
static void scratch(void)
{
    snprintf(dir, sizeof dir, "/tmp/ps_js_compute_XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
}

static void drop_scratch(void)
{
    if (!dir[0])
        return;
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
}

TestSuite(js_compute, .fini = drop_scratch);

static ps_js_run *load_two(int with_total)
{
    scratch();
    char pa[600], pb[600];
    snprintf(pa, sizeof pa, "%s/SRVA.csv", dir);
    snprintf(pb, sizeof pb, "%s/SRVB.csv", dir);
    write_log(pa, "SRVA", A, 3, with_total);
    write_log(pb, "SRVB", B, 2, with_total);
    const char *paths[] = {pa, pb};
    ps_js_options opt = {0};
    opt.has_begin = opt.has_end = 1;
    opt.begin = ps_time_from_fields(2026, 3, 14, 10, 0, NPRE * 15, 0);
    opt.end = ps_time_from_fields(2026, 3, 14, 10, 0, (NPRE + NS - 1) * 15, 0);
    opt.mailboxes = 1000;
    opt.iops_per_mailbox = 0.2;
    ps_js_run *run = NULL;
    ps_error err = {0};
    int rc = ps_pipeline_load(paths, 2, &opt, &run, NULL, &err);
    cr_assert_eq(rc, PS_OK, "load: %s", err.msg);
    cr_assert_eq(run->nservers, 2);
    return run;
}

Test(js_compute, truth_by_construction)
{
    ps_js_run *run = load_two(1);
    const ps_js_server *a = server_named(run, "SRVA"), *b = server_named(run, "SRVB");
    cr_assert_eq(a->ninstances, 3);
    cr_assert_eq(b->ninstances, 2);
    cr_assert_eq(a->window_samples, NS);
    for (int i = 0; i < 3; i++)
        check_instance(&a->instances[i], A[i]);
    for (int i = 0; i < 2; i++)
        check_instance(&b->instances[i], B[i]);
    check_server(&a->summary, A, 3, 200);
    check_server(&b->summary, B, 2, 200);
    /* literal cross-check of SRVA, by hand: reads 100+80+60 = 240; read latency (10+12+20)/3 = 14;
     * weighted (10*100 + 12*80 + 20*60)/240 = 3160/240 = 13.1666... */
    near(a->summary.db_reads_per_sec, 240, "SRVA reads");
    near(a->summary.db_read_latency_ms, 14, "SRVA read lat");
    near(a->summary.db_read_latency_ms_weighted, 3160.0 / 240.0, "SRVA read lat w");
    /* aggregate: rates summed; latencies = mean of the server means; weighted over all 5 instances */
    const ps_js_summary *g = &run->aggregate;
    near(g->db_reads_per_sec, 240 + 270, "agg reads");
    near(g->db_writes_per_sec, 120 + 160, "agg writes");
    near(g->db_transfers_per_sec, 510 + 280, "agg transfers");
    near(g->target_transactional_iops, 400, "agg target");
    near(g->log_writes_per_sec, 67 + 75, "agg log writes");
    near(g->db_read_latency_ms, (14.0 + 7.5) / 2, "agg read lat"); /* SRVB: (6+9)/2 */
    near(g->db_write_latency_ms, ((5 + 6 + 8) / 3.0 + (4 + 7) / 2.0) / 2, "agg write lat");
    near(g->log_write_latency_ms, (2.5 + 1.125) / 2, "agg log write lat");
    near(g->db_read_latency_ms_weighted, (3160.0 + 6 * 150 + 9 * 120) / 510.0, "agg read lat w");
    near(g->db_write_latency_ms_weighted, (5 * 50 + 6 * 40 + 8 * 30 + 4 * 90 + 7 * 70) / 280.0, "agg write lat w");
    near(g->log_write_latency_ms_weighted, (2 * 20 + 2.5 * 25 + 3 * 22 + 1 * 40 + 1.25 * 35) / 142.0, "agg lw w");
    /* host: avg/min/max over the window (outside samples are 99) */
    cr_assert(a->nhost >= 1);
    cr_assert_str_eq(a->host[0].counter, "% Processor Time");
    near(a->host[0].avg, CPU, "cpu avg");
    near(a->host[0].min, CPU - 1.5 * CPU_AMP, "cpu min");
    near(a->host[0].max, CPU + 1.5 * CPU_AMP, "cpu max");
    /* per-sample IOPS-weighted window mean: sum (l + a p)(r + b p) / sum (r + b p)
     * = l + a b (sum p^2) / (n r); sum p^2 over 4 samples = 5, so over 40 = 50 */
    const ps_js_inst_acc *acc = &a->stats->inst[0];
    near(acc->wsum[0] / acc->wrate[0], 10 + 0.5 * 4 * 50 / (40.0 * 100), "io-weighted read lat");
    /* _Total equals the sum: no warning about it */
    for (size_t i = 0; i < run->warnings.n; i++)
        cr_assert(!strstr(run->warnings.msgs[i], "_Total"), "%s", run->warnings.msgs[i]);
    ps_js_run_free(run);
}

Test(js_compute, no_ese_counters_is_an_error)
{
    scratch();
    char p[600];
    snprintf(p, sizeof p, "%s/host_only.csv", dir);
    FILE *fp = fopen(p, "w");
    fprintf(fp,
            "\"(PDH-CSV 4.0) (UTC)(0)\",\"\\\\H1\\Memory\\Available MBytes\"\r\n\"03/14/2026 10:00:00.000\",\"5\"\r\n");
    fclose(fp);
    const char *paths[] = {p};
    ps_js_run *run = NULL;
    ps_error err = {0};
    cr_assert_eq(ps_pipeline_load(paths, 1, NULL, &run, NULL, &err), PS_EINPUT);
    cr_assert(strstr(err.msg, "no MSExchange Database ==> Instances counters in this log"), "%s", err.msg);
    cr_assert_null(strstr(err.msg, paths[0]), "the path is the error's file, not in its text: %s", err.msg);
    cr_assert_null(run);
}

Test(js_counters, classify_names)
{
    ps_js_counter_ref r;
    cr_assert(ps_js_classify("MSExchange Database ==> Instances", "Instance4711.1", "I/O Database Reads/sec", &r));
    cr_assert_eq(r.metric, 2);
    cr_assert_str_eq(r.instance, "Instance4711.1");
    /* process prefix removed, Instance<N>.<k> substring kept */
    cr_assert(ps_js_classify("msexchange database ==> instances", "JetstressWin/Instance9.3 extra",
                             "i/o log writes average latency", &r));
    cr_assert_eq(r.metric, 7);
    cr_assert_str_eq(r.instance, "Instance9.3");
    /* German object with two spaces, /sek. and (angefügt) */
    cr_assert(ps_js_classify("msexchange-datenbank  ==> instanzen", "information store/db1",
                             "e/a: datenbankleseoperationen (angefügt)/sek.", &r));
    cr_assert_eq(r.metric, 2);
    cr_assert_eq(r.priority, 1);
    cr_assert_str_eq(r.instance, "db1");
    cr_assert(ps_js_classify("MSExchange Database ==> Instances", "Information Store/_Total",
                             "I/O Database Reads (Attached) Average Latency", &r));
    cr_assert(r.is_total);
    cr_assert_eq(r.metric, 0);
    /* 2007 LogicalDisk in seconds */
    cr_assert(ps_js_classify("LogicalDisk", "M:", "Avg. Disk sec/Read", &r));
    cr_assert_eq(r.metric, 0);
    cr_assert(r.volume_2007);
    cr_assert_float_eq(r.scale, 1000.0, 0);
    cr_assert(ps_js_classify("Processor", "_Total", "% Processor Time", &r));
    cr_assert_eq(r.metric, PS_JM_CPU);
    cr_assert_not(ps_js_classify("Processor", "0", "% Processor Time", &r));
    cr_assert(ps_js_classify("MSExchange Database", "JetstressWin", "Database Page Fault Stalls/sec", &r));
    cr_assert_eq(r.metric, PS_JM_STALLS);
    cr_assert_not(ps_js_classify("MSExchange Database ==> Instances", "Instance1.1", "Log Bytes Write/sec", &r));
}

Test(js_compute, stat_topk_and_p95)
{
    ps_js_stat s = {0};
    /* 1..1000: p95 nearest rank = 950; 100 values > 900 */
    for (int i = 1; i <= 1000; i++)
        ps_js_stat_add(&s, (double)i);
    ps_js_stat_add(&s, NAN);
    cr_assert_eq(s.n, 1000);
    near(ps_js_stat_mean(&s), 500.5, "mean");
    near(ps_js_stat_p95(&s), 950, "p95");
    int exact = 0;
    cr_assert_eq(ps_js_stat_count_above(&s, 900, &exact), 100);
    cr_assert(exact);
    /* more above the limit than the kept top values: not exact */
    cr_assert_eq(ps_js_stat_count_above(&s, 10, &exact), PS_JS_TOPK);
    cr_assert_not(exact);
    ps_js_stat_fini(&s);
}

Test(js_compute, figures_without_maintenance)
{
    double m[NM];
    for (int k = 0; k < NM; k++)
        m[k] = k + 1;
    m[PS_JM_MAINT_READS] = m[PS_JM_MAINT_BYTES] = NAN;
    ps_js_figures f;
    ps_js_figures_from_means(m, &f);
    near(f.total.db_reads_per_sec, 3, "total reads = transactional");
    near(f.total.db_read_bytes, 5, "total bytes = transactional");
    cr_assert(isnan(f.maint_reads_per_sec));
}

/* Write a small log: header cells (after the time column) and rows of values. */
static void small_log(const char *path, const char *const *cols, int ncols, const double (*rows)[4], int nrows)
{
    FILE *fp = fopen(path, "w");
    cr_assert(fp);
    fprintf(fp, "\"(PDH-CSV 4.0) (UTC)(0)\"");
    for (int c = 0; c < ncols; c++)
        fprintf(fp, ",\"%s\"", cols[c]);
    fprintf(fp, "\r\n");
    for (int r = 0; r < nrows; r++) {
        fprintf(fp, "\"03/14/2026 10:00:%02d.000\"", 15 * r % 60);
        for (int c = 0; c < ncols; c++)
            fprintf(fp, ",\"%.17g\"", rows[r][c]);
        fprintf(fp, "\r\n");
    }
    fclose(fp);
}

static ps_js_run *load_one(const char *name, const char *const *cols, int ncols, const double (*rows)[4], int nrows,
                           int keep_series)
{
    scratch();
    char p[600];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    small_log(p, cols, ncols, rows, nrows);
    const char *paths[] = {p};
    ps_js_options opt = {0};
    opt.keep_series = keep_series;
    ps_js_run *run = NULL;
    ps_error err = {0};
    cr_assert_eq(ps_pipeline_load(paths, 1, &opt, &run, NULL, &err), PS_OK, "%s", err.msg);
    cr_assert_eq(run->nservers, 1);
    return run;
}

/* Jetstress 2007: LogicalDisk latencies in seconds become ms; without a report the drive is the
 * instance name and fills the database columns (the log is Jetstress's: its Database object
 * names JetstressWin, issue 31 item 19). */
Test(js_compute, logicaldisk_2007_seconds)
{
    const char *cols[] = {"\\\\X07\\LogicalDisk(M:)\\Avg. Disk sec/Read", "\\\\X07\\LogicalDisk(M:)\\Disk Reads/sec",
                          "\\\\X07\\LogicalDisk(L:)\\Avg. Disk sec/Write",
                          "\\\\X07\\Database(JetstressWin)\\Database Cache Size"};
    const double rows[4][4] = {
        {0.010, 100, 0.001, 100}, {0.014, 140, 0.003, 140}, {0.012, 120, 0.002, 120}, {0.012, 120, 0.002, 120}};
    ps_js_run *run = load_one("x07.csv", cols, 4, rows, 4, 0);
    const ps_js_server *s = &run->servers[0];
    cr_assert_eq(s->ninstances, 2);
    cr_assert_str_eq(s->instances[0].name, "M:");
    near(s->instances[0].computed.transactional.db_read_latency_ms, 12.0, "M: read ms"); /* 0.012 s */
    near(s->instances[0].computed.transactional.db_reads_per_sec, 120.0, "M: reads");
    near(s->instances[1].computed.transactional.db_write_latency_ms, 2.0, "L: write ms");
    ps_js_run_free(run);
}

/* (Attached) counters are used only when the plain counter is absent; German names work. */
Test(js_compute, attached_and_german)
{
    const char *cols[] = {
        "\\\\DE1\\MSExchange Database ==> Instances(Information Store/DB1)\\I/O Database Reads (Attached) Average Latency",
        "\\\\DE1\\MSExchange Database ==> Instances(Information Store/DB1)\\I/O Database Reads Average Latency",
        "\\\\DE1\\msexchange-datenbank  ==> instanzen(information store/db2)\\e/a: durchschnittliche wartezeit für datenbankleseoperationen (angefügt)",
        "\\\\DE1\\msexchange-datenbank  ==> instanzen(information store/db2)\\e/a: datenbankleseoperationen/sek."};
    const double rows[2][4] = {{90, 3, 8, 4}, {90, 5, 10, 6}};
    ps_js_run *run = load_one("de1.csv", cols, 4, rows, 2, 1);
    const ps_js_server *s = &run->servers[0];
    cr_assert_eq(s->ninstances, 2);
    cr_assert_str_eq(s->instances[0].name, "DB1");
    near(s->instances[0].computed.transactional.db_read_latency_ms, 4.0, "plain wins over attached");
    cr_assert_str_eq(s->instances[1].name, "db2");
    near(s->instances[1].computed.transactional.db_read_latency_ms, 9.0, "attached when alone");
    near(s->instances[1].computed.transactional.db_reads_per_sec, 5.0, "german /sek.");
    /* keep_series: one series per instance, one point per sample */
    cr_assert_eq(s->nseries, 2);
    cr_assert_eq(s->series_read_lat[1].n, 2);
    near(s->series_read_lat[1].v[1], 10.0, "series value");
    cr_assert_str_eq(s->series_iops[0].label, "DB1");
    ps_js_run_free(run);
}

/* The same log given twice: samples are counted once, with a warning. */
Test(js_compute, overlapping_logs_counted_once)
{
    scratch();
    char p1[600], p2[600];
    const char *cols[] = {
        "\\\\OV1\\MSExchange Database ==> Instances(JetstressWin/Instance1.1)\\I/O Database Reads/sec"};
    const double rows[3][4] = {{10}, {20}, {60}};
    snprintf(p1, sizeof p1, "%s/ov_a.csv", dir);
    snprintf(p2, sizeof p2, "%s/ov_b.csv", dir);
    small_log(p1, cols, 1, rows, 3);
    small_log(p2, cols, 1, rows, 3);
    const char *paths[] = {p1, p2};
    ps_js_run *run = NULL;
    ps_error err = {0};
    cr_assert_eq(ps_pipeline_load(paths, 2, NULL, &run, NULL, &err), PS_OK, "%s", err.msg);
    cr_assert_eq(run->nservers, 1);
    const ps_js_server *s = &run->servers[0];
    cr_assert_eq(s->instances[0].samples, 3);
    near(s->instances[0].computed.transactional.db_reads_per_sec, 30.0, "mean of 10, 20, 60");
    int warned = 0;
    for (size_t i = 0; i < run->warnings.n; i++)
        warned |= strstr(run->warnings.msgs[i], "3 samples overlap another log") != NULL;
    cr_assert(warned);
    ps_js_run_free(run);
}
