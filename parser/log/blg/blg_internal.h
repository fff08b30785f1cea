/* blg_internal.h - private to parser/blg_*.c: the .blg (ETW-framed PDH log) reader.
 *
 * Layers (each in its own file):
 *   blg_etw.c   container: buffers, events, PDH record reassembly, log-file header (streaming)
 *   blg_text.c  UTF-16 -> UTF-8, time zone (MUI names, DST rule), FILETIME helpers
 *   blg_list.c  counter list (0x20), name table (0x24), counter paths, column map
 *   blg_rec.c   data records (0x22): layout B raw counters / instance arrays, layout A objects
 *   blg_cook.c  counter-type table: two raw samples -> displayed value
 *   blg.c       the ps_log backend (probe, open = pass 1, next = pass 2)
 * Everything is bounds-checked against the enclosing record; no struct is cast over bytes.
 */
#ifndef PS_BLG_INTERNAL_H
#define PS_BLG_INTERNAL_H

#include "log_internal.h"
#include "ps_hash.h"

#include <stdint.h>
#include <stdio.h>

/* ------------------------------------------------------------------ little-endian reads */
static inline uint16_t blg_u16(const unsigned char *p)
{
    return (uint16_t)(p[0] | (p[1] << 8));
}
static inline uint32_t blg_u32(const unsigned char *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}
static inline uint64_t blg_u64(const unsigned char *p)
{
    return blg_u32(p) | ((uint64_t)blg_u32(p + 4) << 32);
}
static inline int64_t blg_i64(const unsigned char *p)
{
    return (int64_t)blg_u64(p);
}

#define BLG_FILETIME_UNIX 116444736000000000LL /* FILETIME of 1970-01-01 */
#define BLG_MAX_BUFFER (16u * 1024 * 1024)
#define BLG_MAX_RECORD (64u * 1024 * 1024)
#define BLG_PART_MAX 8000u
#define BLG_MODE_CIRCULAR 0x00000002u /* LogFileMode bit EVENT_TRACE_FILE_MODE_CIRCULAR (evntrace.h) */

/* Event types (byte +4 of the full event header). */
enum { BLG_EV_LIST = 0x20, BLG_EV_DATA = 0x22, BLG_EV_CATALOG = 0x23, BLG_EV_NAMES = 0x24 };
/* "BL" sub-record tags. */
#define BLG_TAG_SAMPLE 0x00034C42u
#define BLG_TAG_VALUE 0x01034C42u
#define BLG_TAG_ARRAY 0x02034C42u
#define BLG_TAG_OBJECT 0x05034C42u

/* ------------------------------------------------------------------ blg_text.c */
/* Append the UTF-8 form of n UTF-16LE code units at p (stops at a NUL); unpaired surrogates
 * become U+FFFD. */
void blg_utf16_append(ps_buf *b, const unsigned char *p, size_t nunits);
/* Heap UTF-8 copy of the NUL-terminated UTF-16LE string at p within [p, p+avail), with C0
 * control characters and DEL replaced by '?' (names are printed in text outputs).
 * Returns NULL when no NUL is found inside avail bytes. */
char *blg_utf16_dup(const unsigned char *p, size_t avail);
/* The same into b (reset first, NUL-terminated): 0, or -1 when no NUL lies inside avail bytes. */
int blg_utf16_to(ps_buf *b, const unsigned char *p, size_t avail);
/* FILETIME (local) -> ps_time milliseconds (floor). */
ps_time blg_ft_to_ms(uint64_t ft);

