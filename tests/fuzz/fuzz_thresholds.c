/* fuzz_thresholds.c - libFuzzer harness: a threshold file through ps_thr_read (own line format,
 * or PAL threshold XML when the first non-blank byte is '<'), and the same bytes through
 * ps_thr_parse_text from memory. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_file.h"
#include "ps_parser.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_file("thr", ".xml", data, size);
    if (!path)
        return 0;
    ps_warnings w = {0};
    ps_error err;
    ps_thr_set set = {0};
    ps_thr_read(path, &set, &w, &err);
    ps_thr_set_fini(&set);
    char *text = malloc(size ? size : 1);
    if (text) {
        if (size)
            memcpy(text, data, size);
        ps_thr_set set2 = {0};
        ps_thr_parse_text(text, size, "fuzz", &set2, &err);
        ps_thr_set_fini(&set2);
        free(text);
    }
    ps_warnings_fini(&w);
    return 0;
}
