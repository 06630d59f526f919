/* corpus_screen.h — a complete, correct screen plugin library, customised by macros. A corpus
 * plugin defines the macros it needs and includes this header once; the result is a correct
 * screen except for the one fault its hooks add.
 *
 * What the screen does: `create` matches the id (exact strcmp; NULL for unknown ids), allocates
 * its state and calls nothing in the host. `init` creates a container root view
 * ("corpus-screen"), a label ("corpus-label", text CORPUS_PLUGIN_NAME) and a button
 * ("corpus-button", text "Tap", a tap action that only counts taps), and adds the label and the
 * button to the root. `view` returns the root (stable after init). `layout(w, h)` frames the label
 * and the button inside w x h (never negative, even at 0x0). Lifecycle calls do nothing but their
 * hooks. `get_extension` answers NULL (or what CORPUS_GET_EXTENSION says). `destroy` releases
 * the views the instance created and frees its memory.
 *
 * Macros (define before the include; all optional unless marked required):
 *   CORPUS_PLUGIN_ID, CORPUS_PLUGIN_NAME (required), CORPUS_DESCRIPTOR_NAME, CORPUS_DESCRIPTION,
 *   CORPUS_SECOND_PLUGIN_ID + CORPUS_SECOND_PLUGIN_NAME, CORPUS_FACTORY_COUNT,
 *   CORPUS_ACCEPT_ANY_ID              descriptors and factory: see corpus_descriptors.h.
 *   CORPUS_ENTRY_INIT(info)           statement run by the first entry init: see corpus_entry.h.
 *   CORPUS_ON_CREATE(state)           statement run by `create` after the id matched and the state
 *                                     is filled in, just before it returns the instance.
 *   CORPUS_ON_INIT(state)             statement run at the end of a successful `init` (views made
 *                                     and added), just before it returns true.
 *   CORPUS_ON_WILL_APPEAR(state), CORPUS_ON_DID_APPEAR(state), CORPUS_ON_WILL_DISAPPEAR(state),
 *   CORPUS_ON_DID_DISAPPEAR(state)    the body of the lifecycle call (default: nothing).
 *   CORPUS_ON_TAP(state)              statement run by the button's tap action after counting.
 *   CORPUS_ON_DESTROY(state)          statement run first by `destroy`.
 *   CORPUS_RELEASE_VIEWS_ON_DESTROY   1 (default): destroy releases every view the instance
 *                                     created; 0: destroy only frees memory.
 *   CORPUS_GET_EXTENSION(state, id)   expression `get_extension` returns for extension `id`
 *                                     (default: NULL for every id).
 * `state` is a corpus_screen_state_t * (below); hooks reach the host through state->host and may
 * keep one extra view of their own in state->extra_view (released by destroy like the others).
 */
#ifndef CORPUS_SCREEN_H
#define CORPUS_SCREEN_H

#include "corpus_common.h"

#define CORPUS_KIND_ PB_PLUGIN_KIND_SCREEN
#define CORPUS_FLAGS_ PB_PLUGIN_FLAG_SCREEN
#include "corpus_descriptors.h"

#ifndef CORPUS_ON_CREATE
#define CORPUS_ON_CREATE(state) ((void)0)
#endif
#ifndef CORPUS_ON_INIT
#define CORPUS_ON_INIT(state) ((void)0)
#endif
#ifndef CORPUS_ON_WILL_APPEAR
#define CORPUS_ON_WILL_APPEAR(state) ((void)0)
#endif
#ifndef CORPUS_ON_DID_APPEAR
#define CORPUS_ON_DID_APPEAR(state) ((void)0)
#endif
#ifndef CORPUS_ON_WILL_DISAPPEAR
#define CORPUS_ON_WILL_DISAPPEAR(state) ((void)0)
#endif
#ifndef CORPUS_ON_TAP
#define CORPUS_ON_TAP(state) ((void)0)
#endif
#ifndef CORPUS_ON_DID_DISAPPEAR
#define CORPUS_ON_DID_DISAPPEAR(state) ((void)0)
#endif
#ifndef CORPUS_ON_DESTROY
#define CORPUS_ON_DESTROY(state) ((void)0)
#endif
#ifndef CORPUS_RELEASE_VIEWS_ON_DESTROY
#define CORPUS_RELEASE_VIEWS_ON_DESTROY 1
#endif
#ifndef CORPUS_GET_EXTENSION
#define CORPUS_GET_EXTENSION(state, id) ((void)(state), (void)(id), (const void *)NULL)
#endif

/* A screen instance; `screen.plugin_data` points here. */
typedef struct corpus_screen_state {
    pb_screen_t screen;    /* what the host sees */
    const pb_host_t *host; /* valid until destroy returns */
    pb_view_t root;        /* container, the screen's view */
    pb_view_t label;       /* label, child of root */
    pb_view_t button;      /* button, child of root */
    pb_view_t extra_view;  /* a view a hook made, or PB_VIEW_NONE */
    unsigned long taps;    /* taps on the button */
} corpus_screen_state_t;

static corpus_screen_state_t *corpus_screen_state(const pb_screen_t *screen) {
    return (corpus_screen_state_t *)screen->plugin_data;
}

/* The button's tap action: counts, then the hook. */
static void corpus_screen_tapped(void *context, pb_view_t view) {
    corpus_screen_state_t *state = (corpus_screen_state_t *)context;
    (void)view;
    state->taps++;
    CORPUS_ON_TAP(state);
}

