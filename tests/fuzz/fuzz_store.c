/* fuzz_store.c - libFuzzer harness: the values of a results store edited by hand. A store made
 * once from samples/jetstress (as `store add` makes it) is copied for every input; the input is
 * a list of edits, each "set this cell to this value" (table, column and row chosen by bytes;
 * the value NULL, an integer, a real, a text or a blob), applied with SQLite directly as a
 * person with the sqlite3 shell would. Then the store is read as perfscribe reads it: opened
 * (schema version checked, migrated), listed, every run loaded and shown (text and JSON).
 * Nothing read from the database may crash, hang or leak (issue 31: a negative ps_schema.version
 * indexed an array; acceptance: fuzz the store's stored values).
 * fuzz-extra: store/[a-z]*.c cli/pipeline/pipeline.c render/store/store_out.c render/out/js_[a-z]*.c render/out/json.c
 * fuzz-pkgs: sqlite3 libpq */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "ps_pipeline.h"
#include "ps_render.h"
#include "ps_store.h"
#include "ps_store_out.h"
#include "ps_js_words.h"

#define MAX_EDITS 16
#define MAX_COLS 4096

static unsigned char *seed; /* the store's bytes */
static size_t seed_len;
static char path[64], url[80];
static struct col {
    char *table, *name;
} cols[MAX_COLS];
static size_t ncols;

static void die(const char *what, const char *why)
{
    fprintf(stderr, "fuzz_store: %s: %s\n", what, why);
    abort();
}

static void load_seed(void)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        die(path, "cannot open");
    fseek(f, 0, SEEK_END);
    seed_len = (size_t)ftell(f);
    rewind(f);
    seed = malloc(seed_len);
    if (!seed || fread(seed, 1, seed_len, f) != seed_len)
        die(path, "cannot read");
    fclose(f);
}

