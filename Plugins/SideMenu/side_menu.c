/* SideMenu — the first-party side-menu root plugin ("side_menu"), in pure C11 over the ABI.
 *
 * What it does (seed 001, RootMenuPlugins.md):
 *  - init reads the nav items of its data source (the home screen's `menu` navigation) through
 *    plugboard.host.model — no JSON is parsed here — and fails when the data source is not an
 *    object, an item has no id, or menus nest deeper than SIDE_MENU_MAX_DEPTH levels;
 *  - init builds its root view: the host's screen container, and over it a menu panel
 *    ("side-menu:panel", hidden at first) with one row per item: a button "menu-item:<id>" for
 *    items that open something, a label for headers and nested menus, whose children follow
 *    them indented. Tapping a row asks the host to open the item and closes the panel;
 *  - it answers special-action (the menu button toggles the panel) and placement (it puts the
 *    navigation bar at the top of its own view: on_top above the screens, overlay over them,
 *    hidden not at all), and re-applies the last placement on every layout;
 *  - select_item highlights the selected row.
 *
 * Colours come from the data source's `styles` (manifest defaults filled in by the host):
 * `menu_background_color`, `text_color`, `header_text_color`, `selected_text_color`, as
 * "#RRGGBB" or "#AARRGGBB"; missing or unreadable values fall back to the constants below.
 */
#include <plugboard.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIDE_MENU_ID "side_menu"

/* The height the side menu gives a navigation bar it places: the host's phone bar height. The
 * ABI hands the bar over without a size, so the side menu decides it. */
#define SIDE_MENU_BAR_HEIGHT 44.0
/* Rows of the panel: height, margins, and the extra indent of each nested level. */
#define SIDE_MENU_ROW_HEIGHT 44.0
#define SIDE_MENU_MARGIN 16.0
#define SIDE_MENU_INDENT 16.0
/* The panel covers this part of the root view's width (4/5, as the built-in side menu). */
#define SIDE_MENU_PANEL_WIDTH(width) ((width) * 4.0 / 5.0)
/* Levels of nested menus the side menu shows; deeper is refused. */
#define SIDE_MENU_MAX_DEPTH 32
/* The longest model path it builds: "nav_items[NNN].nav_items[NNN]…" for every level. */
#define SIDE_MENU_MAX_PATH (SIDE_MENU_MAX_DEPTH * 32)

/* Default colours (0xAARRGGBB). */
#define SIDE_MENU_PANEL_COLOR 0xF0202020u
#define SIDE_MENU_TEXT_COLOR 0xFFFFFFFFu
#define SIDE_MENU_HEADER_COLOR 0xFF9E9E9Eu
#define SIDE_MENU_SELECTED_COLOR 0xFF3FA9F5u

typedef struct side_menu side_menu_t;

/* One row of the panel, copied from a nav item. */
typedef struct menu_row {
    side_menu_t *menu; /* the instance, for the row's tap action */
    char *id;          /* the nav item id */
    char *title;       /* its title, or its id when it has none */
    bool is_label;     /* headers and nested menus: a label that opens nothing */
    size_t depth;      /* 0 for top-level items, 1 for their children, ... */
    pb_view_t view;    /* made in init */
} menu_row_t;

/* A side-menu instance. */
struct side_menu {
    pb_root_t root;                 /* what the host sees; plugin_data points here */
    const pb_host_t *host;          /* valid until destroy returns */
    const pb_host_root_t *host_root; /* the root callbacks, fetched in init */

    menu_row_t *rows;
    size_t row_count;
    size_t row_capacity;

    pb_argb_t panel_color, text_color, header_color, selected_color;

    pb_view_t view;      /* the root view (ours) */
    pb_view_t panel;     /* the menu panel (ours) */
    pb_view_t container; /* the host's screen container (not ours) */
    pb_view_t bar;       /* the navigation bar view placed in us (not ours), or PB_VIEW_NONE */
    pb_placement_t placement;
    pb_nav_bar_area_t bar_area; /* where the host says the bar belongs (placement.h, ABI 1.3) */
    bool open;
    double width, height; /* the size of the last layout */
};

