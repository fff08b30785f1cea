/* filter_file.c - relog's -cf counter files read into a filter (see ps_io.h). */
#include "ps_io.h"

#include <errno.h>
#include <string.h>

int ps_filter_add_file(ps_filter *f, const char *file, ps_error *err)
{
    ps_buf b = {0};
    int r = ps_buf_read_file(&b, file, PS_FILTER_FILE_MAX); /* also /dev/zero: capped */
    int rc = PS_OK;
    if (r == PS_READ_EOPEN || r == PS_READ_EISDIR || r == PS_READ_EREAD)
        rc = ps_error_set(err, PS_EIO, file, 0, 0, "%s: %s", r == PS_READ_EREAD ? "cannot read" : "cannot open",
                          strerror(errno));
    else if (r == PS_READ_ETOOBIG)
        rc = ps_error_set(err, PS_EINPUT, file, 0, 0, "counter file larger than %u MiB (one counter path per line)",
                          PS_FILTER_FILE_MAX >> 20);
    char *s = b.data, *end = b.data + b.len;
    for (long lineno = 1; rc == PS_OK && s && s < end; lineno++) {
        char *nl = memchr(s, '\n', (size_t)(end - s));
        char *e = nl ? nl : end;
        const char *nul = memchr(s, '\0', (size_t)(e - s));
        if (nul) {
            rc = ps_error_set(err, PS_EINPUT, file, lineno, (long)(nul - s) + 1, "NUL byte: not a text file");
            break;
        }
        if (lineno == 1 && e - s >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0)
            s += 3; /* UTF-8 byte order mark */
        while (s < e && (*s == ' ' || *s == '\t'))
            s++;
        char *t = e;
        while (t > s && (t[-1] == '\r' || t[-1] == ' ' || t[-1] == '\t'))
            t--;
        *t = 0;
        if (*s && *s != '#') {
            ps_error pe;
            if (ps_filter_add(f, s, &pe) != PS_OK)
                rc = ps_error_set(err, PS_EUSAGE, file, lineno, 1, "%s", pe.msg);
        }
        s = e + 1;
    }
    ps_buf_fini(&b);
    return rc;
}
