/* check_dispatch.c - 'perfscribe check' on plain PerfMon logs: when every RUN argument is a
 * counter log (format by content) and no counter of them belongs to a Jetstress run, the logs are
 * judged with the analysis rules ('perfscribe analyze') instead of the Jetstress pipeline, so a
 * server log is never reported as database figures of a Jetstress "server" named after a folder.
 * A Jetstress run shows in its logs as the JetstressWin process or an "Instance<N>.<k>"-style
 * ESE instance of "MSExchange Database ==> Instances"/"Database ==> Instances". */
#include "cli.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

/* Jetstress-only options: with them the user asks for the Jetstress pipeline. */
static const char *const jetstress_only[] = {"--mailboxes", "--iops-per-mailbox", "--profile", "--junit",
                                             "--lenient-thresholds", "--no-qualification", NULL};

static int in(const char *const *list, const char *s)
{
    for (; *list; list++)
        if (strcmp(*list, s) == 0)
            return 1;
    return 0;
}

static int mentions_jetstress(const ps_counter_path *p)
{
    const char *parts[] = {p->object, p->parent, p->instance};
    for (size_t i = 0; i < 3; i++)
        if (parts[i] && ps_glob_match("*jetstress*", parts[i]))
            return 1;
    return p->instance && ps_glob_match("*Database*", p->object) && strncasecmp(p->instance, "Instance", 8) == 0 &&
           isdigit((unsigned char)p->instance[8]);
}

/* 1 when path is a regular file that opens as a counter log without Jetstress counters. */
static int plain_log(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return 0;
    ps_log *log;
    ps_error e;
    ps_log_options lo = {0};
    if (ps_log_open(path, &lo, &log, &e) != PS_OK)
        return 0;
    const ps_log_info *info = ps_log_info_get(log);
    int plain = 1;
    for (size_t c = 0; c < info->ncounters && plain; c++)
        plain = !mentions_jetstress(&info->counters[c]);
    ps_log_close(log);
    return plain;
}

int ps_cli_check_dispatch(int argc, char **argv, ps_cli *cli, int *handled)
{
    *handled = 0;
    int nfiles = 0, only_operands = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!only_operands && a[0] == '-' && a[1]) {
            only_operands = strcmp(a, "--") == 0;
            int glued = 0;   /* check's table first, then analyze's (--rules, --fail-on, ...) */
            const ps_opt_doc *o = ps_cli_opt_lookup(&ps_doc_check, a, &glued);
            if (!o)
                o = ps_cli_opt_lookup(&ps_doc_analyze, a, &glued);
            if (o && (o->lng ? in(jetstress_only, o->lng) : 0))
                return PS_OK;
            if (o == &ps_doc_common_opts.opts[PS_COMMON_HELP])
                return PS_OK;
            i += o && o->arg && !glued;
            continue;
        }
        if (!plain_log(a))
            return PS_OK;
        nfiles++;
    }
    if (nfiles == 0)
        return PS_OK;
    /* analyze's command line: --thresholds FILE becomes --rules FILE, --json -f json */
    char **av = ps_xcalloc((size_t)argc + 1, sizeof *av);
    for (int i = 0; i < argc; i++)
        av[i] = strcmp(argv[i], "--thresholds") == 0 ? "--rules" : strcmp(argv[i], "--json") == 0 ? "--format=json"
                                                                                                  : argv[i];
    av[0] = "analyze";
    *handled = 1;
    int rc = ps_cmd_analyze(argc, av, cli);
    free(av);
    return rc;
}
