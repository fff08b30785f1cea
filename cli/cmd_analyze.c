/* cmd_analyze.c - 'perfscribe analyze': judge any PerfMon log with analysis rules.
 * Streams every log through ps_log into the analysis engine (memory flat in samples). */
#include "cli.h"
#include "cmd_analyze.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

static int set_fail_on(ps_cli *cli, void *field, const char *v);
static int set_question(ps_cli *cli, void *field, const char *v);

static const ps_opt_doc analyze_opts[] = {
    {NULL, "--rules", "PACK|FILE", PS_VAL_FILE, "rules xml", PS_OPT_REPEAT,
     "built-in pack or rule file (repeatable; default: system). FILE is perfscribe's rule format "
     "(perfscribe help analyze-rules) or a PAL threshold XML file; '--rules list' lists the packs",
     .kind = PS_ARG_LIST, .at = offsetof(ps_cli_an, rules)},
    {NULL, "--interval", "SECONDS", PS_VAL_TEXT, NULL, 0,
     "time slice width, or auto (at most 30 slices, like PAL; the default)", .kind = PS_ARG_CALL,
     .at = offsetof(ps_cli_an, an.interval_ms), .set = ps_cli_an_interval},
    {NULL, "--set", "NAME=VALUE", PS_VAL_TEXT, NULL, PS_OPT_REPEAT,
     "answer a question of the rules (repeatable): processors=N (alias NumberOfProcessors) replaces the "
     "processor count read from the log's Processor instances; a PAL threshold file's questions by their "
     "variable, e.g. PhysicalMemory=64 (GB), OS='Windows Server 2016', UserVa=2048",
     .kind = PS_ARG_CALL, .at = offsetof(ps_cli_an, sets), .set = set_question},
    {NULL, "--fail-on", "LEVEL", PS_VAL_WORDS, "warning critical", 0,
     "alert level that fails the verdict, warning or critical (default critical)", .kind = PS_ARG_CALL,
     .at = offsetof(ps_cli_an, fail_on), .set = set_fail_on},
    {NULL, "--jobs", "N", PS_VAL_TEXT, NULL, 0,
     "read N logs at once (a folder tree of a fleet's logs), each on its own thread; they are judged in "
     "input order all the same, so the output is that of --jobs 1 (the default)",
     .kind = PS_ARG_INT, .at = offsetof(ps_cli_an, jobs), .lo = 1, .hi = 64},
    PS_CLI_FORMAT_OPT(ps_cli_an, fmt, "text json html pdf",
                      "text (default), json, html or pdf (default from the extension of -o)"),
    PS_CLI_OUTPUT_OPT(ps_cli_an, outs, "txt json html pdf",
                      "write to FILE (atomically; never over an input); repeat for several formats (a.html, a.pdf)"),
};

const ps_cmd_doc ps_doc_analyze = {
    .name = "analyze",
    .section = 1,
    .summary = "judge any PerfMon log with analysis rules (exit 0 pass, 1 fail)",
    .synopsis = "[OPTIONS] LOG...",
    .description = "Judge PerfMon logs (PDH-CSV, PDH-TSV, .blg; one or several machines, merged by time) with "
                   "analysis rules: per time slice the statistic of every rule is compared with its warning and "
                   "critical limits. Localized counter names (German, French, Spanish, ...) are read as English. "
                   "With -o the verdict line and each file written are printed. A folder stands for every "
                   "*.blg, *.csv and *.tsv in its tree, in path order, each streamed into the analysis in turn "
                   "(--jobs N: N read at once).",
    .opts = analyze_opts,
    .nopts = PS_DOC_N(analyze_opts),
    .shared = &ps_cli_log_opts,
    .shared_at = offsetof(ps_cli_an, logs),
    .operands = PS_VAL_FILE,
    .operand_values = "csv tsv blg",
    .exit_status = "0 pass, 1 fail (an alert at --fail-on level, or no rule could be evaluated), 2 usage, "
                   "3 bad input, 4 I/O error",
    .see_also = "perfscribe-chart(1), perfscribe-check(1), perfscribe-summary(1), perfscribe-analyze-rules(5)",
};

static const enum ps_format analyze_formats[] = {PS_FMT_TEXT, PS_FMT_JSON, PS_FMT_HTML, PS_FMT_PDF, PS_FMT_NONE};

