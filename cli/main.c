/* main.c - perfscribe: parse the sub-command, run it, print its error once, map exit codes. */
#include "cli.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

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

static void print_error(const ps_error *err)
{
    char line[1200];
    ps_error_format(err, line, sizeof line);
    print_safe("", line);
}

static void usage(FILE *fp)
{
    fprintf(fp, "usage: perfscribe %s\n\ncommands:\n", ps_doc_perfscribe.synopsis);
    for (size_t i = 0; i < ps_cli_ncommands; i++)
        fprintf(fp, "  %-10s %s\n", ps_cli_commands[i].doc->name, ps_cli_commands[i].doc->summary);
    fprintf(fp, "  %-10s %s\n", "help", "this text; 'perfscribe help COMMAND' or 'COMMAND --help' for one command");
    for (size_t i = 0; i < ps_cli_ntopics; i++)
        fprintf(fp, "  help %-5s %s\n", ps_cli_topics[i]->name, ps_cli_topics[i]->summary);
    fputs("\noptions:\n", fp);
    for (size_t i = 0; i < ps_doc_perfscribe.nopts; i++) {
        char label[64], first[80];
        snprintf(first, sizeof first, "  %s", ps_doc_opt_label(&ps_doc_perfscribe.opts[i], label, sizeof label));
        ps_doc_print_wrapped(fp, ps_doc_perfscribe.opts[i].help, 13, 79, first);
    }
    fprintf(fp, "\nexit codes: %s\n", ps_doc_perfscribe.exit_status);
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
        ps_cli cli = {0};
        int rc = ps_cli_version(&cli);
        if (rc)
            print_error(&cli.err);
        return rc;
    }
    if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        if (argc >= 3 && strcmp(cmd, "help") == 0) {
            const ps_cli_command *c = ps_cli_find_command(argv[2]);
            const ps_cmd_doc *doc = c ? c->doc : ps_cli_find_topic(argv[2]);
            if (!doc) {
                fprintf(stderr, "perfscribe: unknown command or topic '%s'\n", argv[2]);
                return PS_EUSAGE;
            }
            ps_cli cli = {0};
            int rc = ps_cli_help(&cli, doc);
            if (rc)
                print_error(&cli.err);
            return rc;
        }
        usage(stdout);
        if (fflush(stdout) == 0 && !ferror(stdout))
            return 0;
        fprintf(stderr, "perfscribe: <stdout>: write error: %s\n", strerror(errno ? errno : EIO));
        return PS_EIO;
    }
    const ps_cli_command *c = ps_cli_find_command(cmd);
    if (c) {
        ps_cli cli = {0};
        int rc = c->fn(argc - 1, argv + 1, &cli);
        ps_chart_release_caches();   /* cairo/fontconfig process caches (clean leak reports) */
        for (size_t w = 0; w < cli.warnings.n; w++)
            print_safe("warning: ", cli.warnings.msgs[w]);
        ps_warnings_free(&cli.warnings);
        if (rc != PS_OK && cli.err.msg[0]) {
            print_error(&cli.err);
            if (rc == PS_EUSAGE && !cli.err.file[0])
                fprintf(stderr, "perfscribe: try 'perfscribe %s --help'\n", cmd);
        }
        return rc;
    }
    fprintf(stderr, "perfscribe: unknown command '%s'\n", cmd);
    usage(stderr);
    return PS_EUSAGE;
}
