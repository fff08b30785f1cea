/* pdh_lines.c - streaming line reader for text counter logs (UTF-16 converted to UTF-8). */
#include "pdh_csv_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Read up to n bytes with read(2) on the stream's descriptor (the FILE's own buffer is never
 * used: fread would copy every byte once more through it). Fewer than n only at end of file.
 * Returns the byte count, or (size_t)-1 with errno set. */
static size_t read_full(ps_lines *l, void *buf, size_t n)
{
    int fd = fileno(l->fp);
    if (n > l->left)
        n = (size_t)l->left;
    size_t got = 0;
    while (got < n) {
        ssize_t r = read(fd, (char *)buf + got, n - got);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            return (size_t)-1;
        }
        if (r == 0)
            break;
        got += (size_t)r;
    }
    l->left -= got;
    return got;
}

static int open_file(ps_lines *l, const char *path, ps_error *err)
{
    memset(l, 0, sizeof *l);
    l->path = path;
    l->left = UINT64_MAX;
    l->fp = fopen(path, "rb");
    if (!l->fp)
        return ps_error_set(err, PS_EIO, path, 0, 0, "cannot open: %s", strerror(errno));
    return PS_OK;
}

int ps_lines_open_range(ps_lines *l, const char *path, uint64_t start, uint64_t end, ps_error *err)
{
    int rc = open_file(l, path, err);
    if (rc)
        return rc;
    if (lseek(fileno(l->fp), (off_t)start, SEEK_SET) == (off_t)-1)
        return ps_error_set(err, PS_EIO, path, 0, 0, "cannot seek: %s", strerror(errno));
    l->left = end > start ? end - start : 0;
    l->bom = -1;
    l->cap = 2 * PS_LINES_CHUNK;
    l->buf = ps_xmalloc(l->cap);
    return PS_OK;
}

int ps_lines_reopen_range(ps_lines *l, uint64_t start, uint64_t end, ps_error *err)
{
    if (lseek(fileno(l->fp), (off_t)start, SEEK_SET) == (off_t)-1)
        return ps_error_set(err, PS_EIO, l->path, 0, 0, "cannot seek: %s", strerror(errno));
    l->left = end > start ? end - start : 0;
    l->start = l->len = l->scan = 0;
    l->eof = l->odd = 0;
    l->raw_read = 0;
    l->line = 0;
    return PS_OK;
}

/* The first chunk: the pre bytes already read by the caller, then the file; its byte order mark. */
static int start(ps_lines *l, const unsigned char *pre, size_t npre, ps_error *err)
{
    l->cap = 2 * PS_LINES_CHUNK;
    l->buf = ps_xmalloc(l->cap);
    l->raw = ps_xmalloc(PS_LINES_CHUNK);
    if (npre > PS_LINES_CHUNK)
        npre = PS_LINES_CHUNK;
    if (npre)
        memcpy(l->raw, pre, npre);
    size_t got = read_full(l, l->raw + npre, PS_LINES_CHUNK - npre);
    if (got == (size_t)-1)
        return ps_error_set(err, PS_EIO, l->path, 0, 0, "cannot read: %s", strerror(errno));
    l->rawlen = npre + got;
    l->raw_read = l->rawlen;
    size_t bomlen;
    l->bom = ps_enc_bom(l->raw, l->rawlen, &bomlen);
    l->rawoff = bomlen;
    if (l->bom == PS_ENC_UTF16LE || l->bom == PS_ENC_UTF16BE) {
        l->utf16 = 1;
        l->be = l->bom == PS_ENC_UTF16BE;
    } else {
        memcpy(l->buf, l->raw + bomlen, l->rawlen - bomlen);
        l->len = l->rawlen - bomlen;
        l->rawlen = l->rawoff = 0;
        free(l->raw);
        l->raw = NULL;
    }
    if (l->raw_read == 0)
        l->eof = 1;
    return PS_OK;
}

int ps_lines_open(ps_lines *l, const char *path, ps_error *err)
{
    int rc = open_file(l, path, err);
    return rc ? rc : start(l, NULL, 0, err);
}

int ps_lines_open_stream(ps_lines *l, FILE *fp, const char *path, const unsigned char *pre, size_t npre, ps_error *err)
{
    memset(l, 0, sizeof *l);
    l->path = path;
    l->left = UINT64_MAX;
    l->fp = fp;
    return start(l, pre, npre, err);
}

