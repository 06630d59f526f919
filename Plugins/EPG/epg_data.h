/* EPG — the programme guide data: a fixed weekly-looking schedule, so the guide and epg_tune
 * agree and tests can name what plays. */
#ifndef PLUGBOARD_EPG_DATA_H
#define PLUGBOARD_EPG_DATA_H

#define EPG_CHANNELS 8
#define EPG_SLOTS 6 /* four-hour slots from 00:00 */

/* The channel's name, channel numbers 1...EPG_CHANNELS; NULL outside. */
const char *epg_channel_name(int channel);

/* What plays on `channel` at `hour` (0...23); NULL for an unknown channel. */
const char *epg_programme(int channel, int hour);

/* The hour "now": the PLUGBOARD_EPG_HOUR environment variable when set (for reproducible
 * demos and tests), else the local clock. */
int epg_current_hour(void);

#endif
