/* ps_chart.h - charts: specification -> layout in plain structs -> drawing backends.
 * Part of the public interface of its library; the umbrella header includes it. */
#ifndef PS_CHART_H
#define PS_CHART_H

#include "ps_output.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ===================================================================== 6. charts */

/* Chart engine: a caller fills a plain ps_chart_spec; ps_chart_layout_compute turns it into a
 * ps_chart_layout (every rectangle, tick, text position and polyline, in points, origin top
 * left, y down); a backend draws the layout through ps_chart_draw. Text widths in the layout
 * come from a fixed DejaVu Sans advance table, so the layout is the same for every backend.
 * Nothing in a spec is owned by the chart code: the caller keeps the arrays alive while the
 * chart is laid out / rendered. */

enum ps_chart_kind {
    PS_CHART_TIME = 0, /* time series: x = ps_time, lines */
    PS_CHART_BARS, /* grouped bars: x = categories, one bar per series in each group */
    PS_CHART_BARS_LINE /* grouped bars + line series (series.on_y2) on a second y axis */
};

typedef struct ps_chart_series {
    const char *label; /* legend text (UTF-8) */
    int role; /* palette series 0..7 (series1..series8); -1 = by position */
    size_t n; /* values; for bars must equal spec.ncategories */
    const double *v; /* NaN = gap (breaks a line; no bar) */
    const ps_time *t; /* PS_CHART_TIME: n times, not decreasing; else unused */
    int on_y2; /* PS_CHART_BARS_LINE: 1 = drawn as a line against the second axis */
    /* A limit of this series only (has_limit = 1), e.g. 20 ms for database reads and 10 ms for
     * log writes in one bar chart. Bars: a short dashed segment across each of the series' bars
     * (every category) at `limit`; lines: a dashed line across the plot. limit_label (NULL =
     * none) is written once, beside the right-most segment, where it covers no data. A limit
     * that holds for every series is a spec threshold instead. Widens the y range. */
    int has_limit;
    double limit;
    const char *limit_label;
} ps_chart_series;

/* A chart series viewing a model series (label, times and values stay owned by s). */
ps_chart_series ps_chart_series_of(const ps_series *s, int role);

typedef struct ps_chart_threshold {
    double value; /* horizontal dashed line at this y value */
    const char *label; /* drawn at the right end above the line; NULL = none */
    int on_y2; /* value is on the second axis */
} ps_chart_threshold;

typedef struct ps_chart_shade {
    ps_time from, to; /* PS_CHART_TIME only: shaded x range (clipped to the plot) */
    const char *label; /* small text at the top left inside the range; NULL = none */
} ps_chart_shade;

/* A min-max band (envelope) of a time chart: the area between lo[k] and hi[k] at t[k] (t not
 * decreasing; NaN in lo or hi breaks the band), filled with a light tint of the series colour
 * `role` behind every line, with a legend entry (box swatch) when label is set. Use it instead
 * of N overplotted series that no reader can tell apart: one band for all of them
 * (ps_chart_envelope_build) plus the worst one as an ordinary series whose label names it
 * (ps_chart_series_extreme picks it). Widens the y and time ranges like a series. */
typedef struct ps_chart_envelope {
    const char *label; /* legend text, e.g. "range of 6 instances (min-max)"; NULL = none */
    int role; /* palette series 0..7 whose tint fills the band; -1 = series1 */
    size_t n;
    const ps_time *t;
    const double *lo, *hi;
} ps_chart_envelope;

/* Envelope arrays of the time series s[0..n): the span of all their times cut into `columns`
 * (>= 1) equal columns; for every column holding a present value, one point: the time of the
 * column's first sample and the lowest and highest value of any series in the column. *t, *lo
 * and *hi are allocated by the call (free each, also when it returns 0); returns the point
 * count (<= columns). Pure; no error. */
size_t ps_chart_envelope_build(const ps_chart_series *s, size_t n, size_t columns, ps_time **t, double **lo,
                               double **hi);
/* The series with the highest (high = 1) or lowest (high = 0) mean of its present values, the
 * first one on ties; n when no series has a value. */
