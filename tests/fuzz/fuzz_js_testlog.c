/* fuzz_js_testlog.c - libFuzzer harness: Jetstress Test Log text through ps_js_testlog_parse
 * (from memory; the input is not NUL-terminated). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ps_parser.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size ? size : 1); /* exact size: ASan catches reads past len */
    if (!text)
        return 0;
    if (size)
        memcpy(text, data, size);
    ps_js_event *ev = NULL;
    size_t n = 0;
    ps_js_testlog_parse(text, size, 1, &ev, &n);
    for (size_t i = 0; i < n; i++) {
        free(ev[i].who);
        free(ev[i].what);
        free(ev[i].text);
    }
    free(ev);
    free(text);
    return 0;
}
