/* paper_text.h - private to parser/paper*.c: paper text before its lines are read
 * (paper_text.c). */
#ifndef PS_PAPER_TEXT_H
#define PS_PAPER_TEXT_H

#include <stddef.h>

#include "ps_model.h"

/* UTF-16 paper text (a BOM, or none with the NUL high bytes of Notepad's "Unicode") decoded to
 * UTF-8 by the project's decoder (ps_utf16_to_utf8; lone surrogates become U+FFFD): a heap
 * string of *outlen bytes (caller frees), *odd set when a last lone byte was left out. NULL
 * when p[0..n) is not UTF-16. */
char *paper_utf16(const unsigned char *p, size_t n, size_t *outlen, int *odd);

/* In place: U+00A0, U+2007 and U+202F become one space, or a ',' when they separate a digit
 * from a group of exactly three digits ("1\u00a0234" reads as 1,234). s[n] must be writable
 * (a NUL is put after the text). Returns the new length. */
size_t paper_fold_spaces(unsigned char *s, size_t n);

/* Parse the first token of s[0..n) as a printed number (after ':' '=' spaces and one filler
 * word). Returns 1 with *v, *dec (decimals printed) and the number's span (*ts, *tl); 0 when
 * absent or unreadable: "(n/a)", garbage, "0." cut at the end of a line (at_eol), or commas
 * that are neither thousands groups ("1,234") nor one decimal comma ("0,20" = 0.20, "12,5"),
 * such as "1,23,4567" or "1.234,56". ".084" reads 0.084 (3 decimals); "1 500" (a first group of
 * one or two digits, single spaces before groups of exactly three) reads 1500 unless another
 * number follows; "500 500" is two numbers. */
int paper_take_number(const char *s, size_t n, int at_eol, double *v, int *dec, size_t *ts, size_t *tl);

#endif
