/* read_file.c - the one whole-file reader of the libraries (see ps_io.h). */
#include "ps_io.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>

int ps_buf_read_file(ps_buf *b, const char *path, size_t max)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return PS_READ_EOPEN;
    struct stat st;
    if (fstat(fileno(fp), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(fp);
        errno = EISDIR;
        return PS_READ_EISDIR;
    }
    ps_input_note(path); /* the one registry of inputs the outputs are checked against */
    if (max && S_ISREG(st.st_mode) && (uintmax_t)st.st_size > max) {
        fclose(fp);
        return PS_READ_ETOOBIG;
    }
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0) {
        if (max && b->len + n > max) {
            fclose(fp);
            return PS_READ_ETOOBIG;
        }
        ps_buf_put(b, chunk, n);
    }
    int bad = ferror(fp);
    fclose(fp);
    return bad ? PS_READ_EREAD : PS_READ_OK;
}
