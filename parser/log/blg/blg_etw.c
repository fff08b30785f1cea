/* blg_etw.c - the ETW container of a .blg: buffers, events, PDH record reassembly.
 * Streaming: one buffer of S bytes in memory plus the record being reassembled. */
#include "blg_internal.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const unsigned char pdh_guid[16] = {0xb3, 0x3b, 0x3f, 0x93, 0x3e, 0x94, 0x0d, 0x49,
                                           0x9c, 0xed, 0x3c, 0xbb, 0x14, 0xc1, 0x44, 0x79};

static int has_legacy_marker(const unsigned char *head, size_t n)
{
    static const char m[] = "(PDH-BIN";
    size_t lim = n < 64 ? n : 64;
    for (size_t i = 0; i + sizeof m - 1 <= lim; i++)
        if (memcmp(head + i, m, sizeof m - 1) == 0)
            return 1;
    return 0;
}

static int bufsize_ok(uint32_t s)
{
    return s % 1024 == 0 && s > 0x48 && s <= BLG_MAX_BUFFER;
}

int blg_probe_head(const unsigned char *head, size_t n)
{
    if (has_legacy_marker(head, n))
        return 2; /* claimed so that open can refuse it with the specific message */
    if (n < 0x6C)
        return 0;
    uint32_t s = blg_u32(head);
    return bufsize_ok(s) && (head[0x4B] & 0xC0) == 0xC0 && (head[0x4A] == 1 || head[0x4A] == 2) &&
           blg_u32(head + 0x68) == s;
}

int blg_corrupt(blg_src *s, uint64_t off, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    s->ncorrupt++;
    if (s->lenient) {
        ps_warn(s->warn, "%s: at offset 0x%llx: %s (skipped)", s->path, (unsigned long long)off, msg);
        return 0;
    }
    ps_error_set(s->err, PS_EINPUT, s->path, 0, 0, "corrupt .blg at offset 0x%llx: %s", (unsigned long long)off, msg);
    return -PS_EINPUT;
}

/* The log-file header counts more buffers written than the file holds whole; a circular log
 * (EVENT_TRACE_FILE_MODE_CIRCULAR) may have written more than it keeps, so it never counts. */
static int header_counts_more(const blg_src *s)
{
    return !(s->log_mode & BLG_MODE_CIRCULAR) && s->buffers_written > s->fsize / s->bufsize;
}

int blg_no_counter_list(const blg_src *s, ps_error *err)
{
    unsigned long long end = s->fsize, whole = s->fsize / s->bufsize;
    uint64_t rest = s->fsize % s->bufsize;
    char where[160], what[120], why[200];
    if (!rest)
        snprintf(where, sizeof where, "after %llu ETW buffer%s of %u bytes", whole, whole == 1 ? "" : "s", s->bufsize);
    else if (!whole)
        snprintf(where, sizeof where, "inside its first ETW buffer of %u bytes", s->bufsize);
    else
        snprintf(where, sizeof where, "inside ETW buffer %llu of %u bytes, after %llu whole one%s", whole + 1,
                 s->bufsize, whole, whole == 1 ? "" : "s");
    if (!s->nevents)
        snprintf(what, sizeof what, "holding only the log-file header");
    else if (!s->npdh)
        snprintf(what, sizeof what, "holding %llu event%s, none from the PDH provider", (unsigned long long)s->nevents,
                 s->nevents == 1 ? "" : "s");
    else
        snprintf(what, sizeof what, "holding %llu PDH event%s", (unsigned long long)s->npdh, s->npdh == 1 ? "" : "s");
    char cut[120] = "";
    if (rest)
        snprintf(cut, sizeof cut, "its size is not a multiple of the buffer size");
    if (header_counts_more(s))
        snprintf(cut + strlen(cut), sizeof cut - strlen(cut), "%sits header counts %u buffers written",
                 rest ? ", and " : "", s->buffers_written);
    if (s->nevents && !s->npdh)
        snprintf(why, sizeof why, "an ETW trace of another provider, not a PerfMon log");
    else if (cut[0])
        snprintf(why, sizeof why, "the file is truncated: %s", cut);
    else
        snprintf(why, sizeof why, "is the file truncated?");
    return ps_error_set(err, PS_EINPUT, s->path, 0, 0,
                        "ETW trace without PerfMon counter data: the file ends at byte %llu (0x%llx) %s, %s: no "
                        "counter list record (PDH event type 0x20); %s",
                        end, end, where, what, why);
}

