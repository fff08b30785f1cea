/* db_pg.c - the PostgreSQL backend of ps_db (libpq): statements prepared on the server with
 * $n parameters sent as text, results read as text (floats with extra_float_digits = 3, so every
 * double comes back bit for bit), bulk loads with COPY ... FROM STDIN. Credentials come only
 * from the URL or libpq's environment and files; they are never printed. libpq is loaded at the
 * first connection (ps_dl.h): no other command pays for its start-up. */
#include "db_internal.h"
#include "ps_dl.h"

#include <libpq-fe.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COPY_CHUNK (256u * 1024u)

/* libpq's functions, typed from libpq-fe.h; filled by ps_dl_load in pg_open */
#define PQ_FUNCS(X)                                                                                                \
    X(PQclear)                                                                                                     \
    X(PQconnectdb) X(PQconninfoFree) X(PQconninfoParse) X(PQfreemem) X(PQerrorMessage) X(PQexec) X(PQexecPrepared) \
        X(PQfinish) X(PQgetResult) X(PQgetisnull) X(PQgetvalue) X(PQntuples) X(PQprepare) X(PQputCopyData)         \
            X(PQputCopyEnd) X(PQresultStatus) X(PQsetNoticeProcessor) X(PQstatus)
static struct {
    PQ_FUNCS(PS_DL_FIELD)
} pq;
#define PQ_SYM(fn) PS_DL_SYM(pq, fn),
static const ps_dl_sym pq_syms[] = {PQ_FUNCS(PQ_SYM)};
static ps_dl_lib pq_lib = PS_DL_LIB(PS_SONAME_LIBPQ, PS_DEBPKG_LIBPQ, "a PostgreSQL results store", pq_syms);

typedef struct pg_stmt {
    PGconn *conn;
    const char *name;
    char id[32];
    int nparams;
    PGresult *res;
    int row, nrows;
} pg_stmt;

typedef struct pg_copy {
    PGconn *conn;
    const char *name;
    ps_buf buf;
} pg_copy;

static unsigned long stmt_counter;

/* The connection string of url: "postgresql://..." is a libpq URI; "postgresql:" followed by
 * anything else is keyword conninfo ("postgresql:" alone: everything from PGHOST, ...). */
static const char *conninfo_of(const char *url)
{
    const char *colon = strchr(url, ':');
    return strncmp(colon, "://", 3) == 0 ? url : colon + 1;
}

/* The password url gives, as libpq reads it (PQconninfoParse: URI, percent-encoding, keyword
 * quoting); NULL when none or libpq is not loaded. Heap string. */
static char *password_of(const char *url)
{
    if (!pq.PQconninfoParse)
        return NULL;
    char *msg = NULL;
    PQconninfoOption *opts = pq.PQconninfoParse(conninfo_of(url), &msg);
    if (msg)
        pq.PQfreemem(msg);
    char *pw = NULL;
    for (PQconninfoOption *o = opts; o && o->keyword; o++)
        if (strcmp(o->keyword, "password") == 0 && o->val && *o->val)
            pw = ps_xstrdup(o->val);
    if (opts)
        pq.PQconninfoFree(opts);
    return pw;
}

/* libpq's message made safe to print: the password (as libpq parsed it from url) replaced by
 * "***" wherever it appears, line breaks and tabs between its lines joined by "; ", the ends
 * trimmed. Never libpq's text as is. */
static void filter_message(char *out, size_t cap, const char *msg, const char *url)
{
    char *pw = url ? password_of(url) : NULL;
    ps_buf b = {0};
    size_t pwlen = pw ? strlen(pw) : 0;
    for (const char *p = msg ? msg : ""; *p;) {
        if (pwlen && strncmp(p, pw, pwlen) == 0) {
            ps_buf_puts(&b, "***");
            p += pwlen;
        } else if (*p == '\n' || *p == '\r' || *p == '\t') {
            while (*p == '\n' || *p == '\r' || *p == '\t' || *p == ' ')
                p++;
            if (*p && b.len)
                ps_buf_puts(&b, "; ");
        } else {
            ps_buf_putc(&b, *p++);
        }
    }
    snprintf(out, cap, "%s", b.data ? b.data : "");
    ps_buf_fini(&b);
    free(pw);
    size_t n = strlen(out);
    while (n && out[n - 1] == ' ')
        out[--n] = 0;
}

static int pg_fail_url(ps_error *err, const char *name, PGconn *c, const char *url, const char *what)
{
    char msg[400];
    filter_message(msg, sizeof msg, c ? pq.PQerrorMessage(c) : "out of memory", url);
    return ps_error_set(err, PS_EIO, name, 0, 0, "%s: %s", what, msg);
}