/* The instance behind a root struct. */
static side_menu_t *menu_of(const pb_root_t *root) { return (side_menu_t *)root->plugin_data; }

/* A new string `prefix` + `text`, or NULL when memory runs out. */
static char *concat(const char *prefix, const char *text) {
    size_t size = strlen(prefix) + strlen(text) + 1;
    char *joined = malloc(size);
    if (joined != NULL) snprintf(joined, size, "%s%s", prefix, text);
    return joined;
}

/* A copy of `text`, or NULL when memory runs out (strdup is POSIX, not C11). */
static char *copy_string(const char *text) {
    size_t size = strlen(text) + 1;
    char *copy = malloc(size);
    if (copy != NULL) memcpy(copy, text, size);
    return copy;
}

/* Logs `prefix` + `text` at `severity` under the plugin's name. */
static void say(const side_menu_t *menu, pb_log_severity_t severity, const char *prefix, const char *text) {
    char *line = concat(prefix, text);
    if (line == NULL) return;
    menu->host->log(menu->host, severity, line);
    free(line);
}

/* The digit value of a hexadecimal character, or -1. */
static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Reads the style colour `styles.<key>` ("#RRGGBB" or "#AARRGGBB") of the data source, else
 * `fallback`. */
static pb_argb_t style_color(const side_menu_t *menu, const pb_host_model_t *model, const char *key,
                             pb_argb_t fallback) {
    char path[64];
    const char *text;
    snprintf(path, sizeof path, "styles.%s", key);
    text = model->string(menu->host, PB_MODEL_DATA_SOURCE, path);
    size_t length, i;
    pb_argb_t color = 0;
    if (text == NULL || text[0] != '#') return fallback;
    length = strlen(text + 1);
    if (length != 6 && length != 8) return fallback;
    for (i = 1; i <= length; i++) {
        int digit = hex_digit(text[i]);
        if (digit < 0) return fallback;
        color = (color << 4) | (pb_argb_t)digit;
    }
    return length == 6 ? (0xFF000000u | color) : color;
}

/* Appends a row copied from `id` and `title`. */
static bool add_row(side_menu_t *menu, const char *id, const char *title, bool is_label, size_t depth) {
    menu_row_t *row;
    if (menu->row_count == menu->row_capacity) {
        size_t capacity = menu->row_capacity == 0 ? 8 : menu->row_capacity * 2;
        menu_row_t *rows;
        if (capacity < menu->row_capacity || capacity > SIZE_MAX / sizeof *rows) return false;
        rows = realloc(menu->rows, capacity * sizeof *rows);
        if (rows == NULL) return false;
        menu->rows = rows;
        menu->row_capacity = capacity;
    }
    row = &menu->rows[menu->row_count];
    memset(row, 0, sizeof *row);
    row->menu = menu;
    row->id = copy_string(id);
    row->title = copy_string(title);
    row->is_label = is_label;
    row->depth = depth;
    menu->row_count++; /* counted now so that destroy frees whatever was copied */
    return row->id != NULL && row->title != NULL;
}

/* Copies the nav items of the array at `path` of the data source (and, depth first, their own
 * `nav_items`) into rows. False when it is not an array (absent is fine), an item is not an
 * object or lacks a non-empty string `id`, menus nest deeper than SIDE_MENU_MAX_DEPTH, or
 * memory runs out. */
