/* pdh_csv_internal.h - private to parser/: line source of the PDH-CSV/TSV reader. */
#ifndef PS_PDH_CSV_INTERNAL_H
#define PS_PDH_CSV_INTERNAL_H

#include <stdint.h>
#include <stdio.h>

#include "ps_model.h"
#include "textenc_internal.h"

#define PS_LINES_CHUNK ((size_t)1 << 20)    /* bytes per read */
#define PS_LINES_MAX ((size_t)64 << 20)     /* longest accepted line */

/* Streaming line reader: fixed read size, buffer grows only to the longest line (capped at
 * PS_LINES_MAX). UTF-16 input is converted to UTF-8 while reading; other input is passed
 * through as bytes. Lines are returned without "\n" / "\r\n" and may be modified in place. */
typedef struct ps_lines {
    FILE *fp;
    const char *path;
    int utf16, be;            /* input is UTF-16 (big endian when be) */
    int bom;                  /* encoding announced by a BOM (-1 none) */
    char *buf;
    size_t cap, start, len, scan;
    unsigned char *raw;       /* UTF-16: undecoded input */
    size_t rawoff, rawlen;
    int eof;
    uint64_t raw_read;        /* bytes read from the file */
    long line;                /* number of the last line returned */
} ps_lines;

/* Open path, read the first chunk and its byte order mark. PS_EIO on failure. */
int ps_lines_open(ps_lines *l, const char *path, ps_error *err);
/* Next line into *line / *n. Returns 1, 0 at end of input, or -PS_EIO / -PS_EINPUT (line
 * too long) with err filled. */
int ps_lines_next(ps_lines *l, char **line, size_t *n, ps_error *err);
/* Bytes of the file consumed by the lines returned so far (approximate for UTF-16). */
uint64_t ps_lines_consumed(const ps_lines *l);
void ps_lines_close(ps_lines *l);

#endif
