/* words_util.c - see words_util.h. */
#include "words_util.h"

#include <stdio.h>
#include <stdlib.h>

#include "ps_js_words.h"

static const char *keep(char *t)
{
    static char buf[4][600];
    static unsigned k;
    char *out = buf[k++ % 4];
    snprintf(out, sizeof buf[0], "%s", t);
    free(t);
    return out;
}

const char *rw(const ps_verdict_reason *r)
{
    return keep(ps_js_reason_words(NULL, r));
}

const char *qw(const ps_qual_reason *r)
{
    return keep(ps_js_qual_words(NULL, r));
}
