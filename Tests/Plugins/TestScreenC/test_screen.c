/* TestScreenC — a screen plugin in C that logs every call it receives through the host, so the
 * tests can assert the order of lifecycle calls from the plugin's side. It also holds a second
 * plugin whose instance `init` fails. */
#include <plugboard.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct screen_state {
    pb_screen_t screen;
    const pb_host_t *host;
    pb_view_t root;
    pb_view_t label;
    pb_view_t button;
    int taps;
    char *props;      /* the screen_json of create, logged by init */
    char *data_source; /* the data_source_json of create, or NULL */
} screen_state_t;

static screen_state_t *state_of(const pb_screen_t *screen) { return (screen_state_t *)screen->plugin_data; }

static void say(const pb_screen_t *screen, const char *what) {
    const pb_host_t *host = state_of(screen)->host;
    host->log(host, PB_LOG_INFO, what);
}

static void on_tap(void *context, pb_view_t view) {
    screen_state_t *state = (screen_state_t *)context;
    char line[64];
    (void)view;
    state->taps += 1;
    snprintf(line, sizeof line, "tapped %d", state->taps);
    state->host->log(state->host, PB_LOG_INFO, line);
}

static void say_with(const pb_screen_t *screen, const char *prefix, const char *text) {
    size_t size = strlen(prefix) + strlen(text) + 1;
    char *line = malloc(size);
    if (line == NULL) return;
    snprintf(line, size, "%s%s", prefix, text);
    say(screen, line);
    free(line);
}

static bool screen_init(const pb_screen_t *screen) {
    screen_state_t *state = state_of(screen);
    const pb_view_api_t *v = state->host->views;
    say(screen, "init");
    say_with(screen, "props ", state->props);
    say_with(screen, "data_source ", state->data_source ? state->data_source : "NULL");
    state->root = v->create(state->host, PB_VIEW_CONTAINER);
    state->label = v->create(state->host, PB_VIEW_LABEL);
    state->button = v->create(state->host, PB_VIEW_BUTTON);
    if (!state->root || !state->label || !state->button) return false;
    v->set_background_color(state->host, state->root, 0xFF2B2B2Bu);
    v->set_text(state->host, state->label, "Hello from C");
    v->set_identifier(state->host, state->button, "c-button");
    v->set_text(state->host, state->button, "Tap me");
    v->set_tap_action(state->host, state->button, on_tap, state);
    v->add_child(state->host, state->root, state->label);
    v->add_child(state->host, state->root, state->button);
    return true;
}

static bool screen_init_fails(const pb_screen_t *screen) {
    say(screen, "init (failing)");
    return false;
}

static void screen_destroy(const pb_screen_t *screen) {
    screen_state_t *state = state_of(screen);
    say(screen, "destroy");
    free(state->props);
    free(state->data_source);
    free(state);
}

static pb_view_t screen_view(const pb_screen_t *screen) { return state_of(screen)->root; }

static void screen_layout(const pb_screen_t *screen, double width, double height) {
    screen_state_t *state = state_of(screen);
    const pb_view_api_t *v = state->host->views;
    pb_rect_t label = {16, 16, width - 32, 24};
    pb_rect_t button = {16, 48, width - 32, 44};
    char line[64];
    snprintf(line, sizeof line, "layout %.0fx%.0f", width, height);
    say(screen, line);
    v->set_frame(state->host, state->label, label);
    v->set_frame(state->host, state->button, button);
}

static void will_appear(const pb_screen_t *screen) { say(screen, "will_appear"); }
static void did_appear(const pb_screen_t *screen) { say(screen, "did_appear"); }
static void will_disappear(const pb_screen_t *screen) { say(screen, "will_disappear"); }
static void did_disappear(const pb_screen_t *screen) { say(screen, "did_disappear"); }

/* plugboard.ext.attributes: logs what a route hands the screen before it appears. */
static void screen_update_with_attributes(const pb_screen_t *screen, const char *data, const char *object_json) {
    say_with(screen, "attributes data=", data ? data : "NULL");
    say_with(screen, "attributes object=", object_json ? object_json : "NULL");
}

static const pb_screen_attributes_t attributes = {screen_update_with_attributes};

static const void *screen_get_extension(const pb_screen_t *screen, const char *id) {
    (void)screen;
    return strcmp(id, PB_EXT_ATTRIBUTES) == 0 ? &attributes : NULL;
}

static const pb_plugin_descriptor_t descriptors[] = {
    {PB_VERSION_INIT, "test.screen.c", "Test Screen (C)", "Plugboard", "1.0.0",
     "Logs every lifecycle call", PB_PLUGIN_KIND_SCREEN, PB_PLUGIN_FLAG_SCREEN},
    {PB_VERSION_INIT, "test.screen.init-fails", "Failing Screen (C)", "Plugboard", "1.0.0",
     "Its instance init returns false", PB_PLUGIN_KIND_SCREEN, PB_PLUGIN_FLAG_SCREEN},
};

static uint32_t factory_count(const pb_screen_factory_t *factory) {
    (void)factory;
    return 2;
}

static const pb_plugin_descriptor_t *factory_descriptor(const pb_screen_factory_t *factory, uint32_t index) {
    (void)factory;
    return index < 2 ? &descriptors[index] : NULL;
}

static const pb_screen_t *factory_create(const pb_screen_factory_t *factory, const pb_host_t *host,
                                         const char *plugin_id, const char *plugin_json,
                                         const char *screen_json, const char *data_source_json) {
    int which = strcmp(plugin_id, descriptors[0].id) == 0 ? 0 : strcmp(plugin_id, descriptors[1].id) == 0 ? 1 : -1;
    screen_state_t *state;
    (void)factory;
    (void)plugin_json;
    if (which < 0 || screen_json == NULL) return NULL;
    state = calloc(1, sizeof *state);
    if (state == NULL) return NULL;
    state->host = host;
    state->props = strdup(screen_json);
    state->data_source = data_source_json ? strdup(data_source_json) : NULL;
    state->screen.desc = &descriptors[which];
    state->screen.plugin_data = state;
    state->screen.init = which == 0 ? screen_init : screen_init_fails;
    state->screen.destroy = screen_destroy;
    state->screen.view = screen_view;
    state->screen.layout = screen_layout;
    state->screen.will_appear = will_appear;
    state->screen.did_appear = did_appear;
    state->screen.will_disappear = will_disappear;
    state->screen.did_disappear = did_disappear;
    state->screen.get_extension = screen_get_extension;
    return &state->screen;
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
