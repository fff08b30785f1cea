/* cmd_audit.c - 'perfscribe audit [--paper FILE] [PAPER.pdf] [RUN...] [--format text|json|html] [-o FILE]'. */
#include "cli.h"
#include "ps_paper_pdf.h"
#include "ps_audit_out.h"
#include "ps_js_words.h"

#include <stdlib.h>
#include <string.h>

typedef struct audit_opts {
    const char *paper; /* --paper, or the PDF operand */
    enum ps_format fmt; /* -f/--format */
    ps_cli_list outs; /* -o (repeatable: one file per format) */
    int checks, unread;
} audit_opts;

static const ps_opt_doc audit_opts_doc[] = {
    {NULL, "--paper", "FILE", PS_VAL_FILE, "txt pdf", 0, "paper to read claims from: its text, or the PDF itself",
     .kind = PS_ARG_STR, .at = offsetof(audit_opts, paper)},
    PS_CLI_FORMAT_OPT(audit_opts, fmt, "text json html",
                      "output format: text (default), json or html; default from the -o extension"),
    PS_CLI_OUTPUT_OPT(audit_opts, outs, "txt json html",
                      "write to FILE (atomically) instead of standard output; repeat for several formats"),
    {NULL, "--checks", NULL, PS_VAL_NONE, NULL, 0, "list the checks (kind, severity, tolerance, explanation) and exit",
     .kind = PS_ARG_FLAG, .at = offsetof(audit_opts, checks)},
    {NULL, "--unread", NULL, PS_VAL_NONE, NULL, 0,
     "list every number of the paper attached to no claim, with its line and the words before it", .kind = PS_ARG_FLAG,
     .at = offsetof(audit_opts, unread)},
};

const ps_cmd_doc ps_doc_audit = {
    .name = "audit",
    .section = 1,
    .summary = "audit published ESRP papers and Jetstress reports",
    .synopsis = "[--paper FILE] [PAPER.pdf] [RUN...] [-f text|json|html] [-o FILE]... [--unread]",
    .description = "Audit a published ESRP paper (the PDF itself, or its text, e.g. from 'pdftotext -layout') "
                   "and/or Jetstress runs (report folders, HTML reports, counter logs). A PDF operand is "
                   "the paper (known by its content, not its name). Findings are sorted by severity, then "
                   "location: FILE:LINE in a text, FILE:pPAGE:LLINE in a PDF; the last line says how many "
                   "numbers and labels were read and how many were not understood (--unread lists them).",
    .opts = audit_opts_doc,
    .nopts = PS_DOC_N(audit_opts_doc),
    .operands = PS_VAL_PATH,
    .exit_status = "0 no error finding, 1 error findings or nothing checked, 2 usage, 3 bad input, 4 I/O error "
                   "(also: poppler-glib missing for a PDF paper)",
    .see_also = "perfscribe-jetstress(1), perfscribe-report(1)",
};

static int list_checks(ps_cli *cli, const char *out)
{
    size_t n;
    const ps_audit_check *c = ps_audit_checks(&n);
    ps_buf b = {0};
    for (size_t i = 0; i < n; i++)
        ps_buf_printf(&b, "%-33s %-7s %s\n%33s tolerance: %s\n", c[i].kind, ps_severity_name(c[i].severity),
                      c[i].explain, "", c[i].tolerance);
    int rc = ps_cli_write(cli, out, &b, NULL, 0);
    ps_buf_fini(&b);
    return rc;
}

static const enum ps_format audit_formats[] = {PS_FMT_TEXT, PS_FMT_JSON, PS_FMT_HTML, PS_FMT_NONE};

/* Audit, render every output, and judge: error findings or nothing checked is PS_EFAIL. */
static int audit(ps_cli *cli, const audit_opts *o, const ps_cli_list *runs, const ps_cli_out *outs, size_t nouts)
{
    ps_paper *paper = NULL;
    ps_js_run *run = NULL;
    int rc = PS_OK;
    if (o->paper)
        rc = ps_paper_read(o->paper, &paper, &cli->warnings, &cli->err);
    if (!rc && runs->n) {
        /* built-in threshold sets, target IOPS from the reports; an empty run is not an error */
        ps_cli_js js = {.paths = runs->v, .npaths = runs->n, .p.allow_empty = 1};
        rc = ps_cli_js_load(cli, &js, &run);
    }
    /* outputs must not overwrite any input: the paper and every RUN path */
    const char **all = ps_xcalloc(runs->n + 1, sizeof *all);
    size_t nin = 0;
    if (o->paper)
        all[nin++] = o->paper;
    for (size_t i = 0; i < runs->n; i++)
        all[nin++] = runs->v[i];
    ps_audit a = {.reason_words = ps_js_reason_words_en};
    if (!rc)
        ps_audit_run(paper, run, &a);
    for (size_t i = 0; i < nouts && !rc; i++) {
        ps_buf b = {0};
        rc = ps_audit_render_coverage(&b, &a, paper, o->unread, outs[i].fmt, paper ? paper->source : "perfscribe audit",
                                      &cli->err);
        if (!rc)
            rc = ps_cli_write_fmt(cli, outs[i].path, outs[i].fmt, &b, all, nin);
        ps_buf_fini(&b);
    }
    if (!rc && ps_audit_count(&a, PS_SEV_ERROR))
        rc = PS_EFAIL;
    if (!rc && a.checked == 0) { /* nothing compared: no pass can be claimed */
        ps_warn(&cli->warnings, "nothing was checked: no number could be compared (see the coverage line)");
        rc = PS_EFAIL;
    }
    if (rc == PS_OK || rc == PS_EFAIL)
        snprintf(cli->verdict, sizeof cli->verdict, "perfscribe audit: %zu error finding%s, %zu number%s checked",
                 ps_audit_count(&a, PS_SEV_ERROR), ps_audit_count(&a, PS_SEV_ERROR) == 1 ? "" : "s", a.checked,
                 a.checked == 1 ? "" : "s");
    ps_audit_fini(&a);
    free(all);
    ps_paper_free(paper);
    ps_js_run_free(run);
    return rc;
}

int ps_cmd_audit(int argc, char **argv, ps_cli *cli)
{
    audit_opts o = {0};
    ps_cli_list args = {0}, runs = {0};
    ps_cli_out *outs = NULL;
    size_t nouts = 0;
    int rc = ps_cli_parse(cli, &ps_doc_audit, argc, argv, &o, &args);
    runs.v = ps_xcalloc(args.n + 1, sizeof *runs.v);
    for (size_t i = 0; i < args.n && !rc; i++) {
        if (!ps_paper_file_is_pdf(args.v[i]))
            runs.v[runs.n++] = args.v[i];
        else if (o.paper)
            rc = ps_cli_usage(cli, "one paper at a time: '%s' and '%s'", o.paper, args.v[i]);
        else
            o.paper = args.v[i];
    }
    if (!rc && o.checks)
        rc = list_checks(cli, o.outs.n ? o.outs.v[0] : NULL);
    else if (!rc && !o.paper && !runs.n)
        rc = ps_cli_usage(cli, "nothing to audit: give --paper FILE and/or RUN paths");
    else if (!rc && !(rc = ps_cli_outputs(cli, &o.outs, o.fmt, audit_formats, PS_FMT_TEXT, &outs, &nouts)))
        rc = audit(cli, &o, &runs, outs, nouts);
    free(outs);
    free(runs.v);
    ps_cli_parse_free(&ps_doc_audit, &o, &args);
    return rc == PS_CLI_DONE ? PS_OK : rc;
}
