/* corpus_root.h — a complete, correct root (menu) plugin library, customised by macros. A corpus
 * plugin defines the macros it needs and includes this header once; the result is a correct root
 * except for the one fault its hooks add.
 *
 * What the root does:
 *  - create matches the id (exact strcmp; NULL for unknown ids) and calls nothing in the host;
 *  - init fetches the root host extension and its screen container (the host's view), creates the
 *    root view ("corpus-root", a container) and a menu ("menu", a container, hidden at first)
 *    holding one label ("menu-selection"), and adds the screen container and then the menu to the
 *    root view;
 *  - layout(w, h) remembers the size (390 x 844 until the first layout) and frames: the bar (when
 *    one was placed and is not hidden) at (0, 0, w, 44), the screen container below it for
 *    ON_TOP (0, 44, w, h - 44) or filling the view otherwise, the menu over the content area at
 *    4/5 of the width, its label inside it; frames are clipped to w x h, never negative;
 *  - select_item sets the label text to a copy of the id;
 *  - extensions: PB_EXT_SPECIAL_ACTION (perform toggles the menu's hidden state) and
 *    PB_EXT_PLACEMENT (place_nav_bar: ON_TOP and OVERLAY add the bar to the root view as its
 *    front-most child, unhide and frame it; HIDDEN adds it too, so that the root owns its
 *    parent, and hides it; then the layout above is re-applied); anything else NULL;
 *  - destroy releases the views it created (never the bar or the screen container) and frees its
 *    memory.
 *
 * Macros (define before the include; all optional unless marked required):
 *   CORPUS_PLUGIN_ID, CORPUS_PLUGIN_NAME (required), CORPUS_DESCRIPTOR_NAME, CORPUS_DESCRIPTION,
 *   CORPUS_SECOND_PLUGIN_ID + CORPUS_SECOND_PLUGIN_NAME, CORPUS_FACTORY_COUNT,
 *   CORPUS_ACCEPT_ANY_ID              descriptors and factory: see corpus_descriptors.h.
 *   CORPUS_ENTRY_INIT(info)           statement run by the first entry init: see corpus_entry.h.
 *   CORPUS_ON_CREATE(state)           statement run by `create` just before it returns the instance.
 *   CORPUS_ON_INIT(state)             statement run at the end of a successful `init`.
 *   CORPUS_ON_PLACE_NAV_BAR(state, bar_view, placement)
 *                                     statement run first in place_nav_bar (default: nothing).
 *   CORPUS_RELEASE_VIEWS_ON_DESTROY   1 (default): destroy releases every view the instance
 *                                     created; 0: destroy only frees memory.
 * `state` is a corpus_root_state_t * (below); hooks reach the host through state->host.
 */
#ifndef CORPUS_ROOT_H
#define CORPUS_ROOT_H

#include "corpus_common.h"

#define CORPUS_KIND_ PB_PLUGIN_KIND_ROOT
#define CORPUS_FLAGS_ 0u
#include "corpus_descriptors.h"

#ifndef CORPUS_ON_CREATE
#define CORPUS_ON_CREATE(state) ((void)0)
#endif
#ifndef CORPUS_ON_INIT
#define CORPUS_ON_INIT(state) ((void)0)
#endif
#ifndef CORPUS_ON_PLACE_NAV_BAR
#define CORPUS_ON_PLACE_NAV_BAR(state, bar_view, placement) ((void)0)
#endif
#ifndef CORPUS_RELEASE_VIEWS_ON_DESTROY
#define CORPUS_RELEASE_VIEWS_ON_DESTROY 1
#endif
#ifndef CORPUS_ROOT_TAKES_AREA /* 1: answers place_nav_bar_in (ABI 1.3) too, and frames the bar as ever */
#define CORPUS_ROOT_TAKES_AREA 0
#endif
#ifndef CORPUS_ROOT_CONTENT_OVER_BAR /* 1: the screen container is brought in front of a placed bar */
#define CORPUS_ROOT_CONTENT_OVER_BAR 0
#endif

/* The bar height the root gives a bar it places (the ABI hands the bar over without a size). */
#define CORPUS_ROOT_BAR_HEIGHT 44.0
/* The size assumed until the first layout. */
#define CORPUS_ROOT_DEFAULT_WIDTH 390.0
#define CORPUS_ROOT_DEFAULT_HEIGHT 844.0

