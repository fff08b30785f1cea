/* cmd_trend.c - 'perfscribe trend': compare runs across configurations and generations. */
#include "cli.h"

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
    "usage: perfscribe trend LABEL=PATH... [--table FILE] [options]\n"
    "\n"
    "Compares Jetstress runs (a run directory, a set of reports, or a counter log per label) in\n"
    "the order given, relative to a baseline label, as 'NN% [value unit]'.\n"
    "\n"
    "  LABEL=PATH            a run; PATH is a directory or file (repeat for several runs)\n"
    "  --table FILE          absolute figures per label from a table file (published results)\n"
    "  --baseline LABEL      baseline label (default: the first)\n"
    "  --load LABEL=VALUE    load variable of a label (users, mailboxes, threads); repeatable\n"
    "  --load-name NAME      name of the load variable (default: users)\n"
    "  --mailboxes LABEL=N   mailboxes of a run (default: sum of MailboxCount of its configs)\n"
    "  --disks LABEL=N       disks of a run, for IOPS per disk\n"
    "  --format text|json    standard output format (default text)\n"
    "  -o FILE               output by extension: .txt .json (repeatable)\n"
    "  -b, --begin TIME      -e, --end TIME: restrict the logs' time range\n"
    "  --lenient             skip malformed log rows instead of failing\n"
    "  -q                    no progress output\n";

typedef struct kv {
    char *label;
    double v;
} kv;

typedef struct trend_opts {
    char **outputs; size_t nout;
    const char *baseline, *table, *load_name;
    enum ps_format fmt;
    kv *loads, *mailboxes, *disks;
    size_t nloads, nmailboxes, ndisks;
    ps_js_options js;
} trend_opts;

static int add_kv(ps_cli *cli, kv **arr, size_t *n, const char *arg, const char *opt)
{
    const char *eq = strrchr(arg, '=');
    double v;
    if (!eq || eq == arg || ps_parse_double(eq + 1, strlen(eq + 1), &v) != 0)
        return ps_cli_usage(cli, "%s expects LABEL=NUMBER, got '%s'", opt, arg);
    *arr = ps_xrealloc(*arr, (*n + 1) * sizeof **arr);
    (*arr)[*n].label = ps_xstrndup(arg, (size_t)(eq - arg));
    (*arr)[*n].v = v;
    (*n)++;
    return PS_OK;
}

static double kv_get(const kv *arr, size_t n, const char *label)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(arr[i].label, label) == 0)
            return arr[i].v;
    return NAN;
}

static void kv_free(kv *arr, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(arr[i].label);
    free(arr);
}

/* Mailboxes of a run: sum of the configs' MailboxCount over the servers in the aggregate. */
static double run_mailboxes(const ps_js_run *run)
{
    double sum = 0;
    int perf = 0;
    for (size_t i = 0; i < run->nservers; i++)
        perf |= run->servers[i].test_type == PS_TEST_PERFORMANCE;
    for (size_t i = 0; i < run->nservers; i++) {
        const ps_js_server *s = &run->servers[i];
        if (perf && s->test_type != PS_TEST_PERFORMANCE)
            continue;
        if (!s->config || !(s->config->mailbox_count > 0))
            return NAN;
        sum += s->config->mailbox_count;
    }
    return sum > 0 ? sum : NAN;
}

static int parse_args(int argc, char **argv, ps_cli *cli, trend_opts *o, char ***runs, size_t *nruns)
{
    enum { O_TABLE = 256, O_BASE, O_LOAD, O_LOADNAME, O_MBX, O_DISKS, O_FORMAT, O_LENIENT };
    static const struct option longs[] = {
        {"table", required_argument, 0, O_TABLE}, {"baseline", required_argument, 0, O_BASE},
        {"load", required_argument, 0, O_LOAD}, {"load-name", required_argument, 0, O_LOADNAME},
        {"mailboxes", required_argument, 0, O_MBX}, {"disks", required_argument, 0, O_DISKS},
        {"format", required_argument, 0, O_FORMAT}, {"lenient", no_argument, 0, O_LENIENT},
        {"begin", required_argument, 0, 'b'}, {"end", required_argument, 0, 'e'},
        {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    int c, rc = PS_OK;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "+o:b:e:qh", longs, NULL)) != -1) {
        switch (c) {
        case 'o':
            o->outputs = ps_xrealloc(o->outputs, (o->nout + 1) * sizeof *o->outputs);
            o->outputs[o->nout++] = optarg;
            break;
        case 'b':
        case 'e': {
            ps_time t;
            if (ps_time_parse_user(optarg, &t, NULL) != 0)
                return ps_cli_usage(cli, "cannot parse time '%s'", optarg);
            if (c == 'b')
                o->js.has_begin = 1, o->js.begin = t;
            else
                o->js.has_end = 1, o->js.end = t;
            break;
        }
        case 'q': cli->quiet = 1; break;
        case 'h': fputs(usage_text, stdout); return -1;
        case O_TABLE: o->table = optarg; break;
        case O_BASE: o->baseline = optarg; break;
        case O_LOADNAME: o->load_name = optarg; break;
        case O_LENIENT: o->js.lenient = 1; break;
        case O_LOAD: rc = add_kv(cli, &o->loads, &o->nloads, optarg, "--load"); break;
        case O_MBX: rc = add_kv(cli, &o->mailboxes, &o->nmailboxes, optarg, "--mailboxes"); break;
        case O_DISKS: rc = add_kv(cli, &o->disks, &o->ndisks, optarg, "--disks"); break;
        case O_FORMAT:
            o->fmt = ps_format_parse(optarg);
            if (o->fmt != PS_FMT_TEXT && o->fmt != PS_FMT_JSON)
                return ps_cli_usage(cli, "--format must be text or json");
            break;
        default:
            return ps_cli_usage(cli, "unknown or incomplete option '%s'", argv[optind - 1]);
        }
        if (rc)
            return rc;
    }
    *runs = argv + optind;
    *nruns = (size_t)(argc - optind);
    for (size_t i = 0; i < *nruns; i++) {
        const char *eq = strchr((*runs)[i], '=');
        if (!eq || eq == (*runs)[i] || !eq[1])
            return ps_cli_usage(cli, "expected LABEL=PATH, got '%s'", (*runs)[i]);
    }
    if (!*nruns && !o->table)
        return ps_cli_usage(cli, "nothing to compare: give LABEL=PATH arguments or --table FILE");
    return PS_OK;
}

