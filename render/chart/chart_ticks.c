/* chart_ticks.c - nice linear ticks, SI-prefixed labels, time axis ticks, text widths.
 * Pure functions: no I/O, no locale, no libc timezone (times go through model/time.c). */
#include "ps_render.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static double pow10i(int e)
{
    double p = 1;
    for (int i = 0; i < (e < 0 ? -e : e); i++)
        p *= 10;
    return p;
}

/* k * m * 10^e computed so that the result is the double nearest to the decimal value. */
static double scaled(long long k, int m, int e)
{
    return e >= 0 ? (double)(k * m) * pow10i(e) : (double)(k * m) / pow10i(-e);
}

/* floor / ceil of x that treat values within 1e-9 of an integer as that integer */
static double floor_tol(double x)
{
    double r = round(x);
    return fabs(x - r) < 1e-9 * fmax(1, fabs(x)) ? r : floor(x);
}

static double ceil_tol(double x)
{
    double r = round(x);
    return fabs(x - r) < 1e-9 * fmax(1, fabs(x)) ? r : ceil(x);
}

size_t ps_chart_nice_ticks(double lo, double hi, int include_zero, double *min, double *max, double *step,
                           double ticks[PS_CHART_MAX_TICKS])
{
    if (!isfinite(lo))
        lo = hi;
    if (!isfinite(hi))
        hi = lo;
    if (!isfinite(lo)) {
        lo = 0;
        hi = 1;
    }
    if (lo > hi) {
        double t = lo;
        lo = hi;
        hi = t;
    }
    if (include_zero) {
        lo = fmin(lo, 0);
        hi = fmax(hi, 0);
    }
    /* keep the arithmetic finite: |values| <= 1e300, spans of at least 1e-280 */
    lo = fmin(fmax(lo, -1e300), 1e300);
    hi = fmin(fmax(hi, -1e300), 1e300);
    if (hi - lo < 1e-280)
        hi = lo;
    if (lo == hi && fabs(lo) < 1e-270)
        lo = hi = 0;
    if (lo == hi) {
        if (lo == 0)
            hi = 1;
        else {
            double d = fabs(lo) * 0.1;
            lo -= d;
            hi += d;
        }
    }
    static const int mant[] = {1, 2, 5};
    int e = (int)floor(log10((hi - lo) / 10));
    for (;; e++) {
        for (int i = 0; i < 3; i++) {
            double s = scaled(1, mant[i], e);
            double k0 = floor_tol(lo / s), k1 = ceil_tol(hi / s);
            if (k1 - k0 + 1 > 8)
                continue;
            size_t n = (size_t)(k1 - k0 + 1);
            for (size_t j = 0; j < n; j++)
                ticks[j] = scaled((long long)k0 + (long long)j, mant[i], e);
            *min = ticks[0];
            *max = ticks[n - 1];
            *step = s;
            return n;
        }
    }
}

const char *ps_chart_si_prefix(double amax, double step, double *factor, int *decimals)
{
    const char *p = "";
    double f = 1;
    amax = fabs(amax);
    if (amax >= 1e4) { /* the largest prefix of at most amax, from k up */
        for (size_t i = 0; i < ps_si_nprefixes && ps_si_prefixes[i].factor >= 1e3; i++)
            if (amax >= ps_si_prefixes[i].factor) {
                f = ps_si_prefixes[i].factor;
                p = ps_si_prefixes[i].prefix;
                break;
            }
    } else if (amax > 0 && amax < 0.1) { /* the smallest prefix whose axis range holds amax */
        for (size_t i = ps_si_nprefixes; i-- > 0 && ps_si_prefixes[i].chart_below > 0;)
            if (amax < ps_si_prefixes[i].chart_below) {
                f = ps_si_prefixes[i].factor;
                p = ps_si_prefixes[i].prefix;
                break;
            }
    }
    int d = 0;
    double s = fabs(step) / f;
    if (s > 0 && s < 1 - 1e-9)
        d = (int)ceil_tol(-log10(s));
    *factor = f;
    *decimals = d > 6 ? 6 : d;
    return p;
}

const char *ps_chart_tick_label(char *out, size_t n, double v, double factor, int decimals, const char *prefix)
{
    char num[64];
    if (v == 0 || fabs(v / factor) < 0.5 * pow10i(-decimals) * 1e-6)
        return snprintf(out, n, "0"), out;
    ps_fmt_num(num, sizeof num, v / factor, decimals);
    snprintf(out, n, "%s%s", num, prefix ? prefix : "");
    return out;
}

/* ---------------------------------------------------------------- time axes */

#define SEC 1000LL
#define MIN (60 * SEC)
#define HOUR (60 * MIN)
#define DAY (24 * HOUR)

static const ps_time time_steps[] = {
    1 * SEC,  2 * SEC,  5 * SEC,  10 * SEC, 15 * SEC,  30 * SEC,  1 * MIN,   2 * MIN,    5 * MIN,   10 * MIN, 15 * MIN,
    30 * MIN, 1 * HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR,  12 * HOUR, 1 * DAY,   2 * DAY,    3 * DAY,   5 * DAY,  7 * DAY,
    14 * DAY, 30 * DAY, 60 * DAY, 90 * DAY, 180 * DAY, 360 * DAY, 720 * DAY, 1800 * DAY, 3600 * DAY};