/* Errors after the connection: the URL's password is no longer at hand; libpq's text is still
 * joined onto one line (a password never appears in a server's error). */
static int pg_fail(ps_error *err, const char *name, PGconn *c, const char *what)
{
    return pg_fail_url(err, name, c, NULL, what);
}

/* url for messages, built from what libpq parses out of it (never by looking for patterns in
 * the text): postgresql://USER:***@HOST:PORT/DBNAME?host=SOCKET-FOLDER, each part only when
 * given, the password always "***". When libpq cannot be loaded, or cannot parse url (its own
 * message would quote the raw text), the scheme alone. Heap string. */
static char *pg_display(const char *url)
{
    ps_buf b = {0};
    size_t scheme = (size_t)(strchr(url, ':') - url);
    PQconninfoOption *opts = NULL;
    if (ps_dl_load(&pq_lib, "postgresql", NULL) == PS_OK) {
        char *msg = NULL;
        opts = pq.PQconninfoParse(conninfo_of(url), &msg);
        if (msg)
            pq.PQfreemem(msg);
    }
    if (!opts) {
        ps_buf_put(&b, url, scheme);
        return ps_buf_steal(&b);
    }
    const char *user = NULL, *pw = NULL, *host = NULL, *port = NULL, *dbname = NULL;
    for (PQconninfoOption *o = opts; o->keyword; o++) {
        const char *v = o->val && *o->val ? o->val : NULL;
        if (!strcmp(o->keyword, "user"))
            user = v;
        else if (!strcmp(o->keyword, "password"))
            pw = v;
        else if (!strcmp(o->keyword, "host"))
            host = v;
        else if (!strcmp(o->keyword, "port"))
            port = v;
        else if (!strcmp(o->keyword, "dbname"))
            dbname = v;
    }
    int socket_dir = host && host[0] == '/';
    ps_buf_put(&b, url, scheme);
    ps_buf_puts(&b, "://");
    if (user || pw)
        ps_buf_printf(&b, "%s%s@", user ? user : "", pw ? ":***" : "");
    if (host && !socket_dir)
        ps_buf_puts(&b, host);
    if (port)
        ps_buf_printf(&b, ":%s", port);
    ps_buf_printf(&b, "/%s", dbname ? dbname : "");
    if (socket_dir)
        ps_buf_printf(&b, "?host=%s", host);
    pq.PQconninfoFree(opts);
    return ps_buf_steal(&b);
}

static void quiet_notices(void *arg, const char *msg)
{
    (void)arg, (void)msg;
}

static int pg_open(const char *url, const char *name, int how, void **out, int *state, ps_error *err)
{
    (void)how; /* a PostgreSQL database is never created by perfscribe; COPY is its bulk form */
    *state = 0;
    const char *conninfo = conninfo_of(url);
    int rc = ps_dl_load(&pq_lib, name, err);
    if (rc)
        return rc;
    char *perr = NULL;
    PQconninfoOption *opts = pq.PQconninfoParse(conninfo, &perr);
    if (perr)
        pq.PQfreemem(perr); /* it quotes the raw text, which may hold the password */
    if (!opts)
        return ps_error_set(err, PS_EUSAGE, name, 0, 0,
                            "cannot read the PostgreSQL connection string (libpq's reason is not shown:"
                            " it quotes the text, which may hold a password)");
    pq.PQconninfoFree(opts);
    PGconn *c = pq.PQconnectdb(conninfo);
    if (!c || pq.PQstatus(c) != CONNECTION_OK) {
        rc = pg_fail_url(err, name, c, url, "cannot connect");
        pq.PQfinish(c);
        return rc;
    }
    pq.PQsetNoticeProcessor(c, quiet_notices, NULL);
    PGresult *r =
        pq.PQexec(c, "SET extra_float_digits = 3; SET client_encoding = 'UTF8'; SET client_min_messages = warning");
    int ok = pq.PQresultStatus(r) == PGRES_COMMAND_OK;
    pq.PQclear(r);
    if (!ok) {
        rc = pg_fail(err, name, c, "cannot set up the session");
        pq.PQfinish(c);
        return rc;
    }
    *out = c;
    return PS_OK;
}

static void pg_close(void *conn)
{
    pq.PQfinish(conn);
}

static int pg_exec(void *conn, const char *name, const char *sql, ps_error *err)
{
    PGresult *r = pq.PQexec(conn, sql);
    ExecStatusType s = pq.PQresultStatus(r);
    pq.PQclear(r);
    if (s == PGRES_COMMAND_OK || s == PGRES_TUPLES_OK)
        return PS_OK;
    return pg_fail(err, name, conn, "statement failed");
}

