/* cli.h - private to the perfscribe front end: sub-command table and shared helpers. */
#ifndef PS_CLI_H
#define PS_CLI_H

#include "ps_model.h"
#include "ps_parser.h"
#include "ps_render.h"
#include "ps_cli_doc.h"
#include "ps_merge.h"

/* What a sub-command gets: it fills err on failure and returns a PS_* status; warnings are
 * printed by main once the command returns. */
typedef struct ps_cli {
    ps_error err;
    ps_warnings warnings;
    int quiet;            /* -q: no progress bar */
} ps_cli;

typedef int (*ps_cmd_fn)(int argc, char **argv, ps_cli *cli);

/* The command table (cli/commands.c): the only list of commands. A new command is one entry
 * here: its function and its ps_cmd_doc (usually next to its option parser in cmd_<name>.c);
 * --help, 'perfscribe help', the man pages and the shell completion all follow the table. */
typedef struct ps_cli_command {
    const ps_cmd_doc *doc;
    ps_cmd_fn fn;
} ps_cli_command;
extern const ps_cli_command ps_cli_commands[];
extern const size_t ps_cli_ncommands;
extern const ps_cmd_doc *const ps_cli_topics[];   /* file formats: 'perfscribe help rules' */
extern const size_t ps_cli_ntopics;
extern const ps_cmd_doc ps_doc_perfscribe;        /* perfscribe(1): global options, exit codes */
/* The command or topic called name, or NULL. */
const ps_cli_command *ps_cli_find_command(const char *name);
const ps_cmd_doc *ps_cli_find_topic(const char *name);
/* Print doc's --help text on standard output. PS_OK, or PS_EIO with cli->err when it could
 * not be written (a full disk, a closed pipe). */
int ps_cli_help(ps_cli *cli, const ps_cmd_doc *doc);
/* `perfscribe --version`: version, git revision and the library versions built with. Returns
 * PS_OK or PS_EIO (with cli->err) when standard output cannot be written. */
int ps_cli_version(ps_cli *cli);

/* Documentation of every command (next to each command's option parser). */
extern const ps_cmd_doc ps_doc_summary, ps_doc_convert, ps_doc_jetstress, ps_doc_check, ps_doc_audit,
    ps_doc_report, ps_doc_trend, ps_doc_store, ps_doc_analyze, ps_doc_chart, ps_doc_rules,
    ps_doc_solution;
/* Options of a Jetstress run shared by jetstress, check and report (cli/js_common.c). */
extern const ps_opt_group ps_cli_js_opts;

/* Sub-commands; argv[0] is the sub-command name. Each lives in cli/cmd_<name>.c. */
int ps_cmd_summary(int argc, char **argv, ps_cli *cli);
int ps_cmd_convert(int argc, char **argv, ps_cli *cli);
int ps_cmd_jetstress(int argc, char **argv, ps_cli *cli);
int ps_cmd_check(int argc, char **argv, ps_cli *cli);
int ps_cmd_audit(int argc, char **argv, ps_cli *cli);
int ps_cmd_report(int argc, char **argv, ps_cli *cli);
int ps_cmd_trend(int argc, char **argv, ps_cli *cli);
int ps_cmd_store(int argc, char **argv, ps_cli *cli);
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
/* --encoding NAME: *out = name when ps_log_encoding_known(name), else a usage error listing the
 * accepted names (PS_EUSAGE in cli->err). */
int ps_cli_encoding(ps_cli *cli, const char *name, const char **out);
/* The --encoding option's entry in a command's option table (ps_opt_doc). */
#define PS_CLI_ENCODING_OPT                                                                                 \
    {NULL, "--encoding", "NAME", PS_VAL_WORDS,                                                              \
     "utf-8 cp1250 cp1251 cp1252 cp1253 cp1254 cp850 cp866 cp932 cp936 cp949 cp950", 0,                     \
     "code page of text logs without a byte order mark (default: detected from the bytes): utf-8, "         \
     "cp1250..cp1254, cp850, cp866, cp932 (shift_jis), cp936 (gbk), cp949 (euc-kr), cp950 (big5)"}
