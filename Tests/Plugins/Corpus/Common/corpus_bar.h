/* corpus_bar.h — a complete, correct navigation-bar plugin library, customised by macros. A
 * corpus plugin defines the macros it needs and includes this header once; the result is a
 * correct bar except for the one fault its macros add.
 *
 * What the bar does:
 *  - create matches the id (exact strcmp; NULL for unknown ids), copies the ids of the nav items
 *    of the create-time nav_bar_json (corpus_nav_items.h) and calls nothing in the host;
 *  - init fetches the host's nav-bar and customization extensions, creates the bar ("bar", a
 *    container) with a background image view ("bar-background", hidden unless the background is
 *    an image), a title label ("title"), a logo image view ("logo") and three context buttons
 *    ("menu", "back", "close", all hidden at first) whose taps call the nav-bar extension's
 *    button_pressed with PB_BAR_BUTTON_MENU / BACK / CLOSE; it asks make_navigation_button for
 *    each nav item id, adds the non-zero buttons to the bar and keeps them; then it applies the
 *    create-time model (as customize_for_screen does);
 *  - customize_for_screen applies the customization helper: background colour -> bar background
 *    (background image hidden), background image -> transparent bar and the background image view
 *    shown with that URL, none -> transparent bar; title colour -> title (and context buttons')
 *    text colour; title font -> title font (when its size is > 0); presentation style TITLE ->
 *    title shown, logo hidden; LOGO -> logo shown with logo_url (NULL clears it), title hidden;
 *    HIDDEN -> both hidden; context-button images from context_button_image_url;
 *  - update_title sets the title text; set_context_button shows exactly the matching context
 *    button (NONE: all hidden);
 *  - layout(w, h): background fills the bar, the context buttons at the left, title and logo
 *    centred, nav buttons from the right; all frames inside w x h, never negative;
 *  - get_extension answers NULL; destroy releases every view the instance owns (its own and the
 *    navigation buttons the host made for it) and frees its memory.
 *
 * Macros (define before the include; all optional unless marked required):
 *   CORPUS_PLUGIN_ID, CORPUS_PLUGIN_NAME (required), CORPUS_DESCRIPTOR_NAME, CORPUS_DESCRIPTION,
 *   CORPUS_SECOND_PLUGIN_ID + CORPUS_SECOND_PLUGIN_NAME, CORPUS_FACTORY_COUNT,
 *   CORPUS_ACCEPT_ANY_ID              descriptors and factory: see corpus_descriptors.h.
 *   CORPUS_ENTRY_INIT(info)           statement run by the first entry init: see corpus_entry.h.
 *   CORPUS_ON_CREATE(state)           statement run by `create` just before it returns the instance.
 *   CORPUS_ON_INIT(state)             statement run at the end of a successful `init`.
 *   CORPUS_ON_LAYOUT(state)           statement run at the end of `layout`.
 *   CORPUS_ON_DESTROY(state)          statement run first in `destroy`.
 *   CORPUS_CLOSE_BUTTON_REPORTS       what the "close" button's tap passes to button_pressed
 *                                     (default PB_BAR_BUTTON_CLOSE).
 *   CORPUS_FIXED_APPEARANCE           0 (default): follow the customization helper; 1: ignore it:
 *                                     init paints a white bar (0xFFFFFFFF), a black title
 *                                     (0xFF000000), title always shown, logo never shown, and
 *                                     customize_for_screen does nothing.
 *   CORPUS_RELEASE_VIEWS_ON_DESTROY   1 (default): destroy releases every view the instance
 *                                     owns; 0: destroy only frees memory.
 *   CORPUS_BAR_MAX_NAV_ITEMS          at most this many nav items get a button (default 8; the
 *                                     rest are ignored).
 * `state` is a corpus_bar_state_t * (below); hooks reach the host through state->host.
 */
#ifndef CORPUS_BAR_H
#define CORPUS_BAR_H

#include "corpus_common.h"
#include "corpus_nav_items.h"

#define CORPUS_KIND_ PB_PLUGIN_KIND_NAV_BAR
#define CORPUS_FLAGS_ 0u
#include "corpus_descriptors.h"

