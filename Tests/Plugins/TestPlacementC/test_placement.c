/* TestPlacementC — two roots that place the navigation bar (plugboard/ext/placement.h):
 *  - test.placement.v12 was built against ABI 1.2: its placement table has only `place_nav_bar`,
 *    and it ends at the end of a readable page (the next page is PROT_NONE), so a host that read
 *    `place_nav_bar_in` from it would crash instead of passing unnoticed.
 *  - test.placement.v13 answers only `place_nav_bar_in` and logs the area it is given.
 * Both put the bar at the top of their view and the host's screen container below it. */
#include <plugboard.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

typedef struct placing_root {
    pb_root_t root;
    const pb_host_t *host;
    pb_view_t view, container, bar;
    pb_rect_t bar_frame;
    double width, height;
} placing_root_t;

static placing_root_t *state_of(const pb_root_t *root) { return (placing_root_t *)root->plugin_data; }

static void lay_out(placing_root_t *state) {
    const pb_view_api_t *v = state->host->views;
    double top = state->bar_frame.y + state->bar_frame.height;
    pb_rect_t content = {0, top, state->width, state->height > top ? state->height - top : 0};
    if (state->bar != PB_VIEW_NONE) v->set_frame(state->host, state->bar, state->bar_frame);
    if (state->container != PB_VIEW_NONE) v->set_frame(state->host, state->container, content);
}

static void place(const pb_root_t *root, pb_view_t bar, pb_placement_t placement, const pb_nav_bar_area_t *area) {
    placing_root_t *state = state_of(root);
    char line[160];
    if (area != NULL) {
        state->bar_frame = area->frame;
        snprintf(line, sizeof line, "place_in %d %.0f,%.0f %.0fx%.0f inset %.0f", (int)placement, area->frame.x,
                 area->frame.y, area->frame.width, area->frame.height, area->top_inset);
    } else {
        snprintf(line, sizeof line, "place %d", (int)placement);
    }
    state->bar = bar;
    state->host->views->add_child(state->host, state->view, bar);
    state->host->views->set_hidden(state->host, bar, placement == PB_PLACEMENT_HIDDEN);
    lay_out(state);
    state->host->log(state->host, PB_LOG_INFO, line);
}

static void place_old(const pb_root_t *root, pb_view_t bar, pb_placement_t placement) {
    place(root, bar, placement, NULL);
}

static void place_in(const pb_root_t *root, pb_view_t bar, pb_placement_t placement, const pb_nav_bar_area_t *area) {
    place(root, bar, placement, area);
}

/* The 1.3 table: only place_nav_bar_in. */
static const pb_root_placement_t table_v13 = {NULL, place_in};

/* The 1.2 table, one pointer long, at the very end of a readable page. */
typedef struct {
    void (*place_nav_bar)(const pb_root_t *root, pb_view_t bar_view, pb_placement_t placement);
} placement_table_v12_t;
static placement_table_v12_t *table_v12;

static bool make_table_v12(void) {
    long page = sysconf(_SC_PAGESIZE);
    char *pages;
    if (table_v12 != NULL) return true;
    pages = mmap(NULL, (size_t)page * 2, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (pages == MAP_FAILED) return false;
    if (mprotect(pages + page, (size_t)page, PROT_NONE) != 0) return false;
    table_v12 = (placement_table_v12_t *)(void *)(pages + page - sizeof(placement_table_v12_t));
    table_v12->place_nav_bar = place_old;
    return true;
}

static const pb_plugin_descriptor_t descriptor_v12 = {
    {1, 2, 0}, "test.placement.v12", "Placement 1.2", "Plugboard Tests", "1.0.0",
    "a root built against ABI 1.2: place_nav_bar only, its table ends at a guard page", PB_PLUGIN_KIND_ROOT, 0};
static const pb_plugin_descriptor_t descriptor_v13 = {
    PB_VERSION_INIT, "test.placement.v13", "Placement 1.3", "Plugboard Tests", "1.0.0",
    "a root that answers place_nav_bar_in", PB_PLUGIN_KIND_ROOT, 0};

static bool root_init(const pb_root_t *root) {
    placing_root_t *state = state_of(root);
    const pb_host_root_t *host_root = state->host->get_extension(state->host, PB_HOST_EXT_ROOT);
    state->view = state->host->views->create(state->host, PB_VIEW_CONTAINER);
    if (state->view == PB_VIEW_NONE || host_root == NULL) return false;
    state->container = host_root->screen_container(state->host);
    if (state->container != PB_VIEW_NONE) state->host->views->add_child(state->host, state->view, state->container);
    return true;
}

static void root_destroy(const pb_root_t *root) {
    placing_root_t *state = state_of(root);
    if (state->view != PB_VIEW_NONE) state->host->views->release(state->host, state->view);
    free(state);
}

static pb_view_t root_view(const pb_root_t *root) { return state_of(root)->view; }

static void root_layout(const pb_root_t *root, double width, double height) {
    placing_root_t *state = state_of(root);
    state->width = width;
    state->height = height;
    lay_out(state);
}

static void root_select(const pb_root_t *root, const char *nav_item_id) {
    (void)root;
    (void)nav_item_id;
}

static const void *root_extension(const pb_root_t *root, const char *extension_id) {
    if (extension_id == NULL || strcmp(extension_id, PB_EXT_PLACEMENT) != 0) return NULL;
    if (root->desc == &descriptor_v13) return &table_v13;
    return make_table_v12() ? (const void *)table_v12 : NULL;
}

static uint32_t factory_count(const pb_root_factory_t *factory) {
    (void)factory;
    return 2;
}

static const pb_plugin_descriptor_t *factory_descriptor(const pb_root_factory_t *factory, uint32_t index) {
    (void)factory;
    return index == 0 ? &descriptor_v12 : index == 1 ? &descriptor_v13 : NULL;
}

static const pb_root_t *factory_create(const pb_root_factory_t *factory, const pb_host_t *host, const char *plugin_id,
                                       const char *plugin_json, const char *data_source_json) {
    placing_root_t *state;
    const pb_plugin_descriptor_t *descriptor =
        strcmp(plugin_id, descriptor_v12.id) == 0 ? &descriptor_v12
        : strcmp(plugin_id, descriptor_v13.id) == 0 ? &descriptor_v13
                                                     : NULL;
    (void)factory;
    (void)plugin_json;
    (void)data_source_json;
    if (descriptor == NULL) return NULL;
    state = calloc(1, sizeof *state);
    if (state == NULL) return NULL;
    state->host = host;
    state->bar_frame.height = 44;
    state->root.desc = descriptor;
    state->root.plugin_data = state;
    state->root.init = root_init;
    state->root.destroy = root_destroy;
    state->root.view = root_view;
    state->root.layout = root_layout;
    state->root.select_item = root_select;
    state->root.get_extension = root_extension;
    return &state->root;
}

static const pb_root_factory_t factory = {factory_count, factory_descriptor, factory_create};

static bool entry_init(const pb_host_info_t *info) {
    (void)info;
    return true;
}
static void entry_deinit(void) {}
static const void *entry_get_factory(const char *id) {
    return strcmp(id, PB_ROOT_FACTORY_ID) == 0 ? &factory : NULL;
}

PB_EXPORT const pb_plugin_entry_t plugboard_entry = {PB_VERSION_INIT, entry_init, entry_deinit, entry_get_factory};
