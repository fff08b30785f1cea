/* cmd_audit.c - 'perfscribe audit [--paper FILE] [PAPER.pdf] [RUN...] [--format text|json|html] [-o FILE]'. */
#include "cli.h"
#include "ps_paper_pdf.h"
#include "ps_audit_out.h"

#include <stdlib.h>
#include <string.h>

static const ps_opt_doc audit_opts[] = {
    {NULL, "--paper", "FILE", PS_VAL_FILE, "txt pdf", 0, "paper to read claims from: its text, or the PDF itself"},
    {NULL, "--format", "FMT", PS_VAL_WORDS, "text json html", 0,
     "output format: text (default), json or html; default from the -o extension"},
    {"-o", NULL, "FILE", PS_VAL_OUTPUT, "txt json html", 0, "write to FILE (atomically) instead of standard output"},
    {NULL, "--checks", NULL, PS_VAL_NONE, NULL, 0,
     "list the checks (kind, severity, tolerance, explanation) and exit"},
    {NULL, "--unread", NULL, PS_VAL_NONE, NULL, 0,
     "list every number of the paper attached to no claim, with its line and the words before it"},
    {"-q", NULL, NULL, PS_VAL_NONE, NULL, 0, "no progress bar"},
};

const ps_cmd_doc ps_doc_audit = {
    .name = "audit",
    .section = 1,
    .summary = "audit published ESRP papers and Jetstress reports",
    .synopsis = "[--paper FILE] [PAPER.pdf] [RUN...] [--format text|json|html] [-o FILE] [--unread]",
    .description = "Audit a published ESRP paper (the PDF itself, or its text, e.g. from 'pdftotext -layout') "
                   "and/or Jetstress runs (report folders, HTML reports, counter logs). A PDF operand is "
                   "the paper (known by its content, not its name). Findings are sorted by severity, then "
                   "location: FILE:LINE in a text, FILE:pPAGE:LLINE in a PDF; the last line says how many "
                   "numbers and labels were read and how many were not understood (--unread lists them).",
    .opts = audit_opts,
    .nopts = PS_DOC_N(audit_opts),
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

int ps_cmd_audit(int argc, char **argv, ps_cli *cli)
{
    const char *paper_path = NULL, *out = NULL, *fmt_name = NULL;
    const char **runs = ps_xcalloc((size_t)argc + 1, sizeof *runs);
    size_t nruns = 0;
    int want_checks = 0, want_unread = 0, rc = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            free(runs);
            return ps_cli_help(cli, &ps_doc_audit);
        } else if (strcmp(a, "--paper") == 0 || strcmp(a, "--format") == 0 || strcmp(a, "-o") == 0) {
            if (i + 1 >= argc) {
                free(runs);
                return ps_cli_usage(cli, "%s needs a value", a);
            }
            const char **dst = a[2] == 'p' ? &paper_path : a[1] == 'o' ? &out : &fmt_name;
            if (*dst) {
                free(runs);
                return ps_cli_usage(cli, "%s given twice", a);
            }
            *dst = argv[++i];
        } else if (strncmp(a, "--paper=", 8) == 0 && !paper_path) {
            paper_path = a + 8;
        } else if (strncmp(a, "--format=", 9) == 0 && !fmt_name) {
            fmt_name = a + 9;
        } else if (strcmp(a, "--checks") == 0) {
            want_checks = 1;
        } else if (strcmp(a, "--unread") == 0) {
            want_unread = 1;
        } else if (strcmp(a, "-q") == 0) {
            cli->quiet = 1;
        } else if (a[0] == '-' && a[1]) {
            free(runs);
            return ps_cli_usage(cli, "unknown option '%s'", a);
        } else if (ps_paper_file_is_pdf(a)) {
            if (paper_path) {
                free(runs);
                return ps_cli_usage(cli, "one paper at a time: '%s' and '%s'", paper_path, a);
            }
            paper_path = a;
        } else {
            runs[nruns++] = a;
        }
    }
    if (want_checks) {
        free(runs);
        return list_checks(cli, out);
    }
    enum ps_format fmt = PS_FMT_TEXT;
    if (fmt_name) {
        fmt = ps_format_parse(fmt_name);
    } else if (out && strcmp(out, "-") != 0) {
        enum ps_format f = ps_format_from_path(out);
        fmt = f == PS_FMT_NONE ? PS_FMT_TEXT : f;
    }
    if (fmt != PS_FMT_TEXT && fmt != PS_FMT_JSON && fmt != PS_FMT_HTML) {
        free(runs);
        return ps_cli_usage(cli, "--format must be text, json or html");
    }
    if (!paper_path && !nruns) {
        free(runs);
        return ps_cli_usage(cli, "nothing to audit: give --paper FILE and/or RUN paths");
    }
    ps_paper *paper = NULL;
    ps_js_run *run = NULL;
    if (paper_path)
        rc = ps_paper_read(paper_path, &paper, &cli->warnings, &cli->err);
    if (!rc && nruns) {
        /* built-in threshold sets, target IOPS from the reports; an empty run is not an error */
        ps_cli_js js = {.paths = runs, .npaths = nruns, .allow_empty = 1};
        rc = ps_cli_js_load(cli, &js, &run);
    }
    if (!rc) {
        ps_audit a = {0};
        ps_audit_run(paper, run, &a);
        ps_buf b = {0};
        rc = ps_audit_render_coverage(&b, &a, paper, want_unread, fmt, paper ? paper->source : "perfscribe audit",
                                      &cli->err);
        if (!rc) {
            /* outputs must not overwrite any input: the paper and every RUN path */
            const char **all = ps_xcalloc(nruns + 1, sizeof *all);
            size_t nin = 0;
            if (paper_path)
                all[nin++] = paper_path;
            for (size_t i = 0; i < nruns; i++)
                all[nin++] = runs[i];
            rc = ps_cli_write(cli, out, &b, all, nin);
            free(all);
        }
        if (!rc && ps_audit_count(&a, PS_SEV_ERROR))
            rc = PS_EFAIL;
        if (!rc && a.checked == 0) {   /* nothing compared: no pass can be claimed */
            ps_warn(&cli->warnings, "nothing was checked: no number could be compared (see the coverage line)");
            rc = PS_EFAIL;
        }
        ps_buf_fini(&b);
        ps_audit_fini(&a);
    }
    ps_paper_free(paper);
    ps_js_run_free(run);
    free(runs);
    return rc;
}
