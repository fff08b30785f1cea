/* cli.h - private to the perfscribe front end: sub-command table and shared helpers. */
#ifndef PS_CLI_H
#define PS_CLI_H

#include "ps_model.h"
#include "ps_parser.h"
#include "ps_render.h"
#include "ps_cli_doc.h"
#include "ps_merge.h"
#include "ps_pipeline.h"

#include <stddef.h>

/* What a sub-command gets: it fills err on failure and returns a PS_* status; warnings are
 * printed by main once the command returns. */
/* Values of a repeatable option, or the operands, in the order given (argv strings). */
typedef struct ps_cli_list {
    const char **v;
    size_t n;
} ps_cli_list;

/* A -b/-e time: of the logs' clock (local), or UTC when given with Z or +hh:mm. */
typedef struct ps_cli_time {
    int set, utc;
    ps_time t;
    const char *text; /* as given (for messages) */
} ps_cli_time;

typedef struct ps_cli {
    ps_error err;
    ps_warnings warnings;
    int quiet; /* -q: no progress bar, no list of the files written */
    ps_cli_list written; /* files written (ps_cli_wrote; copies), listed by main at the end */
    int stdout_used; /* an output went to standard output */
    char verdict[160]; /* a judging command's verdict line, printed by main with the files */
    int stdout_gone; /* standard output's reader left (| head): a quiet, normal end */
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
extern const ps_cmd_doc *const ps_cli_topics[]; /* file formats: 'perfscribe help rules' */
extern const size_t ps_cli_ntopics;
extern const ps_cmd_doc ps_doc_perfscribe; /* perfscribe(1): global options, exit codes */
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
extern const ps_cmd_doc ps_doc_summary, ps_doc_convert, ps_doc_jetstress, ps_doc_check, ps_doc_audit, ps_doc_report,
    ps_doc_trend, ps_doc_store, ps_doc_analyze, ps_doc_chart, ps_doc_rules, ps_doc_analyze_rules, ps_doc_solution;

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

/* The one option parser (cli/opt_parse.c). Reads argv[1..argc) with the rows of doc (its own
 * options, the shared group at doc->shared_at of rec, then -q/--quiet and -h/--help): each
 * option's value is checked and stored in rec at its row's offset (ps_opt_arg); everything
 * else is an operand, in order, in *operands ("-" is an operand; after "--" every argument
 * is). Forms: "-o FILE", "-oFILE", "--output FILE", "--output=FILE", and the exact short
 * names of more than one letter ("-cf FILE"). Returns PS_OK; PS_CLI_DONE after --help (or a
 * setter that finished the command, e.g. '--rules list'); PS_EUSAGE with cli->err ("unknown
 * option '-x'", "option -o needs a value", "option --format given twice", "--format:
 * expected text, csv or json, got 'x'"); PS_EIO when the help could not be written.
 * Free the lists with ps_cli_parse_free, also after an error. */
int ps_cli_parse(ps_cli *cli, const ps_cmd_doc *doc, int argc, char **argv, void *rec, ps_cli_list *operands);
/* The row of doc that argument a names ("-o", "-oFILE", "--output=FILE"), or NULL; *glued = 1
 * when the value is inside a. */
const ps_opt_doc *ps_cli_opt_lookup(const ps_cmd_doc *doc, const char *a, int *glued);
/* Append v to l (a PS_ARG_CALL setter of a repeatable option). */
void ps_cli_list_add(ps_cli_list *l, const char *v);
/* Free the PS_ARG_LIST values in rec and the operands (may be NULL); leaves them empty. */
void ps_cli_parse_free(const ps_cmd_doc *doc, void *rec, ps_cli_list *operands);
/* -b/-e: parse v (opt names the option in the message) into *t; PS_OK or a usage error. */
int ps_cli_time_arg(ps_cli *cli, const char *opt, const char *v, ps_cli_time *t);
/* 1 when the row (its time, local or UTC as the option was given) is inside [b, e]. */
int ps_cli_in_window(const ps_cli_time *b, const ps_cli_time *e, const ps_row *row);
/* -b after -e (both of the same clock) is a usage error. */
int ps_cli_window_check(ps_cli *cli, const ps_cli_time *b, const ps_cli_time *e);

/* One output: a file (or NULL / "-": standard output) and its format. */
typedef struct ps_cli_out {
    const char *path;
    enum ps_format fmt;
} ps_cli_out;
/* The outputs of a command that writes the formats in `formats` (PS_FMT_NONE ends the list)
 * from its -o list and -f/--format (PS_FMT_NONE when not given): no -o is standard output in
 * fmt, else dflt; one -o FILE takes fmt, else its extension's format when it is one of
 * `formats`, else dflt; several -o each take their extension's format (one of `formats`, or a
 * usage error), and -f with several -o is a usage error, as is a file given twice. *outs
 * (caller frees) gets at least one entry; *n their number. */
int ps_cli_outputs(ps_cli *cli, const ps_cli_list *o, enum ps_format fmt, const enum ps_format *formats,
                   enum ps_format dflt, ps_cli_out **outs, size_t *n);
/* Note that path was written (main lists it on standard output at the end, unless -q;
 * NULL or "-" marks standard output as used instead). */
void ps_cli_wrote(ps_cli *cli, const char *path);

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
/* The --encoding option's entry in an option table (ps_opt_doc), stored at offsetof(T, m). */
#define PS_CLI_ENCODING_OPT(T, m)                                                                          \
    {                                                                                                      \
        NULL, "--encoding", "NAME", PS_VAL_WORDS,                                                          \
            "utf-8 cp1250 cp1251 cp1252 cp1253 cp1254 cp850 cp866 cp932 cp936 cp949 cp950", 0,             \
            "code page of text logs without a byte order mark (default: detected from the bytes): utf-8, " \
            "cp1250..cp1254, cp850, cp866, cp932 (shift_jis), cp936 (gbk), cp949 (euc-kr), cp950 (big5)",  \
            .kind = PS_ARG_ENCODING, .at = offsetof(T, m)                                                  \
    }
/* Options of the commands that read PerfMon logs (summary, convert, analyze, chart): the
 * group ps_cli_log_opts (-b, -e, --lenient, --encoding) stores into this record. */
typedef struct ps_cli_logs {
    ps_cli_time b, e; /* -b/--begin, -e/--end */
    int lenient; /* --lenient: go on past malformed rows */
    const char *encoding; /* --encoding, or NULL: detected */
} ps_cli_logs;
extern const ps_opt_group ps_cli_log_opts;
/* The log reader's options for these (filter may be NULL). */
ps_log_options ps_cli_log_options(ps_cli *cli, const ps_cli_logs *l, const ps_filter *filter);

/* -c PATH and -cf/--counter-file FILE (relog's counter filter): two rows of a command's table
 * storing into a ps_cli_filter member `m` of the record type T; ps_cli_filter_build makes the
 * filter from them. */
typedef struct ps_cli_filter {
    ps_cli_list patterns, files;
} ps_cli_filter;
#define PS_CLI_FILTER_OPTS(T, m)                                                                 \
    {"-c",                                                                                       \
     "--counter",                                                                                \
     "PATH",                                                                                     \
     PS_VAL_TEXT,                                                                                \
     NULL,                                                                                       \
     PS_OPT_REPEAT,                                                                              \
     "keep the counters matching PATH ('*' wildcards, as relog -c; repeatable)",                 \
     .kind = PS_ARG_LIST,                                                                        \
     .at = offsetof(T, m.patterns)},                                                             \
    {                                                                                            \
        "-cf", "--counter-file", "FILE", PS_VAL_FILE, NULL, PS_OPT_REPEAT,                       \
            "keep the counters listed in FILE, one pattern per line (as relog -cf; repeatable)", \
            .kind = PS_ARG_LIST, .at = offsetof(T, m.files)                                      \
    }
/* A new filter (caller frees) with every -c pattern and -cf file; NULL with cli->err on a bad
 * pattern or an unreadable file. */
ps_filter *ps_cli_filter_build(ps_cli *cli, const ps_cli_filter *f, int *rc);
/* A selection that matched nothing, as a warning naming what was asked: "-b TIME -e TIME selects
 * no sample[: covered]" (nothing when neither is set), "PATH: no counter matches -c X -cf F". */
void ps_cli_window_selects_nothing(ps_cli *cli, const ps_cli_logs *l, const char *covered);
void ps_cli_filter_selects_nothing(ps_cli *cli, const ps_cli_filter *f, const char *path);

/* The -f/--format row (the words it accepts, stored as enum ps_format at offsetof(T, m)) and
 * the repeatable -o/--output row (stored as a ps_cli_list at offsetof(T, m)) of a command. */
#define PS_CLI_FORMAT_OPT(T, m, words, help)                                                               \
    {                                                                                                      \
        "-f", "--format", "FMT", PS_VAL_WORDS, words, 0, help, .kind = PS_ARG_FORMAT, .at = offsetof(T, m) \
    }
#define PS_CLI_OUTPUT_OPT(T, m, exts, help)                                                                           \
    {                                                                                                                 \
        "-o", "--output", "FILE", PS_VAL_OUTPUT, exts, PS_OPT_REPEAT, help, .kind = PS_ARG_LIST, .at = offsetof(T, m) \
    }

/* ps_cli_write of an output in format fmt: a PS_FMT_TEXT output is written through
 * ps_term_escape_text (no control character but line feed and tab, no bidirectional override
 * reaches a terminal or a text file: one rule for every text output); other formats as they are
 * (they escape by their own rules). */
int ps_cli_write_fmt(ps_cli *cli, const char *path, enum ps_format fmt, const ps_buf *buf, const char *const *inputs,
                     size_t ninputs);
/* Write buf to path ("-"/NULL = stdout) atomically; refuses to overwrite inputs. The file
 * is noted as written (ps_cli_wrote). Standard output closed by its reader (EPIPE) is PS_OK:
 * the command goes on to its verdict. */
int ps_cli_write(ps_cli *cli, const char *path, const ps_buf *buf, const char *const *inputs, size_t ninputs);

/* Jetstress run options shared by the commands that load a run (cli/js_common.c): the group
 * ps_cli_js_opts stores into this record (the pipeline's options, and -b/-e). */
typedef struct ps_cli_js {
    const char *const *paths;
    size_t npaths; /* RUN arguments (ps_cli_js_finish) */
    ps_cli_time b, e; /* -b/--begin, -e/--end */
    ps_pipeline_opts p; /* what ps_pipeline_jetstress does */
} ps_cli_js;
extern const ps_opt_group ps_cli_js_opts;
/* After parsing: the RUN operands, the checks of the combination, the window into p.load. */
int ps_cli_js_finish(ps_cli *cli, ps_cli_js *a, const ps_cli_list *runs);
/* The run pipeline (ps_pipeline_jetstress: --thresholds, load, compute, judge) with these
 * options; the run's warnings go to cli->warnings, also when it fails. A run without servers is
 * a PS_EINPUT error unless a->p.allow_empty. On success *run is owned by the caller; on error
 * *run is NULL. */
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
/* convert -f sql (cli/convert_sql.c): every input (opened here with lo) into relog's tables at
 * url, one log set per input, committed in batches of batch_rows; jobs inputs at once; a log
 * set stored whole already is not loaded again, an interrupted one resumes; filters and -b/-e
 * as for CSV. The first failing input's error (in input order) is the result; the others are
 * loaded all the same. */
/* Inputs handled one file at a time on N threads (cli/file_jobs.c). ps_cli_jobs_run runs
 * ops->open once per thread (its per-thread state, e.g. a database connection; NULL = none),
 * ops->file for each input k in turn on whichever thread is free, ops->close per thread; it
 * returns one ps_cli_job per input (heap array, freed by the caller after ps_cli_jobs_report on
 * each, in input order: the input's warnings join cli's and the first failure becomes cli->err).
 * A file function opens its input with ps_cli_jobs_open_log (serialised: the input registry is
 * process-wide; warnings go to the input's own list) and may call ps_cli_jobs_progress; it
 * fills job->err and returns a PS_* status. jobs <= 1: every input on the calling thread. */
typedef struct ps_cli_job {
    int rc;
    ps_error err;
    ps_warnings warnings;
} ps_cli_job;
typedef struct ps_cli_jobs ps_cli_jobs;
typedef struct ps_cli_jobs_ops {
    int (*open)(void *ctx, void **worker, ps_error *err);
    int (*file)(void *ctx, void *worker, ps_cli_jobs *j, size_t k, ps_cli_job *job);
    void (*close)(void *ctx, void *worker);
} ps_cli_jobs_ops;
ps_cli_job *ps_cli_jobs_run(ps_cli *cli, const char *what, const char *const *paths, size_t n, int jobs,
                            const ps_cli_jobs_ops *ops, void *ctx);
int ps_cli_jobs_open_log(ps_cli_jobs *j, size_t k, const ps_log_options *lo, ps_log **log);
void ps_cli_jobs_progress(ps_cli_jobs *j, size_t k, ps_log *log);
/* Report input job's warnings and, when rc is still PS_OK, its failure (a later failure as a
 * warning naming its location); returns the new rc. */
int ps_cli_jobs_report(ps_cli *cli, ps_cli_job *job, int rc);

typedef struct ps_cli_sql_opts {
    const char *url;
    int has_b, has_e, b_utc, e_utc;
    ps_time b, e;
    long every;
    int jobs; /* --jobs (0, 1: one input at a time) */
    int threads; /* --threads of each .blg reader */
    uint64_t batch_rows; /* --batch-rows (0: PS_RELOG_SQL_BATCH) */
    ps_log_options lo; /* how each input is opened (warnings: the input's own list) */
} ps_cli_sql_opts;
int ps_cli_convert_sql(ps_cli *cli, const ps_cli_sql_opts *o, const char *const *paths, size_t n);

/* Logs read ahead on `jobs` threads, handed to the calling thread in input order
 * (cli/log_ahead.c; analyze --jobs). Each worker opens the next log with lo (its warnings to the
 * log's own list), calls plan(ctx, info, &filter) with the log's header (on the worker's thread:
 * it may read only what it is given and what no other thread writes); plan returns 1 when the
 * rows are wanted and may set filter (the log is then reopened with it, the first kept open too;
 * the filter is freed with the logs); then the worker decodes the rows into chunks (at most
 * 16 MiB of rows decoded ahead over all logs, at most 2 * jobs logs open). The caller takes log
 * 0, 1, ... in turn: ps_cli_ahead_open (both logs, or the open failure as ps_log_open words
 * it), ps_cli_ahead_next (as ps_log_next: 1 row, 0 end, -PS_* with err), ps_cli_ahead_done (its
 * warnings appended to w, its logs closed; returns its bad rows), so it sees exactly what
 * opening and reading the logs in turn gives. ps_cli_ahead_stop ends the workers (the logs not
 * taken are not read) and frees all. ps_cli_ahead_start returns NULL when no thread starts. */
typedef struct ps_cli_ahead ps_cli_ahead;
typedef int (*ps_cli_ahead_plan)(void *ctx, const ps_log_info *info, ps_filter **filter);
ps_cli_ahead *ps_cli_ahead_start(ps_cli *cli, const char *const *paths, size_t n, int jobs, const ps_log_options *lo,
                                 ps_cli_ahead_plan plan, void *ctx);
int ps_cli_ahead_open(ps_cli_ahead *a, size_t k, ps_log **first, ps_log **log, ps_error *err);
int ps_cli_ahead_next(ps_cli_ahead *a, size_t k, ps_row *row, ps_error *err);
uint64_t ps_cli_ahead_done(ps_cli_ahead *a, size_t k, ps_warnings *w);
void ps_cli_ahead_stop(ps_cli_ahead *a);

/* Inputs given as folders (cli/log_tree.c): every regular file named *.blg, *.csv or *.tsv (any
 * case) in the folder tree, sorted by path (bytes), in place of the folder; a file operand is
 * kept as given. Folders reached through a symbolic link are not entered. PS_EIO for an
 * unreadable folder, PS_EINPUT for a tree without a log or deeper than PS_CLI_TREE_DEPTH.
 * *out owned by the caller (ps_cli_paths_free), also filled on error (then empty). */
#define PS_CLI_TREE_DEPTH 32
typedef struct ps_cli_paths {
    char **v;
    size_t n;
} ps_cli_paths;
int ps_cli_log_tree(ps_cli *cli, const ps_cli_list *in, ps_cli_paths *out);
void ps_cli_paths_free(ps_cli_paths *p);
/* The same in place: l's entries become the paths of keep (borrowed: keep outlives l's use). */
int ps_cli_log_tree_list(ps_cli *cli, ps_cli_list *l, ps_cli_paths *keep);

/* convert -f openmetrics|influx, -o influx://HOST:PORT/DB (cli/convert_ts.c): the merged rows
 * of every input (filters, -b/-e/-t/--bucket as for CSV) as time series, UTC time stamps. */
typedef struct ps_cli_ts_opts {
    const char *out; /* file, NULL/"-" for standard output, or influx://HOST:PORT/DB */
    int fmt; /* ps_ts_format */
    ps_merge_opts m;
    int jobs; /* ps_cli_convert_ts_jobs: inputs written at once */
    int threads; /* ps_cli_convert_ts_jobs: --threads of each .blg reader */
    ps_log_options lo; /* ps_cli_convert_ts_jobs: how each input is opened */
} ps_cli_ts_opts;
int ps_cli_convert_ts(ps_cli *cli, const ps_cli_ts_opts *o, ps_log *const *logs, const char *const *ins, size_t nin);
/* '-o influx://... --jobs N': each of paths[0..n) opened, read and written on its own (not merged
 * with the others: the points are the same unless two inputs hold the same counter of the same
 * machine at the same time), o->jobs at a time, one connection each; the server is asked first
 * (ps_influx_open), so a wrong URL fails before any input is read. Warnings and the first failure
 * in input order (ps_cli_jobs_report); every input is tried. Prints the points written unless
 * quiet (after a failure: those of the inputs that did not fail, and how many failed). PS_EIO / PS_EINPUT / PS_EUSAGE as ps_cli_convert_ts. */
int ps_cli_convert_ts_jobs(ps_cli *cli, const ps_cli_ts_opts *o, const char *const *paths, size_t n);

#endif