static int render_to(ps_cli *cli, const ps_trend *t, const char *path, enum ps_format f,
                     const char *const *inputs, size_t ninputs)
{
    ps_buf b = {0};
    if (f == PS_FMT_JSON)
        ps_trend_render_json(t, &b);
    else if (f == PS_FMT_TEXT)
        ps_trend_render_text(t, &b);
    else {
        ps_buf_free(&b);
        return ps_cli_usage(cli, "cannot write '%s': trend writes .txt or .json", path);
    }
    int rc = ps_cli_write(cli, path, &b, inputs, ninputs);
    ps_buf_free(&b);
    return rc;
}

int ps_cmd_trend(int argc, char **argv, ps_cli *cli)
{
    trend_opts o;
    memset(&o, 0, sizeof o);
    o.fmt = PS_FMT_TEXT;
    char **runs = NULL;
    size_t nruns = 0;
    ps_trend t;
    memset(&t, 0, sizeof t);
    int rc = parse_args(argc, argv, cli, &o, &runs, &nruns);
    if (rc == -1) {
        rc = PS_OK;
        goto out;
    }
    if (rc)
        goto out;
    const char **inputs = ps_xcalloc(nruns + 1, sizeof *inputs);
    size_t ninputs = 0;
    if (o.table) {
        inputs[ninputs++] = o.table;
        if ((rc = ps_trend_table_read(o.table, &t, &cli->err)) != PS_OK)
            goto out_inputs;
    }
    for (size_t i = 0; i < nruns; i++) {
        char *eq = strchr(runs[i], '=');
        char *label = ps_xstrndup(runs[i], (size_t)(eq - runs[i]));
        const char *path = eq + 1;
        inputs[ninputs++] = path;
        if (ps_trend_find_label(&t, label) >= 0) {
            rc = ps_cli_usage(cli, "label '%s' given twice", label);
            free(label);
            goto out_inputs;
        }
        ps_js_run *run = NULL;
        rc = ps_js_load(&path, 1, &o.js, &run, &cli->err);
        if (rc) {
            free(label);
            goto out_inputs;
        }
        for (size_t w = 0; w < run->warnings.n; w++)
            ps_warn(&cli->warnings, "%s: %s", label, run->warnings.msgs[w]);
        size_t l = ps_trend_add_label(&t, label);
        double mbx = kv_get(o.mailboxes, o.nmailboxes, label);
        if (isnan(mbx))
            mbx = run_mailboxes(run);
        ps_trend_from_run(&t, l, run, mbx, kv_get(o.disks, o.ndisks, label));
        ps_js_run_free(run);
        free(label);
    }
    for (size_t i = 0; i < o.nloads; i++) {
        long l = ps_trend_find_label(&t, o.loads[i].label);
        if (l < 0) {
            rc = ps_cli_usage(cli, "--load names an unknown label '%s'", o.loads[i].label);
            goto out_inputs;
        }
        t.load[l] = o.loads[i].v;
    }
    if (o.nloads && !t.load_name)
        t.load_name = ps_xstrdup(o.load_name ? o.load_name : "users");
    else if (o.load_name) {
        free(t.load_name);
        t.load_name = ps_xstrdup(o.load_name);
    }
    if (o.baseline) {
        long l = ps_trend_find_label(&t, o.baseline);
        if (l < 0) {
            rc = ps_cli_usage(cli, "--baseline names an unknown label '%s'", o.baseline);
            goto out_inputs;
        }
        t.baseline = (size_t)l;
    }
    if (!o.nout)
        rc = render_to(cli, &t, "-", o.fmt, inputs, ninputs);
    for (size_t i = 0; i < o.nout && rc == PS_OK; i++) {
        enum ps_format f = ps_format_from_path(o.outputs[i]);
        rc = render_to(cli, &t, o.outputs[i], f, inputs, ninputs);
    }
out_inputs:
    free(inputs);
out:
    ps_trend_free(&t);
    kv_free(o.loads, o.nloads);
    kv_free(o.mailboxes, o.nmailboxes);
    kv_free(o.disks, o.ndisks);
    free(o.outputs);
    return rc;
}
