/* help_text.c - the --help text of a command, written from its ps_cmd_doc. */
#include "ps_cli_doc.h"

#include <string.h>

#define HELP_WIDTH 79
#define OPT_COLUMN 22 /* option help starts here; longer labels put it on the next line */

const char *ps_doc_opt_label(const ps_opt_doc *o, char *buf, size_t size)
{
    snprintf(buf, size, "%s%s%s%s%s", o->shrt ? o->shrt : "", o->shrt && o->lng ? ", " : "", o->lng ? o->lng : "",
             o->arg ? " " : "", o->arg ? o->arg : "");
    return buf;
}

size_t ps_doc_para(const char *s)
{
    const char *e = strstr(s, "\n\n");
    return e ? (size_t)(e - s) : strlen(s);
}

size_t ps_doc_line(const char *p, size_t n, size_t i, size_t *next)
{
    const char *nl = memchr(p + i, '\n', n - i);
    size_t ln = nl ? (size_t)(nl - (p + i)) : n - i;
    *next = i + ln + (nl != NULL);
    return ln;
}

int ps_doc_para_verbatim(const char *s, size_t n)
{
    for (size_t i = 0, next; i < n; i = next) {
        if (n - i < 2 || s[i] != ' ' || s[i + 1] != ' ')
            return 0;
        ps_doc_line(s, n, i, &next);
    }
    return 1;
}

/* One line of text (no '\n') wrapped greedily; `col` is the column the cursor is at. */
static void wrap_line(FILE *fp, const char *s, size_t n, int indent, int width, int col)
{
    size_t i = 0;
    int first_word = 1;
    while (i < n) {
        while (i < n && s[i] == ' ')
            i++;
        size_t w = i;
        while (w < n && s[w] != ' ')
            w++;
        if (w == i)
            break;
        int len = (int)(w - i);
        if (!first_word && col + 1 + len > width) {
            fprintf(fp, "\n%*s", indent, "");
            col = indent;
        } else if (!first_word) {
            fputc(' ', fp);
            col++;
        }
        fwrite(s + i, 1, (size_t)len, fp);
        col += len;
        first_word = 0;
        i = w;
    }
    fputc('\n', fp);
}

void ps_doc_print_wrapped(FILE *fp, const char *text, int indent, int width, const char *first)
{
    int first_line = 1;
    for (const char *p = text; *p;) {
        size_t n = ps_doc_para(p);
        int verbatim = ps_doc_para_verbatim(p, n);
        if (!first_line)
            fputc('\n', fp);
        for (size_t i = 0, next; i < n; i = next) {
            size_t ln = ps_doc_line(p, n, i, &next);
            int col = indent;
            if (first_line && first) {
                fputs(first, fp);
                col = (int)strlen(first);
                if (col < indent) {
                    fprintf(fp, "%*s", indent - col, "");
                    col = indent;
                } else if (col > indent) {
                    fprintf(fp, "\n%*s", indent, "");
                    col = indent;
                }
            } else {
                fprintf(fp, "%*s", indent, "");
            }
            first_line = 0;
            if (verbatim) {
                fwrite(p + i, 1, ln, fp);
                fputc('\n', fp);
            } else {
                wrap_line(fp, p + i, ln, indent, width, col);
            }
        }
        p += n;
        while (*p == '\n')
            p++;
    }
}

size_t ps_doc_synopsis_item(const char *s)
{
    size_t n = 0;
    int depth = 0;
    for (; s[n] && !((s[n] == ' ' || s[n] == '\n') && depth == 0); n++)
        depth += s[n] == '[' ? 1 : s[n] == ']' ? -1 : 0;
    return n;
}

void ps_doc_print_synopsis(FILE *fp, const char *lead, const char *synopsis, int width)
{
    int indent = (int)strlen(lead) + 1, col = indent - 1;
    fputs(lead, fp);
    for (const char *s = synopsis; *s;) {
        while (*s == ' ' || *s == '\n')
            s++;
        size_t n = ps_doc_synopsis_item(s);
        if (!n)
            break;
        if (col + 1 + (int)n > width && col > indent) {
            fprintf(fp, "\n%*s", indent - 1, "");
            col = indent - 1;
        }
        fprintf(fp, " %.*s", (int)n, s);
        col += 1 + (int)n;
        s += n;
    }
    fputc('\n', fp);
}

static const ps_opt_doc common_opts[] = {
    [PS_COMMON_QUIET] = {"-q", "--quiet", NULL, PS_VAL_NONE, NULL, 0,
                         "no progress bar and no list of the files written (relog's -q, which lists "
                         "a log's counters, is 'perfscribe summary')",
                         .kind = PS_ARG_FLAG},
    [PS_COMMON_HELP] = {"-h", "--help", NULL, PS_VAL_NONE, NULL, 0, "this text", .kind = PS_ARG_FLAG},
};
const ps_opt_group ps_doc_common_opts = {common_opts, PS_DOC_N(common_opts)};

const ps_opt_doc *ps_doc_opt_at(const ps_cmd_doc *doc, size_t i)
{
    if (i < doc->nopts)
        return &doc->opts[i];
    i -= doc->nopts;
    size_t ns = doc->shared ? doc->shared->n : 0;
    if (i < ns)
        return &doc->shared->opts[i];
    i -= ns;
    int command = doc->section == 1 && strcmp(doc->name, "perfscribe") != 0;
    return command && i < ps_doc_common_opts.n ? &ps_doc_common_opts.opts[i] : NULL;
}

void ps_doc_print_opt(FILE *fp, const ps_opt_doc *o, int column, int width)
{
    char label[128], first[160];
    ps_doc_opt_label(o, label, sizeof label);
    snprintf(first, sizeof first, "  %s", label);
    if ((int)strlen(first) >= column) { /* no room for a space before the help: next line */
        fprintf(fp, "%s\n", first);
        ps_doc_print_wrapped(fp, o->help, column, width, NULL);
    } else {
        ps_doc_print_wrapped(fp, o->help, column, width, first);
    }
}

int ps_doc_print_help(FILE *fp, const ps_cmd_doc *doc)
{
    if (doc->section != 1) {
        fprintf(fp, "%s - %s\n\n", doc->name, doc->summary);
        ps_doc_print_wrapped(fp, doc->description, 0, HELP_WIDTH, NULL);
    } else {
        char lead[64];
        snprintf(lead, sizeof lead, "usage: perfscribe %s", doc->name);
        ps_doc_print_synopsis(fp, lead, doc->synopsis, HELP_WIDTH);
        fputc('\n', fp);
        ps_doc_print_wrapped(fp, doc->description, 0, HELP_WIDTH, NULL);
        fputs("\noptions:\n", fp);
        const ps_opt_doc *o;
        for (size_t i = 0; (o = ps_doc_opt_at(doc, i)); i++)
            ps_doc_print_opt(fp, o, OPT_COLUMN, HELP_WIDTH);
    }
    if (doc->notes) {
        fputc('\n', fp);
        ps_doc_print_wrapped(fp, doc->notes, 0, HELP_WIDTH, NULL);
    }
    if (doc->exit_status) {
        fputc('\n', fp);
        ps_doc_print_wrapped(fp, doc->exit_status, 12, HELP_WIDTH, "exit codes: ");
    }
    if (doc->see_also) {
        fputc('\n', fp);
        ps_doc_print_wrapped(fp, doc->see_also, 10, HELP_WIDTH, "see also: ");
    }
    return fflush(fp) == 0 && !ferror(fp) ? 0 : -1;
}
