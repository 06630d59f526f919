/* BrokenPlacementCrash — breaks ext/placement.h's place_nav_bar (put the bar in the tree and
 * return): it writes through a NULL pointer (SIGSEGV). Expected: a crash in place_nav_bar. */
#include <plugboard.h>

#define CORPUS_PLUGIN_ID "broken_placement_crash"
#define CORPUS_PLUGIN_NAME "Broken Placement Crash"
#define CORPUS_DESCRIPTION "place_nav_bar crashes (SIGSEGV)"
#define CORPUS_ON_PLACE_NAV_BAR(state, bar_view, placement) corpus_write_through_null()
#include "../Common/corpus_root.h"
