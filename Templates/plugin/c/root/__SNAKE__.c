/* __DISPLAY__ — a Plugboard root (menu) plugin in C (made by `plugboard new`).
 *
 * The root holds the host's screen container (where the screens are shown) in its own view.
 * The host calls, in order (plugboard/root.h): `create` (no host calls yet), `init` (make the
 * views, fetch the screen container), `view` and `layout` whenever it lays the app out,
 * `select_item` when a menu item was opened, and `destroy`. Everything runs on the main
 * thread. The menu's nav items are in the root's data source (the home screen's `menu`
 * navigation), read here through the model extension; a real menu would show them. */
#include <plugboard.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PLUGIN_ID "__PLUGIN_ID__"

typedef struct root_state {
    pb_root_t root;        /* what the host sees; plugin_data points back here */
    const pb_host_t *host; /* valid until destroy returns */
    pb_view_t view;        /* ours */
    pb_view_t container;   /* the host's screen container: not ours, never release it */
} root_state_t;

static root_state_t *state_of(const pb_root_t *root) { return (root_state_t *)root->plugin_data; }

static void say(root_state_t *state, const char *message) { state->host->log(state->host, PB_LOG_INFO, message); }

static bool root_init(const pb_root_t *root) {
    root_state_t *state = state_of(root);
    const pb_host_t *host = state->host;
    const pb_host_root_t *host_root = host->get_extension(host, PB_HOST_EXT_ROOT);
    const pb_host_model_t *model = host->get_extension(host, PB_HOST_EXT_MODEL);
    char line[64];
    if (host_root == NULL) return false;
    state->view = host->views->create(host, PB_VIEW_CONTAINER);
    if (state->view == PB_VIEW_NONE) return false;
    host->views->set_identifier(host, state->view, PLUGIN_ID ":view");
    state->container = host_root->screen_container(host);
    if (state->container != PB_VIEW_NONE) host->views->add_child(host, state->view, state->container);
    snprintf(line, sizeof line, "init: %u menu items",
             model != NULL ? (unsigned)model->count(host, PB_MODEL_DATA_SOURCE, "nav_items") : 0u);
    say(state, line);
    return true;
}

static void root_destroy(const pb_root_t *root) {
    root_state_t *state = state_of(root);
    say(state, "destroy");
    if (state->view != PB_VIEW_NONE) state->host->views->release(state->host, state->view);
    free(state);
}

static pb_view_t root_view(const pb_root_t *root) { return state_of(root)->view; }

/* layout: the screens take the whole root. */
static void root_layout(const pb_root_t *root, double width, double height) {
    root_state_t *state = state_of(root);
    pb_rect_t whole = {0, 0, width, height};
    if (state->container != PB_VIEW_NONE) state->host->views->set_frame(state->host, state->container, whole);
}

static void root_select_item(const pb_root_t *root, const char *nav_item_id) {
    root_state_t *state = state_of(root);
    char line[160];
    snprintf(line, sizeof line, "select %s", nav_item_id != NULL ? nav_item_id : "(none)");
    say(state, line);
}

static const void *root_extension(const pb_root_t *root, const char *extension_id) {
    (void)root;
    (void)extension_id;
    return NULL;
}

static const pb_plugin_descriptor_t descriptor = {
    PB_VERSION_INIT, PLUGIN_ID, "__DISPLAY__", "__VENDOR__", "1.0.0", "A root made by plugboard new",
    PB_PLUGIN_KIND_ROOT, 0};

static uint32_t factory_count(const pb_root_factory_t *factory) {
    (void)factory;
    return 1;
}

static const pb_plugin_descriptor_t *factory_descriptor(const pb_root_factory_t *factory, uint32_t index) {
    (void)factory;
    return index == 0 ? &descriptor : NULL;
}

/* create: allocate and fill the vtable only; host calls wait for init. */
static const pb_root_t *factory_create(const pb_root_factory_t *factory, const pb_host_t *host, const char *plugin_id,
                                       const char *plugin_json, const char *data_source_json) {
    root_state_t *state;
    (void)factory;
    (void)plugin_json;
    (void)data_source_json;
    if (plugin_id == NULL || strcmp(plugin_id, PLUGIN_ID) != 0) return NULL;
    state = calloc(1, sizeof *state);
    if (state == NULL) return NULL;
    state->host = host;
    state->root.desc = &descriptor;
    state->root.plugin_data = state;
    state->root.init = root_init;
    state->root.destroy = root_destroy;
    state->root.view = root_view;
    state->root.layout = root_layout;
    state->root.select_item = root_select_item;
    state->root.get_extension = root_extension;
    return &state->root;
}

static const pb_root_factory_t factory = {factory_count, factory_descriptor, factory_create};

static bool entry_init(const pb_host_info_t *info) {
    (void)info;
    return true;
}

static void entry_deinit(void) {}

static const void *entry_get_factory(const char *factory_id) {
    return factory_id != NULL && strcmp(factory_id, PB_ROOT_FACTORY_ID) == 0 ? &factory : NULL;
}

PB_EXPORT const pb_plugin_entry_t plugboard_entry = {PB_VERSION_INIT, entry_init, entry_deinit, entry_get_factory};