static const struct {
    ps_time below;
    const char *fmt;
    ps_time min_step;
} time_formats[] = {
    {10 * MIN, "HH:MM:SS", 0}, {DAY, "HH:MM", MIN}, {7 * DAY, "MM/DD HH:MM", MIN}, {INT64_MAX, "YYYY-MM-DD", DAY}};

static ps_time floor_div(ps_time a, ps_time b)
{
    ps_time q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

size_t ps_chart_time_ticks(ps_time t0, ps_time t1, size_t max_ticks, ps_time *ticks, ps_time *step, const char **format)
{
    if (t1 < t0) {
        ps_time t = t0;
        t0 = t1;
        t1 = t;
    }
    if (max_ticks < 2)
        max_ticks = 2;
    if (max_ticks > PS_CHART_MAX_TICKS)
        max_ticks = PS_CHART_MAX_TICKS;
    ps_time span = t1 - t0;
    size_t f = 0;
    while (span >= time_formats[f].below)
        f++;
    *format = time_formats[f].fmt;
    size_t nsteps = sizeof time_steps / sizeof time_steps[0];
    for (size_t i = 0; i < nsteps; i++) {
        ps_time s = time_steps[i];
        if (s < time_formats[f].min_step)
            continue;
        ps_time first = -floor_div(-t0, s) * s; /* ceil to a multiple of s */
        size_t n = first > t1 ? 0 : (size_t)((t1 - first) / s) + 1;
        if (n > max_ticks && i + 1 < nsteps)
            continue;
        if (n > PS_CHART_MAX_TICKS)
            n = PS_CHART_MAX_TICKS;
        for (size_t j = 0; j < n; j++)
            ticks[j] = first + (ps_time)j * s;
        *step = s;
        return n;
    }
    return 0; /* not reached: the last step always ends the loop */
}

const char *ps_chart_time_label(char *out, size_t n, ps_time t, const char *format)
{
    int y, mo, d, h, mi, s, ms;
    ps_time_to_fields(t, &y, &mo, &d, &h, &mi, &s, &ms);
    if (strcmp(format, "HH:MM:SS") == 0)
        snprintf(out, n, "%02d:%02d:%02d", h, mi, s);
    else if (strcmp(format, "HH:MM") == 0)
        snprintf(out, n, "%02d:%02d", h, mi);
    else if (strcmp(format, "MM/DD HH:MM") == 0)
        snprintf(out, n, "%02d/%02d %02d:%02d", mo, d, h, mi);
    else
        snprintf(out, n, "%04d-%02d-%02d", y, mo, d);
    return out;
}

/* ---------------------------------------------------------------- text widths */

/* DejaVu Sans advance widths of ASCII 32..126 in 1/1000 em (unhinted, from the font's hmtx
 * table as reported by cairo at size 1000). Other code points count 620 (bold 680). */
static const unsigned short adv_regular[95] = {
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361,  318, 337, 636, 636, 636,
    636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632,
    575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635,  611, 732, 684, 989, 685,
    611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352,  635, 634, 278, 278, 579,
    278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592,  525, 636, 337, 636, 838};
static const unsigned short adv_bold[95] = {
    348, 456,  521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415,  380, 365, 696, 696,  696,
    696, 696,  696, 696, 696, 696,  696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830,  683,
    683, 821,  837, 372, 372, 775,  637, 995, 837, 850, 733, 850, 770, 720,  682, 812, 774, 1103, 771,
    724, 725,  457, 365, 457, 838,  500, 500, 675, 716, 593, 716, 678, 435,  716, 712, 343, 343,  665,
    343, 1042, 712, 687, 716, 716,  493, 595, 478, 712, 652, 924, 645, 652,  582, 712, 365, 712,  838};

double ps_chart_text_width(const char *utf8, double size, int bold)
{
    const unsigned short *adv = bold ? adv_bold : adv_regular;
    long units = 0;
    for (const unsigned char *p = (const unsigned char *)(utf8 ? utf8 : ""); *p; p++) {
        if (*p >= 32 && *p < 127)
            units += adv[*p - 32];
        else if ((*p >= 0xE3 && *p <= 0xED) || (*p == 0xE2 && p[1] >= 0xBA) ||
                 (*p == 0xE1 && p[1] >= 0x84 && p[1] <= 0x87))
            units += 1000; /* U+2E80..U+D7FF and Hangul Jamo: CJK ideographs, kana, Hangul: full width */
        else if (*p == 0xEF && (p[1] == 0xBC || (p[1] == 0xBD && p[2] < 0xA1)))
            units += 1000; /* fullwidth forms U+FF00..U+FF60 */
        else if (*p >= 0xC0) /* lead byte of another multi-byte code point */
            units += bold ? 680 : 620;
        else if (*p < 0x80)
            units += adv[0]; /* control characters: as wide as a space */
        /* continuation bytes add nothing */
    }
    return units * size / 1000.0;
}
