/* fuzz_blg.c - libFuzzer harness: any bytes through ps_log_open / ps_log_next (the .blg reader
 * and, for text, the PDH-CSV reader) and the PDH-CSV writer, strict and lenient. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ps_parser.h"
#include "ps_render.h"

static char path[256];

static void read_all(int lenient)
{
    ps_warnings w = {0};
    ps_log_options opt = {NULL, lenient, &w, NULL};
    ps_log *log = NULL;
    ps_error err;
    if (ps_log_open(path, &opt, &log, &err) == PS_OK) {
        const ps_log_info *info = ps_log_info_get(log);
        ps_pdh_style st;
        ps_pdh_style_init(&st, PS_FMT_CSV);
        ps_buf b = {0};
        ps_pdh_write_header(&b, &st, info->timezone, info->has_bias, info->bias_minutes, info->header, info->ncounters);
        ps_row row;
        int rc;
        while ((rc = ps_log_next(log, &row, &err)) == 1) {
            ps_buf_reset(&b);
            ps_pdh_write_row(&b, &st, row.local, row.values, row.nvalues);
        }
        ps_buf_fini(&b);
        ps_log_close(log);
    }
    ps_warnings_fini(&w);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!path[0])
        snprintf(path, sizeof path, "%s/ps_fuzz_blg_%d.dat", access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp",
                 (int)getpid());
    FILE *fp = fopen(path, "wb");
    if (!fp)
        return 0;
    fwrite(data, 1, size, fp);
    fclose(fp);
    read_all(0);
    read_all(1);
    return 0;
}
