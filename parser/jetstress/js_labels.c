/* js_labels.c - Jetstress report label tables (English, Traditional Chinese) and the small
 * text helpers behind them: label normalisation, number cells.
 *
 * One table entry per canonical field; variants are written as they appear in reports and are
 * normalised with js_label_norm at lookup time. Why labels: docs/formats.md#js-labels (zh-TW labels
 * from the QNAP report; the 2007 labels from the Intel ESRP v2 paper). */
#include "js_internal.h"
#include "ps_io.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define NVAR 10
struct js_syn {
    enum js_kind kind;
    int id;
    const char *v[NVAR];
};

static const struct js_syn SYN[] = {
    /* ---- section titles (legend text) */
    {JS_K_SECTION, JS_SEC_SUMMARY, {"Test Summary", "測試摘要"}},
    {JS_K_SECTION, JS_SEC_SIZING, {"Database Sizing and Throughput", "資料庫大小和輸送量"}},
    {JS_K_SECTION, JS_SEC_PARAMS, {"Jetstress System Parameters", "Jetstress 系統參數"}},
    {JS_K_SECTION, JS_SEC_DBCONF, {"Database Configuration", "資料庫組態設定"}},
    {JS_K_SECTION, JS_SEC_TRANS, {"Transactional I/O Performance", "交易 I/O 效能"}},
    {JS_K_SECTION, JS_SEC_MAINT, {"Background Database Maintenance I/O Performance", "背景資料庫維護 I/O 效能"}},
    {JS_K_SECTION, JS_SEC_REPL, {"Log Replication I/O Performance", "記錄檔複寫 I/O 效能"}},
    {JS_K_SECTION, JS_SEC_TOTAL, {"Total I/O Performance", "Total I/O 效能", "總計 I/O 效能"}},
    {JS_K_SECTION, JS_SEC_HOST, {"Host System Performance", "主機系統效能"}},
    {JS_K_SECTION, JS_SEC_LOG, {"Test Log", "測試記錄"}},
    {JS_K_SECTION, JS_SEC_DISK2007, {"Disk Subsystem Performance"}},
    {JS_K_SECTION,
     JS_SEC_BACKUP,
     {"Database Backup Statistics - All", "Database Backup Statistics", "Streaming Backup Statistics - All",
      "Backup Statistics - All"}},
    {JS_K_SECTION,
     JS_SEC_SOFTREC,
     {"Soft-Recovery Statistics - All", "Soft Recovery Statistics - All", "SoftRecovery Statistics - All",
      "Soft-Recovery Statistics"}},
    {JS_K_SECTION, JS_SEC_CHECKSUM, {"Checksum Statistics - All", "Checksum Statistics"}},
    {JS_K_SECTION, JS_SEC_IGNORED, {"Disk Subsystem Performance (of checksum)"}},
    /* ---- key/value row labels */
    {JS_K_ROW, JS_F_OVERALL, {"Overall Test Result", "整體測試結果"}},
    {JS_K_ROW, JS_F_MACHINE, {"Machine Name", "機器名稱"}},
    {JS_K_ROW, JS_F_DESCRIPTION, {"Test Description", "測試說明"}},
    {JS_K_ROW, JS_F_TEST_START, {"Test Start Time", "測試開始時間"}},
    {JS_K_ROW, JS_F_TEST_END, {"Test End Time", "測試結束時間"}},
    {JS_K_ROW, JS_F_COLL_START, {"Collection Start Time", "收集開始時間"}},
    {JS_K_ROW, JS_F_COLL_END, {"Collection End Time", "收集結束時間"}},
    {JS_K_ROW, JS_F_JS_VERSION, {"Jetstress Version", "Jetstress 版本"}},
    {JS_K_ROW, JS_F_ESE_VERSION, {"ESE Version", "ESE 版本"}},
    {JS_K_ROW, JS_F_OS, {"Operating System", "作業系統"}},
    {JS_K_ROW, JS_F_PERF_LOG, {"Performance Log", "效能記錄"}},
    {JS_K_ROW, JS_F_ACHIEVED, {"Achieved Transactional I/O per Second", "Achieved I/O per Second", "每秒達成交易 I/O"}},
    {JS_K_ROW, JS_F_TARGET, {"Target Transactional I/O per Second", "Target I/O per Second", "每秒目標交易 I/O"}},
    {JS_K_ROW, JS_F_INIT_SIZE, {"Initial Database Size", "初始資料庫大小"}},
    {JS_K_ROW, JS_F_FINAL_SIZE, {"Final Database Size", "最後資料庫大小"}},
    {JS_K_ROW, JS_F_DB_FILES, {"Database Files", "資料庫檔案"}},
    {JS_K_ROW, JS_F_THREADS, {"Thread Count", "執行緒數量"}},
    {JS_K_ROW, JS_F_MIN_CACHE, {"Minimum Database Cache", "最小資料庫快取"}},
    {JS_K_ROW, JS_F_MAX_CACHE, {"Maximum Database Cache", "最大資料庫快取"}},
    {JS_K_ROW, JS_F_INSERT, {"Insert Operations", "插入作業"}},
    {JS_K_ROW, JS_F_DELETE, {"Delete Operations", "刪除作業"}},
    {JS_K_ROW, JS_F_REPLACE, {"Replace Operations", "取代作業"}},
    {JS_K_ROW, JS_F_READ, {"Read Operations", "讀取作業"}},
    {JS_K_ROW, JS_F_LAZY, {"Lazy Commits", "延遲認可"}},
    {JS_K_ROW, JS_F_BDM, {"Run Background Database Maintenance", "執行背景資料庫維護"}},
    {JS_K_ROW, JS_F_COPIES, {"Number of Copies per Database", "每個資料庫的副本數量"}},
    /* ---- column headers */
    {JS_K_COL,
     JS_C_KEY,
     {"MSExchange Database ==> Instances", "MSExchange 資料庫 ==> 執行個體", "LogicalDisk", "Counter", "計數器",
      "Database Instance", "Database", "Instance", "資料庫執行個體"}},
    {JS_K_COL, JS_C_IO0 + 0, {"I/O Database Reads Average Latency", "I/O 資料庫讀取平均延遲"}},
    {JS_K_COL, JS_C_IO0 + 1, {"I/O Database Writes Average Latency", "I/O 資料庫寫入平均延遲"}},
    {JS_K_COL, JS_C_IO0 + 2, {"I/O Database Reads/sec", "I/O 資料庫讀取/秒"}},
    {JS_K_COL, JS_C_IO0 + 3, {"I/O Database Writes/sec", "I/O 資料庫寫入/秒"}},
    {JS_K_COL, JS_C_IO0 + 4, {"I/O Database Reads Average Bytes", "I/O 資料庫讀取平均位元組"}},
    {JS_K_COL, JS_C_IO0 + 5, {"I/O Database Writes Average Bytes", "I/O 資料庫寫入平均位元組"}},
    {JS_K_COL, JS_C_IO0 + 6, {"I/O Log Reads Average Latency", "I/O 記錄檔讀取平均延遲"}},
    {JS_K_COL, JS_C_IO0 + 7, {"I/O Log Writes Average Latency", "I/O 記錄檔寫入平均延遲"}},
    {JS_K_COL, JS_C_IO0 + 8, {"I/O Log Reads/sec", "I/O 記錄檔讀取/秒"}},
    {JS_K_COL, JS_C_IO0 + 9, {"I/O Log Writes/sec", "I/O 記錄檔寫入/秒"}},
    {JS_K_COL, JS_C_IO0 + 10, {"I/O Log Reads Average Bytes", "I/O 記錄檔讀取平均位元組"}},
    {JS_K_COL, JS_C_IO0 + 11, {"I/O Log Writes Average Bytes", "I/O 記錄檔寫入平均位元組"}},
    {JS_K_COL, JS_C_MAINT_RPS, {"Database Maintenance IO Reads/sec", "資料庫維護 IO 讀取/秒"}},
    {JS_K_COL, JS_C_MAINT_BYTES, {"Database Maintenance IO Reads Average Bytes", "資料庫維護 IO 讀取平均位元組"}},
    {JS_K_COL, JS_C_AVG, {"Average", "平均"}},
    {JS_K_COL, JS_C_MIN, {"Minimum", "最小"}},
    {JS_K_COL, JS_C_MAX, {"Maximum", "最大"}},
    {JS_K_COL, JS_C_DISK_SEC_READ, {"Avg. Disk sec/Read"}},
    {JS_K_COL, JS_C_DISK_SEC_WRITE, {"Avg. Disk sec/Write"}},
    {JS_K_COL, JS_C_DISK_READS, {"Disk Reads/sec"}},
    {JS_K_COL, JS_C_DISK_WRITES, {"Disk Writes/sec"}},
    {JS_K_COL, JS_C_DISK_BYTES_READ, {"Avg. Disk Bytes/Read"}},
    {JS_K_COL, JS_C_DISK_BYTES_WRITE, {"Avg. Disk Bytes/Write"}},
    {JS_K_COL, JS_C_DB_SIZE_MB, {"Database Size", "Database Size (MBytes)", "Database Size (MB)"}},
    {JS_K_COL,
     JS_C_ELAPSED,
     {"Elapsed Backup Time", "Elapsed seconds", "Elapsed Time", "Elapsed Recovery Time", "Time Taken", "Elapsed"}},
    {JS_K_COL, JS_C_MB_PER_SEC, {"MBytes Transferred/sec", "MB Transferred/sec", "MBytes/sec", "MB/sec"}},
    {JS_K_COL, JS_C_LOGS_REPLAYED, {"Log files replayed", "Logs replayed", "Log Files Replayed"}},
    {JS_K_COL, JS_C_SEC_PER_LOG, {"Seconds per log", "Time to play one log file", "Seconds per Log File"}},
    /* ---- report titles -> test type */
    {JS_K_TITLE, PS_TEST_PERFORMANCE, {"Performance Test Result Report", "效能測試結果報告"}},
    {JS_K_TITLE, PS_TEST_STRESS, {"Stress Test Result Report", "壓力測試結果報告"}},
    {JS_K_TITLE,
     PS_TEST_BACKUP,
     {"DatabaseBackup Test Result Report", "Database Backup Test Result Report", "Backup Test Result Report",
      "Streaming Backup Test Result Report"}},
    {JS_K_TITLE,
     PS_TEST_SOFTRECOVERY,
     {"SoftRecovery Test Result Report", "Soft Recovery Test Result Report", "Soft-Recovery Test Result Report"}},
    /* ---- verdict words: 1 pass, 2 fail */
    {JS_K_RESULT, 1, {"Pass", "Passed", "通過"}},
    {JS_K_RESULT, 2, {"Fail", "Failed", "失敗"}},
    /* ---- summary rows of backup / soft recovery tables */
    {JS_K_SUMMARY_ROW, 1, {"Average", "Total", "Sum", "(Sum)", "Avg", "平均", "總計", "Per Database", "Per Server"}},
};

