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
    PS_VAL_NONE,        /* a flag: no value */
    PS_VAL_TEXT,        /* free text (a counter path, a time, a number): nothing to offer */
    PS_VAL_FILE,        /* an existing file; `values` may list extensions ("csv tsv blg") */
    PS_VAL_DIR,         /* a folder */
    PS_VAL_PATH,        /* a file or a folder (Jetstress runs) */
    PS_VAL_OUTPUT,      /* a file to write; `values` lists the extensions it may end in */
    PS_VAL_WORDS,       /* one of the words in `values` ("text csv json") */
    PS_VAL_PROFILE,     /* a built-in threshold profile (ps_js_profile_name) */
    PS_VAL_LABEL_PATH,  /* LABEL=PATH: a path after the '=' */
    PS_VAL_COMMAND,     /* a command or topic name ('perfscribe help NAME') */
};

enum { PS_OPT_REPEAT = 1 };   /* ps_opt_doc.flags: the option may be given several times */

/* One option. Either name may be NULL; arg is the value's name ("FILE") or NULL for a flag. */
typedef struct ps_opt_doc {
    const char *shrt, *lng;
    const char *arg;
    enum ps_doc_val val;
    const char *values;   /* PS_VAL_WORDS: the words; PS_VAL_FILE/OUTPUT: extensions, or NULL */
    unsigned flags;
    const char *help;
} ps_opt_doc;

/* Options shared by several commands (defined once, next to the code that parses them). */
typedef struct ps_opt_group {
    const ps_opt_doc *opts;
    size_t n;
} ps_opt_group;

/* A command (section 1) or a file-format topic (section 5, shown by 'perfscribe help NAME'). */
typedef struct ps_cmd_doc {
    const char *name;             /* "summary", "rules" */
    int section;                  /* 1: a command; 5: a file format */
    const char *summary;          /* one line, lower case, no final period */
    const char *synopsis;         /* after "perfscribe NAME "; wrapped between items */
    const char *description;      /* markup (see above) */
    const ps_opt_doc *opts;       /* the command's own options ... */
    size_t nopts;
    const struct ps_opt_group *shared;   /* ... and a group shared with other commands, or NULL */
    enum ps_doc_val operands;     /* what the operands (FILE..., RUN...) complete to */
    const char *operand_values;   /* extensions for PS_VAL_FILE operands, or NULL */
    const char *notes_title;      /* title of the notes section in the man page ("STATISTICS") */
    const char *notes;            /* markup, after the options; NULL for none */
    const char *exit_status;      /* "0 ok, 2 usage, ..." one line; NULL for a topic */
    const char *see_also;         /* "perfscribe-jetstress(1), perfscribe-rules(5)" */
} ps_cmd_doc;

#define PS_DOC_N(a) (sizeof(a) / sizeof((a)[0]))

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

/* 1 when every line of the n-byte paragraph s starts with two spaces (shown verbatim). */
int ps_doc_para_verbatim(const char *s, size_t n);

/* The option as the user types it, for listings: "-b, --begin TIME". Writes into buf. */
const char *ps_doc_opt_label(const ps_opt_doc *o, char *buf, size_t size);

#endif
