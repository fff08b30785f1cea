/* js_words.c - the Jetstress model's sentences from the message catalogue (ps_js_words.h): the
 * named-field filler and the failure explanation. */
#include "ps_js_words.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void ps_msg_fill(ps_buf *out, const char *tmpl, const ps_msg_field *fields, size_t n)
{
    for (const char *p = tmpl; *p;) {
        const char *close = *p == '{' ? strchr(p, '}') : NULL;
        size_t k = n;
        if (close)
            for (k = 0; k < n; k++)
                if (strlen(fields[k].name) == (size_t)(close - p - 1) &&
                    strncmp(fields[k].name, p + 1, (size_t)(close - p - 1)) == 0)
                    break;
        if (close && k < n) {
            ps_buf_puts(out, fields[k].value ? fields[k].value : "");
            p = close + 1;
        } else {
            size_t run = strcspn(p + 1, "{") + 1;
            ps_buf_put(out, p, run);
            p += run;
        }
    }
}

const char *ps_js_metric_label(const ps_lang *L, int metric)
{
    return metric >= 0 && metric < PS_JM_N ? ps_msg(L, (enum ps_msg_id)(PS_MSG_JM_DB_READ_LAT + metric)) : "?";
}

const char *ps_js_words_num(const ps_lang *L, char *out, size_t n, double v)
{
    ps_fmt_num(out, n, v, fabs(v) < 0.1 ? 6 : 3);
    char *dot = strchr(out, '.');
    if (!dot)
        return out;
    size_t l = strlen(out);
    while (l && out[l - 1] == '0')
        out[--l] = 0;
    if (l && out[l - 1] == '.')
        out[--l] = 0;
    const char *mark = (L ? L : ps_lang_en())->decimal;
    if (strchr(out, '.') && strcmp(mark, ".") != 0) {
        char tail[64];
        snprintf(tail, sizeof tail, "%s", dot + 1);
        snprintf(dot, n - (size_t)(dot - out), "%s%s", mark, tail);
    }
    return out;
}

/* "20 ms", "1.25/s", "95%": the unit after a space unless it starts with '/' or '%' */
static void with_unit(const ps_lang *L, char *out, size_t n, double v, int metric)
{
    char num[64];
    const char *u = ps_js_metric_unit(metric);
    ps_js_words_num(L, num, sizeof num, v);
    snprintf(out, n, "%s%s%s", num, u && *u && *u != '/' && *u != '%' ? " " : "", u ? u : "");
}

/* "2026-03-14 10:42:17.269"; only the time of day when same_day is the date of t. */
static void stamp(char *out, size_t n, ps_time t, ps_time same_day)
{
    int y, mo, d, h, mi, s, ms, y2, mo2, d2, h2, mi2, s2, ms2;
    ps_time_to_fields(t, &y, &mo, &d, &h, &mi, &s, &ms);
    if (same_day != PS_TIME_NONE) {
        ps_time_to_fields(same_day, &y2, &mo2, &d2, &h2, &mi2, &s2, &ms2);
        if (y == y2 && mo == mo2 && d == d2) {
            snprintf(out, n, "%02d:%02d:%02d.%03d", h, mi, s, ms);
            return;
        }
    }
    snprintf(out, n, "%04d-%02d-%02d %02d:%02d:%02d.%03d", y, mo, d, h, mi, s, ms);
}

/* "45 s", "12 min 30 s", "2 h 5 min 0 s" in L */
static void duration(const ps_lang *L, ps_buf *out, ps_time ms)
{
    long long s = (long long)((ms + 500) / 1000);
    char h[24], m[24], sec[24];
    snprintf(h, sizeof h, "%lld", s / 3600);
    snprintf(m, sizeof m, "%lld", s % 3600 / 60);
    snprintf(sec, sizeof sec, "%lld", s % 60);
    const ps_msg_field f[] = {{"h", h}, {"m", m}, {"s", sec}};
    ps_msg_fill(out, ps_msg(L, s / 3600 ? PS_MSG_W_DUR_H : s / 60 ? PS_MSG_W_DUR_M : PS_MSG_W_DUR_S), f, 3);
}