/* Every column of every table of the seed store (what a hand edit can reach). */
static void list_columns(void)
{
    sqlite3 *db;
    sqlite3_stmt *t, *c;
    if (sqlite3_open(path, &db) != SQLITE_OK ||
        sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name", -1, &t, NULL))
        die(path, sqlite3_errmsg(db));
    while (sqlite3_step(t) == SQLITE_ROW) {
        char q[256];
        snprintf(q, sizeof q, "SELECT name FROM pragma_table_info('%s')", (const char *)sqlite3_column_text(t, 0));
        if (sqlite3_prepare_v2(db, q, -1, &c, NULL))
            die(q, sqlite3_errmsg(db));
        while (sqlite3_step(c) == SQLITE_ROW && ncols < MAX_COLS) {
            cols[ncols].table = strdup((const char *)sqlite3_column_text(t, 0));
            cols[ncols++].name = strdup((const char *)sqlite3_column_text(c, 0));
        }
        sqlite3_finalize(c);
    }
    sqlite3_finalize(t);
    sqlite3_close(db);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    snprintf(path, sizeof path, "/tmp/ps_fuzz_store.%ld.db", (long)getpid());
    snprintf(url, sizeof url, "sqlite:%s", path);
    unlink(path);
    const char *run_dir = PS_SOURCE_DIR "/samples/jetstress";
    ps_pipeline_opts o = {0};
    o.load.keep_series = o.load.keep_outside = 1;
    ps_js_run *run = NULL;
    ps_warnings w = {0};
    ps_error err = {0};
    ps_db *db = NULL;
    if (ps_pipeline_jetstress(&run_dir, 1, &o, &run, &w, &err) || ps_db_open(url, &db, &err))
        die(err.file, err.msg);
    ps_store_meta m = {0};
    m.label = strdup("esrp");
    m.version = strdup("fuzz");
    m.stored_at = strdup("2026-03-14T10:11:02Z");
    ps_store_meta_tag(&m, "site", "lab");
    int added = 0;
    char *existing = NULL;
    ps_store_add_options ao = {.reason_words = ps_js_reason_words_en, .qual_words = ps_js_qual_words_en};
    if (ps_store_meta_files(&m, run, NULL, 0, &err) || ps_store_add(db, &m, run, &ao, &added, &existing, &err))
        die(err.file, err.msg);
    ps_db_close(db);
    free(existing);
    ps_store_meta_fini(&m);
    ps_js_run_free(run);
    ps_warnings_fini(&w);
    load_seed();
    list_columns();
    return 0;
}

static uint32_t take(const uint8_t **p, size_t *n, size_t k)
{
    uint32_t v = 0;
    for (size_t i = 0; i < k; i++, (*p)++, (*n)--)
        v = v << 8 | (*n ? **p : 0);
    if (*n > (size_t)-1 / 2)
        *n = 0;
    return v;
}

/* Apply the edits the input describes: per edit 2 bytes column, 2 bytes row (the n-th row of
 * the table), 1 byte kind, 1 byte value length, then the value's bytes. */
static void edit(sqlite3 *db, const uint8_t *p, size_t n)
{
    for (int e = 0; e < MAX_EDITS && n >= 6; e++) {
        const struct col *c = &cols[take(&p, &n, 2) % ncols];
        uint32_t row = take(&p, &n, 2) % 64, kind = take(&p, &n, 1) % 6, len = take(&p, &n, 1);
        if (len > n)
            len = (uint32_t)n;
        char q[512];
        snprintf(q, sizeof q,
                 "UPDATE \"%s\" SET \"%s\" = ?1 WHERE rowid = (SELECT rowid FROM \"%s\" LIMIT 1 OFFSET %u)", c->table,
                 c->name, c->table, row);
        sqlite3_stmt *st;
        if (sqlite3_prepare_v2(db, q, -1, &st, NULL) == SQLITE_OK) {
            int64_t iv = 0;
            double dv = 0;
            memcpy(&iv, p, len < 8 ? len : 8);
            memcpy(&dv, p, len < 8 ? len : 8);
            switch (kind) {
            case 0: sqlite3_bind_null(st, 1); break;
            case 1: sqlite3_bind_int64(st, 1, iv); break;
            case 2: sqlite3_bind_int64(st, 1, (int8_t)iv); break; /* small, negative: indexes */
            case 3: sqlite3_bind_double(st, 1, dv); break;
            case 4: sqlite3_bind_text(st, 1, (const char *)p, (int)len, SQLITE_TRANSIENT); break;
            default: sqlite3_bind_blob(st, 1, p, (int)len, SQLITE_TRANSIENT); break;
            }
            sqlite3_step(st);
            sqlite3_finalize(st);
        }
        p += len;
        n -= len;
    }
}

/* Read the store as perfscribe does: list, then load and show every run. */
static void read_store(void)
{
    ps_db *db = NULL;
    ps_error err = {0};
    if (ps_db_open_read(url, &db, &err) != PS_OK)
        return;
    ps_store_entry *e = NULL;
    size_t n = 0;
    if (ps_store_list(db, NULL, 0, &e, &n, &err) == PS_OK) {
        ps_buf b = {0};
        ps_store_render_list(&b, e, n, PS_FMT_TEXT);
        ps_store_render_list(&b, e, n, PS_FMT_JSON);
        for (size_t i = 0; i < n; i++) {
            ps_js_run *run = NULL;
            ps_store_meta m = {0};
            if (e[i].meta.label && ps_store_load(db, e[i].meta.label, &run, &m, &err) == PS_OK) {
                ps_store_render_show(&b, &m, run, PS_FMT_TEXT);
                ps_store_render_show(&b, &m, run, PS_FMT_JSON);
            }
            ps_store_meta_fini(&m);
            ps_js_run_free(run);
        }
        ps_buf_fini(&b);
        ps_store_list_free(e, n);
    }
    ps_db_close(db);
}

static void remove_store(void)
{
    static const char *const side[] = {"", "-wal", "-shm", "-journal"};
    for (size_t i = 0; i < sizeof side / sizeof side[0]; i++) {
        char p[96];
        snprintf(p, sizeof p, "%s%s", path, side[i]);
        unlink(p);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    remove_store();
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(seed, 1, seed_len, f) != seed_len || fclose(f))
        die(path, "cannot write");
    sqlite3 *db;
    if (sqlite3_open(path, &db) == SQLITE_OK)
        edit(db, data, size);
    sqlite3_close(db);
    read_store();
    remove_store();
    return 0;
}
