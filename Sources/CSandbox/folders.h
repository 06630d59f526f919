/* Paths as dladdr and /proc/PID/maps give them, for the sandbox's own C files (not public). */
#ifndef PLUGBOARD_SANDBOX_FOLDERS_H
#define PLUGBOARD_SANDBOX_FOLDERS_H
#include <string.h>

/* True when `file` lies in the folder of `other`. */
static inline int pb_in_folder_of(const char *file, const char *other) {
    const char *slash = strrchr(file, '/'), *other_slash = strrchr(other, '/');
    if (slash == NULL || other_slash == NULL || slash - file != other_slash - other) return 0;
    return strncmp(file, other, (size_t)(slash - file)) == 0;
}
#endif
