/* fuzz_js_xml.c - libFuzzer harness: the same bytes read as a JetstressConfig.xml
 * (ps_js_config_read) and as a Jetstress result XML (ps_js_result_xml_read). */
#include <stdlib.h>

#include "fuzz_file.h"
#include "ps_parser.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_file("jsxml", ".xml", data, size);
    if (!path)
        return 0;
    ps_warnings w = {0};
    ps_error err;
    ps_js_config *c = NULL;
    if (ps_js_config_read(path, &c, &w, &err) == PS_OK)
        ps_js_config_free(c);
    ps_js_result_xml x = {0};
    if (ps_js_result_xml_read(path, &x, &w, &err) == PS_OK)
        ps_js_result_xml_fini(&x);
    ps_warnings_fini(&w);
    return 0;
}
