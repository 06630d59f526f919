/* BrokenNoFactory — a valid entry whose get_factory answers NULL for every id. It counts its
 * inits, so the tests can also see the reference-counted init from the plugin's side. */
#include <plugboard.h>

static int init_count;

/* Not part of the ABI: read by the tests with dlsym. */
PB_EXPORT int no_factory_init_count(void) { return init_count; }

static bool entry_init(const pb_host_info_t *info) {
    (void)info;
    init_count += 1;
    return true;
}

static void entry_deinit(void) { init_count -= 1; }

static const void *entry_get_factory(const char *id) {
    (void)id;
    return NULL;
}

PB_EXPORT const pb_plugin_entry_t plugboard_entry = {PB_VERSION_INIT, entry_init, entry_deinit, entry_get_factory};
