/* outfile_tmp.c - temporary output files removed when a signal whose default action ends the
 * process arrives (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1/2, SIGALRM, SIGPIPE, SIGXCPU,
 * SIGXFSZ, SIGVTALRM, SIGPROF; SIGKILL cannot be caught: the O_TMPFILE path covers it). See
 * outfile_tmp.h. The handler only calls async-signal-safe functions (unlink, sigaction, raise)
 * on paths published before the signal could see them. A signal ignored when the handlers are
 * installed (nohup; SIGPIPE, which main ignores to see EPIPE) stays ignored. */
#include "outfile_tmp.h"

#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>

#define TMP_SLOTS 64

static const char *volatile slots[TMP_SLOTS];
static int installed;
static const int cleanup_signals[] = {SIGINT,  SIGTERM, SIGHUP,  SIGQUIT, SIGUSR1,   SIGUSR2,
                                      SIGALRM, SIGPIPE, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF};

static void on_signal(int sig)
{
    for (size_t i = 0; i < TMP_SLOTS; i++) {
        const char *p = slots[i];
        if (p)
            unlink(p);
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
    raise(sig); /* ends the process with the signal's own status */
}

static void install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof cleanup_signals / sizeof cleanup_signals[0]; i++)
        sigaddset(&sa.sa_mask, cleanup_signals[i]);
    for (size_t i = 0; i < sizeof cleanup_signals / sizeof cleanup_signals[0]; i++) {
        struct sigaction old;
        /* a signal the caller chose to ignore (nohup) stays ignored */
        if (sigaction(cleanup_signals[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
            continue;
        sigaction(cleanup_signals[i], &sa, NULL);
    }
    installed = 1;
}

int ps_tmp_remember(const char *path)
{
    if (!installed)
        install();
    for (int i = 0; i < TMP_SLOTS; i++)
        if (!slots[i]) {
            slots[i] = path;
            return i;
        }
    return -1;
}

void ps_tmp_forget(int slot)
{
    if (slot >= 0 && slot < TMP_SLOTS)
        slots[slot] = NULL;
}
