/* Unit tests: parser/paper/paper.c take_number bounds (finding F28): a figure longer than the number
 * buffer (63 characters) is not a number - never cut short, never written past the buffer. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "ps_parser.h"

static ps_paper *parse(const char *text)
{
    ps_paper *p = NULL;
    ps_error err;
    ps_error_clear(&err);
    int rc = ps_paper_parse("t.txt", text, strlen(text), &p, NULL, &err);
    cr_assert_eq(rc, 0, "parse failed: %s", err.msg);
    return p;
}

static const ps_claim *first(const ps_paper *p, enum ps_metric m)
{
    for (size_t i = 0; i < p->nclaims; i++)
        if (p->claims[i].metric == m)
            return &p->claims[i];
    return NULL;
}

/* "Average Database Disk Transfers/sec " followed by intdig '8's, then ".5" when frac */
static ps_paper *transfers(size_t intdig, int frac)
{
    char text[512];
    size_t k = (size_t)snprintf(text, sizeof text,
                                "Tested with: ESRP - Storage Version 2.1\n"
                                "Average Database Disk Transfers/sec ");
    memset(text + k, '8', intdig);
    k += intdig;
    strcpy(text + k, frac ? ".5\n" : "\n");
    return parse(text);
}

Test(fix_paper, fuzz_crasher_parses_without_a_number)
{
    ps_paper *p = parse("Stress Test Result Report\n"
                        "Instance1.1   888888888888888888888888888888888888888888888888888888888888888.5\n");
    for (size_t i = 0; i < p->nclaims; i++)
        cr_assert(!(p->claims[i].value > 1e60), "63-digit figure read as %g", p->claims[i].value);
    ps_paper_free(p);
}

Test(fix_paper, longest_figure_that_fits_is_read)
{
    /* 61 digits + ".5" = 63 characters: the largest that fits */
    ps_paper *p = transfers(61, 1);
    const ps_claim *c = first(p, PS_M_DB_TRANSFERS);
    cr_assert(c);
    cr_assert_float_eq(c->value, 8.888888888888889e60, 1e46);
    cr_assert_eq(c->decimals, 1);
    ps_paper_free(p);
    p = transfers(63, 0);
    c = first(p, PS_M_DB_TRANSFERS);
    cr_assert(c);
    cr_assert_float_eq(c->value, 8.888888888888889e62, 1e48);
    ps_paper_free(p);
}

Test(fix_paper, longer_figures_are_not_numbers)
{
    /* before the fix: 62 digits + "." wrote tmp[64]; 64+ digits were cut to 63 (a wrong value) */
    size_t cases[][2] = {{62, 1}, {63, 1}, {64, 0}, {70, 1}, {200, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ps_paper *p = transfers(cases[i][0], (int)cases[i][1]);
        const ps_claim *c = first(p, PS_M_DB_TRANSFERS);
        cr_assert(c, "label not found");
        cr_assert(isnan(c->value) && c->text == NULL, "%zu digits read as %s", cases[i][0], c->text);
        ps_paper_free(p);
    }
}

Test(fix_paper, oversize_file_refused_by_its_size)
{
    /* a sparse 257 MiB file: refused from its size (F17), with the paper's own wording */
    char path[] = "/tmp/ps_fix_paper_XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    cr_assert_eq(ftruncate(fd, (off_t)257 << 20), 0);
    close(fd);
    ps_paper *p = NULL;
    ps_error err;
    ps_error_clear(&err);
    int rc = ps_paper_read(path, &p, NULL, &err);
    unlink(path);
    cr_assert_eq(rc, PS_EINPUT);
    cr_assert_null(p);
    cr_assert_str_eq(err.msg, "paper text larger than 256 MiB");
}
