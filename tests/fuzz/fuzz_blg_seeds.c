/* fuzz_blg_seeds.c - writes the synthetic seed corpus of fuzz_blg into the directory argv[1]. */
#include <stdio.h>

#include "blg_samples.h"

static void put(const char *dir, const char *name, const ps_buf *b)
{
    char p[1024];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *fp = fopen(p, "wb");
    if (!fp)
        return;
    fwrite(b->data, 1, b->len, fp);
    fclose(fp);
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return 2;
    static const struct {
        const char *name;
        synth_opts o;
    } v[] = {
        {"synth_b64", {1, 2048, 8000, NULL}},
        {"synth_b32", {0, 2048, 8000, NULL}},
        {"synth_b_parts", {1, 2048, 64, NULL}},
        {"synth_b_utf16", {0, 3072, 8000, "\xF0\x9F\x98\x80 smile"}},
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        ps_buf b = {0};
        synth_b(&b, &v[i].o);
        put(argv[1], v[i].name, &b);
        ps_buf_fini(&b);
    }
    ps_buf a = {0};
    synth_a(&a, 0, 2048);
    put(argv[1], "synth_a32", &a);
    ps_buf_reset(&a);
    synth_a(&a, 1, 4096);
    put(argv[1], "synth_a64", &a);
    ps_buf_reset(&a);
    ps_buf_puts(&a, "\"(PDH-BIN 4.0)\" legacy");
    put(argv[1], "legacy", &a);
    ps_buf_fini(&a);
    return 0;
}
