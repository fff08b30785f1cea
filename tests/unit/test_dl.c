/* Unit tests: io/dl (ps_dl_load), the loader of libraries used at first use. The expected
 * values come from elsewhere than the loader: the library versions from the -dev packages'
 * headers (pg_config.h, poppler-features.h, the same Debian source packages as the runtime
 * libraries), the error texts from ps_dl.h's contract and dlerror's own wording. */
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>
#include <libpq-fe.h>
#include <pg_config.h>
#include <poppler.h>

#include "ps_dl.h"

static struct {
    __typeof__(&PQlibVersion) PQlibVersion;
    __typeof__(&PQconnectdb) PQconnectdb;
} pq;

Test(dl, missing_library_is_one_clear_error)
{
    static struct {
        __typeof__(&PQlibVersion) PQlibVersion;
    } none;
    static const ps_dl_sym syms[] = {PS_DL_SYM(none, PQlibVersion)};
    static ps_dl_lib lib = PS_DL_LIB("libps-no-such-library.so.9", "libps-no-such9", "testing the loader", syms);
    ps_error err = {0};
    cr_assert_eq(ps_dl_load(&lib, "input.pdf", &err), PS_EIO);
    cr_assert_eq(err.code, PS_EIO);
    cr_assert_str_eq(err.file, "input.pdf");
    const char *want = "testing the loader needs libps-no-such-library.so.9 (Debian package libps-no-such9): ";
    cr_assert(strncmp(err.msg, want, strlen(want)) == 0, "message: %s", err.msg);
    /* then dlerror's text, which names the file it could not open */
    cr_assert(strstr(err.msg + strlen(want), "libps-no-such-library.so.9"), "message: %s", err.msg);
    cr_assert_null(none.PQlibVersion, "nothing filled");
    /* remembered: the second call gives the same error without trying again; err may be NULL */
    ps_error again = {0};
    cr_assert_eq(ps_dl_load(&lib, NULL, &again), PS_EIO);
    cr_assert_str_eq(again.msg, err.msg);
    cr_assert_eq(ps_dl_load(&lib, NULL, NULL), PS_EIO);
}

Test(dl, missing_symbol_names_it)
{
    static struct {
        __typeof__(&PQlibVersion) PQlibVersion;
        __typeof__(&PQlibVersion) PQps_no_such_function;
    } half;
    static const ps_dl_sym syms[] = {PS_DL_SYM(half, PQlibVersion), PS_DL_SYM(half, PQps_no_such_function)};
    static ps_dl_lib lib = PS_DL_LIB(PS_SONAME_LIBPQ, PS_DEBPKG_LIBPQ, "a PostgreSQL results store", syms);
    ps_error err = {0};
    cr_assert_eq(ps_dl_load(&lib, "postgresql://h/db", &err), PS_EIO);
    char want[200];
    snprintf(want, sizeof want, "a PostgreSQL results store needs %s (Debian package %s): ", PS_SONAME_LIBPQ,
             PS_DEBPKG_LIBPQ);
    cr_assert(strncmp(err.msg, want, strlen(want)) == 0, "message: %s", err.msg);
    cr_assert(strstr(err.msg, "PQps_no_such_function"), "message: %s", err.msg);
}

Test(dl, resolves_a_real_table)
{
    static const ps_dl_sym syms[] = {PS_DL_SYM(pq, PQlibVersion), PS_DL_SYM(pq, PQconnectdb)};
    static ps_dl_lib lib = PS_DL_LIB(PS_SONAME_LIBPQ, PS_DEBPKG_LIBPQ, "a PostgreSQL results store", syms);
    ps_error err = {0};
    cr_assert_eq(ps_dl_load(&lib, NULL, &err), PS_OK, "%s", err.msg);
    cr_assert_not_null(pq.PQconnectdb);
    /* libpq5 and libpq-dev come from one source package: the major versions agree */
    cr_assert_eq(pq.PQlibVersion() / 10000, PG_MAJORVERSION_NUM);
    cr_assert_eq(ps_dl_load(&lib, NULL, &err), PS_OK); /* cheap again */
}

/* GLib's functions are found through poppler-glib's dependencies, as paper_pdf.c needs. */
Test(dl, dependencies_of_the_library_resolve)
{
    static struct {
        __typeof__(&poppler_get_version) poppler_get_version;
        __typeof__(&g_utf8_strlen) g_utf8_strlen;
    } pp;
    static const ps_dl_sym syms[] = {PS_DL_SYM(pp, poppler_get_version), PS_DL_SYM(pp, g_utf8_strlen)};
    static ps_dl_lib lib = PS_DL_LIB(PS_SONAME_POPPLER_GLIB, PS_DEBPKG_POPPLER_GLIB, "reading PDF papers", syms);
    ps_error err = {0};
    cr_assert_eq(ps_dl_load(&lib, NULL, &err), PS_OK, "%s", err.msg);
    char want[32];
    snprintf(want, sizeof want, "%d.%d.%d", POPPLER_MAJOR_VERSION, POPPLER_MINOR_VERSION, POPPLER_MICRO_VERSION);
    cr_assert_str_eq(pp.poppler_get_version(), want);
    cr_assert_eq(pp.g_utf8_strlen("caf\xc3\xa9 \xe4\xb8\xad", -1), 6); /* 6 characters in 9 bytes */
}

/* Several threads asking at once: each gets the loaded library (one load behind the lock). */
static ps_dl_lib *race_lib;
static void *race(void *arg)
{
    (void)arg;
    return (void *)(size_t)ps_dl_load(race_lib, NULL, NULL);
}

Test(dl, first_use_from_many_threads)
{
    static struct {
        __typeof__(&PQlibVersion) PQlibVersion;
    } t;
    static const ps_dl_sym syms[] = {PS_DL_SYM(t, PQlibVersion)};
    static ps_dl_lib lib = PS_DL_LIB(PS_SONAME_LIBPQ, PS_DEBPKG_LIBPQ, "a PostgreSQL results store", syms);
    race_lib = &lib;
    enum { NTHREADS = 8 };
    pthread_t th[NTHREADS];
    for (int i = 0; i < NTHREADS; i++)
        cr_assert_eq(pthread_create(&th[i], NULL, race, NULL), 0);
    for (int i = 0; i < NTHREADS; i++) {
        void *rc = NULL;
        pthread_join(th[i], &rc);
        cr_assert_eq((size_t)rc, (size_t)PS_OK);
    }
    cr_assert_eq(t.PQlibVersion() / 10000, PG_MAJORVERSION_NUM);
}
