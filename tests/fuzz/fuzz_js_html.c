/* fuzz_js_html.c - libFuzzer harness: a Jetstress HTML report (any encoding, layout and
 * language) through ps_js_report_read, which also parses the embedded test log. */
#include <stdlib.h>

#include "fuzz_file.h"
#include "ps_parser.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_file("jshtml", ".html", data, size);
    if (!path)
        return 0;
    ps_warnings w = {0};
    ps_js_report *r = NULL;
    ps_error err;
    if (ps_js_report_read(path, &r, &w, &err) == PS_OK)
        ps_js_report_free(r);
    ps_warnings_fini(&w);
    return 0;
}
