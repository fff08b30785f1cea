/* ps_cli_doc.h - the one description of every command, option and file format, used by
 * `--help`, `perfscribe help`, and by the build-time generator (cli/gendoc/) that writes the
 * man pages and the bash and zsh completion. Nothing here prints to the terminal by itself.
 *
 * Text markup (all ASCII): paragraphs are separated by a blank line ("\n\n"); inside a
 * paragraph "\n" is a forced line break; a paragraph whose lines all start with two spaces is
 * shown verbatim (examples, file lines). Option help follows the same rules. */
#ifndef PS_CLI_DOC_H
#define PS_CLI_DOC_H

#include <stddef.h>
#include <stdio.h>

/* What an option's value or a command's operands complete to (shell completion). */
enum ps_doc_val {
    PS_VAL_NONE, /* a flag: no value */
    PS_VAL_TEXT, /* free text (a counter path, a time, a number): nothing to offer */
    PS_VAL_FILE, /* an existing file; `values` may list extensions ("csv tsv blg") */
    PS_VAL_DIR, /* a folder */
    PS_VAL_PATH, /* a file or a folder (Jetstress runs) */
    PS_VAL_OUTPUT, /* a file to write; `values` lists the extensions it may end in */
    PS_VAL_WORDS, /* one of the words in `values` ("text csv json") */
    PS_VAL_PROFILE, /* a built-in threshold profile (ps_js_profile_name) */
    PS_VAL_LABEL_PATH, /* LABEL=PATH: a path after the '=' */
    PS_VAL_COMMAND, /* a command or topic name ('perfscribe help NAME') */
};

enum { PS_OPT_REPEAT = 1 }; /* ps_opt_doc.flags: the option may be given several times */

/* How the one option parser (cli/opt_parse.c, ps_cli_parse) checks an option's value and
 * stores it in the command's options record, at byte offset ps_opt_doc.at:
 *   PS_ARG_FLAG      int, set to 1 (no value; giving it twice is harmless)
 *   PS_ARG_STR       const char *, the value as given
 *   PS_ARG_LIST      ps_cli_list, every value in order (needs PS_OPT_REPEAT)
 *   PS_ARG_TIME      ps_cli_time: a time of the logs' clock, or UTC with Z or +hh:mm
 *   PS_ARG_WORD      const char *, one of the words of `values`
 *   PS_ARG_FORMAT    enum ps_format, one of the words of `values` (PS_ARG_FORMAT_LIST: the
 *                    formats of the -o files come from their extensions, see ps_cli_outputs)
 *   PS_ARG_INT       int, a whole number in [lo, hi]
 *   PS_ARG_NUM       double, a number in [lo, hi]
 *   PS_ARG_POSITIVE  double, a number > 0
 *   PS_ARG_ENCODING  const char *, a code page known to the log reader
 *   PS_ARG_CALL      the command's own setter `set` (what the kinds above cannot say)
 * A value option given twice is a usage error unless PS_OPT_REPEAT. */
enum ps_opt_arg {
    PS_ARG_FLAG,
    PS_ARG_STR,
    PS_ARG_LIST,
    PS_ARG_TIME,
    PS_ARG_WORD,
    PS_ARG_FORMAT,
    PS_ARG_INT,
    PS_ARG_NUM,
    PS_ARG_POSITIVE,
    PS_ARG_ENCODING,
    PS_ARG_CALL
};

struct ps_cli;
enum { PS_CLI_DONE = -1 }; /* a setter or ps_cli_parse: done (help shown), exit with PS_OK */
/* PS_ARG_CALL: store value (never NULL) into field (the record's byte at ps_opt_doc.at). Returns
 * PS_OK, a PS_* error with cli->err filled, or PS_CLI_DONE when the command has nothing more
 * to do (e.g. '--rules list' printed the packs). */
typedef int (*ps_opt_set_fn)(struct ps_cli *cli, void *field, const char *value);

/* One option: its documentation (names, value, help) and how it is parsed. Either name may be
 * NULL; arg is the value's name ("FILE") or NULL for a flag. */
