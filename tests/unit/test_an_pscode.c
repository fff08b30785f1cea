/* Unit tests: model/analyze/an_pscode.c - PAL's threshold CODE evaluated without PowerShell.
 * The code snippets are PAL's (QuickSystemOverview.xml, SQLServer2012.xml) cut to the branch
 * under test; every expected limit is hand arithmetic from PowerShell's rules:
 *   Available MBytes, 16 GB: [Int]16 * 1024 * 0.10 = 1638.4; 5 %: 819.2, at least 64
 *   Pool Non-Paged, Windows 7 32-bit, 2 GB, UserVa "3072": "3072" -gt 2048 compares as text
 *   ("3" > "2": true); pool max = min(2 GB x 0.75, (4096 - 3072) MB) = 1 GB = 1073741824;
 *   60 % = 644245094.4
 *   [Int] 2.5 = 2 and [Int] 3.5 = 4 (half to even); [Math]::Round(2.675, 2) = 2.67 or 2.68
 *   depending on binary representation: not tested; [Math]::Round(16.5, 0) = 16
 */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>
#include <strings.h>

#include "ps_analyze.h"

typedef struct answers {
    const char *const *names, *const *values;
    size_t n;
    double count;
} answers;

static int lookup(void *ctx, const char *name, ps_an_pval *out)
{
    const answers *a = ctx;
    for (size_t i = 0; i < a->n; i++)
        if (strcasecmp(a->names[i], name) == 0) {
            *out = ps_an_answer_value(a->values[i], NULL);
            return 1;
        }
    return strcasecmp(name, "PhysicalMemory") == 0 || strcasecmp(name, "OS") == 0 || strcasecmp(name, "UserVa") == 0
               ? -1
               : 0;
}

static int count(void *ctx, const char *collection, double *out)
{
    const answers *a = ctx;
    (void)collection;
    if (a->count < 0)
        return -1;
    *out = a->count;
    return 0;
}

static int run(const char *code, answers *a, ps_an_code_result *res)
{
    ps_an_code *c = NULL;
    ps_error err = {0};
    cr_assert_eq(ps_an_code_compile(code, &c, &err), PS_OK, "%s", err.msg);
    ps_an_code_env env = {lookup, count, a};
    int rc = ps_an_code_run(c, &env, res);
    ps_an_code_free(c);
    return rc;
}

Test(pscode, available_mbytes_percent_of_ram)
{
    static const char *const n[] = {"PhysicalMemory"}, *const v[] = {"16"};
    answers a = {n, v, 1, -1};
    ps_an_code_result res;
    cr_assert_eq(run("$TenPercentOfPhysicalMemory = $([Int] $PhysicalMemory * 1024) * 0.10\n"
                     "StaticThreshold -CollectionOfCounterInstances $CollectionOfAvailableMBytes -Operator 'lt' "
                     "-Threshold $TenPercentOfPhysicalMemory",
                     &a, &res),
                 0, "%s", res.why);
    cr_assert_eq(res.ncalls, 1);
    cr_assert_str_eq(res.calls[0].collection, "CollectionOfAvailableMBytes");
    cr_assert_eq(res.calls[0].op, PS_AN_LT);
    cr_assert_float_eq(res.calls[0].limit, 1638.4, 1e-9);
    const char *crit =
        "$FivePercentOfPhysicalMemory = $([Int] $PhysicalMemory * 1024) * 0.05\n"
        "If ($FivePercentOfPhysicalMemory -lt 64)\n{\n$FivePercentOfPhysicalMemory = 64\n}\n"
        "StaticThreshold -CollectionOfCounterInstances $C -Operator 'lt' -Threshold $FivePercentOfPhysicalMemory";
    cr_assert_eq(run(crit, &a, &res), 0);
    cr_assert_float_eq(res.calls[0].limit, 819.2, 1e-9);
    static const char *const v1[] = {"1"}; /* 1 GB: 51.2 < 64 -> 64 */
    answers small = {n, v1, 1, -1};
    cr_assert_eq(run(crit, &small, &res), 0);
    cr_assert_eq(res.calls[0].limit, 64);
}

/* PAL's Pool Non-Paged code, Windows 7 32-bit branch with /3GB (UserVa 3072). */
static const char pool_code[] =
    "$iPhysicalMemory = $([Math]::Round($PhysicalMemory,0))\n"
    "If ($iPhysicalMemory -eq 0)\n{$iPhysicalMemory = 1}\n"
    "$iPhysicalMemory = $iPhysicalMemory * 1GB\n"
    "$OS = [string] $OS.ToUpper()\n"
    "switch ($OS)\n{\n"
    "'WINDOWS XP 32-BIT'\n{\nIf ($UserVa -gt 2048) #// If /3GB\n{$iMemPoolMax = 128 * 1MB}\nElse {$iMemPoolMax = 256 * 1MB}\n}\n"
    "'WINDOWS 7 32-BIT'\n{\nIf ($UserVa -gt 2048) #// If /3GB\n{\n$iMemPoolMax = ($iPhysicalMemory * 0.75)\n"
    "$iKernelVa = (4096 - $UserVa) * 1MB\nIf ($iKernelVa -lt $iMemPoolMax)\n{$iMemPoolMax = $iKernelVa}\n}\n"
    "Else\n{\n$iMemPoolMax = ($iPhysicalMemory * 0.75)\nIf ($iMemPoolMax -gt 2GB)\n{$iMemPoolMax = 2GB}\n}\n}\n"
    "default\n{\n$iMemPoolMax = ($iPhysicalMemory * 0.75)\nIf ($iMemPoolMax -gt 128GB)\n{$iMemPoolMax = 128GB}\n}\n}\n"
    "$SixtyPercentOfMemoryPoolMaximum = $iMemPoolMax * 0.60\n"
    "StaticThreshold -CollectionOfCounterInstances $MemoryPoolNonpagedBytes -Operator 'gt' -Threshold $SixtyPercentOfMemoryPoolMaximum";

