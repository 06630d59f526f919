/* The plugin the call benchmarks measure: a screen whose functions do (almost) nothing, and an
 * exported `bench_add`, so what is measured is the host's path to them, not their work. */
#include <plugboard.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define PLUGIN_ID "bench_screen"

typedef struct bench_screen {
    pb_screen_t screen;
    double width; /* the last layout's width: the layout's only work */
} bench_screen_t;

/* The dynamic export the JSON path, ctypes and cffi all call. */
PB_EXPORT int32_t bench_add(int32_t a, int32_t b) { return a + b; }

static bool screen_init(const pb_screen_t *screen) {
    (void)screen;
    return true;
}
static void screen_destroy(const pb_screen_t *screen) { free(screen->plugin_data); }
static pb_view_t screen_view(const pb_screen_t *screen) {
    (void)screen;
    return PB_VIEW_NONE;
}
static void screen_layout(const pb_screen_t *screen, double width, double height) {
    (void)height;
    ((bench_screen_t *)screen->plugin_data)->width = width;
}
static void screen_lifecycle(const pb_screen_t *screen) { (void)screen; }
static const void *screen_extension(const pb_screen_t *screen, const char *extension_id) {
    (void)screen;
    (void)extension_id;
    return NULL;
}

static const pb_plugin_descriptor_t descriptor = {
    PB_VERSION_INIT, PLUGIN_ID, "Bench screen", "Plugboard", "1.0.0", "The call benchmarks' screen",
    PB_PLUGIN_KIND_SCREEN, PB_PLUGIN_FLAG_SCREEN};

static uint32_t factory_count(const pb_screen_factory_t *factory) {
    (void)factory;
    return 1;
}
static const pb_plugin_descriptor_t *factory_descriptor(const pb_screen_factory_t *factory, uint32_t index) {
    (void)factory;
    return index == 0 ? &descriptor : NULL;
}
static const pb_screen_t *factory_create(const pb_screen_factory_t *factory, const pb_host_t *host,
                                         const char *plugin_id, const char *plugin_json, const char *screen_json,
                                         const char *data_source_json) {
    (void)factory;
    (void)host;
    (void)plugin_json;
    (void)screen_json;
    (void)data_source_json;
    if (plugin_id == NULL || strcmp(plugin_id, PLUGIN_ID) != 0) return NULL;
    bench_screen_t *state = calloc(1, sizeof *state);
    if (state == NULL) return NULL;
    state->screen.desc = &descriptor;
    state->screen.plugin_data = state;
    state->screen.init = screen_init;
    state->screen.destroy = screen_destroy;
    state->screen.view = screen_view;
    state->screen.layout = screen_layout;
    state->screen.will_appear = screen_lifecycle;
    state->screen.did_appear = screen_lifecycle;
    state->screen.will_disappear = screen_lifecycle;
    state->screen.did_disappear = screen_lifecycle;
    state->screen.get_extension = screen_extension;
    return &state->screen;
}

static const pb_screen_factory_t factory = {factory_count, factory_descriptor, factory_create};

static bool entry_init(const pb_host_info_t *info) {
    (void)info;
    return true;
}
static void entry_deinit(void) {}
static const void *entry_get_factory(const char *factory_id) {
    return factory_id != NULL && strcmp(factory_id, PB_SCREEN_FACTORY_ID) == 0 ? &factory : NULL;
}

PB_EXPORT const pb_plugin_entry_t plugboard_entry = {PB_VERSION_INIT, entry_init, entry_deinit, entry_get_factory};
