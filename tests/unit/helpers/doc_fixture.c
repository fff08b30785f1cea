/* doc_fixture.c - see doc_fixture.h. */
#include "doc_fixture.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void instance(ps_js_instance *in, const char *name, double rd, double wr, double rlat, double wlat, double lw,
                     double llat)
{
    memset(in, 0, sizeof *in);
    in->name = ps_xstrdup(name);
    in->has_computed = 1;
    ps_js_figures_clear(&in->computed);
    ps_js_figures_clear(&in->reported);
    ps_io12 *t = &in->computed.transactional;
    t->db_reads_per_sec = rd;
    t->db_writes_per_sec = wr;
    t->db_read_latency_ms = rlat;
    t->db_write_latency_ms = wlat;
    t->log_writes_per_sec = lw;
    t->log_write_latency_ms = llat;
    t->db_read_bytes = 32768;
    t->db_write_bytes = 32768;
    t->log_reads_per_sec = 0;
    t->log_read_latency_ms = 0;
    t->log_read_bytes = 0;
    t->log_write_bytes = 4096;
    in->computed.total = *t;
    in->computed.maint_reads_per_sec = 5;
    in->computed.maint_read_bytes = 262144;
    in->computed.repl_log_reads_per_sec = 0.5;
    in->computed.repl_log_read_bytes = 232000;
    /* the report printed slightly different numbers for the read latency */
    in->has_reported = 1;
    in->reported = in->computed;
    in->reported.transactional.db_read_latency_ms = rlat + 0.3;
    in->log_path = ps_xstrdup("H:\\log1");
    in->db_path = ps_xstrdup("D:\\Jetstress001001.edb");
}

static void series(ps_series *s, const char *label, size_t n, double base, double amp)
{
    memset(s, 0, sizeof *s);
    s->label = ps_xstrdup(label);
    ps_time t0 = ps_time_from_fields(2016, 1, 18, 10, 11, 17, 0);
    for (size_t i = 0; i < n; i++)
        ps_series_push(s, t0 + (ps_time)i * 15000, base + amp * sin((double)i / 20.0));
}

static ps_js_server *add_server(ps_js_run *r, const char *machine, enum ps_test_type tt, size_t ninst)
{
    r->servers = ps_xrealloc(r->servers, (r->nservers + 1) * sizeof *r->servers);
    ps_js_server *s = &r->servers[r->nservers++];
    memset(s, 0, sizeof *s);
    s->machine = ps_xstrdup(machine);
    s->test_type = tt;
    s->jetstress_version = ps_xstrdup("15.00.0995.000");
    s->window_start = ps_time_from_fields(2016, 1, 18, 10, 11, 17, 0);
    s->window_end = ps_time_from_fields(2016, 1, 18, 12, 10, 54, 0);
    s->window_samples = 479;
    s->ninstances = ninst;
    s->instances = ps_xcalloc(ninst, sizeof *s->instances);
    ps_js_summary_clear(&s->summary);
    s->verdict.result = PS_VERDICT_PASS;
    s->verdict.profile = ps_xstrdup("jetstress-2013/strict");
    return s;
}

