/* dl.c - shared libraries loaded at first use through a table of symbols (see ps_dl.h). */
#include "ps_dl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* POSIX dlsym returns functions as void *: a function pointer has the size of a data pointer. */
_Static_assert(sizeof(void *) == sizeof(void (*)(void)), "function and data pointers differ in size");

static pthread_mutex_t dl_lock = PTHREAD_MUTEX_INITIALIZER;

static void remember_failure(ps_dl_lib *lib, const char *what)
{
    const char *e = dlerror();
    snprintf(lib->why, sizeof lib->why, "%s", e ? e : what);
    lib->state = -1;
}

/* Open lib and resolve its table; the lock is held. */
static void open_lib(ps_dl_lib *lib)
{
    dlerror(); /* clear an older message */
    void *h = dlopen(lib->soname, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        remember_failure(lib, "cannot be opened");
        return;
    }
    for (size_t i = 0; i < lib->nsyms; i++) {
        dlerror();
        void *p = dlsym(h, lib->syms[i].name);
        if (!p) {
            remember_failure(lib, "a symbol is missing");
            dlclose(h);
            return;
        }
        memcpy(lib->syms[i].addr, &p, sizeof p);
    }
    lib->state = 1; /* the handle stays open to the end of the process */
}

int ps_dl_load(ps_dl_lib *lib, const char *name, ps_error *err)
{
    pthread_mutex_lock(&dl_lock);
    if (lib->state == 0)
        open_lib(lib);
    int ok = lib->state == 1;
    pthread_mutex_unlock(&dl_lock);
    if (ok)
        return PS_OK;
    return ps_error_set(err, PS_EIO, name, 0, 0, "%s needs %s (Debian package %s): %s", lib->purpose, lib->soname,
                        lib->package, lib->why);
}
