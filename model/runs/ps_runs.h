/* ps_runs.h - what the results store keeps about a Jetstress run besides its figures: label,
 * tags, input files with their digests, options; and the entries of a list of stored runs.
 * Plain data (no I/O): the store (store/ps_store.h) fills them, the renderers print them. */
#ifndef PS_RUNS_H
#define PS_RUNS_H

#include "ps_jetstress.h"

#include <stdint.h>

typedef struct ps_store_tag {
    char *key, *value;
} ps_store_tag;
typedef struct ps_store_file {
    char *name;
    uint64_t size;
    char sha256[65];
} ps_store_file;

/* What is stored about a run besides its figures. Strings owned by the struct. */
typedef struct ps_store_meta {
    char *label;
    ps_store_tag *tags;
    size_t ntags;
    ps_store_file *files;
    size_t nfiles; /* sorted by name */
    char *digest; /* SHA-256 over the files' names, digests and the judge options */
    char *stored_at; /* ISO 8601 UTC */
    char *version; /* perfscribe version that stored it */
    char *profile; /* --profile given, NULL = from the run */
    int lenient; /* --lenient */
    char *thresholds; /* --thresholds file name, NULL = none */
} ps_store_meta;
void ps_store_meta_fini(ps_store_meta *m); /* members only */
/* Add a tag (copied). */
void ps_store_meta_tag(ps_store_meta *m, const char *key, const char *value);

/* One stored run of a list (ps_store_list). */
typedef struct ps_store_entry {
    ps_store_meta meta;
    size_t nservers;
    int result; /* worst verdict: PS_VERDICT_FAIL if any server fails, else PASS if any
                              passes, else UNKNOWN */
} ps_store_entry;
/* Frees n entries and their members; NULL allowed. */
void ps_store_list_free(ps_store_entry *e, size_t n);

/* Where a server's verdict came from, as the judge decided it: "none" (no criteria),
 * "recomputed", "reported" (as printed, not recomputed) or "both" (ps_verdict_source_name). */
const char *ps_store_verdict_source(const ps_js_server *s);

#endif
