/* fuzz_paper_pdf.c - libFuzzer harness: a paper given as PDF through ps_paper_parse_pdf (poppler-glib
 * opens the bytes; the lines are rebuilt from glyph boxes and read as paper text). Seeds: the
 * bundled PDF of the planted sample paper (tests/fuzz/corpus/fuzz_paper_pdf/). */
#include <stdint.h>
#include <stdlib.h>

#include "ps_paper_pdf.h"
#include "ps_parser.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ps_warnings w = {0};
    ps_error err;
    ps_paper *p = NULL;
    if (ps_paper_parse_pdf("fuzz.pdf", data, size, &p, &w, &err) == PS_OK)
        ps_paper_free(p);
    ps_warnings_fini(&w);
    return 0;
}
