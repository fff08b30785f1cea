/* doc_rules.c - perfscribe-rules(5): the threshold file formats read by --thresholds
 * (parser/config/thresholds.c), shown by 'perfscribe help rules' and written as a man page. */
#include "cli.h"

const ps_cmd_doc ps_doc_rules = {
    .name = "rules",
    .section = 5,
    .summary = "threshold rule files read by perfscribe --thresholds",
    .description =
        "'perfscribe jetstress', 'check' and 'report' judge every server with a built-in Jetstress "
        "profile (jetstress-2007, jetstress-2010, jetstress-2013; jetstress-2016 and jetstress-2019 "
        "are names of jetstress-2013), chosen by --profile or from the report's Jetstress version. "
        "--thresholds FILE adds rules from a file in one of two formats, recognised by content: a "
        "perfscribe threshold file or a PAL threshold XML.\n\n"
        "PERFSCRIBE THRESHOLD FILE\n\n"
        "One rule per line; '#' starts a comment; blank lines are ignored:\n\n"
        "  \"COUNTER\"  STATISTIC  SCOPE  OPERATOR  LIMIT UNIT  SEVERITY\n\n"
        "COUNTER is a PerfMon counter path in double quotes; (*) means every instance, a name such "
        "as (Instance4711.2) or (*.2) one or some. The counter must be one the Jetstress pipeline "
        "tracks: the 12 'I/O ...' counters and the 2 'Database Maintenance IO ...' counters of "
        "'MSExchange Database ==> Instances', 'Database Page Fault Stalls/sec', and the host counters "
        "of the Jetstress report (Processor, Memory, LogicalDisk); German and '(Attached)' names are "
        "accepted too.\n\n"
        "STATISTIC is avg (the mean over the collection window), min, max, or p95 (nearest rank over "
        "the window's samples).\n\n"
        "SCOPE is instance (each instance; host counters per server), server (the server figure: "
        "rates summed, other columns the plain mean over the instances) or aggregate (avg only: the "
        "figure of the whole solution, reported on every server).\n\n"
        "OPERATOR is one of > >= < <=; the rule is broken when 'value OPERATOR LIMIT' holds.\n\n"
        "LIMIT is a number with an explicit unit that fits the counter: ms, s or us for latencies; "
        "/s for rates; B, KB, MB or GB (powers of 1024) for sizes; % for percentages; count. '20ms' "
        "and '20 ms' are both fine.\n\n"
        "SEVERITY is error (a broken rule fails the verdict) or warning (listed with a 'warning:' "
        "prefix, never fails).\n\n"
        "A bad line stops the run with 'perfscribe: FILE:LINE:COL: message' and exit code 3.\n\n"
        "Example:\n\n"
        "  # warn above 15 ms average read latency per instance\n"
        "  \"\\MSExchange Database ==> Instances(*)\\I/O Database Reads Average Latency\" \\\n"
        "      avg instance > 15 ms warning\n"
        "  \"\\Processor(_Total)\\% Processor Time\"  max  server  >  80 %  warning\n"
        "  \"\\Memory\\Available MBytes\"             min  server  <  1 GB  error\n\n"
        "(The first rule is one line in the file; it is broken here only to fit the page.)\n\n"
        "PAL THRESHOLD XML\n\n"
        "A threshold file of the PAL project (Exchange2010.xml, QuickSystemOverview.xml, ...): "
        "every StaticThreshold call of an enabled analysis (-Operator 'gt|ge|lt|le', -Threshold N, "
        "the $Collection variable resolved to its DATASOURCE counter path) becomes an avg rule; "
        "Warning becomes warning and Critical becomes error. PowerShell multipliers count "
        "(-Threshold 1GB is 1073741824); a threshold given as a variable is not a static rule and "
        "is not imported. LogicalDisk seconds become ms, and LogicalDisk rules judge only Jetstress "
        "2007 volume rows. Rules on counters the Jetstress pipeline does not track are counted and "
        "reported as ignored. INHERITANCE files next to the file are imported too (the child "
        "overrides an analysis it repeats); a missing one is a warning.",
    .notes_title = "BUILT-IN PROFILES",
    .notes =
        "Latency limits of the strict set; a Stress test or --lenient uses the lenient set, which "
        "differs only for jetstress-2013:\n\n"
        "  profile          avg read  max read  avg log write  max log write\n"
        "  jetstress-2007   20 ms     50 ms     10 ms          50 ms\n"
        "  jetstress-2010   20 ms     100 ms    10 ms          100 ms\n"
        "  jetstress-2013   20 ms     100 ms    10 ms          100 ms\n"
        "    (lenient)      20 ms     200 ms    10 ms          200 ms\n\n"
        "Averages are judged per instance (a value above the limit fails; equality passes). For "
        "the maximum latencies, more than MaximumLatencyErrors samples above the limit (from "
        "JetstressConfig.xml, default 6) fail. jetstress-2013 also fails an average of more than 1 "
        "database page fault stall per second. Thresholds in JetstressConfig.xml replace the "
        "profile's latencies.",
    .see_also = "perfscribe-check(1), perfscribe-jetstress(1)",
};
