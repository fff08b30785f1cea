/* cmd_store.c - 'perfscribe store': keep judged Jetstress runs in a database (SQLite file or
 * PostgreSQL server) and read them back: add, list, show, rm. */
#include "cli.h"
#include "ps_store.h"
#include "ps_store_out.h"
#include "ps_js_words.h"

#include <stdlib.h>
#include <string.h>

typedef struct store_args {
    const char *db, *label;
    ps_cli_list tags, where;
    enum ps_format fmt;
    ps_cli_js js; /* store add: the run options (shared group) */
    const char *action; /* the first operand ... */
    const char **pos;
    size_t npos; /* ... and the others */
} store_args;

static const ps_opt_doc store_opts[] = {
    {NULL, "--db", "DB", PS_VAL_TEXT, NULL, 0,
     "sqlite:PATH (default sqlite:perfscribe.db) or postgresql://HOST/DBNAME; PostgreSQL credentials "
     "come from libpq's environment (PGUSER, PGPASSWORD, PGSERVICE, ~/.pgpass), never from perfscribe",
     .kind = PS_ARG_STR, .at = offsetof(store_args, db)},
    {NULL, "--label", "LABEL", PS_VAL_TEXT, NULL, 0, "name of the run (add)", .kind = PS_ARG_STR,
     .at = offsetof(store_args, label)},
    {NULL, "--tag", "KEY=VALUE", PS_VAL_TEXT, NULL, PS_OPT_REPEAT, "a tag of the run (add; repeatable)",
     .kind = PS_ARG_LIST, .at = offsetof(store_args, tags)},
    {NULL, "--where", "KEY=VALUE", PS_VAL_TEXT, NULL, PS_OPT_REPEAT, "only runs with this tag (list; repeatable)",
     .kind = PS_ARG_LIST, .at = offsetof(store_args, where)},
    PS_CLI_FORMAT_OPT(store_args, fmt, "text json", "output, text (default) or json"),
};

const ps_cmd_doc ps_doc_store = {
    .name = "store",
    .section = 1,
    .summary = "keep Jetstress runs in a database (SQLite, PostgreSQL): add, list, show, rm",
    .synopsis = "[--db DB] add|list|show|rm [RUN...] [--label LABEL] [--tag KEY=VALUE]... "
                "[--where KEY=VALUE]... [-f text|json] [jetstress options]",
    .description = "Keeps judged Jetstress runs (figures recomputed and reported, verdicts with their source and "
                   "reasons, thresholds, the thinned chart series, every input file's SHA-256) in a database.\n\n"
                   "  store add RUN... --label LABEL [--tag KEY=VALUE]...\n"
                   "  store list [--where KEY=VALUE]...\n"
                   "  store show LABEL\n"
                   "  store rm LABEL\n\n"
                   "The other options of add are those of perfscribe check (--profile, --thresholds, -b/-e, ...). "
                   "Adding the same inputs again does nothing. Every add and rm is one transaction.",
    .opts = store_opts,
    .nopts = PS_DOC_N(store_opts),
    .shared = &ps_cli_js_opts,
    .shared_at = offsetof(store_args, js),
    .operands = PS_VAL_PATH,
    .exit_status = "0 ok, 2 usage (unknown label, label holding other inputs), 3 bad input, 4 I/O error "
                   "(also: libpq missing for a PostgreSQL URL)",
    .see_also = "perfscribe-trend(1), perfscribe-report(1), perfscribe-convert(1)",
};

static int key_value(ps_cli *cli, const char *opt, const char *v)
{
    const char *eq = strchr(v, '=');
    if (!eq || eq == v)
        return ps_cli_usage(cli, "%s: expected KEY=VALUE, got '%s'", opt, v);
    return PS_OK;
}

