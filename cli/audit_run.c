/* audit_run.c - RUN inputs of 'perfscribe audit': Jetstress folders, reports and counter logs,
 * loaded and recomputed by ps_js_load and judged with the built-in threshold sets. */
#include "cli.h"

#include <math.h>

int audit_load_run(const char *const *paths, size_t n, ps_js_run **run, ps_cli *cli)
{
    ps_js_options opt = {0};
    opt.mailboxes = NAN;
    opt.iops_per_mailbox = NAN;
    int rc = ps_js_load(paths, n, &opt, run, &cli->err);
    if (rc)
        return rc;
    ps_js_judge_options jo = {0};
    rc = ps_js_judge(*run, &jo, &cli->err);
    for (size_t i = 0; i < (*run)->warnings.n; i++)
        ps_warn(&cli->warnings, "%s", (*run)->warnings.msgs[i]);
    return rc;
}
