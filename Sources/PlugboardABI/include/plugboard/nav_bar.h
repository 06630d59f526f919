/* plugboard/nav_bar.h — navigation-bar adapters (the seed's ZPAdapterNavBarProtocol together
 * with ZPNavigationBarUIBuilderProtocol: the adapter applies the UI Builder `nav_bar` model to
 * its bar view). */
#ifndef PLUGBOARD_NAV_BAR_H
#define PLUGBOARD_NAV_BAR_H

#include "host.h"
#include "plugin.h"

PB_EXTERN_C_BEGIN

#define PB_NAV_BAR_FACTORY_ID "plugboard.factory.nav-bar"

/* Where the bar goes relative to the root content (ZPNavBarPlacement; the model's `state`). */
typedef int32_t pb_placement_t;
enum {
    PB_PLACEMENT_ON_TOP = 0,  /* bar above the root content */
    PB_PLACEMENT_OVERLAY = 1, /* root content takes the whole area; bar drawn over it */
    PB_PLACEMENT_HIDDEN = 2,  /* no bar; root content takes the whole area */
};

/* What the bar shows in its title area (the model's `presentation_style`). */
typedef int32_t pb_presentation_style_t;
enum {
    PB_PRESENTATION_LOGO = 0,
    PB_PRESENTATION_TITLE = 1,
    PB_PRESENTATION_HIDDEN = 2,
};

/* The context button the bar must show. At most one is visible at a time. */
typedef int32_t pb_context_button_t;
enum {
    PB_CONTEXT_BUTTON_NONE = 0,
    PB_CONTEXT_BUTTON_MENU = 1,  /* the "special" button: only when the root has special-action */
    PB_CONTEXT_BUTTON_BACK = 2,  /* after a push */
    PB_CONTEXT_BUTTON_CLOSE = 3, /* on a screen presented from the bar */
};

/*
 * A navigation-bar instance. Owned by the host, which calls `destroy`. The host creates one per
 * root state and one per presented container (made for that container's screen). All functions
 * are [main-thread].
 *
 * Lifetime: the root state's bar lives until the app shuts down. A dismissed container is kept,
 * out of sight and with its bar, while the screen it was made for stays in the screen cache;
 * presenting that screen again shows the same container, so its bar gets no second `create` or
 * `init` (and no `customize_for_screen` unless what it shows changed meanwhile, see below). When
 * that screen leaves the cache, the host keeps one such container as a spare: the next screen
 * presented without a container of its own is shown in it, and its bar gets that screen's
 * `customize_for_screen` like any bar whose screen changed. A bar's `destroy` comes when its
 * container is not kept (a spare is there already), or at shutdown.
 *
 * Call order: `create` (no host calls), `init` (build views, make navigation buttons), then
 * each time what the bar shows changes (its container's top screen after a push, a pop or a new
 * root screen; the device; the cast device) `customize_for_screen`, `update_title`,
 * `set_context_button`, in that order, once per change; `view` and `layout(width, height)`
 * whenever the host lays the bar out (also with the same size again). The bar's area is the
 * navigation bar's height (44 pt on a phone, 50 on a tablet; 96/102 with a screen's large title)
 * below the status bar; the bar view gets that size, never the status-bar area. A root that
 * places the bar (ext/placement.h) frames it itself.
 *
 * Every bar gets these calls, also one covered by a presented screen: the root's bar follows
 * the root stack while a presented container's own bar follows that container. A change that
 * leaves a bar's container as it was brings that bar no call (dismissing a presented screen does
 * not customise the root's bar again: it still shows what it was last given).
 *
 * Views: the bar owns what it creates and what `make_navigation_button` returns (identifier
 * `nav-item:<id>`, set by the host: keep it); their taps go to the manager directly, not
 * through `button_pressed`. The host keeps those buttons' content: it sets their text (the
 * item's `title`, or its type when it has none), image (`assets.icon`), text colour (the title
 * colour) and, after every `set_context_button`, their enabled state (disabled when the item
 * opens the screen shown) and a cast button's text; the bar frames them and may hide them, and
 * should not restyle them. They use the system font at the bar's title size. After a `customize_for_screen` with other nav items, release the
 * buttons you no longer show (the host forgets released ones) and make the new ones. Views the
 * bar does not own (the screens', the host's) cannot be changed, moved or released by it: such
 * calls are refused and logged ("not yours"). */
