/* gendoc.h - ps_gendoc, the build-time generator of the man pages and the shell completion
 * from the command table (cli/commands.c). Not part of the perfscribe binary. */
#ifndef PS_GENDOC_H
#define PS_GENDOC_H

#include "cli.h"

/* Write the man page of doc (perfscribe(1) when doc is &ps_doc_perfscribe) to fp. `date` is
 * the page date (may be ""). Returns 0, or -1 when the doc holds a non-ASCII byte (the page
 * would need a preprocessor; the message names the page on stderr). */
int ps_gendoc_man(FILE *fp, const ps_cmd_doc *doc, const char *date);

/* The bash and zsh completion scripts for every command in the table. */
void ps_gendoc_bash(FILE *fp);
void ps_gendoc_zsh(FILE *fp);

/* The option tables of every command as Markdown, between the two marker lines below (each
 * written on a line of its own): the generated block of docs/readme/options.md. */
#define PS_GENDOC_README_BEGIN \
    "<!-- BEGIN ps_gendoc --readme: generated from the option tables (cli/cmd_*.c); do not edit -->"
#define PS_GENDOC_README_END "<!-- END ps_gendoc --readme -->"
void ps_gendoc_readme(FILE *fp);

/* Extensions "csv tsv" as a glob body "csv|tsv" (static buffer). */
const char *ps_gendoc_ext_alt(const char *exts);

#endif
