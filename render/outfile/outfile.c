/* outfile.c - atomic output files (temporary file in the same directory + rename). */
#define _GNU_SOURCE /* O_TMPFILE, linkat */
#include "ps_render.h"
#include "outfile_tmp.h"
#include "ps_io.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct ps_outfile {
    FILE *fp;
    char *path; /* final path (symbolic links followed); NULL for stdout */
    char *shown; /* the path as given, for messages */
    char *tmp; /* named temporary file; NULL for a device or pipe and for an unnamed one */
    int anon; /* an unnamed O_TMPFILE file, linked to path by the commit */
    int slot; /* ps_tmp_remember slot of tmp, -1 when none */
    off_t behind; /* bytes handed to the disk by ps_outfile_write_behind */
    long seen; /* index in the outputs registry (output_seen), -1 when none */
};

#define WRITE_BEHIND_BYTES ((off_t)8 << 20)

static int stdout_closed; /* a write to standard output found its reader gone (EPIPE) */

int ps_outfile_stdout_closed(void)
{
    return stdout_closed;
}

/* Remove the named temporary file, if any (and stop the signal handler from doing it). */
static void discard_tmp(ps_outfile *o)
{
    ps_tmp_forget(o->slot);
    o->slot = -1;
    if (o->tmp)
        unlink(o->tmp);
}

