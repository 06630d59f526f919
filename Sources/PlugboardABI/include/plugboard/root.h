/* plugboard/root.h — root (menu) plugins (the seed's ZPAdapterRootProtocol) and the host
 * callbacks offered to them. */
#ifndef PLUGBOARD_ROOT_H
#define PLUGBOARD_ROOT_H

#include "host.h"
#include "plugin.h"

PB_EXTERN_C_BEGIN

#define PB_ROOT_FACTORY_ID "plugboard.factory.root"

/*
 * A root instance: the app's top-level navigation (side menu, tab bar). It shows the menu's nav
 * items and hosts the selected screen in the screen container the host gives it
 * (PB_HOST_EXT_ROOT). Owned by the host, which calls `destroy`. All functions are
 * [main-thread].
 */
typedef struct pb_root {
    const pb_plugin_descriptor_t *desc;
    void *plugin_data; /* the plugin's; the host never touches it */

    /* Second construction step: build views, add the host's screen container to them.
     * Returns false when the root cannot work; the host then uses its built-in side menu. */
    bool (*init)(const struct pb_root *root);

    /* Releases everything; the host releases any view the instance still owns afterwards. */
    void (*destroy)(const struct pb_root *root);

    /* The root's view; the host sizes it to the root content area. */
    pb_view_t (*view)(const struct pb_root *root);

    /* The host has sized the root view; lay out the menu and the screen container. Called
     * after init and whenever that size changes, not again for the same size. */
    void (*layout)(const struct pb_root *root, double width, double height);

    /* The host selected the nav item `nav_item_id` (after `open_item`, the shell's `select`, a
     * close back to Home; not at start-up, where nothing is selected yet): update the selection
     * shown. The string is the host's, valid during the call only. The host shows
     * the item's screen itself; the root must not call `open_item` back for it. */
    void (*select_item)(const struct pb_root *root, const char *nav_item_id);

    /* Returns the root extension named `extension_id` (PB_EXT_SPECIAL_ACTION,
     * PB_EXT_PLACEMENT, ...), or NULL when absent. The returned struct is the plugin's and
     * lives as long as the instance; the answer for an id must not change during the
     * instance's life: the host asks for each extension once and keeps the answer.
     * [any-thread] */
    const void *(*get_extension)(const struct pb_root *root, const char *extension_id);
} pb_root_t;

/* Returned by `get_factory(PB_ROOT_FACTORY_ID)`. All functions are [main-thread]. */
typedef struct pb_root_factory {
    uint32_t (*count)(const struct pb_root_factory *factory);
    const pb_plugin_descriptor_t *(*get_descriptor)(const struct pb_root_factory *factory,
                                                    uint32_t index);

    /* Creates the root `plugin_id`, or returns NULL (the host then uses its built-in side
     * menu). Must not call back into the host.
     *   plugin_json:      the plugin model (manifest + `configuration_json`), UTF-8 JSON.
     *   data_source_json: the root data source: the home screen's `menu` navigation with its
     *                     nav items, UTF-8 JSON.
     * Strings are the host's and valid during the call only. Examples: "The JSON models" in
     * plugboard/plugin.h. */
    const pb_root_t *(*create)(const struct pb_root_factory *factory, const pb_host_t *host,
                               const char *plugin_id, const char *plugin_json,
                               const char *data_source_json);
} pb_root_factory_t;

#define PB_HOST_EXT_ROOT "plugboard.host.root"

/* Host callbacks offered to root instances (NULL for other kinds). [main-thread] */
typedef struct pb_host_root {
    /* The container view in which the host shows the current screen stack. The root adds it to
     * its own tree and frames it; the host lays out what is inside. Owned by the host: the root
     * must not release it or set a tap action on it. PB_VIEW_NONE when the host has no screens
     * to show (a probe such as `plugboard inspect`, which creates the root from empty models):
     * a root must work without it. */
    pb_view_t (*screen_container)(const pb_host_t *host);

    /* The user picked the nav item `nav_item_id` in the root's menu: the host shows its target
     * (push onto the root stack by default) and then calls `select_item`. Returns false for an
     * unknown id. The string is the caller's, read during the call only. */
    bool (*open_item)(const pb_host_t *host, const char *nav_item_id);
} pb_host_root_t;

PB_EXTERN_C_END

#endif /* PLUGBOARD_ROOT_H */
