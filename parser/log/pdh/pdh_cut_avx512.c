/* pdh_cut_avx512.c - the value part of a relog line of quoted numbers cut 64 bytes at a time
 * (AVX-512), for processors where numparse_avx512.c runs.
 *
 * The line-by-line cutter (pdh_rows.c) finds each cell's closing quote from the previous one:
 * a chain of dependent loads and bit scans per cell. Here the separators of a 64-byte block
 * come out of one compare, and the shape of the whole block is checked at once: its quotes
 * must be exactly the bytes next to a separator (opening and closing quotes), plus the closing
 * quote at the end of the line. Then every cell is the text between two separators less its
 * quotes, and its number goes to ps_num_cells_avx512 with the others of its group.
 */
#include "pdh_csv_internal.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "numparse.h"

#if PS_NUM_HAVE_AVX512
#include <immintrin.h>

#define AVX512_TARGET __attribute__((target("avx512f,avx512dq,avx512vl,avx512bw,avx512vbmi2,bmi,bmi2,popcnt")))

typedef struct group {
    const char *cs[PS_NUM_CELLS_MAX];
    uint8_t cl[PS_NUM_CELLS_MAX];
    uint32_t ci[PS_NUM_CELLS_MAX];
    size_t k;
} group;

/* Cell i, between the separators at offsets a and b of p (b may be the line's end): its text is
 * p[a + 2, b - 1). Returns 0, or -1 when it is not a number cell of at most 255 bytes. */
AVX512_TARGET static inline int cell(group *g, const char *line, const char *p, uint32_t a, uint32_t b, size_t i,
                                     double *vals, uint64_t *blanks)
{
    uint32_t n = b - a - 3; /* wraps for separators closer than 3 bytes */
    const char *s = p + a + 2;
    if (n > 255)
        return -1;
    if (n == 1 && s[0] == ' ') {
        vals[i] = NAN;
        ++*blanks;
        return 0;
    }
    if (s + n < line + 32) /* the number's window would start before the line */
        return ps_num_parse(s, n, '.', &vals[i]);
    g->cs[g->k] = s;
    g->cl[g->k] = (uint8_t)n;
    g->ci[g->k++] = (uint32_t)i;
    if (g->k == PS_NUM_CELLS_MAX) {
        g->k = 0;
        return ps_num_cells_avx512(g->cs, g->cl, g->ci, PS_NUM_CELLS_MAX, '.', vals);
    }
    return 0;
}

AVX512_TARGET int ps_csv_values_avx512(const char *line, const char *p, const char *e, char sep, size_t ncells,
                                       double *vals, uint64_t *nmiss)
{
    const size_t n = (size_t)(e - p);
    const __m512i quote = _mm512_set1_epi8('"'), cs = _mm512_set1_epi8(sep);
    const __m512i iota =
        _mm512_setr_epi64(0x0706050403020100, 0x0F0E0D0C0B0A0908, 0x1716151413121110, 0x1F1E1D1C1B1A1918,
                          0x2726252423222120, 0x2F2E2D2C2B2A2928, 0x3736353433323130, 0x3F3E3D3C3B3A3938);
    uint32_t pos[32]; /* separators not yet closed by the next one, as offsets of p */
    size_t np = 0, i = 0;
    uint64_t blanks = 0;
    group g;
    g.k = 0;
    if (n < 4 || n > UINT32_MAX || p[0] != sep || p <= line)
        return 0;
    for (size_t b = 0; b < n; b += 64) {
        size_t rem = n - b;
        __mmask64 in = rem >= 64 ? ~(__mmask64)0 : ((__mmask64)1 << rem) - 1;
        __mmask64 in_next = rem > 64 ? ~(__mmask64)0 : in >> 1;
        __m512i x = _mm512_maskz_loadu_epi8(in, p + b);
        __mmask64 q = _mm512_cmpeq_epi8_mask(x, quote), s = _mm512_cmpeq_epi8_mask(x, cs);
        __mmask64 after = _mm512_mask_cmpeq_epi8_mask(in, _mm512_maskz_loadu_epi8(in, p + b - 1), cs);
        __mmask64 before = _mm512_mask_cmpeq_epi8_mask(in_next, _mm512_maskz_loadu_epi8(in_next, p + b + 1), cs);
        if (rem <= 64)
            before |= (__mmask64)1 << (rem - 1); /* the closing quote of the last cell */
        unsigned ns = (unsigned)_mm_popcnt_u64(s);
        if (q != (after | before) || ns > 16)
            return 0;
        __m512i at = _mm512_maskz_compress_epi8(s, iota);
        _mm512_storeu_si512(
            pos + np, _mm512_add_epi32(_mm512_cvtepu8_epi32(_mm512_castsi512_si128(at)), _mm512_set1_epi32((int)b)));
        np += ns;
        if (i + np > ncells + 1)
            return 0; /* more fields than the header */
        for (size_t j = 0; j + 1 < np; j++, i++)
            if (cell(&g, line, p, pos[j], pos[j + 1], i, vals, &blanks) != 0)
                return 0;
        if (np) {
            pos[0] = pos[np - 1];
            np = 1;
        }
    }
    if (np != 1 || i + 1 != ncells || cell(&g, line, p, pos[0], (uint32_t)n, i, vals, &blanks) != 0)
        return 0;
    if (g.k && ps_num_cells_avx512(g.cs, g.cl, g.ci, g.k, '.', vals) != 0)
        return 0;
    *nmiss += blanks;
    return 1;
}

#else

int ps_csv_values_avx512(const char *line, const char *p, const char *e, char sep, size_t ncells, double *vals,
                         uint64_t *nmiss)
{
    (void)line, (void)p, (void)e, (void)sep, (void)ncells, (void)vals, (void)nmiss;
    return 0;
}

#endif
