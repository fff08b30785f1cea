/* ps_rules.h - perfscribe parser: analysis rule files (own format, PAL threshold XML) and the
 * built-in rule packs. Format: docs/readme/analyze.md. Library code never prints or exits. */
#ifndef PS_RULES_H
#define PS_RULES_H

#include "ps_analyze.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Parse rules in perfscribe's format from memory and append them to *set; name is used in
 * messages and in every rule's origin ("name:LINE").
 * Errors: PS_EINPUT with FILE:LINE:COL (unknown key, bad value, rule incomplete, bad
 * expression, duplicate id, NUL byte, invalid UTF-8). *set may hold the rules before the error. */
int ps_rules_parse_text(const char *text, size_t len, const char *name, ps_an_ruleset *set, ps_error *err);
/* Read a rule file: PAL threshold XML when the first non-blank character is '<' (see
 * ps_rules_import_pal), else perfscribe's format. Noted as an input (ps_input_note).
 * Errors: PS_EIO (unreadable), PS_EINPUT (as above; file larger than 8 MiB). */
int ps_rules_read(const char *path, ps_an_ruleset *set, ps_warnings *w, ps_error *err);
/* Import a PAL threshold file: every enabled ANALYSIS with at least one StaticThreshold
 * becomes a rule (warning/critical limits, operator, the chart's StaticChartThreshold bands,
 * description); <INHERITANCE FILEPATH> files beside it are imported after it (an analysis ID
 * already seen is not imported again: the child overrides). Analyses that cannot be imported
 * are counted in set->refused with the reason. Errors: PS_EIO, PS_EINPUT (malformed XML). */
int ps_rules_import_pal(const char *path, ps_an_ruleset *set, ps_warnings *w, ps_error *err);

/* Built-in packs: names in display order ("system", "exchange-mailbox", ...), NULL-terminated. */
const char *const *ps_rules_pack_names(void);
/* Text of a pack (static, NUL-terminated), NULL for an unknown name. */
const char *ps_rules_pack_text(const char *name, size_t *len);
/* Append the rules of a built-in pack. Errors: PS_EUSAGE (unknown pack), PS_EINPUT (a bad
 * pack: a bug, caught by the tests). */
int ps_rules_load_pack(const char *name, ps_an_ruleset *set, ps_error *err);
/* First "title = " line of the pack's [pack] section (static copy per call: valid until the
 * next call), "" when absent. */
const char *ps_rules_pack_title(const char *name);

#ifdef __cplusplus
}
#endif
#endif
