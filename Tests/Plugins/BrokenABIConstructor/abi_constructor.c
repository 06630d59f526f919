/* BrokenABIConstructor — built against a future ABI major (99), with an ELF constructor. The
 * loader must refuse it from the file's bytes, before dlopen: the constructor creates the file
 * named by PLUGBOARD_TEST_MARKER, so the tests can tell that it never ran, and every entry
 * function aborts the process. */
#include <fcntl.h>
#include <plugboard.h>
#include <stdlib.h>
#include <unistd.h>

__attribute__((constructor)) static void mark_loaded(void) {
    const char *marker = getenv("PLUGBOARD_TEST_MARKER");
    if (marker != NULL && marker[0] != '\0') {
        int fd = open(marker, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) {
            (void)write(fd, "constructor ran\n", 16);
            close(fd);
        }
    }
}

static bool entry_init(const pb_host_info_t *info) {
    (void)info;
    abort();
}

static void entry_deinit(void) { abort(); }

static const void *entry_get_factory(const char *id) {
    (void)id;
    abort();
}

PB_EXPORT const pb_plugin_entry_t plugboard_entry = {{99u, 0u, 0u}, entry_init, entry_deinit, entry_get_factory};
