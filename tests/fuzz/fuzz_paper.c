/* fuzz_paper.c - libFuzzer harness: white-paper text through ps_paper_parse (from memory, not
 * NUL-terminated). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ps_parser.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size ? size : 1);
    if (!text)
        return 0;
    if (size)
        memcpy(text, data, size);
    ps_warnings w = {0};
    ps_error err;
    ps_paper *p = NULL;
    if (ps_paper_parse("fuzz.txt", text, size, &p, &w, &err) == PS_OK)
        ps_paper_free(p);
    ps_warnings_fini(&w);
    free(text);
    return 0;
}
