/* codepage.c - legacy code pages of text counter logs: which one a header was written in (a
 * documented heuristic, docs/readme/csv.md "Code page detection"), names for --encoding, and
 * the conversion to UTF-8 (glibc iconv).
 *
 * Windows writes PDH-CSV/TSV without a byte order mark in the system's ANSI code page (OEM for
 * console tools). Only the header holds non-ASCII text (counter names, the zone), so it alone
 * decides. The heuristic scores every candidate page on the header's bytes and keeps the best:
 *   - a byte (or byte pair) the page does not define rejects the page;
 *   - single-byte pages: each non-ASCII letter scores 1; a symbol, box-drawing or other
 *     non-letter scores -1; an upper-case letter right after a lower-case one in a word scores -1
 *     (wrong pages mix cases); a letter of another script than the page's scores 0.3; letters of
 *     minority languages of the page (Icelandic, rare graves) 0.5. Script rule: in Latin pages
 *     accented letters are a minority of a word (a word mostly of non-ASCII letters scores them
 *     x0.3), in Cyrillic and Greek pages words are wholly in the script (x0.5 when a word holds
 *     more ASCII letters than non-ASCII ones);
 *   - double-byte pages (932, 936, 949, 950) score per character, up to 2 (1 per byte, as the
 *     single-byte pages): kana in 932 (2; kanji 1.5); GB2312 level 1 (2) and level 2 (1) in 936;
 *     KS X 1001 Hangul in 949 (2.6 for a syllable without final consonant, 1.4 with one: Korean
 *     text has about half open syllables, a Chinese text read as Korean about a sixth), Hanja -0.5;
 *     Big5 common (2) and less common (1) characters in 950; characters outside those sets 0.2,
 *     punctuation 0, anything else -1.
 * Ties go to the earlier page of the candidate list (1252 first). */
#include "textenc.h"

#include <errno.h>
#include <iconv.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "ps_model.h"

#define DETECT_MAX 65536 /* header bytes looked at */

static const struct {
    enum ps_enc enc;
    const char *iconv; /* glibc iconv name */
    const char *aliases; /* accepted by --encoding besides ps_enc_name, '|'-separated */
} pages[] = {
    {PS_ENC_CP1252, "CP1252", "windows-1252|1252|latin1|iso-8859-1"},
    {PS_ENC_CP1251, "CP1251", "windows-1251|1251"},
    {PS_ENC_CP1250, "CP1250", "windows-1250|1250"},
    {PS_ENC_CP1254, "CP1254", "windows-1254|1254"},
    {PS_ENC_CP1253, "CP1253", "windows-1253|1253"},
    {PS_ENC_CP850, "CP850", "ibm850|850"},
    {PS_ENC_CP866, "CP866", "ibm866|866"},
    {PS_ENC_CP936, "CP936", "gbk|gb2312|936"},
    {PS_ENC_CP932, "CP932", "shift_jis|shift-jis|sjis|windows-31j|932"},
    {PS_ENC_CP949, "CP949", "uhc|euc-kr|ks_c_5601-1987|949"},
    {PS_ENC_CP950, "CP950", "big5|950"},
};
#define NPAGES (sizeof pages / sizeof pages[0])

enum script { SC_NONE = 0, SC_LATIN, SC_GREEK, SC_CYRILLIC };

static enum script page_script(enum ps_enc e)
{
    return e == PS_ENC_CP1251 || e == PS_ENC_CP866 ? SC_CYRILLIC : e == PS_ENC_CP1253 ? SC_GREEK : SC_LATIN;
}

static int is_double_byte(enum ps_enc e)
{
    return e == PS_ENC_CP932 || e == PS_ENC_CP936 || e == PS_ENC_CP949 || e == PS_ENC_CP950;
}

/* ------------------------------------------------------------------ conversion */

/* One iconv conversion of in[0..n) to out (UTF-8 or, with ucs4, UTF-32LE); a byte the page
 * does not define becomes U+FFFD. Returns the bytes written (out has room for 4 per input byte
 * plus 4). *bad counts the undefined bytes. */