typedef struct pb_nav_bar {
    const pb_plugin_descriptor_t *desc;
    void *plugin_data; /* the plugin's; the host never touches it */

    /* Second construction step: build the bar's views, ask the host for navigation buttons.
     * Returns false when the bar cannot work; the host then destroys it and falls back to the
     * default bar. */
    bool (*init)(const struct pb_nav_bar *bar);

    /* Releases everything; the host releases any view the instance still owns afterwards. */
    void (*destroy)(const struct pb_nav_bar *bar);

    /* The bar's root view. The host (or the root's placement extension) places it. */
    pb_view_t (*view)(const struct pb_nav_bar *bar);

    /* The host has sized the bar view; lay out context button, title or logo and navigation
     * buttons for this width and height. */
    void (*layout)(const struct pb_nav_bar *bar, double width, double height);

    /* The visible screen changed (the seed's notification): apply its bar model. Until the first
     * call (so in `init`), the bar has no screen model: PB_MODEL_SCREEN reads as missing.
     *   screen_json:      the rivers.json screen model (UTF-8 JSON), e.g.
     *                     {"id": "shows", "name": "Shows", "type": "general_content",
     *                      "styles": {…}, "data": {…}, "navigations": […]}.
     *   nav_bar_json:     the `nav_bar` navigation that applies to the screen: the screen's own,
     *                     or Home's when the screen has none, with manifest defaults filled in.
     *   data_source_json: the screen's data source, or NULL.
     * Strings are the host's and valid during the call only. The customization helper
     * (PB_HOST_EXT_NAV_BAR_CUSTOMIZATION) answers for this model from now on. */
    void (*customize_for_screen)(const struct pb_nav_bar *bar, const char *screen_json,
                                 const char *nav_bar_json, const char *data_source_json);

    /* Shows `title` (UTF-8, valid during the call) when the presentation style is `title`. */
    void (*update_title)(const struct pb_nav_bar *bar, const char *title);

    /* Shows exactly this context button (or none). Called after every screen change. */
    void (*set_context_button)(const struct pb_nav_bar *bar, pb_context_button_t button);

    /* Returns the bar extension named `extension_id`, or NULL when absent. [any-thread] */
    const void *(*get_extension)(const struct pb_nav_bar *bar, const char *extension_id);
} pb_nav_bar_t;

/* Returned by `get_factory(PB_NAV_BAR_FACTORY_ID)`. All functions are [main-thread]. */
typedef struct pb_nav_bar_factory {
    uint32_t (*count)(const struct pb_nav_bar_factory *factory);
    const pb_plugin_descriptor_t *(*get_descriptor)(const struct pb_nav_bar_factory *factory,
                                                    uint32_t index);

    /* Creates the bar `plugin_id`, or returns NULL (reported by the host, which falls back to
     * the default bar). Must not call back into the host.
     *   plugin_json:  the plugin model (manifest + `configuration_json`), UTF-8 JSON.
     *   nav_bar_json: the home screen's `nav_bar` navigation (category, styles, assets,
     *                 nav_items), manifest defaults filled in.
     * When the host falls back to its default bar for a screen, that bar's plugin_json is "{}".
     * Strings are the host's and valid during the call only. Examples: "The JSON models" in
     * plugboard/plugin.h. */
    const pb_nav_bar_t *(*create)(const struct pb_nav_bar_factory *factory, const pb_host_t *host,
                                  const char *plugin_id, const char *plugin_json,
                                  const char *nav_bar_json);
} pb_nav_bar_factory_t;

PB_EXTERN_C_END

#endif /* PLUGBOARD_NAV_BAR_H */
