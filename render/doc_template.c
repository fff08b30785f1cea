/* doc_template.c - templates of the ESRP document: embedded copies (cmake/embed.cmake), or a
 * file of the same name from --template-dir. */
#include "doc_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *name;
    const unsigned char *data;
    size_t len;
} ps_embedded_file;
extern const ps_embedded_file ps_embedded_templates[];

int doc_template_load(const char *dir, const char *name, char **text, ps_error *err)
{
    *text = NULL;
    if (dir) {
        ps_buf path = {0};
        ps_buf_printf(&path, "%s/%s", dir, name);
        FILE *fp = fopen(path.data, "rb");
        if (fp) {
            ps_buf b = {0};
            char chunk[8192];
            size_t n;
            while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0)
                ps_buf_put(&b, chunk, n);
            int bad = ferror(fp);
            fclose(fp);
            if (bad) {
                ps_buf_free(&b);
                int rc = ps_error_set(err, PS_EIO, path.data, 0, 0, "read error");
                ps_buf_free(&path);
                return rc;
            }
            ps_buf_free(&path);
            if (!b.data)
                ps_buf_puts(&b, "");
            *text = ps_buf_steal(&b);
            return 0;
        }
        if (errno != ENOENT) {
            int rc = ps_error_set(err, PS_EIO, path.data, 0, 0, "cannot open: %s", strerror(errno));
            ps_buf_free(&path);
            return rc;
        }
        ps_buf_free(&path);
    }
    for (const ps_embedded_file *f = ps_embedded_templates; f->name; f++)
        if (strcmp(f->name, name) == 0) {
            *text = ps_xstrndup((const char *)f->data, f->len);
            return 0;
        }
    return ps_error_set(err, PS_EINPUT, name, 0, 0, "template not found (neither embedded nor in the template directory)");
}
