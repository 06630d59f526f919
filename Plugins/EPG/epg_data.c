/* EPG — the schedule behind the guide and epg_tune. */
#define _POSIX_C_SOURCE 200809L
#include "epg_data.h"

#include <stdlib.h>
#include <time.h>

static const char *const channels[EPG_CHANNELS] = {
    "News 24", "Sports One", "Movies", "Kids", "Documentary", "Music", "Cooking", "Travel",
};

static const char *const schedule[EPG_CHANNELS][EPG_SLOTS] = {
    {"Night News", "Morning Briefing", "Midday Report", "Afternoon Desk", "Evening News", "Late Edition"},
    {"Replays", "Training Camp", "Live Tennis", "Football Preview", "Champions League", "Highlights"},
    {"Classic Noir", "Family Matinee", "Comedy Hour", "Drama Double", "Blockbuster", "Midnight Thriller"},
    {"Lullabies", "Cartoon Morning", "Science Kids", "Story Time", "Adventure Club", "Bedtime Tales"},
    {"Deep Oceans", "Wild Planet", "Ancient Cities", "Space Frontier", "The Build", "Night Sky"},
    {"Chill Mix", "Morning Hits", "Top 40", "Unplugged", "Live in Concert", "Club Night"},
    {"Reruns", "Breakfast Club", "Quick Lunch", "Bake Off", "Chef's Table", "Midnight Snacks"},
    {"Night Trains", "City Breaks", "Island Hopping", "Road Trip", "Grand Tour", "Northern Lights"},
};

const char *epg_channel_name(int channel) {
    return channel >= 1 && channel <= EPG_CHANNELS ? channels[channel - 1] : NULL;
}

const char *epg_programme(int channel, int hour) {
    if (channel < 1 || channel > EPG_CHANNELS || hour < 0 || hour > 23) return NULL;
    return schedule[channel - 1][hour / 4];
}

int epg_current_hour(void) {
    const char *fixed = getenv("PLUGBOARD_EPG_HOUR");
    time_t now;
    struct tm local;
    if (fixed != NULL) {
        int hour = atoi(fixed);
        if (hour >= 0 && hour <= 23) return hour;
    }
    now = time(NULL);
    if (localtime_r(&now, &local) == NULL) return 0;
    return local.tm_hour;
}
