/* EPG — `epg_tune`, a dynamic export declared in the manifest as "(i32) -> json" and called by
 * the host through libffi (`plugboard call <app> epg_legacy_screen.epg_tune '[5]'`). */
#include <plugboard.h>
#include <stdio.h>

#include "epg_data.h"

/* Returns what plays now on `channel` as JSON text:
 *   {"channel": 5, "name": "Documentary", "hour": 21, "now_playing": "The Build"}
 * or {"error": "..."} for an unknown channel. The text is owned by the plugin and valid until the
 * next call; the host copies it. [main-thread] */
PB_EXPORT const char *epg_tune(int32_t channel) {
    static char json[256];
    int hour = epg_current_hour();
    const char *name = epg_channel_name(channel);
    if (name == NULL) {
        snprintf(json, sizeof json, "{\"error\":\"no channel %d; channels are 1 to %d\"}", (int)channel, EPG_CHANNELS);
    } else {
        snprintf(json, sizeof json, "{\"channel\":%d,\"name\":\"%s\",\"hour\":%d,\"now_playing\":\"%s\"}",
                 (int)channel, name, hour, epg_programme(channel, hour));
    }
    return json;
}
