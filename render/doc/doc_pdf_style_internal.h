/* doc_pdf_style_internal.h - the look of the PDF document in one table: colours, font sizes,
 * line widths, page sizes and margins, and the spaces between things, all in points (1/72 in)
 * or as fractions of a font size. The PDF back end (doc_pdf*.c) draws with these entries and
 * no number of its own; a change of look is a change here. Private to render/doc.
 *
 * Top-down coordinates as in doc_pdf_internal.h: "before" is above, "after" below. A text line
 * is `lead` x size high; its baseline sits `descent` x size above the line's bottom. */
#ifndef PS_DOC_PDF_STYLE_INTERNAL_H
#define PS_DOC_PDF_STYLE_INTERNAL_H

typedef struct pdf_style {
    struct { /* colours, 0xRRGGBB */
        unsigned text; /* body text, table cells, contents entries */
        unsigned muted; /* notes, running header and footer, the vendor, URLs after links */
        unsigned caption; /* table, chart and figure captions, quotes, log lines */
        unsigned accent; /* headings, title page bands and titles, header and footer rules */
        unsigned black; /* list items and their bullets */
        unsigned white; /* the table background, header row text */
        unsigned leader; /* the dots between a contents entry and its page */
        unsigned link; /* link text */
        unsigned code; /* code text ... */
        unsigned code_bg; /* ... on this box */
        unsigned quote_bar; /* the bar beside a block quote */
        unsigned head_bg; /* table header row */
        unsigned head_rule; /* rules between header cells */
        unsigned group_bg; /* table group and total rows */
        unsigned zebra_bg; /* every second body row */
        unsigned flag_bg; /* a flagged cell */
        unsigned rule; /* table rules */
        unsigned watermark; /* the draft mark under the content (no transparency needed) */
        unsigned draft; /* the draft line above the running header */
    } rgb;
    struct { /* font sizes */
        double body, note, log, caption, cell, running; /* running: header and footer */
        double heading[4]; /* levels 1, 2, 3, 4 and deeper */
        double contents_title; /* "Contents", "List of figures", "List of tables" */
        double toc_h1, toc_entry; /* a level-1 contents entry; level 2 and the lists' entries */
        double vendor, title, subtitle, date; /* title page */
    } size;
    struct { /* fractions of a font size */
        double lead; /* line height (text) */
        double cell_lead; /* line height in table cells */
        double descent; /* baseline above the line's bottom (text) */
        double cell_descent; /* baseline above the line's bottom (table cells) */
        double ascent; /* top of a code box and of a link's area above the baseline */
        double code_box; /* height of a code box */
        double link_below; /* a link's area below the baseline */
        double em_skew; /* slant of emphasis */
    } font;
    struct { /* line widths and dashes */
        double h1_rule; /* under a level-1 heading */
        double header_rule, footer_rule;
        double table_rule;
        unsigned dash_on, dash_off; /* a dashed line's pattern */
    } line;
    struct { /* paper and margins */
        double a4_w, a4_h, letter_w, letter_h;
        double margin_x, margin_top, margin_bottom;
        double top_slack; /* the position counts as the top of the body within this */
    } page;
    struct { /* headings and paragraphs */
        double h1_before, h_before, h1_after, h_after;
        double h1_rule_after; /* below the rule under a level-1 heading */
        double dest_above; /* a link destination above the text it points to */
        double para_after; /* paragraphs and notes */
        double list_after; /* after the last item of a list */
        double item_after; /* after each list item */
        double item_step; /* indent per list level */
        double item_mark_gap; /* the mark ends this far left of the indent ... */
        double item_text_gap; /* ... the text starts this far right of it */
        int max_level; /* list and quote levels deeper than this are drawn at it */
        double quote_step; /* indent per quote level */
        double quote_bar_x, quote_bar_top, quote_bar_w; /* the bar left of the indent, its top, width */
        double quote_after;
        double log_indent, log_after, log_line_after; /* counter log lines */
        double bullet_x; /* bullet of a bulleted list block, from the margin */
        double bullet_indent, bullet_line_after; /* its lines */
        double code_pad; /* a code box around its text, left and right */
    } text;
    struct { /* tables, charts and figures */
        double pad_x, pad_y; /* cell padding */
        double caption_gap; /* between the caption (or the text above) and the table */
        double table_after, chart_gap, chart_after;
        double figure_max_h; /* a figure's image: at most this fraction of the body height */
        double figure_before, figure_gap, figure_after, figure_need; /* figure_need: caption room */
        double figure_keep; /* a figure's caption and spaces, as the page breaks count them */
    } block;
    struct { /* title page, running header and footer */
        double band; /* the accent bands at the top and the bottom of the title page */
        double logo_h, logo_max_w, logo_bottom, logo_gap; /* title page logo, bottom at logo_bottom - logo_gap */
        double text_top; /* where the title page's text starts */
        double vendor_after, title_after, subtitle_after, date_after;
        double run_logo_h, run_logo_max_w, run_logo_above, run_logo_gap; /* header logo */
        double run_title_above; /* header text baseline above the top margin */
        double run_min; /* a title wider than the header: drawn down to this size, then cut */
        double run_rule_above; /* header rule above the top margin */
        double foot_rule_below; /* footer rule below the bottom margin */
        double foot_text_below; /* footer text baseline below the footer rule */
    } furniture;
    struct { /* contents and lists of figures and tables */
        double line; /* one entry */
        double h2_indent;
        double title_after; /* after "Contents" */
        double list_after; /* after a list of figures or tables */
        int keep_entries; /* entries kept with a list's title */
        double number_gap; /* room between the text and the page number */
        double hang; /* an entry's continuation lines start this far right of its first */
        double leader_start, leader_end, leader_step; /* the dots: after the text, before the number, apart */
        double link_below; /* a link's area below the baseline */
    } toc;
    struct { /* the draft mark of every page */
        double angle, max_size;
        double diagonal; /* its width: this fraction of the page's diagonal */
        double rise; /* centre of the capitals above the baseline (fraction of the size) */
        double line_above; /* the draft line's baseline above the top margin */
    } watermark;
} pdf_style;