/* TIME_ZONE_INFORMATION, decoded. */
typedef struct blg_tz {
    int32_t bias, std_bias, dst_bias;
    char *std_name, *dst_name; /* resolved (MUI ids through the table) */
    int std_known, dst_known; /* 0 when an MUI id was not in the table (raw kept) */
    int valid; /* 0 when a bias lies outside +-1440 minutes (all set to 0) */
    uint16_t std_date[8], dst_date[8]; /* SYSTEMTIME fields */
} blg_tz;
/* Decode the 172-byte structure at p. */
void blg_tz_read(blg_tz *tz, const unsigned char *p);
void blg_tz_fini(blg_tz *tz); /* members only */
/* Resolve "@tzres.dll,-NNN" to an English name; NULL when unknown or not an MUI reference. */
const char *blg_tz_mui_name(const char *raw);
/* 1 when the local time t falls in daylight time under the zone's rule. */
int blg_tz_is_dst(const blg_tz *tz, ps_time local);
/* Minutes to add to local time to get UTC at local time t. */
int blg_tz_offset(const blg_tz *tz, ps_time local);

/* ------------------------------------------------------------------ blg_etw.c */
typedef struct blg_record {
    int type; /* event type */
    uint64_t time; /* FILETIME (local) of the first part's event */
    const unsigned char *data; /* logical record (after the 24-byte prefix), owned by the source */
    size_t len;
    uint64_t offset; /* file offset of the first part (messages) */
} blg_record;

typedef struct blg_src {
    FILE *fp;
    const char *path;
    uint64_t fsize;
    uint32_t bufsize; /* S */
    int ptr8; /* 64-bit writer */
    int lenient;
    ps_warnings *warn;
    ps_error *err; /* error record of the running call (set by each entry point) */
    unsigned char *buf; /* one buffer */
    uint64_t nbuf; /* buffers (a last partial one included) */
    uint64_t bufidx; /* next buffer to load */
    uint32_t avail, used, off; /* current buffer: bytes read, used, next event offset */
    int loaded;
    /* reassembly */
    ps_buf rec;
    int rec_type;
    uint32_t rec_parts, rec_next;
    unsigned char rec_guid[16];
    uint64_t rec_time, rec_off;
    int rec_open;
    uint64_t nevents, ndropped, nunknown; /* nevents: events after the log-file header */
    uint64_t npdh; /* of those, the PDH provider's */
    int warned_version, warned_back;
    uint64_t last_time;
    /* log-file header */
    uint32_t build, version, nproc;
    uint32_t buffers_written; /* BuffersWritten: 0 when the writer left it unset */
    uint32_t log_mode; /* LogFileMode (BLG_MODE_CIRCULAR) */
    uint64_t start_time, end_time, boot_time;
    int64_t perf_freq;
    blg_tz tz;
    int truncated; /* warning already issued */
    uint64_t ncorrupt; /* corruption met (lenient: skipped) since open */
    /* a range of buffers (parallel pass 2): records that start in [bufidx, range_end) */
    int ranged, skip_cont; /* skip_cont: parts of a record begun before the range */
    uint64_t range_end;
} blg_src;

/* Recognise an ETW-framed .blg from its first bytes (rule 3 of the doc, as far as head goes). */
int blg_probe_head(const unsigned char *head, size_t n);
/* Open path, check the container and read the log-file header. PS_EIO / PS_EINPUT. */
int blg_src_open(blg_src *s, const char *path, int lenient, ps_warnings *w, ps_error *err);
/* Restart at the first buffer (pass 2). */
int blg_src_rewind(blg_src *s, ps_error *err);
/* Next complete PDH logical record: 1 with *r, 0 at the end, or -PS_EINPUT / -PS_EIO. */
int blg_src_next(blg_src *s, blg_record *r, ps_error *err);
void blg_src_close(blg_src *s);
/* A second reader of the same file for another thread: *d gets its own stream, buffer and
 * record (no time zone, no warnings). Close with blg_src_clone_close. PS_EIO. */
int blg_src_clone(blg_src *d, const blg_src *s, ps_error *err);
void blg_src_clone_close(blg_src *d);
/* Restrict d to the records whose first part lies in buffers [first, end): the parts of a
 * record begun before first are skipped, one begun before end is read to its end. Only for a
 * file whose pass 1 met no corruption (ncorrupt 0): there the records come out exactly as the
 * whole-file walk gives them. */
