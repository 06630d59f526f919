/* plugboard/ext/attributes.h — optional screen extension: data from the route that opens it
 * (ABI 1.1).
 *
 * Seed 004 (Navigator): "data strings, objects … are delivered to the view before it is on
 * screen, so that it has time to prepare" (`updateWithAttributes:`). When a deep link or a
 * transition opens a screen with data — `app://home/show::2` — the host calls this before the
 * screen's `will_appear`. A screen without the extension gets the same data as its data source
 * at `create` only. */
#ifndef PLUGBOARD_EXT_ATTRIBUTES_H
#define PLUGBOARD_EXT_ATTRIBUTES_H

#include "../screen.h"

PB_EXTERN_C_BEGIN

#define PB_EXT_ATTRIBUTES "plugboard.ext.attributes"

typedef struct pb_screen_attributes {
    /* The route that is about to show the screen carries data.
     *   data:        the URL component's data string (`2` in `show::2`), UTF-8; NULL when none.
     *   object_json: the JSON object passed with it (the screen's data source), UTF-8; NULL when
     *                none.
     * Both are the host's and valid during the call only. Called before `will_appear`, also when
     * the screen comes back from the screen cache. May call the host (views, log). [main-thread] */
    void (*update_with_attributes)(const pb_screen_t *screen, const char *data, const char *object_json);
} pb_screen_attributes_t;

PB_EXTERN_C_END

#endif /* PLUGBOARD_EXT_ATTRIBUTES_H */
