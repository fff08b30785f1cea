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
    {"analyze", ps_cmd_analyze, "judge any PerfMon log with analysis rules (exit 0 pass, 1 fail)"},
    {"chart", ps_cmd_chart, "charts of any counters of PerfMon logs (SVG, PNG, PDF, HTML)"},
};

/* Length of the valid UTF-8 sequence at s (1 for ASCII), 0 when the bytes are not valid UTF-8
 * (overlong forms, surrogates, > U+10FFFF, truncated). */
static size_t utf8_len(const unsigned char *s)
{
    if (s[0] < 0x80)
        return 1;
    size_t n = s[0] >= 0xc2 && s[0] <= 0xdf ? 2 : s[0] >= 0xe0 && s[0] <= 0xef ? 3 : s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    if ((n == 3 && s[0] == 0xe0 && s[1] < 0xa0) || (n == 3 && s[0] == 0xed && s[1] >= 0xa0) ||
        (n == 4 && s[0] == 0xf0 && s[1] < 0x90) || (n == 4 && s[0] == 0xf4 && s[1] >= 0x90))
        return 0;
    return n;
}

/* Print "perfscribe: <kind><msg>\n" to stderr with every byte that could drive a terminal or break
 * the one-line format escaped as \xNN: C0 controls (also CR/LF), DEL, UTF-8 C1 controls
 * (U+0080..U+009F) and bytes that are not valid UTF-8. Messages quote input text (counter
 * paths, cells, file names), so input could otherwise reach the terminal raw. */
static void print_safe(const char *kind, const char *msg)
{
    const unsigned char *s = (const unsigned char *)msg;
    fprintf(stderr, "perfscribe: %s", kind);
    while (*s) {
        size_t n = utf8_len(s);
        if (n == 1 && *s >= 0x20 && *s != 0x7f) {
            fputc(*s++, stderr);
        } else if (n > 1 && !(s[0] == 0xc2 && s[1] < 0xa0)) {
            fwrite(s, 1, n, stderr);
            s += n;
        } else {
            fprintf(stderr, "\\x%02x", *s++);
        }
    }
    fputc('\n', stderr);
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
            print_safe("warning: ", cli.warnings.msgs[w]);
        ps_warnings_free(&cli.warnings);
        if (rc != PS_OK && cli.err.msg[0]) {
            char line[1200];
            ps_error_format(&cli.err, line, sizeof line);
            print_safe("", line);
            if (rc == PS_EUSAGE && !cli.err.file[0])
                fprintf(stderr, "perfscribe: try 'perfscribe %s --help'\n", cmd);
        }
        return rc;
    }
    fprintf(stderr, "perfscribe: unknown command '%s'\n", cmd);
    usage(stderr);
    return PS_EUSAGE;
}
