/* fuzz_image.c - libFuzzer harness: bytes through the PNG/JPEG checks that every figure and
 * logo passes before libharu sees it (render/doc/doc_image.c). A pass must report dimensions
 * inside the limits. Seeds: tests/fuzz/corpus/fuzz_image/ (the sample's pictures, cut small). */
#include <stdint.h>
#include <stdlib.h>

#include "doc_build.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    enum doc_image_type type;
    unsigned w, h;
    const char *why = NULL;
    if (doc_image_check(data, size, &type, &w, &h, &why) &&
        (!w || !h || w > DOC_IMAGE_MAX_SIDE || h > DOC_IMAGE_MAX_SIDE || (uint64_t)w * h > DOC_IMAGE_MAX_PIXELS))
        abort();
    return 0;
}
