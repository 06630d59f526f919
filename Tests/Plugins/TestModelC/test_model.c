/* TestModelC — reads its models through plugboard.host.model, as an author who never parses
 * JSON would, and logs what it read ("query <path> -> <answer>"), for the tests to compare. A
 * query made from `create` is refused (host calls wait for `init`). */
#include <plugboard.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct model_state {
    pb_screen_t screen;
    const pb_host_t *host;
    pb_view_t root;
} model_state_t;

static model_state_t *state_of(const pb_screen_t *screen) { return (model_state_t *)screen->plugin_data; }

static void say(const pb_host_t *host, const char *text) { host->log(host, PB_LOG_INFO, text); }

/* Logs every typed answer for one path of one model. */
static void query(const pb_host_t *host, const pb_host_model_t *m, pb_model_t model, const char *path) {
    char line[512];
    double number = 0;
    bool flag = false;
    const char *text = m->string(host, model, path);
    const char *first_key = m->key(host, model, path, 0);
    int has_number = m->number(host, model, path, &number);
    int has_bool = m->boolean(host, model, path, &flag);
    snprintf(line, sizeof line, "query %d %s -> kind %d string %s number %s%g bool %s%d count %u key0 %s", (int)model,
             path, (int)m->kind(host, model, path), text ? text : "NULL", has_number ? "" : "none ", number,
             has_bool ? "" : "none ", flag, m->count(host, model, path), first_key ? first_key : "NULL");
    say(host, line);
}

static bool screen_init(const pb_screen_t *screen) {
    model_state_t *state = state_of(screen);
    const pb_host_t *host = state->host;
    const pb_host_model_t *m = host->get_extension(host, PB_HOST_EXT_MODEL);
    const char *kept;
    if (m == NULL) return false;
    query(host, m, PB_MODEL_SCREEN, "uibuilder_screen_model.name");
    query(host, m, PB_MODEL_SCREEN, "columns");
    query(host, m, PB_MODEL_SCREEN, "dark");
    query(host, m, PB_MODEL_SCREEN, "uibuilder_screen_model.data.items[1].title");
    query(host, m, PB_MODEL_SCREEN, "data_source_model.items");
    query(host, m, PB_MODEL_SCREEN, "[\"odd.key\"]");
    query(host, m, PB_MODEL_SCREEN, "nothing");
    query(host, m, PB_MODEL_SCREEN, "data_source_model.items[9]");
    query(host, m, PB_MODEL_SCREEN, "data_source_model..items");
    query(host, m, PB_MODEL_PLUGIN, "identifier");
    query(host, m, PB_MODEL_PLUGIN, "configuration_json.key");
    query(host, m, PB_MODEL_DATA_SOURCE, "source");
    query(host, m, PB_MODEL_NAV_BAR, "nav_items");
    /* The same string twice is the same pointer: nothing leaks. */
    kept = m->string(host, PB_MODEL_SCREEN, "uibuilder_screen_model.name");
    say(host, kept == m->string(host, PB_MODEL_SCREEN, "uibuilder_screen_model.name") ? "stable pointer" : "new pointer");
    state->root = host->views->create(host, PB_VIEW_CONTAINER);
    return state->root != PB_VIEW_NONE;
}

static void screen_destroy(const pb_screen_t *screen) {
    model_state_t *state = state_of(screen);
    if (state->root != PB_VIEW_NONE) state->host->views->release(state->host, state->root);
    free(state);
}
static pb_view_t screen_view(const pb_screen_t *screen) { return state_of(screen)->root; }

static const pb_plugin_descriptor_t descriptor = {
    PB_VERSION_INIT, "test.model", "Model Reader", "1.0.0", "Plugboard Tests", "reads its models by path",
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
    model_state_t *state;
    const pb_host_model_t *m = host->get_extension(host, PB_HOST_EXT_MODEL); /* refused: during create */
    (void)factory;
    (void)plugin_json;
    (void)screen_json;
    (void)data_source_json;
    if (m != NULL || strcmp(plugin_id, descriptor.id) != 0) return NULL;
    state = calloc(1, sizeof *state);
    if (state == NULL) return NULL;
    state->host = host;
    state->screen.desc = &descriptor;
    state->screen.plugin_data = state;
    state->screen.init = screen_init;
    state->screen.destroy = screen_destroy;
    state->screen.view = screen_view;
    return &state->screen;
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
