/* js_xml.c - JetstressConfig.xml and the result XML that Jetstress writes beside a report.
 *
 * Both are read with libxml2 without network access, without entity substitution
 * (no XML_PARSE_NOENT) and without loading a DTD or external entities. Text is taken from
 * text/CDATA children only: entity references are never expanded, so an external entity cannot
 * leak a local file and an entity-expansion bomb has nothing to expand. */
#include "js_internal.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int is_el(const xmlNode *n, const char *name)
{
    return n && n->type == XML_ELEMENT_NODE && strcmp((const char *)n->name, name) == 0;
}

xmlNode *js_next_node(xmlNode *n, const xmlNode *root, int skip_children)
{
    if (!skip_children && n->children && n->type == XML_ELEMENT_NODE)
        return n->children;
    while (n && n != root) {
        if (n->next)
            return n->next;
        n = n->parent;
    }
    return NULL;
}

/* First element called name below root (document order), NULL if none. */
static xmlNode *find(xmlNode *root, const char *name)
{
    for (xmlNode *n = root ? root->children : NULL; n; n = js_next_node(n, root, 0))
        if (is_el(n, name))
            return n;
    return NULL;
}

/* Own text of an element (text and CDATA children only, trimmed); entity references ignored. */
static char *own_text(const xmlNode *e)
{
    ps_buf b = {0};
    for (const xmlNode *c = e->children; c; c = c->next)
        if ((c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) && c->content)
            ps_buf_puts(&b, (const char *)c->content);
    char *t = js_trimdup(b.data ? b.data : "");
    ps_buf_fini(&b);
    return t;
}

/* Structured error handler: keep the first error (the parser reports several per fault). */
static void keep_first_error(void *user, xmlErrorPtr e)
{
    xmlParserCtxtPtr ctxt = user;
    xmlError *first = ctxt ? ctxt->_private : NULL;
    if (first && !first->code && e && e->level >= XML_ERR_ERROR)
        xmlCopyError(e, first);
}

/* Parse a document from a file with the safe options. */
static int read_xml(const char *path, xmlDocPtr *out, ps_warnings *w, ps_error *err)
{
    char *data;
    size_t len;
    *out = NULL;
    int rc = ps_text_slurp(path, JS_MAX_INPUT, &data, &len, err);
    if (rc)
        return rc;
    if (len == 0) {
        free(data);
        return ps_error_set(err, PS_EINPUT, path, 0, 0, "empty file");
    }
    xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
    if (!ctxt) {
        free(data);
        return ps_error_set(err, PS_EIO, path, 0, 0, "out of memory");
    }
    xmlError first;
    memset(&first, 0, sizeof first);
    ctxt->_private = &first;
    ctxt->sax->serror = keep_first_error; /* instead of printing */
    xmlDocPtr doc = xmlCtxtReadMemory(ctxt, data, (int)len, NULL, NULL, XML_PARSE_NONET | XML_PARSE_NOWARNING);
    free(data);
    if (!doc || !ctxt->wellFormed) {
        xmlErrorPtr e = first.code ? &first : xmlCtxtGetLastError(ctxt);
        rc = ps_error_set(err, PS_EINPUT, path, e ? e->line : 0, e ? e->int2 : 0, "malformed XML: %s",
                          e && e->message ? e->message : "unreadable");
        size_t l = strlen(err ? err->msg : "");
        if (err && l && err->msg[l - 1] == '\n')
            err->msg[l - 1] = 0;
        if (doc)
            xmlFreeDoc(doc);
        xmlResetError(&first);
        xmlFreeParserCtxt(ctxt);
        return rc;
    }
    xmlResetError(&first);
    xmlFreeParserCtxt(ctxt);
    if (doc->intSubset && doc->intSubset->entities)
        ps_warn(w, "%s: entity declarations ignored (entities are never expanded)", path);
    *out = doc;
    return PS_OK;
}

/* xsd:duration "PnYnMnDTnHnMnS" in seconds (Y = 365 d, M = 30 d); -1 when malformed. */
static double xsd_duration(const char *s)
{
    int neg = *s == '-';
    if (neg)
        s++;
    if (*s++ != 'P')
        return -1;
    double total = 0;
    int in_time = 0, any = 0;
    while (*s) {
        if (*s == 'T') {
            in_time = 1;
            s++;
            continue;
        }
        const char *st = s;
        while ((*s >= '0' && *s <= '9') || *s == '.')
            s++;
        double v;
        if (s == st || ps_parse_double(st, (size_t)(s - st), &v) != 0)
            return -1;
        double f;
        switch (*s) {
        case 'Y': f = in_time ? -1 : 365 * 86400.0; break;
        case 'M': f = in_time ? 60 : 30 * 86400.0; break;
        case 'D': f = in_time ? -1 : 86400; break;
        case 'H': f = in_time ? 3600 : -1; break;
        case 'S': f = in_time ? 1 : -1; break;
        default: f = -1;
        }
        if (f < 0)
            return -1;
        total += v * f;
        any = 1;
        s++;
    }
    return any ? (neg ? -total : total) : -1;
}