/* Append more text at buf[len..cap). Sets eof when the input is exhausted. */
static int fill(ps_lines *l, ps_error *err)
{
    if (!l->utf16) {
        size_t want = l->cap - l->len < PS_LINES_CHUNK ? l->cap - l->len : PS_LINES_CHUNK;
        size_t got = read_full(l, l->buf + l->len, want);
        if (got == (size_t)-1)
            return ps_error_set(err, PS_EIO, l->path, 0, 0, "cannot read: %s", strerror(errno));
        l->len += got;
        l->raw_read += got;
        if (got == 0)
            l->eof = 1;
        return PS_OK;
    }
    int final = 0;
    if (l->rawoff > 0) { /* keep the undecoded tail at the front */
        memmove(l->raw, l->raw + l->rawoff, l->rawlen - l->rawoff);
        l->rawlen -= l->rawoff;
        l->rawoff = 0;
    }
    if (l->rawlen < PS_LINES_CHUNK / 2) {
        size_t want = PS_LINES_CHUNK - l->rawlen;
        size_t got = read_full(l, l->raw + l->rawlen, want);
        if (got == (size_t)-1)
            return ps_error_set(err, PS_EIO, l->path, 0, 0, "cannot read: %s", strerror(errno));
        l->rawlen += got;
        l->raw_read += got;
        final = got < want;
    }
    size_t used, whole = l->rawlen;
    if (final && whole % 2) { /* half a character at the end: a truncated file */
        l->odd = 1;
        whole--;
    }
    size_t out = ps_utf16_to_utf8(l->raw, whole, l->be, final, l->buf + l->len, l->cap - l->len, &used);
    l->len += out;
    l->rawoff = used == whole ? l->rawlen : used;
    if (final && used == l->rawlen && out == 0)
        l->eof = 1;
    return PS_OK;
}

/* A line that starts with Ctrl-Z: alone at the very end it is the end-of-file mark DOS tools
 * append (the input ends there, 0); anywhere else an error that says what the byte is. */
static int ctrl_z(ps_lines *l, size_t n, ps_error *err)
{
    while (n == 1 && !l->eof && l->start >= l->len) {
        int rc = fill(l, err);
        if (rc)
            return -rc;
    }
    if (n == 1 && l->eof && l->start >= l->len)
        return 0;
    return -ps_error_set(err, PS_EINPUT, l->path, l->line, 1,
                         "Ctrl-Z (0x1A, a DOS end-of-file mark) before the end of the file");
}

int ps_lines_next(ps_lines *l, char **line, size_t *n, ps_error *err)
{
    for (;;) {
        char *nl = l->scan < l->len ? memchr(l->buf + l->scan, '\n', l->len - l->scan) : NULL;
        if (!nl && l->eof && l->odd)
            return -ps_error_set(err, PS_EINPUT, l->path, l->line + 1, 1,
                                 "UTF-16 text of an odd number of bytes: the last byte is half a "
                                 "character (truncated file?)");
        if (nl || (l->eof && l->start < l->len)) {
            char *s = l->buf + l->start;
            char *e = nl ? nl : l->buf + l->len;
            l->start = l->scan = (size_t)(e - l->buf) + (nl != NULL);
            if (e > s && e[-1] == '\r')
                e--;
            *line = s;
            *n = (size_t)(e - s);
            l->line++;
            if (*n && s[0] == 0x1A)
                return ctrl_z(l, *n, err);
            return 1;
        }
        l->scan = l->len;
        if (l->len - l->start > PS_LINES_MAX)
            return -ps_error_set(err, PS_EINPUT, l->path, l->line + 1, 1,
                                 "line longer than %zu MiB (no line end found; not a counter log?)",
                                 PS_LINES_MAX >> 20);
        if (l->eof)
            return 0;
        if (l->start > 0) {
            memmove(l->buf, l->buf + l->start, l->len - l->start);
            l->len -= l->start;
            l->scan -= l->start;
            l->start = 0;
        }
        size_t need = l->utf16 ? PS_LINES_CHUNK * 3 / 2 + 8 : PS_LINES_CHUNK;
        if (l->cap - l->len < need) {
            size_t ncap = 2 * l->cap;
            if (ncap > PS_LINES_MAX + 2 * need)
                ncap = PS_LINES_MAX + 2 * need;
            if (ncap < l->len + need)
                ncap = l->len + need;
            l->cap = ncap;
            l->buf = ps_xrealloc(l->buf, l->cap);
        }
        int rc = fill(l, err);
        if (rc)
            return -rc;
    }
}

uint64_t ps_lines_consumed(const ps_lines *l)
{
    if (l->utf16)
        return l->raw_read - (l->rawlen - l->rawoff);
    return l->raw_read - (l->len - l->start);
}

void ps_lines_close(ps_lines *l)
{
    if (l->fp)
        fclose(l->fp);
    free(l->buf);
    free(l->raw);
    memset(l, 0, sizeof *l);
}
