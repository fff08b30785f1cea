/* cmd_analyze.h - private to the CLI: the analyze pipeline, shared with 'check' (a log that
 * holds no Jetstress run is judged with the analysis rules). */
#ifndef PS_CMD_ANALYZE_H
#define PS_CMD_ANALYZE_H

#include "cli.h"
#include "ps_render_analyze.h"
#include "ps_rules.h"

typedef struct ps_cli_an {
    ps_cli_list files; /* LOG operands */
    ps_cli_list rules; /* --rules values */
    ps_cli_list outs; /* -o (repeatable: one file per format) */
    enum ps_format fmt; /* -f/--format, or PS_FMT_NONE */
    ps_cli_logs logs; /* -b, -e, --lenient, --encoding */
    enum ps_an_sev fail_on; /* --fail-on */
    ps_an_options an; /* --interval; the window from logs */
    ps_an_ruleset set;
    uint64_t bad;
    const char *b_text, *e_text; /* -b / -e as given (for messages) */
    ps_cli_list sets; /* --set NAME=VALUE as given */
    int jobs; /* --jobs: logs read at once (0, 1: in turn) */
    char **set_names;
    const char **set_values; /* split by ps_cli_an_answers */
} ps_cli_an;

/* Check analyze's parsed options and fill o->an's window from o->logs (chart too). */
int ps_cli_an_finish(ps_cli *cli, ps_cli_an *o);
/* --interval SECONDS|auto into the int64_t slice width in ms (a PS_ARG_CALL setter). */
int ps_cli_an_interval(ps_cli *cli, void *field, const char *v);
/* Load --rules (default: the system pack); label gets "name, name". */
int ps_cli_an_load_rules(ps_cli *cli, ps_cli_an *o, ps_buf *label);
/* Check the --set names against the loaded rules' questions (and processors) and hand the
 * answers to o->an. Errors: PS_EUSAGE naming the unknown or bad answer. */
int ps_cli_an_answers(ps_cli *cli, ps_cli_an *o);
/* Logs of different time zones (or some without one) are shown in UTC: read an offset-less
 * -b/-e as UTC then too (opens every log once to read its zone). Errors: as ps_log_open. */
int ps_cli_an_zones(ps_cli *cli, ps_cli_an *o);
/* Stream every log into a, in input order (--jobs N: N logs read ahead at once, the same result). */
int ps_cli_an_run(ps_cli *cli, ps_cli_an *o, ps_analysis *a);
/* Render every output, write it, and map the verdict to PS_OK / PS_EFAIL (the verdict line is
 * cli->verdict). */
int ps_cli_an_output(ps_cli *cli, ps_cli_an *o, const ps_an_result *r, const char *label);
/* Called after the outputs with the analysis result (valid during the call) when the verdict is
 * PS_OK or PS_EFAIL; returns 0 or an error code that replaces the verdict. */
typedef int (*ps_cli_an_after)(ps_cli *cli, const ps_cli_an *o, const ps_an_result *r, void *ctx);
/* The analyze pipeline on argv (analyze's grammar): parse, rules, stream, outputs, verdict; then
 * after (may be NULL). Returns PS_OK, PS_EFAIL (verdict) or an error code (cli->err). */
int ps_cli_an_main(int argc, char **argv, ps_cli *cli, ps_cli_an_after after, void *ctx);
/* Free o's members (o is the caller's); doc is the table o was parsed with. */
void ps_cli_an_fini(ps_cli_an *o, const ps_cmd_doc *doc);

#endif