/* The range a configuration number must lie in (a value outside is bad input, never used):
 * counts are whole numbers; intervals, rates and latency limits are positive. */
typedef struct cfg_range {
    double lo, hi;
    int whole, lo_open;
} cfg_range;
#define CFG_COUNT    \
    {                \
        0, 1e9, 1, 0 \
    } /* MaximumLatencyErrors, ThreadCount, MailboxCount, copies */
#define CFG_POSITIVE(hi) \
    {                    \
        0, hi, 0, 1      \
    } /* > 0 and <= hi */
static const cfg_range CFG_PERCENT = {0, 100, 0, 0};
static const cfg_range CFG_LATENCY_MS = CFG_POSITIVE(3600e3); /* latency limits: at most an hour */

enum ctype { CT_STR, CT_NUM };
static const struct {
    const char *name;
    enum ctype t;
    size_t off;
    cfg_range r;
} CFG[] = {
    {"JetstressVersionGenerated", CT_STR, offsetof(ps_js_config, jetstress_version), {0, 0, 0, 0}},
    {"EseVersionGenerated", CT_STR, offsetof(ps_js_config, ese_version), {0, 0, 0, 0}},
    {"LogInterval", CT_NUM, offsetof(ps_js_config, log_interval_ms), CFG_POSITIVE(86400e3)},
    {"LogInterval2", CT_NUM, offsetof(ps_js_config, log_interval2_ms), CFG_POSITIVE(86400e3)},
    {"MaximumLatencyErrors", CT_NUM, offsetof(ps_js_config, max_latency_errors), CFG_COUNT},
    {"MailboxCount", CT_NUM, offsetof(ps_js_config, mailbox_count), CFG_COUNT},
    {"MailboxIops", CT_NUM, offsetof(ps_js_config, mailbox_iops), CFG_POSITIVE(1e6)},
    {"ThreadCount", CT_NUM, offsetof(ps_js_config, thread_count), CFG_COUNT},
    {"DatabaseCopyCount", CT_NUM, offsetof(ps_js_config, copies_per_db), CFG_COUNT},
    {"MailboxQuota", CT_NUM, offsetof(ps_js_config, mailbox_quota_mb), CFG_POSITIVE(1e12)},
};
static const char *const THRESH[4] = {"AverageDatabaseReadLatency", "MaximumDatabaseReadLatency",
                                      "AverageLogWriteLatency", "MaximumLogWriteLatency"};
static const char *const MIX[4] = {"InsertOps", "DeleteOps", "ReplaceOps", "LazyCommits"};

/* The number in t (NAN with a warning when empty or not a number); a number outside r is an
 * error (PS_EINPUT at path:line), *out untouched. */
static int num_value(const char *path, const char *what, const char *t, long line, const cfg_range *r, double *out,
                     ps_warnings *w, ps_error *err)
{
    double v;
    *out = NAN;
    if (!*t) {
        ps_warn(w, "%s:%ld: <%s> is empty", path, line, what);
        return PS_OK;
    }
    if (ps_parse_double(t, strlen(t), &v) != 0) {
        ps_warn(w, "%s:%ld: <%s> '%s' is not a number, ignored", path, line, what, t);
        return PS_OK;
    }
    if (!(r->lo_open ? v > r->lo : v >= r->lo) || !(v <= r->hi) || (r->whole && v != floor(v)))
        return ps_error_set(err, PS_EINPUT, path, line, 0,
                            "<%s> %s is out of range: expected %s %s %.15g and at most %.15g", what, t,
                            r->whole ? "a whole number" : "a number", r->lo_open ? "above" : "from", r->lo, r->hi);
    *out = v;
    return PS_OK;
}

