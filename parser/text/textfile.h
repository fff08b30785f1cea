/* textfile.h - private to parser/: files read whole under a size cap
 * (threshold files, PAL XML, solution files; Jetstress reports and papers). (textfile.c) */
#ifndef PS_TEXTFILE_H
#define PS_TEXTFILE_H

#include <stddef.h>

#include "ps_model.h"

/* Largest configuration file read (a PAL threshold file is < 1 MiB) and longest line. */
#define PS_TEXT_MAX_BYTES (8u * 1024u * 1024u)
#define PS_TEXT_MAX_LINE 65536u

/* Read the file at path whole into b (appended; the caller frees b) when it is at most
 * PS_TEXT_MAX_BYTES: a larger regular file is refused from its size before reading, a larger
 * stream once the cap is passed. The file is noted as an input (ps_input_note) so that no output
 * replaces it. Errors: PS_EIO "cannot open: REASON" / "is a directory" / "read error: REASON",
 * PS_EINPUT "file larger than 8 MiB". */
int ps_text_read(const char *path, ps_buf *b, ps_error *err);

/* Read the file at path whole (at most max bytes) into *data (NUL-terminated, newly allocated,
 * the caller frees it), its length in *len; noted as an input like ps_text_read. Errors:
 * PS_EIO "cannot open: REASON" / "is a directory" / "read error", PS_EINPUT "file larger than
 * N MiB" (*data NULL, *len 0). */
int ps_text_slurp(const char *path, size_t max, char **data, size_t *len, ps_error *err);

/* Check the line of text (len bytes, no line end) that starts at byte `at` of line `lineno`:
 * a NUL byte gives "NAME:LINE:COL: NUL byte: not a text file", a line longer than
 * PS_TEXT_MAX_LINE "NAME:LINE:65537: line longer than 65536 bytes" (PS_EINPUT). 0 when fine. */
int ps_text_line_check(const char *name, const char *line, size_t len, long lineno, ps_error *err);

/* 1 when data[0..len) is XML by content: its first character that is not white space is '<',
 * after a UTF-8 byte order mark or in UTF-16 (LE or BE) after its byte order mark (libxml2
 * reads all three). The one test of "a PAL XML, not a text format" (thresholds, rules). */
int ps_text_is_xml(const char *data, size_t len);
/* 1 when data starts with a UTF-16 byte order mark (text that byte searches cannot read). */
int ps_text_is_utf16(const char *data, size_t len);

#endif
