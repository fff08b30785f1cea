/* main.c - perfscribe: parse the sub-command, run it, print its error once, map exit codes. */
#include "cli.h"
#include "ps_cpu.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Print "perfscribe: <kind><msg>\n" to stderr, msg escaped for a terminal (ps_term_escape):
 * messages quote input text (counter paths, cells, file names), which must never reach the
 * terminal raw. */
static void print_safe(const char *kind, const char *msg)
{
    ps_buf b = {0};
    ps_term_escape(&b, msg);
    fprintf(stderr, "perfscribe: %s%s\n", kind, b.data ? b.data : "");
    ps_buf_fini(&b);
}

/* Warnings of one shape (the text after the first "NAME: ", e.g. "not a PerfMon counter log,
 * ignored" for ten thousand junk files) are printed WARN_SHOWN_PER_SHAPE times, then once as
 * "and N more: SHAPE". At most WARN_SHAPES shapes are tracked; others print as they are. */
#define WARN_SHOWN_PER_SHAPE 5
#define WARN_SHAPES 32

static void print_warnings(const ps_warnings *w)
{
    struct shape {
        const char *rest;
        size_t n;
    } shape[WARN_SHAPES];
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
 * is a normal end (quiet; the exit code stays the command's verdict, 0 or 1); any other write
 * error is exit 4 with its reason. */
static int stdout_gone; /* the help found standard output's reader gone (ps_cli.stdout_gone) */

static int finish(int rc)
{
    errno = 0;
    int bad = fflush(stdout) != 0 || ferror(stdout);
    int e = errno ? errno : EIO;
    if (ps_outfile_stdout_closed() || stdout_gone || (bad && e == EPIPE))
        return rc == PS_EFAIL ? PS_EFAIL : PS_OK;
    if (bad && rc == PS_OK) {
        fprintf(stderr, "perfscribe: <stdout>: write error: %s\n", strerror(e));
        return PS_EIO;
    }
    return rc;
}

/* The command list: names and "help TOPIC" in one column, as wide as the longest. */
static void usage(FILE *fp)
{
    int w = 4; /* "help" */
    for (size_t i = 0; i < ps_cli_ncommands; i++)
        if ((int)strlen(ps_cli_commands[i].doc->name) > w)
            w = (int)strlen(ps_cli_commands[i].doc->name);
    for (size_t i = 0; i < ps_cli_ntopics; i++)
        if (5 + (int)strlen(ps_cli_topics[i]->name) > w)
            w = 5 + (int)strlen(ps_cli_topics[i]->name);
    fprintf(fp, "usage: perfscribe %s\n\ncommands:\n", ps_doc_perfscribe.synopsis);
    for (size_t i = 0; i < ps_cli_ncommands; i++)
        fprintf(fp, "  %-*s %s\n", w, ps_cli_commands[i].doc->name, ps_cli_commands[i].doc->summary);
    fprintf(fp, "  %-*s %s\n", w, "help", "this text; 'perfscribe help COMMAND' or 'COMMAND --help' for one command");
    for (size_t i = 0; i < ps_cli_ntopics; i++) {
        char topic[64];
        snprintf(topic, sizeof topic, "help %s", ps_cli_topics[i]->name);
        fprintf(fp, "  %-*s %s\n", w, topic, ps_cli_topics[i]->summary);
    }
    fputs("\noptions:\n", fp);
    for (size_t i = 0; i < ps_doc_perfscribe.nopts; i++)
        ps_doc_print_opt(fp, &ps_doc_perfscribe.opts[i], 16, 79);
    fputc('\n', fp);
    ps_doc_print_wrapped(fp, ps_doc_perfscribe.exit_status, 12, 79, "exit codes: ");
}

static void unknown(const char *what, const char *name)
{
    ps_buf b = {0};
    ps_buf_printf(&b, "unknown %s '%s'", what, name);
    print_safe("", b.data);
    ps_buf_fini(&b);
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

/* The end of --version and help: their error (a failed write) printed once, then finish. */
static int report(int rc, ps_cli *cli)
{
    stdout_gone = cli->stdout_gone;
    if (rc != PS_OK && cli->err.msg[0]) {
        char line[1200];
        ps_error_format(&cli->err, line, sizeof line);
        print_safe("", line);
        return rc;
    }
    return finish(rc);
}

/* After a command that wrote files: its verdict line (when its output did not go to standard
 * output) and one "wrote FILE" line per file (not with -q), on standard output; when an output
 * went there, "perfscribe: wrote FILE" on standard error instead (that output stays clean). */
static void print_written(const ps_cli *cli, int rc)
{
    if ((rc == PS_OK || rc == PS_EFAIL) && cli->verdict[0] && !cli->stdout_used && cli->written.n)
        printf("%s\n", cli->verdict);
    for (size_t i = 0; !cli->quiet && i < cli->written.n; i++) {
        ps_buf b = {0};
        ps_term_escape(&b, cli->written.v[i]);
        if (cli->stdout_used)
            print_safe("wrote ", cli->written.v[i]);
        else
            printf("wrote %s\n", b.data ? b.data : "");
        ps_buf_fini(&b);
    }
}

static int run_command(const ps_cli_command *c, int argc, char **argv, ps_cli *cli)
{
    int rc = c->fn(argc, argv, cli);
    stdout_gone = cli->stdout_gone;
    print_written(cli, rc);
    for (size_t i = 0; i < cli->written.n; i++)
        free((char *)cli->written.v[i]);
    free(cli->written.v);
    ps_chart_release_caches(); /* cairo/fontconfig process caches (clean leak reports) */
    print_warnings(&cli->warnings);
    ps_warnings_fini(&cli->warnings);
    if (rc == PS_EIO && ps_outfile_stdout_closed())
        return finish(PS_OK); /* | head: the reader has what it wanted */
    if (rc != PS_OK && cli->err.msg[0]) {
        char line[1200];
        ps_error_format(&cli->err, line, sizeof line);
        print_safe("", line);
        if (rc == PS_EUSAGE && !cli->err.file[0])
            fprintf(stderr, "perfscribe: try 'perfscribe %s --help'\n", c->doc->name);
    }
    return finish(rc);
}

/* The libraries abort on out-of-memory; the program says why first. */
static void out_of_memory(size_t size)
{
    fprintf(stderr, "perfscribe: out of memory (%zu bytes asked for)\n", size);
}

/* What the process environment asks of the libraries, which read none of it themselves. */
static void environment(void)
{
    ps_set_oom_handler(out_of_memory);
    const char *off = getenv("PERFSCRIBE_NO_AVX512");
    if (off && *off)
        ps_cpu_use_avx512(0);
}

int main(int argc, char **argv)
{
    signal(SIGPIPE, SIG_IGN); /* a closed stdout becomes EPIPE: a quiet end (finish) */
    environment();
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
    stdout_gone = 0;
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "version") == 0)
        return report(ps_cli_version(&cli), &cli);
    if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        if (argc >= 3 && strcmp(cmd, "help") == 0) {
            const ps_cli_command *c = ps_cli_find_command(argv[2]);
            const ps_cmd_doc *doc = c ? c->doc : ps_cli_find_topic(argv[2]);
            if (!doc) {
                unknown("command or topic", argv[2]);
                return PS_EUSAGE;
            }
            return report(ps_cli_help(&cli, doc), &cli);
        }
        usage(stdout);
        return finish(PS_OK);
    }
    const ps_cli_command *c = ps_cli_find_command(cmd);
    if (c)
        return run_command(c, argc - 1, argv + 1, &cli);
    unknown(cmd[0] == '-' ? "option before the command" : "command", cmd);
    usage(stderr);
    return PS_EUSAGE;
}
