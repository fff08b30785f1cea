/* words_util.h - the English words of the model's reasons, as the command line prints them
 * (render/doc/i18n/ps_js_words.h), for tests that compare sentences. */
#ifndef PS_WORDS_UTIL_H
#define PS_WORDS_UTIL_H
#include "ps_model.h"

/* The words of r in a static buffer (4 in rotation: up to 4 in one assertion). */
const char *rw(const ps_verdict_reason *r);
const char *qw(const ps_qual_reason *r);
#endif
