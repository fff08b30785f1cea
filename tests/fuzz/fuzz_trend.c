/* fuzz_trend.c - libFuzzer harness: a trend table file through ps_trend_table_read, then the
 * relative values of every cell (the numbers `trend` prints). */
#include <math.h>
#include <stdlib.h>

#include "fuzz_file.h"
#include "ps_parser.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_file("trend", ".csv", data, size);
    if (!path)
        return 0;
    ps_error err;
    ps_trend t = {0};
    if (ps_trend_table_read(path, &t, &err) == PS_OK) {
        volatile double sink = 0;
        for (size_t l = 0; l < t.nlabels; l++)
            for (size_t m = 0; m < t.nmetrics; m++)
                sink += ps_trend_relative(&t, l, m);
        (void)sink;
    }
    ps_trend_fini(&t);
    return 0;
}
