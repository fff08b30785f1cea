/* Unit tests: size caps of parser/config/solution.c (finding F5): files above 8 MiB and lines above
 * 65536 bytes refused with their position; the file is noted as an input (F27). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ps_io.h"
#include "ps_parser.h"

static char path[] = "/tmp/ps_fix_sol_XXXXXX";

static void make(void)
{
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    close(fd);
}

static void drop(void)
{
    unlink(path);
}

TestSuite(fix_sol, .init = make, .fini = drop);

static void write_text(const char *s, size_t n)
{
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f);
    cr_assert_eq(fwrite(s, 1, n, f), n);
    fclose(f);
}

Test(fix_sol, oversize_file_refused)
{
    write_text("[document]\n", 11);
    cr_assert_eq(truncate(path, 9 << 20), 0); /* 9 MiB, sparse */
    ps_solution *sol = NULL;
    ps_error err;
    ps_error_clear(&err);
    cr_assert_eq(ps_solution_read(path, &sol, &err), PS_EINPUT);
    cr_assert_null(sol);
    cr_assert_str_eq(err.msg, "file larger than 8 MiB");
}

Test(fix_sol, long_line_refused_at_its_position)
{
    /* line 3 "vendor = xxx..." of 65537 bytes; the same with 65536 bytes is read */
    const char *head = "[document]\n# c\nvendor = ";
    size_t hl = strlen(head), n = 65537;
    char *t = malloc(hl - 9 + n + 2);
    memcpy(t, head, hl);
    memset(t + hl, 'x', n - 9);
    t[hl - 9 + n] = '\n';
    write_text(t, hl - 9 + n + 1);
    ps_solution *sol = NULL;
    ps_error err;
    ps_error_clear(&err);
    cr_assert_eq(ps_solution_read(path, &sol, &err), PS_EINPUT);
    cr_assert_eq(err.line, 3);
    cr_assert_eq(err.col, 65537);
    cr_assert_str_eq(err.msg, "line longer than 65536 bytes");
    t[hl - 9 + n - 1] = '\n';
    write_text(t, hl - 9 + n);
    ps_error_clear(&err);
    cr_assert_eq(ps_solution_read(path, &sol, &err), 0, "%s", err.msg);
    cr_assert_eq(sol->nentries, 1);
    cr_assert_eq(strlen(sol->entries[0].value), 65536 - 9);
    cr_assert_eq(ps_input_noted(path), 1);
    ps_solution_free(sol);
    free(t);
}
