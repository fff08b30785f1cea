/* version.c - 'perfscribe --version': the version, the git revision captured when the program
 * was built (cmake/revision.cmake writes ps_revision.h; "unknown" outside a git checkout) and
 * the versions of the libraries' headers it was compiled against. Nothing here depends on the
 * time or the machine it runs on: the output is the same for every run of one build. */
#include "cli.h"

#include <cairo.h>
#include <errno.h>
#include <fontconfig/fontconfig.h>
#include <hpdf.h>
#include <libxml/xmlversion.h>
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <string.h>

#include "ps_revision.h"

#define PS_STR2(x) #x
#define PS_STR(x) PS_STR2(x)

int ps_cli_version(ps_cli *cli)
{
    printf("perfscribe %s\n", PS_VERSION);
    printf("revision: %s\n", PS_REVISION);
    printf("built with: libxml2 %s, PCRE2 %s.%s, cairo %s, libharu %s, fontconfig %d.%d.%d\n", LIBXML_DOTTED_VERSION,
           PS_STR(PCRE2_MAJOR), PS_STR(PCRE2_MINOR), CAIRO_VERSION_STRING, HPDF_VERSION_TEXT, FC_MAJOR, FC_MINOR,
           FC_REVISION);
    if (fflush(stdout) == 0 && !ferror(stdout))
        return PS_OK;
    return ps_error_set(&cli->err, PS_EIO, "<stdout>", 0, 0, "write error: %s", strerror(errno ? errno : EIO));
}