static bool corpus_screen_init(const pb_screen_t *screen) {
    corpus_screen_state_t *state = corpus_screen_state(screen);
    const pb_host_t *host = state->host;
    const pb_view_api_t *v = host->views;
    state->root = v->create(host, PB_VIEW_CONTAINER);
    state->label = v->create(host, PB_VIEW_LABEL);
    state->button = v->create(host, PB_VIEW_BUTTON);
    if (state->root == PB_VIEW_NONE || state->label == PB_VIEW_NONE || state->button == PB_VIEW_NONE) {
        return false; /* destroy releases what was made */
    }
    v->set_identifier(host, state->root, "corpus-screen");
    v->set_identifier(host, state->label, "corpus-label");
    v->set_identifier(host, state->button, "corpus-button");
    v->set_background_color(host, state->root, 0xFF202020u);
    v->set_text(host, state->label, CORPUS_PLUGIN_NAME);
    v->set_text_color(host, state->label, 0xFFFFFFFFu);
    v->set_text(host, state->button, "Tap");
    v->set_tap_action(host, state->button, corpus_screen_tapped, state);
    v->add_child(host, state->root, state->label);
    v->add_child(host, state->root, state->button);
    CORPUS_ON_INIT(state);
    return true;
}

static void corpus_screen_destroy(const pb_screen_t *screen) {
    corpus_screen_state_t *state = corpus_screen_state(screen);
    CORPUS_ON_DESTROY(state);
#if CORPUS_RELEASE_VIEWS_ON_DESTROY
    const pb_host_t *host = state->host;
    pb_view_t views[4];
    size_t i;
    views[0] = state->extra_view;
    views[1] = state->button;
    views[2] = state->label;
    views[3] = state->root;
    for (i = 0; i < sizeof views / sizeof views[0]; i++) {
        if (views[i] != PB_VIEW_NONE) host->views->release(host, views[i]);
    }
#endif
    free(state);
}

static pb_view_t corpus_screen_view(const pb_screen_t *screen) { return corpus_screen_state(screen)->root; }

static void corpus_screen_layout(const pb_screen_t *screen, double width, double height) {
    corpus_screen_state_t *state = corpus_screen_state(screen);
    const pb_host_t *host = state->host;
    if (state->label != PB_VIEW_NONE) {
        host->views->set_frame(host, state->label, corpus_frame_in(width, height, 16, 16, width - 32, 24));
    }
    if (state->button != PB_VIEW_NONE) {
        host->views->set_frame(host, state->button, corpus_frame_in(width, height, 16, 48, width - 32, 44));
    }
}

static void corpus_screen_will_appear(const pb_screen_t *screen) {
    corpus_screen_state_t *state = corpus_screen_state(screen);
    (void)state;
    CORPUS_ON_WILL_APPEAR(state);
}

static void corpus_screen_did_appear(const pb_screen_t *screen) {
    corpus_screen_state_t *state = corpus_screen_state(screen);
    (void)state;
    CORPUS_ON_DID_APPEAR(state);
}

static void corpus_screen_will_disappear(const pb_screen_t *screen) {
    corpus_screen_state_t *state = corpus_screen_state(screen);
    (void)state;
    CORPUS_ON_WILL_DISAPPEAR(state);
}

static void corpus_screen_did_disappear(const pb_screen_t *screen) {
    corpus_screen_state_t *state = corpus_screen_state(screen);
    (void)state;
    CORPUS_ON_DID_DISAPPEAR(state);
}

static const void *corpus_screen_get_extension(const pb_screen_t *screen, const char *extension_id) {
    corpus_screen_state_t *state = corpus_screen_state(screen);
    return CORPUS_GET_EXTENSION(state, extension_id);
}

static uint32_t corpus_screen_factory_count(const pb_screen_factory_t *factory) {
    (void)factory;
    return corpus_count();
}

static const pb_plugin_descriptor_t *corpus_screen_factory_descriptor(const pb_screen_factory_t *factory,
                                                                      uint32_t index) {
    (void)factory;
    return corpus_descriptor_at(index);
}

static const pb_screen_t *corpus_screen_factory_create(const pb_screen_factory_t *factory, const pb_host_t *host,
                                                       const char *plugin_id, const char *plugin_json,
                                                       const char *screen_json, const char *data_source_json) {
    const pb_plugin_descriptor_t *desc = corpus_find_descriptor(plugin_id);
    corpus_screen_state_t *state;
    (void)factory;
    (void)plugin_json; /* nothing of the models is kept, so nothing to copy */
    (void)screen_json;
    (void)data_source_json;
    if (desc == NULL || host == NULL) return NULL;
    state = calloc(1, sizeof *state);
    if (state == NULL) return NULL;
    state->host = host;
    state->screen.desc = desc;
    state->screen.plugin_data = state;
    state->screen.init = corpus_screen_init;
    state->screen.destroy = corpus_screen_destroy;
    state->screen.view = corpus_screen_view;
    state->screen.layout = corpus_screen_layout;
    state->screen.will_appear = corpus_screen_will_appear;
    state->screen.did_appear = corpus_screen_did_appear;
    state->screen.will_disappear = corpus_screen_will_disappear;
    state->screen.did_disappear = corpus_screen_did_disappear;
    state->screen.get_extension = corpus_screen_get_extension;
    CORPUS_ON_CREATE(state);
    return &state->screen;
}

static const pb_screen_factory_t corpus_screen_factory = {
    corpus_screen_factory_count, corpus_screen_factory_descriptor, corpus_screen_factory_create,
};

#define CORPUS_ENTRY_FACTORY_ID_ PB_SCREEN_FACTORY_ID
#define CORPUS_ENTRY_FACTORY_ (&corpus_screen_factory)
#include "corpus_entry.h"

#endif /* CORPUS_SCREEN_H */
