/* paper_patterns.c - the pattern table of the paper reader: labels with their synonyms per
 * ESRP version, appendix report titles, report sections, test-log lines (docs/formats.md#js-labels, #js-testlog, #paper-outline). */
#include "paper_internal.h"

#include <stdlib.h>
#include <string.h>

#define NUM "([0-9][0-9,]*(?:\\.[0-9]+)?\\.?)"
/* a number written before its words: "0.10", ".084", "0,12", "1,500" */
#define NUMF "(?<![0-9.,])((?:[0-9][0-9,]*(?:\\.[0-9]+)?|\\.[0-9]+))"
/* words of the summary rows, in the forms vendors use */
/* a per-mailbox rate is always a fraction: "0.10", ".084", "0,12" */
#define NUMR "(?<![0-9.,])([0-9]*[.,][0-9]+)"
#define DBW "(?:(?:Average|Avg\\.?|Mean)\\s+)?(?:Database|DB|Mailbox\\s+database)(?:\\s+(?:Disks?|LUNs?|volumes?))?"
#define LOGW "(?:(?:Average|Avg\\.?|Mean)\\s+)?(?:Transaction\\s+)?Log(?:\\s+(?:Disks?|LUNs?|volumes?))?"
#define PERSEC "(?:\\s*/\\s*s(?:ec(?:ond)?)?\\b|\\s+per\\s+sec(?:ond)?\\b)"
/* group 1: the unit of a latency label when it names one */
#define LATUNIT "(?:\\s*\\(\\s*(ms|msec|milliseconds?|s|sec|seconds?|\u00b5s|us)\\s*\\))?"
#define IOPSW "(?:IOPS|I/O(?:'|\u2019)?s?(?:\\s+per\\s+second)?|transactional\\s+IOPS)"
#define PERMBX "\\s*(?:per|/)\\s*(?:mailbox|user)"
#define SRVW "(?:server|host|node)"

