/* cmd_analyze.h - private to the CLI: the analyze pipeline, shared with 'check' (a log that
 * holds no Jetstress run is judged with the analysis rules). */
#ifndef PS_CMD_ANALYZE_H
#define PS_CMD_ANALYZE_H

#include "cli.h"
#include "ps_render_analyze.h"
#include "ps_rules.h"

typedef struct ps_cli_an {
    const char **files; size_t nfiles;     /* LOG arguments (argv strings) */
    const char **rules; size_t nrules;     /* --rules values */
    const char *out;
    enum ps_format fmt;
    int lenient;
    const char *encoding;                  /* --encoding, or NULL: detected */
    enum ps_an_sev fail_on;
    ps_an_options an;
    ps_an_ruleset set;
    uint64_t bad;
    const char *b_text, *e_text;           /* -b / -e as given (for messages) */
} ps_cli_an;

/* Parse analyze's options (argv[0] is the command). *done = 1 when nothing is left to do
 * (--help, --rules list). Usage errors in cli->err. */
int ps_cli_an_parse(int argc, char **argv, ps_cli *cli, ps_cli_an *o, int *done);
/* Load --rules (default: the system pack); label gets "name, name". */
int ps_cli_an_load_rules(ps_cli *cli, ps_cli_an *o, ps_buf *label);
/* Logs of different time zones (or some without one) are shown in UTC: read an offset-less
 * -b/-e as UTC then too (opens every log once to read its zone). Errors: as ps_log_open. */
int ps_cli_an_zones(ps_cli *cli, ps_cli_an *o);
/* Stream every log into a. */
int ps_cli_an_run(ps_cli *cli, ps_cli_an *o, ps_analysis *a);
/* Render, write, and map the verdict to PS_OK / PS_EFAIL. */
int ps_cli_an_output(ps_cli *cli, ps_cli_an *o, const ps_an_result *r, const char *label);
void ps_cli_an_fini(ps_cli_an *o);   /* members only (o is the caller's) */

#endif
