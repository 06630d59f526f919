/* __DISPLAY__ — a Plugboard navigation-bar plugin in C (made by `plugboard new`).
 *
 * The host calls, in order (plugboard/nav_bar.h): `create` (no host calls yet), `init` (make
 * the views), then each time its container's top screen changes `customize_for_screen`,
 * `update_title`, `set_context_button`; `view` and `layout` whenever it lays the bar out; and
 * `destroy`. Everything runs on the main thread. The bar owns the views it creates and the
 * navigation buttons the host makes for it (their taps go to the host directly). */
#include <plugboard.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PLUGIN_ID "__PLUGIN_ID__"
#define MAX_BUTTONS 8
#define BUTTON_WIDTH 64.0

typedef struct bar_state {
    pb_nav_bar_t bar;      /* what the host sees; plugin_data points back here */
    const pb_host_t *host; /* valid until destroy returns */
    const pb_host_nav_bar_t *manager;                 /* button presses, navigation buttons */
    const pb_host_nav_bar_customization_t *customization; /* the resolved bar model */
    const pb_host_model_t *model;                     /* typed reads of the models */
    pb_view_t view, title, context;                   /* ours */
    pb_view_t buttons[MAX_BUTTONS];                   /* ours, made by the host */
    size_t button_count;
    pb_context_button_t shown; /* the context button shown, PB_CONTEXT_BUTTON_NONE for none */
    double width, height;
} bar_state_t;

static bar_state_t *state_of(const pb_nav_bar_t *bar) { return (bar_state_t *)bar->plugin_data; }

/* The context button's tap: tell the manager which one it was; it decides what happens. */
static void context_tapped(void *context, pb_view_t view) {
    bar_state_t *state = (bar_state_t *)context;
    (void)view;
    switch (state->shown) {
    case PB_CONTEXT_BUTTON_MENU: state->manager->button_pressed(state->host, PB_BAR_BUTTON_MENU, NULL); break;
    case PB_CONTEXT_BUTTON_BACK: state->manager->button_pressed(state->host, PB_BAR_BUTTON_BACK, NULL); break;
    case PB_CONTEXT_BUTTON_CLOSE: state->manager->button_pressed(state->host, PB_BAR_BUTTON_CLOSE, NULL); break;
    default: break;
    }
}

/* The navigation buttons of the current model's nav items, made by the host. Old ones are
 * released first: after a customize_for_screen the items may differ. */
static void make_buttons(bar_state_t *state) {
    const pb_host_t *host = state->host;
    uint32_t count = state->model->count(host, PB_MODEL_NAV_BAR, "nav_items");
    uint32_t i;
    while (state->button_count > 0) host->views->release(host, state->buttons[--state->button_count]);
    for (i = 0; i < count && state->button_count < MAX_BUTTONS; i++) {
        char path[48];
        const char *id;
        pb_view_t button;
        snprintf(path, sizeof path, "nav_items[%u].id", (unsigned)i);
        id = state->model->string(host, PB_MODEL_NAV_BAR, path);
        if (id == NULL) continue;
        button = state->manager->make_navigation_button(host, id);
        if (button == PB_VIEW_NONE) continue; /* labels, headers and ads make no button */
        host->views->add_child(host, state->view, button);
        state->buttons[state->button_count++] = button;
    }
}

/* Lays out the context button at the left, the navigation buttons at the right, the title
 * between them. */
static void lay_out(bar_state_t *state) {
    const pb_host_t *host = state->host;
    double h = state->height, w = state->width;
    double right = w - BUTTON_WIDTH * (double)state->button_count;
    double left = state->shown == PB_CONTEXT_BUTTON_NONE ? 8 : 52;
    pb_rect_t context = {4, 0, 44, h};
    pb_rect_t title = {left, 0, right > left ? right - left : 0, h};
    size_t i;
    host->views->set_frame(host, state->context, context);
    host->views->set_frame(host, state->title, title);
    for (i = 0; i < state->button_count; i++) {
        pb_rect_t button = {right + BUTTON_WIDTH * (double)i, 0, BUTTON_WIDTH, h};
        host->views->set_frame(host, state->buttons[i], button);
    }
}

static bool bar_init(const pb_nav_bar_t *bar) {
    bar_state_t *state = state_of(bar);
    const pb_host_t *host = state->host;
    const pb_view_api_t *v = host->views;
    state->manager = host->get_extension(host, PB_HOST_EXT_NAV_BAR);
    state->customization = host->get_extension(host, PB_HOST_EXT_NAV_BAR_CUSTOMIZATION);
    state->model = host->get_extension(host, PB_HOST_EXT_MODEL);
    if (state->manager == NULL || state->customization == NULL || state->model == NULL) return false;
    state->view = v->create(host, PB_VIEW_CONTAINER);
    state->title = v->create(host, PB_VIEW_LABEL);
    state->context = v->create(host, PB_VIEW_BUTTON);
    if (state->view == PB_VIEW_NONE || state->title == PB_VIEW_NONE || state->context == PB_VIEW_NONE) return false;
    v->set_identifier(host, state->title, PLUGIN_ID ":title");
    v->set_identifier(host, state->context, PLUGIN_ID ":context");
    v->set_alignment(host, state->title, PB_ALIGN_CENTER);
    v->set_tap_action(host, state->context, context_tapped, state);
    v->set_hidden(host, state->context, true);
    v->add_child(host, state->view, state->title);
    v->add_child(host, state->view, state->context);
    make_buttons(state);
    return true;
}