size_t ps_chart_series_extreme(const ps_chart_series *s, size_t n, int high);

/* A horizontal band of y values shaded behind the data (e.g. warning and critical ranges of an
 * analysis rule); lo/hi may be infinite (then the band reaches the plot edge). */
typedef struct ps_chart_band {
    double lo, hi;
    int role; /* fill colour: PS_ROLE_WARN_BAND, PS_ROLE_CRIT_BAND, PS_ROLE_SHADE */
} ps_chart_band;

typedef struct ps_chart_axis {
    const char *label; /* e.g. "Database reads"; NULL = none */
    const char *unit; /* e.g. "ms"; shown as "label (unit)"; NULL = none */
} ps_chart_axis;

typedef struct ps_chart_spec {
    enum ps_chart_kind kind;
    const char *title, *subtitle; /* NULL = none */
    const char *x_label; /* NULL = none */
    ps_chart_axis y, y2; /* y2 used by PS_CHART_BARS_LINE only */
    const char *const *categories; /* bars: ncategories group labels */
    size_t ncategories;
    const ps_chart_series *series;
    size_t nseries;
    const ps_chart_threshold *thresholds;
    size_t nthresholds;
    const ps_chart_shade *shades;
    size_t nshades;
    int y_include_zero; /* time series: extend the y range to 0 (bars always do) */
    int value_labels; /* bars: print each bar's value above it */
    int legend_stats; /* legend text "label (min x, avg y, max z)" from the values */
    int no_legend; /* 1 = no legend at all */
    double width, height; /* points; 0 = 600 x 340 */
    const ps_chart_band *bands; /* PS_CHART_TIME: y bands (do not widen the y range) */
    size_t nbands;
    const ps_chart_envelope *envelopes; /* PS_CHART_TIME: min-max bands behind the lines */
    size_t nenvelopes;
} ps_chart_spec;

/* Layout --------------------------------------------------------------------------------- */

enum ps_chart_anchor { PS_ANCHOR_START = 0, PS_ANCHOR_MIDDLE, PS_ANCHOR_END };

typedef struct ps_chart_rect {
    double x, y, w, h;
} ps_chart_rect;

/* One text: (x, y) is the baseline point of the anchor; rotate in degrees (-90 = reads
 * bottom to top). role is a palette role (PS_ROLE_*). */
typedef struct ps_chart_text {
    char *text; /* owned by the layout */
    double x, y, size, rotate, width; /* width: estimated advance (DejaVu Sans table) */
    int anchor, bold, role;
} ps_chart_text;

typedef struct ps_chart_tick {
    double value; /* data value (ms since 1970 for time axes) */
    double pos; /* x (horizontal axes) or y (vertical axes) in points */
    ps_chart_text label;
} ps_chart_tick;

typedef struct ps_chart_axis_layout {
    int present;
    double min, max, step; /* axis range and tick step (data units; ms for time) */
    const char *prefix; /* SI prefix used by the labels ("", "k", "M", "m", "u", ...) */
    const char *time_format; /* time axes: "HH:MM:SS", "HH:MM", "MM/DD HH:MM", "YYYY-MM-DD" */
    int decimals; /* decimals of the scaled labels */
    size_t nticks;
    ps_chart_tick *ticks; /* owned */
    ps_chart_text title; /* axis title (text NULL = none) */
} ps_chart_axis_layout;

typedef struct ps_chart_bar {
    ps_chart_rect r;
    size_t series, category;
    int role;
    double value;
    ps_chart_text label; /* value label (text NULL = none) */
} ps_chart_bar;

/* One unbroken piece of a line series (pieces split at NaN gaps). n == 1: a lone point. */
typedef struct ps_chart_polyline {
    size_t series;
    int role;
    size_t n;
    double *xy; /* 2n coordinates x0 y0 x1 y1 ..., owned */
} ps_chart_polyline;

/* A limit line: a spec threshold across the plot (series = -1) or one segment of a series'
 * own limit (series = its index; bar charts: one segment per bar). Labels are placed where they
 * cover the fewest lines, bars and other labels (right end above the line first, then below,
 * then the left end), and drawn on a white backing. */
