/* doc_esrp.c - the ESRP document outline (ESRP v2/v3/v4) as a plain tree: front matter,
 * tested deployment tables, test result summary; the vendor's texts in doc_front.c, appendices
 * in doc_appendix.c, tree helpers in doc_tree.c. */
#include "doc_esrp_internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ derived facts */

static int is_perf(const ps_js_server *s)
{
    return s->test_type == PS_TEST_PERFORMANCE;
}

/* The mailboxes of the solution: [document] mailboxes (a number is printed in the language's
 * convention, "3,750") or the sum over the servers' JetstressConfig.xml; NULL when unknown. */
const char *doc_mailboxes_text(build_ctx *c, char *b, size_t n)
{
    const char *v = sol_get(c, "document", "mailboxes");
    if (v) {
        char *end;
        double x = strtod(v, &end);
        if (end != v && !*end && x >= 0 && x == floor(x))
            return ps_lang_num(c->d->lang, b, n, x, 0);
        return v;
    }
    double m = doc_srv_sum(c, doc_srv_mailboxes);
    return isnan(m) ? NULL : ps_lang_num(c->d->lang, b, n, m, 0);
}

/* Length of a collection window (0 when unknown). */
static ps_time window_span(const ps_js_server *s)
{
    return s->window_start != PS_TIME_NONE && s->window_end != PS_TIME_NONE && s->window_end > s->window_start
               ? s->window_end - s->window_start
               : 0;
}

const char *doc_duration(const ps_lang *L, ps_time span, char *b, size_t n)
{
    long hours = (long)((span + 1800000) / 3600000), minutes = (long)((span + 30000) / 60000);
    char num[32];
    if (hours >= 1 && llabs((long long)span - (long long)hours * 3600000) <= 5 * 60000) { /* whole hours */
        if (hours == 1)
            snprintf(b, n, "%s", ps_msg(L, PS_MSG_HOUR));
        else
            snprintf(b, n, ps_msg(L, PS_MSG_HOURS), ps_lang_num(L, num, sizeof num, (double)hours, 0));
    } else if (minutes == 1) {
        snprintf(b, n, "%s", ps_msg(L, PS_MSG_MINUTE));
    } else {
        snprintf(b, n, ps_msg(L, PS_MSG_MINUTES), ps_lang_num(L, num, sizeof num, (double)minutes, 0));
    }
    return b;
}

/* The durations of the tests of one type as one phrase: "2 hours", "30 minutes to 2 hours";
 * NULL when no such test has a window. */
static const char *durations(build_ctx *c, enum ps_test_type type, char *b, size_t n)
{
    ps_time lo = 0, hi = 0;
    for (size_t i = 0; i < c->run->nservers; i++) {
        const ps_js_server *s = &c->run->servers[i];
        ps_time sp = s->test_type == type ? window_span(s) : 0;
        if (!sp)
            continue;
        lo = !lo || sp < lo ? sp : lo;
        hi = sp > hi ? sp : hi;
    }
    if (!lo)
        return NULL;
    char x[64], y[64];
    doc_duration(c->d->lang, lo, x, sizeof x);
    doc_duration(c->d->lang, hi, y, sizeof y);
    if (strcmp(x, y) == 0)
        snprintf(b, n, "%s", x);
    else
        snprintf(b, n, ps_msg(c->d->lang, PS_MSG_RANGE), x, y);
    return b;
}

/* The machines that ran a test of type, as "MBX01, MBX02 and MBX03". */
static void machines_of(build_ctx *c, enum ps_test_type type, ps_buf *out)
{
    size_t n = 0, k = 0;
    for (size_t i = 0; i < c->run->nservers; i++)
        n += c->run->servers[i].test_type == type;
    for (size_t i = 0; i < c->run->nservers; i++) {
        const ps_js_server *s = &c->run->servers[i];
        if (s->test_type != type)
            continue;
        if (k)
            ps_buf_puts(out, ps_msg(c->d->lang, k + 1 == n ? PS_MSG_LIST_AND : PS_MSG_LIST_SEP));
        ps_buf_puts(out, s->machine ? s->machine : "?");
        k++;
    }
}