void blg_src_range(blg_src *d, uint64_t first, uint64_t end);
/* The error for a whole file read without a counter list record (doc §1 rule 4), called after
 * blg_src_next returned 0: where the file ends, the buffers and events it holds, and whether it is
 * cut short (a partial last buffer, fewer buffers than the header counts, nothing after the
 * header) or another provider's ETW trace. Returns PS_EINPUT. */
int blg_no_counter_list(const blg_src *s, ps_error *err);
/* Corruption: error in strict mode, warning (returns 0) in lenient mode. */
int blg_corrupt(blg_src *s, uint64_t off, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* ------------------------------------------------------------------ blg_cook.c */
/* One raw sample as PDH sees it: X, Y (or base B), time base F, multi count M. */
typedef struct blg_raw {
    int ok; /* present with a valid status */
    int64_t x, y;
    uint64_t f;
    uint32_t m;
} blg_raw;

enum blg_cook_result { BLG_COOK_OK = 0, BLG_COOK_FIRST, BLG_COOK_BAD, BLG_COOK_UNKNOWN, BLG_COOK_HIDDEN };
/* Where layout A takes Y from, and whether the counter needs the next definition as its base. */
enum blg_ysrc { BLG_Y_NONE, BLG_Y_TICKS, BLG_Y_100NS, BLG_Y_OBJECT, BLG_Y_BASE };

/* Row of the counter-type table for type, -1 when none (look it up once per column). */
int blg_rule_find(uint32_t type);
/* blg_cook with the table row already found (rule = blg_rule_find(type)). */
int blg_cook_rule(int rule, uint32_t type, const blg_raw *prev, const blg_raw *cur, double *out);
/* Cook: cur is the current sample, prev the previous one of the same column (prev->ok 0 when
 * there is none). Returns BLG_COOK_OK with *out, or why there is no value (*out NaN). */
int blg_cook(uint32_t type, const blg_raw *prev, const blg_raw *cur, double *out);
/* Table facts for a type: 1 when known and displayed; *ysrc where Y comes from (layout A);
 * *multi 1 when the type needs a multi base. Base/text/no-data types return 0 with *hidden 1. */
int blg_type_info(uint32_t type, int *hidden, enum blg_ysrc *ysrc, int *multi);
/* Name of a counter type ("PERF_COUNTER_BULK_COUNT"), NULL when unknown. */
const char *blg_type_name(uint32_t type);

/* ------------------------------------------------------------------ blg_list.c */
typedef struct blg_entry {
    uint32_t flags, type;
    uint64_t freq;
    int32_t scale;
    char *machine, *object, *instance, *parent, *counter; /* UTF-8; instance/parent may be NULL */
    uint32_t index;
    int wildcard; /* instance array (layout B) */
    int whole; /* whole object (layout A) */
    size_t col0, ncols; /* its columns (after pass 1) */
    size_t hint; /* column of its first value in the last record ((size_t)-1: none) */
    int warned;
} blg_entry;

/* One column of output. */
typedef struct blg_col {
    size_t entry;
    char *path; /* full counter path */
    char *key; /* instance / instance+counter key inside its entry, NULL for plain */
    char *inst, *cname; /* instance (NULL: none) and counter name as in the path */
    uint32_t title, defidx; /* layout A: counter title index and definition position */
    uint32_t type;
    int rule; /* blg_rule_find(type), looked up once */
    uint32_t iid; /* layout A: columns with the same iid have the same instance (0: none) */
    blg_raw prev, cur;
    int seen; /* present in the current record */
} blg_col;

/* Everything the decoder knows about the log. */
typedef struct blg_log {
    blg_src src;
    blg_entry *entries;
    size_t nentries;
    int have_list;
    char **names; /* title index -> name (layout A), NULL where absent */
    size_t nnames;
    char *names_machine;
    blg_col *cols;
    size_t ncols, capcols;
    ps_hash colmap; /* "entryidx\x1fkey" -> column */
    ps_buf keybuf, scratch, objkey; /* reused key builders */
    ps_buf namebuf, instbuf; /* instance name as stored / as displayed (numbered) */
    ps_hash dups; /* instance names of the current array/object -> times seen - 1 */
    uint32_t next_iid; /* pass 1: last instance id given to a layout-A column */
    struct blg_par *par; /* pass 2 on several threads (blg_par.c), NULL: sequential */
    int threads; /* ps_log_blg_threads: 0 automatic, 1 sequential, N workers */
    size_t chunk_buffers; /* buffers per parallel chunk, 0 = default */
    int par_decided; /* pass 2 has started (threads or not) */
    int warned_tag, warned_array;
    int pass; /* 1 = discovery, 2 = values */
    double *values;
    uint64_t records, bad_status, bad_status_records, warned_unknown;
    uint32_t first_bad_status;
    int has_first;
    uint64_t first_time;
    uint64_t cat_samples, cat_objects;
    int have_catalog;
} blg_log;

/* Parse the counter list record (0x20) into l->entries. */
int blg_list_parse(blg_log *l, const blg_record *r, ps_error *err);
/* Merge one name-table record (0x24). */
int blg_names_parse(blg_log *l, const blg_record *r, ps_error *err);
/* Build "\\machine\object(parent/instance#n)\counter"; instance may override the entry's. */
char *blg_entry_path(const blg_entry *e, const char *instance, const char *counter);
/* Pass 1: column for (entry, key) - creates it. Pass 2: finds it ((size_t)-1 when absent). */
size_t blg_col_get(blg_log *l, size_t entry, const char *key, const char *instance, const char *counter, uint32_t type);
/* Append the decimal digits of v (no printf: hot path). */
void blg_put_uint(ps_buf *b, uint64_t v);
/* After pass 1: order the columns by entry (stable), rebuild the map. */
void blg_cols_finish(blg_log *l);
void blg_log_fini(blg_log *l); /* members only; l is zeroed */
/* Free only the reused work buffers (key builders, names, duplicate counts). */
void blg_log_free_work(blg_log *l);
/* Bad-status values and the samples holding them (pass 1 totals); for tests. */
void blg_log_stats(const ps_log *log, uint64_t *bad_values, uint64_t *bad_records);

/* ------------------------------------------------------------------ blg_rec.c */
/* Decode one data record (0x22): fills cols[].cur / seen (pass 2) or creates columns (pass 1). */
int blg_data_parse(blg_log *l, const blg_record *r, ps_error *err);
/* Check the catalog (0x23) against what was read. */
int blg_catalog_parse(blg_log *l, const blg_record *r, ps_error *err);

/* ------------------------------------------------------------------ blg_par.c */
/* After pass 1: start pass 2 on `threads` workers (0 = automatic) over chunks of chunk_buffers
 * buffers (0 = default) when the file allows it (no corruption met, two chunks or more);
 * otherwise leaves l->par NULL (sequential). PS_EIO when a stream cannot be opened. */
int blg_par_start(blg_log *l, int threads, size_t chunk_buffers, ps_error *err);
/* Next record's raw samples in file order: 1 with *raw (l->ncols of them, ok BLG_PAR_ABSENT
 * when the column is not in the record; valid until the next call), *time and *bytes_done;
 * 0 at the end; or the negative error of the record where the sequential walk would stop. */
int blg_par_next(blg_log *l, const blg_raw **raw, uint64_t *time, uint64_t *bytes_done, ps_error *err);
/* Stop and join the workers, free everything (safe when none run). */
void blg_par_stop(blg_log *l);
#define BLG_PAR_ABSENT (-1)

#endif
