/* TestDataSourceC — a screen that rightly refuses to be made without its own data source: the
 * failable init of a details screen. 'test.screen.needs-channel' is made only when the data
 * source names a "channel"; its view is one label. `check` is asked to say so once, and to check
 * it with the author's data source (--data-source FILE). */
#include <plugboard.h>
#include <stdlib.h>
#include <string.h>

typedef struct channel_screen {
    pb_screen_t screen;
    const pb_host_t *host;
    pb_view_t label;
} channel_screen_t;

static const pb_plugin_descriptor_t descriptor = {
    PB_VERSION_INIT, "test.screen.needs-channel", "NeedsChannel", NULL, "1.0.0", NULL, PB_PLUGIN_KIND_SCREEN,
    PB_PLUGIN_FLAG_SCREEN};

static channel_screen_t *self(const pb_screen_t *screen) { return (channel_screen_t *)screen->plugin_data; }

static bool screen_init(const pb_screen_t *screen) {
    channel_screen_t *s = self(screen);
    s->label = s->host->views->create(s->host, PB_VIEW_LABEL);
    s->host->views->set_text(s->host, s->label, "channel");
    return s->label != PB_VIEW_NONE;
}
static void screen_destroy(const pb_screen_t *screen) {
    self(screen)->host->views->release(self(screen)->host, self(screen)->label);
    free(self(screen));
}
static pb_view_t screen_view(const pb_screen_t *screen) { return self(screen)->label; }
static void screen_layout(const pb_screen_t *screen, double width, double height) {
    pb_rect_t frame = {0, 0, width, height};
    self(screen)->host->views->set_frame(self(screen)->host, self(screen)->label, frame);
}
static void lifecycle(const pb_screen_t *screen) { (void)screen; }
static const void *no_extension(const pb_screen_t *screen, const char *id) {
    (void)screen;
    (void)id;
    return NULL;
}

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
    (void)plugin_json;
    (void)screen_json;
    if (strcmp(plugin_id, descriptor.id) != 0) return NULL;
    /* The failable init: no channel in the data source, no screen. */
    if (data_source_json == NULL || strstr(data_source_json, "\"channel\"") == NULL) return NULL;
    channel_screen_t *s = calloc(1, sizeof *s);
    if (s == NULL) return NULL;
    s->host = host;
    s->screen = (pb_screen_t){&descriptor, s, screen_init, screen_destroy, screen_view, screen_layout,
                              lifecycle, lifecycle, lifecycle, lifecycle, no_extension};
    return &s->screen;
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
