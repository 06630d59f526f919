/* TestSeed003C — seed 003 from a third-party C plugin's side: three screen plugins.
 *   seed003.bar      sets its own bar through plugboard.host.screen-bar in init (title "Own
 *                    title", background 0xFF336699, title colour 0xFFFFCC00); buttons
 *                    "hide-bar" (toggles hidden), "retitle" (title "Retitled"), "reset".
 *                    Its plugboard.ext.transition: pushed 500 ms linear from the bottom, popped
 *                    as the default, presented with an out-of-range duration (refused).
 *   seed003.custom   draws its own bar (plugboard.ext.custom-bar): a container "own-bar" with a
 *                    label, translucent, large titles.
 *   seed003.gesture  answers plugboard.ext.gesture-navigation from its screen model's data:
 *                    pop target `data.pop_to`, push target `data.push`, and with
 *                    `data.edge` = N the insets N (leading and trailing). */
#include <plugboard.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct seed_state {
    pb_screen_t screen;
    const pb_host_t *host;
    const pb_host_screen_bar_t *bar; /* NULL from a host before ABI 1.2 */
    const char *id;
    pb_view_t root;
    pb_view_t own_bar;
    bool hidden;
    char pop_to[64];
    char push[64];
    double edge; /* < 0: no insets (the whole screen) */
} seed_state_t;

static seed_state_t *state_of(const pb_screen_t *screen) { return (seed_state_t *)screen->plugin_data; }

/* The string value of `"key":"value"` in `json`, copied into out (empty when absent). A test
 * plugin's shortcut: the screen model is the host's own JSON, one line, no escapes here. */
static void find_string(const char *json, const char *key, char *out, size_t size) {
    char pattern[80];
    const char *at;
    size_t length = 0;
    out[0] = '\0';
    if (json == NULL) return;
    snprintf(pattern, sizeof pattern, "\"%s\":\"", key);
    at = strstr(json, pattern);
    if (at == NULL) return;
    at += strlen(pattern);
    while (at[length] != '\0' && at[length] != '"' && length + 1 < size) length++;
    memcpy(out, at, length);
    out[length] = '\0';
}

static void on_hide(void *context, pb_view_t view) {
    seed_state_t *state = (seed_state_t *)context;
    (void)view;
    if (state->bar == NULL) return;
    state->hidden = !state->hidden;
    state->bar->set_hidden(state->host, state->hidden);
}

static void on_retitle(void *context, pb_view_t view) {
    seed_state_t *state = (seed_state_t *)context;
    (void)view;
    if (state->bar != NULL) state->bar->set_title(state->host, "Retitled");
}

static void on_reset(void *context, pb_view_t view) {
    seed_state_t *state = (seed_state_t *)context;
    (void)view;
    if (state->bar != NULL) state->bar->reset(state->host);
}

static pb_view_t add_button(seed_state_t *state, const char *id, double y, pb_tap_action_t action) {
    const pb_view_api_t *v = state->host->views;
    pb_view_t button = v->create(state->host, PB_VIEW_BUTTON);
    pb_rect_t frame = {16, y, 200, 44};
    v->set_identifier(state->host, button, id);
    v->set_text(state->host, button, id);
    v->set_frame(state->host, button, frame);
    v->set_tap_action(state->host, button, action, state);
    v->add_child(state->host, state->root, button);
    return button;
}

static bool screen_init(const pb_screen_t *screen) {
    seed_state_t *state = state_of(screen);
    const pb_view_api_t *v = state->host->views;
    state->root = v->create(state->host, PB_VIEW_CONTAINER);
    if (state->root == PB_VIEW_NONE) return false;
    v->set_background_color(state->host, state->root, 0xFF202020u);
    state->bar = (const pb_host_screen_bar_t *)state->host->get_extension(state->host, PB_HOST_EXT_SCREEN_BAR);
    if (strcmp(state->id, "seed003.bar") == 0 && state->bar != NULL) {
        state->bar->set_title(state->host, "Own title");
        state->bar->set_background_color(state->host, 0xFF336699u);
        state->bar->set_title_color(state->host, 0xFFFFCC00u);
        add_button(state, "hide-bar", 16, on_hide);
        add_button(state, "retitle", 72, on_retitle);
        add_button(state, "reset", 128, on_reset);
    }
    if (strcmp(state->id, "seed003.custom") == 0) {
        pb_view_t label = v->create(state->host, PB_VIEW_LABEL);
        state->own_bar = v->create(state->host, PB_VIEW_CONTAINER);
        v->set_identifier(state->host, state->own_bar, "own-bar");
        v->set_background_color(state->host, state->own_bar, 0xFF008800u);
        v->set_text(state->host, label, "Custom bar");
        v->add_child(state->host, state->own_bar, label);
    }
    return true;
}

static void screen_destroy(const pb_screen_t *screen) {
    seed_state_t *state = state_of(screen);
    if (state->own_bar != PB_VIEW_NONE) state->host->views->release(state->host, state->own_bar);
    if (state->root != PB_VIEW_NONE) state->host->views->release(state->host, state->root);
    free(state);
}

static pb_view_t screen_view(const pb_screen_t *screen) { return state_of(screen)->root; }
static void screen_layout(const pb_screen_t *screen, double width, double height) {
    (void)screen;
    (void)width;
    (void)height;
}
static void noop(const pb_screen_t *screen) { (void)screen; }

