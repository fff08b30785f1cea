/* cli.h - private to the perfscribe front end: sub-command table and shared helpers. */
#ifndef PS_CLI_H
#define PS_CLI_H

#include "ps_model.h"
#include "ps_parser.h"
#include "ps_render.h"

/* What a sub-command gets: it fills err on failure and returns a PS_* status; warnings are
 * printed by main once the command returns. */
typedef struct ps_cli {
    ps_error err;
    ps_warnings warnings;
    int quiet;            /* -q: no progress bar */
} ps_cli;

typedef int (*ps_cmd_fn)(int argc, char **argv, ps_cli *cli);

/* Sub-commands; argv[0] is the sub-command name. Each lives in cli/cmd_<name>.c. */
int ps_cmd_summary(int argc, char **argv, ps_cli *cli);
int ps_cmd_convert(int argc, char **argv, ps_cli *cli);
int ps_cmd_jetstress(int argc, char **argv, ps_cli *cli);
int ps_cmd_check(int argc, char **argv, ps_cli *cli);
int ps_cmd_audit(int argc, char **argv, ps_cli *cli);
int ps_cmd_report(int argc, char **argv, ps_cli *cli);
int ps_cmd_trend(int argc, char **argv, ps_cli *cli);
int ps_cmd_analyze(int argc, char **argv, ps_cli *cli);
int ps_cmd_chart(int argc, char **argv, ps_cli *cli);
/* check on plain PerfMon logs (cli/check_dispatch.c): when every RUN is a counter log without a
 * Jetstress run, runs 'analyze' with check's arguments and sets *handled; else *handled = 0. */
int ps_cli_check_dispatch(int argc, char **argv, ps_cli *cli, int *handled);

/* Shared helpers (cli/common.c). */
/* Usage error: fills cli->err with code PS_EUSAGE and returns PS_EUSAGE. */
int ps_cli_usage(ps_cli *cli, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Progress bar on stderr, only when stderr is a terminal and not quiet. done/total in bytes. */
void ps_cli_progress(ps_cli *cli, const char *label, uint64_t done, uint64_t total);
void ps_cli_progress_end(ps_cli *cli);
/* Date printed in documents: SOURCE_DATE_EPOCH (whole seconds since 1970) when set, else now.
 * A malformed SOURCE_DATE_EPOCH is a usage error (PS_EUSAGE in cli->err). */
int ps_cli_doc_date(ps_cli *cli, ps_time *out);
/* Write buf to path ("-"/NULL = stdout) atomically; refuses to overwrite inputs. */
int ps_cli_write(ps_cli *cli, const char *path, const ps_buf *buf, const char *const *inputs,
                 size_t ninputs);

/* Jetstress run options shared by the commands that load a run (cli/js_common.c). */
typedef struct ps_cli_js {
    const char **paths; size_t npaths;   /* RUN arguments (caller allocates paths) */
    const char *thresholds, *profile;
    int lenient;
    int allow_empty;                     /* a run without any server is not an error ('audit') */
    ps_js_options opt;
} ps_cli_js;
/* If argv[*i] is one of -b -e --mailboxes --iops-per-mailbox --profile --thresholds --lenient
 * --lenient-logs -q: consume it (and its value), set *rc (PS_OK or a usage error) and return 1;
 * else return 0. */
int ps_cli_js_option(ps_cli *cli, int argc, char **argv, int *i, ps_cli_js *a, int *rc);
/* Check the combination after parsing; fills a->opt.profile/thresholds_file. */
int ps_cli_js_finish(ps_cli *cli, ps_cli_js *a);
/* Read --thresholds, ps_js_load, ps_js_judge; run warnings copied to cli->warnings. A run
 * without servers is a PS_EINPUT error unless a->allow_empty. On success *run is owned by the
 * caller; on error *run is NULL. */
int ps_cli_js_load(ps_cli *cli, ps_cli_js *a, ps_js_run **run);

#endif
