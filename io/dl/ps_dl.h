/* ps_dl.h - shared libraries loaded at first use (dlopen), resolved through a table.
 *
 * Why: every perfscribe command paid the dynamic loader's time for libraries only one path of
 * one command needs (libpoppler-glib and its ~30 dependencies for audit on a PDF paper, libpq and
 * its Kerberos/LDAP/TLS stack for a PostgreSQL results store). Those are loaded here instead,
 * when that path first runs; every other command starts without them.
 *
 * A user of a lazy library lists the functions it calls once, in an X-macro, and declares from
 * it one function pointer per function, typed from the library's own header so a signature
 * change breaks the build, and the table that fills them:
 *
 *     #define PQ_FUNCS(X) X(PQconnectdb) X(PQfinish) ...
 *     static struct { PQ_FUNCS(PS_DL_FIELD) } pq;
 *     #define PQ_SYM(fn) PS_DL_SYM(pq, fn),
 *     static const ps_dl_sym pq_syms[] = {PQ_FUNCS(PQ_SYM)};
 *     static ps_dl_lib pq_lib = PS_DL_LIB(PS_SONAME_LIBPQ, PS_DEBPKG_LIBPQ, "a PostgreSQL store", pq_syms);
 *
 * and calls ps_dl_load(&pq_lib, name, err) before the first use (cheap after the first call).
 * Functions of the library's own dependencies (GLib's for poppler-glib) may be listed in the same
 * table: they are looked up in the library and everything it loaded, as dlsym does for a handle.
 *
 * The library is opened with RTLD_NOW | RTLD_LOCAL and never closed (its pointers stay valid to
 * the end of the process). Thread-safe: one process-wide lock makes each library's load happen
 * once; later calls return the remembered result, a failure included (no retry).
 */
#ifndef PS_DL_H
#define PS_DL_H

#include "ps_core.h"

#include <stddef.h>

/* One row: the symbol's name and the address of the function pointer to fill. */
typedef struct ps_dl_sym {
    const char *name;
    void *addr; /* really a pointer to a function pointer, written with memcpy */
} ps_dl_sym;

/* One lazily loaded library; define it static with PS_DL_LIB and never touch its state. */
typedef struct ps_dl_lib {
    const char *soname; /* what dlopen is given, e.g. "libpq.so.5" (SONAME found at configure time) */
    const char *package; /* the Debian package holding it, for the error message */
    const char *purpose; /* what needs it: "reading PDF papers" */
    const ps_dl_sym *syms;
    size_t nsyms;
    /* state, behind the lock in ps_dl.c */
    int state; /* 0 not tried, 1 loaded, -1 failed */
    char why[384]; /* dlerror() text of the failure */
} ps_dl_lib;

/* A member of the struct of pointers: one function pointer named and typed like function fn. */
#define PS_DL_FIELD(fn) __typeof__(&fn) fn;
/* A table row from a struct of pointers whose members are named like the functions. */
#define PS_DL_SYM(set, fn) \
    {                      \
#fn, &(set).fn     \
    }
/* A library from its SONAME, Debian package, purpose and a static ps_dl_sym array. */
#define PS_DL_LIB(soname, package, purpose, syms)                                    \
    {                                                                                \
        (soname), (package), (purpose), (syms), sizeof(syms) / sizeof((syms)[0]), 0, \
        {                                                                            \
            0                                                                        \
        }                                                                            \
    }

/* Load lib (on the first call) and fill every pointer of its table. Returns PS_OK, or PS_EIO
 * with err set (file = name, may be NULL) to "<purpose> needs <soname> (Debian package
 * <package>): <dlerror text>" when the library or one of its symbols is missing; then no
 * pointer of the table may be called. Never prints; err may be NULL. */
int ps_dl_load(ps_dl_lib *lib, const char *name, ps_error *err);

#endif