#ifndef CORPUS_ON_CREATE
#define CORPUS_ON_CREATE(state) ((void)0)
#endif
#ifndef CORPUS_ON_INIT
#define CORPUS_ON_INIT(state) ((void)0)
#endif
#ifndef CORPUS_ON_LAYOUT
#define CORPUS_ON_LAYOUT(state) ((void)0)
#endif
#ifndef CORPUS_ON_DESTROY
#define CORPUS_ON_DESTROY(state) ((void)0)
#endif
#ifndef CORPUS_CLOSE_BUTTON_REPORTS
#define CORPUS_CLOSE_BUTTON_REPORTS PB_BAR_BUTTON_CLOSE
#endif
#ifndef CORPUS_FIXED_APPEARANCE
#define CORPUS_FIXED_APPEARANCE 0
#endif
#ifndef CORPUS_KEEPS_FIRST_BUTTONS /* 1: the buttons made in init stay, whatever the next model says */
#define CORPUS_KEEPS_FIRST_BUTTONS 0
#endif
#ifndef CORPUS_PAINTS_ONCE /* 1: only the first customize_for_screen is applied */
#define CORPUS_PAINTS_ONCE 0
#endif
#ifndef CORPUS_RELEASE_VIEWS_ON_DESTROY
#define CORPUS_RELEASE_VIEWS_ON_DESTROY 1
#endif
#ifndef CORPUS_BAR_MAX_NAV_ITEMS
#define CORPUS_BAR_MAX_NAV_ITEMS 8
#endif

/* Geometry of the bar, in points. */
#define CORPUS_BAR_MARGIN 8.0
#define CORPUS_BAR_BUTTON_WIDTH 44.0
#define CORPUS_BAR_TITLE_INSET 60.0

/* A bar instance; `bar.plugin_data` points here. */
typedef struct corpus_bar_state {
    pb_nav_bar_t bar;                                     /* what the host sees */
    const pb_host_t *host;                                /* valid until destroy returns */
    const pb_host_nav_bar_t *nav;                         /* fetched in init; may be NULL */
    const pb_host_nav_bar_customization_t *customization; /* fetched in init; may be NULL */
    pb_view_t root;       /* container "bar", the bar's view */
    pb_view_t background; /* image "bar-background" */
    pb_view_t title;      /* label "title" */
    pb_view_t logo;       /* image "logo" */
    pb_view_t menu;       /* button "menu" */
    pb_view_t back;       /* button "back" */
    pb_view_t close;      /* button "close" */
    char *nav_item_ids[CORPUS_BAR_MAX_NAV_ITEMS]; /* copied in create */
    size_t nav_item_count;
    pb_view_t nav_buttons[CORPUS_BAR_MAX_NAV_ITEMS]; /* made by the host in init; ours */
    size_t nav_button_count;
    pb_context_button_t context; /* the context button shown */
    unsigned customizations;     /* customize_for_screen calls so far */
} corpus_bar_state_t;

static corpus_bar_state_t *corpus_bar_state(const pb_nav_bar_t *bar) { return (corpus_bar_state_t *)bar->plugin_data; }

/* Reports a press to the manager. The instance may be destroyed during the call (a close
 * dismisses the container the bar belongs to): nothing is touched afterwards. */
static void corpus_bar_press(corpus_bar_state_t *state, pb_bar_button_t button) {
    const pb_host_nav_bar_t *nav = state->nav;
    if (nav != NULL && nav->button_pressed != NULL) nav->button_pressed(state->host, button, NULL);
}

static void corpus_bar_menu_tapped(void *context, pb_view_t view) {
    (void)view;
    corpus_bar_press((corpus_bar_state_t *)context, PB_BAR_BUTTON_MENU);
}

static void corpus_bar_back_tapped(void *context, pb_view_t view) {
    (void)view;
    corpus_bar_press((corpus_bar_state_t *)context, PB_BAR_BUTTON_BACK);
}

static void corpus_bar_close_tapped(void *context, pb_view_t view) {
    (void)view;
    corpus_bar_press((corpus_bar_state_t *)context, CORPUS_CLOSE_BUTTON_REPORTS);
}

/* Asks the host for a button for each nav item of the current model and adds it to the bar. */
static void corpus_bar_make_buttons(corpus_bar_state_t *state) {
    const pb_host_t *host = state->host;
    size_t i;
    if (state->nav == NULL || state->nav->make_navigation_button == NULL) return;
    for (i = 0; i < state->nav_item_count; i++) {
        pb_view_t button = state->nav->make_navigation_button(host, state->nav_item_ids[i]);
        if (button == PB_VIEW_NONE) continue; /* an item that makes no button */
        host->views->add_child(host, state->root, button);
        state->nav_buttons[state->nav_button_count++] = button;
    }
}