/* "2013" from a Jetstress / ESE version "15.00.1497.000", else from the ESRP version. */
const char *doc_exchange_version(build_ctx *c)
{
    const char *v = sol_get(c, "document", "exchange_version");
    if (v)
        return v;
    const char *jv = c->perf ? c->perf->jetstress_version : NULL;
    if (jv) {
        int major = atoi(jv);
        if (major >= 15)
            return "2013";
        if (major == 14)
            return "2010";
        if (major == 8)
            return "2007";
    }
    return c->d->esrp == 2 ? "2007" : c->d->esrp == 3 ? "2010" : "2013";
}

const char *doc_esrp_version_text(int esrp)
{
    return esrp == 2 ? "2.1" : esrp == 3 ? "3.0" : "4.0";
}

/* ------------------------------------------------------------------ test result summary */

typedef struct perf_row {
    enum ps_msg_id v2, v34; /* ESRP's own row labels per version (the audit reads the English ones back:
                             * parser/paper/paper_patterns.c) */
    size_t off;
    int group;
} perf_row;
static const perf_row perf_rows[] = {
    {PS_MSG_SUM_V2_DB_TRANSFERS, PS_MSG_SUM_DB_TRANSFERS, offsetof(ps_js_summary, db_transfers_per_sec), 0},
    {PS_MSG_SUM_V2_DB_READS, PS_MSG_SUM_DB_READS, offsetof(ps_js_summary, db_reads_per_sec), 0},
    {PS_MSG_SUM_V2_DB_WRITES, PS_MSG_SUM_DB_WRITES, offsetof(ps_js_summary, db_writes_per_sec), 0},
    {PS_MSG_SUM_DB_READ_LAT, PS_MSG_SUM_DB_READ_LAT, offsetof(ps_js_summary, db_read_latency_ms), 0},
    {PS_MSG_SUM_DB_WRITE_LAT, PS_MSG_SUM_DB_WRITE_LAT, offsetof(ps_js_summary, db_write_latency_ms), 0},
    {PS_MSG_SUM_V2_LOG_WRITES, PS_MSG_SUM_LOG_WRITES, offsetof(ps_js_summary, log_writes_per_sec), 1},
    {PS_MSG_SUM_LOG_WRITE_LAT, PS_MSG_SUM_LOG_WRITE_LAT, offsetof(ps_js_summary, log_write_latency_ms), 1},
};

/* A summary row's label in L: ESRP's English term, after its translation in another language
 * ("Datenbank-Datenträger: Übertragungen/s (Database Disks Transfers/sec)"), as the appendices
 * keep Jetstress's own labels: the term is what ESRP and the audit know the row by. */
static char *row_label(const ps_lang *L, enum ps_msg_id id)
{
    ps_buf b = {0};
    if (!L || L == ps_lang_en()) {
        ps_buf_puts(&b, ps_msg(NULL, id));
        return ps_buf_steal(&b);
    }
    const ps_msg_field f[] = {{"local", ps_msg(L, id)}, {"esrp", ps_msg(NULL, id)}};
    ps_msg_fill(&b, ps_msg(L, PS_MSG_SUM_TERM), f, 2);
    return ps_buf_steal(&b);
}

static double sum_field(const ps_js_summary *s, size_t off)
{
    return *(const double *)((const char *)s + off);
}

static void perf_table(build_ctx *c, const char *caption, const ps_js_summary *s)
{
    const ps_lang *L = c->d->lang;
    doc_table *t = doc_table_new(c->d, caption, 2);
    t->width[0] = 3;
    t->right[1] = 1;
    size_t r = doc_row(t, DOC_ROW_HEAD);
    doc_cell(t, r, 0, caption);
    doc_cell(t, r, 1, ps_msg(L, PS_MSG_COL_VALUE));
    int group = -1;
    for (size_t i = 0; i < sizeof perf_rows / sizeof perf_rows[0]; i++) {
        if (perf_rows[i].group != group) {
            group = perf_rows[i].group;
            r = doc_row(t, DOC_ROW_GROUP);
            doc_cell(t, r, 0, ps_msg(L, group == 0 ? PS_MSG_DB_IO : PS_MSG_LOG_IO));
        }
        char v[48];
        r = doc_row(t, DOC_ROW_BODY);
        char *label = row_label(L, c->d->esrp == 2 ? perf_rows[i].v2 : perf_rows[i].v34);
        doc_cell(t, r, 0, label);
        free(label);
        doc_cell(t, r, 1, ps_fmt_num(v, sizeof v, sum_field(s, perf_rows[i].off), 3));
    }
    char a[32], b[32], l[32];
    ps_buf note = {0};
    ps_buf_printf(&note, ps_msg(L, PS_MSG_LATENCY_NOTE), ps_fmt_num(a, sizeof a, s->db_read_latency_ms_weighted, 3),
                  ps_fmt_num(b, sizeof b, s->db_write_latency_ms_weighted, 3),
                  ps_fmt_num(l, sizeof l, s->log_write_latency_ms_weighted, 3));
    doc_add(c->d, DOC_NOTE, note.data);
    ps_buf_fini(&note);
}