static size_t convert(const char *code, int ucs4, const char *in, size_t n, char *out, size_t *bad)
{
    iconv_t cd = iconv_open(ucs4 ? "UTF-32LE" : "UTF-8", code);
    *bad = 0;
    if (cd == (iconv_t)-1) {
        *bad = n;
        return 0;
    }
    char *ip = (char *)in, *op = out;
    size_t il = n, ol = n * 4 + 4;
    while (il > 0) {
        if (iconv(cd, &ip, &il, &op, &ol) != (size_t)-1)
            break;
        if (errno != EILSEQ && errno != EINVAL)
            break;
        ip++, il--; /* undefined or cut-off sequence: U+FFFD, go on after its first byte */
        (*bad)++;
        static const char rep8[] = "\xEF\xBF\xBD", rep32[] = "\xFD\xFF\x00\x00";
        memcpy(op, ucs4 ? rep32 : rep8, ucs4 ? 4 : 3);
        op += ucs4 ? 4 : 3;
        ol -= ucs4 ? 4 : 3;
    }
    iconv(cd, NULL, NULL, &op, &ol);
    iconv_close(cd);
    return (size_t)(op - out);
}

static const char *iconv_name(enum ps_enc e)
{
    for (size_t i = 0; i < NPAGES; i++)
        if (pages[i].enc == e)
            return pages[i].iconv;
    return NULL;
}

char *ps_enc_to_utf8(const char *s, size_t n, enum ps_enc e, size_t *len)
{
    const char *code = iconv_name(e);
    char *out = ps_xmalloc(n * 4 + 5);
    size_t k, bad;
    if (code) {
        k = convert(code, 0, s, n, out, &bad);
    } else {
        memcpy(out, s, n);
        k = n;
    }
    out[k] = 0;
    if (len)
        *len = k;
    return out;
}

/* ------------------------------------------------------------------ names */

int ps_enc_lookup(const char *name, enum ps_enc *out)
{
    if (!name)
        return -1;
    if (!strcasecmp(name, "utf-8") || !strcasecmp(name, "utf8") || !strcasecmp(name, "ascii")) {
        *out = PS_ENC_UTF8;
        return 0;
    }
    for (size_t i = 0; i < NPAGES; i++) {
        if (!strcasecmp(name, ps_enc_name(pages[i].enc))) {
            *out = pages[i].enc;
            return 0;
        }
        size_t nl = strlen(name);
        for (const char *a = pages[i].aliases; *a;) {
            const char *bar = strchr(a, '|');
            size_t al = bar ? (size_t)(bar - a) : strlen(a);
            if (al == nl && !strncasecmp(a, name, nl)) {
                *out = pages[i].enc;
                return 0;
            }
            a += al + (bar != NULL);
        }
    }
    return -1;
}

int ps_log_encoding_known(const char *name)
{
    enum ps_enc e;
    return ps_enc_lookup(name, &e) == 0;
}

/* ------------------------------------------------------------------ detection */

enum { CL_OTHER = 0, CL_LOWER, CL_UPPER };

static int ascii_alpha(unsigned c)
{
    return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
}

/* Letter case and script of a code point (only the blocks the candidate pages use). */
static int letter(uint32_t u, enum script *sc)
{
    *sc = SC_LATIN;
    if (u < 0x80)
        return (u | 0x20) >= 'a' && (u | 0x20) <= 'z' ? (u >= 'a' ? CL_LOWER : CL_UPPER) : CL_OTHER;
    if (u >= 0xC0 && u <= 0xFF && u != 0xD7 && u != 0xF7)
        return u <= 0xDE ? CL_UPPER : CL_LOWER;
    if (u >= 0x100 && u <= 0x17F) { /* Latin Extended-A: pairs, shifted in 0x139..0x148 and 0x179..0x17E */
        if (u == 0x138 || u == 0x149 || u == 0x17F)
            return CL_LOWER;
        if (u == 0x178)
            return CL_UPPER;
        int odd_upper = (u >= 0x139 && u <= 0x148) || (u >= 0x179 && u <= 0x17E);
        return (u & 1) == (unsigned)odd_upper ? CL_UPPER : CL_LOWER;
    }
    if (u == 0x192)
        return CL_OTHER; /* florin sign */
    *sc = SC_GREEK;
    if (u >= 0x386 && u <= 0x3AB && u != 0x387)
        return CL_UPPER;
    if (u >= 0x3AC && u <= 0x3CE)
        return CL_LOWER;
    *sc = SC_CYRILLIC;
    if ((u >= 0x400 && u <= 0x42F) || u == 0x490)
        return CL_UPPER;
    if ((u >= 0x430 && u <= 0x45F) || u == 0x491)
        return CL_LOWER;
    *sc = SC_NONE;
    return CL_OTHER;
}