/* A new bar model (nav_bar.h): release the buttons of the old nav items, make the new ones. */
static void corpus_bar_remake_buttons(corpus_bar_state_t *state, const char *nav_bar_json) {
    size_t i;
    for (i = 0; i < state->nav_button_count; i++) state->host->views->release(state->host, state->nav_buttons[i]);
    state->nav_button_count = 0;
    for (i = 0; i < state->nav_item_count; i++) free(state->nav_item_ids[i]);
    state->nav_item_count = corpus_nav_item_ids(nav_bar_json, state->nav_item_ids, CORPUS_BAR_MAX_NAV_ITEMS);
    corpus_bar_make_buttons(state);
}

/* Applies the current model of the customization helper (or the fixed appearance). */
static void corpus_bar_apply(corpus_bar_state_t *state) {
    const pb_host_t *host = state->host;
    const pb_view_api_t *v = host->views;
#if CORPUS_FIXED_APPEARANCE
    v->set_background_color(host, state->root, 0xFFFFFFFFu);
    v->set_hidden(host, state->background, true);
    v->set_text_color(host, state->title, 0xFF000000u);
    v->set_hidden(host, state->title, false);
    v->set_hidden(host, state->logo, true);
#else
    const pb_host_nav_bar_customization_t *c = state->customization;
    if (c == NULL) return; /* no helper: keep the defaults made in init */
    if (c->background != NULL) {
        pb_background_t background = c->background(host);
        switch (background.kind) {
        case PB_BACKGROUND_COLOR:
            v->set_background_color(host, state->root, background.color);
            v->set_hidden(host, state->background, true);
            break;
        case PB_BACKGROUND_IMAGE:
            v->set_background_color(host, state->root, 0x00000000u);
            v->set_image_url(host, state->background, background.image_url);
            v->set_hidden(host, state->background, false);
            break;
        default:
            v->set_background_color(host, state->root, 0x00000000u);
            v->set_hidden(host, state->background, true);
            break;
        }
    }
    if (c->title_color != NULL) {
        pb_argb_t color = c->title_color(host);
        v->set_text_color(host, state->title, color);
        v->set_text_color(host, state->menu, color);
        v->set_text_color(host, state->back, color);
        v->set_text_color(host, state->close, color);
    }
    if (c->title_font != NULL) {
        pb_font_t font = c->title_font(host);
        if (isfinite(font.size) && font.size > 0) v->set_font(host, state->title, font.family, font.size);
    }
    if (c->presentation_style != NULL) {
        pb_presentation_style_t style = c->presentation_style(host);
        if (style == PB_PRESENTATION_LOGO) {
            v->set_image_url(host, state->logo, c->logo_url != NULL ? c->logo_url(host) : NULL);
        }
        v->set_hidden(host, state->title, style != PB_PRESENTATION_TITLE);
        v->set_hidden(host, state->logo, style != PB_PRESENTATION_LOGO);
    }
    if (c->context_button_image_url != NULL) {
        v->set_image_url(host, state->menu, c->context_button_image_url(host, PB_CONTEXT_BUTTON_MENU));
        v->set_image_url(host, state->back, c->context_button_image_url(host, PB_CONTEXT_BUTTON_BACK));
        v->set_image_url(host, state->close, c->context_button_image_url(host, PB_CONTEXT_BUTTON_CLOSE));
    }
#endif
}

