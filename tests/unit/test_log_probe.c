/* Unit tests: one sniffer. Every file the log reader opens (as `summary` does) is found as a
 * counter log by Jetstress run discovery, which asks the same probe (ps_log_probe). Files:
 * every regular file under samples/ and tests/data/, and the logs of ../shared/real-samples/
 * when present (UTF-16, .blg, tag-less headers); also each log under a .csv name (a .blg named
 * .csv) and the text log named .blg renamed .csv. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ps_parser.h"

/* 1 when ps_log_open reads the file's header (what summary needs to go on). */
static int reader_opens(const char *path)
{
    ps_log *log = NULL;
    ps_error err;
    ps_log_options o = {NULL, 1, NULL, NULL};
    if (ps_log_open(path, &o, &log, &err) != PS_OK)
        return 0;
    ps_log_close(log);
    return 1;
}

/* Link target into a fresh folder under the name `as` and run discovery on the folder: 1 when
 * some server took the file as a counter log. */
static int discovered(const char *target, const char *as)
{
    char dir[] = "/tmp/ps_probe_XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    char link[600];
    snprintf(link, sizeof link, "%s/%s", dir, as);
    char *abs = realpath(target, NULL);
    cr_assert_not_null(abs);
    cr_assert_eq(symlink(abs, link), 0);
    free(abs);
    const char *paths[] = {dir};
    ps_js_run *run = NULL;
    ps_error err;
    int found = 0;
    if (ps_js_discover(paths, 1, &run, &err) == PS_OK) {
        for (size_t i = 0; i < run->nservers; i++)
            for (size_t k = 0; k < run->servers[i].nlogs; k++)
                found |= strcmp(run->servers[i].logs[k], link) == 0;
    }
    ps_js_run_free(run); /* on an error too: it may hold the warnings so far */
    unlink(link);
    rmdir(dir);
    return found;
}

static size_t checked;

static void check_file(const char *path)
{
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    if (reader_opens(path)) {
        cr_expect(ps_log_probe(path, NULL, 0) != NULL, "%s: read by the reader, not by the probe", path);
        cr_expect(discovered(path, base), "%s: read by summary, not found by discovery", path);
        cr_expect(discovered(path, "renamed.csv"), "%s: not found when named .csv", path);
        checked++;
    } else {
        cr_expect(ps_log_probe(path, NULL, 0) == NULL, "%s: refused by the reader, taken by the probe", path);
    }
}

static void walk(const char *dir)
{
    DIR *dp = opendir(dir);
    if (!dp)
        return;
    struct dirent *de;
    while ((de = readdir(dp)) != NULL) {
        if (de->d_name[0] == '.')
            continue;
        char p[1024];
        snprintf(p, sizeof p, "%s/%s", dir, de->d_name);
        struct stat st;
        if (stat(p, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode))
            walk(p);
        else if (S_ISREG(st.st_mode) && st.st_size < (64 << 20))
            check_file(p);
    }
    closedir(dp);
}

Test(log_probe, own_samples_and_test_data)
{
    checked = 0;
    walk(PS_SOURCE_DIR "/samples");
    walk(PS_SOURCE_DIR "/tests/data");
    /* the UTF-16BE, tag-less and code-page logs are among them */
    cr_assert_geq(checked, 20, "only %zu logs", checked);
    cr_assert(discovered(PS_SOURCE_DIR "/tests/data/csv/utf16be.csv", "be.csv"));
    cr_assert(discovered(PS_SOURCE_DIR "/tests/data/csv/tagless.csv", "tagless.csv"));
}

Test(log_probe, real_samples)
{
    const char *dir = PS_SHARED_DIR "/real-samples";
    struct stat st;
    if (stat(dir, &st) != 0)
        cr_skip_test("../shared/real-samples not present");
    checked = 0;
    walk(dir);
    cr_assert_geq(checked, 10, "only %zu logs", checked);
    /* a .blg named .csv, and the text log named .blg once renamed .csv */
    char p[600];
    snprintf(p, sizeof p, "%s/blg/PS_CounterSamples.blg", dir);
    if (stat(p, &st) == 0)
        cr_assert(discovered(p, "counters.csv"));
    snprintf(p, sizeof p, "%s/blg/PS_CorruptBlg.blg", dir);
    if (stat(p, &st) == 0) {
        cr_assert_null(ps_log_probe(p, NULL, 0)); /* summary refuses a text log named .blg */
        cr_assert(discovered(p, "text-without-tag.csv"));
    }
}

/* The probe works on head bytes alone too, including UTF-16BE. */
Test(log_probe, head_bytes)
{
    static const unsigned char be[] = "\xFE\xFF\0\"\0(\0P\0D\0H\0-\0C\0S\0V";
    cr_assert_str_eq(ps_log_probe(NULL, be, sizeof be - 1), "pdh-text");
    static const unsigned char tagless[] = "\"(Pacific Daylight Time)(420)\",\"\\\\M\\A\\x\"\n";
    cr_assert_str_eq(ps_log_probe("x.csv", tagless, sizeof tagless - 1), "pdh-text");
    cr_assert_null(ps_log_probe("x.blg", tagless, sizeof tagless - 1));
    static const unsigned char getcounter[] = "\"Path\",\"CookedValue\"\n";
    cr_assert_null(ps_log_probe("x.csv", getcounter, sizeof getcounter - 1));
    cr_assert_null(ps_log_probe("x.csv", (const unsigned char *)"hello", 5));
}
