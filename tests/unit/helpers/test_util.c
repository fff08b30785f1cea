/* test_util.c - see test_util.h. */
#include "test_util.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

uint64_t test_xorshift(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

const char *test_write_tmp(const char *name, const char *text, size_t len)
{
    static char path[600];
    mkdir(PS_BINARY_DIR "/csv_tmp", 0777);
    snprintf(path, sizeof path, "%s/csv_tmp/%s", PS_BINARY_DIR, name);
    FILE *fp = fopen(path, "wb");
    cr_assert_not_null(fp, "cannot write %s", path);
    cr_assert_eq(fwrite(text, 1, len, fp), len);
    cr_assert_eq(fclose(fp), 0);
    return path;
}

char *test_run_cmd(const char *cmd)
{
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(p, "cannot run %s", cmd);
    char *out = NULL;
    size_t len = 0, n;
    char chunk[4096];
    while ((n = fread(chunk, 1, sizeof chunk, p)) > 0) {
        out = realloc(out, len + n + 1);
        cr_assert_not_null(out);
        memcpy(out + len, chunk, n);
        len += n;
    }
    pclose(p);
    if (!out)
        out = calloc(1, 1);
    out[len] = 0;
    return out;
}