Test(pscode, pool_switch_and_text_comparison)
{
    static const char *const n[] = {"PhysicalMemory", "OS", "UserVa"};
    static const char *const v[] = {"2", "Windows 7 32-bit", "3072"};
    answers a = {n, v, 3, -1};
    ps_an_code_result res;
    cr_assert_eq(run(pool_code, &a, &res), 0, "%s (line %d)", res.why, res.line);
    cr_assert_eq(res.ncalls, 1);
    cr_assert_float_eq(res.calls[0].limit, 1073741824.0 * 0.60, 1e-3);
    /* "10000" -gt 2048 compares as text ("1" < "2"): no /3GB branch -> 2 GB x 0.75 = 1.5 GB */
    static const char *const v2[] = {"2", "windows 7 32-bit", "10000"};
    answers b = {n, v2, 3, -1};
    cr_assert_eq(run(pool_code, &b, &res), 0);
    cr_assert_float_eq(res.calls[0].limit, 1610612736.0 * 0.60, 1e-3);
    /* PAL's default answer: 'Windows Server' falls to default: 16 GB x 0.75 = 12 GB */
    static const char *const v3[] = {"16", "Windows Server", "2048"};
    answers c = {n, v3, 3, -1};
    cr_assert_eq(run(pool_code, &c, &res), 0);
    cr_assert_float_eq(res.calls[0].limit, 12884901888.0 * 0.60, 1e-3);
}

Test(pscode, processor_count_and_trend)
{
    answers a = {NULL, NULL, 0, 5}; /* 4 processors + _Total */
    ps_an_code_result res;
    const char *q = "[Int] $NumberOfLogicalProcessors = $CollectionOfProcessorPercentProcessorTime.Count - 1\n"
                    "If ($NumberOfLogicalProcessors -eq 0)\n{\n$NumberOfLogicalProcessors = 1\n}\n"
                    "$TenTimesNumberOfProcessors = [Int] $NumberOfLogicalProcessors * 10\n"
                    "StaticThreshold -CollectionOfCounterInstances $SystemProcessorQueueLength -Operator 'gt' "
                    "-Threshold $TenTimesNumberOfProcessors";
    cr_assert_eq(run(q, &a, &res), 0, "%s", res.why);
    cr_assert_eq(res.calls[0].limit, 40);
    answers none = {NULL, NULL, 0, -1}; /* no Processor instance: the count is unknown */
    cr_assert_eq(run(q, &none, &res), -1);
    cr_assert(strstr(res.why, "instance count"), "%s", res.why);
    static const char *const n[] = {"PLEHealth"}, *const v[] = {"1000"};
    answers p = {n, v, 1, -1};
    cr_assert_eq(run("$T = -$([Int]$PLEHealth) * 0.30\n"
                     "StaticThreshold -CollectionOfCounterInstances $X -Operator 'lt' -Threshold $T -IsTrendOnly $True",
                     &p, &res),
                 0, "%s", res.why);
    cr_assert_float_eq(res.calls[0].limit, -300, 1e-9);
    cr_assert_eq(res.calls[0].trend, 1);
}

Test(pscode, booleans_rounding_and_refusals)
{
    static const char *const n[] = {"OLTPvsOLAP"}, *const v[] = {"False"};
    answers a = {n, v, 1, -1};
    ps_an_code_result res;
    const char *plan = "If ($($OLTPvsOLAP) -eq $True)\n{\n$V = 90\n}\nElse\n{\n$V = 50\n}\n"
                       "StaticThreshold -CollectionOfCounterInstances $X -Operator 'le' -Threshold $V";
    cr_assert_eq(run(plan, &a, &res), 0, "%s", res.why);
    cr_assert_eq(res.calls[0].limit, 50);
    cr_assert_eq(
        run("$a = [Int] 2.5\n$b = [Int] 3.5\n$c = [Math]::Round(16.5, 0)\n"
            "StaticThreshold -CollectionOfCounterInstances $X -Operator 'gt' -Threshold ($a * 100 + $b * 10 + $c)",
            &a, &res),
        0, "%s", res.why);
    cr_assert_eq(res.calls[0].limit, 2 * 100 + 4 * 10 + 16);
    /* a question without an answer is named, and a loop is refused with its line */
    answers none = {NULL, NULL, 0, -1};
    cr_assert_eq(
        run("$x = [Int] $PhysicalMemory * 1GB\nStaticThreshold -CollectionOfCounterInstances $X -Operator 'gt' "
            "-Threshold $x",
            &none, &res),
        0);
    cr_assert_eq(res.nmissing, 1);
    cr_assert_str_eq(res.missing[0], "PhysicalMemory");
    cr_assert_eq(run("$a = 1\nFor ($i=0;$i -lt 3;$i++)\n{\n}\n", &none, &res), -1);
    cr_assert(strstr(res.why, "For"), "%s", res.why);
    cr_assert_eq(res.line, 2);
    cr_assert_eq(run("$y = $Undefined * 2\n", &none, &res), -1);
    cr_assert(strstr(res.why, "$Undefined is set by neither"), "%s", res.why);
}
