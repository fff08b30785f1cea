/* ps_output.h - atomic output files (temporary file + rename) and output formats.
 * Part of the public interface of its library; the umbrella header includes it. */
#ifndef PS_OUTPUT_H
#define PS_OUTPUT_H

#include "ps_model.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ===================================================================== 1. output files */

enum ps_format {
    PS_FMT_NONE = 0,
    PS_FMT_TEXT,
    PS_FMT_CSV,
    PS_FMT_TSV,
    PS_FMT_JSON,
    PS_FMT_HTML,
    PS_FMT_PDF,
    PS_FMT_SVG,
    PS_FMT_PNG,
    PS_FMT_JUNIT
};
/* "text", "csv", "tsv", "json", "html", "pdf", "svg", "png", "junit" -> format; NONE if unknown. */
enum ps_format ps_format_parse(const char *name);
/* Format from a file name's extension (.txt, .csv, .tsv, .json, .html/.htm, .pdf, .svg, .png,
 * .xml -> JUNIT); NONE when there is none or it is unknown. */
enum ps_format ps_format_from_path(const char *path);
const char *ps_format_name(enum ps_format f);

/* ===================================================================== 2. text-output renderers
 *
 * Every renderer that produces a document in memory (summary, jetstress, audit, trend, analyze)
 * has one shape:
 *     int ps_X_render(ps_buf *out, const MODEL *m, const ps_render_opts *o, ps_error *err);
 * It appends the output in format o->fmt to out, reads the model const, and returns PS_OK or an
 * error code with err set (PS_EUSAGE when the domain has no renderer for o->fmt). Each domain
 * picks the function for o->fmt from its own table of {format, function} rows, as the document
 * backends do (ps_doc_renderer). The chart image writers (ps_chart_render_png/svg) write files
 * by path and are a different kind (see docs/architecture.md). */
typedef struct ps_render_opts {
    enum ps_format fmt; /* the output format; selects the table row */
    const char *title; /* document title (audit HTML); NULL = the renderer's own */
    ps_time date; /* document date (HTML/PDF title pages), from SOURCE_DATE_EPOCH */
    const void *info; /* what one domain needs besides the model (analyze:
                                * const ps_an_doc_info *); NULL for the others */
    ps_warnings *warnings; /* may be NULL; renderers that warn (PDF fonts) append here */
} ps_render_opts;

typedef struct ps_outfile ps_outfile;
/* Open an output. path NULL or "-" is standard output. Otherwise a temporary file is created
 * in the same directory and renamed over path by ps_outfile_commit, so nothing is ever
 * half-written: an unnamed O_TMPFILE file where the system allows it (nothing is left even
 * after SIGKILL), else ".NAME.XXXXXX", removed on error and on SIGINT/SIGTERM/SIGHUP. A
 * symbolic link is written through (the file it points to is replaced, the link stays). The
 * new file gets the mode of the file it replaces, or 0666 less the umask. A device or FIFO is
 * written in place. Refuses (PS_EUSAGE) an empty path and a path naming the same file as one
 * of inputs[0..ninputs) ("-": the file behind standard input) or as any file noted by
 * ps_input_note (every file the process read), and a path naming the same file as an earlier
 * output of this process (-o F --junit F). A regular file replaced keeps its permission bits
 * without setuid/setgid/sticky, and, run as root, its owner and group.
 * Errors: PS_EIO with the path and strerror (EACCES, ENOENT, ...). */
int ps_outfile_open(const char *path, const char *const *inputs, size_t ninputs, ps_outfile **out, ps_error *err);
FILE *ps_outfile_fp(ps_outfile *o);
const char *ps_outfile_path(const ps_outfile *o); /* final path, "-" for stdout */
/* Start writing to the disk what o holds so far, without waiting for it (Linux
 * sync_file_range), so that the fsync of ps_outfile_commit finds little left to write: a big
 * output goes to the disk while the rest of it is still being computed. For writers of large
 * outputs, to call after each large write; it acts once per 8 MiB written and costs nothing in
 * between. Does nothing for standard output, devices and pipes, and where the system lacks
 * sync_file_range. Never fails: a write error stays on o's stream for the commit to report. */
void ps_outfile_write_behind(ps_outfile *o);
/* Flush, check for write errors (ENOSPC, EPIPE, a closed stdout), fsync and rename.
 * Frees o. On error the temporary file is removed and PS_EIO returned. */
int ps_outfile_commit(ps_outfile *o, ps_error *err);
/* Discard: remove the temporary file (stdout: nothing). Frees o. o may be NULL. */
void ps_outfile_abort(ps_outfile *o);
/* 1 once a write to standard output failed with EPIPE (its reader closed the pipe): the
 * command's I/O error is then a normal, quiet end (main exits 0). */
int ps_outfile_stdout_closed(void);
/* Discard o after writing it failed with rc. When rc is PS_EIO and o's stream has its error
 * flag set, err is replaced by what ps_outfile_commit says ("PATH: write error: REASON") and
 * PS_EIO returned; otherwise o is aborted and rc returned as is. Frees o; o may be NULL. */
int ps_outfile_fail(ps_outfile *o, int rc, ps_error *err);

#ifdef __cplusplus
}
#endif
#endif /* PS_OUTPUT_H */