static int read_thresholds(const char *path, xmlNode *th, ps_js_threshold_set *set, ps_warnings *w, ps_error *err)
{
    double *f[4] = {&set->avg_db_read_ms, &set->max_db_read_ms, &set->avg_log_write_ms, &set->max_log_write_ms};
    int rc = PS_OK;
    for (int i = 0; i < 4 && !rc; i++) {
        xmlNode *e = find(th, THRESH[i]);
        *f[i] = NAN;
        if (e) {
            char *t = own_text(e);
            rc = num_value(path, THRESH[i], t, xmlGetLineNo(e), &CFG_LATENCY_MS, f[i], w, err);
            free(t);
        }
    }
    return rc;
}

int ps_js_config_read(const char *path, ps_js_config **out, ps_warnings *w, ps_error *err)
{
    *out = NULL;
    xmlDocPtr doc;
    int rc = read_xml(path, &doc, w, err);
    if (rc)
        return rc;
    xmlNode *root = xmlDocGetRootElement(doc);
    if (!is_el(root, "configuration") || !find(root, "TestDesignInfo")) {
        rc = ps_error_set(err, PS_EINPUT, path, root ? xmlGetLineNo(root) : 0, 0,
                          "not a JetstressConfig.xml (root <%s>, no <TestDesignInfo>)",
                          root ? (const char *)root->name : "?");
        xmlFreeDoc(doc);
        return rc;
    }
    ps_js_config *c = ps_xcalloc(1, sizeof *c);
    c->source = ps_xstrdup(path);
    double *nums[] = {&c->duration_s,       &c->log_interval_ms, &c->log_interval2_ms, &c->max_latency_errors,
                      &c->mailbox_count,    &c->mailbox_iops,    &c->thread_count,     &c->copies_per_db,
                      &c->mailbox_quota_mb, &c->insert_pct,      &c->delete_pct,       &c->replace_pct,
                      &c->read_pct,         &c->lazy_commit_pct};
    for (size_t i = 0; i < sizeof nums / sizeof nums[0]; i++)
        *nums[i] = NAN;
    ps_js_threshold_set *sets[2] = {&c->strict, &c->lenient};
    for (int i = 0; i < 2; i++)
        sets[i]->avg_db_read_ms = sets[i]->max_db_read_ms = sets[i]->avg_log_write_ms = sets[i]->max_log_write_ms = NAN;
    for (size_t i = 0; i < sizeof CFG / sizeof CFG[0] && !rc; i++) {
        xmlNode *e = find(root, CFG[i].name);
        if (!e)
            continue;
        char *t = own_text(e);
        if (CFG[i].t == CT_STR) {
            *(char **)((char *)c + CFG[i].off) = *t ? ps_xstrdup(t) : NULL;
        } else {
            rc =
                num_value(path, CFG[i].name, t, xmlGetLineNo(e), &CFG[i].r, (double *)((char *)c + CFG[i].off), w, err);
        }
        free(t);
    }
    xmlNode *e = find(root, "UseEseCounters");
    if (e) { /* Jetstress: false = measure by LogicalDisk (the 2007 form) */
        char *t = own_text(e);
        c->ese_counters_off = strcasecmp(t, "false") == 0 || strcmp(t, "0") == 0;
        if (!c->ese_counters_off && strcasecmp(t, "true") != 0 && strcmp(t, "1") != 0)
            ps_warn(w, "%s:%ld: <UseEseCounters> '%s' is not true or false, ignored", path, (long)xmlGetLineNo(e), t);
        free(t);
    }
    e = find(root, "Type");
    if (e) {
        char *t = own_text(e);
        c->test_type = ps_test_type_parse(t);
        if (c->test_type == PS_TEST_UNKNOWN)
            ps_warn(w,
                    "%s:%ld: <Type> '%s' is not a Jetstress test type (Performance, Stress, DatabaseBackup, "
                    "SoftRecovery)",
                    path, (long)xmlGetLineNo(e), t);
        free(t);
    }
    if ((e = find(root, "Duration")) != NULL) {
        char *t = own_text(e);
        double d = xsd_duration(t);
        if (d < 0 && *t == '-')
            rc = rc ? rc : ps_error_set(err, PS_EINPUT, path, xmlGetLineNo(e), 0, "<Duration> %s is negative", t);
        else if (d < 0)
            ps_warn(w, "%s:%ld: <Duration> '%s' is not an xsd:duration", path, (long)xmlGetLineNo(e), t);
        else
            c->duration_s = d;
        free(t);
    }
    if ((e = find(root, "OperationMix")) != NULL) {
        double *mix[4] = {&c->insert_pct, &c->delete_pct, &c->replace_pct, &c->lazy_commit_pct};
        for (int i = 0; i < 4; i++) {
            xmlChar *a = xmlGetProp(e, (const xmlChar *)MIX[i]);
            if (a && !rc)
                rc = num_value(path, MIX[i], (const char *)a, xmlGetLineNo(e), &CFG_PERCENT, mix[i], w, err);
            xmlFree(a);
        }
        if (!isnan(c->insert_pct) && !isnan(c->delete_pct) && !isnan(c->replace_pct))
            c->read_pct = 100 - c->insert_pct - c->delete_pct - c->replace_pct;
        if (!rc && c->read_pct < 0)
            rc = ps_error_set(err, PS_EINPUT, path, xmlGetLineNo(e), 0,
                              "<OperationMix> inserts, deletes and replaces add up to %g%%, over 100%%",
                              100 - c->read_pct);
    }
    for (xmlNode *n = root->children; n; n = js_next_node(n, root, 0)) {
        if (!is_el(n, "Thresholds"))
            continue;
        xmlChar *name = xmlGetProp(n, (const xmlChar *)"Name");
        if (rc) {
            ; /* an error above: nothing more is read */
        } else if (name && strcasecmp((const char *)name, "Strict") == 0) {
            rc = read_thresholds(path, n, &c->strict, w, err);
            c->has_strict = 1;
        } else if (name && strcasecmp((const char *)name, "Lenient") == 0) {
            rc = read_thresholds(path, n, &c->lenient, w, err);
            c->has_lenient = 1;
        } else {
            ps_warn(w, "%s:%ld: <Thresholds Name=\"%s\"> ignored", path, (long)xmlGetLineNo(n),
                    name ? (const char *)name : "");
        }
        xmlFree(name);
    }
    xmlFreeDoc(doc);
    if (rc) {
        ps_js_config_free(c);
        return rc;
    }
    *out = c;
    return PS_OK;
}

