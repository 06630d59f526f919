/* __DISPLAY__ — a Plugboard screen plugin in C (made by `plugboard new`).
 *
 * The host calls, in order: `create` (no host calls yet), `init` (make the views), then
 * `layout`, `will_appear`, `did_appear`, … and `destroy`. Everything runs on the main thread.
 * The header, plugboard.h, says what each call must do and who owns each pointer. */
#include <plugboard.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PLUGIN_ID "__PLUGIN_ID__"

typedef struct screen_state {
    pb_screen_t screen;     /* what the host sees; plugin_data points back here */
    const pb_host_t *host;  /* valid until destroy returns */
    pb_view_t view, title, button; /* ours: released in destroy */
    unsigned taps;
} screen_state_t;

static screen_state_t *state_of(const pb_screen_t *screen) { return (screen_state_t *)screen->plugin_data; }

static void say(screen_state_t *state, const char *message) { state->host->log(state->host, PB_LOG_INFO, message); }

/* The button's tap action: counts and shows the taps. */
static void tapped(void *context, pb_view_t view) {
    screen_state_t *state = (screen_state_t *)context;
    char text[64];
    (void)view;
    state->taps++;
    snprintf(text, sizeof text, "Tapped %u times", state->taps);
    state->host->views->set_text(state->host, state->title, text);
    say(state, text);
}

/* init: the views. The title is the screen's name in rivers.json, read through the model
 * extension (plugboard/model.h) — no JSON parsing. */
static bool screen_init(const pb_screen_t *screen) {
    screen_state_t *state = state_of(screen);
    const pb_host_t *host = state->host;
    const pb_view_api_t *v = host->views;
    const pb_host_model_t *model = host->get_extension(host, PB_HOST_EXT_MODEL);
    const char *name = model != NULL ? model->string(host, PB_MODEL_SCREEN, "uibuilder_screen_model.name") : NULL;

    state->view = v->create(host, PB_VIEW_CONTAINER);
    state->title = v->create(host, PB_VIEW_LABEL);
    state->button = v->create(host, PB_VIEW_BUTTON);
    if (state->view == PB_VIEW_NONE || state->title == PB_VIEW_NONE || state->button == PB_VIEW_NONE) return false;
    v->set_identifier(host, state->title, PLUGIN_ID ":title");
    v->set_identifier(host, state->button, PLUGIN_ID ":button");
    v->set_background_color(host, state->view, 0xFFFFFFFFu);
    v->set_text(host, state->title, name != NULL ? name : "__DISPLAY__");
    v->set_alignment(host, state->title, PB_ALIGN_CENTER);
    v->set_text(host, state->button, "Tap me");
    v->set_tap_action(host, state->button, tapped, state);
    v->add_child(host, state->view, state->title);
    v->add_child(host, state->view, state->button);
    say(state, "init");
    return true;
}

static void screen_destroy(const pb_screen_t *screen) {
    screen_state_t *state = state_of(screen);
    const pb_host_t *host = state->host;
    say(state, "destroy");
    if (state->button != PB_VIEW_NONE) host->views->release(host, state->button);
    if (state->title != PB_VIEW_NONE) host->views->release(host, state->title);
    if (state->view != PB_VIEW_NONE) host->views->release(host, state->view);
    free(state);
}

static pb_view_t screen_view(const pb_screen_t *screen) { return state_of(screen)->view; }

/* layout: the title across the top third, the button below it. */
static void screen_layout(const pb_screen_t *screen, double width, double height) {
    screen_state_t *state = state_of(screen);
    const pb_host_t *host = state->host;
    pb_rect_t title = {16, height / 3 - 22, width > 32 ? width - 32 : 0, 44};
    pb_rect_t button = {width / 2 - 60, height / 3 + 34, 120, 44};
    host->views->set_frame(host, state->title, title);
    host->views->set_frame(host, state->button, button);
}

static void screen_will_appear(const pb_screen_t *screen) { say(state_of(screen), "will_appear"); }
static void screen_did_appear(const pb_screen_t *screen) { say(state_of(screen), "did_appear"); }
static void screen_will_disappear(const pb_screen_t *screen) { say(state_of(screen), "will_disappear"); }
static void screen_did_disappear(const pb_screen_t *screen) { say(state_of(screen), "did_disappear"); }

static const void *screen_extension(const pb_screen_t *screen, const char *extension_id) {
    (void)screen;
    (void)extension_id;
    return NULL;
}

static const pb_plugin_descriptor_t descriptor = {
    PB_VERSION_INIT, PLUGIN_ID, "__DISPLAY__", "__VENDOR__", "1.0.0", "A screen made by plugboard new",
    PB_PLUGIN_KIND_SCREEN, PB_PLUGIN_FLAG_SCREEN};

static uint32_t factory_count(const pb_screen_factory_t *factory) {
    (void)factory;
    return 1;
}

static const pb_plugin_descriptor_t *factory_descriptor(const pb_screen_factory_t *factory, uint32_t index) {
    (void)factory;
    return index == 0 ? &descriptor : NULL;
}

/* create: allocate and fill the vtable only; host calls wait for init. */
static const pb_screen_t *factory_create(const pb_screen_factory_t *factory, const pb_host_t *host,
                                         const char *plugin_id, const char *plugin_json, const char *screen_json,
                                         const char *data_source_json) {
    screen_state_t *state;
    (void)factory;
    (void)plugin_json;
    (void)screen_json;
    (void)data_source_json;
    if (plugin_id == NULL || strcmp(plugin_id, PLUGIN_ID) != 0) return NULL;
    state = calloc(1, sizeof *state);
    if (state == NULL) return NULL;
    state->host = host;
    state->screen.desc = &descriptor;
    state->screen.plugin_data = state;
    state->screen.init = screen_init;
    state->screen.destroy = screen_destroy;
    state->screen.view = screen_view;
    state->screen.layout = screen_layout;
    state->screen.will_appear = screen_will_appear;
    state->screen.did_appear = screen_did_appear;
    state->screen.will_disappear = screen_will_disappear;
    state->screen.did_disappear = screen_did_disappear;
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
