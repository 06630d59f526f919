#define _GNU_SOURCE /* dladdr */
#include "plugboard_sandbox.h"
#include "folders.h"

#include <dlfcn.h>
#include <execinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The address of `function`, as dladdr takes it (ISO C has no cast from a function pointer). */
static void *pb_address_of(void (*function)(void)) {
    void *address;
    memcpy(&address, &function, sizeof address);
    return address;
}

int pb_sandbox_plugin_caller(char *path, size_t size) {
    void *frames[128];
    int count = backtrace(frames, 128), at;
    Dl_info host, system, swift, frame;
    void *retain = dlsym(RTLD_DEFAULT, "swift_retain");
    if (dladdr(pb_address_of((void (*)(void))pb_sandbox_plugin_caller), &host) == 0 || host.dli_fname == NULL) return 0;
    if (dladdr(pb_address_of((void (*)(void))exit), &system) == 0 || system.dli_fname == NULL) return 0;
    if (retain == NULL || dladdr(retain, &swift) == 0 || swift.dli_fname == NULL) swift = system;
    for (at = 0; at < count; at++) {
        if (dladdr(frames[at], &frame) == 0 || frame.dli_fname == NULL) continue;
        if (strcmp(frame.dli_fname, host.dli_fname) == 0) continue;
        if (pb_in_folder_of(frame.dli_fname, system.dli_fname) || pb_in_folder_of(frame.dli_fname, swift.dli_fname))
            continue;
        /* A library mapped through its descriptor is named /proc/self/fd/N: name its file. */
        if (strncmp(frame.dli_fname, "/proc/self/fd/", 14) == 0 && size > 1) {
            ssize_t length = readlink(frame.dli_fname, path, size - 1);
            if (length > 0) {
                path[length] = '\0';
                return 1;
            }
        }
        snprintf(path, size, "%s", frame.dli_fname);
        return 1;
    }
    return 0;
}