static int parse_args(int argc, char **argv, ps_cli *cli, store_args *a, ps_cli_list *ops)
{
    int rc = ps_cli_parse(cli, &ps_doc_store, argc, argv, a, ops);
    if (rc)
        return rc;
    static const ps_cli_js none; /* no run option given */
    int js_given = memcmp(&a->js, &none, sizeof none) != 0;
    if (!a->db)
        a->db = PS_CLI_DEFAULT_DB;
    if (!a->fmt)
        a->fmt = PS_FMT_TEXT;
    for (size_t i = 0; i < a->tags.n && !rc; i++) {
        const char *v = a->tags.v[i];
        rc = key_value(cli, "--tag", v);
        for (size_t k = 0; k < i && !rc; k++)
            if (strcspn(a->tags.v[k], "=") == strcspn(v, "=") && strncmp(a->tags.v[k], v, strcspn(v, "=")) == 0)
                rc = ps_cli_usage(cli, "--tag %.*s given twice", (int)strcspn(v, "="), v);
    }
    for (size_t i = 0; i < a->where.n && !rc; i++)
        rc = key_value(cli, "--where", a->where.v[i]);
    if (rc)
        return rc;
    if (!ops->n)
        return ps_cli_usage(cli, "store needs an action: add, list, show or rm");
    a->action = ops->v[0];
    a->pos = ops->v + 1;
    a->npos = ops->n - 1;
    if (js_given && strcmp(a->action, "add") != 0)
        return ps_cli_usage(cli,
                            "the run options (-b, -e, --profile, --thresholds, ...) belong to 'store add', not "
                            "to 'store %s'",
                            a->action);
    return PS_OK;
}

/* create: add (a missing database is created); the others open an existing one (a read-only
 * file read-only), so a mistyped sqlite: path creates nothing */
static int open_db(ps_cli *cli, const char *url, int create, ps_db **db)
{
    return create ? ps_db_open(url, db, &cli->err) : ps_db_open_read(url, db, &cli->err);
}

int ps_cli_store_load(ps_cli *cli, const char *url, const char *label, ps_js_run **run)
{
    ps_db *db = NULL;
    ps_store_meta meta;
    *run = NULL;
    int rc = open_db(cli, url, 0, &db);
    if (!rc)
        rc = ps_store_load(db, label, run, &meta, &cli->err);
    if (!rc)
        ps_store_meta_fini(&meta);
    ps_db_close(db);
    return rc;
}

int ps_cli_store_labels(ps_cli *cli, const char *url, const char *const *where, size_t nwhere, char ***labels,
                        size_t *n)
{
    ps_db *db = NULL;
    ps_store_entry *e = NULL;
    *labels = NULL;
    *n = 0;
    int rc = open_db(cli, url, 0, &db);
    if (!rc)
        rc = ps_store_list(db, where, nwhere, &e, n, &cli->err);
    if (!rc) {
        *labels = ps_xcalloc(*n + 1, sizeof **labels);
        for (size_t i = 0; i < *n; i++)
            (*labels)[i] = ps_xstrdup(e[i].meta.label);
    }
    ps_store_list_free(e, *n);
    ps_db_close(db);
    return rc;
}

static int action_add(ps_cli *cli, store_args *a, ps_db *db, ps_buf *out)
{
    if (!a->label || !*a->label)
        return ps_cli_usage(cli, "store add needs --label LABEL");
    ps_cli_list runs = {a->pos, a->npos};
    int rc = ps_cli_js_finish(cli, &a->js, &runs);
    if (rc)
        return rc;
    a->js.p.load.keep_series = 1;
    a->js.p.load.keep_outside = 1; /* what the report's charts show */
    ps_js_run *run = NULL;
    if ((rc = ps_cli_js_load(cli, &a->js, &run)))
        return rc;
    ps_store_meta m = {0};
    m.label = ps_xstrdup(a->label);
    m.version = ps_xstrdup(PS_VERSION);
    m.profile = ps_xstrdup(a->js.p.profile);
    m.lenient = a->js.p.lenient_thresholds;
    m.thresholds = ps_xstrdup(a->js.p.thresholds);
    for (size_t i = 0; i < a->tags.n; i++) {
        const char *eq = strchr(a->tags.v[i], '=');
        char *key = ps_xstrndup(a->tags.v[i], (size_t)(eq - a->tags.v[i]));
        ps_store_meta_tag(&m, key, eq + 1);
        free(key);
    }
    ps_time now = 0;
    char iso[40];
    rc = ps_cli_doc_date(cli, &now);
    if (!rc) {
        m.stored_at = ps_xstrdup(ps_time_format_iso(iso, sizeof iso, now));
        const char *extra[1] = {a->js.p.thresholds};
        rc = ps_store_meta_files(&m, run, extra, a->js.p.thresholds ? 1 : 0, &cli->err);
    }
    ps_store_add_options opt = {.reason_words = ps_js_reason_words_en, .qual_words = ps_js_qual_words_en};
    const char *hold = getenv("PERFSCRIBE_TEST_HOLD_SECONDS"); /* tests: a window to kill it in */
    if (hold && *hold)
        opt.hold_seconds = strtod(hold, NULL);
    int added = 0;
    char *existing = NULL;
    if (!rc)
        rc = ps_store_add(db, &m, run, &opt, &added, &existing, &cli->err);
    if (!rc)
        ps_store_render_add(out, &m, run, added, existing, a->fmt);
    free(existing);
    ps_store_meta_fini(&m);
    ps_js_run_free(run);
    return rc;
}

