/* BrokenInitFails — its entry init returns false (say, a resource it needs is missing). */
#include <plugboard.h>

static bool entry_init(const pb_host_info_t *info) {
    (void)info;
    return false;
}

static void entry_deinit(void) {}

static const void *entry_get_factory(const char *id) {
    (void)id;
    return NULL;
}

PB_EXPORT const pb_plugin_entry_t plugboard_entry = {PB_VERSION_INIT, entry_init, entry_deinit, entry_get_factory};
