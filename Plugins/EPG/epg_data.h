/* EPG — the programme guide data: a fixed weekly-looking schedule, so the guide and epg_tune
 * agree and tests can name what plays. */
#ifndef PLUGBOARD_EPG_DATA_H
#define PLUGBOARD_EPG_DATA_H

/* Shared between the library's files but not exported: the library's only exports are
 * plugboard_entry and the manifest's declared epg_tune (`plugboard check` warns otherwise). */
#define EPG_INTERNAL __attribute__((visibility("hidden")))

#define EPG_CHANNELS 8
#define EPG_SLOTS 6 /* four-hour slots from 00:00 */

/* The channel's name, channel numbers 1...EPG_CHANNELS; NULL outside. */
EPG_INTERNAL const char *epg_channel_name(int channel);

/* What plays on `channel` at `hour` (0...23); NULL for an unknown channel. */
EPG_INTERNAL const char *epg_programme(int channel, int hour);

/* The hour "now": the PLUGBOARD_EPG_HOUR environment variable when set (for reproducible
 * demos and tests), else the local clock. */
EPG_INTERNAL int epg_current_hour(void);

#endif
