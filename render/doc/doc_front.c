/* doc_front.c - the vendor's part of the ESRP document: solution lookups, the front matter
 * (abstract, revisions, overview ... contact), the conclusion and acknowledgements. Every text
 * value is CommonMark, turned into blocks by doc_markdown.c. */
#include "doc_esrp_internal.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ solution lookups */

const ps_solution_entry *sol_entry(build_ctx *c, const char *section, const char *key)
{
    if (!c->sol)
        return NULL;
    for (size_t i = 0; i < c->sol->nentries; i++) {
        const ps_solution_entry *e = &c->sol->entries[i];
        if (strcmp(e->section, section) == 0 && strcmp(e->key, key) == 0) {
            c->used[i] = 1;
            return e;
        }
    }
    return NULL;
}

const char *sol_get(build_ctx *c, const char *section, const char *key)
{
    const ps_solution_entry *e = sol_entry(c, section, key);
    return e && e->value[0] ? e->value : NULL;
}

const char *sol_need(build_ctx *c, const char *section, const char *key)
{
    const char *v = sol_get(c, section, key);
    if (v)
        return v;
    ps_buf_printf(&c->missing, "%s%s.%s", c->missing.len ? ", " : "", section, key);
    return "not provided";
}

void sol_text(build_ctx *c, const char *section, const char *key, int level, const char *fallback)
{
    const ps_solution_entry *e = sol_entry(c, section, key);
    if (c->rc)
        return;
    if (e && e->value[0]) {
        c->rc = doc_markdown(c->d, e->value, level, c->sol->source, e->line, c->err);
        return;
    }
    doc_para(c->d, "%s", fallback ? fallback : sol_need(c, section, key));
}

/* ------------------------------------------------------------------ front matter */

static const char standard_disclaimer[] =
    "This document has been produced independently of Microsoft Corporation. Microsoft Corporation "
    "expressly disclaims responsibility for, and makes no warranty, express or implied, with respect to, "
    "the accuracy of the contents of this document. The information contained in this document "
    "represents the current view of the vendor on the issues discussed as of the date of publication.";

/* [document] revisions: one "DATE | description" line per revision, as a two-column table. */
static void revisions(build_ctx *c)
{
    const ps_solution_entry *e = sol_entry(c, "document", "revisions");
    if (!e || !e->value[0])
        return;
    doc_heading(c->d, 1, 0, "Revisions");
    doc_table *t = doc_table_new(c->d, "Revisions", 2);
    t->width[0] = 1;
    t->width[1] = 4;
    size_t r = doc_row(t, DOC_ROW_HEAD);
    doc_cell(t, r, 0, "Date");
    doc_cell(t, r, 1, "Description");
    long line = e->line;
    for (const char *p = e->value; *p && !c->rc;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        const char *bar = memchr(p, '|', n);
        if (n && !bar) {
            c->rc = ps_error_set(c->err, PS_EINPUT, c->sol->source, line, 1,
                                 "[document] revisions: expected 'DATE | description' on each line, got '%.*s'",
                                 (int)n, p);
            break;
        }
        if (n) {
            char *date = ps_xstrndup(p, (size_t)(bar - p)), *what = ps_xstrndup(bar + 1, n - (size_t)(bar - p) - 1);
            char *pd = doc_markdown_plain(date), *pw = doc_markdown_plain(what);
            r = doc_row(t, DOC_ROW_BODY);
            doc_cell(t, r, 0, pd);
            doc_cell(t, r, 1, pw);
            free(pd);
            free(pw);
            free(date);
            free(what);
        }
        line++;
        p = nl ? nl + 1 : p + n;
    }
}

void doc_front(build_ctx *c)
{
    ps_doc *d = c->d;
    const char *ver = doc_exchange_version(c);
    if (sol_get(c, "text", "abstract")) {
        doc_heading(d, 1, 1, "Abstract");
        sol_text(c, "text", "abstract", 1, NULL);
    }
    revisions(c);
    doc_heading(d, 1, !sol_get(c, "text", "abstract"), "Overview");
    doc_para(d, "This document provides information on %s's storage solution for Microsoft Exchange Server %s, "
                "based on the Microsoft Exchange Solution Reviewed Program (ESRP) – Storage. For any questions or "
                "comments regarding the contents of this document, see Contact for Additional Information.",
             d->vendor, ver);
    doc_para(d, "The ESRP – Storage program was developed by Microsoft Corporation to provide a common storage "
                "testing framework for vendors to provide information on their storage solutions for Microsoft "
                "Exchange Server software. For more details on the Microsoft ESRP – Storage program, please visit "
                "the Microsoft web site.");
    if (sol_get(c, "text", "overview"))
        sol_text(c, "text", "overview", 1, NULL);
    doc_heading(d, 1, 0, "Disclaimer");
    sol_text(c, "text", "disclaimer", 1, standard_disclaimer);
    doc_heading(d, 1, 0, "Features");
    sol_text(c, "text", "features", 1, NULL);
    doc_heading(d, 1, 0, "Solution Description");
    sol_text(c, "text", "solution_description", 1, NULL);
    doc_heading(d, 1, 0, "Targeted Customer Profile");
    sol_text(c, "text", "customer_profile", 1, NULL);
    doc_heading(d, 1, 1, "Tested Deployment");
    doc_para(d, "The following tables summarize the testing environment.");
    doc_tested_deployment(c);
    doc_heading(d, 1, 1, "Best Practices");
    doc_para(d, "Exchange Server is a disk-intensive application. Based on the testing run using the ESRP "
                "framework, the following practices are recommended for storage design with this solution.");
    sol_text(c, "text", "best_practices", 1, NULL);
    doc_heading(d, 2, 0, "Backup Strategy");
    sol_text(c, "text", "backup_strategy", 2, NULL);
    doc_heading(d, 2, 0, "Contact for Additional Information");
    sol_text(c, "text", "contact", 2, NULL);
}

void doc_conclusion(build_ctx *c)
{
    doc_heading(c->d, 1, 1, "Conclusion");
    doc_para(c->d, "This document is developed by the storage solution provider and reviewed by the Microsoft "
                   "Exchange product team. The test results and data presented in this document are based on "
                   "the tests introduced in the ESRP v%s test framework. Customers should not quote the data "
                   "directly for their pre-deployment verification. It is still necessary to go through the "
                   "exercises to validate the storage design for a specific customer environment.",
             doc_esrp_version_text(c->d->esrp));
    doc_para(c->d, "The ESRP program is not designed to be a benchmarking program; tests are not designed to get "
                   "the maximum throughput for a given solution. Rather, it is focused on producing "
                   "recommendations from vendors for the Exchange application. Thus, the data presented in this "
                   "document should not be used for direct comparisons among the solutions.");
    if (sol_get(c, "text", "conclusion"))
        sol_text(c, "text", "conclusion", 1, NULL);
    if (sol_get(c, "text", "acknowledgements")) {
        doc_heading(c->d, 1, 0, "Acknowledgements");
        sol_text(c, "text", "acknowledgements", 1, NULL);
    }
}
