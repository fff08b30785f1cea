/* doc_template.c - templates of the ESRP document: embedded copies (cmake/embed.cmake), or a
 * file of the same name from --template-dir. */
#include "doc_build.h"
#include "ps_io.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct {
    const char *name;
    const unsigned char *data;
    size_t len;
} ps_embedded_file;
extern const ps_embedded_file ps_embedded_templates[];

int doc_template_dir_check(const char *dir, ps_error *err)
{
    if (!dir)
        return PS_OK;
    struct stat st;
    if (stat(dir, &st) != 0)
        return ps_error_set(err, PS_EIO, dir, 0, 0, "template directory: %s", strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return ps_error_set(err, PS_EIO, dir, 0, 0, "template directory: %s", strerror(ENOTDIR));
    for (const ps_embedded_file *f = ps_embedded_templates; f->name; f++) {
        ps_buf path = {0};
        ps_buf_printf(&path, "%s/%s", dir, f->name);
        ps_input_note(path.data); /* read later, when the document is drawn: never an output */
        ps_buf_fini(&path);
    }
    return PS_OK;
}

int doc_template_load(const char *dir, const char *name, char **text, ps_error *err)
{
    *text = NULL;
    if (dir) {
        ps_buf path = {0};
        ps_buf_printf(&path, "%s/%s", dir, name);
        ps_buf b = {0};
        int regular = doc_input_regular(path.data);
        int r = regular ? ps_buf_read_file(&b, path.data, PS_TEMPLATE_MAX_BYTES) : PS_READ_EOPEN;
        if (r != PS_READ_EOPEN || (!regular && errno == EINVAL)) {
            int rc = 0;
            if (!regular)
                rc = ps_error_set(err, PS_EINPUT, path.data, 0, 0,
                                  "template is not a regular file (a FIFO, device or terminal)");
            else if (r == PS_READ_ETOOBIG)
                rc = ps_error_set(err, PS_EINPUT, path.data, 0, 0, "template larger than %u MiB",
                                  PS_TEMPLATE_MAX_BYTES >> 20);
            else if (r)
                rc = ps_error_set(err, PS_EIO, path.data, 0, 0, "%s: %s",
                                  r == PS_READ_EISDIR ? "cannot open" : "read error", strerror(errno));
            else if (memchr(b.data ? b.data : "", '\0', b.len))
                rc = ps_error_set(err, PS_EINPUT, path.data, 0, 0, "NUL byte: not a text file");
            ps_buf_fini(&path);
            if (rc) {
                ps_buf_fini(&b);
                return rc;
            }
            *text = ps_buf_steal(&b);
            return 0;
        }
        if (errno != ENOENT) {
            int rc = ps_error_set(err, PS_EIO, path.data, 0, 0, "cannot open: %s", strerror(errno));
            ps_buf_fini(&path);
            return rc;
        }
        ps_buf_fini(&path);
    }
    for (const ps_embedded_file *f = ps_embedded_templates; f->name; f++)
        if (strcmp(f->name, name) == 0) {
            *text = ps_xstrndup((const char *)f->data, f->len);
            return 0;
        }
    return ps_error_set(err, PS_EINPUT, name, 0, 0,
                        "template not found (neither embedded nor in the template directory)");
}