/* Load buffer s->bufidx: returns 1 loaded, 0 no more buffers, <0 error. */
static int load_buffer(blg_src *s)
{
    while (s->bufidx < s->nbuf) {
        uint64_t pos = s->bufidx * (uint64_t)s->bufsize;
        uint64_t want = s->fsize - pos < s->bufsize ? s->fsize - pos : s->bufsize;
        s->bufidx++;
        if (fseeko(s->fp, (off_t)pos, SEEK_SET) != 0 || fread(s->buf, 1, (size_t)want, s->fp) != want)
            return -ps_error_set(s->err, PS_EIO, s->path, 0, 0, "cannot read: %s",
                                 ferror(s->fp) ? strerror(errno) : "file shrank while reading");
        s->avail = (uint32_t)want;
        if (want < 0x48)
            return 0; /* a truncated tail shorter than a buffer header: the truncation was warned */
        uint32_t used = blg_u32(s->buf + 0x30);
        if (used > s->bufsize || used < 0x48) {
            int rc = blg_corrupt(s, pos, "buffer %llu: bytes-used field %u outside 0x48..%u",
                                 (unsigned long long)s->bufidx - 1, used, s->bufsize);
            if (rc)
                return rc;
            continue;
        }
        s->used = used < s->avail ? used : s->avail;
        s->off = 0x48;
        s->loaded = 1;
        return 1;
    }
    return 0;
}

static int read_header(blg_src *s)
{
    const unsigned char *b = s->buf;
    if (s->used < 0x68 + 0x118 + 0)
        return -ps_error_set(s->err, PS_EINPUT, s->path, 0, 0, "not a PerfMon binary log: buffer 0 too short");
    uint16_t evlen = blg_u16(b + 0x48 + 4);
    const unsigned char *h = b + 0x68;
    uint32_t ptr = blg_u32(h + 0x2C);
    if (ptr != 4 && ptr != 8)
        return -ps_error_set(s->err, PS_EINPUT, s->path, 0, 0,
                             "not a PerfMon binary log: log-file header pointer size %u", ptr);
    s->ptr8 = ptr == 8;
    uint32_t fixed = s->ptr8 ? 0x118 : 0x110;
    if ((uint32_t)0x48 + evlen > s->used || evlen < 0x20 + fixed)
        return -ps_error_set(s->err, PS_EINPUT, s->path, 0, 0,
                             "not a PerfMon binary log: log-file header event of %u bytes", evlen);
    s->version = blg_u32(h + 4);
    s->build = blg_u32(h + 8);
    s->nproc = blg_u32(h + 0x0C);
    s->log_mode = blg_u32(h + 0x20);
    s->buffers_written = blg_u32(h + 0x24);
    s->end_time = blg_u64(h + 0x10);
    uint32_t tzo = s->ptr8 ? 0x48 : 0x40;
    blg_tz_read(&s->tz, h + tzo);
    s->boot_time = blg_u64(h + tzo + 0xB0);
    s->perf_freq = blg_i64(h + tzo + 0xB8);
    s->start_time = blg_u64(h + tzo + 0xC0);
    return 0;
}