const char *doc_verdict_word(const ps_lang *L, enum ps_verdict_result v)
{
    return ps_msg(L, v == PS_VERDICT_PASS ? PS_MSG_PASS : v == PS_VERDICT_FAIL ? PS_MSG_FAIL : PS_MSG_NOT_JUDGED);
}

const char *doc_test_title(const ps_lang *L, enum ps_test_type t)
{
    switch (t) {
    case PS_TEST_PERFORMANCE: return ps_msg(L, PS_MSG_TEST_PERFORMANCE);
    case PS_TEST_STRESS: return ps_msg(L, PS_MSG_TEST_STRESS);
    case PS_TEST_BACKUP: return ps_msg(L, PS_MSG_TEST_BACKUP);
    case PS_TEST_SOFTRECOVERY: return ps_msg(L, PS_MSG_TEST_SOFTRECOVERY);
    default: return ps_msg(L, PS_MSG_TEST_OTHER);
    }
}

/* Reliability: what the run holds (a stress test, and for how long, or none), then every
 * test's result. Nothing is said of tests the run does not have. */
static void reliability(build_ctx *c)
{
    const ps_lang *L = c->d->lang;
    doc_heading(c->d, 2, 0, "%s", ps_msg(L, PS_MSG_RELIABILITY));
    char dur[96];
    if (durations(c, PS_TEST_STRESS, dur, sizeof dur)) {
        ps_buf who = {0};
        machines_of(c, PS_TEST_STRESS, &who);
        doc_para(c->d, ps_msg(L, PS_MSG_RELIABILITY_STRESS), dur, who.data ? who.data : "");
        ps_buf_fini(&who);
    } else {
        doc_para(c->d, "%s", ps_msg(L, PS_MSG_RELIABILITY_NO_STRESS));
    }
    doc_para(c->d, "%s", ps_msg(L, PS_MSG_RELIABILITY_LIST));
    ps_buf line = {0};
    doc_block *b = doc_add(c->d, DOC_LIST, NULL);
    b->lines = ps_xcalloc(c->run->nservers, sizeof *b->lines);
    for (size_t i = 0; i < c->run->nservers; i++) {
        const ps_js_server *s = &c->run->servers[i];
        ps_buf_reset(&line);
        enum ps_verdict_result v = s->verdict.result;
        if (v == PS_VERDICT_UNKNOWN && s->report && s->report->result >= 0) /* no criteria: as Jetstress printed it */
            v = s->report->result ? PS_VERDICT_PASS : PS_VERDICT_FAIL;
        ps_buf_printf(&line, ps_msg(L, PS_MSG_TEST_LINE), s->machine ? s->machine : "?",
                      doc_test_title(L, s->test_type), doc_verdict_word(L, v));
        b->lines[b->nlines++] = ps_buf_steal(&line);
    }
    ps_buf_fini(&line);
}

