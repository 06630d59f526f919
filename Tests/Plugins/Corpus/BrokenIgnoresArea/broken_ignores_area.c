/* BrokenIgnoresArea — breaks ext/placement.h's place_nav_bar_in ("the area the bar belongs in"):
 * it answers the ABI 1.3 call and frames the bar at the top of its view anyway, so the bar's
 * buttons sit under the status bar. Expected: the bar outside the host's area, nothing else. */
#include <plugboard.h>

#define CORPUS_PLUGIN_ID "broken_ignores_area"
#define CORPUS_PLUGIN_NAME "Broken Ignores Area"
#define CORPUS_DESCRIPTION "place_nav_bar_in ignores the area"
#define CORPUS_ROOT_TAKES_AREA 1
#include "../Common/corpus_root.h"
