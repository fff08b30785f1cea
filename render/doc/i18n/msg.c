/* msg.c - the language table of the message catalogue and the number and date conventions
 * (ps_msg.h). The texts live in one file per language (msg_LANG.c). */
#include "ps_msg.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

extern const char *const ps_msg_en[PS_MSG_N],
    *const ps_msg_zh_tw[PS_MSG_N], *const ps_msg_zh_cn[PS_MSG_N], *const ps_msg_ja[PS_MSG_N],
                                                                      *const ps_msg_ko[PS_MSG_N],
                                                                          *const ps_msg_de[PS_MSG_N],
                                                                              *const ps_msg_fr[PS_MSG_N],
                                                                                  *const ps_msg_es[PS_MSG_N];
extern const char *const ps_jsl_zh_tw[PS_JSL_N];

static const char *const months_en[12] = {"January", "February", "March",     "April",   "May",      "June",
                                          "July",    "August",   "September", "October", "November", "December"};
static const char *const months_de[12] = {"Januar", "Februar", "März",      "April",   "Mai",      "Juni",
                                          "Juli",   "August",  "September", "Oktober", "November", "Dezember"};
static const char *const months_fr[12] = {"janvier", "février", "mars",      "avril",   "mai",      "juin",
                                          "juillet", "août",    "septembre", "octobre", "novembre", "décembre"};
static const char *const months_es[12] = {"enero", "febrero", "marzo",      "abril",   "mayo",      "junio",
                                          "julio", "agosto",  "septiembre", "octubre", "noviembre", "diciembre"};

#define NBSP "\xc2\xa0"

static const ps_lang langs[] = {
    {"en", "en", "English", ps_msg_en, ".", ",", "%M %d, %y", months_en, 0, NULL},
    {"zh-TW", "zh-Hant", "繁體中文", ps_msg_zh_tw, ".", ",", "%y年%m月%d日", NULL, 1, ps_jsl_zh_tw},
    {"zh-CN", "zh-Hans", "简体中文", ps_msg_zh_cn, ".", ",", "%y年%m月%d日", NULL, 1, NULL},
    {"ja", "ja", "日本語", ps_msg_ja, ".", ",", "%y年%m月%d日", NULL, 1, NULL},
    {"ko", "ko", "한국어", ps_msg_ko, ".", ",", "%y년 %m월 %d일", NULL, 1, NULL},
    {"de", "de", "Deutsch", ps_msg_de, ",", ".", "%d. %M %y", months_de, 0, NULL},
    {"fr", "fr", "Français", ps_msg_fr, ",", NBSP, "%d %M %y", months_fr, 0, NULL},
    {"es", "es", "Español", ps_msg_es, ",", ".", "%d de %M de %y", months_es, 0, NULL},
};
#define NLANGS (sizeof langs / sizeof langs[0])

const ps_lang *ps_lang_all(size_t *n)
{
    *n = NLANGS;
    return langs;
}

const ps_lang *ps_lang_en(void)
{
    return &langs[0];
}

/* Tag aliases: a prefix (case-insensitive, '_' = '-') -> the language tag. Longest first. */
static const struct {
    const char *prefix, *tag;
} aliases[] = {
    {"zh-hant", "zh-TW"}, {"zh-hans", "zh-CN"}, {"zh-tw", "zh-TW"}, {"zh-hk", "zh-TW"},
    {"zh-mo", "zh-TW"},   {"zh-cn", "zh-CN"},   {"zh-sg", "zh-CN"},
};

/* tag starts with prefix (case-insensitive, '_' = '-') followed by its end or a '-'. */
static int has_prefix(const char *tag, const char *prefix)
{
    size_t i = 0;
    for (; prefix[i]; i++) {
        char c = tag[i] == '_' ? '-' : (char)tolower((unsigned char)tag[i]);
        if (!c || c != prefix[i])
            return 0;
    }
    return tag[i] == 0 || tag[i] == '-' || tag[i] == '_';
}

const ps_lang *ps_lang_find(const char *tag)
{
    if (!tag || !*tag)
        return NULL;
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (has_prefix(tag, aliases[i].prefix))
            tag = aliases[i].tag;
    for (size_t i = 0; i < NLANGS; i++)
        if (strcasecmp(tag, langs[i].tag) == 0 || (!strchr(langs[i].tag, '-') && has_prefix(tag, langs[i].tag)))
            return &langs[i];
    return NULL;
}

const char *ps_msg(const ps_lang *l, enum ps_msg_id id)
{
    if ((unsigned)id >= PS_MSG_N)
        return "";
    const char *s = l ? l->msg[id] : NULL;
    return s ? s : ps_msg_en[id];
}

const char *ps_lang_num(const ps_lang *l, char *out, size_t n, double v, int decimals)
{
    if (!l)
        l = ps_lang_en();
    if (isnan(v)) {
        snprintf(out, n, "%s", ps_msg(l, PS_MSG_NA));
        return out;
    }
    char raw[64];
    snprintf(raw, sizeof raw, "%.*f", decimals < 0 ? 0 : decimals, fabs(v));
    char *dot = strchr(raw, '.');
    size_t nint = dot ? (size_t)(dot - raw) : strlen(raw);
    int zero = strspn(raw, "0.") == strlen(raw);
    size_t o = 0;
#define PUT(str)                                             \
    do {                                                     \
        for (const char *q_ = (str); *q_ && o + 1 < n; q_++) \
            out[o++] = *q_;                                  \
    } while (0)
    if (v < 0 && !zero)
        PUT("-");
    for (size_t i = 0; i < nint; i++) {
        if (i && (nint - i) % 3 == 0)
            PUT(l->group);
        char d[2] = {raw[i], 0};
        PUT(d);
    }
    if (dot) {
        PUT(l->decimal);
        PUT(dot + 1);
    }
#undef PUT
    if (n)
        out[o] = 0;
    return out;
}

const char *ps_lang_date(const ps_lang *l, char *out, size_t n, int y, int m, int d)
{
    if (!l)
        l = ps_lang_en();
    size_t o = 0;
    if (n)
        out[0] = 0;
    for (const char *p = l->date_fmt; *p && o + 1 < n; p++) {
        char part[64];
        if (*p != '%' || !p[1]) {
            out[o++] = *p;
            out[o] = 0;
            continue;
        }
        p++;
        if (*p == 'y')
            snprintf(part, sizeof part, "%d", y);
        else if (*p == 'm')
            snprintf(part, sizeof part, "%d", m);
        else if (*p == 'd')
            snprintf(part, sizeof part, "%d", d);
        else if (*p == 'M')
            snprintf(part, sizeof part, "%s", l->months && m >= 1 && m <= 12 ? l->months[m - 1] : "?");
        else
            snprintf(part, sizeof part, "%%%c", *p);
        int k = snprintf(out + o, n - o, "%s", part);
        o = k < 0 ? o : (size_t)k + o >= n ? n - 1 : o + (size_t)k;
    }
    return out;
}
