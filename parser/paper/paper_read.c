/* paper_read.c - ESRP white-paper text read from a file or memory: the file sniffed (PDF, HTML
 * or text), UTF-16 decoded, NUL and invalid UTF-8 bytes replaced, and the text cut into lines
 * for the line reader (paper.c). */
#include "ps_parser.h"
#include "paper_internal.h"
#include "textfile.h"
#include "paper_text.h"
#include "ps_paper_pdf.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Replace NUL bytes and invalid UTF-8 by spaces, in place; returns the count. */
static size_t sanitize(unsigned char *s, size_t n)
{
    size_t bad = 0, i = 0;
    while (i < n) {
        unsigned c = s[i];
        size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        int ok = len && i + len <= n;
        for (size_t k = 1; ok && k < len; k++)
            ok = (s[i + k] & 0xC0) == 0x80;
        if (ok && len == 2 && c < 0xC2)
            ok = 0;
        if (ok && len == 3) {
            unsigned cp = ((c & 0x0F) << 12) | ((s[i + 1] & 0x3F) << 6) | (s[i + 2] & 0x3F);
            ok = cp >= 0x800 && (cp < 0xD800 || cp > 0xDFFF);
        }
        if (ok && len == 4) {
            unsigned cp = ((c & 0x07) << 18) | ((s[i + 1] & 0x3F) << 12) | ((s[i + 2] & 0x3F) << 6) | (s[i + 3] & 0x3F);
            ok = cp >= 0x10000 && cp <= 0x10FFFF;
        }
        if (!ok || c == 0) {
            s[i++] = ' ';
            bad++;
            continue;
        }
        i += len;
    }
    return bad;
}

int ps_paper_parse(const char *name, const char *text, size_t len, ps_paper **out, ps_warnings *w, ps_error *err)
{
    *out = NULL;
    if (len > PS_PAPER_MAX_BYTES)
        return ps_error_set(err, PS_EINPUT, name, 0, 0, "paper text larger than %u MiB", PS_PAPER_MAX_BYTES >> 20);
    rd r = {0};
    int rc = paper_patterns_init(&r.pp, err);
    if (rc)
        return rc;
    size_t n16 = 0;
    int odd = 0;
    unsigned char *buf = (unsigned char *)paper_utf16((const unsigned char *)text, len, &n16, &odd);
    if (buf) {
        len = n16;
        if (odd)
            ps_warn(w, "%s: UTF-16 text of an odd number of bytes: the last byte (half a character) ignored", name);
    } else {
        buf = ps_xmalloc(len + 1);
        memcpy(buf, text, len);
        buf[len] = 0;
    }
    size_t start = 0;
    if (len >= 3 && buf[0] == 0xEF && buf[1] == 0xBB && buf[2] == 0xBF)
        start = 3;
    ps_paper *p = ps_xcalloc(1, sizeof *p);
    p->source = ps_xstrdup(name);
    p->sanitized_bytes = sanitize(buf + start, len - start);
    if (p->sanitized_bytes)
        ps_warn(w, "%s: %zu NUL or invalid UTF-8 bytes replaced by spaces", name, p->sanitized_bytes);
    len = start + paper_fold_spaces(buf + start, len - start);
    r.p = p;
    r.w = w;
    r.cur_report = -1;
    r.cur_table = -1;
    r.ev = ps_xmalloc(PP_MAX_EVENTS_PER_LINE * sizeof *r.ev);
    r.text = (const char *)buf;
    r.text_len = len;
    long line = 1;
    size_t i = start;
    while (i < len) {
        size_t j = i;
        while (j < len && buf[j] != '\n' && buf[j] != '\f')
            j++;
        size_t e = j;
        if (e > i && buf[e - 1] == '\r')
            e--;
        r.line_off = i;
        paper_do_line(&r, (const char *)buf + i, e - i, line);
        if (j < len && buf[j] == '\n')
            line++;
        i = j + 1;
    }
    free(r.ev);
    free(r.inst_who);
    free(r.wrap_prev);
    paper_cells_fini(&r);
    paper_patterns_fini(&r.pp);
    free(buf);
    *out = p;
    return 0;
}

int ps_paper_read(const char *path, ps_paper **out, ps_warnings *w, ps_error *err)
{
    *out = NULL;
    struct stat st;
    if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && (uintmax_t)st.st_size > PS_PAPER_MAX_BYTES)
        /* refused before reading a byte (a pipe still stops at the cap inside ps_text_slurp) */
        return ps_error_set(err, PS_EINPUT, path, 0, 0, "paper text larger than %u MiB", PS_PAPER_MAX_BYTES >> 20);
    char *data = NULL;
    size_t len = 0;
    int rc = ps_text_slurp(path, PS_PAPER_MAX_BYTES, &data, &len, err); /* parser-wide file reader */
    if (!rc && len == 0)
        rc = ps_error_set(err, PS_EINPUT, path, 0, 0, "empty paper text");
    if (!rc && ps_paper_is_pdf((const unsigned char *)data, len)) /* the paper sniffer: content, not name */
        rc = ps_paper_parse_pdf(path, data, len, out, w, err);
    else if (!rc && ps_paper_is_html((const unsigned char *)data, len)) /* as a browser shows it */
        rc = ps_paper_parse_html(path, data, len, out, w, err);
    else if (!rc)
        rc = ps_paper_parse(path, data, len, out, w, err);
    free(data);
    return rc;
}
