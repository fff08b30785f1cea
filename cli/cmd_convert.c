/* cmd_convert.c - 'perfscribe convert IN... -o OUT': any log ps_log_open reads (.blg, PDH-CSV,
 * PDH-TSV) to relog-compatible CSV or TSV, with relog's -c/-cf/-b/-e/-t and a --bucket average.
 * Several inputs are merged by time (k-way merge; union of counters in input order). */
#include "cli.h"
#include "ps_blg.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const ps_opt_doc convert_opts[] = {
    {"-o", NULL, "OUT", PS_VAL_OUTPUT, "csv tsv", 0,
     "output file (default: standard output); written atomically, never over an input"},
    {"-f", NULL, "FMT", PS_VAL_WORDS, "csv tsv sql", 0,
     "output format, csv or tsv (default: from the extension of OUT, else csv); sql with -o DB "
     "(sqlite:PATH or postgresql://...): relog's SQL tables, each input one log set, appended in one "
     "transaction"},
    {"-c", NULL, "PATH", PS_VAL_TEXT, NULL, PS_OPT_REPEAT,
     "keep counters matching PATH (repeatable; wildcards * as in relog)"},
    {NULL, "--counter-file", "FILE", PS_VAL_FILE, NULL, PS_OPT_REPEAT,
     "keep counters listed in FILE, one per line (relog -cf; -cf FILE works too)"},
    {"-b", NULL, "TIME", PS_VAL_TEXT, NULL, 0,
     "keep samples from TIME (\"M/D/YYYY H:MM:SS [AM|PM]\" or ISO 8601)"},
    {"-e", NULL, "TIME", PS_VAL_TEXT, NULL, 0, "keep samples until TIME (inclusive)"},
    {"-t", NULL, "N", PS_VAL_TEXT, NULL, 0, "keep every Nth sample (the 1st, N+1th, ...), as relog -t"},
    {NULL, "--bucket", "SECONDS", PS_VAL_TEXT, NULL, 0,
     "average into fixed buckets of SECONDS aligned to the first sample (perfscribe extension; the "
     "row shows the bucket start)"},
    {NULL, "--eol", "EOL", PS_VAL_WORDS, "crlf lf", 0, "line ends, crlf or lf (default crlf, as relog writes on Windows)"},
    {NULL, "--digits", "N", PS_VAL_TEXT, NULL, 0, "significant digits of values (default 17, as relog)"},
    PS_CLI_ENCODING_OPT,
    {NULL, "--lenient", NULL, PS_VAL_NONE, NULL, 0,
     "skip damaged parts of an input with a warning instead of failing"},
    {NULL, "--threads", "N", PS_VAL_TEXT, NULL, 0,
     "decode a .blg input on N threads (default 0: one per CPU, at most 8, for files of 8 MiB and "
     "more; 1: one thread); the output is the same"},
    {"-q", NULL, NULL, PS_VAL_NONE, NULL, 0, "no progress bar"},
};

const ps_cmd_doc ps_doc_convert = {
    .name = "convert",
    .section = 1,
    .summary = "convert PerfMon logs to relog-compatible CSV, TSV or SQL tables",
    .synopsis = "IN... [-o OUT] [-f csv|tsv|sql] [-c PATH]... [--counter-file FILE]\n"
                "[-b TIME] [-e TIME] [-t N] [--bucket SECONDS] [--eol crlf|lf]\n"
                "[--digits N] [--encoding NAME] [--lenient] [-q]",
    .description = "Convert PerfMon logs (.blg, PDH-CSV, PDH-TSV; detected by content) to "
                   "relog-compatible CSV or TSV. Several inputs are merged by time into one table.",
    .opts = convert_opts,
    .nopts = PS_DOC_N(convert_opts),
    .operands = PS_VAL_FILE,
    .exit_status = "0 ok, 2 usage, 3 bad input, 4 I/O error",
    .see_also = "perfscribe-summary(1)",
};

typedef struct input {
    ps_log *log;
    const ps_log_info *info;
    ps_row row;
    double *vals;       /* copy of the current row */
    size_t *map;        /* input column -> output column */
    int has;            /* a current row is loaded */
    int same_zone;      /* same zone and bias as the first input: print its own local time */
} input;