static void bar_destroy(const pb_nav_bar_t *bar) {
    bar_state_t *state = state_of(bar);
    const pb_host_t *host = state->host;
    while (state->button_count > 0) host->views->release(host, state->buttons[--state->button_count]);
    if (state->context != PB_VIEW_NONE) host->views->release(host, state->context);
    if (state->title != PB_VIEW_NONE) host->views->release(host, state->title);
    if (state->view != PB_VIEW_NONE) host->views->release(host, state->view);
    free(state);
}

static pb_view_t bar_view(const pb_nav_bar_t *bar) { return state_of(bar)->view; }

static void bar_layout(const pb_nav_bar_t *bar, double width, double height) {
    bar_state_t *state = state_of(bar);
    state->width = width;
    state->height = height;
    lay_out(state);
}

/* A new screen: paint what the customization helper resolved (background, title colour and
 * font; the title only for the title presentation style) and remake the navigation buttons. */
static void bar_customize(const pb_nav_bar_t *bar, const char *screen_json, const char *nav_bar_json,
                          const char *data_source_json) {
    bar_state_t *state = state_of(bar);
    const pb_host_t *host = state->host;
    const pb_host_nav_bar_customization_t *c = state->customization;
    pb_background_t background = c->background(host);
    pb_font_t font = c->title_font(host);
    (void)screen_json;
    (void)nav_bar_json;
    (void)data_source_json;
    host->views->set_background_color(host, state->view,
                                      background.kind == PB_BACKGROUND_COLOR ? background.color : 0xFF202020u);
    host->views->set_text_color(host, state->title, c->title_color(host));
    host->views->set_font(host, state->title, font.family, font.size);
    host->views->set_hidden(host, state->title, c->presentation_style(host) != PB_PRESENTATION_TITLE);
    make_buttons(state);
    lay_out(state);
}

static void bar_update_title(const pb_nav_bar_t *bar, const char *title) {
    bar_state_t *state = state_of(bar);
    state->host->views->set_text(state->host, state->title, title != NULL ? title : "");
}

static void bar_set_context_button(const pb_nav_bar_t *bar, pb_context_button_t button) {
    bar_state_t *state = state_of(bar);
    const pb_host_t *host = state->host;
    const char *glyph = button == PB_CONTEXT_BUTTON_MENU    ? "Menu"
                        : button == PB_CONTEXT_BUTTON_BACK  ? "Back"
                        : button == PB_CONTEXT_BUTTON_CLOSE ? "Close"
                                                            : "";
    state->shown = button;
    host->views->set_text(host, state->context, glyph);
    host->views->set_hidden(host, state->context, button == PB_CONTEXT_BUTTON_NONE);
    lay_out(state);
}

static const void *bar_extension(const pb_nav_bar_t *bar, const char *extension_id) {
    (void)bar;
    (void)extension_id;
    return NULL;
}

static const pb_plugin_descriptor_t descriptor = {
    PB_VERSION_INIT, PLUGIN_ID, "__DISPLAY__", "__VENDOR__", "1.0.0", "A navigation bar made by plugboard new",
    PB_PLUGIN_KIND_NAV_BAR, 0};

static uint32_t factory_count(const pb_nav_bar_factory_t *factory) {
    (void)factory;
    return 1;
}

static const pb_plugin_descriptor_t *factory_descriptor(const pb_nav_bar_factory_t *factory, uint32_t index) {
    (void)factory;
    return index == 0 ? &descriptor : NULL;
}

/* create: allocate and fill the vtable only; host calls wait for init. */
static const pb_nav_bar_t *factory_create(const pb_nav_bar_factory_t *factory, const pb_host_t *host,
                                          const char *plugin_id, const char *plugin_json, const char *nav_bar_json) {
    bar_state_t *state;
    (void)factory;
    (void)plugin_json;
    (void)nav_bar_json;
    if (plugin_id == NULL || strcmp(plugin_id, PLUGIN_ID) != 0) return NULL;
    state = calloc(1, sizeof *state);
    if (state == NULL) return NULL;
    state->host = host;
    state->bar.desc = &descriptor;
    state->bar.plugin_data = state;
    state->bar.init = bar_init;
    state->bar.destroy = bar_destroy;
    state->bar.view = bar_view;
    state->bar.layout = bar_layout;
    state->bar.customize_for_screen = bar_customize;
    state->bar.update_title = bar_update_title;
    state->bar.set_context_button = bar_set_context_button;
    state->bar.get_extension = bar_extension;
    return &state->bar;
}

static const pb_nav_bar_factory_t factory = {factory_count, factory_descriptor, factory_create};

static bool entry_init(const pb_host_info_t *info) {
    (void)info;
    return true;
}

static void entry_deinit(void) {}

static const void *entry_get_factory(const char *factory_id) {
    return factory_id != NULL && strcmp(factory_id, PB_NAV_BAR_FACTORY_ID) == 0 ? &factory : NULL;
}

PB_EXPORT const pb_plugin_entry_t plugboard_entry = {PB_VERSION_INIT, entry_init, entry_deinit, entry_get_factory};
