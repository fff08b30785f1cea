/* audit_test.h - helpers shared by the audit unit tests (header only). */
#ifndef PS_AUDIT_TEST_H
#define PS_AUDIT_TEST_H

#include <criterion/criterion.h>
#include <string.h>

#include "ps_model.h"

static inline size_t count(const ps_audit *a, const char *kind)
{
    size_t n = 0;
    for (size_t i = 0; i < a->n; i++)
        n += strcmp(a->findings[i].kind, kind) == 0;
    return n;
}

static inline const ps_finding *get(const ps_audit *a, const char *kind)
{
    for (size_t i = 0; i < a->n; i++)
        if (strcmp(a->findings[i].kind, kind) == 0)
            return &a->findings[i];
    cr_assert_fail("no %s finding", kind);
    return NULL;
}

#endif