static const pdf_style PDF_STYLE = {
    .rgb = {.text = 0x1a1a1a,
            .muted = 0x555555,
            .caption = 0x333333,
            .accent = 0x003a70,
            .black = 0x000000,
            .white = 0xffffff,
            .leader = 0x999999,
            .link = 0x0645ad,
            .code = 0x8a1538,
            .code_bg = 0xf0f2f4,
            .quote_bar = 0xb8c4d0,
            .head_bg = 0x003a70,
            .head_rule = 0x4a6f95,
            .group_bg = 0xdbe5f0,
            .zebra_bg = 0xf5f7fa,
            .flag_bg = 0xfff1c2,
            .rule = 0xb8c4d0,
            .watermark = 0xf6dede,
            .draft = 0xbe1e1e},
    .size = {.body = 9.5,
             .note = 7.5,
             .log = 6.5,
             .caption = 8.5,
             .cell = 7.5,
             .running = 7.5,
             .heading = {16, 12.5, 10.5, 9.5},
             .contents_title = 16,
             .toc_h1 = 10,
             .toc_entry = 9.5,
             .vendor = 15,
             .title = 26,
             .subtitle = 14,
             .date = 12},
    .font = {.lead = 1.35,
             .cell_lead = 1.25,
             .descent = 0.3,
             .cell_descent = 0.28,
             .ascent = 0.85,
             .code_box = 1.1,
             .link_below = 0.25,
             .em_skew = 0.21},
    .line = {.h1_rule = 1.2, .header_rule = 0.8, .footer_rule = 0.5, .table_rule = 0.4, .dash_on = 4, .dash_off = 3},
    .page = {.a4_w = 595.276,
             .a4_h = 841.89,
             .letter_w = 612,
             .letter_h = 792,
             .margin_x = 56,
             .margin_top = 64,
             .margin_bottom = 60,
             .top_slack = 1},
    .text = {.h1_before = 8,
             .h_before = 6,
             .h1_after = 2,
             .h_after = 3,
             .h1_rule_after = 6,
             .dest_above = 4,
             .para_after = 5.0,
             .list_after = 4,
             .item_after = 2,
             .item_step = 16.0,
             .item_mark_gap = 4,
             .item_text_gap = 2,
             .max_level = 6,
             .quote_step = 14.0,
             .quote_bar_x = 9,
             .quote_bar_top = 2,
             .quote_bar_w = 2.5,
             .quote_after = 5,
             .log_indent = 4,
             .log_after = 6,
             .log_line_after = 0,
             .bullet_x = 6,
             .bullet_indent = 16,
             .bullet_line_after = 1,
             .code_pad = 1},
    .block = {.pad_x = 3.0,
              .pad_y = 2.5,
              .caption_gap = 2.0,
              .table_after = 8,
              .chart_gap = 4.0,
              .chart_after = 8,
              .figure_max_h = 0.5,
              .figure_before = 4,
              .figure_gap = 4,
              .figure_after = 10,
              .figure_need = 10,
              .figure_keep = 30},
    .furniture = {.band = 14,
                  .logo_h = 70,
                  .logo_max_w = 180,
                  .logo_bottom = 210,
                  .logo_gap = 20,
                  .text_top = 230,
                  .vendor_after = 16,
                  .title_after = 18,
                  .subtitle_after = 50,
                  .date_after = 0,
                  .run_logo_h = 16,
                  .run_logo_max_w = 120,
                  .run_logo_above = 13,
                  .run_logo_gap = 8,
                  .run_title_above = 14,
                  .run_min = 6,
                  .run_rule_above = 10,
                  .foot_rule_below = 14,
                  .foot_text_below = 10},
    .toc = {.line = 14.0,
            .h2_indent = 14,
            .title_after = 10,
            .list_after = 16,
            .keep_entries = 2,
            .number_gap = 12,
            .hang = 14,
            .leader_start = 4,
            .leader_end = 6,
            .leader_step = 4,
            .link_below = 3},
    .watermark = {.angle = 35.0, .max_size = 130.0, .diagonal = 0.6, .rise = 0.36, .line_above = 32},
};

#endif
