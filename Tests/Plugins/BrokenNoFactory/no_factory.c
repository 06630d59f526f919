/* BrokenNoFactory — a valid entry whose get_factory answers NULL for every id. */
#include <plugboard.h>

static bool entry_init(const pb_host_info_t *info) {
    (void)info;
    return true;
}

static void entry_deinit(void) {}

static const void *entry_get_factory(const char *id) {
    (void)id;
    return NULL;
}

PB_EXPORT const pb_plugin_entry_t plugboard_entry = {PB_VERSION_INIT, entry_init, entry_deinit, entry_get_factory};
