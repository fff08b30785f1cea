/* outfile.c - atomic output files (temporary file in the same directory + rename). */
#include "ps_render.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

struct ps_outfile {
    FILE *fp;
    char *path;   /* final path; NULL for stdout */
    char *tmp;    /* temporary path; NULL when writing straight to a device or pipe */
};

static const struct { const char *name; enum ps_format f; } fmt_names[] = {
    {"text", PS_FMT_TEXT}, {"txt", PS_FMT_TEXT}, {"csv", PS_FMT_CSV}, {"tsv", PS_FMT_TSV},
    {"json", PS_FMT_JSON}, {"html", PS_FMT_HTML}, {"htm", PS_FMT_HTML}, {"pdf", PS_FMT_PDF},
    {"svg", PS_FMT_SVG}, {"png", PS_FMT_PNG}, {"junit", PS_FMT_JUNIT}, {"xml", PS_FMT_JUNIT},
};

enum ps_format ps_format_parse(const char *name)
{
    if (!name)
        return PS_FMT_NONE;
    for (size_t i = 0; i < sizeof fmt_names / sizeof fmt_names[0]; i++)
        if (strcasecmp(name, fmt_names[i].name) == 0)
            return fmt_names[i].f;
    return PS_FMT_NONE;
}

enum ps_format ps_format_from_path(const char *path)
{
    const char *dot = path ? strrchr(path, '.') : NULL;
    const char *slash = path ? strrchr(path, '/') : NULL;
    if (!dot || (slash && dot < slash))
        return PS_FMT_NONE;
    return ps_format_parse(dot + 1);
}

const char *ps_format_name(enum ps_format f)
{
    for (size_t i = 0; i < sizeof fmt_names / sizeof fmt_names[0]; i++)
        if (fmt_names[i].f == f)
            return fmt_names[i].name;
    return "none";
}

static int same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (stat(a, &sa) != 0 || stat(b, &sb) != 0)
        return 0;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

int ps_outfile_open(const char *path, const char *const *inputs, size_t ninputs, ps_outfile **out,
                    ps_error *err)
{
    *out = NULL;
    ps_outfile *o = ps_xcalloc(1, sizeof *o);
    if (!path || strcmp(path, "-") == 0) {
        o->fp = stdout;
        *out = o;
        return PS_OK;
    }
    for (size_t i = 0; i < ninputs; i++)
        if (inputs[i] && same_file(path, inputs[i])) {
            free(o);
            return ps_error_set(err, PS_EUSAGE, path, 0, 0, "refusing to overwrite an input file");
        }
    if (ps_input_noted(path)) {   /* a file read by this process, e.g. found inside a RUN folder */
        free(o);
        return ps_error_set(err, PS_EUSAGE, path, 0, 0, "refusing to overwrite an input file");
    }
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        free(o);
        return ps_error_set(err, PS_EIO, path, 0, 0, "is a directory");
    }
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        /* a device or a pipe (/dev/null, /dev/full, /dev/stdout, a FIFO): write to it directly,
         * never rename a temporary file over it */
        o->fp = fopen(path, "wb");
        if (!o->fp) {
            int e = errno;
            free(o);
            return ps_error_set(err, PS_EIO, path, 0, 0, "cannot open output: %s", strerror(e));
        }
        o->path = ps_xstrdup(path);
        *out = o;
        return PS_OK;
    }
    size_t n = strlen(path);
    o->path = ps_xstrdup(path);
    o->tmp = ps_xmalloc(n + 32);
    const char *slash = strrchr(path, '/');
    size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
    snprintf(o->tmp, n + 32, "%.*s.%s.XXXXXX", (int)dirlen, path, path + dirlen);
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        int e = errno;
        free(o->path);
        free(o->tmp);
        free(o);
        return ps_error_set(err, PS_EIO, path, 0, 0, "cannot create output: %s", strerror(e));
    }
    fchmod(fd, 0644);
    o->fp = fdopen(fd, "wb");
    if (!o->fp) {
        int e = errno;
        close(fd);
        unlink(o->tmp);
        free(o->path);
        free(o->tmp);
        free(o);
        return ps_error_set(err, PS_EIO, path, 0, 0, "cannot create output: %s", strerror(e));
    }
    *out = o;
    return PS_OK;
}

FILE *ps_outfile_fp(ps_outfile *o) { return o->fp; }

const char *ps_outfile_path(const ps_outfile *o) { return o->path ? o->path : "-"; }

/* stdio keeps only an error flag once an earlier buffer flush failed; find out why by trying
 * one more byte on the (already failed, about to be discarded) output. */
static int lost_errno(FILE *fp)
{
    errno = 0;
    if (write(fileno(fp), "\n", 1) < 0 && errno)
        return errno;
    return EIO;
}

int ps_outfile_commit(ps_outfile *o, ps_error *err)
{
    int rc = PS_OK;
    if (!o->path) {
        errno = 0;
        int bad = fflush(stdout) != 0 || ferror(stdout);
        int e = errno;
        if (bad && !e)
            e = lost_errno(stdout);
        if (bad)
            rc = ps_error_set(err, PS_EIO, "<stdout>", 0, 0, "write error: %s", strerror(e));
        free(o);
        return rc;
    }
    errno = 0;
    int bad = fflush(o->fp) != 0 || ferror(o->fp);
    int e = errno;
    if (bad && !e)
        e = lost_errno(o->fp);
    if (!o->tmp) {   /* device or pipe */
        if (fclose(o->fp) != 0 && !bad) {
            bad = 1;
            e = errno;
        }
        if (bad)
            rc = ps_error_set(err, PS_EIO, o->path, 0, 0, "write error: %s", strerror(e ? e : EIO));
        free(o->path);
        free(o);
        return rc;
    }
    if (!bad && fsync(fileno(o->fp)) != 0 && errno != EINVAL && errno != EROFS) {
        bad = 1;
        e = errno;
    }
    if (fclose(o->fp) != 0 && !bad) {
        bad = 1;
        e = errno;
    }
    if (!bad && o->tmp && rename(o->tmp, o->path) != 0) {
        bad = 1;
        e = errno;
    }
    if (bad) {
        if (o->tmp)
            unlink(o->tmp);
        rc = ps_error_set(err, PS_EIO, o->path, 0, 0, "write error: %s", strerror(e ? e : EIO));
    }
    free(o->path);
    free(o->tmp);
    free(o);
    return rc;
}

int ps_outfile_fail(ps_outfile *o, int rc, ps_error *err)
{
    if (o && rc == PS_EIO && ferror(o->fp)) {
        int c = ps_outfile_commit(o, err);   /* sees the error flag: removes the temporary file */
        return c ? c : rc;
    }
    ps_outfile_abort(o);
    return rc;
}

void ps_outfile_abort(ps_outfile *o)
{
    if (!o)
        return;
    if (o->path) {
        fclose(o->fp);
        if (o->tmp)
            unlink(o->tmp);
    }
    free(o->path);
    free(o->tmp);
    free(o);
}