int blg_src_open(blg_src *s, const char *path, int lenient, ps_warnings *w, ps_error *err)
{
    memset(s, 0, sizeof *s);
    s->err = err;
    s->path = path;
    s->lenient = lenient;
    s->warn = w;
    s->fp = fopen(path, "rb");
    if (!s->fp)
        return ps_error_set(err, PS_EIO, path, 0, 0, "cannot open: %s", strerror(errno));
    struct stat st;
    if (fstat(fileno(s->fp), &st) != 0)
        return ps_error_set(err, PS_EIO, path, 0, 0, "cannot stat: %s", strerror(errno));
    s->fsize = (uint64_t)st.st_size;
    unsigned char head[0x6C];
    size_t n = fread(head, 1, sizeof head, s->fp);
    if (has_legacy_marker(head, n))
        return ps_error_set(err, PS_EINPUT, path, 0, 0,
                            "legacy PerfMon binary log \"(PDH-BIN 4.0)\" (Windows 2000/XP) is not supported; "
                            "convert it on Windows with: relog <file> -f bin -o <new>.blg (or -f csv)");
    if (n < sizeof head || !blg_probe_head(head, n))
        return ps_error_set(err, PS_EINPUT, path, 0, 0, "not a PerfMon binary log (no ETW buffer header)");
    s->bufsize = blg_u32(head);
    s->nbuf = s->fsize / s->bufsize;
    if (s->fsize % s->bufsize) {
        ps_warn(w,
                "%s: truncated file: size %llu is not a multiple of the buffer size %u; reading the whole "
                "samples only",
                path, (unsigned long long)s->fsize, s->bufsize);
        s->truncated = 1;
        s->nbuf++;
    }
    s->buf = ps_xmalloc(s->bufsize);
    int rc = load_buffer(s);
    if (rc < 0)
        return -rc;
    if (rc == 0)
        return ps_error_set(err, PS_EINPUT, path, 0, 0, "not a PerfMon binary log: no usable first buffer");
    rc = read_header(s);
    if (rc < 0)
        return -rc;
    if (!s->truncated && header_counts_more(s)) {
        ps_warn(w,
                "%s: truncated file: the log-file header counts %u buffers written, the file holds %llu of %u "
                "bytes; reading the samples present",
                path, s->buffers_written, (unsigned long long)(s->fsize / s->bufsize), s->bufsize);
        s->truncated = 1;
    }
    return blg_src_rewind(s, err);
}

int blg_src_rewind(blg_src *s, ps_error *err)
{
    (void)err;
    s->bufidx = 0;
    s->loaded = 0;
    s->rec_open = 0;
    s->last_time = 0;
    s->nevents = s->npdh = 0;
    ps_buf_reset(&s->rec);
    return PS_OK;
}

void blg_src_close(blg_src *s)
{
    blg_tz_fini(&s->tz);
    blg_src_clone_close(s);
}

int blg_src_clone(blg_src *d, const blg_src *s, ps_error *err)
{
    *d = *s;
    memset(&d->tz, 0, sizeof d->tz);
    memset(&d->rec, 0, sizeof d->rec);
    d->warn = NULL;
    d->buf = NULL;
    d->fp = fopen(s->path, "rb");
    if (!d->fp)
        return ps_error_set(err, PS_EIO, s->path, 0, 0, "cannot open for parallel reading: %s", strerror(errno));
    d->buf = ps_xmalloc(s->bufsize);
    blg_src_range(d, 0, s->nbuf);
    return PS_OK;
}

void blg_src_clone_close(blg_src *d)
{
    if (d->fp)
        fclose(d->fp);
    free(d->buf);
    ps_buf_fini(&d->rec);
    memset(d, 0, sizeof *d);
}

void blg_src_range(blg_src *d, uint64_t first, uint64_t end)
{
    blg_src_rewind(d, NULL);
    d->bufidx = first;
    d->ranged = 1;
    d->range_end = end;
    d->skip_cont = first > 0;
}

/* One PDH event payload: returns 1 when a record completed (in *r), 0 to go on, <0 error. */
static int add_part(blg_src *s, int type, uint64_t t, uint64_t off, const unsigned char *p, size_t n, blg_record *r)
{
    if (n < 24)
        return blg_corrupt(s, off, "PDH event of %zu payload bytes (less than its 24-byte prefix)", n);
    uint32_t part = blg_u32(p + 16), nparts = blg_u32(p + 20);
    const unsigned char *frag = p + 24;
    size_t flen = n - 24;
    if (part == 0 || nparts == 0 || part > nparts)
        return blg_corrupt(s, off, "record part %u of %u", part, nparts);
    if ((uint64_t)nparts * BLG_PART_MAX > BLG_MAX_RECORD || (uint64_t)nparts * 32 > s->fsize)
        return blg_corrupt(s, off, "record of %u parts is larger than the file allows", nparts);
    if (s->skip_cont && part > 1 && !s->rec_open)
        return 0; /* ranged: the rest of a record that the previous range reads */
    if (part == 1) {
        s->skip_cont = 0;
        if (s->rec_open) {
            s->ndropped++;
            s->rec_open = 0;
            int rc = blg_corrupt(s, s->rec_off, "record of type 0x%02x lost part %u of %u", s->rec_type, s->rec_next,
                                 s->rec_parts);
            if (rc)
                return rc;
        }
        ps_buf_reset(&s->rec);
        s->rec_type = type;
        s->rec_parts = nparts;
        s->rec_next = 1;
        memcpy(s->rec_guid, p, 16);
        s->rec_time = t;
        s->rec_off = off;
        s->rec_open = 1;
    } else if (!s->rec_open || s->rec_type != type || s->rec_parts != nparts || s->rec_next != part ||
               memcmp(s->rec_guid, p, 16) != 0) {
        int was_open = s->rec_open;
        s->rec_open = 0;
        s->ndropped += was_open;
        return blg_corrupt(s, off, "record part %u of %u out of order (expected part %u)", part, nparts,
                           was_open ? s->rec_next : 1);
    }
    if (s->rec.len + flen > BLG_MAX_RECORD) {
        s->rec_open = 0;
        return blg_corrupt(s, off, "record larger than %u bytes", BLG_MAX_RECORD);
    }
    ps_buf_put(&s->rec, frag, flen);
    s->rec_next = part + 1;
    if (part < nparts)
        return 0;
    s->rec_open = 0;
    r->type = s->rec_type;
    r->time = s->rec_time;
    r->data = (const unsigned char *)s->rec.data;
    r->len = s->rec.len;
    r->offset = s->rec_off;
    if (!r->data)
        r->data = (const unsigned char *)"";
    return 1;
}

