/* ps_io.h - the libraries' file reading: whole files into a buffer, SHA-256 of files, counter
 * filter files. The model does no I/O; the parser, the renderers (templates, images, fonts,
 * the documents' file digests), the store and the CLI read files through these.
 * (Shared libraries loaded at first use: dl/ps_dl.h, the other header of this library.)
 *
 * Library code: nothing is printed; errors come back as codes or ps_error records.
 */
#ifndef PS_IO_H
#define PS_IO_H

#include "ps_core.h"

#include <stdint.h>

/* ===================================================================== 1. whole files */

/* Append the whole file at path to b, at most max bytes (every user-named file has a cap;
 * /dev/zero or an endless pipe stops at it; 0 only for tests): PS_READ_ETOOBIG once b would hold more. A
 * regular file larger than max is refused from its size before reading. The file is noted as
 * an input (ps_input_note) once opened: no output of the process replaces it.
 * Returns PS_READ_OK or what failed, with errno as the failing call left it (EISDIR for a
 * directory); b keeps what was read (the caller frees it). The caller words the error. */
enum { PS_READ_OK = 0, PS_READ_EOPEN, PS_READ_EISDIR, PS_READ_EREAD, PS_READ_ETOOBIG };
int ps_buf_read_file(ps_buf *b, const char *path, size_t max);

/* Files read as input by this process (hardening): readers note every regular file they read
 * (ps_log_open, the Jetstress readers, ps_buf_read_file); ps_outfile_open refuses to replace a
 * noted file, so an output never overwrites an input that a command found by itself (inside a
 * RUN folder). Identity is device + inode (other spellings, hard and symbolic links match),
 * found with stat() here in the I/O library: the model does no I/O. Call from one thread
 * (readers open files on the calling thread); the list lives until the process ends.
 * ps_input_noted: 1 when path names a noted file. The path "-" names the file behind standard
 * input (fd 0) when it is a regular file (`summary - -o LOG < LOG`). */
void ps_input_note(const char *path);
int ps_input_noted(const char *path);

/* ===================================================================== 2. SHA-256 */

typedef struct ps_sha256 {
    uint32_t h[8];
    uint64_t len;
    unsigned char buf[64];
    size_t nbuf;
} ps_sha256;
void ps_sha256_init(ps_sha256 *s);
void ps_sha256_update(ps_sha256 *s, const void *p, size_t n);
/* 64 lower-case hex digits and a NUL into hex[65]. */
void ps_sha256_final(ps_sha256 *s, char hex[65]);
/* Digest and size of a whole file, read in blocks. PS_EIO (err names path) when unreadable. */
int ps_sha256_file(const char *path, char hex[65], uint64_t *size, ps_error *err);

/* ===================================================================== 3. counter filter files */

/* Largest counter file read (--counter-file): relog's lists are a few KiB. */
#define PS_FILTER_FILE_MAX (8u * 1024u * 1024u)
/* Add one pattern per line of a file (blank lines and lines starting with '#' skipped;
 * like relog -cf). PS_EIO when unreadable, PS_EINPUT "counter file larger than 8 MiB" and
 * "FILE:LINE:COL: NUL byte: not a text file", PS_EUSAGE with FILE:LINE on a bad pattern.
 * The file is noted as an input (ps_input_note). */
int ps_filter_add_file(ps_filter *f, const char *file, ps_error *err);

#endif
