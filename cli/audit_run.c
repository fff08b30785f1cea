/* audit_run.c - RUN inputs of 'perfscribe audit': Jetstress reports and counter logs. */
#include "cli.h"

int audit_load_run(const char *const *paths, size_t n, ps_js_run **run, ps_cli *cli)
{
    (void)paths;
    (void)n;
    *run = NULL;
    return ps_cli_usage(cli, "RUN inputs need the Jetstress reader, not in this build yet");
}