/* Write buf to path ("-"/NULL = stdout) atomically; refuses to overwrite inputs. Standard
 * output closed by its reader (EPIPE) is PS_OK: the command goes on to its verdict. */
int ps_cli_write(ps_cli *cli, const char *path, const ps_buf *buf, const char *const *inputs,
                 size_t ninputs);

/* Jetstress run options shared by the commands that load a run (cli/js_common.c). */
typedef struct ps_cli_js {
    const char **paths; size_t npaths;   /* RUN arguments (caller allocates paths) */
    const char *thresholds, *profile;
    int lenient;
    int allow_empty;                     /* a run without any server is not an error ('audit') */
    int no_qualification;                /* Jetstress's own verdict only, no ESRP qualification */
    ps_js_options opt;
} ps_cli_js;
/* If argv[*i] is one of -b -e --mailboxes --iops-per-mailbox --profile --thresholds --lenient
 * --lenient-logs --encoding -q: consume it (and its value), set *rc (PS_OK or a usage error) and return 1;
 * else return 0. */
int ps_cli_js_option(ps_cli *cli, int argc, char **argv, int *i, ps_cli_js *a, int *rc);
/* Check the combination after parsing; fills a->opt.profile/thresholds_file. */
int ps_cli_js_finish(ps_cli *cli, ps_cli_js *a);
/* The run pipeline (ps_pipeline_jetstress: --thresholds, load, compute, judge) with these
 * options; the run's warnings go to cli->warnings, also when it fails. A run without servers is a PS_EINPUT error unless a->allow_empty. On success *run is owned by the
 * caller; on error *run is NULL. */
int ps_cli_js_load(ps_cli *cli, ps_cli_js *a, ps_js_run **run);
/* Load and compute one labelled run of a comparison (ps_pipeline_load, not judged): its
 * warnings go to cli->warnings as "LABEL: warning", also when it fails. *run as for
 * ps_pipeline_load. */
int ps_cli_js_load_labelled(ps_cli *cli, const char *label, const char *const *paths, size_t npaths,
                            const ps_js_options *opt, ps_js_run **run);

/* Results store (cli/cmd_store.c). The default database when --db is not given. */
#define PS_CLI_DEFAULT_DB "sqlite:perfscribe.db"
/* Load the run stored under label in the database at url (opened and closed here). On success
 * *run is owned by the caller; on error it is NULL and cli->err says why. */
int ps_cli_store_load(ps_cli *cli, const char *url, const char *label, ps_js_run **run);
/* Labels of the runs whose tags hold every where[i] ("key=value"), in label order; *labels and
 * its strings owned by the caller (free each, then the array). */
int ps_cli_store_labels(ps_cli *cli, const char *url, const char *const *where, size_t nwhere, char ***labels,
                        size_t *n);
/* convert -f sql (cli/convert_sql.c): every input into relog's tables at url, one log set per
 * input, in one transaction; filters and -b/-e as for CSV. */
typedef struct ps_cli_sql_opts {
    const char *url;
    int has_b, has_e, b_utc, e_utc;
    ps_time b, e;
    long every;
} ps_cli_sql_opts;
int ps_cli_convert_sql(ps_cli *cli, const ps_cli_sql_opts *o, ps_log *const *logs, const char *const *names,
                       size_t n);
/* convert -f openmetrics|influx, -o influx://HOST:PORT/DB (cli/convert_ts.c): the merged rows
 * of every input (filters, -b/-e/-t/--bucket as for CSV) as time series, UTC time stamps. */
typedef struct ps_cli_ts_opts {
    const char *out;      /* file, NULL/"-" for standard output, or influx://HOST:PORT/DB */
    int fmt;              /* ps_ts_format */
    ps_merge_opts m;
} ps_cli_ts_opts;
int ps_cli_convert_ts(ps_cli *cli, const ps_cli_ts_opts *o, ps_log *const *logs, const char *const *ins,
                      size_t nin);

#endif
