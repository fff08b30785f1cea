/* ts_influx_http.c - InfluxDB's HTTP write API (1.x /write, also served by 2.x for 1.x clients)
 * through libcurl, loaded at first use (ps_dl.h): batches POSTed with retries and back-off, the
 * server's own message on a refusal. Credentials come from the environment only and are given to
 * libcurl, never to a message. */
#define CURL_DISABLE_TYPECHECK 1 /* curl_easy_setopt called through a pointer, not the macro */
#include "ps_dl.h"
#include "ps_ts.h"

#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define DEFAULT_PORT 8086
#define ATTEMPTS 5 /* one try and four retries */
#define FIRST_BACKOFF_MS 250 /* then doubled: 0.25, 0.5, 1, 2 s */
#define CONNECT_TIMEOUT_S 10L
#define REQUEST_TIMEOUT_S 300L
#define REPLY_MAX ((size_t)64 << 10) /* bytes of a reply kept for the message */

#define CURL_FUNCS(X)                                                                                    \
    X(curl_global_init)                                                                                  \
    X(curl_easy_init) X(curl_easy_setopt) X(curl_easy_perform) X(curl_easy_getinfo) X(curl_easy_cleanup) \
        X(curl_easy_strerror) X(curl_easy_escape) X(curl_free) X(curl_slist_append) X(curl_slist_free_all)
static struct {
    CURL_FUNCS(PS_DL_FIELD)
} cu;
#define CURL_SYM(fn) PS_DL_SYM(cu, fn),
static const ps_dl_sym cu_syms[] = {CURL_FUNCS(CURL_SYM)};
static ps_dl_lib cu_lib = PS_DL_LIB(PS_SONAME_LIBCURL, PS_DEBPKG_LIBCURL, "writing to InfluxDB", cu_syms);

struct ps_influx {
    CURL *h;
    struct curl_slist *headers;
    char name[300]; /* "influx://HOST:PORT/DB" for messages (never credentials) */
    char *write_url, *ping_url;
    ps_buf reply;
    uint64_t written;
};

int ps_influx_is_url(const char *target)
{
    return target && strncmp(target, "influx://", 9) == 0;
}

static size_t keep_reply(char *p, size_t size, size_t n, void *ctx)
{
    ps_buf *b = ctx;
    size_t len = size * n;
    if (b->len < REPLY_MAX)
        ps_buf_put(b, p, len < REPLY_MAX - b->len ? len : REPLY_MAX - b->len);
    return len;
}

/* The server's message: the "error" string of InfluxDB's JSON reply, else the reply's first line. */
static void server_message(const ps_buf *reply, char *out, size_t n)
{
    const char *s = reply->data ? reply->data : "";
    const char *e = strstr(s, "\"error\":\"");
    size_t k = 0;
    if (e) {
        for (e += 9; *e && *e != '"' && k + 1 < n; e++) {
            if (*e == '\\' && e[1])
                e++;
            out[k++] = *e;
        }
    } else {
        for (; *s && *s != '\n' && k + 1 < n; s++)
            out[k++] = *s;
    }
    out[k] = 0;
}

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0) {
    }
}

/* One request with retries. body NULL: GET (ping). Returns 0 when the server answered 2xx;
 * else PS_EIO with err = "what: reason". */
static int request(ps_influx *ix, const char *url, const char *body, size_t len, const char *what, ps_error *err)
{
    long backoff = FIRST_BACKOFF_MS;
    char reason[512] = "";
    for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
        ps_buf_reset(&ix->reply);
        cu.curl_easy_setopt(ix->h, CURLOPT_URL, url);
        if (body) {
            cu.curl_easy_setopt(ix->h, CURLOPT_POST, 1L);
            cu.curl_easy_setopt(ix->h, CURLOPT_POSTFIELDS, body);
            cu.curl_easy_setopt(ix->h, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)len);
        } else
            cu.curl_easy_setopt(ix->h, CURLOPT_HTTPGET, 1L);
        CURLcode c = cu.curl_easy_perform(ix->h);
        long status = 0;
        if (c == CURLE_OK)
            cu.curl_easy_getinfo(ix->h, CURLINFO_RESPONSE_CODE, &status);
        if (c == CURLE_OK && status >= 200 && status < 300)
            return 0;
        int again;
        if (c != CURLE_OK) {
            snprintf(reason, sizeof reason, "%s", cu.curl_easy_strerror(c));
            again = c == CURLE_COULDNT_CONNECT || c == CURLE_OPERATION_TIMEDOUT || c == CURLE_SEND_ERROR ||
                    c == CURLE_RECV_ERROR || c == CURLE_GOT_NOTHING || c == CURLE_COULDNT_RESOLVE_HOST;
        } else {
            char msg[400];
            server_message(&ix->reply, msg, sizeof msg);
            snprintf(reason, sizeof reason, "the server answered HTTP %ld%s%s", status, *msg ? ": " : "", msg);
            again = status == 429 || status >= 500;
        }
        if (!again || attempt == ATTEMPTS)
            return ps_error_set(err, PS_EIO, ix->name, 0, 0, "%s: %s%s", what, reason,
                                again ? " (after 5 attempts)" : "");
        sleep_ms(backoff);
        backoff *= 2;
    }
    return ps_error_set(err, PS_EIO, ix->name, 0, 0, "%s: %s", what, reason);
}

