/* Unit tests: audit of the published papers under $PS_SHARED_DIR/seeds (skipped when absent).
 * Expected values are hand arithmetic (interval rule and rounding: docs/formats.md#papers). */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "ps_parser.h"

static int load(const char *name, ps_audit *a)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/seeds/%s", PS_SHARED_DIR, name);
    if (access(path, R_OK) != 0)
        return 0;
    ps_paper *p = NULL;
    ps_error err;
    cr_assert_eq(ps_paper_read(path, &p, NULL, &err), 0, "%s", err.msg);
    memset(a, 0, sizeof *a);
    ps_audit_run(p, NULL, a);
    ps_paper_free(p);
    return 1;
}

static size_t count(const ps_audit *a, const char *kind, enum ps_severity sev)
{
    size_t n = 0;
    for (size_t i = 0; i < a->n; i++)
        n += strcmp(a->findings[i].kind, kind) == 0 && a->findings[i].severity == sev;
    return n;
}

Test(seeds, intel_v2_transfers_mean_seconds_and_stress)
{
    ps_audit a;
    if (!load("intel-500-mailbox-esrp-v2-exchange2007.txt", &a))
        cr_skip_test("seed not available");
    int mean = 0, unit_r = 0, unit_w = 0;
    for (size_t i = 0; i < a.n; i++) {
        const ps_finding *f = &a.findings[i];
        if (strcmp(f->kind, "transfers-not-sum") == 0) {
            /* 132.593 = (71.512 + 193.674)/2; expected 265.186 */
            cr_assert_float_eq(f->stated, 132.593, 1e-9);
            cr_assert_float_eq(f->expected, 265.186, 1e-9);
            cr_assert(strstr(f->message, "mean"));
            mean++;
        }
        if (strcmp(f->kind, "unit-seconds-as-ms") == 0) {
            cr_assert_eq(f->severity, PS_SEV_ERROR);
            unit_r += fabs(f->stated - 0.010) < 1e-12 && fabs(f->expected - 10) < 1e-9;
            unit_w += fabs(f->stated - 0.036) < 1e-12 && fabs(f->expected - 36) < 1e-9;
        }
    }
    cr_assert_eq(mean, 1);
    cr_assert_eq(unit_r, 1);
    cr_assert_eq(unit_w, 1);
    cr_assert_eq(count(&a, "wrong-test-used", PS_SEV_ERROR), 1);
    /* lost digits ("... Latency (ms) 0.") are absent, never a wrong value */
    cr_assert_geq(count(&a, "absent-value", PS_SEV_INFO), 1);
    cr_assert_eq(ps_audit_count(&a, PS_SEV_ERROR), 4);
    ps_audit_fini(&a);
}

Test(seeds, equallogic_percentages_all_within_rounding)
{
    ps_audit a;
    if (!load("equallogic-exchange2010-sizing-study.txt", &a))
        cr_skip_test("seed not available");
    cr_assert_eq(count(&a, "percentage-mismatch", PS_SEV_ERROR), 0);
    cr_assert_eq(count(&a, "percentage-table-skipped", PS_SEV_INFO), 0);
    /* tables 6, 10, 15, 16, 20 as transcribed: 9 + 9 + 9 + 9 + 8 non-base cells with both numbers */
    cr_assert_eq(a.pct_checked, 44);
    ps_audit_fini(&a);
}

Test(seeds, qnap_zh_tw_lost_numbers_no_error)
{
    ps_audit a;
    if (!load("qnap-es1640dc-jetstress-2013-zh-tw.txt", &a))
        cr_skip_test("seed not available");
    cr_assert_eq(ps_audit_count(&a, PS_SEV_WARNING), 0);
    cr_assert_geq(count(&a, "absent-value", PS_SEV_INFO), 1);
    ps_audit_fini(&a);
}