static const struct {
    const char *name;
    enum ps_format f;
} fmt_names[] = {
    {"text", PS_FMT_TEXT}, {"txt", PS_FMT_TEXT},  {"csv", PS_FMT_CSV},     {"tsv", PS_FMT_TSV},
    {"json", PS_FMT_JSON}, {"html", PS_FMT_HTML}, {"htm", PS_FMT_HTML},    {"pdf", PS_FMT_PDF},
    {"svg", PS_FMT_SVG},   {"png", PS_FMT_PNG},   {"junit", PS_FMT_JUNIT}, {"xml", PS_FMT_JUNIT},
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

/* stat, with "-" the file behind standard input */
static int stat_path(const char *p, struct stat *st)
{
    return strcmp(p, "-") == 0 ? fstat(0, st) : stat(p, st);
}

static int same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (stat_path(a, &sa) != 0 || stat_path(b, &sb) != 0)
        return 0;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* The file a path ends at: symbolic links followed (at most 40, as the kernel), relative link
 * targets taken from the link's folder. A dangling link gives the path it points to (created
 * there, as the shell's '>' does). Heap string. */
static char *follow_links(const char *path)
{
    char *p = ps_xstrdup(path);
    for (int hops = 0; hops < 40; hops++) {
        struct stat st;
        if (lstat(p, &st) != 0 || !S_ISLNK(st.st_mode))
            break;
        char link[4096];
        ssize_t n = readlink(p, link, sizeof link - 1);
        if (n <= 0)
            break;
        link[n] = 0;
        const char *slash = strrchr(p, '/');
        ps_buf b = {0};
        if (link[0] == '/' || !slash)
            ps_buf_puts(&b, link);
        else
            ps_buf_printf(&b, "%.*s/%s", (int)(slash - p), p, link);
        free(p);
        p = ps_buf_steal(&b);
    }
    return p;
}

/* Mode of a new output: the permission bits of the regular file it replaces (never its setuid,
 * setgid or sticky bit), else 0666 less the umask. */
static mode_t output_mode(const char *target)
{
    struct stat st;
    if (stat(target, &st) == 0 && S_ISREG(st.st_mode))
        return st.st_mode & 0777;
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

/* Run as root, a replaced file keeps its owner and group (as writing it in place would):
 * another user's report does not become root's. Others cannot give files away; their new file
 * is theirs, as with any editor's save. */
static void keep_owner(int fd, const char *target)
{
    struct stat st;
    if (geteuid() == 0 && stat(target, &st) == 0 && S_ISREG(st.st_mode) && (st.st_uid != 0 || st.st_gid != 0) &&
        fchown(fd, st.st_uid, st.st_gid) != 0) {
        /* best effort: the content is what matters; the mode was already narrowed */
    }
}

/* The outputs this process opened, so that two outputs never name one file (-o F --junit F,
 * or a link to F): the final path (links followed, its folder made absolute) and, when the file
 * existed, its device and inode (hard links). Process lifetime, one thread. */
typedef struct {
    char *path;
    dev_t dev;
    ino_t ino;
    int has_id;
} out_id;
static out_id *outs;
static size_t nouts, outs_cap;

/* dir(path) made absolute (realpath) + "/" + base; path itself when the folder cannot be
 * resolved (the open fails later with its own reason). Heap string. */
static char *absolute_path(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *dir = slash ? ps_xstrndup(path, slash == path ? 1 : (size_t)(slash - path)) : ps_xstrdup(".");
    char *real = realpath(dir, NULL);
    free(dir);
    if (!real)
        return ps_xstrdup(path);
    ps_buf b = {0};
    ps_buf_printf(&b, "%s/%s", strcmp(real, "/") == 0 ? "" : real, slash ? slash + 1 : path);
    free(real);
    return ps_buf_steal(&b);
}

/* 1 when final (links followed) is an output this process already opened (and did not
 * abort); else notes it at *slot. */
static int output_seen(const char *final, long *slot)
{
    char *abs = absolute_path(final);
    struct stat st;
    int has_id = stat(final, &st) == 0;
    for (size_t i = 0; i < nouts; i++)
        if ((outs[i].path && strcmp(outs[i].path, abs) == 0) ||
            (has_id && outs[i].has_id && outs[i].dev == st.st_dev && outs[i].ino == st.st_ino)) {
            free(abs);
            return 1;
        }
    if (nouts == outs_cap) {
        outs_cap = outs_cap ? outs_cap * 2 : 8;
        outs = ps_xrealloc(outs, outs_cap * sizeof *outs);
    }
    *slot = (long)nouts;
    outs[nouts++] = (out_id){abs, has_id ? st.st_dev : 0, has_id ? st.st_ino : 0, has_id};
    return 0;
}

/* An aborted output was never written: the same path may be opened again (a probe). */
static void output_unseen(long slot)
{
    if (slot < 0 || (size_t)slot >= nouts)
        return;
    free(outs[slot].path);
    outs[slot].path = NULL;
    outs[slot].has_id = 0;
}

/* An unnamed file in the folder of the target (O_TMPFILE): nothing to clean up whatever ends
 * the process, even SIGKILL. -1 where the kernel, the file system or a missing /proc (needed
 * by linkat) does not allow it, and when PERFSCRIBE_NO_TMPFILE is set (to test the named
 * fallback). */
static int open_anonymous(const char *target, mode_t mode)
{
#ifdef O_TMPFILE
    const char *off = getenv("PERFSCRIBE_NO_TMPFILE");
    if ((off && *off) || access("/proc/self/fd", X_OK) != 0)
        return -1;
    const char *slash = strrchr(target, '/');
    char *dir = slash ? ps_xstrndup(target, slash == target ? 1 : (size_t)(slash - target)) : ps_xstrdup(".");
    int fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
    free(dir);
    if (fd >= 0 && fchmod(fd, mode) != 0) {
        close(fd);
        fd = -1;
    }
    return fd;
#else
    (void)target;
    (void)mode;
    return -1;
#endif
}

static void output_unseen(long slot);

static int refuse(ps_outfile *o, ps_error *err, int code, const char *path, const char *fmt, const char *why)
{
    output_unseen(o->seen);
    free(o->path);
    free(o->shown);
    free(o->tmp);
    free(o);
    return ps_error_set(err, code, path, 0, 0, fmt, why);
}

int ps_outfile_open(const char *path, const char *const *inputs, size_t ninputs, ps_outfile **out, ps_error *err)
{
    *out = NULL;
    ps_outfile *o = ps_xcalloc(1, sizeof *o);
    o->slot = -1;
    o->seen = -1;
    if (!path || strcmp(path, "-") == 0) {
        o->fp = stdout;
        *out = o;
        return PS_OK;
    }
    if (!*path)
        return refuse(o, err, PS_EUSAGE, NULL, "%s", "empty output file name (use -o - for standard output)");
    for (size_t i = 0; i < ninputs; i++)
        if (inputs[i] && same_file(path, inputs[i]))
            return refuse(o, err, PS_EUSAGE, path, "%s", "refusing to overwrite an input file");
    if (ps_input_noted(path)) /* any file read by this process: options, templates, RUN contents */
        return refuse(o, err, PS_EUSAGE, path, "%s", "refusing to overwrite an input file");
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return refuse(o, err, PS_EIO, path, "%s", "is a directory");
    o->shown = ps_xstrdup(path);
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        /* a device or a pipe (/dev/null, /dev/full, /dev/stdout, a FIFO): write to it directly,
         * never rename a temporary file over it */
        o->fp = fopen(path, "wb");
        if (!o->fp) {
            int e = errno;
            return refuse(o, err, PS_EIO, path, "cannot open output: %s", strerror(e));
        }
        o->path = ps_xstrdup(path);
        *out = o;
        return PS_OK;
    }
    o->path = follow_links(path); /* -o LINK writes the file the link points to */
    if (output_seen(o->path, &o->seen))
        return refuse(o, err, PS_EUSAGE, path, "%s", "named twice as an output of this command");
    mode_t mode = output_mode(o->path);
    int fd = open_anonymous(o->path, mode);
    o->anon = fd >= 0;
    if (fd < 0) { /* named temporary file, removed on error and on SIGINT/SIGTERM/SIGHUP */
        size_t n = strlen(o->path);
        o->tmp = ps_xmalloc(n + 32);
        const char *slash = strrchr(o->path, '/');
        size_t dirlen = slash ? (size_t)(slash - o->path) + 1 : 0;
        snprintf(o->tmp, n + 32, "%.*s.%s.XXXXXX", (int)dirlen, o->path, o->path + dirlen);
        fd = mkstemp(o->tmp);
        if (fd < 0) {
            int e = errno;
            return refuse(o, err, PS_EIO, path, "cannot create output: %s", strerror(e));
        }
        o->slot = ps_tmp_remember(o->tmp);
        fchmod(fd, mode);
    }
    keep_owner(fd, o->path);
    o->fp = fdopen(fd, "wb");
    if (!o->fp) {
        int e = errno;
        close(fd);
        discard_tmp(o);
        return refuse(o, err, PS_EIO, path, "cannot create output: %s", strerror(e));
    }
    *out = o;
    return PS_OK;
}

FILE *ps_outfile_fp(ps_outfile *o)
{
    return o->fp;
}

const char *ps_outfile_path(const ps_outfile *o)
{
    return o->shown ? o->shown : "-";
}

/* stdio keeps only an error flag once an earlier buffer flush failed; find out why by trying
 * one more byte on the (already failed, about to be discarded) output. */
static int lost_errno(FILE *fp)
{
    errno = 0;
    if (write(fileno(fp), "\n", 1) < 0 && errno)
        return errno;
    return EIO;
}

static void outfile_free(ps_outfile *o)
{
    free(o->path);
    free(o->shown);
    free(o->tmp);
    free(o);
}

/* Give the unnamed file o a name next to its target: a fresh ".NAME.XXXXXX" (remembered for
 * the signal handler until renamed). 0 or an errno. */
static int link_anonymous(ps_outfile *o)
{
    char proc[64];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", fileno(o->fp));
    size_t n = strlen(o->path);
    const char *slash = strrchr(o->path, '/');
    size_t dirlen = slash ? (size_t)(slash - o->path) + 1 : 0;
    o->tmp = ps_xmalloc(n + 32);
    static unsigned counter;
    for (int tries = 0; tries < 100; tries++) {
        unsigned long r = (unsigned long)getpid() * 2654435761u ^ (unsigned long)time(NULL) ^ ++counter * 40503u;
        snprintf(o->tmp, n + 32, "%.*s.%s.%06lx", (int)dirlen, o->path, o->path + dirlen, r & 0xffffff);
        o->slot = ps_tmp_remember(o->tmp);
        if (linkat(AT_FDCWD, proc, AT_FDCWD, o->tmp, AT_SYMLINK_FOLLOW) == 0)
            return 0;
        int e = errno;
        ps_tmp_forget(o->slot);
        o->slot = -1;
        if (e != EEXIST) {
            free(o->tmp);
            o->tmp = NULL;
            return e;
        }
    }
    free(o->tmp);
    o->tmp = NULL;
    return EEXIST;
}

void ps_outfile_write_behind(ps_outfile *o)
{
#ifdef SYNC_FILE_RANGE_WRITE
    if (!o || !o->path || (!o->tmp && !o->anon))
        return;
    off_t at = ftello(o->fp);
    if (at < 0 || at - o->behind < WRITE_BEHIND_BYTES || fflush(o->fp) != 0)
        return;
    if (sync_file_range(fileno(o->fp), o->behind, at - o->behind, SYNC_FILE_RANGE_WRITE) == 0)
        o->behind = at;
#else
    (void)o;
#endif
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
        if (bad && e == EPIPE)
            stdout_closed = 1; /* the reader went away (| head): a normal end, see main */
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
    if (!o->tmp && !o->anon) { /* device or pipe */
        if (fclose(o->fp) != 0 && !bad) {
            bad = 1;
            e = errno;
        }
        if (bad)
            rc = ps_error_set(err, PS_EIO, o->shown, 0, 0, "write error: %s", strerror(e ? e : EIO));
        outfile_free(o);
        return rc;
    }
    if (!bad && fsync(fileno(o->fp)) != 0 && errno != EINVAL && errno != EROFS) {
        bad = 1;
        e = errno;
    }
    if (!bad && o->anon && (e = link_anonymous(o)) != 0)
        bad = 1;
    if (fclose(o->fp) != 0 && !bad) {
        bad = 1;
        e = errno;
    }
    if (!bad && rename(o->tmp, o->path) != 0) {
        bad = 1;
        e = errno;
    }
    ps_tmp_forget(o->slot);
    o->slot = -1;
    if (bad) {
        if (o->tmp)
            unlink(o->tmp);
        rc = ps_error_set(err, PS_EIO, o->shown, 0, 0, "write error: %s", strerror(e ? e : EIO));
    }
    outfile_free(o);
    return rc;
}

int ps_outfile_fail(ps_outfile *o, int rc, ps_error *err)
{
    if (o && rc == PS_EIO && ferror(o->fp)) {
        int c = ps_outfile_commit(o, err); /* sees the error flag: removes the temporary file */
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
        discard_tmp(o);
    }
    output_unseen(o->seen);
    outfile_free(o);
}