/* '?' -> $1, $2, ... outside quoted text. */
static char *dollar_params(const char *sql, int *n)
{
    ps_buf b = {0};
    int quote = 0;
    *n = 0;
    for (const char *p = sql; *p; p++) {
        if (*p == '\'')
            quote = !quote;
        if (*p == '?' && !quote)
            ps_buf_printf(&b, "$%d", ++*n);
        else
            ps_buf_putc(&b, *p);
    }
    return ps_buf_steal(&b);
}

static int pg_prepare(void *conn, const char *name, const char *sql, void **out, ps_error *err)
{
    pg_stmt *s = ps_xcalloc(1, sizeof *s);
    s->conn = conn;
    s->name = name;
    snprintf(s->id, sizeof s->id, "ps_stmt_%lu", ++stmt_counter);
    char *text = dollar_params(sql, &s->nparams);
    PGresult *r = pq.PQprepare(conn, s->id, text, s->nparams, NULL);
    free(text);
    int ok = pq.PQresultStatus(r) == PGRES_COMMAND_OK;
    pq.PQclear(r);
    if (!ok) {
        free(s);
        return pg_fail(err, name, conn, "cannot prepare a statement");
    }
    *out = s;
    return PS_OK;
}

static int pg_run(void *stmt, const ps_db_val *v, size_t n, ps_error *err)
{
    pg_stmt *s = stmt;
    pq.PQclear(s->res);
    s->res = NULL;
    s->row = -1;
    s->nrows = 0;
    const char **vals = ps_xcalloc(n + 1, sizeof *vals);
    char(*num)[32] = ps_xcalloc(n + 1, sizeof *num);
    for (size_t i = 0; i < n; i++) {
        switch (v[i].type) {
        case PS_DB_INT:
            snprintf(num[i], sizeof num[i], "%lld", (long long)v[i].i);
            vals[i] = num[i];
            break;
        case PS_DB_REAL:
            ps_db_real_text(num[i], v[i].d);
            vals[i] = num[i];
            break;
        case PS_DB_TEXT: vals[i] = v[i].s; break;
        default: vals[i] = NULL; break;
        }
    }
    s->res = pq.PQexecPrepared(s->conn, s->id, (int)n, vals, NULL, NULL, 0);
    free(vals);
    free(num);
    ExecStatusType st = pq.PQresultStatus(s->res);
    if (st == PGRES_TUPLES_OK) {
        s->nrows = pq.PQntuples(s->res);
        return PS_OK;
    }
    if (st == PGRES_COMMAND_OK)
        return PS_OK;
    return pg_fail(err, s->name, s->conn, "statement failed");
}

static int pg_next(void *stmt)
{
    pg_stmt *s = stmt;
    if (s->row + 1 >= s->nrows)
        return 0;
    s->row++;
    return 1;
}

static int pg_col_null(void *stmt, int i)
{
    pg_stmt *s = stmt;
    return pq.PQgetisnull(s->res, s->row, i);
}

static int64_t pg_col_int(void *stmt, int i)
{
    pg_stmt *s = stmt;
    return pq.PQgetisnull(s->res, s->row, i) ? 0 : strtoll(pq.PQgetvalue(s->res, s->row, i), NULL, 10);
}

static double pg_col_real(void *stmt, int i)
{
    pg_stmt *s = stmt;
    if (pq.PQgetisnull(s->res, s->row, i))
        return NAN;
    const char *t = pq.PQgetvalue(s->res, s->row, i);
    double d = NAN;
    ps_parse_double(t, strlen(t), &d);
    return d;
}

static const char *pg_col_text(void *stmt, int i)
{
    pg_stmt *s = stmt;
    return pq.PQgetisnull(s->res, s->row, i) ? NULL : pq.PQgetvalue(s->res, s->row, i);
}

static void pg_finalize(void *stmt)
{
    pg_stmt *s = stmt;
    pq.PQclear(s->res);
    char sql[64];
    snprintf(sql, sizeof sql, "DEALLOCATE %s", s->id);
    pq.PQclear(pq.PQexec(s->conn, sql)); /* fails harmlessly inside an aborted transaction */
    free(s);
}

