/* rules_pal_internal.h - private to the PAL threshold import: rules_pal.c (files, analyses)
 * and rules_pal_limits.c (the texts, questions, threshold lines and codes of an analysis). */
#ifndef PS_RULES_PAL_INTERNAL_H
#define PS_RULES_PAL_INTERNAL_H

#include "pal_xml.h"
#include "ps_hash.h"
#include "ps_rules.h"

#include <libxml/tree.h>
#include <regex.h>

typedef struct pal_ctx {
    ps_an_ruleset *set;
    ps_warnings *w;
    regex_t re_th, re_var, re_chart, re_trend;
    ps_hash ids; /* analysis IDs seen (the child overrides) */
    int depth;
} pal_ctx;

#define prop ps_xml_prop
#define is_el ps_xml_is

/* The threshold codes of an analysis whose limits PowerShell computes. */
typedef struct computed {
    ps_an_code *code[16];
    enum ps_an_sev sev[16];
    size_t n;
    char var[96]; /* the collection every StaticThreshold tests */
    int op, trend;
    char why[300];
} computed;

typedef struct limits {
    double warn, crit;
    int op; /* -1 unknown */
    int trend; /* -1 unknown, 0 value tests, 1 -IsTrendOnly $True */
    char var[128];
    const char *why; /* refusal */
    int computed; /* a limit is a PowerShell $variable (PAL asks questions for them) */
    ps_an_band bands[16];
    size_t nbands;
} limits;

/* Text and CDATA children of n appended to b (entities are never expanded). */
void ps_pal_node_text(xmlNode *n, ps_buf *b);
/* s with HTML tags removed and white space folded (heap), NULL when nothing is left. */
char *ps_pal_strip_html(const char *s);
/* The DATASOURCE of a statistics-only section: the one the analysis names PRIMARYDATASOURCE,
 * else its first CounterLog one (NULL: none). */
xmlNode *ps_pal_primary_datasource(xmlNode *an);
/* PAL question variables ($NAME) the thresholds' code uses, with their questions, as one text
 * (heap); NULL when the code uses none. */
char *ps_pal_questions_used(pal_ctx *cx, xmlNode *an);
/* A QUESTION of the file, kept once per variable (the first one read wins). */
void ps_pal_add_question(pal_ctx *cx, xmlNode *q);
/* Free the compiled codes of cp. */
void ps_pal_computed_free(computed *cp);
/* Compile the first CODE of every THRESHOLD (PAL runs only that one) and check it evaluates
 * with PAL's default answers: 0, or -1 with cp->why. */
int ps_pal_compile_codes(pal_ctx *cx, xmlNode *an, computed *cp);
/* The DATASOURCE of the analysis whose COLLECTIONVARNAME is var, NULL when none. */
xmlNode *ps_pal_datasource(xmlNode *an, const char *var);
/* Every line of the CODE children of parent read into l: StaticThreshold calls (chart = 0) or
 * StaticChartThreshold bands (chart = 1) of severity sev. */
void ps_pal_each_code_line(pal_ctx *cx, xmlNode *parent, enum ps_an_sev sev, limits *l, int chart);
/* PAL's ConvertToDataType: DATATYPE integer -> 0 decimals, roundN -> N, anything else (double,
 * absent) -> -1, no rounding. */
int ps_pal_datatype_digits(xmlNode *ds);
/* The severity of attribute attr of n: critical when it says so, else warning. */
enum ps_an_sev ps_pal_condition(xmlNode *n, const char *attr);

#endif