static const paper_pattern table[] = {
    /* Storage Performance Results rows (docs/formats.md#paper-outline): v2 "Average ..." forms and v3/v4 forms */
    {PP_LABEL, PS_M_DB_TRANSFERS, PW_BODY, "2", "Average\\s+Database\\s+Disk\\s+Transfers/sec"},
    {PP_LABEL, PS_M_DB_TRANSFERS, PW_BODY, "3 4", "Database\\s+Disks?\\s+Transfers/sec"},
    {PP_LABEL, PS_M_DB_READS, PW_BODY, "2", "Average\\s+Database\\s+Disk\\s+Reads/sec"},
    {PP_LABEL, PS_M_DB_READS, PW_BODY, "3 4", "Database\\s+Disks?\\s+Reads/sec"},
    {PP_LABEL, PS_M_DB_WRITES, PW_BODY, "2", "Average\\s+Database\\s+Disk\\s+Writes/sec"},
    {PP_LABEL, PS_M_DB_WRITES, PW_BODY, "3 4", "Database\\s+Disks?\\s+Writes/sec"},
    {PP_LABEL, PS_M_DB_READ_LAT, PW_BODY, "any",
     "Average\\s+Database\\s+Disks?\\s+Read\\s+Latency\\s*\\((?:ms|msec)\\)"},
    {PP_LABEL, PS_M_DB_WRITE_LAT, PW_BODY, "any",
     "Average\\s+Database\\s+Disks?\\s+Write\\s+Latency\\s*\\((?:ms|msec)\\)"},
    {PP_LABEL, PS_M_LOG_WRITES, PW_BODY, "2", "Average\\s+Log\\s+Disk\\s+Writes/sec"},
    {PP_LABEL, PS_M_LOG_WRITES, PW_BODY, "3 4", "Log\\s+Disks?\\s+Writes/sec"},
    {PP_LABEL, PS_M_LOG_WRITE_LAT, PW_BODY, "any", "Average\\s+Log\\s+Disks?\\s+Write\\s+Latency\\s*\\((?:ms|msec)\\)"},
    /* Simulated Exchange Configuration / Targeted Customer Profile */
    {PP_LABEL, PS_M_MAILBOXES, PW_BODY, "any", "Number\\s+of\\s+Exchange\\s+mailboxes\\s+simulated"},
    {PP_LABEL, PS_M_MAILBOXES_PER_SERVER, PW_BODY, "3 4", "Number\\s+of\\s+active\\s+mailboxes\\s*/\\s*server"},
    {PP_LABEL, PS_M_MAILBOXES_PER_SERVER, PW_BODY, "any", "Number\\s+of\\s+mailboxes\\s*(?:/|per)\\s*(?:server|host)"},
    {PP_LABEL, PS_M_SERVERS, PW_BODY, "2", "Number\\s+of\\s+hosts"},
    {PP_LABEL, PS_M_SERVERS, PW_BODY, "3 4", "Number\\s+of\\s+servers\\s*/\\s*DAG"},
    {PP_LABEL, PS_M_TESTED_IOPS, PW_BODY, "any",
     "Simulated\\s+profile:?\\s*I/O\\S{0,3}\\s+per\\s+second\\s+per\\s+mailbox"
     "(?:\\s*\\(IOPS,?\\s*include\\s+([0-9]+(?:\\.[0-9]+)?)\\s*%\\s*headroom\\))?"},
    {PP_LABEL, PS_M_PROFILE_IOPS, PW_BODY, "any", "(?:Estimated|Mailbox\\s+profile)\\s+IOPS\\s+per\\s+mailbox"},
    {PP_LABEL, PS_M_PROFILE_IOPS, PW_BODY, "any", "IOPS\\s+profile"},
    {PP_LABEL, PS_M_PROFILE_IOPS, PW_BODY, "4", "預估每個信箱\\s*IOPS"},
    {PP_LABEL, PS_M_HEADROOM_PCT, PW_BODY, "any", "Headroom"},
    {PP_LABEL, PS_M_TARGET_IOPS, PW_ANY, "3 4", "Target\\s+Transactional\\s+I/O\\s+per\\s+Second"},
    {PP_LABEL, PS_M_TARGET_IOPS, PW_ANY, "2", "Target\\s+I/O\\s+per\\s+Second"},
    {PP_LABEL, PS_M_TARGET_IOPS, PW_ANY, "any", "Target\\s+IOPS"},
    {PP_LABEL, PS_M_TARGET_IOPS, PW_ANY, "4", "每秒目標交易\\s*I/O"},
    /* the same rows in other words (docs/readme/audit-phrasing.md) */
    {PP_LABEL, PS_M_DB_TRANSFERS, PW_BODY, "any", DBW "\\s+(?:Transfers|I/Os)" PERSEC "?"},
    {PP_LABEL, PS_M_DB_READS, PW_BODY, "any", DBW "\\s+Reads" PERSEC},
    {PP_LABEL, PS_M_DB_WRITES, PW_BODY, "any", DBW "\\s+Writes" PERSEC},
    {PP_LABEL, PS_M_DB_READ_LAT, PW_BODY, "any", DBW "\\s+Read\\s+Latency" LATUNIT},
    {PP_LABEL, PS_M_DB_READ_LAT, PW_BODY, "any", DBW "\\s+Reads?\\s+Average\\s+Latency" LATUNIT},
    {PP_LABEL, PS_M_DB_READ_LAT, PW_BODY, "any", "Read\\s+Latency\\s+(?:\\()?(?:DB|Database)s?(?:\\))?" LATUNIT},
    {PP_LABEL, PS_M_DB_WRITE_LAT, PW_BODY, "any", DBW "\\s+Write\\s+Latency" LATUNIT},
    {PP_LABEL, PS_M_DB_WRITE_LAT, PW_BODY, "any", DBW "\\s+Writes?\\s+Average\\s+Latency" LATUNIT},
    {PP_LABEL, PS_M_DB_WRITE_LAT, PW_BODY, "any", "Write\\s+Latency\\s+(?:\\()?(?:DB|Database)s?(?:\\))?" LATUNIT},
    {PP_LABEL, PS_M_LOG_WRITES, PW_BODY, "any", LOGW "\\s+Writes" PERSEC},
    {PP_LABEL, PS_M_LOG_WRITE_LAT, PW_BODY, "any", LOGW "\\s+Write\\s+Latency" LATUNIT},
    {PP_LABEL, PS_M_LOG_WRITE_LAT, PW_BODY, "any", LOGW "\\s+Writes?\\s+Average\\s+Latency" LATUNIT},
    {PP_LABEL, PS_M_LOG_WRITE_LAT, PW_BODY, "any", "Write\\s+Latency\\s+(?:\\()?LOGs?(?:\\))?" LATUNIT},
    /* configuration rows in other words */
    {PP_LABEL, PS_M_MAILBOXES, PW_BODY, "any",
     "(?:Total\\s+)?Number\\s+of\\s+(?:simulated\\s+|Exchange\\s+|tested\\s+)?(?:mailboxes|users)(?:\\s+(?:simulated|tested))?"},
    {PP_LABEL, PS_M_MAILBOXES, PW_BODY, "any",
     "(?:Total\\s+(?:number\\s+of\\s+)?(?:simulated\\s+)?(?:mailboxes|users)|(?:Simulated|Tested)\\s+mailboxes|Mailboxes\\s+(?:simulated|tested))"},
    {PP_LABEL, PS_M_MAILBOXES_PER_SERVER, PW_BODY, "any",
     "(?:Number\\s+of\\s+)?(?:active\\s+)?(?:mailboxes|users)\\s*(?:/|per)\\s*(?:(?:mailbox|Exchange)\\s+)?" SRVW},
    {PP_LABEL, PS_M_SERVERS, PW_BODY, "any",
     "Number\\s+of\\s+(?:mailbox\\s+|Exchange\\s+)?(?:servers|hosts|nodes)(?:\\s*(?:/|per|in\\s+the|in\\s+each)\\s*DAG)?"},
    {PP_LABEL, PS_M_SERVERS, PW_BODY, "any", "(?:Mailbox\\s+)?Servers\\s*(?:/|per|in\\s+the)\\s*DAG"},
    {PP_LABEL, PS_MX_DAGS, PW_BODY, "any",
     "Number\\s+of\\s+(?:Database\\s+Availability\\s+Groups|DAGs)(?:\\s*\\(DAGs?\\))?"},
    {PP_LABEL, PS_MX_DATABASES_PER_SERVER, PW_BODY, "any",
     "(?:Number\\s+of\\s+)?(?:mailbox\\s+)?databases\\s*(?:/|per)\\s*" SRVW},
    {PP_LABEL, PS_MX_MAILBOXES_PER_DATABASE, PW_BODY, "any",
     "(?:Number\\s+of\\s+)?(?:mailboxes|users)\\s*(?:/|per)\\s*(?:mailbox\\s+)?(?:database|store)"},
    {PP_LABEL, PS_MX_COPIES_PER_DATABASE, PW_BODY, "any",
     "Number\\s+of\\s+(?:database\\s+)?copies\\s*(?:/|per)\\s*database|(?:Database\\s+)?copies\\s+per\\s+database"},
    {PP_LABEL, PS_MX_DB_SIZE_GB, PW_BODY, "any",
     "Total\\s+database\\s+size(?:\\s+for\\s+performance\\s+testing)?(?:\\s*\\((GB|TB)\\))?|Database\\s+size\\s*\\(total\\)"},
    {PP_LABEL, PS_MX_CAPACITY_GB, PW_BODY, "any",
     "(?:Total\\s+)?(?:formatted|usable)\\s+(?:storage\\s+)?capacity(?:\\s*\\((GB|TB)\\))?"},
    {PP_LABEL, PS_MX_CAPACITY_USED_PCT, PW_BODY, "any",
     "(?:%|Percent(?:age)?)\\s*(?:of\\s+)?(?:the\\s+)?(?:storage\\s+)?capacity\\s+used(?:\\s+by\\s+(?:the\\s+)?(?:Exchange\\s+)?databases?)?"},
    {PP_LABEL, PS_MX_CAPACITY_USED_PCT, PW_BODY, "any",
     "(?:storage\\s+)?capacity\\s+used\\s+by\\s+(?:the\\s+)?(?:Exchange\\s+)?databases?"},
    /* profile and headroom in other words */
    {PP_LABEL, PS_M_PROFILE_IOPS, PW_BODY, "any",
     "(?:(?:Estimated|Predicted|Planned|Required|Target(?:ed)?|Mailbox|User|Customer)\\s+)?(?:profile\\s*:?\\s*)?" IOPSW
         PERMBX},
    {PP_LABEL, PS_M_PROFILE_IOPS, PW_BODY, "any",
     "(?:Mailbox|User|Customer)\\s+(?:IOPS|I/O)\\s+profile|I/O\\s+profile"},
    {PP_LABEL, PS_M_TESTED_IOPS, PW_BODY, "any",
     "(?:Tested|Simulated)\\s+(?:profile\\s*:?\\s*)?" IOPSW PERMBX
     "(?:\\s*\\((?:IOPS,?\\s*)?includ(?:e|es|ing)\\s+([0-9]+(?:\\.[0-9]+)?)\\s*%\\s*headroom\\))?"},
    {PP_LABEL, PS_M_TESTED_IOPS, PW_BODY, "any", IOPSW PERMBX "\\s*\\(?(?:with|including|incl\\.)\\s+headroom\\)?"},
    {PP_LABEL, PS_M_TARGET_IOPS, PW_BODY, "any",
     "(?:Target(?:ed)?|Required|Planned)\\s+(?:transactional\\s+)?(?:IOPS|I/Os?\\s+per\\s+second)(?:\\s+(?:for\\s+the\\s+solution|total))?"},
    {PP_LABEL, PS_M_TARGET_IOPS, PW_BODY, "any", "IOPS\\s+target"},
    {PP_LABEL, PS_MX_TARGET_PER_SERVER, PW_BODY, "any",
     "(?:Target(?:ed)?|Required|Planned)\\s+(?:transactional\\s+)?(?:IOPS|I/Os?\\s+per\\s+second)\\s*(?:/|per)\\s*" SRVW},
    /* numbers before their words */
    {PP_NUMFIRST, PS_M_PROFILE_IOPS, PW_ANY, "any", NUMR "\\s*" IOPSW PERMBX},
    {PP_NUMFIRST, PS_M_TARGET_IOPS, PW_BODY, "any", NUMF "\\s+(?:target(?:ed)?\\s+)(?:transactional\\s+)?IOPS"},
    {PP_NUMFIRST, PS_M_TARGET_IOPS, PW_BODY, "any", "target\\s+of\\s+" NUMF "\\s+(?:transactional\\s+)?IOPS"},
    {PP_TESTED, 0, PW_BODY, "any",
     NUMR "\\s*(?:IOPS\\s*)?(?:tested|simulated|with\\s+headroom)\\s*(?:\\)|,|;|\\.(?![0-9])|$)"},
    {PP_TESTED, 0, PW_BODY, "any",
     "(?:\\b(?:tested|simulated)\\s+(?:at|with)|\\b(?:tested|simulated)\\s*[:=]|\\(\\s*(?:tested|simulated))\\s*" NUMR},
    {PP_HEADROOM, 0, PW_BODY, "any", "([0-9]+(?:[.,][0-9]+)?)\\s*%\\s*(?:of\\s+)?(?:IOPS\\s+)?headroom"},
    {PP_HEADROOM, 0, PW_BODY, "any", "headroom\\s*(?:of|:|=|is|was)?\\s*([0-9]+(?:[.,][0-9]+)?)\\s*%"},
    /* server headings: a line that only names a server */
    {PP_SERVERHDR, PSV_NUMBERED, PW_BODY, "any",
     "^\\s*(?:(?:Exchange|Mailbox|MBX)\\s+)?(?:Server|Host|Node)\\s*#?\\s*[0-9]+(?:\\s*[(:-]\\s*[A-Za-z0-9_.-]+\\)?)?\\s*:?\\s*$"},
    {PP_SERVERHDR, PSV_HOST, PW_BODY, "any", "^\\s*(?:Server|Host)(?:\\s+name)?\\s*:\\s*[A-Za-z0-9_.-]+\\s*$"},
    {PP_SERVERHDR, PSV_HOST, PW_BODY, "any", "^\\s*(?-i:[A-Z][A-Z]*(?:[-_]?[A-Z0-9]+)*[0-9])\\s*:?\\s*$"},
    {PP_SERVERHDR, PSV_AGGREGATE, PW_BODY, "any",
     "^\\s*(?:Aggregate(?:\\s+(?:Performance|results?|metrics))?|Total|All\\s+servers|Solution(?:\\s+total)?)\\s*:?\\s*$"},
    /* a Jetstress report's own configuration (its test description) */
    {PP_LABEL, PS_MX_REPORT_MAILBOXES, PW_REPORT, "any", "\\bmailboxes\\s*[=:]|Mailbox\\s*Count\\s*[=:]?"},
    {PP_LABEL, PS_MX_REPORT_IOPS, PW_REPORT, "any", "\\b(?:Mailbox\\s*)?IOPS\\s*[=:]"},
    {PP_NUMFIRST, PS_MX_REPORT_MAILBOXES, PW_REPORT, "any", "(?<![0-9.,])([0-9][0-9,]*)\\s+mailboxes\\b"},
    /* Database Backup/Recovery Performance */
    {PP_LABEL, PS_M_BACKUP_MBS_DB, PW_BODY, "any", "MB\\s+read/sec\\s+per\\s+(?:database|storage\\s+group)"},
    {PP_LABEL, PS_M_BACKUP_MBS_SERVER, PW_BODY, "any", "MB\\s+read/sec\\s+total\\s+per\\s+server"},
    {PP_LABEL, PS_M_REPLAY_SEC, PW_BODY, "any",
     "Average\\s+time\\s+to\\s+play\\s+one\\s+Log\\s+file(?:\\s*\\(sec\\))?"},
    /* report rows (docs/formats.md#js-labels) */
    {PP_LABEL, PS_M_VERDICT, PW_REPORT, "any", "Overall\\s+Test\\s+Result"},
    {PP_LABEL, PS_M_VERDICT, PW_REPORT, "4", "整體測試結果"},
    {PP_LABEL, PS_M_ACHIEVED_IOPS, PW_REPORT, "3 4", "Achieved\\s+Transactional\\s+I/O\\s+per\\s+Second"},
    {PP_LABEL, PS_M_ACHIEVED_IOPS, PW_REPORT, "2", "Achieved\\s+I/O\\s+per\\s+Second"},
    {PP_LABEL, PS_M_ACHIEVED_IOPS, PW_REPORT, "4", "每秒達成交易\\s*I/O"},
    {PP_LABEL, PS_M_STALLS_AVG, PW_REPORT, "3 4", "Database\\s+Page\\s+Fault\\s+Stalls/sec"},
    {PP_LABEL, PS_M_COLLECTION_START, PW_REPORT, "any", "Collection\\s+Start\\s+Time"},
    {PP_LABEL, PS_M_COLLECTION_START, PW_REPORT, "4", "收集開始時間"},
    {PP_LABEL, PS_M_COLLECTION_END, PW_REPORT, "any", "Collection\\s+End\\s+Time"},
    {PP_LABEL, PS_M_COLLECTION_END, PW_REPORT, "4", "收集結束時間"},
    /* appendix report titles (docs/formats.md#paper-outline: by title and duration, never by letter) */
    {PP_TITLE, PS_TEST_PERFORMANCE, PW_ANY, "any", "Performance\\s+Test\\s+Result\\s+Report"},
    {PP_TITLE, PS_TEST_PERFORMANCE, PW_ANY, "any", "\\b2[ -]Hours?\\s+Performance\\b"},
    {PP_TITLE, PS_TEST_PERFORMANCE, PW_ANY, "4", "效能測試結果報告"},
    {PP_TITLE, PS_TEST_STRESS, PW_ANY, "any", "Stress\\s+Test\\s+Result\\s+Report"},
    {PP_TITLE, PS_TEST_STRESS, PW_ANY, "any", "(?<!\\ba )(?<!\\bthe )\\b24[ -]Hours?\\s+(?:Reliability|Stress)\\b"},
    /* perfscribe's own appendix titles, a line of their own: "Performance Test (2 hours) – MBX02" (issue 28) */
    {PP_TITLE, PS_TEST_PERFORMANCE, PW_ANY, "any",
     "^\\s*Performance\\s+Test\\s+\\([^)]*\\)\\s+(?:\u2013|-)\\s+\\S+\\s*$"},
    {PP_TITLE, PS_TEST_STRESS, PW_ANY, "any", "^\\s*Stress\\s+Test\\s+\\([^)]*\\)\\s+(?:\u2013|-)\\s+\\S+\\s*$"},
    {PP_TITLE, PS_TEST_BACKUP, PW_ANY, "any", "^\\s*(?:Database\\s+)?Backup\\s+Test\\s+(?:\u2013|-)\\s+\\S+\\s*$"},
    {PP_TITLE, PS_TEST_SOFTRECOVERY, PW_ANY, "any", "^\\s*Soft\\s*Recovery\\s+Test\\s+(?:\u2013|-)\\s+\\S+\\s*$"},
    {PP_TITLE, PS_TEST_STRESS, PW_ANY, "4", "壓力測試結果報告"},
    {PP_TITLE, PS_TEST_BACKUP, PW_ANY, "any", "Backup\\s+Test\\s+Result\\s+Report"},
    {PP_TITLE, PS_TEST_SOFTRECOVERY, PW_ANY, "any", "Soft\\s*Recovery\\s+Test\\s+Result\\s+Report"},
    /* sections inside a report */
    {PP_SECTION, PS_SEC_TRANS, PW_REPORT, "3 4", "Transactional\\s+I/O\\s+Performance"},
    {PP_SECTION, PS_SEC_TRANS, PW_REPORT, "4", "交易\\s*I/O\\s*效能"},
    {PP_SECTION, PS_SEC_TOTAL, PW_REPORT, "3 4", "Total\\s+I/O\\s+(?:Performance|效能)"},
    {PP_SECTION, PS_SEC_OTHER, PW_REPORT, "3 4", "Background\\s+Database\\s+Maintenance\\s+I/O\\s+Performance"},
    {PP_SECTION, PS_SEC_OTHER, PW_REPORT, "3 4", "Log\\s+Replication\\s+I/O\\s+Performance"},
    {PP_SECTION, PS_SEC_OTHER, PW_REPORT, "4", "背景資料庫維護\\s*I/O\\s*效能|記錄檔複寫\\s*I/O\\s*效能"},
    {PP_SECTION, PS_SEC_CHECKSUM, PW_REPORT, "2", "Disk\\s+Subsystem\\s+Performance\\s*\\(of\\s+checksum\\)"},
    {PP_SECTION, PS_SEC_CHECKSUM, PW_REPORT, "2", "Checksum\\s+Statistics"},
    {PP_SECTION, PS_SEC_DISK, PW_REPORT, "2", "Disk\\s+Subsystem\\s+Performance"},
    {PP_SECTION, PS_SEC_HOST, PW_REPORT, "any", "Host\\s+System\\s+Performance|主機系統效能"},
    {PP_SECTION, PS_SEC_LOG, PW_REPORT, "any", "\\bTest\\s+Log\\b"},
    /* body markers */
    {PP_MARK, PM_AGGREGATE, PW_BODY, "any", "Aggregate\\s+Performance|across\\s+all\\s+servers"},
    {PP_MARK, PM_SERVER, PW_BODY, "any", "Individual\\s+Server\\s+Metrics"},
    {PP_MARK, PM_ESRP_VERSION, PW_ANY, "any", "ESRP\\s*\\S{0,3}\\s*Storage\\s+Version\\s+([1-9])"},
    {PP_MARK, PM_MACHINE, PW_REPORT, "any", "(?:Machine\\s+Name|機器名稱)\\s*:?\\s*([A-Za-z0-9][A-Za-z0-9_.-]*)"},
    /* 2007 Disk Subsystem table */
    {PP_DISKHDR, 0, PW_REPORT, "2", "Avg\\.\\s*Disk\\s+sec/Read"},
    {PP_DISKHDR, 1, PW_REPORT, "2", "Avg\\.\\s*Disk\\s+sec/Write"},
    {PP_DISKHDR, 2, PW_REPORT, "2", "(?<!Avg\\. )Disk\\s+Reads/sec"},
    {PP_DISKHDR, 3, PW_REPORT, "2", "(?<!Avg\\. )Disk\\s+Writes/sec"},
    {PP_DISKHDR, 4, PW_REPORT, "2", "Avg\\.\\s*Disk\\s+Bytes/Write"},
    {PP_DISKROW, 0, PW_REPORT, "2", "\\b(Database|Log)\\s*\\(([A-Za-z]):\\)"},
    /* 2010+ instance rows */
    {PP_INSTROW, 0, PW_REPORT, "3 4", "\\b(Instance[0-9]+\\.[0-9]+)(?=\\s+[0-9])"},
    /* test log (docs/formats.md#js-testlog) */
    /* "1/18/2016 9:58:08 AM -- "; transcriptions lose digits ("1/18/ :11:13 PM -- "): the
     * " -- " after a time is what matters */
    {PP_TIMESTAMP, 0, PW_ANY, "any",
     "\\b[0-9]{1,2}/[0-9]{0,2}/?[0-9]{0,4}\\s*[0-9]{0,2}:[0-9]{2}:[0-9]{2}(?:\\s*[AP]M)?\\s+--\\s*"},
    /* the same time in other Windows locales: "14.03.2026 22:41:30 -- " (day first),
     * "2026-03-14 22:41:30 -- ", "2026/3/14 \u4e0b\u5348 10:41:30 -- " (year first) */
    {PP_TIMESTAMP, 0, PW_ANY, "any",
     "(?:\\b[0-9]{1,2}\\.[0-9]{1,2}\\.[0-9]{4}|\\b[0-9]{4}([-/.])[0-9]{1,2}\\1[0-9]{1,2})\\s+"
     "(?:(?:[AP]M|\u4e0a\u5348|\u4e0b\u5348|\u5348\u524d|\u5348\u5f8c|\uc624\uc804|\uc624\ud6c4)\\s*)?"
     "[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\\s*[AP]M)?\\s+--\\s*"},
    {PP_LOG, PL_FINAL, PW_REPORT, "any", "Creating\\s+test\\s+report"},
    {PP_LOG, PL_INST_LAT, PW_REPORT, "3 4",
     "(Instance[0-9]+\\.[0-9]+)\\s+has\\s+" NUM
     "\\s+for\\s+I/O\\s+(Database\\s+Reads|Database\\s+Writes|Log\\s+Reads|Log\\s+Writes)\\s+Average\\s+Latency"},
    {PP_LOG, PL_VOL_LAT, PW_REPORT, "2",
     "Volume\\s+([A-Za-z]:)\\s+has\\s+" NUM "\\s+for\\s+Avg\\.\\s*Disk\\s+sec/(Read|Write)"},
    {PP_LOG, PL_TARGET, PW_REPORT, "any",
     "[0-9]+\\s+sessions\\s+have\\s+actual\\s+" NUM "\\s+IOPS\\s*\\(target\\s+IOPS:\\s*" NUM "\\)"},
    {PP_LOG, PL_THR_READ, PW_REPORT, "any",
     "Database\\s+read\\s+latency\\s+thresholds:\\s*\\(average:\\s*" NUM "\\s*(msec|seconds)/read"},
    {PP_LOG, PL_THR_LOG, PW_REPORT, "any",
     "Log\\s+write\\s+latency\\s+thresholds:\\s*\\(average:\\s*" NUM "\\s*(msec|seconds)/write"},
    {PP_LOG, PL_INTERVAL, PW_REPORT, "any",
     "Performance\\s+logging\\s+(?:started|begins)\\s*\\(interval:\\s*([0-9]+)\\s*ms\\)"},
    {PP_LOG, PL_BLG, PW_REPORT, "3 4", ".*?\\.blg\\s+has\\s+([0-9]+)\\s+samples"},
    {PP_LOG, PL_XML, PW_REPORT, "3 4", ".*?\\.xml\\s+has\\s+([0-9]+)\\s+samples\\s+queried"},
};

