/* textfile.c - size caps for small configuration files read whole (textfile_internal.h). */
#include "textfile_internal.h"
#include "ps_io.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>

int ps_text_read(const char *path, ps_buf *b, ps_error *err)
{
    struct stat st;
    if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && (uintmax_t)st.st_size > PS_TEXT_MAX_BYTES)
        return ps_error_set(err, PS_EINPUT, path, 0, 0, "file larger than %u MiB", PS_TEXT_MAX_BYTES >> 20);
    int r = ps_buf_read_file(b, path, PS_TEXT_MAX_BYTES);
    if (r == PS_READ_EOPEN)
        return ps_error_set(err, PS_EIO, path, 0, 0, "cannot open: %s", strerror(errno));
    if (r == PS_READ_EISDIR)
        return ps_error_set(err, PS_EIO, path, 0, 0, "is a directory");
    if (r == PS_READ_ETOOBIG)
        return ps_error_set(err, PS_EINPUT, path, 0, 0, "file larger than %u MiB", PS_TEXT_MAX_BYTES >> 20);
    if (r)
        return ps_error_set(err, PS_EIO, path, 0, 0, "read error: %s", strerror(errno));
    ps_input_note(path);
    return PS_OK;
}

int ps_text_line_check(const char *name, const char *line, size_t len, long lineno, ps_error *err)
{
    size_t n = len > PS_TEXT_MAX_LINE ? PS_TEXT_MAX_LINE : len;
    const char *nul = memchr(line, '\0', n);
    if (nul)
        return ps_error_set(err, PS_EINPUT, name, lineno, (long)(nul - line) + 1, "NUL byte: not a text file");
    if (len > PS_TEXT_MAX_LINE)
        return ps_error_set(err, PS_EINPUT, name, lineno, (long)PS_TEXT_MAX_LINE + 1, "line longer than %u bytes",
                            PS_TEXT_MAX_LINE);
    return PS_OK;
}
