/* cmd_store.c - 'perfscribe store': keep judged Jetstress runs in a database (SQLite file or
 * PostgreSQL server) and read them back: add, list, show, rm. */
#include "cli.h"
#include "ps_store.h"
#include "ps_store_out.h"

#include <stdlib.h>
#include <string.h>

static const ps_opt_doc store_opts[] = {
    {NULL, "--db", "DB", PS_VAL_TEXT, NULL, 0,
     "sqlite:PATH (default sqlite:perfscribe.db) or postgresql://HOST/DBNAME; PostgreSQL credentials "
     "come from libpq's environment (PGUSER, PGPASSWORD, PGSERVICE, ~/.pgpass), never from perfscribe"},
    {NULL, "--label", "LABEL", PS_VAL_TEXT, NULL, 0, "name of the run (add)"},
    {NULL, "--tag", "KEY=VALUE", PS_VAL_TEXT, NULL, PS_OPT_REPEAT, "a tag of the run (add; repeatable)"},
    {NULL, "--where", "KEY=VALUE", PS_VAL_TEXT, NULL, PS_OPT_REPEAT, "only runs with this tag (list; repeatable)"},
    {NULL, "--format", "FMT", PS_VAL_WORDS, "text json", 0, "output, text (default) or json"},
};

const ps_cmd_doc ps_doc_store = {
    .name = "store",
    .section = 1,
    .summary = "keep Jetstress runs in a database (SQLite, PostgreSQL): add, list, show, rm",
    .synopsis = "[--db DB] add|list|show|rm [RUN...] [--label LABEL] [--tag KEY=VALUE]... "
                "[--where KEY=VALUE]... [--format text|json] [jetstress options]",
    .description =
        "Keeps judged Jetstress runs (figures recomputed and reported, verdicts with their source and "
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
    .operands = PS_VAL_PATH,
    .exit_status = "0 ok, 2 usage (unknown label, label holding other inputs), 3 bad input, 4 I/O error "
                   "(also: libpq missing for a PostgreSQL URL)",
    .see_also = "perfscribe-trend(1), perfscribe-report(1), perfscribe-convert(1)",
};

typedef struct store_args {
    const char *db, *action, *label;
    const char **pos; size_t npos;     /* positional arguments after the action */
    const char **tags; size_t ntags;
    const char **where; size_t nwhere;
    enum ps_format fmt;
    ps_cli_js js;
} store_args;

static int key_value(ps_cli *cli, const char *opt, const char *v)
{
    const char *eq = strchr(v, '=');
    if (!eq || eq == v)
        return ps_cli_usage(cli, "%s expects KEY=VALUE, got '%s'", opt, v);
    return PS_OK;
}

