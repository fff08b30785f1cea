/* doc_esrp_internal.h - private to the ESRP outline builders (doc_esrp.c, doc_front.c). */
#ifndef PS_DOC_ESRP_INTERNAL_H
#define PS_DOC_ESRP_INTERNAL_H

#include "doc_build.h"
#include "ps_js_words.h"

typedef struct build_ctx {
    ps_doc *d;
    const ps_js_run *run;
    const ps_solution *sol;
    unsigned char *used; /* per solution entry */
    ps_buf missing; /* "document.vendor, ..." */
    const ps_js_server *perf; /* first Performance server (else first server) */
    size_t nmachines;
    ps_error *err; /* first error of the vendor's texts (an image) */
    int rc; /* its code; 0 = none */
} build_ctx;

/* doc_front.c: solution lookups. sol_entry: the entry (marked used) or NULL; sol_get: its
 * value, NULL when absent or empty; sol_want: the same, a missing key recorded for the one
 * "not provided" warning; sol_need: sol_want's value or "not provided" (for a table cell or a
 * paragraph of its own, never inside a sentence). */
const ps_solution_entry *sol_entry(build_ctx *c, const char *section, const char *key);
const char *sol_get(build_ctx *c, const char *section, const char *key);
const char *sol_want(build_ctx *c, const char *section, const char *key);
const char *sol_need(build_ctx *c, const char *section, const char *key);
/* A vendor text (CommonMark) as blocks, headings nested under heading level `level`. fallback
 * (plain text, may be NULL) when the key is absent; with neither, "not provided". An image error
 * is kept in c->rc / c->err (the first one). */
void sol_text(build_ctx *c, const char *section, const char *key, int level, const char *fallback);
/* The front matter (overview ... contact) and the conclusion. */
void doc_front(build_ctx *c);
void doc_conclusion(build_ctx *c);
/* The support and resources appendix ([text] support, then the ESRP program's page). */
void doc_support(build_ctx *c, const char *letter);

/* doc_esrp.c: facts of the run in the document's words */
/* The solution's mailboxes ([document] mailboxes, else the servers' sum), "3,750"; NULL unknown. */
const char *doc_mailboxes_text(build_ctx *c, char *b, size_t n);
/* "2 hours", "30 minutes" in L. */
const char *doc_duration(const ps_lang *L, ps_time span, char *b, size_t n);
const char *doc_verdict_word(const ps_lang *L, enum ps_verdict_result v);
/* "Performance Test", ... in L. */
const char *doc_test_title(const ps_lang *L, enum ps_test_type t);
/* doc_verify.c: the ESRP qualification paragraph from the model (ps_js_qualify_run; a run that
 * does not qualify gets the DRAFT watermark), and the "Verification of the Results" section. */
void doc_qualification(build_ctx *c);
void doc_verification(build_ctx *c);
/* doc_deploy.c: per-server facts over the servers the configuration describes. */
double doc_srv_mailboxes(const ps_js_server *s);
double doc_srv_sum(const build_ctx *c, double (*f)(const ps_js_server *));
const char *doc_exchange_version(build_ctx *c);
const char *doc_esrp_version_text(int esrp);
/* The four tested-deployment tables, each with its [section] footnote below it. */
void doc_tested_deployment(build_ctx *c);

#endif