typedef struct opts {
    const char *out;
    enum ps_format fmt;
    int has_b, has_e, b_utc, e_utc;
    ps_time b, e;
    long every;
    double bucket_s;
    ps_pdh_style style;
    int lenient;
    int sql;            /* -f sql: relog's tables in the database -o names (cli/convert_sql.c) */
    const char *encoding;
    int threads;        /* --threads: .blg decoding threads (ps_log_blg_threads) */
} opts;

static int parse_args(int argc, char **argv, ps_cli *cli, opts *o, ps_filter *flt, const char **ins, size_t *nin)
{
    const char *fmt = NULL;
    enum ps_format ffmt = PS_FMT_NONE;
    const char *eol = "crlf";
    long digits = 17;
    o->every = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        int takes = !strcmp(a, "-o") || !strcmp(a, "-f") || !strcmp(a, "-c") || !strcmp(a, "--counter-file") ||
                    !strcmp(a, "-cf") || !strcmp(a, "-b") || !strcmp(a, "-e") || !strcmp(a, "-t") ||
                    !strcmp(a, "--bucket") || !strcmp(a, "--eol") || !strcmp(a, "--digits") || !strcmp(a, "--encoding") ||
                    !strcmp(a, "--threads");
        if (takes && !v)
            return ps_cli_usage(cli, "option %s needs a value", a);
        char *end;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            int rc = ps_cli_help(cli, &ps_doc_convert);
            return rc ? rc : -1;
        } else if (!strcmp(a, "-o"))
            o->out = v;
        else if (!strcmp(a, "-f"))
            fmt = v;
        else if (!strcmp(a, "-c")) {
            if (ps_filter_add(flt, v, &cli->err))
                return PS_EUSAGE;
        } else if (!strcmp(a, "--counter-file") || !strcmp(a, "-cf")) {
            int rc = ps_filter_add_file(flt, v, &cli->err);
            if (rc)
                return rc;
        } else if (!strcmp(a, "-b") || !strcmp(a, "-e")) {
            int isb = a[1] == 'b';
            if (ps_time_parse_user(v, isb ? &o->b : &o->e, isb ? &o->b_utc : &o->e_utc) != 0)
                return ps_cli_usage(cli, "%s: cannot read the time '%s'", a, v);
            *(isb ? &o->has_b : &o->has_e) = 1;
        } else if (!strcmp(a, "-t")) {
            o->every = strtol(v, &end, 10);
            if (*end || o->every < 1)
                return ps_cli_usage(cli, "-t needs a whole number >= 1, not '%s'", v);
        } else if (!strcmp(a, "--bucket")) {
            o->bucket_s = strtod(v, &end);
            if (*end || !(o->bucket_s >= 0.001) || o->bucket_s > 1e9)
                return ps_cli_usage(cli, "--bucket needs a number of seconds >= 0.001, not '%s'", v);
        } else if (!strcmp(a, "--eol")) {
            eol = v;
            if (strcmp(v, "crlf") && strcmp(v, "lf"))
                return ps_cli_usage(cli, "--eol takes crlf or lf, not '%s'", v);
        } else if (!strcmp(a, "--digits")) {
            digits = strtol(v, &end, 10);
            if (*end || digits < 1 || digits > 40)
                return ps_cli_usage(cli, "--digits takes 1..40, not '%s'", v);
        } else if (!strcmp(a, "--threads")) {
            long t = strtol(v, &end, 10);
            if (end == v || *end || t < 0 || t > 64)
                return ps_cli_usage(cli, "bad --threads '%s' (0 to 64)", v);
            o->threads = (int)t;
        } else if (!strcmp(a, "--encoding")) {
            int rc = ps_cli_encoding(cli, v, &o->encoding);
            if (rc)
                return rc;
        } else if (!strcmp(a, "--lenient"))
            o->lenient = 1;
        else if (!strcmp(a, "-q"))
            cli->quiet = 1;
        else if (a[0] == '-' && a[1])
            return ps_cli_usage(cli, "unknown option '%s'", a);
        else
            ins[(*nin)++] = a;
        if (takes)
            i++;
    }
    if (*nin == 0)
        return ps_cli_usage(cli, "no input file");
    if (fmt && strcmp(fmt, "sql") == 0) {
        o->sql = 1;
        if (!o->out || o->bucket_s > 0)
            return ps_cli_usage(cli, "-f sql needs -o sqlite:PATH or -o postgresql://... (and no --bucket)");
        return 0;
    }
    if (fmt) {
        ffmt = ps_format_parse(fmt);
        if (ffmt != PS_FMT_CSV && ffmt != PS_FMT_TSV)
            return ps_cli_usage(cli, "-f takes csv, tsv or sql, not '%s'", fmt);
    } else if (o->out && strcmp(o->out, "-") != 0) {
        ffmt = ps_format_from_path(o->out);
        if (ffmt != PS_FMT_CSV && ffmt != PS_FMT_TSV)
            return ps_cli_usage(cli, "cannot tell the format from '%s': name it .csv or .tsv, or give -f", o->out);
    } else
        ffmt = PS_FMT_CSV;
    o->fmt = ffmt;
    ps_pdh_style_init(&o->style, ffmt);
    o->style.eol = strcmp(eol, "lf") == 0 ? "\n" : "\r\n";
    o->style.digits = (int)digits;
    return 0;
}