/* plugboard.ext.custom-bar */
static pb_view_t custom_bar_view(const pb_screen_t *screen) { return state_of(screen)->own_bar; }
static bool custom_translucent(const pb_screen_t *screen) {
    (void)screen;
    return true;
}
static bool custom_large(const pb_screen_t *screen) {
    (void)screen;
    return true;
}
static const pb_screen_custom_bar_t custom_bar = {custom_bar_view, custom_translucent, custom_large};

/* plugboard.ext.gesture-navigation */
static bool gesture_insets(const pb_screen_t *screen, pb_navigation_operation_t operation, pb_edge_insets_t *insets) {
    seed_state_t *state = state_of(screen);
    (void)operation;
    if (state->edge < 0) return false;
    insets->leading = state->edge;
    insets->trailing = state->edge;
    return true;
}
static const char *gesture_target(const pb_screen_t *screen, pb_navigation_operation_t operation) {
    seed_state_t *state = state_of(screen);
    if (operation == PB_NAVIGATION_POP) return state->pop_to[0] ? state->pop_to : NULL;
    return state->push[0] ? state->push : NULL;
}
static const pb_screen_gesture_navigation_t gesture = {gesture_insets, gesture_target};

/* plugboard.ext.transition */
static bool transition_for(const pb_screen_t *screen, pb_transition_operation_t operation, pb_transition_t *out) {
    (void)screen;
    if (operation == PB_TRANSITION_PUSH) {
        out->duration_ms = 500;
        out->curve = PB_CURVE_LINEAR;
        out->direction = PB_FROM_BOTTOM;
        return true;
    }
    if (operation == PB_TRANSITION_PRESENT) {
        out->duration_ms = 20000; /* more than the 10 s a transition may take */
        return true;
    }
    return false;
}
static const pb_screen_transition_t transition = {transition_for};

static const void *screen_get_extension(const pb_screen_t *screen, const char *id) {
    seed_state_t *state = state_of(screen);
    if (strcmp(state->id, "seed003.bar") == 0 && strcmp(id, PB_EXT_TRANSITION) == 0) return &transition;
    if (strcmp(state->id, "seed003.custom") == 0 && strcmp(id, PB_EXT_CUSTOM_BAR) == 0) return &custom_bar;
    if (strcmp(state->id, "seed003.gesture") == 0 && strcmp(id, PB_EXT_GESTURE_NAVIGATION) == 0) return &gesture;
    return NULL;
}

static const pb_plugin_descriptor_t descriptors[] = {
    {PB_VERSION_INIT, "seed003.bar", "Seed 003 Own Bar Values", "1.0.0", "Plugboard Tests",
     "sets its own bar values", PB_PLUGIN_KIND_SCREEN, PB_PLUGIN_FLAG_SCREEN},
    {PB_VERSION_INIT, "seed003.custom", "Seed 003 Custom Bar", "1.0.0", "Plugboard Tests", "draws its own bar",
     PB_PLUGIN_KIND_SCREEN, PB_PLUGIN_FLAG_SCREEN},
    {PB_VERSION_INIT, "seed003.gesture", "Seed 003 Gestures", "1.0.0", "Plugboard Tests",
     "full-screen gesture navigation", PB_PLUGIN_KIND_SCREEN, PB_PLUGIN_FLAG_SCREEN},
};

static uint32_t factory_count(const pb_screen_factory_t *factory) {
    (void)factory;
    return 3;
}
static const pb_plugin_descriptor_t *factory_descriptor(const pb_screen_factory_t *factory, uint32_t index) {
    (void)factory;
    return index < 3 ? &descriptors[index] : NULL;
}

static const pb_screen_t *factory_create(const pb_screen_factory_t *factory, const pb_host_t *host,
                                         const char *plugin_id, const char *plugin_json, const char *screen_json,
                                         const char *data_source_json) {
    uint32_t index;
    char edge[16];
    (void)factory;
    (void)plugin_json;
    (void)data_source_json;
    for (index = 0; index < 3; index++) {
        if (strcmp(plugin_id, descriptors[index].id) == 0) {
            seed_state_t *state = calloc(1, sizeof *state);
            if (state == NULL) return NULL;
            state->host = host;
            state->id = descriptors[index].id;
            find_string(screen_json, "pop_to", state->pop_to, sizeof state->pop_to);
            find_string(screen_json, "push", state->push, sizeof state->push);
            find_string(screen_json, "edge", edge, sizeof edge);
            state->edge = edge[0] ? atof(edge) : -1;
            state->screen.plugin_data = state;
            state->screen.init = screen_init;
            state->screen.destroy = screen_destroy;
            state->screen.view = screen_view;
            state->screen.layout = screen_layout;
            state->screen.will_appear = noop;
            state->screen.did_appear = noop;
            state->screen.will_disappear = noop;
            state->screen.did_disappear = noop;
            state->screen.get_extension = screen_get_extension;
            return &state->screen;
        }
    }
    return NULL;
}

static const pb_screen_factory_t factory = {factory_count, factory_descriptor, factory_create};

static bool entry_init(const pb_host_info_t *info) {
    (void)info;
    return true;
}
static void entry_deinit(void) {}
static const void *entry_get_factory(const char *id) {
    return strcmp(id, PB_SCREEN_FACTORY_ID) == 0 ? &factory : NULL;
}

PB_EXPORT const pb_plugin_entry_t plugboard_entry = {PB_VERSION_INIT, entry_init, entry_deinit, entry_get_factory};
