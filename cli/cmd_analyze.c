/* cmd_analyze.c - 'perfscribe analyze': judge any PerfMon log with analysis rules.
 * Streams every log through ps_log into the analysis engine (memory flat in samples). */
#include "cli.h"
#include "cmd_analyze.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const ps_opt_doc analyze_opts[] = {
    {NULL, "--rules", "PACK|FILE", PS_VAL_FILE, "rules xml", PS_OPT_REPEAT,
     "built-in pack or rule file (repeatable; default: system). FILE is perfscribe's rule format or a "
     "PAL threshold XML file; '--rules list' lists the packs"},
    {"-b", "--begin", "TIME", PS_VAL_TEXT, NULL, 0, "first sample to use (TIME as in perfscribe summary)"},
    {"-e", "--end", "TIME", PS_VAL_TEXT, NULL, 0, "last sample to use (inclusive)"},
    {NULL, "--interval", "SECONDS", PS_VAL_TEXT, NULL, 0, "time slice width, or auto (at most 30 slices, like PAL; the default)"},
    {NULL, "--set", "NAME=VALUE", PS_VAL_TEXT, NULL, PS_OPT_REPEAT,
     "answer a question of the rules: processors=N (alias NumberOfProcessors) replaces the processor "
     "count read from the log's Processor instances"},
    {NULL, "--fail-on", "LEVEL", PS_VAL_WORDS, "warning critical", 0,
     "alert level that fails the verdict, warning or critical (default critical)"},
    {NULL, "--format", "FMT", PS_VAL_WORDS, "text json html pdf", 0,
     "text (default), json, html or pdf (default from the extension of -o)"},
    {"-o", "--output", "FILE", PS_VAL_OUTPUT, "txt json html pdf", 0, "write to FILE (atomically; never over an input)"},
    PS_CLI_ENCODING_OPT,
    {NULL, "--lenient", NULL, PS_VAL_NONE, NULL, 0, "go on past malformed rows (counted, reported once)"},
    {"-q", NULL, NULL, PS_VAL_NONE, NULL, 0, "no progress bar"},
};

const ps_cmd_doc ps_doc_analyze = {
    .name = "analyze",
    .section = 1,
    .summary = "judge any PerfMon log with analysis rules (exit 0 pass, 1 fail)",
    .synopsis = "[OPTIONS] LOG...",
    .description =
        "Judge PerfMon logs (PDH-CSV, PDH-TSV, .blg; one or several machines, merged by time) with "
        "analysis rules: per time slice the statistic of every rule is compared with its warning and "
        "critical limits. Localized counter names (German, French, Spanish, ...) are read as English.",
    .opts = analyze_opts,
    .nopts = PS_DOC_N(analyze_opts),
    .operands = PS_VAL_FILE,
    .operand_values = "csv tsv blg",
    .exit_status = "0 pass, 1 fail (an alert at --fail-on level, or no rule could be evaluated), 2 usage, "
                   "3 bad input, 4 I/O error",
    .see_also = "perfscribe-chart(1), perfscribe-check(1), perfscribe-summary(1)",
};

static const char *value(int argc, char **argv, int *i, ps_cli *cli)
{
    const char *a = argv[*i], *eq = a[0] == '-' && a[1] == '-' ? strchr(a, '=') : NULL;
    if (eq)
        return eq + 1;
    if (a[1] != '-' && a[2])
        return a + 2;
    if (*i + 1 >= argc) {
        ps_cli_usage(cli, "option %s needs a value", a);
        return NULL;
    }
    return argv[++*i];
}

/* 1 when a is the option (short "-x" or long "--name", "--name=V", "-xV"). */
static int opt(const char *a, const char *s, const char *l)
{
    size_t n = l ? strlen(l) : 0;
    if (s && strncmp(a, s, 2) == 0)
        return 1;
    return l && strncmp(a, l, n) == 0 && (a[n] == 0 || a[n] == '=');
}

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

