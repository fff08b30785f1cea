/* Unit tests: JetstressConfig.xml and result XML (parser/jetstress/js_xml.c), incl. hostile XML. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ps_parser.h"

#define NEAR(a, b) cr_assert(fabs((a) - (b)) < 1e-9, "%s = %.12g, expected %.12g", #a, (double)(a), (double)(b))

static int has_warning(const ps_warnings *w, const char *needle)
{
    for (size_t i = 0; i < w->n; i++)
        if (strstr(w->msgs[i], needle))
            return 1;
    return 0;
}

static char *write_tmp(const char *content)
{
    char *path = strdup("/tmp/ps_js_xml_XXXXXX");
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    size_t len = strlen(content);
    cr_assert_eq(write(fd, content, len), (ssize_t)len);
    close(fd);
    return path;
}

Test(js_config, real_2013_sample)
{
    const char *path = PS_SHARED_DIR "/real-samples/jetstress/JetstressConfig-2013.xml";
    if (access(path, R_OK) != 0)
        cr_skip_test("%s absent", path);
    ps_js_config *c = NULL;
    ps_warnings w = {0};
    ps_error e = {0};
    cr_assert_eq(ps_js_config_read(path, &c, &w, &e), 0, "%s", e.msg);
    cr_assert_str_eq(c->jetstress_version, "15.0.995.0");
    cr_assert_str_eq(c->ese_version, "15.0.847.30");
    cr_assert_eq(c->test_type, PS_TEST_UNKNOWN); /* <Type>asfdsa</Type> */
    cr_assert(has_warning(&w, "<Type> 'asfdsa'"));
    NEAR(c->duration_s, 7200); /* P0Y0M0DT2H0M0S */
    NEAR(c->log_interval_ms, 15000);
    NEAR(c->log_interval2_ms, 5000);
    NEAR(c->max_latency_errors, 6);
    NEAR(c->copies_per_db, 2);
    cr_assert(isnan(c->mailbox_count)); /* empty elements */
    cr_assert(isnan(c->mailbox_iops));
    cr_assert(isnan(c->thread_count));
    cr_assert(has_warning(&w, "<MailboxCount> is empty"));
    NEAR(c->insert_pct, 40);
    NEAR(c->delete_pct, 20);
    NEAR(c->replace_pct, 5);
    NEAR(c->read_pct, 35);
    NEAR(c->lazy_commit_pct, 70);
    cr_assert(c->has_strict && c->has_lenient);
    NEAR(c->strict.avg_db_read_ms, 20);
    NEAR(c->strict.max_db_read_ms, 100);
    NEAR(c->strict.avg_log_write_ms, 10);
    NEAR(c->strict.max_log_write_ms, 100);
    NEAR(c->lenient.avg_db_read_ms, 20);
    NEAR(c->lenient.max_db_read_ms, 200);
    NEAR(c->lenient.avg_log_write_ms, 10);
    NEAR(c->lenient.max_log_write_ms, 200);
    ps_js_config_free(c);
    ps_warnings_fini(&w);
}

Test(js_config, bundled_sample_and_junk)
{
    ps_js_config *c = NULL;
    ps_warnings w = {0};
    ps_error e = {0};
    cr_assert_eq(ps_js_config_read(PS_SOURCE_DIR "/samples/jetstress/MBX03/JetstressConfig.xml", &c, &w, &e), 0);
    cr_assert_eq(c->test_type, PS_TEST_PERFORMANCE);
    NEAR(c->mailbox_count, 1500);
    NEAR(c->mailbox_iops, 0.2);
    NEAR(c->thread_count, 9);
    NEAR(c->mailbox_quota_mb, 2048);
    cr_assert_eq(w.n, 0);
    ps_js_config_free(c);

    char *p = write_tmp("<?xml version=\"1.0\"?><configuration><TestDesignInfo><Type>Stress</Type>"
                        "<Duration>P1DT0H30M1.5S</Duration><LogInterval>abc</LogInterval>"
                        "<Thresholds Name=\"Custom\"/></TestDesignInfo>"
                        "<ExchangeProfile><MailboxCount>  250 </MailboxCount></ExchangeProfile></configuration>");
    cr_assert_eq(ps_js_config_read(p, &c, &w, &e), 0);
    cr_assert_eq(c->test_type, PS_TEST_STRESS);
    NEAR(c->duration_s, 86400 + 1800 + 1.5);
    cr_assert(isnan(c->log_interval_ms));
    cr_assert(has_warning(&w, "<LogInterval> 'abc' is not a number"));
    cr_assert(has_warning(&w, "Thresholds Name=\"Custom\""));
    NEAR(c->mailbox_count, 250);
    cr_assert_eq(c->has_strict, 0);
    ps_js_config_free(c);
    ps_warnings_fini(&w);
    unlink(p);
    free(p);
}