static bool add_items(side_menu_t *menu, const pb_host_model_t *model, const char *path, size_t depth) {
    const pb_host_t *host = menu->host;
    pb_value_kind_t kind = model->kind(host, PB_MODEL_DATA_SOURCE, path);
    uint32_t count, i;
    char item[SIDE_MENU_MAX_PATH], field[SIDE_MENU_MAX_PATH + 16];
    if (kind == PB_VALUE_MISSING || kind == PB_VALUE_NULL) return true;
    if (kind != PB_VALUE_ARRAY || depth >= SIDE_MENU_MAX_DEPTH) return false;
    count = model->count(host, PB_MODEL_DATA_SOURCE, path);
    for (i = 0; i < count; i++) {
        const char *id, *title, *type;
        bool is_label;
        if (snprintf(item, sizeof item, "%s[%u]", path, (unsigned)i) >= (int)sizeof item) return false;
        if (model->kind(host, PB_MODEL_DATA_SOURCE, item) != PB_VALUE_OBJECT) return false;
        snprintf(field, sizeof field, "%s.id", item);
        id = model->string(host, PB_MODEL_DATA_SOURCE, field);
        snprintf(field, sizeof field, "%s.title", item);
        title = model->string(host, PB_MODEL_DATA_SOURCE, field);
        snprintf(field, sizeof field, "%s.type", item);
        type = model->string(host, PB_MODEL_DATA_SOURCE, field);
        is_label = type != NULL && (strcmp(type, "header") == 0 || strcmp(type, "nested_menu") == 0);
        if (id == NULL || id[0] == '\0') return false;
        if (!add_row(menu, id, title != NULL && title[0] != '\0' ? title : id, is_label, depth)) return false;
        snprintf(field, sizeof field, "%s.nav_items", item);
        if (!add_items(menu, model, field, depth + 1)) return false;
    }
    return true;
}

/* Reads the data source: the rows and the colours. False when it is unusable. */
static bool read_model(side_menu_t *menu) {
    const pb_host_model_t *model = menu->host->get_extension(menu->host, PB_HOST_EXT_MODEL);
    if (model == NULL || model->kind(menu->host, PB_MODEL_DATA_SOURCE, "") != PB_VALUE_OBJECT) return false;
    if (!add_items(menu, model, "nav_items", 0)) return false;
    menu->panel_color = style_color(menu, model, "menu_background_color", SIDE_MENU_PANEL_COLOR);
    menu->text_color = style_color(menu, model, "text_color", SIDE_MENU_TEXT_COLOR);
    menu->header_color = style_color(menu, model, "header_text_color", SIDE_MENU_HEADER_COLOR);
    menu->selected_color = style_color(menu, model, "selected_text_color", SIDE_MENU_SELECTED_COLOR);
    return true;
}

/* Frees the instance's memory (not its views). */
static void free_menu(side_menu_t *menu) {
    size_t i;
    for (i = 0; i < menu->row_count; i++) {
        free(menu->rows[i].id);
        free(menu->rows[i].title);
    }
    free(menu->rows);
    free(menu);
}

/* The text colour of a row: selected, header or plain. */
static pb_argb_t row_color(const side_menu_t *menu, const menu_row_t *row, bool selected) {
    if (selected) return menu->selected_color;
    return row->is_label ? menu->header_color : menu->text_color;
}

/* Shows or hides the panel, logging "menu open" / "menu closed" when that changes. */
static void set_panel_open(side_menu_t *menu, bool open) {
    if (menu->open == open) return;
    menu->open = open;
    menu->host->views->set_hidden(menu->host, menu->panel, !open);
    menu->host->log(menu->host, PB_LOG_INFO, open ? "menu open" : "menu closed");
}

/* A non-negative size, for frames. */
static double at_least_zero(double value) { return value > 0 ? value : 0; }

