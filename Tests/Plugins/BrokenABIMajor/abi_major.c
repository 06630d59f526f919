/* BrokenABIMajor — built against a future ABI major (99). The loader must refuse it after
 * reading the version, before calling anything: every function here aborts the process. */
#include <plugboard.h>
#include <stdlib.h>

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
