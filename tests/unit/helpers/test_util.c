/* test_util.c - see test_util.h. */
#include "test_util.h"

#include <criterion/criterion.h>
#include <stdio.h>
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