typedef struct ps_chart_hline {
    double x1, x2, y;
    double value;
    ps_chart_text label;
    long series;
} ps_chart_hline;

/* A filled min-max band (spec.envelopes[envelope]); one per unbroken piece. */
typedef struct ps_chart_area {
    size_t envelope;
    int role; /* series role of the envelope */
    uint32_t rgb; /* fill: the tint of the role's colour */
    size_t n; /* polygon points: the upper edge left to right, then the lower */
    double *xy; /* edge right to left; 2n coordinates, owned */
} ps_chart_area;

typedef struct ps_chart_shade_box {
    ps_chart_rect r;
    int band; /* 1: a y band of spec.bands, filled with role */
    int role;
    ps_chart_text label;
} ps_chart_shade_box;

typedef struct ps_chart_legend_item {
    size_t series;
    int role;
    int is_line; /* swatch is a line sample (dash of the role) instead of a box */
    ps_chart_rect swatch;
    ps_chart_text text;
    double min, avg, max; /* over the present values (NaN when none) */
    int envelope; /* 1: the entry of spec.envelopes[series] (swatch in its tint) */
} ps_chart_legend_item;

#define PS_CHART_TITLE_LINES 3 /* at most, of a wrapped chart title */

typedef struct ps_chart_layout {
    enum ps_chart_kind kind;
    double width, height;
    ps_chart_rect plot;
    ps_chart_text title, subtitle; /* text NULL = none; title: its first line */
    ps_chart_text title_more[PS_CHART_TITLE_LINES - 1]; /* the next lines of a title wider
                                             * than the plot (text NULL = none); each line is at
                                             * most the plot's width, the last one ends in "…"
                                             * when the title needs more lines */
    ps_chart_axis_layout x, y, y2; /* x of bar charts: category ticks */
    ps_chart_shade_box *shades;
    size_t nshades;
    ps_chart_bar *bars;
    size_t nbars;
    ps_chart_polyline *lines;
    size_t nlines;
    ps_chart_hline *thresholds;
    size_t nthresholds;
    ps_chart_legend_item *legend;
    size_t nlegend;
    ps_chart_area *areas;
    size_t nareas; /* envelopes, drawn before the grid and the lines */
} ps_chart_layout;

/* Compute the layout of spec. out is filled (free with ps_chart_layout_fini, also after an
 * error). PS_EUSAGE when the spec is inconsistent (no series, bar series whose n differs from
 * ncategories, time series without t, decreasing times, size below 120 x 80 points). */
int ps_chart_layout_compute(const ps_chart_spec *spec, ps_chart_layout *out, ps_error *err);
void ps_chart_layout_fini(ps_chart_layout *l);
/* Append the layout as "key = value" lines in a fixed order, coordinates with 2 decimals
 * (what `--dump-layout` prints and the golden tests compare). */
void ps_chart_dump_layout(const ps_chart_layout *l, ps_buf *out);

/* Tick helpers (pure; public for tests and other renderers) ------------------------------ */

#define PS_CHART_MAX_TICKS 16
/* Nice linear ticks over [lo, hi] (NaN ends ignored; lo == hi widened by 10 %; nothing
 * present -> [0, 1]): step 1, 2 or 5 x 10^k, the smallest giving at most 8 ticks; the range
 * is widened to multiples of the step. include_zero extends the range to 0 first.
 * Writes the range, step and tick values (k * step computed so that 0.3 prints as 0.3),
 * returns the tick count (4..8 for any non-degenerate range). */
size_t ps_chart_nice_ticks(double lo, double hi, int include_zero, double *min, double *max, double *step,
                           double ticks[PS_CHART_MAX_TICKS]);
/* SI prefix and decimals for labelling ticks of max |value| amax with step step:
 * amax >= 10000 -> k (>= 1e6 M, 1e9 G, 1e12 T); 0 < amax < 0.1 -> m (below 1e-4: u, 1e-7: n);
 * otherwise none (so 0..5000 reads "5000", 0..0.5 reads "0.5"); decimals = what the scaled
 * step needs (0..6). *factor receives 1e3, 1e-3, ... (1 without prefix). */