int paper_patterns_init(paper_patterns *pp, ps_error *err)
{
    memset(pp, 0, sizeof *pp);
    pp->n = sizeof table / sizeof table[0];
    pp->def = table;
    pp->code = ps_xcalloc(pp->n, sizeof *pp->code);
    for (size_t i = 0; i <= pp->n; i++) {
        const char *re = i < pp->n ? table[i].re : "([0-9]+(?:\\.[0-9]+)?)\\s*%\\s*\\[([^\\]\\r\\n]{0,48})(\\])?";
        int ec;
        PCRE2_SIZE eo;
        pcre2_code *c =
            pcre2_compile((PCRE2_SPTR)re, PCRE2_ZERO_TERMINATED, PCRE2_UTF | PCRE2_CASELESS, &ec, &eo, NULL);
        if (!c) {
            PCRE2_UCHAR msg[160];
            pcre2_get_error_message(ec, msg, sizeof msg);
            paper_patterns_fini(pp);
            return ps_error_set(err, PS_EINPUT, NULL, 0, 0, "internal pattern %zu: %s at %zu", i, (char *)msg,
                                (size_t)eo);
        }
        pcre2_jit_compile(c, PCRE2_JIT_COMPLETE); /* optional: falls back to the interpreter */
        if (i < pp->n)
            pp->code[i] = c;
        else
            pp->pct = c;
    }
    pp->md = pcre2_match_data_create(16, NULL);
    pp->mctx = pcre2_match_context_create(NULL);
    pcre2_set_match_limit(pp->mctx, 200000);
    pcre2_set_depth_limit(pp->mctx, 2000);
    return 0;
}

void paper_patterns_fini(paper_patterns *pp)
{
    for (size_t i = 0; pp->code && i < pp->n; i++)
        pcre2_code_free(pp->code[i]);
    free(pp->code);
    pcre2_code_free(pp->pct);
    pcre2_match_data_free(pp->md);
    pcre2_match_context_free(pp->mctx);
    memset(pp, 0, sizeof *pp);
}

int paper_match(paper_patterns *pp, pcre2_code *code, const char *s, size_t len, size_t off, uint32_t opts)
{
    /* the text was made valid UTF-8 by the reader */
    return pcre2_match(code, (PCRE2_SPTR)s, len, off, opts | PCRE2_NO_UTF_CHECK, pp->md, pp->mctx);
}
