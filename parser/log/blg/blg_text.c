/* blg_text.c - UTF-16LE strings, FILETIMEs and the writer's time zone for the .blg reader. */
#include "blg_internal.h"

#include <stdlib.h>
#include <string.h>

static void put_utf8(ps_buf *b, uint32_t cp)
{
    char o[4];
    size_t n;
    if (cp < 0x80) {
        o[0] = (char)cp;
        n = 1;
    } else if (cp < 0x800) {
        o[0] = (char)(0xC0 | (cp >> 6));
        o[1] = (char)(0x80 | (cp & 0x3F));
        n = 2;
    } else if (cp < 0x10000) {
        o[0] = (char)(0xE0 | (cp >> 12));
        o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        o[2] = (char)(0x80 | (cp & 0x3F));
        n = 3;
    } else {
        o[0] = (char)(0xF0 | (cp >> 18));
        o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        o[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
        o[3] = (char)(0x80 | (cp & 0x3F));
        n = 4;
    }
    ps_buf_put(b, o, n);
}

void blg_utf16_append(ps_buf *b, const unsigned char *p, size_t nunits)
{
    for (size_t i = 0; i < nunits; i++) {
        uint32_t u = blg_u16(p + 2 * i);
        if (u == 0)
            break;
        if (u >= 0xD800 && u <= 0xDBFF && i + 1 < nunits) {
            uint32_t lo = blg_u16(p + 2 * (i + 1));
            if (lo >= 0xDC00 && lo <= 0xDFFF) {
                put_utf8(b, 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00));
                i++;
                continue;
            }
        }
        if (u >= 0xD800 && u <= 0xDFFF)
            u = 0xFFFD;
        put_utf8(b, u);
    }
}

int blg_utf16_to(ps_buf *b, const unsigned char *p, size_t avail)
{
    size_t n = 0;
    while (2 * n + 1 < avail && blg_u16(p + 2 * n) != 0)
        n++;
    if (2 * n + 1 >= avail)
        return -1;
    ps_buf_reset(b);
    blg_utf16_append(b, p, n);
    ps_buf_put(b, "", 0); /* data set and NUL-terminated even for an empty name */
    for (size_t i = 0; i < b->len; i++) /* names reach text outputs: no terminal control (F25) */
        if ((unsigned char)b->data[i] < 0x20 || b->data[i] == 0x7F)
            b->data[i] = '?';
    return 0;
}

char *blg_utf16_dup(const unsigned char *p, size_t avail)
{
    ps_buf b = {0};
    if (blg_utf16_to(&b, p, avail) != 0) {
        ps_buf_fini(&b);
        return NULL;
    }
    return ps_buf_steal(&b);
}

ps_time blg_ft_to_ms(uint64_t ft)
{
    int64_t d = (int64_t)(ft - (uint64_t)BLG_FILETIME_UNIX);
    int64_t q = d / 10000, r = d % 10000;
    if (r < 0)
        q--;
    return q;
}

/* resource id of tzres.dll -> English name. Only ids known for certain, or with the evidence
 * of the sample files (docs/formats.md#blg-zones), are listed; an unknown id keeps its raw text and warns. */
static const struct {
    int id;
    const char *name;
} mui_names[] = {
    {-211, "Pacific Daylight Time"}, /* verified pair with -212 (PS_CounterSamples twin) */
    {-212, "Pacific Standard Time"},
    {-111, "Eastern Daylight Time"}, /* bias 300 with US rules in PAL_SamplePerfmonLog.blg */
    {-112, "Eastern Standard Time"},
};

const char *blg_tz_mui_name(const char *raw)
{
    static const char pre[] = "@tzres.dll,";
    if (!raw || strncmp(raw, pre, sizeof pre - 1) != 0)
        return NULL;
    char *end;
    long id = strtol(raw + sizeof pre - 1, &end, 10);
    if (*end)
        return NULL;
    for (size_t i = 0; i < sizeof mui_names / sizeof mui_names[0]; i++)
        if (mui_names[i].id == id)
            return mui_names[i].name;
    return NULL;
}