Test(js_config, malformed_and_wrong_root)
{
    ps_js_config *c = NULL;
    ps_error e = {0};
    char *p = write_tmp("<?xml version=\"1.0\"?>\n<configuration>\n<TestDesignInfo>\n</configuration>\n");
    cr_assert_eq(ps_js_config_read(p, &c, NULL, &e), PS_EINPUT);
    cr_assert_eq(e.line, 4, "line %ld: %s", e.line, e.msg);
    cr_assert(strstr(e.msg, "malformed XML"));
    unlink(p);
    free(p);
    p = write_tmp("<other><TestDesignInfo/></other>");
    cr_assert_eq(ps_js_config_read(p, &c, NULL, &e), PS_EINPUT);
    cr_assert(strstr(e.msg, "not a JetstressConfig.xml"));
    cr_assert_null(c);
    unlink(p);
    free(p);
}

Test(js_config, external_entity_does_not_leak)
{
    char *secret = write_tmp("TOPSECRET-4711");
    char buf[1024];
    snprintf(buf, sizeof buf,
             "<?xml version=\"1.0\"?>\n<!DOCTYPE configuration [ <!ENTITY xxe SYSTEM \"file://%s\"> ]>\n"
             "<configuration><JetstressVersionGenerated>&xxe;</JetstressVersionGenerated>"
             "<TestDesignInfo><Type>Performance</Type></TestDesignInfo></configuration>",
             secret);
    char *p = write_tmp(buf);
    ps_js_config *c = NULL;
    ps_warnings w = {0};
    ps_error e = {0};
    int rc = ps_js_config_read(p, &c, &w, &e);
    if (rc == 0) {
        cr_assert(c->jetstress_version == NULL || !strstr(c->jetstress_version, "TOPSECRET"));
        cr_assert(has_warning(&w, "entity declarations ignored"));
        ps_js_config_free(c);
    }
    for (size_t i = 0; i < w.n; i++)
        cr_assert(!strstr(w.msgs[i], "TOPSECRET"));
    cr_assert(!strstr(e.msg, "TOPSECRET"));
    ps_warnings_fini(&w);
    unlink(p);
    unlink(secret);
    free(p);
    free(secret);
}

Test(js_config, entity_bomb)
{
    ps_buf b = {0};
    ps_buf_puts(
        &b,
        "<?xml version=\"1.0\"?>\n<!DOCTYPE configuration [\n<!ENTITY a0 \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\">\n");
    for (int i = 1; i < 12; i++)
        ps_buf_printf(&b, "<!ENTITY a%d \"&a%d;&a%d;&a%d;&a%d;&a%d;&a%d;&a%d;&a%d;&a%d;&a%d;\">\n", i, i - 1, i - 1,
                      i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1);
    ps_buf_puts(&b, "]>\n<configuration><Description>&a11;</Description><TestDesignInfo><Type>Stress</Type>"
                    "</TestDesignInfo></configuration>\n");
    char *p = write_tmp(b.data);
    ps_js_config *c = NULL;
    ps_warnings w = {0};
    ps_error e = {0};
    int rc = ps_js_config_read(p, &c, &w, &e);
    /* either refused by libxml2's amplification guard or read without expanding anything */
    cr_assert(rc == 0 || rc == PS_EINPUT);
    if (rc == 0) {
        cr_assert_eq(c->test_type, PS_TEST_STRESS);
        ps_js_config_free(c);
    }
    ps_warnings_fini(&w);
    ps_buf_fini(&b);
    unlink(p);
    free(p);
}

Test(js_result_xml, tolerant_reading)
{
    char *p = write_tmp("<?xml version=\"1.0\"?>\n<PerformanceData>\n <Counters>\n"
                        "  <Counter Path=\"\\\\MBX01\\MSExchange Database ==&gt; Instances(JetstressWin/Instance1.1)"
                        "\\I/O Database Reads/sec\"/>\n </Counters>\n"
                        " <Samples>\n  <Sample t=\"1\"/>\n  <!-- c -->\n  <Sample t=\"2\"/>\n  <Sample t=\"3\"/>\n"
                        " </Samples>\n</PerformanceData>\n");
    ps_js_result_xml x;
    ps_error e = {0};
    cr_assert_eq(ps_js_result_xml_read(p, &x, NULL, &e), 0, "%s", e.msg);
    cr_assert_str_eq(x.root, "PerformanceData");
    cr_assert_eq(x.samples, 3);
    cr_assert_str_eq(x.sample_element, "Sample");
    cr_assert_str_eq(x.machine, "MBX01");
    ps_js_result_xml_fini(&x);
    unlink(p);
    free(p);
    p = write_tmp("<a><b/></a>");
    cr_assert_eq(ps_js_result_xml_read(p, &x, NULL, &e), 0);
    cr_assert_eq(x.samples, -1);
    cr_assert_null(x.machine);
    ps_js_result_xml_fini(&x);
    unlink(p);
    free(p);
}