static const char *const SECTION_NAMES[JS_SEC__N] = {"(none)",
                                                     "Test Summary",
                                                     "Database Sizing and Throughput",
                                                     "Jetstress System Parameters",
                                                     "Database Configuration",
                                                     "Transactional I/O Performance",
                                                     "Background Database Maintenance I/O Performance",
                                                     "Log Replication I/O Performance",
                                                     "Total I/O Performance",
                                                     "Host System Performance",
                                                     "Test Log",
                                                     "Disk Subsystem Performance",
                                                     "Database Backup Statistics",
                                                     "Soft-Recovery Statistics",
                                                     "Checksum Statistics",
                                                     "(ignored)"};

const char *js_section_name(enum js_section s)
{
    return (s >= 0 && s < JS_SEC__N) ? SECTION_NAMES[s] : "(none)";
}

/* Length of a whitespace character at p (ASCII space/tab/CR/LF, U+00A0, U+3000), else 0. */
static size_t space_len(const unsigned char *p)
{
    if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n' || *p == '\f' || *p == '\v')
        return 1;
    if (p[0] == 0xC2 && p[1] == 0xA0)
        return 2;
    if (p[0] == 0xE3 && p[1] == 0x80 && p[2] == 0x80)
        return 3;
    return 0;
}

/* Collapse whitespace, trim, ASCII case-fold. */
static void collapse(const char *in, size_t inlen, char *out, size_t n)
{
    size_t o = 0;
    int pending = 0;
    const unsigned char *p = (const unsigned char *)in, *end = p + inlen;
    while (p < end && *p) {
        size_t sl = space_len(p);
        if (sl) {
            pending = o > 0;
            p += sl;
            continue;
        }
        if (pending && o + 1 < n)
            out[o++] = ' ';
        pending = 0;
        if (o + 1 < n)
            out[o++] = (*p >= 'A' && *p <= 'Z') ? (char)(*p + 32) : (char)*p;
        p++;
    }
    out[o] = 0;
}