/* Column union: open-addressing table of lower-cased header paths -> output column. */
typedef struct colset {
    char **keys;
    size_t *vals, cap;
} colset;

static uint64_t key_hash(const char *s)
{
    uint64_t h = 1469598103934665603ULL;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

/* Slot of key (lower case) in the table (empty slot when absent). */
static size_t colset_slot(const colset *t, const char *key)
{
    size_t i = key_hash(key) & (t->cap - 1);
    while (t->keys[i] && strcmp(t->keys[i], key) != 0)
        i = (i + 1) & (t->cap - 1);
    return i;
}

/* Union of the inputs' columns, in input order; paths compared case-insensitively (as PDH). A
 * path repeated within one input is kept as a column of its own each time (as relog does); the
 * n-th repeat in one input is the same column as the n-th repeat in another. */
static size_t build_columns(input *in, size_t nin, const char ***cells)
{
    size_t total = 0, n = 0;
    for (size_t k = 0; k < nin; k++)
        total += in[k].info->ncounters;
    colset t = {0};
    for (t.cap = 16; t.cap < 2 * total + 2; t.cap *= 2)
        ;
    t.keys = ps_xcalloc(t.cap, sizeof *t.keys);
    t.vals = ps_xcalloc(t.cap, sizeof *t.vals);
    const char **c = ps_xcalloc(total ? total : 1, sizeof *c);
    size_t *mark = ps_xcalloc(total ? total : 1, sizeof *mark);   /* output column -> input k + 1 */
    for (size_t k = 0; k < nin; k++) {
        const ps_log_info *info = in[k].info;
        in[k].map = ps_xcalloc(info->ncounters ? info->ncounters : 1, sizeof *in[k].map);
        in[k].vals = ps_xcalloc(info->ncounters ? info->ncounters : 1, sizeof *in[k].vals);
        for (size_t j = 0; j < info->ncounters; j++) {
            char *key = ps_xstrdup(info->header[j]);
            for (char *p = key; *p; p++)
                if (*p >= 'A' && *p <= 'Z')
                    *p = (char)(*p - 'A' + 'a');
            size_t slot = colset_slot(&t, key);
            for (unsigned rep = 1; t.keys[slot] && mark[t.vals[slot]] == k + 1; rep++) {
                ps_buf kb = {0};   /* the column is taken in this input: its next repeat */
                ps_buf_printf(&kb, "%s\x01%u", info->header[j], rep);
                for (char *p = kb.data; *p; p++)
                    if (*p >= 'A' && *p <= 'Z')
                        *p = (char)(*p - 'A' + 'a');
                free(key);
                key = ps_buf_steal(&kb);
                slot = colset_slot(&t, key);
            }
            if (!t.keys[slot]) {
                t.keys[slot] = key;
                t.vals[slot] = n;
                c[n++] = info->header[j];
            } else
                free(key);
            mark[t.vals[slot]] = k + 1;
            in[k].map[j] = t.vals[slot];
        }
    }
    for (size_t i = 0; i < t.cap; i++)
        free(t.keys[i]);
    free(t.keys);
    free(t.vals);
    free(mark);
    *cells = c;
    return n;
}

static int advance(input *in, ps_error *err)
{
    int rc = ps_log_next(in->log, &in->row, err);
    in->has = rc == 1;
    if (rc == 1)
        memcpy(in->vals, in->row.values, in->row.nvalues * sizeof *in->vals);
    return rc < 0 ? -rc : 0;
}

/* Bucket averaging state. */
typedef struct bucket {
    ps_time ms, t0, start;
    int open, have_t0, written;   /* written: a bucket was written (start is the last one's) */
    double *sum;
    uint64_t *cnt;
    uint64_t folded;              /* rows earlier than the bucket being filled, averaged into it */
} bucket;

static void bucket_flush(bucket *bk, ps_buf *b, const opts *o, double *tmp, size_t n)
{
    if (!bk->open)
        return;
    for (size_t i = 0; i < n; i++)
        tmp[i] = bk->cnt[i] ? bk->sum[i] / (double)bk->cnt[i] : NAN;
    ps_pdh_write_row(b, &o->style, bk->start, tmp, n);
    bk->open = 0;
    bk->written = 1;
}

static void bucket_add(bucket *bk, ps_buf *b, const opts *o, ps_time t, const double *v, double *tmp, size_t n)
{
    if (!bk->have_t0) {
        bk->t0 = t;
        bk->have_t0 = 1;
    }
    ps_time d = t - bk->t0;
    ps_time k = d >= 0 ? d / bk->ms : -((-d + bk->ms - 1) / bk->ms);
    ps_time start = bk->t0 + k * bk->ms;
    if ((bk->open || bk->written) && start < bk->start) {
        start = bk->start;   /* time went backwards: buckets stay in order, the row joins the latest */
        bk->folded++;
    }
    if (bk->open && start != bk->start)
        bucket_flush(bk, b, o, tmp, n);
    if (!bk->open) {
        bk->open = 1;
        bk->start = start;
        memset(bk->sum, 0, n * sizeof *bk->sum);
        memset(bk->cnt, 0, n * sizeof *bk->cnt);
    }
    for (size_t i = 0; i < n; i++)
        if (!isnan(v[i])) {
            bk->sum[i] += v[i];
            bk->cnt[i]++;
        }
}

static int flush_buf(ps_buf *b, FILE *fp, ps_error *err, const char *path)
{
    if (b->len && fwrite(b->data, 1, b->len, fp) != b->len)
        return ps_error_set(err, PS_EIO, path, 0, 0, "cannot write");
    ps_buf_reset(b);
    return 0;
}

static int run(ps_cli *cli, const opts *o, input *in, size_t nin, const char *const *ins)
{
    const char **cells = NULL;
    size_t ncol = build_columns(in, nin, &cells);
    int use_utc = 1;
    for (size_t k = 0; k < nin; k++)
        use_utc &= in[k].info->has_bias;
    const ps_log_info *i0 = in[0].info;
    for (size_t k = 0; k < nin; k++) {
        const ps_log_info *ik = in[k].info;
        in[k].same_zone = ik->has_bias == i0->has_bias && ik->bias_minutes == i0->bias_minutes &&
                          ((!ik->timezone && !i0->timezone) ||
                           (ik->timezone && i0->timezone && strcmp(ik->timezone, i0->timezone) == 0));
    }
    int rc = 0;
    for (size_t k = 0; k < nin && !rc; k++)
        rc = advance(&in[k], &cli->err);
    ps_outfile *of = NULL;
    if (!rc)
        rc = ps_outfile_open(o->out, ins, nin, &of, &cli->err);
    double *row = ps_xcalloc(ncol ? ncol : 1, sizeof *row), *tmp = ps_xcalloc(ncol ? ncol : 1, sizeof *tmp);
    bucket bk = {0};
    bk.ms = (ps_time)llround(o->bucket_s * 1000);
    bk.sum = ps_xcalloc(ncol ? ncol : 1, sizeof *bk.sum);
    bk.cnt = ps_xcalloc(ncol ? ncol : 1, sizeof *bk.cnt);
    ps_buf b = {0};
    uint64_t kept = 0;
    if (!rc)
        ps_pdh_write_header(&b, &o->style, i0->timezone, i0->has_bias, i0->bias_minutes, cells, ncol);
    while (!rc) {
        size_t first = nin;
        ps_time key = 0;
        for (size_t k = 0; k < nin; k++) {
            if (!in[k].has)
                continue;
            ps_time kk = use_utc ? in[k].row.utc : in[k].row.local;
            if (first == nin || kk < key) {
                first = k;
                key = kk;
            }
        }
        if (first == nin)
            break;
        /* rows are printed in the first input's clock: another zone's rows are shifted to it */
        ps_time local = in[first].row.local, utc = in[first].row.utc;
        if (use_utc && !in[first].same_zone)
            local = utc - (ps_time)i0->bias_minutes * 60000;
        for (size_t i = 0; i < ncol; i++)
            row[i] = NAN;
        for (size_t k = first; k < nin && !rc; k++) {
            if (!in[k].has || (use_utc ? in[k].row.utc : in[k].row.local) != key)
                continue;
            for (size_t j = 0; j < in[k].info->ncounters; j++)
                if (isnan(row[in[k].map[j]]))
                    row[in[k].map[j]] = in[k].vals[j];
            rc = advance(&in[k], &cli->err);
        }
        if (rc)
            break;
        if ((o->has_b && (o->b_utc ? utc : local) < o->b) || (o->has_e && (o->e_utc ? utc : local) > o->e))
            continue;
        if (kept++ % (uint64_t)o->every != 0)
            continue;
        if (bk.ms > 0)
            bucket_add(&bk, &b, o, local, row, tmp, ncol);
        else
            ps_pdh_write_row(&b, &o->style, local, row, ncol);
        if (b.len > (1u << 20))
            rc = flush_buf(&b, ps_outfile_fp(of), &cli->err, o->out);
        uint64_t done = 0, total = 0;
        for (size_t k = 0; k < nin; k++) {
            uint64_t d, t;
            ps_log_progress(in[k].log, &d, &t);
            done += d;
            total += t;
        }
        ps_cli_progress(cli, "convert", done, total);
    }
    ps_cli_progress_end(cli);
    if (bk.folded)
        ps_warn(&cli->warnings,
                "--bucket: %llu row(s) earlier than the bucket being filled (time stamps went backwards) were "
                "averaged into that bucket",
                (unsigned long long)bk.folded);
    if (!rc) {
        bucket_flush(&bk, &b, o, tmp, ncol);
        rc = flush_buf(&b, ps_outfile_fp(of), &cli->err, o->out);
    }
    if (!rc)
        rc = ps_outfile_commit(of, &cli->err);
    else
        rc = ps_outfile_fail(of, rc, &cli->err);   /* a failed write: its reason (F12) */
    ps_buf_free(&b);
    free(row);
    free(tmp);
    free(bk.sum);
    free(bk.cnt);
    free(cells);
    return rc;
}

int ps_cmd_convert(int argc, char **argv, ps_cli *cli)
{
    opts o;
    memset(&o, 0, sizeof o);
    ps_filter *flt = ps_filter_new();
    const char **ins = ps_xcalloc((size_t)argc + 1, sizeof *ins);
    size_t nin = 0;
    int rc = parse_args(argc, argv, cli, &o, flt, ins, &nin);
    if (rc) {
        ps_filter_free(flt);
        free(ins);
        return rc < 0 ? 0 : rc;
    }
    input *in = ps_xcalloc(nin, sizeof *in);
    ps_log_options lo = {ps_filter_count(flt) ? flt : NULL, o.lenient, &cli->warnings, o.encoding};
    for (size_t k = 0; k < nin && !rc; k++) {
        rc = ps_log_open(ins[k], &lo, &in[k].log, &cli->err);
        if (!rc) {
            in[k].info = ps_log_info_get(in[k].log);
            ps_log_blg_threads(in[k].log, o.threads, 0);
        }
    }
    if (!rc && o.sql) {
        ps_log **logs = ps_xcalloc(nin, sizeof *logs);
        for (size_t k = 0; k < nin; k++)
            logs[k] = in[k].log;
        ps_cli_sql_opts so = {o.out, o.has_b, o.has_e, o.b_utc, o.e_utc, o.b, o.e, o.every};
        rc = ps_cli_convert_sql(cli, &so, logs, ins, nin);
        free(logs);
    } else if (!rc)
        rc = run(cli, &o, in, nin, ins);
    for (size_t k = 0; k < nin; k++) {
        ps_log_close(in[k].log);
        free(in[k].vals);
        free(in[k].map);
    }
    free(in);
    free(ins);
    ps_filter_free(flt);
    return rc;
}
