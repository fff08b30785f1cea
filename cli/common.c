/* common.c - helpers shared by the sub-commands. */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <time.h>
#include <string.h>
#include <unistd.h>

int ps_cli_usage(ps_cli *cli, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cli->err.code = PS_EUSAGE;
    cli->err.file[0] = 0;
    cli->err.line = cli->err.col = 0;
    vsnprintf(cli->err.msg, sizeof cli->err.msg, fmt, ap);
    va_end(ap);
    return PS_EUSAGE;
}

static int progress_shown;
static struct timespec progress_last; /* when the bar was last drawn */
static int progress_pct = -1;

/* Redraw at most every PROGRESS_MIN_MS (a few times per second) or when the percentage
 * reaches 100: drawing on every row made megabytes of terminal output. */
#define PROGRESS_MIN_MS 200
#define PROGRESS_LABEL 24

void ps_cli_progress(ps_cli *cli, const char *label, uint64_t done, uint64_t total)
{
    if (cli->quiet || total == 0 || !isatty(STDERR_FILENO))
        return;
    int pct = (int)(done >= total ? 100 : done * 100 / total);
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    long ms = (long)(now.tv_sec - progress_last.tv_sec) * 1000 + (now.tv_nsec - progress_last.tv_nsec) / 1000000;
    if (progress_shown && (pct == progress_pct || (ms < PROGRESS_MIN_MS && pct < 100)))
        return;
    progress_last = now;
    progress_pct = pct;
    ps_buf b = {0};
    ps_term_escape(&b, label); /* a file name may hold ESC or a newline */
    size_t n = b.len < PROGRESS_LABEL ? b.len : PROGRESS_LABEL;
    while (n < b.len && n > 0 && ((unsigned char)b.data[n] & 0xC0) == 0x80)
        n--; /* never cut a UTF-8 character */
    fprintf(stderr, "\r%-*.*s [%-25.*s] %3d%%", PROGRESS_LABEL, (int)n, b.data ? b.data : "", pct / 4,
            "=========================", pct);
    ps_buf_fini(&b);
    progress_shown = 1;
}

void ps_cli_progress_end(ps_cli *cli)
{
    if (progress_shown) {
        fprintf(stderr, "\r%*s\r", 60, "");
        progress_shown = 0;
        progress_pct = -1;
    }
}

int ps_cli_write(ps_cli *cli, const char *path, const ps_buf *buf, const char *const *inputs, size_t ninputs)
{
    ps_outfile *o;
    int rc = ps_outfile_open(path, inputs, ninputs, &o, &cli->err);
    if (rc)
        return rc;
    if (buf->len)
        fwrite(buf->data, 1, buf->len, ps_outfile_fp(o));
    rc = ps_outfile_commit(o, &cli->err);
    if (rc == PS_EIO && (!path || strcmp(path, "-") == 0) && ps_outfile_stdout_closed()) {
        /* | head: the reader has what it wanted, a quiet end; the command goes on to its
         * verdict, which still decides the exit code (check | head -n 0 fails as check does) */
        memset(&cli->err, 0, sizeof cli->err);
        return PS_OK;
    }
    if (!rc)
        ps_cli_wrote(cli, path);
    return rc;
}

int ps_cli_write_fmt(ps_cli *cli, const char *path, enum ps_format fmt, const ps_buf *buf, const char *const *inputs,
                     size_t ninputs)
{
    if (fmt != PS_FMT_TEXT)
        return ps_cli_write(cli, path, buf, inputs, ninputs);
    ps_buf safe = {0};
    ps_term_escape_text(&safe, buf->data, buf->len);
    int rc = ps_cli_write(cli, path, &safe, inputs, ninputs);
    ps_buf_fini(&safe);
    return rc;
}

int ps_cli_doc_date(ps_cli *cli, ps_time *out)
{
    const char *s = getenv("SOURCE_DATE_EPOCH");
    if (!s || !*s) {
        *out = (ps_time)time(NULL) * 1000;
        return PS_OK;
    }
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || *end || v < 0 || v > 253402300799LL)
        return ps_cli_usage(cli, "SOURCE_DATE_EPOCH must be a number of seconds since 1970 (got '%s')", s);
    *out = (ps_time)v * 1000;
    return PS_OK;
}

int ps_cli_encoding(ps_cli *cli, const char *name, const char **out)
{
    if (!ps_log_encoding_known(name))
        return ps_cli_usage(cli,
                            "--encoding: unknown encoding '%s' (utf-8, cp1250, cp1251, cp1252, cp1253, cp1254, "
                            "cp850, cp866, cp932, cp936, cp949, cp950)",
                            name);
    *out = name;
    return PS_OK;
}

void ps_cli_wrote(ps_cli *cli, const char *path)
{
    if (!path || strcmp(path, "-") == 0) {
        cli->stdout_used = 1;
        return;
    }
    cli->written.v = ps_xrealloc(cli->written.v, (cli->written.n + 1) * sizeof *cli->written.v);
    cli->written.v[cli->written.n++] = ps_xstrdup(path);
}

int ps_cli_in_window(const ps_cli_time *b, const ps_cli_time *e, const ps_row *row)
{
    if (b->set && (b->utc ? row->utc : row->local) < b->t)
        return 0;
    if (e->set && (e->utc ? row->utc : row->local) > e->t)
        return 0;
    return 1;
}

int ps_cli_window_check(ps_cli *cli, const ps_cli_time *b, const ps_cli_time *e)
{
    if (b->set && e->set && b->utc == e->utc && e->t < b->t)
        return ps_cli_usage(cli, "--end is before --begin");
    return PS_OK;
}

static int format_in(enum ps_format f, const enum ps_format *formats)
{
    for (; *formats != PS_FMT_NONE; formats++)
        if (*formats == f)
            return 1;
    return 0;
}

int ps_cli_outputs(ps_cli *cli, const ps_cli_list *o, enum ps_format fmt, const enum ps_format *formats,
                   enum ps_format dflt, ps_cli_out **outs, size_t *n)
{
    *n = o->n ? o->n : 1;
    *outs = ps_xcalloc(*n, sizeof **outs);
    if (!o->n) {
        (*outs)[0] = (ps_cli_out){NULL, fmt ? fmt : dflt};
        return PS_OK;
    }
    if (o->n > 1 && fmt)
        return ps_cli_usage(cli, "-f/--format with several -o: each file takes the format of its extension");
    for (size_t i = 0; i < o->n; i++) {
        enum ps_format ext = ps_format_from_path(o->v[i]);
        for (size_t k = 0; k < i; k++)
            if (strcmp(o->v[k], o->v[i]) == 0)
                return ps_cli_usage(cli, "-o %s given twice", o->v[i]);
        if (o->n > 1 && (strcmp(o->v[i], "-") == 0 || !format_in(ext, formats)))
            return ps_cli_usage(cli, "-o %s: with several -o, name each file after its format (.%s, ...)", o->v[i],
                                ps_format_name(formats[0]));
        (*outs)[i] = (ps_cli_out){o->v[i], fmt ? fmt : format_in(ext, formats) ? ext : dflt};
    }
    return PS_OK;
}