ps_js_run *doc_fixture_run(const char *machine1, size_t nsamples)
{
    ps_js_run *r = ps_xcalloc(1, sizeof *r);
    const char *m1 = machine1 ? machine1 : "SERVER1";
    /* machine1: 4 instances */
    ps_js_server *s = add_server(r, m1, PS_TEST_PERFORMANCE, 4);
    static const double rl[4] = {10, 12, 14, 16}, ll[4] = {1, 1, 2, 2};
    for (int i = 0; i < 4; i++) {
        char name[32];
        snprintf(name, sizeof name, "Instance900.%d", i + 1);
        instance(&s->instances[i], name, 50, 30, rl[i], 5, 20, ll[i]);
    }
    /* by hand: reads 4*50 = 200, writes 4*30 = 120, transfers 320; read latency (10+12+14+16)/4 = 13;
     * write 5; log writes 80; log latency (1+1+2+2)/4 = 1.5 (weighted equal: equal rates) */
    ps_js_summary *u = &s->summary;
    u->db_reads_per_sec = 200, u->db_writes_per_sec = 120, u->db_transfers_per_sec = 320;
    u->achieved_transactional_iops = 320, u->target_transactional_iops = 168;
    u->db_read_latency_ms = 13, u->db_read_latency_ms_weighted = 13;
    u->db_write_latency_ms = 5, u->db_write_latency_ms_weighted = 5;
    u->log_writes_per_sec = 80, u->log_write_latency_ms = 1.5, u->log_write_latency_ms_weighted = 1.5;
    s->config = ps_xcalloc(1, sizeof *s->config);
    s->config->mailbox_count = 1000;
    s->config->mailbox_iops = 0.168;
    s->config->copies_per_db = 2;
    s->report = ps_xcalloc(1, sizeof *s->report);
    s->report->machine = ps_xstrdup(m1);
    s->report->result = 1;
    s->report->test_start = ps_time_from_fields(2016, 1, 18, 9, 58, 8, 0);
    s->report->test_end = ps_time_from_fields(2016, 1, 18, 12, 11, 9, 0);
    s->report->collection_start = s->window_start;
    s->report->collection_end = s->window_end;
    s->report->achieved_iops = 232.1;
    s->report->target_iops = 168;
    s->report->final_db_bytes = 4.0 * 1073741824.0;
    s->report->copies_per_db = 2;
    s->report->ese_version = ps_xstrdup("15.00.0847.030");
    s->report->os = ps_xstrdup("Windows Server 2012 R2 Standard");
    s->report->bdm = 1;
    s->report->events = ps_xcalloc(2, sizeof *s->report->events);
    s->report->nevents = 2;
    s->report->events[0].when = s->report->test_start;
    s->report->events[0].text = ps_xstrdup("Preparing for testing ...");
    s->report->events[1].when = ps_time_from_fields(2016, 1, 18, 13, 11, 13, 0);
    s->report->events[1].text = ps_xstrdup("Instance900.1 has 14.4 for I/O Database Reads Average Latency.");
    for (size_t k = 0; k < 2; k++)
        for (int v = 0; v < 6; v++)
            s->report->events[k].v[v] = NAN;
    s->nseries = 4;
    s->series_iops = ps_xcalloc(4, sizeof *s->series_iops);
    s->series_read_lat = ps_xcalloc(4, sizeof *s->series_read_lat);
    for (int i = 0; i < 4; i++) {
        series(&s->series_iops[i], s->instances[i].name, nsamples, 80, 10);
        series(&s->series_read_lat[i], s->instances[i].name, nsamples, rl[i], 3);
    }
    s->logs = ps_xcalloc(1, sizeof *s->logs);
    s->logs[s->nlogs++] = ps_xstrdup("Performance_2016_1_18_10_11_1.blg");

    /* SERVER2: 2 instances; reads 300, writes 120, transfers 420, read latency 6, write 4,
     * log writes 80, log latency 3 */
    s = add_server(r, "SERVER2", PS_TEST_PERFORMANCE, 2);
    for (int i = 0; i < 2; i++) {
        char name[32];
        snprintf(name, sizeof name, "Instance77.%d", i + 1);
        instance(&s->instances[i], name, 150, 60, 6, 4, 40, 3);
    }
    u = &s->summary;
    u->db_reads_per_sec = 300, u->db_writes_per_sec = 120, u->db_transfers_per_sec = 420;
    u->achieved_transactional_iops = 420, u->target_transactional_iops = 168;
    u->db_read_latency_ms = 6, u->db_read_latency_ms_weighted = 6;
    u->db_write_latency_ms = 4, u->db_write_latency_ms_weighted = 4;
    u->log_writes_per_sec = 80, u->log_write_latency_ms = 3, u->log_write_latency_ms_weighted = 3;
    s->config = ps_xcalloc(1, sizeof *s->config); /* 1000 x 0.168 = the target 168 */
    s->config->mailbox_count = 1000;
    s->config->mailbox_iops = 0.168;
    s->config->copies_per_db = 2;

    /* stress, backup, soft recovery for machine1 */
    s = add_server(r, m1, PS_TEST_STRESS, 0);
    s = add_server(r, m1, PS_TEST_BACKUP, 0);
    s->report = ps_xcalloc(1, sizeof *s->report);
    s->report->result = 1;
    s->report->nrecovery = 2;
    s->report->recovery = ps_xcalloc(2, sizeof *s->report->recovery);
    /* 2 databases: 100 MB/s and 140 MB/s -> per database 120, total 240 */
    s->report->recovery[0] = (ps_js_recovery_row){ps_xstrdup("Instance900.1"), 0, 30000, 300, 100, NAN, NAN};
    s->report->recovery[1] = (ps_js_recovery_row){ps_xstrdup("Instance900.2"), 0, 42000, 300, 140, NAN, NAN};
    s = add_server(r, m1, PS_TEST_SOFTRECOVERY, 0);
    s->report = ps_xcalloc(1, sizeof *s->report);
    s->report->result = 1;
    s->report->nrecovery = 2;
    s->report->recovery = ps_xcalloc(2, sizeof *s->report->recovery);
    /* 500 logs in 145 s -> 0.29 s/log; 500 logs in 155 s -> 0.31; mean 0.3 */
    s->report->recovery[0] = (ps_js_recovery_row){ps_xstrdup("Instance900.1"), 0, NAN, 145, NAN, 500, NAN};
    s->report->recovery[1] = (ps_js_recovery_row){ps_xstrdup("Instance900.2"), 0, NAN, 155, NAN, 500, NAN};

    /* aggregate: rates summed (320 + 420 = 740 transfers, 500 reads, 240 writes, 160 log writes),
     * latencies mean of server means: read (13 + 6)/2 = 9.5, write 4.5, log 2.25;
     * weighted read (200*13 + 300*6)/500 = 8.8 */
    ps_js_summary *a = &r->aggregate;
    ps_js_summary_clear(a);
    a->db_reads_per_sec = 500, a->db_writes_per_sec = 240, a->db_transfers_per_sec = 740;
    a->db_read_latency_ms = 9.5, a->db_read_latency_ms_weighted = 8.8;
    a->db_write_latency_ms = 4.5, a->db_write_latency_ms_weighted = 4.5;
    a->log_writes_per_sec = 160, a->log_write_latency_ms = 2.25, a->log_write_latency_ms_weighted = 2.25;
    return r;
}
