/* test_util.h - small helpers shared by the unit tests. */
#ifndef PS_TEST_UTIL_H
#define PS_TEST_UTIL_H
#include <stddef.h>
#include <stdint.h>

/* xorshift64: the next pseudo-random number of *state (never 0; seed it with a nonzero value). */
uint64_t test_xorshift(uint64_t *state);

/* Write text[0..len) to PS_BINARY_DIR/csv_tmp/name (the folder made when missing) and return
 * that path (a static buffer, overwritten by the next call). A failure fails the test. */
const char *test_write_tmp(const char *name, const char *text, size_t len);

/* Standard output of the shell command cmd (malloc'd, "" when it prints nothing). */
char *test_run_cmd(const char *cmd);
#endif
