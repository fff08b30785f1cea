/* gendoc_readme.c - the README's option tables (docs/readme/options.md) from the command table:
 * one Markdown table per command (its own options, the shared group's, the common ones, in the
 * order of --help), between two marker lines that tests/cli/readme_options.sh finds and
 * compares. */
#include "gendoc.h"

#include <string.h>

/* Write n bytes of s into a Markdown table cell: '|' escaped, line breaks as spaces, a
 * verbatim paragraph (two leading spaces) as code spans, paragraphs joined with "<br>". */
static void cell(FILE *fp, const char *s)
{
    size_t len = strlen(s);
    int para_start = 1, verbatim = 0, any = 0;
    for (size_t i = 0, next; i < len; i = next) {
        size_t ln = ps_doc_line(s, len, i, &next);
        if (ln == 0) { /* a blank line: the next line opens a paragraph */
            para_start = 1;
            continue;
        }
        if (para_start)
            verbatim = ps_doc_para_verbatim(s + i, ps_doc_para(s + i));
        fputs(!any ? "" : para_start || verbatim ? "<br>" : " ", fp);
        size_t skip = verbatim ? 2 : 0;
        fputs(verbatim ? "`" : "", fp);
        for (size_t k = i + skip; k < i + ln; k++) {
            if (s[k] == '|')
                fputc('\\', fp);
            fputc(s[k], fp);
        }
        fputs(verbatim ? "`" : "", fp);
        para_start = 0;
        any = 1;
    }
}

void ps_gendoc_readme(FILE *fp)
{
    fprintf(fp, "%s\n", PS_GENDOC_README_BEGIN);
    for (size_t c = 0; c < ps_cli_ncommands; c++) {
        const ps_cmd_doc *d = ps_cli_commands[c].doc;
        fprintf(fp, "\n### perfscribe %s\n\n", d->name);
        cell(fp, d->summary);
        fputs(".\n\n| option | meaning |\n| --- | --- |\n", fp);
        const ps_opt_doc *o;
        char label[256];
        for (size_t i = 0; (o = ps_doc_opt_at(d, i)); i++) {
            fputs("| `", fp);
            cell(fp, ps_doc_opt_label(o, label, sizeof label));
            fputs("` | ", fp);
            cell(fp, o->help);
            if ((o->flags & PS_OPT_REPEAT) && !strstr(o->help, "repeat"))
                fputs(" (repeatable)", fp);
            fputs(" |\n", fp);
        }
    }
    fprintf(fp, "\n%s\n", PS_GENDOC_README_END);
}
