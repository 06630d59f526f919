/* plugboard/screen.h — screen plugins (the seed's ZPPluggableScreenProtocol). */
#ifndef PLUGBOARD_SCREEN_H
#define PLUGBOARD_SCREEN_H

#include "host.h"
#include "plugin.h"

PB_EXTERN_C_BEGIN

#define PB_SCREEN_FACTORY_ID "plugboard.factory.screen"

/*
 * A screen instance. Created by its factory, owned by the host, which destroys it with
 * `destroy`. Lifecycle, always in this order for one appearance:
 *
 *     create -> init -> [layout] -> will_appear -> did_appear
 *            -> will_disappear -> did_disappear -> ... -> destroy
 *
 * The host never calls `did_appear` without `will_appear` before it, nor two `will_appear` in a
 * row. All functions are [main-thread].
 */
typedef struct pb_screen {
    const pb_plugin_descriptor_t *desc; /* the descriptor this instance was created from */
    void *plugin_data;                  /* the plugin's; the host never touches it */

    /* Second construction step: may call the host (create views, log). Returns false when
     * the screen cannot work; the host then calls `destroy` and shows an error screen. */
    bool (*init)(const struct pb_screen *screen);

    /* Releases everything the instance holds. The host releases any view the instance still
     * owns after this returns. The instance pointer is invalid afterwards. */
    void (*destroy)(const struct pb_screen *screen);

    /* The screen's root view, created by the plugin through the view API. The host adds it to
     * its container and sets its frame; the plugin keeps ownership. Stable after `init`. */
    pb_view_t (*view)(const struct pb_screen *screen);

    /* The host has set the root view's size; lay the subviews out. Called after init and on
     * every size change (device rotation, bar shown or hidden), not again for the same size:
     * a screen whose content changes lays it out again itself. */
    void (*layout)(const struct pb_screen *screen, double width, double height);

    /* Lifecycle events (ViewWillAppear ... ViewDidDisappear of the seed). */
    void (*will_appear)(const struct pb_screen *screen);
    void (*did_appear)(const struct pb_screen *screen);
    void (*will_disappear)(const struct pb_screen *screen);
    void (*did_disappear)(const struct pb_screen *screen);

    /* Returns the screen extension named `extension_id`, or NULL when absent. The returned
     * struct is the plugin's and lives as long as the instance. [any-thread] */
    const void *(*get_extension)(const struct pb_screen *screen, const char *extension_id);
} pb_screen_t;

/* Returned by `get_factory(PB_SCREEN_FACTORY_ID)`. All functions are [main-thread]. */
typedef struct pb_screen_factory {
    /* Number of screen plugins in the library. */
    uint32_t (*count)(const struct pb_screen_factory *factory);

    /* Descriptor at `index` (< count), or NULL. Owned by the plugin. */
    const pb_plugin_descriptor_t *(*get_descriptor)(const struct pb_screen_factory *factory,
                                                    uint32_t index);

    /* Creates the screen `plugin_id` (a descriptor id). This is the failable
     * `init?(pluginModel:screenModel:dataSourceModel:)`: returning NULL is a normal outcome the
     * host reports. Must not call back into the host (do that in `init`).
     *   host:             the host as this instance sees it; valid until `destroy` returns.
     *   plugin_json:      the plugin model: the plugins.json manifest with its
     *                     `configuration_json`, as UTF-8 JSON text.
     *   screen_json:      the props of the screen: the rivers.json screen model flattened, plus
     *                     `uibuilder_screen_model` and, when present, `data_source_model`.
     *   data_source_json: the data source (`{source, type, ...}`) or NULL when there is none.
     * All strings are owned by the host and valid during the call only; copy what you keep.
     * Examples of each model: "The JSON models" in plugboard/plugin.h. */
    const pb_screen_t *(*create)(const struct pb_screen_factory *factory, const pb_host_t *host,
                                 const char *plugin_id, const char *plugin_json,
                                 const char *screen_json, const char *data_source_json);
} pb_screen_factory_t;

#define PB_HOST_EXT_SCREEN "plugboard.host.screen"

/* Host callbacks offered to screen instances (NULL for other kinds). [main-thread] */
typedef struct pb_host_screen {
    /* Asks the host to close this screen, as the bar's close or back button would: a presented
     * screen is dismissed, a pushed one popped. For screens that hide the bar
     * (`force_nav_bar_hidden`) and so must offer their own close button. Returns false when the
     * screen is the root of the app and cannot be closed. The instance may be destroyed before
     * this returns: do not touch it afterwards. */
    bool (*close)(const pb_host_t *host);
} pb_host_screen_t;

PB_EXTERN_C_END

#endif /* PLUGBOARD_SCREEN_H */
