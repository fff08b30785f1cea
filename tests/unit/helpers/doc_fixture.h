/* doc_fixture.h - a hand-built ps_js_run for the document tests (no parser involved). */
#ifndef PS_DOC_FIXTURE_H
#define PS_DOC_FIXTURE_H
#include "ps_model.h"

/* Two Performance servers: machine1 with 4 instances (db reads/s 50, writes/s 30, read latency
 * 10/12/14/16 ms, write latency 5 ms, log writes/s 20, log write latency 1/1/2/2 ms) and
 * "SERVER2" with 2 instances (reads/s 150, writes/s 60, read latency 6 ms, write 4 ms, log
 * writes/s 40, log latency 3 ms); a Stress, a DatabaseBackup and a SoftRecovery test for
 * machine1. Summaries and the aggregate are filled by hand arithmetic (see the .c file).
 * nsamples: samples per series (15 s apart). machine1 = NULL -> "SERVER1". Free with ps_js_run_free. */
ps_js_run *doc_fixture_run(const char *machine1, size_t nsamples);
#endif
