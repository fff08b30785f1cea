/* fuzz_csv.c - libFuzzer harness: PDH-CSV/TSV text (any encoding) through ps_log_open /
 * ps_log_next, strict and lenient, with and without a counter filter, plus the summary model
 * fed with every row (the path the `summary` command takes). */
#include <stdlib.h>
#include <string.h>

#include "fuzz_file.h"
#include "ps_parser.h"

static void read_all(const char *path, int lenient, const ps_filter *f)
{
    ps_warnings w = {0};
    ps_log_options opt = {f, lenient, &w, NULL};
    ps_log *log = NULL;
    ps_error err;
    if (ps_log_open(path, &opt, &log, &err) == PS_OK) {
        const ps_log_info *info = ps_log_info_get(log);
        ps_summary s;
        ps_summary_init(&s);
        ps_summary_begin_file(&s, info);
        ps_row row;
        while (ps_log_next(log, &row, &err) == 1)
            ps_summary_add_row(&s, &row);
        ps_summary_end_file(&s, ps_log_bad_rows(log));
        ps_summary_finish(&s);
        ps_summary_fini(&s);
        ps_log_close(log);
    }
    ps_warnings_fini(&w);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static ps_filter *filter;
    if (!filter) {
        ps_error e;
        filter = ps_filter_new();
        if (ps_filter_add(filter, "\\Processor(*)\\% Processor Time", &e) != PS_OK ||
            ps_filter_add(filter, "\\\\*\\LogicalDisk(*)\\*", &e) != PS_OK)
            abort();
    }
    const char *path = fuzz_file("csv", ".csv", data, size);
    if (!path)
        return 0;
    read_all(path, 0, NULL);
    read_all(path, 1, NULL);
    read_all(path, 1, filter);
    return 0;
}