/* A root instance; `root.plugin_data` points here. */
typedef struct corpus_root_state {
    pb_root_t root;                 /* what the host sees */
    const pb_host_t *host;          /* valid until destroy returns */
    const pb_host_root_t *host_root; /* fetched in init; may be NULL */
    pb_view_t view;                 /* container "corpus-root", ours */
    pb_view_t menu;                 /* container "menu", ours, child of view */
    pb_view_t label;                /* label "menu-selection", ours, child of menu */
    pb_view_t container;            /* the host's screen container (not ours), or PB_VIEW_NONE */
    pb_view_t bar;                  /* the bar view placed in us (not ours), or PB_VIEW_NONE */
    pb_placement_t placement;       /* of `bar` */
    bool menu_hidden;
    char *selected;                 /* copy of the last select_item id */
    double width, height;           /* the last layout size */
} corpus_root_state_t;

static corpus_root_state_t *corpus_root_state(const pb_root_t *root) {
    return (corpus_root_state_t *)root->plugin_data;
}

/* Frames the bar, the screen container, the menu and its label for the last size and placement. */
static void corpus_root_apply_layout(corpus_root_state_t *state) {
    const pb_host_t *host = state->host;
    const pb_view_api_t *v = host->views;
    double width = state->width, height = state->height;
    bool bar_shown = state->bar != PB_VIEW_NONE && state->placement != PB_PLACEMENT_HIDDEN;
    double top = bar_shown && state->placement == PB_PLACEMENT_ON_TOP
                     ? (CORPUS_ROOT_BAR_HEIGHT < height ? CORPUS_ROOT_BAR_HEIGHT : height)
                     : 0;
    pb_rect_t menu = corpus_frame_in(width, height, 0, top, width * 4.0 / 5.0, height - top);
    if (bar_shown) {
        v->set_frame(host, state->bar, corpus_frame_in(width, height, 0, 0, width, CORPUS_ROOT_BAR_HEIGHT));
    }
    if (state->container != PB_VIEW_NONE) {
        v->set_frame(host, state->container, corpus_frame_in(width, height, 0, top, width, height - top));
    }
    v->set_frame(host, state->menu, menu);
    v->set_frame(host, state->label, corpus_frame_in(menu.width, menu.height, 16, 16, menu.width - 32, 24));
}

static bool corpus_root_init(const pb_root_t *root) {
    corpus_root_state_t *state = corpus_root_state(root);
    const pb_host_t *host = state->host;
    const pb_view_api_t *v = host->views;

    state->host_root = (const pb_host_root_t *)host->get_extension(host, PB_HOST_EXT_ROOT);
    if (state->host_root != NULL && state->host_root->screen_container != NULL) {
        state->container = state->host_root->screen_container(host);
    }
    state->view = v->create(host, PB_VIEW_CONTAINER);
    state->menu = v->create(host, PB_VIEW_CONTAINER);
    state->label = v->create(host, PB_VIEW_LABEL);
    if (state->view == PB_VIEW_NONE || state->menu == PB_VIEW_NONE || state->label == PB_VIEW_NONE) {
        return false; /* destroy releases what was made */
    }
    v->set_identifier(host, state->view, "corpus-root");
    v->set_identifier(host, state->menu, "menu");
    v->set_identifier(host, state->label, "menu-selection");
    v->set_background_color(host, state->menu, 0xF0202020u);
    v->set_text_color(host, state->label, 0xFFFFFFFFu);
    v->set_hidden(host, state->menu, true);
    state->menu_hidden = true;
    v->add_child(host, state->menu, state->label);
    if (state->container != PB_VIEW_NONE) v->add_child(host, state->view, state->container);
    v->add_child(host, state->view, state->menu);
    corpus_root_apply_layout(state);
    CORPUS_ON_INIT(state);
    return true;
}

static void corpus_root_destroy(const pb_root_t *root) {
    corpus_root_state_t *state = corpus_root_state(root);
#if CORPUS_RELEASE_VIEWS_ON_DESTROY
    const pb_host_t *host = state->host;
    if (state->label != PB_VIEW_NONE) host->views->release(host, state->label);
    if (state->menu != PB_VIEW_NONE) host->views->release(host, state->menu);
    if (state->view != PB_VIEW_NONE) host->views->release(host, state->view);
#endif
    free(state->selected);
    free(state);
}

static pb_view_t corpus_root_view(const pb_root_t *root) { return corpus_root_state(root)->view; }

static void corpus_root_layout(const pb_root_t *root, double width, double height) {
    corpus_root_state_t *state = corpus_root_state(root);
    state->width = corpus_size(width);
    state->height = corpus_size(height);
    if (state->view != PB_VIEW_NONE) corpus_root_apply_layout(state);
}

static void corpus_root_select_item(const pb_root_t *root, const char *nav_item_id) {
    corpus_root_state_t *state = corpus_root_state(root);
    char *copy = corpus_copy_string(nav_item_id);
    if (copy == NULL && nav_item_id != NULL) return; /* out of memory: keep the old selection */
    free(state->selected);
    state->selected = copy;
    if (state->label != PB_VIEW_NONE) state->host->views->set_text(state->host, state->label, state->selected);
}

