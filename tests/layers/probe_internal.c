/* probe_internal.c - a domain-internal header of another library: must not compile. */
#include "doc_pdf_internal.h"