/* Frames the bar, the screen container, the panel and its rows for the last size and placement. */
static void apply_layout(side_menu_t *menu) {
    const pb_host_t *host = menu->host;
    const pb_view_api_t *v = host->views;
    double width = menu->width, height = menu->height;
    /* The bar in its area; below it, the content (on top) and the panel. */
    pb_rect_t bar_frame = menu->bar_area.frame;
    double bar_bottom = bar_frame.y + bar_frame.height;
    double bar_height = bar_bottom < height ? bar_bottom : height;
    bool bar_shown = menu->bar != PB_VIEW_NONE && menu->placement != PB_PLACEMENT_HIDDEN;
    double content_top = bar_shown && menu->placement == PB_PLACEMENT_ON_TOP ? bar_height : 0;
    double panel_top = bar_shown ? bar_height : 0; /* the bar, with its menu button, stays visible */
    double panel_width = SIDE_MENU_PANEL_WIDTH(width);
    pb_rect_t container = {0, content_top, width, at_least_zero(height - content_top)};
    pb_rect_t panel = {0, panel_top, panel_width, at_least_zero(height - panel_top)};
    size_t i;

    if (menu->bar != PB_VIEW_NONE) {
        pb_rect_t bar = {0, bar_frame.y, width, at_least_zero(bar_height - bar_frame.y)};
        v->set_hidden(host, menu->bar, !bar_shown);
        if (bar_shown) v->set_frame(host, menu->bar, bar);
    }
    if (menu->container != PB_VIEW_NONE) v->set_frame(host, menu->container, container);
    v->set_frame(host, menu->panel, panel);
    for (i = 0; i < menu->row_count; i++) {
        double indent = SIDE_MENU_MARGIN + SIDE_MENU_INDENT * (double)menu->rows[i].depth;
        pb_rect_t row = {indent, SIDE_MENU_MARGIN + SIDE_MENU_ROW_HEIGHT * (double)i,
                         at_least_zero(panel_width - indent - SIDE_MENU_MARGIN), SIDE_MENU_ROW_HEIGHT};
        v->set_frame(host, menu->rows[i].view, row);
    }
}

/* The tap action of a button row: the host opens the item (and calls select_item), then the
 * panel closes. */
static void row_tapped(void *context, pb_view_t view) {
    menu_row_t *row = (menu_row_t *)context;
    side_menu_t *menu = row->menu;
    (void)view;
    if (menu->host_root == NULL || menu->host_root->open_item == NULL ||
        !menu->host_root->open_item(menu->host, row->id)) {
        say(menu, PB_LOG_WARNING, "open refused for ", row->id);
    }
    set_panel_open(menu, false);
}

/* init: builds the root view, adds the host's screen container and the panel with its rows. */
static bool side_menu_init(const pb_root_t *root) {
    side_menu_t *menu = menu_of(root);
    const pb_host_t *host = menu->host;
    const pb_view_api_t *v = host->views;
    size_t i;

    if (!read_model(menu)) {
        host->log(host, PB_LOG_WARNING, "the menu's data source is not a usable nav_items model");
        return false;
    }
    menu->host_root = (const pb_host_root_t *)host->get_extension(host, PB_HOST_EXT_ROOT);
    if (menu->host_root != NULL && menu->host_root->screen_container != NULL) {
        menu->container = menu->host_root->screen_container(host);
    }
    if (menu->container == PB_VIEW_NONE) {
        /* Not fatal (a host probing the plugin has none): the menu works, no screen shows. */
        host->log(host, PB_LOG_WARNING, "the host gave no screen container");
    }
    menu->view = v->create(host, PB_VIEW_CONTAINER);
    menu->panel = v->create(host, PB_VIEW_CONTAINER);
    if (menu->view == PB_VIEW_NONE || menu->panel == PB_VIEW_NONE) return false;
    v->set_identifier(host, menu->view, "side-menu");
    v->set_identifier(host, menu->panel, "side-menu:panel");
    v->set_background_color(host, menu->panel, menu->panel_color);
    v->set_hidden(host, menu->panel, true);
    if (menu->container != PB_VIEW_NONE) v->add_child(host, menu->view, menu->container);
    v->add_child(host, menu->view, menu->panel);

    for (i = 0; i < menu->row_count; i++) {
        menu_row_t *row = &menu->rows[i];
        char *identifier = concat("menu-item:", row->id);
        row->view = v->create(host, row->is_label ? PB_VIEW_LABEL : PB_VIEW_BUTTON);
        if (row->view == PB_VIEW_NONE || identifier == NULL) {
            free(identifier);
            return false;
        }
        v->set_identifier(host, row->view, identifier);
        free(identifier);
        v->set_text(host, row->view, row->title);
        v->set_text_color(host, row->view, row_color(menu, row, false));
        if (!row->is_label) v->set_tap_action(host, row->view, row_tapped, row);
        v->add_child(host, menu->panel, row->view);
    }
    return true;
}