static void recovery_table(build_ctx *c, int backup)
{
    const ps_lang *L = c->d->lang;
    enum ps_test_type type = backup ? PS_TEST_BACKUP : PS_TEST_SOFTRECOVERY;
    const char *title = ps_msg(L, backup ? (c->d->esrp == 2 ? PS_MSG_READONLY_V2 : PS_MSG_READONLY) : PS_MSG_REPLAY);
    doc_heading(c->d, 3, 0, "%s", title);
    int any = 0;
    for (size_t i = 0; i < c->run->nservers; i++)
        any |=
            c->run->servers[i].test_type == type && c->run->servers[i].report && c->run->servers[i].report->nrecovery;
    if (!any) {
        doc_para(c->d, "%s", ps_msg(L, backup ? PS_MSG_READONLY_NOT_TESTED : PS_MSG_REPLAY_NOT_TESTED));
        return;
    }
    doc_para(c->d, "%s", ps_msg(L, backup ? PS_MSG_READONLY_INTRO : PS_MSG_REPLAY_INTRO));
    /* one column per server, one row per figure (the audit reads the columns as servers) */
    size_t ns = 0;
    for (size_t i = 0; i < c->run->nservers; i++)
        ns += c->run->servers[i].test_type == type && c->run->servers[i].report;
    doc_table *t = doc_table_new(c->d, title, ns + 1);
    t->width[0] = 2.4;
    size_t r = doc_row(t, DOC_ROW_HEAD), r1 = doc_row(t, DOC_ROW_BODY), r2 = backup ? doc_row(t, DOC_ROW_BODY) : 0;
    doc_cell(t, r, 0, ps_msg(L, PS_MSG_COL_SERVER));
    doc_cell(
        t, r1, 0,
        ps_msg(L, backup ? (c->d->esrp == 2 ? PS_MSG_COL_MB_READ_SG : PS_MSG_COL_MB_READ_DB) : PS_MSG_COL_SEC_PER_LOG));
    if (backup)
        doc_cell(t, r2, 0, ps_msg(L, PS_MSG_COL_MB_READ_SERVER));
    size_t col = 1;
    for (size_t i = 0; i < c->run->nservers; i++) {
        const ps_js_server *s = &c->run->servers[i];
        if (!s->report || s->test_type != type)
            continue;
        double sum = 0;
        size_t n = 0;
        for (size_t k = 0; k < s->report->nrecovery; k++) {
            const ps_js_recovery_row *rr = &s->report->recovery[k];
            if (rr->is_summary)
                continue;
            double v = backup ? rr->mb_per_sec : rr->sec_per_log;
            if (isnan(v) && !backup && rr->logs_replayed > 0)
                v = rr->elapsed_s / rr->logs_replayed;
            if (isnan(v))
                continue;
            sum += v;
            n++;
        }
        char a[32], b[32];
        t->right[col] = 1;
        doc_cell(t, r, col, s->machine ? s->machine : "?");
        doc_cell(t, r1, col, ps_fmt_num(a, sizeof a, n ? sum / (double)n : NAN, 3));
        if (backup)
            doc_cell(t, r2, col, ps_fmt_num(b, sizeof b, n ? sum : NAN, 3));
        col++;
    }
}

static void summary(build_ctx *c)
{
    const ps_lang *L = c->d->lang;
    doc_heading(c->d, 1, 1, "%s", ps_msg(L, PS_MSG_TEST_RESULT_SUMMARY));
    doc_para(c->d, "%s", ps_msg(L, PS_MSG_SUMMARY_INTRO));
    doc_qualification(c);
    reliability(c);
    doc_failures(c->d, c->run); /* why a failing test failed (doc_failure.c) */
    doc_heading(c->d, 2, 0, "%s", ps_msg(L, PS_MSG_STORAGE_PERF));
    char dur[96];
    enum ps_test_type shown = c->perf ? c->perf->test_type : PS_TEST_PERFORMANCE;
    if (durations(c, shown, dur, sizeof dur))
        doc_para(c->d, ps_msg(L, PS_MSG_PERF_INTRO), dur, dur);
    else
        doc_para(c->d, "%s", ps_msg(L, PS_MSG_PERF_INTRO_NODUR));
    size_t nperf = 0;
    for (size_t i = 0; i < c->run->nservers; i++) {
        const ps_js_server *s = &c->run->servers[i];
        if (c->perf && is_perf(c->perf) && !is_perf(s))
            continue;
        nperf++;
        if (is_perf(s))
            doc_heading(c->d, 3, 0, ps_msg(L, PS_MSG_INDIVIDUAL_SERVER), s->machine ? s->machine : "?");
        else
            doc_heading(c->d, 3, 0, "%s – %s", s->machine ? s->machine : "?", doc_test_title(L, s->test_type));
        perf_table(c, ps_msg(L, PS_MSG_INDIVIDUAL_SERVER_TABLE), &s->summary);
    }
    if (nperf > 1) {
        doc_heading(c->d, 3, 0, "%s", ps_msg(L, PS_MSG_AGGREGATE));
        doc_para(c->d, "%s", ps_msg(L, PS_MSG_AGGREGATE_INTRO));
        perf_table(c, ps_msg(L, PS_MSG_AGGREGATE_TABLE), &c->run->aggregate);
    }
    doc_heading(c->d, 2, 0, "%s", ps_msg(L, PS_MSG_BACKUP_RECOVERY));
    recovery_table(c, 1);
    recovery_table(c, 0);
}

