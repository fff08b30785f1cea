/* main.c - perfscribe: parse the sub-command, run it, print its error once, map exit codes. */
#include "cli.h"

#include <signal.h>
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

static void usage(FILE *fp)
{
    fprintf(fp, "usage: perfscribe COMMAND [OPTIONS] [FILE...]\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(fp, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(fp, "  %-10s %s\n", "help", "this text; 'perfscribe help COMMAND' or 'COMMAND --help' for one command");
    fprintf(fp, "\noptions:\n  --version  print the version\n  -q         no progress bar\n"
                "\nexit codes: 0 ok/pass, 1 verdict fail or audit findings, 2 usage, 3 bad input, 4 I/O error\n");
}

int main(int argc, char **argv)
{
    signal(SIGPIPE, SIG_IGN);   /* a closed stdout becomes EPIPE -> exit 4 */
    if (argc < 2) {
        usage(stderr);
        return PS_EUSAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "version") == 0) {
        printf("perfscribe %s\n", PS_VERSION);
        return fflush(stdout) == 0 ? 0 : PS_EIO;
    }
    if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        if (argc >= 3 && strcmp(cmd, "help") == 0) {
            char *sub[] = {argv[2], "--help", NULL};
            argv = sub;
            argc = 2;
            cmd = argv[0];
            for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
                if (strcmp(cmd, commands[i].name) == 0) {
                    ps_cli cli = {0};
                    return commands[i].fn(argc, argv, &cli);
                }
            fprintf(stderr, "perfscribe: unknown command '%s'\n", cmd);
            return PS_EUSAGE;
        }
        usage(stdout);
        return 0;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        if (strcmp(cmd, commands[i].name) != 0)
            continue;
        ps_cli cli = {0};
        int rc = commands[i].fn(argc - 1, argv + 1, &cli);
        ps_chart_release_caches();   /* cairo/fontconfig process caches (clean leak reports) */
        for (size_t w = 0; w < cli.warnings.n; w++)
            fprintf(stderr, "perfscribe: warning: %s\n", cli.warnings.msgs[w]);
        ps_warnings_free(&cli.warnings);
        if (rc != PS_OK && cli.err.msg[0]) {
            char line[1200];
            ps_error_format(&cli.err, line, sizeof line);
            fprintf(stderr, "perfscribe: %s\n", line);
            if (rc == PS_EUSAGE && !cli.err.file[0])
                fprintf(stderr, "perfscribe: try 'perfscribe %s --help'\n", cmd);
        }
        return rc;
    }
    fprintf(stderr, "perfscribe: unknown command '%s'\n", cmd);
    usage(stderr);
    return PS_EUSAGE;
}
