/* Unit tests: hardening fixes of parser/config/thresholds.c (findings F3, F4, F6, F7, F26, F27 in
 * tests/fuzz/FINDINGS.md): entity bombs refused, deep nesting, inheritance only of regular files
 * beside the file, size and line caps, NUL bytes, libxml2 messages on one line, inputs noted. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ps_io.h"
#include "ps_parser.h"

static char dir[64];

static void mkdir_tmp(void)
{
    strcpy(dir, "/tmp/ps_fix_thr_XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
}

static void rm_tmp(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
}

TestSuite(fix_thr, .init = mkdir_tmp, .fini = rm_tmp);

static const char *put(const char *name, const char *data, size_t len)
{
    static char path[4][256];
    static int k;
    char *p = path[k++ % 4];
    snprintf(p, 256, "%s/%s", dir, name);
    FILE *f = fopen(p, "wb");
    cr_assert_not_null(f);
    cr_assert_eq(fwrite(data, 1, len, f), len);
    fclose(f);
    return p;
}
#define PUT(name, lit) put(name, lit, sizeof lit - 1)

static const char pal_rule[] =
    "<ANALYSIS NAME=\"x\" ENABLED=\"True\" PRIMARYDATASOURCE=\"\\Memory\\Available MBytes\" ID=\"%s\">"
    "<THRESHOLD CONDITION=\"Critical\"><CODE>StaticThreshold -Operator lt -Threshold %s</CODE></THRESHOLD>"
    "</ANALYSIS>";

static int read_thr(const char *path, ps_thr_set *set, ps_warnings *w, ps_error *err)
{
    memset(set, 0, sizeof *set);
    ps_error_clear(err);
    return ps_thr_read(path, set, w, err);
}

Test(fix_thr, entity_bomb_refused_quickly)
{
    ps_buf b = {0};
    ps_buf_puts(&b, "<?xml version=\"1.0\"?>\n<!DOCTYPE PAL [\n<!ENTITY a0 \"xxxxxxxxxxxxxxxxxxxx\">\n");
    for (int i = 1; i <= 30; i++) {
        ps_buf_printf(&b, "<!ENTITY a%d \"", i);
        for (int j = 0; j < 10; j++)
            ps_buf_printf(&b, "&a%d;", i - 1);
        ps_buf_puts(&b, "\">\n");
    }
    ps_buf_puts(&b, "]>\n<PAL>");
    ps_buf_printf(&b, pal_rule, "1", "5 &a30;");
    ps_buf_puts(&b, "</PAL>\n");
    const char *p = put("bomb.xml", b.data, b.len);
    ps_buf_fini(&b);
    ps_thr_set set;
    ps_error err;
    int rc = read_thr(p, &set, NULL, &err);
    cr_assert_eq(rc, PS_EINPUT);
    cr_assert_str_eq(err.msg, "not well-formed XML: Detected an entity reference loop");
    cr_assert_eq(err.line, 35);
    ps_thr_set_fini(&set);
}

Test(fix_thr, code_entity_references_never_expanded)
{
    /* "&t;" would expand to "5": the limit must come from the text nodes only (none here) */
    char doc[1024];
    snprintf(doc, sizeof doc, "<?xml version=\"1.0\"?>\n<!DOCTYPE PAL [ <!ENTITY t \"5\"> ]>\n<PAL>%s</PAL>\n",
             pal_rule);
    char body[1400];
    snprintf(body, sizeof body, doc, "1", "&t;");
    const char *p = put("ent.xml", body, strlen(body));
    ps_thr_set set;
    ps_error err;
    cr_assert_eq(read_thr(p, &set, NULL, &err), 0, "%s", err.msg);
    cr_assert_eq(set.n, 0);
    ps_thr_set_fini(&set);
    /* the same with a literal 5 is a rule: the check above can fail */
    snprintf(body, sizeof body, doc, "1", "5");
    p = put("lit.xml", body, strlen(body));
    cr_assert_eq(read_thr(p, &set, NULL, &err), 0, "%s", err.msg);
    cr_assert_eq(set.n, 1);
    cr_assert_float_eq(set.rules[0].limit, 5, 1e-9, "%g", set.rules[0].limit);
    ps_thr_set_fini(&set);
}

static const char *deep_pal(const char *name, int levels, const char *dtd)
{
    ps_buf b = {0};
    ps_buf_printf(&b, "<?xml version=\"1.0\"?>\n%s<PAL>", dtd);
    ps_buf_printf(&b, pal_rule, "1", "5");
    for (int i = 0; i < levels; i++)
        ps_buf_puts(&b, "<a>");
    for (int i = 0; i < levels; i++)
        ps_buf_puts(&b, "</a>");
    ps_buf_puts(&b, "</PAL>\n");
    const char *p = put(name, b.data, b.len);
    ps_buf_fini(&b);
    return p;
}

Test(fix_thr, deep_nesting_only_without_entities)
{
    ps_thr_set set;
    ps_error err;
    cr_assert_eq(read_thr(deep_pal("deep.xml", 1000, ""), &set, NULL, &err), 0, "%s", err.msg);
    cr_assert_eq(set.n, 1);
    ps_thr_set_fini(&set);
    int rc = read_thr(deep_pal("deep-ent.xml", 1000, "<!DOCTYPE PAL [ <!ENTITY t \"5\"> ]>\n"), &set, NULL, &err);
    cr_assert_eq(rc, PS_EINPUT);
    cr_assert(strstr(err.msg, "not well-formed XML: Excessive depth in document: 256"), "%s", err.msg);
    cr_assert_neq(err.msg[strlen(err.msg) - 1], '\n');
    ps_thr_set_fini(&set);
}