int ps_influx_open(const char *url, ps_influx **out, ps_error *err)
{
    *out = NULL;
    const char *host = url + 9, *slash = strchr(host, '/');
    if (!ps_influx_is_url(url) || !slash || !slash[1] || slash == host)
        return ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "an InfluxDB target is influx://HOST[:PORT]/DATABASE");
    if (memchr(host, '@', (size_t)(slash - host)))
        return ps_error_set(err, PS_EUSAGE, NULL, 0, 0,
                            "no credentials in the influx:// URL: set INFLUX_USERNAME and INFLUX_PASSWORD, or "
                            "INFLUX_TOKEN, in the environment");
    const char *db = slash + 1;
    if (strpbrk(db, "/?#"))
        return ps_error_set(err, PS_EUSAGE, NULL, 0, 0, "an InfluxDB target is influx://HOST[:PORT]/DATABASE");
    int hostlen = (int)(slash - host);
    const char *rb = memchr(host, ']', (size_t)hostlen); /* [IPv6]:PORT */
    const char *scan = rb ? rb : host;
    const char *colon = memchr(scan, ':', (size_t)(slash - scan));
    int rc = ps_dl_load(&cu_lib, url, err); /* the URL holds no credentials (refused above) */
    if (rc)
        return rc;
    static int global_done;
    if (!global_done) {
        cu.curl_global_init(CURL_GLOBAL_DEFAULT);
        global_done = 1;
    }
    ps_influx *ix = ps_xcalloc(1, sizeof *ix);
    snprintf(ix->name, sizeof ix->name, "influx://%.*s%s/%s", hostlen, host, colon ? "" : ":8086", db);
    ix->h = cu.curl_easy_init();
    if (!ix->h) {
        free(ix);
        return ps_error_set(err, PS_EIO, NULL, 0, 0, "libcurl could not start a session");
    }
    char *edb = cu.curl_easy_escape(ix->h, db, 0);
    ps_buf b = {0};
    ps_buf_printf(&b, "http://%.*s", hostlen, host);
    if (!colon)
        ps_buf_printf(&b, ":%d", DEFAULT_PORT);
    size_t base = b.len;
    ps_buf_puts(&b, "/ping");
    ix->ping_url = ps_xstrdup(b.data);
    b.len = base;
    ps_buf_printf(&b, "/write?db=%s&precision=ns", edb ? edb : db);
    ix->write_url = ps_buf_steal(&b);
    if (edb)
        cu.curl_free(edb);

    cu.curl_easy_setopt(ix->h, CURLOPT_NOSIGNAL, 1L);
    cu.curl_easy_setopt(ix->h, CURLOPT_CONNECTTIMEOUT, CONNECT_TIMEOUT_S);
    cu.curl_easy_setopt(ix->h, CURLOPT_TIMEOUT, REQUEST_TIMEOUT_S);
    cu.curl_easy_setopt(ix->h, CURLOPT_WRITEFUNCTION, keep_reply);
    cu.curl_easy_setopt(ix->h, CURLOPT_WRITEDATA, &ix->reply);
    cu.curl_easy_setopt(ix->h, CURLOPT_USERAGENT, "perfscribe/" PS_VERSION);
    cu.curl_easy_setopt(ix->h, CURLOPT_PROTOCOLS_STR, "http"); /* no redirect elsewhere */
    const char *user = getenv("INFLUX_USERNAME"), *pass = getenv("INFLUX_PASSWORD"), *token = getenv("INFLUX_TOKEN");
    if (token && *token) {
        ps_buf h = {0};
        ps_buf_printf(&h, "Authorization: Token %s", token);
        ix->headers = cu.curl_slist_append(NULL, h.data);
        memset(h.data, 0, h.len); /* the token does not stay in freed memory */
        ps_buf_fini(&h);
    } else if (user && *user) {
        cu.curl_easy_setopt(ix->h, CURLOPT_USERNAME, user);
        cu.curl_easy_setopt(ix->h, CURLOPT_PASSWORD, pass ? pass : "");
    }
    ix->headers = cu.curl_slist_append(ix->headers, "Content-Type: text/plain; charset=utf-8");
    cu.curl_easy_setopt(ix->h, CURLOPT_HTTPHEADER, ix->headers);
    rc = request(ix, ix->ping_url, NULL, 0, "cannot reach the InfluxDB server", err);
    if (rc) {
        ps_influx_close(ix);
        return rc;
    }
    *out = ix;
    return 0;
}

int ps_influx_write(ps_influx *ix, const char *lines, size_t len, size_t points, ps_error *err)
{
    char what[160];
    snprintf(what, sizeof what,
             "writing failed after %llu points were written (the database holds part of the "
             "log; writing it again replaces them)",
             (unsigned long long)ix->written);
    int rc = request(ix, ix->write_url, lines, len, ix->written ? what : "writing failed, nothing was written", err);
    if (!rc)
        ix->written += points;
    return rc;
}

uint64_t ps_influx_written(const ps_influx *ix)
{
    return ix->written;
}

void ps_influx_close(ps_influx *ix)
{
    if (!ix)
        return;
    if (ix->h)
        cu.curl_easy_cleanup(ix->h);
    if (ix->headers)
        cu.curl_slist_free_all(ix->headers);
    free(ix->write_url);
    free(ix->ping_url);
    ps_buf_fini(&ix->reply);
    free(ix);
}

static int sink_put(void *ctx, const char *text, size_t len, size_t lines, ps_error *err)
{
    return ps_influx_write(ctx, text, len, lines, err);
}

ps_ts_sink ps_influx_sink(ps_influx *ix)
{
    ps_ts_sink s = {sink_put, ix};
    return s;
}
