/* plugboard/navigation.h — host extension: open screens (ABI 1.1).
 *
 * Seed 002: a user launches a screen from the navigation bar, the root (menu) or "a tap on any
 * cell", and the cell's data source is passed to the screen. This extension is how a plugin's
 * own cells do it: an EPG row opens the programme's details, a custom menu opens a screen. The
 * host decides the rest as for any request: the screen cache (a screen opened again with the
 * same id and data source is the same instance, shown again), the bar, the lifecycle events. */
#ifndef PLUGBOARD_NAVIGATION_H
#define PLUGBOARD_NAVIGATION_H

#include "host.h"

PB_EXTERN_C_BEGIN

/* Offered to screen and root instances (NULL for bars). Added in ABI 1.1: a host of ABI 1.0
 * answers NULL, so check before use. */
#define PB_HOST_EXT_NAVIGATION "plugboard.host.navigation"

/* How the screen is shown. */
typedef int32_t pb_open_mode_t;
enum {
    PB_OPEN_DEFAULT = 0, /* the screen's `styles.presentation`; push when it has none (a cell's rule) */
    PB_OPEN_PUSH = 1,    /* pushed onto the stack the caller is shown in (a back button appears) */
    PB_OPEN_PRESENT = 2, /* presented over everything, with its own bar and a close button */
};

typedef struct pb_host_navigation {
    /* Opens the rivers.json screen `screen_id` with `data_source_json` as its data source (its
     * factory's `data_source_json` and the props' `data_source_model`), shown as `mode` says.
     *   screen_id:        UTF-8, the caller's, read during the call.
     *   data_source_json: a JSON object as UTF-8 text (e.g. {"source": "…", "type": "…"}), the
     *                     caller's, read during the call; NULL for none.
     * Returns false, and logs why under the plugin's name, for an unknown screen id, a data
     * source that is not a JSON object, or an unknown mode; nothing changes then.
     * The transition runs before this returns: a calling screen gets will_disappear and
     * did_disappear during the call (and will_appear, did_appear again when it is back on top).
     * [main-thread] */
    bool (*open_screen)(const pb_host_t *host, const char *screen_id, const char *data_source_json,
                        pb_open_mode_t mode);

    /* True when rivers.json has a screen `screen_id` (UTF-8, the caller's, read during the call),
     * so a plugin can make a cell tappable only when its target exists. [main-thread] */
    bool (*screen_exists)(const pb_host_t *host, const char *screen_id);
} pb_host_navigation_t;

PB_EXTERN_C_END

#endif /* PLUGBOARD_NAVIGATION_H */
