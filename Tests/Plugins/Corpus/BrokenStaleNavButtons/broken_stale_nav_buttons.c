/* BrokenStaleNavButtons — breaks nav_bar.h's customize_for_screen ("after a customize_for_screen
 * with other nav items, release the buttons you no longer show and make the new ones"): it
 * makes its navigation buttons once, in init, so every screen shows the first screen's buttons.
 * Expected: the walk through screens finds Home's buttons on Shows, nothing else. */
#include <plugboard.h>

#define CORPUS_PLUGIN_ID "broken_stale_nav_buttons"
#define CORPUS_PLUGIN_NAME "Broken Stale Nav Buttons"
#define CORPUS_DESCRIPTION "keeps the first screen's navigation buttons"
#define CORPUS_KEEPS_FIRST_BUTTONS 1
#include "../Common/corpus_bar.h"
