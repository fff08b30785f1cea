/* ts_names.c - a counter path's names in OpenMetrics and InfluxDB line protocol (ps_ts.h). */
#include "ps_ts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* Latin-1 letters U+00C0..U+00FF spelled in ASCII ("" for the two signs, x and ÷) */
static const char *const latin1[64] = {
    "a", "a", "a", "a", "ae", "a", "ae", "c", "e", "e", "e", "e", "i",  "i", "i",  "i",
    "d", "n", "o", "o", "o",  "o", "oe", "",  "o", "u", "u", "u", "ue", "y", "th", "ss",
    "a", "a", "a", "a", "ae", "a", "ae", "c", "e", "e", "e", "e", "i",  "i", "i",  "i",
    "d", "n", "o", "o", "o",  "o", "oe", "",  "o", "u", "u", "u", "ue", "y", "th", "y",
};

/* PerfMon's signs and words in a name part -> OpenMetrics words (whole words, any case) */
static const struct {
    const char *from, *to;
} words[] = {
    {"%", "percent"}, {"#", "number"}, {"/sec", "_per_second"}, {"/", "_per_"}, {"sec", "seconds"},
};

static int is_alnum(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* 1 when word w (ASCII case folded) is at s: a w starting with a letter only at a word start,
 * a w ending with a letter only at a word end (so "sec" is a word, "second" is not). */
static int word_at(const char *s, const char *w, int word_start)
{
    size_t n = strlen(w);
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c != w[i])
            return 0;
    }
    if (is_alnum((unsigned char)w[0]) && !word_start)
        return 0;
    return !is_alnum((unsigned char)w[n - 1]) || !is_alnum((unsigned char)s[n]);
}

/* Append the metric-name form of one part (object or counter) to b. */
static void put_part(ps_buf *b, const char *s)
{
    size_t start = b->len;
    int prev_alnum = 0;
    while (*s) {
        unsigned char c = (unsigned char)*s;
        size_t w;
        for (w = 0; w < N_OF(words); w++)
            if (word_at(s, words[w].from, !prev_alnum))
                break;
        if (w < N_OF(words)) {
            ps_buf_putc(b, '_');
            ps_buf_puts(b, words[w].to);
            ps_buf_putc(b, '_');
            s += strlen(words[w].from);
            prev_alnum = 0;
            continue;
        }
        if (is_alnum(c)) {
            ps_buf_putc(b, (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c));
            prev_alnum = 1;
            s++;
            continue;
        }
        if (c == 0xC3 && (unsigned char)s[1] >= 0x80 && (unsigned char)s[1] <= 0xBF) {
            ps_buf_puts(b, latin1[(unsigned char)s[1] - 0x80]); /* U+00C0..U+00FF */
            prev_alnum = 1;
            s += 2;
            continue;
        }
        ps_buf_putc(b, '_');
        prev_alnum = 0;
        s++;
        while ((*s & 0xC0) == 0x80) /* the rest of a UTF-8 character */
            s++;
    }
    /* one '_' between words, none at the ends */
    size_t o = start;
    for (size_t i = start; i < b->len; i++) {
        if (b->data[i] == '_' && (o == start || b->data[o - 1] == '_'))
            continue;
        b->data[o++] = b->data[i];
    }
    while (o > start && b->data[o - 1] == '_')
        o--;
    b->len = o;
    b->data[o] = 0;
    if (o == start)
        ps_buf_puts(b, "unnamed");
}

/* OpenMetrics label value / HELP text: backslash, double quote (values only) and LF escaped */
static void put_om_escaped(ps_buf *b, const char *s, int quote)
{
    for (; *s; s++) {
        if (*s == '\\')
            ps_buf_puts(b, "\\\\");
        else if (*s == '\n')
            ps_buf_puts(b, "\\n");
        else if (*s == '"' && quote)
            ps_buf_puts(b, "\\\"");
        else
            ps_buf_putc(b, *s);
    }
}

/* Influx: the characters `special` escaped with a backslash; line ends and tabs become spaces */
static void put_lp_escaped(ps_buf *b, const char *s, const char *special)
{
    for (; *s; s++) {
        char c = *s == '\n' || *s == '\r' || *s == '\t' ? ' ' : *s;
        if (strchr(special, c))
            ps_buf_putc(b, '\\');
        ps_buf_putc(b, c);
    }
}

static char *text_of(ps_buf *b)
{
    return b->data ? ps_buf_steal(b) : ps_xstrdup("");
}

void ps_ts_names_of(const ps_counter_path *p, ps_ts_names *out)
{
    memset(out, 0, sizeof *out);
    char idx[24] = "";
    if (p->index >= 0)
        snprintf(idx, sizeof idx, "%d", p->index);
    /* the labels and tags a path can have, in the tags' sorted key order */
    const struct {
        const char *key, *value;
    } parts[] = {
        {"index", p->index >= 0 ? idx : NULL},
        {"instance", p->instance},
        {"machine", p->machine},
        {"parent", p->parent},
    };
    static const int om_order[] = {2, 1, 3, 0}; /* machine, instance, parent, index */
    ps_buf b = {0};

    ps_buf_puts(&b, "perfmon_");
    put_part(&b, p->object ? p->object : "");
    ps_buf_putc(&b, '_');
    put_part(&b, p->counter ? p->counter : "");
    out->metric = text_of(&b);

    int any = 0;
    for (size_t k = 0; k < N_OF(om_order); k++) {
        const char *v = parts[om_order[k]].value;
        if (!v || !*v)
            continue;
        ps_buf_puts(&b, any ? "," : "{");
        ps_buf_printf(&b, "%s=\"", parts[om_order[k]].key);
        put_om_escaped(&b, v, 1);
        ps_buf_putc(&b, '"');
        any = 1;
    }
    if (any)
        ps_buf_putc(&b, '}');
    out->labels = text_of(&b);

    ps_buf_putc(&b, '\\');
    ps_buf_puts(&b, p->object ? p->object : "");
    ps_buf_putc(&b, '\\');
    ps_buf_puts(&b, p->counter ? p->counter : "");
    ps_buf help = {0};
    put_om_escaped(&help, b.data, 0);
    ps_buf_reset(&b);
    out->help = text_of(&help);

    put_lp_escaped(&b, p->object && *p->object ? p->object : "unnamed", ", ");
    out->measurement = text_of(&b);
    for (size_t k = 0; k < N_OF(parts); k++) {
        if (!parts[k].value || !*parts[k].value)
            continue;
        ps_buf_printf(&b, ",%s=", parts[k].key);
        put_lp_escaped(&b, parts[k].value, ",= ");
    }
    out->tags = text_of(&b);
    put_lp_escaped(&b, p->counter && *p->counter ? p->counter : "unnamed", ",= ");
    out->field = text_of(&b);
    ps_buf_fini(&b);
}

void ps_ts_names_fini(ps_ts_names *n)
{
    if (!n)
        return;
    free(n->metric);
    free(n->labels);
    free(n->help);
    free(n->measurement);
    free(n->tags);
    free(n->field);
    memset(n, 0, sizeof *n);
}

ps_ts_format ps_ts_format_parse(const char *name)
{
    static const struct {
        const char *name;
        ps_ts_format f;
    } formats[] = {
        {"openmetrics", PS_TS_OPENMETRICS},
        {"influx", PS_TS_INFLUX},
    };
    for (size_t i = 0; name && i < N_OF(formats); i++)
        if (strcmp(name, formats[i].name) == 0)
            return formats[i].f;
    return 0;
}