static bool corpus_bar_init(const pb_nav_bar_t *bar) {
    corpus_bar_state_t *state = corpus_bar_state(bar);
    const pb_host_t *host = state->host;
    const pb_view_api_t *v = host->views;

    state->nav = (const pb_host_nav_bar_t *)host->get_extension(host, PB_HOST_EXT_NAV_BAR);
    state->customization =
        (const pb_host_nav_bar_customization_t *)host->get_extension(host, PB_HOST_EXT_NAV_BAR_CUSTOMIZATION);

    state->root = v->create(host, PB_VIEW_CONTAINER);
    state->background = v->create(host, PB_VIEW_IMAGE);
    state->title = v->create(host, PB_VIEW_LABEL);
    state->logo = v->create(host, PB_VIEW_IMAGE);
    state->menu = v->create(host, PB_VIEW_BUTTON);
    state->back = v->create(host, PB_VIEW_BUTTON);
    state->close = v->create(host, PB_VIEW_BUTTON);
    if (state->root == PB_VIEW_NONE || state->background == PB_VIEW_NONE || state->title == PB_VIEW_NONE ||
        state->logo == PB_VIEW_NONE || state->menu == PB_VIEW_NONE || state->back == PB_VIEW_NONE ||
        state->close == PB_VIEW_NONE) {
        return false; /* destroy releases what was made */
    }
    v->set_identifier(host, state->root, "bar");
    v->set_identifier(host, state->background, "bar-background");
    v->set_identifier(host, state->title, "title");
    v->set_identifier(host, state->logo, "logo");
    v->set_identifier(host, state->menu, "menu");
    v->set_identifier(host, state->back, "back");
    v->set_identifier(host, state->close, "close");
    v->set_hidden(host, state->background, true);
    v->set_alignment(host, state->title, PB_ALIGN_CENTER);
    v->set_alignment(host, state->logo, PB_ALIGN_CENTER);
    v->set_hidden(host, state->logo, true);
    v->set_text(host, state->menu, "Menu");
    v->set_text(host, state->back, "Back");
    v->set_text(host, state->close, "Close");
    v->set_tap_action(host, state->menu, corpus_bar_menu_tapped, state);
    v->set_tap_action(host, state->back, corpus_bar_back_tapped, state);
    v->set_tap_action(host, state->close, corpus_bar_close_tapped, state);
    v->set_hidden(host, state->menu, true);
    v->set_hidden(host, state->back, true);
    v->set_hidden(host, state->close, true);
    state->context = PB_CONTEXT_BUTTON_NONE;
    v->add_child(host, state->root, state->background);
    v->add_child(host, state->root, state->title);
    v->add_child(host, state->root, state->logo);
    v->add_child(host, state->root, state->menu);
    v->add_child(host, state->root, state->back);
    v->add_child(host, state->root, state->close);

    corpus_bar_make_buttons(state);
    corpus_bar_apply(state);
    CORPUS_ON_INIT(state);
    return true;
}

static void corpus_bar_destroy(const pb_nav_bar_t *bar) {
    corpus_bar_state_t *state = corpus_bar_state(bar);
    size_t i;
    CORPUS_ON_DESTROY(state);
#if CORPUS_RELEASE_VIEWS_ON_DESTROY
    const pb_host_t *host = state->host;
    pb_view_t views[7];
    views[0] = state->close;
    views[1] = state->back;
    views[2] = state->menu;
    views[3] = state->logo;
    views[4] = state->title;
    views[5] = state->background;
    views[6] = state->root;
    for (i = 0; i < state->nav_button_count; i++) host->views->release(host, state->nav_buttons[i]);
    for (i = 0; i < sizeof views / sizeof views[0]; i++) {
        if (views[i] != PB_VIEW_NONE) host->views->release(host, views[i]);
    }
#endif
    for (i = 0; i < state->nav_item_count; i++) free(state->nav_item_ids[i]);
    free(state);
}

static pb_view_t corpus_bar_view(const pb_nav_bar_t *bar) { return corpus_bar_state(bar)->root; }

static void corpus_bar_layout(const pb_nav_bar_t *bar, double width, double height) {
    corpus_bar_state_t *state = corpus_bar_state(bar);
    const pb_host_t *host = state->host;
    const pb_view_api_t *v = host->views;
    pb_rect_t context = corpus_frame_in(width, height, CORPUS_BAR_MARGIN, 0, CORPUS_BAR_BUTTON_WIDTH, height);
    pb_rect_t title = corpus_frame_in(width, height, CORPUS_BAR_TITLE_INSET, 0,
                                      width - 2 * CORPUS_BAR_TITLE_INSET, height);
    size_t i;
    if (state->root == PB_VIEW_NONE) return;
    v->set_frame(host, state->background, corpus_frame_in(width, height, 0, 0, width, height));
    v->set_frame(host, state->menu, context);
    v->set_frame(host, state->back, context);
    v->set_frame(host, state->close, context);
    v->set_frame(host, state->title, title);
    v->set_frame(host, state->logo, title);
    for (i = 0; i < state->nav_button_count; i++) {
        double x = width - CORPUS_BAR_MARGIN - CORPUS_BAR_BUTTON_WIDTH * (double)(i + 1);
        pb_rect_t frame = corpus_frame_in(width, height, x, 0, CORPUS_BAR_BUTTON_WIDTH, height);
        v->set_frame(host, state->nav_buttons[i], frame);
    }
    CORPUS_ON_LAYOUT(state);
}