void js_label_norm(const char *in, char *out, size_t n, char *unit, size_t un)
{
    collapse(in, strlen(in), out, n);
    size_t l = strlen(out);
    for (;;) { /* trailing ':' / full-width colon, and spaces before it */
        if (l && out[l - 1] == ':')
            l--;
        else if (l >= 3 && memcmp(out + l - 3, "\xEF\xBC\x9A", 3) == 0)
            l -= 3;
        else
            break;
        while (l && out[l - 1] == ' ')
            l--;
    }
    out[l] = 0;
    if (unit && un)
        unit[0] = 0;
    if (l && out[l - 1] == ')') {
        char *open = strrchr(out, '(');
        if (open && open != out) {
            if (unit && un) {
                size_t ul = (size_t)(out + l - 1 - (open + 1));
                collapse(open + 1, ul, unit, un);
            }
            char *e = open;
            while (e > out && e[-1] == ' ')
                e--;
            *e = 0;
        }
    }
}

/* Compare ignoring whitespace (both sides already normalised). */
static int eq_nospace(const char *a, const char *b)
{
    for (;;) {
        while (*a == ' ')
            a++;
        while (*b == ' ')
            b++;
        if (*a != *b)
            return 0;
        if (!*a)
            return 1;
        a++;
        b++;
    }
}

