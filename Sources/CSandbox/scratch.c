#define _GNU_SOURCE /* O_DIRECTORY, O_NOFOLLOW, fdopendir */
#include "plugboard_sandbox.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The most folders open at once while removing: each level holds a descriptor and a listing's
 * buffer, and a hostile engine may nest folders without end. A folder deeper than this is moved
 * up into the top folder, where a later pass removes it, so any depth is removed. */
#define PB_REMOVE_DEPTH 64

int pb_sandbox_open_folder(int parent, const char *name) {
    int folder = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (folder < 0 && errno == EACCES) {
        /* Its owner may not read it (mode 000): give the owner its rights back through a
         * descriptor of the folder itself, which needs no right to open and names no path a
         * link could be swapped into, then open it again. */
        int pinned = openat(parent, name, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (pinned < 0) return -1;
        char path[32];
        snprintf(path, sizeof path, "/proc/self/fd/%d", pinned);
        int changed = chmod(path, S_IRWXU);
        close(pinned);
        if (changed != 0) {
            errno = EACCES;
            return -1;
        }
        folder = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    }
    /* Its entries can be removed only if its owner may write it (mode 0500). */
    if (folder >= 0) fchmod(folder, S_IRWXU);
    return folder;
}

/* Moves the folder `name` in `parent` into the folder `top` under a name of its own (never
 * replacing an entry), where the pass over `top` that is under way, or the next, removes it. */
static int pb_move_up(int parent, const char *name, int top) {
    static unsigned moved;
    char fresh[32];
    for (int attempt = 0; attempt < 1000; attempt++) {
        snprintf(fresh, sizeof fresh, "deeper-%u", __atomic_fetch_add(&moved, 1, __ATOMIC_RELAXED));
        if (renameat2(parent, name, top, fresh, RENAME_NOREPLACE) == 0) return 0;
        if (errno != EEXIST) return errno;
    }
    return EEXIST;
}

/* Removes `name` in the folder `parent`, and everything in it when it is a folder: every call
 * is relative to a descriptor of a folder already opened without following a symbolic link, so
 * a link (or a folder swapped for one while this runs) is removed itself, never followed. */
static int pb_remove_at(int parent, const char *name, int depth, int top) {
    if (unlinkat(parent, name, 0) == 0) return 0; /* a file, a link, a socket, a FIFO */
    if (errno != EISDIR) return errno == ENOENT ? 0 : errno;
    if (depth >= PB_REMOVE_DEPTH) return pb_move_up(parent, name, top);
    int folder = pb_sandbox_open_folder(parent, name);
    if (folder < 0) return errno;
    if (depth == 0) top = folder;
    DIR *listing = fdopendir(folder);
    if (listing == NULL) {
        int failure = errno;
        close(folder);
        return failure;
    }
    int status = 0, removed;
    /* Again until a pass removes nothing: a listing read while its entries go may skip some. */
    do {
        struct dirent *entry;
        removed = 0;
        rewinddir(listing);
        while ((entry = readdir(listing)) != NULL) {
            if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) continue;
            int failure = pb_remove_at(dirfd(listing), entry->d_name, depth + 1, top);
            if (failure == 0) {
                removed = 1;
            } else if (status == 0) {
                status = failure;
            }
        }
    } while (removed && status == 0);
    closedir(listing);
    if (unlinkat(parent, name, AT_REMOVEDIR) != 0 && status == 0 && errno != ENOENT) status = errno;
    return status;
}

int pb_sandbox_remove_tree(const char *path) {
    const char *slash = strrchr(path, '/');
    char parent[4096];
    if (slash == NULL || slash[1] == '\0' || (size_t)(slash - path) >= sizeof parent) return EINVAL;
    if (slash == path) {
        strcpy(parent, "/");
    } else {
        memcpy(parent, path, (size_t)(slash - path));
        parent[slash - path] = '\0';
    }
    int folder = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (folder < 0) return errno;
    int status = pb_remove_at(folder, slash + 1, 0, -1);
    close(folder);
    return status;
}
