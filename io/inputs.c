/* inputs.c - the files this process has read as input, so that no output replaces one of them
 * (also the files a command found by itself, e.g. the logs and reports inside a RUN folder).
 * Not thread-safe: readers open their files on the calling thread. In the I/O library (it asks
 * the file system for device and inode): the model does no I/O. */
#include "ps_io.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct {
    dev_t dev;
    ino_t ino;
} file_id;

static file_id *ids; /* process lifetime (still reachable at exit, never leaked) */
static size_t nids, cap;

/* The file path names; "-" is standard input (the file behind fd 0, when it is one). */
static int stat_input(const char *path, struct stat *st)
{
    if (strcmp(path, "-") == 0)
        return fstat(0, st);
    return stat(path, st);
}

void ps_input_note(const char *path)
{
    struct stat st;
    if (!path || stat_input(path, &st) != 0 || !S_ISREG(st.st_mode))
        return;
    size_t i = 0;
    while (i < nids && !(ids[i].dev == st.st_dev && ids[i].ino == st.st_ino))
        i++;
    if (i == nids) {
        if (nids == cap) {
            cap = cap ? cap * 2 : 16;
            ids = ps_xrealloc(ids, cap * sizeof *ids);
        }
        ids[nids].dev = st.st_dev;
        ids[nids].ino = st.st_ino;
        nids++;
    }
}

int ps_input_noted(const char *path)
{
    struct stat st;
    if (!path || stat_input(path, &st) != 0)
        return 0;
    int hit = 0;
    for (size_t i = 0; i < nids && !hit; i++)
        hit = ids[i].dev == st.st_dev && ids[i].ino == st.st_ino;
    return hit;
}