/* Section numbers as real papers print them: "1", "1.1", "1.1.1" in the paper proper (from
 * block 0), "A.1" under the appendices (from block first > 0: the appendix letter is the word
 * after the "Appendix" of the level-1 heading; level 3 stays unnumbered there). Headings marked
 * number = -1 (abstract, revisions) are not numbered. */
static void number_sections(ps_doc *d, size_t first)
{
    int n[3] = {0, 0, 0};
    char letter[16] = "";
    size_t end = d->nblocks;
    for (size_t i = first; i < end; i++) {
        doc_block *b = &d->blocks[i];
        if (b->kind != DOC_HEADING || b->number < 0 || b->level < 1 || b->level > 3)
            continue;
        if (first && b->level == 1) { /* "Appendix A – MBX01": keep its text, take its letter */
            const char *sp = strchr(b->text, ' ');
            size_t k = 0;
            while (sp && sp[1 + k] && sp[1 + k] != ' ' && k + 1 < sizeof letter) {
                letter[k] = sp[1 + k];
                k++;
            }
            letter[k] = 0;
            n[1] = 0;
            continue;
        }
        if (first && b->level == 3)
            continue;
        n[b->level - 1]++;
        for (int k = b->level; k < 3; k++)
            n[k] = 0;
        ps_buf t = {0};
        if (first)
            ps_buf_printf(&t, "%s.%d %s", letter, n[1], b->text);
        else if (b->level == 1)
            ps_buf_printf(&t, "%d %s", n[0], b->text);
        else if (b->level == 2)
            ps_buf_printf(&t, "%d.%d %s", n[0], n[1], b->text);
        else
            ps_buf_printf(&t, "%d.%d.%d %s", n[0], n[1], n[2], b->text);
        free(b->text);
        b->text = ps_buf_steal(&t);
    }
}

/* The language of the run's Jetstress reports when every report that names one names the same
 * known language; else English. */
/* The generated title: "Vendor Product 3,750 Mailbox Resiliency Exchange 2013 Storage Solution"
 * in L, vendor and product each only when given; with neither, the pattern without a name
 * ("3,750 Mailbox Resiliency Exchange 2013 Storage Solution"). */
static void title_of(ps_buf *t, const ps_lang *L, const char *vendor, const char *product, const char *mailboxes,
                     const char *res, const char *server, const char *ver)
{
    if (!vendor && !product) {
        ps_buf_printf(t, ps_msg(L, PS_MSG_TITLE_NO_VENDOR), mailboxes, res, server, ver);
        return;
    }
    ps_buf name = {0};
    ps_buf_printf(&name, "%s%s%s", vendor ? vendor : "", vendor && product ? " " : "", product ? product : "");
    ps_buf_printf(t, ps_msg(L, PS_MSG_TITLE), name.data, mailboxes, res, server, ver);
    ps_buf_fini(&name);
}

static const ps_lang *run_language(const ps_js_run *run)
{
    const ps_lang *l = NULL;
    for (size_t i = 0; i < run->nservers; i++) {
        const ps_js_report *r = run->servers[i].report;
        if (!r || !r->language)
            continue;
        const ps_lang *x = ps_lang_find(r->language);
        if (!x || (l && l != x))
            return ps_lang_en();
        l = x;
    }
    return l ? l : ps_lang_en();
}