static const char *inheriting(const char *name, const char *target)
{
    char body[1024], rule[600];
    snprintf(rule, sizeof rule, pal_rule, "1", "5");
    snprintf(body, sizeof body, "<PAL><INHERITANCE FILEPATH=\"%s\"/>%s</PAL>\n", target, rule);
    return put(name, body, strlen(body));
}

static void expect_warning(const char *target, const char *tail)
{
    ps_thr_set set;
    ps_error err;
    ps_warnings w = {0};
    const char *p = inheriting("child.xml", target);
    cr_assert_eq(read_thr(p, &set, &w, &err), 0, "%s", err.msg);
    cr_assert_eq(set.n, 1);
    cr_assert_eq(w.n, 1);
    char want[512];
    snprintf(want, sizeof want, "%s: %s", p, tail);
    cr_assert_str_eq(w.msgs[0], want);
    ps_warnings_fini(&w);
    ps_thr_set_fini(&set);
}

Test(fix_thr, inheritance_of_arbitrary_paths_refused)
{
    expect_warning("/dev/stdin",
                   "inherited threshold file /dev/stdin not imported: only a file name beside this file is imported");
    expect_warning("/etc/passwd",
                   "inherited threshold file /etc/passwd not imported: only a file name beside this file is imported");
    expect_warning("../x.xml",
                   "inherited threshold file ../x.xml not imported: only a file name beside this file is imported");
    char fifo[128];
    snprintf(fifo, sizeof fifo, "%s/pipe.xml", dir);
    cr_assert_eq(mkfifo(fifo, 0600), 0); /* would block for ever if opened */
    expect_warning("pipe.xml", "inherited threshold file pipe.xml not imported: not a regular file");
    expect_warning("missing.xml", "inherited threshold file missing.xml not found; its thresholds are not imported");
}

Test(fix_thr, inheritance_beside_imported_and_message_on_one_line)
{
    char rule[600], body[800];
    snprintf(rule, sizeof rule, pal_rule, "2", "9");
    snprintf(body, sizeof body, "<PAL>%s</PAL>\n", rule);
    put("parent.xml", body, strlen(body));
    ps_thr_set set;
    ps_error err;
    ps_warnings w = {0};
    cr_assert_eq(read_thr(inheriting("child.xml", "parent.xml"), &set, &w, &err), 0, "%s", err.msg);
    cr_assert_eq(w.n, 0);
    cr_assert_eq(set.n, 2);
    cr_assert_float_eq(set.rules[1].limit, 9, 1e-9, "%g", set.rules[1].limit);
    ps_thr_set_fini(&set);
    /* an inherited file that is not XML: libxml2's message without its newline (F7) */
    PUT("text.xml", "root:x:0:0\n");
    const char *p = inheriting("child.xml", "text.xml");
    cr_assert_eq(read_thr(p, &set, &w, &err), 0, "%s", err.msg);
    cr_assert_eq(w.n, 1);
    char want[600];
    snprintf(want, sizeof want,
             "%s: inherited threshold file not imported: %s/text.xml:1:1: not well-formed XML: Start tag expected, "
             "'<' not found",
             p, dir);
    cr_assert_str_eq(w.msgs[0], want);
    ps_warnings_fini(&w);
    ps_thr_set_fini(&set);
}

Test(fix_thr, nul_byte_and_long_line_refused)
{
    ps_thr_set set;
    ps_error err;
    const char *p = PUT("nul.thresholds", "\"\\Mem\0ory\\Available MBytes\" min server < 1 MB error\n");
    cr_assert_eq(read_thr(p, &set, NULL, &err), PS_EINPUT);
    cr_assert_eq(err.line, 1);
    cr_assert_eq(err.col, 6);
    cr_assert_str_eq(err.msg, "NUL byte: not a text file");
    ps_thr_set_fini(&set);
    /* a comment line of 65537 bytes on line 2 (65536 is still fine) */
    size_t n = 65537;
    char *big = malloc(n + 32);
    strcpy(big, "# ok\n#");
    memset(big + 6, 'x', n - 1);
    strcpy(big + 5 + n, "\n");
    p = put("long.thresholds", big, strlen(big));
    cr_assert_eq(read_thr(p, &set, NULL, &err), PS_EINPUT);
    cr_assert_eq(err.line, 2);
    cr_assert_eq(err.col, 65537);
    cr_assert_str_eq(err.msg, "line longer than 65536 bytes");
    ps_thr_set_fini(&set);
    big[5 + n - 1] = '\n'; /* 65536 bytes */
    big[5 + n] = 0;
    p = put("fits.thresholds", big, strlen(big));
    cr_assert_eq(read_thr(p, &set, NULL, &err), 0, "%s", err.msg);
    ps_thr_set_fini(&set);
    free(big);
}

Test(fix_thr, oversize_file_refused_and_input_noted)
{
    const char *p = PUT("big.thresholds", "# x\n");
    cr_assert_eq(truncate(p, 9 << 20), 0); /* 9 MiB, sparse */
    ps_thr_set set;
    ps_error err;
    cr_assert_eq(read_thr(p, &set, NULL, &err), PS_EINPUT);
    cr_assert_str_eq(err.msg, "file larger than 8 MiB");
    ps_thr_set_fini(&set);
    p = PUT("ok.thresholds", "# nothing\n");
    cr_assert_eq(ps_input_noted(p), 0);
    cr_assert_eq(read_thr(p, &set, NULL, &err), 0, "%s", err.msg);
    cr_assert_eq(ps_input_noted(p), 1); /* F27: never replaced by an output */
    ps_thr_set_fini(&set);
}
