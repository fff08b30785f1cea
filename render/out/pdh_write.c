/* pdh_write.c - relog-compatible PDH-CSV / PDH-TSV writer (see ps_render.h section 4). */
#include "ps_render.h"
#include "ps_numfmt.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

void ps_pdh_style_init(ps_pdh_style *s, enum ps_format fmt)
{
    s->sep = fmt == PS_FMT_TSV ? '\t' : ',';
    s->tag = fmt == PS_FMT_TSV ? "PDH-TSV 4.0" : "PDH-CSV 4.0";
    s->eol = "\r\n";
    s->digits = 17;
}

static void quoted(ps_buf *b, const char *s)
{
    ps_buf_putc(b, '"');
    for (const char *q; (q = strchr(s, '"')); s = q + 1) {
        ps_buf_put(b, s, (size_t)(q - s + 1));
        ps_buf_putc(b, '"');
    }
    ps_buf_puts(b, s);
    ps_buf_putc(b, '"');
}

void ps_pdh_write_header(ps_buf *b, const ps_pdh_style *s, const char *zone, int has_bias, int bias,
                         const char *const *cells, size_t n)
{
    ps_buf_printf(b, "\"(%s)", s->tag);
    if (zone) {
        ps_buf_printf(b, " (%s)", zone);
        if (has_bias)
            ps_buf_printf(b, "(%d)", bias);
    }
    ps_buf_putc(b, '"');
    for (size_t i = 0; i < n; i++) {
        ps_buf_putc(b, s->sep);
        quoted(b, cells[i] ? cells[i] : "");
    }
    ps_buf_puts(b, s->eol);
}

const char *ps_pdh_fmt_value(char *out, size_t n, double v, int digits)
{
    char tmp[PS_FMT_G_MAX];
    if (!isfinite(v))
        snprintf(tmp, sizeof tmp, " ");
    else
        ps_fmt_g(tmp, v == 0 ? 0 : v, digits); /* -0 -> 0 */
    snprintf(out, n, "%s", tmp);
    return out;
}

/* Bytes a row may take besides its cells (quoted time stamp, line end) and per cell
 * (separator, two quotes, the number). */
#define ROW_FIXED_BYTES 64
#define CELL_MAX_BYTES (PS_FMT_G_MAX + 3)

void ps_pdh_write_row(ps_buf *b, const ps_pdh_style *s, ps_time local, const double *v, size_t n)
{
    size_t eol = strlen(s->eol);
    char *st = ps_buf_room(b, ROW_FIXED_BYTES + eol + n * CELL_MAX_BYTES), *p = st; /* written in place */
    *p++ = '"';
    ps_time_format_pdh(p, 40, local);
    p += strlen(p);
    *p++ = '"';
    for (size_t i = 0; i < n; i++) {
        *p++ = s->sep;
        *p++ = '"';
        if (isfinite(v[i]))
            p += ps_fmt_g(p, v[i] == 0 ? 0 : v[i], s->digits); /* -0 -> 0 */
        else
            *p++ = ' ';
        *p++ = '"';
    }
    memcpy(p, s->eol, eol);
    p += eol;
    *p = 0;
    b->len += (size_t)(p - st);
}
