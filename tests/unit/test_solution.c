/* Unit tests: the solution description parser (parser/config/solution.c). */
#include <criterion/criterion.h>
#include <string.h>

#include "ps_parser.h"

static ps_solution *parse_ok(const char *text)
{
    ps_solution *s = NULL;
    ps_error err = {0};
    cr_assert_eq(ps_solution_parse(text, strlen(text), "s.ini", &s, &err), 0, "%s:%ld:%ld: %s", err.file, err.line,
                 err.col, err.msg);
    return s;
}

static void parse_err(const char *text, long line, long col, const char *msg_part)
{
    ps_solution *s = NULL;
    ps_error err = {0};
    cr_assert_eq(ps_solution_parse(text, strlen(text), "s.ini", &s, &err), PS_EINPUT, "accepted: %s", text);
    cr_assert_null(s);
    cr_assert_str_eq(err.file, "s.ini");
    cr_assert_eq(err.line, line, "line %ld, want %ld (%s)", err.line, line, err.msg);
    cr_assert_eq(err.col, col, "col %ld, want %ld (%s)", err.col, col, err.msg);
    cr_assert(strstr(err.msg, msg_part), "message '%s' lacks '%s'", err.msg, msg_part);
}

Test(solution, entries_continuations_paragraphs)
{
    ps_solution *s = parse_ok("\xEF\xBB\xBF# comment\n"
                              "[Document]\r\n"
                              "Vendor = Contoso  \n"
                              "product-name=CS 4000\n"
                              "\n"
                              "[text]\n"
                              "features = first line\n"
                              "   continues here\n"
                              "\n"
                              "   .\n"
                              "  second paragraph\n"
                              "; another comment\n"
                              "empty =\n");
    cr_assert_eq(s->nentries, 4);
    cr_assert_str_eq(s->entries[0].section, "document");
    cr_assert_str_eq(s->entries[0].key, "vendor");
    cr_assert_str_eq(s->entries[0].value, "Contoso");
    cr_assert_eq(s->entries[0].line, 3);
    cr_assert_str_eq(s->entries[1].key, "product_name");
    cr_assert_str_eq(s->entries[1].value, "CS 4000");
    cr_assert_str_eq(s->entries[2].section, "text");
    cr_assert_str_eq(s->entries[2].value, "first line\ncontinues here\n\nsecond paragraph");
    cr_assert_eq(s->entries[2].line, 7);
    cr_assert_str_eq(s->entries[3].value, "");
    ps_solution_free(s);
}

Test(solution, unicode_values)
{
    ps_solution *s = parse_ok("[document]\nvendor = 威聯通 QNAP – ES1640dc\n");
    cr_assert_str_eq(s->entries[0].value, "威聯通 QNAP – ES1640dc");
    ps_solution_free(s);
}

Test(solution, errors_with_line_and_column)
{
    parse_err("vendor = x\n", 1, 1, "before the first [section]");
    parse_err("[doc\n", 1, 5, "malformed section header");
    parse_err("[doc] x\n", 1, 5, "malformed section header");
    parse_err("[doc]\nvendor x\n", 2, 8, "expected '='");
    parse_err("[doc]\n= x\n", 2, 1, "expected 'key = value'");
    parse_err("[doc]\n  stray\n", 2, 3, "continues nothing");
    parse_err("[doc]\nvendor = a\nVendor = b\n", 3, 1, "repeated in [doc] (first on line 2)");
    parse_err("[doc]\nvendor = caf\xE9\n", 2, 13, "invalid UTF-8");
    ps_solution *s = NULL;
    ps_error err = {0};
    static const char nul[] = "[doc]\nvendor = a\0b\n";
    cr_assert_eq(ps_solution_parse(nul, sizeof nul - 1, "s.ini", &s, &err), PS_EINPUT);
    cr_assert_eq(err.line, 2);
    cr_assert(strstr(err.msg, "NUL"));
}

Test(solution, read_missing_file)
{
    ps_solution *s = NULL;
    ps_error err = {0};
    cr_assert_eq(ps_solution_read("/nonexistent/solution.ini", &s, &err), PS_EIO);
    cr_assert_str_eq(err.file, "/nonexistent/solution.ini");
    cr_assert_null(s);
}

Test(solution, sample_file_is_complete)
{
    ps_solution *s = NULL;
    ps_error err = {0};
    cr_assert_eq(ps_solution_read(PS_SOURCE_DIR "/samples/solution/solution.ini", &s, &err), 0, "%s", err.msg);
    cr_assert_geq(s->nentries, 40);
    ps_solution_free(s);
}