int ps_cli_an_parse(int argc, char **argv, ps_cli *cli, ps_cli_an *o, int *done)
{
    o->files = ps_xcalloc((size_t)argc + 1, sizeof *o->files);
    o->rules = ps_xcalloc((size_t)argc + 1, sizeof *o->rules);
    o->fail_on = PS_AN_CRITICAL;
    int only_files = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (only_files || a[0] != '-' || strcmp(a, "-") == 0) {
            o->files[o->nfiles++] = a;
        } else if (strcmp(a, "--") == 0) {
            only_files = 1;
        } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            *done = 1;
            return ps_cli_help(cli, &ps_doc_analyze);
        } else if (strcmp(a, "-q") == 0) {
            cli->quiet = 1;
        } else if (strcmp(a, "--lenient") == 0) {
            o->lenient = 1;
        } else if (opt(a, NULL, "--rules")) {
            if (!(v = value(argc, argv, &i, cli)))
                return PS_EUSAGE;
            if (strcmp(v, "list") == 0) {
                *done = 1;
                return list_packs();
            }
            o->rules[o->nrules++] = v;
        } else if (opt(a, NULL, "--encoding")) {
            int rc;
            if (!(v = value(argc, argv, &i, cli)))
                return PS_EUSAGE;
            if ((rc = ps_cli_encoding(cli, v, &o->encoding)))
                return rc;
        } else if (opt(a, NULL, "--interval")) {
            if (!(v = value(argc, argv, &i, cli)))
                return PS_EUSAGE;
            double s;
            if (strcmp(v, "auto") == 0)
                o->an.interval_ms = 0;
            else if (ps_parse_double(v, strlen(v), &s) == 0 && s >= 1 && s <= 86400 * 366)
                o->an.interval_ms = (int64_t)llround(s * 1000);
            else
                return ps_cli_usage(cli, "bad --interval '%s' (auto or seconds, 1 or more)", v);
        } else if (opt(a, NULL, "--set")) {
            if (!(v = value(argc, argv, &i, cli)))
                return PS_EUSAGE;
            const char *eq = strchr(v, '=');
            double n;
            int known = eq && ((eq - v == 10 && strncmp(v, "processors", 10) == 0) ||
                               (eq - v == 18 && strncmp(v, "NumberOfProcessors", 18) == 0));
            if (!known)
                return ps_cli_usage(cli, "unknown --set '%s' (known: processors=N, alias NumberOfProcessors=N; PAL's "
                                         "other questions are listed per analysis, not evaluated)", v);
            if (ps_parse_double(eq + 1, strlen(eq + 1), &n) != 0 || !(n >= 1 && n <= 65536) || n != floor(n))
                return ps_cli_usage(cli, "bad --set '%s' (a whole number of processors, 1 to 65536)", v);
            o->an.processors = (size_t)n;
        } else if (opt(a, NULL, "--fail-on")) {
            if (!(v = value(argc, argv, &i, cli)))
                return PS_EUSAGE;
            if (strcmp(v, "warning") != 0 && strcmp(v, "critical") != 0)
                return ps_cli_usage(cli, "bad --fail-on '%s' (warning or critical)", v);
            o->fail_on = v[0] == 'w' ? PS_AN_WARNING : PS_AN_CRITICAL;
        } else if (opt(a, "-b", "--begin") || opt(a, "-e", "--end")) {
            int begin = a[1] == 'b' || a[2] == 'b';
            if (!(v = value(argc, argv, &i, cli)))
                return PS_EUSAGE;
            ps_time t;
            int utc;
            if (ps_time_parse_user(v, &t, &utc) != 0)
                return ps_cli_usage(cli, "bad time '%s' (use M/D/YYYY H:MM:SS [AM|PM] or YYYY-MM-DDTHH:MM:SS)", v);
            if (begin)
                o->an.has_b = 1, o->an.b = t, o->an.b_utc = utc, o->b_text = v;
            else
                o->an.has_e = 1, o->an.e = t, o->an.e_utc = utc, o->e_text = v;
        } else if (opt(a, NULL, "--format")) {
            if (!(v = value(argc, argv, &i, cli)))
                return PS_EUSAGE;
            o->fmt = ps_format_parse(v);
            if (o->fmt != PS_FMT_TEXT && o->fmt != PS_FMT_JSON && o->fmt != PS_FMT_HTML && o->fmt != PS_FMT_PDF)
                return ps_cli_usage(cli, "unknown --format '%s' (text, json, html or pdf)", v);
        } else if (opt(a, "-o", "--output")) {
            if (!(v = value(argc, argv, &i, cli)))
                return PS_EUSAGE;
            o->out = v;
        } else {
            return ps_cli_usage(cli, "unknown option '%s'", a);
        }
    }
    if (o->nfiles == 0)
        return ps_cli_usage(cli, "no log file");
    if (!o->fmt)
        o->fmt = o->out ? ps_format_from_path(o->out) : PS_FMT_TEXT;
    if (o->fmt != PS_FMT_TEXT && o->fmt != PS_FMT_JSON && o->fmt != PS_FMT_HTML && o->fmt != PS_FMT_PDF)
        o->fmt = PS_FMT_TEXT;
    if (o->fmt == PS_FMT_PDF && (!o->out || strcmp(o->out, "-") == 0))
        return ps_cli_usage(cli, "PDF output needs -o FILE");
    return PS_OK;
}