/* "W. Europe Standard Time, UTC+01:00", "zone name unknown, UTC+01:00", "the logs' local time,
 * zone unknown" in L */
void ps_js_failure_zone(const ps_lang *L, ps_buf *out, const ps_js_failure *f)
{
    const char *name = f->zone_name ? f->zone_name : ps_msg(L, PS_MSG_W_ZONE_NO_NAME);
    if (!f->has_utc_offset) {
        ps_buf_puts(out, f->zone_name ? f->zone_name : ps_msg(L, PS_MSG_W_ZONE_UNKNOWN));
        return;
    }
    char off[16];
    int a = f->utc_offset_min < 0 ? -f->utc_offset_min : f->utc_offset_min;
    snprintf(off, sizeof off, "%c%02d:%02d", f->utc_offset_min < 0 ? '-' : '+', a / 60, a % 60);
    const ps_msg_field fl[] = {{"zone", name}, {"offset", off}};
    ps_msg_fill(out, ps_msg(L, PS_MSG_W_ZONE_OFFSET), fl, 2);
}

char *ps_js_failure_words(const ps_lang *L, const ps_js_failure *f)
{
    char over[32], samples[32], runs[32], longest[32], lim[80], worst[80], a[40], b[40], c[40];
    unsigned cls = (unsigned)f->cls <= PS_FAIL_SUSTAINED ? (unsigned)f->cls : 0;
    snprintf(over, sizeof over, "%llu", (unsigned long long)f->over);
    snprintf(samples, sizeof samples, "%llu", (unsigned long long)f->samples);
    snprintf(runs, sizeof runs, "%llu", (unsigned long long)f->runs);
    snprintf(longest, sizeof longest, "%llu", (unsigned long long)f->longest);
    with_unit(L, lim, sizeof lim, f->limit, f->metric);
    with_unit(L, worst, sizeof worst, f->worst, f->metric);
    stamp(a, sizeof a, f->longest_first, PS_TIME_NONE);
    stamp(b, sizeof b, f->longest_last, f->longest_first);
    stamp(c, sizeof c, f->worst_at, PS_TIME_NONE);
    ps_buf counts = {0}, run = {0}, wst = {0}, dur = {0}, zn = {0}, out = {0};
    duration(L, &dur, f->longest_last - f->longest_first);
    ps_js_failure_zone(L, &zn, f);
    const ps_msg_field fl[] = {
        {"class", ps_msg(L, (enum ps_msg_id)(PS_MSG_FAIL_UNKNOWN + cls))},
        {"over", over},
        {"samples", samples},
        {"op", ps_thr_op_text((enum ps_thr_op)f->op)},
        {"limit", lim},
        {"runs", runs},
        {"longest", longest},
        {"first", a},
        {"last", b},
        {"duration", dur.data ? dur.data : ""},
        {"worst", worst},
        {"at", c},
        {"zone", zn.data ? zn.data : ""},
    };
    size_t n = sizeof fl / sizeof fl[0];
    ps_msg_fill(&counts, ps_msg(L, f->runs == 1 ? PS_MSG_W_FAIL_COUNTS_ONE : PS_MSG_W_FAIL_COUNTS), fl, n);
    ps_msg_fill(&run, ps_msg(L, f->longest == 1 ? PS_MSG_W_FAIL_LONGEST_ONE : PS_MSG_W_FAIL_LONGEST), fl, n);
    ps_msg_fill(&wst, ps_msg(L, PS_MSG_W_FAIL_WORST), fl, n);
    const ps_msg_field parts[] = {{"counts", counts.data}, {"longest", run.data}, {"worst", wst.data}};
    ps_msg_fill(&out, ps_msg(L, PS_MSG_W_FAIL), parts, 3);
    ps_buf_fini(&counts);
    ps_buf_fini(&run);
    ps_buf_fini(&wst);
    ps_buf_fini(&dur);
    ps_buf_fini(&zn);
    return ps_buf_steal(&out);
}
