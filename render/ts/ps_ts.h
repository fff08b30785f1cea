/* ps_ts.h - counter logs for time-series engines: OpenMetrics text (Prometheus backfill with
 * promtool) and InfluxDB line protocol, to a file or straight to an InfluxDB server over HTTP.
 *
 * Names (docs/readme/fleet.md, "Names"):
 *   OpenMetrics  metric  perfmon_<object>_<counter>, each part lower case with '%' -> percent,
 *                        '#' -> number, "/sec" -> per_second, '/' -> per, the word "sec" ->
 *                        seconds, Latin-1 letters spelled in ASCII (ä -> ae, ß -> ss), every
 *                        other run of characters -> one '_';
 *                labels  machine, instance, parent, index (only those the path has), values as
 *                        written; HELP "\Object\Counter" as written; TYPE gauge.
 *   Influx       measurement = object, tags index/instance/machine/parent (those the path has,
 *                sorted by key), one field per counter, names as written and escaped.
 * Columns that map to a series already taken by an earlier column (the same path twice, or two
 * paths folded to one name) are left out with a warning naming both.
 *
 * Time stamps are UTC: OpenMetrics seconds with milliseconds ("1700000000.250"), Influx
 * nanoseconds (the protocol default). Missing values (NaN) are left out. Values with the
 * fewest of 15, 16 or 17 significant digits that read back as the same double (0.004).
 *
 * OpenMetrics wants each series' samples together in time order, the input comes a time stamp
 * at a time: the writer keeps a block of rows (16 MiB) in memory, column by column, and spills
 * each full block to an unnamed temporary file in $TMPDIR (or /tmp); at the end it writes each
 * series from every block in turn. Memory is flat in the number of samples; the temporary file
 * holds 8 bytes per value and per time stamp. Influx lines are written as the rows come.
 *
 * Library code: never prints; errors come back in ps_error; warnings go to the ps_warnings given.
 */
#ifndef PS_TS_H
#define PS_TS_H

#include "ps_model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ps_ts_format { PS_TS_OPENMETRICS = 1, PS_TS_INFLUX } ps_ts_format;

/* "openmetrics" / "influx" -> format; 0 when the name is neither. */
ps_ts_format ps_ts_format_parse(const char *name);

/* ===================================================================== names */

/* The names of one counter path in both formats, as they are written (escaped). */
typedef struct ps_ts_names {
    char *metric; /* OpenMetrics metric name: perfmon_processor_percent_processor_time */
    char *labels; /* OpenMetrics label set with braces, "" without labels */
    char *help; /* OpenMetrics HELP text, escaped: \\Processor\\% Processor Time */
    char *measurement; /* Influx measurement, escaped */
    char *tags; /* Influx tag set with its leading commas (",instance=_Total,machine=X"), or "" */
    char *field; /* Influx field key, escaped */
} ps_ts_names;

/* Fill *out from a parsed path (all strings heap-allocated; free with ps_ts_names_fini).
 * Never fails (aborts on out of memory, as ps_xmalloc). */
void ps_ts_names_of(const ps_counter_path *p, ps_ts_names *out);
void ps_ts_names_fini(ps_ts_names *n); /* members only; NULL ok */

/* ===================================================================== writer */

/* Where the text goes: text[0..len) holds `lines` whole lines (for Influx, points). Returns 0
 * or a PS_E* code with err filled, which stops the writer. */
typedef struct ps_ts_sink {
    int (*put)(void *ctx, const char *text, size_t len, size_t lines, ps_error *err);
    void *ctx;
} ps_ts_sink;

typedef struct ps_ts_writer ps_ts_writer;

/* A writer of format f for the columns cells[0..ncol) (counter paths as written; a cell that is
 * no counter path is left out with a warning). put() is called with at most max_lines lines at
 * a time (0: no limit; then about 1 MiB at a time). Warnings go to w (may be NULL). Returns the
 * writer, or NULL with err (PS_EIO: the temporary file could not be made). */
ps_ts_writer *ps_ts_writer_new(ps_ts_format f, const char *const *cells, size_t ncol, ps_ts_sink sink, size_t max_lines,
                               ps_warnings *w, ps_error *err);
/* Rows per block kept in memory before a spill (OpenMetrics; default: as many as fill 16 MiB).
 * For tests of the spill; call before the first row. rows >= 1. */
void ps_ts_writer_set_block_rows(ps_ts_writer *tw, size_t rows);
/* One row: UTC time stamp and ncol values (NaN = missing). Returns 0 or the sink's / a spill
 * error (PS_EIO, PS_EINPUT for a time stamp Influx cannot hold: before 1677 or after 2262). */
int ps_ts_writer_row(ps_ts_writer *tw, ps_time utc, const double *values, ps_error *err);
/* Write what is left (OpenMetrics: every series, then "# EOF"). Returns 0 or an error. */
int ps_ts_writer_finish(ps_ts_writer *tw, ps_error *err);
/* Samples (OpenMetrics) or points (Influx) handed to the sink so far. */
uint64_t ps_ts_writer_count(const ps_ts_writer *tw);
/* Free the writer and its temporary file. NULL ok. */
void ps_ts_writer_free(ps_ts_writer *tw);

/* ===================================================================== InfluxDB over HTTP */

typedef struct ps_influx ps_influx;

/* 1 when target looks like "influx://..." (the -o form of a direct write). */
int ps_influx_is_url(const char *target);
/* Connect to "influx://HOST[:PORT]/DATABASE" (port 8086 by default) over HTTP with libcurl
 * (loaded at first use). Credentials come from the environment only: INFLUX_USERNAME and
 * INFLUX_PASSWORD (basic authentication), or INFLUX_TOKEN ("Authorization: Token ..."); they
 * are never part of a message. The server is asked /ping first. Errors: PS_EUSAGE (a malformed
 * URL, credentials in it), PS_EIO (libcurl missing, server unreachable or refusing: its message
 * in err). */
int ps_influx_open(const char *url, ps_influx **out, ps_error *err);
/* POST lines[0..len) (`points` points) to /write?db=DATABASE&precision=ns. Retries up to 4
 * times with back-off (0.25, 0.5, 1, 2 s) when the server cannot be reached, times out or
 * answers 429 / 5xx; any other refusal fails at once with the server's own message. Returns 0
 * or PS_EIO with err (saying how many points were written before). */
int ps_influx_write(ps_influx *ix, const char *lines, size_t len, size_t points, ps_error *err);
/* Points the server accepted so far. */
uint64_t ps_influx_written(const ps_influx *ix);
void ps_influx_close(ps_influx *ix); /* NULL ok */
/* A ps_ts_sink that sends each piece to ix as one batch. */
ps_ts_sink ps_influx_sink(ps_influx *ix);

#ifdef __cplusplus
}
#endif

#endif