int ps_cli_an_load_rules(ps_cli *cli, ps_cli_an *o, ps_buf *label)
{
    static const char *const dflt[] = {"system"};
    const char *const *names = o->nrules ? o->rules : dflt;
    size_t n = o->nrules ? o->nrules : 1;
    for (size_t i = 0; i < n; i++) {
        int rc = ps_rules_pack_text(names[i], NULL) ? ps_rules_load_pack(names[i], &o->set, &cli->err)
                                                    : ps_rules_read(names[i], &o->set, &cli->warnings, &cli->err);
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
    if (o->nfiles < 2 || !(o->an.has_b || o->an.has_e))
        return PS_OK;
    int known = -1, bias = 0, mixed = 0;
    for (size_t i = 0; i < o->nfiles && !mixed; i++) {
        ps_log_options lo = {.lenient = o->lenient, .warnings = &cli->warnings, .encoding = o->encoding};
        ps_log *log;
        int rc = ps_log_open(o->files[i], &lo, &log, &cli->err);
        if (rc)
            return rc;
        const ps_log_info *info = ps_log_info_get(log);
        if (known < 0)
            known = info->has_bias, bias = info->bias_minutes;
        else if (info->has_bias != known || (known && info->bias_minutes != bias))
            mixed = 1;
        ps_log_close(log);
    }
    if (mixed) {   /* the output shows UTC: read the window in UTC too */
        o->an.b_utc = o->an.e_utc = 1;
        ps_warn(&cli->warnings, "the logs were written in different time zones: times are shown in UTC, and -b/-e "
                                "without an offset are read as UTC");
    }
    return PS_OK;
}

int ps_cli_an_run(ps_cli *cli, ps_cli_an *o, ps_analysis *a)
{
    for (size_t i = 0; i < o->nfiles; i++) {
        ps_log_options lo = {.lenient = o->lenient, .warnings = &cli->warnings, .encoding = o->encoding};
        ps_log *log;
        int rc = ps_log_open(o->files[i], &lo, &log, &cli->err);
        if (rc)
            return rc;
        if ((unsigned long long)o->set.n * ps_log_info_get(log)->ncounters > PS_AN_MAX_MATCHES) {
            rc = ps_error_set(&cli->err, PS_EINPUT, o->files[i], 0, 0,
                              "%zu rules x %zu columns is more matching than one analysis allows (%llu); "
                              "select fewer rules or columns", o->set.n, ps_log_info_get(log)->ncounters,
                              (unsigned long long)PS_AN_MAX_MATCHES);
            ps_log_close(log);
            return rc;
        }
        ps_an_begin_file(a, ps_log_info_get(log));
        size_t used = ps_an_file_columns(a);
        ps_filter *f = NULL;
        if (used && used * 2 < ps_log_info_get(log)->ncounters && (f = used_filter(a, ps_log_info_get(log)))) {
            ps_log_close(log);   /* reopen reading only the used columns */
            lo.filter = f;
            if ((rc = ps_log_open(o->files[i], &lo, &log, &cli->err))) {
                ps_filter_free(f);
                return rc;
            }
            ps_an_restart_file(a, ps_log_info_get(log));
        }
        ps_row row;
        uint64_t n = 0;
        while (used && (rc = ps_log_next(log, &row, &cli->err)) > 0) {
            ps_an_add_row(a, &row);
            if ((++n & 1023) == 0 && !cli->quiet) {
                uint64_t done, total;
                ps_log_progress(log, &done, &total);
                ps_cli_progress(cli, o->files[i], done, total);
            }
        }
        ps_cli_progress_end(cli);
        if (!used)
            ps_warn(&cli->warnings, "%s: no counter of the rules in this log", o->files[i]);
        o->bad += ps_log_bad_rows(log);
        ps_an_end_file(a);
        ps_log_close(log);
        ps_filter_free(f);
        if (rc < 0)
            return -rc;
    }
    return PS_OK;
}

int ps_cli_an_output(ps_cli *cli, ps_cli_an *o, const ps_an_result *r, const char *label)
{
    if ((o->an.has_b || o->an.has_e) && r->rows == 0) {
        char t1[40], t2[40];
        ps_time lo = PS_TIME_NONE, hi = PS_TIME_NONE;
        for (size_t f = 0; f < r->nfiles; f++) {
            if (r->file_first[f] != PS_TIME_NONE && (lo == PS_TIME_NONE || r->file_first[f] < lo))
                lo = r->file_first[f];
            if (r->file_last[f] != PS_TIME_NONE && (hi == PS_TIME_NONE || r->file_last[f] > hi))
                hi = r->file_last[f];
        }
        ps_warn(&cli->warnings, "%s%s%s%s%s selects no sample: the logs cover %s to %s (%s)", o->b_text ? "-b " : "",
                o->b_text ? o->b_text : "", o->b_text && o->e_text ? " " : "", o->e_text ? "-e " : "",
                o->e_text ? o->e_text : "", ps_an_fmt_log_time(t1, sizeof t1, r, lo),
                ps_an_fmt_log_time(t2, sizeof t2, r, hi), "times as the output shows them");
    }
    ps_an_doc_info info = {.fail_on = o->fail_on, .rules_label = label};
    int rc = ps_cli_doc_date(cli, &info.generated);
    if (rc)
        return rc;
    ps_buf out = {0};
    rc = ps_an_render(&out, r, &(ps_render_opts){.fmt = o->fmt, .date = info.generated, .info = &info}, &cli->err);
    if (!rc)
        rc = ps_cli_write(cli, o->out, &out, o->files, o->nfiles);
    ps_buf_fini(&out);
    if (o->bad)
        ps_warn(&cli->warnings, "%llu malformed rows skipped or read with missing values (--lenient)",
                (unsigned long long)o->bad);
    return rc ? rc : ps_an_status(r, o->fail_on);
}

void ps_cli_an_fini(ps_cli_an *o)
{
    ps_an_ruleset_fini(&o->set);
    free(o->files);
    free(o->rules);
}

int ps_cmd_analyze(int argc, char **argv, ps_cli *cli)
{
    ps_cli_an o = {0};
    int done = 0;
    ps_buf label = {0};
    int rc = ps_cli_an_parse(argc, argv, cli, &o, &done);
    if (!rc && !done)
        rc = ps_cli_an_load_rules(cli, &o, &label);
    if (!rc && !done)
        rc = ps_cli_an_zones(cli, &o);
    if (!rc && !done) {
        ps_analysis *a = ps_an_new(&o.set, &o.an);
        rc = ps_cli_an_run(cli, &o, a);
        if (!rc)
            rc = ps_cli_an_output(cli, &o, ps_an_finish(a), label.data);
        ps_an_free(a);
    }
    ps_buf_fini(&label);
    ps_cli_an_fini(&o);
    return rc;
}
