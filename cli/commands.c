/* commands.c - the command table (the one list of commands and topics) and perfscribe(1). */
#include "cli.h"

#include <errno.h>
#include <string.h>

/* Add a command here (and its doc next to its parser): --help, 'perfscribe help', the man
 * pages and the bash/zsh completion are generated from this table. */
const ps_cli_command ps_cli_commands[] = {
    {&ps_doc_summary, ps_cmd_summary}, {&ps_doc_convert, ps_cmd_convert}, {&ps_doc_jetstress, ps_cmd_jetstress},
    {&ps_doc_check, ps_cmd_check},     {&ps_doc_audit, ps_cmd_audit},     {&ps_doc_report, ps_cmd_report},
    {&ps_doc_trend, ps_cmd_trend},     {&ps_doc_store, ps_cmd_store},     {&ps_doc_analyze, ps_cmd_analyze},
    {&ps_doc_chart, ps_cmd_chart},
};
const size_t ps_cli_ncommands = PS_DOC_N(ps_cli_commands);

const ps_cmd_doc *const ps_cli_topics[] = {&ps_doc_rules, &ps_doc_analyze_rules, &ps_doc_solution};
const size_t ps_cli_ntopics = PS_DOC_N(ps_cli_topics);

static const ps_opt_doc global_opts[] = {
    {NULL, "--version", NULL, PS_VAL_NONE, NULL, 0,
     "print the version, the git revision it was built from and the versions of the libraries it "
     "was built with (libxml2, PCRE2, cairo, libharu, fontconfig), then exit",
     .kind = PS_ARG_FLAG},
    {"-h", "--help", NULL, PS_VAL_NONE, NULL, 0, "list the commands (as 'perfscribe help')", .kind = PS_ARG_FLAG},
    {"-q", "--quiet", NULL, PS_VAL_NONE, NULL, 0,
     "no progress bar and no list of the files written; accepted before the command as after "
     "it. (relog's -q lists the counters of a log: with perfscribe that is 'perfscribe summary'.)",
     .kind = PS_ARG_FLAG},
};

const ps_cmd_doc ps_doc_perfscribe = {
    .name = "perfscribe",
    .section = 1,
    .summary = "verified numbers, verdicts and documents from PerfMon logs and Jetstress results",
    .synopsis = "COMMAND [OPTIONS] [FILE...]",
    .description = "perfscribe turns Windows Performance Monitor logs (relog and typeperf CSV and TSV, native "
                   ".blg) and Microsoft Exchange Jetstress results into verified numbers, verdicts and "
                   "submission-ready documents. Every command reads its inputs by content (a .blg named .csv "
                   "still works), prints one line 'perfscribe: FILE:LINE:COL: message' on bad input, writes "
                   "its outputs to a temporary file that is renamed only when complete, and never overwrites "
                   "one of its inputs.\n\n"
                   "'perfscribe help' lists the commands, 'perfscribe help COMMAND' or 'perfscribe COMMAND "
                   "--help' documents one, and 'perfscribe help rules' describes the threshold file formats.",
    .opts = global_opts,
    .nopts = PS_DOC_N(global_opts),
    .operands = PS_VAL_COMMAND,
    .notes_title = "ENVIRONMENT",
    .notes = "SOURCE_DATE_EPOCH: seconds since 1970; the date printed in PDF and HTML documents "
             "(reproducible output). Without it, today's date (UTC).\n\n"
             "PERFSCRIBE_NO_AVX512: set to 1 to use the AVX2 forms of the number parser and the "
             "statistics instead of the AVX-512 ones (the results are the same bit for bit).\n\n"
             "The PDF documents embed subsets of TrueType fonts found through fontconfig: DejaVu Sans "
             "(Debian package fonts-dejavu-core), and for Chinese, Japanese or Korean text a CJK font such "
             "as WenQuanYi Micro Hei (fonts-wqy-microhei); the HTML templates are compiled in.",
    .exit_status = "0 ok or pass, 1 a verdict fails or audit findings, 2 usage, 3 bad input, 4 I/O error",
    .see_also = "perfscribe-rules(5), perfscribe-analyze-rules(5), perfscribe-solution(5)",
};

const ps_cli_command *ps_cli_find_command(const char *name)
{
    for (size_t i = 0; i < ps_cli_ncommands; i++)
        if (strcmp(name, ps_cli_commands[i].doc->name) == 0)
            return &ps_cli_commands[i];
    return NULL;
}

const ps_cmd_doc *ps_cli_find_topic(const char *name)
{
    for (size_t i = 0; i < ps_cli_ntopics; i++)
        if (strcmp(name, ps_cli_topics[i]->name) == 0)
            return ps_cli_topics[i];
    return NULL;
}

int ps_cli_help(ps_cli *cli, const ps_cmd_doc *doc)
{
    if (ps_doc_print_help(stdout, doc) == 0)
        return PS_OK;
    clearerr(stdout); /* the reason of the failure: write again (errno may be stale by now) */
    errno = 0;
    int e = fputc('\n', stdout) == EOF || fflush(stdout) != 0 ? errno : EIO;
    if (e == EPIPE) { /* | head: the reader has what it wanted */
        cli->stdout_gone = 1;
        return PS_OK;
    }
    return ps_error_set(&cli->err, PS_EIO, "<stdout>", 0, 0, "write error: %s", strerror(e ? e : EIO));
}