static int one_label(ps_cli *cli, const store_args *a)
{
    if (a->npos != 1)
        return ps_cli_usage(cli, "store %s needs exactly one LABEL", a->action);
    return PS_OK;
}

static int action_show(ps_cli *cli, store_args *a, ps_db *db, ps_buf *out)
{
    int rc = one_label(cli, a);
    ps_js_run *run = NULL;
    ps_store_meta m;
    if (!rc)
        rc = ps_store_load(db, a->pos[0], &run, &m, &cli->err);
    if (rc)
        return rc;
    ps_store_render_show(out, &m, run, a->fmt);
    ps_store_meta_fini(&m);
    ps_js_run_free(run);
    return PS_OK;
}

static int action_list(ps_cli *cli, store_args *a, ps_db *db, ps_buf *out)
{
    if (a->npos)
        return ps_cli_usage(cli, "store list takes no arguments (filter with --where KEY=VALUE)");
    ps_store_entry *e = NULL;
    size_t n = 0;
    int rc = ps_store_list(db, a->where.v, a->where.n, &e, &n, &cli->err);
    if (!rc)
        ps_store_render_list(out, e, n, a->fmt);
    ps_store_list_free(e, n);
    return rc;
}

static int action_rm(ps_cli *cli, store_args *a, ps_db *db, ps_buf *out)
{
    int removed = 0, rc = one_label(cli, a);
    if (!rc)
        rc = ps_store_remove(db, a->pos[0], &removed, &cli->err);
    if (!rc && !removed)
        rc = ps_error_set(&cli->err, PS_EUSAGE, ps_db_name(db), 0, 0, "no stored run labelled '%s'", a->pos[0]);
    if (!rc)
        ps_store_render_rm(out, a->pos[0], a->fmt);
    return rc;
}

typedef int (*action_fn)(ps_cli *cli, store_args *a, ps_db *db, ps_buf *out);
static const struct {
    const char *name;
    action_fn fn;
    int create; /* may create the database (add); the others need it to exist */
} actions[] = {{"add", action_add, 1}, {"list", action_list, 0}, {"show", action_show, 0}, {"rm", action_rm, 0}};

int ps_cmd_store(int argc, char **argv, ps_cli *cli)
{
    store_args a;
    memset(&a, 0, sizeof a); /* padding too: parse_args compares the run options with none */
    ps_cli_list ops = {0};
    int rc = parse_args(argc, argv, cli, &a, &ops);
    action_fn fn = NULL;
    int create = 0;
    for (size_t i = 0; !rc && i < sizeof actions / sizeof actions[0]; i++)
        if (strcmp(a.action, actions[i].name) == 0) {
            fn = actions[i].fn;
            create = actions[i].create;
        }
    if (!rc && !fn)
        rc = ps_cli_usage(cli, "unknown store action '%s' (add, list, show, rm)", a.action);
    ps_db *db = NULL;
    ps_buf out = {0};
    if (!rc)
        rc = open_db(cli, a.db, create, &db);
    if (!rc)
        rc = fn(cli, &a, db, &out);
    if (rc)
        ps_db_close_discard(db); /* a store this failed first add created is removed */
    else
        ps_db_close(db);
    if (!rc)
        rc = ps_cli_write_fmt(cli, "-", a.fmt, &out, NULL, 0);
    ps_buf_fini(&out);
    ps_cli_parse_free(&ps_doc_store, &a, &ops);
    return rc == PS_CLI_DONE ? PS_OK : rc;
}
