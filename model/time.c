/* time.c - timezone-independent civil time <-> milliseconds, PDH/ISO/relog parsing. */
#include "ps_model.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

/* Howard Hinnant's days_from_civil / civil_from_days. */
static int64_t days_from_civil(int64_t y, unsigned m, unsigned d)
{
    y -= m <= 2;
    const int64_t era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = (unsigned)(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + (int64_t)doe - 719468;
}

static void civil_from_days(int64_t z, int *y, int *m, int *d)
{
    z += 719468;
    const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const unsigned doe = (unsigned)(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const int64_t yy = (int64_t)yoe + era * 400;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    const unsigned dd = doy - (153 * mp + 2) / 5 + 1;
    const unsigned mm = mp < 10 ? mp + 3 : mp - 9;
    *y = (int)(yy + (mm <= 2));
    *m = (int)mm;
    *d = (int)dd;
}

ps_time ps_time_from_fields(int year, int mon, int day, int hour, int min, int sec, int ms)
{
    int64_t days = days_from_civil(year, (unsigned)mon, (unsigned)day);
    return ((days * 24 + hour) * 60 + min) * 60000 + (int64_t)sec * 1000 + ms;
}

void ps_time_to_fields(ps_time t, int *year, int *mon, int *day, int *hour, int *min, int *sec, int *ms)
{
    int64_t days = t / 86400000;
    int64_t rem = t % 86400000;
    if (rem < 0) {
        rem += 86400000;
        days--;
    }
    civil_from_days(days, year, mon, day);
    *hour = (int)(rem / 3600000);
    *min = (int)(rem / 60000 % 60);
    *sec = (int)(rem / 1000 % 60);
    *ms = (int)(rem % 1000);
}

static int days_in_month(int y, int m)
{
    static const int dm[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
        return 29;
    return dm[m - 1];
}

static int valid(int y, int mo, int d, int h, int mi, int s, int ms)
{
    return y >= 1601 && y <= 9999 && mo >= 1 && mo <= 12 && d >= 1 && d <= days_in_month(y, mo) && h >= 0 && h <= 23 &&
           mi >= 0 && mi <= 59 && s >= 0 && s <= 60 && ms >= 0 && ms <= 999;
}

/* Read 1..maxd digits at *p (bounded by end); returns -1 when none. */
static int digits(const char **p, const char *end, int mind, int maxd)
{
    int v = 0, n = 0;
    while (*p < end && n < maxd && isdigit((unsigned char)**p)) {
        v = v * 10 + (**p - '0');
        (*p)++;
        n++;
    }
    return n >= mind ? v : -1;
}

static int lit(const char **p, const char *end, char c)
{
    if (*p < end && **p == c) {
        (*p)++;
        return 1;
    }
    return 0;
}

/* fraction ".d{1,7}" -> milliseconds (truncated beyond ms, rounded to nearest) */
static int fraction_ms(const char **p, const char *end)
{
    int v = 0, n = 0;
    while (*p < end && isdigit((unsigned char)**p)) {
        if (n < 3)
            v = v * 10 + (**p - '0');
        else if (n == 3 && **p >= '5')
            v++;
        n++;
        (*p)++;
    }
    while (n < 3 && n > 0) {
        v *= 10;
        n++;
    }
    return v > 999 ? 999 : v;
}

/* H:MM[:SS[.fff]] [AM|PM] at *p into *h, *mi, *s, *ms; tsep is ':' (or '.' for the dotted
 * clocks of Finnish and Danish short times: H.MM[.SS[,fff]]). Returns 0, *p advanced. */
static int parse_clock(const char **p, const char *end, char tsep, int *h, int *mi, int *s, int *ms)
{
    *s = *ms = 0;
    *h = digits(p, end, 1, 2);
    if (*h < 0 || !lit(p, end, tsep))
        return -1;
    *mi = digits(p, end, 2, 2);
    if (*mi < 0)
        return -1;
    if (lit(p, end, tsep)) {
        *s = digits(p, end, 2, 2);
        if (*s < 0)
            return -1;
        if (lit(p, end, tsep == ':' ? '.' : ',') || (tsep == ':' && lit(p, end, ',')))
            *ms = fraction_ms(p, end);
    }
    const char *q = *p;
    while (q < end && *q == ' ')
        q++;
    if (end - q >= 2 && (strncasecmp(q, "AM", 2) == 0 || strncasecmp(q, "PM", 2) == 0)) {
        if (*h < 1 || *h > 12)
            return -1;
        int pm = toupper((unsigned char)q[0]) == 'P';
        *h = *h % 12 + (pm ? 12 : 0);
        *p = q + 2;
    }
    return 0;
}

/* M/D/YYYY H:MM[:SS[.fff]] [AM|PM]; returns 0 on success, *p advanced */
static int parse_us(const char **p, const char *end, ps_time *out)
{
    int mo = digits(p, end, 1, 2);
    if (mo < 0 || !lit(p, end, '/'))
        return -1;
    int d = digits(p, end, 1, 2);
    if (d < 0 || !lit(p, end, '/'))
        return -1;
    int y = digits(p, end, 4, 4);
    if (y < 0 || !lit(p, end, ' '))
        return -1;
    int h, mi, s, ms;
    if (parse_clock(p, end, ':', &h, &mi, &s, &ms) != 0 || !valid(y, mo, d, h, mi, s, ms))
        return -1;
    *out = ps_time_from_fields(y, mo, d, h, mi, s, ms);
    return 0;
}

/* A short date as Windows writes it in some locale, then a time (docs/readme/csv.md):
 *   YYYY?M?D   (year first: ISO, Chinese, Japanese, Korean, Hungarian, Swedish; ? = / . -)
 *   M/D/YYYY   (slashes with the year last: the US order, the one PDH itself writes)
 *   D.M.YYYY, D-M-YYYY   (dots or dashes with the year last: day first, as every such locale)
 * 1 or 2 digit day and month, a separator may be followed by spaces and the date by a '.'
 * (Hungarian "2026. 03. 14."). Then spaces or a 'T', and H:MM[:SS[.fff]] [AM|PM]. */
static int parse_short_date(const char *s, const char *end, ps_time *out)
{
    const char *p = s;
    int f[3], w[3];
    char sep = 0;
    for (int i = 0; i < 3; i++) {
        const char *q = p;
        f[i] = digits(&p, end, 1, 4);
        w[i] = (int)(p - q);
        if (f[i] < 0)
            return -1;
        if (i < 2) {
            if (p >= end || (*p != '/' && *p != '.' && *p != '-') || (sep && *p != sep))
                return -1;
            sep = *p++;
            while (p < end && *p == ' ' && sep == '.')
                p++;
        }
    }
    int y, mo, d;
    if (w[0] == 4 && w[1] <= 2 && w[2] <= 2)
        y = f[0], mo = f[1], d = f[2];
    else if (w[2] == 4 && w[0] <= 2 && w[1] <= 2)
        y = f[2], mo = sep == '/' ? f[0] : f[1], d = sep == '/' ? f[1] : f[0];
    else
        return -1;
    if (sep == '.' && w[0] == 4)
        lit(&p, end, '.');
    if (!lit(&p, end, ' ') && !lit(&p, end, 'T'))
        return -1;
    while (p < end && *p == ' ')
        p++;
    const char *c = p;
    while (c < end && isdigit((unsigned char)*c))
        c++;
    int h, mi, sec, ms;
    if (c >= end || parse_clock(&p, end, *c == '.' ? '.' : ':', &h, &mi, &sec, &ms) != 0 || p != end ||
        !valid(y, mo, d, h, mi, sec, ms))
        return -1;
    *out = ps_time_from_fields(y, mo, d, h, mi, sec, ms);
    return 0;
}

int ps_time_parse_pdh(const char *s, size_t len, ps_time *out)
{
    /* the form PDH writes, "MM/DD/YYYY HH:MM:SS.mmm", read directly */
    if (len == 23 && s[2] == '/' && s[5] == '/' && s[10] == ' ' && s[13] == ':' && s[16] == ':' && s[19] == '.') {
        int v[7] = {0}, pos[7] = {0, 3, 6, 11, 14, 17, 20}, wid[7] = {2, 2, 4, 2, 2, 2, 3}, ok = 1;
        for (int i = 0; i < 7; i++)
            for (int k = 0; k < wid[i]; k++) {
                char ch = s[pos[i] + k];
                ok &= ch >= '0' && ch <= '9';
                v[i] = v[i] * 10 + (ch - '0');
            }
        if (ok && valid(v[2], v[0], v[1], v[3], v[4], v[5], v[6])) {
            *out = ps_time_from_fields(v[2], v[0], v[1], v[3], v[4], v[5], v[6]);
            return 0;
        }
        return -1;
    }
    return parse_short_date(s, s + len, out);
}

int ps_time_parse_user(const char *s, ps_time *out, int *is_utc)
{
    const char *p = s, *end = s + strlen(s);
    if (is_utc)
        *is_utc = 0;
    while (p < end && isspace((unsigned char)end[-1]))
        end--;
    ps_time t;
    if (strchr(s, '/')) {
        if (parse_us(&p, end, &t) != 0 || p != end)
            return -1;
        *out = t;
        return 0;
    }
    int y = digits(&p, end, 4, 4);
    if (y < 0 || !lit(&p, end, '-'))
        return -1;
    int mo = digits(&p, end, 2, 2);
    if (mo < 0 || !lit(&p, end, '-'))
        return -1;
    int d = digits(&p, end, 2, 2);
    int h = 0, mi = 0, sec = 0, ms = 0;
    if (d < 0)
        return -1;
    if (lit(&p, end, 'T') || lit(&p, end, ' ')) {
        h = digits(&p, end, 2, 2);
        if (h < 0 || !lit(&p, end, ':'))
            return -1;
        mi = digits(&p, end, 2, 2);
        if (mi < 0)
            return -1;
        if (lit(&p, end, ':')) {
            sec = digits(&p, end, 2, 2);
            if (sec < 0)
                return -1;
            if (lit(&p, end, '.'))
                ms = fraction_ms(&p, end);
        }
    }
    if (!valid(y, mo, d, h, mi, sec, ms))
        return -1;
    t = ps_time_from_fields(y, mo, d, h, mi, sec, ms);
    if (p < end && (*p == 'Z' || *p == 'z')) {
        p++;
        if (is_utc)
            *is_utc = 1;
    } else if (p < end && (*p == '+' || *p == '-')) {
        int sign = *p == '-' ? -1 : 1;
        p++;
        int oh = digits(&p, end, 2, 2);
        if (oh < 0)
            return -1;
        lit(&p, end, ':');
        int om = digits(&p, end, 2, 2);
        if (om < 0 || oh > 14 || om > 59)
            return -1;
        t -= sign * ((int64_t)oh * 60 + om) * 60000;
        if (is_utc)
            *is_utc = 1;
    }
    if (p != end)
        return -1;
    *out = t;
    return 0;
}

const char *ps_time_format_iso(char *out, size_t n, ps_time t)
{
    int y, mo, d, h, mi, s, ms;
    ps_time_to_fields(t, &y, &mo, &d, &h, &mi, &s, &ms);
    snprintf(out, n, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", y, mo, d, h, mi, s, ms);
    return out;
}

/* v (0 <= v < 10^w) as w digits at p. */
static char *put_fixed(char *p, int v, int w)
{
    for (int i = w - 1; i >= 0; i--) {
        p[i] = (char)('0' + v % 10);
        v /= 10;
    }
    return p + w;
}

#define PDH_TIME_LEN 23 /* MM/DD/YYYY hh:mm:ss.mmm */

const char *ps_time_format_pdh(char *out, size_t n, ps_time t)
{
    int y, mo, d, h, mi, s, ms;
    ps_time_to_fields(t, &y, &mo, &d, &h, &mi, &s, &ms);
    if (n <= PDH_TIME_LEN || y < 0 || y > 9999) { /* (one line per row: printf only off the usual path) */
        snprintf(out, n, "%02d/%02d/%04d %02d:%02d:%02d.%03d", mo, d, y, h, mi, s, ms);
        return out;
    }
    char *p = put_fixed(out, mo, 2);
    *p++ = '/';
    p = put_fixed(p, d, 2);
    *p++ = '/';
    p = put_fixed(p, y, 4);
    *p++ = ' ';
    p = put_fixed(p, h, 2);
    *p++ = ':';
    p = put_fixed(p, mi, 2);
    *p++ = ':';
    p = put_fixed(p, s, 2);
    *p++ = '.';
    p = put_fixed(p, ms, 3);
    *p = 0;
    return out;
}