/* Letters of minority languages of a page: Latin: Icelandic eth/thorn/y-acute and rare
 * capitals; Cyrillic: the letters beyond Russian's (Serbian, Macedonian, Ukrainian, ...). */
static int rare_letter(enum script sc, uint32_t u)
{
    static const uint16_t rare[] = {0xD0, 0xF0, 0xDE, 0xFE, 0xDD, 0xFD, 0xC8, 0xCC, 0xD2, 0xD9, 0xCF, 0xD5, 0xC3};
    if (sc == SC_CYRILLIC)
        return ((u >= 0x400 && u <= 0x40F) || (u >= 0x450 && u <= 0x45F) || u == 0x490 || u == 0x491) && u != 0x401 &&
               u != 0x451;
    for (size_t i = 0; i < sizeof rare / sizeof rare[0]; i++)
        if (sc == SC_LATIN && rare[i] == u)
            return 1;
    return 0;
}

/* Code points of bytes 0x80..0xFF of a single-byte page (0xFFFD: undefined), made once. */
static uint32_t sb_table[NPAGES][128];
static pthread_once_t sb_once = PTHREAD_ONCE_INIT;

static void sb_init(void)
{
    for (size_t p = 0; p < NPAGES; p++) {
        if (is_double_byte(pages[p].enc))
            continue;
        for (int b = 0; b < 128; b++) {
            char in = (char)(b + 0x80), out[12];
            size_t bad;
            uint32_t u = 0xFFFD;
            if (convert(pages[p].iconv, 1, &in, 1, out, &bad) == 4 && !bad)
                u = (uint32_t)(unsigned char)out[0] | (uint32_t)(unsigned char)out[1] << 8 |
                    (uint32_t)(unsigned char)out[2] << 16;
            sb_table[p][b] = u;
        }
    }
}

#define REJECT (-1e300)

static double score_single(size_t pi, const unsigned char *s, size_t n)
{
    enum script want = page_script(pages[pi].enc);
    double score = 0;
    size_t i = 0;
    while (i < n) {
        /* one word: a run of ASCII letters and non-ASCII bytes */
        size_t w0 = i, ascii = 0, high = 0;
        enum script sc;
        while (i < n && (s[i] >= 0x80 || letter(s[i], &sc) != CL_OTHER)) {
            if (s[i] >= 0x80)
                high++;
            else
                ascii++;
            i++;
        }
        int prev = CL_OTHER;
        for (size_t k = w0; k < i; k++) {
            uint32_t u = s[k] < 0x80 ? s[k] : sb_table[pi][s[k] - 0x80];
            if (u == 0xFFFD || (u >= 0x80 && u < 0xA0))
                return REJECT; /* undefined byte or C1 control */
            int cl = letter(u, &sc);
            if (s[k] >= 0x80) {
                double w;
                if (u == 0xA0)
                    w = 0;
                else if (cl == CL_OTHER)
                    w = -1;
                else if (cl == CL_UPPER && prev == CL_LOWER)
                    w = -1;
                else {
                    w = sc != want ? 0.3 : rare_letter(want, u) ? 0.5 : 1;
                    if (want == SC_LATIN && high > ascii)
                        w *= 0.3;
                    else if (want != SC_LATIN && ascii > 0)
                        w *= ascii > high ? -0.5 : 0.3;
                }
                score += w;
            }
            prev = cl;
        }
        while (i < n && s[i] < 0x80 && letter(s[i], &sc) == CL_OTHER)
            i++;
    }
    return score;
}

