/* doc_solution.c - perfscribe-solution(5): the solution description file of 'perfscribe report
 * --solution' (parser/config/solution.c, render/doc/doc_front.c, doc_markdown.c), shown by
 * 'perfscribe help solution' and written as a man page. docs/solution-format.md says the same
 * with examples. */
#include "cli.h"

const ps_cmd_doc ps_doc_solution = {
    .name = "solution",
    .section = 5,
    .summary = "solution description files read by perfscribe report --solution",
    .description =
        "The solution description holds what only the vendor can write in an ESRP paper: the "
        "names, the configuration rows, the texts, the figures and the logo. UTF-8 text (a BOM is "
        "allowed), INI-like:\n\n"
        "  # a comment ('#' or ';' in the first column)\n"
        "  [document]\n"
        "  vendor = Contoso Storage\n"
        "  logo = logo.png\n"
        "  revisions =\n"
        "    2026-10-02 | First draft\n"
        "    2026-11-30 | Published\n"
        "  [text]\n"
        "  features = The array offers:\n"
        "    - mirrored write cache\n"
        "    - **64 GB** of cache\n"
        "    .\n"
        "    ![Topology of the tested solution](topology.png)\n\n"
        "A line starting with a space or tab continues the value before it; the lines keep their "
        "line breaks and lose the indentation of the first continuation line, so nested lists keep "
        "their extra indentation. An indented '.' alone (or a blank line followed by more indented "
        "text) starts a new paragraph. A key given twice in a section is an error; unknown keys are "
        "listed in one warning.\n\n"
        "RICH TEXT\n\n"
        "Every text value is CommonMark with GitHub's tables, parsed by cmark-gfm: '#' headings "
        "(nested under the section holding the text), paragraphs, '-' and '1.' lists (nested), "
        "*emphasis*, **strong**, `code`, [links](https://...) (http, https and mailto only; in "
        "the PDF the URL follows the text), '>' block quotes, tables (a 'Table: caption' paragraph "
        "just before one names it) and code blocks. Raw HTML is printed as written, never passed "
        "through. Values of the configuration rows and revisions are one line: their marks are "
        "removed.\n\n"
        "FIGURES AND LOGO\n\n"
        "'![Caption](file.png)' places a figure numbered 'Figure N: Caption', as wide as the text; "
        "'[document] logo' goes on the title page and in the running header. Paths are relative "
        "to the solution file. PNG (8-bit grey, RGB, palette, with or without alpha, not "
        "interlaced) and baseline or progressive JPEG (grey or colour) only, at most 8 MiB, 8000 "
        "pixels a side and 24 megapixels. The header, the chunk or marker structure and (PNG) the "
        "size of the pixel data are checked before the image is used; a file that fails, a folder, "
        "a device or a URL stops the run with 'perfscribe: FILE:LINE:COL: image 'PATH': reason' "
        "and exit code 3. Images are inputs: no -o may replace them.\n\n"
        "KEYS\n\n"
        "[document]: vendor, product, author, mailboxes, exchange_version, resiliency, title, date, "
        "logo, revisions (one 'DATE | description' line each), number (the document number, printed "
        "under the copyright), copyright_holder (default: vendor), trademarks (replaces the standard "
        "trademark line).\n"
        "[text]: abstract, overview, disclaimer (replaces the standard text), features, "
        "solution_description, customer_profile, best_practices, backup_strategy, contact, "
        "conclusion, acknowledgements, volume_sizing (a 'Volume Sizing' section after the component "
        "tables), support (the vendor's text of the 'Support and Resources' appendix, before the ESRP "
        "program's page).\n"
        "[components]: hardware, software: one 'Component | version or model' line each, a table "
        "each ('Hardware Components', 'Software Components').\n"
        "[simulated] database_size_per_server: overrides the size the run measured (the final "
        "database size of each server's Performance report).\n"
        "[simulated], [hardware], [software], [disks]: the rows of the tested-deployment tables "
        "(see docs/readme/report.md), and footnote: small print under that table.",
    .see_also = "perfscribe-report(1), perfscribe-rules(5)",
};
