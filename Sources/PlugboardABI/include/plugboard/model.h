/* plugboard/model.h — host extension: read the models without a JSON parser (ABI 1.2).
 *
 * Every model reaches a plugin as JSON text (plugin_json, screen_json, data_source_json,
 * nav_bar_json). The host has parsed them already: this extension reads a value by path, typed,
 * so a plugin never parses JSON.
 *
 * Paths: keys joined by dots and array indexes in brackets, from the model's top object:
 *   "styles.title_color", "nav_items[2].title", "nav_items[0].data.target", "" (the model itself).
 * A key that is not letters, digits, '_' or '-' is written quoted in brackets: `styles["a.b"]`.
 *
 * Which model:
 *   PB_MODEL_PLUGIN       plugin_json: the plugins.json manifest with `configuration_json`.
 *   PB_MODEL_SCREEN       screen_json: the screen's props — the members of its rivers.json
 *                         `styles` and `general` at the top ("flattened": `columns`, not
 *                         `styles.columns`), the whole rivers.json screen under
 *                         `uibuilder_screen_model` (its `id`, `name`, `data`…) and the data
 *                         source under `data_source_model`. For a bar: the rivers.json model of
 *                         the screen it is customised for, as is (not flattened: `styles.x`,
 *                         `name`, `id`). A screen's props, for example: {"columns": 3, "uibuilder_screen_model": {"id": "shows",
 *                         "name": "Shows", "styles": {"columns": 3}, …}, "data_source_model": {…}}
 *   PB_MODEL_NAV_BAR      nav_bar_json (bars): the `nav_bar` navigation with `styles`, `assets`,
 *                         `nav_items`.
 *   PB_MODEL_DATA_SOURCE  data_source_json: the data source, or missing when there is none;
 *                         for a root, its data source: the home screen's `menu` navigation.
 * A model the instance does not have (a nav-bar model for a screen) reads as missing.
 *
 * Lifetime: strings are the host's, valid until that model changes (a bar's next
 * `customize_for_screen` with another screen, nav-bar or data-source model; the plugin model
 * never changes) or the instance is destroyed. Available from `init` on (host calls
 * during `create` are refused). All functions [main-thread]; a NULL or non-UTF-8 path reads as
 * missing, and so does a path that is not of the grammar above (`nav_items[0]title`,
 * `nav_items[0`), which the host also logs as a refused call: it can never read anything.
 * Offered to every instance kind. */
#ifndef PLUGBOARD_MODEL_H
#define PLUGBOARD_MODEL_H

#include "host.h"

PB_EXTERN_C_BEGIN

#define PB_HOST_EXT_MODEL "plugboard.host.model"

typedef int32_t pb_model_t;
enum {
    PB_MODEL_PLUGIN = 0,
    PB_MODEL_SCREEN = 1,
    PB_MODEL_NAV_BAR = 2,
    PB_MODEL_DATA_SOURCE = 3,
};

typedef int32_t pb_value_kind_t;
enum {
    PB_VALUE_MISSING = 0, /* no such path (or no such model) */
    PB_VALUE_NULL = 1,
    PB_VALUE_BOOL = 2,
    PB_VALUE_NUMBER = 3,
    PB_VALUE_STRING = 4,
    PB_VALUE_ARRAY = 5,
    PB_VALUE_OBJECT = 6,
};

typedef struct pb_host_model {
    /* What is at `path`: PB_VALUE_MISSING when nothing is. */
    pb_value_kind_t (*kind)(const pb_host_t *host, pb_model_t model, const char *path);

    /* The string at `path` (UTF-8, NUL-terminated), or NULL when it is not a string. */
    const char *(*string)(const pb_host_t *host, pb_model_t model, const char *path);

    /* The number at `path` into *value; false (and *value untouched) when it is not a number. */
    bool (*number)(const pb_host_t *host, pb_model_t model, const char *path, double *value);

    /* The boolean at `path` into *value; false (and *value untouched) when it is not a bool. */
    bool (*boolean)(const pb_host_t *host, pb_model_t model, const char *path, bool *value);

    /* The number of elements of the array, or of members of the object, at `path`; 0 otherwise. */
    uint32_t (*count)(const pb_host_t *host, pb_model_t model, const char *path);

    /* The key of the `index`-th member (in document order) of the object at `path`, or NULL. */
    const char *(*key)(const pb_host_t *host, pb_model_t model, const char *path, uint32_t index);
} pb_host_model_t;

PB_EXTERN_C_END

#endif /* PLUGBOARD_MODEL_H */