static double char_weight(enum ps_enc e, uint32_t u, unsigned b1, unsigned b2)
{
    int ideo = u >= 0x4E00 && u <= 0x9FFF, punct = (u >= 0x3000 && u <= 0x303F) || (u >= 0xFF00 && u <= 0xFF60);
    if (punct)
        return 0;
    switch (e) {
    case PS_ENC_CP932:
        if (u >= 0x3040 && u <= 0x30FF)
            return 2;
        if (ideo)
            return 1.5;
        return u >= 0xFF61 && u <= 0xFF9F ? 0.5 : -1;
    case PS_ENC_CP936:
        if (ideo && b2 >= 0xA1)
            return b1 >= 0xB0 && b1 <= 0xD7 ? 2 : b1 >= 0xD8 && b1 <= 0xF7 ? 1 : 0.2;
        return ideo ? 0.2 : -1;
    case PS_ENC_CP949:
        if (u >= 0xAC00 && u <= 0xD7A3) {
            double base = b1 >= 0xB0 && b1 <= 0xC8 && b2 >= 0xA1 ? 1 : 0.5;
            return base * ((u - 0xAC00) % 28 == 0 ? 2.6 : 1.4);
        }
        return ideo ? -0.5 : -1;
    case PS_ENC_CP950:
        if (ideo)
            return b1 >= 0xA4 && b1 <= 0xC6 ? 2 : b1 >= 0xC9 && b1 <= 0xF9 ? 1 : 0.2;
        return -1;
    default: return -1;
    }
}

static double score_double(size_t pi, const unsigned char *s, size_t n)
{
    enum ps_enc e = pages[pi].enc;
    iconv_t cd = iconv_open("UTF-32LE", pages[pi].iconv);
    if (cd == (iconv_t)-1)
        return REJECT;
    double score = 0;
    for (size_t i = 0; i < n;) {
        unsigned b1 = s[i];
        if (b1 < 0x80) {
            i++;
            continue;
        }
        int two =
            e == PS_ENC_CP932 ? (b1 >= 0x81 && b1 <= 0x9F) || (b1 >= 0xE0 && b1 <= 0xFC) : b1 >= 0x81 && b1 <= 0xFE;
        size_t len = two ? 2 : 1;
        if (i + len > n)
            break; /* cut at DETECT_MAX */
        char out[16], *ip = (char *)s + i, *op = out;
        size_t il = len, ol = sizeof out;
        if (iconv(cd, &ip, &il, &op, &ol) == (size_t)-1 || op - out != 4) {
            iconv_close(cd);
            return REJECT;
        }
        uint32_t u = (uint32_t)(unsigned char)out[0] | (uint32_t)(unsigned char)out[1] << 8 |
                     (uint32_t)(unsigned char)out[2] << 16;
        /* CJK text is not glued into Latin words: a character between ASCII letters is a
         * Latin accented letter read wrongly ("M\xE9moire" is no kanji) */
        int before = i > 0 && ascii_alpha(s[i - 1]), after = i + len < n && ascii_alpha(s[i + len]);
        double w = char_weight(e, u, b1, two ? s[i + 1] : 0);
        score += before && after ? -1 : before || after ? (w > 0 ? w * 0.5 : w) : w;
        i += len;
    }
    iconv_close(cd);
    return score;
}

enum ps_enc ps_enc_detect(const unsigned char *p, size_t n)
{
    if (n > DETECT_MAX)
        n = DETECT_MAX; /* may cut a character: a double-byte page is then judged on less */
    size_t i = 0;
    while (i < n && p[i] < 0x80)
        i++;
    if (i == n)
        return PS_ENC_ASCII;
    if (ps_utf8_invalid_at(p, n) == n)
        return PS_ENC_UTF8;
    pthread_once(&sb_once, sb_init);
    enum ps_enc best = PS_ENC_CP850; /* defines every byte: the last resort */
    double best_score = REJECT;
    for (size_t k = 0; k < NPAGES; k++) {
        double sc = is_double_byte(pages[k].enc) ? score_double(k, p, n) : score_single(k, p, n);
        if (sc > best_score) {
            best_score = sc;
            best = pages[k].enc;
        }
    }
    return best;
}
