/* pal_xml.h - private to the parser: PAL threshold XML read the hardened way (thresholds.c). */
#ifndef PS_PAL_XML_H
#define PS_PAL_XML_H

#include "ps_model.h"

#include <libxml/tree.h>

/* Attribute of an element (heap copy, NULL when absent). */
char *ps_xml_prop(xmlNode *n, const char *name);
/* 1 when n is an element named name (ASCII case-insensitive). */
int ps_xml_is(xmlNode *n, const char *name);

/* Read path (size-capped, noted as an input) and parse it without network, DTD loading or
 * entity expansion. *doc is an xmlDoc * owned by the caller (xmlFreeDoc). Errors: PS_EIO,
 * PS_EINPUT (not well-formed, too large) with FILE:LINE:COL. */
int ps_pal_read_doc(const char *path, void **doc, ps_error *err);

#endif