const char *ps_chart_si_prefix(double amax, double step, double *factor, int *decimals);
/* Tick label: v / factor with decimals and the prefix appended ("1.5k", "200m"); 0 -> "0". */
const char *ps_chart_tick_label(char *out, size_t n, double v, double factor, int decimals, const char *prefix);
/* Time axis ticks for [t0, t1] fitting at most max_ticks ticks: step from 1 s ... 10 years
 * (ticks are multiples of the step since 1970-01-01 00:00, only inside the range), and a
 * label format from the span: < 10 min "HH:MM:SS", < 24 h "HH:MM", < 7 days "MM/DD HH:MM",
 * else "YYYY-MM-DD". Writes up to PS_CHART_MAX_TICKS times into ticks, returns the count. */
size_t ps_chart_time_ticks(ps_time t0, ps_time t1, size_t max_ticks, ps_time *ticks, ps_time *step,
                           const char **format);
/* Format t with one of the formats above (out needs 20 bytes). */
const char *ps_chart_time_label(char *out, size_t n, ps_time t, const char *format);
/* Estimated advance width in points of UTF-8 text at size (DejaVu Sans advance table, ASCII
 * exact; CJK ideographs, kana, Hangul and fullwidth forms 1 em; other characters 0.62 em). */
double ps_chart_text_width(const char *utf8, double size, int bold);

/* Palette ---------------------------------------------------------------------------------- */

enum ps_chart_role {
    PS_ROLE_SERIES1 = 0, /* ..PS_ROLE_SERIES1 + 7: series colours */
    PS_ROLE_THRESHOLD = 8,
    PS_ROLE_SHADE,
    PS_ROLE_GRID,
    PS_ROLE_AXIS,
    PS_ROLE_TEXT,
    PS_ROLE_MUTED,
    PS_ROLE_PASS,
    PS_ROLE_FAIL,
    PS_ROLE_WARN_BAND,
    PS_ROLE_CRIT_BAND,
    PS_ROLE_COUNT
};
#define PS_CHART_NSERIES_ROLES 8
typedef struct ps_chart_color {
    const char *name; /* "series1".."series8", "threshold", "shade", "grid", "axis",
                                "text", "muted", "pass", "fail", "warn-band", "crit-band" */
    uint32_t rgb; /* 0xRRGGBB */
    const double *dash; /* line dash pattern in points (NULL = solid) */
    size_t ndash;
} ps_chart_color;
/* Role entry (any out-of-range role -> the "text" entry). */
const ps_chart_color *ps_chart_palette(int role);
/* Role by name; -1 when unknown. */
int ps_chart_role_parse(const char *name);
/* The light tint of a colour that fills a min-max band (a quarter of the colour on white). */
uint32_t ps_chart_tint(uint32_t rgb);
/* CIE L* (0..100) of a colour: greyscale lightness used to keep series apart in print. */
double ps_chart_lightness(uint32_t rgb);

/* Drawing ---------------------------------------------------------------------------------- */

/* The drawing interface (coordinates in points, origin top left, y down). A path is
 * move_to/line_to... then stroke. colours are 0xRRGGBB; dash NULL = solid. text: (x, y) is
 * the baseline point of the anchor, rotate in degrees (negative = counter-clockwise). */
typedef struct ps_chart_gc {
    void *ctx;
    void (*save)(void *ctx);
    void (*restore)(void *ctx);
    void (*clip)(void *ctx, double x, double y, double w, double h);
    void (*fill_rect)(void *ctx, double x, double y, double w, double h, uint32_t rgb);
    void (*move_to)(void *ctx, double x, double y);
    void (*line_to)(void *ctx, double x, double y);
    void (*stroke)(void *ctx, double width, uint32_t rgb, const double *dash, size_t ndash);
    void (*text)(void *ctx, double x, double y, const char *utf8, double size, int bold, int anchor, double rotate,
                 uint32_t rgb);
    /* Fill the current path (move_to/line_to, closed) with rgb. NULL: areas are not drawn. */
    void (*fill)(void *ctx, uint32_t rgb);
} ps_chart_gc;
/* Draw a computed layout through gc (white background, grid, shades, bars, lines,
 * thresholds, axes, texts, legend). */
