/* Unit tests: ps_buf_read_file (io/read_file.c), the one whole-file reader of the libraries. */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "ps_model.h"
#include "ps_io.h"

static char path[64];

static void make_file(size_t n)
{
    snprintf(path, sizeof path, "/tmp/ps_read_file_%ld.bin", (long)getpid());
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f);
    for (size_t i = 0; i < n; i++)
        fputc((int)(i * 7 % 251), f); /* binary, with NUL bytes */
    fclose(f);
}

Test(read_file, whole_file_appended)
{
    make_file(200000); /* more than one 64 KiB chunk */
    ps_buf b = {0};
    ps_buf_puts(&b, "ab");
    cr_assert_eq(ps_buf_read_file(&b, path, 0), PS_READ_OK);
    cr_assert_eq(b.len, 200002);
    cr_assert_eq(memcmp(b.data, "ab", 2), 0);
    for (size_t i = 0; i < 200000; i++)
        cr_assert_eq((unsigned char)b.data[2 + i], i * 7 % 251, "byte %zu", i);
    ps_buf_fini(&b);
    /* max: exactly the size is fine, one byte less is too big */
    cr_assert_eq(ps_buf_read_file(&b, path, 200000), PS_READ_OK);
    ps_buf_fini(&b);
    cr_assert_eq(ps_buf_read_file(&b, path, 199999), PS_READ_ETOOBIG);
    ps_buf_fini(&b);
    remove(path);
}

Test(read_file, errors)
{
    ps_buf b = {0};
    make_file(0);
    cr_assert_eq(ps_buf_read_file(&b, path, 0), PS_READ_OK);
    cr_assert_eq(b.len, 0);
    remove(path);
    errno = 0;
    cr_assert_eq(ps_buf_read_file(&b, path, 0), PS_READ_EOPEN);
    cr_assert_eq(errno, ENOENT);
    errno = 0;
    cr_assert_eq(ps_buf_read_file(&b, "/tmp", 0), PS_READ_EISDIR);
    cr_assert_eq(errno, EISDIR);
    cr_assert_eq(b.len, 0);
    ps_buf_fini(&b);
}
