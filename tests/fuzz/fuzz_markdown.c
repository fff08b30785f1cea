/* fuzz_markdown.c - libFuzzer harness: a solution file's CommonMark text (cmark-gfm with GFM
 * tables) through the document builder, as `report --solution` takes [text] values: the blocks
 * (doc_markdown), a table footnote (doc_markdown_note) and the one-paragraph plain form
 * (doc_markdown_plain). Images are looked up in an empty folder: the harness reads no file
 * but what an input names by an absolute path (refused unless a regular image within the caps).
 * Nesting beyond MAX_NESTING must be an error, never a crash (issue 31 item 3).
 * fuzz-extra: render/doc/doc_markdown.c render/doc/doc_tree.c
 * fuzz-pkgs: libcmark-gfm */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "doc_build.h"

/* doc_tree.c numbers figures by chart titles (doc_chart.c, which needs the whole chart engine):
 * never reached from CommonMark text, so defined here as a trap rather than linked. */
const char *doc_chart_title(const doc_chart *c)
{
    (void)c;
    abort();
}

static char base[] = "/tmp/ps_fuzz_markdown.XXXXXX";

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    if (!mkdtemp(base))
        abort();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *md = malloc(size + 1);
    if (!md)
        return 0;
    memcpy(md, data, size);
    md[size] = 0; /* the solution reader hands a NUL-terminated value */
    ps_error err;
    ps_doc *d = ps_xcalloc(1, sizeof *d);
    doc_markdown(d, md, 2, base, 1, &err);
    doc_markdown_note(d, md, base, 1, &err);
    ps_doc_free(d);
    free(doc_markdown_plain(md));
    free(md);
    return 0;
}
