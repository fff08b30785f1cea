/* check_dispatch.c - 'perfscribe check' on plain PerfMon logs, one rule for files, folders and
 * several operands: when every RUN argument is a counter log (format by content) or a folder whose
 * only inputs are counter logs, and no counter of them belongs to a Jetstress run, the logs are
 * judged with the analysis rules ('perfscribe analyze') instead of the Jetstress pipeline, so a
 * server log is never reported as database figures of a Jetstress "server" named after a folder.
 * --junit FILE on plain logs writes one JUnit testcase per machine (its alerts at or above
 * --fail-on are the failure's text).
 * A Jetstress run shows in its logs as the JetstressWin process or an "Instance<N>.<k>"-style
 * ESE instance of "MSExchange Database ==> Instances"/"Database ==> Instances". */
#include "cli.h"
#include "cmd_analyze.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

/* Jetstress-only options: with them the user asks for the Jetstress pipeline. */
static const char *const jetstress_only[] = {"--mailboxes", "--iops-per-mailbox", "--profile",
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

/* A folder of plain logs: discovery finds no report, configuration or Jetstress counter; its
 * counter logs are appended to *logs (owned copies). 0 when the folder is (part of) a run. */
static int plain_folder(const char *path, char ***logs, size_t *nlogs)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
        return 0;
    ps_js_run *run = NULL;
    ps_error e;
    const char *p[1] = {path};
    if (ps_js_discover(p, 1, &run, &e) != PS_OK)
        return 0;
    int plain = run->nservers > 0;
    size_t n0 = *nlogs;
    for (size_t i = 0; plain && i < run->nservers; i++) {
        const ps_js_server *s = &run->servers[i];
        plain = !s->report && !s->config && !s->ignored_report && s->nlogs;
        for (size_t k = 0; plain && k < s->nlogs; k++) {
            plain = plain_log(s->logs[k]);
            *logs = ps_xrealloc(*logs, (*nlogs + 1) * sizeof **logs);
            (*logs)[(*nlogs)++] = ps_xstrdup(s->logs[k]);
        }
    }
    ps_js_run_free(run);
    while (!plain && *nlogs > n0)
        free((*logs)[--*nlogs]);
    return plain;
}

/* check --junit on plain logs: one testcase per machine of the analysis (a server's logs), failing
 * when one of its alerts is at or above --fail-on; the failure lists those alerts as the text
 * output does (severity, slice start in the logs' clock, rule, instance, statistic, value,
 * limit). An analysis that evaluated no rule is one failing testcase "analysis" (no evidence). */
static void junit_alert(ps_buf *b, const ps_an_result *r, const ps_an_alert *a)
{
    const ps_an_series *s = &r->series[a->series];
    const ps_an_rule *ru = &r->rules->rules[s->rule];
    char t[64], v[64], l[64];
    ps_buf line = {0};
    ps_buf_printf(&line, "%s %s  %s  %s%s%s %s %s %s%s\n", ps_an_sev_name(a->sev),
                  ps_an_fmt_log_time(t, sizeof t, r, a->start), ru->id, s->instance ? s->instance : "",
                  s->instance ? "  " : "", ps_an_stat_name(a->stat), ps_an_fmt_value(v, sizeof v, a->value),
                  ps_an_op_name(ru->op), ps_an_fmt_value(l, sizeof l, a->limit), ru->unit ? ru->unit : "");
    ps_html_escape(b, line.data);
    ps_buf_fini(&line);
}

static int write_junit(ps_cli *cli, const char *path, const ps_cli_an *o, const ps_an_result *r)
{
    ps_buf b = {0};
    size_t ncases = r->rules_evaluated ? r->nmachines : 1, nfail = 0;
    size_t *bad = ps_xcalloc(ncases ? ncases : 1, sizeof *bad);   /* alerts >= fail_on per machine */
    for (size_t i = 0; r->rules_evaluated && i < r->nalerts; i++) {
        const ps_an_series *s = &r->series[r->alerts[i].series];
        for (size_t m = 0; m < r->nmachines; m++)
            if (r->alerts[i].sev >= o->fail_on && strcmp(r->machines[m], s->machine) == 0)
                bad[m]++;
    }
    for (size_t m = 0; m < ncases; m++)
        nfail += !r->rules_evaluated || bad[m] > 0;
    ps_buf_printf(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- generated by perfscribe " PS_VERSION " -->\n"
                      "<testsuite name=\"perfscribe check\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"0\">\n",
                  ncases, nfail);
    for (size_t m = 0; m < ncases; m++) {
        const char *name = !r->rules_evaluated ? "analysis" : r->machines[m][0] ? r->machines[m] : "(no machine name)";
        ps_buf_puts(&b, "  <testcase classname=\"analyze\" name=\"");
        ps_html_escape(&b, name);
        ps_buf_puts(&b, "\">\n");
        if (!r->rules_evaluated)
            ps_buf_puts(&b, "    <failure type=\"no evidence\" message=\"no rule matched a counter of the logs\"/>\n");
        else if (bad[m]) {
            ps_buf_printf(&b, "    <failure type=\"analysis\" message=\"%zu alert%s at or above %s\">", bad[m],
                          bad[m] == 1 ? "" : "s", ps_an_sev_name(o->fail_on));
            for (size_t i = 0; i < r->nalerts; i++)
                if (r->alerts[i].sev >= o->fail_on && strcmp(r->machines[m], r->series[r->alerts[i].series].machine) == 0)
                    junit_alert(&b, r, &r->alerts[i]);
            ps_buf_puts(&b, "</failure>\n");
        }
        ps_buf_puts(&b, "  </testcase>\n");
    }
    char zone[160];
    ps_buf_puts(&b, "  <system-out>times: ");
    ps_html_escape(&b, ps_an_zone_text(zone, sizeof zone, r));
    ps_buf_puts(&b, "\nlogs:\n");
    for (size_t k = 0; k < o->files.n; k++) {
        ps_html_escape(&b, o->files.v[k]);
        ps_buf_putc(&b, '\n');
    }
    ps_buf_puts(&b, "</system-out>\n</testsuite>\n");
    free(bad);
    int rc = ps_cli_write(cli, path, &b, o->files.v, o->files.n);
    ps_buf_fini(&b);
    return rc;
}

