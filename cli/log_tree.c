/* log_tree.c - inputs given as folders: the counter logs of a folder tree (a fleet's logs, one
 * per server and day), for convert and analyze. */
#include "cli.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

/* Names of counter logs in a folder tree (any case). */
static const char *const log_exts[] = {".blg", ".csv", ".tsv"};

static int is_log_name(const char *name)
{
    size_t n = strlen(name);
    for (size_t i = 0; i < sizeof log_exts / sizeof log_exts[0]; i++) {
        size_t e = strlen(log_exts[i]);
        if (n > e && strcasecmp(name + n - e, log_exts[i]) == 0)
            return 1;
    }
    return 0;
}

static void add(ps_cli_paths *p, const char *path)
{
    p->v = ps_xrealloc(p->v, (p->n + 1) * sizeof *p->v);
    p->v[p->n++] = ps_xstrdup(path);
}

static int cmp_path(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The logs below folder dir into p (unsorted). Folders reached through a symbolic link are not
 * entered (no loops); files through one are taken. */
static int walk(ps_cli *cli, const char *dir, ps_cli_paths *p, int depth)
{
    if (depth > PS_CLI_TREE_DEPTH)
        return ps_error_set(&cli->err, PS_EINPUT, dir, 0, 0, "folders nested deeper than %d levels", PS_CLI_TREE_DEPTH);
    DIR *d = opendir(dir);
    if (!d)
        return ps_error_set(&cli->err, PS_EIO, dir, 0, 0, "cannot read the folder: %s", strerror(errno));
    int rc = PS_OK;
    ps_buf path = {0};
    struct dirent *e;
    while (!rc && (e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        ps_buf_reset(&path);
        ps_buf_printf(&path, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", e->d_name);
        struct stat st, lst;
        if (lstat(path.data, &lst) != 0 || stat(path.data, &st) != 0)
            continue; /* vanished, or a dangling link */
        if (S_ISDIR(lst.st_mode))
            rc = walk(cli, path.data, p, depth + 1);
        else if (S_ISREG(st.st_mode) && is_log_name(e->d_name))
            add(p, path.data);
    }
    closedir(d);
    ps_buf_fini(&path);
    return rc;
}

int ps_cli_log_tree(ps_cli *cli, const ps_cli_list *in, ps_cli_paths *out)
{
    memset(out, 0, sizeof *out);
    int rc = PS_OK;
    for (size_t i = 0; i < in->n && !rc; i++) {
        struct stat st;
        if (strcmp(in->v[i], "-") == 0 || stat(in->v[i], &st) != 0 || !S_ISDIR(st.st_mode)) {
            add(out, in->v[i]); /* a file: as given (its reader words any error) */
            continue;
        }
        size_t first = out->n;
        rc = walk(cli, in->v[i], out, 0);
        if (!rc && out->n == first)
            rc = ps_error_set(&cli->err, PS_EINPUT, in->v[i], 0, 0,
                              "no counter log (*.blg, *.csv, *.tsv) in this folder tree");
        if (!rc)
            qsort(out->v + first, out->n - first, sizeof *out->v, cmp_path);
    }
    if (rc)
        ps_cli_paths_free(out);
    return rc;
}

void ps_cli_paths_free(ps_cli_paths *p)
{
    for (size_t i = 0; i < p->n; i++)
        free(p->v[i]);
    free(p->v);
    memset(p, 0, sizeof *p);
}

int ps_cli_log_tree_list(ps_cli *cli, ps_cli_list *l, ps_cli_paths *keep)
{
    int rc = ps_cli_log_tree(cli, l, keep);
    if (rc)
        return rc;
    l->v = ps_xrealloc(l->v, (keep->n + 1) * sizeof *l->v);
    for (size_t i = 0; i < keep->n; i++)
        l->v[i] = keep->v[i];
    l->n = keep->n;
    return PS_OK;
}
