/* Unit tests: model/buf.c on out-of-memory. The libraries print nothing: they call the handler
 * the program installed (ps_set_oom_handler) with the size asked for, then abort(). The size
 * asked for here (2^62 bytes) is beyond what malloc can give on any 64-bit machine. */
#include <criterion/criterion.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#include "ps_core.h"

#if defined(__SANITIZE_ADDRESS__)
#define PS_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PS_UNDER_ASAN 1
#endif
#endif

/* Under AddressSanitizer the tests skip, so they must not expect the signal. */
#ifdef PS_UNDER_ASAN
#define OOM_SIGNAL 0
#else
#define OOM_SIGNAL SIGABRT
#endif

#define HUGE_ASK ((size_t)1 << 62)

/* Writes the size to stderr in a fixed form, the only channel out of a process about to abort;
 * the test then checks the signal. */
static void record(size_t size)
{
    char line[64];
    int n = snprintf(line, sizeof line, "oom %zu\n", size);
    if (write(2, line, (size_t)n) < 0)
        _exit(3);
    if (size != HUGE_ASK)
        _exit(2); /* a wrong size fails the test: exit instead of the expected SIGABRT */
}

static void skip_under_asan(void)
{
#ifdef PS_UNDER_ASAN
    cr_skip("AddressSanitizer reports a huge allocation itself instead of returning NULL");
#endif
}

Test(oom, handler_then_abort, .signal = OOM_SIGNAL)
{
    skip_under_asan();
    ps_set_oom_handler(record);
    void *p = ps_xmalloc(HUGE_ASK);
    cr_assert_fail("ps_xmalloc returned %p for 2^62 bytes", p);
}

Test(oom, calloc_reports_bytes, .signal = OOM_SIGNAL)
{
    skip_under_asan();
    ps_set_oom_handler(record);
    void *p = ps_xcalloc((size_t)1 << 60, 4); /* 2^62 bytes in all */
    cr_assert_fail("ps_xcalloc returned %p", p);
}

Test(oom, no_handler_aborts_silently, .signal = OOM_SIGNAL)
{
    skip_under_asan();
    ps_set_oom_handler(NULL);
    void *p = ps_xrealloc(NULL, HUGE_ASK);
    cr_assert_fail("ps_xrealloc returned %p", p);
}