/* ps_cli_an_after: check's JUnit written from analyze's result; ctx is the file name. */
static int junit_after(ps_cli *cli, const ps_cli_an *o, const ps_an_result *r, void *ctx)
{
    return write_junit(cli, ctx, o, r);
}

int ps_cli_check_dispatch(int argc, char **argv, ps_cli *cli, int *handled)
{
    *handled = 0;
    int nfiles = 0, only_operands = 0;
    const char *junit = NULL;
    char **logs = NULL;   /* every plain log: the file operands and the logs of folder operands */
    size_t nlogs = 0;
    int rc = PS_OK, jetstress = 0;
    for (int i = 1; i < argc && !jetstress; i++) {
        const char *a = argv[i];
        if (!only_operands && a[0] == '-' && a[1]) {
            only_operands = strcmp(a, "--") == 0;
            int glued = 0;   /* check's table first, then analyze's (--rules, --fail-on, ...) */
            const ps_opt_doc *o = ps_cli_opt_lookup(&ps_doc_check, a, &glued);
            if (!o)
                o = ps_cli_opt_lookup(&ps_doc_analyze, a, &glued);
            if ((o && o->lng && in(jetstress_only, o->lng)) || o == &ps_doc_common_opts.opts[PS_COMMON_HELP])
                jetstress = 1;
            else if (o && o->lng && strcmp(o->lng, "--junit") == 0)
                junit = glued ? strchr(a, '=') + 1 : (i + 1 < argc ? argv[i + 1] : NULL);
            i += o && o->arg && !glued;
            continue;
        }
        if (plain_log(a)) {
            logs = ps_xrealloc(logs, (nlogs + 1) * sizeof *logs);
            logs[nlogs++] = ps_xstrdup(a);
            nfiles++;
        } else if (plain_folder(a, &logs, &nlogs)) {
            nfiles++;
        } else
            jetstress = 1;   /* a Jetstress run (or an error the run pipeline reports) */
    }
    if (!jetstress && nfiles) {
        /* analyze's command line: the operands replaced by the plain logs, --thresholds FILE becomes
         * --rules FILE, --json -f json, --junit FILE is check's own output (written below) */
        char **av = ps_xcalloc((size_t)argc + nlogs + 1, sizeof *av);
        int ac = 0;
        av[ac++] = "analyze";
        only_operands = 0;
        for (int i = 1; i < argc; i++) {
            const char *a = argv[i];
            if (only_operands || !(a[0] == '-' && a[1]))
                continue;   /* operands: replaced by the plain logs below */
            only_operands = strcmp(a, "--") == 0;
            if (only_operands)
                continue;
            int glued = 0;
            const ps_opt_doc *o = ps_cli_opt_lookup(&ps_doc_check, a, &glued);
            if (!o)
                o = ps_cli_opt_lookup(&ps_doc_analyze, a, &glued);
            int takes = o && o->arg && !glued;
            if (o && o->lng && strcmp(o->lng, "--junit") == 0) {
                i += takes;
                continue;
            }
            av[ac++] = strcmp(a, "--thresholds") == 0 ? "--rules" : strcmp(a, "--json") == 0 ? "--format=json" : argv[i];
            if (takes && i + 1 < argc)
                av[ac++] = argv[++i];
        }
        av[ac++] = "--";
        for (size_t k = 0; k < nlogs; k++)
            av[ac++] = logs[k];
        *handled = 1;
        rc = ps_cli_an_main(ac, av, cli, junit ? junit_after : NULL, (void *)junit);
        free(av);
    }
    for (size_t k = 0; k < nlogs; k++)
        free(logs[k]);
    free(logs);
    return rc;
}