int blg_src_next(blg_src *s, blg_record *r, ps_error *err)
{
    s->err = err;
    for (;;) {
        int more = s->loaded && s->off + 8 <= s->used;
        if (s->ranged && !s->rec_open && (more ? s->bufidx - 1 : s->bufidx) >= s->range_end)
            return 0; /* past the range, no record to finish */
        if (!more) {
            s->loaded = 0;
            int rc = load_buffer(s);
            if (rc < 0)
                return rc;
            if (rc == 0) {
                if (s->rec_open) {
                    ps_warn(s->warn,
                            "%s: incomplete record at the end (part %u of %u missing): dropped; the log "
                            "was probably still being written",
                            s->path, s->rec_next, s->rec_parts);
                    s->rec_open = 0;
                }
                return 0;
            }
        }
        uint64_t base = (s->bufidx - 1) * (uint64_t)s->bufsize;
        const unsigned char *e = s->buf + s->off;
        uint64_t eoff = base + s->off;
        int full_buffer = s->avail == s->bufsize || blg_u32(s->buf + 0x30) <= s->avail;
        if ((e[3] & 0xC0) != 0xC0) {
            int rc = blg_corrupt(s, eoff, "event marker 0x%02x is not an ETW event", e[3]);
            s->loaded = 0;
            if (rc)
                return rc;
            continue;
        }
        uint32_t len, ht = e[2];
        if (ht == 1 || ht == 2)
            len = blg_u16(e + 4);
        else if (ht == 0x0A || ht == 0x14)
            len = blg_u16(e);
        else {
            int rc = blg_corrupt(s, eoff, "unsupported ETW header type 0x%02x", ht);
            s->loaded = 0;
            if (rc)
                return rc;
            continue;
        }
        if (len < ((ht == 1 || ht == 2) ? 8u : 0x30u) || s->off + len > s->used) {
            s->loaded = 0;
            if (!full_buffer && s->off + len > s->used)
                continue; /* truncated last buffer: the rest is gone (warned at open) */
            int rc = blg_corrupt(s, eoff, "event of %u bytes does not fit its buffer", len);
            if (rc)
                return rc;
            continue;
        }
        s->off += (len + 7) & ~7u;
        if (ht == 1 || ht == 2)
            continue; /* system events (buffer 0 header) */
        s->nevents++;
        if (memcmp(e + 0x18, pdh_guid, 16) != 0)
            continue; /* another provider */
        s->npdh++;
        uint16_t ver = blg_u16(e + 6);
        if (ver != 60 && !s->warned_version) {
            ps_warn(s->warn, "%s: PDH event version %u (only 60 has been seen); decoding anyway", s->path, ver);
            s->warned_version = 1;
        }
        uint64_t t = blg_u64(e + 0x10);
        if (t < s->last_time && !s->warned_back) {
            ps_warn(s->warn, "%s: event time stamps go backwards at offset 0x%llx", s->path, (unsigned long long)eoff);
            s->warned_back = 1;
        }
        s->last_time = t;
        int rc = add_part(s, e[4], t, eoff, e + 0x30, len - 0x30, r);
        if (rc)
            return rc;
    }
}
