/* numtext.c - locale-free number text: ps_fmt_num, ps_fmt_si, ps_parse_double (ps_core.h). */
#define _GNU_SOURCE 1 /* strtod_l (the C-locale number reader of ps_parse_double) */
#include "ps_model.h"

#include <ctype.h>
#include <locale.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* printf's %f uses the C locale's '.', but a program may have called setlocale(); we never
 * do, and additionally replace any ',' radix defensively. */
static void fix_radix(char *s)
{
    for (; *s; s++)
        if (*s == ',')
            *s = '.';
}

const char *ps_fmt_num(char *out, size_t n, double v, int decimals)
{
    if (isnan(v))
        snprintf(out, n, "n/a");
    else {
        snprintf(out, n, "%.*f", decimals, v);
        fix_radix(out);
        if (strcmp(out, "-0") == 0 || (out[0] == '-' && strspn(out + 1, "0.") == strlen(out + 1)))
            memmove(out, out + 1, strlen(out)); /* never print "-0.000" */
    }
    return out;
}

const ps_si_prefix ps_si_prefixes[] = {
    {1e12, "T", 0}, {1e9, "G", 0},    {1e6, "M", 0},     {1e3, "k", 0},
    {1, "", 0},     {1e-3, "m", 0.1}, {1e-6, "u", 1e-4}, {1e-9, "n", 1e-7},
};
const size_t ps_si_nprefixes = sizeof ps_si_prefixes / sizeof ps_si_prefixes[0];

const char *ps_fmt_si(char *out, size_t n, double v)
{
    const ps_si_prefix *pre = ps_si_prefixes;
    if (isnan(v))
        return snprintf(out, n, "n/a"), out;
    double a = fabs(v);
    if (a == 0)
        return snprintf(out, n, "0"), out;
    if (a >= 1e15 || a < 1e-6)
        return snprintf(out, n, "%.3g", v), fix_radix(out), out;
    for (size_t i = 0; i < ps_si_nprefixes; i++) { /* a >= 1e-6 here: u at the latest */
        if (a >= pre[i].factor * 0.9995) {
            double s = v / pre[i].factor;
            double as = fabs(s);
            int dec = as >= 99.95 ? 0 : as >= 9.995 ? 1 : 2;
            snprintf(out, n, "%.*f%s", dec, s, pre[i].prefix);
            fix_radix(out);
            return out;
        }
    }
    snprintf(out, n, "%.3g", v);
    return out;
}

/* The "C" locale, made once: strtod_l with it reads '.' whatever LC_NUMERIC the program set. */
static pthread_once_t c_once = PTHREAD_ONCE_INIT;
static locale_t c_loc;
static void make_c_locale(void)
{
    c_loc = newlocale(LC_ALL_MASK, "C", (locale_t)0);
}
static locale_t c_numeric(void)
{
    pthread_once(&c_once, make_c_locale);
    return c_loc ? c_loc : LC_GLOBAL_LOCALE;
}

int ps_parse_double(const char *s, size_t len, double *out)
{
    size_t i = 0;
    char tmp[128];
    if (len == 0 || len >= sizeof tmp)
        return -1;
    if (s[i] == '+' || s[i] == '-')
        i++;
    size_t d0 = i;
    while (i < len && isdigit((unsigned char)s[i]))
        i++;
    size_t nd = i - d0;
    if (i < len && s[i] == '.') {
        i++;
        size_t f0 = i;
        while (i < len && isdigit((unsigned char)s[i]))
            i++;
        nd += i - f0;
    }
    if (nd == 0)
        return -1;
    if (i < len && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i < len && (s[i] == '+' || s[i] == '-'))
            i++;
        size_t e0 = i;
        while (i < len && isdigit((unsigned char)s[i]))
            i++;
        if (i == e0)
            return -1;
    }
    if (i != len)
        return -1;
    memcpy(tmp, s, len);
    tmp[len] = 0;
    double v = strtod_l(tmp, NULL, c_numeric());
    if (!isfinite(v))
        return -1;
    *out = v;
    return 0;
}
