/* gendoc_main.c - ps_gendoc OUTDIR [DATE]: writes OUTDIR/man1/perfscribe.1, one
 * OUTDIR/man1/perfscribe-COMMAND.1 per command, OUTDIR/man5/perfscribe-TOPIC.5 per file format,
 * and the completion scripts OUTDIR/perfscribe.bash and OUTDIR/_perfscribe (zsh), all from
 * the command table. Run by the build (cmake/PsDocs.cmake); exit 0, or 1 with a message.
 * `ps_gendoc --readme` writes the README's option tables (docs/readme/options.md) to standard
 * output; `ps_gendoc --options` lists the option names for tests/cli/help_table.sh. */
#include "gendoc.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

static int fail(const char *what)
{
    fprintf(stderr, "ps_gendoc: %s: %s\n", what, strerror(errno));
    return 1;
}

/* Write one page through fn into path (fn returns 0 or -1). */
static int write_page(const char *path, const ps_cmd_doc *doc, const char *date)
{
    FILE *fp = fopen(path, "w");
    if (!fp)
        return fail(path);
    int bad = ps_gendoc_man(fp, doc, date);
    if (fclose(fp) != 0)
        return fail(path);
    return bad ? 1 : 0;
}

static int write_script(const char *path, void (*fn)(FILE *))
{
    FILE *fp = fopen(path, "w");
    if (!fp)
        return fail(path);
    fn(fp);
    return fclose(fp) != 0 ? fail(path) : 0;
}

/* `ps_gendoc --options`: one line per command option name, "COMMAND<TAB>OPTION<TAB>VALUE-NAME<TAB>
 * VALUES<TAB>ROW" (VALUE-NAME "-" for a flag; the short and long names of one row share ROW),
 * for the test that every documented option is accepted. */
static int list_options(void)
{
    for (size_t c = 0; c < ps_cli_ncommands; c++) {
        const ps_cmd_doc *d = ps_cli_commands[c].doc;
        const ps_opt_doc *o;
        for (size_t i = 0; (o = ps_doc_opt_at(d, i)); i++)
            for (int k = 0; k < 2; k++) {
                const char *name = k ? o->lng : o->shrt;
                if (name && o != &ps_doc_common_opts.opts[PS_COMMON_HELP])
                    printf("%s\t%s\t%s\t%s\t%zu\n", d->name, name, o->arg ? o->arg : "-", o->values ? o->values : "-",
                           i);
            }
    }
    return fflush(stdout) == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--options") == 0)
        return list_options();
    if (argc == 2 && strcmp(argv[1], "--readme") == 0) { /* docs/readme/options.md's block */
        ps_gendoc_readme(stdout);
        return fflush(stdout) == 0 ? 0 : 1;
    }
    if (argc < 2 || argc > 3) {
        fputs("usage: ps_gendoc OUTDIR [DATE] | ps_gendoc --options | ps_gendoc --readme\n", stderr);
        return 2;
    }
    const char *dir = argv[1], *date = argc > 2 ? argv[2] : "";
    char path[4096];
    int rc = 0;
    for (int sec = 1; sec <= 5; sec += 4) {
        snprintf(path, sizeof path, "%s/man%d", dir, sec);
        if (mkdir(path, 0755) != 0 && errno != EEXIST)
            return fail(path);
    }
    snprintf(path, sizeof path, "%s/man1/perfscribe.1", dir);
    rc |= write_page(path, &ps_doc_perfscribe, date);
    for (size_t i = 0; i < ps_cli_ncommands; i++) {
        snprintf(path, sizeof path, "%s/man1/perfscribe-%s.1", dir, ps_cli_commands[i].doc->name);
        rc |= write_page(path, ps_cli_commands[i].doc, date);
    }
    for (size_t i = 0; i < ps_cli_ntopics; i++) {
        const ps_cmd_doc *t = ps_cli_topics[i];
        snprintf(path, sizeof path, "%s/man%d/perfscribe-%s.%d", dir, t->section, t->name, t->section);
        rc |= write_page(path, t, date);
    }
    snprintf(path, sizeof path, "%s/perfscribe.bash", dir);
    rc |= write_script(path, ps_gendoc_bash);
    snprintf(path, sizeof path, "%s/_perfscribe", dir);
    rc |= write_script(path, ps_gendoc_zsh);
    return rc ? 1 : 0;
}
