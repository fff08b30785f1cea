/* chart_internal.h - private helpers shared by the chart engine files (render/chart_*.c). */
#ifndef PS_CHART_INTERNAL_H
#define PS_CHART_INTERNAL_H

#include "ps_render.h"

/* Font sizes (points) and spacing of the layout. */
#define CH_PAD 12.0 /* outer margin */
#define CH_TITLE 13.0
#define CH_SUBTITLE 9.5
#define CH_AXIS_TITLE 9.0
#define CH_TICK 8.0
#define CH_LEGEND 8.0
#define CH_VALUE 7.0
#define CH_NOTE 7.5 /* threshold and shade labels */
#define CH_TICK_LEN 4.0
#define CH_ASCENT 0.76 /* cap-height-ish share of the size above the baseline */
#define CH_DESCENT 0.24

/* 0 when spec is usable, else PS_EUSAGE with a message. */
int chart_spec_check(const ps_chart_spec *spec, ps_error *err);
/* Role of series i (spec role, or by position when -1). */
int chart_series_role(const ps_chart_series *s, size_t i);
/* 1 when series i is drawn as a line (time charts, or on_y2 of bar+line charts). */
int chart_series_is_line(const ps_chart_spec *spec, size_t i);
/* 1 when series i belongs to the second axis. */
int chart_series_on_y2(const ps_chart_spec *spec, size_t i);
/* min / mean / max of the present values (NaN when none). */
void chart_series_stats(const ps_chart_series *s, double *min, double *avg, double *max);
/* Set a text item (text copied; NULL or "" -> text stays NULL). */
void chart_text_set(ps_chart_text *t, const char *text, double x, double y, double size, int anchor, int bold,
                    int role);
/* Value with 3 significant digits in the axis' SI prefix, trailing zeros dropped ("1.5k"). */
const char *chart_fmt_value(char *out, size_t n, double v, double factor, const char *prefix);
/* "label (unit)" / "label" / "unit" / NULL; caller frees. */
char *chart_axis_title(const ps_chart_axis *a);

/* Title (chart_title.c): text wrapped into at most max lines no wider than w at size/bold
 * (breaks at spaces and before CJK characters; the last line ends in an ellipsis when the text
 * needs more). lines[i] are allocated (caller frees); returns their count (0 for ""). */
size_t chart_title_wrap(const char *text, double size, int bold, double w, char **lines, size_t max);

/* Legend (chart_legend.c). Height of one legend row. */
#define CHART_LEGEND_ROW (CH_LEGEND * 1.75)
/* The scale factor of an axis' tick labels (its SI prefix). */
double chart_axis_factor(const ps_chart_axis_layout *a);
/* Legend items of every series with their text (allocates l->legend); positions are set by
 * chart_legend_flow. */
void chart_legend_items(ps_chart_layout *l, const ps_chart_spec *spec);
/* Flow the legend items into rows of at most width w centred on [x, x + w], the first row's top
 * at top; returns the number of rows. place = 0 only counts them. */
size_t chart_legend_flow(ps_chart_layout *l, double x, double w, double top, int place);

/* Axis mapping (chart_layout.c): y of value v on axis a, x of time t (ms) on a time axis. */
double chart_ymap(const ps_chart_axis_layout *a, const ps_chart_rect *p, double v);
double chart_time_x(const ps_chart_axis_layout *a, const ps_chart_rect *p, double t);

/* Marks (chart_marks.c), once the plot, the axes, the bars and the lines are laid out: */
/* the filled polygons of spec.envelopes (l->areas); */
void chart_layout_envelopes(ps_chart_layout *l, const ps_chart_spec *spec);
/* the spec thresholds across the plot and each series' own limit (l->thresholds); */
void chart_layout_limits(ps_chart_layout *l, const ps_chart_spec *spec);
/* the limit labels moved to where they cover the fewest lines, bars and other labels. */
void chart_place_limit_labels(ps_chart_layout *l);
/* Bounding box of a laid-out text (unrotated). */
ps_chart_rect chart_text_box(const ps_chart_text *t);

#endif
