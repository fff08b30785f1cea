/* textfile.c - files read whole under a size cap: configuration files, Jetstress reports, papers (textfile.h). */
#include "textfile.h"
#include "ps_io.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>

/* The error record of a failed ps_buf_read_file (r != 0) of path capped at max bytes; with_reason:
 * "read error: REASON" rather than "read error". */
static int read_failed(const char *path, int r, size_t max, int with_reason, ps_error *err)
{
    if (r == PS_READ_EOPEN)
        return ps_error_set(err, PS_EIO, path, 0, 0, "cannot open: %s", strerror(errno));
    if (r == PS_READ_EISDIR)
        return ps_error_set(err, PS_EIO, path, 0, 0, "is a directory");
    if (r == PS_READ_ETOOBIG)
        return ps_error_set(err, PS_EINPUT, path, 0, 0, "file larger than %zu MiB", max >> 20);
    if (with_reason)
        return ps_error_set(err, PS_EIO, path, 0, 0, "read error: %s", strerror(errno));
    return ps_error_set(err, PS_EIO, path, 0, 0, "read error");
}

int ps_text_read(const char *path, ps_buf *b, ps_error *err)
{
    struct stat st;
    if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && (uintmax_t)st.st_size > PS_TEXT_MAX_BYTES)
        return read_failed(path, PS_READ_ETOOBIG, PS_TEXT_MAX_BYTES, 1, err);
    int r = ps_buf_read_file(b, path, PS_TEXT_MAX_BYTES);
    if (r)
        return read_failed(path, r, PS_TEXT_MAX_BYTES, 1, err);
    ps_input_note(path);
    return PS_OK;
}

int ps_text_slurp(const char *path, size_t max, char **data, size_t *len, ps_error *err)
{
    *data = NULL;
    *len = 0;
    ps_buf b = {0};
    int r = ps_buf_read_file(&b, path, max);
    if (r) {
        ps_buf_fini(&b);
        return read_failed(path, r, max, 0, err);
    }
    ps_input_note(path); /* never replaced by an output of this process */
    *len = b.len;
    *data = ps_buf_steal(&b);
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

int ps_text_is_utf16(const char *data, size_t len)
{
    const unsigned char *p = (const unsigned char *)data;
    return len >= 2 && ((p[0] == 0xFF && p[1] == 0xFE) || (p[0] == 0xFE && p[1] == 0xFF));
}

int ps_text_is_xml(const char *data, size_t len)
{
    const unsigned char *p = (const unsigned char *)data;
    size_t i = 0, step = 1, lo = 0; /* UTF-16: the code unit's low byte at i + lo, high byte 0 */
    if (ps_text_is_utf16(data, len))
        i = 2, step = 2, lo = p[0] == 0xFE;
    else if (len >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0)
        i = 3;
    for (; i + step <= len; i += step) {
        unsigned c = p[i + lo], hi = step == 2 ? p[i + !lo] : 0;
        if (hi || !(c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'))
            return !hi && c == '<';
    }
    return 0;
}