static int parse_args(int argc, char **argv, ps_cli *cli, store_args *a)
{
    size_t cap = (size_t)argc + 1;
    a->pos = ps_xcalloc(cap, sizeof *a->pos);
    a->tags = ps_xcalloc(cap, sizeof *a->tags);
    a->where = ps_xcalloc(cap, sizeof *a->where);
    a->js.paths = ps_xcalloc(cap, sizeof *a->js.paths);
    a->db = PS_CLI_DEFAULT_DB;
    a->fmt = PS_FMT_TEXT;
    const char *js_given = NULL;   /* a run option seen (they belong to 'store add') */
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        int rc = PS_OK;
        if (ps_cli_js_option(cli, argc, argv, &i, &a->js, &rc)) {
            if (rc)
                return rc;
            js_given = s;
            continue;
        }
        int has_value = !strcmp(s, "--db") || !strcmp(s, "--label") || !strcmp(s, "--tag") || !strcmp(s, "--where") ||
                        !strcmp(s, "--format");
        if (has_value && i + 1 >= argc)
            return ps_cli_usage(cli, "option %s needs a value", s);
        const char *v = has_value ? argv[++i] : NULL;
        if (!strcmp(s, "-h") || !strcmp(s, "--help")) {
            int hrc = ps_cli_help(cli, &ps_doc_store);
            return hrc ? hrc : -1;
        } else if (!strcmp(s, "--db")) {
            a->db = v;
        } else if (!strcmp(s, "--label")) {
            a->label = v;
        } else if (!strcmp(s, "--tag")) {
            if ((rc = key_value(cli, s, v)))
                return rc;
            for (size_t k = 0; k < a->ntags; k++)
                if (strcspn(a->tags[k], "=") == strcspn(v, "=") && strncmp(a->tags[k], v, strcspn(v, "=")) == 0)
                    return ps_cli_usage(cli, "--tag %.*s given twice", (int)strcspn(v, "="), v);
            a->tags[a->ntags++] = v;
        } else if (!strcmp(s, "--where")) {
            if ((rc = key_value(cli, s, v)))
                return rc;
            a->where[a->nwhere++] = v;
        } else if (!strcmp(s, "--format")) {
            a->fmt = ps_format_parse(v);
            if (a->fmt != PS_FMT_TEXT && a->fmt != PS_FMT_JSON)
                return ps_cli_usage(cli, "--format must be text or json, got '%s'", v);
        } else if (s[0] == '-' && s[1]) {
            return ps_cli_usage(cli, "unknown option '%s'", s);
        } else if (!a->action) {
            a->action = s;
        } else {
            a->pos[a->npos++] = s;
        }
    }
    if (!a->action)
        return ps_cli_usage(cli, "store needs an action: add, list, show or rm");
    if (js_given && strcmp(a->action, "add") != 0)
        return ps_cli_usage(cli, "%s is an option of 'store add', not of 'store %s'", js_given, a->action);
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
    for (size_t i = 0; i < a->npos; i++)
        a->js.paths[a->js.npaths++] = a->pos[i];
    int rc = ps_cli_js_finish(cli, &a->js);
    if (rc)
        return rc;
    a->js.opt.keep_series = 1;
    a->js.opt.keep_outside = 1;   /* what the report's charts show */
    ps_js_run *run = NULL;
    if ((rc = ps_cli_js_load(cli, &a->js, &run)))
        return rc;
    ps_store_meta m = {0};
    m.label = ps_xstrdup(a->label);
    m.version = ps_xstrdup(PS_VERSION);
    m.profile = ps_xstrdup(a->js.profile);
    m.lenient = a->js.lenient;
    m.thresholds = ps_xstrdup(a->js.thresholds);
    for (size_t i = 0; i < a->ntags; i++) {
        const char *eq = strchr(a->tags[i], '=');
        char *key = ps_xstrndup(a->tags[i], (size_t)(eq - a->tags[i]));
        ps_store_meta_tag(&m, key, eq + 1);
        free(key);
    }
    ps_time now = 0;
    char iso[40];
    rc = ps_cli_doc_date(cli, &now);
    if (!rc) {
        m.stored_at = ps_xstrdup(ps_time_format_iso(iso, sizeof iso, now));
        const char *extra[1] = {a->js.thresholds};
        rc = ps_store_meta_files(&m, run, extra, a->js.thresholds ? 1 : 0, &cli->err);
    }
    ps_store_add_options opt = {0};
    const char *hold = getenv("PERFSCRIBE_TEST_HOLD_SECONDS");   /* tests: a window to kill it in */
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
    int rc = ps_store_list(db, a->where, a->nwhere, &e, &n, &cli->err);
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
    int create;  /* may create the database (add); the others need it to exist */
} actions[] = {{"add", action_add, 1}, {"list", action_list, 0}, {"show", action_show, 0}, {"rm", action_rm, 0}};

int ps_cmd_store(int argc, char **argv, ps_cli *cli)
{
    store_args a;
    memset(&a, 0, sizeof a);
    int rc = parse_args(argc, argv, cli, &a);
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
        ps_db_close_discard(db);   /* a store this failed first add created is removed */
    else
        ps_db_close(db);
    if (!rc)
        rc = ps_cli_write(cli, "-", &out, NULL, 0);
    ps_buf_fini(&out);
    free(a.pos);
    free(a.tags);
    free(a.where);
    free(a.js.paths);
    return rc < 0 ? PS_OK : rc;
}