static int list_packs(void)
{
    const char *const *p = ps_rules_pack_names();
    printf("built-in rule packs (perfscribe analyze --rules NAME):\n");
    for (; *p; p++) {
        ps_an_ruleset set = {0};
        ps_error e = {0};
        ps_rules_load_pack(*p, &set, &e);
        printf("  %-18s %2zu rules  %s\n", *p, set.n, ps_rules_pack_title(*p));
        ps_an_ruleset_fini(&set);
    }
    return fflush(stdout) == 0 ? PS_OK : PS_EIO;
}

static int set_fail_on(ps_cli *cli, void *field, const char *v)
{
    if (strcmp(v, "warning") != 0 && strcmp(v, "critical") != 0)
        return ps_cli_usage(cli, "--fail-on: expected warning or critical, got '%s'", v);
    *(enum ps_an_sev *)field = v[0] == 'w' ? PS_AN_WARNING : PS_AN_CRITICAL;
    return PS_OK;
}

/* --set NAME=VALUE: kept as given; the names are checked against the rules' questions once the
 * rules are loaded (ps_cli_an_answers). */
static int set_question(ps_cli *cli, void *field, const char *v)
{
    const char *eq = strchr(v, '=');
    if (!eq || eq == v ||
        strspn(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") != (size_t)(eq - v))
        return ps_cli_usage(cli, "bad --set '%s' (NAME=VALUE, NAME a question variable without '$')", v);
    ps_cli_list_add(field, v);
    return PS_OK;
}

static int is_name(const char *set, const char *name)
{
    size_t n = strlen(name);
    return strncasecmp(set, name, n) == 0 && set[n] == '=';
}

int ps_cli_an_answers(ps_cli *cli, ps_cli_an *o)
{
    o->set_names = ps_xcalloc(o->sets.n + 1, sizeof *o->set_names);
    o->set_values = ps_xcalloc(o->sets.n + 1, sizeof *o->set_values);
    for (size_t i = 0; i < o->sets.n; i++) {
        const char *v = o->sets.v[i], *eq = strchr(v, '=');
        double n;
        int known = is_name(v, "processors") || is_name(v, "NumberOfProcessors");
        if (known && (ps_parse_double(eq + 1, strlen(eq + 1), &n) != 0 || !(n >= 1 && n <= 65536) || n != floor(n)))
            return ps_cli_usage(cli, "bad --set '%s' (a whole number of processors, 1 to 65536)", v);
        if (known)
            o->an.processors = (size_t)n;
        if (is_name(v, "PhysicalMemory") && (ps_parse_double(eq + 1, strlen(eq + 1), &n) != 0 || !(n > 0)))
            return ps_cli_usage(cli, "bad --set '%s' (the physical memory in GB, a positive number)", v);
        ps_buf known_q = {0};
        for (size_t q = 0; q < o->set.nquestions && !known; q++) {
            known = is_name(v, o->set.questions[q].var);
            ps_buf_printf(&known_q, ", %s", o->set.questions[q].var);
        }
        if (!known) {
            int rc = ps_cli_usage(cli, "unknown --set '%s' (known: processors=N, alias NumberOfProcessors=N%s%s)", v,
                                  known_q.len ? "; the questions of these rules" : "", known_q.len ? known_q.data : "");
            ps_buf_fini(&known_q);
            return rc;
        }
        ps_buf_fini(&known_q);
        o->set_names[i] = ps_xstrndup(v, (size_t)(eq - v));
        o->set_values[i] = eq + 1;
    }
    o->an.set_names = (const char *const *)o->set_names;
    o->an.set_values = o->set_values;
    o->an.nset = o->sets.n;
    return PS_OK;
}

int ps_cli_an_interval(ps_cli *cli, void *field, const char *v)
{
    double s;
    if (strcmp(v, "auto") == 0)
        *(int64_t *)field = 0;
    else if (ps_parse_double(v, strlen(v), &s) == 0 && s >= 1 && s <= 86400 * 366)
        *(int64_t *)field = (int64_t)llround(s * 1000);
    else
        return ps_cli_usage(cli, "--interval: expected auto or a number of seconds from 1 to 31622400, got '%s'", v);
    return PS_OK;
}

int ps_cli_an_finish(ps_cli *cli, ps_cli_an *o)
{
    for (size_t i = 0; i < o->rules.n; i++)
        if (strcmp(o->rules.v[i], "list") == 0) { /* --rules list: the packs, nothing else */
            int rc = list_packs();
            return rc ? rc : PS_CLI_DONE;
        }
    if (o->files.n == 0)
        return ps_cli_usage(cli, "no log file");
    const ps_cli_logs *l = &o->logs;
    o->an.has_b = l->b.set, o->an.b = l->b.t, o->an.b_utc = l->b.utc;
    o->an.has_e = l->e.set, o->an.e = l->e.t, o->an.e_utc = l->e.utc;
    o->b_text = l->b.set ? l->b.text : NULL;
    o->e_text = l->e.set ? l->e.text : NULL;
    return ps_cli_window_check(cli, &l->b, &l->e);
}

/* 1 when the file at path reads as a Jetstress threshold file (perfscribe-rules(5)): its first
 * line that is neither blank nor a comment starts with a quoted counter path. */
static int jetstress_threshold_file(const char *path)
{
    FILE *fp = fopen(path, "rb");
    char line[512];
    int yes = 0;
    while (fp && fgets(line, sizeof line, fp)) {
        const char *p = line + strspn(line, " \t\r\n");
        if (*p == 0 || *p == '#')
            continue;
        yes = *p == '"';
        break;
    }
    if (fp)
        fclose(fp);
    return yes;
}

/* --rules NAME that is neither a pack nor a file: a usage error listing the packs. */
static int unknown_pack(ps_cli *cli, const char *name)
{
    ps_buf b = {0};
    for (const char *const *p = ps_rules_pack_names(); *p; p++)
        ps_buf_printf(&b, "%s%s", b.len ? ", " : "", *p);
    int rc = ps_cli_usage(cli, "--rules %s: no built-in pack (%s) or rule file of that name", name, b.data);
    ps_buf_fini(&b);
    return rc;
}

int ps_cli_an_load_rules(ps_cli *cli, ps_cli_an *o, ps_buf *label)
{
    static const char *const dflt[] = {"system"};
    const char *const *names = o->rules.n ? o->rules.v : dflt;
    size_t n = o->rules.n ? o->rules.n : 1;
    for (size_t i = 0; i < n; i++) {
        int rc;
        if (ps_rules_pack_text(names[i], NULL)) {
            rc = ps_rules_load_pack(names[i], &o->set, &cli->err);
        } else if (access(names[i], F_OK) != 0 && !strchr(names[i], '/')) {
            rc = unknown_pack(cli, names[i]);
        } else {
            rc = ps_rules_read(names[i], &o->set, &cli->warnings, &cli->err);
            if (rc == PS_EINPUT && jetstress_threshold_file(names[i]))
                rc = ps_error_set(&cli->err, PS_EINPUT, names[i], 0, 0,
                                  "a Jetstress threshold file (perfscribe help rules), for check, jetstress and "
                                  "report --thresholds; analyze reads [rule] files (perfscribe help "
                                  "analyze-rules) and PAL threshold XML");
        }
        if (rc)
            return rc;
        if (o->set.n > PS_AN_MAX_RULES)
            return ps_error_set(&cli->err, PS_EINPUT, names[i], 0, 0,
                                "too many rules: %zu, at most " PS_AN_MAX_RULES_TEXT " in one analysis", o->set.n);
        ps_buf_printf(label, "%s%s", i ? ", " : "", names[i]);
    }
    if (o->set.n == 0)
        return ps_error_set(&cli->err, PS_EINPUT, names[0], 0, 0, "no rule could be loaded (%zu refused)",
                            o->set.nrefused);
    return PS_OK;
}

/* Exact-path filter of the columns some rule uses (the reader then skips the others); NULL when
 * a path cannot be written as a pattern (then every column is read). */
static ps_filter *used_filter(ps_analysis *a, const ps_log_info *info)
{
    ps_filter *f = ps_filter_new();
    for (size_t c = 0; c < info->ncounters; c++) {
        ps_error e;
        if (!ps_an_column_used(a, c))
            continue;
        if (strchr(info->counters[c].full, '*') || ps_filter_add(f, info->counters[c].full, &e) != PS_OK) {
            ps_filter_free(f);
            return NULL;
        }
    }
    return f;
}

int ps_cli_an_zones(ps_cli *cli, ps_cli_an *o)
{
    if (o->files.n < 2 || !(o->an.has_b || o->an.has_e))
        return PS_OK;
    int known = -1, bias = 0, mixed = 0;
    for (size_t i = 0; i < o->files.n && !mixed; i++) {
        ps_log_options lo = ps_cli_log_options(cli, &o->logs, NULL);
        ps_log *log;
        int rc = ps_log_open(o->files.v[i], &lo, &log, &cli->err);
        if (rc)
            return rc;
        const ps_log_info *info = ps_log_info_get(log);
        if (known < 0)
            known = info->has_bias, bias = info->bias_minutes;
        else if (info->has_bias != known || (known && info->bias_minutes != bias))
            mixed = 1;
        ps_log_close(log);
    }
    if (mixed) { /* the output shows UTC: read the window in UTC too */
        o->an.b_utc = o->an.e_utc = 1;
        ps_warn(&cli->warnings, "the logs were written in different time zones: times are shown in UTC, and -b/-e "
                                "without an offset are read as UTC");
    }
    return PS_OK;
}

/* Refuse a log whose columns would take more matching than one analysis allows. */
static int too_much_matching(ps_cli *cli, size_t nscan, const char *path, const ps_log_info *info)
{
    if ((unsigned long long)nscan * info->ncounters <= PS_AN_MAX_MATCHES)
        return PS_OK;
    return ps_error_set(&cli->err, PS_EINPUT, path, 0, 0,
                        "%zu rules with a wildcard object or counter x %zu columns is more matching than "
                        "one analysis allows (%llu); select fewer rules or columns",
                        nscan, info->ncounters, (unsigned long long)PS_AN_MAX_MATCHES);
}

/* How to read a file a has just begun (ps_an_begin_file with its header info): the number of
 * columns some rule uses (0: no row is read), and in *f a filter of them to reopen the file with
 * when that skips at least half of its columns, else NULL (the used paths are exact patterns:
 * two hash lookups per column, ps_filter_match). */
static size_t read_plan(ps_analysis *a, const ps_log_info *info, ps_filter **f)
{
    size_t used = ps_an_file_columns(a), ncols = info->ncounters;
    *f = NULL;
    if (used && used * 2 < ncols)
        *f = used_filter(a, info);
    return used;
}

/* Rows of one file into a, then its end; progress under name unless quiet. */
static int add_rows(ps_cli *cli, ps_analysis *a, ps_log *log, const char *name, size_t used)
{
    ps_row row;
    uint64_t n = 0;
    int rc = 0;
    while (used && (rc = ps_log_next(log, &row, &cli->err)) > 0) {
        ps_an_add_row(a, &row);
        if ((++n & 1023) == 0 && !cli->quiet) {
            uint64_t done, total;
            ps_log_progress(log, &done, &total);
            ps_cli_progress(cli, name, done, total);
        }
    }
    ps_cli_progress_end(cli);
    return rc < 0 ? -rc : PS_OK;
}

static int run_in_turn(ps_cli *cli, ps_cli_an *o, ps_analysis *a, size_t nscan)
{
    for (size_t i = 0; i < o->files.n; i++) {
        ps_log_options lo = ps_cli_log_options(cli, &o->logs, NULL);
        ps_log *log;
        int rc = ps_log_open(o->files.v[i], &lo, &log, &cli->err);
        if (rc)
            return rc;
        if ((rc = too_much_matching(cli, nscan, o->files.v[i], ps_log_info_get(log)))) {
            ps_log_close(log);
            return rc;
        }
        ps_an_begin_file(a, ps_log_info_get(log));
        ps_filter *f;
        size_t used = read_plan(a, ps_log_info_get(log), &f);
        if (f) {
            ps_log_close(log); /* reopen reading only the used columns */
            lo.filter = f;
            if ((rc = ps_log_open(o->files.v[i], &lo, &log, &cli->err))) {
                ps_filter_free(f);
                return rc;
            }
            ps_an_restart_file(a, ps_log_info_get(log));
        }
        rc = add_rows(cli, a, log, o->files.v[i], used);
        if (!used)
            ps_warn(&cli->warnings, "%s: no counter of the rules in this log", o->files.v[i]);
        o->bad += ps_log_bad_rows(log);
        ps_an_end_file(a);
        ps_log_close(log);
        ps_filter_free(f);
        if (rc)
            return rc;
    }
    return PS_OK;
}

/* --jobs: what a worker needs to plan a log's reading on its own (a scratch engine). */
typedef struct an_ahead {
    const ps_an_ruleset *set;
    const ps_an_options *opt;
    size_t nscan;
} an_ahead;

/* ps_cli_ahead_plan: read_plan on a scratch engine (which columns some rule uses depends only on
 * the rules and the log's columns); no rows for a log that too_much_matching refuses. */
static int plan_ahead(void *ctx, const ps_log_info *info, ps_filter **f)
{
    const an_ahead *c = ctx;
    *f = NULL;
    if ((unsigned long long)c->nscan * info->ncounters > PS_AN_MAX_MATCHES)
        return 0;
    ps_analysis *scratch = ps_an_new(c->set, c->opt);
    ps_an_begin_file(scratch, info);
    size_t used = read_plan(scratch, info, f);
    ps_an_free(scratch);
    return used != 0;
}

/* --jobs N: the logs read ahead on N threads, each taken into a in input order exactly as
 * run_in_turn takes it (the same calls with the same rows, warnings and errors). */
static int run_ahead(ps_cli *cli, ps_cli_an *o, ps_analysis *a, size_t nscan, ps_cli_ahead *ah)
{
    int rc = PS_OK;
    for (size_t i = 0; i < o->files.n && !rc; i++) {
        ps_log *first, *log;
        rc = ps_cli_ahead_open(ah, i, &first, &log, &cli->err);
        if (!rc)
            rc = too_much_matching(cli, nscan, o->files.v[i], ps_log_info_get(first));
        size_t used = 0;
        if (!rc) {
            ps_an_begin_file(a, ps_log_info_get(first));
            used = ps_an_file_columns(a);
            if (log != first)
                ps_an_restart_file(a, ps_log_info_get(log));
            ps_row row;
            int got = 0;
            while (used && (got = ps_cli_ahead_next(ah, i, &row, &cli->err)) > 0)
                ps_an_add_row(a, &row);
            rc = got < 0 ? -got : PS_OK;
            ps_an_end_file(a);
        }
        o->bad += ps_cli_ahead_done(ah, i, &cli->warnings);
        if (!rc && !used)
            ps_warn(&cli->warnings, "%s: no counter of the rules in this log", o->files.v[i]);
    }
    return rc;
}

int ps_cli_an_run(ps_cli *cli, ps_cli_an *o, ps_analysis *a)
{
    size_t nscan = ps_an_scan_rules(&o->set);
    ps_cli_ahead *ah = NULL;
    an_ahead ctx = {&o->set, &o->an, nscan};
    if (o->jobs > 1 && o->files.n > 1) {
        ps_log_options lo = ps_cli_log_options(cli, &o->logs, NULL);
        ah = ps_cli_ahead_start(cli, (const char *const *)o->files.v, o->files.n, o->jobs, &lo, plan_ahead, &ctx);
    }
    if (!ah)
        return run_in_turn(cli, o, a, nscan);
    int rc = run_ahead(cli, o, a, nscan, ah);
    ps_cli_ahead_stop(ah);
    return rc;
}

int ps_cli_an_output(ps_cli *cli, ps_cli_an *o, const ps_an_result *r, const char *label)
{
    if ((o->an.has_b || o->an.has_e) && r->rows == 0) {
        char t1[40], t2[40], covered[160];
        ps_time lo = PS_TIME_NONE, hi = PS_TIME_NONE;
        for (size_t f = 0; f < r->nfiles; f++) {
            if (r->file_first[f] != PS_TIME_NONE && (lo == PS_TIME_NONE || r->file_first[f] < lo))
                lo = r->file_first[f];
            if (r->file_last[f] != PS_TIME_NONE && (hi == PS_TIME_NONE || r->file_last[f] > hi))
                hi = r->file_last[f];
        }
        snprintf(covered, sizeof covered, "the logs cover %s to %s (times as the output shows them)",
                 ps_an_fmt_log_time(t1, sizeof t1, r, lo), ps_an_fmt_log_time(t2, sizeof t2, r, hi));
        if (lo != PS_TIME_NONE) /* else no log was read: "no counter of the rules" says why */
            ps_cli_window_selects_nothing(cli, &o->logs, covered);
    }
    if (o->bad)
        ps_warn(&cli->warnings, "%llu malformed rows skipped or read with missing values (--lenient)",
                (unsigned long long)o->bad);
    ps_an_doc_info info = {.fail_on = o->fail_on,
                           .rules_label = label,
                           .warnings = (const char *const *)cli->warnings.msgs,
                           .nwarnings = cli->warnings.n};
    ps_cli_out *outs = NULL;
    size_t nouts = 0;
    int rc = ps_cli_doc_date(cli, &info.generated);
    if (!rc)
        rc = ps_cli_outputs(cli, &o->outs, o->fmt, analyze_formats, PS_FMT_TEXT, &outs, &nouts);
    for (size_t i = 0; i < nouts && !rc; i++) {
        if (outs[i].fmt == PS_FMT_PDF && (!outs[i].path || strcmp(outs[i].path, "-") == 0))
            rc = ps_cli_usage(cli, "PDF output needs -o FILE");
    }
    for (size_t i = 0; i < nouts && !rc; i++) {
        ps_buf out = {0};
        rc = ps_an_render(&out, r, &(ps_render_opts){.fmt = outs[i].fmt, .date = info.generated, .info = &info},
                          &cli->err);
        if (!rc)
            rc = ps_cli_write_fmt(cli, outs[i].path, outs[i].fmt, &out, o->files.v, o->files.n);
        ps_buf_fini(&out);
    }
    free(outs);
    if (rc)
        return rc;
    rc = ps_an_status(r, o->fail_on);
    snprintf(cli->verdict, sizeof cli->verdict, "perfscribe analyze: %s", rc == PS_OK ? "pass" : "fail");
    return rc;
}

void ps_cli_an_fini(ps_cli_an *o, const ps_cmd_doc *doc)
{
    for (size_t i = 0; o->set_names && i < o->sets.n; i++)
        free(o->set_names[i]);
    free(o->set_names);
    free(o->set_values);
    free(o->sets.v);
    ps_an_ruleset_fini(&o->set);
    ps_cli_parse_free(doc, o, &o->files);
}

int ps_cli_an_main(int argc, char **argv, ps_cli *cli, ps_cli_an_after after, void *ctx)
{
    ps_cli_an o = {.fail_on = PS_AN_CRITICAL};
    ps_buf label = {0};
    ps_cli_paths tree = {0};
    int rc = ps_cli_parse(cli, &ps_doc_analyze, argc, argv, &o, &o.files);
    if (!rc && o.files.n)
        rc = ps_cli_log_tree_list(cli, &o.files, &tree); /* folders: the logs of their trees */
    if (!rc)
        rc = ps_cli_an_finish(cli, &o);
    if (!rc)
        rc = ps_cli_an_load_rules(cli, &o, &label);
    if (!rc)
        rc = ps_cli_an_answers(cli, &o);
    if (!rc)
        rc = ps_cli_an_zones(cli, &o);
    if (!rc) {
        ps_analysis *a = ps_an_new(&o.set, &o.an);
        rc = ps_cli_an_run(cli, &o, a);
        if (!rc) {
            const ps_an_result *r = ps_an_finish(a);
            rc = ps_cli_an_output(cli, &o, r, label.data);
            if (after && (rc == PS_OK || rc == PS_EFAIL)) {
                int arc = after(cli, &o, r, ctx);
                rc = arc ? arc : rc;
            }
        }
        ps_an_free(a);
    }
    ps_buf_fini(&label);
    ps_cli_an_fini(&o, &ps_doc_analyze);
    ps_cli_paths_free(&tree);
    return rc == PS_CLI_DONE ? PS_OK : rc;
}

int ps_cmd_analyze(int argc, char **argv, ps_cli *cli)
{
    return ps_cli_an_main(argc, argv, cli, NULL, NULL);
}