static int is_ascii(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s >= 0x80)
            return 0;
    return 1;
}

static int lookup_norm(enum js_kind kind, const char *norm, int *localized)
{
    char v[256];
    for (size_t i = 0; i < sizeof SYN / sizeof SYN[0]; i++) {
        if (SYN[i].kind != kind)
            continue;
        for (int k = 0; k < NVAR && SYN[i].v[k]; k++) {
            collapse(SYN[i].v[k], strlen(SYN[i].v[k]), v, sizeof v);
            if (eq_nospace(v, norm)) {
                if (localized)
                    *localized = !is_ascii(SYN[i].v[k]);
                return SYN[i].id;
            }
        }
    }
    return 0;
}

int js_lookup(enum js_kind kind, const char *label, int *localized)
{
    char full[512], stem[512], unit[64];
    if (localized)
        *localized = 0;
    if (!label)
        return 0;
    collapse(label, strlen(label), full, sizeof full);
    size_t l = strlen(full);
    while (l && (full[l - 1] == ':' || full[l - 1] == ' '))
        full[--l] = 0;
    int id = lookup_norm(kind, full, localized);
    if (id)
        return id;
    js_label_norm(label, stem, sizeof stem, unit, sizeof unit);
    return lookup_norm(kind, stem, localized);
}

double js_latency_unit_scale(const char *unit)
{
    static const struct {
        const char *w;
        double f;
    } U[] = {{"msec", 1}, {"ms", 1}, {"毫秒", 1}, {"sec", 1000}, {"seconds", 1000}, {"s", 1000}, {"秒", 1000}};
    for (size_t i = 0; unit && i < sizeof U / sizeof U[0]; i++)
        if (strcmp(unit, U[i].w) == 0)
            return U[i].f;
    return 1;
}

