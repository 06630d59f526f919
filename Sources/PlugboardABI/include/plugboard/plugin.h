/* plugboard/plugin.h — what every plugin instance has in common: its descriptor. */
#ifndef PLUGBOARD_PLUGIN_H
#define PLUGBOARD_PLUGIN_H

#include "version.h"

PB_EXTERN_C_BEGIN

/* The three kinds of plugin the host runs code for. */
typedef int32_t pb_plugin_kind_t;
enum {
    PB_PLUGIN_KIND_SCREEN = 0,  /* a screen (ZPPluggableScreenProtocol) */
    PB_PLUGIN_KIND_NAV_BAR = 1, /* a navigation-bar adapter (ZPAdapterNavBarProtocol) */
    PB_PLUGIN_KIND_ROOT = 2,    /* a root (menu) adapter (ZPAdapterRootProtocol) */
};

/* Descriptor flags. */
enum {
    /* The plugin may be used as a screen in rivers.json (the manifest's `screen: true`). */
    PB_PLUGIN_FLAG_SCREEN = 1u << 0,
};

/*
 * The JSON models. Every `*_json` argument of the ABI is one of these, as UTF-8 JSON text owned
 * by the host and valid during the call only (plugboard.host.model, plugboard/model.h, reads
 * them by path without a parser, for as long as the instance lives). Field by field in
 * docs/formats/; short examples here, from the Showcase app:
 *
 *   plugin_json (every create): the plugins.json entry's `plugin` object with the entry's
 *   `configuration_json` added (null when there is none):
 *     {"identifier": "side_menu", "name": "Side Menu", "type": "menu",
 *      "api": {"class_name": "side_menu", …}, "plugboard": {"library": "SideMenu"},
 *      "configuration_json": null}
 *
 *   screen_json (screen create): the screen's props. The members of the rivers.json screen's
 *   `styles` and `general` at the top ("flattened"), the whole screen under
 *   `uibuilder_screen_model` (the screen's `id` is only there) and the data source under
 *   `data_source_model` when there is one:
 *     {"family": "FAMILY_1", "uibuilder_screen_model": {"id": "home", "name": "Home",
 *      "type": "general_content", "styles": {"family": "FAMILY_1"}, "general": {},
 *      "data": {}, "ui_components": […], "navigations": […]},
 *      "data_source_model": {"source": "feeds/home.xml", "type": "APPLICASTER_ATOM_FEED"}}
 *
 *   screen_json (nav_bar customize_for_screen): the rivers.json screen as written (not
 *   flattened): {"id": "shows", "name": "Shows", "type": "general_content", "styles": {…}, …}
 *
 *   nav_bar_json (nav_bar create and customize_for_screen): a `nav_bar` navigation, the
 *   manifest's style defaults filled in:
 *     {"id": "nav-home", "category": "nav_bar", "navigation_type": "general_nav_bar",
 *      "styles": {"state": "on_top", "style": "left", "presentation_style": "title",
 *                 "background_color": "#FF1A1A2E", "title_color": "#FFFFFFFF", …},
 *      "assets": {"app_logo": "https://…/logo.png"},
 *      "nav_items": [{"id": "nb-epg", "title": "Guide", "type": "button",
 *                     "data": {"target": "epg", "connected": true}, …}]}
 *
 *   data_source_json (root create): the home screen's `menu` navigation, the same shape with
 *   `"category": "menu"` and the menu's nav items (which may nest `nav_items`).
 *
 *   data_source_json (screen create, navigation.h, attributes.h): a data source object,
 *   {"source": "feeds/shows.xml", "type": "APPLICASTER_ATOM_FEED"}, a feed entry a cell
 *   opened, or what a plugin passed to open_screen; NULL when the screen has none.
 */

/*
 * Describes one plugin of a library. Owned by the plugin; it and its strings must stay valid
 * and unchanged from `init` until the last `deinit` of the entry.
 */
typedef struct pb_plugin_descriptor {
    pb_version_t abi_version; /* PB_VERSION_INIT */

    /* Matched against the manifest's `identifier` and `api.class_name` (the host's
     * NSClassFromString). Unique within the library. Required. */
    const char *id;
    const char *name;        /* human-readable name. Required. */
    const char *vendor;      /* may be NULL */
    const char *version;     /* the plugin's own version, e.g. "1.2.0". Required. */
    const char *description; /* one line; may be NULL */

    pb_plugin_kind_t kind;
    uint64_t flags; /* PB_PLUGIN_FLAG_* */
} pb_plugin_descriptor_t;

PB_EXTERN_C_END

#endif /* PLUGBOARD_PLUGIN_H */