static void corpus_bar_customize_for_screen(const pb_nav_bar_t *bar, const char *screen_json,
                                            const char *nav_bar_json, const char *data_source_json) {
    (void)screen_json;
    (void)data_source_json;
    if (corpus_bar_state(bar)->root == PB_VIEW_NONE) return;
#if CORPUS_KEEPS_FIRST_BUTTONS
    (void)nav_bar_json;
#else
    corpus_bar_remake_buttons(corpus_bar_state(bar), nav_bar_json);
#endif
#if !CORPUS_FIXED_APPEARANCE
    if (!CORPUS_PAINTS_ONCE || corpus_bar_state(bar)->customizations == 0) corpus_bar_apply(corpus_bar_state(bar));
#endif
    corpus_bar_state(bar)->customizations++;
}

static void corpus_bar_update_title(const pb_nav_bar_t *bar, const char *title) {
    corpus_bar_state_t *state = corpus_bar_state(bar);
    if (state->title != PB_VIEW_NONE) state->host->views->set_text(state->host, state->title, title);
}

static void corpus_bar_set_context_button(const pb_nav_bar_t *bar, pb_context_button_t button) {
    corpus_bar_state_t *state = corpus_bar_state(bar);
    const pb_host_t *host = state->host;
    if (state->root == PB_VIEW_NONE) return;
    state->context = button;
    host->views->set_hidden(host, state->menu, button != PB_CONTEXT_BUTTON_MENU);
    host->views->set_hidden(host, state->back, button != PB_CONTEXT_BUTTON_BACK);
    host->views->set_hidden(host, state->close, button != PB_CONTEXT_BUTTON_CLOSE);
}

static const void *corpus_bar_get_extension(const pb_nav_bar_t *bar, const char *extension_id) {
    (void)bar;
    (void)extension_id;
    return NULL;
}

static uint32_t corpus_bar_factory_count(const pb_nav_bar_factory_t *factory) {
    (void)factory;
    return corpus_count();
}

static const pb_plugin_descriptor_t *corpus_bar_factory_descriptor(const pb_nav_bar_factory_t *factory,
                                                                   uint32_t index) {
    (void)factory;
    return corpus_descriptor_at(index);
}

static const pb_nav_bar_t *corpus_bar_factory_create(const pb_nav_bar_factory_t *factory, const pb_host_t *host,
                                                     const char *plugin_id, const char *plugin_json,
                                                     const char *nav_bar_json) {
    const pb_plugin_descriptor_t *desc = corpus_find_descriptor(plugin_id);
    corpus_bar_state_t *state;
    (void)factory;
    (void)plugin_json;
    if (desc == NULL || host == NULL) return NULL;
    state = calloc(1, sizeof *state);
    if (state == NULL) return NULL;
    state->host = host;
    state->nav_item_count = corpus_nav_item_ids(nav_bar_json, state->nav_item_ids, CORPUS_BAR_MAX_NAV_ITEMS);
    state->bar.desc = desc;
    state->bar.plugin_data = state;
    state->bar.init = corpus_bar_init;
    state->bar.destroy = corpus_bar_destroy;
    state->bar.view = corpus_bar_view;
    state->bar.layout = corpus_bar_layout;
    state->bar.customize_for_screen = corpus_bar_customize_for_screen;
    state->bar.update_title = corpus_bar_update_title;
    state->bar.set_context_button = corpus_bar_set_context_button;
    state->bar.get_extension = corpus_bar_get_extension;
    CORPUS_ON_CREATE(state);
    return &state->bar;
}

static const pb_nav_bar_factory_t corpus_bar_factory = {
    corpus_bar_factory_count, corpus_bar_factory_descriptor, corpus_bar_factory_create,
};

#define CORPUS_ENTRY_FACTORY_ID_ PB_NAV_BAR_FACTORY_ID
#define CORPUS_ENTRY_FACTORY_ (&corpus_bar_factory)
#include "corpus_entry.h"

#endif /* CORPUS_BAR_H */