/* destroy: releases the instance's own views (never the bar or the screen container) and frees
 * its memory. */
static void side_menu_destroy(const pb_root_t *root) {
    side_menu_t *menu = menu_of(root);
    const pb_host_t *host = menu->host;
    size_t i;
    for (i = 0; i < menu->row_count; i++) {
        if (menu->rows[i].view != PB_VIEW_NONE) host->views->release(host, menu->rows[i].view);
    }
    if (menu->panel != PB_VIEW_NONE) host->views->release(host, menu->panel);
    if (menu->view != PB_VIEW_NONE) host->views->release(host, menu->view);
    free_menu(menu);
}

/* view: the root view made in init. */
static pb_view_t side_menu_view(const pb_root_t *root) { return menu_of(root)->view; }

/* layout: remembers the size and lays everything out again with the last placement. */
static void side_menu_layout(const pb_root_t *root, double width, double height) {
    side_menu_t *menu = menu_of(root);
    /* NaN fails every comparison, so it is refused with the negatives. */
    menu->width = width >= 0 && width < 1e9 ? width : 0;
    menu->height = height >= 0 && height < 1e9 ? height : 0;
    apply_layout(menu);
}

/* select_item: highlights the row of `nav_item_id` (and no other) and closes the panel. */
static void side_menu_select_item(const pb_root_t *root, const char *nav_item_id) {
    side_menu_t *menu = menu_of(root);
    size_t i;
    if (nav_item_id == NULL) return;
    for (i = 0; i < menu->row_count; i++) {
        menu_row_t *row = &menu->rows[i];
        bool selected = strcmp(row->id, nav_item_id) == 0;
        menu->host->views->set_text_color(menu->host, row->view, row_color(menu, row, selected));
    }
    say(menu, PB_LOG_INFO, "select ", nav_item_id);
    set_panel_open(menu, false);
}

/* The special action (the menu button): opens or closes the panel. */
static void side_menu_perform(const pb_root_t *root) {
    side_menu_t *menu = menu_of(root);
    set_panel_open(menu, !menu->open);
}

/* The name of a placement, for the log. */
static const char *placement_name(pb_placement_t placement) {
    switch (placement) {
    case PB_PLACEMENT_OVERLAY: return "overlay";
    case PB_PLACEMENT_HIDDEN: return "hidden";
    default: return "on_top";
    }
}

/* place_nav_bar_in: adds the bar to the root view (in front of the screens, behind the panel),
 * keeps the placement and the bar's area for later layouts and frames everything: the bar in
 * its area, the screens below it (on top) or under it (overlay), the panel below it.
 * Logs "place <placement>" when the placement or the bar changes. */
static void side_menu_place_nav_bar_in(const pb_root_t *root, pb_view_t bar_view, pb_placement_t placement,
                                       const pb_nav_bar_area_t *area) {
    side_menu_t *menu = menu_of(root);
    const pb_host_t *host = menu->host;
    bool changed;
    if (bar_view == PB_VIEW_NONE || menu->view == PB_VIEW_NONE) return;
    if (placement != PB_PLACEMENT_OVERLAY && placement != PB_PLACEMENT_HIDDEN) placement = PB_PLACEMENT_ON_TOP;
    changed = bar_view != menu->bar || placement != menu->placement;
    if (menu->bar != PB_VIEW_NONE && menu->bar != bar_view) {
        host->views->remove_child(host, menu->view, menu->bar); /* a previous bar, if still here */
    }
    menu->bar = bar_view;
    menu->placement = placement;
    if (area != NULL) menu->bar_area = *area;
    host->views->add_child(host, menu->view, bar_view);
    host->views->add_child(host, menu->view, menu->panel); /* the panel stays front-most */
    apply_layout(menu);
    if (changed) say(menu, PB_LOG_INFO, "place ", placement_name(placement));
}