int ps_doc_build(const ps_js_run *run, const ps_solution *sol, const ps_doc_options *opt, ps_doc **out, ps_warnings *w,
                 ps_error *err)
{
    *out = NULL;
    int esrp = opt && opt->esrp ? opt->esrp : 4;
    if (esrp < 2 || esrp > 4)
        return ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "ESRP version must be 2, 3 or 4 (got %d)", esrp);
    if (!run || !run->nservers)
        return ps_error_set(err, PS_EINPUT, NULL, 0, 0, "no Jetstress server found: nothing to report");
    int rc = doc_template_dir_check(opt ? opt->template_dir : NULL, err);
    if (rc)
        return rc;
    ps_doc *d = ps_xcalloc(1, sizeof *d);
    d->esrp = esrp;
    d->template_dir = ps_xstrdup(opt ? opt->template_dir : NULL);
    d->paper_letter = opt ? opt->paper_letter : 0;
    d->date = opt ? opt->date : 0;
    d->lang = opt && opt->lang ? opt->lang : run_language(run);
    build_ctx c = {.d = d, .run = run, .sol = sol, .err = err};
    c.used = ps_xcalloc(sol ? sol->nentries + 1 : 1, 1);
    for (size_t i = 0; i < run->nservers; i++) {
        if (!c.perf || (is_perf(&run->servers[i]) && !is_perf(c.perf)))
            c.perf = &run->servers[i];
        int seen = 0;
        for (size_t k = 0; k < i && !seen; k++)
            seen = run->servers[k].machine && run->servers[i].machine &&
                   strcmp(run->servers[k].machine, run->servers[i].machine) == 0;
        c.nmachines += !seen;
    }
    const char *vendor = sol_want(&c, "document", "vendor"), *product = sol_want(&c, "document", "product");
    d->vendor = ps_xstrdup(vendor ? vendor : ""); /* "" = none: no cover line, footer or "'s" */
    d->author = ps_xstrdup(sol_get(&c, "document", "author") ? sol_get(&c, "document", "author") : d->vendor);
    char mb[64];
    const char *mailboxes = doc_mailboxes_text(&c, mb, sizeof mb);
    const char *res = sol_get(&c, "document", "resiliency");
    double copies = NAN;
    for (size_t i = 0; i < run->nservers; i++) {
        const ps_js_server *s = &run->servers[i];
        double v = s->report ? s->report->copies_per_db : NAN;
        v = isnan(v) && s->config ? s->config->copies_per_db : v;
        copies = isnan(copies) || v > copies ? v : copies;
    }
    int resilient = res ? (res[0] == 'y' || res[0] == 'Y' || res[0] == '1' || res[0] == 't') : copies > 1;
    const char *title = sol_get(&c, "document", "title");
    ps_buf t = {0};
    if (title)
        ps_buf_puts(&t, title);
    else
        title_of(&t, d->lang, vendor, product, mailboxes ? mailboxes : ps_msg(d->lang, PS_MSG_NA),
                 resilient ? ps_msg(d->lang, PS_MSG_RESILIENCY_WORD) : "",
                 esrp == 2 ? ps_msg(d->lang, PS_MSG_SERVER_WORD) : "", doc_exchange_version(&c));
    d->title = ps_buf_steal(&t);
    ps_buf_printf(&t, ps_msg(d->lang, PS_MSG_SUBTITLE), doc_esrp_version_text(esrp));
    d->subtitle = ps_buf_steal(&t);
    const char *date = sol_get(&c, "document", "date");
    if (date) {
        d->date_text = ps_xstrdup(date);
    } else {
        int y, mo, dd, h, mi, s, ms;
        char db[96];
        ps_time_to_fields(opt ? opt->date : 0, &y, &mo, &dd, &h, &mi, &s, &ms);
        d->date_text = ps_xstrdup(ps_lang_date(d->lang, db, sizeof db, y, mo, dd));
    }
    const ps_solution_entry *logo = sol_entry(&c, "document", "logo");
    if (logo && logo->value[0])
        c.rc = doc_image_load(logo->value, sol->source, logo->line, logo->col, &d->logo, err);
    if (!c.rc)
        doc_front(&c);
    if (!c.rc) {
        summary(&c);
        doc_conclusion(&c);
        doc_verification(&c);
        for (size_t i = 0; i < d->nblocks; i++) /* the tables of the paper proper are listed */
            if (d->blocks[i].table)
                d->blocks[i].table->number = ++d->ntables;
        number_sections(d, 0);
        size_t first = d->nblocks;
        int letters = doc_build_appendices(d, run);
        char l[16];
        doc_appendix_letter(letters, l, sizeof l);
        doc_support(&c, l);
        number_sections(d, first);
    }
    if (c.rc) {
        ps_buf_fini(&c.missing);
        free(c.used);
        ps_doc_free(d);
        return c.rc;
    }
    if (c.missing.len)
        ps_warn(w, "solution description: not provided (printed as \"not provided\"): %s", c.missing.data);
    ps_buf_fini(&c.missing);
    if (sol) {
        ps_buf unk = {0};
        for (size_t i = 0; i < sol->nentries; i++)
            if (!c.used[i])
                ps_buf_printf(&unk, "%s%s:%ld: [%s] %s", unk.len ? ", " : "", sol->source, sol->entries[i].line,
                              sol->entries[i].section, sol->entries[i].key);
        if (unk.len)
            ps_warn(w, "solution description: unknown keys ignored: %s", unk.data);
        ps_buf_fini(&unk);
    }
    free(c.used);
    *out = d;
    return 0;
}
