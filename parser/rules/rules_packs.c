/* rules_packs.c - the built-in rule packs (parser/rules/packs/NAME.rules, embedded). */
#include "ps_rules.h"

#include <stdio.h>
#include <string.h>

typedef struct {
    const char *name;
    const unsigned char *data;
    size_t len;
} ps_embedded_file;
extern const ps_embedded_file ps_embedded_rule_packs[];

/* Display order; every name has a file NAME.rules. */
static const char *const pack_names[] = {"system", "exchange-mailbox", "sql-server", "hyper-v", "iis", NULL};

const char *const *ps_rules_pack_names(void)
{
    return pack_names;
}

const char *ps_rules_pack_text(const char *name, size_t *len)
{
    char file[128];
    snprintf(file, sizeof file, "%s.rules", name);
    for (const ps_embedded_file *f = ps_embedded_rule_packs; f->name; f++)
        if (strcmp(f->name, file) == 0) {
            if (len)
                *len = f->len;
            return (const char *)f->data;
        }
    return NULL;
}

int ps_rules_load_pack(const char *name, ps_an_ruleset *set, ps_error *err)
{
    size_t len;
    const char *text = ps_rules_pack_text(name, &len);
    if (!text) {
        err->code = PS_EUSAGE;
        err->file[0] = 0;
        err->line = err->col = 0;
        snprintf(err->msg, sizeof err->msg, "unknown rule pack '%s' (see 'perfscribe analyze --rules list')", name);
        return PS_EUSAGE;
    }
    char label[160];
    snprintf(label, sizeof label, "pack:%s", name);
    return ps_rules_parse_text(text, len, label, set, err);
}

const char *ps_rules_pack_title(const char *name)
{
    static char title[256];
    title[0] = 0;
    const char *t = ps_rules_pack_text(name, NULL);
    const char *p = t ? strstr(t, "\ntitle = ") : NULL;
    if (p) {
        p += 9;
        size_t n = strcspn(p, "\r\n");
        snprintf(title, sizeof title, "%.*s", (int)n, p);
    }
    return title;
}
