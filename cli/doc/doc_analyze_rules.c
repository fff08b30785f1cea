/* doc_analyze_rules.c - perfscribe-analyze-rules(5): the rule files of 'perfscribe analyze
 * --rules FILE' (parser/rules/), shown by 'perfscribe help analyze-rules' and written as a man
 * page. docs/readme/analyze.md says the same with more examples. */
#include "cli.h"

const ps_cmd_doc ps_doc_analyze_rules = {
    .name = "analyze-rules",
    .section = 5,
    .summary = "analysis rule files read by perfscribe analyze --rules",
    .description = "'perfscribe analyze' (and 'perfscribe check' on plain logs) judges PerfMon logs with "
                   "analysis rules: a built-in pack ('perfscribe analyze --rules list'), a PAL threshold XML "
                   "file, or a rule file in the format below. A Jetstress threshold file (perfscribe-rules(5)) "
                   "is a different format, read by check, jetstress and report --thresholds.\n\n"
                   "FORMAT\n\n"
                   "Plain UTF-8 text, no code execution. '#' starts a comment line; a line starting with blanks "
                   "continues the previous value (joined with one space). An optional [pack] section holds "
                   "informative keys (title, description, source); every [rule ID] section (ID: a-z 0-9 - _ .) "
                   "is one rule:\n\n"
                   "  [pack]\n"
                   "  title = My server rules\n"
                   "  [rule disk-read-latency]\n"
                   "  title = Disk read latency\n"
                   "  counter = \\LogicalDisk(*)\\Avg. Disk sec/Read\n"
                   "  exclude = HarddiskVolume*\n"
                   "  scale = 1000\n"
                   "  unit = ms\n"
                   "  statistic = avg\n"
                   "  operator = >\n"
                   "  warning = 15\n"
                   "  critical = 25\n"
                   "  [rule network-utilization]\n"
                   "  object = Network Interface\n"
                   "  expression = {Bytes Total/sec} * 8 / {Current Bandwidth} * 100\n"
                   "  unit = %\n"
                   "  warning = 30\n"
                   "  critical = 50\n\n"
                   "KEYS\n\n"
                   "counter: a counter path pattern, relog style, '*' wildcards (the machine part optional; "
                   "(*) any instance; no (...) for objects without instances); repeatable.\n\n"
                   "object, expression: a derived counter, the expression over counters {name} of the same "
                   "machine, object and instance: + - * /, unary minus, parentheses, numbers; a missing operand "
                   "or a division by zero gives no value for that sample; {name} may hold '*'.\n\n"
                   "include, exclude: instance globs (ASCII case-insensitive) on the whole instance text "
                   "parent/instance#n; repeatable. Without either every instance except _Total is tested.\n\n"
                   "scale: the values are multiplied by it first (1000: seconds to ms).\n\n"
                   "statistic: min, avg (default), max, p95 or trend (least-squares slope per hour) of each "
                   "time slice. operator: > (default), >=, < or <=.\n\n"
                   "warning, critical: the limits (at least one); a slice is critical when 'value OPERATOR "
                   "critical' holds, else warning when 'value OPERATOR warning' holds.\n\n"
                   "band: 'LOW HIGH warning|critical' ('*' an open end): extra chart bands.\n\n"
                   "title, category, unit, description, advice, source: texts of the outputs.\n\n"
                   "A bad line stops the run with 'perfscribe: FILE:LINE:COL: message' and exit code 3.",
    .see_also = "perfscribe-analyze(1), perfscribe-check(1), perfscribe-rules(5)",
};
