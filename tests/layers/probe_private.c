/* probe_private.c - a library-private header of another library: must not compile. */
#include "doc_build.h"