static char *tz_name(const unsigned char *p, int *known)
{
    ps_buf b = {0};
    blg_utf16_append(&b, p, 32);
    char *raw = b.data ? ps_buf_steal(&b) : ps_xstrdup("");
    *known = 1;
    if (strncmp(raw, "@tzres.dll", 10) == 0) {
        const char *n = blg_tz_mui_name(raw);
        if (n) {
            free(raw);
            return ps_xstrdup(n);
        }
        *known = 0;
    }
    return raw;
}

void blg_tz_read(blg_tz *tz, const unsigned char *p)
{
    memset(tz, 0, sizeof *tz);
    tz->bias = (int32_t)blg_u32(p);
    tz->std_name = tz_name(p + 0x04, &tz->std_known);
    for (int i = 0; i < 8; i++)
        tz->std_date[i] = blg_u16(p + 0x44 + 2 * i);
    tz->std_bias = (int32_t)blg_u32(p + 0x54);
    tz->dst_name = tz_name(p + 0x58, &tz->dst_known);
    for (int i = 0; i < 8; i++)
        tz->dst_date[i] = blg_u16(p + 0x98 + 2 * i);
    tz->dst_bias = (int32_t)blg_u32(p + 0xA8);
    tz->valid = tz->bias >= -1440 && tz->bias <= 1440 && tz->std_bias >= -1440 && tz->std_bias <= 1440 &&
                tz->dst_bias >= -1440 && tz->dst_bias <= 1440;
    if (!tz->valid) /* hostile or damaged: no arithmetic on it (overflow), bias unknown */
        tz->bias = tz->std_bias = tz->dst_bias = 0;
}

void blg_tz_fini(blg_tz *tz)
{
    free(tz->std_name);
    free(tz->dst_name);
    tz->std_name = tz->dst_name = NULL;
}

/* SYSTEMTIME: wYear, wMonth, wDayOfWeek, wDay, wHour, wMinute, wSecond, wMilliseconds.
 * With wYear 0 it is a rule: the wDay-th (5 = last) wDayOfWeek of wMonth at wHour:wMinute. */
static ps_time rule_time(const uint16_t *st, int year)
{
    int mon = st[1], dow = st[2], nth = st[3];
    if (st[0] != 0) /* absolute date: only meaningful for that year */
        return ps_time_from_fields(st[0], mon, nth, st[4], st[5], st[6], st[7]);
    ps_time first = ps_time_from_fields(year, mon, 1, 0, 0, 0, 0);
    /* 1970-01-01 was a Thursday (4). */
    int64_t days = first / 86400000;
    int wd1 = (int)(((days % 7) + 7 + 4) % 7);
    int day = 1 + ((dow - wd1) + 7) % 7 + 7 * (nth - 1);
    int mdays =
        (int)((ps_time_from_fields(mon == 12 ? year + 1 : year, mon == 12 ? 1 : mon + 1, 1, 0, 0, 0, 0) - first) /
              86400000);
    while (day > mdays)
        day -= 7;
    return ps_time_from_fields(year, mon, day, st[4], st[5], st[6], st[7]);
}

int blg_tz_is_dst(const blg_tz *tz, ps_time local)
{
    if (tz->std_date[1] == 0 || tz->dst_date[1] == 0 || tz->std_date[1] > 12 || tz->dst_date[1] > 12 ||
        tz->std_date[2] > 6 || tz->dst_date[2] > 6 || tz->std_date[3] < 1 || tz->dst_date[3] < 1 ||
        tz->std_date[3] > 5 || tz->dst_date[3] > 5)
        return 0;
    int y;
    int mo, d, h, mi, s, ms;
    ps_time_to_fields(local, &y, &mo, &d, &h, &mi, &s, &ms);
    ps_time start = rule_time(tz->dst_date, y); /* in standard local time */
    ps_time end = rule_time(tz->std_date, y); /* in daylight local time */
    if (start < end)
        return local >= start && local < end;
    return local >= start || local < end; /* southern hemisphere */
}

int blg_tz_offset(const blg_tz *tz, ps_time local)
{
    return tz->bias + (blg_tz_is_dst(tz, local) ? tz->dst_bias : tz->std_bias);
}
