/* fuzz_file.h - shared by the libFuzzer harnesses whose parser reads a path: write the input
 * to one temporary file per process (in /dev/shm when writable) and return its path. */
#ifndef FUZZ_FILE_H
#define FUZZ_FILE_H
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

static const char *fuzz_file(const char *tag, const char *ext, const uint8_t *data, size_t size)
{
    static char path[256];
    if (!path[0])
        snprintf(path, sizeof path, "%s/ps_fuzz_%s_%d%s", access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp", tag,
                 (int)getpid(), ext);
    FILE *fp = fopen(path, "wb");
    if (!fp)
        return NULL;
    if (size && fwrite(data, 1, size, fp) != size) {
        fclose(fp);
        return NULL;
    }
    fclose(fp);
    return path;
}
#endif
