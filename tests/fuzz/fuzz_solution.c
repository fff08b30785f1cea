/* fuzz_solution.c - libFuzzer harness: a solution description file through ps_solution_parse
 * (from memory, not NUL-terminated). */
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
    ps_error err;
    ps_solution *sol = NULL;
    if (ps_solution_parse(text, size, "fuzz.ini", &sol, &err) == PS_OK)
        ps_solution_free(sol);
    free(text);
    return 0;
}
