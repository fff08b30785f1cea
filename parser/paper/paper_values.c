/* paper_values.c - the value after a label: its unit (ms or seconds, GB or TB), whether it is
 * a value at all (prose, a heading, a percentage cell), and "size / capacity = p%" rows. */
#include "paper_internal.h"
#include "paper_text.h"

#include <math.h>
#include <string.h>

/* Scale of a latency to ms: the unit of the label (group 1) or of the cell after the number;
 * milliseconds when neither names one. */
double paper_latency_scale(const char *s, size_t a, size_t b, const pev *e)
{
    const char *u = NULL;
    size_t ul = 0;
    if (e->g[0][0] != (size_t)-1) {
        u = s + e->g[0][0];
        ul = e->g[0][1] - e->g[0][0];
    } else {
        double v;
        int dec;
        size_t ts, tl;
        if (!paper_take_number(s + a, b - a, 0, &v, &dec, &ts, &tl))
            return 1;
        size_t i = a + ts + tl;
        while (i < b && s[i] == ' ')
            i++;
        u = s + i;
        while (i < b && ((s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'z'))
            i++;
        ul = (size_t)(s + i - u);
    }
    if (ul == 0)
        return 1;
    if ((u[0] | 0x20) == 's')
        return 1000;
    if ((u[0] | 0x20) == 'u' || (unsigned char)u[0] == 0xC2)
        return 0.001;
    return 1;
}

/* 1 when the words after a label are prose ("... Latency (msec) is the average time ..."): a
 * mention of the row, not the row. */
int paper_prose_after(const char *s, size_t a, size_t b)
{
    size_t i = a;
    while (i < b && (s[i] == ' ' || s[i] == '\t' || s[i] == ':'))
        i++;
    if (i < b && (s[i] == ')' || s[i] == ']' || s[i] == ',' || s[i] == ';'))
        return 1; /* "(2,500 users per database) Table 15 ..." */
    if (i >= b || !(((s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'z')))
        return 0;
    if (b - i >= 3 && (s[i] | 0x20) == 'n' && s[i + 1] == '/' && (s[i + 2] | 0x20) == 'a')
        return 0; /* "n/a": stated as not available */
    static const char *const fill[] = {"is ", "of ", "was ", "at "};
    for (size_t f = 0; f < sizeof fill / sizeof fill[0]; f++)
        if (b - i > strlen(fill[f]) && strncmp(s + i, fill[f], strlen(fill[f])) == 0) {
            size_t j = i + strlen(fill[f]);
            while (j < b && s[j] == ' ')
                j++;
            if (j < b && ((s[j] >= '0' && s[j] <= '9') || s[j] == '.'))
                return 0;
        }
    /* a word of 4+ letters, or two words: prose or a heading; one short token ("xyz") is a value
     * lost to garbage */
    size_t j = i;
    while (j < b && s[j] != ' ' && s[j] != '\t')
        j++;
    size_t letters = 0;
    while (i + letters < j && ((s[i + letters] | 0x20) >= 'a' && (s[i + letters] | 0x20) <= 'z'))
        letters++;
    if (letters >= 4 && i + letters == j)
        return 1;
    while (j < b && (s[j] == ' ' || s[j] == '\t'))
        j++;
    return j < b && ((s[j] | 0x20) >= 'a' && (s[j] | 0x20) <= 'z');
}

/* 1 when the first number after a label is a percentage ("100% [7.7 msec]"). */
int paper_value_is_percent(const char *s, size_t a, size_t b)
{
    double v;
    int dec;
    size_t ts, tl;
    if (!paper_take_number(s + a, b - a, 0, &v, &dec, &ts, &tl))
        return 0;
    size_t i = a + ts + tl;
    while (i < b && s[i] == ' ')
        i++;
    return i < b && s[i] == '%';
}

int paper_is_latency(int m)
{
    return m == PS_M_DB_READ_LAT || m == PS_M_DB_WRITE_LAT || m == PS_M_LOG_WRITE_LAT;
}

int paper_is_config(int m)
{
    return m == PS_M_MAILBOXES || m == PS_M_MAILBOXES_PER_SERVER || m == PS_M_SERVERS || m == PS_M_TARGET_IOPS ||
           m == PS_MX_TARGET_PER_SERVER || m == PS_MX_DATABASES_PER_SERVER || m == PS_MX_MAILBOXES_PER_DATABASE ||
           m == PS_MX_COPIES_PER_DATABASE;
}

/* Size rows: GB, or TB (x 1024) named by the label's group 1 or the cell's unit word. */
double paper_size_scale(const char *s, size_t a, size_t b, const pev *e)
{
    if (e->g[0][0] != (size_t)-1)
        return (s[e->g[0][0]] | 0x20) == 't' ? 1024 : 1;
    for (size_t i = a; i + 1 < b; i++)
        if ((s[i] | 0x20) == 't' && (s[i + 1] | 0x20) == 'b' && i > a &&
            (s[i - 1] == ' ' || (s[i - 1] >= '0' && s[i - 1] <= '9')))
            return 1024;
    return 1;
}

/* "489/836 = 59%": the percentage with its own numerator and denominator. */
void paper_capacity_pct(rd *r, const char *s, size_t a, size_t b, const char *label, long line)
{
    double x, y, p;
    int dx, dy, dp;
    size_t t1, l1, t2, l2, t3, l3;
    if (paper_take_number(s + a, b - a, 0, &x, &dx, &t1, &l1)) {
        size_t i = a + t1 + l1;
        while (i < b && s[i] == ' ')
            i++;
        if (i < b && s[i] == '/' && paper_take_number(s + i + 1, b - i - 1, 0, &y, &dy, &t2, &l2)) {
            size_t j = i + 1 + t2 + l2;
            while (j < b && (s[j] == ' ' || s[j] == '='))
                j++;
            if (paper_take_number(s + j, b - j, 0, &p, &dp, &t3, &l3) && t3 == 0) {
                double sc = paper_size_scale(s, a, b, &(pev){.g = {{(size_t)-1, (size_t)-1}}});
                paper_add(r, PS_MX_DB_SIZE_GB, line, "database size (stated with the percentage)", s + a + t1, l1, x,
                          dx, sc);
                paper_add(r, PS_MX_CAPACITY_GB, line, "capacity (stated with the percentage)", s + i + 1 + t2, l2, y,
                          dy, sc);
                paper_add(r, PS_MX_CAPACITY_USED_PCT, line, label, s + j, l3, p, dp, 1);
                return;
            }
        }
    }
    paper_add_value(r, PS_MX_CAPACITY_USED_PCT, line, label, s + a, b - a, 0, 1);
}