static const pb_root_special_action_t special_action = {side_menu_perform};
/* place_nav_bar: for a host older than ABI 1.3, the same with the default area. */
static void side_menu_place_nav_bar(const pb_root_t *root, pb_view_t bar_view, pb_placement_t placement) {
    side_menu_place_nav_bar_in(root, bar_view, placement, NULL);
}

static const pb_root_placement_t placement_extension = {side_menu_place_nav_bar, side_menu_place_nav_bar_in};

/* get_extension: special-action and placement; nothing else. */
static const void *side_menu_get_extension(const pb_root_t *root, const char *extension_id) {
    (void)root;
    if (extension_id == NULL) return NULL;
    if (strcmp(extension_id, PB_EXT_SPECIAL_ACTION) == 0) return &special_action;
    if (strcmp(extension_id, PB_EXT_PLACEMENT) == 0) return &placement_extension;
    return NULL;
}

static const pb_plugin_descriptor_t descriptor = {
    PB_VERSION_INIT, SIDE_MENU_ID, "Side Menu", "Plugboard", "1.0.0",
    "A side menu of the menu's nav items; the menu button opens it, and it places the bar",
    PB_PLUGIN_KIND_ROOT, 0};

/* count: one plugin. */
static uint32_t factory_count(const pb_root_factory_t *factory) {
    (void)factory;
    return 1;
}

/* get_descriptor: the side menu's, at index 0. */
static const pb_plugin_descriptor_t *factory_descriptor(const pb_root_factory_t *factory, uint32_t index) {
    (void)factory;
    return index == 0 ? &descriptor : NULL;
}

/* create: the instance; its data source is read in init (host calls wait for init). NULL for
 * another id. */
static const pb_root_t *factory_create(const pb_root_factory_t *factory, const pb_host_t *host,
                                       const char *plugin_id, const char *plugin_json,
                                       const char *data_source_json) {
    side_menu_t *menu;
    (void)factory;
    (void)plugin_json;
    (void)data_source_json;
    if (host == NULL || plugin_id == NULL || strcmp(plugin_id, SIDE_MENU_ID) != 0) return NULL;
    menu = calloc(1, sizeof *menu);
    if (menu == NULL) return NULL;
    menu->host = host;
    menu->placement = PB_PLACEMENT_ON_TOP;
    menu->bar_area.frame.height = SIDE_MENU_BAR_HEIGHT;
    menu->root.desc = &descriptor;
    menu->root.plugin_data = menu;
    menu->root.init = side_menu_init;
    menu->root.destroy = side_menu_destroy;
    menu->root.view = side_menu_view;
    menu->root.layout = side_menu_layout;
    menu->root.select_item = side_menu_select_item;
    menu->root.get_extension = side_menu_get_extension;
    return &menu->root;
}

static const pb_root_factory_t root_factory = {factory_count, factory_descriptor, factory_create};

/* How many `init`s are not yet matched by a `deinit`. The library holds nothing else. */
static unsigned init_count;

/* Entry init: counts; the library needs nothing from the host. */
static bool entry_init(const pb_host_info_t *info) {
    (void)info;
    init_count++;
    return true;
}

/* Entry deinit: undoes one init. */
static void entry_deinit(void) {
    if (init_count > 0) init_count--;
}

/* Entry get_factory: the root factory while initialised. */
static const void *entry_get_factory(const char *factory_id) {
    if (init_count == 0 || factory_id == NULL) return NULL;
    return strcmp(factory_id, PB_ROOT_FACTORY_ID) == 0 ? &root_factory : NULL;
}

PB_EXPORT const pb_plugin_entry_t plugboard_entry = {PB_VERSION_INIT, entry_init, entry_deinit, entry_get_factory};
