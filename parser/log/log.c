/* log.c - ps_log_open: content detection, backend dispatch and column filtering. */
#include "log_internal.h"
#include "ps_io.h"
#include "textenc.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

static const ps_log_backend *const backends[] = {
    &ps_backend_blg,
    &ps_backend_pdh_text,
};

#define HEAD_BYTES 4096 /* bytes the probes look at */

/* Open path ("-": standard input) and read its first bytes into head. A regular file is closed
 * again (*keep NULL: the backend reopens it); a pipe or device stays open in *keep, its head
 * bytes handed to the backend (they cannot be read twice). */
static int read_head(const char *path, unsigned char *head, size_t cap, size_t *n, FILE **keep, ps_error *err)
{
    *keep = NULL;
    int std_in = strcmp(path, "-") == 0;
    if (std_in) { /* a file on standard input reads whole at every open (analyze, chart open twice) */
        static off_t stdin_start = -1;
        if (stdin_start < 0)
            stdin_start = lseek(STDIN_FILENO, 0, SEEK_CUR);
        else
            lseek(STDIN_FILENO, stdin_start, SEEK_SET);
    }
    FILE *fp = std_in ? fdopen(dup(STDIN_FILENO), "rb") : fopen(path, "rb");
    if (!fp)
        return ps_error_set(err, PS_EIO, path, 0, 0, "cannot open: %s", strerror(errno));
    struct stat st;
    if (fstat(fileno(fp), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(fp);
        return ps_error_set(err, PS_EIO, path, 0, 0, "is a directory");
    }
    *n = fread(head, 1, cap, fp);
    if (ferror(fp)) {
        int e = errno;
        fclose(fp);
        return ps_error_set(err, PS_EIO, path, 0, 0, "cannot read: %s", strerror(e));
    }
    if (std_in || !S_ISREG(st.st_mode))
        *keep = fp;
    else
        fclose(fp);
    return PS_OK;
}

/* The backend for these first bytes, and whether it reads or refuses them (probe result). */
static const ps_log_backend *choose(const unsigned char *head, size_t n, int *claim)
{
    for (size_t i = 0; i < sizeof backends / sizeof backends[0]; i++)
        if ((*claim = backends[i]->probe(head, n)) != 0)
            return backends[i];
    *claim = 0;
    return NULL;
}

static int blg_named(const char *path)
{
    size_t plen = path ? strlen(path) : 0;
    return plen >= 4 && strcasecmp(path + plen - 4, ".blg") == 0;
}

const char *ps_log_probe(const char *path, const unsigned char *head, size_t n)
{
    unsigned char buf[HEAD_BYTES];
    if (!head) {
        struct stat st;
        FILE *fp = path && stat(path, &st) == 0 && S_ISREG(st.st_mode) ? fopen(path, "rb") : NULL;
        if (!fp)
            return NULL;
        n = fread(buf, 1, sizeof buf, fp);
        fclose(fp);
        head = buf;
    }
    int claim;
    const ps_log_backend *be = choose(head, n, &claim);
    if (!be || claim != 1 || (be == &ps_backend_pdh_text && blg_named(path)))
        return NULL;
    return be->name;
}

/* A precise reason for a text file no reader takes, or a text log whose line ends no reader
 * can split; NULL when there is none. *col: 1-based column. */
static const char *text_problem(const unsigned char *h, size_t n, int probed, long *col)
{
    size_t bom = 0;
    int enc = ps_enc_bom(h, n, &bom);
    size_t step = enc == PS_ENC_UTF16LE || enc == PS_ENC_UTF16BE ? 2 : 1, lo = enc == PS_ENC_UTF16BE;
    *col = 1;
    if (enc >= 0 && n == bom)
        return "only a byte order mark, no text";
    if (!probed && n > bom + lo && h[bom + lo] == 0x1A)
        return "Ctrl-Z (0x1A, a DOS end-of-file mark) where the header should start";
    for (size_t i = bom + lo; probed && i < n; i += step) {
        if (h[i] == '\n' || (step == 2 && (i + 1 >= n || h[i + 1 - 2 * lo] != 0)))
            break;
        if (h[i] == '\r' && i + step < n && h[i + step] != '\n') {
            *col = (long)((i - bom) / step) + 1;
            return "line ends are CR only (classic Mac OS): convert them to CRLF or LF";
        }
    }
    return NULL;
}

static void build_view(ps_log *log)
{
    const ps_log_info *all = &log->all;
    log->info = *all;
    log->keep = ps_xcalloc(all->ncounters ? all->ncounters : 1, sizeof *log->keep);
    log->values = ps_xcalloc(all->ncounters ? all->ncounters : 1, sizeof *log->values);
    log->info.counters = ps_xcalloc(all->ncounters ? all->ncounters : 1, sizeof(ps_counter_path));
    log->header_kept = ps_xcalloc(all->ncounters ? all->ncounters : 1, sizeof(char *));
    size_t k = 0;
    for (size_t i = 0; i < all->ncounters; i++) {
        if (log->opt.filter && !ps_filter_match(log->opt.filter, &all->counters[i]))
            continue;
        log->keep[k] = i;
        log->info.counters[k] = all->counters[i]; /* shallow: owned by `all` */
        log->header_kept[k] = (char *)all->header[i];
        k++;
    }
    log->info.ncounters = k;
    log->info.header = (const char *const *)log->header_kept;
}

int ps_log_open(const char *path, const ps_log_options *opt, ps_log **out, ps_error *err)
{
    unsigned char head[HEAD_BYTES];
    size_t n = 0;
    FILE *stream;
    *out = NULL;
    int rc = read_head(path, head, sizeof head, &n, &stream, err);
    if (rc)
        return rc;
    ps_input_note(path); /* never replaced by an output of this process */
    int claim;
    const ps_log_backend *be = choose(head, n, &claim);
    rc = PS_OK;
    long col;
    const char *why = text_problem(head, n, be == &ps_backend_pdh_text, &col);
    if (why) {
        if (stream)
            fclose(stream);
        return ps_error_set(err, PS_EINPUT, path, 1, col, "%s", why);
    }
    if (!be)
        rc = ps_error_set(err, PS_EINPUT, path, 1, 1,
                          n == 0 ? "empty file, not a PerfMon log"
                                 : "not a PerfMon log (expected PDH-CSV/TSV text or a .blg binary log)");
    else if (be == &ps_backend_pdh_text && blg_named(path))
        rc = ps_error_set(err, PS_EINPUT, path, 1, 1,
                          "text log with a .blg name, not a binary log (rename it .csv to read it as text)");
    else if (stream && be == &ps_backend_blg)
        rc = ps_error_set(err, PS_EINPUT, path, 0, 0,
                          "a .blg binary log cannot be read from a pipe or device (it is read twice); "
                          "save it to a file first");
    if (rc) {
        if (stream)
            fclose(stream);
        return rc;
    }
    ps_log *log = ps_xcalloc(1, sizeof *log);
    log->backend = be;
    log->path = ps_xstrdup(path);
    if (opt)
        log->opt = *opt;
    log->all.path = log->path;
    if (stream && be == &ps_backend_pdh_text) { /* the text reader starts with the head bytes */
        log->stream = stream;
        log->head = ps_xmalloc(n ? n : 1);
        memcpy(log->head, head, n);
        log->nhead = n;
    }
    rc = be->open(log, err);
    if (rc) {
        if (be->close)
            be->close(log);
        if (log->stream)
            fclose(log->stream);
        free(log->head);
        free(log->path);
        free(log);
        return rc;
    }
    build_view(log);
    *out = log;
    return PS_OK;
}

const ps_log_info *ps_log_info_get(const ps_log *log)
{
    return &log->info;
}

int ps_log_next(ps_log *log, ps_row *row, ps_error *err)
{
    ps_row raw;
    memset(&raw, 0, sizeof raw);
    int rc = log->backend->next(log, &raw, err);
    if (rc <= 0)
        return rc;
    *row = raw;
    if (log->info.ncounters == log->all.ncounters && raw.nvalues == log->all.ncounters)
        return 1; /* no column filtered out: hand out the backend's values as they are */
    for (size_t k = 0; k < log->info.ncounters; k++) {
        size_t i = log->keep[k];
        log->values[k] = i < raw.nvalues ? raw.values[i] : NAN;
    }
    row->values = log->values;
    row->nvalues = log->info.ncounters;
    return 1;
}

void ps_log_info_release(ps_log_info *info)
{
    for (size_t i = 0; i < info->ncounters; i++) {
        ps_path_fini(&info->counters[i]);
        if (info->header)
            free((char *)info->header[i]);
    }
    free(info->counters);
    free((void *)info->header);
    free((char *)info->timezone);
    info->counters = NULL;
    info->header = NULL;
    info->timezone = NULL;
    info->ncounters = 0;
}

uint64_t ps_log_bad_rows(const ps_log *log)
{
    return log->bad_rows;
}
uint64_t ps_log_missing_values(const ps_log *log)
{
    return log->missing;
}

void ps_log_progress(const ps_log *log, uint64_t *done, uint64_t *total)
{
    *done = log->bytes_done;
    *total = log->bytes_total;
}

void ps_log_close(ps_log *log)
{
    if (!log)
        return;
    if (log->backend->close)
        log->backend->close(log); /* frees backend state and log->all */
    free(log->keep);
    free(log->values);
    free(log->info.counters);
    free(log->header_kept);
    if (log->stream)
        fclose(log->stream);
    free(log->head);
    free(log->path);
    free(log);
}