void ps_chart_draw(const ps_chart_layout *l, const ps_chart_gc *gc);

/* PNG at 2 pixels per point (600 x 340 pt -> 1200 x 680 px), written through ps_outfile
 * (atomic). PS_EUSAGE for a bad spec, PS_EIO on write errors. */
#define PS_CHART_PNG_SCALE 2.0
int ps_chart_render_png(const ps_chart_spec *spec, const char *path, ps_error *err);
/* SVG file (atomic), same content as ps_chart_svg_string with an empty id prefix. */
int ps_chart_render_svg(const ps_chart_spec *spec, const char *path, ps_error *err);
/* Append the SVG document (without the "<?xml ...?>" line, ready to inline into HTML) to out.
 * Every id and reference cairo writes is prefixed with id_prefix (NULL = "") so several charts
 * can share one HTML page. Text is drawn as glyph outlines, so input text never appears as
 * markup. Output is byte-identical for identical specs. */
int ps_chart_svg_string(const ps_chart_spec *spec, const char *id_prefix, ps_buf *out, ps_error *err);
/* As ps_chart_svg_string, for HTML: the <svg> gets role="img" and aria-labelledby naming a
 * <title> (the chart title) and a <desc> (series, axis ranges, thresholds, each series'
 * minimum, mean and maximum), ids "<id_prefix>title" and "<id_prefix>desc"; a last group holds
 * invisible rectangles with <title> tooltips over every bar, point marker and legend entry.
 * The description and tooltips are worded from lang's message catalogue (ps_msg.h), numbers in
 * its sentences' convention (ps_js_words_num); lang NULL: English, numbers with '.'. */
struct ps_lang;
int ps_chart_svg_accessible(const ps_chart_spec *spec, const char *id_prefix, const struct ps_lang *lang, ps_buf *out,
                            ps_error *err);
/* Free the process-wide font caches of cairo and fontconfig (cairo_debug_reset_static_data +
 * FcFini) so that leak checkers see a clean exit. Call once, just before the program ends,
 * after every chart has been rendered and no cairo object is alive. */
void ps_chart_release_caches(void);
/* Draw into a libharu page inside the box whose lower left corner is (x, y) (PDF user units,
 * y up) of size w x h: the layout is computed for w x h (spec width/height ignored). doc, page,
 * font and bold are HPDF_Doc, HPDF_Page and HPDF_Font handles (void * so that this header
 * needs no hpdf.h); fonts should be TrueType loaded with the "UTF-8" encoder
 * (HPDF_UseUTFEncodings + HPDF_LoadTTFontFromFile + HPDF_GetFont(doc, name, "UTF-8")); bold
 * may be NULL (then font is used). Graphics state is saved and restored. PS_EUSAGE for a bad
 * spec, PS_EIO when libharu reports an error. */
int ps_chart_draw_hpdf(const ps_chart_spec *spec, void *doc, void *page, void *font, void *bold, double x, double y,
                       double w, double h, ps_error *err);
/* Text drawing of ps_chart_draw_hpdf_text: utf8 anchored (enum ps_anchor) at PDF point (x, y),
 * turned angle degrees counter-clockwise, fill colour rgb; page is the HPDF_Page. */
typedef void (*ps_chart_hpdf_text_fn)(void *ctx, void *page, double x, double y, double angle, const char *utf8,
                                      double size, int bold, int anchor, uint32_t rgb);
/* As ps_chart_draw_hpdf, the texts drawn by text(text_ctx, ...) (a document with several
 * fonts per string: per-character fallback). */
int ps_chart_draw_hpdf_text(const ps_chart_spec *spec, void *doc, void *page, ps_chart_hpdf_text_fn text,
                            void *text_ctx, double x, double y, double w, double h, ps_error *err);

#ifdef __cplusplus
}
#endif
#endif /* PS_CHART_H */