/* PB_EXT_SPECIAL_ACTION: the menu button toggles the menu. */
static void corpus_root_perform(const pb_root_t *root) {
    corpus_root_state_t *state = corpus_root_state(root);
    if (state->menu == PB_VIEW_NONE) return;
    state->menu_hidden = !state->menu_hidden;
    state->host->views->set_hidden(state->host, state->menu, state->menu_hidden);
}

/* PB_EXT_PLACEMENT: puts the bar into the root view and frames it (see the top comment). */
static void corpus_root_place_nav_bar(const pb_root_t *root, pb_view_t bar_view, pb_placement_t placement) {
    corpus_root_state_t *state = corpus_root_state(root);
    const pb_host_t *host = state->host;
    CORPUS_ON_PLACE_NAV_BAR(state, bar_view, placement);
    if (state->view == PB_VIEW_NONE || bar_view == PB_VIEW_NONE) return;
    if (placement != PB_PLACEMENT_ON_TOP && placement != PB_PLACEMENT_OVERLAY) placement = PB_PLACEMENT_HIDDEN;
    state->bar = bar_view;
    state->placement = placement;
    /* add_child appends front-most, also when the bar already is our child. */
    host->views->add_child(host, state->view, bar_view);
    host->views->set_hidden(host, bar_view, placement == PB_PLACEMENT_HIDDEN);
#if CORPUS_ROOT_CONTENT_OVER_BAR
    if (state->container != PB_VIEW_NONE) host->views->add_child(host, state->view, state->container);
#endif
    corpus_root_apply_layout(state);
}

#if CORPUS_ROOT_TAKES_AREA
static void corpus_root_place_nav_bar_in(const pb_root_t *root, pb_view_t bar_view, pb_placement_t placement,
                                         const pb_nav_bar_area_t *area) {
    (void)area; /* the fault a corpus plugin with this macro adds: the area is not used */
    corpus_root_place_nav_bar(root, bar_view, placement);
}
#endif

static const pb_root_special_action_t corpus_root_special_action = {corpus_root_perform};
#if CORPUS_ROOT_TAKES_AREA
static const pb_root_placement_t corpus_root_placement = {corpus_root_place_nav_bar, corpus_root_place_nav_bar_in};
#else
static const pb_root_placement_t corpus_root_placement = {corpus_root_place_nav_bar, NULL};
#endif

static const void *corpus_root_get_extension(const pb_root_t *root, const char *extension_id) {
    (void)root;
    if (extension_id == NULL) return NULL;
    if (strcmp(extension_id, PB_EXT_SPECIAL_ACTION) == 0) return &corpus_root_special_action;
    if (strcmp(extension_id, PB_EXT_PLACEMENT) == 0) return &corpus_root_placement;
    return NULL;
}

static uint32_t corpus_root_factory_count(const pb_root_factory_t *factory) {
    (void)factory;
    return corpus_count();
}

static const pb_plugin_descriptor_t *corpus_root_factory_descriptor(const pb_root_factory_t *factory,
                                                                    uint32_t index) {
    (void)factory;
    return corpus_descriptor_at(index);
}

static const pb_root_t *corpus_root_factory_create(const pb_root_factory_t *factory, const pb_host_t *host,
                                                   const char *plugin_id, const char *plugin_json,
                                                   const char *data_source_json) {
    const pb_plugin_descriptor_t *desc = corpus_find_descriptor(plugin_id);
    corpus_root_state_t *state;
    (void)factory;
    (void)plugin_json; /* nothing of the models is kept, so nothing to copy */
    (void)data_source_json;
    if (desc == NULL || host == NULL) return NULL;
    state = calloc(1, sizeof *state);
    if (state == NULL) return NULL;
    state->host = host;
    state->placement = PB_PLACEMENT_ON_TOP;
    state->width = CORPUS_ROOT_DEFAULT_WIDTH;
    state->height = CORPUS_ROOT_DEFAULT_HEIGHT;
    state->root.desc = desc;
    state->root.plugin_data = state;
    state->root.init = corpus_root_init;
    state->root.destroy = corpus_root_destroy;
    state->root.view = corpus_root_view;
    state->root.layout = corpus_root_layout;
    state->root.select_item = corpus_root_select_item;
    state->root.get_extension = corpus_root_get_extension;
    CORPUS_ON_CREATE(state);
    return &state->root;
}

static const pb_root_factory_t corpus_root_factory = {
    corpus_root_factory_count, corpus_root_factory_descriptor, corpus_root_factory_create,
};

#define CORPUS_ENTRY_FACTORY_ID_ PB_ROOT_FACTORY_ID
#define CORPUS_ENTRY_FACTORY_ (&corpus_root_factory)
#include "corpus_entry.h"

#endif /* CORPUS_ROOT_H */
