/* paper_text.c - paper text before its lines are read: UTF-16 decoded, non-ASCII spaces
 * folded (paper_text.h). */
#include "paper_text.h"
#include "textenc.h"

#include <string.h>

/* Parse the first token of s[0..n) as a printed number. Returns 1 with value/decimals/text span,
 * 0 when absent: empty, "(n/a)", garbage, or a number cut off by the transcription ("0." at the
 * end of the line). at_eol: the region ends at the end of the line. */
int paper_take_number(const char *s, size_t n, int at_eol, double *v, int *dec, size_t *ts, size_t *tl)
{
    size_t i = 0;
    while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == ':' || s[i] == '='))
        i++;
    if (i + 3 <= n && (unsigned char)s[i] == 0xEF && (unsigned char)s[i + 1] == 0xBC &&
        (unsigned char)s[i + 2] == 0x9A) /* fullwidth colon */
        i += 3;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    /* one filler word between a label and its number in prose ("... I/O 為 168", "... is 250") */
    static const char *const filler[] = {"\xE7\x82\xBA", "\xE7\xB4\x84", "is ", "of ", "was "};
    for (size_t f = 0; f < sizeof filler / sizeof filler[0]; f++) {
        size_t fl = strlen(filler[f]);
        if (n - i > fl && strncmp(s + i, filler[f], fl) == 0) {
            i += fl;
            while (i < n && (s[i] == ' ' || s[i] == '\t'))
                i++;
            break;
        }
    }
    size_t b = i;
    char tmp[64];
    size_t k = 0;
    if (i + 1 < n && s[i] == '.' && s[i + 1] >= '0' && s[i + 1] <= '9') {
        /* ".084": the leading zero left out */
        tmp[k++] = '0';
        tmp[k++] = s[i++];
        int d = 0;
        while (i < n && s[i] >= '0' && s[i] <= '9') {
            if (k >= sizeof tmp - 1)
                return 0;
            tmp[k++] = s[i++];
            d++;
        }
        if (i < n &&
            ((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z') || s[i] == '_' || s[i] == '.' || s[i] == ','))
            return 0;
        tmp[k] = 0;
        if (ps_parse_double(tmp, k, v) != 0)
            return 0;
        *dec = d;
        *ts = b;
        *tl = i - b;
        return 1;
    }
    /* integer part: digits with ',' between groups; a group after a comma of other than three
     * digits, or a leading "0," makes the (single) comma a decimal comma ("0,20" = 0.20) */
    size_t ncomma = 0, group = 0, first_group = 0;
    int odd_group = 0;
    while (i < n && ((s[i] >= '0' && s[i] <= '9') ||
                     (s[i] == ',' && i > b && i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '9'))) {
        if (s[i] == ',') {
            if (ncomma++ == 0)
                first_group = group;
            else if (group != 3)
                odd_group = 1;
            group = 0;
        } else {
            if (k >= sizeof tmp - 1)
                return 0; /* longer than any real figure: not a number (never cut short) */
            tmp[k++] = s[i];
            group++;
        }
        i++;
    }
    if (k == 0)
        return 0;
    if (ncomma == 0 && k <= 2 && tmp[0] != '0') {
        /* "1 500", "12 000": one space between groups of three digits after a first group of one
         * or two; "500 500 500" is a list, not 500500500 */
        size_t j = i, ng = 0;
        while (j + 3 < n && s[j] == ' ' && s[j + 1] >= '0' && s[j + 1] <= '9' && s[j + 2] >= '0' && s[j + 2] <= '9' &&
               s[j + 3] >= '0' && s[j + 3] <= '9' && (j + 4 >= n || s[j + 4] < '0' || s[j + 4] > '9'))
            j += 4, ng++;
        int more = j + 1 < n && s[j] == ' ' && s[j + 1] >= '0' && s[j + 1] <= '9';
        if (ng && !more && !(j < n && s[j] == ',') && k + 3 * ng < sizeof tmp - 1) {
            for (size_t q = i; q < j; q++)
                if (s[q] != ' ')
                    tmp[k++] = s[q];
            i = j;
        }
    }
    int d = 0;
    int decimal_comma = ncomma == 1 && (group != 3 || (first_group == 1 && tmp[0] == '0'));
    if (ncomma && !decimal_comma && (odd_group || group != 3 || first_group > 3 || tmp[0] == '0'))
        return 0; /* "1,23,4567": neither thousands groups nor one decimal comma: unreadable */
    if (decimal_comma) {
        if ((i < n && (s[i] == '.' || s[i] == ',')) || k >= sizeof tmp - 1)
            return 0; /* "0,20.5": unreadable */
        memmove(tmp + first_group + 1, tmp + first_group, k - first_group);
        tmp[first_group] = '.';
        k++;
        d = (int)group;
    } else if (i + 1 < n && s[i] == '.' && s[i + 1] >= '0' && s[i + 1] <= '9') {
        if (k >= sizeof tmp - 2)
            return 0;
        tmp[k++] = s[i++];
        while (i < n && s[i] >= '0' && s[i] <= '9') {
            if (k >= sizeof tmp - 1)
                return 0;
            tmp[k++] = s[i++];
            d++;
        }
        if (i + 1 < n && (s[i] == ',' || s[i] == '.') && s[i + 1] >= '0' && s[i + 1] <= '9')
            return 0; /* "1.234,56" (a decimal comma after dot groups): unreadable, never misread */
    } else if (i < n && s[i] == '.') {
        size_t j = i + 1;
        while (j < n && (s[j] == ' ' || s[j] == '\t'))
            j++;
        if (j == n && at_eol)
            return 0; /* "0." at the end of a line: the digits were lost */
    }
    if (i < n && ((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z') || s[i] == '_'))
        return 0; /* "12abc": garbage */
    tmp[k] = 0;
    if (ps_parse_double(tmp, k, v) != 0)
        return 0;
    *dec = d;
    *ts = b;
    *tl = i - b;
    return 1;
}

/* UTF-16 paper text (a BOM, or none and NUL high bytes as Notepad's "Unicode" writes) to
 * UTF-8 with the project's decoder; NULL when the text is not UTF-16. *odd: a last lone byte. */
char *paper_utf16(const unsigned char *p, size_t n, size_t *outlen, int *odd)
{
    size_t bom = 0;
    int enc = ps_enc_bom(p, n, &bom);
    if (enc != PS_ENC_UTF16LE && enc != PS_ENC_UTF16BE) {
        if (n < 4 || !((p[0] && !p[1] && p[2] && !p[3]) || (!p[0] && p[1] && !p[2] && p[3])))
            return NULL;
        enc = p[0] ? PS_ENC_UTF16LE : PS_ENC_UTF16BE;
        bom = 0;
    }
    size_t cap = (n - bom) / 2 * 3 + 8, used = 0;
    char *out = ps_xmalloc(cap + 1);
    *outlen = ps_utf16_to_utf8(p + bom, n - bom, enc == PS_ENC_UTF16BE, 1, out, cap, &used);
    out[*outlen] = 0;
    *odd = (n - bom) % 2 != 0;
    return out;
}

/* Spaces that are not ASCII: a no-break space (U+00A0), figure space (U+2007) or narrow no-break
 * space (U+202F) between a digit and a group of three digits is a thousands separator (','),
 * elsewhere a space. */
size_t paper_fold_spaces(unsigned char *s, size_t n)
{
    size_t o = 0;
    for (size_t i = 0; i < n;) {
        size_t w = i + 1 < n && s[i] == 0xC2 && s[i + 1] == 0xA0                                             ? 2
                   : i + 2 < n && s[i] == 0xE2 && s[i + 1] == 0x80 && (s[i + 2] == 0x87 || s[i + 2] == 0xAF) ? 3
                                                                                                             : 0;
        if (!w) {
            s[o++] = s[i++];
            continue;
        }
        size_t digits = 0;
        while (i + w + digits < n && s[i + w + digits] >= '0' && s[i + w + digits] <= '9')
            digits++;
        s[o] = o > 0 && s[o - 1] >= '0' && s[o - 1] <= '9' && digits == 3 ? ',' : ' ';
        o++;
        i += w;
    }
    s[o] = 0;
    return o;
}
