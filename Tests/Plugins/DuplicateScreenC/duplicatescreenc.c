/* DuplicateScreenC — a screen library whose plugin 'test.screen.c' describes the same id as TestScreenC. */
#include <plugboard.h>
#include <string.h>

static const pb_plugin_descriptor_t descriptor = {
    PB_VERSION_INIT, "test.screen.c", "DuplicateScreenC", NULL, "1.0.0", NULL, PB_PLUGIN_KIND_SCREEN, PB_PLUGIN_FLAG_SCREEN};

static uint32_t factory_count(const pb_screen_factory_t *factory) {
    (void)factory;
    return 1;
}

static const pb_plugin_descriptor_t *factory_descriptor(const pb_screen_factory_t *factory, uint32_t index) {
    (void)factory;
    return index == 0 ? &descriptor : NULL;
}

static const pb_screen_t *factory_create(const pb_screen_factory_t *factory, const pb_host_t *host,
                                         const char *plugin_id, const char *plugin_json,
                                         const char *screen_json, const char *data_source_json) {
    (void)factory;
    (void)host;
    (void)plugin_id;
    (void)plugin_json;
    (void)screen_json;
    (void)data_source_json;
    return NULL;
}

static const pb_screen_factory_t screen_factory = {factory_count, factory_descriptor, factory_create};

static bool entry_init(const pb_host_info_t *info) {
    (void)info;
    return true;
}

static void entry_deinit(void) {}

static const void *entry_get_factory(const char *id) {
    return strcmp(id, PB_SCREEN_FACTORY_ID) == 0 ? &screen_factory : NULL;
}

PB_EXPORT const pb_plugin_entry_t plugboard_entry = {PB_VERSION_INIT, entry_init, entry_deinit, entry_get_factory};