/* ------------------------------------------------------------------ result XML */

void ps_js_result_xml_fini(ps_js_result_xml *x)
{
    if (!x)
        return;
    free(x->root);
    free(x->sample_element);
    free(x->machine);
    memset(x, 0, sizeof *x);
}

int ps_js_result_xml_read(const char *path, ps_js_result_xml *out, ps_warnings *w, ps_error *err)
{
    memset(out, 0, sizeof *out);
    out->samples = -1;
    xmlDocPtr doc;
    int rc = read_xml(path, &doc, w, err);
    if (rc)
        return rc;
    xmlNode *root = xmlDocGetRootElement(doc);
    if (!root) {
        xmlFreeDoc(doc);
        return ps_error_set(err, PS_EINPUT, path, 0, 0, "empty XML document");
    }
    out->root = ps_xstrdup((const char *)root->name);
    long best = 0;
    const xmlChar *best_name = NULL;
    for (xmlNode *n = root; n; n = js_next_node(n, root, 0)) {
        if (n->type != XML_ELEMENT_NODE)
            continue;
        /* the longest run of same-named sibling elements = the sample records */
        /* previous element sibling's name, kept while walking: looking it up from each child
         * was quadratic in the number of text/comment/entity siblings */
        const xmlChar *prev = NULL;
        for (xmlNode *c = n->children; c; c = c->next) {
            if (c->type != XML_ELEMENT_NODE)
                continue;
            int same = prev && xmlStrEqual(prev, c->name);
            prev = c->name;
            if (same)
                continue;
            long k = 0; /* length of the run of same-named siblings (text between them skipped) */
            for (xmlNode *d = c; d; d = d->next) {
                if (d->type != XML_ELEMENT_NODE)
                    continue;
                if (!xmlStrEqual(d->name, c->name))
                    break;
                k++;
            }
            if (k > best) {
                best = k;
                best_name = c->name;
            }
        }
        if (!out->machine) { /* "\\MACHINE\..." in an attribute or text; names end at these */
            static const char stop[] = "\\\"<> \t\r\n";
            for (xmlAttr *a = n->properties; a && !out->machine; a = a->next)
                if (a->children && a->children->content)
                    out->machine = js_machine_in((const char *)a->children->content, stop);
            for (xmlNode *c = n->children; c && !out->machine; c = c->next)
                if (c->type == XML_TEXT_NODE && c->content)
                    out->machine = js_machine_in((const char *)c->content, stop);
        }
    }
    if (best >= 2) {
        out->samples = best;
        out->sample_element = ps_xstrdup((const char *)best_name);
    }
    xmlFreeDoc(doc);
    return PS_OK;
}