int js_parse_num(const char *s, int dec_comma, double *out, char *unit, size_t un)
{
    char buf[128];
    size_t o = 0;
    *out = NAN;
    if (unit && un)
        unit[0] = 0;
    if (!s)
        return 1;
    while (*s && space_len((const unsigned char *)s))
        s += space_len((const unsigned char *)s);
    size_t l = strlen(s);
    while (l && space_len((const unsigned char *)s + l - 1))
        l--;
    while (l && (unsigned char)s[l - 1] == 0xA0 && l >= 2 && (unsigned char)s[l - 2] == 0xC2)
        l -= 2;
    if (l == 0 || (l == 1 && s[0] == '-') || (l == 5 && strncmp(s, "(n/a)", 5) == 0) ||
        (l == 3 && strncmp(s, "n/a", 3) == 0) || (l == 3 && strncmp(s, "N/A", 3) == 0))
        return 1;
    const char *p = s, *end = s + l;
    char dec = dec_comma ? ',' : '.', thou = dec_comma ? '.' : ',';
    if (p < end && (*p == '-' || *p == '+'))
        buf[o++] = *p++;
    int digits = 0;
    while (p < end && o + 2 < sizeof buf) {
        if (*p >= '0' && *p <= '9') {
            buf[o++] = *p++;
            digits++;
        } else if (*p == thou && p + 1 < end && p[1] >= '0' && p[1] <= '9' && digits) {
            p++;
        } else if (*p == dec) {
            buf[o++] = '.';
            p++;
        } else if (*p == '\'' || (*p == ' ' && p + 1 < end && p[1] >= '0' && p[1] <= '9' && dec_comma)) {
            p++; /* other thousands separators */
        } else {
            break;
        }
    }
    if (p < end && (*p == 'e' || *p == 'E') && digits) {
        buf[o++] = *p++;
        if (p < end && (*p == '-' || *p == '+'))
            buf[o++] = *p++;
        while (p < end && *p >= '0' && *p <= '9' && o + 1 < sizeof buf)
            buf[o++] = *p++;
    }
    buf[o] = 0;
    if (!digits || ps_parse_double(buf, o, out) != 0) {
        *out = NAN;
        return -1;
    }
    while (p < end && *p == ' ')
        p++;
    if (p < end && *p == '%')
        p++;
    while (p < end && *p == ' ')
        p++;
    if (unit && un) {
        size_t ul = (size_t)(end - p) < un - 1 ? (size_t)(end - p) : un - 1;
        for (size_t i = 0; i < ul; i++)
            unit[i] = (p[i] >= 'A' && p[i] <= 'Z') ? (char)(p[i] + 32) : p[i];
        unit[ul] = 0;
    }
    return 0;
}

char *js_machine_in(const char *s, const char *stop)
{
    const char *p = strstr(s, "\\\\");
    if (!p)
        return NULL;
    p += 2;
    size_t l = strcspn(p, stop);
    return l && p[l] == '\\' ? ps_xstrndup(p, l) : NULL;
}

const char *js_instance_basename(const char *name)
{
    const char *slash = strrchr(name, '/');
    return slash ? slash + 1 : name;
}

char *js_trimdup(const char *s)
{
    if (!s)
        return NULL;
    while (*s && space_len((const unsigned char *)s))
        s += space_len((const unsigned char *)s);
    size_t l = strlen(s);
    for (;;) {
        if (l && (s[l - 1] == ' ' || s[l - 1] == '\t' || s[l - 1] == '\r' || s[l - 1] == '\n'))
            l--;
        else if (l >= 2 && (unsigned char)s[l - 2] == 0xC2 && (unsigned char)s[l - 1] == 0xA0)
            l -= 2;
        else if (l >= 3 && memcmp(s + l - 3, "\xE3\x80\x80", 3) == 0)
            l -= 3;
        else
            break;
    }
    return ps_xstrndup(s, l);
}

char *js_strcasestr(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (; *hay; hay++)
        if (strncasecmp(hay, needle, n) == 0)
            return (char *)hay;
    return n ? NULL : (char *)hay;
}