static int pg_copy_begin(void *conn, const char *name, const char *table, const char *const *cols, size_t ncols,
                         void **out, ps_error *err)
{
    ps_buf sql = {0};
    ps_buf_printf(&sql, "COPY %s (", table);
    for (size_t i = 0; i < ncols; i++)
        ps_buf_printf(&sql, "%s%s", i ? ", " : "", cols[i]);
    ps_buf_puts(&sql, ") FROM STDIN (FORMAT binary)");
    PGresult *r = pq.PQexec(conn, sql.data);
    ps_buf_fini(&sql);
    int ok = pq.PQresultStatus(r) == PGRES_COPY_IN;
    pq.PQclear(r);
    if (!ok)
        return pg_fail(err, name, conn, "cannot start COPY");
    pg_copy *c = ps_xcalloc(1, sizeof *c);
    c->conn = conn;
    c->name = name;
    /* binary COPY: the signature, no flags, no header extension */
    static const char sig[] = "PGCOPY\n\377\r\n";
    ps_buf_put(&c->buf, sig, sizeof sig); /* its 11 bytes with the NUL */
    ps_buf_put(&c->buf, "\0\0\0\0\0\0\0\0", 8);
    *out = c;
    return PS_OK;
}

/* Big-endian integers of the binary COPY format. */
static void put_be(ps_buf *b, uint64_t v, int bytes)
{
    char *p = ps_buf_room(b, (size_t)bytes);
    for (int i = 0; i < bytes; i++)
        p[i] = (char)(v >> (8 * (bytes - 1 - i)));
    b->len += (size_t)bytes;
    b->data[b->len] = 0;
}

static int copy_flush(pg_copy *c, ps_error *err)
{
    if (c->buf.len && pq.PQputCopyData(c->conn, c->buf.data, (int)c->buf.len) != 1)
        return pg_fail(err, c->name, c->conn, "COPY failed");
    ps_buf_reset(&c->buf);
    return PS_OK;
}

static int pg_copy_row(void *cp, const ps_db_val *v, size_t n, ps_error *err)
{
    pg_copy *c = cp;
    put_be(&c->buf, (uint64_t)n, 2); /* fields; each: length, then the value (int8, float8, text) */
    for (size_t i = 0; i < n; i++) {
        uint64_t bits;
        size_t len;
        switch (v[i].type) {
        case PS_DB_INT:
            put_be(&c->buf, 8, 4);
            put_be(&c->buf, (uint64_t)v[i].i, 8);
            break;
        case PS_DB_REAL:
            memcpy(&bits, &v[i].d, sizeof bits);
            put_be(&c->buf, 8, 4);
            put_be(&c->buf, bits, 8);
            break;
        case PS_DB_TEXT:
            len = strlen(v[i].s);
            put_be(&c->buf, (uint64_t)len, 4);
            ps_buf_put(&c->buf, v[i].s, len);
            break;
        default: put_be(&c->buf, UINT32_MAX, 4); break; /* -1: NULL */
        }
    }
    return c->buf.len >= COPY_CHUNK ? copy_flush(c, err) : PS_OK;
}

/* Read every pending result; PS_OK when none failed. */
static int drain(pg_copy *c, ps_error *err)
{
    int rc = PS_OK;
    PGresult *r;
    while ((r = pq.PQgetResult(c->conn)) != NULL) {
        if (pq.PQresultStatus(r) != PGRES_COMMAND_OK && !rc)
            rc = pg_fail(err, c->name, c->conn, "COPY failed");
        pq.PQclear(r);
    }
    return rc;
}

static int pg_copy_end(void *cp, ps_error *err)
{
    pg_copy *c = cp;
    put_be(&c->buf, UINT16_MAX, 2); /* the trailer: -1 */
    int rc = copy_flush(c, err);
    if (pq.PQputCopyEnd(c->conn, rc ? "aborted" : NULL) != 1 && !rc)
        rc = pg_fail(err, c->name, c->conn, "COPY failed");
    int rc2 = drain(c, rc ? NULL : err);
    ps_buf_fini(&c->buf);
    free(c);
    return rc ? rc : rc2;
}

static void pg_copy_abort(void *cp)
{
    pg_copy *c = cp;
    pq.PQputCopyEnd(c->conn, "aborted");
    drain(c, NULL);
    ps_buf_fini(&c->buf);
    free(c);
}

static const char *const pg_schemes[] = {"postgresql:", "postgres:", NULL};

const ps_db_backend ps_db_pg_backend = {
    "postgresql", pg_schemes,  pg_display,
    pg_open,      NULL,        pg_close,
    pg_exec,      "BEGIN",     "SELECT pg_advisory_xact_lock(1886680946)", /* one perfscribe writer at a time */
    pg_prepare,   pg_run,      pg_next,
    pg_col_null,  pg_col_int,  pg_col_real,
    pg_col_text,  pg_finalize, pg_copy_begin,
    pg_copy_row,  pg_copy_end, pg_copy_abort,
    NULL};
