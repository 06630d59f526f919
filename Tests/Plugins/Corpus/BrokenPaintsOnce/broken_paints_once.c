/* BrokenPaintsOnce — breaks nav_bar.h's call order ("each time what the bar shows changes
 * customize_for_screen"): it applies the first screen's colours and never again, so every
 * screen after it shows the first one's background.
 * Expected: the walk through screens finds Home's colour on Shows, nothing else. */
#include <plugboard.h>

#define CORPUS_PLUGIN_ID "broken_paints_once"
#define CORPUS_PLUGIN_NAME "Broken Paints Once"
#define CORPUS_DESCRIPTION "applies only the first customization"
#define CORPUS_PAINTS_ONCE 1
#include "../Common/corpus_bar.h"