typedef struct ps_opt_doc {
    const char *shrt, *lng;
    const char *arg;
    enum ps_doc_val val;
    const char *values; /* PS_VAL_WORDS: the words; PS_VAL_FILE/OUTPUT: extensions, or NULL */
    unsigned flags;
    const char *help;
    enum ps_opt_arg kind; /* parsing: how the value is checked and stored ... */
    size_t at; /* ... at this offset of the command's options record (offsetof) */
    double lo, hi; /* PS_ARG_INT / PS_ARG_NUM: the accepted range; PS_ARG_POSITIVE: hi, 0 = none */
    ps_opt_set_fn set; /* PS_ARG_CALL */
} ps_opt_doc;

/* Options shared by several commands (defined once, next to the code that parses them); the
 * offsets of its rows are inside the group's own record, which sits at ps_cmd_doc.shared_at of
 * each command's record. */
typedef struct ps_opt_group {
    const ps_opt_doc *opts;
    size_t n;
} ps_opt_group;

/* A command (section 1) or a file-format topic (section 5, shown by 'perfscribe help NAME'). */
typedef struct ps_cmd_doc {
    const char *name; /* "summary", "rules" */
    int section; /* 1: a command; 5: a file format */
    const char *summary; /* one line, lower case, no final period */
    const char *synopsis; /* after "perfscribe NAME "; wrapped between items */
    const char *description; /* markup (see above) */
    const ps_opt_doc *opts; /* the command's own options ... */
    size_t nopts;
    const struct ps_opt_group *shared; /* ... and a group shared with other commands, or NULL */
    size_t shared_at; /* offset of the shared group's record in the command's */
    enum ps_doc_val operands; /* what the operands (FILE..., RUN...) complete to */
    const char *operand_values; /* extensions for PS_VAL_FILE operands, or NULL */
    const char *notes_title; /* title of the notes section in the man page ("STATISTICS") */
    const char *notes; /* markup, after the options; NULL for none */
    const char *exit_status; /* "0 ok, 2 usage, ..." one line; NULL for a topic */
    const char *see_also; /* "perfscribe-jetstress(1), perfscribe-rules(5)" */
} ps_cmd_doc;

#define PS_DOC_N(a) (sizeof(a) / sizeof((a)[0]))

/* -q/--quiet and -h/--help: accepted by every command (ps_cli_parse), listed after its own. */
extern const ps_opt_group ps_doc_common_opts;
enum { PS_COMMON_QUIET, PS_COMMON_HELP }; /* its rows */

/* The options of a command in the order listed: its own, the shared group's, then (commands
 * only, not perfscribe(1) or a topic) the common ones. NULL when i is past the last. */
const ps_opt_doc *ps_doc_opt_at(const ps_cmd_doc *doc, size_t i);

/* Print the --help text of doc to fp (usage, description, options, notes, exit codes), wrapped
 * at 79 columns. Returns 0, or -1 when writing failed (fp's error indicator is set). */
int ps_doc_print_help(FILE *fp, const ps_cmd_doc *doc);

/* Print text (markup above) wrapped at `width` columns with `indent` spaces before every line;
 * `first` (may be NULL) replaces the indentation of the first line and is printed as is. */
void ps_doc_print_wrapped(FILE *fp, const char *text, int indent, int width, const char *first);

/* Length of the synopsis item at s: a word, or a bracketed group with its spaces. */
size_t ps_doc_synopsis_item(const char *s);
/* Print lead and the synopsis items after it, wrapped at width between items (continuation
 * lines aligned after lead). */
void ps_doc_print_synopsis(FILE *fp, const char *lead, const char *synopsis, int width);

/* The markup's paragraphs and lines: ps_doc_para(s) is the length of the paragraph at s (up to
 * a blank line or the end); ps_doc_line(p, n, i, &next) the length of the line at offset i of
 * the n-byte paragraph p (up to a '\n' or n), *next the offset after it and its '\n'. */
size_t ps_doc_para(const char *s);
size_t ps_doc_line(const char *p, size_t n, size_t i, size_t *next);

/* 1 when every line of the n-byte paragraph s starts with two spaces (shown verbatim). */
int ps_doc_para_verbatim(const char *s, size_t n);

/* One option of a --help listing: "  LABEL" then its help wrapped from `column` (on the next
 * line when the label reaches the column). */
void ps_doc_print_opt(FILE *fp, const ps_opt_doc *o, int column, int width);

/* The option as the user types it, for listings: "-b, --begin TIME". Writes into buf. */
const char *ps_doc_opt_label(const ps_opt_doc *o, char *buf, size_t size);

#endif
