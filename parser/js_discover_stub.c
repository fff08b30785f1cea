/* js_discover_stub.c - TEMPORARY stand-in for ps_js_discover until h-jsparse lands (weak: the
 * real definition wins). Logs only: every file given is a counter log; servers by machine. */
#include "ps_parser.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

__attribute__((weak)) int ps_js_discover(const char *const *paths, size_t npaths, ps_js_run **out,
                                         ps_error *err)
{
    ps_js_run *run = ps_xcalloc(1, sizeof *run);
    for (size_t i = 0; i < npaths; i++) {
        ps_log *log;
        int rc = ps_log_open(paths[i], NULL, &log, err);
        if (rc) {
            ps_js_run_free(run);
            return rc;
        }
        const ps_log_info *info = ps_log_info_get(log);
        const char *m = info->ncounters && info->counters[0].machine ? info->counters[0].machine : "?";
        ps_js_server *s = NULL;
        for (size_t k = 0; k < run->nservers; k++)
            if (strcasecmp(run->servers[k].machine, m) == 0)
                s = &run->servers[k];
        if (!s) {
            run->servers = ps_xrealloc(run->servers, (run->nservers + 1) * sizeof *run->servers);
            s = &run->servers[run->nservers++];
            memset(s, 0, sizeof *s);
            s->machine = ps_xstrdup(m);
            s->test_type = PS_TEST_PERFORMANCE;
            s->window_start = s->window_end = PS_TIME_NONE;
        }
        s->logs = ps_xrealloc(s->logs, (s->nlogs + 1) * sizeof *s->logs);
        s->logs[s->nlogs++] = ps_xstrdup(paths[i]);
        ps_log_close(log);
    }
    *out = run;
    return PS_OK;
}
