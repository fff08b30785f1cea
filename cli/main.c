/* main.c - perfscribe: parse the sub-command, run it, print its error once, map exit codes. */
#include "cli.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    ps_cmd_fn fn;
    const char *summary;
} commands[] = {
    {"summary", ps_cmd_summary, "statistics of every counter in PerfMon logs (CSV, TSV, .blg)"},
    {"convert", ps_cmd_convert, "convert PerfMon logs to relog-compatible CSV or TSV"},
    {"jetstress", ps_cmd_jetstress, "recompute Jetstress results per instance, server and solution"},
    {"check", ps_cmd_check, "judge Jetstress runs against thresholds (exit 0 pass, 1 fail)"},
    {"audit", ps_cmd_audit, "audit published ESRP papers and Jetstress reports"},
    {"report", ps_cmd_report, "render an ESRP document (HTML, PDF) with charts"},
    {"trend", ps_cmd_trend, "compare runs across configurations and hardware generations"},
};

/* Print "perfscribe: <kind><msg>\n" to stderr, msg escaped for a terminal (ps_term_escape):
 * messages quote input text (counter paths, cells, file names), which must never reach the
 * terminal raw. */
static void print_safe(const char *kind, const char *msg)
{
    ps_buf b = {0};
    ps_term_escape(&b, msg);
    fprintf(stderr, "perfscribe: %s%s\n", kind, b.data ? b.data : "");
    ps_buf_free(&b);
}

/* Warnings of one shape (the text after the first "NAME: ", e.g. "not a PerfMon counter log,
 * ignored" for ten thousand junk files) are printed WARN_SHOWN_PER_SHAPE times, then once as
 * "and N more: SHAPE". At most WARN_SHAPES shapes are tracked; others print as they are. */
#define WARN_SHOWN_PER_SHAPE 5
#define WARN_SHAPES 32

static void print_warnings(const ps_warnings *w)
{
    struct shape { const char *rest; size_t n; } shape[WARN_SHAPES];
    size_t nshape = 0;
    for (size_t i = 0; i < w->n; i++) {
        const char *msg = w->msgs[i], *sep = strstr(msg, ": ");
        const char *rest = sep ? sep + 2 : msg;
        size_t k = 0;
        while (k < nshape && strcmp(shape[k].rest, rest) != 0)
            k++;
        if (k == nshape && nshape < WARN_SHAPES)
            shape[nshape++] = (struct shape){rest, 0};
        if (k < nshape && ++shape[k].n > WARN_SHOWN_PER_SHAPE)
            continue;
        print_safe("warning: ", msg);
    }
    for (size_t k = 0; k < nshape; k++)
        if (shape[k].n > WARN_SHOWN_PER_SHAPE) {
            char line[64];
            snprintf(line, sizeof line, "warning: and %zu more: ", shape[k].n - WARN_SHOWN_PER_SHAPE);
            print_safe(line, shape[k].rest);
        }
}

/* The end of every command: standard output flushed; a reader that closed the pipe (| head)
 * is a normal end (exit 0, quiet); any other write error is exit 4 with its reason. */
static int finish(int rc)
{
    errno = 0;
    int bad = fflush(stdout) != 0 || ferror(stdout);
    int e = errno ? errno : EIO;
    if (ps_outfile_stdout_closed() || (bad && e == EPIPE))
        return PS_OK;
    if (bad && rc == PS_OK) {
        fprintf(stderr, "perfscribe: <stdout>: write error: %s\n", strerror(e));
        return PS_EIO;
    }
    return rc;
}

static void usage(FILE *fp)
{
    fprintf(fp, "usage: perfscribe COMMAND [OPTIONS] [FILE...]\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(fp, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(fp, "  %-10s %s\n", "help", "this text; 'perfscribe help COMMAND' or 'COMMAND --help' for one command");
    fprintf(fp, "\noptions:\n  --version  print the version\n  -q         no progress bar\n"
                "\nexit codes: 0 ok/pass, 1 verdict fail or audit findings, 2 usage, 3 bad input, 4 I/O error\n");
}

static void unknown(const char *what, const char *name)
{
    ps_buf b = {0};
    ps_buf_printf(&b, "unknown %s '%s'", what, name);
    print_safe("", b.data);
    ps_buf_free(&b);
}

/* Options valid before the command (and after it, for every command): -q/--quiet. */
static int global_option(const char *a, ps_cli *cli)
{
    if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0) {
        cli->quiet = 1;
        return 1;
    }
    return 0;
}

static int run_command(size_t i, int argc, char **argv, ps_cli *cli)
{
    int rc = commands[i].fn(argc, argv, cli);
    ps_chart_release_caches();   /* cairo/fontconfig process caches (clean leak reports) */
    print_warnings(&cli->warnings);
    ps_warnings_free(&cli->warnings);
    if (rc == PS_EIO && ps_outfile_stdout_closed())
        return finish(PS_OK);   /* | head: the reader has what it wanted */
    if (rc != PS_OK && cli->err.msg[0]) {
        char line[1200];
        ps_error_format(&cli->err, line, sizeof line);
        print_safe("", line);
        if (rc == PS_EUSAGE && !cli->err.file[0])
            fprintf(stderr, "perfscribe: try 'perfscribe %s --help'\n", commands[i].name);
    }
    return finish(rc);
}

int main(int argc, char **argv)
{
    signal(SIGPIPE, SIG_IGN);   /* a closed stdout becomes EPIPE: a quiet end (finish) */
    ps_cli cli = {0};
    int first = 1;
    while (first < argc && global_option(argv[first], &cli))
        first++;
    if (first >= argc) {
        usage(stderr);
        return PS_EUSAGE;
    }
    argc -= first - 1;
    argv += first - 1;
    const char *cmd = argv[1];
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "version") == 0) {
        printf("perfscribe %s\n", PS_VERSION);
        return finish(PS_OK);
    }
    if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        if (argc >= 3 && strcmp(cmd, "help") == 0) {
            char *sub[] = {argv[2], "--help", NULL};
            for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
                if (strcmp(sub[0], commands[i].name) == 0)
                    return run_command(i, 2, sub, &cli);
            unknown("command", sub[0]);
            return PS_EUSAGE;
        }
        usage(stdout);
        return finish(PS_OK);
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(cmd, commands[i].name) == 0)
            return run_command(i, argc - 1, argv + 1, &cli);
    unknown(cmd[0] == '-' ? "option before the command" : "command", cmd);
    usage(stderr);
    return PS_EUSAGE;
}
